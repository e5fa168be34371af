//! Bots that play IceTowers in (simulated) real time, and the headless
//! simulator.
//!
//! A bot is a [`Policy`] plus a reaction time: it looks at the table,
//! picks an action, and the action arrives one think delay later, by which
//! time the table may have changed (so bots lose races like people do).
//! Bots are pure: time is an input and all randomness comes from a seed.

mod greedy;
mod idle;
mod random;
mod sim;
mod strong;

pub use greedy::{Candidate, candidates, greedy_choice, greedy_choice_except};
pub use sim::{SimResult, simulate, simulate_instant};

use crate::{Action, Event, IceTowers, PieceId, Settings, TowerId, View};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use stackyard_core::{Bot, BotLevel, Bots, Decision, GameTime, Seat, Seed, SetupError};
use std::fmt;
use std::str::FromStr;

/// How a bot chooses its next action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Policy {
    /// A uniformly random legal play; `done` when there is none.
    Random,
    /// The play with the best immediate change of its lead over the best
    /// other colour (ghost included); `done` when nothing gains.
    Greedy,
    /// Greedy's best few plays (every piece size, and caps denying the
    /// towers others are about to take), each tried in rollouts where the
    /// others' committed greedy plays race ours in a sampled order and
    /// then every seat answers greedily; valued by the lead over the best
    /// other colour plus the small and medium pieces still unplayed.
    Strong,
}

impl Policy {
    /// The default reaction time, in ms (equal for greedy and strong, so
    /// their tables compare policies, not speed).
    pub fn default_think_ms(self) -> u64 {
        match self {
            Policy::Random => 400,
            Policy::Greedy => 600,
            Policy::Strong => 600,
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Policy::Random => "random",
            Policy::Greedy => "greedy",
            Policy::Strong => "strong",
        })
    }
}

/// A bot: its policy and mean reaction time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BotSpec {
    /// How it chooses.
    pub policy: Policy,
    /// Mean think delay in ms; each delay is drawn from `think_ms` minus
    /// to plus `spread_ms`.
    pub think_ms: u64,
    /// How far a delay strays from `think_ms` (ms): half of it for every
    /// bot but the beginner (½× to 1½×), 1000 for the beginner (8 to 10 s).
    pub spread_ms: u64,
}

/// The beginner's mean reaction time (ms): with its spread, every action
/// comes [`BEGINNER_MIN_MS`] to [`BEGINNER_MAX_MS`] after it looked, the
/// pace of someone new to the game finding a pyramid and a tower. At 1.5
/// to 3 s (issue 24) it had capped every lone pyramid of a newcomer's
/// within 40 s and the game was over (issue 49). At 4 to 6 s a newcomer
/// who caps and, when told, takes pieces out played 108 to 161 s (400
/// seeds; 7 under two minutes, and a browser game 104 s); at 8 to 10 s the
/// same newcomer plays 136 to 283 s, median 154 s, and wins 96 % of them
/// (`tests/pace.rs`, docs/results.md). The game's length is the person's
/// own plays, about 15 caps and a few pieces taken out: a slower beginner
/// leaves more of them (a quicker one buries them), and at 6 to 8 s it won
/// 60 %.
pub const BEGINNER_THINK_MS: u64 = 9000;
/// The beginner's shortest wait (ms).
pub const BEGINNER_MIN_MS: u64 = 8000;
/// The beginner's longest wait (ms).
pub const BEGINNER_MAX_MS: u64 = 10000;
/// The beginner's shortest perception delay (ms, issue #50). With its
/// longest, [`BEGINNER_PERCEPTION_MAX_MS`], the slowest of the levels
/// (greedy and strong 150 to 450 ms). Half its reaction time (4 to 5 s), as
/// for the other levels, or 0.5 to 1 s, made a newcomer's game against it
/// shorter, not longer: the newcomer, capping the lowest tower it may,
/// buries the very free-stander the beginner reaches for next, and a
/// beginner that sees that late loses that race again and again
/// (`tests/pace.rs`, docs/results.md).
pub const BEGINNER_PERCEPTION_MIN_MS: u64 = 300;
/// The beginner's longest perception delay (ms).
pub const BEGINNER_PERCEPTION_MAX_MS: u64 = 600;

impl BotSpec {
    /// A bot with the policy's default reaction time.
    pub fn new(policy: Policy) -> Self {
        BotSpec::with_think(policy, policy.default_think_ms())
    }

    /// A bot with reaction time `think_ms`, drawn from ½× to 1½× of it.
    pub fn with_think(policy: Policy, think_ms: u64) -> Self {
        BotSpec {
            policy,
            think_ms,
            spread_ms: think_ms / 2,
        }
    }

