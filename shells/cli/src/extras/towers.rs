//! `stackyard towers …`: Towers (Dale Emery): perft, replay-notation, play
//! (`rules`, `replay` of a record and `sim` are every game's, `games.rs`).
//! The AI-backed commands (`solve`, `tune`) live in `towers_ai.rs`.

use super::towers_ai;
use super::towers_args::{self as args, Board, Opponent, Variants};
use super::towers_reply::Reply;
use crate::args::cut;
use crate::failure::Failure;
use crate::io::{Line, Paint, stdin_lines};
use crate::{out, outln};
use clap::{Subcommand, ValueEnum};
use stackyard_core::{Bot, Bots, Driver, GameTime, Seat, Seed, ToAct, Viewer};
use stackyard_towers::notation::parse_move;
use stackyard_towers::{Color, Event, Move, Position, Square, Status, perft};
use std::collections::BTreeMap;

/// Which colour the person plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// Black moves first.
    Black,
    /// White moves second.
    White,
}

/// The `towers` subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the move sequences of a given length from the start (last line
    /// of output: the count).
    Perft {
        /// Board size, COLSxROWS, 2x2..26x26 (T1).
        #[arg(long, default_value = "8x8", value_parser = args::board)]
        board: Board,
        /// Variants joined by `+`: sprawl, infrastructure[:N], capture, suburbs (T20).
        #[arg(long, default_value = "", value_parser = args::variants)]
        variant: Variants,
        /// Number of plies, 0..=16 (the count grows about 40-fold a ply on 8x8).
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=16))]
        depth: u32,
    },
    /// Read a move list in T5 notation from standard input; print the final
    /// board and, last, `black B white W`. (`replay` reads a JSON record.)
    ReplayNotation {
        /// Board size, COLSxROWS, 2x2..26x26 (T1).
        #[arg(long, default_value = "8x8", value_parser = args::board)]
        board: Board,
        /// Variants joined by `+`: sprawl, infrastructure[:N], capture, suburbs (T20).
        #[arg(long, default_value = "", value_parser = args::variants)]
        variant: Variants,
    },
    /// Play a game against the computer in the terminal.
    Play {
        /// The opponent: random, greedy, or an AI with a budget:
        /// alphabeta:2s, mcts:1s, alphabeta:n20000 (nodes), alphabeta:d6
        /// (depth). The AIs play boards of at most 64 blocks.
        #[arg(long, default_value = "greedy", value_parser = args::opponent)]
        ai: Opponent,
        /// Seed for the opponent's choices.
        #[arg(long, default_value_t = 0, value_parser = crate::args::seed())]
        seed: u64,
        /// Board size, COLSxROWS, 2x2..26x26 (T1).
        #[arg(long, default_value = "8x8", value_parser = args::board)]
        board: Board,
        /// Variants joined by `+`: sprawl, infrastructure[:N], capture, suburbs (T20).
        #[arg(long, default_value = "", value_parser = args::variants)]
        variant: Variants,
        /// The colour you play (Black moves first).
        #[arg(long, value_enum, default_value = "black")]
        color: Side,
        /// Show the AI's evaluation (in words) and principal variation
        /// after each of its moves.
        #[arg(long)]
        show_eval: bool,
    },
    /// Commands backed by the AI crate.
    #[command(flatten)]
    Ai(towers_ai::Command),
    /// A round robin between AI players, through the rules engine: every
    /// pair plays --games games, colours alternated, each pair of games from
    /// the same seeded random opening.
    Tournament(super::towers_tournament::TowersArgs),
}

/// Runs one `towers` subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Perft {
            board,
            variant,
            depth,
        } => {
            let start = start(board, variant)?;
            outln!("{}", perft(&start, depth))
        }
        Command::ReplayNotation { board, variant } => replay(board, variant),
        Command::Play {
            ai,
            seed,
            board,
            variant,
            color,
            show_eval,
        } => {
            let you = match color {
                Side::Black => Color::Black,
                Side::White => Color::White,
            };
            let position = start(board, variant)?;
            let computer = Computer::new(ai, Seed(seed), &position, show_eval)?;
            play(position, you, computer)
        }
        Command::Ai(command) => towers_ai::run(command),
        Command::Tournament(args) => super::towers_tournament::towers(args),
    }
}

