//! The terminal taken over for full-screen play, and given back: a guard
//! that enters raw mode and the alternate screen and, when dropped (the
//! normal end, an error, Ctrl-C, which the app reads as a key) or on a
//! panic (a hook that runs before the panic's message is printed), leaves
//! them again and shows the cursor.

use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use std::io::{self, Write};
use std::sync::Once;

/// The terminal in full-screen mode while this lives.
pub struct Guard {
    _private: (),
}

impl Guard {
    /// Enters raw mode and the alternate screen. If either fails, what was
    /// already changed is put back before the error is returned.
    pub fn enter() -> io::Result<Guard> {
        install_panic_hook();
        enable_raw_mode()?;
        // From here on, dropping the guard restores whatever was changed.
        let guard = Guard { _private: () };
        execute!(io::stdout(), EnterAlternateScreen, Hide)?;
        Ok(guard)
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// Gives the terminal back: the main screen, the cursor, cooked mode.
/// Safe to call twice (a panic's hook and then the guard's drop).
pub fn restore() {
    let mut out = io::stdout();
    // Nothing more can be done if the terminal is gone.
    let _ = execute!(out, LeaveAlternateScreen, Show);
    let _ = disable_raw_mode();
    let _ = out.flush();
}

/// A panic restores the terminal first, so its message is readable and the
/// shell is usable; then the usual hook prints it.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}
