//! IceTowers' events in a player's words ([`stackyard_core::words`]):
//! towers by the number the board shows on them, pyramids by colour and
//! size, each line citing its rule apart from the sentence.

use crate::piece::{COLOUR_NAMES, GHOST_NAME};
use crate::{EndReason, Event, IceError, IceTowers, PieceId, View};
use stackyard_core::RuleError;
use stackyard_core::Seat;
use stackyard_core::words::{Line, LineKind, Told};

/// "small red pyramid": the colour as the table names it (its seats'
/// colours, then the ghost's, I14), the size by pips (I1).
pub(crate) fn pyramid(piece: PieceId, view: &View) -> String {
    let c = usize::from(piece.colour().0);
    let colour = match view.seats.get(c) {
        Some(s) => s.colour.as_str(),
        None if view.settings.ghost && c == view.seats.len() => GHOST_NAME,
        None => COLOUR_NAMES.get(c).copied().unwrap_or("grey"),
    };
    let size = match piece.pips() {
        1 => "small",
        2 => "medium",
        _ => "large",
    };
    format!("{size} {colour} pyramid")
}

/// Every event of one step worth telling, one line each.
pub(crate) fn narrate(events: &[Event], told: &Told<'_, IceTowers>) -> Vec<Line> {
    let who = &told.who;
    let view = told.view;
    let seat_line = |seat: Seat, kind, text: String, rule| {
        Line::new(kind, text, Some(rule)).mine(who.is_me(seat))
    };
    events
        .iter()
        .filter_map(|e| {
            Some(match e {
                Event::Ready { seat } => seat_line(
                    *seat,
                    LineKind::Info,
                    format!(
                        "{} {} ready.",
                        who.name(*seat),
                        who.pick(*seat, "are", "is")
                    ),
                    "I4",
                ),
                Event::Started { .. } => {
                    Line::new(LineKind::Info, "Everyone is ready: go!", Some("I4"))
                }
                Event::Capped {
                    seat, piece, onto, ..
                } => seat_line(
                    *seat,
                    LineKind::Move,
                    format!(
                        "{} capped tower {} with a {}.",
                        who.name(*seat),
                        onto.0,
                        pyramid(*piece, view)
                    ),
                    "I6",
                ),
                Event::Mined {
                    seat, piece, from, ..
                } => seat_line(
                    *seat,
                    LineKind::Move,
                    format!(
                        "{} took a {} out of tower {}.",
                        who.name(*seat),
                        pyramid(*piece, view),
                        from.0
                    ),
                    "I7",
                ),
                Event::SetDown {
                    seat,
                    piece,
                    tower,
                    forced,
                    ..
                } => seat_line(
                    *seat,
                    LineKind::Move,
                    format!(
                        "{} set a {} down as tower {}{}.",
                        who.name(*seat),
                        pyramid(*piece, view),
                        tower.0,
                        if *forced { " (held too long)" } else { "" }
                    ),
                    if *forced { "I10" } else { "I9" },
                ),
                Event::Split {
                    seat,
                    tower,
                    new_tower,
                    ..
                } => seat_line(
                    *seat,
                    LineKind::Move,
                    format!(
                        "{} split tower {}: its top is now tower {}.",
                        who.name(*seat),
                        tower.0,
                        new_tower.0
                    ),
                    "I11",
                ),
                Event::Done { seat } => seat_line(
                    *seat,
                    LineKind::Info,
                    format!(
                        "{} {} no more plays.",
                        who.name(*seat),
                        who.pick(*seat, "have", "has")
                    ),
                    "I12",
                ),
                Event::Undone { seat } => seat_line(
                    *seat,
                    LineKind::Info,
                    format!(
                        "{} {} on after all.",
                        who.name(*seat),
                        who.pick(*seat, "play", "plays")
                    ),
                    "I12",
                ),
                // Said by the next play's own line.
                Event::DoneCleared => return None,
                Event::Ended {
                    reason,
                    scores,
                    ghost,
                } => {
                    let (why, rule) = match reason {
                        EndReason::AllDone => ("Everyone is done", "I13"),
                        EndReason::NoPlays => ("Nobody can play any more", "I13"),
                        EndReason::Timer => ("Time is up", "I13"),
                    };
                    let ghost = ghost
                        .map(|g| format!(", the ghost {g}"))
                        .unwrap_or_default();
                    Line::new(
                        LineKind::End,
                        format!("{why}: {}{ghost} points.", who.each(scores)),
                        Some(rule),
                    )
                }
            })
        })
        .collect()
}

/// The tower panel's hint when the seat can do nothing with a tower:
/// how a pyramid is taken out, and the rule that says so (I7), shown one
/// click away. The web reads both from its generated constants.
pub(crate) const NOTHING_HERE: (&str, &str) = (
    "Nothing to do here now: you can take a pyramid out of a tower holding two of yours \
     when another colour tops it.",
    "I7",
);

