//! The event loop: keys from a source, each handled by the app, the screen
//! drawn after each. The same loop runs on a real terminal (keys read by
//! crossterm, with ticks of the clock between them) and in tests (keys and
//! ticks from a list, ratatui's `TestBackend`).

use crate::app::{App, Flow};
use crate::keys::{Key, TICK_MS};
use ratatui::Terminal;
use ratatui::backend::Backend;
use std::io;
use std::time::{Duration, Instant};

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

/// The terminal's keys, each after a [`Key::Tick`] of the clock (so an
/// action is stamped with the time it was pressed), and a tick every
/// [`TICK_MS`] while no key comes, until reading fails (the error is
/// kept). The one place the wall clock is read.
pub struct TerminalKeys {
    /// Why reading stopped, if it failed.
    pub error: Option<io::Error>,
    began: Instant,
    queued: Option<Key>,
}

impl Default for TerminalKeys {
    fn default() -> Self {
        TerminalKeys {
            error: None,
            began: Instant::now(),
            queued: None,
        }
    }
}

impl TerminalKeys {
    fn tick(&self) -> Key {
        Key::Tick(u64::try_from(self.began.elapsed().as_millis()).unwrap_or(u64::MAX))
    }
}

impl Iterator for TerminalKeys {
    type Item = Key;

    fn next(&mut self) -> Option<Key> {
        if let Some(key) = self.queued.take() {
            return Some(key);
        }
        use ratatui::crossterm::event;
        let read = event::poll(Duration::from_millis(TICK_MS)).and_then(|ready| {
            if ready {
                event::read().map(|e| Key::from_event(&e))
            } else {
                Ok(None)
            }
        });
        match read {
            Ok(key) => {
                self.queued = key;
                Some(self.tick())
            }
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }
}
