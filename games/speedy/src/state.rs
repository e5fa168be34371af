//! The game state and the rules that change it (P1–P12).
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

use crate::action::{Action, Aim, EndReason, Event, PiecePose, Placing, TakeBack};
use crate::error::SpeedyError;
use crate::matching::{Mismatch, Placed, Top, judge};
use crate::piece::{Card, CoinFace, Look, Piece, PieceId, Suit, TowerId, Value};
use crate::settings::{Remainder, Settings};
use crate::table::PhysTable;
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

/// A deal: who gets which tiles and coins, in order. [`SpeedyTowers::new`]
/// deals one from the seed; tests and puzzles may give their own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// The foundation tiles, one per tower.
    pub foundations: Vec<Card>,
    /// Each seat's tiles and coins.
    pub seats: Vec<SeatDeal>,
    /// Tiles set aside (P3).
    pub aside_tiles: Vec<Card>,
    /// Coins set aside (P3).
    pub aside_coins: Vec<Card>,
}

/// One seat's share of a deal.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SeatDeal {
    /// Tiles, all face down.
    pub tiles: Vec<Card>,
    /// Coins.
    pub coins: Vec<Card>,
}

impl Deal {
    /// P3: shuffles `settings.packs()` packs with the seed's "deal" stream,
    /// takes the foundations, deals tiles and coins evenly, and sets the
    /// remainder aside or gives it to the chosen seat.
    pub fn shuffled(settings: &Settings, seed: Seed) -> Deal {
        let mut rng = seed.rng("deal");
        let packs = settings.packs();
        let mut tiles: Vec<Card> = (0..packs).flat_map(|_| Card::all()).collect();
        let mut coins = tiles.clone();
        shuffle(&mut tiles, &mut rng);
        shuffle(&mut coins, &mut rng);
        let players = usize::from(settings.players);
        let foundations: Vec<Card> = tiles.drain(..settings.foundations()).collect();
        let mut seats = vec![SeatDeal::default(); players];
        let per_tile = tiles.len() / players;
        let per_coin = coins.len() / players;
        for (s, deal) in seats.iter_mut().enumerate() {
            deal.tiles = tiles[s * per_tile..(s + 1) * per_tile].to_vec();
            deal.coins = coins[s * per_coin..(s + 1) * per_coin].to_vec();
        }
        let mut aside_tiles = tiles[players * per_tile..].to_vec();
        let mut aside_coins = coins[players * per_coin..].to_vec();
        if let Remainder::ToSeat { seat } = settings.remainder
            && let Some(deal) = seats.get_mut(seat.index())
        {
            deal.tiles.append(&mut aside_tiles);
            deal.coins.append(&mut aside_coins);
        }
        Deal {
            foundations,
            seats,
            aside_tiles,
            aside_coins,
        }
    }
}

