//! One online table as the client keeps it: the last view and summary,
//! whose turn, the clocks, how it ended, and the story in the game's own
//! words (the registry's `narrate`, from the viewer's side). Both online
//! screens (a Towers seat, any table watched) read it.

use super::client::OnlineError;
use super::link::{Incoming, TableLink};
use serde_json::Value;
use stackyard_core::host::GameKind;
use stackyard_core::words::{Line, LineKind, Tell};
use stackyard_core::{Ending, Outcome, Seat, ToAct};
use stackyard_server::protocol::{ClockState, ServerMessage, TableSummary};

/// How many lines of the story a table keeps.
const LOG_LINES: usize = 200;

/// A table followed over its connection.
pub struct TableFeed {
    link: TableLink,
    url: String,
    token: Option<String>,
    /// The game's rules and words.
    pub kind: &'static dyn GameKind,
    /// The table as last told.
    pub table: TableSummary,
    /// This client's seat; `None` when watching.
    pub seat: Option<Seat>,
    /// The game's view for this viewer, once welcomed.
    pub view: Option<Value>,
    /// Who may act.
    pub to_act: ToAct,
    /// Each seat's clock and the app's time when it was told.
    pub clocks: Option<(Vec<ClockState>, u64)>,
    /// How it ended, once over.
    pub ended: Option<Ending>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// The latest step's events (a screen marks the last move from them).
    pub last_events: Vec<Value>,
    /// The story so far.
    pub log: Vec<Line>,
    /// The last refusal or problem, in words.
    pub problem: Option<String>,
    /// Why the connection ended, if it did.
    pub closed: Option<String>,
    /// The request waiting for its ack.
    pub pending: Option<u64>,
    /// The last hint the server answered: the action it suggests (the
    /// game's JSON), if any, and its words.
    pub hint: Option<(Option<Value>, String)>,
    now: u64,
}

impl TableFeed {
    /// Connects to `table` at its socket `url`, as the seat whose `token`
    /// it is, or watching.
    pub fn open(
        url: String,
        token: Option<String>,
        kind: &'static dyn GameKind,
        table: TableSummary,
    ) -> Result<TableFeed, OnlineError> {
        let link = TableLink::open(&url, token.as_deref())?;
        Ok(TableFeed {
            link,
            url,
            token,
            kind,
            table,
            seat: None,
            view: None,
            to_act: ToAct::Nobody,
            clocks: None,
            ended: None,
            outcome: None,
            last_events: Vec::new(),
            log: Vec::new(),
            problem: None,
            closed: None,
            pending: None,
            hint: None,
            now: 0,
        })
    }

    /// Opens the connection again after it ended (a fresh welcome redraws
    /// the table as it is now).
    pub fn reconnect(&mut self) -> Result<(), OnlineError> {
        self.link = TableLink::open(&self.url, self.token.as_deref())?;
        self.closed = None;
        self.pending = None;
        Ok(())
    }

