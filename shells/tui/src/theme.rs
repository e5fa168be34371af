//! Colours, or none: every style the screens use comes from a [`Palette`],
//! which drops colours when `NO_COLOR` is set (no-color.org) and keeps to
//! the 16 basic colours, which every colour terminal has. Without colour
//! the screens still read: owners are letters, marks are brackets, the
//! cursor is reverse video.

use ratatui::style::{Color, Modifier, Style};

/// The styles of one run of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    color: bool,
}

impl Palette {
    /// Colours unless `NO_COLOR` is set to anything but the empty string.
    pub fn from_env() -> Palette {
        Palette::new(std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()))
    }

    /// With colours or without.
    pub fn new(color: bool) -> Palette {
        Palette { color }
    }

    /// Whether colours are used.
    pub fn colored(self) -> bool {
        self.color
    }

    /// Text in `color` (plain without colours).
    pub fn fg(self, color: Color) -> Style {
        if self.color {
            Style::default().fg(color)
        } else {
            Style::default()
        }
    }

    /// Text that stands out: bold, and in `color` when colours are on.
    pub fn strong(self, color: Color) -> Style {
        self.fg(color).add_modifier(Modifier::BOLD)
    }

    /// Text that stays back: dim.
    pub fn dim(self) -> Style {
        Style::default().add_modifier(Modifier::DIM)
    }

    /// The cursor: reverse video reads without colour too.
    pub fn cursor(self) -> Style {
        Style::default().add_modifier(Modifier::REVERSED)
    }

    /// A place a move may go: green, and underlined for no colour.
    pub fn target(self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::UNDERLINED)
    }

    /// What went wrong, told to the player.
    pub fn warn(self) -> Style {
        self.fg(Color::Red)
    }

    /// The last move.
    pub fn last(self) -> Style {
        self.fg(Color::Yellow)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_drops_colours_but_keeps_the_cursor() {
        let plain = Palette::new(false);
        assert_eq!(plain.fg(Color::Red), Style::default());
        assert_eq!(plain.target().fg, None);
        assert!(plain.cursor().add_modifier.contains(Modifier::REVERSED));
        assert_eq!(Palette::new(true).fg(Color::Red).fg, Some(Color::Red));
    }
}
