//! The IceTowers screen drawn: the seats with their scores (I15) and hold
//! timers (I10), the towers of two pyramids or more as columns, bottom to
//! top (I2, I3: the top's colour controls it), each colour's lone pyramids
//! by size, what to do now, the table's story and the keys. Pyramids read
//! without colour: a colour's letter and its pips ("R3", a large red one);
//! a tower's number in brackets, `[12]`, is where Enter does something,
//! `(12)` the pyramid picked, and the cursor is reverse video.

use super::icetowers_state::{IceScreen, ME, Offer};
use crate::theme::Palette;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::{Line as TextLine, Span, Text};
use ratatui::widgets::{Paragraph, Wrap};
use stackyard_core::words::{LineKind, plural};
use stackyard_core::{Listed, Seat};
use stackyard_icetowers::piece::COLOUR_NAMES;
use stackyard_icetowers::{Action, IceTowers, PieceId, TowerId};

/// The smallest terminal the screen is drawn in (the app's title line apart).
const MIN: (u16, u16) = (80, 23);
/// Width of a lone pyramids' row label ("yellow ").
const LABEL: usize = 8;

/// The terminal's colour for a colour of pyramids (16 colours; black
/// shows as dark grey on a dark terminal).
fn colour_of(colour: usize) -> Color {
    match COLOUR_NAMES.get(colour).copied() {
        Some("red") => Color::Red,
        Some("yellow") => Color::Yellow,
        Some("green") => Color::Green,
        Some("blue") => Color::Blue,
        Some("black") => Color::DarkGray,
        _ => Color::White,
    }
}

fn colour_name(colour: usize) -> &'static str {
    COLOUR_NAMES.get(colour).copied().unwrap_or("white")
}

/// "R3": the colour's letter and the pyramid's pips (I1).
fn glyph(p: PieceId) -> String {
    let c = colour_name(p.colour().index());
    let letter = if c == "black" {
        'K'
    } else {
        c.chars().next().unwrap_or('?')
    };
    format!("{}{}", letter.to_ascii_uppercase(), p.pips())
}

fn size(p: PieceId) -> &'static str {
    ["small", "medium", "large"][usize::from(p.pips().clamp(1, 3) - 1)]
}

/// "large red pyramid".
pub(super) fn pyramid(p: PieceId) -> String {
    format!("{} {} pyramid", size(p), colour_name(p.colour().index()))
}

fn seconds(ms: u64) -> String {
    format!("{}.{} s", ms / 1000, ms % 1000 / 100)
}

fn clock(t: u64) -> String {
    let s = t / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

/// How a tower's number is marked: the cursor, a target, the last step's.
struct Marks {
    marked: Vec<TowerId>,
    cursor: Option<TowerId>,
    picked: Option<PieceId>,
    recent: Vec<TowerId>,
}

impl Marks {
    fn of(s: &IceScreen) -> Marks {
        Marks {
            marked: if s.playing() { s.marked() } else { Vec::new() },
            cursor: s.cursor_tower(),
            picked: s.picked,
            recent: s.recent.clone(),
        }
    }

    /// The tower's number with its mark, and its style: `[12]` where
    /// Enter does something, `(12)` the pyramid picked.
    fn label(&self, id: TowerId, alone: Option<PieceId>, p: Palette) -> (String, Style) {
        let picked = alone.is_some() && alone == self.picked;
        let target = self.marked.contains(&id);
        let text = if picked {
            format!("({})", id.0)
        } else if target {
            format!("[{}]", id.0)
        } else {
            id.0.to_string()
        };
        let mut style = match alone {
            Some(piece) => p.strong(colour_of(piece.colour().index())),
            None if self.recent.contains(&id) => p.last(),
            None => Style::default(),
        };
        if target {
            style = style.patch(p.target());
        }
        if self.cursor == Some(id) {
            style = style.patch(p.cursor());
        }
        (text, style)
    }
}

pub(super) fn draw(s: &IceScreen, frame: &mut Frame<'_>, area: Rect, p: Palette) {
    if !crate::screen::fits(frame, area, MIN.0, MIN.1) {
        return;
    }
    let marks = Marks::of(s);
    let rows = s.rows();
    let alone = alone_text(s, &rows, &marks, area.width, p);
    let tallest = rows[0]
        .iter()
        .filter_map(|&id| s.game().tower(id))
        .map(|t| t.pieces.len() as u16)
        .max()
        .unwrap_or(1);
    let seats = s.game().seats() as u16 + 1;
    let fixed = seats + 2 + alone.lines.len() as u16 + 2 + 2;
    // The log keeps three lines at the least; the columns take the rest they need.
    let room = area.height.saturating_sub(fixed + 3).max(1);
    let height = tallest.clamp(1, room);
    let [seats_area, towers, alone_area, status, story, keys] = Layout::vertical([
        Constraint::Length(seats),
        Constraint::Length(if rows[0].is_empty() { 2 } else { height + 2 }),
        Constraint::Length(alone.lines.len() as u16),
        Constraint::Length(2),
        Constraint::Min(1),
        Constraint::Length(2),
    ])
    .areas(area);
    frame.render_widget(Paragraph::new(seats_text(s, p)), seats_area);
    frame.render_widget(
        Paragraph::new(towers_text(s, &rows[0], &marks, height, towers.width, p)),
        towers,
    );
    frame.render_widget(Paragraph::new(alone), alone_area);
    frame.render_widget(
        Paragraph::new(status_text(s, p)).wrap(Wrap { trim: false }),
        status,
    );
    let text = if s.opened.is_some() {
        panel_text(s, p)
    } else {
        story_text(s, story.height, p)
    };
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: false }), story);
    frame.render_widget(Paragraph::new(keys_text(s, p)), keys);
}

