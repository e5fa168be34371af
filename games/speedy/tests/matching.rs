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

fn top(s: &str) -> Top {
    if s == "pawn" {
        Top::Pawn
    } else {
        Top::Counts(card(s))
    }
}

/// (rule, placed, top, expected effective or None when illegal).
/// Placed: `t:S3` tile, `v:M5` coin value-up, `s:M5` coin suit-up, `pawn`.
/// A top is a tile or a coin's effective suit and value (the same to P7).
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
    // Tiles onto coins: the coin's effective suit and value (P7).
    (
        "P7 tile higher than a coin's effective value",
        "t:M5",
        "A4",
        Some("M5"),
    ),
    (
        "P7 tile lower than a coin's effective value",
        "t:M3",
        "A4",
        None,
    ),
    (
        "P7 tile of the coin's effective suit",
        "t:A2",
        "A4",
        Some("A2"),
    ),
    // Value-up coins: judged by value only; suit inherited from below.
    ("P7 value-up coin higher", "v:M5", "S3", Some("S5")),
    (
        "P7 value-up coin lower, even of the same suit",
        "v:S3",
        "S5",
        None,
    ),
    ("P7 value-up coin equal value", "v:M3", "S3", None),
    (
        "P7 value-up Null coin fits anything",
        "v:Mn",
        "S5",
        Some("Sn"),
    ),
    ("P7 value-up coin onto a Null", "v:M3", "Sn", Some("S3")),
    ("P7 value-up Ace above 5", "v:Ma", "C5", Some("Ca")),
    ("P7 value-up coin onto a coin top", "v:M5", "A4", Some("A5")),
    ("P7 value-up coin below a coin top", "v:M2", "A4", None),
    // Suit-up coins: judged by suit only; value inherited from below.
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
    (
        "P7 suit-up coin onto a coin top's effective suit",
        "s:A2",
        "A4",
        Some("A4"),
    ),
    (
        "P7 suit-up coin onto a coin top of another suit",
        "s:M2",
        "A4",
        None,
    ),
    // Nothing onto a pawn (P-3); the pawn itself ignores matching (P8).
    ("P-3 tile onto a pawn", "t:Sn", "pawn", None),
    ("P-3 value-up coin onto a pawn", "v:Sn", "pawn", None),
    ("P-3 suit-up coin onto a pawn", "s:S2", "pawn", None),
    ("P8 pawn onto a tile", "pawn", "S2", None),
    ("P8 pawn onto a coin", "pawn", "A4", None),
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
                judge(Placed::Tile(a), Top::Counts(b)).is_ok(),
                legal,
                "{a} on {b}"
            );
        }
    }
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
    ] {
        assert!(
            serde_json::from_str::<MatchQuery>(bad).is_err(),
            "accepted {bad}"
        );
    }
}
