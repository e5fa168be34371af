//! A bot that plays by placement search: it samples candidate poses around
//! the structure (leaning on a piece from the table, on one base edge or one
//! corner; resting flat on an upward face), simulates each on a copy of the
//! world, drops illegal or unstable ones, scores the rest by the points they
//! earn and by their risk (the same placement under a few perturbations of
//! the pose, like the hand noise the game will add) and chooses.
//!
//! While the seat may hold (L12), every third candidate is tried as a hold
//! instead: held where it would be let go (raised clear of the table if
//! need be), then let go at once as the holder's next turn would let it go
//! (screening runs only the release, so a hold costs what a drop costs;
//! each finalist hold is also judged once in full, held and then let go,
//! since what the structure does around a fixed piece can turn a clean
//! release into a break).
//! A clean release scores L10 + 2 but takes the holder's next turn; the bot
//! weighs that against the −1 per extra neighbour of the hold, the −2 of a
//! failed release, the ordinary placement the release turn gives up, and
//! the chance that the seats acting in between build on the held piece
//! ([`hold_value`]), so it holds only where a hold is worth two turns.
//! When a release is due (the view's `turn.release`) it lets go.
//!
//! Levels differ in budget (candidates simulated per turn) and accuracy
//! (perturbations per finalist). A bot sees only its seat's view, which in
//! Leaning Towers is the whole table including the physics world.
//!
//! Speed: a candidate's run stops early as soon as another piece is
//! disturbed or the piece has slid past `slip_mm` (the verdict can then
//! only be a slip, break or wreck, all rejected), see [`crate::judge::attempt`].

use crate::action::Action;
use crate::geometry::{face, leaning_pose, noisy, pose_on_surface};
use crate::judge::{self, Attempt, Judgement, Verdict};
use crate::phase::Phase;
use crate::piece::{Owner, PieceInfo, PieceStatus, Size};
use crate::settings::Settings;
use crate::state::LeaningTowers;
use crate::view::View;
use crate::world::World;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use stackyard_core::{Bot, BotLevel, Bots, Decision, GameTime, Seat, Seed, SetupError};
use stackyard_physics::{Pose, Snapshot};

/// How hard a bot looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Candidates simulated per turn.
    pub candidates: usize,
    /// Finalists re-simulated under perturbation.
    pub finalists: usize,
    /// Perturbed runs per finalist (0: trust the exact pose).
    pub perturbations: usize,
    /// Further perturbed runs that confirm a leading finalist before it is
    /// chosen (0: choose the leader as it stands).
    pub confirm: usize,
}

/// The levels, weakest first.
pub const LEVELS: [(&str, &str, Effort); 3] = [
    (
        "easy",
        "12 candidates a turn, no risk check",
        Effort {
            candidates: 12,
            finalists: 0,
            perturbations: 0,
            confirm: 0,
        },
    ),
    (
        "medium",
        "48 candidates a turn, 8 finalists checked under 6 perturbations, the leader confirmed under 12 more",
        Effort {
            candidates: 48,
            finalists: 8,
            perturbations: 6,
            confirm: 12,
        },
    ),
    (
        "hard",
        "160 candidates a turn, 12 finalists checked under 10 perturbations, the leader confirmed under 30 more",
        Effort {
            candidates: 160,
            finalists: 12,
            perturbations: 10,
            confirm: 30,
        },
    ),
];

/// A placement the bot considers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The size.
    pub size: Size,
    /// The pose it would let go at.
    pub pose: Pose,
    /// Whether it is held there rather than let go (L12).
    pub hold: bool,
}

/// A finalist of a turn's search and what its runs were worth so far.
#[derive(Clone, Copy, Debug)]
struct Finalist {
    /// Sum of the values of its runs (the exact pose and perturbed ones).
    sum: f64,
    /// How many runs.
    runs: usize,
    /// Whether it has had its confirming runs.
    confirmed: bool,
    candidate: Candidate,
}

impl Finalist {
    fn mean(&self) -> f64 {
        self.sum / self.runs.max(1) as f64
    }
}

/// The placement-search bot.
#[derive(Clone, Debug)]
pub struct SearchBot {
    seat: Seat,
    effort: Effort,
    settings: Settings,
    rng: ChaCha8Rng,
    /// Candidates simulated so far (for benchmarks and reports).
    pub simulated: u64,
}

