//! The game state and the [`Game`] implementation: turns, the foundation,
//! placements and holds judged by the physics, retries, restores, scoring,
//! closing and the end of the game.
//!
//! # Decisions where L1–L13 leave a question open
//!
//! - **L-1** The foundation built by hand is one action carrying both neutral
//!   pieces, let go together and judged together (a lone leaning pyramid
//!   cannot obey L6). A foundation that fails is cleared and the first seat
//!   tries again, without limit or penalty; so does a failed automatic search.
//! - **L-2** Only a clean placement or a clean release of a held piece is
//!   "the previous placement" of L8; slips, breaks, wrecks and holds leave it
//!   as it was.
//! - **L-3** Hand noise can push a pose into another piece or the table: the
//!   piece is then let go up to 5 mm higher (0.25 mm steps), as a hand lets
//!   go just clear of what it touches; still blocked, the try is a slip. A
//!   held piece is raised likewise until no corner touches the table.
//! - **L-4** The pose as asked (before noise) must be finite, inside the
//!   playing area (`table_half_mm`, `max_height_mm`) and not inside the
//!   table or another piece; a hold's must not touch the table. Otherwise the
//!   action is rejected and nothing changes.
//! - **L-5** A placement pushes an existing piece past its pips (L7) when it
//!   raises that piece's contacts above its pips; a piece already above
//!   (a released held piece) is not held against the next placement. Held
//!   pieces are exempt while held; a held piece's own extra contacts are
//!   paid when it is held (L12), so at release only L6, sliding and
//!   disturbance decide.
//! - **L-6** A held piece whose release is not clean is forfeited (−2, plus
//!   the break or wreck penalties of what it disturbed) and the world is put
//!   back as before the release. The piece leaves play: moved off the table
//!   if it touches nothing, otherwise it stays fixed where it was held as an
//!   ownerless part of the structure (lifting it out would move what rests
//!   on it, which a digital rebuild cannot do fairly). A held piece lost in
//!   its holder's break or wreck (L9: "and any held pieces") leaves play
//!   the same way, without the −2.
//! - **L-7** The −1 per piece beyond a hold's pips is charged when it is held,
//!   from the pieces it touches then; later pieces built on it cost nothing.
//! - **L-8** A wreck's −(15 − pieces left) counts the pieces left after the
//!   wrecking piece is forfeited.
//! - **L-9** A run in which nothing else is disturbed but the world does not
//!   rest within the time cap is a slip.
//! - **L-10** After a slip the seat may try again only with the same size
//!   (the source: "slipped pieces cannot be traded"); passing instead
//!   forfeits the slipped piece without penalty.
//! - **L-11** Seats with no piece in hand and none held are skipped; they do
//!   not count towards the round of passes that closes the game (L11).
//! - **L-12** Closing (L11) costs −1 per piece left only to seats still in
//!   the game; wrecked seats have paid their penalty.
//! - **L-14** The release of a held piece is an action of its own
//!   (`release`), the whole of the holder's next turn (L12); the view's
//!   `turn.release` says when it is due, and nothing else is accepted then.
//!   Its one run has no retry: anything but clean forfeits it.
//! - **L-15** A seat ejected by a wreck cannot win the game: the winners
//!   are the best-scoring seats still in it. Its points still count in a
//!   series (L9: out of the game, "not of the series").
//! - **L-18** A piece laid down (L-17) is set down flush: the hand noise
//!   moves where it is let go, but its tilt is the aimed one, as fingers
//!   feel the face a piece touches and let it settle there before opening
//!   ([`judge::let_go_pose`]). A drop from higher up, and a hold, keep the
//!   noisy tilt.
//! - **L-13** The winners of a game are the seats with the highest score; a
//!   series (L13) moves the first seat round by one per game and ends after
//!   the game in which some seat's total reaches the target (every seat with
//!   the highest total then wins).

