//! `stackyard towers solve` and the other AI-backed Towers commands,
//! kept apart from the rules commands in `towers.rs`.

use super::towers_args::{self as args, Board, Variants};
use super::towers_reply::Reply;
use crate::failure::Failure;
use crate::outln;
use clap::Subcommand;
use stackyard_core::Seed;
use stackyard_search::checkpoint::{read_state, write_state};
use stackyard_search::{SolveState, Solver};
use stackyard_towers::Position;
use stackyard_towers::ai::{
    Board as AiBoard, FEATURE_NAMES, Player, PlayerSpec, Rules, board_from_position, rules_of,
    to_engine_move, tune,
};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The AI-backed `towers` subcommands, flattened into `towers::Command`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve a small board exactly: the final margin (Black's floors minus
    /// White's) under perfect play, and the best first moves.
    Solve {
        /// Board size, COLSxROWS (at most 64 blocks).
        #[arg(long, default_value = "4x4", value_parser = args::board)]
        board: Board,
        /// Variants joined by `+`: capture, suburbs, sprawl, infrastructure[:N].
        #[arg(long, default_value = "standard", value_parser = args::variants)]
        variant: Variants,
        /// Transposition table size: 2^BITS entries of 16 bytes, 10..=28
        /// (28 is 4 GiB).
        #[arg(long, default_value_t = 22, value_parser = clap::value_parser!(u32).range(10..=28))]
        tt_bits: u32,
        /// Threads sharing the table, 1..=64; the value and best moves do
        /// not depend on it.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
        /// Stop after this many seconds (at most 86400) and print the
        /// bounds proved so far.
        #[arg(long, value_parser = args::solve_time)]
        time_limit: Option<Duration>,
        /// First guess at the value (Black minus White), -10000..=10000:
        /// the first search proves "value >= GUESS" or "value < GUESS".
        #[arg(long, default_value_t = 0, allow_negative_numbers = true,
              value_parser = clap::value_parser!(i32).range(-10_000..=10_000))]
        guess: i32,
        /// Keep the solve's progress in FILE, to run it in pieces: when FILE
        /// exists the solve goes on from it (same board and variants only),
        /// and it is rewritten every --checkpoint-every seconds and when the
        /// solve stops.
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<std::path::PathBuf>,
        /// Seconds between checkpoints (at most 86400).
        #[arg(long, default_value = "600", value_parser = args::solve_time, requires = "checkpoint")]
        checkpoint_every: Duration,
    },
    /// Fit the evaluation weights by logistic regression on self-play
    /// outcomes; prints the weights as the Rust constant to check in.
    Tune {
        /// Self-play games, 1..=20000 (their positions are kept in memory
        /// for the fit: about 5 kB a game on 8x8).
        #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..=20_000))]
        games: u32,
        /// Seed of the self-play games.
        #[arg(long, default_value_t = 1, value_parser = crate::args::seed())]
        seed: u64,
        /// Board size (at most 64 blocks).
        #[arg(long, default_value = "8x8", value_parser = args::board)]
        board: Board,
        /// Variants joined by `+`.
        #[arg(long, default_value = "standard", value_parser = args::variants)]
        variant: Variants,
    },
}

/// The search setup for a board and variants: boards over 64 blocks are
/// bad input.
fn setup(board: Board, variant: Variants) -> Result<(u8, u8, Rules), Failure> {
    let v = variant.on(board).map_err(Failure::bad_input)?;
    let rules = rules_of(&v).map_err(|e| Failure::bad_input(format!("--board {board}: {e}")))?;
    AiBoard::new(v.cols, v.rows, rules).map_err(Failure::bad_input)?;
    Ok((v.cols, v.rows, rules))
}

