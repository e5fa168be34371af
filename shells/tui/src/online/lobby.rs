//! The online lobby: the server's open tables (to join) and those being
//! played (to watch), a new Towers table against a bot or a person, quick
//! pairing and signing in. What it opens is a table screen: a Towers seat
//! on the board the local game uses, any other table watched in words.

use super::client::{ListedGame, OnlineError, Server};
use super::table::TableFeed;
use super::watch::WatchScreen;
use crate::games::{PLAYED_ONLINE, SOLITAIRE_ONLINE, seat_online, seats_online};
use crate::keys::{Arrow, Key};
use crate::screen::{GameScreen, Note, Prompt};
use crate::theme::Palette;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Paragraph, Wrap};
use stackyard_core::host::GameKind;
use stackyard_server::protocol::{Joined, TableSummary};
use std::collections::HashMap;
use std::sync::OnceLock;

/// How often the lobby's lists are read again while it shows, ms.
const REFRESH_MS: u64 = 5_000;
/// How often a wait for an opponent asks again, ms (the server wants
/// every second or two).
const PAIRING_MS: u64 = 1_500;

/// The games' rules and words, for the tables opened.
fn kind(game: &str) -> Option<&'static dyn GameKind> {
    static REGISTRY: OnceLock<stackyard_core::host::Registry> = OnceLock::new();
    REGISTRY.get_or_init(stackyard_registry::registry).get(game)
}

/// What the lobby is doing.
enum Mode {
    /// Showing the tables.
    List,
    /// The sign-in form: a name, then a password.
    SignIn {
        name: Prompt,
        password: Option<Prompt>,
    },
    /// Choosing the opponent of a new Towers table.
    NewTable,
    /// Waiting for quick pairing; when it last asked.
    Pairing { asked_at: u64 },
}

/// What a key did in the lobby.
pub enum LobbyAfter {
    /// Stay in the lobby.
    Stay,
    /// Leave the app.
    Quit,
    /// A table opened: show its screen.
    Open {
        /// The title line's words.
        title: String,
        /// The table's screen.
        screen: Box<dyn GameScreen>,
    },
}

/// The lobby of one server.
pub struct Lobby {
    server: Server,
    guest: String,
    games: Vec<ListedGame>,
    open: Vec<TableSummary>,
    playing: Vec<TableSummary>,
    picked: usize,
    mode: Mode,
    note: Option<Note>,
    refreshed_at: Option<u64>,
    now: u64,
    /// The seats this client holds, by table: Enter on such a table goes
    /// back to the seat (its token kept), not to a spectator's view.
    seats: HashMap<String, Joined>,
}

impl Lobby {
    /// The lobby of `server`, a guest playing as `guest` until signed in.
    /// Reads the games and tables at once: a server that does not answer
    /// is an error here, before the screen opens.
    pub fn connect(server: Server, guest: String) -> Result<Lobby, OnlineError> {
        let games = server.games()?;
        let mut lobby = Lobby {
            server,
            guest,
            games,
            open: Vec::new(),
            playing: Vec::new(),
            picked: 0,
            mode: Mode::List,
            note: None,
            refreshed_at: None,
            now: 0,
            seats: HashMap::new(),
        };
        lobby.refresh();
        Ok(lobby)
    }

    /// The tables listed now: open ones first, then those being played.
    pub fn rows(&self) -> impl Iterator<Item = &TableSummary> {
        self.open.iter().chain(&self.playing)
    }

    /// The note shown under the lists, if any.
    pub fn note(&self) -> Option<&str> {
        self.note.as_ref().map(|n| n.text.as_str())
    }

    fn say(&mut self, text: impl Into<String>, warn: bool) {
        self.note = Some(Note {
            text: text.into(),
            warn,
        });
    }

    /// Reads the lists again.
    pub fn refresh(&mut self) {
        self.refreshed_at = Some(self.now);
        let read = self
            .server
            .tables("open")
            .and_then(|open| Ok((open, self.server.tables("playing")?)));
        match read {
            Ok((open, playing)) => {
                // Daily deals are private; a table of a game this client
                // does not know cannot be drawn.
                let keep = |t: &TableSummary| t.daily.is_none() && kind(&t.game).is_some();
                self.open = open.into_iter().filter(keep).collect();
                self.playing = playing.into_iter().filter(keep).collect();
                self.picked = self.picked.min(self.rows().count().saturating_sub(1));
            }
            Err(e) => self.say(e.0, true),
        }
    }