use crate::action::{Action, EndReason, Event, FoundationPiece};
use crate::error::LeaningError;
use crate::foundation;
use crate::geometry::{MAX_ANGLE_DEG, lowest_corner_mm, noisy, rounded};
// Phase lives in phase.rs, below this file and view.rs; `state::Phase` stays.
pub use crate::phase::Phase;

use crate::judge::{self, Attempt, Judgement, Verdict};
use crate::piece::{Hand, Owner, PieceInfo, PieceStatus, Size};
use crate::settings::Settings;
use crate::view::{Dimensions, PieceView, TurnOptions, View};
use crate::world::World;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use stackyard_core::{Game, GameTime, Outcome, Seat, Seed, SetupError, ToAct, Viewer};
use stackyard_physics::{PieceId, PlaceError, Pose};

/// A game of Leaning Towers: the physics world it owns and everything the
/// rules remember about it.
#[derive(Clone, Debug)]
pub struct LeaningTowers {
    settings: Settings,
    /// Between two actions always the table rebuilt from its own state
    /// (`World::canonicalise` after every run that changed it; a world put
    /// back from a snapshot was taken from such a table): what a view
    /// carries and a bot or a preview rebuilds, bit for bit.
    world: World,
    /// The rules' record of every piece in the world, by [`PieceId`].
    pieces: Vec<PieceInfo>,
    hands: Vec<Hand>,
    scores: Vec<i64>,
    out: Vec<bool>,
    held: Vec<Option<PieceId>>,
    phase: Phase,
    turn: Seat,
    /// The seat to act must let its held piece go, as this turn (L12): it
    /// holds one and no other seat's held piece touches it.
    release_due: bool,
    /// Tries used this turn (L9).
    tries: u8,
    /// The size that slipped this turn and must be tried again (L-10).
    slipped: Option<Size>,
    /// The size of the previous placement (L8, L-2).
    previous_size: Option<Size>,
    /// Passes since the last action that was not a pass (L11).
    passes: usize,
    /// Forfeited held pieces moved off the table so far (each gets its own spot).
    boxed: usize,
    /// Pieces each seat has forfeited (slipped three times, broken, wrecked,
    /// given up after a slip, or held and failed).
    forfeited: Vec<u8>,
    hand_rng: ChaCha8Rng,
    foundation_rng: ChaCha8Rng,
}

impl PartialEq for LeaningTowers {
    /// Equal rules state, equal pose bits of every piece, and random streams
    /// at the same point.
    fn eq(&self, other: &Self) -> bool {
        let next = |r: &ChaCha8Rng| r.clone().random::<u64>();
        self.settings == other.settings
            && self.world == other.world
            && self.pieces == other.pieces
            && self.hands == other.hands
            && self.scores == other.scores
            && self.out == other.out
            && self.held == other.held
            && self.phase == other.phase
            && self.turn == other.turn
            && self.release_due == other.release_due
            && self.tries == other.tries
            && self.slipped == other.slipped
            && self.previous_size == other.previous_size
            && self.passes == other.passes
            && self.boxed == other.boxed
            && self.forfeited == other.forfeited
            && next(&self.hand_rng) == next(&other.hand_rng)
            && next(&self.foundation_rng) == next(&other.foundation_rng)
    }
}

impl LeaningTowers {
    /// The physics world.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The rules' record of every piece, by [`PieceId`].
    pub fn pieces(&self) -> &[PieceInfo] {
        &self.pieces
    }

