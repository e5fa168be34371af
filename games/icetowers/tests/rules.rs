//! Rules tests, one or more per rule id (I1–I15).

use stackyard_core::{Game, GameTime, RuleError, Seat, Seed, ToAct};
use stackyard_icetowers::{
    Action, Colour, EndReason, Event, IceError, IceTowers, PieceId, Settings, TowerId,
};

const R: u8 = 0; // seat 0, red
const Y: u8 = 1; // seat 1, yellow
const G: u8 = 2; // seat 2 (or the ghost with two seats)

/// Piece `n` (0–4) of `colour` with `pips` 1–3.
fn p(colour: u8, pips: u8, n: u8) -> PieceId {
    PieceId::new(Colour(colour), (pips - 1) * 5 + n)
}

fn ms(t: u64) -> GameTime {
    GameTime::from_millis(t)
}

fn table(players: u8, ghost: bool, stacks: &[Vec<PieceId>]) -> IceTowers {
    let settings = Settings {
        ghost,
        ..Settings::new(players)
    };
    IceTowers::arranged(&settings, stacks, Seed(9)).unwrap()
}

/// The tower holding `piece`.
fn tower_of(g: &IceTowers, piece: PieceId) -> TowerId {
    let i = g.locate(piece).unwrap().unwrap();
    g.towers()[i].id
}

fn mine(tower: TowerId, piece: PieceId) -> Action {
    Action::Mine { tower, piece }
}

fn cap(piece: PieceId, onto: TowerId) -> Action {
    Action::Cap { piece, onto }
}

fn reject(g: &mut IceTowers, seat: u8, a: Action, t: u64) -> IceError {
    let before = g.clone();
    let e = g.apply(Seat(seat), &a, ms(t)).unwrap_err();
    assert_eq!(*g, before, "a rejected action changes nothing (I4)");
    e
}

#[test]
fn i1_every_seat_has_fifteen_pieces_and_i2_all_start_free() {
    let g = IceTowers::new(&Settings::new(3), Seed(1)).unwrap();
    assert_eq!(g.piece_census(), vec![15, 15, 15]);
    assert_eq!(g.towers().len(), 45);
    assert!(g.towers().iter().all(|t| t.is_free_stander()));
    assert!(IceTowers::new(&Settings::new(1), Seed(1)).is_err());
    assert!(IceTowers::new(&Settings::new(6), Seed(1)).is_err());
    let ghost = Settings {
        ghost: true,
        ..Settings::new(2)
    };
    assert_eq!(
        IceTowers::new(&ghost, Seed(1)).unwrap().piece_census(),
        vec![15, 15, 15]
    );
}

#[test]
fn i2_scattered_pieces_do_not_overlap_and_depend_on_the_seed() {
    let a = IceTowers::new(&Settings::new(5), Seed(1)).unwrap();
    for (i, s) in a.towers().iter().enumerate() {
        for t in &a.towers()[i + 1..] {
            let (dx, dy) = (i64::from(s.pos.x - t.pos.x), i64::from(s.pos.y - t.pos.y));
            assert!(dx * dx + dy * dy >= 40 * 40);
        }
    }
    let b = IceTowers::new(&Settings::new(5), Seed(2)).unwrap();
    assert_ne!(a.towers(), b.towers());
}

#[test]
fn i3_the_top_piece_controls() {
    let g = table(2, false, &[vec![p(R, 3, 0), p(Y, 1, 0)]]);
    let t = g.tower(tower_of(&g, p(R, 3, 0))).unwrap();
    assert_eq!(t.controller(), Colour(Y));
}

