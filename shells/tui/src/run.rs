//! The event loop: keys from a source, each handled by the app, the screen
//! drawn after each. The same loop runs on a real terminal (keys read by
//! crossterm) and in tests (keys from a list, ratatui's `TestBackend`).

use crate::app::{App, Flow};
use crate::keys::Key;
use ratatui::Terminal;
use ratatui::backend::Backend;
use std::io;

/// Draws, then for each key handles it and draws again, until the app
/// quits or the keys run out.
pub fn drive<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    keys: impl IntoIterator<Item = Key>,
) -> Result<(), B::Error> {
    terminal.draw(|f| app.draw(f))?;
    for key in keys {
        if app.handle(key) == Flow::Quit {
            break;
        }
        terminal.draw(|f| app.draw(f))?;
    }
    Ok(())
}

/// The terminal's keys, until reading fails (the error is kept).
#[derive(Default)]
pub struct TerminalKeys {
    /// Why reading stopped, if it failed.
    pub error: Option<io::Error>,
}

impl Iterator for TerminalKeys {
    type Item = Key;

    fn next(&mut self) -> Option<Key> {
        loop {
            match ratatui::crossterm::event::read() {
                Ok(event) => {
                    if let Some(key) = Key::from_event(&event) {
                        return Some(key);
                    }
                }
                Err(e) => {
                    self.error = Some(e);
                    return None;
                }
            }
        }
    }
}
