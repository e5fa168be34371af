//! The bots: levels, legality of what they choose, and whole bot games
//! through the core's driver that replay to the same poses.

mod common;

use common::*;
use stackyard_core::{Bots, Driver, Game, GameTime, Seat, Seed, Viewer};
use stackyard_leaning::bot::{
    Context, HOLD_RISK_PER_SEAT, RELEASE_TURN_COST, SearchBot, effort, hold_value, value,
};
use stackyard_leaning::judge::{Judgement, Verdict, placement_points};
use stackyard_leaning::sim::play_game;
use stackyard_leaning::{Action, Event};
use stackyard_leaning::{LeaningTowers, Settings};
use stackyard_physics::Pose;

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

/// L12 (revised): a held piece is let go on the holder's next turn, and
/// that is the turn. The bot sees the release due in its view, lets go, a
/// clean release scores L10 + 2, and the turn moves on.
#[test]
fn a_bot_lets_its_held_piece_go_as_its_turn_l12() {
    for seed in 0..3 {
        let mut game = founded(2);
        let hold = Action::Hold {
            size: stackyard_leaning::Size::Small,
            pose: small_on_left_face(0.02),
        };
        let events = game.apply(Seat(0), &hold, GameTime::ZERO).unwrap();
        assert!(matches!(events[0], Event::Held { .. }), "{events:?}");
        game.apply(Seat(1), &Action::Pass, GameTime::ZERO).unwrap();
        let view = game.view(Viewer::Seat(Seat(0)));
        assert!(view.turn.as_ref().unwrap().release);
        let mut bot = SearchBot::new(Seat(0), effort("medium").unwrap(), Seed(seed), &quiet(2));
        let action = bot.choose(&view).unwrap();
        assert_eq!(action, Action::Release, "seed {seed}");
        let events = game.apply(Seat(0), &action, GameTime::ZERO).unwrap();
        let released = events.iter().find_map(|e| match e {
            Event::Placed {
                released: true,
                points,
                level,
                table_corners,
                touching,
                ..
            } => Some((*points, *level, *table_corners, touching.len())),
            _ => None,
        });
        let (points, level, corners, touching) =
            released.unwrap_or_else(|| panic!("seed {seed}: no clean release in {events:?}"));
        assert_eq!(
            points,
            placement_points(level, corners, touching) + 2,
            "seed {seed}: L10 + 2"
        );
        assert_eq!(game.to_act(), stackyard_core::ToAct::Seat(Seat(1)));
    }
}

/// L12 lets every other seat build on a held piece before it is let go;
/// with nine other seats that risk outweighs the +2 and the bot places.
#[test]
fn with_nine_opponents_the_bot_places_instead_of_holding_l12() {
    for seed in 0..3 {
        let game = founded(10);
        let view = game.view(Viewer::Seat(Seat(0)));
        assert!(view.turn.as_ref().unwrap().hold, "holding is allowed");
        let mut bot = SearchBot::new(Seat(0), effort("medium").unwrap(), Seed(seed), &quiet(10));
        let action = bot.choose(&view).unwrap();
        assert!(
            matches!(action, Action::Place { .. }),
            "seed {seed}: {action:?}"
        );
    }
}

/// The value of a hold (L12, L-7): its own points, the release's L10 + 2 or
/// the −2 of a failed release, the risk of each other seat acting first,
/// and the turn the release takes (L12 revised).
#[test]
fn a_hold_is_valued_by_its_release_and_the_seats_acting_before_it() {
    let clean = |points: i64| Judgement {
        verdict: Verdict::Clean,
        slip: None,
        piece: None,
        disturbed: vec![],
        table_corners: 0,
        touching: vec![],
        level: 1,
        points,
        moved_mm: 0.0,
        rest_pose: Pose::default(),
        rested: true,
        steps: 1,
    };
    let ctx = |others| Context {
        in_hand: 10,
        structure: 4,
        others,
    };
    // Held touching one piece beyond its pips (−1), released clean for
    // 2 + 2, one other seat acting in between.
    let v = hold_value(-1, &clean(4), &ctx(1));
    assert_eq!(v, -1.0 + 4.0 + 1.0 - HOLD_RISK_PER_SEAT - RELEASE_TURN_COST);
    // A release that slips loses the piece and 2 points.
    let slip = Judgement {
        verdict: Verdict::Slip,
        ..clean(0)
    };
    assert_eq!(hold_value(0, &slip, &ctx(0)), -1.0 - RELEASE_TURN_COST);
    // More seats before the release, less value.
    assert!(hold_value(0, &clean(4), &ctx(9)) < hold_value(0, &clean(4), &ctx(1)));
    // A plain placement of the same piece is worth the release without its +2.
    assert_eq!(value(&clean(2), 10, 4), 3.0);
}
