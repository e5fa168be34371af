//! What a viewer sees (P-9): public facts for everyone, and a seat's own
//! secrets (its face-down tiles as a set, its coins' two faces) only for
//! that seat.

use crate::action::{PiecePose, Placing};
use crate::matching::Top;
use crate::piece::{Card, Look, PieceId, TowerId};
use crate::state::{Ending, SpeedyTowers};
use serde::{Deserialize, Serialize};
use stackyard_core::{GameTime, Seat, Viewer};

/// A piece standing in a tower, as drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StackedView {
    /// The piece.
    pub piece: PieceId,
    /// Who placed it.
    pub by: Seat,
    /// How it looks to this viewer.
    pub look: Look,
    /// What it counts as for the next placement (P7).
    pub effective: Option<Card>,
    /// Where it is now.
    pub pose: PiecePose,
}

/// A tower as drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TowerView {
    /// Its id.
    pub id: TowerId,
    /// The foundation tile: face down until the start (P4).
    pub foundation: Look,
    /// Where the foundation is.
    pub foundation_pose: PiecePose,
    /// The pieces on the foundation, bottom (first placed) first.
    pub pieces: Vec<StackedView>,
    /// What the top counts as for matching (P7, P-2); `None` before the
    /// start or under a pawn.
    pub top: Option<Card>,
    /// Where the top piece's centre is: aims are offsets from here (P-7).
    pub centre_mm: [f64; 2],
    /// Height of the tower's highest point (mm, P-2).
    pub height_mm: f64,
}

impl TowerView {
    /// The top as the matching rules see it (P7), from what every viewer
    /// sees: what the top counts as, and the nearest tile at or below it
    /// (placed tiles and the started foundation are face up). `None`
    /// before the start or under a pawn.
    pub fn matching_top(&self) -> Option<Top> {
        let card = self.top?;
        let underneath = self
            .pieces
            .iter()
            .rev()
            .map(|s| &s.look)
            .chain(std::iter::once(&self.foundation))
            .find_map(|look| match *look {
                Look::Tile { card } => Some(card),
                _ => None,
            })?;
        Some(match self.pieces.last().map(|s| &s.look) {
            Some(Look::Coin { .. }) => Top::coin(card, underneath),
            _ => Top::tile(card),
        })
    }
}

/// A seat as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatView {
    /// Said ready (P4).
    pub ready: bool,
    /// How many face-down tiles it has.
    pub face_down: u32,
    /// Its face-up tile (P5), public.
    pub face_up: Option<FaceUp>,
    /// How many coins it has.
    pub coins: u32,
    /// Whether its pawn is in its pile.
    pub pawn: bool,
    /// Pieces it holds (P-10).
    pub pieces_left: u32,
}

/// A face-up tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FaceUp {
    /// The tile.
    pub tile: PieceId,
    /// Its face.
    pub card: Card,
}

/// A coin its holder knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OwnCoin {
    /// The coin.
    pub coin: PieceId,
    /// Its two faces.
    pub card: Card,
}

/// What only the viewing seat knows of its own pile (P-9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Hand {
    /// The seat.
    pub seat: Seat,
    /// Its face-down tiles as a set, sorted (which one a reveal turns up
    /// is random, P5).
    pub face_down: Vec<Card>,
    /// Its coins and their faces.
    pub coins: Vec<OwnCoin>,
    /// Its pawn, while in the pile.
    pub pawn: Option<PieceId>,
    /// Whether the next reveal will skip the tile just hidden (P5).
    pub skips_hidden: bool,
    /// Where each piece it may place now would be accepted (P6–P8), so a
    /// client offers exactly those placements without judging a rule
    /// itself; empty before the start and after the end.
    pub fits: Vec<Fit>,
}

/// One piece the viewing seat may place, and the towers it fits now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Fit {
    /// The piece, as a place action names it (a coin with the face up).
    pub piece: Placing,
    /// The towers it would be accepted on (P7, P8); empty when none.
    pub towers: Vec<TowerId>,
}

