//! The game state and the rules that change it (P1–P12). One concept a
//! file: the deal (`state/deal.rs`), a placement and its verdict
//! (`state/placement.rs`), what fits where (`state/fits.rs`), and turning
//! tiles up and down (`state/reveal.rs`); this file holds the state, its
//! queries and the step that dispatches an action.
//!
//! Decisions where P1–P12 leave a question open (ids P-1, P-2, …):
//!
//! - **P-1** Fallen (P10) also covers a piece that rests only on fallen
//!   pieces: a piece stays in a tower only while a chain of contacts joins
//!   it to that tower's foundation without passing through anything that
//!   touches the table. A coin lying on a fallen tile is part of the heap.
//! - **P-2** A tower's top, for matching (P7), is the most recently placed
//!   piece still standing in it; a tower's height (P8, P11) is the highest
//!   point of any of its pieces, foundation included. Heights within
//!   [`HEIGHT_TIE_MM`] of the highest count as highest ("ties: any of them").
//! - **P-3** Nothing may be placed onto a pawn (it has neither suit nor
//!   value). In play this never arises: a pawn that does not win goes back
//!   (P-4), and one that wins ends the game.
//! - **P-4** The pawn never leaves the game: if it falls, or stands but does
//!   not win because something fell (P11), it goes back to its owner's
//!   pile, in addition to the one fallen piece P10 lets them take back.
//! - **P-5** P10's "highest-ranked" fallen piece: Null ranks above Ace (it
//!   fits everywhere), then Ace, 5 … 2; tiles before coins at equal rank,
//!   then the lower piece id. A coin ranks by its own value face. A tile
//!   taken back goes into the pile face down; a coin taken back becomes
//!   known (both faces) to the seat that took it.
//! - **P-6** Pieces that leave the table (fallen pieces pushed out of the
//!   game, the piece taken back, a returning pawn) are lifted off it after
//!   the placement settles ("push the rest aside"), straight out of the
//!   physics world, pushing nothing (P-15). What leaned on them settles again, and anything that
//!   falls then leaves the game too (the one take-back is used). Placing a
//!   piece again drops a new body for it.
//! - **P-7** A pose's offset is measured from the centre of the tower's top
//!   piece (where a player aims), and may be at most `max_offset_mm` in x
//!   and in y; farther is "outside the table" (P6). The drop height is
//!   just above the highest thing within reach of the drop point.
//! - **P-8** Each placement is simulated alone, in arrival order (P4, P9),
//!   so two placements never settle in the same step: the first winning
//!   pawn placement wins alone (P11) and the game ends.
//! - **P-9** A seat knows its own face-down tiles as a set (it was dealt
//!   them; it does not know which comes up: `reveal` picks at random, P5).
//!   Other seats and spectators see only how many. A placed coin shows one
//!   face to everyone; its other face stays known only to the seats that
//!   held it.
//! - **P-10** The pieces a seat holds for P12's count are its tiles (face
//!   up or down), its coins and its pawn.
//! - **P-11** A seat's own pawn is of suit `Suit::ALL[seat % 4]`, from the
//!   pack `seat / 2` (one pack per two players, P1).
//! - **P-12** "Every body rests" (P9): every free body asleep, or two
//!   windows of 0.05 s in a row in which no body's centre moved more than
//!   0.5 mm, bodies lying on the table aside (see [`crate::table`]): coins
//!   leaning on each other creep by hundredths of a millimetre and spin
//!   about their own axis, and never fall asleep; a fallen pawn or coin
//!   rolling on its edge would roll until the cap, but it has fallen
//!   whatever it does next.
//! - **P-13** P10's "his choice" is made with the placement, as its
//!   `take_back` preference (`placed_first`, P10's default, or
//!   `highest_ranked`): the verdict comes from the same action, so there is
//!   no moment to ask, and the game never waits on one seat.
//! - **P-14** Aims are taken to the micrometre and the millidegree
//!   ([`crate::Aim::quantized`]): a record read back from JSON may carry a
//!   number one ulp off, and the drop must be the same.
//! - **P-15** A foundation is never fallen (P10), but it is a tile on the
//!   table like any other: a piece falling onto it may nudge it, and it
//!   stays where it was nudged. Nothing else moves it: a piece lifted off
//!   the table (P-6) leaves the world at once, as a hand lifting it
//!   straight up would, and pushes, drags and presses nothing
//!   ([`crate::table::PhysTable::lift_away`]).
//! - **P-17** "The tile underneath" a coin (P7, revised 2026-11-26) is the
//!   last tile placed in its tower that still stands there, or the
//!   foundation when none does (P-2's placement order is the tower's order
//!   from the bottom): every coin of a stack takes its hidden property from
//!   the tile below them all. A coin's effective suit and value are fixed
//!   when it lands. A refused `hide` (P5) names the lowest-numbered tower
//!   the tile fits.

