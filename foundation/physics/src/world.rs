//! The table: a static top at z = 0 and the pieces on it, stepped by rapier.

use crate::limits::START_TOLERANCE_MM;
use crate::piece::PieceKind;
use crate::pose::{Motion, Pose};
use crate::settings::Settings;
use crate::state::{BodyState, StateError, TableState};
use crate::{GRAVITY, UNITS_PER_MM};
use rapier3d::math::{Pose as RPose, Vector};
use rapier3d::prelude::*;
use serde::{Deserialize, Serialize};

/// Which piece: the index in the order pieces were dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PieceId(pub usize);

/// Why a piece cannot be dropped where asked.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlaceError {
    /// A coordinate or angle is NaN or infinite, or too large for the
    /// engine: a coordinate beyond [`MAX_COORD_MM`](crate::limits::MAX_COORD_MM) or an angle beyond
    /// [`MAX_ANGLE_DEG`](crate::limits::MAX_ANGLE_DEG) (rapier computes in 32-bit floats).
    #[error("the pose has a non-finite or out-of-range number")]
    NotFinite,
    /// Part of the piece would be inside the table.
    #[error("the piece starts below the table top ({lowest_mm:.3} mm)")]
    BelowTable {
        /// Height of the piece's lowest point (mm).
        lowest_mm: f64,
    },
    /// The piece would start inside another piece.
    #[error("the piece starts inside piece {other}")]
    Overlap {
        /// The piece it overlaps.
        other: usize,
    },
}

/// Half the side of the table top (mm): the table is a 4 m × 4 m square
/// slab centred on the origin, its top at z = 0. A piece beyond its edge
/// falls and is not on the table.
pub const TABLE_HALF_MM: f64 = 2000.0;

/// The most steps [`Table::sleep_all`] takes for rapier to let every piece
/// sleep: a group of pieces that lost a contact is split before it sleeps,
/// one group a step, each retried at most every 16 steps.
pub const SLEEP_STEPS: u64 = 64;

#[derive(Clone, Debug)]
struct Piece {
    kind: PieceKind,
    body: RigidBodyHandle,
    collider: ColliderHandle,
    held: bool,
    /// Taken out of the world by [`Table::remove`].
    removed: bool,
}

/// Everything rapier keeps about the world; cloning it is a snapshot.
#[derive(Clone)]
struct State {
    settings: Settings,
    bodies: RigidBodySet,
    colliders: ColliderSet,
    islands: IslandManager,
    broad_phase: BroadPhaseBvh,
    narrow_phase: NarrowPhase,
    impulse_joints: ImpulseJointSet,
    multibody_joints: MultibodyJointSet,
    soft_bodies: SoftBodySet,
    ccd_solver: CCDSolver,
    pieces: Vec<Piece>,
    steps: u64,
}

/// A saved copy of the whole world in memory, rapier's caches included:
/// restoring it continues bit-identically. It is not serialisable (parry
/// cannot write a pyramid shell's compound shape, nor the contact caches
/// it keys by pairs of walls); what travels is a [`TableState`], the
/// explicit physical state a table is rebuilt from.
#[derive(Clone)]
pub struct Snapshot(State);

/// The poses of every piece at one moment, to measure motion against.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mark(Vec<RPose>);

/// How a [`Table::settle`] run ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settled {
    /// Whether every free piece came to rest (fell asleep) before the time cap.
    pub rested: bool,
    /// Simulated time the run took (s).
    pub time_s: f64,
    /// Steps taken.
    pub steps: u64,
    /// How far each piece moved and turned during the run, by [`PieceId`].
    pub motions: Vec<Motion>,
}

/// A piece's mass properties as the simulation uses them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MassProps {
    /// Mass (g).
    pub mass_g: f64,
    /// Centre of mass in the piece's own frame (mm): for a pyramid, above
    /// the centre of its base.
    pub centre_mm: [f64; 3],
    /// Principal moments of inertia about the centre of mass (g·mm²).
    pub principal_inertia_g_mm2: [f64; 3],
}

/// A group of pieces connected by contacts, and how high its top is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tower {
    /// The pieces, ascending.
    pub pieces: Vec<PieceId>,
    /// Height of the highest point of any of its pieces above the table (mm).
    pub top_mm: f64,
    /// Whether some piece of the group touches the table.
    pub on_table: bool,
}

/// The physics table: pieces dropped at full poses onto a static table top
/// (z = 0), simulated deterministically.
pub struct Table {
    state: State,
    params: IntegrationParameters,
    pipeline: PhysicsPipeline,
}

const TABLE_DATA: u128 = 0;

/// A copy continues exactly as the original would: the whole state is
/// cloned, the pipeline (scratch space only) is made afresh, as
/// [`Table::restore`] does. This is what lets a game state own a table.
impl Clone for Table {
    fn clone(&self) -> Table {
        Table::from_snapshot(&self.snapshot())
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("pieces", &self.len())
            .field("time_s", &self.time_s())
            .finish_non_exhaustive()
    }
}