/// The clock, then one line a seat: its name, score (I15) and state.
fn seats_text(s: &IceScreen, p: Palette) -> Text<'static> {
    let g = s.game();
    let now = s.now();
    let head = match g.started() {
        Some(at) => format!(
            " {} played · a pyramid taken out goes back down after {}",
            clock(now.millis_since(at)),
            plural(g.settings().hold_limit_ms.div_ceil(1000) as i64, "second")
        ),
        None => " Not started: the game starts when every seat is ready.".to_string(),
    };
    let mut lines = vec![TextLine::styled(head, p.dim())];
    let scores = stackyard_core::Game::scores(g);
    for (i, score) in scores.iter().enumerate() {
        let seat = Seat(i as u8);
        let name = if seat == ME {
            format!("You ({})", colour_name(i))
        } else {
            format!("{}, {}", s.names[i], s.bot_title)
        };
        let state = if g.ending().is_some() {
            String::new()
        } else if g.started().is_none() {
            if g.is_ready(seat) {
                "ready"
            } else {
                "not ready yet"
            }
            .to_string()
        } else if let Some(h) = g.hand(seat) {
            format!(
                "holding a {}: {} left",
                pyramid(h.piece),
                seconds(h.deadline.millis_since(now.min(h.deadline)))
            )
        } else if g.is_done(seat) {
            "done".to_string()
        } else {
            String::new()
        };
        lines.push(TextLine::from(vec![
            Span::raw(if seat == ME { " ▸ " } else { "   " }),
            Span::styled(format!("{name:<18}"), p.strong(colour_of(i))),
            Span::raw(format!("{:>10}  ", plural(*score, "point"))),
            Span::styled(
                state,
                if g.hand(seat).is_some() {
                    p.warn()
                } else {
                    p.dim()
                },
            ),
        ]));
    }
    Text::from(lines)
}

