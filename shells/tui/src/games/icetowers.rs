//! IceTowers' keys (the state is `icetowers_state.rs`, the picture
//! `icetowers_draw.rs`): 1, 2, 3 pick one of the person's lone pyramids
//! by size (I1), Enter picks, caps (I6) or opens a tower, a digit does
//! what an opened tower offers (I7, I11), s sets down (I9), d says done or
//! takes it back (I12), Tab goes to the next marked tower; the clock's
//! ticks let the table's time run (I4, I10).

use super::icetowers_state::{IceScreen, ME};
use crate::keys::{Arrow, Key};
use crate::screen::{After, GameScreen};
use crate::theme::Palette;
use ratatui::Frame;
use ratatui::layout::Rect;
use stackyard_core::GameTime;
use stackyard_core::words::LineKind;
use stackyard_icetowers::Action;

impl GameScreen for IceScreen {
    fn key(&mut self, key: Key) -> After {
        match key {
            Key::Char('q') => return After::Menu,
            Key::Esc if self.picked.is_none() && self.opened.is_none() => return After::Menu,
            Key::Esc => {
                self.picked = None;
                self.opened = None;
                self.note = None;
            }
            Key::Enter | Key::Char(' ') => self.click(),
            Key::Char(c @ '1'..='9') if self.opened.is_some() => {
                self.option(usize::from(c as u8 - b'1'));
            }
            Key::Char(c @ '1'..='3') => self.pick_size(c as u8 - b'0'),
            Key::Char('r') if self.game().started().is_none() => self.click(),
            Key::Char('s') if self.playing() => self.act(Action::SetDown),
            Key::Char('d') if self.playing() => {
                let action = if self.game().is_done(ME) {
                    Action::Undone
                } else {
                    Action::Done
                };
                self.act(action);
            }
            Key::Char('s' | 'd') => self.not_now(),
            Key::Tab | Key::Char('n') => self.next_marked(),
            _ => {
                if let Some(arrow) = Arrow::of(key, true) {
                    self.move_cursor(arrow);
                }
            }
        }
        After::Stay
    }

    fn advance(&mut self, now_ms: u64) {
        self.run_to(GameTime::from_millis(now_ms));
    }

    fn draw(&self, frame: &mut Frame<'_>, area: Rect, palette: Palette) {
        super::icetowers_draw::draw(self, frame, area, palette);
    }

    fn legal(&self) -> Vec<String> {
        self.legal_now()
            .iter()
            .map(|a| serde_json::to_string(a).unwrap_or_default())
            .collect()
    }

    fn outcome(&self) -> Option<String> {
        let (title, why) = self.result()?;
        let end = self
            .log
            .iter()
            .rev()
            .find(|l| l.kind == LineKind::End)
            .map(|l| format!(" {}", l.text))
            .unwrap_or_default();
        Some(format!("{title}. {why}{end}"))
    }

    fn record_json(&self) -> String {
        serde_json::to_string(self.driver.record()).unwrap_or_default()
    }
}
