//! What a game says about itself, once, for every shell: a lobby card, the
//! command line's `rules` and `sim`, the server's rules pages and the
//! settings form are all built from a game's [`About`], so that no shell
//! restates a title, a seat range or a rules page.
//!
//! A game is listed by implementing [`Listed`] (its bots and its `About`);
//! [`crate::host::Registry::with`] takes only listed games.

use crate::{Bots, Game};
use serde::Serialize;

/// A game's description for people and shells. Everything is `'static`, so
/// a game declares it as a constant ([`Listed::ABOUT`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct About {
    /// One sentence for someone who has never heard of the game.
    pub description: &'static str,
    /// How many seats may play.
    pub seats: Seats,
    /// How long a typical game takes, in words ("about 10 minutes").
    pub length: &'static str,
    /// The rules page (Markdown, with the rule ids errors cite).
    #[serde(skip)]
    pub rules: &'static str,
    /// The bot level a newcomer's first game seats against them: one they
    /// can beat that still plays sensibly; `None` for one-seat games.
    pub first_bot: Option<&'static str>,
    /// The settings a lobby offers, field by field.
    pub settings: SettingsForm,
    /// The rule that says how the game ends and who wins (`"T11"`), one
    /// click from a result.
    pub ends_by: &'static str,
    /// What an [`crate::Outcome`]'s scores count, in words.
    pub score: ScoreWords,
}

/// What a game's scores count: `unit` ("floor"), and whether the score is
/// minus what is left (Tower of Babel's stacks, Speedy Towers' pieces).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScoreWords {
    /// The thing counted, singular.
    pub unit: &'static str,
    /// The score is minus how many are left.
    pub left: bool,
}

/// The range of seats a game may be played with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Seats {
    /// Fewest seats.
    pub min: u8,
    /// Most seats.
    pub max: u8,
}

impl Seats {
    /// Exactly `n` seats.
    pub const fn exactly(n: u8) -> Self {
        Seats { min: n, max: n }
    }

    /// From `min` to `max` seats.
    pub const fn between(min: u8, max: u8) -> Self {
        Seats { min, max }
    }

    /// Whether `n` seats may play.
    pub const fn allows(&self, n: u8) -> bool {
        n >= self.min && n <= self.max
    }

    /// "2 players", "2–5 players", "1 player".
    pub fn words(&self) -> String {
        let noun = |n: u8| if n == 1 { "player" } else { "players" };
        if self.min == self.max {
            format!("{} {}", self.min, noun(self.min))
        } else {
            format!("{}–{} {}", self.min, self.max, noun(self.max))
        }
    }
}

/// How a game's settings are offered in a lobby: the fields a person
/// chooses, the rest kept at the game's defaults (offered as the game's
/// JSON under "Advanced" where `advanced` says so).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SettingsForm {
    /// Settings that are a JSON object: one control per field.
    Object {
        /// The fields, in the order they are shown.
        fields: &'static [Field],
        /// Whether the other keys are offered as JSON under "Advanced".
        advanced: bool,
    },
    /// Settings that are one text (Towers' `8x8+capture`): a base chosen
    /// from a list, then parts each joined with `+` when ticked; the text
    /// itself can be typed under "Advanced".
    Text {
        /// The `name` of the control where the whole text is typed.
        name: &'static str,
        /// The `name` of the base's list.
        base_name: &'static str,
        /// The base's label.
        base_label: &'static str,
        /// The base texts and their words, the default first.
        base: &'static [Choice],
        /// Optional parts: the text appended and its words.
        parts: &'static [Choice],
        /// An example of the text, shown beside it.
        hint: &'static str,
    },
}

/// One choice of a list, or one optional part of a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Choice {
    /// The value the game reads.
    pub value: &'static str,
    /// Its words for people.
    pub label: &'static str,
}

/// One field of object settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Field {
    /// The settings' key.
    pub key: &'static str,
    /// The control's `name` (what a page test or a script finds it by).
    pub name: &'static str,
    /// The words before the control.
    pub label: &'static str,
    /// What kind of value.
    pub kind: FieldKind,
}

/// The kinds of value a field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum FieldKind {
    /// The number of seats: a whole number in the game's seat range, and
    /// the number of seat rows a lobby shows. `start` is what a lobby
    /// offers first.
    Seats {
        /// Offered first.
        start: u8,
    },
    /// A whole number shown in `unit`s of `scale` stored units (seconds
    /// for milliseconds: 1000); `zero_is_none` stores 0 as `null`.
    Number {
        /// Smallest value shown.
        min: u32,
        /// Largest value shown, if any.
        max: Option<u32>,
        /// Stored units per shown unit.
        scale: u32,
        /// A shown 0 is stored as `null` ("none").
        zero_is_none: bool,
        /// Shown when the default is `null`.
        none_shows: u32,
        /// Words after the control (`" (0: until everyone says done)"`).
        hint: &'static str,
    },
    /// A tick box. `start` is how a lobby shows it first when that is not
    /// the game's default (Babel's undo: off in the rules' default, offered
    /// on in a lobby); `None` shows the default.
    Flag {
        /// Ticked or not at first, if not the default.
        start: Option<bool>,
    },
    /// One of a list.
    Choice {
        /// The values and their words.
        options: &'static [Choice],
    },
}