    /// The seats' names, by seat: a person's name, a bot's level title;
    /// a name two seats share is told apart by its seat number.
    pub fn names(&self) -> Vec<String> {
        let levels = self.kind.bot_levels();
        let names: Vec<String> = self
            .table
            .seats
            .iter()
            .map(|s| match (&s.name, &s.level) {
                (Some(name), _) => name.clone(),
                (None, Some(level)) => levels
                    .iter()
                    .find(|l| &l.name == level)
                    .map_or_else(|| format!("Bot ({level})"), |l| l.title.clone()),
                (None, None) => format!("Seat {}", s.seat + 1),
            })
            .collect();
        names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                if names.iter().filter(|m| *m == n).count() > 1 {
                    format!("{n} {}", i + 1)
                } else {
                    n.clone()
                }
            })
            .collect()
    }

    /// The view as the game's own type (`None` before the welcome, or if
    /// it is not that game's).
    pub fn view_as<V: serde::de::DeserializeOwned>(&self) -> Option<V> {
        serde_json::from_value(self.view.clone()?).ok()
    }

    /// Whether it is this seat's turn now (never while disconnected: an
    /// action could not be sent).
    pub fn my_turn(&self) -> bool {
        if self.closed.is_some() {
            return false;
        }
        match (&self.to_act, self.seat) {
            (ToAct::Seat(s), Some(me)) => *s == me && self.ended.is_none(),
            (ToAct::AnySeat, Some(_)) => self.ended.is_none(),
            _ => false,
        }
    }

    /// Sends the game action `action` for this seat.
    pub fn act(&mut self, action: Value) {
        self.problem = None;
        self.pending = Some(self.link.act(action));
    }

    /// Sends a request without fields (`resign`, `offer_draw`, …).
    pub fn request(&mut self, kind: &str) {
        self.problem = None;
        self.pending = Some(self.link.request(kind, Value::Object(Default::default())));
    }

    /// Takes what arrived; `true` when something changed. `now` is the
    /// app's clock, for the clocks' countdown.
    pub fn poll(&mut self, now: u64) -> bool {
        self.now = now;
        let arrived = self.link.poll();
        let changed = !arrived.is_empty();
        for incoming in arrived {
            match incoming {
                Incoming::Message(m) => self.take(*m),
                Incoming::Closed(why) => {
                    if self.closed.is_none() {
                        self.closed = Some(why);
                    }
                }
            }
        }
        changed
    }

    fn take(&mut self, message: ServerMessage) {
        match message {
            ServerMessage::Welcome {
                table,
                viewer,
                view,
                to_act,
                clocks,
                ended,
                outcome,
                past,
                ..
            } => {
                self.table = table;
                self.seat = match viewer {
                    stackyard_core::Viewer::Seat(s) => Some(s),
                    stackyard_core::Viewer::Spectator => None,
                };
                let view = view.value();
                self.log.clear();
                for step in past {
                    let lines = self.narrate(step.events, &view, None);
                    self.push(lines);
                }
                self.view = Some(view);
                self.to_act = to_act;
                self.clocks = clocks.map(|c| (c, self.now));
                self.ended = ended;
                self.outcome = outcome;
            }
            ServerMessage::Step {
                events,
                view,
                to_act,
                clocks,
                ended,
                outcome,
                ..
            } => {
                let view = view.value();
                let before = self.view.take();
                let lines = self.narrate(events.clone(), &view, before);
                self.push(lines);
                self.last_events = events;
                self.view = Some(view);
                self.to_act = to_act;
                self.clocks = clocks.map(|c| (c, self.now));
                if ended.is_some() {
                    let end =
                        ended_words(ended.as_ref(), outcome.as_ref(), self.seat, &self.names());
                    self.push(vec![Line::new(LineKind::End, end, None)]);
                }
                self.ended = ended;
                self.outcome = outcome;
            }
            ServerMessage::Ack { id, .. } => {
                if self.pending == Some(id) {
                    self.pending = None;
                }
            }
            ServerMessage::Error { id, message, .. } => {
                if id.is_some() && self.pending == id {
                    self.pending = None;
                }
                self.problem = Some(message);
            }
            ServerMessage::Table { table } => self.table = table,
            ServerMessage::DrawOffered { seat } => {
                let who = stackyard_core::words::Who {
                    viewer: self.seat,
                    names: &self.names(),
                }
                .name(seat);
                self.push(vec![Line::new(
                    LineKind::Info,
                    format!("{who} offered a draw."),
                    None,
                )]);
            }
            ServerMessage::DrawAnswered { accepts, .. } => {
                let text = if accepts {
                    "The bot accepted the draw."
                } else {
                    "The bot declined the draw."
                };
                self.push(vec![Line::new(LineKind::Info, text, None)]);
            }
            ServerMessage::Hint { id, action, text } => {
                if self.pending == Some(id) {
                    self.pending = None;
                }
                self.hint = Some((action, text));
            }
            ServerMessage::Pong { .. } => {}
        }
    }

    fn narrate(&self, events: Vec<Value>, view: &Value, before: Option<Value>) -> Vec<Line> {
        if events.is_empty() {
            return Vec::new();
        }
        let tell = Tell {
            events,
            view: view.clone(),
            before,
            settings: Some(self.table.settings.clone()),
            viewer: self.seat,
            names: self.names(),
        };
        self.kind
            .narrate(&tell)
            .unwrap_or_else(|e| vec![Line::new(LineKind::Info, e, None)])
    }

    fn push(&mut self, lines: Vec<Line>) {
        self.log.extend(lines);
        let excess = self.log.len().saturating_sub(LOG_LINES);
        self.log.drain(..excess);
    }

    /// Each seat's clock now, ms left (the running one counted down since
    /// it was told).
    pub fn clocks_now(&self) -> Option<Vec<i64>> {
        let (clocks, at) = self.clocks.as_ref()?;
        let since = i64::try_from(self.now.saturating_sub(*at)).unwrap_or(i64::MAX);
        Some(
            clocks
                .iter()
                .map(|c| {
                    if c.running && self.ended.is_none() {
                        (c.remaining_ms - since).max(0)
                    } else {
                        c.remaining_ms
                    }
                })
                .collect(),
        )
    }

    /// How the game ended, in words from this viewer's side.
    pub fn result_words(&self) -> Option<String> {
        self.ended.as_ref()?;
        Some(ended_words(
            self.ended.as_ref(),
            self.outcome.as_ref(),
            self.seat,
            &self.names(),
        ))
    }

    /// Whose turn, or that the table waits for players, in words.
    pub fn status_words(&self) -> String {
        if let Some(r) = self.result_words() {
            return r;
        }
        if self.table.status == "open" {
            return "Waiting for every seat to be taken.".into();
        }
        let names = self.names();
        let who = stackyard_core::words::Who {
            viewer: self.seat,
            names: &names,
        };
        match self.to_act {
            ToAct::Seat(s) if Some(s) == self.seat => "Your move.".into(),
            ToAct::Seat(s) => format!("{} to move.", who.name(s)),
            ToAct::AnySeat => "Everyone plays at once.".into(),
            ToAct::Nobody => "Nobody is to act.".into(),
        }
    }
}

