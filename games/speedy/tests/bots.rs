//! Bots and the simulator: games finish, bots see only their view, records
//! replay to the identical game.

use stackyard_core::{Game, Seat, Seed, replay};
use stackyard_speedy::bots::{Bot, Bots, Summary, simulate, simulate_levels};
use stackyard_speedy::{Action, Placing, Settings, SpeedyTowers};
use std::time::Instant;

fn bots(levels: &[&str], settings: &Settings, seed: Seed) -> Vec<Box<dyn Bot<SpeedyTowers>>> {
    levels
        .iter()
        .enumerate()
        .map(|(s, l)| SpeedyTowers::bot(l, Seat(s as u8), seed, settings).unwrap())
        .collect()
}

#[test]
fn four_bots_finish_a_game_and_the_record_replays_identically() {
    let s = Settings::new(4);
    for seed in 0..3 {
        let seed = Seed(seed);
        let t0 = Instant::now();
        let r = simulate(
            &s,
            bots(&["hard", "medium", "easy", "hard"], &s, seed),
            seed,
            5000,
        )
        .unwrap();
        eprintln!(
            "seed {seed}: {:?} in {:?}: {} actions, {} rejected, {} placements, {} falls, left {:?}, end {}",
            r.outcome.as_ref().map(|o| &o.winners),
            t0.elapsed(),
            r.actions,
            r.rejected,
            r.placements,
            r.falls,
            r.pieces_left,
            r.end
        );
        assert!(r.outcome.is_some(), "the game finished");
        let (g, _) = replay::<SpeedyTowers>(&r.record).unwrap();
        assert_eq!(g.pieces_left(), r.pieces_left);
        assert_eq!(g.placements(), r.placements);
        assert_eq!(g.outcome(), r.outcome);
    }
}

#[test]
fn bot_levels_are_listed_weakest_first_and_bad_names_are_errors() {
    let names: Vec<_> = SpeedyTowers::bot_levels()
        .into_iter()
        .map(|l| l.name)
        .collect();
    assert_eq!(names, ["beginner", "easy", "medium", "hard"]);
    let s = Settings::new(2);
    assert!(SpeedyTowers::bot("hard:400", Seat(0), Seed(1), &s).is_ok());
    assert!(SpeedyTowers::bot("expert", Seat(0), Seed(1), &s).is_err());
    assert!(SpeedyTowers::bot("hard:0", Seat(0), Seed(1), &s).is_err());
    assert!(SpeedyTowers::bot("hard", Seat(2), Seed(1), &s).is_err());
}

#[test]
fn simulate_levels_names_bots_and_refuses_unknown_ones() {
    let s = Settings::new(2);
    let r = simulate_levels(&s, &["hard", "hard:300"], Seed(9), 3000).unwrap();
    assert!(r.outcome.is_some());
    let sum = Summary::of(std::slice::from_ref(&r), 2);
    assert_eq!((sum.games, sum.finished), (1, 1));
    assert_eq!(
        sum.wins.iter().sum::<usize>(),
        r.outcome.as_ref().unwrap().winners.len()
    );
    assert_eq!(sum.pawn_wins + sum.stuck_endings, 1);
    assert_eq!(sum.placements_per_game, f64::from(r.placements));
    assert!(simulate_levels(&s, &["hard", "wizard"], Seed(9), 3000).is_err());
    assert!(simulate_levels(&s, &["hard"], Seed(9), 3000).is_err());
}

#[test]
fn the_game_state_can_move_between_threads() {
    fn send<T: Send>() {}
    send::<SpeedyTowers>();
}

/// A bot that checks, at each of its inner bot's decisions, that a `hide`
/// is chosen only while the face-up tile fits no tower by the seat's own
/// view (`Hand::fits`, the engine's check), and counts those hides.
struct HideChecker {
    inner: Box<dyn Bot<SpeedyTowers>>,
    hides: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Bot<SpeedyTowers> for HideChecker {
    fn decide(
        &mut self,
        view: &stackyard_speedy::View,
        now: stackyard_core::GameTime,
    ) -> Option<stackyard_core::Decision<Action>> {
        let d = self.inner.decide(view, now)?;
        if d.action == Action::Hide {
            let hand = view.hand.as_ref().expect("a seat's view");
            let tile_fits = hand
                .fits
                .iter()
                .find(|f| f.piece == Placing::Tile)
                .map(|f| f.towers.clone());
            assert_eq!(
                tile_fits,
                Some(vec![]),
                "P5 (revised 2026-11-26): a bot hid a tile that fits"
            );
            self.hides
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        Some(d)
    }

    fn wakes_on(&self, events: &[stackyard_speedy::Event]) -> bool {
        self.inner.wakes_on(events)
    }
}

#[test]
fn p5_bots_hide_only_a_tile_that_fits_nowhere_and_still_finish() {
    let s = Settings::new(3);
    let mut hides = 0;
    for seed in 0..3 {
        let seed = Seed(seed);
        let counter = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let checked: Vec<Box<dyn Bot<SpeedyTowers>>> = bots(&["hard", "medium", "easy"], &s, seed)
            .into_iter()
            .map(|inner| {
                Box::new(HideChecker {
                    inner,
                    hides: counter.clone(),
                }) as Box<dyn Bot<SpeedyTowers>>
            })
            .collect();
        let r = simulate(&s, checked, seed, 5000).unwrap();
        assert!(r.outcome.is_some(), "seed {seed:?}: the game finished");
        hides += counter.load(std::sync::atomic::Ordering::Relaxed);
    }
    eprintln!("{hides} hides in 3 games");
}

/// The beginner plays at a person's pace, in simulated time (no sleeps):
/// each of its decisions waits 1.5 to 3 s (its `Decision::think_ms`, which
/// the simulator and the server both wait), so in a whole game one seat's
/// actions are never closer than 1.5 s.
#[test]
fn the_beginner_waits_a_person_s_time() {
    use stackyard_core::{Driver, Viewer};
    let s = Settings::new(2);
    let driver = Driver::<SpeedyTowers>::new(s.clone(), Seed(4)).unwrap();
    let view = driver.view(Viewer::Seat(Seat(1)));
    let mut bot = SpeedyTowers::bot("beginner", Seat(1), Seed(4), &s).unwrap();
    let waits: Vec<u64> = (0..200)
        .map(|_| {
            bot.decide(&view, stackyard_core::GameTime::ZERO)
                .expect("it says ready")
                .think_ms
        })
        .collect();
    assert!(waits.iter().all(|w| (1500..=3000).contains(w)), "{waits:?}");
    assert!(waits.iter().any(|&w| w < 1800) && waits.iter().any(|&w| w > 2700));

    let r = simulate(
        &s,
        bots(&["beginner", "beginner"], &s, Seed(5)),
        Seed(5),
        5000,
    )
    .unwrap();
    assert!(r.outcome.is_some(), "the game finished");
    for seat in 0..2u8 {
        let times: Vec<u64> = r
            .record
            .actions
            .iter()
            .filter(|e| e.seat == Seat(seat))
            .map(|e| e.at.as_millis())
            .collect();
        assert!(times.len() > 3);
        assert!(
            (1500..=3000).contains(&times[0]),
            "ready after {} ms",
            times[0]
        );
        for w in times.windows(2) {
            assert!(
                w[1] - w[0] >= 1500,
                "seat {seat}: {} ms between two actions",
                w[1] - w[0]
            );
        }
    }
}
