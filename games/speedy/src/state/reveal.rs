//! Turning a tile face up and back down (P5), and arranging one.

use super::*;

impl SpeedyTowers {
    /// P5: a random face-down tile turns face up; the tile hidden last is
    /// skipped when there are others.
    pub(super) fn reveal(&mut self, seat: Seat) -> Result<Event, SpeedyError> {
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
    pub(super) fn hide(&mut self, seat: Seat) -> Result<Event, SpeedyError> {
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
}