/// The towers of two pyramids or more, as columns bottom to top, a page
/// of them around the cursor when they do not all fit.
fn towers_text(
    s: &IceScreen,
    ids: &[TowerId],
    marks: &Marks,
    height: u16,
    width: u16,
    p: Palette,
) -> Text<'static> {
    let digits = ids
        .iter()
        .map(|id| id.0.to_string().len())
        .max()
        .unwrap_or(1)
        .max(2);
    // A number in brackets, and a space between columns.
    let cell = digits + 3;
    let per_page = (usize::from(width).saturating_sub(1) / cell).max(1);
    let at = marks
        .cursor
        .and_then(|c| ids.iter().position(|&id| id == c))
        .unwrap_or(0);
    let first = at / per_page * per_page;
    let page = &ids[first..(first + per_page).min(ids.len())];
    let mut head = vec![Span::styled(
        " Towers, bottom to top (the colour on top holds it):",
        p.dim(),
    )];
    if first > 0 {
        head.push(Span::styled(format!("  ◂ {} more", first), p.dim()));
    }
    let after = ids.len() - first - page.len();
    if after > 0 {
        head.push(Span::styled(format!("  {after} more ▸"), p.dim()));
    }
    let mut lines = vec![TextLine::from(head)];
    if ids.is_empty() {
        lines.push(TextLine::styled(
            "   None yet: every pyramid stands alone. Cap one to build a tower.",
            p.dim(),
        ));
        return Text::from(lines);
    }
    let h = usize::from(height);
    let mut grid: Vec<Vec<Span<'static>>> = vec![vec![Span::raw(" ")]; h + 1];
    for &id in page {
        let Some(t) = s.game().tower(id) else {
            continue;
        };
        let n = t.pieces.len();
        // Too tall for the room: the top pyramids, and how many are under them.
        let (hidden, shown) = if n > h { (n - (h - 1), h - 1) } else { (0, n) };
        for (row, line) in grid.iter_mut().take(h).enumerate() {
            let from_bottom = h - 1 - row;
            let span = if hidden > 0 && from_bottom == 0 {
                Span::styled(
                    format!(" {:>w$}  ", format!("+{hidden}"), w = digits),
                    p.dim(),
                )
            } else if from_bottom < shown + usize::from(hidden > 0) {
                let k = hidden + from_bottom - usize::from(hidden > 0);
                let piece = t.pieces[k];
                Span::styled(
                    format!(" {:>w$}  ", glyph(piece), w = digits),
                    p.strong(colour_of(piece.colour().index())),
                )
            } else {
                Span::raw(" ".repeat(cell))
            };
            line.push(span);
        }
        let (label, style) = marks.label(id, None, p);
        let pad = if label.starts_with('[') { "" } else { " " };
        grid[h].push(Span::raw(format!(
            "{pad}{}",
            " ".repeat(digits - id.0.to_string().len())
        )));
        let used = pad.len() + digits - id.0.to_string().len() + label.len();
        grid[h].push(Span::styled(label, style));
        grid[h].push(Span::raw(" ".repeat(cell - used)));
    }
    lines.extend(grid.into_iter().map(TextLine::from));
    Text::from(lines)
}

/// Each colour's lone pyramids by size, their tower numbers in the
/// colour, wrapped under their label when a row is too long.
fn alone_text(
    s: &IceScreen,
    rows: &[Vec<TowerId>],
    marks: &Marks,
    width: u16,
    p: Palette,
) -> Text<'static> {
    let width = usize::from(width);
    let mut lines = Vec::new();
    for (c, row) in rows.iter().enumerate().skip(1) {
        let colour = c - 1;
        let mut line = vec![Span::styled(
            format!(" {:<w$}", colour_name(colour), w = LABEL - 1),
            p.strong(colour_of(colour)),
        )];
        let mut used = LABEL;
        let mut last = 0;
        if row.is_empty() {
            line.push(Span::styled(" none stand alone", p.dim()));
        }
        for &id in row {
            let Some(piece) = s.game().tower(id).map(|t| t.pieces[0]) else {
                continue;
            };
            let mut chip = Vec::new();
            if piece.pips() != last {
                last = piece.pips();
                chip.push(Span::styled(format!(" {}", size(piece)), p.dim()));
            }
            let (label, style) = marks.label(id, Some(piece), p);
            chip.push(Span::raw(" "));
            chip.push(Span::styled(label, style));
            let w: usize = chip.iter().map(|c| c.width()).sum();
            if used + w > width {
                lines.push(TextLine::from(std::mem::take(&mut line)));
                line.push(Span::raw(" ".repeat(LABEL)));
                used = LABEL;
            }
            used += w;
            line.extend(chip);
        }
        lines.push(TextLine::from(line));
    }
    Text::from(lines)
}

/// What the person can do now, or how the game ended; then the last note.
fn status_text(s: &IceScreen, p: Palette) -> Text<'static> {
    let mut lines = Vec::new();
    if let Some((title, why)) = s.result() {
        lines.push(TextLine::from(vec![
            Span::styled(format!(" {title}. "), p.strong(Color::Green)),
            Span::raw(why),
        ]));
    } else {
        lines.push(TextLine::styled(
            format!(" {}", what_now(s)),
            p.strong(Color::White),
        ));
    }
    if let Some(note) = &s.note {
        let style = if note.warn {
            p.warn()
        } else {
            Style::default()
        };
        lines.push(TextLine::styled(format!(" {}", note.text), style));
    }
    Text::from(lines)
}

