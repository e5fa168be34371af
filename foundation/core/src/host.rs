//! Any game by name: the object-safe, type-erased contract a host stands on.
//!
//! A server (or any host) knows games only through this module: a
//! [`Registry`] of [`GameKind`]s by their stable names, each of which
//! creates [`HostedGame`]s from JSON settings and replays them from JSON
//! records; a hosted game takes actions as JSON and answers with what each
//! viewer may see, as JSON. Adding a game to a host is one line where the
//! registry is built (`.with::<MyGame>()`).

use crate::about::OnlineCost;
use crate::query::{Asked, Query};
use crate::record::{Ending, ErasedRecord, Provenance, Record};
use crate::words::{Line, Tell};
use crate::{
    About, Bot, BotLevel, DrawAnswer, Driver, FinishError, Game, GameTime, Listed, Outcome,
    RuleError, Seat, Seed, SetupError, ToAct, Viewer,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::marker::PhantomData;
use thiserror::Error;

/// What one step delivers to one viewer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Delivery {
    /// Who receives it.
    pub viewer: Viewer,
    /// The events this viewer may see, in order (possibly none).
    pub events: Vec<Value>,
}

/// One step of a hosted game, already filtered for every viewer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HostStep {
    /// The table's version after the step.
    pub version: u64,
    /// For each seat, then the spectator: what they may see. (A host sends
    /// every spectator the spectator's delivery.)
    pub deliveries: Vec<Delivery>,
    /// Set when the step ended the game.
    pub ended: Option<Ending>,
}

impl HostStep {
    /// What `viewer` receives from this step.
    pub fn for_viewer(&self, viewer: Viewer) -> &[Value] {
        self.deliveries
            .iter()
            .find(|d| d.viewer == viewer)
            .map_or(&[], |d| &d.events)
    }

    /// Whether anything happened at all.
    pub fn is_empty(&self) -> bool {
        self.ended.is_none() && self.deliveries.iter().all(|d| d.events.is_empty())
    }
}

/// Why a hosted game refused an action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Error)]
#[error("{message}")]
pub struct HostError {
    /// What kind of refusal.
    pub kind: HostErrorKind,
    /// The rule id it enforces (`"T8"`), when the rules refused it.
    pub rule: Option<&'static str>,
    /// A sentence for the person who tried: a rules refusal in the game's
    /// words for that player ([`RuleError::refusal`]), with no rule id in
    /// it (that is `rule`).
    pub message: String,
    /// The engine's own account (its error's `Display`, which names the
    /// rule), for logs; never sent to a client.
    #[serde(skip)]
    pub detail: String,
}

/// The kinds of refusal a client can tell apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HostErrorKind {
    /// The JSON is not an action of this game.
    Malformed,
    /// No such seat at this table.
    NoSuchSeat,
    /// The game is over.
    Over,
    /// The rules reject it.
    Rule,
}

impl HostError {
    fn new(kind: HostErrorKind, rule: Option<&'static str>, message: impl Into<String>) -> Self {
        let message = message.into();
        HostError {
            kind,
            rule,
            detail: message.clone(),
            message,
        }
    }

    /// The same error, with the engine's own account of it for logs.
    fn detailed(mut self, detail: String) -> Self {
        self.detail = detail;
        self
    }
}

/// An action a hosted game refused, and the timers that fired before it.
#[derive(Debug, Clone, PartialEq)]
pub struct HostRejection {
    /// Why. Nothing changed because of the action.
    pub error: HostError,
    /// Timers due by the action's arrival, which fired all the same.
    pub timers: HostStep,
}

