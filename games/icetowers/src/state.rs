//! The game state and the rules that change it (I1–I15).

use crate::action::{Action, EndReason, Event};
use crate::error::IceError;
use crate::piece::{Colour, PieceId, STASH};
use crate::settings::Settings;
use crate::table::{Pos, SPACING, Tower, TowerId, place_near};
use rand::RngExt;
use serde::{Deserialize, Serialize};
use stackyard_core::{GameTime, Seat, Seed, SetupError};

/// A piece in a seat's hand (I5), with where it was mined from (I8) and
/// when the hold limit sets it down (I10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Held {
    /// The piece.
    pub piece: PieceId,
    /// The tower it was mined from: no minebacks (I8).
    pub from: TowerId,
    /// Where that tower stood, so a set-down lands near it.
    pub origin: Pos,
    /// When the hold limit runs out (I10).
    pub deadline: GameTime,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Ending {
    /// Why (I13).
    pub reason: EndReason,
    /// When.
    pub at: GameTime,
}

/// An IceTowers table: towers, hands, ready and done flags, clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IceTowers {
    pub(crate) settings: Settings,
    /// Sorted by id.
    pub(crate) towers: Vec<Tower>,
    next_tower: u32,
    pub(crate) hands: Vec<Option<Held>>,
    ready: Vec<bool>,
    done: Vec<bool>,
    started: Option<GameTime>,
    last: GameTime,
    ended: Option<Ending>,
}

impl IceTowers {
    /// A new table: every piece a free-stander, scattered (I2).
    pub fn new(settings: &Settings, seed: Seed) -> Result<Self, SetupError> {
        settings.validate()?;
        let colours = settings.colours();
        let n = colours * STASH;
        // Pieces go to distinct cells of a square grid (about half the
        // cells used) with a small jitter, so no two overlap.
        let side = ((2 * n) as f64).sqrt().ceil() as usize;
        let cell = 2 * SPACING;
        let mut rng = seed.rng("scatter");
        let mut cells: Vec<usize> = (0..side * side).collect();
        for i in (1..cells.len()).rev() {
            let j = rng.random_range(0..=i);
            cells.swap(i, j);
        }
        let jitter = SPACING / 2;
        let towers = (0..n)
            .map(|i| {
                let c = cells[i];
                let piece = PieceId::new(Colour((i / STASH) as u8), (i % STASH) as u8);
                Tower {
                    id: TowerId(i as u32),
                    pos: Pos {
                        x: (c % side) as i32 * cell + rng.random_range(-jitter..=jitter),
                        y: (c / side) as i32 * cell + rng.random_range(-jitter..=jitter),
                    },
                    pieces: vec![piece],
                }
            })
            .collect();
        let seats = usize::from(settings.players);
        Ok(IceTowers {
            settings: settings.clone(),
            towers,
            next_tower: n as u32,
            hands: vec![None; seats],
            ready: vec![false; seats],
            done: vec![false; seats],
            started: None,
            last: GameTime::ZERO,
            ended: None,
        })
    }

    /// A started table (every seat ready at time 0) where `stacks` are
    /// built as towers, bottom first, and every other piece stands free:
    /// for tests, puzzles and tutorials.
    pub fn arranged(
        settings: &Settings,
        stacks: &[Vec<PieceId>],
        seed: Seed,
    ) -> Result<Self, SetupError> {
        let mut g = IceTowers::new(settings, seed)?;
        let mut used = std::collections::HashSet::new();
        for p in stacks.iter().flatten() {
            g.valid_piece(*p)
                .map_err(|e| SetupError::new(e.to_string()))?;
            if !used.insert(*p) {
                return Err(SetupError::new(format!("piece {p} is listed twice")));
            }
        }
        g.towers.retain(|t| !used.contains(&t.pieces[0]));
        for stack in stacks.iter().filter(|s| !s.is_empty()) {
            let pos = place_near(Pos::default(), &g.towers);
            g.new_tower(pos, stack.clone());
        }
        g.ready.iter_mut().for_each(|r| *r = true);
        g.started = Some(GameTime::ZERO);
        Ok(g)
    }