    /// The beginner: greedy at a newcomer's pace, every action 8 to 10 s
    /// after it looked at the table (the browser's first opponent, so a
    /// newcomer can watch the game and still take part in it).
    pub fn beginner() -> Self {
        BotSpec {
            policy: Policy::Greedy,
            think_ms: BEGINNER_THINK_MS,
            spread_ms: BEGINNER_THINK_MS - BEGINNER_MIN_MS,
        }
    }

    /// The shortest and longest think delays this bot draws (ms).
    pub fn think_range(&self) -> (u64, u64) {
        let d = self.spread_ms.min(self.think_ms);
        ((self.think_ms - d).max(1), self.think_ms + d)
    }

    /// The shortest and longest perception delays this bot draws (ms),
    /// never 0 (issue #50): a change on the table reaches it that long
    /// after it happened. Half its think delays for every level but the
    /// beginner: greedy and strong (600 ms) 150 to 450 ms, the quick bot
    /// (`greedy:300`) 75 to 225 ms, random (400 ms) 100 to 300 ms; the
    /// beginner, the slowest, [`BEGINNER_PERCEPTION_MIN_MS`] to
    /// [`BEGINNER_PERCEPTION_MAX_MS`].
    pub fn perception_range(&self) -> (u64, u64) {
        if self.is_beginner() {
            return (BEGINNER_PERCEPTION_MIN_MS, BEGINNER_PERCEPTION_MAX_MS);
        }
        let (lo, hi) = self.think_range();
        ((lo / 2).max(1), (hi / 2).max(1))
    }

    /// Whether this is [`BotSpec::beginner`].
    pub fn is_beginner(&self) -> bool {
        *self == BotSpec::beginner()
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == BotSpec::beginner() {
            return f.write_str("beginner");
        }
        write!(f, "{}:{}", self.policy, self.think_ms)
    }
}

/// A bot's longest reaction time, ms: a minute (a slower bot would sit
/// out a whole game).
pub const MAX_REACTION_MS: u64 = 60_000;

/// At most 40 characters of what was typed, for a message.
fn short(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

impl FromStr for BotSpec {
    type Err = String;
    /// `beginner`, `greedy`, or `greedy:450` for a 450 ms reaction time
    /// (1 ms to [`MAX_REACTION_MS`]).
    fn from_str(s: &str) -> Result<Self, String> {
        if s.trim() == "beginner" {
            return Ok(BotSpec::beginner());
        }
        let (name, think) = match s.split_once(':') {
            Some((n, t)) => (n, Some(t)),
            None => (s, None),
        };
        let policy = match name.trim() {
            "random" => Policy::Random,
            "greedy" => Policy::Greedy,
            "strong" => Policy::Strong,
            other => {
                return Err(format!(
                    "unknown bot {:?}: expected beginner, random, greedy or strong",
                    short(other)
                ));
            }
        };
        let think_ms = match think {
            None => policy.default_think_ms(),
            Some(t) => t
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|ms| (1..=MAX_REACTION_MS).contains(ms))
                .ok_or_else(|| {
                    format!(
                        "bad reaction time {:?} in {:?}: milliseconds from 1 to {MAX_REACTION_MS}",
                        short(t),
                        short(s)
                    )
                })?,
        };
        Ok(BotSpec::with_think(policy, think_ms))
    }
}

/// Picks `seat`'s next action under `policy`, or `None` to wait for the
/// table to change.
pub fn decide(
    policy: Policy,
    game: &IceTowers,
    seat: Seat,
    rng: &mut ChaCha8Rng,
) -> Option<Action> {
    match policy {
        Policy::Random => random::choose(game, seat, rng),
        Policy::Greedy => greedy_choice(game, seat, rng),
        Policy::Strong => strong::choose(game, seat, rng),
    }
}