#[test]
fn i4_only_ready_before_the_start_then_anyone_acts() {
    let mut g = IceTowers::new(&Settings::new(2), Seed(3)).unwrap();
    assert_eq!(g.to_act(), ToAct::AnySeat);
    let target = tower_of(&g, p(Y, 3, 0));
    let cap = cap(p(R, 1, 0), target);
    assert_eq!(reject(&mut g, R, cap, 0), IceError::NotStarted);
    assert_eq!(IceError::NotStarted.rule(), Some("I4"));
    assert_eq!(
        g.apply(Seat(R), &Action::Ready, ms(100)).unwrap(),
        vec![Event::Ready { seat: Seat(R) }]
    );
    assert_eq!(
        reject(&mut g, R, Action::Ready, 150),
        IceError::AlreadyReady(Seat(R))
    );
    let ev = g.apply(Seat(Y), &Action::Ready, ms(200)).unwrap();
    assert_eq!(ev[1], Event::Started { at: ms(200) });
    assert_eq!(
        reject(&mut g, Y, Action::Ready, 250),
        IceError::AlreadyStarted
    );
    g.apply(Seat(R), &cap, ms(300)).unwrap();
    assert_eq!(
        reject(&mut g, 7, Action::Done, 300),
        IceError::NoSuchSeat(Seat(7))
    );
}

#[test]
fn i4_race_two_seats_cap_the_same_tower_at_the_same_instant() {
    // Red and blue both go for the green large free-stander at t=5000: red's
    // small arrives first and wins; blue's medium no longer fits (larger on
    // smaller) and blue keeps its piece.
    let mut g = table(4, false, &[]);
    let target = tower_of(&g, p(G, 3, 0));
    let red = cap(p(R, 1, 0), target);
    let blue = cap(p(3, 2, 0), target);
    g.apply(Seat(R), &red, ms(5000)).unwrap();
    let e = reject(&mut g, 3, blue, 5000);
    assert_eq!(
        e,
        IceError::CapTooLarge {
            piece: p(3, 2, 0),
            tower: target
        }
    );
    assert_eq!(e.rule(), Some("I6"));
    let kept = g.tower(tower_of(&g, p(3, 2, 0))).unwrap();
    assert!(kept.is_free_stander(), "blue keeps its piece");
}

#[test]
fn i4_race_two_seats_move_the_same_ghost_piece() {
    let mut g = table(2, true, &[vec![p(R, 3, 0), p(Y, 3, 0)]]);
    let onto = tower_of(&g, p(R, 3, 0));
    let a = Action::Cap {
        piece: p(G, 2, 0),
        onto,
    };
    g.apply(Seat(R), &a, ms(10)).unwrap();
    assert_eq!(
        reject(&mut g, Y, a, 10),
        IceError::NotFreeStander(p(G, 2, 0))
    );
}

#[test]
fn i5_one_hand_only() {
    let mut g = table(2, false, &[vec![p(R, 3, 0), p(R, 3, 1), p(Y, 1, 0)]]);
    let t = tower_of(&g, p(R, 3, 0));
    g.apply(Seat(R), &mine(t, p(R, 3, 0)), ms(0)).unwrap();
    let other = tower_of(&g, p(Y, 3, 0));
    let cap = cap(p(R, 1, 1), other);
    assert_eq!(reject(&mut g, R, cap, 1), IceError::HandFull(Seat(R)));
    assert_eq!(
        reject(&mut g, R, Action::Done, 1),
        IceError::HandFull(Seat(R))
    );
    assert_eq!(IceError::HandFull(Seat(R)).rule(), Some("I5"));
}

#[test]
fn i6_cap_a_free_stander_with_a_smaller_or_equal_piece() {
    let mut g = table(2, false, &[]);
    let target = tower_of(&g, p(Y, 2, 0));
    let from = tower_of(&g, p(R, 2, 0));
    let ev = g.apply(Seat(R), &cap(p(R, 2, 0), target), ms(0)).unwrap();
    assert_eq!(
        ev,
        vec![Event::Capped {
            seat: Seat(R),
            piece: p(R, 2, 0),
            from: Some(from),
            onto: target
        }]
    );
    assert!(g.tower(from).is_none(), "the free-stander was picked up");
    assert_eq!(
        g.tower(target).unwrap().pieces,
        vec![p(Y, 2, 0), p(R, 2, 0)]
    );
}

