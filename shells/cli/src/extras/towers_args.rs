//! Towers' option values, parsed once by clap: board sizes, variants, AI
//! players and their budgets, the terminal opponent, search time limits.

use crate::args::{cut, cut_words, seconds};
use stackyard_search::Budget;
use stackyard_towers::ai::PlayerSpec;
use stackyard_towers::{SIDES, Variant};
use std::time::Duration;

/// A Towers board size, COLSxROWS, each side 2..=26 (T1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// Columns.
    pub cols: u8,
    /// Rows.
    pub rows: u8,
}

impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.cols, self.rows)
    }
}

/// Parses `--board`: `8x8`, sides 2..=26 (T1).
pub fn board(text: &str) -> Result<Board, String> {
    let bad = || format!("{:?} is not COLSxROWS like 8x8 (T1)", cut(text));
    let (c, r) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| -> Result<u8, String> {
        if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let n: u16 = s.parse().map_err(|_| bad())?;
        u8::try_from(n)
            .ok()
            .filter(|v| SIDES.contains(v))
            .ok_or_else(|| {
                format!(
                    "a side of {n} blocks: boards go from 2x2 to 26x26 (T1), not {}",
                    cut(text)
                )
            })
    };
    Ok(Board {
        cols: side(c)?,
        rows: side(r)?,
    })
}

/// The Towers variants (T20), parsed but not yet put on a board (the
/// default utility count and its checks depend on the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Variants {
    sprawl: bool,
    /// `Some(None)`: infrastructure with the board's default count.
    infrastructure: Option<Option<u16>>,
    capture: bool,
    suburbs: bool,
}

/// Parses `--variant`: names joined by `+` (`sprawl`, `infrastructure[:N]`,
/// `capture`, `suburbs`; `standard` or empty for none).
pub fn variants(text: &str) -> Result<Variants, String> {
    let mut v = Variants::default();
    for part in text.trim().split('+').filter(|p| !p.is_empty()) {
        let (name, arg) = match part.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (part, None),
        };
        let flag = match name {
            "standard" | "downtown" => None,
            "sprawl" => Some(&mut v.sprawl),
            "capture" => Some(&mut v.capture),
            "suburbs" => Some(&mut v.suburbs),
            "infrastructure" => {
                let n = match arg {
                    None => None,
                    Some(a) => Some(a.parse::<u16>().ok().filter(|&n| n >= 1).ok_or_else(
                        || {
                            format!(
                                "infrastructure:{}: the utility count must be a number 1..=676 (T18)",
                                cut(a)
                            )
                        },
                    )?),
                };
                v.infrastructure = Some(n);
                continue;
            }
            other => {
                return Err(format!(
                    "unknown variant {:?} (T20: sprawl, infrastructure[:N], capture, suburbs)",
                    cut(other)
                ));
            }
        };
        if arg.is_some() {
            return Err(format!("variant {name} takes no argument (T20)"));
        }
        if let Some(f) = flag {
            *f = true;
        }
    }
    Ok(v)
}

impl Variants {
    /// The variant on `board`, checked (T1, T18).
    pub fn on(self, board: Board) -> Result<Variant, String> {
        let mut v = Variant::standard(board.cols, board.rows);
        v.sprawl = self.sprawl;
        v.capture = self.capture;
        v.suburbs = self.suburbs;
        v.infrastructure = self
            .infrastructure
            .map(|n| n.unwrap_or_else(|| Variant::default_utilities(board.cols, board.rows)));
        v.check().map_err(|e| e.to_string())?;
        Ok(v)
    }
}

/// The longest time an AI may think per move.
pub const MAX_THINK: Duration = Duration::from_secs(600);
/// MCTS keeps a tree that grows with its playouts: at most this many a move.
pub const MAX_PLAYOUTS: u64 = 2_000_000;
/// MCTS with a time budget grows its tree too: at most this long a move.
pub const MAX_MCTS_THINK: Duration = Duration::from_secs(60);
/// Alpha-beta's node budget (its table is fixed; nodes only cost time).
pub const MAX_NODES: u64 = 100_000_000_000;
/// Alpha-beta's nominal depth.
pub const MAX_DEPTH: u32 = 64;