/// A refused action in the words of the player who tried it
/// ([`stackyard_core::RuleError::refusal`]): towers by the number the
/// board shows, pyramids as "that pyramid"; the rule it enforces is cited
/// apart, never in the sentence.
pub(crate) fn refusal(e: &IceError) -> String {
    use IceError::*;
    let text = match e {
        NotStarted => "Not yet: everyone must say ready first.",
        AlreadyStarted => "The game has already started.",
        AlreadyReady(_) => "You are ready already.",
        GameOver => "The game is over.",
        NoSuchSeat(_) => "There is no such seat at this table.",
        UnknownTower(t) => {
            return format!("Tower {} is no longer on the table.", t.0);
        }
        UnknownPiece(_) => "There is no such pyramid in this game.",
        HandFull(_) => "You are holding a pyramid: cap a tower with it or set it down first.",
        EmptyHand(_) => "You are not holding a pyramid.",
        NotFreeStander(_) => {
            "Only a pyramid standing alone, or the one in your hand, can cap a tower."
        }
        NotYourColour(_) => "That pyramid is not your colour.",
        CapItself(_) => "A pyramid cannot cap itself.",
        CapSameColour(_) => "That tower already has that colour on top.",
        CapTooLarge { .. } => "That pyramid is bigger than the top of that tower.",
        GhostCapsFreeStander(_) => "The ghost never caps a pyramid standing alone.",
        MineControlled(_) => "You cannot take a pyramid out of a tower your colour already tops.",
        MineTooFew(_) => "A tower needs two pyramids of that colour before one can be taken out.",
        NotInTower { tower, .. } => {
            return format!("That pyramid is not in tower {}.", tower.0);
        }
        Mineback { .. } => "That pyramid just came out of that tower: it cannot go straight back.",
        SetDownWithCap => "Your pyramid can still cap a tower, so you may not set it down yet.",
        SplitWithHand(_) => "You cannot split a tower while holding a pyramid.",
        SplitNoPair { .. } => "A tower splits only between two pyramids of the same colour.",
        SplitOwnColour => "You cannot split a pair of your own colour.",
        AlreadyDone(_) => "You have already said you are done.",
        NotDone(_) => "You have not said you are done.",
        TimeWentBack { .. } => "That arrived after the table had moved on, so nothing changed.",
        TimerDue(_) => "The clock had to catch up first, so nothing changed: try again.",
    };
    text.to_string()
}

