//! Towers against a built-in bot: what each key does. This file only
//! decides which move a key means; the state and the moves played are in
//! `towers_state.rs`, the drawing in `towers_draw.rs`.

use super::towers_state::TowersScreen;
use crate::keys::{Arrow, Key};
use crate::screen::{After, GameScreen, Prompt};
use crate::theme::Palette;
use ratatui::Frame;
use ratatui::layout::Rect;
use stackyard_core::RuleError;
use stackyard_towers::notation::parse_move;
use stackyard_towers::{Move, Square};

impl TowersScreen {
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
                    format!(
                        "No move starts on {at}: put the cursor on a tower of yours that can move."
                    )
                };
                self.say(text, true);
            }
        }
    }

    fn over_note(&mut self) {
        let text = match self.feed() {
            Some(_) if self.is_over() => "The game is over: q goes back to the lobby.",
            Some(_) => "Wait for your turn: the other seat is to move.",
            None => {
                "The game is over: n starts a new one, u takes your last move back, q goes to the menu."
            }
        };
        self.say(text, false);
    }

    fn reconnect(&mut self) {
        let Some(Err(e)) = self.feed_mut().map(|f| f.reconnect()) else {
            return;
        };
        self.say(e.0, true);
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

    fn evaluate(&mut self) {
        if self.is_over() {
            return self.over_note();
        }
        self.eval = Some(
            super::towers_advice::evaluate(self.position(), self.seed.0).unwrap_or_else(|| {
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
}

impl GameScreen for TowersScreen {
    fn key(&mut self, key: Key) -> After {
        if let Some(typed) = Prompt::route(&mut self.prompt, key) {
            if let Some(text) = typed {
                self.typed(&text);
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
            Key::Char('n') if self.is_over() => self.new_game(),
            Key::Char('R') => self.resign(),
            Key::Char('r') => self.reconnect(),
            Key::Char('?') => self.help = !self.help,
            Key::Esc if self.selected.is_some() => self.selected = None,
            Key::Esc | Key::Char('q') => return After::Menu,
            _ => {}
        }
        After::Stay
    }

    fn draw(&self, frame: &mut Frame<'_>, area: Rect, palette: Palette) {
        super::towers_draw::draw(self, frame, area, palette);
    }

    fn legal(&self) -> Vec<String> {
        if !self.my_turn() {
            return Vec::new();
        }
        self.moves().iter().map(ToString::to_string).collect()
    }

    fn outcome(&self) -> Option<String> {
        self.outcome_words()
    }

    /// Empty online: the server keeps that record.
    fn record_json(&self) -> String {
        self.driver()
            .and_then(|d| serde_json::to_string(d.record()).ok())
            .unwrap_or_default()
    }

    fn advance(&mut self, now_ms: u64) {
        self.take_news(now_ms);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stackyard_core::Seed;
    use stackyard_towers::Color;

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
        assert_eq!(s.driver().unwrap().record().actions.len(), 2);
        assert_eq!(s.position().turn(), Color::Black);
        assert!(
            s.log[0]
                .text
                .starts_with("You (Black) moved the tower on a1 onto b1")
        );
        assert_eq!(s.history().len(), 1);
        s.key(Key::Char('u'));
        assert_eq!(s.driver().unwrap().record().actions.len(), 0);
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
            s.driver().unwrap().record().actions[0].action,
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
        assert!(
            stackyard_core::words::rule_ids(&note.text).is_empty(),
            "{}",
            note.text
        );
        assert_eq!(s.driver().unwrap().record().actions.len(), 0);
        keys(&mut s, &[Key::Char(':')]);
        keys(&mut s, &Key::text("zz"));
        keys(&mut s, &[Key::Enter]);
        assert!(s.note.clone().unwrap().text.contains("is not a move"));
    }

    #[test]
    fn playing_white_the_bot_opens() {
        let s = TowersScreen::new(Seed(3), Color::White);
        assert_eq!(s.driver().unwrap().record().actions.len(), 1);
        assert_eq!(s.position().turn(), Color::White);
    }
}