impl SearchBot {
    /// A bot for `seat` with `effort`, seeded.
    pub fn new(seat: Seat, effort: Effort, seed: Seed, settings: &Settings) -> SearchBot {
        SearchBot {
            seat,
            effort,
            settings: settings.clone(),
            rng: seed.rng("bot"),
            simulated: 0,
        }
    }

    /// The action this bot takes on `view` (None when it is not its turn).
    pub fn choose(&mut self, view: &View) -> Option<Action> {
        if view.to_act != Some(self.seat) {
            return None;
        }
        if view.phase == Phase::Foundation {
            return Some(Action::AutoFoundation);
        }
        let s = self.seat.index();
        let hand = view.hands.get(s)?;
        // The rules' own list of what this seat may do (L8, L-10, L12).
        let options = view.turn.as_ref()?;
        // L12: the held piece is let go as this turn, with nothing to choose.
        if options.release {
            return Some(Action::Release);
        }
        let sizes = &options.sizes;
        if sizes.is_empty() {
            return Some(Action::Pass);
        }
        let pieces = infos(view);
        let structure = pieces.iter().filter(|p| p.in_play()).count();
        let in_rotation = (0..view.hands.len())
            .filter(|&i| !view.out[i] && (view.hands[i].total() > 0 || view.held[i].is_some()))
            .count();
        let ctx = Context {
            in_hand: hand.total(),
            structure,
            others: in_rotation.saturating_sub(1),
        };
        let mut world = World::from_snapshot(&view.world);
        let before = world.0.snapshot();
        let mut scored: Vec<(f64, Candidate)> = Vec::new();
        for i in 0..self.effort.candidates {
            let size = sizes[i % sizes.len()];
            let Some(mut c) = sample_candidate(
                &mut world,
                &before,
                view,
                size,
                &self.settings,
                &mut self.rng,
            ) else {
                continue;
            };
            // Every HOLD_EVERY-th candidate is tried as a hold (L12) while
            // the seat may hold: let go just clear of the table, as a hold
            // may not touch it.
            if options.hold && i % HOLD_EVERY == HOLD_EVERY - 1 {
                c = hold_candidate(c, &self.settings);
            }
            // The game refuses a pose that starts inside something (L-4);
            // the judge would lift it, so check the exact pose first.
            world.0.restore(&before);
            let free = if c.hold {
                world.0.hold_piece(c.size.kind(), c.pose).is_ok()
            } else {
                world.0.drop_piece(c.size.kind(), c.pose).is_ok()
            };
            if !free {
                continue;
            }
            let v = self.evaluate(&mut world, &before, &pieces, c, &ctx);
            scored.push((v, c));
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored.truncate(self.effort.finalists.max(1));
        let mut finalists: Vec<Finalist> = Vec::new();
        for &(v, c) in &scored {
            // A finalist hold is judged once in full, at its exact pose
            // (held, the structure settled around it, then let go): the
            // screening ran only its release, which misses holds that fail
            // by themselves or whose release breaks what settled against
            // them. One that fails so is valued by that and not run again;
            // the perturbed runs screen, as for the candidates.
            let v = if c.hold {
                let (full, failed) = self.evaluate_hold(&mut world, &before, &pieces, c, &ctx);
                if failed {
                    finalists.push(Finalist {
                        sum: full,
                        runs: 1,
                        confirmed: true,
                        candidate: c,
                    });
                    continue;
                }
                full
            } else {
                v
            };
            let (sum, runs) = self.perturbed(
                &mut world,
                &before,
                &pieces,
                c,
                self.effort.perturbations,
                &ctx,
            );
            finalists.push(Finalist {
                sum: v + sum,
                runs: 1 + runs,
                confirmed: self.effort.confirm == 0,
                candidate: c,
            });
        }
        // The best of a few noisy estimates is usually a lucky one: before
        // choosing it, confirm it with more perturbed runs, and move on to
        // the next best whenever it no longer leads.
        let best = loop {
            let Some(lead) = (0..finalists.len())
                .max_by(|&a, &b| finalists[a].mean().total_cmp(&finalists[b].mean()))
            else {
                break None;
            };
            let f = finalists[lead];
            if f.confirmed {
                break Some((f.mean(), f.candidate));
            }
            let (more, extra) = self.perturbed(
                &mut world,
                &before,
                &pieces,
                f.candidate,
                self.effort.confirm,
                &ctx,
            );
            finalists[lead] = Finalist {
                sum: f.sum + more,
                runs: f.runs + extra,
                confirmed: true,
                ..f
            };
        };
        // Passing moves the game towards a close (L11); the pass that
        // completes the round costs a point per piece in hand at once.
        let pass_value = if view.passes + 1 >= in_rotation {
            -f64::from(hand.total())
        } else {
            PASS_BELOW
        };
        match best {
            // Rounded to a micrometre, the pose survives any JSON record
            // exactly (see `geometry::rounded`).
            Some((v, c)) if v > pass_value => {
                let pose = crate::geometry::rounded(&c.pose);
                Some(if c.hold {
                    Action::Hold { size: c.size, pose }
                } else {
                    Action::Place { size: c.size, pose }
                })
            }
            _ => Some(Action::Pass),
        }
    }

    /// Runs `n` perturbed copies of `c` (the game's hand noise): the sum of
    /// their values and `n`.
    fn perturbed(
        &mut self,
        world: &mut World,
        before: &Snapshot,
        pieces: &[PieceInfo],
        c: Candidate,
        n: usize,
        ctx: &Context,
    ) -> (f64, usize) {
        let mut sum = 0.0;
        for _ in 0..n {
            let noise = &self.settings.hand_noise;
            let pose = noisy(&c.pose, noise.position_mm, noise.angle_deg, &mut self.rng);
            // As the game lets go (L-18): laid down, at the aimed tilt.
            let pose = if c.hold {
                pose
            } else {
                world.0.restore(before);
                judge::let_go_pose(world, c.size, &c.pose, pose)
            };
            sum += self.evaluate(world, before, pieces, Candidate { pose, ..c }, ctx);
        }
        (sum, n)
    }

    /// What `c` is worth (see [`run_candidate`], [`value`], [`hold_value`]),
    /// a hold screened by its release alone.
    fn evaluate(
        &mut self,
        world: &mut World,
        before: &Snapshot,
        pieces: &[PieceInfo],
        c: Candidate,
        ctx: &Context,
    ) -> f64 {
        self.simulated += 1;
        let pips = c.size.pips();
        match run_candidate(world, before, pieces, self.seat, c, &self.settings, false) {
            Run::Dropped(j) | Run::HoldFailed(j) => value(&j, ctx.in_hand, ctx.structure),
            Run::Held {
                hold_points,
                release,
            } => hold_value(hold_points, &release, ctx),
            Run::Released(release) => {
                let hold_points = -(release.touching.len().saturating_sub(pips) as i64);
                hold_value(hold_points, &release, ctx)
            }
            Run::NoRoom => SLIP_VALUE,
        }
    }

    /// What hold `c` is worth judged in full, and whether the hold or its
    /// release failed.
    fn evaluate_hold(
        &mut self,
        world: &mut World,
        before: &Snapshot,
        pieces: &[PieceInfo],
        c: Candidate,
        ctx: &Context,
    ) -> (f64, bool) {
        self.simulated += 1;
        match run_candidate(world, before, pieces, self.seat, c, &self.settings, true) {
            Run::Held {
                hold_points,
                release,
            } => (
                hold_value(hold_points, &release, ctx),
                release.verdict != Verdict::Clean,
            ),
            Run::Dropped(j) | Run::HoldFailed(j) | Run::Released(j) => {
                (value(&j, ctx.in_hand, ctx.structure), true)
            }
            Run::NoRoom => (SLIP_VALUE, true),
        }
    }
}

/// What simulating a candidate showed.
#[derive(Clone, Debug, PartialEq)]
pub enum Run {
    /// A drop, judged as the game judges it.
    Dropped(Judgement),
    /// A hold judged in full that was not clean by itself.
    HoldFailed(Judgement),
    /// A hold judged in full: its points (L-7) and its release.
    Held {
        /// The hold's own points (−1 per touched piece beyond its pips).
        hold_points: i64,
        /// The release as the holder's next turn judges it.
        release: Judgement,
    },
    /// A hold screened by its release alone (set in place and let go at once).
    Released(Judgement),
    /// A hold with no room even a few millimetres higher (L-3).
    NoRoom,
}

/// Simulates candidate `c` of `seat` on `world` restored to `before` (with
/// the early out). A drop is judged as the game judges it. A hold is judged
/// in full when `full`: held (which wakes the whole structure around the
/// fixed piece and lets it settle), then let go as the holder's next turn
/// lets it go. Otherwise, to screen many candidates at the price of drops,
/// it is set in place (raised as the game raises it, L-3, L12) and let go
/// at once: what it touches and how the release ends, without what the
/// structure does around it in between.
pub fn run_candidate(
    world: &mut World,
    before: &Snapshot,
    pieces: &[PieceInfo],
    seat: Seat,
    c: Candidate,
    settings: &Settings,
    full: bool,
) -> Run {
    world.0.restore(before);
    let (size, pose) = (c.size, c.pose);
    if !c.hold {
        let j = judge::attempt(world, pieces, Attempt::Drop { size, pose }, settings, true);
        return Run::Dropped(j);
    }
    let (piece, level, hold_points) = if full {
        let held = judge::attempt(world, pieces, Attempt::Hold { size, pose }, settings, true);
        match (held.verdict, held.piece) {
            (Verdict::Clean, Some(piece)) => (piece, held.level, Some(held.points)),
            _ => return Run::HoldFailed(held),
        }
    } else {
        let Some(piece) = judge::insert(world, size, pose, true, settings) else {
            return Run::NoRoom;
        };
        (piece, 0, None)
    };
    let mut with_held = pieces.to_vec();
    with_held.push(PieceInfo {
        owner: Owner::Seat { seat },
        size,
        level,
        status: PieceStatus::Held,
    });
    let release = judge::attempt(
        world,
        &with_held,
        Attempt::Release { piece },
        settings,
        true,
    );
    match hold_points {
        Some(hold_points) => Run::Held {
            hold_points,
            release,
        },
        None => Run::Released(release),
    }
}

/// What a turn's search knows of the seat's situation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    /// Pieces the seat has in hand.
    pub in_hand: u8,
    /// Pieces in play on the table.
    pub structure: usize,
    /// Other seats that will act before a held piece is let go (L12).
    pub others: usize,
}

