//! Which pieces fit where now (P6–P8): what clients offer, and what
//! P12 asks.

use super::*;

impl SpeedyTowers {
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
}
