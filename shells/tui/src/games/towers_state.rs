//! Towers against a built-in bot: the game's state on the screen (the
//! driver, the bot, the cursor, the story) and the moves played on it.
//! The rules, the bot, the words of each move and of each refusal are the
//! game crate's (`stackyard_towers`). Which move a key means is in
//! `towers.rs`, the drawing in `towers_draw.rs`: both read this file.

use crate::online::TableFeed;
use crate::screen::{Note, Prompt};
use stackyard_core::words::{Line, Told, Who};
use stackyard_core::{
    ActError, Bot, Bots, Driver, GameTime, Listed, RuleError, Seed, ToAct, Viewer,
};
use stackyard_towers::{Color, Move, Position, Square, Status, Variant, View};

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

/// Who the person plays, and where the game is kept.
pub(crate) enum Opponent {
    /// The built-in bot, here: the driver keeps the record, moves can be
    /// taken back.
    Bot {
        driver: Box<Driver<Position>>,
        bot: Box<dyn Bot<Position>>,
        history: Vec<Saved>,
    },
    /// Whoever holds the other seat of a table on a server: the position
    /// is the server's view, moves go over the table's connection, and the
    /// story is the server's events in the game's words.
    Online {
        feed: Box<TableFeed>,
        position: Box<Position>,
        /// A first R asks; a second resigns.
        resign_armed: bool,
    },
}