    /// Lets time pass: the lists are read again now and then, and a wait
    /// for an opponent asks whether one was found.
    pub fn advance(&mut self, now: u64) -> LobbyAfter {
        self.now = now;
        match self.mode {
            Mode::List
                if self
                    .refreshed_at
                    .is_none_or(|at| now.saturating_sub(at) >= REFRESH_MS) =>
            {
                self.refresh();
            }
            Mode::Pairing { asked_at } if now.saturating_sub(asked_at) >= PAIRING_MS => {
                self.mode = Mode::Pairing { asked_at: now };
                match self.server.pairing() {
                    Ok(status) if status.state == "paired" => {
                        self.mode = Mode::List;
                        if let Some(table) = status.table {
                            let opponent = status.opponent.unwrap_or_else(|| "someone".into());
                            self.say(format!("Paired with {opponent}."), false);
                            return self.take_seat(&table);
                        }
                    }
                    Ok(status) if status.state == "idle" => {
                        self.mode = Mode::List;
                        self.say("The wait for an opponent ended; p waits again.", true);
                    }
                    Ok(_) => {}
                    Err(e) => {
                        self.mode = Mode::List;
                        self.say(e.0, true);
                    }
                }
            }
            _ => {}
        }
        LobbyAfter::Stay
    }

    /// Handles one key.
    pub fn key(&mut self, key: Key) -> LobbyAfter {
        match &mut self.mode {
            Mode::SignIn { name, password } => {
                match (key, password.as_mut()) {
                    (Key::Esc, _) => self.mode = Mode::List,
                    (Key::Enter, None) => *password = Some(Prompt::default()),
                    (Key::Enter, Some(pw)) => {
                        let (who, secret) = (name.text().trim().to_string(), pw.text().to_string());
                        self.mode = Mode::List;
                        match self.server.sign_in(&who, &secret) {
                            Ok(()) => {
                                let as_name = self.server.account().unwrap_or(&who).to_string();
                                self.say(format!("Signed in as {as_name}."), false);
                            }
                            Err(e) => self.say(e.0, true),
                        }
                    }
                    (_, Some(pw)) => {
                        pw.key(key);
                    }
                    (_, None) => {
                        name.key(key);
                    }
                }
                return LobbyAfter::Stay;
            }
            Mode::NewTable => {
                self.mode = Mode::List;
                return match key {
                    Key::Char('b') => self.new_table(PLAYED_ONLINE, true),
                    Key::Char('p') => self.new_table(PLAYED_ONLINE, false),
                    Key::Char('t') => self.new_table(SOLITAIRE_ONLINE, false),
                    _ => LobbyAfter::Stay,
                };
            }
            Mode::Pairing { .. } => {
                if matches!(key, Key::Esc | Key::Char('q')) {
                    self.mode = Mode::List;
                    match self.server.unpair() {
                        Ok(()) => self.say("Not waiting for an opponent any more.", false),
                        Err(e) => self.say(e.0, true),
                    }
                }
                return LobbyAfter::Stay;
            }
            Mode::List => {}
        }
        let count = self.rows().count();
        if let Some(arrow) = Arrow::of(key, true) {
            match arrow {
                Arrow::Up => self.picked = self.picked.saturating_sub(1),
                Arrow::Down => self.picked = (self.picked + 1).min(count.saturating_sub(1)),
                _ => {}
            }
            return LobbyAfter::Stay;
        }
        match key {
            Key::Char('q') | Key::Esc => return LobbyAfter::Quit,
            Key::Enter | Key::Char(' ') => return self.enter(false),
            Key::Char('w') => return self.enter(true),
            Key::Char('r') => {
                self.note = None;
                self.refresh();
            }
            Key::Char('n') => {
                self.note = None;
                self.mode = Mode::NewTable;
            }
            Key::Char('s') => {
                self.note = None;
                self.mode = Mode::SignIn {
                    name: Prompt::default(),
                    password: None,
                };
            }
            Key::Char('p') => self.pair(),
            _ => {}
        }
        LobbyAfter::Stay
    }