/// Runs one AI-backed `towers` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Solve {
            board,
            variant,
            tt_bits,
            threads,
            time_limit,
            guess,
            checkpoint,
            checkpoint_every,
        } => solve(
            board,
            variant,
            Run {
                tt_bits,
                threads: usize::from(threads),
                limit: time_limit,
                guess,
                checkpoint: checkpoint.map(|path| (path, checkpoint_every)),
            },
        ),
        Command::Tune {
            games,
            seed,
            board,
            variant,
        } => {
            let (cols, rows, rules) = setup(board, variant)?;
            let r = tune(cols, rows, rules, games as usize, seed);
            outln!(
                "games {} (Black {} / draws {} / White {}), positions {}",
                r.games,
                r.results[0],
                r.results[1],
                r.results[2],
                r.positions
            )?;
            outln!(
                "log-loss {:.4} (constant model {:.4})",
                r.log_loss,
                r.baseline_log_loss
            )?;
            for (name, w) in FEATURE_NAMES.iter().zip(r.weights.0) {
                outln!("  {name:<10} {w:>9.4}")?;
            }
            outln!("pub const TUNED: Weights = Weights({:?});", r.weights.0)
        }
    }
}

/// How `towers solve` runs: table, threads, limit, first guess, and the
/// checkpoint file with its interval.
struct Run {
    tt_bits: u32,
    threads: usize,
    limit: Option<Duration>,
    guess: i32,
    checkpoint: Option<(PathBuf, Duration)>,
}

/// The checkpoint at `path`, if there is one: a file that is not this
/// solve's checkpoint is refused, and left as it is.
fn read_checkpoint(path: &Path, identity: &str) -> Result<Option<SolveState>, Failure> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(Failure::bad_input(format!(
                "--checkpoint {}: {e}",
                path.display()
            )));
        }
    };
    read_state(std::io::BufReader::new(file), identity)
        .map(Some)
        .map_err(|e| Failure::bad_input(format!("--checkpoint {}: {e}", path.display())))
}

/// Writes the checkpoint whole or not at all: into a file beside it,
/// then renamed over it, so a solve killed while writing keeps the last.
fn write_checkpoint(path: &Path, identity: &str, state: &SolveState) -> std::io::Result<()> {
    let mut part = path.as_os_str().to_owned();
    part.push(".part");
    let part = PathBuf::from(part);
    let file = std::fs::File::create(&part)?;
    let mut w = std::io::BufWriter::new(file);
    write_state(&mut w, identity, state)?;
    w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    std::fs::rename(&part, path)
}

