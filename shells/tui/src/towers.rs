//! Towers against a built-in bot: the state and what each key does. The
//! rules, the bot, the words of each move and of each refusal are the
//! game crate's (`stackyard_towers`); this file only decides which move a
//! key means. Drawing is in `towers_draw.rs`.

use crate::keys::{Arrow, Key};
use crate::screen::{After, GameScreen, Prompt, Typed};
use crate::theme::Palette;
use ratatui::Frame;
use ratatui::layout::Rect;
use stackyard_core::words::{Line, Told, Who};
use stackyard_core::{
    ActError, Bot, Bots, Driver, GameTime, Listed, RuleError, Seed, ToAct, Viewer,
};
use stackyard_towers::notation::parse_move;
use stackyard_towers::{Color, Move, Position, Square, Status, Variant};

/// The bot a local game seats: the newcomer's first opponent.
pub const BOT_LEVEL: &str = "greedy";
/// How many lines of the story the screen keeps.
const LOG_LINES: usize = 40;

/// A message for the player, and whether it is a refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Note {
    pub text: String,
    pub warn: bool,
}

/// The game as it stood before one of the person's moves (for undo).
#[derive(Clone)]
struct Saved {
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
    history: Vec<Saved>,
    seed: Seed,
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
    fn moves(&self) -> Vec<Move> {
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

    fn my_turn(&self) -> bool {
        !self.driver.is_over() && self.position().turn() == self.you
    }

    fn say(&mut self, text: impl Into<String>, warn: bool) {
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
    fn play(&mut self, m: Move) {
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

    /// Enter on the cursor: pick a tower, move it, or place.
    fn choose(&mut self) {
        let at = self.cursor;
        if !self.my_turn() {
            return self.over_note();
        }
        let moves = self.moves();
        if let Some(&m) = moves
            .iter()
            .find(|m| matches!(m, Move::Place(s) | Move::Utility(s) if *s == at))
        {
            return self.play(m);
        }
        match self.selected {
            Some(from) if from == at => self.selected = None,
            Some(from) if moves.contains(&Move::Step { from, to: at }) => {
                self.play(Move::Step { from, to: at })
            }
            _ if !self.targets(at).is_empty() => {
                self.selected = Some(at);
                self.note = None;
            }
            Some(from) => {
                let m = Move::Step { from, to: at };
                let why = self
                    .position()
                    .check(m)
                    .err()
                    .map_or_else(|| "That move is not possible now.".into(), |e| e.refusal());
                self.say(why, true);
            }
            None => {
                let text = if moves.iter().all(|m| !matches!(m, Move::Step { .. })) {
                    "Nothing moves now: place where the board is marked.".to_string()
                } else {
                    format!("No move starts on {at}: put the cursor on a tower of yours that can move.")
                };
                self.say(text, true);
            }
        }
    }

    fn over_note(&mut self) {
        self.say(
            "The game is over: n starts a new one, u takes your last move back, q goes to the menu.",
            false,
        );
    }

    fn typed(&mut self, text: &str) {
        if !self.my_turn() {
            return self.over_note();
        }
        match parse_move(text.trim()) {
            Ok(m) => self.play(m),
            Err(e) => {
                let shown: String = text.chars().take(Prompt::MAX).collect();
                self.say(format!("\"{shown}\" is not a move: {e}."), true);
            }
        }
    }

    fn undo(&mut self) {
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

    fn new_game(&mut self) {
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

    fn evaluate(&mut self) {
        if self.driver.is_over() {
            return self.over_note();
        }
        self.eval = Some(
            crate::towers_advice::evaluate(self.position(), self.seed.0).unwrap_or_else(|| {
                "The AI judges boards of at most 64 blocks; this one is larger.".into()
            }),
        );
    }

    fn cursor_to(&mut self, arrow: Arrow) {
        let (cols, rows) = (self.position().cols() as u8, self.position().rows() as u8);
        let Square { col, row } = self.cursor;
        self.cursor = match arrow {
            Arrow::Left => Square::new(col.saturating_sub(1), row),
            Arrow::Right => Square::new((col + 1).min(cols - 1), row),
            Arrow::Down => Square::new(col, row.saturating_sub(1)),
            Arrow::Up => Square::new(col, (row + 1).min(rows - 1)),
        };
    }

    /// Whose turn it is, in words.
    pub(crate) fn turn_words(&self) -> String {
        if let Some(o) = self.outcome() {
            return o;
        }
        match self.driver.to_act() {
            ToAct::Seat(s) if s == self.you.seat() => {
                format!("Your move ({}).", colour(self.you))
            }
            _ => format!("{} to move.", self.names[self.you.other().index()]),
        }
    }
}

impl GameScreen for TowersScreen {
    fn key(&mut self, key: Key) -> After {
        if let Some(prompt) = &mut self.prompt {
            match prompt.key(key) {
                Typed::Editing => {}
                Typed::Cancelled => self.prompt = None,
                Typed::Done(text) => {
                    self.prompt = None;
                    self.typed(&text);
                }
            }
            return After::Stay;
        }
        if let Some(arrow) = Arrow::of(key, true) {
            self.cursor_to(arrow);
            return After::Stay;
        }
        match key {
            Key::Enter | Key::Char(' ') => self.choose(),
            Key::Char(':' | 'm') => {
                self.prompt = Some(Prompt::default());
                self.note = None;
            }
            Key::Char('p') => match self.moves().contains(&Move::Pass) && self.my_turn() {
                true => self.play(Move::Pass),
                false => self.say("You may pass only when you have no move.", true),
            },
            Key::Char('e') => self.evaluate(),
            Key::Char('u') => self.undo(),
            Key::Char('n') if self.driver.is_over() => self.new_game(),
            Key::Char('?') => self.help = !self.help,
            Key::Esc if self.selected.is_some() => self.selected = None,
            Key::Esc | Key::Char('q') => return After::Menu,
            _ => {}
        }
        After::Stay
    }

    fn draw(&self, frame: &mut Frame<'_>, area: Rect, palette: Palette) {
        crate::towers_draw::draw(self, frame, area, palette);
    }

    fn legal(&self) -> Vec<String> {
        if !self.my_turn() {
            return Vec::new();
        }
        self.moves().iter().map(ToString::to_string).collect()
    }

    fn outcome(&self) -> Option<String> {
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

    fn record_json(&self) -> String {
        serde_json::to_string(self.driver.record()).unwrap_or_default()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(s: &mut TowersScreen, keys: &[Key]) {
        for &k in keys {
            s.key(k);
        }
    }

    #[test]
    fn a_typed_move_is_played_and_answered() {
        let mut s = TowersScreen::new(Seed(3), Color::Black);
        keys(&mut s, &[Key::Char(':')]);
        keys(&mut s, &Key::text("a1-b1"));
        keys(&mut s, &[Key::Enter]);
        // T7: Black moved, the bot answered, Black is to move again.
        assert_eq!(s.driver.record().actions.len(), 2);
        assert_eq!(s.position().turn(), Color::Black);
        assert!(s.log[0].text.starts_with("You (Black) moved the tower on a1 onto b1"));
        assert_eq!(s.history.len(), 1);
        s.key(Key::Char('u'));
        assert_eq!(s.driver.record().actions.len(), 0);
    }

    #[test]
    fn the_cursor_picks_a_tower_and_its_target() {
        let mut s = TowersScreen::new(Seed(3), Color::Black);
        // a1 is Black's at the start (T4); its targets are one block away (T8).
        s.key(Key::Enter);
        assert_eq!(s.selected, Some(Square::new(0, 0)));
        assert!(s.targets(Square::new(0, 0)).contains(&Square::new(1, 0)));
        keys(&mut s, &[Key::Char('l'), Key::Enter]);
        assert_eq!(
            s.driver.record().actions[0].action,
            "a1-b1".parse::<Move>().unwrap()
        );
    }

    #[test]
    fn an_illegal_move_is_refused_in_words_and_nothing_changes() {
        let mut s = TowersScreen::new(Seed(3), Color::Black);
        keys(&mut s, &[Key::Char(':')]);
        keys(&mut s, &Key::text("a1-c1"));
        keys(&mut s, &[Key::Enter]);
        let note = s.note.clone().expect("a refusal");
        assert!(note.warn);
        assert!(stackyard_core::words::rule_ids(&note.text).is_empty(), "{}", note.text);
        assert_eq!(s.driver.record().actions.len(), 0);
        keys(&mut s, &[Key::Char(':')]);
        keys(&mut s, &Key::text("zz"));
        keys(&mut s, &[Key::Enter]);
        assert!(s.note.clone().unwrap().text.contains("is not a move"));
    }

    #[test]
    fn playing_white_the_bot_opens() {
        let s = TowersScreen::new(Seed(3), Color::White);
        assert_eq!(s.driver.record().actions.len(), 1);
        assert_eq!(s.position().turn(), Color::White);
    }
}