/// One candidate in this many is tried as a hold when the seat may hold.
pub const HOLD_EVERY: usize = 3;

/// Expected points lost per other seat acting while a piece is held: each
/// may build on it (L12 allows it), and the pieces resting on it are then
/// the holder's to disturb when it is let go (a break, L9). Two seats' worth
/// (1.0) is half the +2 a clean release earns, so with more than three other
/// seats the bot holds only where a plain placement could not score at all.
pub const HOLD_RISK_PER_SEAT: f64 = 0.5;

/// What a seat expects of an ordinary turn: a clean placement at level 0
/// (1 point) and a piece out of hand (1). A release takes the holder's next
/// turn (L12), which a plain placement now would leave free for this.
pub const RELEASE_TURN_COST: f64 = 2.0;

/// What a hold is worth (L12): its own `hold_points` (−1 per touched piece
/// beyond its pips, L-7), then its `release`: clean scores L10 + 2 and one
/// piece out of hand, anything else is the piece lost at −2 plus any break
/// or wreck penalty (L-6); less [`HOLD_RISK_PER_SEAT`] for each other seat
/// that acts before the release, and less [`RELEASE_TURN_COST`] for the
/// turn the release takes.
pub fn hold_value(hold_points: i64, release: &Judgement, ctx: &Context) -> f64 {
    let released = match release.verdict {
        Verdict::Clean => release.points as f64 + 1.0,
        Verdict::Slip => -2.0 + 1.0,
        Verdict::Break | Verdict::Wreck => -2.0 + value(release, ctx.in_hand, ctx.structure),
    };
    hold_points as f64 + released - HOLD_RISK_PER_SEAT * ctx.others as f64 - RELEASE_TURN_COST
}

