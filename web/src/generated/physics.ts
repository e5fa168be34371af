// Generated from the Rust types of the `stackyard-physics` crate by `cargo run -p stackyard-typegen`.
// Do not edit: change the Rust types and regenerate; a test
// (shells/typegen/tests/generated_types.rs) fails while this file is stale.

/**
 * A box-shaped piece (the piecepack tile), millimetres and grams.
 */
export type BoxSpec = { 
/**
 * Extent along the piece's own x axis (mm).
 */
width: number, 
/**
 * Extent along the piece's own y axis (mm).
 */
depth: number, 
/**
 * Extent along the piece's own z axis, base to top (mm).
 */
height: number, 
/**
 * Mass (g).
 */
mass: number, 
/**
 * Coulomb friction coefficient.
 */
friction: number, };

/**
 * When two pieces count as touching, and when a corner counts as on the table.
 */
export type ContactSettings = { 
/**
 * A contact point counts when the surfaces are at most this far apart
 * (mm, default 0.25; negative distances are penetrations and count).
 */
max_distance_mm: number, 
/**
 * ... and the pair's solver pushed with at least this normal impulse
 * (N·s, default 0: any pair the solver did not ignore).
 */
min_impulse: number, 
/**
 * A corner or piece is on the table when its lowest point is at most this
 * high (mm, default 0.3).
 */
table_tolerance_mm: number, };

/**
 * A cylinder standing on one of its flat faces (coin, pawn).
 */
export type CylinderSpec = { 
/**
 * Diameter (mm).
 */
diameter: number, 
/**
 * Height along the axis, base face to top face (mm).
 */
height: number, 
/**
 * Mass (g).
 */
mass: number, 
/**
 * Coulomb friction coefficient.
 */
friction: number, };

/**
 * Everything the table needs to know; every field has a default, so
 * `{}` is a valid settings object.
 */
export type PhysicsSettings = { 
/**
 * Sizes, masses and friction of the pieces.
 */
pieces: PieceSettings, 
/**
 * Solver parameters.
 */
sim: SimSettings, 
/**
 * Touching thresholds.
 */
contacts: ContactSettings, };

/**
 * Which piece: the index in the order pieces were dropped.
 */
export type PieceId = number;

/**
 * The pieces' dimensions. Defaults: the common reference piecepack and
 * Looney Pyramids (`docs/rules/`).
 */
export type PieceSettings = { 
/**
 * Tile: 50.8 × 50.8 × 6.35 mm, 11.5 g, friction 0.5 (wood on wood).
 * An override may name only some fields (`{"mass": 20}`); the others
 * keep these defaults, as in every piece below.
 */
tile: BoxSpec, 
/**
 * Coin: ⌀ 19.05 × 3.175 mm, 0.8 g, friction 0.5.
 */
coin: CylinderSpec, 
/**
 * Pawn (a plain cylinder): ⌀ 15.9 × 28.6 mm, 4 g, friction 0.5.
 */
pawn: CylinderSpec, 
/**
 * Small pyramid: base 14.29, height 25.40 mm, 1.4 g, friction 0.4 (plastic).
 */
pyramid_small: PyramidSpec, 
/**
 * Medium pyramid: base 19.84, height 34.93 mm, 2.7 g, friction 0.4.
 */
pyramid_medium: PyramidSpec, 
/**
 * Large pyramid: base 25.40, height 44.45 mm, 4.4 g, friction 0.4.
 */
pyramid_large: PyramidSpec, 
/**
 * Radius of the rounded edges of coins, pawns and pyramids, taken
 * from inside their nominal size (mm, default 0.2; see `PieceKind`).
 */
edge_radius_mm: number, };

/**
 * A piece's pose as the scenario format writes it.
 */
export type Pose = { 
/**
 * Centre of the base face (mm).
 */
position: [number, number, number], 
/**
 * Rotation about `position`: Rz(rz)·Ry(ry)·Rx(rx), degrees.
 */
rotation_deg: [number, number, number], };

/**
 * A square-based Looney Pyramid, simulated as a solid five-point convex hull.
 */
export type PyramidSpec = { 
/**
 * Side of the square base (mm).
 */
base: number, 
/**
 * Height from the base to the apex (mm).
 */
height: number, 
/**
 * Mass (g).
 */
mass: number, 
/**
 * Coulomb friction coefficient.
 */
friction: number, };

/**
 * How the solver is run. The defaults are the measured ones that keep
 * millimetre pieces faithful (`docs/rules/`): rapier's own
 * defaults (1/60 s, soft 30 Hz contacts) let a 24-tile column sink.
 */
export type SimSettings = { 
/**
 * Steps per simulated second (default 240).
 */
step_hz: number, 
/**
 * Solver substeps per step (default 16).
 */
substeps: number, 
/**
 * Natural frequency of piece–piece contacts in Hz (default 600).
 */
contact_hz: number, 
/**
 * Natural frequency of piece–table contacts in Hz (default 1200).
 */
table_contact_hz: number, 
/**
 * Damping ratio of contacts (default 10, rapier's: high damping lets piles rest).
 */
contact_damping: number, 
/**
 * Rapier's length unit in metres: the scale of its internal tolerances
 * (default 0.01, a centimetre, the size of the pieces).
 */
length_unit_m: number, 
/**
 * Friction of the table top (default 0.5).
 */
table_friction: number, 
/**
 * Restitution of every piece (default 0: wood and plastic barely bounce
 * at the speeds of stacking, and bounces only delay rest).
 */
restitution: number, 
/**
 * Angular damping of every piece (1/s, default 0).
 */
angular_damping: number, 
/**
 * Linear damping of every piece (1/s, default 0).
 */
linear_damping: number, 
/**
 * A piece may fall asleep when its fastest point moves slower than this
 * (mm/s, default 3).
 */
sleep_speed_mm_s: number, 
/**
 * ... for this long (s, default 0.03: enough to see a piece start to tip).
 */
sleep_time_s: number, 
/**
 * A run stops at this much simulated time even if pieces still move
 * (s, default 10).
 */
max_time_s: number, 
/**
 * Continuous collision detection (default off: pieces are placed, not
 * thrown, and move far less than their thickness per step).
 */
ccd: boolean, };
