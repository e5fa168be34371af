//! Matching (P7, P2, and the matching part of P8), table-driven: tiles and
//! both coin faces against every kind of top, the Null cases, the pawn;
//! and the JSON contract of `stackyard speedy matches`.

use stackyard_speedy::matching::{MatchAnswer, MatchQuery, Placed, Top, judge};
use stackyard_speedy::{Card, CoinFace, Suit, Value};

fn card(s: &str) -> Card {
    let suit = match &s[..1] {
        "S" => Suit::S,
        "M" => Suit::M,
        "C" => Suit::C,
        _ => Suit::A,
    };
    let value = match &s[1..] {
        "n" => Value::Null,
        "a" => Value::Ace,
        "2" => Value::Two,
        "3" => Value::Three,
        "4" => Value::Four,
        _ => Value::Five,
    };
    Card::new(suit, value)
}

/// A top: `S5` a tile; `A4@A5` a coin counting as A4 whose nearest tile
/// below is A5 (P7); `pawn`.
fn top(s: &str) -> Top {
    match s.split_once('@') {
        _ if s == "pawn" => Top::Pawn,
        Some((coin, tile)) => Top::coin(card(coin), card(tile)),
        None => Top::tile(card(s)),
    }
}

/// (rule, placed, top, expected effective or None when illegal).
/// Placed: `t:S3` tile, `v:M5` coin value-up, `s:M5` coin suit-up, `pawn`.
/// Cases marked "revised" changed with P7's revision of 2026-11-26: a
/// coin's hidden property is the tile underneath's and it is matched on
/// both (before, it was judged by its shown face alone).
const CASES: &[(&str, &str, &str, Option<&str>)] = &[
    // Tiles onto tiles (P7, P2).
    ("P7 same suit, lower value", "t:S3", "S5", Some("S3")),
    ("P7 higher value, other suit", "t:M5", "S3", Some("M5")),
    ("P7 lower value, other suit", "t:M3", "S5", None),
    ("P7 equal value, other suit: not higher", "t:M3", "S3", None),
    ("P2 Ace is 6: above 5", "t:Ma", "S5", Some("Ma")),
    ("P2 5 is below Ace", "t:M5", "Sa", None),
    (
        "P2 Ace on Ace of another suit: not higher",
        "t:Ma",
        "Sa",
        None,
    ),
    ("P7 same suit Ace on Ace", "t:Sa", "Sa", Some("Sa")),
    ("P7 Null tile fits anything", "t:Mn", "Sa", Some("Mn")),
    ("P7 anything fits on a Null", "t:M2", "Sn", Some("M2")),
    ("P7 Null on Null", "t:Mn", "Sn", Some("Mn")),
    // Tiles onto coins: the coin's effective suit and value (P7); the
    // tile under the coin plays no part.
    (
        "P7 tile higher than a coin's effective value",
        "t:M5",
        "A4@A2",
        Some("M5"),
    ),
    (
        "P7 tile lower than a coin's effective value",
        "t:M3",
        "A4@A5",
        None,
    ),
    (
        "P7 tile lower than the coin, though higher than the tile under it",
        "t:M3",
        "A4@A2",
        None,
    ),
    (
        "P7 tile of the coin's effective suit",
        "t:A2",
        "A4@A5",
        Some("A2"),
    ),
    // Value-up coins straight onto a tile take its suit, so they always
    // match by suit (revised).
    ("P7 value-up coin higher", "v:M5", "S3", Some("S5")),
    (
        "P7 revised: value-up coin lower takes the tile's suit and matches",
        "v:S3",
        "S5",
        Some("S3"),
    ),
    (
        "P7 revised: value-up coin of another suit, equal value",
        "v:M3",
        "S3",
        Some("S3"),
    ),
    (
        "P7 revised: value-up 2 onto an Ace tile matches by suit",
        "v:M2",
        "Ca",
        Some("C2"),
    ),
    (
        "P7 value-up Null coin fits anything",
        "v:Mn",
        "S5",
        Some("Sn"),
    ),
    ("P7 value-up coin onto a Null", "v:M3", "Sn", Some("S3")),
    ("P7 value-up Ace above 5", "v:Ma", "C5", Some("Ca")),
    // Value-up coins onto coins: the suit of the nearest tile below
    // (revised).
    (
        "P7 value-up coin onto a value-up coin: same tile, same suit",
        "v:M5",
        "A4@A5",
        Some("A5"),
    ),
    (
        "P7 revised: value-up coin lower than a value-up coin top matches by suit",
        "v:M2",
        "A4@A5",
        Some("A2"),
    ),
    (
        "P7 revised: value-up coin onto a suit-up coin of another suit than the tile: lower fails",
        "v:C2",
        "S4@M4",
        None,
    ),
    (
        "P7 value-up coin onto a suit-up coin, higher",
        "v:C5",
        "S4@M4",
        Some("M5"),
    ),
    (
        "P7 revised: value-up coin onto a suit-up coin of the tile's suit",
        "v:C2",
        "S4@S4",
        Some("S2"),
    ),
    // Suit-up coins straight onto a tile take its value: never higher, so
    // they need the suit or a Null (as before the revision).
    ("P7 suit-up coin of the same suit", "s:S2", "S5", Some("S5")),
    (
        "P7 suit-up coin of another suit, even if higher",
        "s:M5",
        "S3",
        None,
    ),
    (
        "P7 suit-up coin onto a Null: anything goes on a Null",
        "s:M2",
        "Sn",
        Some("Mn"),
    ),
    (
        "P7 suit-up Null coin: the Null is hidden, the suit must match",
        "s:Mn",
        "S3",
        None,
    ),
    (
        "P7 suit-up Null coin of the same suit",
        "s:Sn",
        "S3",
        Some("S3"),
    ),
    // Suit-up coins onto coins: the value of the nearest tile below
    // (revised).
    (
        "P7 revised: suit-up coin onto a coin's suit takes the tile's value",
        "s:A2",
        "A4@A5",
        Some("A5"),
    ),
    (
        "P7 revised: suit-up coin of another suit; the tile's 5 beats the coin's 4",
        "s:M2",
        "A4@A5",
        Some("M5"),
    ),
    (
        "P7 suit-up coin of another suit; the tile's 3 does not beat the coin's 4",
        "s:M2",
        "A4@A3",
        None,
    ),
    (
        "P7 suit-up coin over a Null tile",
        "s:M2",
        "A4@An",
        Some("Mn"),
    ),
    (
        "P7 suit-up coin onto a suit-up coin of its suit",
        "s:S2",
        "S4@M4",
        Some("S4"),
    ),
    (
        "P7 suit-up coin onto a suit-up coin of another suit",
        "s:M2",
        "S4@M4",
        None,
    ),
    // Nothing onto a pawn (P-3); the pawn itself ignores matching (P8).
    ("P-3 tile onto a pawn", "t:Sn", "pawn", None),
    ("P-3 value-up coin onto a pawn", "v:Sn", "pawn", None),
    ("P-3 suit-up coin onto a pawn", "s:S2", "pawn", None),
    ("P8 pawn onto a tile", "pawn", "S2", None),
    ("P8 pawn onto a coin", "pawn", "A4@A5", None),
];

