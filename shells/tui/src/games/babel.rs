//! Tower of Babel, local: the line of stacks with each top tile's suit in
//! its colour and symbol, keys to draw and to move the stack under the
//! cursor, the hint with the chance of a full win, undo. Rules and words
//! are the game crate's (`stackyard_babel`); the hint is `babel_hint.rs`.

use crate::keys::Key;
use crate::online::TableFeed;
use crate::screen::Note;
use crate::screen::{After, GameScreen, Prompt};
use crate::theme::Palette;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::{Line as TextLine, Span, Text};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use stackyard_babel::{Action, Babel, SUIT_SYMBOLS, Settings, Tile, Variant, View};
use stackyard_core::words::{Line, LineKind, Told};
use stackyard_core::{ActError, Driver, GameTime, Listed, RuleError, Seat, Seed, Viewer};

/// Columns a stack takes on the screen.
const STACK: u16 = 7;
/// How many lines of the story the screen keeps.
const LOG_LINES: usize = 40;

/// Where the game is kept.
enum Table {
    /// Here: the driver keeps the record, any step can be taken back.
    Local {
        driver: Box<Driver<Babel>>,
        history: Vec<(Driver<Babel>, usize, Vec<Line>)>,
    },
    /// A table on a server: the line is the server's view (its undrawn
    /// tiles a stand-in order, B8: the screen never draws from it), the
    /// steps go over the table's connection, the hint is the server's.
    Online {
        feed: Box<TableFeed>,
        game: Box<Babel>,
    },
}

/// A game of Tower of Babel (hidden order, B8), here or online.
pub struct BabelScreen {
    table: Table,
    seed: Seed,
    cursor: usize,
    now: u64,
    log: Vec<Line>,
    note: Option<Note>,
    hint: Option<String>,
    hints: u64,
    prompt: Option<Prompt>,
    games: u64,
}

impl BabelScreen {
    /// A new standard game dealt from `seed` (B-6).
    pub fn new(seed: Seed) -> BabelScreen {
        let settings = Settings {
            variant: Variant::Standard,
            deal: None,
            // Undo here is the screen's own (any step back): the game's
            // B-8 undo is for tables that record it.
            undo: false,
        };
        BabelScreen {
            table: Table::Local {
                driver: Box::new(Driver::new(settings, seed).expect("the standard settings")),
                history: Vec::new(),
            },
            seed,
            cursor: 0,
            now: 0,
            log: Vec::new(),
            note: None,
            hint: None,
            hints: 0,
            prompt: None,
            games: 0,
        }
    }

    /// The seat at an online table, its connection in `feed`.
    pub fn online(feed: TableFeed) -> BabelScreen {
        let mut screen = BabelScreen::new(Seed(0));
        let game = Babel::hidden(Seed(0), Variant::Standard);
        screen.table = Table::Online {
            feed: Box::new(feed),
            game: Box::new(game),
        };
        screen.take_news(0);
        screen
    }

    fn game(&self) -> &Babel {
        match &self.table {
            Table::Local { driver, .. } => driver.game(),
            Table::Online { game, .. } => game,
        }
    }

    fn feed(&self) -> Option<&TableFeed> {
        match &self.table {
            Table::Online { feed, .. } => Some(feed),
            Table::Local { .. } => None,
        }
    }

    fn is_over(&self) -> bool {
        match &self.table {
            Table::Local { driver, .. } => driver.is_over(),
            Table::Online { feed, game } => feed.ended.is_some() || game.is_finished(),
        }
    }

    /// The story so far, newest last.
    fn story(&self) -> &[Line] {
        match &self.table {
            Table::Online { feed, .. } => &feed.log,
            Table::Local { .. } => &self.log,
        }
    }

    /// Online: takes what the server sent and redraws the line from its
    /// view; a new tile puts the cursor on it, as here.
    fn take_news(&mut self, now: u64) {
        let Table::Online { feed, game } = &mut self.table else {
            return;
        };
        if !feed.poll(now) {
            return;
        }
        if let Some(view) = feed.view_as::<View>()
            && let Ok(g) = Babel::from_view(&view)
        {
            if g.stacks() > game.stacks() {
                self.cursor = g.stacks() - 1;
            }
            **game = g;
        }
        if let Some(problem) = feed.problem.take() {
            self.note = Some(Note {
                text: problem,
                warn: true,
            });
        }
        if let Some((action, text)) = feed.hint.take() {
            let action = action.and_then(|a| serde_json::from_value::<Action>(a).ok());
            self.hint = Some(match action {
                Some(a) => format!("hint: {a} ({text})"),
                None => format!("hint: {text}"),
            });
        }
        self.cursor = self.cursor.min(self.game().stacks().saturating_sub(1));
    }

