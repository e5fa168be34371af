//! The Towers screen drawn: the board with owners as letters (and
//! colours), heights as digits, the cursor in reverse video, legal targets
//! and the last move marked with brackets (readable without colour), the
//! scores, whose turn, the story in words, the evaluation on request.

use super::towers_state::{TowersScreen, colour};
use crate::theme::Palette;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use stackyard_towers::{Floor, Move, Square};

/// Each block takes five columns: a mark, three for the tower, a mark.
const CELL: u16 = 5;

/// The smallest terminal the screen is drawn in (8x8 fits 80x24).
fn needed(cols: u16, rows: u16) -> (u16, u16) {
    (3 + cols * CELL + 2 + 28, (rows + 4).max(16) + 3)
}

/// Draws the whole screen into `area`.
pub fn draw(s: &TowersScreen, frame: &mut Frame<'_>, area: Rect, palette: Palette) {
    let p = s.position();
    let (cols, rows) = (p.cols() as u16, p.rows() as u16);
    let (w, h) = needed(cols, rows);
    if !crate::screen::fits(frame, area, w, h) {
        return;
    }
    let [body, keys] = Layout::vertical([Constraint::Min(0), Constraint::Length(2)]).areas(area);
    let board_w = 3 + cols * CELL + 2;
    let [board, panel] =
        Layout::horizontal([Constraint::Length(board_w), Constraint::Min(0)]).areas(body);
    frame.render_widget(board_widget(s, palette), board);
    frame.render_widget(
        Paragraph::new(panel_text(s, palette, panel.height))
            .wrap(Wrap { trim: true })
            .block(Block::default().borders(Borders::LEFT)),
        panel,
    );
    frame.render_widget(
        Paragraph::new(keys_text(s, palette)).wrap(Wrap { trim: true }),
        keys,
    );
}

fn owner_style(top: Floor, palette: Palette) -> Style {
    match top {
        Floor::Black => palette.strong(Color::Magenta),
        Floor::White => palette.strong(Color::Cyan),
        Floor::Utility => palette.strong(Color::Yellow),
    }
}

/// The board, row 1 at the bottom as on paper, then the file letters and
/// what the marks mean.
fn board_widget(s: &TowersScreen, palette: Palette) -> Paragraph<'static> {
    let p = s.position();
    let (cols, rows) = (p.cols(), p.rows());
    let (from, to) = match s.last {
        Some(Move::Step { from, to }) => (Some(from), Some(to)),
        Some(Move::Place(at) | Move::Utility(at)) => (None, Some(at)),
        _ => (None, None),
    };
    // With a tower picked, its targets; otherwise those of the tower under
    // the cursor, so a player sees where it could go before picking it.
    let targets = s.targets(s.selected.unwrap_or(s.cursor));
    let placements = s.placements();
    let mut lines = Vec::new();
    for r in (0..rows).rev() {
        let mut spans = vec![Span::styled(format!("{:>2} ", r + 1), palette.dim())];
        for c in 0..cols {
            let sq = Square::new(c as u8, r as u8);
            let t = p.cells()[r * cols + c];
            let content = if t.is_empty() {
                " . ".to_string()
            } else {
                format!("{:<3}", t.token().chars().take(3).collect::<String>())
            };
            let (l, rr, mark) = if s.selected == Some(sq) {
                ('{', '}', palette.strong(Color::Green))
            } else if targets.contains(&sq) || placements.contains(&sq) {
                ('>', '<', palette.target())
            } else if to == Some(sq) {
                ('[', ']', palette.last())
            } else if from == Some(sq) {
                ('(', ')', palette.last())
            } else {
                (' ', ' ', Style::default())
            };
            let mut body = if t.is_empty() {
                palette.dim()
            } else {
                owner_style(t.top, palette)
            };
            let mut mark = mark;
            if targets.contains(&sq) || placements.contains(&sq) {
                body = body.patch(palette.target());
            }
            if s.cursor == sq {
                body = body.patch(palette.cursor());
                mark = mark.patch(palette.cursor());
            }
            spans.push(Span::styled(l.to_string(), mark));
            spans.push(Span::styled(content, body));
            spans.push(Span::styled(rr.to_string(), mark));
        }
        lines.push(Line::from(spans));
    }
    let mut files = String::from("   ");
    for c in 0..cols {
        files.push_str(&format!("  {}  ", char::from(b'a' + c as u8)));
    }
    lines.push(Line::styled(files, palette.dim()));
    lines.push(Line::from(vec![
        Span::styled("[ ]", palette.last()),
        Span::raw(" last move  "),
        Span::styled("( )", palette.last()),
        Span::raw(" from  "),
        Span::styled("> <", palette.target()),
        Span::raw(" can go"),
    ]));
    lines.push(Line::raw("B/W owner, digits floors, u utility"));
    Paragraph::new(Text::from(lines))
}

