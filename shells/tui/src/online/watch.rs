//! Any online table in words: the game's own text of the table (its
//! `describe`: Towers' board, Babel's line, IceTowers' towers, Speedy's
//! towers and piles, Leaning's pieces by level), the seats, the clocks and
//! the story as it happens. Speedy and Leaning seats need aim, and the
//! terminal seats only Towers online, so for any other seat the screen
//! says to use the browser.

use super::table::TableFeed;
use crate::keys::Key;
use crate::screen::{After, GameScreen};
use crate::theme::Palette;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use stackyard_core::words::LineKind;

/// Watching one table.
pub struct WatchScreen {
    /// The table.
    pub feed: TableFeed,
    /// Which line of the table's text is at the top (↑/↓ scroll).
    scroll: u16,
}

impl WatchScreen {
    /// Watches the table `feed` follows.
    pub fn new(feed: TableFeed) -> WatchScreen {
        WatchScreen { feed, scroll: 0 }
    }

    fn header(&self, p: Palette) -> Text<'static> {
        let f = &self.feed;
        let names = f.names();
        let clocks = f.clocks_now();
        let seats: Vec<Span<'static>> = f
            .table
            .seats
            .iter()
            .enumerate()
            .flat_map(|(i, s)| {
                let mut text = format!("{}. {}", i + 1, names[i]);
                if let Some(ms) = clocks.as_ref().and_then(|c| c.get(i)) {
                    text.push_str(&format!(" {}", clock_text(*ms)));
                }
                if !s.connected && s.kind == "person" && s.taken {
                    text.push_str(" (away)");
                }
                let style =
                    if f.to_act == stackyard_core::ToAct::Seat(stackyard_core::Seat(i as u8)) {
                        p.strong(Color::Green)
                    } else {
                        Style::default()
                    };
                [Span::styled(text, style), Span::raw("   ")]
            })
            .collect();
        let mut lines = vec![
            Line::from(vec![
                Span::styled(
                    format!("Watching table {}", f.table.id),
                    p.strong(Color::White),
                ),
                Span::styled(format!(" · {}", f.table.status), p.dim()),
            ]),
            Line::from(seats),
            Line::styled(f.status_words(), p.strong(Color::White)),
        ];
        if let Some(why) = &f.closed {
            lines.push(Line::styled(
                format!("Disconnected: {why}. r reconnects."),
                p.warn(),
            ));
        }
        Text::from(lines)
    }

    fn table_text(&self) -> String {
        match &self.feed.view {
            None => "Waiting for the table…".into(),
            Some(view) => self.feed.kind.describe(view).unwrap_or_else(|| {
                "This game has no words for its table; the story on the right tells each step."
                    .into()
            }),
        }
    }
}

/// "4:59", "0:07.3" under ten seconds.
pub fn clock_text(ms: i64) -> String {
    let ms = ms.max(0);
    let (m, s) = (ms / 60_000, (ms / 1000) % 60);
    if ms < 10_000 {
        format!("{m}:{s:02}.{}", (ms / 100) % 10)
    } else {
        format!("{m}:{s:02}")
    }
}

/// The newest lines of the story that fit `height`, styled by kind.
pub fn story(feed: &TableFeed, height: u16, p: Palette) -> Text<'static> {
    let room = usize::from(height).saturating_sub(1) / 2 + 1;
    let start = feed.log.len().saturating_sub(room);
    let lines: Vec<Line<'static>> = feed.log[start..]
        .iter()
        .map(|l| {
            let style = match l.kind {
                LineKind::Fell => p.warn(),
                LineKind::End => p.strong(Color::Green),
                _ if l.mine => p.fg(Color::Cyan),
                _ => Style::default(),
            };
            let rule = l
                .rule
                .as_ref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default();
            Line::from(vec![
                Span::styled(l.text.clone(), style),
                Span::styled(rule, p.dim()),
            ])
        })
        .collect();
    if lines.is_empty() {
        return Text::styled("Nothing has happened yet.", p.dim());
    }
    Text::from(lines)
}

impl GameScreen for WatchScreen {
    fn key(&mut self, key: Key) -> After {
        match key {
            Key::Esc | Key::Char('q') => return After::Menu,
            Key::Char('r') if self.feed.closed.is_some() => {
                if let Err(e) = self.feed.reconnect() {
                    self.feed.closed = Some(e.0);
                }
            }
            Key::Up | Key::Char('k') => self.scroll = self.scroll.saturating_sub(1),
            Key::Down | Key::Char('j') => self.scroll = self.scroll.saturating_add(1),
            _ => {}
        }
        After::Stay
    }

    fn advance(&mut self, now_ms: u64) {
        self.feed.poll(now_ms);
    }

    fn draw(&self, frame: &mut Frame<'_>, area: Rect, palette: Palette) {
        let [head, body, keys] = Layout::vertical([
            Constraint::Length(4),
            Constraint::Min(0),
            Constraint::Length(1),
        ])
        .areas(area);
        frame.render_widget(
            Paragraph::new(self.header(palette)).wrap(Wrap { trim: true }),
            head,
        );
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(58), Constraint::Percentage(42)])
                .areas(body);
        let text = self.table_text();
        let most = u16::try_from(text.lines().count()).unwrap_or(u16::MAX);
        frame.render_widget(
            Paragraph::new(text)
                .wrap(Wrap { trim: false })
                .scroll((self.scroll.min(most.saturating_sub(1)), 0)),
            left,
        );
        frame.render_widget(
            Paragraph::new(story(&self.feed, right.height, palette))
                .wrap(Wrap { trim: true })
                .block(Block::default().borders(Borders::LEFT)),
            right,
        );
        frame.render_widget(
            Paragraph::new(Line::styled(
                "↑/↓ scroll  q lobby  Ctrl-C quit  · to take a seat here, use the browser",
                palette.dim(),
            )),
            keys,
        );
    }

    fn legal(&self) -> Vec<String> {
        Vec::new()
    }

    fn outcome(&self) -> Option<String> {
        self.feed.result_words()
    }

    /// Empty: the server keeps an online table's record
    /// (`GET /api/v1/tables/{id}/record` once it is over).
    fn record_json(&self) -> String {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_in_minutes_and_tenths_near_the_end() {
        assert_eq!(clock_text(300_000), "5:00");
        assert_eq!(clock_text(61_500), "1:01");
        assert_eq!(clock_text(7_340), "0:07.3");
        assert_eq!(clock_text(-5), "0:00.0");
    }
}