impl Table {
    /// An empty table. The settings must be valid ([`Settings::validate`]).
    pub fn new(settings: Settings) -> Table {
        let mut bodies = RigidBodySet::new();
        let mut colliders = ColliderSet::new();
        let table = bodies.insert(RigidBodyBuilder::fixed());
        // A thick slab rather than a half-space: it is as cheap, and contact
        // points on a box report ordinary distances.
        colliders.insert_with_parent(
            ColliderBuilder::cuboid(mm(2000.0), mm(2000.0), mm(50.0))
                .translation(Vector::new(0.0, 0.0, -mm(50.0)))
                .friction(settings.sim.table_friction as f32)
                .restitution(settings.sim.restitution as f32)
                .user_data(TABLE_DATA),
            table,
            &mut bodies,
        );
        let params = integration_parameters(&settings);
        Table {
            state: State {
                settings,
                bodies,
                colliders,
                islands: IslandManager::new(),
                broad_phase: BroadPhaseBvh::new(),
                narrow_phase: NarrowPhase::new(),
                impulse_joints: ImpulseJointSet::new(),
                multibody_joints: MultibodyJointSet::new(),
                soft_bodies: SoftBodySet::new(),
                ccd_solver: CCDSolver::new(),
                pieces: Vec::new(),
                steps: 0,
            },
            params,
            pipeline: PhysicsPipeline::new(),
        }
    }

    /// Rapier's integration parameters, for experiments (not part of a snapshot).
    #[doc(hidden)]
    pub fn params_mut(&mut self) -> &mut IntegrationParameters {
        &mut self.params
    }

    /// The settings the table was made with.
    pub fn settings(&self) -> &Settings {
        &self.state.settings
    }

    /// How many pieces have been dropped.
    pub fn len(&self) -> usize {
        self.state.pieces.len()
    }

    /// Whether no piece has been dropped.
    pub fn is_empty(&self) -> bool {
        self.state.pieces.is_empty()
    }

    /// The kind of a piece.
    pub fn kind(&self, id: PieceId) -> PieceKind {
        self.state.pieces[id.0].kind
    }

    /// Simulated time since the table was made (s).
    pub fn time_s(&self) -> f64 {
        self.state.steps as f64 / self.state.settings.sim.step_hz
    }

    /// Drops a piece at rest at `pose` (it falls from there under gravity).
    /// Refuses poses inside the table or inside another piece.
    pub fn drop_piece(&mut self, kind: PieceKind, pose: Pose) -> Result<PieceId, PlaceError> {
        self.add(kind, pose, false)
    }

    /// Places a piece held fixed at `pose` (kinematic: it pushes others but
    /// nothing moves it) until [`Table::release`].
    pub fn hold_piece(&mut self, kind: PieceKind, pose: Pose) -> Result<PieceId, PlaceError> {
        self.add(kind, pose, true)
    }

    fn add(&mut self, kind: PieceKind, pose: Pose, held: bool) -> Result<PieceId, PlaceError> {
        self.fits(kind, pose)?;
        Ok(self.insert(kind, pose.to_rapier(), held))
    }

    /// Whether a piece of `kind` could be dropped or held at `pose` (the
    /// checks of [`Table::drop_piece`]), without adding it.
    pub fn fits(&self, kind: PieceKind, pose: Pose) -> Result<(), PlaceError> {
        let tolerance_mm = START_TOLERANCE_MM;
        if !pose.is_finite() {
            return Err(PlaceError::NotFinite);
        }
        let s = &self.state.settings;
        let rpose = pose.to_rapier();
        let (shape, local) = kind.shape(&s.pieces, 0.0, s.pieces.edge_radius_mm);
        let lowest_mm = lowest(&*shape, &(rpose * local));
        if lowest_mm < -tolerance_mm {
            return Err(PlaceError::BelowTable { lowest_mm });
        }
        let (shape, local) = kind.shape(&s.pieces, tolerance_mm, 0.0);
        let world = rpose * local;
        // Broad phase: only pieces whose boxes meet this one's get the
        // exact (and costly) separating-axis test. The shrunk shapes are
        // built once per kind, not once per pair.
        let aabb = shape.compute_aabb(&world);
        let mut shrunk: [Option<(rapier3d::geometry::SharedShape, RPose)>; 6] = Default::default();
        for i in 0..self.state.pieces.len() {
            let other = PieceId(i);
            if self.state.pieces[i].removed {
                continue;
            }
            let o_kind = self.kind(other);
            let slot = &mut shrunk[o_kind as usize];
            let (o_shape, o_local) =
                slot.get_or_insert_with(|| o_kind.shape(&s.pieces, tolerance_mm, 0.0));
            let o_world = *self.rpose(other) * *o_local;
            if !aabb.intersects(&o_shape.compute_aabb(&o_world)) {
                continue;
            }
            if !separated(
                &*shape, &world, kind, &**o_shape, &o_world, o_kind, &s.pieces,
            ) {
                return Err(PlaceError::Overlap { other: i });
            }
        }
        Ok(())
    }