mod deal;
mod fits;
mod placement;
mod reveal;

use crate::action::{Action, Aim, EndReason, Event, PiecePose, Placing, TakeBack};
use crate::error::SpeedyError;
use crate::matching::{Mismatch, Placed, Top, judge};
use crate::piece::{Card, CoinFace, Look, Piece, PieceId, Suit, TowerId, Value};
use crate::settings::Settings;
use crate::table::PhysTable;
pub use deal::{Deal, SeatDeal};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use stackyard_core::{GameTime, Seat, Seed, SetupError};
use stackyard_physics::{PieceId as BodyId, Pose};

/// Heights within this many mm of the highest tower count as highest (P-2).
pub const HEIGHT_TIE_MM: f64 = 1.0;

/// How far from a drop point (mm, horizontally) a body can reach into the
/// dropped piece's space: a tile's half-diagonal twice, and a margin.
const REACH_MM: f64 = 90.0;
/// Clearance between the drop and the highest thing below it (mm).
const DROP_CLEARANCE_MM: f64 = 0.3;

/// How the game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Ending {
    /// Why.
    pub reason: EndReason,
    /// When.
    pub at: GameTime,
    /// Who won (P11, P12).
    pub winners: Vec<Seat>,
}

/// One seat's pile (P3, P5).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Pile {
    /// Face-down tiles, by id (the order means nothing: reveals are random).
    pub face_down: Vec<PieceId>,
    /// The one face-up tile (P5).
    pub face_up: Option<PieceId>,
    /// The tile hidden last: the next reveal skips it if it can (P5).
    pub last_hidden: Option<PieceId>,
    /// Coins, by id.
    pub coins: Vec<PieceId>,
    /// The pawn, while not on a tower.
    pub pawn: Option<PieceId>,
}

impl Pile {
    /// Tiles, coins and pawn (P-10).
    pub fn count(&self) -> usize {
        self.face_down.len()
            + usize::from(self.face_up.is_some())
            + self.coins.len()
            + usize::from(self.pawn.is_some())
    }

    /// Whether only the pawn is left (P8).
    pub fn pawn_is_last(&self) -> bool {
        self.pawn.is_some() && self.count() == 1
    }

    fn insert_sorted(list: &mut Vec<PieceId>, p: PieceId) {
        let i = list.partition_point(|&q| q < p);
        list.insert(i, p);
    }
}

/// A piece standing in a tower.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stacked {
    /// The piece.
    pub piece: PieceId,
    /// Who placed it.
    pub by: Seat,
    /// The coin face that is up.
    pub face: Option<CoinFace>,
    /// What it counts as for the next placement (P7); `None` for a pawn.
    pub effective: Option<Card>,
    /// When it was placed, counting placements (orders a tower, P-2).
    pub number: u32,
}

/// A tower: a foundation tile and the pieces it holds up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tower {
    /// The foundation tile (P3).
    pub foundation: PieceId,
    /// The pieces on it, in placement order (P-2).
    pub pieces: Vec<Stacked>,
}

