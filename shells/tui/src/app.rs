//! The app as pure code: keys in, state out, a picture on request. It is
//! the game picker or one game's screen; Ctrl-C ends it from anywhere.

use crate::games::{Entry, entries};
use crate::keys::{Arrow, Key};
use crate::online::{Lobby, LobbyAfter};
use crate::screen::{After, GameScreen};
use crate::theme::Palette;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::Color;
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Paragraph, Wrap};
use stackyard_core::Seed;

/// Whether the app goes on after a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading keys.
    Continue,
    /// The person is done: restore the terminal and exit.
    Quit,
}

/// The terminal client's whole state.
pub struct App {
    palette: Palette,
    /// Online (`--server`): the lobby, instead of the game picker.
    lobby: Option<Lobby>,
    seed: Seed,
    entries: Vec<Entry>,
    picked: usize,
    started: u64,
    note: Option<String>,
    /// The screen in play and its title.
    game: Option<(String, Box<dyn GameScreen>)>,
    /// The clock's last tick, ms since the app began ([`Key::Tick`]).
    clock: u64,
    /// The clock when the game in play opened: its time starts there.
    opened_at: u64,
}

impl App {
    /// The app at its game picker; games are dealt from `seed`.
    pub fn new(seed: Seed, palette: Palette) -> App {
        App {
            palette,
            lobby: None,
            seed,
            entries: entries(),
            picked: 0,
            started: 0,
            note: None,
            game: None,
            clock: 0,
            opened_at: 0,
        }
    }

    /// The app at a server's lobby (`stackyard play --server URL`).
    pub fn online(lobby: Lobby, palette: Palette) -> App {
        App {
            lobby: Some(lobby),
            ..App::new(Seed(0), palette)
        }
    }

    /// The online lobby, if the app is online.
    pub fn lobby(&self) -> Option<&Lobby> {
        self.lobby.as_ref()
    }

    /// The game being played, if any.
    pub fn game(&self) -> Option<&dyn GameScreen> {
        self.game.as_ref().map(|(_, g)| g.as_ref())
    }

    /// Handles one key.
    pub fn handle(&mut self, key: Key) -> Flow {
        if key == Key::Interrupt {
            return Flow::Quit;
        }
        if key == Key::Resize {
            return Flow::Continue;
        }
        if let Key::Tick(ms) = key {
            self.clock = self.clock.max(ms);
            if let Some((_, game)) = &mut self.game {
                game.advance(self.clock - self.opened_at);
            } else if let Some(lobby) = &mut self.lobby {
                let after = lobby.advance(self.clock);
                return self.lobby_did(after);
            }
            return Flow::Continue;
        }
        if let Some((_, game)) = &mut self.game {
            if game.key(key) == After::Menu {
                self.game = None;
                if let Some(lobby) = &mut self.lobby {
                    lobby.refresh();
                }
            }
            return Flow::Continue;
        }
        if let Some(lobby) = &mut self.lobby {
            let after = lobby.key(key);
            return self.lobby_did(after);
        }
        match key {
            Key::Char('q') | Key::Esc => return Flow::Quit,
            Key::Enter | Key::Char(' ') => self.start(self.picked),
            Key::Char(c @ '1'..='9') => {
                let i = usize::from(c as u8 - b'1');
                if i < self.entries.len() {
                    self.picked = i;
                    self.start(i);
                }
            }
            _ => match Arrow::of(key, true) {
                Some(Arrow::Up) => self.picked = self.picked.saturating_sub(1),
                Some(Arrow::Down) => self.picked = (self.picked + 1).min(self.entries.len() - 1),
                _ => {}
            },
        }
        Flow::Continue
    }

    fn lobby_did(&mut self, after: LobbyAfter) -> Flow {
        match after {
            LobbyAfter::Stay => Flow::Continue,
            LobbyAfter::Quit => Flow::Quit,
            LobbyAfter::Open { title, screen } => {
                self.opened_at = self.clock;
                self.game = Some((title, screen));
                Flow::Continue
            }
        }
    }

    fn start(&mut self, i: usize) {
        let Some(entry) = self.entries.get(i) else {
            return;
        };
        match entry.start {
            Some(start) => {
                self.started += 1;
                self.note = None;
                self.opened_at = self.clock;
                self.game = Some((
                    entry.title.to_string(),
                    start(self.seed.child(self.started)),
                ));
            }
            None => self.note = Some(format!("{}: {}.", entry.title, entry.about)),
        }
    }

    /// Draws the whole screen.
    pub fn draw(&self, frame: &mut Frame<'_>) {
        let p = self.palette;
        let [top, body] =
            Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(frame.area());
        let title = match (&self.game, &self.lobby) {
            (Some((title, _)), _) => format!(" Stackyard · {title}"),
            (None, Some(_)) => " Stackyard · online lobby".to_string(),
            (None, None) => " Stackyard · pick a game".to_string(),
        };
        frame.render_widget(
            Paragraph::new(Line::styled(title, p.strong(Color::Green))),
            top,
        );
        match (&self.game, &self.lobby) {
            (Some((_, game)), _) => game.draw(frame, body, p),
            (None, Some(lobby)) => lobby.draw(frame, body, p),
            (None, None) => frame.render_widget(
                Paragraph::new(self.menu_text()).wrap(Wrap { trim: false }),
                body,
            ),
        }
    }

    fn menu_text(&self) -> Text<'static> {
        let p = self.palette;
        let mut lines = vec![Line::raw("")];
        for (i, e) in self.entries.iter().enumerate() {
            let style = if i == self.picked {
                p.cursor()
            } else if e.start.is_some() {
                p.strong(Color::White)
            } else {
                p.dim()
            };
            lines.push(Line::from(vec![
                Span::raw(format!("  {}  ", i + 1)),
                Span::styled(e.title.to_string(), style),
            ]));
            lines.push(Line::styled(format!("     {}", e.about), p.dim()));
            lines.push(Line::raw(""));
        }
        if let Some(note) = &self.note {
            lines.push(Line::styled(format!("  {note}"), p.warn()));
            lines.push(Line::raw(""));
        }
        lines.push(Line::styled(
            "  ↑/↓ or j/k choose, Enter or its number plays, q or Ctrl-C quits.",
            p.dim(),
        ));
        lines.push(Line::styled(
            "  In a game: q goes back here; each game lists its keys at the bottom.",
            p.dim(),
        ));
        Text::from(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picker_starts_games_and_ctrl_c_quits_anywhere() {
        let mut app = App::new(Seed(1), Palette::new(false));
        assert!(app.game().is_none());
        app.handle(Key::Char('2'));
        assert!(app.game().is_some());
        app.handle(Key::Char('q'));
        assert!(app.game().is_none(), "q in a game is back to the picker");
        app.handle(Key::Char('4'));
        assert!(app.game().is_none(), "a game the terminal cannot play");
        assert!(app.note.as_deref().unwrap_or("").contains("browser"));
        app.handle(Key::Up);
        app.handle(Key::Enter);
        assert!(app.game().is_some());
        assert_eq!(app.handle(Key::Interrupt), Flow::Quit);
    }
}