    /// Enter on a row: join an open Towers table, watch any other.
    fn enter(&mut self, watch: bool) -> LobbyAfter {
        let Some(table) = self.rows().nth(self.picked).cloned() else {
            self.say(
                "No table is listed: n opens one, r reads the lists again.",
                true,
            );
            return LobbyAfter::Stay;
        };
        if !watch && let Some(joined) = self.seats.get(&table.id).cloned() {
            return self.sit(table, joined);
        }
        if watch || table.status != "open" {
            return self.watch(table);
        }
        if !seats_online(&table.game) {
            self.say(
                format!(
                    "The terminal seats Towers and Tower of Babel online: w watches this {} table; take a seat in the browser.",
                    table.title
                ),
                true,
            );
            return LobbyAfter::Stay;
        }
        self.take_seat(&table.id)
    }

    fn watch(&mut self, table: TableSummary) -> LobbyAfter {
        let Some(kind) = kind(&table.game) else {
            return LobbyAfter::Stay;
        };
        let title = format!("{} · watching", table.title);
        match TableFeed::open(self.server.socket_url(&table.id), None, kind, table) {
            Ok(feed) => LobbyAfter::Open {
                title,
                screen: Box::new(WatchScreen::new(feed)),
            },
            Err(e) => {
                self.say(e.0, true);
                LobbyAfter::Stay
            }
        }
    }

    /// Takes a seat at table `id` and opens its screen.
    fn take_seat(&mut self, id: &str) -> LobbyAfter {
        let seated = self
            .server
            .join(id, Some(&self.guest))
            .and_then(|joined| Ok((self.server.table(&joined.table)?, joined)));
        let (summary, joined) = match seated {
            Ok(ok) => ok,
            Err(e) => {
                self.say(e.0, true);
                return LobbyAfter::Stay;
            }
        };
        self.seats.insert(joined.table.clone(), joined.clone());
        self.sit(summary, joined)
    }

    /// Opens the screen of a seat this client holds.
    fn sit(&mut self, summary: TableSummary, joined: Joined) -> LobbyAfter {
        let game = summary.game.clone();
        let Some(kind) = kind(&game) else {
            return LobbyAfter::Stay;
        };
        let title = format!("{} · online, table {}", summary.title, joined.table);
        let url = self.server.socket_url(&joined.table);
        let opened = TableFeed::open(url, Some(joined.token), kind, summary)
            .map(|feed| seat_online(&game, feed));
        match opened {
            Ok(Some(screen)) => LobbyAfter::Open { title, screen },
            Ok(None) => LobbyAfter::Stay,
            Err(e) => {
                self.say(e.0, true);
                LobbyAfter::Stay
            }
        }
    }

    /// A new table of `game`: against its first bot, or for people.
    fn new_table(&mut self, game: &str, against_bot: bool) -> LobbyAfter {
        let Some(game) = self.games.iter().find(|g| g.name == game).cloned() else {
            self.say("This server does not host that game.", true);
            return LobbyAfter::Stay;
        };
        let level = against_bot.then(|| {
            game.about
                .first_bot
                .clone()
                .or_else(|| game.bot_levels.first().map(|l| l.name.clone()))
                .unwrap_or_default()
        });
        match self.server.create(&game, level.as_deref()) {
            Ok(table) => self.take_seat(&table.id),
            Err(e) => {
                self.say(e.0, true);
                LobbyAfter::Stay
            }
        }
    }

    fn pair(&mut self) {
        if self.server.account().is_none() {
            return self.say("Quick pairing is for accounts: s signs in.", true);
        }
        match self.server.pair(PLAYED_ONLINE) {
            Ok(status) => {
                self.mode = Mode::Pairing { asked_at: self.now };
                self.say(
                    format!("Waiting for a Towers opponent ({}).", status.state),
                    false,
                );
            }
            Err(e) => self.say(e.0, true),
        }
    }