#[test]
fn i6_rejects_larger_on_smaller_same_colour_others_pieces_and_non_free_standers() {
    let mut g = table(2, false, &[vec![p(R, 3, 0), p(Y, 1, 0)]]);
    let small_y = tower_of(&g, p(Y, 1, 1));
    let red_l = tower_of(&g, p(R, 3, 1));
    let t = tower_of(&g, p(Y, 1, 0));
    assert_eq!(
        reject(&mut g, R, cap(p(R, 3, 1), small_y), 0),
        IceError::CapTooLarge {
            piece: p(R, 3, 1),
            tower: small_y
        }
    );
    assert_eq!(
        reject(&mut g, R, cap(p(R, 1, 1), red_l), 0),
        IceError::CapSameColour(red_l)
    );
    assert_eq!(
        reject(&mut g, R, cap(p(Y, 1, 2), red_l), 0),
        IceError::NotYourColour(p(Y, 1, 2))
    );
    assert_eq!(
        reject(&mut g, R, cap(p(R, 3, 0), small_y), 0),
        IceError::NotFreeStander(p(R, 3, 0))
    );
    assert_eq!(
        reject(&mut g, Y, cap(p(Y, 1, 1), small_y), 0),
        IceError::CapItself(p(Y, 1, 1))
    );
    let e = reject(&mut g, R, cap(p(R, 1, 1), TowerId(999)), 0);
    assert_eq!(e, IceError::UnknownTower(TowerId(999)));
    assert_eq!(e.rule(), None);
    assert_eq!(
        reject(&mut g, R, cap(PieceId(200), t), 0),
        IceError::UnknownPiece(PieceId(200))
    );
}

#[test]
fn i7_mine_one_of_two_own_pieces_from_a_tower_you_do_not_top() {
    let mut g = table(
        2,
        false,
        &[
            vec![p(R, 3, 0), p(Y, 3, 0), p(R, 2, 0), p(Y, 1, 0)],
            vec![p(Y, 2, 0), p(R, 3, 1)],
        ],
    );
    let t = tower_of(&g, p(R, 3, 0));
    let ev = g.apply(Seat(R), &mine(t, p(R, 2, 0)), ms(500)).unwrap();
    assert_eq!(
        ev,
        vec![Event::Mined {
            seat: Seat(R),
            piece: p(R, 2, 0),
            from: t,
            index: 2,
            deadline: ms(10_500)
        }]
    );
    assert_eq!(
        g.tower(t).unwrap().pieces,
        vec![p(R, 3, 0), p(Y, 3, 0), p(Y, 1, 0)],
        "the tower closes up, order kept"
    );
    assert_eq!(g.hand(Seat(R)).unwrap().piece, p(R, 2, 0));
    // Yellow: only one yellow piece under red's top.
    let one = tower_of(&g, p(R, 3, 1));
    let mut h = g.clone();
    assert_eq!(
        reject(&mut h, Y, mine(one, p(Y, 2, 0)), 600),
        IceError::MineTooFew(one)
    );
    // Red tops its own tower: no mining it (I7), with an empty hand.
    let mut h2 = table(2, false, &[vec![p(Y, 3, 1), p(R, 3, 2), p(R, 1, 0)]]);
    let t2 = tower_of(&h2, p(R, 1, 0));
    assert_eq!(
        reject(&mut h2, R, mine(t2, p(R, 3, 2)), 0),
        IceError::MineControlled(t2)
    );
    assert_eq!(
        reject(&mut h2, R, mine(t2, p(R, 2, 4)), 0),
        IceError::NotInTower {
            piece: p(R, 2, 4),
            tower: t2
        }
    );
}

#[test]
fn i8_no_minebacks() {
    let mut g = table(2, false, &[vec![p(R, 3, 0), p(R, 3, 1), p(Y, 3, 0)]]);
    let t = tower_of(&g, p(R, 3, 0));
    g.apply(Seat(R), &mine(t, p(R, 3, 1)), ms(0)).unwrap();
    let e = reject(&mut g, R, cap(p(R, 3, 1), t), 10);
    assert_eq!(
        e,
        IceError::Mineback {
            piece: p(R, 3, 1),
            tower: t
        }
    );
    assert_eq!(e.rule(), Some("I8"));
    // Any other tower it fits is fine.
    let other = tower_of(&g, p(Y, 3, 1));
    g.apply(Seat(R), &cap(p(R, 3, 1), other), ms(20)).unwrap();
    assert!(g.hand(Seat(R)).is_none());
}

