//! Towers against a built-in bot: the game's state on the screen (the
//! driver, the bot, the cursor, the story) and the moves played on it.
//! The rules, the bot, the words of each move and of each refusal are the
//! game crate's (`stackyard_towers`). Which move a key means is in
//! `towers.rs`, the drawing in `towers_draw.rs`: both read this file.

use crate::screen::{Note, Prompt};
use stackyard_core::words::{Line, Told, Who};
use stackyard_core::{
    ActError, Bot, Bots, Driver, GameTime, Listed, RuleError, Seed, ToAct, Viewer,
};
use stackyard_towers::{Color, Move, Position, Square, Status, Variant};

/// The bot a local game seats: the newcomer's first opponent.
pub const BOT_LEVEL: &str = "greedy";
/// How many lines of the story the screen keeps.
const LOG_LINES: usize = 40;

/// The game as it stood before one of the person's moves (for undo).
#[derive(Clone)]
pub(crate) struct Saved {
    driver: Driver<Position>,
    last: Option<Move>,
    log: Vec<Line>,
}

/// A local Towers game: the person against the bot.
pub struct TowersScreen {
    pub(crate) driver: Driver<Position>,
    pub(crate) you: Color,
    bot: Box<dyn Bot<Position>>,
    pub(crate) names: [String; 2],
    pub(crate) cursor: Square,
    pub(crate) selected: Option<Square>,
    pub(crate) prompt: Option<Prompt>,
    pub(crate) last: Option<Move>,
    pub(crate) log: Vec<Line>,
    pub(crate) note: Option<Note>,
    pub(crate) eval: Option<String>,
    pub(crate) help: bool,
    pub(crate) history: Vec<Saved>,
    pub(crate) seed: Seed,
    games: u64,
}

impl TowersScreen {
    /// A new standard 8x8 game (T1, T4), the person playing `you`.
    pub fn new(seed: Seed, you: Color) -> TowersScreen {
        TowersScreen::on(Variant::default(), seed, you)
    }

    /// A new game on `variant`'s board, the person playing `you`. Falls
    /// back to the standard game if the bot refuses the board.
    pub fn on(variant: Variant, seed: Seed, you: Color) -> TowersScreen {
        let driver = Driver::<Position>::new(variant, seed)
            .or_else(|_| Driver::<Position>::new(Variant::default(), seed))
            .expect("the standard board is a board");
        let variant = *driver.game().variant();
        let bot = Position::bot(BOT_LEVEL, you.other().seat(), seed.child(1), &variant)
            .expect("the greedy bot plays every board");
        let title = Position::bot_levels()
            .into_iter()
            .find(|l| l.name == BOT_LEVEL)
            .map_or_else(|| "Bot".to_string(), |l| l.title);
        let mut names = [String::new(), String::new()];
        names[you.index()] = "You".into();
        names[you.other().index()] = title;
        let mut screen = TowersScreen {
            driver,
            you,
            bot,
            names,
            cursor: Square::new(0, 0),
            selected: None,
            prompt: None,
            last: None,
            log: Vec::new(),
            note: None,
            eval: None,
            help: false,
            history: Vec::new(),
            seed,
            games: 0,
        };
        screen.others_play();
        screen
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.driver.game()
    }

    /// The legal moves of the side to move.
    pub(crate) fn moves(&self) -> Vec<Move> {
        self.position().legal_moves()
    }

    /// Where the tower on `from` may go now (T8), when it is the person's.
    pub(crate) fn targets(&self, from: Square) -> Vec<Square> {
        if !self.my_turn() {
            return Vec::new();
        }
        self.moves()
            .into_iter()
            .filter_map(|m| match m {
                Move::Step { from: f, to } if f == from => Some(to),
                _ => None,
            })
            .collect()
    }

    /// Blocks a placement may go on now (T17, T18).
    pub(crate) fn placements(&self) -> Vec<Square> {
        if !self.my_turn() {
            return Vec::new();
        }
        self.moves()
            .into_iter()
            .filter_map(|m| match m {
                Move::Place(s) | Move::Utility(s) => Some(s),
                _ => None,
            })
            .collect()
    }