/// Parses one AI player (`alphabeta:2s`, `mcts:n5000`, `random`) and checks
/// its budget against the bounds above.
pub fn player(text: &str) -> Result<PlayerSpec, String> {
    let spec: PlayerSpec = text.parse().map_err(|e| cut_words(&format!("{e}")))?;
    let too_big = |what: &str| Err(format!("{}: {what}", cut(text)));
    match spec {
        PlayerSpec::AlphaBeta(b) => match b {
            Budget::Time(d) if d > MAX_THINK => too_big("at most 600s a move"),
            Budget::Nodes(n) if n > MAX_NODES => too_big("at most n100000000000 nodes a move"),
            Budget::Depth(d) if d > MAX_DEPTH => too_big("at most depth d64"),
            _ => Ok(spec),
        },
        PlayerSpec::Mcts(b) => match b {
            Budget::Time(d) if d > MAX_MCTS_THINK => {
                too_big("MCTS thinks at most 60s a move (its tree grows with time)")
            }
            Budget::Nodes(n) if n > MAX_PLAYOUTS => {
                too_big("MCTS plays at most n2000000 playouts a move (its tree grows with them)")
            }
            Budget::Depth(d) if u64::from(d) * 1000 > MAX_PLAYOUTS => {
                too_big("MCTS reads dN as N×1000 playouts: at most d2000")
            }
            _ => Ok(spec),
        },
        PlayerSpec::Random => Ok(spec),
    }
}

/// The computer opponent of `towers play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    /// Uniformly random legal moves.
    Random,
    /// The move that leaves the best score difference now.
    Greedy,
    /// A search player (boards of at most 64 blocks).
    Ai(PlayerSpec),
}

impl std::fmt::Display for Opponent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Opponent::Random => f.write_str("random"),
            Opponent::Greedy => f.write_str("greedy"),
            Opponent::Ai(s) => write!(f, "{s}"),
        }
    }
}

/// Parses `--ai`: `random`, `greedy` or an AI player.
pub fn opponent(text: &str) -> Result<Opponent, String> {
    match text.trim() {
        "random" => Ok(Opponent::Random),
        "greedy" => Ok(Opponent::Greedy),
        other => player(other)
            .map(Opponent::Ai)
            .map_err(|e| format!("{e} (or random, greedy)")),
    }
}

/// The most players in one tournament.
pub const MAX_PLAYERS: usize = 16;

/// Parses `--players`: 2..=16 AI players, comma separated.
pub fn players(text: &str) -> Result<Players, String> {
    let list: Vec<PlayerSpec> = text
        .split(',')
        .take(MAX_PLAYERS + 1)
        .map(player)
        .collect::<Result<_, _>>()?;
    if list.len() < 2 || list.len() > MAX_PLAYERS {
        return Err(format!(
            "{} players: a tournament needs 2 to {MAX_PLAYERS}, comma separated",
            if list.len() > MAX_PLAYERS {
                "more than 16".to_string()
            } else {
                list.len().to_string()
            }
        ));
    }
    Ok(Players(list))
}

/// A checked list of tournament players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Players(pub Vec<PlayerSpec>);

/// Parses `towers solve --time-limit`: (0, 86400] seconds.
pub fn solve_time(text: &str) -> Result<Duration, String> {
    seconds(text, 86_400.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards() {
        assert_eq!(board("8x8"), Ok(Board { cols: 8, rows: 8 }));
        assert_eq!(board("26X2"), Ok(Board { cols: 26, rows: 2 }));
        for bad in [
            "0x0", "1x8", "27x27", "999x9", "x", "", "8x", "-1x8", "8x8x8",
        ] {
            assert!(board(bad).is_err(), "{bad}");
        }
        let long = "9".repeat(10_000);
        assert!(board(&format!("{long}x8")).unwrap_err().len() < 200);
    }

    #[test]
    fn variant_lists() {
        let b = Board { cols: 4, rows: 4 };
        assert!(variants("capture+suburbs").unwrap().on(b).unwrap().capture);
        assert_eq!(
            variants("infrastructure")
                .unwrap()
                .on(b)
                .unwrap()
                .infrastructure,
            Some(4)
        );
        assert!(variants("infrastructure:3").unwrap().on(b).is_err());
        assert!(variants("infrastructure:0").is_err());
        assert!(variants("infrastructure:99999999").is_err());
        assert!(variants("capture:1").is_err());
        assert!(variants("nope").is_err());
    }

    #[test]
    fn budgets_are_bounded() {
        assert!(player("alphabeta:2s").is_ok());
        assert!(player("alphabeta:d64").is_ok());
        assert!(player("alphabeta:d65").is_err());
        assert!(player("alphabeta:d4294967295").is_err());
        assert!(player("mcts:n2000000").is_ok());
        assert!(player("mcts:n2000001").is_err());
        assert!(player("mcts:d4294967295").is_err());
        assert!(player("alphabeta:601s").is_err());
        assert!(players("random").is_err());
        assert!(players(&vec!["random"; 17].join(",")).is_err());
        assert!(players(&vec!["random"; 16].join(",")).is_ok());
    }
}