/// A Speedy Towers table: the pieces, the piles, the towers and the
/// physics world they stand in.
#[derive(Debug, Clone)]
pub struct SpeedyTowers {
    pub(crate) settings: Settings,
    /// Every piece, by id.
    pub(crate) pieces: Vec<Piece>,
    /// Which seats know each coin's two faces (bit per seat, P-9).
    pub(crate) known: Vec<u8>,
    /// The face each coin showed when last placed.
    pub(crate) faces: Vec<Option<CoinFace>>,
    pub(crate) piles: Vec<Pile>,
    pub(crate) towers: Vec<Tower>,
    /// Left the game (P10).
    pub(crate) out: Vec<PieceId>,
    /// Set aside at the deal (P3).
    pub(crate) aside: Vec<PieceId>,
    pub(crate) table: PhysTable,
    /// The body a piece has now on the table, if any.
    pub(crate) body_of: Vec<Option<BodyId>>,
    /// The piece each body was dropped for (bodies are never removed, P-6).
    pub(crate) piece_of_body: Vec<PieceId>,
    ready: Vec<bool>,
    started: Option<GameTime>,
    last: GameTime,
    ended: Option<Ending>,
    reveal_rng: ChaCha8Rng,
    hand_rng: ChaCha8Rng,
    placements: u32,
    falls: u32,
}

impl SpeedyTowers {
    /// A new table, dealt from the seed (P3).
    pub fn new(settings: &Settings, seed: Seed) -> Result<Self, SetupError> {
        settings.validate()?;
        SpeedyTowers::from_deal(settings, &Deal::shuffled(settings, seed), seed)
    }