    pub(crate) fn my_turn(&self) -> bool {
        !self.driver.is_over() && self.position().turn() == self.you
    }

    pub(crate) fn say(&mut self, text: impl Into<String>, warn: bool) {
        self.note = Some(Note {
            text: text.into(),
            warn,
        });
    }

    /// Plays `m` for whoever is to move and tells it in the game's words.
    fn step(&mut self, m: Move) -> Result<(), String> {
        let before = self.driver.view(Viewer::Spectator);
        let seat = self.position().turn().seat();
        let step = self
            .driver
            .act(seat, m, GameTime::ZERO)
            .map_err(|r| match r.error {
                ActError::Rule(e) => e.refusal(),
                other => format!("{}.", upper_first(&other.to_string())),
            })?;
        let after = self.driver.view(Viewer::Spectator);
        let told = Told {
            view: &after,
            before: Some(&before),
            settings: None,
            who: Who {
                viewer: Some(self.you.seat()),
                names: &self.names,
            },
        };
        self.log
            .extend(<Position as Listed>::narrate(&step.events, &told));
        let excess = self.log.len().saturating_sub(LOG_LINES);
        self.log.drain(..excess);
        self.last = Some(m);
        Ok(())
    }

    /// The person plays `m`; then the bot answers (and forced passes).
    pub(crate) fn play(&mut self, m: Move) {
        let saved = Saved {
            driver: self.driver.clone(),
            last: self.last,
            log: self.log.clone(),
        };
        match self.step(m) {
            Ok(()) => {
                self.history.push(saved);
                self.selected = None;
                self.note = None;
                self.eval = None;
                self.others_play();
            }
            Err(refusal) => self.say(refusal, true),
        }
    }

    /// Forced passes (T10) and the bot's moves, until it is the person's
    /// turn or the game is over.
    fn others_play(&mut self) {
        while !self.driver.is_over() {
            let p = self.position();
            let m = if p.status() == Status::MustPass {
                Move::Pass
            } else if p.turn() == self.you {
                return;
            } else {
                let view = self.driver.view(Viewer::Seat(self.you.other().seat()));
                match self.bot.decide(&view, self.driver.now()) {
                    Some(d) => d.action,
                    None => return,
                }
            };
            if let Err(e) = self.step(m) {
                self.say(format!("The bot could not move: {e}"), true);
                return;
            }
        }
    }

    pub(crate) fn undo(&mut self) {
        match self.history.pop() {
            Some(s) => {
                self.driver = s.driver;
                self.last = s.last;
                self.log = s.log;
                self.selected = None;
                self.eval = None;
                self.say("Your last move and the reply are taken back.", false);
            }
            None => self.say("Nothing to take back yet.", true),
        }
    }

    pub(crate) fn new_game(&mut self) {
        // Colours alternate from game to game, as at a club.
        self.games += 1;
        let mut next = TowersScreen::on(
            *self.position().variant(),
            self.seed.child(100 + self.games),
            self.you.other(),
        );
        next.games = self.games;
        next.seed = self.seed;
        *self = next;
    }

    /// Whose turn it is, in words.
    pub(crate) fn turn_words(&self) -> String {
        if let Some(o) = self.outcome_words() {
            return o;
        }
        match self.driver.to_act() {
            ToAct::Seat(s) if s == self.you.seat() => {
                format!("Your move ({}).", colour(self.you))
            }
            _ => format!("{} to move.", self.names[self.you.other().index()]),
        }
    }

    /// How the game ended, in words, once it has.
    pub(crate) fn outcome_words(&self) -> Option<String> {
        if !self.driver.is_over() {
            return None;
        }
        let [b, w] = self.position().scores();
        let (mine, theirs) = if self.you == Color::Black {
            (b, w)
        } else {
            (w, b)
        };
        let verdict = match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => "You win",
            std::cmp::Ordering::Less => "The bot wins",
            std::cmp::Ordering::Equal => "A draw",
        };
        Some(format!("Game over: {verdict}, {mine} to {theirs}."))
    }
}

/// "Black", "White".
pub(crate) fn colour(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
