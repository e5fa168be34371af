//! IceTowers in real time, local: the person (red, seat 0) against two of
//! the game's own bots, its first bot (the browser's first opponent). No
//! turns (I4): the bots act and the hold timers (I10) fire as the clock
//! ticks (paced in `icetowers_pace.rs`), whether or not the person presses
//! a key. What a key does is the browser's click: Enter on one of your
//! lone pyramids picks it, Enter on a marked tower caps it (I6), on another
//! tower opens what may be taken out of it (I7) or split (I11). Rules, bots
//! and words are the game crate's; this file is the state and what changes
//! it, `icetowers.rs` the keys, `icetowers_draw.rs` the picture.

use super::icetowers_pace::Pace;
use crate::keys::Arrow;
use crate::screen::Note;
use stackyard_core::words::{Line, Told};
use stackyard_core::{
    ActError, Bot, Bots, Driver, GameTime, Listed, RuleError, Seat, Seed, Step, Viewer,
};
use stackyard_icetowers::piece::COLOUR_NAMES;
use stackyard_icetowers::{Action, Event, IceError, IceTowers, PieceId, Settings, TowerId};

/// The person's seat: red, the first colour (I1).
pub const ME: Seat = Seat(0);
/// Seats at the table: the person and two bots (I1 allows 2 to 5).
const SEATS: u8 = 3;
/// How many lines of the story the screen keeps.
const LOG_LINES: usize = 60;

/// A local game of IceTowers against the game's first bot.
pub struct IceScreen {
    pub(super) driver: Driver<IceTowers>,
    pace: Pace,
    /// The table's time: the last the clock said.
    now: GameTime,
    /// The seats' names as the words call them (colours, I1).
    pub(super) names: Vec<String>,
    /// What each bot seat is called in the seats list ("Easy bot").
    pub(super) bot_title: String,
    /// The tower under the cursor, and where it was (for when it goes).
    pub(super) cursor: Option<TowerId>,
    cursor_at: (usize, usize),
    /// The lone pyramid picked to cap with.
    pub(super) picked: Option<PieceId>,
    /// The tower whose mines and splits are listed.
    pub(super) opened: Option<TowerId>,
    /// Towers the last step capped, split off or set down.
    pub(super) recent: Vec<TowerId>,
    pub(super) log: Vec<Line>,
    /// How many lines at the end of the log the last step told.
    pub(super) fresh: usize,
    pub(super) note: Option<Note>,
}

/// What Enter may do with the tower under the cursor.
pub(super) enum Offer {
    /// I7: take this pyramid out.
    Mine(PieceId, usize),
    /// I11: split so that this many stay.
    Split(usize),
}

impl IceScreen {
    /// A new table dealt from `seed`: the deal and each bot's choices.
    pub fn new(seed: Seed) -> IceScreen {
        let settings = Settings::new(SEATS);
        let level = <IceTowers as Listed>::ABOUT.first_bot.unwrap_or("beginner");
        let bot_title = <IceTowers as Bots>::bot_levels()
            .into_iter()
            .find(|l| l.name == level)
            .map_or_else(|| level.to_string(), |l| l.title);
        let bots = (0..SEATS)
            .map(|s| -> Option<Box<dyn Bot<IceTowers>>> {
                let seat = Seat(s);
                (seat != ME).then(|| {
                    <IceTowers as Bots>::bot(level, seat, seed.child(u64::from(s)), &settings)
                        .expect("the game's own first bot")
                })
            })
            .collect();
        IceScreen {
            driver: Driver::new(settings, seed).expect("three seats make a game (I1)"),
            pace: Pace::new(bots),
            now: GameTime::ZERO,
            names: COLOUR_NAMES[..usize::from(SEATS)]
                .iter()
                .map(|c| capital(c))
                .collect(),
            bot_title,
            cursor: None,
            cursor_at: (0, 0),
            picked: None,
            opened: None,
            recent: Vec::new(),
            log: Vec::new(),
            fresh: 0,
            note: None,
        }
    }

    pub(super) fn game(&self) -> &IceTowers {
        self.driver.game()
    }

    /// The table's time now.
    pub(super) fn now(&self) -> GameTime {
        self.now
    }

    pub(super) fn say(&mut self, text: impl Into<String>, warn: bool) {
        self.note = Some(Note {
            text: text.into(),
            warn,
        });
    }

    /// What the person may do now, by the rules (I4-I12).
    pub(super) fn legal_now(&self) -> Vec<Action> {
        self.game().legal_actions(ME)
    }