    /// Draws the lobby.
    pub fn draw(&self, frame: &mut Frame<'_>, area: Rect, p: Palette) {
        let [head, body, keys] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(0),
            Constraint::Length(2),
        ])
        .areas(area);
        let who = match self.server.account() {
            Some(name) => format!("signed in as {name}"),
            None => format!("a guest, playing as {}", self.guest),
        };
        frame.render_widget(
            Paragraph::new(Line::from(vec![
                Span::styled(format!(" {}", self.server.url()), p.strong(Color::White)),
                Span::styled(format!(" · {who}"), p.dim()),
            ])),
            head,
        );
        frame.render_widget(
            Paragraph::new(self.lists(p, body.height)).wrap(Wrap { trim: false }),
            body,
        );
        frame.render_widget(
            Paragraph::new(self.keys_text(p)).wrap(Wrap { trim: true }),
            keys,
        );
    }

    fn lists(&self, p: Palette, height: u16) -> Text<'static> {
        let mut lines = Vec::new();
        let row = |i: usize, t: &TableSummary| {
            let levels = kind(&t.game).map(|k| k.bot_levels()).unwrap_or_default();
            let names: Vec<String> = t
                .seats
                .iter()
                .map(|s| match (&s.name, &s.level, s.taken) {
                    (Some(n), _, _) => n.clone(),
                    (None, Some(level), _) => levels
                        .iter()
                        .find(|l| &l.name == level)
                        .map_or_else(|| format!("bot {level}"), |l| l.title.clone()),
                    (None, None, false) => "free".into(),
                    (None, None, true) => "taken".into(),
                })
                .collect();
            let mine = if self.seats.contains_key(&t.id) {
                "  (your seat: Enter goes back)"
            } else {
                ""
            };
            let style = if i == self.picked {
                p.cursor()
            } else {
                Style::default()
            };
            Line::from(vec![
                Span::raw("  "),
                Span::styled(format!("{:<16} {:<10}", t.title, t.id), style),
                Span::styled(format!("  {}", names.join(", ")), p.dim()),
                Span::styled(mine, p.strong(Color::Green)),
            ])
        };
        lines.push(Line::styled(
            "Open tables (Enter takes a Towers or Tower of Babel seat):",
            p.strong(Color::Green),
        ));
        if self.open.is_empty() {
            lines.push(Line::styled("  none: n opens one", p.dim()));
        }
        for (i, t) in self.open.iter().enumerate() {
            lines.push(row(i, t));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            "Being played (Enter or w watches):",
            p.strong(Color::Green),
        ));
        if self.playing.is_empty() {
            lines.push(Line::styled("  none right now", p.dim()));
        }
        for (i, t) in self.playing.iter().enumerate() {
            lines.push(row(self.open.len() + i, t));
        }
        // Keep the picked row on screen: drop rows from the top.
        let room = usize::from(height).saturating_sub(3);
        let picked_line = self.picked + 1 + usize::from(self.picked >= self.open.len()) * 3;
        if picked_line >= room && room > 0 {
            lines.drain(..(picked_line + 1 - room).min(lines.len()));
        }
        if let Some(note) = &self.note {
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                note.text.clone(),
                if note.warn {
                    p.warn()
                } else {
                    Style::default()
                },
            ));
        }
        Text::from(lines)
    }

    fn keys_text(&self, p: Palette) -> Text<'static> {
        let (first, second) = match &self.mode {
            Mode::List => (
                "↑/↓ choose  Enter join or watch  w watch  n new table  p quick pairing".to_string(),
                "s sign in  r read again  q quit  Ctrl-C quit".to_string(),
            ),
            Mode::NewTable => (
                "New table: b Towers against the Easy bot, p Towers for a person to join, t Tower of Babel".into(),
                "any other key: back".into(),
            ),
            Mode::SignIn { name, password } => match password {
                None => (format!("Account name: {}_", name.text()), "Enter next, Esc cancel".into()),
                Some(pw) => (
                    format!(
                        "Password for {}: {}_",
                        name.text(),
                        "*".repeat(pw.text().chars().count())
                    ),
                    "Enter signs in, Esc cancel".into(),
                ),
            },
            Mode::Pairing { .. } => (
                "Waiting for a Towers opponent of about your rating…".into(),
                "Esc stops waiting".into(),
            ),
        };
        Text::from(vec![
            Line::styled(first, p.strong(Color::White)),
            Line::styled(second, p.dim()),
        ])
    }
}