/// `c` as a hold: the same pose raised, if need be, so that its lowest
/// corner is clear of the table by a quarter millimetre more than L2's
/// `corner_eps_mm` (a hold may not touch the table, L12).
pub fn hold_candidate(c: Candidate, settings: &Settings) -> Candidate {
    let clear = settings.corner_eps_mm + 0.25;
    let low = crate::geometry::lowest_corner_mm(c.size, &c.pose, &settings.physics.pieces);
    let mut pose = c.pose;
    if low < clear {
        pose.position[2] += clear - low;
    }
    Candidate {
        pose,
        hold: true,
        ..c
    }
}

/// The bot passes when the best candidate's expected value is at or below
/// this (or, when its pass would close the game, below minus its pieces in hand).
pub const PASS_BELOW: f64 = -1.5;

/// A slip costs a try (and the piece stays in hand).
pub const SLIP_VALUE: f64 = -0.25;

/// What a simulated result is worth to the placing seat: the points of a
/// clean placement, plus one for a piece out of hand (it no longer costs a
/// point at a close, L11); a slip costs a try; a break its penalty (the
/// piece is gone too); a wreck its penalty and the rest of the game.
///
/// The bot's runs stop at the first disturbance (early out), so a break is
/// valued as the worst it could become: a wreck once the structure has
/// three pieces that could fall (`structure`), else two disturbed pieces.
pub fn value(j: &Judgement, in_hand: u8, structure: usize) -> f64 {
    let wreck = -(15.0 - f64::from(in_hand)) - 10.0;
    match j.verdict {
        Verdict::Clean => j.points as f64 + 1.0,
        Verdict::Slip => SLIP_VALUE,
        Verdict::Break if structure >= 3 => wreck,
        Verdict::Break => -2.0 * structure.min(2) as f64 + 1.0,
        Verdict::Wreck => wreck,
    }
}