/// A game being hosted, of any kind. Object-safe: a host keeps
/// `Box<dyn HostedGame>` and never names a game type.
pub trait HostedGame: Send {
    /// The game's stable name.
    fn name(&self) -> &'static str;
    /// How many seats play.
    fn seat_count(&self) -> usize;
    /// Who may act now.
    fn to_act(&self) -> ToAct;
    /// Whether players may agree a draw.
    fn has_draws(&self) -> bool;
    /// The table's version (steps so far).
    fn version(&self) -> u64;
    /// The latest time the table has seen.
    fn now(&self) -> GameTime;
    /// When to wake the table to fire a timer.
    fn next_deadline(&self) -> Option<GameTime>;
    /// Applies an action given as JSON, arriving at `now`.
    fn act(&mut self, seat: Seat, action: &Value, now: GameTime)
    -> Result<HostStep, HostRejection>;
    /// Fires timers due by `now`.
    fn advance_to(&mut self, now: GameTime) -> HostStep;
    /// Ends the game outside the rules (resignation, timeout, abandonment,
    /// agreed draw).
    fn finish(&mut self, ending: Ending, now: GameTime) -> Result<HostStep, FinishError>;
    /// The state as `viewer` may see it, as JSON.
    fn view(&self, viewer: Viewer) -> Value;
    /// The same view written out as JSON text. A server writes views far
    /// more often than it reads them; this skips building a `Value`.
    fn view_text(&self, viewer: Viewer) -> String {
        self.view(viewer).to_string()
    }
    /// The same view as raw JSON, written once and carried verbatim (a
    /// server puts it in its messages without parsing it again).
    fn view_raw(&self, viewer: Viewer) -> Box<serde_json::value::RawValue> {
        serde_json::value::to_raw_value(&self.view(viewer)).expect("wire types serialise to JSON")
    }
    /// Whether every viewer sees the same view and events ([`Game::PUBLIC_VIEWS`]).
    fn views_are_public(&self) -> bool {
        false
    }
    /// Whether a step may cost milliseconds of computing ([`Game::HEAVY_STEPS`]).
    fn heavy_steps(&self) -> bool {
        false
    }
    /// The result, once over.
    fn outcome(&self) -> Option<Outcome>;
    /// How the game ended, once over.
    fn ending(&self) -> Option<Ending>;
    /// The record so far, as JSON (full: hidden information included; a
    /// host serves it only after the game ends).
    fn record(&self) -> Value;
    /// How many actions the record holds.
    fn actions(&self) -> usize;
}

/// A bot of any game. It is given the JSON view of its seat (nothing else)
/// and answers with a JSON action, so a host can run it on another thread
/// from a copy of the view.
pub trait HostedBot: Send {
    /// Decides from the seat's view, as [`Bot::decide`] does.
    fn decide(&mut self, view: &Value, now: GameTime) -> Result<Option<HostDecision>, HostError>;
    /// Decides from the seat's view as JSON text, as a client reads it off
    /// the wire: the same decision as [`HostedBot::decide`] on that text
    /// parsed, without building the `Value` tree on the way (a game's bot
    /// reads its typed view straight from the text).
    fn decide_json(
        &mut self,
        view: &str,
        now: GameTime,
    ) -> Result<Option<HostDecision>, HostError> {
        let view: Value = serde_json::from_str(view).map_err(|e| {
            HostError::new(HostErrorKind::Malformed, None, format!("not JSON: {e}"))
        })?;
        self.decide(&view, now)
    }
    /// Whether these events (as delivered to the bot's seat) are worth a new
    /// look, as [`Bot::wakes_on`].
    fn wakes_on(&self, events: &[Value]) -> bool;
    /// How long after a change it wakes on the bot notices it, ms, as
    /// [`Bot::perception_ms`] (a draw from its seed: ask once a change).
    fn perception_ms(&mut self) -> u64;
}

/// A bot's decision as JSON.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HostDecision {
    /// The action.
    pub action: Value,
    /// Think time before it arrives, ms.
    pub think_ms: u64,
}

/// Why a record could not be hosted again.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct RecordError(pub String);