/// The browser's status line, in the terminal's keys.
fn what_now(s: &IceScreen) -> String {
    let g = s.game();
    if g.started().is_none() {
        return if g.is_ready(ME) {
            "Waiting for everyone to be ready…".into()
        } else {
            "Press Enter when you are ready: the game starts when everyone is.".into()
        };
    }
    let legal = s.legal_now();
    if let Some(id) = s.opened
        && !s.options().is_empty()
    {
        return format!(
            "Tower {}: press the number of what to do, Esc to close it.",
            id.0
        );
    }
    if let Some(held) = g.hand(ME) {
        return if legal.contains(&Action::SetDown) {
            "No tower takes it: set it down (s).".into()
        } else {
            format!(
                "You hold a {}: cap a marked tower with it.",
                pyramid(held.piece)
            )
        };
    }
    if g.is_done(ME) {
        return "You said you are done; the game ends when everyone is (d takes it back).".into();
    }
    if legal.iter().any(|a| matches!(a, Action::Cap { .. })) {
        return match s.picked {
            Some(piece) => format!(
                "Capping with a {}: Enter on a marked tower.",
                pyramid(piece)
            ),
            None => "Pick one of your pyramids (1 2 3 or Enter), then a tower to cap.".into(),
        };
    }
    let others = (0..g.seats()).all(|i| Seat(i as u8) == ME || g.is_done(Seat(i as u8)));
    let finish = if others {
        "press d to end the game"
    } else {
        "press d if you have finished"
    };
    let mine = legal.iter().any(|a| matches!(a, Action::Mine { .. }));
    let split = legal.iter().any(|a| matches!(a, Action::Split { .. }));
    let ways = match (mine, split) {
        (true, true) => "take one of yours out or split it",
        (true, false) => "take one of yours out",
        (false, true) => "split it",
        (false, false) => {
            return if others {
                "No plays left: press d to end the game.".into()
            } else {
                "No plays left for now: press d; the game ends when everyone is done.".into()
            };
        }
    };
    format!("None of your pyramids can cap now: open a marked tower to {ways}, or {finish}.")
}

/// The opened tower: what it holds, and what the person may do to it.
fn panel_text(s: &IceScreen, p: Palette) -> Text<'static> {
    let Some(t) = s.opened.and_then(|id| s.game().tower(id)) else {
        return Text::default();
    };
    let pieces: Vec<String> = t.pieces.iter().map(|&q| glyph(q)).collect();
    let mut lines = vec![TextLine::styled(
        format!(
            " Tower {}, bottom to top: {}; {}, {} on top.",
            t.id.0,
            pieces.join(" "),
            plural(i64::from(t.pips()), "pip"),
            colour_name(t.controller().index())
        ),
        p.strong(Color::White),
    )];
    let offers = s.options();
    if offers.is_empty() && s.playing() {
        let words = <IceTowers as Listed>::wire_constants()
            .into_iter()
            .find(|(name, _)| *name == "NOTHING_HERE")
            .and_then(|(_, v)| v["words"].as_str().map(str::to_string))
            .unwrap_or_default();
        lines.push(TextLine::styled(format!(" {words}"), p.dim()));
    }
    for (k, offer) in offers.iter().enumerate() {
        let text = match offer {
            Offer::Mine(piece, i) => format!(
                "Take it out: the {} ({} from the bottom)",
                pyramid(*piece),
                ordinal(i + 1)
            ),
            Offer::Split(at) => format!("Split here: {} stay below", plural(*at as i64, "pyramid")),
        };
        lines.push(TextLine::from(vec![
            Span::styled(format!("  {}  ", k + 1), p.target()),
            Span::raw(text),
        ]));
    }
    Text::from(lines)
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The table's story, newest last: the last step's lines bright.
fn story_text(s: &IceScreen, height: u16, p: Palette) -> Text<'static> {
    if s.log.is_empty() {
        return Text::from(vec![
            TextLine::styled(
                " Your pyramids are the red ones: R1 is small (1 pip), R2 medium, R3 large.",
                p.dim(),
            ),
            TextLine::styled(
                " Cap the other colours' towers: a tower's pips count for the colour on top.",
                p.dim(),
            ),
        ]);
    }
    let room = usize::from(height).max(1);
    let start = s.log.len().saturating_sub(room);
    let fresh_from = s.log.len() - s.fresh;
    let lines: Vec<TextLine<'static>> = s.log[start..]
        .iter()
        .enumerate()
        .map(|(k, l)| {
            let style = if l.kind == LineKind::End {
                p.strong(Color::Green)
            } else if start + k >= fresh_from {
                Style::default()
            } else {
                p.dim()
            };
            TextLine::styled(format!(" {}", l.text), style)
        })
        .collect();
    Text::from(lines)
}

