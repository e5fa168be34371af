//! Speedy Towers' events in a player's words ([`stackyard_core::words`]):
//! who let go of what over which tower, what fell and what was taken back,
//! each line citing its rule apart from the sentence. A placement and how
//! it settled are one line.

use crate::matching::Mismatch;
use crate::{EndReason, Event, Look, PieceId, SpeedyError, SpeedyTowers};
use stackyard_core::RuleError;
use stackyard_core::Seat;
use stackyard_core::words::{Line, LineKind, Told, plural};
use std::collections::HashMap;

/// Every event of one step worth telling.
pub(crate) fn narrate(events: &[Event], told: &Told<'_, SpeedyTowers>) -> Vec<Line> {
    let who = &told.who;
    // Pieces are named by what was placed in this step, or by how the
    // views show them: a piece that fell off the table is only in the
    // view before.
    let mut looks: HashMap<PieceId, Look> = HashMap::new();
    for v in told.before.into_iter().chain(std::iter::once(told.view)) {
        for t in &v.towers {
            for p in &t.pieces {
                looks.insert(p.piece, p.look);
            }
        }
    }
    let mut out: Vec<Line> = Vec::new();
    let mut placer: Option<Seat> = None;
    for e in events {
        let name = |looks: &HashMap<PieceId, Look>, p: &PieceId| {
            looks
                .get(p)
                .map_or_else(|| "a piece".to_string(), Look::name)
        };
        match e {
            Event::Ready { seat } => out.push(
                Line::new(
                    LineKind::Info,
                    format!(
                        "{} {} ready.",
                        who.name(*seat),
                        who.pick(*seat, "are", "is")
                    ),
                    Some("P4"),
                )
                .mine(who.is_me(*seat)),
            ),
            Event::Started { foundations, .. } => {
                let cards: Vec<String> = foundations.iter().map(|c| c.name()).collect();
                out.push(Line::new(
                    LineKind::Info,
                    format!("Go! The towers start with {}.", cards.join(", ")),
                    Some("P4"),
                ));
            }
            Event::Revealed { seat, card, .. } => out.push(
                Line::new(
                    LineKind::Info,
                    format!("{} turned up {}.", who.name(*seat), card.name()),
                    Some("P5"),
                )
                .mine(who.is_me(*seat)),
            ),
            Event::Hidden { seat, .. } => out.push(
                Line::new(
                    LineKind::Info,
                    format!("{} turned a tile face down again.", who.name(*seat)),
                    Some("P5"),
                )
                .mine(who.is_me(*seat)),
            ),
            Event::Placed {
                seat,
                piece,
                look,
                tower,
                ..
            } => {
                placer = Some(*seat);
                looks.insert(*piece, *look);
                out.push(
                    Line::new(
                        LineKind::Move,
                        format!(
                            "{} let go of a {} over tower {}",
                            who.name(*seat),
                            look.name(),
                            tower.0
                        ),
                        Some("P6"),
                    )
                    .mine(who.is_me(*seat)),
                );
            }
            Event::Settled {
                fallen,
                taken_back,
                pawn_returned,
                ..
            } => {
                let mut text = if fallen.is_empty() {
                    "it stands.".to_string()
                } else {
                    let names: Vec<String> = fallen.iter().map(|p| name(&looks, p)).collect();
                    let mut t = format!(
                        "{} fell ({})",
                        plural(fallen.len() as i64, "piece"),
                        names.join(", ")
                    );
                    if let Some(back) = taken_back {
                        let by = placer.map_or_else(
                            || "the player".to_string(),
                            |s| {
                                if who.is_me(s) {
                                    "you".to_string()
                                } else {
                                    who.name(s)
                                }
                            },
                        );
                        t.push_str(&format!("; {by} took the {} back", name(&looks, back)));
                    }
                    t.push('.');
                    t
                };
                if pawn_returned.is_some() {
                    text.push_str(" The pawn went back to its owner.");
                }
                let fell = !fallen.is_empty();
                match out.last_mut() {
                    Some(last) if last.kind == LineKind::Move => {
                        last.text = format!("{}: {text}", last.text);
                        if fell {
                            last.kind = LineKind::Fell;
                            last.rule = Some("P10".to_string());
                        }
                    }
                    _ => {
                        let mut chars = text.chars();
                        let first = chars
                            .next()
                            .map(|c| c.to_uppercase().collect::<String>())
                            .unwrap_or_default();
                        out.push(Line::new(
                            if fell { LineKind::Fell } else { LineKind::Info },
                            format!("{first}{}", chars.as_str()),
                            Some(if fell { "P10" } else { "P9" }),
                        ));
                    }
                }
            }
            Event::Ended {
                reason,
                pieces_left,
                ..
            } => {
                let (why, rule) = match reason {
                    EndReason::Pawn => ("A pawn is on top: the game is over", "P11"),
                    EndReason::Stuck => ("Nobody can place any more: the game is over", "P12"),
                };
                let left: Vec<i64> = pieces_left.iter().map(|&n| i64::from(n)).collect();
                out.push(Line::new(
                    LineKind::End,
                    format!("{why}. Pieces left: {}.", who.each(&left)),
                    Some(rule),
                ));
            }
        }
    }
    out
}