/// One kind of game, as a host sees it: its names, its settings, its bots,
/// and how to start or resume a table.
pub trait GameKind: Send + Sync {
    /// The stable name (`"towers"`).
    fn name(&self) -> &'static str;
    /// The name for people.
    fn title(&self) -> &'static str;
    /// What the game says about itself for every shell ([`Listed::ABOUT`]).
    fn about(&self) -> About;
    /// The rules engine's version.
    fn engine(&self) -> &'static str;
    /// Whether players may agree a draw.
    fn has_draws(&self) -> bool;
    /// Whether the seats play without turns ([`Game::TURNLESS`]).
    fn turnless(&self) -> bool;
    /// The settings a host offers first.
    fn default_settings(&self) -> Value;
    /// A new table.
    fn create(&self, settings: &Value, seed: Seed) -> Result<Box<dyn HostedGame>, SetupError>;
    /// Which records this build replays as this game.
    fn provenance(&self) -> Provenance;
    /// A table rebuilt from its JSON record (a restart, a replay, a
    /// resumed game).
    fn replay(&self, record: &Value) -> Result<Box<dyn HostedGame>, RecordError>;
    /// A fresh table to step `record` through, after the check every
    /// replay makes ([`Provenance::check`]); its own record keeps the given
    /// record's format and engine. [`crate::stepper::RecordStepper`] is the
    /// way to use it.
    fn start_replay(&self, record: &ErasedRecord) -> Result<Box<dyn HostedGame>, RecordError>;
    /// The bot levels, weakest first.
    fn bot_levels(&self) -> Vec<BotLevel>;
    /// What a table with `settings` (JSON, every default filled in) costs
    /// beyond its moves ([`Listed::online_cost`]); settings that are not
    /// the game's are an error in words.
    fn online_cost(&self, settings: &Value) -> Result<Option<OnlineCost>, SetupError>;
    /// How an event (JSON, as a spectator sees it) counts in a summary of
    /// games ([`Listed::tally`]): words and how many, for each thing it
    /// counts; an event the game does not count otherwise counts as its
    /// `"type"` (or not at all without one).
    fn tally(&self, event: &Value) -> Vec<(String, u64)>;
    /// The settings a bot-only simulation starts from when given none
    /// ([`Listed::sim_settings`]).
    fn sim_settings(&self) -> Value;
    /// A spectator's view (JSON) in words ([`Listed::describe`]); `None`
    /// when the game has no words for it or the view is not its own.
    fn describe(&self, view: &Value) -> Option<String>;
    /// One step's events in words from the reader's side
    /// ([`Listed::narrate`]), from JSON as the server sent it. Events the
    /// game does not know, or a view that is not its own, are an error in
    /// words, never a panic; a [`Tell`] longer than
    /// [`crate::words::TELL_MAX`] events or names is refused.
    fn narrate(&self, tell: &Tell) -> Result<Vec<Line>, String>;
    /// The questions a client may ask about a view ([`Listed::QUERIES`]).
    fn queries(&self) -> &'static [Query];
    /// What a bot at `seat` answers a draw offered to it, judging the
    /// seat's `view` (JSON) by the game's evaluation ([`Bots::standing`],
    /// [`DrawAnswer::judged`]); a view that is not the game's is not
    /// judged, and the bot declines.
    fn draw_answer(&self, view: &Value, seat: Seat) -> DrawAnswer;
    /// Answers the question called `query` about `asked.view`; an unknown
    /// question or bad input is an error in words, never a panic.
    fn ask(&self, query: &str, asked: &Asked<'_>) -> Result<Value, String> {
        let queries = self.queries();
        let Some(q) = queries.iter().find(|q| q.name == query) else {
            let known: Vec<&str> = queries.iter().map(|q| q.name).collect();
            let quoted: String = query.chars().take(40).collect();
            return Err(if known.is_empty() {
                format!("{} answers no questions (asked {quoted:?})", self.title())
            } else {
                format!(
                    "{} answers no question called {quoted:?} (these are: {})",
                    self.title(),
                    known.join(", ")
                )
            });
        };
        (q.answer)(asked)
    }
    /// A whole game of bots (`levels`, one per seat; seat `s`'s bot is
    /// seeded with `seed.child(s)`), played by the core's loops
    /// ([`crate::play::play_turns`], or [`crate::play::simulate_realtime`]
    /// for turnless games) and stopped after `max_actions` accepted
    /// actions.
    fn simulate(
        &self,
        settings: &Value,
        levels: &[&str],
        seed: Seed,
        max_actions: usize,
    ) -> Result<Simulated, SetupError>;
    /// A bot for `seat` of a table with `settings`.
    fn bot(
        &self,
        level: &str,
        seat: Seat,
        seed: Seed,
        settings: &Value,
    ) -> Result<Box<dyn HostedBot>, SetupError>;
}

