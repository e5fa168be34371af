//! Leaning Towers' events in a player's words ([`stackyard_core::words`]):
//! each placement's verdict (clean, held, slip, break, wreck) with its
//! points, from the reader's side, and the rule each cites (L4, L9–L13,
//! L-1, L-6, and each slip's own reason).

use crate::action::EndReason;
use crate::{Event, LeaningError, LeaningTowers, Verdict};
use stackyard_core::RuleError;
use stackyard_core::Seat;
use stackyard_core::words::{Line, LineKind, Told, count, plural};

/// Points with their sign: "+3 points", "-1 point", "0 points".
fn pts(n: i64) -> String {
    let sign = if n > 0 { "+" } else { "" };
    format!("{sign}{}", plural(n, "point"))
}

/// "try 2 of 3", or "try 2" without the table's settings.
fn try_of(n: u8, max: Option<u8>) -> String {
    match max {
        Some(m) => format!("try {n} of {m}"),
        None => format!("try {n}"),
    }
}

/// Every event of one step, one line each.
pub(crate) fn narrate(events: &[Event], told: &Told<'_, LeaningTowers>) -> Vec<Line> {
    events.iter().map(|e| line(e, told)).collect()
}

fn line(e: &Event, told: &Told<'_, LeaningTowers>) -> Line {
    let who = &told.who;
    let max_tries = told.settings.map(|s| s.max_tries);
    let slip_mm = told.settings.map(|s| s.slip_mm);
    match e {
        Event::FoundationBuilt { .. } => Line::new(LineKind::Info, "The foundation stands.", Some("L4")),
        Event::FoundationFailed { reason } => Line::new(
            LineKind::Info,
            format!("The foundation did not stand ({reason}); it is built again."),
            Some("L-1"),
        ),
        Event::Placed {
            seat,
            size,
            level,
            table_corners,
            touching,
            points,
            released,
            ..
        } => {
            let mine = who.is_me(*seat);
            let head = if mine {
                let rests = if *released { "was let go and rests" } else { "rests" };
                format!("Clean! Your {size} pyramid {rests}")
            } else {
                let did = if *released { "let go the held" } else { "placed a" };
                format!("Clean: {} {did} {size}", who.name(*seat))
            };
            let hold = if *released { ", with 2 for the hold" } else { "" };
            let corners = count(*table_corners as i64, "corner", "corners");
            Line::new(
                LineKind::Verdict,
                format!(
                    "{head}: {}{hold} (level {level}, {corners} on the table, touching {}).",
                    pts(*points),
                    touching.len()
                ),
                Some(if *released { "L12" } else { "L10" }),
            )
            .mine(mine)
        }
        Event::Held {
            seat,
            size,
            touching,
            points,
            ..
        } => Line::new(
            LineKind::Verdict,
            format!(
                "Held: {} {} a {size} touching {}: {} now; it is let go at the start of {} next turn.",
                who.name(*seat),
                who.pick(*seat, "hold", "holds"),
                touching.len(),
                pts(*points),
                who.pick(*seat, "your", "their"),
            ),
            Some("L12"),
        )
        .mine(who.is_me(*seat)),
        Event::Failed {
            seat,
            size,
            verdict,
            slip,
            disturbed,
            points,
            forfeited,
            released,
            tries,
        } => failed(told, *seat, *size, *verdict, *slip, disturbed.len(), *points, *forfeited, *released, *tries, max_tries, slip_mm),
        Event::Frozen { .. } => Line::new(
            LineKind::Info,
            "The failed held piece stays fixed where it is, owned by nobody.",
            Some("L-6"),
        ),
        Event::Out { seat } => Line::new(
            LineKind::Info,
            format!(
                "{} {} out of this game after a wreck.",
                who.name(*seat),
                who.pick(*seat, "are", "is")
            ),
            Some("L9"),
        )
        .mine(who.is_me(*seat)),
        Event::Passed { seat } => {
            Line::new(LineKind::Move, format!("{} passed.", who.name(*seat)), None).mine(who.is_me(*seat))
        }
        Event::Closed { penalties } => Line::new(
            LineKind::End,
            format!(
                "A full round of passes closes the game; what is left in hand counts against: {}.",
                who.each(penalties)
            ),
            Some("L11"),
        ),
        Event::GameOver { reason, scores } => {
            let why = match reason {
                EndReason::PiecesGone => "every piece is placed",
                EndReason::Closed => "the game was closed",
                EndReason::Wrecked => "wrecks left fewer than two players",
            };
            Line::new(
                LineKind::End,
                format!("Game over, {why}: {} points.", who.each(scores)),
                Some("L13"),
            )
        }
    }
}