    /// The towers in the order the screen shows them: the towers of two
    /// pyramids or more by number, then each colour's lone pyramids
    /// (I2), smallest first.
    pub(super) fn rows(&self) -> Vec<Vec<TowerId>> {
        let g = self.game();
        let mut rows = vec![Vec::new(); 1 + g.settings().colours()];
        let mut alone: Vec<(u8, TowerId, usize)> = Vec::new();
        for t in g.towers() {
            if t.is_free_stander() {
                let p = t.pieces[0];
                alone.push((p.pips(), t.id, 1 + p.colour().index()));
            } else {
                rows[0].push(t.id);
            }
        }
        alone.sort();
        for (_, id, row) in alone {
            rows[row].push(id);
        }
        rows
    }

    /// The piece a tower would be capped with: the one held (I5), else the one picked.
    pub(super) fn capping(&self) -> Option<PieceId> {
        self.game().hand(ME).map(|h| h.piece).or(self.picked)
    }

    /// The towers Enter does something on now: where the capping piece
    /// may go (I6), or, with nothing to cap with, where a pyramid may be
    /// taken out (I7) or a tower split (I11).
    pub(super) fn marked(&self) -> Vec<TowerId> {
        let legal = self.legal_now();
        let mut out: Vec<TowerId> = match self.capping() {
            Some(c) => legal
                .iter()
                .filter_map(|a| match a {
                    Action::Cap { piece, onto } if *piece == c => Some(*onto),
                    _ => None,
                })
                .collect(),
            None => legal
                .iter()
                .filter_map(|a| match a {
                    Action::Mine { tower, .. } | Action::Split { tower, .. } => Some(*tower),
                    _ => None,
                })
                .collect(),
        };
        out.dedup();
        out
    }

    /// Whether `piece` may cap some tower now (I6).
    fn may_cap(&self, piece: PieceId) -> bool {
        self.legal_now()
            .iter()
            .any(|a| matches!(a, Action::Cap { piece: p, .. } if *p == piece))
    }

    /// The person's own lone pyramids (I6: the ones they may pick).
    fn own_alone(&self) -> Vec<(PieceId, TowerId)> {
        self.rows()[1 + ME.index()]
            .iter()
            .filter_map(|&id| self.game().tower(id).map(|t| (t.pieces[0], id)))
            .collect()
    }

    /// What the opened tower offers the person, in its order top first.
    pub(super) fn options(&self) -> Vec<Offer> {
        let Some(id) = self.opened else {
            return Vec::new();
        };
        let Some(t) = self.game().tower(id) else {
            return Vec::new();
        };
        let legal = self.legal_now();
        let mut out = Vec::new();
        for i in (0..t.pieces.len()).rev() {
            let p = t.pieces[i];
            if legal.contains(&Action::Mine {
                tower: id,
                piece: p,
            }) {
                out.push(Offer::Mine(p, i));
            }
            if legal.contains(&Action::Split { tower: id, at: i }) {
                out.push(Offer::Split(i));
            }
        }
        out
    }

    fn where_is(&self, id: TowerId) -> Option<(usize, usize)> {
        self.rows()
            .iter()
            .enumerate()
            .find_map(|(r, row)| row.iter().position(|&t| t == id).map(|c| (r, c)))
    }

    /// The cursor's tower, moved to the nearest one still there if its own went.
    pub(super) fn cursor_tower(&self) -> Option<TowerId> {
        if let Some(id) = self.cursor
            && self.game().tower(id).is_some()
        {
            return Some(id);
        }
        let rows = self.rows();
        let (r, c) = self.cursor_at;
        let from = r.min(rows.len() - 1);
        (from..rows.len())
            .chain((0..from).rev())
            .find_map(|r| rows[r].get(c.min(rows[r].len().saturating_sub(1))).copied())
    }

    fn put_cursor(&mut self, id: TowerId) {
        self.cursor = Some(id);
        if let Some(at) = self.where_is(id) {
            self.cursor_at = at;
        }
    }

