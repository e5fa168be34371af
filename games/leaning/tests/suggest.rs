//! Suggested poses (issue 24): for the seat to act, each size it may place
//! gets suggestions the preview judges clean, and the first one, placed in
//! the game as it is (hand noise off, L5), is clean (L9) and scores (L10).
//! The same view gives the same suggestions; a seat that cannot place gets
//! none.

use stackyard_core::{Driver, GameTime, Seat, Seed, Viewer};
use stackyard_leaning::suggest::{Ask, suggest};
use stackyard_leaning::{Action, Event, HandNoise, LeaningTowers, Settings, Size};

fn quiet() -> Settings {
    let mut s = Settings::new(2);
    s.hand_noise = HandNoise::OFF;
    s
}

fn after_foundation(seed: u64) -> Driver<LeaningTowers> {
    let mut d = Driver::<LeaningTowers>::new(quiet(), Seed(seed)).expect("2 seats");
    d.act(Seat(0), Action::AutoFoundation, GameTime::ZERO)
        .expect("L4: the foundation");
    d
}

#[test]
fn l9_the_first_suggestion_places_clean() {
    for seed in [1, 2] {
        for size in [Size::Small, Size::Medium, Size::Large] {
            let mut d = after_foundation(seed);
            let view = d.view(Viewer::Seat(Seat(0)));
            let ask = Ask {
                size,
                near: None,
                max: 3,
                budget: 40,
            };
            let list = suggest(&view, &quiet(), &ask).expect("a view");
            assert!(!list.is_empty(), "seed {seed} {size:?}: no suggestion");
            assert_eq!(
                suggest(&view, &quiet(), &ask).unwrap(),
                list,
                "the same view, the same suggestions"
            );
            let first = &list[0];
            assert!(first.points >= 1, "L10: a clean placement scores");
            let Ok(step) = d.act(
                Seat(0),
                Action::Place {
                    size,
                    pose: first.pose,
                },
                GameTime::ZERO,
            ) else {
                panic!("seed {seed} {size:?}: the rules refused the suggestion");
            };
            let events = step.events;
            assert!(
                events.iter().any(|e| matches!(e, Event::Placed { .. })),
                "seed {seed} {size:?}: {events:?}"
            );
        }
    }
}

#[test]
fn near_puts_the_chosen_piece_first_and_no_turn_means_no_suggestion() {
    let d = after_foundation(3);
    let view = d.view(Viewer::Seat(Seat(0)));
    let second = view.pieces[1].id;
    let list = suggest(
        &view,
        &quiet(),
        &Ask {
            size: Size::Small,
            near: Some(second),
            max: 2,
            budget: 30,
        },
    )
    .unwrap();
    assert!(list.iter().any(|s| s.target == second), "{list:?}");
    // Before the foundation (L4) there is nothing to suggest.
    let fresh = Driver::<LeaningTowers>::new(quiet(), Seed(3)).unwrap();
    let none = suggest(
        &fresh.view(Viewer::Seat(Seat(0))),
        &quiet(),
        &Ask {
            size: Size::Small,
            near: None,
            max: 2,
            budget: 10,
        },
    )
    .unwrap();
    assert!(none.is_empty());
}