/// A bot game played by [`GameKind::simulate`].
#[derive(Debug, Clone, PartialEq)]
pub struct Simulated {
    /// The record, as JSON text (what a record file holds; written out
    /// as text, not built as a `Value`, which cost an IceTowers bot game
    /// an eighth of its time).
    pub record: String,
    /// The result, unless the game stopped at the action cap.
    pub outcome: Option<Outcome>,
    /// Accepted actions.
    pub actions: usize,
    /// Actions refused (lost races, or a bot's mistake).
    pub rejected: usize,
    /// The game time at the end, ms.
    pub end_ms: u64,
    /// How many events of each kind the game had, as a spectator sees
    /// them, counted in the game's words ([`GameKind::tally`]).
    pub events: std::collections::BTreeMap<String, usize>,
}

/// Every game a host offers, by name.
#[derive(Default)]
pub struct Registry {
    kinds: Vec<Box<dyn GameKind>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// Adds game `G`. Names must be unique.
    pub fn with<G: Listed>(mut self) -> Self {
        assert!(
            self.get(G::NAME).is_none(),
            "game {:?} registered twice",
            G::NAME
        );
        self.kinds.push(Box::new(Kind::<G>(PhantomData)));
        self
    }

    /// The game called `name`.
    pub fn get(&self, name: &str) -> Option<&dyn GameKind> {
        self.kinds
            .iter()
            .find(|k| k.name() == name)
            .map(|k| k.as_ref())
    }

    /// Every game, in registration order.
    pub fn kinds(&self) -> impl Iterator<Item = &dyn GameKind> {
        self.kinds.iter().map(|k| k.as_ref())
    }

    /// Every game's name.
    pub fn names(&self) -> Vec<&'static str> {
        self.kinds.iter().map(|k| k.name()).collect()
    }
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

/// The [`GameKind`] of a typed game.
struct Kind<G>(PhantomData<fn() -> G>);