/// The table as text ([`stackyard_core::Listed::describe`]), the 3-D
/// picture's alternative: where play stands and whose turn it is (L4, L5,
/// L13), each seat's score and pieces in hand, and every piece in the world
/// by level (L3) with its owner, size, status and place. A terminal
/// watching a live table and a screen reader read it.
pub(crate) fn describe(view: &crate::View) -> String {
    use crate::phase::Phase;
    use crate::piece::{Owner, PieceStatus};
    use std::fmt::Write as _;
    let mut text = String::new();
    let mut line = |args: std::fmt::Arguments<'_>| {
        let _ = text.write_fmt(args);
        text.push('\n');
    };
    let turn = view
        .to_act
        .map(|s| format!("seat {} to play, try {}", s.0, view.tries + 1))
        .unwrap_or_default();
    match view.phase {
        Phase::Foundation => line(format_args!("Building the foundation: {turn}.")),
        Phase::Play => line(format_args!("In play: {turn}.")),
        Phase::Over { reason } => line(format_args!(
            "Over: {}.",
            match reason {
                EndReason::PiecesGone => "every piece is placed",
                EndReason::Closed => "the game was closed",
                EndReason::Wrecked => "wrecks left fewer than two players",
            }
        )),
    }
    if let Some(size) = view.previous_size {
        line(format_args!("The last piece placed was a {size}."));
    }
    for seat in 0..usize::from(view.seats) {
        let hand = view.hands.get(seat).copied().unwrap_or_default();
        let held = match view.held.get(seat).copied().flatten() {
            Some(p) => format!(", holding piece {}", p.0),
            None => String::new(),
        };
        let out = if view.out.get(seat).copied().unwrap_or(false) {
            ", out after a wreck"
        } else {
            ""
        };
        line(format_args!(
            "Seat {seat}: {}, in hand {} small, {} medium, {} large{held}{out}.",
            plural(view.scores.get(seat).copied().unwrap_or(0), "point"),
            hand.small,
            hand.medium,
            hand.large,
        ));
    }
    let mut pieces: Vec<&crate::view::PieceView> = view
        .pieces
        .iter()
        .filter(|p| p.status != PieceStatus::Boxed)
        .collect();
    pieces.sort_by_key(|p| (p.level, p.id));
    line(format_args!(
        "{} in the world, lowest level first:",
        plural(pieces.len() as i64, "piece")
    ));
    for p in pieces {
        let owner = match p.owner {
            Owner::Neutral => "foundation".to_string(),
            Owner::Seat { seat } => format!("seat {}", seat.0),
        };
        let status = match p.status {
            PieceStatus::Standing => "",
            PieceStatus::Held => ", held",
            PieceStatus::Frozen => ", frozen",
            PieceStatus::Boxed => ", boxed",
        };
        let [x, y, z] = p.pose.position;
        line(format_args!(
            "  piece {}: level {}, {owner} {}{status}, at x {x:.0}, y {y:.0}, z {z:.0} mm.",
            p.id.0, p.level, p.size,
        ));
    }
    text
}