/// The rules' piece records as the view shows them.
pub fn infos(view: &View) -> Vec<PieceInfo> {
    view.pieces
        .iter()
        .map(|p| PieceInfo {
            owner: p.owner,
            size: p.size,
            level: p.level,
            status: p.status,
        })
        .collect()
}

/// Draws one candidate pose for a piece of `size` next to a random piece of
/// the structure: leaning on it from the table (one base edge or one corner
/// down), or resting flat on one of its upward faces. Leaning poses are
/// slid towards the target until they would start inside it, then backed
/// off, so the piece has only a hair to tip before it touches.
pub fn sample_candidate(
    world: &mut World,
    before: &Snapshot,
    view: &View,
    size: Size,
    settings: &Settings,
    rng: &mut ChaCha8Rng,
) -> Option<Candidate> {
    // A piece already touching as many pieces as it has pips cannot take
    // another (L7): lean on the others while there are any.
    let counts = judge::contact_counts(world, &infos(view), None);
    let open = |p: &&crate::view::PieceView| match p.status {
        PieceStatus::Held => true,
        PieceStatus::Standing => counts.get(p.id.0).copied().unwrap_or(0) < p.size.pips(),
        _ => false,
    };
    let mut targets: Vec<&crate::view::PieceView> = view.pieces.iter().filter(open).collect();
    if targets.is_empty() {
        targets = view
            .pieces
            .iter()
            .filter(|p| p.status == PieceStatus::Standing)
            .collect();
    }
    if targets.is_empty() {
        return None;
    }
    let target = targets[rng.random_range(0..targets.len())];
    let ps = &settings.physics.pieces;
    if rng.random::<f64>() < 0.4 {
        // Flat on an upward face.
        let faces: Vec<usize> = (0..5)
            .filter(|&f| face(target.size, &target.pose, f, ps).0[2] > 0.6)
            .collect();
        if faces.is_empty() {
            return None;
        }
        let f = faces[rng.random_range(0..faces.len())];
        let (n, c) = face(target.size, &target.pose, f, ps);
        let jitter = |r: &mut ChaCha8Rng| 4.0 * r.random::<f64>() - 2.0;
        let point = [c[0] + jitter(rng), c[1] + jitter(rng), c[2]];
        let pose = pose_on_surface(point, n, 90.0 * rng.random::<f64>(), 0.3);
        return Some(Candidate {
            size,
            pose,
            hold: false,
        });
    }
    // Leaning from the table towards the target's centre line.
    let centre = target_centre(target.size, &target.pose, ps);
    let yaw = 360.0 * rng.random::<f64>();
    let tilt = 52.0 + 16.0 * rng.random::<f64>();
    let roll = if rng.random::<bool>() {
        0.0
    } else {
        15.0 + 20.0 * rng.random::<f64>()
    };
    let lateral = 6.0 * rng.random::<f64>() - 3.0;
    let lean = Lean {
        towards: centre,
        yaw_deg: yaw,
        tilt_deg: tilt,
        roll_deg: roll,
        lateral_mm: lateral,
        standoff_mm: 0.3 + 1.5 * rng.random::<f64>(),
    };
    lean_against(world, before, size, &lean, settings).map(|pose| Candidate {
        size,
        pose,
        hold: false,
    })
}

/// A piece leaning from the table towards a point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lean {
    /// The horizontal point it leans towards (mm).
    pub towards: [f64; 2],
    /// The direction it faces (degrees about z; 0 = +x).
    pub yaw_deg: f64,
    /// Tilt from upright (degrees; past about 49° a pyramid cannot stand alone).
    pub tilt_deg: f64,
    /// Roll (0: on one base edge; otherwise on one corner).
    pub roll_deg: f64,
    /// Sideways offset from the line to `towards` (mm).
    pub lateral_mm: f64,
    /// How far short of touching it is let go (mm).
    pub standoff_mm: f64,
}