impl<G: Listed> GameKind for Kind<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn about(&self) -> About {
        G::ABOUT
    }

    fn engine(&self) -> &'static str {
        G::ENGINE
    }

    fn has_draws(&self) -> bool {
        G::HAS_DRAWS
    }

    fn turnless(&self) -> bool {
        G::TURNLESS
    }

    fn default_settings(&self) -> Value {
        to_json(&G::Settings::default())
    }

    fn create(&self, settings: &Value, seed: Seed) -> Result<Box<dyn HostedGame>, SetupError> {
        let settings: G::Settings = serde_json::from_value(settings.clone())
            .map_err(|e| SetupError::new(format!("these are not {} settings: {e}", G::TITLE)))?;
        Ok(Box::new(Driver::<G>::new(settings, seed)?))
    }

    fn provenance(&self) -> Provenance {
        Provenance::of::<G>()
    }

    fn replay(&self, record: &Value) -> Result<Box<dyn HostedGame>, RecordError> {
        let record: Record<G::Settings, G::Action> = serde_json::from_value(record.clone())
            .map_err(|e| RecordError(format!("this is not a {} record: {e}", G::TITLE)))?;
        let (driver, _) = Driver::<G>::replay(&record).map_err(|e| RecordError(e.to_string()))?;
        Ok(Box::new(driver))
    }

    fn start_replay(&self, record: &ErasedRecord) -> Result<Box<dyn HostedGame>, RecordError> {
        Provenance::of::<G>()
            .check(record)
            .map_err(|e| RecordError(e.to_string()))?;
        let settings = G::Settings::deserialize(&record.settings).map_err(|e| {
            RecordError(format!(
                "the record's settings are not {} settings: {e}",
                G::TITLE
            ))
        })?;
        let mut driver =
            Driver::<G>::new(settings, record.seed).map_err(|e| RecordError(e.to_string()))?;
        driver.keep_provenance(record);
        Ok(Box::new(driver))
    }

    fn bot_levels(&self) -> Vec<BotLevel> {
        G::bot_levels()
    }

    fn online_cost(&self, settings: &Value) -> Result<Option<OnlineCost>, SetupError> {
        let settings = G::Settings::deserialize(settings)
            .map_err(|e| SetupError::new(format!("these are not {} settings: {e}", G::TITLE)))?;
        Ok(G::online_cost(&settings))
    }

    fn queries(&self) -> &'static [Query] {
        G::QUERIES
    }

    fn draw_answer(&self, view: &Value, seat: Seat) -> DrawAnswer {
        let standing = G::View::deserialize(view)
            .ok()
            .and_then(|v| G::standing(&v, seat));
        DrawAnswer::judged(standing)
    }

    fn tally(&self, event: &Value) -> Vec<(String, u64)> {
        let own = G::Event::deserialize(event)
            .map(|e| G::tally(&e))
            .unwrap_or_default();
        if own.is_empty() {
            return wire_words(event).map(|t| vec![(t, 1)]).unwrap_or_default();
        }
        own.into_iter().map(|(w, n)| (w.to_string(), n)).collect()
    }

    fn sim_settings(&self) -> Value {
        to_json(&G::sim_settings())
    }

    fn narrate(&self, tell: &Tell) -> Result<Vec<Line>, String> {
        use crate::words::{TELL_MAX, Told, Who};
        if tell.events.len() > TELL_MAX || tell.names.len() > TELL_MAX {
            return Err(format!(
                "at most {TELL_MAX} events and {TELL_MAX} names are told at once"
            ));
        }
        let title = G::TITLE;
        let events = tell
            .events
            .iter()
            .map(G::Event::deserialize)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("these are not {title} events: {e}"))?;
        let view = G::View::deserialize(&tell.view)
            .map_err(|e| format!("this is not a {title} view: {e}"))?;
        // A view before that does not read (a first step) is simply not
        // there; settings likewise fall back to none.
        let before = tell
            .before
            .as_ref()
            .and_then(|b| G::View::deserialize(b).ok());
        let settings = tell
            .settings
            .as_ref()
            .filter(|s| !s.is_null())
            .map(G::Settings::deserialize)
            .transpose()
            .map_err(|e| format!("these are not {title} settings: {e}"))?;
        let told = Told::<G> {
            view: &view,
            before: before.as_ref(),
            settings: settings.as_ref(),
            who: Who {
                viewer: tell.viewer,
                names: &tell.names,
            },
        };
        Ok(G::narrate(&events, &told))
    }

    fn describe(&self, view: &Value) -> Option<String> {
        G::View::deserialize(view)
            .ok()
            .and_then(|v| G::describe(&v))
    }

    fn simulate(
        &self,
        settings: &Value,
        levels: &[&str],
        seed: Seed,
        max_actions: usize,
    ) -> Result<Simulated, SetupError> {
        let settings: G::Settings = serde_json::from_value(settings.clone())
            .map_err(|e| SetupError::new(format!("these are not {} settings: {e}", G::TITLE)))?;
        let driver = Driver::<G>::new(settings.clone(), seed)?;
        let seats = driver.game().seat_count();
        if levels.len() != seats {
            return Err(SetupError::new(format!(
                "{} bots for {seats} seats",
                levels.len()
            )));
        }
        let mut bots = levels
            .iter()
            .enumerate()
            .map(|(s, level)| G::bot(level, Seat(s as u8), seed.child(s as u64), &settings))
            .collect::<Result<Vec<_>, _>>()?;
        // What happened, counted as it happens, as a spectator sees it
        // (a replay to count it would cost the game twice), as
        // `GameKind::tally` counts it but without a trip through JSON for
        // each event: an event the game does not count is counted by its
        // wire type, read once for each kind of event.
        let mut counts = std::collections::BTreeMap::<String, usize>::new();
        let mut wire = std::collections::HashMap::new();
        let count = |driver: &Driver<G>, step: &crate::Step<G::Event>| {
            let mut bump = |words: &str, n: usize| match counts.get_mut(words) {
                Some(c) => *c += n,
                None => {
                    counts.insert(words.to_string(), n);
                }
            };
            for e in &step.events {
                let Some(told) = driver.game().event_for(e, Viewer::Spectator) else {
                    continue;
                };
                let own = G::tally(&told);
                if own.is_empty() {
                    let words = wire
                        .entry(std::mem::discriminant(&told))
                        .or_insert_with(|| wire_words(&to_json(&told)));
                    if let Some(words) = words {
                        bump(words, 1);
                    }
                }
                for (words, n) in own {
                    bump(words, n as usize);
                }
            }
        };
        let played = if G::TURNLESS {
            crate::play::simulate_realtime_watched(driver, &mut bots, max_actions, count)
        } else {
            crate::play::play_turns_watched(driver, &mut bots, max_actions, count)
        };
        let record = played.driver.record();
        Ok(Simulated {
            record: serde_json::to_string(record).expect("wire types serialise to JSON"),
            outcome: played.driver.outcome(),
            actions: record.actions.len(),
            rejected: played.rejected,
            end_ms: played.driver.now().as_millis(),
            events: counts,
        })
    }

    fn bot(
        &self,
        level: &str,
        seat: Seat,
        seed: Seed,
        settings: &Value,
    ) -> Result<Box<dyn HostedBot>, SetupError> {
        let settings: G::Settings = serde_json::from_value(settings.clone())
            .map_err(|e| SetupError::new(format!("these are not {} settings: {e}", G::TITLE)))?;
        Ok(Box::new(ErasedBot::<G> {
            bot: G::bot(level, seat, seed, &settings)?,
        }))
    }
}