    /// How far a piece of `kind` at `pose` could be lowered straight down
    /// before its nominal (sharp) outline touches the table or another
    /// piece (mm), when that is at most `max_mm`; `None` when it could
    /// fall further, or the pose is not finite. Zero when it already
    /// touches (or overlaps within the start tolerance). Shape casts of
    /// each convex part against the others': exact, and cheap next to the
    /// overlap check of [`Table::fits`].
    pub fn room_below_mm(&self, kind: PieceKind, pose: Pose, max_mm: f64) -> Option<f64> {
        // NaN is not at least 0: refused like a negative room.
        if !pose.is_finite() || max_mm.is_nan() || max_mm < 0.0 {
            return None;
        }
        let s = &self.state.settings;
        let (shape, local) = kind.shape(&s.pieces, 0.0, 0.0);
        let world = pose.to_rapier() * local;
        let mut room = lowest(&*shape, &world);
        let mut swept = shape.compute_aabb(&world);
        swept.mins.z -= mm(max_mm);
        let parts = convex_parts(&*shape, &world);
        let down = Vector::new(0.0, 0.0, -1.0);
        let options = rapier3d::parry::query::ShapeCastOptions::with_max_time_of_impact(mm(max_mm));
        let mut shapes: [Option<(rapier3d::geometry::SharedShape, RPose)>; 6] = Default::default();
        for i in 0..self.state.pieces.len() {
            if self.state.pieces[i].removed {
                continue;
            }
            let o_kind = self.kind(PieceId(i));
            let (o_shape, o_local) =
                shapes[o_kind as usize].get_or_insert_with(|| o_kind.shape(&s.pieces, 0.0, 0.0));
            let o_world = *self.rpose(PieceId(i)) * *o_local;
            if !swept.intersects(&o_shape.compute_aabb(&o_world)) {
                continue;
            }
            for (o_part, o_pose) in convex_parts(&**o_shape, &o_world) {
                for (part, part_pose) in &parts {
                    let hit = rapier3d::parry::query::cast_shapes(
                        part_pose,
                        down,
                        *part,
                        &o_pose,
                        Vector::ZERO,
                        o_part,
                        options,
                    );
                    if let Ok(Some(hit)) = hit {
                        room = room.min(f64::from(hit.time_of_impact) / UNITS_PER_MM);
                    }
                }
            }
        }
        (room <= max_mm).then_some(room.max(0.0))
    }

    /// Adds a piece's body and collider at `rpose`, unchecked.
    fn insert(&mut self, kind: PieceKind, rpose: RPose, held: bool) -> PieceId {
        let s = &self.state.settings;
        let (mass_g, friction) = kind.mass_and_friction(&s.pieces);
        let body_type = if held {
            RigidBodyType::KinematicPositionBased
        } else {
            RigidBodyType::Dynamic
        };
        let mut body = RigidBodyBuilder::new(body_type)
            .pose(rpose)
            .ccd_enabled(s.sim.ccd)
            .angular_damping(s.sim.angular_damping as f32)
            .linear_damping(s.sim.linear_damping as f32)
            .build();
        let act = body.activation_mut();
        act.normalized_linear_threshold =
            (s.sim.sleep_speed_mm_s / (s.sim.length_unit_m * 1000.0)) as f32;
        act.time_until_sleep = s.sim.sleep_time_s as f32;
        let id = self.state.pieces.len();
        let body = self.state.bodies.insert(body);
        let mut collider = kind.collider(&s.pieces).mass((mass_g * 0.001) as f32);
        if let Some((centre_mm, inertia)) = kind.shell_mass_properties(&s.pieces) {
            // g·mm² in kg·unit²: one unit is 100 mm.
            let per_g_mm2 = 1e-3 * UNITS_PER_MM * UNITS_PER_MM;
            collider = collider.mass_properties(MassProperties::new(
                Vector::new(0.0, 0.0, mm(centre_mm)),
                (mass_g * 0.001) as f32,
                Vector::new(
                    (inertia[0] * per_g_mm2) as f32,
                    (inertia[1] * per_g_mm2) as f32,
                    (inertia[2] * per_g_mm2) as f32,
                ),
            ));
        }
        let collider = self.state.colliders.insert_with_parent(
            collider
                .friction(friction as f32)
                .restitution(s.sim.restitution as f32)
                .user_data(id as u128 + 1),
            body,
            &mut self.state.bodies,
        );
        self.state.pieces.push(Piece {
            kind,
            body,
            collider,
            held,
            removed: false,
        });
        PieceId(id)
    }

    /// Holds an existing piece fixed where it is now.
    pub fn hold(&mut self, id: PieceId) {
        let p = &mut self.state.pieces[id.0];
        p.held = true;
        let body = &mut self.state.bodies[p.body];
        body.set_body_type(RigidBodyType::KinematicPositionBased, true);
    }

    /// Lets a held piece go: from now on gravity and contacts move it.
    pub fn release(&mut self, id: PieceId) {
        let p = &mut self.state.pieces[id.0];
        p.held = false;
        let body = &mut self.state.bodies[p.body];
        body.set_body_type(RigidBodyType::Dynamic, true);
        body.set_linvel(Vector::ZERO, true);
        body.set_angvel(Vector::ZERO, true);
    }

    /// Moves a held piece to `pose` over the next step (a hand moving it).
    pub fn move_held(&mut self, id: PieceId, pose: Pose) {
        let p = &self.state.pieces[id.0];
        if p.held && pose.in_range() {
            self.state.bodies[p.body].set_next_kinematic_position(pose.to_rapier());
        }
    }