/// An IceTowers bot behind the one bot interface: a [`BotSpec`] for one
/// seat, deciding from that seat's view alone (rebuilt into a state with
/// [`IceTowers::from_view`]: IceTowers hides nothing), its action arriving
/// one reaction time later (drawn from [`BotSpec::think_range`]: ½× to 1½×
/// the spec's, 8 to 10 s for the beginner). The delay is the decision's
/// `think_ms`, so the simulator and the server wait alike.
///
/// It sees the table at a person's speed (issue #50): a change reaches it
/// [`BotSpec::perception_range`] after it happened (half its reaction time; 300 to 600 ms for the
/// beginner), so an action on its way to a pyramid another seat has just taken
/// may land stale and be refused (a lost race). What it notices
/// ([`Bot::wakes_on`]) is per level: while an action is on its way, greedy
/// and strong notice only changes to what that action reaches for (the
/// towers it caps, mines or splits, the piece it moves, its hand), so they
/// do not redo their search for plays elsewhere; a random bot, which did
/// not look to choose, notices none; the beginner, and any bot whose
/// action on its way is `done`, notice every play. With nothing in flight
/// every level notices any play.
pub struct IceBot {
    spec: BotSpec,
    seat: Seat,
    rng: ChaCha8Rng,
    /// Its perception delays' own stream ([`stackyard_core::sight_stream`]).
    sight: ChaCha8Rng,
    /// What its last decision reaches for, while it may be on its way.
    reach: Option<Reach>,
    /// Sees every change at once and re-decides on every play: the
    /// schedule before issue #50, kept to measure against.
    instant: bool,
    /// The beginner's memory: each piece it has mined, with the tower it
    /// came from. It never mines the same piece out of the same tower
    /// twice (see [`IceBot::decide`]).
    fought: Vec<(TowerId, PieceId)>,
    /// When its last fresh decision was to land: a look before then is a
    /// second look at an action on its way, a look after it (the
    /// schedule's retry, [`stackyard_core::schedule::RETRY_MS`] later) one
    /// after a lost race.
    lands_at: Option<GameTime>,
}

/// What an action on its way touches: the towers it caps, mines or splits
/// (a free-stander it lifts is a tower too), the piece it moves, and
/// whether it uses the hand.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Reach {
    towers: [Option<TowerId>; 2],
    piece: Option<PieceId>,
    hand: bool,
}

impl Reach {
    fn of(action: &Action, game: &IceTowers, seat: Seat) -> Reach {
        let tower_of = |piece: PieceId| match game.locate(piece) {
            Some(Ok(i)) => game.towers().get(i).map(|t| t.id),
            _ => None,
        };
        match *action {
            Action::Cap { piece, onto } => Reach {
                towers: [Some(onto), tower_of(piece)],
                piece: Some(piece),
                hand: game.hand(seat).is_some_and(|h| h.piece == piece),
            },
            Action::Mine { tower, piece } => Reach {
                towers: [Some(tower), None],
                piece: Some(piece),
                hand: true,
            },
            Action::Split { tower, .. } => Reach {
                towers: [Some(tower), None],
                ..Reach::default()
            },
            Action::SetDown => Reach {
                hand: true,
                ..Reach::default()
            },
            Action::Ready | Action::Done | Action::Undone => Reach::default(),
        }
    }

    fn touches(&self, event: &Event, me: Seat) -> bool {
        let tower = |t: TowerId| self.towers.contains(&Some(t));
        let piece = |p: PieceId| self.piece == Some(p);
        match *event {
            Event::Capped {
                piece: p,
                from,
                onto,
                ..
            } => tower(onto) || from.is_some_and(tower) || piece(p),
            Event::Mined { piece: p, from, .. } => tower(from) || piece(p),
            Event::SetDown { seat, piece: p, .. } => (self.hand && seat == me) || piece(p),
            Event::Split { tower: t, .. } => tower(t),
            Event::Started { .. } | Event::Ended { .. } => true,
            Event::Ready { .. }
            | Event::Done { .. }
            | Event::Undone { .. }
            | Event::DoneCleared => false,
        }
    }
}

impl IceBot {
    /// A bot playing `seat` with `spec`, its randomness from `rng`.
    pub fn new(spec: BotSpec, seat: Seat, rng: ChaCha8Rng) -> IceBot {
        IceBot {
            spec,
            seat,
            sight: stackyard_core::sight_stream(&rng),
            rng,
            reach: None,
            instant: false,
            fought: Vec::new(),
            lands_at: None,
        }
    }

    /// The same bot as the schedule had it before issue #50: it notices
    /// every play the instant it happens, in flight or not, and decides
    /// again. Kept to measure against (`benches/sim.rs`), not to seat.
    pub fn instant(spec: BotSpec, seat: Seat, rng: ChaCha8Rng) -> IceBot {
        IceBot {
            instant: true,
            ..IceBot::new(spec, seat, rng)
        }
    }
}