fn solve(board: Board, variant: Variants, run: Run) -> Result<(), Failure> {
    let Run {
        tt_bits,
        threads,
        limit,
        guess,
        checkpoint,
    } = run;
    let (cols, rows, rules) = setup(board, variant)?;
    let variant = variant.on(board).map_err(Failure::bad_input)?;
    let identity = format!("towers solve {variant}");
    let resumed = match &checkpoint {
        Some((path, _)) => read_checkpoint(path, &identity)?,
        None => None,
    };
    let start = AiBoard::new(cols, rows, rules).map_err(Failure::bad_input)?;
    // T7: Black moves first; T17/T18 placements may start with White.
    let first = if start.side_to_move() == stackyard_towers::ai::BLACK {
        "Black"
    } else {
        "White"
    };
    outln!(
        "solving {variant}, {first} to play first, {threads} thread(s); \
         value = Black minus White"
    )?;
    let mut solver = Solver::<AiBoard>::new(tt_bits)
        .threads(threads)
        .first_guess(guess)
        .on_progress(1 << 24, |p| {
            let _ = writeln!(
                std::io::stderr().lock(),
                "  … {:.1} M nodes, {:.1} s, value in [{}, {}], root moves done {}/{}",
                p.nodes as f64 / 1e6,
                p.elapsed.as_secs_f64(),
                bound(p.lower),
                bound(p.upper),
                p.root_moves.0,
                p.root_moves.1
            );
        });
    if let Some(d) = limit {
        solver = solver.time_limit(d);
    }
    if let Some((path, every)) = &checkpoint {
        let (path, name) = (path.clone(), identity.clone());
        solver = solver.on_checkpoint(*every, move |state| {
            if let Err(e) = write_checkpoint(&path, &name, state) {
                let _ = writeln!(
                    std::io::stderr().lock(),
                    "  could not write the checkpoint {}: {e}",
                    path.display()
                );
            }
        });
    }
    if let Some(state) = resumed {
        outln!(
            "going on from {}: value in [{}, {}], {} nodes in {:.1} s before{}",
            checkpoint
                .as_ref()
                .map_or(String::new(), |(p, _)| p.display().to_string()),
            bound(state.lower),
            bound(state.upper),
            state.nodes,
            state.elapsed.as_secs_f64(),
            if guess != 0 {
                " (--guess is the checkpoint's)"
            } else {
                ""
            }
        )?;
        solver.resume(state);
    }
    let rate = |nodes: u64, secs: f64| nodes as f64 / secs.max(1e-9) / 1e6;
    let result = solver.try_solve(&start);
    if let Some((path, _)) = &checkpoint {
        write_checkpoint(path, &identity, &solver.state()).map_err(|e| {
            Failure::other(format!(
                "could not write the checkpoint {}: {e}",
                path.display()
            ))
        })?;
        outln!("checkpoint written to {}", path.display())?;
    }
    match result {
        Ok(s) => {
            let secs = s.elapsed.as_secs_f64();
            outln!(
                "nodes {} in {:.3} s ({:.2} M nodes/s)",
                s.nodes,
                secs,
                rate(s.nodes, secs)
            )?;
            let names: Vec<String> = s.best.iter().map(|&m| start.move_name(m)).collect();
            outln!("best {}", names.join(" "))?;
            outln!("value {}", s.value)?;
            Ok(())
        }
        Err(u) => {
            let secs = u.elapsed.as_secs_f64();
            outln!(
                "nodes {} in {:.3} s ({:.2} M nodes/s)",
                u.nodes,
                secs,
                rate(u.nodes, secs)
            )?;
            if u.lower == u.upper {
                outln!("value {} (best first moves not all checked)", u.lower)?;
            }
            outln!(
                "time limit reached: value in [{}, {}]",
                bound(u.lower),
                bound(u.upper)
            )?;
            Ok(())
        }
    }
}

/// A bound for printing: `?` for "none yet".
fn bound(v: i32) -> String {
    if v.abs() > 1_000_000 {
        "?".to_string()
    } else {
        v.to_string()
    }
}

/// An AI opponent for `towers play --ai SPEC` (`alphabeta:2s`,
/// `mcts:1s`, `alphabeta:n20000`).
pub struct AiOpponent {
    player: Player,
    spec: PlayerSpec,
    show: bool,
}

impl AiOpponent {
    /// The AI for `spec`; a board it cannot search (over 64 blocks) is
    /// refused here, before the game starts.
    pub fn new(
        spec: PlayerSpec,
        seed: Seed,
        start: &Position,
        show: bool,
    ) -> Result<Self, Failure> {
        board_from_position(start).map_err(|e| {
            Failure::bad_input(format!(
                "--ai {spec}: {e}; play this board against --ai greedy or --ai random"
            ))
        })?;
        Ok(AiOpponent {
            player: Player::new(spec, seed.0, 2),
            spec,
            show,
        })
    }

    /// The AI's move for the side to move and, with `show`, what it
    /// thinks of the game in words.
    pub fn choose(&mut self, p: &Position) -> Result<Reply, Failure> {
        let board = board_from_position(p).map_err(|e| Failure::other(format!("internal: {e}")))?;
        let choice = self
            .player
            .choose(&board)
            .ok_or_else(|| Failure::other("internal: the AI found no move in a game still on"))?;
        let eval = self
            .show
            .then(|| stackyard_tui::towers_advice::describe(&board, self.spec, &choice, p.turn()));
        Ok(Reply {
            mv: to_engine_move(&board, choice.mv),
            eval,
        })
    }
}
