//! The physics table a game owns (P9, P10): the drop, the settling run,
//! lifting pieces off the table, and the verdict of which bodies a
//! foundation still holds up, around [`stackyard_physics::Table`].

use stackyard_physics::{PieceId as BodyId, PieceKind, PlaceError, Pose, Settings, Table};

/// The game's physics world (the physics crate's `Table` is `Clone`
/// through a snapshot, which continues bit-identically).
#[derive(Clone, Debug)]
pub struct PhysTable(Table);

/// How a placement's simulation ended (P9).
#[derive(Debug, Clone, PartialEq)]
pub struct SettleRun {
    /// Whether everything came to rest before the cap.
    pub rested: bool,
    /// Simulated seconds.
    pub time_s: f64,
    /// Bodies that moved or turned noticeably during the run.
    pub moved: Vec<BodyId>,
}

/// How far a lifted body is eased away from what it touches (mm) …
pub const EASE_MM: f64 = 3.0;
/// … in this many steps (0.75 mm a step at 240 Hz: a gentle 18 cm/s).
pub const EASE_STEPS: u64 = 4;
/// Lifted bodies are parked beyond this x and y (mm), off the 4 m table.
const PARK_MM: f64 = 5000.0;

/// The length of a quiet window (s, P-12).
pub const QUIET_WINDOW_S: f64 = 0.05;
/// In a quiet window no body's base centre moves farther than this (mm, P-12).
pub const QUIET_MM: f64 = 0.5;

/// A body moved noticeably if its base centre moved this far (mm) …
const MOVED_MM: f64 = 0.01;
/// … or it turned this much (degrees).
const TURNED_DEG: f64 = 0.01;

impl PhysTable {
    /// An empty table.
    pub fn new(settings: Settings) -> PhysTable {
        PhysTable(Table::new(settings))
    }

    /// The wrapped table, for queries.
    pub fn inner(&self) -> &Table {
        &self.0
    }

    /// Drops a body at `pose` (nothing changes on an error).
    pub fn drop_body(&mut self, kind: PieceKind, pose: Pose) -> Result<BodyId, PlaceError> {
        self.0.drop_piece(kind, pose)
    }

    /// Runs until everything rests or `max_steps` have passed (P9).
    ///
    /// Rests (decision P-12): every free body asleep, or no body's base
    /// centre moved more than [`QUIET_MM`] in each of two windows of
    /// [`QUIET_WINDOW_S`] in a row. Tilted coins leaning on each other creep
    /// by hundredths of a millimetre and spin slowly about their own axis
    /// (invisible: a coin is round), and never fall asleep; a piece that
    /// tips moves its centre far more than that in a window (a tile turning
    /// 0.25° about its edge already moves its centre 0.1 mm).
    ///
    /// A body lying on the table (other than a foundation in `foundations`)
    /// does not keep the run going: it has fallen whatever it does next
    /// (P10), and a pawn or coin rolling on its edge would roll until the
    /// cap.
    pub fn settle(&mut self, max_steps: u64, foundations: &[BodyId]) -> SettleRun {
        let hz = self.0.settings().sim.step_hz;
        let window = ((QUIET_WINDOW_S * hz).ceil() as u64).max(1);
        let start = self.0.mark();
        let mut steps = 0;
        let mut quiet_windows = 0;
        let mut rested = self.0.at_rest();
        while !rested && steps < max_steps {
            let s = self.0.settle_for(window.min(max_steps - steps));
            steps += s.steps;
            let quiet = s.motions.iter().enumerate().all(|(i, m)| {
                m.moved_mm <= QUIET_MM
                    || (self.0.on_table(BodyId(i)) && !foundations.contains(&BodyId(i)))
            });
            quiet_windows = if quiet { quiet_windows + 1 } else { 0 };
            rested = s.rested || quiet_windows >= 2;
        }
        let moved = self
            .0
            .motions_since(&start)
            .iter()
            .enumerate()
            .filter(|(_, m)| m.moved_mm > MOVED_MM || m.turned_deg > TURNED_DEG)
            .map(|(i, _)| BodyId(i))
            .collect();
        SettleRun {
            rested,
            time_s: steps as f64 / hz,
            moved,
        }
    }