    pub(super) fn move_cursor(&mut self, arrow: Arrow) {
        let rows = self.rows();
        let Some(at) = self.cursor_tower().and_then(|id| self.where_is(id)) else {
            return;
        };
        let (r, c) = at;
        let full: Vec<usize> = (0..rows.len()).filter(|&r| !rows[r].is_empty()).collect();
        let k = full.iter().position(|&x| x == r).unwrap_or(0);
        let to = match arrow {
            Arrow::Left if c > 0 => Some((r, c - 1)),
            Arrow::Left => k.checked_sub(1).map(|k| (full[k], rows[full[k]].len() - 1)),
            Arrow::Right if c + 1 < rows[r].len() => Some((r, c + 1)),
            Arrow::Right => full.get(k + 1).map(|&r| (r, 0)),
            Arrow::Up => k.checked_sub(1).map(|k| (full[k], c)),
            Arrow::Down => full.get(k + 1).map(|&r| (r, c)),
        };
        if let Some((r, c)) = to {
            let c = c.min(rows[r].len() - 1);
            self.put_cursor(rows[r][c]);
        }
    }

    /// Tab: the next marked tower after the cursor, in the screen's order.
    pub(super) fn next_marked(&mut self) {
        let marked = self.marked();
        let order: Vec<TowerId> = self.rows().concat();
        let here = self
            .cursor_tower()
            .and_then(|id| order.iter().position(|&t| t == id));
        let start = here.map_or(0, |i| i + 1);
        let next = (0..order.len())
            .map(|k| order[(start + k) % order.len()])
            .find(|id| marked.contains(id));
        match next {
            Some(id) => self.put_cursor(id),
            None => self.say("No tower is marked now.", false),
        }
    }

    /// 1, 2, 3: picks one of the person's lone pyramids of that many pips
    /// (I1), one that may cap first; again, the next of that size.
    pub(super) fn pick_size(&mut self, pips: u8) {
        if !self.playing() {
            return self.not_now();
        }
        if self.game().hand(ME).is_some() {
            return self.say(IceError::HandFull(ME).refusal(), true);
        }
        let mut mine: Vec<(PieceId, TowerId)> = self
            .own_alone()
            .into_iter()
            .filter(|(p, _)| p.pips() == pips)
            .collect();
        mine.sort_by_key(|(p, id)| (!self.may_cap(*p), *id));
        if mine.is_empty() {
            let size = ["small", "medium", "large"][usize::from(pips - 1)];
            return self.say(format!("None of your {size} pyramids stands alone."), true);
        }
        let next = match self
            .picked
            .and_then(|p| mine.iter().position(|(q, _)| *q == p))
        {
            Some(i) => mine[(i + 1) % mine.len()],
            None => mine[0],
        };
        self.pick(Some(next.0));
    }

    fn pick(&mut self, piece: Option<PieceId>) {
        self.picked = piece;
        self.opened = None;
        self.note = None;
        // The cursor goes to the first tower the pyramid may cap.
        if piece.is_some()
            && let Some(first) = self
                .rows()
                .concat()
                .into_iter()
                .find(|id| self.marked().contains(id))
        {
            self.put_cursor(first);
        }
    }

    pub(super) fn playing(&self) -> bool {
        self.game().started().is_some() && !self.driver.is_over()
    }

    pub(super) fn not_now(&mut self) {
        if self.driver.is_over() {
            self.say("The game is over: q goes back to the menu.", false);
        } else if !self.game().is_ready(ME) {
            self.say("Not yet: press Enter when you are ready.", true);
        } else {
            self.say("Not yet: everyone must say ready first.", true);
        }
    }

    /// Enter on the tower under the cursor, as the browser's click (I5, I6).
    pub(super) fn click(&mut self) {
        if self.driver.is_over() {
            return self.not_now();
        }
        if self.game().started().is_none() {
            if self.game().is_ready(ME) {
                return self.say("Waiting for everyone to be ready…", false);
            }
            return self.act(Action::Ready);
        }
        let Some(id) = self.cursor_tower() else {
            return;
        };
        let Some(t) = self.game().tower(id) else {
            return;
        };
        if let Some(held) = self.game().hand(ME) {
            return self.act(Action::Cap {
                piece: held.piece,
                onto: id,
            });
        }
        let own = t.is_free_stander() && t.pieces[0].colour() == IceTowers::colour_of(ME);
        let alone = t.pieces[0];
        if let Some(p) = self.picked {
            if own && alone == p {
                return self.pick(None);
            }
            if own && !self.marked().contains(&id) {
                return self.pick(Some(alone));
            }
            return self.act(Action::Cap { piece: p, onto: id });
        }
        if own {
            return self.pick(Some(alone));
        }
        self.opened = if self.opened == Some(id) {
            None
        } else {
            Some(id)
        };
        self.note = None;
    }

