//! The physics table a game owns (P9, P10): a `Clone + Debug` wrapper
//! around [`stackyard_physics::Table`] (cloned through a snapshot, which
//! continues bit-identically), the drop, the settling run, and the verdict
//! of which bodies a foundation still holds up.

use stackyard_physics::{PieceId as BodyId, PieceKind, PlaceError, Pose, Settings, Table};
use std::fmt;

/// The game's physics world.
pub struct PhysTable(Table);

impl Clone for PhysTable {
    fn clone(&self) -> Self {
        // A snapshot holds every rapier set; restoring it continues
        // exactly as the original would (tested in stackyard-physics).
        PhysTable(Table::from_snapshot(&self.0.snapshot()))
    }
}

impl fmt::Debug for PhysTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PhysTable")
            .field("bodies", &self.0.len())
            .field("time_s", &self.0.time_s())
            .finish()
    }
}

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

/// The length of a quiet window (s, P-12).
pub const QUIET_WINDOW_S: f64 = 0.05;
/// In a quiet window no body's base centre moves farther than this (mm, P-12).
pub const QUIET_MM: f64 = 0.1;

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
    pub fn settle(&mut self, max_steps: u64) -> SettleRun {
        let hz = self.0.settings().sim.step_hz;
        let window = ((QUIET_WINDOW_S * hz).ceil() as u64).max(1);
        let start = self.0.mark();
        let mut steps = 0;
        let mut quiet_windows = 0;
        let mut rested = self.0.at_rest();
        while !rested && steps < max_steps {
            let s = self.0.settle_for(window.min(max_steps - steps));
            steps += s.steps;
            let quiet = s
                .motions
                .iter()
                .all(|m| m.moved_mm <= QUIET_MM);
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

    /// Lifts bodies off the table for good (P-6): each is held (so nothing
    /// moves it and it never sleeps or falls) and moved in one step to its
    /// own parking place, high above and far outside the table top, where
    /// it touches nothing; then the rest of the world settles again.
    pub fn lift_away(&mut self, bodies: &[BodyId], max_steps: u64) -> SettleRun {
        for &b in bodies {
            self.0.hold(b);
            // Distinct places per body (kinematic bodies never collide with
            // each other, but keep them apart anyway), outside the table top.
            let i = b.0 as f64;
            let pose = Pose::at(5000.0 + (i % 64.0) * 100.0, 5000.0 + (i / 64.0).floor() * 100.0, 1000.0);
            self.0.move_held(b, pose);
        }
        self.0.step();
        let mut run = self.settle(max_steps);
        run.time_s += 1.0 / self.0.settings().sim.step_hz;
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