    /// Lifts bodies off the table for good (P-6), without knocking anything.
    ///
    /// A held (kinematic) body moved in one step pushes whatever it touches
    /// with the whole jump's speed, enough to throw a foundation across the
    /// room. So each body is first eased [`EASE_MM`] away from everything
    /// it may touch, in [`EASE_STEPS`] gentle steps: a body on the table
    /// slides outwards from the nearest foundation and down into the table
    /// top (held bodies pass through the table), a body above the table
    /// (a pawn on a tower) rises. Once clear of every contact it jumps to
    /// its own parking place far off the table, where it touches nothing
    /// (held bodies ignore each other). Then the rest of the world settles.
    pub fn lift_away(
        &mut self,
        bodies: &[BodyId],
        max_steps: u64,
        foundations: &[BodyId],
    ) -> SettleRun {
        let centres: Vec<[f64; 3]> = foundations
            .iter()
            .map(|&f| self.0.pose(f).position)
            .collect();
        let mut ease: Vec<(BodyId, Pose, [f64; 3])> = Vec::with_capacity(bodies.len());
        for &b in bodies {
            let now = self.0.pose(b);
            let p = now.position;
            let direction = if self.0.on_table(b) {
                let nearest = centres
                    .iter()
                    .min_by(|a, c| {
                        let da = (a[0] - p[0]).hypot(a[1] - p[1]);
                        let dc = (c[0] - p[0]).hypot(c[1] - p[1]);
                        da.total_cmp(&dc)
                    })
                    .copied()
                    .unwrap_or([0.0; 3]);
                let (dx, dy) = (p[0] - nearest[0], p[1] - nearest[1]);
                let len = dx.hypot(dy);
                let (ux, uy) = if len > 1e-6 {
                    (dx / len, dy / len)
                } else {
                    (1.0, 0.0)
                };
                [ux * 0.7, uy * 0.7, -0.7]
            } else {
                [0.0, 0.0, 1.0]
            };
            self.0.hold(b);
            ease.push((b, now, direction));
        }
        for k in 1..=EASE_STEPS {
            let f = EASE_MM * k as f64 / EASE_STEPS as f64;
            for (b, from, d) in &ease {
                let mut to = *from;
                for (axis, v) in to.position.iter_mut().zip(d) {
                    *axis += v * f;
                }
                self.0.move_held(*b, to);
            }
            self.0.step();
        }
        for &b in bodies {
            let i = b.0 as f64;
            let park = Pose::at(
                PARK_MM + (i % 64.0) * 100.0,
                PARK_MM + (i / 64.0).floor() * 100.0,
                1000.0,
            );
            self.0.move_held(b, park);
        }
        self.0.step();
        let mut run = self.settle(max_steps, foundations);
        run.time_s += (EASE_STEPS + 1) as f64 / self.0.settings().sim.step_hz;
        for &b in bodies {
            if !run.moved.contains(&b) {
                run.moved.push(b);
            }
        }
        run
    }

    /// Which of the `live` bodies each foundation holds up (P10): a body
    /// belongs to the first foundation it is joined to by a chain of
    /// contacts that never passes through a body touching the table (other
    /// than the foundation itself). `None`: fallen — it touches the table,
    /// or rests only on fallen things (decision P-1).
    ///
    /// `foundations[t]` is tower `t`'s foundation body; `live` lists the
    /// bodies still in play. Returns, for each body index of the table,
    /// the tower index holding it up (only meaningful for live bodies).
    pub fn supported(&self, foundations: &[BodyId], live: &[bool]) -> Vec<Option<usize>> {
        let n = self.0.len();
        let mut adjacent: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (a, b) in self.0.contacts() {
            if live.get(a.0).copied().unwrap_or(false) && live.get(b.0).copied().unwrap_or(false) {
                adjacent[a.0].push(b.0);
                adjacent[b.0].push(a.0);
            }
        }
        let mut tower_of = vec![None; n];
        let mut queue = Vec::new();
        for (t, f) in foundations.iter().enumerate() {
            if tower_of[f.0].is_some() {
                continue;
            }
            tower_of[f.0] = Some(t);
            queue.push(f.0);
            while let Some(i) = queue.pop() {
                for &j in &adjacent[i] {
                    if tower_of[j].is_none()
                        && !foundations.contains(&BodyId(j))
                        && !self.0.on_table(BodyId(j))
                    {
                        tower_of[j] = Some(t);
                        queue.push(j);
                    }
                }
            }
        }
        tower_of
    }
}