#[allow(clippy::too_many_arguments)]
fn failed(
    told: &Told<'_, LeaningTowers>,
    seat: Seat,
    size: crate::piece::Size,
    verdict: Verdict,
    slip: Option<crate::judge::SlipReason>,
    disturbed: usize,
    points: i64,
    forfeited: bool,
    released: bool,
    tries: u8,
    max_tries: Option<u8>,
    slip_mm: Option<f64>,
) -> Line {
    let who = &told.who;
    let mine = who.is_me(seat);
    let what = if released {
        format!("the held {size} let go")
    } else {
        format!("a {size}")
    };
    if verdict == Verdict::Slip || verdict == Verdict::Clean {
        let (why, rule) = match slip {
            // The distance is the table's own setting (L9, `slip_mm`).
            Some(crate::judge::SlipReason::SlidAway) if slip_mm.is_some() => (
                format!(
                    "it came to rest more than {} mm from where it was let go",
                    slip_mm.unwrap_or_default()
                ),
                "L9",
            ),
            Some(r) => (r.words().to_string(), r.rule()),
            None => ("it slipped".to_string(), "L9"),
        };
        let text = if mine {
            let head = if released {
                format!("Your held {size} pyramid slipped when let go ({why})")
            } else {
                format!("Your {size} pyramid slipped ({why})")
            };
            let tail = if forfeited {
                if released {
                    format!(": the piece is lost, {}.", pts(points))
                } else {
                    format!(
                        ": no points, and that was {}, so the piece is lost.",
                        try_of(tries, max_tries)
                    )
                }
            } else {
                match max_tries {
                    Some(m) => {
                        let left = m.saturating_sub(tries);
                        format!(
                            ": no points, try again ({} left).",
                            count(left.into(), "try", "tries")
                        )
                    }
                    None => ": no points, try again.".to_string(),
                }
            };
            format!("{head}{tail} The table is put back.")
        } else {
            let tail = if forfeited {
                if released {
                    format!(" The piece is lost: {}.", pts(points))
                } else {
                    format!(" The piece is lost ({}).", try_of(tries, max_tries))
                }
            } else {
                " They may try again with the same size.".to_string()
            };
            format!(
                "Slip: {}, {what} ({why}). The table is put back.{tail}",
                who.name(seat)
            )
        };
        return Line::new(LineKind::Fell, text, Some(rule)).mine(mine);
    }
    let head = if verdict == Verdict::Break {
        "Break"
    } else {
        "Wreck"
    };
    Line::new(
        LineKind::Fell,
        format!(
            "{head}: {}, {what} disturbed {}: {}, the piece is lost and the table is put back.",
            who.name(seat),
            plural(disturbed as i64, "piece"),
            pts(points)
        ),
        Some("L9"),
    )
    .mine(mine)
}

/// A refused action in the words of the player who tried it
/// ([`stackyard_core::RuleError::refusal`]), the same on the server and in
/// the browser's preview: the rule it enforces is cited apart, never in the
/// sentence.
pub(crate) fn refusal(e: &LeaningError) -> String {
    use LeaningError::*;
    let text = match e {
        GameOver => "The game is over.",
        NotYourTurn(_) => "It is not your turn.",
        FoundationFirst => "The foundation must be built first.",
        FoundationBuilt => "The foundation is already built.",
        FoundationSize(size) => {
            return format!(
                "The foundation is built from medium or large pieces, not {size} ones."
            );
        }
        FoundationOffTable(_) => "Every foundation piece must be let go touching the table.",
        NoPieceLeft { .. } => "You have no piece of that size left.",
        SameSize(_) => "That size was just placed: pick a different size.",
        TradedSlip { .. } => "The piece that slipped must be tried again first.",
        AlreadyHolding(_) => "You are already holding a piece.",
        ReleaseDue => "Your held piece must be let go this turn: release it.",
        NothingHeld => "You hold no piece to let go.",
        ReleaseBlocked => {
            "Your held piece touches another player's held piece, so it stays held: play your turn."
        }
        HoldTouchesTable => "A held piece may not touch the table: raise it a little.",
        NotFinite => "That aim is not a point on the table.",
        AngleOutOfRange => "That aim is turned too far: keep its angles within ±3600°.",
        OffTable {
            half_mm,
            max_height_mm,
        } => {
            return format!(
                "That is outside the playing area: keep within {half_mm} mm of the centre and \
                 at most {max_height_mm} mm high."
            );
        }
        Blocked(what) if what == "the table" => "That starts inside the table: raise the aim.",
        Blocked(_) => "That starts inside another piece: move the aim.",
    };
    text.to_string()
}

