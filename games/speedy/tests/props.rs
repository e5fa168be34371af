//! Property tests over random actions, times and seats (kept to a few
//! cases: every placement is a physics run):
//! - pieces are conserved: each in a pile, a tower, out of the game, or
//!   set aside (P3, P10);
//! - a rejected action changes nothing;
//! - replaying the record gives the identical game, pose bits included;
//! - no view or event for another viewer leaks a hidden face: two games
//!   that differ only in secrets look the same to everyone else;
//! - a seat's view lists exactly the placements the engine accepts
//!   (`Hand::fits`, P6–P8), so a client that offers only those is right.

use proptest::prelude::*;
use stackyard_core::{Game, GameTime, Record, Seat, Seed, Viewer, replay};
use stackyard_speedy::*;

/// An action from a few random numbers: mostly plausible placements with
/// small aims, some junk (unknown pieces and towers, wild or NaN aims).
fn pick_action(
    g: &SpeedyTowers,
    seat: Seat,
    pick: u32,
    ax: f64,
    ay: f64,
    suit_up_only: bool,
) -> Action {
    let pile = g.pile(seat).cloned().unwrap_or_default();
    let towers = g.towers().len() as u32;
    let tower = TowerId((pick / 7 % (towers + 1)) as u8);
    let aim = match pick / 61 % 10 {
        0 => Aim::at(ax * 12.0, ay * 12.0),
        1 => Aim::at(f64::NAN, ay),
        2 => Aim::at(200.0, 0.0),
        _ => Aim::at(ax, ay),
    };
    // Placements that match (P7), to drive the physics often.
    let mut legal = Vec::new();
    for t in 0..towers {
        let Some(top) = g.top(TowerId(t as u8)) else {
            continue;
        };
        if let Some(card) = pile.face_up.and_then(|p| g.piece(p)?.card())
            && matching::judge(matching::Placed::Tile(card), top).is_ok()
        {
            legal.push((Placing::Tile, TowerId(t as u8)));
        }
        for &coin in &pile.coins {
            for face in CoinFace::BOTH {
                if suit_up_only && face == CoinFace::Value {
                    continue;
                }
                let card = g.piece(coin).and_then(|p| p.card()).unwrap();
                if matching::judge(matching::Placed::Coin(card, face), top).is_ok() {
                    legal.push((Placing::Coin { coin, face }, TowerId(t as u8)));
                }
            }
        }
    }
    if pick % 9 < 5 && !legal.is_empty() {
        let (piece, tower) = legal[(pick / 9) as usize % legal.len()];
        return Action::Place {
            piece,
            tower,
            aim,
            take_back: TakeBack::PlacedFirst,
        };
    }
    let piece = match pick % 7 {
        0 => return Action::Reveal,
        1 => return Action::Hide,
        2 if pick.is_multiple_of(3) => return Action::Ready,
        2 | 3 => Placing::Tile,
        4 | 5 if !pile.coins.is_empty() => Placing::Coin {
            coin: pile.coins[(pick / 13) as usize % pile.coins.len()],
            face: if suit_up_only || (pick / 17).is_multiple_of(2) {
                CoinFace::Suit
            } else {
                CoinFace::Value
            },
        },
        4 => Placing::Coin {
            coin: PieceId((pick / 13 % 200) as u16),
            face: CoinFace::Suit,
        },
        _ => Placing::Pawn,
    };
    Action::Place {
        piece,
        tower,
        aim,
        take_back: if pick.is_multiple_of(11) {
            TakeBack::HighestRanked
        } else {
            TakeBack::PlacedFirst
        },
    }
}

