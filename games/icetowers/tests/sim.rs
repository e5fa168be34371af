//! The simulator: bot games end, replay identically, and are reproducible.

use stackyard_core::{Game, Seed, replay};
use stackyard_icetowers::bots::{BotSpec, Policy, simulate};
use stackyard_icetowers::{IceTowers, Settings};

fn settings(players: u8, ghost: bool) -> Settings {
    Settings {
        ghost,
        game_timer_ms: Some(120_000),
        ..Settings::new(players)
    }
}

fn check(players: u8, ghost: bool, policies: &[Policy], seed: u64) {
    let bots: Vec<BotSpec> = policies.iter().map(|&p| BotSpec::new(p)).collect();
    let s = settings(players, ghost);
    let r = simulate(&s, &bots, Seed(seed)).unwrap();
    // I13: every game ends.
    let outcome = r.outcome.clone().expect("the game ended");
    eprintln!(
        "{policies:?} ghost={ghost}: {} actions, {} rejected, end {} scores {:?} ghost {:?}",
        r.actions, r.rejected, r.end, outcome.scores, r.ghost_score
    );
    // Replaying the record reproduces the final table and result.
    let (replayed, _) = replay::<IceTowers>(&r.record).unwrap();
    assert_eq!(replayed.outcome(), Some(outcome));
    assert_eq!(
        replayed.towers(),
        {
            let again = simulate(&s, &bots, Seed(seed)).unwrap();
            let (g, _) = replay::<IceTowers>(&again.record).unwrap();
            g
        }
        .towers()
    );
    // Same seed, same game.
    assert_eq!(simulate(&s, &bots, Seed(seed)).unwrap().record, r.record);
}

#[test]
fn random_bots_end_and_replay() {
    check(4, false, &[Policy::Random; 4], 1);
    check(2, true, &[Policy::Random; 2], 2);
}

#[test]
fn greedy_bots_end_and_replay() {
    check(4, false, &[Policy::Greedy; 4], 3);
    check(5, true, &[Policy::Greedy; 5], 4);
}

#[test]
fn strong_bot_ends_and_replays() {
    check(
        4,
        false,
        &[
            Policy::Strong,
            Policy::Greedy,
            Policy::Greedy,
            Policy::Random,
        ],
        5,
    );
    check(2, true, &[Policy::Strong, Policy::Greedy], 6);
}

#[test]
fn bots_of_equal_speed_lose_races() {
    // Issue #50 (I4: an action that no longer fits when it arrives is
    // rejected, someone else got there first): four greedy bots at 600 ms
    // see each other's plays 150 to 450 ms late, so some of their actions
    // land stale and are refused. Bots that saw every play at once lost
    // none (0.0 refused a game).
    let bots = vec![BotSpec::new(Policy::Greedy); 4];
    let s = settings(4, false);
    let lost: usize = (0..20)
        .map(|seed| simulate(&s, &bots, Seed(seed)).unwrap().rejected)
        .sum();
    eprintln!("{lost} lost races in 20 four-greedy games");
    assert!(lost >= 20, "{lost} lost races in 20 games");
    let instant: usize = (0..20)
        .map(|seed| {
            stackyard_icetowers::bots::simulate_instant(&s, &bots, Seed(seed))
                .unwrap()
                .rejected
        })
        .sum();
    assert!(instant < lost, "{instant} lost at once vs {lost}");
}