fn shuffle<T>(v: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

/// One standard normal sample (Box–Muller), for hand noise.
fn normal(rng: &mut ChaCha8Rng) -> f64 {
    // 1 - u keeps the logarithm's argument in (0, 1].
    let u: f64 = 1.0 - rng.random::<f64>();
    let v: f64 = rng.random::<f64>();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
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
        table.settle(settle_steps(settings), &foundation_bodies);

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

    /// P5: a random face-down tile turns face up; the tile hidden last is
    /// skipped when there are others.
    fn reveal(&mut self, seat: Seat) -> Result<Event, SpeedyError> {
        let pile = &self.piles[seat.index()];
        if pile.face_up.is_some() {
            return Err(SpeedyError::SecondFaceUp(seat));
        }
        if pile.face_down.is_empty() {
            return Err(SpeedyError::NothingToReveal(seat));
        }
        let candidates: Vec<PieceId> = match pile.last_hidden {
            Some(h) if pile.face_down.len() > 1 => {
                pile.face_down.iter().copied().filter(|&p| p != h).collect()
            }
            _ => pile.face_down.clone(),
        };
        let tile = candidates[self.reveal_rng.random_range(0..candidates.len())];
        let pile = &mut self.piles[seat.index()];
        pile.face_down.retain(|&p| p != tile);
        pile.face_up = Some(tile);
        pile.last_hidden = None;
        let card = self.pieces[tile.index()]
            .card()
            .unwrap_or(Card::new(Suit::S, Value::Null));
        Ok(Event::Revealed { seat, tile, card })
    }

    /// P5: the face-up tile turns face down again, only while it fits no
    /// tower ("if the tile they have cannot be placed"; P5 as revised
    /// 2026-11-26), judged as a placement would be (P7).
    fn hide(&mut self, seat: Seat) -> Result<Event, SpeedyError> {
        let up = self.piles[seat.index()]
            .face_up
            .ok_or(SpeedyError::NothingToHide(seat))?;
        if let Some(card) = self.pieces[up.index()].card()
            && let Some(tower) = (0..self.towers.len()).map(|t| TowerId(t as u8)).find(|&t| {
                self.top(t)
                    .is_some_and(|top| judge(Placed::Tile(card), top).is_ok())
            })
        {
            return Err(SpeedyError::HideFits { tile: card, tower });
        }
        let pile = &mut self.piles[seat.index()];
        let tile = pile
            .face_up
            .take()
            .ok_or(SpeedyError::NothingToHide(seat))?;
        Pile::insert_sorted(&mut pile.face_down, tile);
        pile.last_hidden = Some(tile);
        Ok(Event::Hidden { seat, tile })
    }

    /// For hand-made positions (tests, puzzles, tutorials, like
    /// [`SpeedyTowers::from_deal`]): turns the tile `card` face up in
    /// `seat`'s pile, putting the tile that was up back face down. Not a
    /// move: no event, no random draw, and no record holds it; `reveal`
    /// and `hide` are the moves (P5), and since P5's revision a tile that
    /// fits cannot be hidden, so a position that needs a given tile up
    /// cannot always be reached by them. Fails, changing nothing, when the
    /// seat holds no such tile.
    pub fn arrange_face_up(&mut self, seat: Seat, card: Card) -> Result<(), SetupError> {
        let pieces = &self.pieces;
        let pile = self
            .piles
            .get_mut(seat.index())
            .ok_or_else(|| SetupError::new(format!("there is no {seat} at this table")))?;
        let is_card = |p: &PieceId| pieces[p.index()].card() == Some(card);
        if pile.face_up.as_ref().is_some_and(is_card) {
            return Ok(());
        }
        let at = pile
            .face_down
            .iter()
            .position(is_card)
            .ok_or_else(|| SetupError::new(format!("{seat} holds no face-down tile {card}")))?;
        let tile = pile.face_down.remove(at);
        if let Some(up) = pile.face_up.replace(tile) {
            Pile::insert_sorted(&mut pile.face_down, up);
        }
        pile.last_hidden = None;
        Ok(())
    }

    /// Which piece `placing` names, checked against the seat's pile (P6,
    /// P8), and how it is judged (P7).
    fn resolve(
        &self,
        seat: Seat,
        placing: Placing,
        tower: TowerId,
    ) -> Result<(PieceId, Placed, Option<CoinFace>), SpeedyError> {
        let pile = &self.piles[seat.index()];
        match placing {
            Placing::Tile => {
                let tile = pile.face_up.ok_or(SpeedyError::NoFaceUpTile(seat))?;
                let card = self.pieces[tile.index()]
                    .card()
                    .ok_or(SpeedyError::UnknownPiece(tile))?;
                Ok((tile, Placed::Tile(card), None))
            }
            Placing::Coin { coin, face } => {
                let piece = self.piece(coin).ok_or(SpeedyError::UnknownPiece(coin))?;
                if !pile.coins.contains(&coin) {
                    return Err(SpeedyError::NotYourCoin { seat, coin });
                }
                let Piece::Coin { card } = piece else {
                    return Err(SpeedyError::NotYourCoin { seat, coin });
                };
                Ok((coin, Placed::Coin(card, face), Some(face)))
            }
            Placing::Pawn => {
                let pawn = pile.pawn.ok_or(SpeedyError::NoPawn(seat))?;
                if !pile.pawn_is_last() {
                    return Err(SpeedyError::PawnTooEarly(seat));
                }
                let below_mm = self.highest_mm() - self.height_mm(tower);
                if below_mm > HEIGHT_TIE_MM {
                    return Err(SpeedyError::PawnNotHighest { tower, below_mm });
                }
                Ok((pawn, Placed::Pawn, None))
            }
        }
    }

    /// The drop pose for `aim` over `tower`, hand noise drawn from `rng`
    /// (P6, P-7).
    fn drop_pose(&self, tower: TowerId, aim: Aim, rng: &mut ChaCha8Rng) -> Pose {
        let noise = &self.settings.hand_noise;
        let dx = normal(rng) * noise.sigma_mm;
        let dy = normal(rng) * noise.sigma_mm;
        let dr = normal(rng) * noise.sigma_deg;
        let [cx, cy] = self.centre_mm(tower);
        let (x, y) = (cx + aim.x_mm + dx, cy + aim.y_mm + dy);
        let table = self.table.inner();
        let z = (0..table.len())
            .map(BodyId)
            .filter(|&b| !table.is_removed(b))
            .filter(|&b| {
                let p = table.pose(b).position;
                (p[0] - x).hypot(p[1] - y) < REACH_MM
            })
            .map(|b| table.highest_mm(b))
            .fold(0.0, f64::max);
        Pose::at(x, y, z + DROP_CLEARANCE_MM).rotated(0.0, 0.0, (aim.rotation_deg + dr) % 360.0)
    }

    fn pose_of(&self, piece: PieceId, body: BodyId) -> PiecePose {
        let p = self.table.inner().pose(body);
        PiecePose {
            piece,
            position: p.position,
            rotation_deg: p.rotation_deg,
        }
    }

    /// P6–P11: checks everything, then drops the piece, simulates, and
    /// applies the verdict.
    fn place(
        &mut self,
        seat: Seat,
        placing: Placing,
        tower: TowerId,
        aim: Aim,
        take_back: TakeBack,
        now: GameTime,
    ) -> Result<Vec<Event>, SpeedyError> {
        if tower.index() >= self.towers.len() {
            return Err(SpeedyError::UnknownTower(tower));
        }
        if ![aim.x_mm, aim.y_mm, aim.rotation_deg]
            .iter()
            .all(|v| v.is_finite())
        {
            return Err(SpeedyError::AimNotFinite);
        }
        // P-14: everything after this sees the aim as a replay will.
        let aim = aim.quantized();
        let max = self.settings.max_offset_mm;
        if aim.x_mm.abs() > max || aim.y_mm.abs() > max {
            return Err(SpeedyError::AimOffTable {
                x_mm: aim.x_mm,
                y_mm: aim.y_mm,
                max_mm: max,
            });
        }
        let (piece, placed, face) = self.resolve(seat, placing, tower)?;
        let top = self.top(tower).ok_or(SpeedyError::UnknownTower(tower))?;
        let effective = judge(placed, top).map_err(|kind| SpeedyError::NoMatch {
            tower,
            kind,
            what: describe(placed, kind),
            why: match kind {
                Mismatch::Tile | Mismatch::Coin { .. } => {
                    "neither a higher value than the top's, nor the same suit, nor a Null"
                }
                Mismatch::OntoPawn => "nothing goes on a pawn (P-3)",
            },
        })?;

        // Physics: every check passed. The hand-noise stream is advanced
        // only if the drop succeeds, so a refused drop changes nothing.
        let mut rng = self.hand_rng.clone();
        let kind = self.pieces[piece.index()].physics_kind();
        let mut pose = self.drop_pose(tower, aim, &mut rng);
        let mut attempt = 0;
        let body = loop {
            match self.table.drop_body(kind, pose) {
                Ok(b) => break b,
                Err(stackyard_physics::PlaceError::Overlap { .. }) if attempt < 4 => {
                    // Something leans into the drop space: let go higher.
                    attempt += 1;
                    pose.position[2] += 3.0;
                }
                Err(e) => return Err(SpeedyError::Drop(e.to_string())),
            }
        };
        self.hand_rng = rng;
        self.placements += 1;
        let number = self.placements;
        self.body_of[piece.index()] = Some(body);
        self.piece_of_body.push(piece);
        let pile = &mut self.piles[seat.index()];
        match placing {
            Placing::Tile => pile.face_up = None,
            Placing::Coin { coin, .. } => pile.coins.retain(|&c| c != coin),
            Placing::Pawn => pile.pawn = None,
        }
        self.faces[piece.index()] = face;
        self.towers[tower.index()].pieces.push(Stacked {
            piece,
            by: seat,
            face,
            effective,
            number,
        });
        let look = Look::of(self.pieces[piece.index()], face, true);
        let mut ev = vec![Event::Placed {
            seat,
            piece,
            look,
            tower,
            effective,
            drop: PiecePose {
                piece,
                position: pose.position,
                rotation_deg: pose.rotation_deg,
            },
        }];

        // P9: simulate until everything rests.
        let steps = settle_steps(&self.settings);
        let foundation_bodies = self.foundation_bodies();
        let run = self.table.settle(steps, &foundation_bodies);
        let mut moved_bodies = run.moved.clone();
        let fallen = self.judge_towers();

        // P10, P-4: the placing seat takes one fallen piece back; its pawn
        // always returns unless it wins; everything else fallen leaves.
        let is_pawn = placed == Placed::Pawn;
        let pawn_tower = self
            .towers
            .iter()
            .position(|t| t.pieces.iter().any(|s| s.piece == piece));
        let others: Vec<PieceId> = fallen
            .iter()
            .copied()
            .filter(|&p| !self.pieces[p.index()].is_pawn())
            .collect();
        let taken = match take_back {
            TakeBack::PlacedFirst if others.contains(&piece) => Some(piece),
            _ => others
                .iter()
                .copied()
                .max_by_key(|&p| take_back_rank(self.pieces[p.index()], p)),
        };
        if !fallen.is_empty() {
            self.falls += 1;
        }
        // P11: the pawn rests on a highest tower, nothing fallen.
        let won = is_pawn
            && fallen.is_empty()
            && pawn_tower.is_some_and(|t| {
                let mine = self.height_without(TowerId(t as u8), piece);
                let others_high = (0..self.towers.len())
                    .filter(|&o| o != t)
                    .map(|o| self.height_mm(TowerId(o as u8)))
                    .fold(0.0, f64::max);
                mine + HEIGHT_TIE_MM >= others_high
            });
        let pawn_returned = (is_pawn && !won).then_some(piece);
        let mut lifted: Vec<BodyId> = Vec::new();
        if let Some(pawn) = pawn_returned {
            for t in &mut self.towers {
                t.pieces.retain(|s| s.piece != pawn);
            }
            lifted.extend(self.body_of[pawn.index()].take());
            self.piles[seat.index()].pawn = Some(pawn);
        }
        for &p in &others {
            lifted.extend(self.body_of[p.index()].take());
            if Some(p) == taken {
                let pile = &mut self.piles[seat.index()];
                match self.pieces[p.index()] {
                    Piece::Tile { .. } => Pile::insert_sorted(&mut pile.face_down, p),
                    Piece::Coin { .. } => {
                        Pile::insert_sorted(&mut pile.coins, p);
                        self.known[p.index()] |= 1 << seat.index();
                    }
                    Piece::Pawn { .. } => {}
                }
            } else {
                self.out.push(p);
            }
        }
        // P-6: what left the towers is lifted off the table; whatever
        // leaned on it settles again, and anything that falls now leaves
        // the game too (the take-back has been used).
        let mut also_out = Vec::new();
        for _ in 0..3 {
            if lifted.is_empty() {
                break;
            }
            let run = self.table.lift_away(&lifted, steps, &foundation_bodies);
            moved_bodies.extend(run.moved);
            lifted.clear();
            for p in self.judge_towers() {
                lifted.extend(self.body_of[p.index()].take());
                self.out.push(p);
                also_out.push(p);
            }
        }
        // Bodies still falling after three rounds stay where they are, in
        // no tower: they are out of the game all the same.
        moved_bodies.sort();
        moved_bodies.dedup();
        let moved = moved_bodies
            .iter()
            .filter_map(|&b| {
                let p = *self.piece_of_body.get(b.0)?;
                (self.body(p) == Some(b)).then(|| self.pose_of(p, b))
            })
            .collect();
        let mut fallen = fallen;
        fallen.extend(also_out);
        fallen.sort();
        ev.push(Event::Settled {
            time_s: run.time_s,
            rested: run.rested,
            moved,
            fallen,
            taken_back: taken,
            pawn_returned,
        });
        if won {
            self.end(EndReason::Pawn, vec![seat], now, &mut ev);
        }
        Ok(ev)
    }

    fn foundation_bodies(&self) -> Vec<BodyId> {
        self.towers
            .iter()
            .filter_map(|t| self.body(t.foundation))
            .collect()
    }

    /// A tower's height without one of its pieces (the pawn, for P11).
    fn height_without(&self, tower: TowerId, skip: PieceId) -> f64 {
        let t = &self.towers[tower.index()];
        std::iter::once(t.foundation)
            .chain(t.pieces.iter().map(|s| s.piece))
            .filter(|&p| p != skip)
            .filter_map(|p| self.body(p))
            .map(|b| self.table.inner().highest_mm(b))
            .fold(0.0, f64::max)
    }

    /// Rebuilds each tower from the physics verdict (P10, P-1, P-2) and
    /// returns the pieces that fell, ascending. Pieces stay in placement
    /// order; one knocked onto another tower joins it.
    fn judge_towers(&mut self) -> Vec<PieceId> {
        let n = self.table.inner().len();
        let mut live = vec![false; n];
        let foundations: Vec<BodyId> = self
            .towers
            .iter()
            .filter_map(|t| self.body(t.foundation))
            .collect();
        let mut standing: Vec<Stacked> = Vec::new();
        for t in &self.towers {
            for s in &t.pieces {
                if let Some(b) = self.body(s.piece) {
                    live[b.0] = true;
                    standing.push(*s);
                }
            }
        }
        for f in &foundations {
            live[f.0] = true;
        }
        let tower_of = self.table.supported(&foundations, &live);
        standing.sort_by_key(|s| s.number);
        for t in &mut self.towers {
            t.pieces.clear();
        }
        let mut fallen = Vec::new();
        for s in standing {
            let t = self.body(s.piece).and_then(|b| tower_of[b.0]);
            match t {
                Some(t) => self.towers[t].pieces.push(s),
                None => fallen.push(s.piece),
            }
        }
        fallen.sort();
        fallen
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

    /// Which of `seat`'s pieces the engine would accept on which towers
    /// now (P6–P8): the face-up tile, each coin with either face up, and
    /// the pawn; each with the towers its placement would match (P7) or,
    /// for the pawn, stand highest on (P8). Pieces that fit nowhere are
    /// listed with no towers. Empty before the start (P4) and after the
    /// end (P11). Clients offer these so they never judge a rule themselves.
    pub fn fits(&self, seat: Seat) -> Vec<(Placing, Vec<TowerId>)> {
        let Some(pile) = self.piles.get(seat.index()) else {
            return Vec::new();
        };
        if self.started.is_none() || self.ended.is_some() {
            return Vec::new();
        }
        let mut options = Vec::new();
        if pile.face_up.is_some() {
            options.push(Placing::Tile);
        }
        for &coin in &pile.coins {
            for face in CoinFace::BOTH {
                options.push(Placing::Coin { coin, face });
            }
        }
        if pile.pawn.is_some() {
            options.push(Placing::Pawn);
        }
        options
            .into_iter()
            .map(|placing| {
                let towers = (0..self.towers.len())
                    .map(|t| TowerId(t as u8))
                    .filter(|&tower| {
                        let Ok((_, placed, _)) = self.resolve(seat, placing, tower) else {
                            return false;
                        };
                        self.top(tower)
                            .is_some_and(|top| judge(placed, top).is_ok())
                    })
                    .collect();
                (placing, towers)
            })
            .collect()
    }

    /// P12: whether a seat has any legal placement, counting every
    /// face-down tile, coins either face up, and the pawn by P8.
    pub fn can_place(&self, seat: Seat) -> bool {
        let Some(pile) = self.piles.get(seat.index()) else {
            return false;
        };
        if pile.pawn_is_last() {
            // A highest tower always exists.
            return true;
        }
        let tops: Vec<Top> = (0..self.towers.len())
            .filter_map(|t| self.top(TowerId(t as u8)))
            .collect();
        let fits = |p: Placed| tops.iter().any(|&t| judge(p, t).is_ok());
        let tile_fits = pile
            .face_down
            .iter()
            .chain(pile.face_up.iter())
            .filter_map(|&p| self.pieces[p.index()].card())
            .any(|c| fits(Placed::Tile(c)));
        tile_fits
            || pile.coins.iter().any(|&p| {
                self.pieces[p.index()]
                    .card()
                    .is_some_and(|c| CoinFace::BOTH.iter().any(|&f| fits(Placed::Coin(c, f))))
            })
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

/// P-5: the order in which P10 picks the "highest-ranked" fallen piece.
fn take_back_rank(piece: Piece, id: PieceId) -> (u8, u8, std::cmp::Reverse<PieceId>) {
    let (value, tile) = match piece {
        Piece::Tile { card } => (card.value, 1),
        Piece::Coin { card } => (card.value, 0),
        Piece::Pawn { .. } => (Value::Two, 0),
    };
    (value.rank().unwrap_or(7), tile, std::cmp::Reverse(id))
}

/// The piece a refused placement tried, in words; a coin with what it
/// would have counted as (P7).
fn describe(p: Placed, kind: Mismatch) -> String {
    let counts_as = match kind {
        Mismatch::Coin { counts_as } => {
            format!(" (counting as {counts_as}, its other property from the tile underneath)")
        }
        _ => String::new(),
    };
    match p {
        Placed::Tile(c) => format!("tile {c}"),
        Placed::Coin(c, CoinFace::Suit) => format!("a coin showing suit {:?}{counts_as}", c.suit),
        Placed::Coin(c, CoinFace::Value) => {
            format!("a coin showing value {:?}{counts_as}", c.value)
        }
        Placed::Pawn => "the pawn".into(),
    }
}

/// P9's cap as a step count (bounded by `Settings::validate`).
fn settle_steps(settings: &Settings) -> u64 {
    (settings.settle_cap_s * settings.physics.sim.step_hz).ceil() as u64
}
