//! The bots: levels, legality of what they choose, and whole bot games
//! through the core's driver that replay to the same poses.

mod common;

use common::*;
use stackyard_core::{Bots, Driver, Game, GameTime, Seat, Seed, Viewer};
use stackyard_leaning::bot::{SearchBot, effort};
use stackyard_leaning::sim::play_game;
use stackyard_leaning::{LeaningTowers, Settings};

#[test]
fn levels_are_listed_weakest_first_and_unknown_levels_are_refused() {
    let names: Vec<String> = LeaningTowers::bot_levels()
        .into_iter()
        .map(|l| l.name)
        .collect();
    assert_eq!(names, vec!["pass", "easy", "medium", "hard"]);
    assert!(LeaningTowers::bot("wizard", Seat(0), Seed(1), &Settings::new(2)).is_err());
    assert_eq!(effort("n100").unwrap().candidates, 100);
    assert!(effort("n0").is_err());
}

#[test]
fn a_bot_speaks_only_on_its_turn_and_its_placements_are_legal() {
    for seed in 0..4 {
        let game = founded(2);
        let mut bot = SearchBot::new(Seat(0), effort("easy").unwrap(), Seed(seed), &quiet(2));
        assert_eq!(
            SearchBot::new(Seat(1), effort("easy").unwrap(), Seed(seed), &quiet(2))
                .choose(&view(&game)),
            None
        );
        let action = bot.choose(&game.view(Viewer::Seat(Seat(0)))).unwrap();
        let mut g = game.clone();
        assert!(
            g.apply(Seat(0), &action, GameTime::ZERO).is_ok(),
            "{action:?}"
        );
        assert!(bot.simulated > 0);
    }
}

#[test]
fn bot_games_run_through_the_driver_and_replay_bit_identically() {
    let settings = Settings::new(3);
    let seed = Seed(11);
    let mut bots: Vec<_> = (0..3)
        .map(|s| LeaningTowers::bot("easy", Seat(s), seed.child(u64::from(s)), &settings).unwrap())
        .collect();
    let report = play_game(&settings, seed, &mut bots, 300).unwrap();
    assert_eq!(report.rejected, 0);
    assert!(report.finished, "{report:?}");
    let placed: u32 = report.placements.iter().sum();
    assert!(placed > 0, "{report:?}");
    let (a, _) = Driver::<LeaningTowers>::replay(&report.record).unwrap();
    let (b, _) = Driver::<LeaningTowers>::replay(&report.record).unwrap();
    assert_eq!(a.game().world().pose_bits(), b.game().world().pose_bits());
    assert_eq!(a.game().scores(), report.scores);
    assert!(a.game().pieces_accounted().iter().all(|&n| n == 15));
}