    /// A table with a given deal (tests, puzzles, tutorials). Each card may
    /// appear at most once per pack among the tiles, and likewise among the
    /// coins; there must be one foundation per tower and one share per seat.
    pub fn from_deal(settings: &Settings, deal: &Deal, seed: Seed) -> Result<Self, SetupError> {
        settings.validate()?;
        let players = usize::from(settings.players);
        if deal.foundations.len() != settings.foundations() {
            return Err(SetupError::new(format!(
                "{} foundations for {} players; P3 says {}",
                deal.foundations.len(),
                players,
                settings.foundations()
            )));
        }
        if deal.seats.len() != players {
            return Err(SetupError::new(format!(
                "{} seats dealt for {players} players",
                deal.seats.len()
            )));
        }
        let packs = settings.packs();
        let mut tile_count = [0usize; 24];
        let mut coin_count = [0usize; 24];
        let index = |c: &Card| {
            c.suit.index() * 6 + Value::ALL.iter().position(|v| *v == c.value).unwrap_or(0)
        };
        let all_tiles = deal
            .foundations
            .iter()
            .chain(deal.seats.iter().flat_map(|s| s.tiles.iter()))
            .chain(deal.aside_tiles.iter());
        for c in all_tiles {
            tile_count[index(c)] += 1;
        }
        for c in deal
            .seats
            .iter()
            .flat_map(|s| s.coins.iter())
            .chain(deal.aside_coins.iter())
        {
            coin_count[index(c)] += 1;
        }
        if let Some(i) = (0..24).find(|&i| tile_count[i] > packs || coin_count[i] > packs) {
            return Err(SetupError::new(format!(
                "card {} appears more often than in {packs} pack(s) (P1)",
                Card::all()
                    .nth(i)
                    .map_or_else(String::new, |c| c.to_string())
            )));
        }

        let mut pieces = Vec::new();
        let mut add = |p: Piece| {
            pieces.push(p);
            PieceId((pieces.len() - 1) as u16)
        };
        let foundation_ids: Vec<PieceId> = deal
            .foundations
            .iter()
            .map(|&card| add(Piece::Tile { card }))
            .collect();
        let mut piles = Vec::with_capacity(players);
        for (s, share) in deal.seats.iter().enumerate() {
            let face_down = share
                .tiles
                .iter()
                .map(|&card| add(Piece::Tile { card }))
                .collect();
            let coins = share
                .coins
                .iter()
                .map(|&card| add(Piece::Coin { card }))
                .collect();
            let pawn = add(Piece::Pawn {
                suit: Suit::ALL[s % 4],
            });
            piles.push(Pile {
                face_down,
                face_up: None,
                last_hidden: None,
                coins,
                pawn: Some(pawn),
            });
        }
        let mut aside: Vec<PieceId> = deal
            .aside_tiles
            .iter()
            .map(|&card| add(Piece::Tile { card }))
            .collect();
        aside.extend(
            deal.aside_coins
                .iter()
                .map(|&card| add(Piece::Coin { card })),
        );

        let mut known = vec![0u8; pieces.len()];
        for (s, pile) in piles.iter().enumerate() {
            for c in &pile.coins {
                known[c.index()] |= 1 << s;
            }
        }

        // The foundations lie face down in a row in the middle (P3).
        let mut table = PhysTable::new(settings.physics.clone());
        let n = foundation_ids.len();
        let mut body_of = vec![None; pieces.len()];
        let mut piece_of_body = Vec::new();
        for (t, &f) in foundation_ids.iter().enumerate() {
            let x = (t as f64 - (n as f64 - 1.0) / 2.0) * settings.foundation_spacing_mm;
            let body = table
                .drop_body(stackyard_physics::PieceKind::Tile, Pose::at(x, 0.0, 0.0))
                .map_err(|e| SetupError::new(format!("foundation {t}: {e}")))?;
            body_of[f.index()] = Some(body);
            piece_of_body.push(f);
        }
        let foundation_bodies: Vec<BodyId> = body_of.iter().flatten().copied().collect();
        table.settle(settings.settle_steps(), &foundation_bodies);

        Ok(SpeedyTowers {
            settings: settings.clone(),
            faces: vec![None; known.len()],
            known,
            piles,
            towers: foundation_ids
                .iter()
                .map(|&foundation| Tower {
                    foundation,
                    pieces: Vec::new(),
                })
                .collect(),
            out: Vec::new(),
            aside,
            table,
            body_of,
            piece_of_body,
            pieces,
            ready: vec![false; players],
            started: None,
            last: GameTime::ZERO,
            ended: None,
            reveal_rng: seed.rng("reveal"),
            hand_rng: seed.rng("hand"),
            placements: 0,
            falls: 0,
        })
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Number of seats.
    pub fn seats(&self) -> usize {
        usize::from(self.settings.players)
    }

    /// Every piece, by id.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// A piece by id.
    pub fn piece(&self, id: PieceId) -> Option<Piece> {
        self.pieces.get(id.index()).copied()
    }

    /// A seat's pile.
    pub fn pile(&self, seat: Seat) -> Option<&Pile> {
        self.piles.get(seat.index())
    }

    /// The towers, by id.
    pub fn towers(&self) -> &[Tower] {
        &self.towers
    }

    /// Pieces that left the game (P10).
    pub fn out_of_game(&self) -> &[PieceId] {
        &self.out
    }

    /// Pieces set aside at the deal (P3).
    pub fn set_aside(&self) -> &[PieceId] {
        &self.aside
    }

    /// The physics world.
    pub fn table(&self) -> &PhysTable {
        &self.table
    }

    /// The body a piece has on the table now.
    pub fn body(&self, piece: PieceId) -> Option<BodyId> {
        self.body_of.get(piece.index()).copied().flatten()
    }

    /// When play started (P4).
    pub fn started(&self) -> Option<GameTime> {
        self.started
    }

    /// Whether a seat said ready.
    pub fn is_ready(&self, seat: Seat) -> bool {
        self.ready.get(seat.index()).copied().unwrap_or(false)
    }

    /// How the game ended.
    pub fn ending(&self) -> Option<&Ending> {
        self.ended.as_ref()
    }

    /// The last time the game saw.
    pub fn now(&self) -> GameTime {
        self.last
    }

    /// Placements simulated so far.
    pub fn placements(&self) -> u32 {
        self.placements
    }

    /// Placements that left something fallen (P10).
    pub fn falls(&self) -> u32 {
        self.falls
    }

    /// Whether `seat` knows both faces of coin `piece` (P-9).
    pub fn knows(&self, seat: Seat, piece: PieceId) -> bool {
        seat.index() < 8
            && self
                .known
                .get(piece.index())
                .is_some_and(|k| k & (1 << seat.index()) != 0)
    }

    /// The face a coin showed when it was last placed.
    pub fn last_face(&self, piece: PieceId) -> Option<CoinFace> {
        self.faces.get(piece.index()).copied().flatten()
    }

    /// Pieces each seat holds (P-10), by seat.
    pub fn pieces_left(&self) -> Vec<u32> {
        self.piles.iter().map(|p| p.count() as u32).collect()
    }

    /// The top of a tower for matching (P-2): the last standing piece, or
    /// the foundation (face up once started), with the nearest tile at or
    /// below it (P7: what a coin placed there takes its hidden property
    /// from). Below a stack of coins that is the last tile placed in the
    /// tower, or the foundation when no tile has been.
    pub fn top(&self, tower: TowerId) -> Option<Top> {
        let t = self.towers.get(tower.index())?;
        let underneath = t
            .pieces
            .iter()
            .rev()
            .find_map(|s| match self.pieces[s.piece.index()] {
                Piece::Tile { card } => Some(card),
                _ => None,
            })
            .or_else(|| self.pieces[t.foundation.index()].card())?;
        Some(match t.pieces.last() {
            None => Top::tile(underneath),
            Some(s) => match (s.effective, self.pieces[s.piece.index()]) {
                (None, _) => Top::Pawn,
                (Some(card), Piece::Tile { .. }) => Top::tile(card),
                (Some(effective), _) => Top::coin(effective, underneath),
            },
        })
    }

    /// The height of a tower's highest point above the table (mm, P-2).
    pub fn height_mm(&self, tower: TowerId) -> f64 {
        let Some(t) = self.towers.get(tower.index()) else {
            return 0.0;
        };
        std::iter::once(t.foundation)
            .chain(t.pieces.iter().map(|s| s.piece))
            .filter_map(|p| self.body(p))
            .map(|b| self.table.inner().highest_mm(b))
            .fold(0.0, f64::max)
    }

    /// The highest tower's height (mm).
    pub fn highest_mm(&self) -> f64 {
        (0..self.towers.len())
            .map(|t| self.height_mm(TowerId(t as u8)))
            .fold(0.0, f64::max)
    }

    /// Where a tower's centre is (P-7): the centre of its top piece, on the
    /// table plane (mm).
    pub fn centre_mm(&self, tower: TowerId) -> [f64; 2] {
        let Some(t) = self.towers.get(tower.index()) else {
            return [0.0; 2];
        };
        let top = t.pieces.last().map_or(t.foundation, |s| s.piece);
        self.body(top).map_or([0.0; 2], |b| {
            let p = self.table.inner().pose(b).position;
            [p[0], p[1]]
        })
    }

    /// Every piece's place, for conservation checks: each id appears in
    /// exactly one of a pile, a tower (foundation included), out of the
    /// game, or set aside. Returns how many times each id was found.
    pub fn census(&self) -> Vec<u8> {
        let mut n = vec![0u8; self.pieces.len()];
        let mut count = |p: &PieceId| n[p.index()] = n[p.index()].saturating_add(1);
        for pile in &self.piles {
            pile.face_down.iter().for_each(&mut count);
            pile.face_up.iter().for_each(&mut count);
            pile.coins.iter().for_each(&mut count);
            pile.pawn.iter().for_each(&mut count);
        }
        for t in &self.towers {
            count(&t.foundation);
            t.pieces.iter().for_each(|s| count(&s.piece));
        }
        self.out.iter().for_each(&mut count);
        self.aside.iter().for_each(&mut count);
        n
    }

    fn check_time(&self, now: GameTime) -> Result<(), SpeedyError> {
        if now < self.last {
            return Err(SpeedyError::TimeWentBack {
                now,
                last: self.last,
            });
        }
        Ok(())
    }

    /// Applies an action (see [`stackyard_core::Game::apply`]).
    pub fn play(
        &mut self,
        seat: Seat,
        action: &Action,
        now: GameTime,
    ) -> Result<Vec<Event>, SpeedyError> {
        if seat.index() >= self.seats() {
            return Err(SpeedyError::NoSuchSeat(seat));
        }
        if self.ended.is_some() {
            return Err(SpeedyError::GameOver);
        }
        self.check_time(now)?;
        let s = seat.index();
        if self.started.is_none() {
            if *action != Action::Ready {
                return Err(SpeedyError::NotStarted);
            }
            if self.ready[s] {
                return Err(SpeedyError::AlreadyReady(seat));
            }
            self.last = now;
            self.ready[s] = true;
            let mut ev = vec![Event::Ready { seat }];
            if self.ready.iter().all(|&r| r) {
                // P4: the foundations turn face up together.
                self.started = Some(now);
                ev.push(Event::Started {
                    at: now,
                    foundations: self
                        .towers
                        .iter()
                        .filter_map(|t| self.pieces[t.foundation.index()].card())
                        .collect(),
                });
                self.check_stuck(now, &mut ev);
            }
            return Ok(ev);
        }
        let mut ev = match *action {
            Action::Ready => return Err(SpeedyError::AlreadyStarted),
            Action::Reveal => vec![self.reveal(seat)?],
            Action::Hide => vec![self.hide(seat)?],
            Action::Place {
                piece,
                tower,
                aim,
                take_back,
            } => self.place(seat, piece, tower, aim, take_back, now)?,
        };
        self.last = now;
        if self.ended.is_none() {
            self.check_stuck(now, &mut ev);
        }
        Ok(ev)
    }

    /// P12: if no seat has any legal placement left, fewest pieces wins.
    fn check_stuck(&mut self, now: GameTime, ev: &mut Vec<Event>) {
        if self.started.is_none() || self.ended.is_some() {
            return;
        }
        if (0..self.seats()).any(|s| self.can_place(Seat(s as u8))) {
            return;
        }
        let left = self.pieces_left();
        let fewest = left.iter().copied().min().unwrap_or(0);
        let winners = (0..self.seats())
            .filter(|&s| left[s] == fewest)
            .map(|s| Seat(s as u8))
            .collect();
        self.end(EndReason::Stuck, winners, now, ev);
    }

    fn end(&mut self, reason: EndReason, winners: Vec<Seat>, at: GameTime, ev: &mut Vec<Event>) {
        ev.push(Event::Ended {
            reason,
            winners: winners.clone(),
            pieces_left: self.pieces_left(),
        });
        self.ended = Some(Ending {
            reason,
            at,
            winners,
        });
    }

    /// Everything that determines the game's future, as text: every
    /// logical field, both random streams' positions, and every body's
    /// pose bits. Two states with equal fingerprints play on identically;
    /// tests use it to check that a rejected action changed nothing.
    pub fn fingerprint(&self) -> String {
        format!(
            "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{}|{}|{}|{}|{:?}",
            self.known,
            self.faces,
            self.piles,
            self.towers,
            self.out,
            self.body_of,
            self.piece_of_body,
            self.ready,
            (self.started, self.last),
            self.ended,
            self.reveal_rng.get_word_pos(),
            self.hand_rng.get_word_pos(),
            self.placements,
            self.falls,
            self.pose_bits(),
        )
    }

    /// Every pose bit of every body, for determinism checks.
    pub fn pose_bits(&self) -> Vec<[u32; 7]> {
        let t = self.table.inner();
        (0..t.len()).map(|i| t.pose_bits(BodyId(i))).collect()
    }
}