/// The table as text ([`stackyard_core::Listed::describe`]): where play
/// stands (P4, P11, P12), each tower bottom to top with what its top counts
/// as (P7) and its height (P8), each seat's pile as everyone sees it (P-9),
/// and what fell out of the game (P10). A terminal watching a live table and
/// a screen reader read it instead of the 3-D picture.
pub(crate) fn describe(view: &crate::View) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    let mut line = |args: std::fmt::Arguments<'_>| {
        let _ = text.write_fmt(args);
        text.push('\n');
    };
    match (&view.ending, view.started) {
        (Some(e), _) => {
            let why = match e.reason {
                EndReason::Pawn => "a pawn crowned a highest tower",
                EndReason::Stuck => "nobody could place any more",
            };
            let winners: Vec<String> = e.winners.iter().map(|s| format!("seat {}", s.0)).collect();
            line(format_args!(
                "Over at {}: {why}; won by {}.",
                e.at,
                if winners.is_empty() {
                    "nobody".to_string()
                } else {
                    winners.join(" and ")
                }
            ));
        }
        (None, Some(at)) => line(format_args!("In play since {at} (now {}).", view.now)),
        (None, None) => line(format_args!("Waiting for every seat to say ready.")),
    }
    line(format_args!("Highest tower: {:.0} mm.", view.highest_mm));
    for t in &view.towers {
        let mut pieces = vec![format!("foundation {}", t.foundation.name())];
        pieces.extend(
            t.pieces
                .iter()
                .map(|s| format!("{} (seat {})", s.look.name(), s.by.0)),
        );
        let top = t.top.map_or_else(
            || "nothing to match yet".to_string(),
            |c| format!("top counts as {}", c.name()),
        );
        line(format_args!(
            "{}, {:.0} mm high, {top}: {}.",
            upper_first(&t.id.to_string()),
            t.height_mm,
            pieces.join(", ")
        ));
    }
    for (i, s) in view.seats.iter().enumerate() {
        let face_up = s.face_up.map_or_else(
            || "no face-up tile".to_string(),
            |f| format!("face up {}", f.card.name()),
        );
        line(format_args!(
            "Seat {i}: {} left ({} face down, {face_up}, {}, {}){}.",
            plural(s.pieces_left, "piece"),
            s.face_down,
            plural(s.coins, "coin"),
            if s.pawn {
                "pawn in the pile"
            } else {
                "pawn played"
            },
            if s.ready || view.started.is_some() {
                ""
            } else {
                ", not ready"
            }
        ));
    }
    if !view.out_of_game.is_empty() {
        let out: Vec<String> = view.out_of_game.iter().map(Look::name).collect();
        line(format_args!("Out of the game: {}.", out.join(", ")));
    }
    text
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A refused action in the words of the player who tried it
/// ([`stackyard_core::RuleError::refusal`]): the rule it enforces is cited
/// apart, never in the sentence.
pub(crate) fn refusal(e: &SpeedyError) -> String {
    use SpeedyError::*;
    let text = match e {
        NotStarted => "Not yet: everyone must say ready first.",
        AlreadyStarted => "The game has already started.",
        AlreadyReady(_) => "You are ready already.",
        GameOver => "The game is over.",
        NoSuchSeat(_) => "There is no such seat at this table.",
        TimeWentBack { .. } => "That arrived after the table had moved on, so nothing changed.",
        SecondFaceUp(_) => "You already have a tile face up: place it or turn it back first.",
        NothingToReveal(_) => "You have no face-down tile left to turn face up.",
        NothingToHide(_) => "You have no face-up tile to turn face down.",
        HideFits { tile, tower } => {
            return format!(
                "{} fits on {tower}, so it stays face up: only a tile that fits nowhere may be \
                 turned face down.",
                tile.name()
            );
        }
        NoFaceUpTile(_) => "Turn a tile face up first.",
        NotYourCoin { .. } => "That coin is not in your pile.",
        UnknownPiece(_) => "There is no such piece in this game.",
        UnknownTower(t) => return format!("There is no {t} on the table."),
        NoMatch {
            kind: Mismatch::OntoPawn,
            ..
        } => "That piece does not fit on that tower: nothing goes on a pawn.",
        NoMatch { .. } => {
            "That piece does not fit on that tower: neither a higher value than the top's, \
             nor the same suit, nor a Null."
        }
        PawnTooEarly(_) => "Your pawn goes last, after all your tiles and coins.",
        PawnNotHighest { .. } => "The pawn goes on one of the highest towers.",
        NoPawn(_) => "You have no pawn to place.",
        AimNotFinite => "That aim is not a point on the table.",
        AimOffTable { .. } => "That is too far from the tower: aim closer to its middle.",
        Drop(_) => "The piece could not be let go there: aim a little higher or to one side.",
    };
    text.to_string()
}