    /// What each seat has left in hand.
    pub fn hands(&self) -> &[Hand] {
        &self.hands
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seats wrecked out of the game.
    pub fn out(&self) -> &[bool] {
        &self.out
    }

    /// The size of the previous placement (L8).
    pub fn previous_size(&self) -> Option<Size> {
        self.previous_size
    }

    /// The size that slipped this turn, which a retry must use (L-10).
    pub fn slipped(&self) -> Option<Size> {
        self.slipped
    }

    /// The piece each seat holds (L12).
    pub fn held(&self) -> &[Option<PieceId>] {
        &self.held
    }

    /// Pieces each seat has forfeited.
    pub fn forfeited(&self) -> &[u8] {
        &self.forfeited
    }

    /// For each seat: pieces in hand + its pieces in the world (standing or
    /// held) + pieces it forfeited. Always 15 (pieces are conserved).
    pub fn pieces_accounted(&self) -> Vec<usize> {
        (0..self.hands.len())
            .map(|s| {
                let seat = Seat(s as u8);
                let placed = self
                    .pieces
                    .iter()
                    .filter(|p| p.owner == Owner::Seat { seat })
                    .count();
                usize::from(self.hands[s].total()) + placed + usize::from(self.forfeited[s])
            })
            .collect()
    }

    /// What the seat to act may do now (None in the foundation and once over).
    pub fn turn_options(&self) -> Option<TurnOptions> {
        if self.phase != Phase::Play {
            return None;
        }
        let s = self.turn.index();
        if self.release_due {
            return Some(TurnOptions {
                sizes: Vec::new(),
                hold: false,
                release: true,
            });
        }
        let sizes = Size::ALL
            .into_iter()
            .filter(|&z| {
                self.hands[s].has(z)
                    && self.slipped.is_none_or(|slipped| slipped == z)
                    && self.previous_size != Some(z)
            })
            .collect();
        Some(TurnOptions {
            sizes,
            hold: self.held[s].is_none(),
            release: false,
        })
    }

    fn dimensions(&self) -> Dimensions {
        let p = &self.settings.physics.pieces;
        let dims = |spec: &stackyard_physics::PyramidSpec| [spec.base, spec.height];
        Dimensions {
            pyramids_mm: [
                dims(&p.pyramid_small),
                dims(&p.pyramid_medium),
                dims(&p.pyramid_large),
            ],
            table_half_mm: self.settings.table_half_mm,
            max_height_mm: self.settings.max_height_mm,
        }
    }

    fn seat_in_rotation(&self, s: usize) -> bool {
        !self.out[s] && (self.hands[s].total() > 0 || self.held[s].is_some())
    }

    /// Checks an action against the state without changing anything.
    fn check(&self, seat: Seat, action: &Action) -> Result<(), LeaningError> {
        if let Phase::Over { .. } = self.phase {
            return Err(LeaningError::GameOver);
        }
        if seat != self.turn {
            return Err(LeaningError::NotYourTurn(seat));
        }
        match action {
            Action::Foundation { pieces } => {
                if self.phase != Phase::Foundation {
                    return Err(LeaningError::FoundationBuilt);
                }
                self.check_foundation(pieces)
            }
            Action::AutoFoundation => {
                if self.phase != Phase::Foundation {
                    return Err(LeaningError::FoundationBuilt);
                }
                Ok(())
            }
            Action::Place { size, pose } | Action::Hold { size, pose } => {
                if self.phase == Phase::Foundation {
                    return Err(LeaningError::FoundationFirst);
                }
                let hold = matches!(action, Action::Hold { .. });
                self.check_placement(seat, *size, pose, hold)
            }
            Action::Pass => {
                if self.phase == Phase::Foundation {
                    return Err(LeaningError::FoundationFirst);
                }
                if self.release_due {
                    return Err(LeaningError::ReleaseDue);
                }
                Ok(())
            }
            Action::Release => {
                if self.phase == Phase::Foundation {
                    return Err(LeaningError::FoundationFirst);
                }
                if self.release_due {
                    Ok(())
                } else if self.held[seat.index()].is_some() {
                    Err(LeaningError::ReleaseBlocked)
                } else {
                    Err(LeaningError::NothingHeld)
                }
            }
        }
    }

    fn check_pose(&self, pose: &Pose) -> Result<(), LeaningError> {
        check_pose(&self.settings, pose)
    }

    fn check_foundation(&self, pieces: &[FoundationPiece; 2]) -> Result<(), LeaningError> {
        let mut probe = World::new(self.settings.table_settings());
        for (i, p) in pieces.iter().enumerate() {
            if p.size == Size::Small {
                return Err(LeaningError::FoundationSize(p.size));
            }
            self.check_pose(&p.pose)?;
            let low = lowest_corner_mm(p.size, &p.pose, &self.settings.physics.pieces);
            // Let go touching the table, or within a hair of it.
            if low > 2.0 {
                return Err(LeaningError::FoundationOffTable(i));
            }
            probe
                .0
                .drop_piece(p.size.kind(), p.pose)
                .map_err(|e| blocked(e, i))?;
        }
        Ok(())
    }

    fn check_placement(
        &self,
        seat: Seat,
        size: Size,
        pose: &Pose,
        hold: bool,
    ) -> Result<(), LeaningError> {
        let s = seat.index();
        Turn {
            settings: &self.settings,
            world: &self.world,
            seat,
            hand: self.hands[s],
            slipped: self.slipped,
            previous_size: self.previous_size,
            holding: self.held[s].is_some(),
            release_due: self.release_due,
        }
        .check_placement(size, pose, hold)
    }

    fn build_foundation(&mut self, pieces: &[FoundationPiece; 2]) -> Vec<Event> {
        let mut world = World::new(self.settings.table_settings());
        match foundation::build(&mut world, pieces, &self.settings, Some(&mut self.hand_rng)) {
            Ok(ids) => self.foundation_built(world, ids),
            Err(reason) => vec![Event::FoundationFailed { reason }],
        }
    }

    fn auto_foundation(&mut self) -> Vec<Event> {
        match foundation::search(&self.settings, &mut self.foundation_rng) {
            Some((world, _, ids)) => self.foundation_built(world, ids),
            None => vec![Event::FoundationFailed {
                reason: "no candidate of the search stood; ask again for new candidates".into(),
            }],
        }
    }

    fn foundation_built(&mut self, world: World, ids: [PieceId; 2]) -> Vec<Event> {
        self.world = world;
        self.world.canonicalise();
        self.pieces = ids
            .iter()
            .map(|&id| PieceInfo {
                owner: Owner::Neutral,
                size: Size::of_kind(self.world.0.kind(id)).unwrap_or(Size::Large),
                level: 0,
                status: PieceStatus::Standing,
            })
            .collect();
        self.phase = Phase::Play;
        vec![Event::FoundationBuilt { pieces: ids }]
    }

    fn place(&mut self, seat: Seat, size: Size, pose: &Pose, hold: bool) -> Vec<Event> {
        let s = seat.index();
        let noise = &self.settings.hand_noise;
        let let_go = noisy(pose, noise.position_mm, noise.angle_deg, &mut self.hand_rng);
        // L-18: a piece laid down is set down flush, at the aimed tilt.
        let let_go = if hold {
            let_go
        } else {
            judge::let_go_pose(&self.world, size, pose, let_go)
        };
        let before = self.world.0.snapshot();
        let attempt = if hold {
            Attempt::Hold { size, pose: let_go }
        } else {
            Attempt::Drop { size, pose: let_go }
        };
        let j = judge::attempt(
            &mut self.world,
            &self.pieces,
            attempt,
            &self.settings,
            false,
        );
        let mut events = Vec::new();
        self.tries += 1;
        match (j.verdict, j.piece) {
            (Verdict::Clean, Some(piece)) => {
                self.world.canonicalise();
                self.hands[s].take(size);
                self.scores[s] += j.points;
                self.pieces.push(PieceInfo {
                    owner: Owner::Seat { seat },
                    size,
                    level: j.level,
                    status: if hold {
                        PieceStatus::Held
                    } else {
                        PieceStatus::Standing
                    },
                });
                if hold {
                    self.held[s] = Some(piece);
                    events.push(Event::Held {
                        seat,
                        size,
                        piece,
                        pose: rounded(&j.rest_pose),
                        touching: j.touching,
                        points: j.points,
                    });
                } else {
                    self.previous_size = Some(size);
                    events.push(placed_event(seat, size, piece, &j, false));
                }
                self.passes = 0;
                self.end_turn(&mut events);
            }
            (Verdict::Slip, _) | (Verdict::Clean, None) => {
                self.world.0.restore(&before);
                let forfeited = self.tries >= self.settings.max_tries;
                events.push(failed_event(
                    seat, size, &j, 0, forfeited, false, self.tries,
                ));
                if forfeited {
                    self.hands[s].take(size);
                    self.forfeited[s] += 1;
                    self.passes = 0;
                    self.end_turn(&mut events);
                } else {
                    self.slipped = Some(size);
                }
            }
            (Verdict::Break | Verdict::Wreck, _) => {
                self.world.0.restore(&before);
                self.hands[s].take(size);
                self.forfeited[s] += 1;
                let points = self.penalty(s, &j);
                events.push(failed_event(
                    seat, size, &j, points, true, false, self.tries,
                ));
                // L9: "and any held pieces": a seat holds one only while
                // another seat's held piece keeps it held (L12).
                self.forfeit_held(s, &mut events);
                self.passes = 0;
                if j.verdict == Verdict::Wreck && self.eject(s, &mut events) {
                    return events;
                }
                self.end_turn(&mut events);
            }
        }
        events
    }

    /// L9, L13: a wreck puts seat `s` out of the game; the game ends when
    /// fewer than two players are left in it. Whether it ended.
    fn eject(&mut self, s: usize, events: &mut Vec<Event>) -> bool {
        self.out[s] = true;
        events.push(Event::Out {
            seat: Seat(s as u8),
        });
        self.forfeit_held(s, events);
        if self.out.iter().filter(|&&o| !o).count() < 2 {
            self.finish(EndReason::Wrecked, events);
            return true;
        }
        false
    }

    /// Seat `s` loses its held piece, if any (L9's break, L12's failed
    /// release).
    fn forfeit_held(&mut self, s: usize, events: &mut Vec<Event>) {
        if let Some(piece) = self.held[s].take() {
            self.forfeited[s] += 1;
            self.leave_play(piece, events);
        }
    }

    /// L-6: a forfeited held piece leaves play: moved off the table if it
    /// touches nothing, otherwise fixed where it is, owned by nobody.
    fn leave_play(&mut self, piece: PieceId, events: &mut Vec<Event>) {
        let touched = judge::touching(&self.world, &self.pieces, piece);
        let info = &mut self.pieces[piece.0];
        info.owner = Owner::Neutral;
        if touched.is_empty() {
            info.status = PieceStatus::Boxed;
            let spot = Pose::at(
                self.settings.table_half_mm + 400.0 + 60.0 * self.boxed as f64,
                0.0,
                500.0,
            );
            self.boxed += 1;
            self.world.0.move_held(piece, spot);
            self.world.0.step();
            self.world.canonicalise();
        } else {
            info.status = PieceStatus::Frozen;
            events.push(Event::Frozen { piece });
        }
    }

    /// L12: whether seat `s` must let its held piece go as its turn: it
    /// holds one, and no other seat's held piece touches it.
    fn release_due_for(&self, s: usize) -> bool {
        let Some(piece) = self.held[s] else {
            return false;
        };
        let seat = Seat(s as u8);
        !judge::touching(&self.world, &self.pieces, piece)
            .iter()
            .filter_map(|t| self.pieces.get(t.0))
            .any(|p| p.status == PieceStatus::Held && p.seat() != Some(seat))
    }

    /// The points lost for a break (−2 per disturbed piece) or a wreck
    /// (−(15 − pieces left), L-8), added to the score; returned as negative.
    fn penalty(&mut self, s: usize, j: &Judgement) -> i64 {
        let points = match j.verdict {
            Verdict::Break => -2 * j.disturbed.len() as i64,
            Verdict::Wreck => -(15 - i64::from(self.hands[s].total())),
            _ => 0,
        };
        self.scores[s] += points;
        points
    }

    /// L12: seat `s` lets its held piece go, as its turn: clean scores
    /// L10 + 2; otherwise the piece is forfeited at −2, with the break or
    /// wreck penalties of what it disturbed, and the world is put back (L-6).
    fn release(&mut self, seat: Seat) -> Vec<Event> {
        let s = seat.index();
        let mut events = Vec::new();
        let Some(piece) = self.held[s] else {
            return events;
        };
        let size = self.pieces[piece.0].size;
        let before = self.world.0.snapshot();
        let j = judge::attempt(
            &mut self.world,
            &self.pieces,
            Attempt::Release { piece },
            &self.settings,
            false,
        );
        self.passes = 0;
        self.tries += 1;
        if j.verdict == Verdict::Clean {
            self.world.canonicalise();
            self.held[s] = None;
            self.scores[s] += j.points;
            let info = &mut self.pieces[piece.0];
            info.status = PieceStatus::Standing;
            info.level = j.level;
            self.previous_size = Some(size);
            events.push(placed_event(seat, size, piece, &j, true));
            self.end_turn(&mut events);
            return events;
        }
        self.world.0.restore(&before);
        let points = self.penalty(s, &j) - 2;
        self.scores[s] -= 2;
        events.push(failed_event(seat, size, &j, points, true, true, self.tries));
        self.forfeit_held(s, &mut events);
        if j.verdict == Verdict::Wreck && self.eject(s, &mut events) {
            return events;
        }
        self.end_turn(&mut events);
        events
    }

    /// Moves the turn on: the next seat in rotation (L-11), which may have a
    /// held piece to let go (L12); the game ends when no seat is left to play.
    fn end_turn(&mut self, events: &mut Vec<Event>) {
        self.tries = 0;
        self.slipped = None;
        self.release_due = false;
        let n = self.hands.len();
        for k in 1..=n {
            let s = (self.turn.index() + k) % n;
            if self.seat_in_rotation(s) {
                self.turn = Seat(s as u8);
                self.release_due = self.release_due_for(s);
                return;
            }
        }
        self.finish(EndReason::PiecesGone, events);
    }

    fn finish(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        self.phase = Phase::Over { reason };
        events.push(Event::GameOver {
            reason,
            scores: self.scores.clone(),
        });
    }

    fn pass(&mut self, seat: Seat) -> Vec<Event> {
        let s = seat.index();
        let mut events = vec![Event::Passed { seat }];
        // L-10: passing after a slip gives the slipped piece up.
        if let Some(size) = self.slipped {
            self.hands[s].take(size);
            self.forfeited[s] += 1;
        }
        self.passes += 1;
        let in_game = (0..self.hands.len())
            .filter(|&i| self.seat_in_rotation(i))
            .count();
        if self.passes >= in_game {
            // L11, L-12.
            let penalties: Vec<i64> = (0..self.hands.len())
                .map(|i| {
                    if self.out[i] {
                        0
                    } else {
                        -i64::from(self.hands[i].total())
                    }
                })
                .collect();
            for (score, p) in self.scores.iter_mut().zip(&penalties) {
                *score += p;
            }
            events.push(Event::Closed { penalties });
            self.finish(EndReason::Closed, &mut events);
        } else {
            self.end_turn(&mut events);
        }
        events
    }
}

/// What decides whether the seat to act may place a piece (L5, L8, L12,
/// L-4, L-10): the game checks its actions with it, and a preview built from
/// a view ([`crate::preview`]) checks with the same code.
pub(crate) struct Turn<'a> {
    pub settings: &'a Settings,
    pub world: &'a World,
    pub seat: Seat,
    pub hand: Hand,
    pub slipped: Option<Size>,
    pub previous_size: Option<Size>,
    pub holding: bool,
    /// The turn is the release of the seat's held piece (L12).
    pub release_due: bool,
}