/// The rule each refusal enforces, and the refusal itself in words: beside
/// the game's other words, so the error enum (LeaningError) stays plain data.
impl RuleError for LeaningError {
    fn rule(&self) -> Option<&'static str> {
        Some(match self {
            LeaningError::GameOver => "L13",
            LeaningError::NotYourTurn(_)
            | LeaningError::FoundationFirst
            | LeaningError::FoundationBuilt
            | LeaningError::FoundationSize(_)
            | LeaningError::FoundationOffTable(_) => "L4",
            LeaningError::NoPieceLeft { .. } => "L5",
            LeaningError::SameSize(_) => "L8",
            LeaningError::TradedSlip { .. } => "L9",
            LeaningError::AlreadyHolding(_)
            | LeaningError::HoldTouchesTable
            | LeaningError::ReleaseDue
            | LeaningError::NothingHeld
            | LeaningError::ReleaseBlocked => "L12",
            LeaningError::NotFinite
            | LeaningError::AngleOutOfRange
            | LeaningError::OffTable { .. } => "L5",
            LeaningError::Blocked(_) => return None,
        })
    }

    fn refusal(&self) -> String {
        refusal(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::SlipReason;
    use crate::piece::Size;
    use crate::{Settings, View};

    fn a_view() -> View {
        // Any view will do: the words read only the events and settings.
        use stackyard_core::Game;
        let game = LeaningTowers::new(&Settings::default(), stackyard_core::Seed(1))
            .expect("defaults set up");
        game.view(stackyard_core::Viewer::Spectator)
    }

    fn tell(events: &[Event], viewer: Option<u8>, settings: Option<&Settings>) -> Vec<Line> {
        let view = a_view();
        let names = vec!["Ada".to_string(), "Bea".to_string()];
        let told = Told {
            settings,
            ..Told::from_view(&view, viewer.map(Seat), &names)
        };
        narrate(events, &told)
    }

    fn slip(seat: u8, forfeited: bool, tries: u8) -> Event {
        Event::Failed {
            seat: Seat(seat),
            size: Size::Medium,
            verdict: Verdict::Slip,
            slip: Some(SlipReason::SlidAway),
            disturbed: vec![],
            points: 0,
            forfeited,
            released: false,
            tries,
        }
    }

    /// The table as text (L1, L3, L4, L12): whose turn, each seat's hand,
    /// and the pieces by level; boxed pieces are off the table.
    #[test]
    fn the_table_in_text_l1_l3_l4_l12() {
        use crate::piece::{Owner, PieceStatus};
        use crate::view::PieceView;
        use stackyard_physics::{PieceId, Pose};
        let mut view = a_view();
        let text = describe(&view);
        assert!(
            text.starts_with("Building the foundation: seat 0 to play, try 1."),
            "{text}"
        );
        for seat in 0..view.seats {
            assert!(
                text.contains(&format!(
                    "Seat {seat}: 0 points, in hand 5 small, 5 medium, 5 large."
                )),
                "L1: {text}"
            );
        }
        let piece = |id, level, owner, status| PieceView {
            id: PieceId(id),
            owner,
            size: Size::Medium,
            level,
            status,
            pose: Pose::at(10.0, -20.4, 30.0),
        };
        view.pieces = vec![
            piece(7, 2, Owner::Seat { seat: Seat(1) }, PieceStatus::Held),
            piece(3, 1, Owner::Neutral, PieceStatus::Standing),
            piece(9, 1, Owner::Seat { seat: Seat(0) }, PieceStatus::Boxed),
        ];
        view.held[1] = Some(PieceId(7));
        let text = describe(&view);
        assert!(text.contains("holding piece 7"), "L12: {text}");
        let lowest = text.find("piece 3: level 1, foundation medium, at x 10, y -20, z 30 mm.");
        let held = text.find("piece 7: level 2, seat 1 medium, held,");
        assert!(
            lowest.is_some() && held.is_some() && lowest < held,
            "L3: {text}"
        );
        assert!(text.contains("2 pieces in the world"), "{text}");
        assert!(
            !text.contains("piece 9"),
            "a boxed piece is off the table: {text}"
        );
    }

    /// L9, L-slip: the slipper reads "Your…", the others read the name, a
    /// spectator too; the distance is the table's own setting.
    #[test]
    fn a_slip_reads_from_each_side_l9() {
        let settings = Settings {
            slip_mm: 12.0,
            max_tries: 3,
            ..Settings::default()
        };
        let e = [slip(0, false, 1)];
        let own = &tell(&e, Some(0), Some(&settings))[0];
        assert_eq!(
            own.text,
            "Your medium pyramid slipped (it came to rest more than 12 mm from where it was let go): no points, try again (2 tries left). The table is put back."
        );
        assert_eq!(own.rule.as_deref(), Some("L9"));
        assert!(own.mine);
        assert_eq!(own.kind, LineKind::Fell);
        let other = &tell(&e, Some(1), Some(&settings))[0];
        assert!(
            other.text.starts_with("Slip: Ada, a medium ("),
            "{}",
            other.text
        );
        assert!(!other.mine);
        let watcher = &tell(&e, None, None)[0];
        assert!(
            watcher
                .text
                .starts_with("Slip: Ada, a medium (it came to rest too far"),
            "{}",
            watcher.text
        );
        for l in [own, other, watcher] {
            assert!(
                !l.text.contains("L9"),
                "no rule id in the sentence: {}",
                l.text
            );
        }
    }

    /// The last try forfeits the piece (L-slip's tries, `max_tries`).
    #[test]
    fn the_last_try_loses_the_piece() {
        let settings = Settings {
            max_tries: 3,
            ..Settings::default()
        };
        let own = &tell(&[slip(1, true, 3)], Some(1), Some(&settings))[0];
        assert!(
            own.text
                .contains("that was try 3 of 3, so the piece is lost"),
            "{}",
            own.text
        );
        let other = &tell(&[slip(1, true, 3)], Some(0), Some(&settings))[0];
        assert!(
            other.text.ends_with("The piece is lost (try 3 of 3)."),
            "{}",
            other.text
        );
    }

    /// A slip's rule is its reason's (L6 for corners, L7 for contacts).
    #[test]
    fn a_slip_cites_its_reason_l6_l7() {
        for (reason, rule) in [(SlipReason::Corners, "L6"), (SlipReason::Contacts, "L7")] {
            let e = Event::Failed {
                seat: Seat(1),
                size: Size::Small,
                verdict: Verdict::Slip,
                slip: Some(reason),
                disturbed: vec![],
                points: 0,
                forfeited: false,
                released: false,
                tries: 1,
            };
            let l = &tell(&[e], Some(0), None)[0];
            assert_eq!(l.rule.as_deref(), Some(rule));
            assert!(l.text.contains(reason.words()), "{}", l.text);
        }
    }

    /// L10 for a clean placement, L12 for a held piece let go.
    #[test]
    fn clean_and_released_l10_l12() {
        let placed = |released| Event::Placed {
            seat: Seat(0),
            size: Size::Large,
            piece: stackyard_physics::PieceId(7),
            pose: stackyard_physics::Pose::default(),
            level: 2,
            table_corners: 1,
            touching: vec![stackyard_physics::PieceId(1)],
            points: 3,
            released,
        };
        let own = &tell(&[placed(false)], Some(0), None)[0];
        assert_eq!(
            own.text,
            "Clean! Your large pyramid rests: +3 points (level 2, 1 corner on the table, touching 1)."
        );
        assert_eq!(own.rule.as_deref(), Some("L10"));
        assert_eq!(own.kind, LineKind::Verdict);
        let other = &tell(&[placed(true)], None, None)[0];
        assert_eq!(
            other.text,
            "Clean: Ada let go the held large: +3 points, with 2 for the hold (level 2, 1 corner on the table, touching 1)."
        );
        assert_eq!(other.rule.as_deref(), Some("L12"));
    }

    /// L12: a hold reads "You hold … your next turn" and "Bea holds … their".
    #[test]
    fn a_hold_agrees_with_its_reader_l12() {
        let e = [Event::Held {
            seat: Seat(1),
            size: Size::Small,
            piece: stackyard_physics::PieceId(3),
            pose: stackyard_physics::Pose::default(),
            touching: vec![],
            points: 1,
        }];
        assert_eq!(
            tell(&e, Some(1), None)[0].text,
            "Held: You hold a small touching 0: +1 point now; it is let go at the start of your next turn."
        );
        assert_eq!(
            tell(&e, Some(0), None)[0].text,
            "Held: Bea holds a small touching 0: +1 point now; it is let go at the start of their next turn."
        );
    }

    /// L9 (break), L9 out, L5 pass, L11 close, L13 end, L-6 frozen.
    #[test]
    fn the_rest_reads_and_cites() {
        let lines = tell(
            &[
                Event::Failed {
                    seat: Seat(1),
                    size: Size::Large,
                    verdict: Verdict::Break,
                    slip: None,
                    disturbed: vec![stackyard_physics::PieceId(1)],
                    points: -1,
                    forfeited: true,
                    released: false,
                    tries: 1,
                },
                Event::Out { seat: Seat(0) },
                Event::Frozen {
                    piece: stackyard_physics::PieceId(4),
                },
                Event::Passed { seat: Seat(0) },
                Event::Closed {
                    penalties: vec![-2, 0],
                },
                Event::GameOver {
                    reason: EndReason::Closed,
                    scores: vec![5, 7],
                },
            ],
            Some(0),
            None,
        );
        let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            texts[0],
            "Break: Bea, a large disturbed 1 piece: -1 point, the piece is lost and the table is put back."
        );
        assert_eq!(texts[1], "You are out of this game after a wreck.");
        assert_eq!(lines[2].rule.as_deref(), Some("L-6"));
        assert_eq!(texts[3], "You passed.");
        assert!(texts[4].ends_with("You -2, Bea 0."), "{}", texts[4]);
        assert_eq!(lines[4].rule.as_deref(), Some("L11"));
        assert_eq!(
            texts[5],
            "Game over, the game was closed: You 5, Bea 7 points."
        );
        assert_eq!(lines[5].rule.as_deref(), Some("L13"));
        assert_eq!(
            tell(&[Event::Out { seat: Seat(0) }], Some(1), None)[0].text,
            "Ada is out of this game after a wreck."
        );
    }

    /// L4-L13: every refusal is a player's sentence; the rule id it
    /// enforces travels apart (`RuleError::rule`), never in the words.
    #[test]
    fn every_refusal_is_a_sentence_without_rule_ids_l4_l13() {
        use LeaningError::*;
        use stackyard_core::RuleError;
        use stackyard_core::words::refusal_fault;
        let s = Seat(1);
        let errors = [
            GameOver,
            NotYourTurn(s),
            FoundationFirst,
            FoundationBuilt,
            FoundationSize(Size::Small),
            FoundationOffTable(1),
            NoPieceLeft {
                seat: s,
                size: Size::Large,
            },
            SameSize(Size::Medium),
            TradedSlip {
                slipped: Size::Small,
                asked: Size::Large,
            },
            AlreadyHolding(s),
            ReleaseDue,
            NothingHeld,
            ReleaseBlocked,
            HoldTouchesTable,
            NotFinite,
            AngleOutOfRange,
            OffTable {
                half_mm: 300.0,
                max_height_mm: 400.0,
            },
            Blocked("the table".into()),
            Blocked("piece 3".into()),
        ];
        // Every variant is listed: a new one fails to compile here.
        let mut seen = [false; 19];
        for e in &errors {
            let i = match e {
                GameOver => 0,
                NotYourTurn(_) => 1,
                FoundationFirst => 2,
                FoundationBuilt => 3,
                FoundationSize(_) => 4,
                FoundationOffTable(_) => 5,
                NoPieceLeft { .. } => 6,
                SameSize(_) => 7,
                TradedSlip { .. } => 8,
                AlreadyHolding(_) => 9,
                ReleaseDue => 10,
                NothingHeld => 11,
                ReleaseBlocked => 12,
                HoldTouchesTable => 13,
                NotFinite => 14,
                AngleOutOfRange => 15,
                OffTable { .. } => 16,
                Blocked(what) if what == "the table" => 17,
                Blocked(_) => 18,
            };
            seen[i] = true;
            assert_eq!(refusal_fault(&e.refusal()), None, "{e:?}");
        }
        assert!(seen.iter().all(|&s| s), "every variant has a sample");
        assert_eq!(
            SameSize(Size::Small).refusal(),
            "That size was just placed: pick a different size."
        );
    }
}