/// What one table of a game costs the host's cores beyond its moves, as
/// the game reads its own settings: a physics game's solver (issue #43: no
/// host reads a game's settings by key; the game names each number, so a
/// refusal still quotes the setting the player typed).
#[derive(Debug, Clone, PartialEq)]
pub struct OnlineCost {
    /// Solver steps per simulated second.
    pub step_hz: Knob,
    /// Solver substeps per step.
    pub substeps: Knob,
    /// Each setting that bounds how long one placement is simulated,
    /// seconds: the shortest of them is the bound.
    pub simulated_s: Vec<Knob>,
}

/// One number of a game's settings, with the name it goes by there.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Knob {
    /// Its path in the settings (`"physics.sim.step_hz"`).
    pub key: &'static str,
    /// Its value.
    pub value: f64,
}

impl OnlineCost {
    /// Solver substeps of the longest placement the settings allow: steps
    /// per second × substeps × the shortest bound on simulated time.
    pub fn placement_work(&self) -> f64 {
        let simulated = self
            .simulated_s
            .iter()
            .map(|k| k.value)
            .fold(f64::INFINITY, f64::min);
        self.step_hz.value * self.substeps.value * simulated
    }
}

/// A game a host can list: its bots and what it says about itself.
pub trait Listed: Bots + crate::game::WireTypes {
    /// The game's description for every shell.
    const ABOUT: About;

    /// Constants a client reads the wire with where a layout is data, not
    /// a type (IceTowers' piece ids: each id's colour and size), as
    /// `(name, value)`; typegen writes them beside the game's wire types,
    /// so no client restates them. None by default.
    fn wire_constants() -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }

    /// Questions a client may ask the rules about a view (a placement's
    /// preview, a seat's legal actions), answered by
    /// [`crate::host::GameKind::ask`]. None by default.
    const QUERIES: &'static [crate::query::Query] = &[];

    /// Visits the input and answer types of [`Listed::QUERIES`], so that
    /// typegen declares them beside the game's wire types and no client
    /// hand-writes them. None by default; only with the `ts` feature.
    #[cfg(feature = "ts")]
    fn visit_query_types<V: ts_rs::TypeVisitor>(v: &mut V) {
        let _ = v;
    }

    /// How `event` (as a spectator sees it) counts in a summary of games
    /// (the command line's `sim` and `replay`): the words for each thing
    /// counted ("slip", "pawn win (P11)", "ghost point") and how many it
    /// adds. Empty counts it as its wire type in words, once. A game says
    /// here, once, what its counts mean; no shell names its events.
    fn tally(event: &Self::Event) -> Vec<(&'static str, u64)> {
        let _ = event;
        Vec::new()
    }

    /// How one step's `events` read in words, from the reader's side
    /// ([`crate::words`]): one [`Line`](crate::words::Line) per thing worth
    /// telling, each with the rule it cites kept out of its sentence. The
    /// game says here, once, what its events mean to a player; no shell
    /// words them. Nothing is told by default.
    fn narrate(
        events: &[Self::Event],
        told: &crate::words::Told<'_, Self>,
    ) -> Vec<crate::words::Line>
    where
        Self: Sized,
    {
        let _ = (events, told);
        Vec::new()
    }

    /// The settings a bot-only simulation (the command line's `sim`)
    /// starts from when it is given none: the defaults, unless bots could
    /// play them forever (IceTowers' mine-and-recapture wars need its
    /// timer, I13c).
    fn sim_settings() -> Self::Settings {
        Self::Settings::default()
    }

    /// What a table with `settings` costs the host's cores beyond its
    /// moves ([`OnlineCost`]): a physics game says its solver's numbers, so
    /// a server can bound them online. `None` (the default): a table costs
    /// what its moves cost.
    fn online_cost(settings: &Self::Settings) -> Option<OnlineCost> {
        let _ = settings;
        None
    }

    /// The table of `view` (as a spectator sees it) in words, for a
    /// person reading a replay: what the JSON view holds, laid out (towers
    /// and their pieces, scores by colour, how it ended). `None` by
    /// default: the view alone is shown.
    fn describe(view: &Self::View) -> Option<String> {
        let _ = view;
        None
    }
}

/// Whether seats play in turns or all at once, in words.
pub const fn pace_words<G: Game>() -> &'static str {
    if G::TURNLESS {
        "Real time"
    } else {
        "Turn-based"
    }
}
