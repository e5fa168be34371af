//! `stackyard towers …`: Towers (Dale Emery): perft, replay, play.
//! The AI-backed commands (`solve`) live in `towers_ai.rs`.

use crate::failure::Failure;
use crate::towers_ai;
use clap::Subcommand;
use rand::RngExt;
use stackyard_core::Seed;
use stackyard_towers::notation::{parse_move, parse_record};
use stackyard_towers::{Color, Move, Position, Status, Variant, parse_board, perft};
use std::io::{BufRead, Read, Write};

/// The `towers` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the move sequences of a given length from the start (last line
    /// of output: the count).
    Perft {
        /// Board size, COLSxROWS, 2x2..26x26 (T1).
        #[arg(long, default_value = "8x8")]
        board: String,
        /// Variants joined by `+`: sprawl, infrastructure[:N], capture, suburbs (T20).
        #[arg(long, default_value = "")]
        variant: String,
        /// Number of plies.
        #[arg(long)]
        depth: u32,
    },
    /// Read a move list in T5 notation from standard input; print the final
    /// board and, last, `black B white W`.
    Replay {
        /// Board size, COLSxROWS, 2x2..26x26 (T1).
        #[arg(long, default_value = "8x8")]
        board: String,
        /// Variants joined by `+`: sprawl, infrastructure[:N], capture, suburbs (T20).
        #[arg(long, default_value = "")]
        variant: String,
    },
    /// Play a game against the computer in the terminal.
    Play {
        /// The opponent: random, greedy, or an AI with a budget:
        /// alphabeta:2s, mcts:1s, alphabeta:n20000 (nodes), alphabeta:d6 (depth).
        #[arg(long, default_value = "greedy")]
        ai: String,
        /// Seed for the opponent's choices.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Board size, COLSxROWS, 2x2..26x26 (T1).
        #[arg(long, default_value = "8x8")]
        board: String,
        /// Variants joined by `+`: sprawl, infrastructure[:N], capture, suburbs (T20).
        #[arg(long, default_value = "")]
        variant: String,
        /// The colour you play (Black moves first).
        #[arg(long, default_value = "black")]
        color: String,
        /// Show the AI's evaluation and principal variation after each of its moves.
        #[arg(long)]
        show_eval: bool,
    },
    /// Commands backed by the AI crate.
    #[command(flatten)]
    Ai(towers_ai::Command),
    /// A round robin between AI players, through the rules engine: every
    /// pair plays --games games, colours alternated, each pair of games from
    /// the same seeded random opening.
    Tournament(crate::tournament::TowersArgs),
}

/// Runs one `towers` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Perft {
            board,
            variant,
            depth,
        } => {
            let start = start(&board, &variant)?;
            println!("{}", perft(&start, depth));
            Ok(())
        }
        Command::Replay { board, variant } => replay(&board, &variant),
        Command::Play {
            ai,
            seed,
            board,
            variant,
            color,
            show_eval,
        } => {
            let you = match color.as_str() {
                "black" => Color::Black,
                "white" => Color::White,
                other => {
                    return Err(Failure::bad_input(format!(
                        "--color {other:?}: expected black or white"
                    )));
                }
            };
            let position = start(&board, &variant)?;
            let opponent = if show_eval {
                towers_ai::opponent(&ai, Seed(seed), true)?
            } else {
                opponent(&ai, Seed(seed))?
            };
            play(position, you, opponent)
        }
        Command::Ai(command) => towers_ai::run(command),
        Command::Tournament(args) => crate::tournament::towers(args),
    }
}

/// The start position for `--board` and `--variant`.
fn start(board: &str, variant: &str) -> Result<Position, Failure> {
    let (cols, rows) = parse_board(board).map_err(Failure::bad_input)?;
    let v = Variant::with_variants(cols, rows, variant).map_err(Failure::bad_input)?;
    Position::new(v).map_err(Failure::bad_input)
}

