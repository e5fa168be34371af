//! Helpers shared by the integration tests: settings, hand-made deals,
//! starting a game and placing pieces.
#![allow(dead_code)]

use stackyard_core::{Game, GameTime, Seat, Seed};
use stackyard_speedy::*;

/// Settings for `players` seats with no hand noise (exact poses), so a
/// test's physics does what it says.
pub fn exact(players: u8) -> Settings {
    Settings {
        hand_noise: HandNoise {
            sigma_mm: 0.0,
            sigma_deg: 0.0,
        },
        ..Settings::new(players)
    }
}

/// A card from a short name: `"S3"`, `"Ma"` (Ace), `"Cn"` (Null).
pub fn c(name: &str) -> Card {
    let b = name.as_bytes();
    let suit = match b[0] {
        b'S' => Suit::S,
        b'M' => Suit::M,
        b'C' => Suit::C,
        b'A' => Suit::A,
        _ => panic!("bad suit in {name}"),
    };
    let value = match b[1] {
        b'n' => Value::Null,
        b'a' => Value::Ace,
        b'2' => Value::Two,
        b'3' => Value::Three,
        b'4' => Value::Four,
        b'5' => Value::Five,
        _ => panic!("bad value in {name}"),
    };
    Card::new(suit, value)
}

pub fn cards(names: &str) -> Vec<Card> {
    names.split_whitespace().map(c).collect()
}

/// A deal: foundations, then per seat (tiles, coins).
pub fn deal(foundations: &str, seats: &[(&str, &str)]) -> Deal {
    Deal {
        foundations: cards(foundations),
        seats: seats
            .iter()
            .map(|(t, k)| SeatDeal {
                tiles: cards(t),
                coins: cards(k),
            })
            .collect(),
        aside_tiles: vec![],
        aside_coins: vec![],
    }
}

/// A game from a deal, every seat ready at time 0.
pub fn started(settings: &Settings, d: &Deal) -> SpeedyTowers {
    let mut g = SpeedyTowers::from_deal(settings, d, Seed(1)).unwrap();
    for s in 0..settings.players {
        g.apply(Seat(s), &Action::Ready, GameTime::ZERO).unwrap();
    }
    g
}

pub fn place(piece: Placing, tower: u8, x: f64, y: f64) -> Action {
    Action::Place {
        piece,
        tower: TowerId(tower),
        aim: Aim::at(x, y),
        take_back: TakeBack::PlacedFirst,
    }
}

/// Makes `card` the seat's face-up tile. Since P5's revision (2026-11-26)
/// a tile that fits cannot be hidden, so revealing and hiding until `card`
/// comes up is no longer always possible: the position is arranged, as a
/// hand-made deal is (`arrange_face_up`).
pub fn reveal_card(g: &mut SpeedyTowers, seat: Seat, card: Card, _now: GameTime) {
    g.arrange_face_up(seat, card)
        .unwrap_or_else(|e| panic!("{card}: {e}"));
}

/// Reveals `card` and places it on `tower` at the offset; returns the events.
pub fn place_tile(
    g: &mut SpeedyTowers,
    seat: Seat,
    card: Card,
    tower: u8,
    x: f64,
    now: GameTime,
) -> Vec<Event> {
    reveal_card(g, seat, card, now);
    g.apply(seat, &place(Placing::Tile, tower, x, 0.0), now)
        .unwrap_or_else(|e| panic!("placing {card}: {e}"))
}

/// The coin of `seat` with this card.
pub fn coin_of(g: &SpeedyTowers, seat: Seat, card: Card) -> PieceId {
    *g.pile(seat)
        .unwrap()
        .coins
        .iter()
        .find(|&&k| g.piece(k).unwrap().card() == Some(card))
        .expect("seat holds that coin")
}

/// The fallen list of the last Settled event.
pub fn fallen(events: &[Event]) -> Vec<PieceId> {
    events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Settled { fallen, .. } => Some(fallen.clone()),
            _ => None,
        })
        .expect("a Settled event")
}

/// Every piece is in exactly one place.
pub fn assert_conserved(g: &SpeedyTowers) {
    let census = g.census();
    assert!(census.iter().all(|&n| n == 1), "census {census:?}");
}