fn placed(s: &str) -> Placed {
    match s.split_once(':') {
        Some(("t", c)) => Placed::Tile(card(c)),
        Some(("v", c)) => Placed::Coin(card(c), CoinFace::Value),
        Some(("s", c)) => Placed::Coin(card(c), CoinFace::Suit),
        _ => Placed::Pawn,
    }
}

#[test]
fn p7_p8_matching_table() {
    for &(rule, p, t, want) in CASES {
        let got = judge(placed(p), top(t));
        let legal_expected = want.is_some() || p == "pawn";
        assert_eq!(got.is_ok(), legal_expected, "{rule}: {p} on {t}: {got:?}");
        if let Ok(eff) = got {
            assert_eq!(eff, want.map(card), "{rule}: {p} on {t}");
        }
    }
}

#[test]
fn p7_every_tile_onto_every_tile_follows_the_three_clauses() {
    for a in Card::all() {
        for b in Card::all() {
            let higher = match (a.value.rank(), b.value.rank()) {
                (Some(x), Some(y)) => x > y,
                _ => true,
            };
            let legal = higher || a.suit == b.suit;
            assert_eq!(
                judge(Placed::Tile(a), Top::tile(b)).is_ok(),
                legal,
                "{a} on {b}"
            );
        }
    }
}