/// The rule each refusal enforces, and the refusal itself in words: beside
/// the game's other words, so the error enum (IceError) stays plain data.
impl RuleError for IceError {
    fn rule(&self) -> Option<&'static str> {
        use IceError::*;
        Some(match self {
            NotStarted | AlreadyStarted | AlreadyReady(_) => "I4",
            GameOver => "I13",
            HandFull(_) => "I5",
            NotFreeStander(_)
            | NotYourColour(_)
            | CapItself(_)
            | CapSameColour(_)
            | CapTooLarge { .. } => "I6",
            GhostCapsFreeStander(_) => "I14",
            MineControlled(_) | MineTooFew(_) | NotInTower { .. } => "I7",
            Mineback { .. } => "I8",
            EmptyHand(_) | SetDownWithCap => "I9",
            SplitWithHand(_) | SplitNoPair { .. } | SplitOwnColour => "I11",
            AlreadyDone(_) | NotDone(_) => "I12",
            NoSuchSeat(_)
            | UnknownTower(_)
            | UnknownPiece(_)
            | TimeWentBack { .. }
            | TimerDue(_) => return None,
        })
    }

    fn refusal(&self) -> String {
        refusal(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Settings, TowerId};
    use stackyard_core::{Game, GameTime, Seed, Viewer};

    fn tell(events: &[Event], viewer: Option<u8>) -> Vec<Line> {
        let game = IceTowers::new(&Settings::default(), Seed(1)).expect("the defaults");
        let view = game.view(Viewer::Spectator);
        let names = vec!["Ada".to_string(), "Bea".to_string()];
        narrate(events, &Told::from_view(&view, viewer.map(Seat), &names))
    }

    /// I6: a cap names the pyramid by the seat's colour and size (I1).
    #[test]
    fn a_cap_reads_from_each_side_i6() {
        let piece = PieceId::new(crate::Colour(1), 0);
        let e = [Event::Capped {
            seat: Seat(1),
            piece,
            from: None,
            onto: TowerId(4),
        }];
        let own = &tell(&e, Some(1))[0];
        assert_eq!(
            own.text,
            format!(
                "You capped tower 4 with a small {} pyramid.",
                COLOUR_NAMES[1]
            )
        );
        assert!(own.mine);
        assert_eq!(own.rule.as_deref(), Some("I6"));
        assert!(tell(&e, Some(0))[0].text.starts_with("Bea capped tower 4"));
        assert!(tell(&e, None)[0].text.starts_with("Bea capped tower 4"));
    }

    /// I4, I12, I10, I13: agreement and the end's scores by name.
    #[test]
    fn ready_done_and_the_end_i4_i12_i13() {
        let lines = tell(
            &[
                Event::Ready { seat: Seat(0) },
                Event::Done { seat: Seat(1) },
                Event::DoneCleared,
                Event::SetDown {
                    seat: Seat(0),
                    piece: PieceId::new(crate::Colour(0), 14),
                    tower: TowerId(9),
                    pos: Default::default(),
                    forced: true,
                },
                Event::Started { at: GameTime::ZERO },
                Event::Ended {
                    reason: EndReason::Timer,
                    scores: vec![3, 5],
                    ghost: Some(2),
                },
            ],
            Some(0),
        );
        let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts[0], "You are ready.");
        assert_eq!(texts[1], "Bea has no more plays.");
        assert_eq!(
            texts[2],
            format!(
                "You set a large {} pyramid down as tower 9 (held too long).",
                COLOUR_NAMES[0]
            )
        );
        assert_eq!(lines[2].rule.as_deref(), Some("I10"));
        assert_eq!(texts[3], "Everyone is ready: go!");
        assert_eq!(texts[4], "Time is up: You 3, Bea 5, the ghost 2 points.");
        assert_eq!(lines[4].rule.as_deref(), Some("I13"));
        assert_eq!(
            lines.len(),
            5,
            "clearing done is said by no line of its own"
        );
    }

    /// I4-I14: every refusal is a player's sentence; the rule id it
    /// enforces travels apart (`RuleError::rule`), never in the words.
    #[test]
    fn every_refusal_is_a_sentence_without_rule_ids_i4_i14() {
        use crate::TowerId;
        use IceError::*;
        use stackyard_core::RuleError;
        use stackyard_core::words::refusal_fault;
        let (p, t, s) = (PieceId(4), TowerId(7), Seat(1));
        let errors = [
            NotStarted,
            AlreadyStarted,
            AlreadyReady(s),
            GameOver,
            NoSuchSeat(Seat(9)),
            UnknownTower(t),
            UnknownPiece(PieceId(200)),
            HandFull(s),
            EmptyHand(s),
            NotFreeStander(p),
            NotYourColour(p),
            CapItself(p),
            CapSameColour(t),
            CapTooLarge { piece: p, tower: t },
            GhostCapsFreeStander(t),
            MineControlled(t),
            MineTooFew(t),
            NotInTower { piece: p, tower: t },
            Mineback { piece: p, tower: t },
            SetDownWithCap,
            SplitWithHand(s),
            SplitNoPair { tower: t, at: 2 },
            SplitOwnColour,
            AlreadyDone(s),
            NotDone(s),
            TimeWentBack {
                now: GameTime::from_millis(5),
                last: GameTime::from_millis(9),
            },
            TimerDue(GameTime::from_millis(3)),
        ];
        // Every variant is listed: a new one fails to compile here.
        let mut seen = [false; 27];
        for e in &errors {
            let i = match e {
                NotStarted => 0,
                AlreadyStarted => 1,
                AlreadyReady(_) => 2,
                GameOver => 3,
                NoSuchSeat(_) => 4,
                UnknownTower(_) => 5,
                UnknownPiece(_) => 6,
                HandFull(_) => 7,
                EmptyHand(_) => 8,
                NotFreeStander(_) => 9,
                NotYourColour(_) => 10,
                CapItself(_) => 11,
                CapSameColour(_) => 12,
                CapTooLarge { .. } => 13,
                GhostCapsFreeStander(_) => 14,
                MineControlled(_) => 15,
                MineTooFew(_) => 16,
                NotInTower { .. } => 17,
                Mineback { .. } => 18,
                SetDownWithCap => 19,
                SplitWithHand(_) => 20,
                SplitNoPair { .. } => 21,
                SplitOwnColour => 22,
                AlreadyDone(_) => 23,
                NotDone(_) => 24,
                TimeWentBack { .. } => 25,
                TimerDue(_) => 26,
            };
            seen[i] = true;
            assert_eq!(refusal_fault(&e.refusal()), None, "{e:?}");
        }
        assert!(seen.iter().all(|&s| s), "every variant has a sample");
        assert_eq!(
            NotYourColour(p).refusal(),
            "That pyramid is not your colour."
        );
        assert_eq!(refusal_fault(NOTHING_HERE.0), None);
        assert_eq!(NOTHING_HERE.1, "I7");
    }
}