/// Red holds a large piece that fits nowhere once every other large top is
/// gone: yellow's larges are all covered by yellow smalls.
fn red_holds_a_large_with_nowhere_to_go() -> (IceTowers, TowerId) {
    let mut stacks = vec![vec![p(R, 3, 0), p(R, 3, 1), p(Y, 1, 0)]];
    for n in 0..5 {
        stacks.push(vec![p(Y, 3, n), p(Y, 2, n)]);
    }
    let mut g = table(2, false, &stacks);
    let t = tower_of(&g, p(R, 3, 0));
    g.apply(Seat(R), &mine(t, p(R, 3, 1)), ms(1000)).unwrap();
    (g, t)
}

#[test]
fn i9_set_down_only_when_no_cap_exists() {
    let mut g = table(2, false, &[vec![p(R, 3, 0), p(R, 3, 1), p(Y, 3, 0)]]);
    let t = tower_of(&g, p(R, 3, 0));
    g.apply(Seat(R), &mine(t, p(R, 3, 1)), ms(0)).unwrap();
    assert_eq!(
        reject(&mut g, R, Action::SetDown, 5),
        IceError::SetDownWithCap
    );
    assert_eq!(
        reject(&mut g, Y, Action::SetDown, 5),
        IceError::EmptyHand(Seat(Y))
    );

    let (mut g, t) = red_holds_a_large_with_nowhere_to_go();
    assert_eq!(g.legal_actions(Seat(R)), vec![Action::SetDown]);
    let ev = g.apply(Seat(R), &Action::SetDown, ms(2000)).unwrap();
    let Event::SetDown {
        piece,
        tower,
        forced: false,
        pos,
        ..
    } = ev[0]
    else {
        panic!("{ev:?}")
    };
    assert_eq!(piece, p(R, 3, 1));
    assert!(g.tower(tower).unwrap().is_free_stander());
    // Placed near where it was mined, without overlap.
    let origin = g.tower(t).unwrap().pos;
    assert!((pos.x - origin.x).abs() <= 80 && (pos.y - origin.y).abs() <= 80);
}

#[test]
fn i10_the_hold_limit_sets_the_piece_down_at_its_deadline() {
    let (mut g, _) = red_holds_a_large_with_nowhere_to_go();
    assert_eq!(g.next_deadline(), Some(ms(11_000)));
    assert!(g.advance_to(ms(10_999)).is_empty());
    assert!(g.hand(Seat(R)).is_some());
    // An action after the deadline must wait for the timer to fire.
    assert_eq!(
        reject(&mut g, Y, Action::Done, 12_000),
        IceError::TimerDue(ms(11_000))
    );
    let ev = g.advance_to(ms(30_000));
    assert!(matches!(
        ev[0],
        Event::SetDown {
            seat: Seat(R),
            forced: true,
            ..
        }
    ));
    assert!(g.hand(Seat(R)).is_none());
    assert_eq!(g.piece_census(), vec![15, 15]);
    // Custom hold limits are honoured.
    let s = Settings {
        hold_limit_ms: 3000,
        ..Settings::new(2)
    };
    let mut h =
        IceTowers::arranged(&s, &[vec![p(R, 3, 0), p(R, 3, 1), p(Y, 3, 0)]], Seed(1)).unwrap();
    let t = tower_of(&h, p(R, 3, 0));
    h.apply(Seat(R), &mine(t, p(R, 3, 0)), ms(100)).unwrap();
    assert_eq!(h.next_deadline(), Some(ms(3100)));
}

#[test]
fn i11_split_between_a_pair_of_another_colour() {
    let stack = vec![p(R, 3, 0), p(Y, 3, 0), p(Y, 2, 0), p(R, 1, 0)];
    let mut g = table(2, false, std::slice::from_ref(&stack));
    let t = tower_of(&g, p(R, 3, 0));
    assert_eq!(
        reject(&mut g, Y, Action::Split { tower: t, at: 2 }, 0),
        IceError::SplitOwnColour
    );
    assert_eq!(
        reject(&mut g, R, Action::Split { tower: t, at: 1 }, 0),
        IceError::SplitNoPair { tower: t, at: 1 }
    );
    assert_eq!(
        reject(&mut g, R, Action::Split { tower: t, at: 4 }, 0),
        IceError::SplitNoPair { tower: t, at: 4 }
    );
    let ev = g
        .apply(Seat(R), &Action::Split { tower: t, at: 2 }, ms(0))
        .unwrap();
    let Event::Split { new_tower, pos, .. } = ev[0] else {
        panic!("{ev:?}")
    };
    assert_eq!(g.tower(t).unwrap().pieces, stack[..2].to_vec());
    assert_eq!(g.tower(new_tower).unwrap().pieces, stack[2..].to_vec());
    for o in g.towers().iter().filter(|o| o.id != new_tower) {
        let (dx, dy) = (o.pos.x - pos.x, o.pos.y - pos.y);
        assert!(dx * dx + dy * dy >= 40 * 40, "no overlap");
    }
}