fn replay(board: &str, variant: &str) -> Result<(), Failure> {
    let mut position = start(board, variant)?;
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text)?;
    let moves =
        parse_record(&text).map_err(|(n, e)| Failure::bad_input(format!("move {n}: {e}")))?;
    for (n, m) in moves.into_iter().enumerate() {
        position
            .play(m)
            .map_err(|e| Failure::bad_input(format!("move {} ({m}) is illegal: {e}", n + 1)))?;
    }
    let [b, w] = position.scores();
    print!("{position}");
    println!("black {b} white {w}");
    Ok(())
}

/// A computer player: picks a move for the side to move.
pub type Opponent = Box<dyn FnMut(&Position) -> Move>;

/// The computer opponent named by `spec` (`random`, `greedy`).
pub fn opponent(spec: &str, seed: Seed) -> Result<Opponent, Failure> {
    let mut rng = seed.rng("towers opponent");
    match spec {
        "random" => Ok(Box::new(move |p: &Position| {
            let moves = p.legal_moves();
            moves[rng.random_range(0..moves.len())]
        })),
        // The move that leaves the best score difference for the mover,
        // ties broken at random.
        "greedy" => Ok(Box::new(move |p: &Position| {
            let me = p.turn();
            let mut best = Vec::new();
            let mut best_value = i64::MIN;
            for m in p.legal_moves() {
                let mut child = p.clone();
                child.play_unchecked(m);
                let value = i64::from(child.score(me)) - i64::from(child.score(me.other()));
                if value > best_value {
                    best_value = value;
                    best.clear();
                }
                if value == best_value {
                    best.push(m);
                }
            }
            best[rng.random_range(0..best.len())]
        })),
        // AI specs (alphabeta:2s, mcts:1s, ...) come from the AI crate.
        other => towers_ai::opponent(other, seed, false),
    }
}

const HELP: &str = "Type a move in T5 notation: c3-c5 moves the tower on c3 to c5 \
(exactly as many blocks as it is high, onto another tower), +c3 places a floor (Sprawl), \
*c3 places a utility (Infrastructure), pass only when you have no move. \
Commands: moves (list your legal moves), help, quit.";

fn show(position: &Position) {
    let [b, w] = position.scores();
    print!("{position}");
    println!("black {b} white {w}");
}

fn list(position: &Position) {
    let moves: Vec<String> = position.legal_moves().iter().map(Move::to_string).collect();
    println!("legal moves ({}): {}", moves.len(), moves.join(" "));
}

fn play(mut position: Position, you: Color, mut opponent: Opponent) -> Result<(), Failure> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("You play {}. {HELP}", you.name());
    let mut redraw = true;
    loop {
        match position.status() {
            Status::Over => {
                show(&position);
                let [b, w] = position.scores();
                let mine = if you == Color::Black { b } else { w };
                let theirs = if you == Color::Black { w } else { b };
                let verdict = match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => "you win",
                    std::cmp::Ordering::Less => "the computer wins",
                    std::cmp::Ordering::Equal => "a draw",
                };
                println!("game over: {verdict}");
                return Ok(());
            }
            Status::MustPass => {
                let who = if position.turn() == you {
                    "you"
                } else {
                    "the computer"
                };
                println!(
                    "{} has no legal move: {who} pass(es) (T10)",
                    position.turn().name()
                );
                position.pass_unchecked();
                continue;
            }
            Status::Ongoing => {}
        }
        if position.turn() != you {
            let m = opponent(&position);
            position.play(m).map_err(|e| {
                Failure::other(format!("the computer chose an illegal move {m}: {e}"))
            })?;
            println!("computer ({}) plays {m}", you.other().name());
            redraw = true;
            continue;
        }
        if redraw {
            show(&position);
            list(&position);
            redraw = false;
        }
        print!("{} to move> ", you.name());
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            println!();
            println!("end of input: game abandoned");
            return Ok(());
        };
        let line = line?;
        match line.trim() {
            "" => continue,
            "quit" | "exit" => {
                println!("game abandoned");
                return Ok(());
            }
            "help" => println!("{HELP}"),
            "moves" => list(&position),
            text => match parse_move(text) {
                Err(e) => println!("{e}"),
                Ok(m) => match position.play(m) {
                    Ok(()) => {
                        println!("you play {m}");
                        redraw = true;
                    }
                    Err(e) => println!("illegal move {m}: {e}"),
                },
            },
        }
    }
}
