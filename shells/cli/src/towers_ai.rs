//! `stackyard towers solve` and the other AI-backed Towers commands,
//! kept apart from the rules commands in `towers.rs`.

use crate::failure::Failure;
use clap::Subcommand;
use stackyard_core::Seed;
use stackyard_search::{Solver, WIN};
use stackyard_towers::ai::{
    Board, FEATURE_NAMES, Player, PlayerSpec, board_from_position, parse_setup, to_engine_move,
    tune,
};
use stackyard_towers::{Move, Position};
use std::io::Write;
use std::time::Duration;

/// The AI-backed `towers` subcommands, flattened into `towers::Command`.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve a small board exactly: the final margin (Black's floors minus
    /// White's) under perfect play, and the best first moves.
    Solve {
        /// Board size, COLSxROWS (at most 64 blocks).
        #[arg(long, default_value = "4x4")]
        board: String,
        /// Variants joined by `+`: capture, suburbs, sprawl, infrastructure[:N].
        #[arg(long, default_value = "standard")]
        variant: String,
        /// Transposition table size: 2^BITS entries (16 bytes each).
        #[arg(long, default_value_t = 22)]
        tt_bits: u32,
        /// Threads sharing the table; the value and best moves do not
        /// depend on it.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Stop after this many seconds and print the bounds proved so far.
        #[arg(long)]
        time_limit: Option<f64>,
        /// First guess at the value (Black minus White): the first search
        /// proves "value >= GUESS" or "value < GUESS".
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        guess: i32,
    },
    /// Fit the evaluation weights by logistic regression on self-play
    /// outcomes; prints the weights as the Rust constant to check in.
    Tune {
        /// Self-play games.
        #[arg(long, default_value_t = 400)]
        games: usize,
        /// Seed of the self-play games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Board size.
        #[arg(long, default_value = "8x8")]
        board: String,
        /// Variants joined by `+`.
        #[arg(long, default_value = "standard")]
        variant: String,
    },
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
        } => solve(&board, &variant, tt_bits, threads, time_limit, guess),
        Command::Tune {
            games,
            seed,
            board,
            variant,
        } => {
            let (cols, rows, rules) = parse_setup(&board, &variant).map_err(Failure::bad_input)?;
            if games == 0 {
                return Err(Failure::bad_input("--games must be at least 1"));
            }
            let r = tune(cols, rows, rules, games, seed);
            println!(
                "games {} (Black {} / draws {} / White {}), positions {}",
                r.games, r.results[0], r.results[1], r.results[2], r.positions
            );
            println!(
                "log-loss {:.4} (constant model {:.4})",
                r.log_loss, r.baseline_log_loss
            );
            for (name, w) in FEATURE_NAMES.iter().zip(r.weights.0) {
                println!("  {name:<10} {w:>9.4}");
            }
            println!("pub const TUNED: Weights = Weights({:?});", r.weights.0);
            Ok(())
        }
    }
}

fn solve(
    board: &str,
    variant: &str,
    tt_bits: u32,
    threads: usize,
    time_limit: Option<f64>,
    guess: i32,
) -> Result<(), Failure> {
    let (cols, rows, rules) = parse_setup(board, variant).map_err(Failure::bad_input)?;
    if !(10..=30).contains(&tt_bits) {
        return Err(Failure::bad_input("--tt-bits must be between 10 and 30"));
    }
    if !(1..=64).contains(&threads) {
        return Err(Failure::bad_input("--threads must be between 1 and 64"));
    }
    let limit = match time_limit {
        None => None,
        Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(Failure::bad_input(format!(
                "--time-limit must be a positive number of seconds, not {t}"
            )));
        }
    };
    let start = Board::new(cols, rows, rules).map_err(Failure::bad_input)?;
    // T7: Black moves first; T17/T18 placements may start with White.
    let first = if start.side_to_move() == stackyard_towers::ai::BLACK {
        "Black"
    } else {
        "White"
    };
    println!(
        "solving {cols}x{rows} ({variant}), {first} to play first, {threads} thread(s); \
         value = Black minus White"
    );
    let _ = std::io::stdout().flush();
    let mut solver = Solver::<Board>::new(tt_bits)
        .threads(threads)
        .first_guess(guess)
        .on_progress(1 << 24, |p| {
            eprintln!(
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
            println!(
                "nodes {} in {:.3} s ({:.2} M nodes/s)",
                s.nodes,
                secs,
                rate(s.nodes, secs)
            );
            let names: Vec<String> = s.best.iter().map(|&m| start.move_name(m)).collect();
            println!("best {}", names.join(" "));
            println!("value {}", s.value);
            Ok(())
        }
        Err(u) => {
            let secs = u.elapsed.as_secs_f64();
            println!(
                "nodes {} in {:.3} s ({:.2} M nodes/s)",
                u.nodes,
                secs,
                rate(u.nodes, secs)
            );
            if u.lower == u.upper {
                println!("value {} (best first moves not all checked)", u.lower);
            }
            println!(
                "time limit reached: value in [{}, {}]",
                bound(u.lower),
                bound(u.upper)
            );
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

/// A move chooser for the side to move.
pub type Opponent = Box<dyn FnMut(&Position) -> Move>;

/// The AI opponent for `towers play --ai SPEC` (`alphabeta:2s`,
/// `mcts:1s`, `alphabeta:n20000`): a closure that picks a move for the side
/// to move and, with `show`, prints its evaluation and principal variation.
pub fn opponent(spec: &str, seed: Seed, show: bool) -> Result<Opponent, Failure> {
    let spec: PlayerSpec = spec
        .parse()
        .map_err(|e| Failure::bad_input(format!("unknown opponent: {e}, or greedy")))?;
    let mut player = Player::new(spec, seed.0, 2);
    Ok(Box::new(move |p: &Position| {
        let fallback = || p.legal_moves().first().copied().unwrap_or(Move::Pass);
        let Ok(board) = board_from_position(p) else {
            // Boards beyond the AI's 64 blocks: play the first legal move.
            return fallback();
        };
        let Some(choice) = player.choose(&board) else {
            return fallback();
        };
        if show {
            println!("{}", describe(&board, spec, &choice));
        }
        to_engine_move(&board, choice.mv)
    }))
}

/// One line on what the AI thinks of its move.
fn describe(board: &Board, spec: PlayerSpec, c: &stackyard_towers::ai::Choice) -> String {
    let mut pv_board = board.clone();
    let mut pv = Vec::new();
    for &m in &c.pv {
        if !pv_board.is_legal(m) {
            break;
        }
        pv.push(pv_board.move_name(m));
        pv_board = pv_board.play(m);
    }
    let verdict = match spec {
        PlayerSpec::Mcts(_) => format!(
            "expected result {:.1}% for the mover",
            f64::from(c.score) / 10.0
        ),
        _ if c.score > WIN / 2 => format!("wins by {} (proved)", c.score - WIN),
        _ if c.score < -WIN / 2 => format!("loses by {} (proved)", -(c.score + WIN)),
        _ => format!(
            "eval {:+.2} (log-odds that the mover wins)",
            f64::from(c.score) / 100.0
        ),
    };
    format!(
        "AI {spec}: {verdict}, depth {}, {} nodes; pv {}",
        c.depth,
        c.nodes,
        pv.join(" ")
    )
}
