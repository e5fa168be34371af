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
    ///
    /// A run that rests leaves every body asleep (decision P-16): what the
    /// quiet windows judged at rest stays where it is until something
    /// touches it, instead of rocking on (and costing a simulation step
    /// each) through the next placements.
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
        if rested {
            // P-16: what the quiet rule judged at rest stays at rest; left
            // awake, a rocking coin would keep its tower simulated (and
            // able to fall) through the next placements on other towers.
            steps += self.0.sleep_all();
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

    /// Lifts bodies off the table for good (P-6), without knocking anything:
    /// each leaves the physics world at once (see
    /// [`Table::remove`](stackyard_physics::Table::remove)), as if a hand
    /// lifted it straight up, then the rest of the world settles (whatever
    /// leaned on them falls or comes to rest again).
    ///
    /// Moving them away instead, as held (kinematic) bodies, knocked the
    /// foundations: to the solver a held body is infinitely heavy, so one
    /// eased down into the table top pressed the foundation it lay on into
    /// the table (which then spat it out), one eased sideways dragged what
    /// it touched, and the jump to a parking place far off the table
    /// struck whatever was within contact distance at the jump's speed.
    /// In bot games foundations travelled up to 1.85 m (decision P-15).
    pub fn lift_away(
        &mut self,
        bodies: &[BodyId],
        max_steps: u64,
        foundations: &[BodyId],
    ) -> SettleRun {
        for &b in bodies {
            self.0.remove(b);
        }
        let mut run = self.settle(max_steps, foundations);
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