#[test]
fn i11_no_split_with_a_piece_in_hand() {
    let mut g = table(
        2,
        false,
        &[
            vec![p(R, 3, 0), p(R, 3, 1), p(Y, 3, 0)],
            vec![p(Y, 3, 1), p(Y, 3, 2), p(R, 1, 0)],
        ],
    );
    let t = tower_of(&g, p(R, 3, 0));
    let s = tower_of(&g, p(Y, 3, 1));
    g.apply(Seat(R), &mine(t, p(R, 3, 0)), ms(0)).unwrap();
    assert_eq!(
        reject(&mut g, R, Action::Split { tower: s, at: 1 }, 1),
        IceError::SplitWithHand(Seat(R))
    );
}

#[test]
fn i12_done_is_cleared_by_any_play_and_i13a_all_done_ends() {
    let mut g = table(2, false, &[]);
    g.apply(Seat(R), &Action::Done, ms(0)).unwrap();
    assert!(g.is_done(Seat(R)));
    assert_eq!(
        reject(&mut g, R, Action::Done, 1),
        IceError::AlreadyDone(Seat(R))
    );
    assert_eq!(
        reject(&mut g, Y, Action::Undone, 1),
        IceError::NotDone(Seat(Y))
    );
    let onto = tower_of(&g, p(R, 3, 0));
    let ev = g
        .apply(
            Seat(Y),
            &Action::Cap {
                piece: p(Y, 1, 0),
                onto,
            },
            ms(10),
        )
        .unwrap();
    assert!(ev.contains(&Event::DoneCleared));
    assert!(!g.is_done(Seat(R)));
    g.apply(Seat(R), &Action::Done, ms(20)).unwrap();
    g.apply(Seat(R), &Action::Undone, ms(21)).unwrap();
    g.apply(Seat(R), &Action::Done, ms(22)).unwrap();
    let ev = g.apply(Seat(Y), &Action::Done, ms(30)).unwrap();
    assert!(matches!(
        ev.last(),
        Some(Event::Ended {
            reason: EndReason::AllDone,
            ..
        })
    ));
    assert!(g.is_over());
    assert_eq!(reject(&mut g, R, Action::Undone, 40), IceError::GameOver);
}

#[test]
fn i13b_no_plays_left_ends_the_game() {
    // Fourteen towers of one yellow under one red, and the two small
    // ones standing free: once red caps yellow's, nobody can cap (every top
    // is red, no free-standers), mine (one yellow per tower) or split.
    let stacks: Vec<Vec<PieceId>> = (1..15)
        .map(|k| vec![PieceId::new(Colour(Y), k), PieceId::new(Colour(R), k)])
        .collect();
    let mut g = table(2, false, &stacks);
    let free = p(R, 1, 0);
    let onto = tower_of(&g, p(Y, 1, 0));
    // Before the cap red can still play; after it, nobody can.
    assert!(g.any_play());
    let ev = g
        .apply(Seat(R), &Action::Cap { piece: free, onto }, ms(5))
        .unwrap();
    assert!(
        matches!(
            ev.last(),
            Some(Event::Ended {
                reason: EndReason::NoPlays,
                ..
            })
        ),
        "{ev:?}"
    );
    let o = g.outcome().unwrap();
    assert_eq!(o.scores, vec![60, 0], "I15: red tops the one 60-pip tower");
    assert_eq!(o.winners, vec![Seat(R)]);
}