struct ErasedBot<G: Game> {
    bot: Box<dyn Bot<G>>,
}

impl<G: Game> ErasedBot<G> {
    fn decide_typed(
        &mut self,
        view: Result<G::View, serde_json::Error>,
        now: GameTime,
    ) -> Result<Option<HostDecision>, HostError> {
        let view = view.map_err(|e| {
            HostError::new(
                HostErrorKind::Malformed,
                None,
                format!("not a {} view: {e}", G::TITLE),
            )
        })?;
        Ok(self.bot.decide(&view, now).map(|d| HostDecision {
            action: to_json(&d.action),
            think_ms: d.think_ms,
        }))
    }
}

impl<G: Game> HostedBot for ErasedBot<G> {
    fn decide(&mut self, view: &Value, now: GameTime) -> Result<Option<HostDecision>, HostError> {
        // Read in place: a view can be large and bots read one per move.
        self.decide_typed(G::View::deserialize(view), now)
    }

    fn decide_json(
        &mut self,
        view: &str,
        now: GameTime,
    ) -> Result<Option<HostDecision>, HostError> {
        self.decide_typed(serde_json::from_str(view), now)
    }

    fn wakes_on(&self, events: &[Value]) -> bool {
        // Events a bot cannot read are not for it; it wakes on the rest.
        let typed: Vec<G::Event> = events
            .iter()
            .filter_map(|e| serde_json::from_value(e.clone()).ok())
            .collect();
        self.bot.wakes_on(&typed)
    }

    fn perception_ms(&mut self) -> u64 {
        self.bot.perception_ms()
    }
}

/// Wire types are plain data: serialising one cannot fail (no maps with
/// non-string keys, no non-finite floats on the wire by contract).
/// An event's wire type in words (`"set_down"` is "set down"), how a
/// game's event it does not count itself is counted ([`GameKind::tally`]).
fn wire_words(event: &Value) -> Option<String> {
    event
        .get("type")
        .and_then(Value::as_str)
        .map(|t| t.replace('_', " "))
}