    /// A digit while a tower is opened: its numbered option.
    pub(super) fn option(&mut self, n: usize) {
        let Some(id) = self.opened else { return };
        let action = match self.options().get(n) {
            Some(Offer::Mine(piece, _)) => Action::Mine {
                tower: id,
                piece: *piece,
            },
            Some(Offer::Split(at)) => Action::Split { tower: id, at: *at },
            None => return self.say(format!("Tower {} has no option {}.", id.0, n + 1), true),
        };
        self.act(action);
    }

    /// Sends the person's action at the table's time now: refused in the
    /// rules' words, or played and told (I4).
    pub(super) fn act(&mut self, action: Action) {
        match self.driver.act(ME, action, self.now) {
            Ok(step) => {
                self.pace.stepped(&self.driver, &step);
                self.picked = None;
                self.opened = None;
                self.note = None;
                self.tell(&[step]);
                // The bots due to look at the new table look now.
                let steps = self.pace.run_to(&mut self.driver, self.now);
                self.tell(&steps);
            }
            Err(r) => {
                let text = r.error.to_refusal();
                // Timers due by the refusal fired all the same.
                self.pace.stepped(&self.driver, &r.timers);
                self.tell(&[r.timers]);
                self.say(text, true);
            }
        }
    }

    /// Lets the table's time run to `now` (never back): the bots' plays
    /// and the timers due by then (I4, I10), told as they happen.
    pub(super) fn run_to(&mut self, now: GameTime) {
        self.now = now.max(self.now);
        let steps = self.pace.run_to(&mut self.driver, self.now);
        self.tell(&steps);
    }

    /// Puts the steps' events in the log, in the person's words, and marks
    /// the towers they changed.
    pub(super) fn tell(&mut self, steps: &[Step<Event>]) {
        let steps: Vec<&Step<Event>> = steps.iter().filter(|s| !s.events.is_empty()).collect();
        if steps.is_empty() {
            return;
        }
        let view = self.driver.view(Viewer::Seat(ME));
        let told = Told::from_view(&view, Some(ME), &self.names);
        let mut fresh = 0;
        self.recent.clear();
        for step in steps {
            let lines = <IceTowers as Listed>::narrate(&step.events, &told);
            fresh += lines.len();
            self.log.extend(lines);
            for e in &step.events {
                match e {
                    Event::Capped { onto, .. } => self.recent.push(*onto),
                    Event::Split { new_tower, .. } => self.recent.push(*new_tower),
                    Event::SetDown { tower, .. } => self.recent.push(*tower),
                    _ => {}
                }
            }
        }
        self.fresh = fresh.min(self.log.len());
        let excess = self.log.len().saturating_sub(LOG_LINES);
        self.log.drain(..excess);
        // The picked pyramid may have been capped meanwhile (I4), or the
        // opened tower taken apart.
        if let Some(p) = self.picked
            && !self.own_alone().iter().any(|(q, _)| *q == p)
        {
            self.picked = None;
        }
        if let Some(id) = self.opened
            && self.game().tower(id).is_none()
        {
            self.opened = None;
        }
        if let Some(id) = self.cursor_tower() {
            self.put_cursor(id);
        }
    }

    /// The end from the person's side: "You won", "You lost" or "Draw",
    /// and why, in the browser's words (I15).
    pub(super) fn result(&self) -> Option<(String, String)> {
        let outcome = self.driver.outcome()?;
        let who = |s: &Seat| {
            if *s == ME {
                "You".to_string()
            } else {
                self.names[s.index()].clone()
            }
        };
        let winners: Vec<String> = outcome.winners.iter().map(who).collect();
        let title = if outcome.winners.contains(&ME) {
            "You won"
        } else if winners.is_empty() {
            return Some(("Draw".into(), "No seat has the most pips on top.".into()));
        } else {
            "You lost"
        };
        let names = winners.join(" and ");
        let has = if winners.len() == 1 && names != "You" {
            "has"
        } else {
            "have"
        };
        Some((title.into(), format!("{names} {has} the most pips on top.")))
    }
}

/// "Yellow" for "yellow".
fn capital(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A refusal in the rules' own words for the player (the rule apart).
trait Refusal {
    fn to_refusal(&self) -> String;
}

impl Refusal for ActError<IceError> {
    fn to_refusal(&self) -> String {
        match self {
            ActError::Rule(e) => e.refusal(),
            other => other.to_string(),
        }
    }
}