#[test]
fn p7_every_coin_onto_every_tile_takes_the_tile_s_other_property() {
    for coin in Card::all() {
        for tile in Card::all() {
            // Value up: the tile's suit, so always a match by suit.
            assert_eq!(
                judge(Placed::Coin(coin, CoinFace::Value), Top::tile(tile)),
                Ok(Some(Card::new(tile.suit, coin.value))),
                "P7 revised: value-up {coin} on tile {tile}"
            );
            // Suit up: the tile's value, never higher; the suit or a Null.
            let suit_up = judge(Placed::Coin(coin, CoinFace::Suit), Top::tile(tile));
            let legal = coin.suit == tile.suit || tile.value.is_null();
            assert_eq!(suit_up.is_ok(), legal, "P7 suit-up {coin} on tile {tile}");
            if legal {
                assert_eq!(suit_up, Ok(Some(Card::new(coin.suit, tile.value))));
            }
        }
    }
}

#[test]
fn p7_a_coin_on_a_coin_takes_its_hidden_property_from_the_tile_below_both() {
    // Tile M4; a suit-up Suns coin can only go on it through a coin that
    // lowers the value: a value-up 2 (counting as M2), then the Suns coin
    // suit up counts as S4 (the tile's 4 beats the 2).
    let tile = Card::new(Suit::M, Value::Four);
    let two = judge(Placed::Coin(card("C2"), CoinFace::Value), Top::tile(tile))
        .unwrap()
        .unwrap();
    assert_eq!(two, card("M2"));
    let suns = judge(
        Placed::Coin(card("S3"), CoinFace::Suit),
        Top::coin(two, tile),
    )
    .unwrap()
    .unwrap();
    assert_eq!(
        suns,
        card("S4"),
        "P7: the value of tile M4, under both coins"
    );
    // A value-up 3 on the Suns coin takes Moons from the tile, not Suns
    // from the coin: 3 is not above 4 and Moons is not Suns.
    assert!(
        judge(
            Placed::Coin(card("A3"), CoinFace::Value),
            Top::coin(suns, tile)
        )
        .is_err()
    );
    // A value-up 5 is higher, and counts as M5.
    assert_eq!(
        judge(
            Placed::Coin(card("A5"), CoinFace::Value),
            Top::coin(suns, tile)
        ),
        Ok(Some(card("M5")))
    );
}

fn ask(line: &str) -> String {
    let q: MatchQuery = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    serde_json::to_string(&q.answer()).unwrap()
}

