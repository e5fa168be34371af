//! IceTowers' events in a player's words ([`stackyard_core::words`]):
//! towers by the number the board shows on them, pyramids by colour and
//! size, each line citing its rule apart from the sentence.

use crate::piece::{COLOUR_NAMES, GHOST_NAME};
use crate::{EndReason, Event, IceTowers, PieceId, View};
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
}