impl Turn<'_> {
    /// Whether the seat may let go of (or hold) a piece of `size` at `pose`.
    pub fn check_placement(&self, size: Size, pose: &Pose, hold: bool) -> Result<(), LeaningError> {
        let seat = self.seat;
        if self.release_due {
            return Err(LeaningError::ReleaseDue);
        }
        if !self.hand.has(size) {
            return Err(LeaningError::NoPieceLeft { seat, size });
        }
        if let Some(slipped) = self.slipped
            && slipped != size
        {
            return Err(LeaningError::TradedSlip {
                slipped,
                asked: size,
            });
        }
        if self.previous_size == Some(size) {
            return Err(LeaningError::SameSize(size));
        }
        if hold && self.holding {
            return Err(LeaningError::AlreadyHolding(seat));
        }
        check_pose(self.settings, pose)?;
        if hold
            && lowest_corner_mm(size, pose, &self.settings.physics.pieces)
                <= self.settings.corner_eps_mm
        {
            return Err(LeaningError::HoldTouchesTable);
        }
        // The pose as asked must be free (L-4): try it on a copy.
        let mut probe = self.world.clone();
        let placed = if hold {
            probe.0.hold_piece(size.kind(), *pose)
        } else {
            probe.0.drop_piece(size.kind(), *pose)
        };
        placed.map(|_| ()).map_err(|e| blocked(e, usize::MAX))
    }
}