#[test]
fn the_matches_contract_reads_and_writes_exactly_these_lines() {
    let cases = [
        (
            r#"{"placed": {"kind": "tile", "suit": "S", "value": "Null"}, "top": {"kind": "tile", "suit": "M", "value": "Ace"}}"#,
            r#"{"legal":true,"effective":{"suit":"S","value":"Null"}}"#,
        ),
        (
            r#"{"placed": {"kind": "coin", "suit": "M", "value": "5", "face": "value"}, "top": {"kind": "tile", "suit": "C", "value": "3"}}"#,
            r#"{"legal":true,"effective":{"suit":"C","value":"5"}}"#,
        ),
        (
            r#"{"placed": {"kind": "coin", "suit": "M", "value": "5", "face": "suit"}, "top": {"kind": "coin", "suit": "C", "value": "3", "face": "value"}}"#,
            r#"{"legal":false,"effective":null}"#,
        ),
        (
            r#"{"placed": {"kind": "coin", "suit": "A", "value": "2", "face": "suit"}, "top": {"kind": "coin", "suit": "A", "value": "4", "face": "value"}}"#,
            r#"{"legal":true,"effective":{"suit":"A","value":"4"}}"#,
        ),
        (
            r#"{"placed": {"kind": "pawn", "suit": "A"}, "top": {"kind": "tile", "suit": "S", "value": "2"}}"#,
            r#"{"legal":true,"effective":null}"#,
        ),
        (
            r#"{"placed": {"kind": "tile", "suit": "S", "value": "2"}, "top": {"kind": "pawn", "suit": "S"}}"#,
            r#"{"legal":false,"effective":null}"#,
        ),
    ];
    for (input, output) in cases {
        assert_eq!(ask(input), output, "{input}");
    }
    // P7 revised (2026-11-26): a value-up coin lower than the tile takes
    // its suit and matches; onto a coin top, `underneath` names the
    // nearest tile below it.
    let revised = [
        (
            r#"{"placed": {"kind": "coin", "suit": "M", "value": "2", "face": "value"}, "top": {"kind": "tile", "suit": "S", "value": "5"}}"#,
            r#"{"legal":true,"effective":{"suit":"S","value":"2"}}"#,
        ),
        (
            r#"{"placed": {"kind": "coin", "suit": "M", "value": "2", "face": "suit"}, "top": {"kind": "coin", "suit": "A", "value": "4", "face": "value"}, "underneath": {"suit": "A", "value": "5"}}"#,
            r#"{"legal":true,"effective":{"suit":"M","value":"5"}}"#,
        ),
        (
            r#"{"placed": {"kind": "coin", "suit": "C", "value": "2", "face": "value"}, "top": {"kind": "coin", "suit": "S", "value": "4", "face": "suit"}, "underneath": {"suit": "M", "value": "4"}}"#,
            r#"{"legal":false,"effective":null}"#,
        ),
        (
            r#"{"placed": {"kind": "coin", "suit": "C", "value": "5", "face": "value"}, "top": {"kind": "coin", "suit": "S", "value": "4", "face": "suit"}, "underneath": {"suit": "M", "value": "4"}}"#,
            r#"{"legal":true,"effective":{"suit":"M","value":"5"}}"#,
        ),
    ];
    for (input, output) in revised {
        assert_eq!(ask(input), output, "{input}");
    }
    // Without `underneath`, the top coin's own effective card stands in.
    let without = r#"{"placed": {"kind": "coin", "suit": "C", "value": "2", "face": "value"}, "top": {"kind": "coin", "suit": "S", "value": "4", "face": "suit"}}"#;
    assert_eq!(
        ask(without),
        r#"{"legal":true,"effective":{"suit":"S","value":"2"}}"#
    );
    // The answer type reads back.
    let a: MatchAnswer = serde_json::from_str(r#"{"legal":false,"effective":null}"#).unwrap();
    assert!(!a.legal);
}

#[test]
fn the_matches_contract_rejects_malformed_pieces() {
    for bad in [
        r#"{"placed": {"kind": "tile", "suit": "X", "value": "2"}, "top": {"kind": "tile", "suit": "S", "value": "2"}}"#,
        r#"{"placed": {"kind": "tile", "suit": "S", "value": 2}, "top": {"kind": "tile", "suit": "S", "value": "2"}}"#,
        r#"{"placed": {"kind": "coin", "suit": "S", "value": "2"}, "top": {"kind": "tile", "suit": "S", "value": "2"}}"#,
        r#"{"placed": {"kind": "die", "suit": "S"}, "top": {"kind": "tile", "suit": "S", "value": "2"}}"#,
        r#"{"placed": {"kind": "tile", "suit": "S", "value": "6"}, "top": {"kind": "tile", "suit": "S", "value": "2"}}"#,
        r#"{"top": {"kind": "tile", "suit": "S", "value": "2"}}"#,
        // `underneath` only with a coin top, and agreeing with it (P7).
        r#"{"placed": {"kind": "tile", "suit": "S", "value": "2"}, "top": {"kind": "tile", "suit": "S", "value": "2"}, "underneath": {"suit": "S", "value": "2"}}"#,
        r#"{"placed": {"kind": "tile", "suit": "S", "value": "2"}, "top": {"kind": "pawn", "suit": "S"}, "underneath": {"suit": "S", "value": "2"}}"#,
        r#"{"placed": {"kind": "tile", "suit": "S", "value": "2"}, "top": {"kind": "coin", "suit": "A", "value": "4", "face": "value"}, "underneath": {"suit": "M", "value": "5"}}"#,
        r#"{"placed": {"kind": "tile", "suit": "S", "value": "2"}, "top": {"kind": "coin", "suit": "A", "value": "4", "face": "suit"}, "underneath": {"suit": "A", "value": "5"}}"#,
        r#"{"placed": {"kind": "tile", "suit": "S", "value": "2"}, "top": {"kind": "coin", "suit": "A", "value": "4", "face": "suit"}, "underneath": {"suit": "A"}}"#,
        r#"{"placed": {"kind": "tile", "suit": "S", "value": "2"}, "top": {"kind": "tile", "suit": "S", "value": "2"}, "below": 1}"#,
    ] {
        assert!(
            serde_json::from_str::<MatchQuery>(bad).is_err(),
            "accepted {bad}"
        );
    }
}
