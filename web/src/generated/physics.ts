// Generated from the Rust types of the `stackyard-physics` crate by `cargo run -p stackyard-typegen`.
// Do not edit: change the Rust types and regenerate; a test
// (shells/typegen/tests/generated_types.rs) fails while this file is stale.

/**
 * One piece as the physics knows it between two steps. Numbers are the
 * exact 32-bit floats rapier computes with, as their bits
 * ([`f32::to_bits`]), so that a state read back from text is the same
 * state: translation in rapier's units (10 cm) then the rotation
 * quaternion (x, y, z, w); velocities in rapier's units per second and
 * radians per second. A piece's pose in millimetres and degrees is
 * [`crate::Table::pose`] of the rebuilt table.
 */
export type BodyState = { 
/**
 * What piece it is.
 */
kind: PieceKind, 
/**
 * Its pose: translation then quaternion (x, y, z, w), as f32 bits.
 */
pose_bits: [number, number, number, number, number, number, number], 
/**
 * Its linear velocity, as f32 bits.
 */
linvel_bits: [number, number, number], 
/**
 * Its angular velocity, as f32 bits.
 */
angvel_bits: [number, number, number], 
/**
 * Held fixed by a hand (kinematic) until released.
 */
held: boolean, 
/**
 * Taken out of the world for good ([`crate::Table::remove`]).
 */
removed: boolean, };

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
 * A kind of piece on the table.
 */
export type PieceKind = "tile" | "coin" | "pawn" | "pyramid-small" | "pyramid-medium" | "pyramid-large";

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
 * Small pyramid: base 14.29, height 25.40 mm, walls 2.6 mm, 1.4 g,
 * friction 0.8.
 *
 * The walls: a nested small rises about 9.5 mm over the one below
 * (two nested smalls are as tall as a medium, 34.93 − 25.40 = 9.53
 * mm), and a cavity that is the outer pyramid moved down 9.5 mm leaves
 * walls 9.53 × 7.145 / 26.39 = 2.58 mm thick (2.60 for a medium, 2.62
 * for a large). The masses agree: shells of 2.6 mm hold 1.31, 2.82 and
 * 4.93 cm³ of plastic, 1.07, 0.96 and 0.89 g/cm³ at 1.4, 2.7 and 4.4
 * g, about polystyrene's 1.05; walls of 1.3 mm would need 1.7 g/cm³,
 * heavier than any plastic the pieces could be made of.
 *
 * Friction 0.8: acrylic on acrylic, static (Engineering ToolBox,
 * "Friction and Friction Coefficients for some Common Materials",
 * which gives polystyrene on polystyrene 0.5). The pieces are taken to
 * be a hard acrylic-like plastic; the simulation has one coefficient
 * for static and sliding friction, and placements are judged at rest,
 * where the static one counts. Rapier averages two surfaces'
 * coefficients: 0.65 against the default table (0.5). Measured on the
 * leaning pair (issue 25): a small let go 2 mm above the middle of a
 * foundation piece's upper face broke the pair at 0.4 and 0.5 and
 * rests cleanly at 0.8.
 */
pyramid_small: PyramidSpec, 
/**
 * Medium pyramid: base 19.84, height 34.93 mm, walls 2.6 mm, 2.7 g,
 * friction 0.8.
 */
pyramid_medium: PyramidSpec, 
/**
 * Large pyramid: base 25.40, height 44.45 mm, walls 2.6 mm, 4.4 g,
 * friction 0.8.
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
 * A square-based Looney Pyramid, simulated as the real piece is: a hollow
 * shell with an open base, four walls of even thickness meeting in a solid
 * tip (L1). Its cavity is the outer pyramid moved down by
 * `wall × slant / half-base`, so a piece of the same size nested on it
 * rises by that much.
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
 * Thickness of each wall, across the wall (mm).
 */
wall: number, 
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
 * Restitution of every piece (default 0). Published coefficients of
 * restitution for hard plastics (0.5–0.8 for acrylic or polystyrene
 * balls) are for solid bodies at impact speeds of metres per second; a
 * thin shell let go a few millimetres above a face lands at 0.1–0.2
 * m/s, on an edge or a corner, and its walls flex: the assumption is
 * that it lands without a bounce, and bounces only delay rest.
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
