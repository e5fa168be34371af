//! What every game's screen offers the app: keys in, a picture out, and
//! what a test or a panel may read of it. The app holds one at a time.

use crate::keys::Key;
use crate::theme::Palette;
use ratatui::Frame;
use ratatui::layout::Rect;

/// What a key did to a game's screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum After {
    /// Stay on this screen.
    Stay,
    /// Back to the game picker.
    Menu,
}

/// One game in play in the terminal.
pub trait GameScreen {
    /// Handles one key.
    fn key(&mut self, key: Key) -> After;
    /// Lets the game's time run to `now_ms`, counted from the moment the
    /// screen opened (never less than the last call): a real-time game's
    /// bots act and its timers fire. Turn-based games keep no clock.
    fn advance(&mut self, now_ms: u64) {
        let _ = now_ms;
    }
    /// Draws the game into `area`.
    fn draw(&self, frame: &mut Frame<'_>, area: Rect, palette: Palette);
    /// The person's legal actions now, in the game's notation (what the
    /// panel lists; empty while it is not their turn or the game is over);
    /// IceTowers, which has no notation, gives each action's JSON.
    fn legal(&self) -> Vec<String>;
    /// How the game ended, in words, once it has.
    fn outcome(&self) -> Option<String>;
    /// The game so far as a `stackyard_core::Record` in JSON, which
    /// `stackyard <game> replay` reads.
    fn record_json(&self) -> String;
}

/// A message for the player, and whether it is a refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// What the player reads.
    pub text: String,
    /// A refusal or a warning (drawn as one), not news.
    pub warn: bool,
}

/// A line being typed (a move in notation): at most [`Prompt::MAX`]
/// characters, so a held key never grows it without end.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Prompt {
    text: String,
}

/// What a key did to a prompt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// Still typing.
    Editing,
    /// Enter: the text typed.
    Done(String),
    /// Escape: nothing.
    Cancelled,
}

impl Prompt {
    /// The longest line a prompt takes (a move is a few characters).
    pub const MAX: usize = 40;

    /// What has been typed.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Routes `key` to the prompt in `slot`, if one is open: `None` when
    /// there is none (the key is the screen's), else what was typed once
    /// Enter ends it (`Some(None)` while typing or after Escape). Either
    /// end closes the prompt.
    pub fn route(slot: &mut Option<Prompt>, key: Key) -> Option<Option<String>> {
        let prompt = slot.as_mut()?;
        Some(match prompt.key(key) {
            Typed::Editing => None,
            Typed::Cancelled => {
                *slot = None;
                None
            }
            Typed::Done(text) => {
                *slot = None;
                Some(text)
            }
        })
    }

    /// Handles one key.
    pub fn key(&mut self, key: Key) -> Typed {
        match key {
            Key::Enter => Typed::Done(std::mem::take(&mut self.text)),
            Key::Esc => Typed::Cancelled,
            Key::Backspace => {
                self.text.pop();
                Typed::Editing
            }
            Key::Char(c) if !c.is_control() && self.text.chars().count() < Self::MAX => {
                self.text.push(c);
                Typed::Editing
            }
            _ => Typed::Editing,
        }
    }
}

/// Whether `area` is big enough for a screen of `width` × `height`; if not,
/// draws a line saying how big the terminal must be (a resize redraws).
pub fn fits(frame: &mut Frame<'_>, area: Rect, width: u16, height: u16) -> bool {
    if area.width >= width && area.height >= height {
        return true;
    }
    // Said of the whole terminal, the app's title line and all.
    let whole = frame.area();
    let text = format!(
        "The terminal is {}x{}: make it at least {}x{} to see the game.",
        whole.width,
        whole.height,
        width + whole.width.saturating_sub(area.width),
        height + whole.height.saturating_sub(area.height)
    );
    frame.render_widget(
        ratatui::widgets::Paragraph::new(text).wrap(ratatui::widgets::Wrap { trim: true }),
        area,
    );
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prompt_is_bounded_and_edits() {
        let mut p = Prompt::default();
        for _ in 0..100 {
            p.key(Key::Char('x'));
        }
        assert_eq!(p.text().len(), Prompt::MAX);
        p.key(Key::Backspace);
        assert_eq!(p.text().len(), Prompt::MAX - 1);
        assert_eq!(p.key(Key::Enter), Typed::Done("x".repeat(Prompt::MAX - 1)));
        assert_eq!(p.text(), "");
        assert_eq!(p.key(Key::Esc), Typed::Cancelled);
    }
}