#[test]
fn i13b_nobody_able_to_play_ends_the_game_at_once_not_at_the_timer() {
    // Issue 49: with a five-minute timer, the game is over the moment the
    // last play leaves nobody a play, and no timer is left pending.
    let s = Settings {
        game_timer_ms: Some(300_000),
        ..Settings::new(2)
    };
    let stacks: Vec<Vec<PieceId>> = (1..15)
        .map(|k| vec![PieceId::new(Colour(Y), k), PieceId::new(Colour(R), k)])
        .collect();
    let mut g = IceTowers::arranged(&s, &stacks, Seed(3)).unwrap();
    assert_eq!(g.next_deadline(), Some(ms(300_000)));
    // Yellow says it is done; the game goes on (red can still play).
    g.apply(Seat(Y), &Action::Done, ms(1_000)).unwrap();
    assert!(!g.is_over());
    let onto = tower_of(&g, p(Y, 1, 0));
    g.apply(Seat(R), &cap(p(R, 1, 0), onto), ms(30_000))
        .unwrap();
    let ending = g.ending().expect("I13b ended it");
    assert_eq!(ending.reason, EndReason::NoPlays);
    assert_eq!(ending.at, ms(30_000));
    assert_eq!(g.next_deadline(), None, "no timer left to wait for");
    assert!(!g.any_play());
}

#[test]
fn i13c_the_game_timer_ends_the_game_and_sets_held_pieces_down() {
    let s = Settings {
        game_timer_ms: Some(60_000),
        hold_limit_ms: 100_000,
        ..Settings::new(2)
    };
    let mut g = IceTowers::new(&s, Seed(4)).unwrap();
    g.apply(Seat(R), &Action::Ready, ms(0)).unwrap();
    g.apply(Seat(Y), &Action::Ready, ms(1000)).unwrap();
    assert_eq!(g.next_deadline(), Some(ms(61_000)));
    let mut h =
        IceTowers::arranged(&s, &[vec![p(R, 3, 0), p(R, 3, 1), p(Y, 3, 0)]], Seed(1)).unwrap();
    let t = tower_of(&h, p(R, 3, 0));
    h.apply(Seat(R), &mine(t, p(R, 3, 0)), ms(50_000)).unwrap();
    let ev = h.advance_to(ms(70_000));
    assert!(matches!(ev[0], Event::SetDown { forced: true, .. }));
    assert!(matches!(
        ev.last(),
        Some(Event::Ended {
            reason: EndReason::Timer,
            ..
        })
    ));
    assert_eq!(h.ending().unwrap().at, ms(60_000));
    assert_eq!(h.to_act(), ToAct::Nobody);
    assert_eq!(h.piece_census(), vec![15, 15]);
}

#[test]
fn i14_the_ghost_never_caps_a_free_stander_but_caps_towers_and_mines() {
    let mut g = table(
        2,
        true,
        &[
            vec![p(Y, 3, 0), p(R, 3, 0)],
            vec![p(G, 3, 0), p(G, 3, 1), p(Y, 2, 0)],
        ],
    );
    let free = tower_of(&g, p(Y, 3, 1));
    let e = reject(&mut g, R, cap(p(G, 1, 0), free), 0);
    assert_eq!(e, IceError::GhostCapsFreeStander(free));
    assert_eq!(e.rule(), Some("I14"));
    let tower = tower_of(&g, p(R, 3, 0));
    g.apply(Seat(Y), &cap(p(G, 2, 0), tower), ms(1)).unwrap();
    assert_eq!(g.tower(tower).unwrap().controller(), Colour(G));
    // Mining the ghost uses the mover's hand.
    let gt = tower_of(&g, p(G, 3, 0));
    g.apply(Seat(R), &mine(gt, p(G, 3, 1)), ms(2)).unwrap();
    assert_eq!(g.hand(Seat(R)).unwrap().piece, p(G, 3, 1));
    assert_eq!(
        reject(
            &mut g,
            R,
            Action::Cap {
                piece: p(R, 1, 0),
                onto: free
            },
            3
        ),
        IceError::HandFull(Seat(R))
    );
}

#[test]
fn i14_players_may_split_ghost_pairs_but_the_ghost_never_splits() {
    // I-4: a split is always the actor's own; there is no split for the
    // ghost, and no seat is the ghost's colour, so a ghost pair can be split
    // by either player.
    let mut g = table(2, true, &[vec![p(R, 3, 0), p(G, 3, 0), p(G, 2, 0)]]);
    let t = tower_of(&g, p(R, 3, 0));
    assert!(
        g.legal_actions(Seat(Y))
            .contains(&Action::Split { tower: t, at: 2 })
    );
    g.apply(Seat(Y), &Action::Split { tower: t, at: 2 }, ms(0))
        .unwrap();
}

