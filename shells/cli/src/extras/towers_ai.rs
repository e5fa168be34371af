//! `stackyard towers solve` and the other AI-backed Towers commands,
//! kept apart from the rules commands in `towers.rs`.

use super::towers_args::{self as args, Board, Variants};
use super::towers_reply::Reply;
use crate::failure::Failure;
use crate::outln;
use clap::Subcommand;
use stackyard_core::Seed;
use stackyard_search::Solver;
use stackyard_towers::Position;
use stackyard_towers::ai::{
    Board as AiBoard, FEATURE_NAMES, Player, PlayerSpec, Rules, board_from_position, rules_of,
    to_engine_move, tune,
};
use std::io::Write;
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
        } => solve(
            board,
            variant,
            tt_bits,
            usize::from(threads),
            time_limit,
            guess,
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

fn solve(
    board: Board,
    variant: Variants,
    tt_bits: u32,
    threads: usize,
    limit: Option<Duration>,
    guess: i32,
) -> Result<(), Failure> {
    let (cols, rows, rules) = setup(board, variant)?;
    let variant = variant.on(board).map_err(Failure::bad_input)?;
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
    let rate = |nodes: u64, secs: f64| nodes as f64 / secs.max(1e-9) / 1e6;
    match solver.try_solve(&start) {
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