fn to_json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("wire types serialise to JSON")
}

fn host_step<G: Game>(driver: &Driver<G>, step: &crate::Step<G::Event>) -> HostStep {
    HostStep {
        version: step.version,
        deliveries: Viewer::all(driver.game().seat_count())
            .map(|viewer| Delivery {
                viewer,
                events: driver
                    .events_for(step, viewer)
                    .iter()
                    .map(to_json)
                    .collect(),
            })
            .collect(),
        ended: step.ended,
    }
}

impl<G: Game> HostedGame for Driver<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn seat_count(&self) -> usize {
        self.game().seat_count()
    }

    fn to_act(&self) -> ToAct {
        Driver::to_act(self)
    }

    fn has_draws(&self) -> bool {
        G::HAS_DRAWS
    }

    fn version(&self) -> u64 {
        Driver::version(self)
    }

    fn now(&self) -> GameTime {
        Driver::now(self)
    }

    fn next_deadline(&self) -> Option<GameTime> {
        Driver::next_deadline(self)
    }

    fn act(
        &mut self,
        seat: Seat,
        action: &Value,
        now: GameTime,
    ) -> Result<HostStep, HostRejection> {
        let action = match G::Action::deserialize(action) {
            Ok(a) => a,
            Err(e) => {
                // Malformed input changes nothing: not even the clock.
                return Err(HostRejection {
                    error: HostError::new(
                        HostErrorKind::Malformed,
                        None,
                        format!("not a {} action: {e}", G::TITLE),
                    ),
                    timers: host_step(self, &crate::Step::empty(Driver::version(self))),
                });
            }
        };
        match Driver::act(self, seat, action, now) {
            Ok(step) => Ok(host_step(self, &step)),
            Err(rejected) => {
                // The player reads the game's words; a log, the engine's.
                let (kind, rule, message) = match &rejected.error {
                    crate::ActError::NoSuchSeat { .. } => (
                        HostErrorKind::NoSuchSeat,
                        None,
                        "There is no such seat at this table.".to_string(),
                    ),
                    crate::ActError::Over(_) => {
                        (HostErrorKind::Over, None, "The game is over.".to_string())
                    }
                    crate::ActError::Rule(e) => (HostErrorKind::Rule, e.rule(), e.refusal()),
                };
                Err(HostRejection {
                    error: HostError::new(kind, rule, message).detailed(rejected.error.to_string()),
                    timers: host_step(self, &rejected.timers),
                })
            }
        }
    }

    fn advance_to(&mut self, now: GameTime) -> HostStep {
        let step = Driver::advance_to(self, now);
        host_step(self, &step)
    }

    fn finish(&mut self, ending: Ending, now: GameTime) -> Result<HostStep, FinishError> {
        let step = Driver::finish(self, ending, now)?;
        Ok(host_step(self, &step))
    }

    fn view(&self, viewer: Viewer) -> Value {
        to_json(&Driver::view(self, viewer))
    }

    fn view_text(&self, viewer: Viewer) -> String {
        serde_json::to_string(&Driver::view(self, viewer)).expect("wire types serialise to JSON")
    }

    fn view_raw(&self, viewer: Viewer) -> Box<serde_json::value::RawValue> {
        serde_json::value::to_raw_value(&Driver::view(self, viewer))
            .expect("wire types serialise to JSON")
    }

    fn views_are_public(&self) -> bool {
        G::PUBLIC_VIEWS
    }

    fn heavy_steps(&self) -> bool {
        G::HEAVY_STEPS
    }

    fn outcome(&self) -> Option<Outcome> {
        Driver::outcome(self)
    }

    fn ending(&self) -> Option<Ending> {
        Driver::ending(self)
    }

    fn record(&self) -> Value {
        to_json(Driver::record(self))
    }

    fn actions(&self) -> usize {
        Driver::record(self).actions.len()
    }
}
