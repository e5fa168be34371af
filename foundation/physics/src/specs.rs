//! The pieces' sizes, masses and friction, each with its documented default
//! (`docs/rules/`): plain numbers, below `piece.rs`, which turns them into
//! shapes, and `settings.rs`, which gathers and checks every setting.

use serde::{Deserialize, Serialize};

/// A box-shaped piece (the piecepack tile), millimetres and grams.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BoxSpec {
    /// Extent along the piece's own x axis (mm).
    pub width: f64,
    /// Extent along the piece's own y axis (mm).
    pub depth: f64,
    /// Extent along the piece's own z axis, base to top (mm).
    pub height: f64,
    /// Mass (g).
    pub mass: f64,
    /// Coulomb friction coefficient.
    pub friction: f64,
}

/// A cylinder standing on one of its flat faces (coin, pawn).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CylinderSpec {
    /// Diameter (mm).
    pub diameter: f64,
    /// Height along the axis, base face to top face (mm).
    pub height: f64,
    /// Mass (g).
    pub mass: f64,
    /// Coulomb friction coefficient.
    pub friction: f64,
}

/// A square-based Looney Pyramid, simulated as the real piece is: a hollow
/// shell with an open base, four walls of even thickness meeting in a solid
/// tip (L1). Its cavity is the outer pyramid moved down by
/// `wall × slant / half-base`, so a piece of the same size nested on it
/// rises by that much.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PyramidSpec {
    /// Side of the square base (mm).
    pub base: f64,
    /// Height from the base to the apex (mm).
    pub height: f64,
    /// Thickness of each wall, across the wall (mm).
    pub wall: f64,
    /// Mass (g).
    pub mass: f64,
    /// Coulomb friction coefficient.
    pub friction: f64,
}

/// The pieces' dimensions. Defaults: the common reference piecepack and
/// Looney Pyramids (`docs/rules/`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PieceSettings {
    /// Tile: 50.8 × 50.8 × 6.35 mm, 11.5 g, friction 0.5 (wood on wood).
    /// An override may name only some fields (`{"mass": 20}`); the others
    /// keep these defaults, as in every piece below.
    #[serde(deserialize_with = "patch::tile")]
    pub tile: BoxSpec,
    /// Coin: ⌀ 19.05 × 3.175 mm, 0.8 g, friction 0.5.
    #[serde(deserialize_with = "patch::coin")]
    pub coin: CylinderSpec,
    /// Pawn (a plain cylinder): ⌀ 15.9 × 28.6 mm, 4 g, friction 0.5.
    #[serde(deserialize_with = "patch::pawn")]
    pub pawn: CylinderSpec,
    /// Small pyramid: base 14.29, height 25.40 mm, walls 2.6 mm, 1.4 g,
    /// friction 0.8.
    ///
    /// The walls: a nested small rises about 9.5 mm over the one below
    /// (two nested smalls are as tall as a medium, 34.93 − 25.40 = 9.53
    /// mm), and a cavity that is the outer pyramid moved down 9.5 mm leaves
    /// walls 9.53 × 7.145 / 26.39 = 2.58 mm thick (2.60 for a medium, 2.62
    /// for a large). The masses agree: shells of 2.6 mm hold 1.31, 2.82 and
    /// 4.93 cm³ of plastic, 1.07, 0.96 and 0.89 g/cm³ at 1.4, 2.7 and 4.4
    /// g, about polystyrene's 1.05; walls of 1.3 mm would need 1.7 g/cm³,
    /// heavier than any plastic the pieces could be made of.
    ///
    /// Friction 0.8: acrylic on acrylic, static (Engineering ToolBox,
    /// "Friction and Friction Coefficients for some Common Materials",
    /// which gives polystyrene on polystyrene 0.5). The pieces are taken to
    /// be a hard acrylic-like plastic; the simulation has one coefficient
    /// for static and sliding friction, and placements are judged at rest,
    /// where the static one counts. Rapier averages two surfaces'
    /// coefficients: 0.65 against the default table (0.5). Measured on the
    /// leaning pair (issue 25): a small let go 2 mm above the middle of a
    /// foundation piece's upper face broke the pair at 0.4 and 0.5 and
    /// rests cleanly at 0.8.
    #[serde(deserialize_with = "patch::pyramid_small")]
    pub pyramid_small: PyramidSpec,
    /// Medium pyramid: base 19.84, height 34.93 mm, walls 2.6 mm, 2.7 g,
    /// friction 0.8.
    #[serde(deserialize_with = "patch::pyramid_medium")]
    pub pyramid_medium: PyramidSpec,
    /// Large pyramid: base 25.40, height 44.45 mm, walls 2.6 mm, 4.4 g,
    /// friction 0.8.
    #[serde(deserialize_with = "patch::pyramid_large")]
    pub pyramid_large: PyramidSpec,
    /// Radius of the rounded edges of coins, pawns and pyramids, taken
    /// from inside their nominal size (mm, default 0.2; see `PieceKind`).
    pub edge_radius_mm: f64,
}