/// The start position for `--board` and `--variant`.
pub fn start(board: Board, variants: Variants) -> Result<Position, Failure> {
    let v = variants.on(board).map_err(Failure::bad_input)?;
    Position::new(v).map_err(Failure::bad_input)
}

/// Replays moves read token by token from standard input (never the whole
/// input at once). On a bad move, standard output stays empty and the
/// message says which move, what it is and the rule it breaks, and shows
/// the board the good moves before it reached.
fn replay(board: Board, variant: Variants) -> Result<(), Failure> {
    let mut driver = Driver::<Position>::new(*start(board, variant)?.variant(), Seed(0))
        .map_err(Failure::bad_input)?;
    let mut lines = stdin_lines();
    let mut n = 0usize;
    let context = |position: &Position| {
        let [b, w] = position.scores();
        format!("\nthe board after the moves before it:\n{position}black {b} white {w}")
    };
    while let Some(line) = lines.next_line()? {
        let text = match line {
            Line::Text(t) => t,
            Line::NotUtf8 => {
                return Err(Failure::bad_input(format!(
                    "after move {n}: the input is not UTF-8 text{}",
                    context(driver.game())
                )));
            }
            Line::TooLong => {
                return Err(Failure::bad_input(format!(
                    "after move {n}: a line longer than {} bytes",
                    crate::io::MAX_LINE
                )));
            }
        };
        for token in text.split_whitespace() {
            n += 1;
            let m = parse_move(token).map_err(|e| {
                Failure::bad_input(format!("move {n}: {e}{}", context(driver.game())))
            })?;
            driver
                .act(seat_to_move(&driver), m, GameTime::ZERO)
                .map_err(|rejected| {
                    Failure::bad_input(format!(
                        "move {n} ({m}) is illegal: {}{}",
                        rejected.error,
                        context(driver.game())
                    ))
                })?;
        }
    }
    let position = driver.game();
    let [b, w] = position.scores();
    out!("{position}")?;
    outln!("black {b} white {w}")
}

/// The seat whose turn it is (Black's when the game is over: the rules
/// then answer that the game has ended, T11).
fn seat_to_move(driver: &Driver<Position>) -> Seat {
    match driver.to_act() {
        ToAct::Seat(seat) => seat,
        _ => Color::Black.seat(),
    }
}

/// The computer opponent of `towers play`: one of the game's own bots
/// (`random`, `greedy`), or a searching AI that can also say what it thinks.
pub struct Computer {
    kind: ComputerKind,
    name: String,
}

enum ComputerKind {
    Bot(Box<dyn Bot<Position>>),
    Ai(Box<towers_ai::AiOpponent>),
}

impl Computer {
    /// The computer for `--ai`; AIs refuse boards they cannot search.
    pub fn new(
        spec: Opponent,
        seed: Seed,
        start: &Position,
        show_eval: bool,
    ) -> Result<Computer, Failure> {
        let bot = |level: &str| -> Result<ComputerKind, Failure> {
            let seat = start.turn().other().seat();
            let bot =
                Position::bot(level, seat, seed, start.variant()).map_err(Failure::bad_input)?;
            Ok(ComputerKind::Bot(bot))
        };
        let kind = match spec {
            Opponent::Random => bot("random")?,
            Opponent::Greedy => bot("greedy")?,
            Opponent::Ai(p) => ComputerKind::Ai(Box::new(towers_ai::AiOpponent::new(
                p, seed, start, show_eval,
            )?)),
        };
        Ok(Computer {
            kind,
            name: spec.to_string(),
        })
    }

    /// Whether it searches (and so may take a while).
    pub fn thinks(&self) -> bool {
        matches!(self.kind, ComputerKind::Ai(_))
    }