#[test]
fn i15_the_ghost_wins_alone_and_ties_share() {
    // Ghost tops a big tower; both players have only their free-standers.
    let mut big = Vec::new();
    for k in 0..5 {
        big.push(PieceId::new(Colour(R), 10 + k));
        big.push(PieceId::new(Colour(Y), 10 + k));
    }
    big.push(p(G, 3, 0));
    let mut g = table(2, true, &[big]);
    g.apply(Seat(R), &Action::Done, ms(0)).unwrap();
    g.apply(Seat(Y), &Action::Done, ms(0)).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.scores, vec![15, 15]);
    assert!(o.winners.is_empty(), "the ghost scored highest");
    let mut h = table(2, false, &[]);
    h.apply(Seat(R), &Action::Done, ms(0)).unwrap();
    h.apply(Seat(Y), &Action::Done, ms(0)).unwrap();
    assert_eq!(h.outcome().unwrap().winners, vec![Seat(R), Seat(Y)]);
}

#[test]
fn every_legal_action_is_accepted() {
    let g = table(
        3,
        true,
        &[
            vec![p(R, 3, 0), p(Y, 3, 0), p(Y, 3, 1), p(R, 3, 1), p(3, 2, 0)],
            vec![p(3, 3, 0), p(3, 3, 1), p(R, 1, 0)],
        ],
    );
    for s in 0..3 {
        let legal = g.legal_actions(Seat(s));
        assert!(legal.len() > 10);
        for a in legal {
            let mut h = g.clone();
            h.apply(Seat(s), &a, ms(1))
                .unwrap_or_else(|e| panic!("{a:?}: {e}"));
        }
    }
}

#[test]
fn views_hide_nothing_and_show_hands_deadlines_and_scores() {
    // IceTowers has no hidden information: a seat and a spectator see the
    // same view, which is why one is written for all (PUBLIC_VIEWS).
    let mut g = table(2, false, &[vec![p(R, 3, 0), p(R, 3, 1), p(Y, 3, 0)]]);
    let t = tower_of(&g, p(R, 3, 0));
    g.apply(Seat(R), &mine(t, p(R, 3, 1)), ms(400)).unwrap();
    let seat = g.view(stackyard_core::Viewer::Seat(Seat(Y)));
    let spectator = g.view(stackyard_core::Viewer::Spectator);
    assert_eq!(seat, spectator);
    let held = spectator.seats[0]
        .holding
        .expect("red holds the mined piece");
    assert_eq!(
        (held.piece, held.from, held.deadline),
        (p(R, 3, 1), t, ms(10_400))
    );
    assert_eq!(spectator.seats[0].colour, "red");
    let scores = g.scores_by_colour();
    assert_eq!(spectator.seats[1].score, scores[1]);
    assert_eq!(spectator.towers.len(), g.towers().len());
    // The view serialises for clients.
    let json = serde_json::to_string(&spectator).unwrap();
    assert!(json.contains("\"holding\""), "{json}");
}

#[test]
fn i7_i14_ghost_pieces_are_mined_by_the_ghost_colour_rule() {
    // I-10: red tops a tower holding two ghost pieces; red may still mine a
    // ghost piece (the tower is not topped by the ghost), into red's hand.
    let mut g = table(2, true, &[vec![p(G, 3, 0), p(G, 3, 1), p(R, 1, 0)]]);
    let t = tower_of(&g, p(R, 1, 0));
    g.apply(Seat(R), &mine(t, p(G, 3, 0)), ms(0)).unwrap();
    assert_eq!(g.hand(Seat(R)).unwrap().piece, p(G, 3, 0));
    // With one ghost piece left in it, the tower cannot be mined for the
    // ghost again.
    assert_eq!(
        reject(
            &mut g,
            Y,
            Action::Mine {
                tower: t,
                piece: p(G, 3, 1)
            },
            1
        ),
        IceError::MineTooFew(t)
    );
}