    /// A state from its parts, as a view shows them (see
    /// [`IceTowers::from_view`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_parts(
        settings: Settings,
        towers: Vec<Tower>,
        next_tower: u32,
        hands: Vec<Option<Held>>,
        ready: Vec<bool>,
        done: Vec<bool>,
        started: Option<GameTime>,
        last: GameTime,
        ended: Option<Ending>,
    ) -> IceTowers {
        IceTowers {
            settings,
            towers,
            next_tower,
            hands,
            ready,
            done,
            started,
            last,
            ended,
        }
    }

    /// The id the next new tower will get.
    pub fn next_tower_id(&self) -> u32 {
        self.next_tower
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Number of seats.
    pub fn seats(&self) -> usize {
        usize::from(self.settings.players)
    }

    /// The ghost's colour, when it plays (I14).
    pub fn ghost(&self) -> Option<Colour> {
        self.settings.ghost.then_some(Colour(self.settings.players))
    }

    /// The colour a seat plays.
    pub fn colour_of(seat: Seat) -> Colour {
        Colour(seat.0)
    }

    /// The towers, sorted by id.
    pub fn towers(&self) -> &[Tower] {
        &self.towers
    }

    /// One tower by id.
    pub fn tower(&self, id: TowerId) -> Option<&Tower> {
        self.index_of(id).map(|i| &self.towers[i])
    }

    /// What a seat holds.
    pub fn hand(&self, seat: Seat) -> Option<Held> {
        self.hands.get(seat.index()).copied().flatten()
    }

    /// Whether no seat holds a piece.
    pub fn hands_empty(&self) -> bool {
        self.hands.iter().all(Option::is_none)
    }

    /// Whether play has started (I4), and when.
    pub fn started(&self) -> Option<GameTime> {
        self.started
    }

    /// Whether a seat has said ready.
    pub fn is_ready(&self, seat: Seat) -> bool {
        self.ready.get(seat.index()).copied().unwrap_or(false)
    }

    /// Whether a seat has said done (I12).
    pub fn is_done(&self, seat: Seat) -> bool {
        self.done.get(seat.index()).copied().unwrap_or(false)
    }

    /// How the game ended, once over.
    pub fn ending(&self) -> Option<Ending> {
        self.ended
    }

    /// The last time the game saw (action or timer).
    pub fn now(&self) -> GameTime {
        self.last
    }

    /// When the game timer rings, if set and the game started (I13c).
    pub fn game_deadline(&self) -> Option<GameTime> {
        Some(self.started? + self.settings.game_timer_ms?)
    }

    /// Scores by colour (seats, then the ghost): pips of every tower the
    /// colour controls (I15). Held pieces are not on the table and score
    /// nothing until set down.
    pub fn scores_by_colour(&self) -> Vec<i64> {
        let mut s = vec![0i64; self.settings.colours()];
        for t in &self.towers {
            s[t.controller().index()] += i64::from(t.pips());
        }
        s
    }

    /// Where a piece is: `Ok(tower index)` or `Err(seat)` holding it.
    pub fn locate(&self, piece: PieceId) -> Option<Result<usize, Seat>> {
        if let Some(s) = self
            .hands
            .iter()
            .position(|h| h.is_some_and(|h| h.piece == piece))
        {
            return Some(Err(Seat(s as u8)));
        }
        self.towers
            .iter()
            .position(|t| t.pieces.contains(&piece))
            .map(Ok)
    }

    pub(crate) fn index_of(&self, id: TowerId) -> Option<usize> {
        self.towers.binary_search_by_key(&id, |t| t.id).ok()
    }

    fn new_tower(&mut self, pos: Pos, pieces: Vec<PieceId>) -> TowerId {
        let id = TowerId(self.next_tower);
        self.next_tower += 1;
        // Ids only grow, so pushing keeps the list sorted.
        self.towers.push(Tower { id, pos, pieces });
        id
    }

    fn valid_piece(&self, piece: PieceId) -> Result<(), IceError> {
        if usize::from(piece.0) < self.settings.colours() * STASH {
            Ok(())
        } else {
            Err(IceError::UnknownPiece(piece))
        }
    }

    fn may_move(&self, seat: Seat, piece: PieceId) -> bool {
        let c = piece.colour();
        c == Self::colour_of(seat) || Some(c) == self.ghost()
    }

    /// Whether `piece` may cap tower `ti` (I6, I8, I14), ignoring where
    /// the piece comes from.
    fn cap_check(&self, piece: PieceId, ti: usize, from: Option<TowerId>) -> Result<(), IceError> {
        let t = &self.towers[ti];
        if t.pieces[0] == piece && t.is_free_stander() {
            return Err(IceError::CapItself(piece));
        }
        if t.controller() == piece.colour() {
            return Err(IceError::CapSameColour(t.id));
        }
        if t.top().pips() < piece.pips() {
            return Err(IceError::CapTooLarge { piece, tower: t.id });
        }
        if Some(piece.colour()) == self.ghost() && t.is_free_stander() {
            return Err(IceError::GhostCapsFreeStander(t.id));
        }
        if from == Some(t.id) {
            return Err(IceError::Mineback { piece, tower: t.id });
        }
        Ok(())
    }

    /// Whether a held piece has any legal cap (I9).
    pub fn held_can_cap(&self, held: &Held) -> bool {
        (0..self.towers.len()).any(|i| self.cap_check(held.piece, i, Some(held.from)).is_ok())
    }

    fn check_time(&self, now: GameTime) -> Result<(), IceError> {
        if now < self.last {
            return Err(IceError::TimeWentBack {
                now,
                last: self.last,
            });
        }
        if let Some(d) = self.next_deadline()
            && d <= now
        {
            return Err(IceError::TimerDue(d));
        }
        Ok(())
    }

    /// Applies an action (see [`stackyard_core::Game::apply`]).
    pub fn play(
        &mut self,
        seat: Seat,
        action: &Action,
        now: GameTime,
    ) -> Result<Vec<Event>, IceError> {
        if seat.index() >= self.seats() {
            return Err(IceError::NoSuchSeat(seat));
        }
        if self.ended.is_some() {
            return Err(IceError::GameOver);
        }
        self.check_time(now)?;
        let s = seat.index();
        if self.started.is_none() {
            if *action != Action::Ready {
                return Err(IceError::NotStarted);
            }
            if self.ready[s] {
                return Err(IceError::AlreadyReady(seat));
            }
            self.last = now;
            self.ready[s] = true;
            let mut ev = vec![Event::Ready { seat }];
            if self.ready.iter().all(|&r| r) {
                self.started = Some(now);
                ev.push(Event::Started { at: now });
            }
            return Ok(ev);
        }
        let mut ev = match *action {
            Action::Ready => return Err(IceError::AlreadyStarted),
            Action::Cap { piece, onto } => self.cap(seat, piece, onto)?,
            Action::Mine { tower, piece } => self.mine(seat, tower, piece, now)?,
            Action::SetDown => {
                let held = self.hands[s].ok_or(IceError::EmptyHand(seat))?;
                if self.held_can_cap(&held) {
                    return Err(IceError::SetDownWithCap);
                }
                vec![self.set_down(seat, false)]
            }
            Action::Split { tower, at } => self.split(seat, tower, at)?,
            Action::Done => {
                if self.hands[s].is_some() {
                    return Err(IceError::HandFull(seat));
                }
                if self.done[s] {
                    return Err(IceError::AlreadyDone(seat));
                }
                self.last = now;
                self.done[s] = true;
                let mut ev = vec![Event::Done { seat }];
                self.check_end(now, &mut ev);
                return Ok(ev);
            }
            Action::Undone => {
                if !self.done[s] {
                    return Err(IceError::NotDone(seat));
                }
                self.last = now;
                self.done[s] = false;
                return Ok(vec![Event::Undone { seat }]);
            }
        };
        self.last = now;
        self.after_play(now, &mut ev);
        Ok(ev)
    }

    /// I12 and I13 after a play changed the table.
    fn after_play(&mut self, now: GameTime, ev: &mut Vec<Event>) {
        if self.done.iter().any(|&d| d) {
            self.done.iter_mut().for_each(|d| *d = false);
            ev.push(Event::DoneCleared);
        }
        self.check_end(now, ev);
    }

    fn cap(&mut self, seat: Seat, piece: PieceId, onto: TowerId) -> Result<Vec<Event>, IceError> {
        self.valid_piece(piece)?;
        let s = seat.index();
        let ti = self.index_of(onto).ok_or(IceError::UnknownTower(onto))?;
        match self.hands[s] {
            Some(held) if held.piece == piece => {
                self.cap_check(piece, ti, Some(held.from))?;
                self.hands[s] = None;
                self.towers[ti].pieces.push(piece);
                Ok(vec![Event::Capped {
                    seat,
                    piece,
                    from: None,
                    onto,
                }])
            }
            Some(_) => Err(IceError::HandFull(seat)),
            None => {
                if !self.may_move(seat, piece) {
                    return Err(IceError::NotYourColour(piece));
                }
                let fi = self
                    .towers
                    .iter()
                    .position(|t| t.is_free_stander() && t.pieces[0] == piece)
                    .ok_or(IceError::NotFreeStander(piece))?;
                self.cap_check(piece, ti, None)?;
                self.towers[ti].pieces.push(piece);
                let from = self.towers.remove(fi).id;
                Ok(vec![Event::Capped {
                    seat,
                    piece,
                    from: Some(from),
                    onto,
                }])
            }
        }
    }

    fn mine(
        &mut self,
        seat: Seat,
        tower: TowerId,
        piece: PieceId,
        now: GameTime,
    ) -> Result<Vec<Event>, IceError> {
        self.valid_piece(piece)?;
        let s = seat.index();
        let ti = self.index_of(tower).ok_or(IceError::UnknownTower(tower))?;
        if self.hands[s].is_some() {
            return Err(IceError::HandFull(seat));
        }
        if !self.may_move(seat, piece) {
            return Err(IceError::NotYourColour(piece));
        }
        let t = &self.towers[ti];
        let index = t
            .pieces
            .iter()
            .position(|&p| p == piece)
            .ok_or(IceError::NotInTower { piece, tower })?;
        let c = piece.colour();
        if t.controller() == c {
            return Err(IceError::MineControlled(tower));
        }
        if t.count(c) < 2 {
            return Err(IceError::MineTooFew(tower));
        }
        let origin = t.pos;
        self.towers[ti].pieces.remove(index);
        let deadline = now + self.settings.hold_limit_ms;
        self.hands[s] = Some(Held {
            piece,
            from: tower,
            origin,
            deadline,
        });
        Ok(vec![Event::Mined {
            seat,
            piece,
            from: tower,
            index,
            deadline,
        }])
    }

    fn split(&mut self, seat: Seat, tower: TowerId, at: usize) -> Result<Vec<Event>, IceError> {
        let ti = self.index_of(tower).ok_or(IceError::UnknownTower(tower))?;
        if self.hands[seat.index()].is_some() {
            return Err(IceError::SplitWithHand(seat));
        }
        let t = &self.towers[ti];
        if at == 0 || at >= t.pieces.len() || t.pieces[at - 1].colour() != t.pieces[at].colour() {
            return Err(IceError::SplitNoPair { tower, at });
        }
        if t.pieces[at].colour() == Self::colour_of(seat) {
            return Err(IceError::SplitOwnColour);
        }
        let origin = t.pos;
        let upper = self.towers[ti].pieces.split_off(at);
        let pos = place_near(origin, &self.towers);
        let new_tower = self.new_tower(pos, upper);
        Ok(vec![Event::Split {
            seat,
            tower,
            at,
            new_tower,
            pos,
        }])
    }

    /// Puts a seat's held piece down near where it was mined (I9, I10).
    fn set_down(&mut self, seat: Seat, forced: bool) -> Event {
        let held = self.hands[seat.index()]
            .take()
            .expect("callers check the hand");
        let pos = place_near(held.origin, &self.towers);
        let tower = self.new_tower(pos, vec![held.piece]);
        Event::SetDown {
            seat,
            piece: held.piece,
            tower,
            pos,
            forced,
        }
    }

    /// I13: ends the game if every seat is done with empty hands, or if no
    /// seat has any play left.
    fn check_end(&mut self, now: GameTime, ev: &mut Vec<Event>) {
        let all_done = self.done.iter().all(|&d| d) && self.hands.iter().all(Option::is_none);
        if all_done {
            self.end(EndReason::AllDone, now, ev);
        } else if !self.any_play() {
            self.end(EndReason::NoPlays, now, ev);
        }
    }

    fn end(&mut self, reason: EndReason, at: GameTime, ev: &mut Vec<Event>) {
        for s in 0..self.seats() {
            if self.hands[s].is_some() {
                ev.push(self.set_down(Seat(s as u8), true));
            }
        }
        self.ended = Some(Ending { reason, at });
        let mut scores = self.scores_by_colour();
        let ghost = self.ghost().map(|_| scores.pop().expect("ghost score"));
        ev.push(Event::Ended {
            reason,
            scores,
            ghost,
        });
    }

    /// Whether any seat has a legal cap, mine, split or set-down (I13b).
    pub fn any_play(&self) -> bool {
        if self.hands.iter().any(Option::is_some) {
            // A held piece can always cap or, failing that, be set down.
            return true;
        }
        let colours = self.settings.colours();
        let ghost = self.ghost();
        // Smallest free-stander per colour (4 = none).
        let mut min_free = [4u8; 8];
        for t in &self.towers {
            if t.is_free_stander() {
                let p = t.pieces[0];
                let m = &mut min_free[p.colour().index()];
                *m = (*m).min(p.pips());
            }
        }
        let mut can = [false; 8];
        let mut pair_colours = 0u32;
        for t in &self.towers {
            let top = t.top();
            let mut counts = [0u8; 8];
            for w in t.pieces.windows(2) {
                if w[0].colour() == w[1].colour() {
                    pair_colours |= 1 << w[0].colour().0;
                }
            }
            for p in &t.pieces {
                counts[p.colour().index()] += 1;
            }
            for c in 0..colours {
                if top.colour().index() == c {
                    continue;
                }
                let is_ghost = ghost.is_some_and(|g| g.index() == c);
                let cap = top.pips() >= min_free[c] && !(is_ghost && t.is_free_stander());
                if cap || counts[c] >= 2 {
                    can[c] = true;
                }
            }
        }
        if ghost.is_some_and(|g| can[g.index()]) {
            return true;
        }
        (0..self.seats()).any(|s| can[s] || pair_colours & !(1 << s) != 0)
    }

    /// The earliest pending timer: a hold limit or the game timer.
    pub fn next_deadline(&self) -> Option<GameTime> {
        if self.ended.is_some() {
            return None;
        }
        let holds = self.hands.iter().flatten().map(|h| h.deadline);
        holds.chain(self.game_deadline()).min()
    }

    /// Fires every timer due by `now`, each at its own deadline.
    pub fn advance(&mut self, now: GameTime) -> Vec<Event> {
        let mut ev = Vec::new();
        while let Some(d) = self.next_deadline().filter(|&d| d <= now) {
            self.last = self.last.max(d);
            if self.game_deadline() == Some(d) {
                self.end(EndReason::Timer, d, &mut ev);
                break;
            }
            // Hold limits due at the same instant fire in seat order.
            let seat = (0..self.seats())
                .find(|&s| self.hands[s].is_some_and(|h| h.deadline == d))
                .expect("a hold deadline is due");
            ev.push(self.set_down(Seat(seat as u8), true));
            self.after_play(d, &mut ev);
        }
        if self.ended.is_none() {
            self.last = self.last.max(now);
        }
        ev
    }

    /// Every action `seat` could legally take now.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(seat, &mut out);
        out
    }

    /// [`IceTowers::legal_actions`] into a reused buffer.
    pub fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        let s = seat.index();
        if self.ended.is_some() || s >= self.seats() {
            return;
        }
        if self.started.is_none() {
            if !self.ready[s] {
                out.push(Action::Ready);
            }
            return;
        }
        if let Some(held) = self.hands[s] {
            for (i, t) in self.towers.iter().enumerate() {
                if self.cap_check(held.piece, i, Some(held.from)).is_ok() {
                    out.push(Action::Cap {
                        piece: held.piece,
                        onto: t.id,
                    });
                }
            }
            if out.is_empty() {
                out.push(Action::SetDown);
            }
            return;
        }
        let me = Self::colour_of(seat);
        for t in &self.towers {
            let p = t.pieces[0];
            if t.is_free_stander() && self.may_move(seat, p) {
                for (i, target) in self.towers.iter().enumerate() {
                    if self.cap_check(p, i, None).is_ok() {
                        out.push(Action::Cap {
                            piece: p,
                            onto: target.id,
                        });
                    }
                }
            }
        }
        for t in &self.towers {
            for c in std::iter::once(me).chain(self.ghost()) {
                if t.controller() != c && t.count(c) >= 2 {
                    for &p in t.pieces.iter().filter(|p| p.colour() == c) {
                        out.push(Action::Mine {
                            tower: t.id,
                            piece: p,
                        });
                    }
                }
            }
            for at in 1..t.pieces.len() {
                let c = t.pieces[at].colour();
                if t.pieces[at - 1].colour() == c && c != me {
                    out.push(Action::Split { tower: t.id, at });
                }
            }
        }
        out.push(if self.done[s] {
            Action::Undone
        } else {
            Action::Done
        });
    }

    /// Every piece's whereabouts, for conservation checks: how many pieces
    /// of each colour are in towers or hands.
    pub fn piece_census(&self) -> Vec<usize> {
        let mut n = vec![0; self.settings.colours()];
        for p in self
            .towers
            .iter()
            .flat_map(|t| t.pieces.iter())
            .chain(self.hands.iter().flatten().map(|h| &h.piece))
        {
            n[p.colour().index()] += 1;
        }
        n
    }
}