/// The leaning pose closest to `lean.towards` that still starts free of
/// every piece of `world` (binary search on the distance, 7 halvings of
/// 90 mm, then `standoff_mm` back), or None when even 90 mm away is blocked.
/// `world` is restored to `before` after every trial drop.
pub fn lean_against(
    world: &mut World,
    before: &Snapshot,
    size: Size,
    lean: &Lean,
    settings: &Settings,
) -> Option<Pose> {
    let ps = &settings.physics.pieces;
    let (sy, cy) = lean.yaw_deg.to_radians().sin_cos();
    let at = |d: f64| {
        [
            lean.towards[0] - d * cy - lean.lateral_mm * sy,
            lean.towards[1] - d * sy + lean.lateral_mm * cy,
        ]
    };
    let pose_at = |d: f64| {
        leaning_pose(
            size,
            at(d),
            lean.tilt_deg,
            lean.roll_deg,
            lean.yaw_deg,
            0.1,
            ps,
        )
    };
    let mut free = |d: f64| {
        let ok = world.0.drop_piece(size.kind(), pose_at(d)).is_ok();
        if ok {
            world.0.restore(before);
        }
        ok
    };
    let (mut near, mut far) = (0.0, 90.0);
    if !free(far) {
        return None;
    }
    for _ in 0..7 {
        let mid = (near + far) / 2.0;
        if free(mid) {
            far = mid;
        } else {
            near = mid;
        }
    }
    Some(pose_at(far + lean.standoff_mm))
}

/// The horizontal centre of a pyramid's corners.
pub fn target_centre(size: Size, pose: &Pose, ps: &stackyard_physics::PieceSettings) -> [f64; 2] {
    let c = crate::geometry::world_corners(size, pose, ps);
    [
        c.iter().map(|p| p[0]).sum::<f64>() / 5.0,
        c.iter().map(|p| p[1]).sum::<f64>() / 5.0,
    ]
}

impl Bot<LeaningTowers> for SearchBot {
    fn decide(&mut self, view: &View, _now: GameTime) -> Option<Decision<Action>> {
        self.choose(view).map(|action| Decision {
            action,
            think_ms: 0,
        })
    }
}

/// A bot that passes whenever it may (the floor for comparisons).
#[derive(Clone, Debug)]
pub struct PassBot {
    seat: Seat,
}

impl Bot<LeaningTowers> for PassBot {
    fn decide(&mut self, view: &View, _now: GameTime) -> Option<Decision<Action>> {
        if view.to_act != Some(self.seat) {
            return None;
        }
        let action = if view.phase == Phase::Foundation {
            Action::AutoFoundation
        } else {
            Action::Pass
        };
        Some(Decision {
            action,
            think_ms: 0,
        })
    }
}

impl Bots for LeaningTowers {
    fn bot_levels() -> Vec<BotLevel> {
        // In a player's words; `LEVELS` has the numbers.
        let words = |name: &str| match name {
            "easy" => ("Easy bot", "tries a few places and takes a safe one"),
            "medium" => ("Medium bot", "tries more places, takes some risks"),
            _ => ("Hard bot", "searches hard for the best place"),
        };
        let mut out = vec![BotLevel::new(
            "pass",
            "Passing bot",
            "never places a piece (for trying things out)",
        )];
        out.extend(LEVELS.iter().map(|(name, _, _)| {
            let (title, about) = words(name);
            BotLevel::new(*name, title, about)
        }));
        out
    }

    fn bot(
        level: &str,
        seat: Seat,
        seed: Seed,
        settings: &Settings,
    ) -> Result<Box<dyn Bot<Self>>, SetupError> {
        if level == "pass" {
            return Ok(Box::new(PassBot { seat }));
        }
        let effort = effort(level)?;
        Ok(Box::new(SearchBot::new(seat, effort, seed, settings)))
    }
}

/// The effort of a named level, or `n<candidates>` for a custom budget
/// (with the medium level's risk check).
pub fn effort(level: &str) -> Result<Effort, SetupError> {
    if let Some((_, _, e)) = LEVELS.iter().find(|(name, _, _)| *name == level) {
        return Ok(*e);
    }
    if let Some(n) = level
        .strip_prefix('n')
        .and_then(|n| n.parse::<usize>().ok())
        && (1..=10_000).contains(&n)
    {
        return Ok(Effort {
            candidates: n,
            ..LEVELS[1].2
        });
    }
    Err(SetupError::new(format!(
        "unknown bot level {level:?} (pass, easy, medium, hard, or n<candidates> such as n100)"
    )))
}