    fn say(&mut self, text: impl Into<String>, warn: bool) {
        self.note = Some(Note {
            text: text.into(),
            warn,
        });
    }

    fn act(&mut self, action: Action) {
        if self.is_over() {
            let text = if self.feed().is_some() {
                "The game is over: q goes back to the lobby."
            } else {
                "The game is over: n deals a new one, u takes the last step back, q goes to the menu."
            };
            return self.say(text, false);
        }
        let (driver, history) = match &mut self.table {
            Table::Online { feed, .. } => {
                if !feed.my_turn() || feed.pending.is_some() {
                    return self.say("Wait: the table is not ready for a step.", true);
                }
                // The server judges it; a refusal comes back in its words.
                feed.act(serde_json::to_value(action).unwrap_or_default());
                self.note = None;
                self.hint = None;
                return;
            }
            Table::Local { driver, history } => (driver, history),
        };
        let saved = ((**driver).clone(), self.cursor, self.log.clone());
        self.now += 1;
        match driver.act(Seat(0), action, GameTime::from_millis(self.now)) {
            Ok(step) => {
                history.push(saved);
                let view = driver.view(Viewer::Seat(Seat(0)));
                let told = Told::from_view(&view, Some(Seat(0)), &[]);
                self.log
                    .extend(<Babel as Listed>::narrate(&step.events, &told));
                let excess = self.log.len().saturating_sub(LOG_LINES);
                self.log.drain(..excess);
                self.cursor = match action {
                    // The new tile is the one a player looks at next.
                    Action::Draw => self.game().stacks().saturating_sub(1),
                    Action::Move { from, gap } => usize::from(from - gap) - 1,
                    _ => self.cursor,
                };
                self.note = None;
                self.hint = None;
            }
            Err(r) => {
                let text = match r.error {
                    ActError::Rule(e) => e.refusal(),
                    other => other.to_string(),
                };
                self.say(text, true);
            }
        }
        self.cursor = self.cursor.min(self.game().stacks().saturating_sub(1));
    }

    /// Moves the stack under the cursor `gap` places left (B5).
    fn stack_onto(&mut self, gap: u8) {
        let from = u8::try_from(self.cursor + 1).unwrap_or(u8::MAX);
        self.act(Action::Move { from, gap });
    }

    /// The gaps the stack at 0-based `i` may move now (1, 3).
    fn gaps(&self, i: usize) -> Vec<u8> {
        self.game()
            .legal_moves()
            .into_iter()
            .filter_map(|a| match a {
                Action::Move { from, gap } if usize::from(from) == i + 1 => Some(gap),
                _ => None,
            })
            .collect()
    }

    fn undo(&mut self) {
        let Table::Local {
            driver: now,
            history,
        } = &mut self.table
        else {
            if self.game().can_undo() {
                return self.act(Action::Undo);
            }
            return self.say("This table takes no step back.", true);
        };
        match history.pop() {
            Some((driver, cursor, log)) => {
                **now = driver;
                self.cursor = cursor;
                self.log = log;
                self.hint = None;
                self.say("The last step is taken back.", false);
            }
            None => self.say("Nothing to take back yet.", true),
        }
    }

    fn typed(&mut self, text: &str) {
        let text = text.trim().to_lowercase();
        let parsed = if text == "d" {
            Ok(Action::Draw)
        } else {
            text.parse::<Action>()
        };
        match parsed {
            Ok(Action::Undo) => self.undo(),
            Ok(a) => self.act(a),
            Err(e) => self.say(format!("{e}."), true),
        }
    }

    fn ask_hint(&mut self) {
        if let Table::Online { feed, .. } = &mut self.table {
            // The server's strongest bot, counted on the table (B-7).
            feed.request("hint");
            return;
        }
        self.hints += 1;
        self.hint = Some(super::babel_hint::hint(
            self.game(),
            self.seed.child(self.hints),
        ));
    }

    fn new_game(&mut self) {
        if self.feed().is_some() {
            return self.say(
                "q goes back to the lobby, where n opens a new table.",
                false,
            );
        }
        self.games += 1;
        let mut next = BabelScreen::new(self.seed.child(100 + self.games));
        next.seed = self.seed;
        next.games = self.games;
        *self = next;
    }
}