fn keys_text(s: &IceScreen, p: Palette) -> Text<'static> {
    let g = s.game();
    let (first, second) = if g.ending().is_some() {
        ("arrows look at the table", "q menu  Ctrl-C quit")
    } else if g.started().is_none() {
        (
            "Enter ready  arrows look at the table",
            "q menu  Ctrl-C quit",
        )
    } else if s.opened.is_some() {
        (
            "1-9 do what the list says  Esc close  Enter on it closes it",
            "arrows/hjkl move  Tab next marked  q menu  Ctrl-C quit",
        )
    } else {
        (
            "1 2 3 pick a small, medium, large one  Enter pick, cap or open  Tab next [ ]",
            "arrows/hjkl move  s set down  d done  Esc drop  q menu  Ctrl-C quit",
        )
    };
    Text::from(vec![
        TextLine::styled(format!(" {first}"), p.dim()),
        TextLine::styled(format!(" {second}"), p.dim()),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::Key;
    use crate::screen::GameScreen;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use stackyard_core::{Driver, GameTime, Seed};
    use stackyard_icetowers::{Colour, Settings};

    /// A table with twenty towers of two (I6): more than 80 columns hold.
    fn crowded() -> IceScreen {
        let mut s = IceScreen::new(Seed(1));
        let mut d = Driver::<IceTowers>::new(Settings::new(3), Seed(1)).unwrap();
        let mut t = 0;
        let mut act = |d: &mut Driver<IceTowers>, seat: u8, action: Action| {
            t += 10;
            d.act(Seat(seat), action, GameTime::from_millis(t))
                .unwrap_or_else(|e| panic!("{action:?}: {:?}", e.error));
        };
        for seat in 0..3 {
            act(&mut d, seat, Action::Ready);
        }
        let piece = |c: u8, k: u8| PieceId::new(Colour(c), k);
        for k in 0..5u8 {
            let caps = [
                (1, piece(1, k), piece(0, 10 + k)),
                (1, piece(1, 5 + k), piece(0, 5 + k)),
                (2, piece(2, k), piece(0, k)),
                (2, piece(2, 5 + k), piece(1, 10 + k)),
            ];
            for (seat, with, onto) in caps {
                // At the start each pyramid is the tower of its own number (I2).
                let onto = TowerId(u32::from(onto.0));
                act(&mut d, seat, Action::Cap { piece: with, onto });
            }
        }
        s.driver = d;
        s
    }

    fn screen(s: &IceScreen, w: u16, h: u16) -> String {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| s.draw(f, f.area(), Palette::new(false)))
            .unwrap();
        t.backend().to_string()
    }

    /// Towers that do not fit are paged around the cursor, and say so.
    #[test]
    fn towers_that_do_not_fit_are_paged_around_the_cursor() {
        let mut s = crowded();
        assert_eq!(s.rows()[0].len(), 20);
        let first = screen(&s, 80, 23);
        assert!(
            first.contains("5 more ▸") && !first.contains("◂"),
            "{first}"
        );
        // The cursor starts on the first tower: right along them past the
        // page's edge.
        assert_eq!(s.cursor_tower(), Some(s.rows()[0][0]));
        for _ in 0..15 {
            s.key(Key::Right);
        }
        let second = screen(&s, 80, 23);
        assert!(
            second.contains("◂ 15 more") && !second.contains("more ▸"),
            "{second}"
        );
        assert_eq!(s.cursor_tower(), Some(s.rows()[0][15]));
        // Wide enough for all: no page.
        let wide = screen(&s, 120, 40);
        assert!(!wide.contains("more ▸") && !wide.contains("◂"), "{wide}");
    }

    /// I1: each pyramid reads without colour, its colour's letter and pips.
    #[test]
    fn a_pyramid_reads_by_letter_and_pips_i1() {
        assert_eq!(glyph(PieceId::new(Colour(0), 14)), "R3");
        assert_eq!(glyph(PieceId::new(Colour(1), 0)), "Y1");
        assert_eq!(glyph(PieceId::new(Colour(4), 7)), "K2");
        assert_eq!(pyramid(PieceId::new(Colour(2), 7)), "medium green pyramid");
    }
}