/// L-4: a pose must be finite, its angles in range, and inside the playing area.
fn check_pose(settings: &Settings, pose: &Pose) -> Result<(), LeaningError> {
    if !pose.is_finite() {
        return Err(LeaningError::NotFinite);
    }
    if pose.rotation_deg.iter().any(|a| a.abs() > MAX_ANGLE_DEG) {
        return Err(LeaningError::AngleOutOfRange);
    }
    let [x, y, z] = pose.position;
    if x.abs() > settings.table_half_mm
        || y.abs() > settings.table_half_mm
        || z > settings.max_height_mm
    {
        return Err(LeaningError::OffTable {
            half_mm: settings.table_half_mm,
            max_height_mm: settings.max_height_mm,
        });
    }
    Ok(())
}

fn blocked(e: PlaceError, index: usize) -> LeaningError {
    match e {
        PlaceError::NotFinite => LeaningError::NotFinite,
        PlaceError::BelowTable { .. } => LeaningError::Blocked("the table".into()),
        PlaceError::Overlap { other } if index == usize::MAX => {
            LeaningError::Blocked(format!("piece {other}"))
        }
        PlaceError::Overlap { other } => {
            LeaningError::Blocked(format!("foundation piece {other} (piece {index})"))
        }
    }
}

fn placed_event(seat: Seat, size: Size, piece: PieceId, j: &Judgement, released: bool) -> Event {
    Event::Placed {
        seat,
        size,
        piece,
        pose: rounded(&j.rest_pose),
        level: j.level,
        table_corners: j.table_corners,
        touching: j.touching.clone(),
        points: j.points,
        released,
    }
}

