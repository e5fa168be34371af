//! The coach level (B-9): what hints use in Standard play.

use stackyard_babel::{Action, Babel, Settings, Variant};
use stackyard_core::{Bots, Driver, GameTime, Seat, Seed, Viewer};

fn play(level: &str, seed: u64) -> (usize, usize) {
    let settings = Settings {
        variant: Variant::Standard,
        deal: None,
        undo: false,
    };
    let mut driver = Driver::<Babel>::new(settings.clone(), Seed(seed)).unwrap();
    let mut bot = Babel::bot(level, Seat(0), Seed(seed ^ 7), &settings).unwrap();
    let mut moves_before_last_draw = 0;
    while !driver.is_over() {
        let view = driver.view(Viewer::Seat(Seat(0)));
        let d = bot.decide(&view, GameTime::ZERO).expect("a decision");
        if matches!(d.action, Action::Move { .. }) && view.undrawn > 0 {
            moves_before_last_draw += 1;
        }
        driver
            .act(Seat(0), d.action, GameTime::ZERO)
            .expect("a legal action");
    }
    (driver.game().stacks(), moves_before_last_draw)
}

/// B-9: the coach names moves while tiles remain (a hint is not always
/// "draw"), and ends where `best` (draw everything, then the exact
/// solution: as good as knowing the deal, B10) ends on nearly every deal.
#[test]
fn b_9_the_coach_moves_early_and_loses_next_to_nothing() {
    let mut early_moves = 0;
    let mut worse = 0;
    let deals = 20;
    for seed in 0..deals {
        let (best, _) = play("best", seed);
        let (coach, early) = play("coach", seed);
        assert!(
            coach >= best,
            "deal {seed}: nothing beats the exact solution ({coach} < {best})"
        );
        early_moves += early;
        if coach > best {
            worse += 1;
        }
    }
    assert!(
        early_moves >= deals as usize,
        "the coach moved early only {early_moves} times in {deals} deals"
    );
    assert!(
        worse <= 1,
        "the coach ended worse than best on {worse} of {deals} deals"
    );
}