/// "You won, 40 to 24.", "Ann resigned: you won.", "A draw, agreed." …
fn ended_words(
    ended: Option<&Ending>,
    outcome: Option<&Outcome>,
    me: Option<Seat>,
    names: &[String],
) -> String {
    let who = stackyard_core::words::Who { viewer: me, names };
    let winners = outcome.map(|o| o.winners.as_slice()).unwrap_or_default();
    let verdict = match winners {
        [] => "nobody won".to_string(),
        [w] if Some(*w) == me => "you won".to_string(),
        [w] if me.is_some() => format!("you lost; {} won", who.name(*w)),
        [w] => format!("{} won", who.name(*w)),
        many => {
            let names: Vec<String> = many.iter().map(|&w| who.name(w)).collect();
            format!("{} shared the win", names.join(" and "))
        }
    };
    let scores = outcome
        .map(|o| {
            let s: Vec<String> = o.scores.iter().map(i64::to_string).collect();
            format!(" (scores {})", s.join(", "))
        })
        .unwrap_or_default();
    let how = match ended {
        Some(Ending::Resigned { seat }) => format!("{} resigned: ", who.name(*seat)),
        Some(Ending::TimedOut { seat }) => format!("{} ran out of time: ", who.name(*seat)),
        Some(Ending::Abandoned { seat }) => format!("{} left the game: ", who.name(*seat)),
        Some(Ending::DrawAgreed) => return format!("Game over: a draw, agreed{scores}."),
        _ => String::new(),
    };
    let mut text = format!("Game over: {how}{verdict}{scores}.");
    if how.is_empty() && winners.is_empty() && outcome.is_some() {
        text = format!("Game over: a draw{scores}.");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_end_is_said_from_the_viewers_side() {
        let names = vec!["Ann".to_string(), "Easy bot".to_string()];
        let won = Outcome {
            scores: vec![40, 24],
            winners: vec![Seat(0)],
        };
        assert_eq!(
            ended_words(Some(&Ending::Rules), Some(&won), Some(Seat(0)), &names),
            "Game over: you won (scores 40, 24)."
        );
        assert_eq!(
            ended_words(Some(&Ending::Rules), Some(&won), Some(Seat(1)), &names),
            "Game over: you lost; Ann won (scores 40, 24)."
        );
        assert_eq!(
            ended_words(Some(&Ending::Rules), Some(&won), None, &names),
            "Game over: Ann won (scores 40, 24)."
        );
        assert_eq!(
            ended_words(
                Some(&Ending::Resigned { seat: Seat(1) }),
                Some(&won),
                None,
                &names
            ),
            "Game over: Easy bot resigned: Ann won (scores 40, 24)."
        );
        let level = Outcome {
            scores: vec![32, 32],
            winners: vec![],
        };
        assert_eq!(
            ended_words(Some(&Ending::Rules), Some(&level), Some(Seat(0)), &names),
            "Game over: a draw (scores 32, 32)."
        );
    }
}