/// The table as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    /// Who is looking.
    pub viewer: Viewer,
    /// When play started (P4).
    pub started: Option<GameTime>,
    /// The last time the game saw.
    pub now: GameTime,
    /// How the game ended.
    pub ending: Option<Ending>,
    /// The towers, by id.
    pub towers: Vec<TowerView>,
    /// Every seat's public facts, by seat.
    pub seats: Vec<SeatView>,
    /// The viewing seat's own secrets (`None` for spectators).
    pub hand: Option<Hand>,
    /// Pieces that left the game (P10), as everyone saw them fall.
    pub out_of_game: Vec<Look>,
    /// How many pieces were set aside at the deal (P3).
    pub set_aside: u32,
    /// The highest tower's height (mm, P8).
    pub highest_mm: f64,
    /// The farthest an aim may be from a tower's centre, in x and in y
    /// (mm, P-7): the room's setting.
    pub max_offset_mm: f64,
}

impl SpeedyTowers {
    fn pose_view(&self, piece: PieceId) -> PiecePose {
        let pose = self.body(piece).map(|b| self.table.inner().pose(b));
        PiecePose {
            piece,
            position: pose.map_or([0.0; 3], |p| p.position),
            rotation_deg: pose.map_or([0.0; 3], |p| p.rotation_deg),
        }
    }

    /// Whether `viewer` knows both faces of `piece` (P-9).
    pub fn viewer_knows(&self, viewer: Viewer, piece: PieceId) -> bool {
        match viewer {
            Viewer::Seat(s) => self.knows(s, piece),
            Viewer::Spectator => false,
        }
    }

    /// The table as `viewer` sees it.
    pub fn view_for(&self, viewer: Viewer) -> View {
        let started = self.started().is_some();
        let towers = self
            .towers
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let id = TowerId(i as u8);
                let f = self.pieces[t.foundation.index()];
                TowerView {
                    id,
                    foundation: if started {
                        Look::of(f, None, true)
                    } else {
                        Look::FaceDownTile
                    },
                    foundation_pose: self.pose_view(t.foundation),
                    pieces: t
                        .pieces
                        .iter()
                        .map(|s| StackedView {
                            piece: s.piece,
                            by: s.by,
                            look: Look::of(
                                self.pieces[s.piece.index()],
                                s.face,
                                self.viewer_knows(viewer, s.piece),
                            ),
                            effective: s.effective,
                            pose: self.pose_view(s.piece),
                        })
                        .collect(),
                    top: self.top(id).and_then(Top::card).filter(|_| started),
                    centre_mm: self.centre_mm(id),
                    height_mm: self.height_mm(id),
                }
            })
            .collect();
        let seats = self
            .piles
            .iter()
            .enumerate()
            .map(|(s, p)| SeatView {
                ready: self.is_ready(Seat(s as u8)),
                face_down: p.face_down.len() as u32,
                face_up: p.face_up.and_then(|tile| {
                    Some(FaceUp {
                        tile,
                        card: self.pieces[tile.index()].card()?,
                    })
                }),
                coins: p.coins.len() as u32,
                pawn: p.pawn.is_some(),
                pieces_left: p.count() as u32,
            })
            .collect();
        let hand = match viewer {
            Viewer::Seat(seat) => self.pile(seat).map(|p| {
                let mut face_down: Vec<Card> = p
                    .face_down
                    .iter()
                    .filter_map(|t| self.pieces[t.index()].card())
                    .collect();
                face_down.sort();
                Hand {
                    seat,
                    face_down,
                    coins: p
                        .coins
                        .iter()
                        .filter_map(|&coin| {
                            Some(OwnCoin {
                                coin,
                                card: self.pieces[coin.index()].card()?,
                            })
                        })
                        .collect(),
                    pawn: p.pawn,
                    skips_hidden: p.last_hidden.is_some() && p.face_down.len() > 1,
                    fits: self
                        .fits(seat)
                        .into_iter()
                        .map(|(piece, towers)| Fit { piece, towers })
                        .collect(),
                }
            }),
            Viewer::Spectator => None,
        };
        View {
            viewer,
            started: self.started(),
            now: self.now(),
            ending: self.ending().cloned(),
            towers,
            seats,
            hand,
            out_of_game: self
                .out
                .iter()
                .map(|&p| {
                    let face = self.last_face(p);
                    Look::of(self.pieces[p.index()], face, self.viewer_knows(viewer, p))
                })
                .collect(),
            set_aside: self.aside.len() as u32,
            highest_mm: self.highest_mm(),
            max_offset_mm: self.settings.max_offset_mm,
        }
    }
}
