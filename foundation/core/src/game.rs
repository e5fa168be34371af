//! The one trait every game implements.

use crate::{GameTime, RuleError, Seat, Seed, SetupError, Viewer};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// What every wire type is: plain data that crosses a socket both ways and
/// moves between threads.
pub trait Wire:
    Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
}

impl<T> Wire for T where
    T: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
}

/// Who may act now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
// On the wire like every tagged type: {"type": "seat", "seat": 0},
// {"type": "any_seat"}, {"type": "nobody"}.
#[serde(tag = "type", content = "seat", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ToAct {
    /// Turn-based games: exactly this seat (Towers, Tower of Babel,
    /// Leaning Towers).
    Seat(Seat),
    /// Turnless games: any seat, at any moment (IceTowers, Speedy Towers).
    /// The server applies arrivals one at a time in arrival order.
    AnySeat,
    /// The game is over.
    Nobody,
}

/// How a finished game came out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Outcome {
    /// Each seat's final score, indexed by seat (games without scores use
    /// their natural measure: Tower of Babel reports minus the stacks left).
    pub scores: Vec<i64>,
    /// The seats that won; several when they share the win, none when
    /// nobody did (a draw in Towers, a lost solitaire).
    pub winners: Vec<Seat>,
}

/// A game's rules: state, the actions that change it, and what each seat
/// may see of it.
///
/// The same trait serves two-player turns, solitaire with hidden chance,
/// turnless real time and physics-judged placements:
///
/// - **Time is an input.** Every action arrives with a [`GameTime`]; timers
///   (a hold limit, a game clock) fire in [`Game::advance_to`]. A driver
///   always calls `advance_to(t)` and then `apply(seat, action, t)`, with
///   `t` never decreasing; [`crate::replay`] does exactly that.
/// - **Randomness comes from the seed** given to [`Game::new`], through
///   [`Seed::rng`]; nothing else is random.
/// - **Rejection changes nothing.** `apply` either applies the whole action
///   or returns an error and leaves `self` untouched.
/// - **Views hide secrets.** [`Game::view`] for a seat shows only what that
///   seat may know; for [`Viewer::Spectator`], only what every seat may know.
/// - **Events** returned by `apply` and `advance_to` describe what changed,
///   in order, so a client can animate it without diffing states.
///
/// Settings, actions, events and views are the game's **wire types**: plain
/// documented data that a server sends and a client sends back, so each
/// deserialises as well as serialises ([`Wire`]). One tagging convention
/// holds for all of them: enums are internally tagged,
/// `#[serde(tag = "type", rename_all = "snake_case")]`, so every action and
/// event is a JSON object whose `"type"` names its variant. No engine
/// internals (bitboards, physics handles) go on the wire.
///
/// The bounds suit a multi-threaded async host: a game is `Send + 'static`
/// and can move between threads with the table that hosts it.
pub trait Game: Clone + Debug + Send + 'static {
    /// Stable short name, used in records, the registry and URLs
    /// (`"towers"`).
    const NAME: &'static str;
    /// The game's name for people (`"Tower of Babel"`).
    const TITLE: &'static str;
    /// The rules engine's version, written into every record: a name
    /// that changes whenever the same actions would make a different game
    /// (a rules decision, a change to the physics), e.g. `"speedy-2"`.
    /// A record that names another engine is refused on replay, unless
    /// that engine is one of [`Game::REPLAYS`].
    const ENGINE: &'static str;
    /// Earlier engines whose records this one replays to the identical
    /// game (their actions mean the same, nothing deciding an outcome
    /// changed since). A record naming no engine is taken as this one's.
    const REPLAYS: &'static [&'static str] = &[];
    /// Whether the players may agree a draw (a host offers it only then).
    const HAS_DRAWS: bool = false;
    /// Whether every viewer is shown the same view and the same events: the
    /// game hides nothing and tailors nothing to who is looking. A host may
    /// then write one view per step for everyone instead of one per seat.
    /// (The registry's hosting test checks it for every game that says so.)
    const PUBLIC_VIEWS: bool = false;
    /// Whether a step may cost milliseconds of computing (a physics game
    /// simulates every placement). A host runs such steps away from the
    /// threads that carry everyone's messages.
    const HEAVY_STEPS: bool = false;
    /// Whether the seats play without turns: while the game runs
    /// [`Game::to_act`] is [`ToAct::AnySeat`] (IceTowers, Speedy Towers).
    /// Such a game keeps its own time (a hold limit, a game timer); a host
    /// offers no per-seat chess clock, which would have no turn to time.
    /// (The registry's hosting test checks it against `to_act`.)
    const TURNLESS: bool = false;

    /// Everything chosen before the game starts (board, variant, seats,
    /// room settings). Part of every record. The default is what a host
    /// offers first.
    type Settings: Wire + Default;
    /// One thing a seat can do.
    type Action: Wire;
    /// One observable change, for clients to animate.
    type Event: Wire;
    /// What one viewer may see of the state.
    type View: Wire;
    /// Why an action was rejected.
    type Error: RuleError + Clone + PartialEq;

    /// The game as it stands before the first action.
    fn new(settings: &Self::Settings, seed: Seed) -> Result<Self, SetupError>;

    /// The settings this game was created with.
    fn settings(&self) -> &Self::Settings;

    /// How many seats play.
    fn seat_count(&self) -> usize;

    /// Who may act now.
    fn to_act(&self) -> ToAct;

    /// Applies `action` by `seat`, arriving at `now`; on error nothing
    /// changes.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        now: GameTime,
    ) -> Result<Vec<Self::Event>, Self::Error>;

    /// Lets time pass up to `now`, firing every timer due by then, each at
    /// its own deadline. Games without timers keep the default.
    fn advance_to(&mut self, now: GameTime) -> Vec<Self::Event> {
        let _ = now;
        Vec::new()
    }

    /// The earliest time at which a timer will fire, if any, so a server
    /// knows when to call [`Game::advance_to`] without being asked.
    fn next_deadline(&self) -> Option<GameTime> {
        None
    }

    /// The state as `viewer` may see it.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// What `viewer` may know of `event`, which this state has just
    /// emitted (from `apply` or `advance_to`); `None` when the viewer
    /// learns nothing of it. The default suits games without secrets:
    /// every event is public. A game with secrets redacts here, so that no
    /// hidden identity reaches a viewer who may not know it, in events as
    /// well as in views.
    fn event_for(&self, event: &Self::Event, viewer: Viewer) -> Option<Self::Event> {
        let _ = viewer;
        Some(event.clone())
    }

    /// Each seat's standing now, by seat (the score so far; Tower of Babel:
    /// minus the stacks in the line and the tiles still to draw, B-10). A host
    /// ranks the other seats by it when one seat resigns, times out or
    /// abandons, and a daily board ranks a solitaire given up by it.
    fn scores(&self) -> Vec<i64>;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.to_act() == ToAct::Nobody
    }
}

/// The wire types of a game, for the TypeScript generator
/// (`shells/typegen`): it visits a game's settings, action, event and view.
/// Every game has them; with the `ts` feature, which only the generator
/// turns on, they must derive `ts_rs::TS`.
#[cfg(feature = "ts")]
pub trait WireTypes: Game {
    /// Visits the settings, action, event and view types.
    fn visit_wire_types<V: ts_rs::TypeVisitor>(v: &mut V);
}

#[cfg(feature = "ts")]
impl<G> WireTypes for G
where
    G: Game,
    G::Settings: ts_rs::TS + 'static,
    G::Action: ts_rs::TS + 'static,
    G::Event: ts_rs::TS + 'static,
    G::View: ts_rs::TS + 'static,
{
    fn visit_wire_types<V: ts_rs::TypeVisitor>(v: &mut V) {
        v.visit::<G::Settings>();
        v.visit::<G::Action>();
        v.visit::<G::Event>();
        v.visit::<G::View>();
    }
}

/// Every game has wire types (declared for TypeScript with the `ts`
/// feature).
#[cfg(not(feature = "ts"))]
pub trait WireTypes: Game {}

#[cfg(not(feature = "ts"))]
impl<G: Game> WireTypes for G {}