    /// Picks a move for the side to move (there is one: the game is on),
    /// seeing the computer's seat's view.
    pub fn choose(&mut self, driver: &Driver<Position>) -> Result<Reply, Failure> {
        let seat = seat_to_move(driver);
        match &mut self.kind {
            ComputerKind::Bot(bot) => {
                let view = driver.view(Viewer::Seat(seat));
                let decision = bot.decide(&view, driver.now()).ok_or_else(|| {
                    Failure::other("internal: the computer was asked with no move")
                })?;
                Ok(Reply {
                    mv: decision.action,
                    eval: None,
                })
            }
            // Towers hides nothing: the searcher reads the position.
            ComputerKind::Ai(ai) => ai.choose(driver.game()),
        }
    }
}

const HELP: &str = "Type a move in T5 notation: c3-c5 moves the tower on c3 to c5 \
(exactly as many blocks as it is high, onto another tower), +c3 places a floor (Sprawl), \
*c3 places a utility (Infrastructure), pass only when you have no move. \
Upper or lower case. Commands: moves (list your legal moves), undo (take back your last move), \
help, quit.";

/// The board with the last move marked: `[B3]` where it landed, `( )`
/// where it came from; row 1 at the bottom.
fn board_text(p: &Position, last: Option<Move>, paint: Paint) -> String {
    let (cols, rows) = (p.cols(), p.rows());
    let (from, to) = match last {
        Some(Move::Step { from, to }) => (Some(from), Some(to)),
        Some(Move::Place(s) | Move::Utility(s)) => (None, Some(s)),
        _ => (None, None),
    };
    let mut s = String::new();
    for r in (0..rows).rev() {
        s.push_str(&format!("{:>2} ", r + 1));
        for c in 0..cols {
            let sq = Square::new(c as u8, r as u8);
            let t = p.cells()[r * cols + c];
            let cell = t.token();
            let cell = if Some(sq) == to {
                format!("[{cell}]")
            } else if Some(sq) == from {
                format!("({cell})")
            } else {
                cell
            };
            let padded = format!("{cell:>6}");
            let painted = if Some(sq) == to || Some(sq) == from {
                paint.yellow(&padded)
            } else if t.is_empty() {
                paint.dim(&padded)
            } else {
                padded
            };
            s.push_str(&painted);
        }
        s.push('\n');
    }
    s.push_str("   ");
    for c in 0..cols {
        s.push_str(&format!("{:>6}", char::from(b'a' + c as u8)));
    }
    s.push('\n');
    s
}

fn show(p: &Position, last: Option<Move>, paint: Paint) -> Result<(), Failure> {
    let [b, w] = p.scores();
    out!("{}", board_text(p, last, paint))?;
    let marks = if last.is_some() {
        "   ([ ] the last move landed here, ( ) it came from here)"
    } else {
        ""
    };
    outln!("black {b} white {w}{marks}")
}