impl GameScreen for BabelScreen {
    fn key(&mut self, key: Key) -> After {
        if let Some(typed) = Prompt::route(&mut self.prompt, key) {
            if let Some(text) = typed {
                self.typed(&text);
            }
            return After::Stay;
        }
        let last = self.game().stacks().saturating_sub(1);
        match key {
            Key::Left => self.cursor = self.cursor.saturating_sub(1),
            Key::Right => self.cursor = (self.cursor + 1).min(last),
            Key::Up => self.cursor = self.cursor.saturating_sub(STACKS_A_ROW),
            Key::Down => self.cursor = (self.cursor + STACKS_A_ROW).min(last),
            Key::Char('d') => self.act(Action::Draw),
            Key::Char('1') => self.stack_onto(1),
            Key::Char('3') => self.stack_onto(3),
            Key::Enter | Key::Char(' ') => match self.gaps(self.cursor).as_slice() {
                [gap] => self.stack_onto(*gap),
                [] => self.say(
                    "This stack cannot move: its top matches neither the stack 1 nor the stack 3 to its left.",
                    true,
                ),
                _ => self.say("It can go two ways: 1 onto its left neighbour, 3 onto the third to its left.", false),
            },
            Key::Char('e') => self.act(Action::End),
            Key::Char('h' | '?') => self.ask_hint(),
            Key::Char('u') => self.undo(),
            Key::Char(':') => self.prompt = Some(Prompt::default()),
            Key::Char('n') if self.is_over() => self.new_game(),
            Key::Esc | Key::Char('q') => return After::Menu,
            _ => {}
        }
        After::Stay
    }

    fn draw(&self, frame: &mut Frame<'_>, area: Rect, palette: Palette) {
        if !crate::screen::fits(frame, area, 7 + STACK * 10, 20) {
            return;
        }
        let per_row = usize::from((area.width - 2) / STACK).max(1);
        let rows = self.game().stacks().div_ceil(per_row).max(1) as u16;
        let [line, panel, keys] = Layout::vertical([
            Constraint::Length(rows * 4 + 2),
            Constraint::Min(0),
            Constraint::Length(2),
        ])
        .areas(area);
        frame.render_widget(
            Paragraph::new(self.line_text(per_row, palette)).block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(" the line, left to right "),
            ),
            line,
        );
        frame.render_widget(
            Paragraph::new(self.panel_text(panel.height, palette)).wrap(Wrap { trim: true }),
            panel,
        );
        frame.render_widget(
            Paragraph::new(self.keys_text(palette)).wrap(Wrap { trim: true }),
            keys,
        );
    }

    fn legal(&self) -> Vec<String> {
        let waiting = self
            .feed()
            .is_some_and(|f| !f.my_turn() || f.pending.is_some());
        if self.is_over() || waiting {
            return Vec::new();
        }
        self.game()
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn outcome(&self) -> Option<String> {
        if !self.is_over() {
            return None;
        }
        let stacks = self.game().stacks();
        let result = match stacks {
            1 => "a full win",
            2 | 3 => "a partial win",
            _ => "a loss",
        };
        Some(format!(
            "Game over: {}, {result}.",
            stackyard_core::words::plural(stacks as i64, "stack")
        ))
    }

    /// Empty online: the server keeps that record.
    fn record_json(&self) -> String {
        match &self.table {
            Table::Local { driver, .. } => {
                serde_json::to_string(driver.record()).unwrap_or_default()
            }
            Table::Online { .. } => String::new(),
        }
    }

    fn advance(&mut self, now_ms: u64) {
        self.take_news(now_ms);
    }
}

/// The stacks a row shows when the terminal is 80 columns wide.
const STACKS_A_ROW: usize = 11;

fn suit_style(t: Tile, palette: Palette) -> Style {
    palette.strong(match t.suit() {
        0 => Color::Yellow,
        1 => Color::Cyan,
        2 => Color::Red,
        _ => Color::Green,
    })
}