fn started(
    settings: &Settings,
    deal: &Deal,
    seed: Seed,
    record: &mut Record<Settings, Action>,
) -> SpeedyTowers {
    let mut g = SpeedyTowers::from_deal(settings, deal, seed).unwrap();
    for s in 0..settings.players {
        g.apply(Seat(s), &Action::Ready, GameTime::ZERO).unwrap();
        record.push(Seat(s), GameTime::ZERO, Action::Ready);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn random_play_conserves_pieces_rejections_change_nothing_and_replays_are_identical(
        seed in any::<u64>(),
        players in 2u8..=4,
        steps in prop::collection::vec((any::<u8>(), any::<u32>(), -3.0f64..3.0, -3.0f64..3.0, 0u64..400), 1..60),
    ) {
        let settings = Settings::new(players);
        let seed = Seed(seed);
        let mut g = SpeedyTowers::new(&settings, seed).unwrap();
        let mut record: Record<Settings, Action> = Record::new::<SpeedyTowers>(settings.clone(), seed);
        let mut now = GameTime::ZERO;
        // Start most games; leave some unstarted to exercise P4.
        if !seed.0.is_multiple_of(5) {
            for s in 0..players {
                g.apply(Seat(s), &Action::Ready, now).unwrap();
                record.push(Seat(s), now, Action::Ready);
            }
        }
        for (seat, pick, ax, ay, dt) in steps {
            now = now + dt;
            let seat = Seat(seat % (players + 1)); // one seat that does not exist
            let action = pick_action(&g, seat, pick, ax, ay, false);
            let before = g.fingerprint();
            match g.apply(seat, &action, now) {
                Ok(_) => record.push(seat, now, action),
                Err(e) => prop_assert_eq!(g.fingerprint(), before, "rejected {:?} ({}) changed the state", action, e),
            }
            prop_assert!(g.census().iter().all(|&n| n == 1), "census {:?}", g.census());
        }
        let (again, _) = replay::<SpeedyTowers>(&record).unwrap();
        prop_assert_eq!(again.fingerprint(), g.fingerprint());
        prop_assert_eq!(again.pose_bits(), g.pose_bits());
        for v in [Viewer::Spectator, Viewer::Seat(Seat(0))] {
            prop_assert_eq!(again.view(v), g.view(v));
        }
    }

    #[test]
    fn games_that_differ_only_in_secrets_look_the_same_to_everyone_else(
        seed in any::<u64>(),
        steps in prop::collection::vec((0u8..3, any::<u32>(), -3.0f64..3.0, -3.0f64..3.0, 0u64..400), 1..60),
    ) {
        // Three seats. Game B swaps coins between seats 0 and 1 that share
        // a suit but not a value; seats 0 and 1 only ever place coins
        // suit-up, so the values stay secret. Seat 2 and spectators must
        // see exactly the same views and events in both games.
        let settings = Settings::new(3);
        let seed = Seed(seed);
        let deal_a = Deal::shuffled(&settings, seed);
        let mut deal_b = deal_a.clone();
        let mut swapped = 0;
        let (left, right) = deal_b.seats.split_at_mut(1);
        let mut used = vec![false; right[0].coins.len()];
        for a in left[0].coins.iter_mut() {
            if let Some(j) = (0..right[0].coins.len()).find(|&j| {
                !used[j] && right[0].coins[j].suit == a.suit && right[0].coins[j].value != a.value
            }) {
                used[j] = true;
                std::mem::swap(a, &mut right[0].coins[j]);
                swapped += 1;
            }
        }
        prop_assume!(swapped > 0);
        let mut ra = Record::new::<SpeedyTowers>(settings.clone(), seed);
        let mut rb = ra.clone();
        let mut a = started(&settings, &deal_a, seed, &mut ra);
        let mut b = started(&settings, &deal_b, seed, &mut rb);
        let observers = [Viewer::Spectator, Viewer::Seat(Seat(2))];
        let mut now = GameTime::ZERO;
        for (seat, pick, ax, ay, dt) in steps {
            if a.ending().is_some() || b.ending().is_some() {
                // P12 counts coins both ways up, so a secret may end one
                // game and not the other: that is the rules, not a leak.
                break;
            }
            now = now + dt;
            let seat = Seat(seat);
            let secret_holder = seat.0 < 2;
            let action = pick_action(&a, seat, pick, ax, ay, secret_holder);
            if seat.0 == 2 && matches!(action, Action::Place { .. }) {
                continue; // seat 2 watches; it could learn a coin by a take-back
            }
            let ea = a.apply(seat, &action, now);
            let eb = b.apply(seat, &action, now);
            prop_assert_eq!(ea.is_ok(), eb.is_ok(), "{:?}: {:?} vs {:?}", action, ea, eb);
            if let (Ok(ea), Ok(eb)) = (ea, eb) {
                for v in observers {
                    let sa: Vec<String> = ea.iter().filter_map(|e| a.event_for_viewer(e, v)).map(|e| serde_json::to_string(&e).unwrap()).collect();
                    let sb: Vec<String> = eb.iter().filter_map(|e| b.event_for_viewer(e, v)).map(|e| serde_json::to_string(&e).unwrap()).collect();
                    prop_assert_eq!(sa, sb, "events for {:?} differ", v);
                }
            }
            for v in observers {
                prop_assert_eq!(
                    serde_json::to_string(&a.view(v)).unwrap(),
                    serde_json::to_string(&b.view(v)).unwrap(),
                    "views for {:?} differ", v
                );
            }
        }
    }

    #[test]
    fn the_fits_in_a_seats_view_are_exactly_the_placements_the_engine_accepts(
        seed in any::<u64>(),
        players in 2u8..=3,
        steps in prop::collection::vec((any::<u8>(), any::<u32>(), -3.0f64..3.0, -3.0f64..3.0, 0u64..400), 1..40),
    ) {
        let settings = Settings::new(players);
        let mut g = SpeedyTowers::new(&settings, Seed(seed)).unwrap();
        let mut now = GameTime::ZERO;
        for s in 0..players {
            g.apply(Seat(s), &Action::Ready, now).unwrap();
        }
        for (seat, pick, ax, ay, dt) in steps {
            now = now + dt;
            let seat = Seat(seat % players);
            let action = pick_action(&g, seat, pick, ax, ay, false);
            let _ = g.apply(seat, &action, now);
        }
        now = now + 1;
        let seat = Seat((seed % u64::from(players)) as u8);
        let view = g.view(Viewer::Seat(seat));
        let fits = view.hand.as_ref().unwrap().fits.clone();
        if g.ending().is_some() {
            prop_assert!(fits.is_empty(), "fits listed after the end (P11): {:?}", fits);
            return Ok(());
        }
        // Every piece of the pile that could be named is listed once:
        // the face-up tile, each coin both ways up, the pawn.
        let pile = g.pile(seat).unwrap().clone();
        let expected = usize::from(pile.face_up.is_some()) + 2 * pile.coins.len() + usize::from(pile.pawn.is_some());
        prop_assert_eq!(fits.len(), expected);
        for fit in &fits {
            for t in 0..g.towers().len() {
                let tower = TowerId(t as u8);
                let place = Action::Place { piece: fit.piece, tower, aim: Aim::CENTRE, take_back: TakeBack::PlacedFirst };
                let accepted = g.clone().apply(seat, &place, now);
                prop_assert_eq!(
                    accepted.is_ok(),
                    fit.towers.contains(&tower),
                    "{:?} on {}: the engine says {:?}, the view lists {:?}", fit.piece, tower, accepted.err(), fit.towers
                );
            }
        }
    }
}