/// The legal moves grouped by the tower that moves (`c3 → c5 d3`), then
/// placements; with many moves only a count and how to see them.
fn moves_text(p: &Position, all: bool) -> String {
    let moves = p.legal_moves();
    let n = moves.len();
    let mut steps: BTreeMap<(u8, u8), Vec<String>> = BTreeMap::new();
    let (mut places, mut utilities, mut pass) = (Vec::new(), Vec::new(), false);
    for m in &moves {
        match *m {
            // Rows first so the groups read like the board, bottom up.
            Move::Step { from, to } => steps
                .entry((from.row, from.col))
                .or_default()
                .push(to.to_string()),
            Move::Place(s) => places.push(s.to_string()),
            Move::Utility(s) => utilities.push(s.to_string()),
            Move::Pass => pass = true,
        }
    }
    if !all && n > 48 {
        return format!(
            "legal moves ({n}): towers that can move: {}; type moves to list them all",
            steps
                .keys()
                .map(|&(r, c)| Square::new(c, r).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    let mut groups: Vec<String> = steps
        .into_iter()
        .map(|((r, c), to)| format!("{} → {}", Square::new(c, r), to.join(" ")))
        .collect();
    if !places.is_empty() {
        groups.push(format!("place a floor (+): {}", places.join(" ")));
    }
    if !utilities.is_empty() {
        groups.push(format!("place a utility (*): {}", utilities.join(" ")));
    }
    if pass {
        groups.push("pass".into());
    }
    format!("legal moves ({n}): {}", groups.join(" | "))
}

/// What a move did, in words, from the engine's events: who moved, which
/// towers were demolished or flattened and why, captures, the end.
fn narrate(
    before: &Position,
    events: &[Event],
    you: Color,
    variant_capture: bool,
    paint: Paint,
) -> Vec<String> {
    let v = before.variant();
    let why = if v.infrastructure.is_some() {
        "not connected to a tallest tower or a utility (T13, T14)"
    } else {
        "not connected to a tallest tower (T13)"
    };
    let flat_why = if v.infrastructure.is_some() {
        "no longer joined to a tower with a utility (T19, T-3)"
    } else {
        "no longer joined to its town's tallest tower (T19)"
    };
    let mover = before.turn();
    let whose = |sq: Square| -> &'static str {
        match before.tower(sq).owner() {
            Some(c) if c == you => "your",
            Some(_) => "the computer's",
            None => "the",
        }
    };
    let mut lines = Vec::new();
    for e in events {
        match e {
            Event::Played { .. } | Event::Ended { .. } => {}
            Event::Demolished { squares, floors } => {
                for &sq in squares {
                    let t = before.tower(sq);
                    let line = format!(
                        "{} tower on {sq} ({} floor{}) was demolished: {}",
                        whose(sq),
                        t.height,
                        if t.height == 1 { "" } else { "s" },
                        why
                    );
                    lines.push(upper_first(&line));
                }
                if variant_capture {
                    let who = if mover == you {
                        "You capture"
                    } else {
                        "The computer captures"
                    };
                    lines.push(format!("{who} {floors} floor{} (T16)", plural(*floors)));
                }
            }
            Event::Flattened { squares, floors } => {
                for &sq in squares {
                    let line = format!(
                        "{} tower on {sq} was flattened to one floor: {flat_why}",
                        whose(sq)
                    );
                    lines.push(upper_first(&line));
                }
                if variant_capture {
                    let who = if mover == you {
                        "You capture"
                    } else {
                        "The computer captures"
                    };
                    lines.push(format!("{who} {floors} floor{} (T16)", plural(*floors)));
                }
            }
        }
    }
    lines.into_iter().map(|l| paint.red(&l)).collect()
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// One game between the person (standard input) and the computer.
fn play(start: Position, you: Color, mut computer: Computer) -> Result<(), Failure> {
    let paint = Paint::detect();
    let mut lines = stdin_lines();
    let capture = start.variant().capture;
    // The game runs through the driver, like every game; undo goes back to
    // a copy of it as it was at the person's earlier turn.
    let mut driver = Driver::<Position>::new(*start.variant(), Seed(0)).map_err(Failure::other)?;
    let mut history: Vec<(Driver<Position>, Option<Move>)> = Vec::new();
    let mut last: Option<Move> = None;
    outln!(
        "You play {} against the computer ({}). {HELP}",
        paint.bold(&upper_first(you.name())),
        computer.name
    )?;
    let mut redraw = true;
    loop {
        let position = driver.game().clone();
        match position.status() {
            Status::Over => {
                show(&position, last, paint)?;
                let [b, w] = position.scores();
                let (mine, theirs) = if you == Color::Black { (b, w) } else { (w, b) };
                let verdict = match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => paint.green("you win"),
                    std::cmp::Ordering::Less => paint.red("the computer wins"),
                    std::cmp::Ordering::Equal => "a draw".to_string(),
                };
                return outln!("game over: {verdict}, {mine} to {theirs}");
            }
            Status::MustPass => {
                let who = if position.turn() == you {
                    "you pass"
                } else {
                    "the computer passes"
                };
                outln!("{} has no legal move: {who} (T10)", position.turn().name())?;
                driver
                    .act(position.turn().seat(), Move::Pass, GameTime::ZERO)
                    .map_err(|r| {
                        Failure::other(format!("internal: a forced pass refused: {}", r.error))
                    })?;
                last = Some(Move::Pass);
                continue;
            }
            Status::Ongoing => {}
        }
        if position.turn() != you {
            if computer.thinks() {
                out!("{}", paint.dim("computer is thinking…"))?;
            }
            let reply = computer.choose(&driver)?;
            if computer.thinks() {
                // Overwrite the line on a terminal; a new line when piped.
                out!(
                    "{}",
                    if paint_on_terminal() {
                        "\r\x1b[2K"
                    } else {
                        "\n"
                    }
                )?;
            }
            let before = position;
            let events = driver
                .act(before.turn().seat(), reply.mv, GameTime::ZERO)
                .map_err(|r| {
                    Failure::other(format!(
                        "the computer chose an illegal move {}: {}",
                        reply.mv, r.error
                    ))
                })?
                .events;
            outln!(
                "computer ({}) plays {}",
                you.other().name(),
                paint.bold(&reply.mv.to_string())
            )?;
            if let Some(eval) = reply.eval {
                outln!("{eval}")?;
            }
            for line in narrate(&before, &events, you, capture, paint) {
                outln!("{line}")?;
            }
            last = Some(reply.mv);
            redraw = true;
            continue;
        }
        if redraw {
            show(&position, last, paint)?;
            outln!("{}", moves_text(&position, false))?;
            redraw = false;
        }
        out!("{}", paint.cyan(&format!("{} to move> ", you.name())))?;
        let text = match lines.next_line()? {
            None => {
                outln!()?;
                return outln!("end of input: game abandoned");
            }
            Some(Line::Text(t)) => t,
            Some(Line::NotUtf8) => {
                outln!("that line is not UTF-8 text; type a move like c3-c5, or help")?;
                continue;
            }
            Some(Line::TooLong) => {
                outln!("that line is far too long; type a move like c3-c5, or help")?;
                continue;
            }
        };
        let command = text.trim().to_lowercase();
        match command.as_str() {
            "" => continue,
            "quit" | "exit" | "q" => return outln!("game abandoned"),
            "help" | "?" => outln!("{HELP}")?,
            "moves" | "m" => outln!("{}", moves_text(&position, true))?,
            "undo" | "u" => match history.pop() {
                Some((previous, previous_last)) => {
                    driver = previous;
                    last = previous_last;
                    outln!("undone: your last move and the computer's reply are taken back")?;
                    redraw = true;
                }
                None => outln!("nothing to undo yet")?,
            },
            text => match parse_move(text) {
                Err(e) => outln!("{e}")?,
                Ok(m) => {
                    let before = position.clone();
                    let saved = driver.clone();
                    match driver.act(you.seat(), m, GameTime::ZERO) {
                        Ok(step) => {
                            let events = step.events;
                            history.push((saved, last));
                            outln!("you play {m}")?;
                            for line in narrate(&before, &events, you, capture, paint) {
                                outln!("{line}")?;
                            }
                            last = Some(m);
                            redraw = true;
                        }
                        Err(r) => outln!("illegal move {}: {}", cut(&m.to_string()), r.error)?,
                    }
                }
            },
        }
    }
}

fn paint_on_terminal() -> bool {
    use std::io::IsTerminal;
    std::io::stdout().is_terminal()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demolitions_are_told_with_their_reason() {
        // 4x4 standard: a1-b1 makes b1 a 2-floor tower; nothing falls yet.
        let mut p = start(Board { cols: 4, rows: 4 }, Variants::default()).unwrap();
        let before = p.clone();
        let events = p.play_with_events("a1-b1".parse().unwrap()).unwrap();
        assert!(narrate(&before, &events, Color::Black, false, Paint::detect()).is_empty());
        let text = moves_text(&p, true);
        assert!(text.starts_with("legal moves ("), "{text}");
        assert!(text.contains(" → "), "{text}");
        let board = board_text(&p, Some("a1-b1".parse().unwrap()), Paint::detect());
        assert!(board.contains("[B2]") && board.contains("(.)"), "{board}");
    }
}