fn failed_event(
    seat: Seat,
    size: Size,
    j: &Judgement,
    points: i64,
    forfeited: bool,
    released: bool,
    tries: u8,
) -> Event {
    Event::Failed {
        seat,
        size,
        verdict: j.verdict,
        slip: j.slip,
        disturbed: j.disturbed.clone(),
        points,
        forfeited,
        released,
        tries,
    }
}

impl Game for LeaningTowers {
    const NAME: &'static str = "leaning";
    const TITLE: &'static str = "Leaning Towers";
    /// `leaning-4` since L-18: a piece laid down is set down at the aimed
    /// tilt, the hand noise moving only where it is let go.
    /// `leaning-3` since L-17: a piece let go a hair above what it would
    /// land on is laid down on it. `leaning-2` since the revised L1, L9,
    /// L12 and L13: a held piece's release is its holder's turn (an action
    /// of its own), pieces rest on held pieces, a wreck that leaves fewer
    /// than two players ends the game, the pieces are hollow shells, and
    /// the world is rebuilt from its explicit state after every run that
    /// changed it. The same actions make a different game under each
    /// earlier name (and the "0.1.0" records `leaning-1` replayed), so none
    /// of them is replayed.
    const ENGINE: &'static str = "leaning-4";
    /// Every placement is simulated on the physics table.
    const HEAVY_STEPS: bool = true;
    type Settings = Settings;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Error = LeaningError;