impl Default for PieceSettings {
    fn default() -> Self {
        let pyramid = |base, height, mass| PyramidSpec {
            base,
            height,
            wall: 2.6,
            mass,
            friction: 0.8,
        };
        PieceSettings {
            tile: BoxSpec {
                width: 50.8,
                depth: 50.8,
                height: 6.35,
                mass: 11.5,
                friction: 0.5,
            },
            coin: CylinderSpec {
                diameter: 19.05,
                height: 3.175,
                mass: 0.8,
                friction: 0.5,
            },
            pawn: CylinderSpec {
                diameter: 15.9,
                height: 28.6,
                mass: 4.0,
                friction: 0.5,
            },
            pyramid_small: pyramid(14.29, 25.40, 1.4),
            pyramid_medium: pyramid(19.84, 34.93, 2.7),
            pyramid_large: pyramid(25.40, 44.45, 4.4),
            edge_radius_mm: 0.2,
        }
    }
}

/// Piece overrides that name only some fields: each missing field keeps
/// its default for that piece (a coin's and a pawn's defaults differ, so a
/// plain `#[serde(default)]` on the spec types could not do this).
mod patch {
    use super::{BoxSpec, CylinderSpec, PieceSettings, PyramidSpec};
    use serde::{Deserialize, Deserializer};

    /// `$patch`: the fields of `$spec`, each optional (an unknown one
    /// refused), and `over`, which lays them on a default.
    macro_rules! patch {
        ($patch:ident for $spec:ident { $($field:ident),+ }) => {
            #[derive(Deserialize)]
            #[serde(deny_unknown_fields)]
            struct $patch {
                $($field: Option<f64>,)+
            }

            impl $patch {
                fn over(self, default: $spec) -> $spec {
                    $spec {
                        $($field: self.$field.unwrap_or(default.$field),)+
                    }
                }
            }
        };
    }

    patch!(BoxPatch for BoxSpec { width, depth, height, mass, friction });
    patch!(CylinderPatch for CylinderSpec { diameter, height, mass, friction });
    patch!(PyramidPatch for PyramidSpec { base, height, wall, mass, friction });

    /// For each piece of `PieceSettings`, the function its
    /// `deserialize_with` names: the piece's patch over its own default.
    macro_rules! pieces {
        ($($piece:ident: $patch:ident -> $spec:ident),+ $(,)?) => {
            $(
                pub fn $piece<'de, D: Deserializer<'de>>(d: D) -> Result<$spec, D::Error> {
                    Ok($patch::deserialize(d)?.over(PieceSettings::default().$piece))
                }
            )+
        };
    }

    pieces! {
        tile: BoxPatch -> BoxSpec,
        coin: CylinderPatch -> CylinderSpec,
        pawn: CylinderPatch -> CylinderSpec,
        pyramid_small: PyramidPatch -> PyramidSpec,
        pyramid_medium: PyramidPatch -> PyramidSpec,
        pyramid_large: PyramidPatch -> PyramidSpec,
    }
}