impl BabelScreen {
    /// Four lines a row of stacks: position, top tile (symbol, suit letter,
    /// value), height, and where it may go (`<1`, `<3`).
    fn line_text(&self, per_row: usize, palette: Palette) -> Text<'static> {
        let line = self.game().line();
        let mut lines = Vec::new();
        if line.is_empty() {
            lines.push(TextLine::raw(
                "No tile is out yet: press d to draw the first.",
            ));
        }
        let targets: Vec<usize> = self
            .gaps(self.cursor)
            .iter()
            .filter_map(|g| self.cursor.checked_sub(usize::from(*g)))
            .collect();
        for (row, chunk) in line.chunks(per_row).enumerate() {
            let mut number = Vec::new();
            let mut tile = Vec::new();
            let mut height = Vec::new();
            let mut moves = Vec::new();
            for (k, stack) in chunk.iter().enumerate() {
                let i = row * per_row + k;
                let Some(&top) = stack.last() else { continue };
                let symbol = SUIT_SYMBOLS[usize::from(top.suit())];
                let mut style = suit_style(top, palette);
                if targets.contains(&i) {
                    style = style.patch(palette.target());
                }
                if i == self.cursor {
                    style = style.patch(palette.cursor());
                }
                let mark = if targets.contains(&i) { ">" } else { " " };
                number.push(Span::styled(format!("{:>3}    ", i + 1), palette.dim()));
                tile.push(Span::raw(format!(" {mark}")));
                tile.push(Span::styled(format!("{symbol}{top}"), style));
                tile.push(Span::raw("  "));
                height.push(Span::styled(
                    format!("  ×{:<4}", stack.len()),
                    palette.dim(),
                ));
                let gaps: Vec<String> = self.gaps(i).iter().map(|g| format!("<{g}")).collect();
                moves.push(Span::styled(
                    format!(" {:<6}", gaps.join("")),
                    palette.target(),
                ));
            }
            for spans in [number, tile, height, moves] {
                lines.push(TextLine::from(spans));
            }
        }
        Text::from(lines)
    }

    fn panel_text(&self, height: u16, palette: Palette) -> Text<'static> {
        let g = self.game();
        let mut lines = vec![TextLine::styled(
            format!(
                "{}, {} still to draw.",
                stackyard_core::words::plural(g.stacks() as i64, "stack"),
                stackyard_core::words::plural(g.undrawn_count() as i64, "tile")
            ),
            palette.strong(Color::White),
        )];
        if let Some(o) = self.outcome() {
            lines.push(TextLine::styled(o, palette.strong(Color::Green)));
        }
        if let Some(note) = &self.note {
            let style = if note.warn {
                palette.warn()
            } else {
                Style::default()
            };
            lines.push(TextLine::styled(note.text.clone(), style));
        }
        if let Some(hint) = &self.hint {
            lines.push(TextLine::styled(hint.clone(), palette.fg(Color::Cyan)));
        }
        let room = usize::from(height).saturating_sub(lines.len() + 2).max(1);
        let story = self.story();
        let start = story.len().saturating_sub(room);
        for l in &story[start..] {
            let style = if l.kind == LineKind::End {
                palette.strong(Color::Green)
            } else {
                palette.dim()
            };
            lines.push(TextLine::styled(l.text.clone(), style));
        }
        Text::from(lines)
    }

    fn keys_text(&self, palette: Palette) -> Text<'static> {
        if let Some(prompt) = &self.prompt {
            return Text::from(vec![
                TextLine::from(vec![
                    Span::styled("Action: ", palette.strong(Color::Green)),
                    Span::raw(format!("{}_", prompt.text())),
                ]),
                TextLine::styled(
                    "Type draw, 4<1, 5<3 or end; Enter does it, Esc cancels.",
                    palette.dim(),
                ),
            ]);
        }
        let second = if self.is_over() {
            "n new deal  u undo  q menu  Ctrl-C quit"
        } else {
            "Enter move it  e end  : type  q menu  Ctrl-C quit"
        };
        Text::from(vec![
            TextLine::styled(
                "d draw  arrows pick a stack  1 onto its left  3 onto the third left  h hint  u undo",
                palette.dim(),
            ),
            TextLine::styled(second, palette.dim()),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_move_and_undo_by_keys() {
        let mut s = BabelScreen::new(Seed(7));
        for _ in 0..6 {
            s.key(Key::Char('d'));
        }
        assert_eq!(s.game().undrawn_count(), 18);
        assert_eq!(s.cursor, 5, "the cursor follows the new tile");
        let moves = s.game().legal_moves();
        if let Some(Action::Move { from, gap }) = moves.first().copied() {
            while s.cursor + 1 > usize::from(from) {
                s.key(Key::Left);
            }
            s.key(Key::Char(char::from(b'0' + gap)));
            assert_eq!(s.game().stacks(), 5, "B5: one stack went onto another");
            s.key(Key::Char('u'));
            assert_eq!(s.game().stacks(), 6);
        }
        s.key(Key::Char('h'));
        assert!(s.hint.as_deref().unwrap_or("").starts_with("hint: draw"));
    }

    #[test]
    fn a_refused_move_is_said_and_changes_nothing() {
        let mut s = BabelScreen::new(Seed(7));
        s.key(Key::Char('d'));
        s.key(Key::Char('1'));
        assert!(s.note.as_ref().is_some_and(|n| n.warn));
        assert_eq!(s.game().stacks(), 1);
        let Table::Local { driver, .. } = &s.table else {
            unreachable!("a local game")
        };
        assert_eq!(driver.record().actions.len(), 1);
    }
}