/// A Towers game on the board: against the bot here, or online.
pub struct TowersScreen {
    pub(crate) opponent: Opponent,
    pub(crate) you: Color,
    pub(crate) names: [String; 2],
    pub(crate) cursor: Square,
    pub(crate) selected: Option<Square>,
    pub(crate) prompt: Option<Prompt>,
    pub(crate) last: Option<Move>,
    pub(crate) log: Vec<Line>,
    pub(crate) note: Option<Note>,
    pub(crate) eval: Option<String>,
    pub(crate) help: bool,
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
            opponent: Opponent::Bot {
                driver: Box::new(driver),
                bot,
                history: Vec::new(),
            },
            you,
            names,
            cursor: Square::new(0, 0),
            selected: None,
            prompt: None,
            last: None,
            log: Vec::new(),
            note: None,
            eval: None,
            help: false,
            seed,
            games: 0,
        };
        screen.others_play();
        screen
    }

    /// A seat at an online table, its connection in `feed` (the welcome
    /// that follows tells the position, the seat and the names).
    pub fn online(feed: TableFeed) -> TowersScreen {
        let position = Position::new(Variant::default()).expect("the standard board is a board");
        let mut screen = TowersScreen {
            opponent: Opponent::Online {
                feed: Box::new(feed),
                position: Box::new(position),
                resign_armed: false,
            },
            you: Color::Black,
            names: ["Black".into(), "White".into()],
            cursor: Square::new(0, 0),
            selected: None,
            prompt: None,
            last: None,
            log: Vec::new(),
            note: None,
            eval: None,
            help: false,
            seed: Seed(0),
            games: 0,
        };
        screen.take_news(0);
        screen
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        match &self.opponent {
            Opponent::Bot { driver, .. } => driver.game(),
            Opponent::Online { position, .. } => position,
        }
    }

    /// The local game's driver (its record); `None` online.
    pub fn driver(&self) -> Option<&Driver<Position>> {
        match &self.opponent {
            Opponent::Bot { driver, .. } => Some(&**driver),
            Opponent::Online { .. } => None,
        }
    }

    /// The online table, if this is one.
    pub(crate) fn feed(&self) -> Option<&TableFeed> {
        match &self.opponent {
            Opponent::Online { feed, .. } => Some(feed),
            Opponent::Bot { .. } => None,
        }
    }

    /// The online table, to change it.
    pub(crate) fn feed_mut(&mut self) -> Option<&mut TableFeed> {
        match &mut self.opponent {
            Opponent::Online { feed, .. } => Some(feed),
            Opponent::Bot { .. } => None,
        }
    }

    /// The moves that can be taken back (local games).
    #[cfg(test)]
    pub(crate) fn history(&self) -> &[Saved] {
        match &self.opponent {
            Opponent::Bot { history, .. } => history,
            Opponent::Online { .. } => &[],
        }
    }

    /// Whether the game is over (by the rules, or online by a
    /// resignation, a clock or an abandoned seat).
    pub(crate) fn is_over(&self) -> bool {
        match &self.opponent {
            Opponent::Bot { driver, .. } => driver.is_over(),
            Opponent::Online { feed, position, .. } => feed.ended.is_some() || position.is_over(),
        }
    }

    /// The story so far, newest last.
    pub(crate) fn story(&self) -> &[Line] {
        match &self.opponent {
            Opponent::Online { feed, .. } => &feed.log,
            Opponent::Bot { .. } => &self.log,
        }
    }

    /// Online: takes what the server sent, and redraws the position from
    /// its view. A forced pass (T10) is sent at once, as the local game
    /// plays it.
    pub(crate) fn take_news(&mut self, now: u64) {
        let Opponent::Online { feed, position, .. } = &mut self.opponent else {
            return;
        };
        if !feed.poll(now) {
            return;
        }
        if let Some(view) = feed.view_as::<View>()
            && let Ok(p) = Position::from_view(&view)
        {
            **position = p;
        }
        if let Some(me) = feed.seat.and_then(Color::from_seat) {
            self.you = me;
        }
        let names = feed.names();
        if names.len() == 2 {
            self.names = [names[0].clone(), names[1].clone()];
        }
        if let Some(m) = feed.last_events.iter().rev().find_map(|e| {
            serde_json::from_value::<stackyard_towers::Event>(e.clone())
                .ok()
                .and_then(|e| match e {
                    stackyard_towers::Event::Played { mv, .. } => Some(mv),
                    _ => None,
                })
        }) {
            self.last = Some(m);
        }
        if let Some(problem) = feed.problem.take() {
            self.note = Some(Note {
                text: problem,
                warn: true,
            });
        }
        if feed.my_turn() && feed.pending.is_none() && position.status() == Status::MustPass {
            feed.act(serde_json::to_value(Move::Pass).unwrap_or_default());
            self.note = Some(Note {
                text: "You have no move, so you pass.".into(),
                warn: false,
            });
        }
    }

    /// Online: R asks, R again resigns.
    pub(crate) fn resign(&mut self) {
        let over = self.is_over();
        let Opponent::Online {
            feed, resign_armed, ..
        } = &mut self.opponent
        else {
            return self.say(
                "Against the bot here there is nothing to resign: n starts a new game.",
                true,
            );
        };
        if over {
            return;
        }
        if *resign_armed {
            feed.request("resign");
            *resign_armed = false;
        } else {
            *resign_armed = true;
            self.say("Press R again to resign this game.", true);
        }
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
        let seat_may = self
            .feed()
            .is_none_or(|f| f.my_turn() && f.pending.is_none());
        seat_may && !self.is_over() && self.position().turn() == self.you
    }

    pub(crate) fn say(&mut self, text: impl Into<String>, warn: bool) {
        self.note = Some(Note {
            text: text.into(),
            warn,
        });
    }

    /// Plays `m` for whoever is to move and tells it in the game's words.
    fn step(&mut self, m: Move) -> Result<(), String> {
        let Opponent::Bot { driver, .. } = &mut self.opponent else {
            return Err("Online, the server plays the moves.".into());
        };
        let before = driver.view(Viewer::Spectator);
        let seat = driver.game().turn().seat();
        let step = driver
            .act(seat, m, GameTime::ZERO)
            .map_err(|r| match r.error {
                ActError::Rule(e) => e.refusal(),
                other => format!("{}.", upper_first(&other.to_string())),
            })?;
        let after = driver.view(Viewer::Spectator);
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
        let driver = match &mut self.opponent {
            Opponent::Online {
                feed, resign_armed, ..
            } => {
                // The server judges it; a refusal comes back as its words.
                feed.act(serde_json::to_value(m).unwrap_or_default());
                *resign_armed = false;
                self.selected = None;
                self.note = None;
                self.eval = None;
                return;
            }
            Opponent::Bot { driver, .. } => (**driver).clone(),
        };
        let saved = Saved {
            driver,
            last: self.last,
            log: self.log.clone(),
        };
        match self.step(m) {
            Ok(()) => {
                if let Opponent::Bot { history, .. } = &mut self.opponent {
                    history.push(saved);
                }
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
        while !self.is_over() {
            let you = self.you;
            let Opponent::Bot { driver, bot, .. } = &mut self.opponent else {
                return;
            };
            let p = driver.game();
            let m = if p.status() == Status::MustPass {
                Move::Pass
            } else if p.turn() == you {
                return;
            } else {
                let view = driver.view(Viewer::Seat(you.other().seat()));
                match bot.decide(&view, driver.now()) {
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
        let Opponent::Bot {
            driver, history, ..
        } = &mut self.opponent
        else {
            return self.say("Online, a move cannot be taken back.", true);
        };
        match history.pop() {
            Some(s) => {
                **driver = s.driver;
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
        if self.feed().is_some() {
            return self.say(
                "q goes back to the lobby, where n opens a new table.",
                false,
            );
        }
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
        if let Some(feed) = self.feed() {
            if let Some(why) = &feed.closed {
                return format!("Disconnected: {why}. r reconnects.");
            }
            if self.my_turn() {
                return format!("Your move ({}).", colour(self.you));
            }
            if feed.pending.is_some() {
                return "Sent; waiting for the server.".into();
            }
            return feed.status_words();
        }
        let to_act = self.driver().map_or(ToAct::Nobody, |d| d.to_act());
        match to_act {
            ToAct::Seat(s) if s == self.you.seat() => {
                format!("Your move ({}).", colour(self.you))
            }
            _ => format!("{} to move.", self.names[self.you.other().index()]),
        }
    }

    /// How the game ended, in words, once it has.
    pub(crate) fn outcome_words(&self) -> Option<String> {
        if let Some(feed) = self.feed() {
            return feed.result_words();
        }
        if !self.is_over() {
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