    fn new(settings: &Settings, seed: Seed) -> Result<Self, SetupError> {
        settings.validate()?;
        let n = usize::from(settings.seats);
        Ok(LeaningTowers {
            settings: settings.clone(),
            world: World::new(settings.table_settings()),
            pieces: Vec::new(),
            hands: vec![Hand::FULL; n],
            scores: vec![0; n],
            out: vec![false; n],
            held: vec![None; n],
            phase: Phase::Foundation,
            turn: Seat(settings.first_seat),
            release_due: false,
            tries: 0,
            slipped: None,
            previous_size: None,
            passes: 0,
            boxed: 0,
            forfeited: vec![0; n],
            hand_rng: seed.rng("hand"),
            foundation_rng: seed.rng("foundation"),
        })
    }

    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn seat_count(&self) -> usize {
        self.hands.len()
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Over { .. } => ToAct::Nobody,
            _ => ToAct::Seat(self.turn),
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        _now: GameTime,
    ) -> Result<Vec<Event>, LeaningError> {
        self.check(seat, action)?;
        Ok(match action {
            Action::Foundation { pieces } => self.build_foundation(pieces),
            Action::AutoFoundation => self.auto_foundation(),
            Action::Place { size, pose } => self.place(seat, *size, pose, false),
            Action::Hold { size, pose } => self.place(seat, *size, pose, true),
            Action::Release => self.release(seat),
            Action::Pass => self.pass(seat),
        })
    }