/// The rule each refusal enforces, and the refusal itself in words: beside
/// the game's other words, so the error enum (SpeedyError) stays plain data.
impl RuleError for SpeedyError {
    fn rule(&self) -> Option<&'static str> {
        use SpeedyError::*;
        Some(match self {
            NotStarted | AlreadyStarted | AlreadyReady(_) => "P4",
            GameOver => "P11",
            SecondFaceUp(_) | NothingToReveal(_) | NothingToHide(_) | HideFits { .. } => "P5",
            NoFaceUpTile(_)
            | NotYourCoin { .. }
            | NoPawn(_)
            | AimNotFinite
            | AimOffTable { .. }
            | UnknownPiece(_)
            | UnknownTower(_) => "P6",
            NoMatch { .. } => "P7",
            PawnTooEarly(_) | PawnNotHighest { .. } => "P8",
            Drop(_) => "P9",
            NoSuchSeat(_) | TimeWentBack { .. } => return None,
        })
    }

    fn refusal(&self) -> String {
        refusal(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Card, CoinFace, PiecePose, Settings, Suit, TowerId, Value};
    use stackyard_core::{Game, Seed, Viewer};

    fn tell(events: &[Event], viewer: Option<u8>) -> Vec<Line> {
        let game = SpeedyTowers::new(&Settings::default(), Seed(1)).expect("the defaults");
        let view = game.view(Viewer::Spectator);
        let names = vec!["Ada".to_string(), "Brisk bot".to_string()];
        narrate(events, &Told::from_view(&view, viewer.map(Seat), &names))
    }

    /// The table as text (P4, P5, P7, P-9): before the start it waits for
    /// ready; after, each tower and each seat's face-up tile show, and a
    /// seat's own secrets never do (its text is a spectator's while only
    /// tiles are public).
    #[test]
    fn the_table_in_text_p4_p5_p7_p_9() {
        use crate::Action;
        use stackyard_core::GameTime;
        let mut g = SpeedyTowers::new(&Settings::new(2), Seed(7)).expect("two seats");
        let text = describe(&g.view(Viewer::Spectator));
        assert!(
            text.starts_with("Waiting for every seat to say ready."),
            "{text}"
        );
        assert!(text.contains("foundation face-down tile"), "P4: {text}");
        assert!(text.contains("pawn in the pile), not ready."), "{text}");
        g.apply(Seat(0), &Action::Ready, GameTime::ZERO).unwrap();
        g.apply(Seat(1), &Action::Ready, GameTime::from_millis(200))
            .unwrap();
        g.apply(Seat(0), &Action::Reveal, GameTime::from_millis(500))
            .unwrap();
        let view = g.view(Viewer::Spectator);
        let text = describe(&view);
        assert!(text.starts_with("In play since"), "{text}");
        for t in &view.towers {
            let top = t.top.expect("P4: started foundations are face up");
            assert!(
                text.contains(&format!("Tower {}, ", t.id.0))
                    && text.contains(&format!("top counts as {}", top.name())),
                "P7: {text}"
            );
        }
        let up = view.seats[0].face_up.expect("P5: seat 0 revealed a tile");
        assert!(
            text.contains(&format!("face up {}", up.card.name())),
            "{text}"
        );
        assert_eq!(describe(&g.view(Viewer::Seat(Seat(1)))), text, "P-9");
    }

    fn placed(seat: u8, piece: u16, look: Look) -> Event {
        Event::Placed {
            seat: Seat(seat),
            piece: PieceId(piece),
            look,
            tower: TowerId(0),
            effective: None,
            drop: PiecePose {
                piece: PieceId(piece),
                position: [0.0; 3],
                rotation_deg: [0.0; 3],
            },
        }
    }

    /// P1: suits by name; P6 and P10: a placement and its fall are one
    /// line, from the reader's side, citing the fall.
    #[test]
    fn a_placement_and_its_fall_read_as_one_line_p6_p10() {
        let tile = Look::Tile {
            card: Card::new(Suit::A, Value::Five),
        };
        let events = [
            placed(1, 7, tile),
            Event::Settled {
                time_s: 1.0,
                rested: true,
                moved: vec![],
                fallen: vec![PieceId(7)],
                taken_back: Some(PieceId(7)),
                pawn_returned: None,
            },
        ];
        let other = tell(&events, Some(0));
        assert_eq!(other.len(), 1);
        assert_eq!(
            other[0].text,
            "Brisk bot let go of a tile Arms 5 over tower 0: 1 piece fell (tile Arms 5); Brisk bot took the tile Arms 5 back."
        );
        assert_eq!(other[0].kind, LineKind::Fell);
        assert_eq!(other[0].rule.as_deref(), Some("P10"));
        let own = tell(&events, Some(1));
        assert_eq!(
            own[0].text,
            "You let go of a tile Arms 5 over tower 0: 1 piece fell (tile Arms 5); you took the tile Arms 5 back."
        );
        assert!(own[0].mine);
        let stands = tell(
            &[
                placed(0, 3, Look::Pawn { suit: Suit::M }),
                Event::Settled {
                    time_s: 1.0,
                    rested: true,
                    moved: vec![],
                    fallen: vec![],
                    taken_back: None,
                    pawn_returned: None,
                },
            ],
            None,
        );
        assert_eq!(
            stands[0].text,
            "Ada let go of a Moons pawn over tower 0: it stands."
        );
        assert_eq!(stands[0].rule.as_deref(), Some("P6"));
    }

    /// Coins by the face that shows (P1), the end by its rule (P11, P12).
    #[test]
    fn coins_and_the_end_p11_p12() {
        assert_eq!(
            Look::Coin {
                face: CoinFace::Suit,
                suit: Some(Suit::C),
                value: None
            }
            .name(),
            "coin Crowns (suit up)"
        );
        assert_eq!(
            Look::Coin {
                face: CoinFace::Value,
                suit: None,
                value: Some(Value::Ace)
            }
            .name(),
            "coin Ace (value up)"
        );
        assert_eq!(
            Look::Coin {
                face: CoinFace::Value,
                suit: Some(Suit::S),
                value: Some(Value::Two)
            }
            .name(),
            "coin Suns 2, value up"
        );
        let end = tell(
            &[Event::Ended {
                reason: EndReason::Stuck,
                winners: vec![Seat(0)],
                pieces_left: vec![2, 5],
            }],
            Some(0),
        );
        assert_eq!(
            end[0].text,
            "Nobody can place any more: the game is over. Pieces left: You 2, Brisk bot 5."
        );
        assert_eq!(end[0].rule.as_deref(), Some("P12"));
        let ready = tell(&[Event::Ready { seat: Seat(1) }], Some(1));
        assert_eq!(ready[0].text, "You are ready.");
    }

    /// P4-P12: every refusal is a player's sentence; the rule id it
    /// enforces travels apart (`RuleError::rule`), never in the words.
    #[test]
    fn every_refusal_is_a_sentence_without_rule_ids_p4_p12() {
        use SpeedyError::*;
        use stackyard_core::words::refusal_fault;
        use stackyard_core::{GameTime, RuleError};
        let (s, t) = (Seat(1), TowerId(2));
        let crowns3 = Card::new(Suit::C, Value::Three);
        let errors = [
            NotStarted,
            AlreadyStarted,
            AlreadyReady(s),
            GameOver,
            NoSuchSeat(Seat(9)),
            TimeWentBack {
                now: GameTime::from_millis(5),
                last: GameTime::from_millis(9),
            },
            SecondFaceUp(s),
            NothingToReveal(s),
            NothingToHide(s),
            HideFits {
                tile: crowns3,
                tower: t,
            },
            NoFaceUpTile(s),
            NotYourCoin {
                seat: s,
                coin: PieceId(3),
            },
            UnknownPiece(PieceId(200)),
            UnknownTower(TowerId(9)),
            NoMatch {
                tower: t,
                kind: Mismatch::Tile,
                what: "Crowns 3".into(),
                why: "neither a higher value than the top's, nor the same suit, nor a Null",
            },
            NoMatch {
                tower: t,
                kind: Mismatch::OntoPawn,
                what: "Crowns 3".into(),
                why: "nothing goes on a pawn (P-3)",
            },
            PawnTooEarly(s),
            PawnNotHighest {
                tower: t,
                below_mm: 4.5,
            },
            NoPawn(s),
            AimNotFinite,
            AimOffTable {
                x_mm: 90.0,
                y_mm: 0.0,
                max_mm: 60.0,
            },
            Drop("overlap".into()),
        ];
        // Every variant is listed: a new one fails to compile here.
        let mut seen = [false; 21];
        for e in &errors {
            let i = match e {
                NotStarted => 0,
                AlreadyStarted => 1,
                AlreadyReady(_) => 2,
                GameOver => 3,
                NoSuchSeat(_) => 4,
                TimeWentBack { .. } => 5,
                SecondFaceUp(_) => 6,
                NothingToReveal(_) => 7,
                NothingToHide(_) => 8,
                HideFits { .. } => 9,
                NoFaceUpTile(_) => 10,
                NotYourCoin { .. } => 11,
                UnknownPiece(_) => 12,
                UnknownTower(_) => 13,
                NoMatch { .. } => 14,
                PawnTooEarly(_) => 15,
                PawnNotHighest { .. } => 16,
                NoPawn(_) => 17,
                AimNotFinite => 18,
                AimOffTable { .. } => 19,
                Drop(_) => 20,
            };
            seen[i] = true;
            assert_eq!(refusal_fault(&e.refusal()), None, "{e:?}");
        }
        assert!(seen.iter().all(|&s| s), "every variant has a sample");
        assert_eq!(
            errors[9].refusal(),
            "Crowns 3 fits on tower 2, so it stays face up: only a tile that fits nowhere may be \
             turned face down."
        );
        assert_eq!(
            errors[15].refusal(),
            "That piece does not fit on that tower: nothing goes on a pawn."
        );
    }
}