    /// Whether a piece is held.
    pub fn is_held(&self, id: PieceId) -> bool {
        self.state.pieces[id.0].held
    }

    /// Takes a piece out of the world for good, as a hand lifting it
    /// straight off would, pushing nothing: its body leaves the simulation
    /// (rapier disables it and its collider), so no contact can carry an
    /// impulse from it, and the pieces that touched it are woken, so
    /// whatever rested on it falls on the next step. Moving a piece away
    /// instead, even slowly, drags and presses what it touches: a held
    /// piece is infinitely heavy to the solver.
    ///
    /// Its id stays (ids are drop order) and [`Table::pose`] keeps its last
    /// pose, but from now on it is in no query: not on the table, in no
    /// contact or tower, not in the way of a drop, never keeping the world
    /// awake. Removing it twice changes nothing.
    pub fn remove(&mut self, id: PieceId) {
        let p = &self.state.pieces[id.0];
        if p.removed {
            return;
        }
        let (body, collider) = (p.body, p.collider);
        let touching: Vec<RigidBodyHandle> = self
            .state
            .narrow_phase
            .contact_pairs_with(collider)
            .map(|pair| {
                if pair.collider1 == collider {
                    pair.collider2
                } else {
                    pair.collider1
                }
            })
            .filter_map(|c| self.state.colliders.get(c).and_then(|c| c.parent()))
            .collect();
        for b in touching {
            if let Some(b) = self.state.bodies.get_mut(b) {
                b.wake_up(true);
            }
        }
        self.state.bodies[body].set_enabled(false);
        self.state.pieces[id.0].removed = true;
    }

    /// Whether a piece was taken out of the world ([`Table::remove`]).
    pub fn is_removed(&self, id: PieceId) -> bool {
        self.state.pieces[id.0].removed
    }

    /// Advances the simulation by one step (1 / `step_hz` seconds).
    pub fn step(&mut self) {
        self.run_pipeline(self.params);
        self.state.steps += 1;
    }

    /// Whether every free (not held, not removed) piece is asleep.
    pub fn at_rest(&self) -> bool {
        self.state
            .pieces
            .iter()
            .filter(|p| !p.held && !p.removed)
            .all(|p| self.state.bodies[p.body].is_sleeping())
    }

    /// Puts every free (not held, not removed) piece to sleep where it is,
    /// its velocities zeroed: for a caller that has judged the world at
    /// rest by a rule of its own (a coin rocking on its rim never falls
    /// asleep by itself). Sleeping pieces stay put, and cost nothing to
    /// simulate, until something touches them, which wakes them.
    ///
    /// Rapier takes a group of touching pieces out of the simulation only
    /// during a step, and only once the group has split off what it lost
    /// (a removed piece that touched two towers joins them until then), so
    /// this steps until no free piece is simulated any more, at most
    /// [`SLEEP_STEPS`] steps; returns the steps taken. Until that split, a
    /// drop on one tower would wake the other with it.
    pub fn sleep_all(&mut self) -> u64 {
        let mut steps = 0;
        loop {
            for p in &self.state.pieces {
                if !p.held && !p.removed {
                    self.state.bodies[p.body].sleep();
                }
            }
            let bodies = &self.state.bodies;
            let simulated = self
                .state
                .islands
                .active_bodies()
                .any(|h| bodies.get(h).is_some_and(|b| b.is_dynamic()));
            if !simulated || steps >= SLEEP_STEPS {
                return steps;
            }
            self.step();
            steps += 1;
        }
    }

    /// Steps until every free piece rests or `settings.sim.max_time_s` of
    /// simulated time has passed, reporting each piece's motion over the run.
    pub fn settle(&mut self) -> Settled {
        let max_steps =
            (self.state.settings.sim.max_time_s * self.state.settings.sim.step_hz).ceil() as u64;
        self.settle_for(max_steps)
    }

    /// Like [`Table::settle`] with an explicit cap on the number of steps.
    pub fn settle_for(&mut self, max_steps: u64) -> Settled {
        let start = self.mark();
        let mut steps = 0;
        // A fresh drop is awake; a world already at rest needs no step.
        while steps < max_steps && !self.at_rest() {
            self.step();
            steps += 1;
        }
        Settled {
            rested: self.at_rest(),
            time_s: steps as f64 / self.state.settings.sim.step_hz,
            steps,
            motions: self.motions_since(&start),
        }
    }