    fn view(&self, viewer: Viewer) -> View {
        View {
            viewer,
            seats: self.settings.seats,
            phase: self.phase,
            to_act: match self.phase {
                Phase::Over { .. } => None,
                _ => Some(self.turn),
            },
            scores: self.scores.clone(),
            hands: self.hands.clone(),
            out: self.out.clone(),
            held: self.held.clone(),
            previous_size: self.previous_size,
            slipped: self.slipped,
            tries: self.tries,
            passes: self.passes,
            turn: self.turn_options(),
            dimensions: self.dimensions(),
            pieces: self
                .pieces
                .iter()
                .enumerate()
                .map(|(i, p)| PieceView {
                    id: PieceId(i),
                    owner: p.owner,
                    size: p.size,
                    level: p.level,
                    status: p.status,
                    pose: rounded(&self.world.0.pose(PieceId(i))),
                })
                .collect(),
            world: self.world.snapshot(),
        }
    }

    fn scores(&self) -> Vec<i64> {
        self.scores.clone()
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { .. } = self.phase else {
            return None;
        };
        // L-15: seats ejected by a wreck are out of the running.
        let in_game = |i: &usize| !self.out[*i];
        let best = (0..self.scores.len())
            .filter(in_game)
            .map(|i| self.scores[i])
            .max()
            .unwrap_or(0);
        Some(Outcome {
            scores: self.scores.clone(),
            winners: (0..self.scores.len())
                .filter(in_game)
                .filter(|&i| self.scores[i] == best)
                .map(|i| Seat(i as u8))
                .collect(),
        })
    }
}
