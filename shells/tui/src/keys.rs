//! The keys the app understands, as plain data: the event loop turns the
//! terminal's events into these, and tests send them directly, so every
//! screen is pure code (keys in, state out).

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// One key press (or a resize, which only asks for a redraw, or a tick of
/// the clock, which lets a real-time game's time run).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Enter (or Return).
    Enter,
    /// Escape.
    Esc,
    /// Backspace.
    Backspace,
    /// Tab.
    Tab,
    /// Ctrl-C: in raw mode the terminal sends it as a key, not a signal,
    /// so quitting on it is the app's job.
    Interrupt,
    /// The terminal changed size.
    Resize,
    /// The app's clock reads this many milliseconds since it began (never
    /// less than the tick before). The event loop sends one before each key
    /// and every [`TICK_MS`] between keys on a real terminal; a test sends
    /// its own, so its clock is a number, never the wall clock.
    Tick(u64),
}

/// How often the event loop ticks between keys on a real terminal, ms: a
/// hold timer counting down in tenths of a second reads smoothly.
pub const TICK_MS: u64 = 100;

impl Key {
    /// The key for a terminal event; `None` for what the app ignores
    /// (key releases, focus, paste, the mouse).
    pub fn from_event(event: &Event) -> Option<Key> {
        match event {
            Event::Key(k) => Key::from_key(k),
            Event::Resize(..) => Some(Key::Resize),
            _ => None,
        }
    }

    fn from_key(k: &KeyEvent) -> Option<Key> {
        // Terminals that report releases (kitty's protocol) would act twice.
        if k.kind == KeyEventKind::Release {
            return None;
        }
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        Some(match k.code {
            KeyCode::Char('c' | 'C') if ctrl => Key::Interrupt,
            // Ctrl-D reads as "I am done" in a terminal, like Ctrl-C.
            KeyCode::Char('d' | 'D') if ctrl => Key::Interrupt,
            KeyCode::Char(_) if ctrl => return None,
            KeyCode::Char(c) => Key::Char(c),
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::Enter => Key::Enter,
            KeyCode::Esc => Key::Esc,
            KeyCode::Backspace => Key::Backspace,
            KeyCode::Tab => Key::Tab,
            _ => return None,
        })
    }

    /// Keys for each character of `text` (tests and typed notation).
    pub fn text(text: &str) -> Vec<Key> {
        text.chars().map(Key::Char).collect()
    }
}

/// Which way a cursor key points, with hjkl read as arrows (vi's keys).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrow {
    /// Up (`k`).
    Up,
    /// Down (`j`).
    Down,
    /// Left (`h`).
    Left,
    /// Right (`l`).
    Right,
}

impl Arrow {
    /// The direction of an arrow key, or of h/j/k/l when `vi` allows them.
    pub fn of(key: Key, vi: bool) -> Option<Arrow> {
        match key {
            Key::Up => Some(Arrow::Up),
            Key::Down => Some(Arrow::Down),
            Key::Left => Some(Arrow::Left),
            Key::Right => Some(Arrow::Right),
            Key::Char('k') if vi => Some(Arrow::Up),
            Key::Char('j') if vi => Some(Arrow::Down),
            Key::Char('h') if vi => Some(Arrow::Left),
            Key::Char('l') if vi => Some(Arrow::Right),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ctrl_c_is_an_interrupt_and_releases_are_ignored() {
        let press = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(Key::from_event(&Event::Key(press)), Some(Key::Interrupt));
        let plain = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::NONE);
        assert_eq!(Key::from_event(&Event::Key(plain)), Some(Key::Char('c')));
        let mut release = plain;
        release.kind = KeyEventKind::Release;
        assert_eq!(Key::from_event(&Event::Key(release)), None);
        assert_eq!(Key::from_event(&Event::Resize(80, 24)), Some(Key::Resize));
    }

    #[test]
    fn hjkl_are_arrows_only_where_allowed() {
        assert_eq!(Arrow::of(Key::Char('h'), true), Some(Arrow::Left));
        assert_eq!(Arrow::of(Key::Char('h'), false), None);
        assert_eq!(Arrow::of(Key::Up, false), Some(Arrow::Up));
    }
}