    /// The explicit physical state of the table: every piece's kind, pose,
    /// velocities and whether it is held or removed, exactly.
    pub fn state(&self) -> TableState {
        let bits3 = |v: Vector| [v.x, v.y, v.z].map(f32::to_bits);
        TableState {
            settings: self.state.settings.clone(),
            steps: self.state.steps,
            pieces: self
                .state
                .pieces
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let body = &self.state.bodies[p.body];
                    BodyState {
                        kind: p.kind,
                        pose_bits: self.pose_bits(PieceId(i)),
                        linvel_bits: bits3(body.linvel()),
                        angvel_bits: bits3(body.angvel()),
                        held: p.held,
                        removed: p.removed,
                    }
                })
                .collect(),
        }
    }

    /// The table rebuilt from an explicit state: the pieces inserted in
    /// order at their exact poses and velocities, removed ones disabled,
    /// then rapier's collision detection run once without simulating any
    /// time, so that contacts and queries answer at once. Every piece that
    /// touches something is awake in it. Rapier's caches start empty: the
    /// rebuilt table is not the table the state was read from (its first
    /// steps lack the warm start of the contact impulses, so a resting
    /// structure settles again when it wakes: a leaning pair by thousandths
    /// of a millimetre, pieces wedged in one another by up to a
    /// millimetre), but every table rebuilt from the same state is the
    /// same, bit for bit, and its [`Table::state`] is that state again.
    pub fn from_state(state: &TableState) -> Result<Table, StateError> {
        state.validate()?;
        Ok(Table::rebuild(state))
    }

    /// This table rebuilt from its own [`Table::state`]: what any other
    /// holder of the state would rebuild ([`Table::from_state`]).
    pub fn rebuilt(&self) -> Table {
        Table::rebuild(&self.state())
    }

    fn rebuild(state: &TableState) -> Table {
        let mut t = Table::new(state.settings.clone());
        let vector = |b: [u32; 3]| {
            let [x, y, z] = b.map(f32::from_bits);
            Vector::new(x, y, z)
        };
        for b in &state.pieces {
            let [x, y, z, qx, qy, qz, qw] = b.pose_bits.map(f32::from_bits);
            let rpose = RPose::from_parts(
                Vector::new(x, y, z),
                rapier3d::math::Rotation::from_xyzw(qx, qy, qz, qw),
            );
            let id = t.insert(b.kind, rpose, b.held);
            let p = &mut t.state.pieces[id.0];
            let body = &mut t.state.bodies[p.body];
            if !b.held {
                body.set_linvel(vector(b.linvel_bits), false);
                body.set_angvel(vector(b.angvel_bits), false);
            }
            if b.removed {
                body.set_enabled(false);
                p.removed = true;
            }
        }
        // A step of no time applies the insertions and finds the contacts.
        // It wakes every piece it finds touching another or the table, and
        // they stay awake: rapier puts them to sleep again once they rest
        // (a body put to sleep by hand here would stay in rapier's active
        // set and fall through the table, free of its contacts).
        t.detect();
        t.state.steps = state.steps;
        // The pipeline holds scratch space only; a fresh one is what a
        // clone or a restored snapshot gets too.
        t.pipeline = PhysicsPipeline::new();
        t
    }

    /// One step of no time: applies changes and updates the contacts.
    fn detect(&mut self) {
        let mut params = self.params;
        params.dt = 0.0;
        self.run_pipeline(params);
    }

    /// One pass of rapier's pipeline with `params` over this world's sets.
    fn run_pipeline(&mut self, params: IntegrationParameters) {
        let st = &mut self.state;
        self.pipeline.step(
            Vector::new(0.0, 0.0, -GRAVITY as f32),
            &params,
            &mut st.islands,
            &mut st.broad_phase,
            &mut st.narrow_phase,
            &mut st.bodies,
            &mut st.colliders,
            &mut st.impulse_joints,
            &mut st.multibody_joints,
            &mut st.soft_bodies,
            &mut st.ccd_solver,
            &(),
            &(),
        );
    }

    /// Saves the whole world.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot(self.state.clone())
    }

    /// Returns the world to a snapshot (of this table or another).
    pub fn restore(&mut self, snapshot: &Snapshot) {
        self.state = snapshot.0.clone();
        self.params = integration_parameters(&self.state.settings);
        self.pipeline = PhysicsPipeline::new();
    }

    /// A table in the state of `snapshot`.
    pub fn from_snapshot(snapshot: &Snapshot) -> Table {
        let mut t = Table::new(snapshot.0.settings.clone());
        t.restore(snapshot);
        t
    }

    fn rpose(&self, id: PieceId) -> &RPose {
        self.state.bodies[self.state.pieces[id.0].body].position()
    }

    /// A piece's pose now.
    pub fn pose(&self, id: PieceId) -> Pose {
        Pose::from_rapier(self.rpose(id))
    }

    /// The exact pose rapier holds, as bits, for determinism checks:
    /// translation (rapier's units, 10 cm) then quaternion (x, y, z, w).
    pub fn pose_bits(&self, id: PieceId) -> [u32; 7] {
        let p = self.rpose(id);
        let t = p.translation;
        let q = p.rotation;
        [t.x, t.y, t.z, q.x, q.y, q.z, q.w].map(f32::to_bits)
    }

    /// Every piece's pose now, to measure motion against later.
    pub fn mark(&self) -> Mark {
        Mark((0..self.len()).map(|i| *self.rpose(PieceId(i))).collect())
    }

    /// How far each piece moved and turned since `mark` (pieces dropped
    /// since then are measured from their drop pose... which the mark lacks,
    /// so they report zero motion).
    pub fn motions_since(&self, mark: &Mark) -> Vec<Motion> {
        (0..self.len())
            .map(|i| {
                let now = self.rpose(PieceId(i));
                let then = mark.0.get(i).unwrap_or(now);
                Motion::between(then, now)
            })
            .collect()
    }

    /// A piece's shape and its pose in the world, from the body's pose (a
    /// collider's own world pose is only refreshed by a step).
    fn shape_and_pose(&self, id: PieceId) -> (&dyn Shape, RPose) {
        let p = &self.state.pieces[id.0];
        let c = &self.state.colliders[p.collider];
        let local = c.position_wrt_parent().copied().unwrap_or(RPose::IDENTITY);
        (c.shape(), *self.state.bodies[p.body].position() * local)
    }

    /// Height of a piece's lowest point above the table top (mm).
    pub fn lowest_mm(&self, id: PieceId) -> f64 {
        let (shape, pose) = self.shape_and_pose(id);
        lowest(shape, &pose)
    }

    /// Height of a piece's highest point above the table top (mm).
    pub fn highest_mm(&self, id: PieceId) -> f64 {
        let (shape, pose) = self.shape_and_pose(id);
        support_z(shape, &pose, 1.0)
    }

    /// Whether a piece touches the table (a removed piece never does): its lowest point is within
    /// `contacts.table_tolerance_mm` of the top (and not more than that
    /// below it: a piece that fell past the edge is not on the table), and
    /// over the table's [`TABLE_HALF_MM`] square.
    pub fn on_table(&self, id: PieceId) -> bool {
        if self.is_removed(id) {
            return false;
        }
        let (shape, pose) = self.shape_and_pose(id);
        let tol = self.state.settings.contacts.table_tolerance_mm;
        let p = lowest_point(shape, &pose);
        let [x, y, z] = [p.x, p.y, p.z].map(|v| f64::from(v) / UNITS_PER_MM);
        z <= tol && z >= -tol - 1.0 && x.abs() <= TABLE_HALF_MM && y.abs() <= TABLE_HALF_MM
    }

    /// The pieces touching the table, ascending.
    pub fn touching_table(&self) -> Vec<PieceId> {
        (0..self.len())
            .map(PieceId)
            .filter(|&id| self.on_table(id))
            .collect()
    }

    /// For a pyramid, which of its five corners (four base corners, then the
    /// apex) touch the table; `None` for other kinds.
    pub fn table_corners(&self, id: PieceId) -> Option<[bool; 5]> {
        let kind = self.kind(id);
        if !kind.is_pyramid() {
            return None;
        }
        let pose = self.rpose(id);
        let tol = self.state.settings.contacts.table_tolerance_mm;
        let corners = kind.corners_mm(&self.state.settings.pieces);
        let mut out = [false; 5];
        for (o, c) in out.iter_mut().zip(corners) {
            let local = Vector::new(mm(c[0]), mm(c[1]), mm(c[2]));
            let z = f64::from(pose.transform_point(local).z) / UNITS_PER_MM;
            *o = z <= tol;
        }
        Some(out)
    }

    /// Pairs of pieces in contact (not the table), each pair `(low, high)`,
    /// ascending, removed pieces left out: contact points at most
    /// `max_distance_mm` apart, and a pair normal impulse of at least `min_impulse` in the last step.
    pub fn contacts_filtered(
        &self,
        max_distance_mm: f64,
        min_impulse: f64,
    ) -> Vec<(PieceId, PieceId)> {
        let mut out = Vec::new();
        for pair in self.state.narrow_phase.contact_pairs() {
            let a = self.state.colliders[pair.collider1].user_data;
            let b = self.state.colliders[pair.collider2].user_data;
            if a == TABLE_DATA || b == TABLE_DATA {
                continue;
            }
            let close = pair
                .manifolds()
                .iter()
                .flat_map(|m| m.points.iter())
                .any(|p| f64::from(p.dist) / UNITS_PER_MM <= max_distance_mm);
            // Rapier's impulses are in kg·units/s; N·s = kg·m/s.
            let impulse = f64::from(pair.total_impulse_magnitude()) / (UNITS_PER_MM * 1000.0);
            let (a, b) = ((a - 1) as usize, (b - 1) as usize);
            // A pair of a removed piece lingers until the next step.
            if self.state.pieces[a].removed || self.state.pieces[b].removed {
                continue;
            }
            if close && impulse >= min_impulse {
                out.push((PieceId(a.min(b)), PieceId(a.max(b))));
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// [`Table::contacts_filtered`] with the thresholds from the settings.
    pub fn contacts(&self) -> Vec<(PieceId, PieceId)> {
        let c = &self.state.settings.contacts;
        self.contacts_filtered(c.max_distance_mm, c.min_impulse)
    }

    /// The contact points between two pieces (world, mm) whose surfaces
    /// are at most `max_distance_mm` apart, as the last step found them
    /// (kept while both sleep): the midpoint of each pair of closest points.
    /// Empty when they do not touch, or either was removed.
    pub fn contact_points(&self, a: PieceId, b: PieceId, max_distance_mm: f64) -> Vec<[f64; 3]> {
        let (Some(pa), Some(pb)) = (self.state.pieces.get(a.0), self.state.pieces.get(b.0)) else {
            return Vec::new();
        };
        if pa.removed || pb.removed {
            return Vec::new();
        }
        let Some(pair) = self
            .state
            .narrow_phase
            .contact_pair(pa.collider, pb.collider)
        else {
            return Vec::new();
        };
        let world_pose = |c: ColliderHandle| {
            let col = &self.state.colliders[c];
            let local = col
                .position_wrt_parent()
                .copied()
                .unwrap_or(RPose::IDENTITY);
            col.parent().map_or(*col.position(), |body| {
                *self.state.bodies[body].position() * local
            })
        };
        let (pose1, pose2) = (world_pose(pair.collider1), world_pose(pair.collider2));
        let mut out = Vec::new();
        for m in pair.manifolds() {
            let sub1 = pose1 * m.subshape_pos1().copied().unwrap_or(RPose::IDENTITY);
            let sub2 = pose2 * m.subshape_pos2().copied().unwrap_or(RPose::IDENTITY);
            for p in &m.points {
                if f64::from(p.dist) / UNITS_PER_MM > max_distance_mm {
                    continue;
                }
                let mid =
                    (sub1.transform_point(p.local_p1) + sub2.transform_point(p.local_p2)) * 0.5;
                out.push([mid.x, mid.y, mid.z].map(|v| f64::from(v) / UNITS_PER_MM));
            }
        }
        out
    }

    /// A point given in a piece's own frame (mm), in the world now (mm).
    pub fn to_world_mm(&self, id: PieceId, local_mm: [f64; 3]) -> [f64; 3] {
        let p = self.rpose(id).transform_point(Vector::new(
            mm(local_mm[0]),
            mm(local_mm[1]),
            mm(local_mm[2]),
        ));
        [p.x, p.y, p.z].map(|v| f64::from(v) / UNITS_PER_MM)
    }

    /// The mass properties rapier computed for a piece from its shape: mass
    /// (g), centre of mass in the piece's own frame (mm) and the principal
    /// moments of inertia about it (g·mm²), as the simulation uses them.
    pub fn mass_properties(&self, id: PieceId) -> MassProps {
        let body = &self.state.bodies[self.state.pieces[id.0].body];
        let m = body.mass_properties().local_mprops;
        let mass_g = f64::from(m.mass()) * 1000.0;
        let com = m.local_com;
        let inertia = m.principal_inertia();
        // Rapier's inertia is kg·unit²; one unit is 100 mm.
        let per_unit2 = 1000.0 / (UNITS_PER_MM * UNITS_PER_MM);
        MassProps {
            mass_g,
            centre_mm: [com.x, com.y, com.z].map(|v| f64::from(v) / UNITS_PER_MM),
            principal_inertia_g_mm2: [inertia.x, inertia.y, inertia.z]
                .map(|v| f64::from(v) * per_unit2),
        }
    }

    /// The groups of pieces joined by [`Table::contacts`], each with the
    /// height of its top; ordered by their lowest piece id. Removed pieces
    /// are in none.
    pub fn towers(&self) -> Vec<Tower> {
        let n = self.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        for (a, b) in self.contacts() {
            let (ra, rb) = (find(&mut parent, a.0), find(&mut parent, b.0));
            parent[ra.max(rb)] = ra.min(rb);
        }
        let mut towers: Vec<Tower> = Vec::new();
        let mut index_of_root = vec![usize::MAX; n];
        for i in 0..n {
            let id = PieceId(i);
            if self.is_removed(id) {
                continue;
            }
            let r = find(&mut parent, i);
            let (top, on) = (self.highest_mm(id), self.on_table(id));
            if index_of_root[r] == usize::MAX {
                index_of_root[r] = towers.len();
                towers.push(Tower {
                    pieces: vec![id],
                    top_mm: top,
                    on_table: on,
                });
            } else {
                let t = &mut towers[index_of_root[r]];
                t.pieces.push(id);
                t.top_mm = t.top_mm.max(top);
                t.on_table |= on;
            }
        }
        towers
    }
}

/// The convex parts of a shape and their poses in the world: a pyramid
/// shell's walls, or the shape itself.
fn convex_parts<'a>(shape: &'a dyn Shape, pose: &RPose) -> Vec<(&'a dyn Shape, RPose)> {
    match shape.as_compound() {
        Some(c) => c
            .shapes()
            .iter()
            .map(|(local, part)| (&**part as &dyn Shape, *pose * *local))
            .collect(),
        None => vec![(shape, *pose)],
    }
}

/// The point of a shape farthest along `dir` (exact for convex shapes and
/// compounds of them; a shape without a support map gives its box's).
fn support_along(shape: &dyn Shape, pose: &RPose, dir: Vector) -> Vector {
    convex_parts(shape, pose)
        .into_iter()
        .map(|(part, pose)| {
            part.as_support_map()
                .map(|s| s.support_point(&pose, dir))
                .unwrap_or_else(|| {
                    let aabb = part.compute_aabb(&pose);
                    Vector::new(
                        if dir.x > 0.0 {
                            aabb.maxs.x
                        } else {
                            aabb.mins.x
                        },
                        if dir.y > 0.0 {
                            aabb.maxs.y
                        } else {
                            aabb.mins.y
                        },
                        if dir.z > 0.0 {
                            aabb.maxs.z
                        } else {
                            aabb.mins.z
                        },
                    )
                })
        })
        .fold(None, |best: Option<Vector>, p| match best {
            Some(b) if b.dot(dir) >= p.dot(dir) => Some(b),
            _ => Some(p),
        })
        .unwrap_or(pose.translation)
}

fn support(shape: &dyn Shape, pose: &RPose, sign: f32) -> Vector {
    support_along(shape, pose, Vector::new(0.0, 0.0, sign))
}

fn support_z(shape: &dyn Shape, pose: &RPose, sign: f32) -> f64 {
    f64::from(support(shape, pose, sign).z) / UNITS_PER_MM
}

/// The lowest point of a shape (rapier's units).
fn lowest_point(shape: &dyn Shape, pose: &RPose) -> Vector {
    support(shape, pose, -1.0)
}

/// Whether two convex shapes are provably apart: some axis separates their
/// projections. Parry 0.31's GJK answers wrongly for some touching
/// polyhedra and cylinders (in either argument order), so the start check
/// uses support points only, which are exact. Axes tried: each piece's own
/// axes and face normals, the line between them, and a dense spread of
/// directions; two pieces no axis separates count as overlapping.
fn separated(
    a: &dyn Shape,
    pa: &RPose,
    ka: PieceKind,
    b: &dyn Shape,
    pb: &RPose,
    kb: PieceKind,
    pieces: &crate::specs::PieceSettings,
) -> bool {
    // Two shells are apart when every wall of one is apart from every wall
    // of the other: a piece may stand inside another's hollow.
    let (parts_a, parts_b) = (convex_parts(a, pa), convex_parts(b, pb));
    parts_a.iter().all(|(a, pa)| {
        let box_a = a.compute_aabb(pa);
        parts_b.iter().all(|(b, pb)| {
            !box_a.intersects(&b.compute_aabb(pb))
                || convex_separated(*a, pa, ka, *b, pb, kb, pieces)
        })
    })
}

fn convex_separated(
    a: &dyn Shape,
    pa: &RPose,
    ka: PieceKind,
    b: &dyn Shape,
    pb: &RPose,
    kb: PieceKind,
    pieces: &crate::specs::PieceSettings,
) -> bool {
    let (Some(sa), Some(sb)) = (a.as_support_map(), b.as_support_map()) else {
        return false;
    };
    let mut axes: Vec<Vector> = Vec::with_capacity(700);
    for (pose, kind) in [(pa, ka), (pb, kb)] {
        axes.extend([Vector::X, Vector::Y, Vector::Z].map(|v| pose.rotation * v));
        let c = kind.corners_mm(pieces);
        if c.len() == 5 {
            let v = |p: [f64; 3]| Vector::new(p[0] as f32, p[1] as f32, p[2] as f32);
            for i in 0..4 {
                let n = (v(c[(i + 1) % 4]) - v(c[i])).cross(v(c[4]) - v(c[i]));
                axes.push(pose.rotation * n.normalize());
            }
            // The planes where a shell's walls meet.
            let s = std::f32::consts::FRAC_1_SQRT_2;
            axes.push(pose.rotation * Vector::new(s, s, 0.0));
            axes.push(pose.rotation * Vector::new(s, -s, 0.0));
        }
    }
    let d = pb.translation - pa.translation;
    if d.length() > 0.0 {
        axes.push(d.normalize());
    }
    // A Fibonacci spiral: even coverage of directions (one hemisphere
    // suffices, as each axis is tested both ways).
    const N: usize = 600;
    let golden = std::f32::consts::PI * (3.0 - 5f32.sqrt());
    for i in 0..N {
        let z = 1.0 - (i as f32 + 0.5) / N as f32;
        let r = (1.0 - z * z).sqrt();
        let t = golden * i as f32;
        axes.push(Vector::new(r * t.cos(), r * t.sin(), z));
    }
    axes.iter().any(|&n| {
        let hi_a = sa.support_point(pa, n).dot(n);
        let lo_a = sa.support_point(pa, -n).dot(n);
        let hi_b = sb.support_point(pb, n).dot(n);
        let lo_b = sb.support_point(pb, -n).dot(n);
        hi_a < lo_b || hi_b < lo_a
    })
}

/// Millimetres in rapier's units.
fn mm(x: f64) -> f32 {
    (x * UNITS_PER_MM) as f32
}

fn lowest(shape: &dyn Shape, pose: &RPose) -> f64 {
    support_z(shape, pose, -1.0)
}

fn integration_parameters(s: &Settings) -> IntegrationParameters {
    let sim = &s.sim;
    IntegrationParameters {
        dt: (1.0 / sim.step_hz) as f32,
        num_solver_iterations: sim.substeps as usize,
        contact_softness: SpringCoefficients::new(
            sim.contact_hz as f32,
            sim.contact_damping as f32,
        ),
        static_contact_softness: SpringCoefficients::new(
            sim.table_contact_hz as f32,
            sim.contact_damping as f32,
        ),
        length_unit: (sim.length_unit_m * 1000.0 * UNITS_PER_MM) as f32,
        // Judging reads contact distances: recycled (stale) contacts would lie.
        contact_recycling: false,
        max_ccd_substeps: usize::from(sim.ccd),
        ..IntegrationParameters::default()
    }
}
