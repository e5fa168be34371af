//! The deal (P3): who gets which tiles and coins, shuffled from the seed.

use crate::piece::Card;
use crate::settings::{Remainder, Settings};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use stackyard_core::Seed;

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

pub(super) fn shuffle<T>(v: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}
