//! A placement (P6–P10): checked, dropped with hand noise, settled, and
//! the towers judged; what fell, and what is taken back.

use super::*;

impl SpeedyTowers {
    /// Which piece `placing` names, checked against the seat's pile (P6,
    /// P8), and how it is judged (P7).
    pub(super) fn resolve(
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
    pub(super) fn drop_pose(&self, tower: TowerId, aim: Aim, rng: &mut ChaCha8Rng) -> Pose {
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

    pub(super) fn pose_of(&self, piece: PieceId, body: BodyId) -> PiecePose {
        let p = self.table.inner().pose(body);
        PiecePose {
            piece,
            position: p.position,
            rotation_deg: p.rotation_deg,
        }
    }

    /// P6–P11: checks everything, then drops the piece, simulates, and
    /// applies the verdict.
    pub(super) fn place(
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
        let steps = self.settings.settle_steps();
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

    pub(super) fn foundation_bodies(&self) -> Vec<BodyId> {
        self.towers
            .iter()
            .filter_map(|t| self.body(t.foundation))
            .collect()
    }

    /// A tower's height without one of its pieces (the pawn, for P11).
    pub(super) fn height_without(&self, tower: TowerId, skip: PieceId) -> f64 {
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
    pub(super) fn judge_towers(&mut self) -> Vec<PieceId> {
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
}

/// One standard normal sample (Box–Muller), for hand noise.
pub(super) fn normal(rng: &mut ChaCha8Rng) -> f64 {
    // 1 - u keeps the logarithm's argument in (0, 1].
    let u: f64 = 1.0 - rng.random::<f64>();
    let v: f64 = rng.random::<f64>();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// P-5: the order in which P10 picks the "highest-ranked" fallen piece.
pub(super) fn take_back_rank(piece: Piece, id: PieceId) -> (u8, u8, std::cmp::Reverse<PieceId>) {
    let (value, tile) = match piece {
        Piece::Tile { card } => (card.value, 1),
        Piece::Coin { card } => (card.value, 0),
        Piece::Pawn { .. } => (Value::Two, 0),
    };
    (value.rank().unwrap_or(7), tile, std::cmp::Reverse(id))
}

/// The piece a refused placement tried, in words; a coin with what it
/// would have counted as (P7).
pub(super) fn describe(p: Placed, kind: Mismatch) -> String {
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