impl Bot<IceTowers> for IceBot {
    /// The beginner does not fight the same fight twice: a piece it has
    /// mined out of a tower (I7) it never mines out of that tower again.
    /// Mining a piece, setting it down when no cap is left (I9) and capping
    /// the same tower with it as a free-stander (which I8 allows) is a
    /// mineback in three plays, and against a newcomer who answers in kind
    /// it went on until the game timer (I13c) rang: one first game in
    /// thirty (`tests/pace.rs`). A person tires of it; so does this bot.
    ///
    /// A beginner that lost a race (its action refused, I4) reaches again
    /// in half its reaction time (4 to 5 s): it was watching the table all
    /// along, as a person who sees their play bounce does. Taking its whole
    /// 8 to 10 s again after each lost race, it fell so far behind a
    /// newcomer capping every 4 to 6 s that one first game in eighty was
    /// over before two minutes.
    fn decide(&mut self, view: &View, now: GameTime) -> Option<Decision<Action>> {
        let game = IceTowers::from_view(view).ok()?;
        let action = if self.spec.is_beginner() {
            // A piece in hand that came from a tower: its mine landed.
            if let Some(held) = game.hand(self.seat)
                && !self.fought.contains(&(held.from, held.piece))
            {
                self.fought.push((held.from, held.piece));
            }
            let fought = &self.fought;
            greedy_choice_except(
                &game,
                self.seat,
                &mut self.rng,
                |a| matches!(*a, Action::Mine { tower, piece } if fought.contains(&(tower, piece))),
            )
        } else {
            decide(self.spec.policy, &game, self.seat, &mut self.rng)
        };
        self.reach = action.as_ref().and_then(|a| match (self.spec.policy, a) {
            // The beginner watches the whole table, like the newcomer it
            // plays: one look every few seconds costs nothing.
            _ if self.spec.is_beginner() => None,
            // Done says nothing on the table gains it: any play may change
            // that (I12), so it notices every play, as with nothing on its way.
            (_, Action::Done | Action::Undone) => None,
            (Policy::Random, _) => Some(Reach::default()),
            (Policy::Greedy | Policy::Strong, _) => Some(Reach::of(a, &game, self.seat)),
        });
        let second_look = self.lands_at.is_some_and(|t| now < t);
        let lost_race = self.lands_at.is_some_and(|t| now > t);
        let Some(action) = action else {
            self.lands_at = None;
            return None;
        };
        let (lo, hi) = self.spec.think_range();
        let (lo, hi) = if lost_race && self.spec.is_beginner() {
            ((lo / 2).max(1), (hi / 2).max(1))
        } else {
            (lo, hi)
        };
        let think_ms = self.rng.random_range(lo..=hi);
        if !second_look {
            self.lands_at = Some(now + think_ms);
        }
        Some(Decision { action, think_ms })
    }

    /// Someone saying done or undone leaves the table as it was: nothing new
    /// to look at. Anything else is, to a bot with nothing on its way; one
    /// reaching for something notices only what touches it.
    fn wakes_on(&self, events: &[Event]) -> bool {
        match self.reach.filter(|_| !self.instant) {
            Some(reach) => events.iter().any(|e| reach.touches(e, self.seat)),
            None => events
                .iter()
                .any(|e| !matches!(e, Event::Done { .. } | Event::Undone { .. })),
        }
    }

    fn perception_ms(&mut self) -> u64 {
        if self.instant {
            return 0;
        }
        let (lo, hi) = self.spec.perception_range();
        self.sight.random_range(lo..=hi)
    }
}

impl Bots for IceTowers {
    fn bot_levels() -> Vec<BotLevel> {
        // Weakest first. The beginner is the browser's first opponent: at a
        // newcomer's pace, so a newcomer can watch a game and still take part.
        vec![
            BotLevel::new(
                "beginner",
                "Easy bot",
                "takes whatever helps it most right now, at a newcomer’s pace (one play every 8 to 10 seconds)",
            ),
            BotLevel::new("random", "Random bot", "plays at random, with quick hands"),
            BotLevel::new(
                "greedy:2500",
                "Patient bot",
                "takes whatever helps it most right now, taking its time (2.5 seconds a play)",
            ),
            BotLevel::new(
                "greedy",
                "Medium bot",
                "takes whatever helps it most right now, quickly",
            ),
            BotLevel::new(
                "strong",
                "Strong bot",
                "thinks one step ahead about what the others will do",
            ),
            BotLevel::new(
                "greedy:300",
                "Quick bot",
                "like the medium bot, with very quick hands",
            ),
        ]
    }

    fn bot(
        level: &str,
        seat: Seat,
        seed: Seed,
        _settings: &Settings,
    ) -> Result<Box<dyn Bot<IceTowers>>, SetupError> {
        let spec: BotSpec = level.parse().map_err(SetupError::new)?;
        Ok(Box::new(IceBot::new(spec, seat, seat_rng(seed, seat))))
    }
}

/// The random stream of `seat`'s bot in a game seeded with `seed`.
pub fn seat_rng(seed: Seed, seat: Seat) -> ChaCha8Rng {
    seed.rng(&format!("bot {}", seat.0))
}