/// Scores, whose turn, the last note, the evaluation and the story: the
/// newest lines of the story that fit.
fn panel_text(s: &TowersScreen, palette: Palette, height: u16) -> Text<'static> {
    let p = s.position();
    let scores = p.scores();
    let clocks = s.feed().and_then(|f| f.clocks_now());
    let mut lines = Vec::new();
    for c in [
        stackyard_towers::Color::Black,
        stackyard_towers::Color::White,
    ] {
        let floor = match c {
            stackyard_towers::Color::Black => Floor::Black,
            stackyard_towers::Color::White => Floor::White,
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{:<6}", colour(c)), owner_style(floor, palette)),
            Span::raw(format!(
                "{:>3}  {}{}",
                scores[c.index()],
                s.names[c.index()],
                clocks
                    .as_ref()
                    .and_then(|k| k.get(c.index()))
                    .map(|ms| format!("  {}", crate::online::clock_text(*ms)))
                    .unwrap_or_default()
            )),
        ]));
    }
    lines.push(Line::styled(s.turn_words(), palette.strong(Color::White)));
    if let Some(m) = s.last {
        lines.push(Line::styled(format!("Last move: {m}"), palette.last()));
    }
    if let Some(note) = &s.note {
        let style = if note.warn {
            palette.warn()
        } else {
            Style::default()
        };
        lines.push(Line::styled(note.text.clone(), style));
    }
    if let Some(eval) = &s.eval {
        lines.push(Line::styled(eval.clone(), palette.fg(Color::Cyan)));
    }
    if s.help {
        lines.push(Line::raw(
            "Move a tower onto a tower exactly as many blocks away as it is high, \
             in a straight line; towers cut off from a tallest tower are demolished. \
             The most floors on towers you own wins.",
        ));
    }
    lines.push(Line::raw(""));
    // Roughly what fits: each story line may wrap once on a narrow panel.
    let room = usize::from(height).saturating_sub(lines.len() + 2) / 2 + 1;
    let story = s.story();
    let start = story.len().saturating_sub(room);
    for l in &story[start..] {
        let rule = l
            .rule
            .as_ref()
            .map(|r| format!(" ({r})"))
            .unwrap_or_default();
        let style = match l.kind {
            stackyard_core::words::LineKind::Fell => palette.warn(),
            stackyard_core::words::LineKind::End => palette.strong(Color::Green),
            _ => Style::default(),
        };
        lines.push(Line::from(vec![
            Span::styled(l.text.clone(), style),
            Span::styled(rule, palette.dim()),
        ]));
    }
    Text::from(lines)
}

fn keys_text(s: &TowersScreen, palette: Palette) -> Text<'static> {
    if let Some(prompt) = &s.prompt {
        return Text::from(vec![
            Line::from(vec![
                Span::styled("Move: ", palette.strong(Color::Green)),
                Span::raw(format!("{}_", prompt.text())),
            ]),
            Line::styled(
                "Type a move like c3-c5, +c3 or pass; Enter plays it, Esc cancels.",
                palette.dim(),
            ),
        ]);
    }
    let over = outcome_line(s);
    let first = if s.feed().is_some() {
        "arrows/hjkl cursor  Enter pick/drop  : type a move  e evaluation  R resign"
    } else {
        "arrows/hjkl cursor  Enter pick/drop  : type a move  e evaluation  u undo"
    };
    Text::from(vec![
        Line::styled(first, palette.dim()),
        Line::styled(over, palette.dim()),
    ])
}

/// The second line of keys: those of a finished game, or of one in play.
fn outcome_line(s: &TowersScreen) -> String {
    if s.feed().is_some() {
        return "p pass  ? rules  r reconnect  q lobby  Ctrl-C quit".into();
    }
    if s.outcome_words().is_some() {
        "n new game (colours swap)  u undo  q menu  Ctrl-C quit".into()
    } else {
        "p pass  ? rules  q menu  Ctrl-C quit".into()
    }
}
