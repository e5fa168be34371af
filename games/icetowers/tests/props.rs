//! Property tests over random interleavings of seats, actions and times:
//! pieces are conserved (15 per colour, each in a tower or a hand), a
//! rejected action changes nothing, every game ends, a running game
//! always has a seat that can play (I13b), and replaying the record
//! reproduces the final state.

use proptest::prelude::*;
use stackyard_core::{Game, GameTime, Record, Seat, Seed, replay};
use stackyard_icetowers::bots::{BotSpec, Policy, simulate};
use stackyard_icetowers::{Action, IceTowers, PieceId, Settings, TowerId};

fn settings(players: u8, ghost: bool, timer_s: u64) -> Settings {
    Settings {
        ghost,
        hold_limit_ms: 2_000,
        game_timer_ms: Some(timer_s * 1000),
        ..Settings::new(players)
    }
}

/// An arbitrary action, mostly illegal, to exercise rejections.
fn junk(g: &IceTowers, pick: u16) -> Action {
    let towers = g.towers();
    let t = towers[usize::from(pick) % towers.len()].id;
    let piece = PieceId((pick % 97) as u8);
    match pick % 7 {
        0 => Action::Cap { piece, onto: t },
        1 => Action::Mine { tower: t, piece },
        2 => Action::Split {
            tower: t,
            at: usize::from(pick % 5),
        },
        3 => Action::SetDown,
        4 => Action::Cap {
            piece,
            onto: TowerId(u32::from(pick)),
        },
        5 => Action::Done,
        _ => Action::Ready,
    }
}

fn census_ok(g: &IceTowers) -> bool {
    g.piece_census().iter().all(|&n| n == 15)
}

/// I13b: a started game that is not over always has a seat with a legal
/// cap, mine, split or set-down (so it never waits for the timer with
/// nobody able to play), and `any_play` says exactly that.
fn nobody_waits_without_a_play(g: &IceTowers) -> bool {
    if g.started().is_none() || g.is_over() {
        return true;
    }
    let someone = (0..g.seats()).any(|s| {
        g.legal_actions(Seat(s as u8))
            .iter()
            .any(|a| !matches!(a, Action::Done | Action::Undone))
    });
    someone && g.any_play()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_interleavings_keep_the_invariants(
        seed in any::<u64>(),
        players in 2u8..=5,
        ghost in any::<bool>(),
        steps in prop::collection::vec((any::<u8>(), any::<u16>(), 0u64..1500), 1..250),
    ) {
        let s = settings(players, ghost, 120);
        let mut g = IceTowers::new(&s, Seed(seed)).unwrap();
        let mut record: Record<Settings, Action> = Record::new::<IceTowers>(s.clone(), Seed(seed));
        let mut now = GameTime::ZERO;
        let mut legal = Vec::new();
        for (seat, pick, dt) in steps {
            now = now + dt;
            g.advance_to(now);
            prop_assert!(census_ok(&g));
            let seat = Seat(seat % players);
            g.legal_actions_into(seat, &mut legal);
            let action = if pick % 4 == 0 || legal.is_empty() {
                junk(&g, pick / 4)
            } else {
                legal[usize::from(pick) % legal.len()]
            };
            let before = g.clone();
            match g.apply(seat, &action, now) {
                Ok(_) => {
                    prop_assert!(before.ending().is_none());
                    record.push(seat, now, action);
                }
                Err(_) => {
                    prop_assert_eq!(&g, &before, "rejected {:?} changed the state", action);
                    prop_assert!(!legal.contains(&action), "legal {:?} was rejected", action);
                }
            }
            prop_assert!(census_ok(&g));
            prop_assert!(nobody_waits_without_a_play(&g), "started, not over, and no seat can play");
        }
        record.end = Some(now);
        let (replayed, _) = replay::<IceTowers>(&record).unwrap();
        prop_assert_eq!(&replayed, &g);
        // Every game ends: at the latest when the game timer rings.
        g.advance_to(now + 200_000);
        prop_assert!(g.is_over() || g.started().is_none());
        prop_assert!(census_ok(&g));
        prop_assert!(g.hands_empty());
    }

    #[test]
    fn bot_games_end_and_replay(
        seed in any::<u64>(),
        players in 2u8..=5,
        ghost in any::<bool>(),
        policy in prop::sample::select(vec![Policy::Random, Policy::Greedy]),
    ) {
        let s = settings(players, ghost, 60);
        let bots = vec![BotSpec::new(policy); usize::from(players)];
        let r = simulate(&s, &bots, Seed(seed)).unwrap();
        prop_assert!(r.outcome.is_some(), "every game ends");
        let (g, _) = replay::<IceTowers>(&r.record).unwrap();
        prop_assert_eq!(g.outcome(), r.outcome);
        prop_assert!(census_ok(&g));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// IceTowers hides nothing: every seat's view (through JSON) rebuilds
    /// the identical state, at every point of a bot game, so bots that play
    /// from their view play exactly as they would from the state.
    #[test]
    fn a_view_rebuilds_the_identical_state(seed in any::<u64>(), players in 2u8..=4, ghost in any::<bool>()) {
        let s = settings(players, ghost, 60);
        let bots = vec![BotSpec::new(Policy::Greedy); usize::from(players)];
        let r = simulate(&s, &bots, Seed(seed)).unwrap();
        let mut g = IceTowers::new(&s, Seed(seed)).unwrap();
        for entry in &r.record.actions {
            g.advance_to(entry.at);
            for viewer in stackyard_core::Viewer::all(usize::from(players)) {
                let text = serde_json::to_string(&g.view(viewer)).unwrap();
                let view: stackyard_icetowers::View = serde_json::from_str(&text).unwrap();
                prop_assert_eq!(&IceTowers::from_view(&view).unwrap(), &g);
            }
            g.apply(entry.seat, &entry.action, entry.at).unwrap();
        }
    }
}
