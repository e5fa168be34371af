//! The searches on Towers: the exact solver against plain minimax on tiny
//! boards (standard and variants), and the players on small boards.

use stackyard_search::{AlphaBeta, Budget, SearchGame, Solver, minimax, terminal_score};
use stackyard_towers::ai::{BLACK, Board, Player, PlayerSpec, Rules, TMove, tune};
use std::time::Duration;

fn rule_sets() -> Vec<Rules> {
    vec![
        Rules::default(),
        Rules {
            capture: true,
            ..Rules::default()
        },
        Rules {
            suburbs: true,
            ..Rules::default()
        },
        Rules {
            suburbs: true,
            capture: true,
            ..Rules::default()
        },
    ]
}

#[test]
fn solver_matches_minimax_on_tiny_boards() {
    for (cols, rows) in [(2, 2), (2, 3), (3, 2), (3, 3), (4, 2)] {
        for rules in rule_sets() {
            let b = Board::new(cols, rows, rules).unwrap();
            let exact = minimax(&b);
            let s = Solver::new(16).solve(&b);
            assert_eq!(s.value, exact, "{cols}x{rows} {rules:?}");
            // T7: Black moves first; every reported best move keeps the value.
            for &m in &s.best {
                assert_eq!(
                    minimax(&b.play(m)),
                    exact,
                    "{cols}x{rows} {}",
                    b.move_name(m)
                );
            }
            assert!(!s.best.is_empty());
        }
    }
}

#[test]
fn threaded_solve_agrees_with_one_thread() {
    // The shared table only ever holds proved bounds, so the value and the
    // best-move set must not depend on the thread count or its timing.
    let mut cases: Vec<(u8, u8, Rules)> = vec![(4, 4, Rules::default()), (3, 4, Rules::default())];
    for rules in rule_sets() {
        cases.push((4, 3, rules));
        cases.push((3, 3, rules));
    }
    cases.push((
        4,
        3,
        Rules {
            utilities: Some(2),
            ..Rules::default()
        },
    ));
    for (cols, rows, rules) in cases {
        let b = Board::new(cols, rows, rules).unwrap();
        let one = Solver::new(18).solve(&b);
        for threads in [2, 3] {
            // Repeat: thread timing differs from run to run.
            for _ in 0..3 {
                let many = Solver::new(18).threads(threads).solve(&b);
                assert_eq!(many.value, one.value, "{cols}x{rows} {rules:?} x{threads}");
                assert_eq!(many.best, one.best, "{cols}x{rows} {rules:?} x{threads}");
            }
        }
        // A small table (many overwrites) changes nothing either.
        let tiny = Solver::new(8).threads(2).solve(&b);
        assert_eq!((tiny.value, &tiny.best), (one.value, &one.best));
    }
}

#[test]
fn first_guess_changes_the_work_not_the_answer() {
    for (cols, rows) in [(4, 4), (4, 3)] {
        let b = Board::new(cols, rows, Rules::default()).unwrap();
        let plain = Solver::new(18).solve(&b);
        for guess in [-5, 1, 2, 9] {
            let s = Solver::new(18).first_guess(guess).solve(&b);
            assert_eq!((s.value, &s.best), (plain.value, &plain.best), "{guess}");
        }
    }
}

#[test]
fn time_limit_stops_with_proved_bounds() {
    let b = Board::new(4, 4, Rules::default()).unwrap();
    let exact = Solver::new(18).solve(&b).value;
    for threads in [1, 2] {
        let r = Solver::new(18)
            .threads(threads)
            .time_limit(Duration::ZERO)
            .try_solve(&b);
        let u = r.expect_err("no time at all");
        assert!(u.lower <= exact && exact <= u.upper, "{u:?}");
        // Given time, the same call finishes.
        let s = Solver::new(18)
            .threads(threads)
            .time_limit(Duration::from_secs(600))
            .try_solve(&b)
            .unwrap();
        assert_eq!(s.value, exact);
    }
}

#[test]
fn solver_matches_minimax_with_utilities() {
    // T18 on 3x2 (even: 2 utilities, White places first) and 3x3 (odd: 1).
    for (cols, rows, u) in [(3, 2, 2), (2, 2, 2), (3, 3, 1)] {
        let rules = Rules {
            utilities: Some(u),
            ..Rules::default()
        };
        let b = Board::new(cols, rows, rules).unwrap();
        assert_eq!(
            Solver::new(16).solve(&b).value,
            minimax(&b),
            "{cols}x{rows}:{u}"
        );
    }
}

#[test]
fn full_depth_alpha_beta_agrees_with_the_solver_on_3x3() {
    let b = Board::new(3, 3, Rules::default()).unwrap();
    let v = Solver::new(16).solve(&b).value;
    let r = AlphaBeta::new(|_: &Board| 0)
        .threads(2)
        .search(&b, Budget::Depth(12));
    assert_eq!(r.score, terminal_score(v, 0));
}

#[test]
fn every_player_plays_legal_games_to_the_end() {
    for spec in ["alphabeta:n3000", "mcts:n400", "random"] {
        let spec: PlayerSpec = spec.parse().unwrap();
        let mut black = Player::new(spec, 1, 2);
        let mut white = Player::new(PlayerSpec::Random, 2, 1);
        let mut b = Board::new(5, 5, Rules::default()).unwrap();
        let mut plies = 0;
        while let Some(c) = if b.side_to_move() == BLACK {
            black.choose(&b)
        } else {
            white.choose(&b)
        } {
            assert!(b.is_legal(c.mv), "{spec}: {}", b.move_name(c.mv));
            b = b.play(c.mv);
            plies += 1;
        }
        assert!(b.is_over());
        // Every non-pass move merges two towers, so a 5x5 game is short.
        assert!(plies <= 2 * 24, "{plies}");
    }
}

#[test]
fn players_are_deterministic_under_node_budgets() {
    for spec in ["alphabeta:n5000", "mcts:n600"] {
        let spec: PlayerSpec = spec.parse().unwrap();
        let b = Board::new(6, 6, Rules::default()).unwrap();
        let a = Player::new(spec, 9, 2).choose(&b).unwrap();
        let c = Player::new(spec, 9, 2).choose(&b).unwrap();
        assert_eq!(a, c, "{spec}");
    }
}

#[test]
fn player_specs_reject_nonsense() {
    for bad in ["alphabeta:fast", "minimax:1s", "mcts:n0", ""] {
        assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
    }
    assert_eq!(
        "alphabeta:2s".parse::<PlayerSpec>().unwrap().to_string(),
        "alphabeta:2s"
    );
}

#[test]
fn alpha_beta_takes_a_winning_capture_on_a_small_board() {
    // Black to move on 3x3 wins with the solver's move; a full-depth
    // alpha-beta with the tuned evaluation must find a move of equal value.
    let b = Board::new(3, 3, Rules::default()).unwrap();
    let exact = Solver::new(16).solve(&b);
    let r = Player::new("alphabeta:d10".parse().unwrap(), 1, 1)
        .choose(&b)
        .unwrap();
    assert!(exact.best.contains(&r.mv), "{}", b.move_name(r.mv));
}

#[test]
fn tuning_is_reproducible_and_beats_the_constant_model() {
    let a = tune(5, 5, Rules::default(), 40, 3);
    let b = tune(5, 5, Rules::default(), 40, 3);
    assert_eq!(a, b);
    assert_eq!(a.results.iter().sum::<usize>(), 40);
    assert!(a.log_loss < a.baseline_log_loss, "{a:?}");
}

#[test]
fn passes_are_moves_when_forced() {
    let b = Board::from_parts(
        3,
        2,
        Rules::default(),
        &[(0, 2, BLACK, false), (1, 1, 1, false), (4, 1, 1, false)],
        BLACK,
        [0; 2],
    )
    .unwrap();
    let mut v = Vec::new();
    b.moves(&mut v);
    assert_eq!(v, [TMove::Pass]);
}

#[test]
fn checked_in_weights_match_the_tuning_command() {
    // The documented command: stackyard towers tune --games 4000 --seed 1 --board 8x8.
    let r = tune(8, 8, Rules::default(), 4000, 1);
    assert_eq!(r.weights, stackyard_towers::ai::TUNED);
}

/// T-8: a Towers bot answers a draw offer by the tuned evaluation of its
/// seat: level at the start (both accept), and with Black far ahead Black's
/// bot declines while White's accepts.
#[test]
fn t8_bots_answer_a_draw_by_the_evaluation() {
    use stackyard_core::{Bots, DrawAnswer, Game, Seat, Seed, Standing, Viewer};
    use stackyard_towers::{Color, Position, Tower, Variant};
    let start = <Position as Game>::new(&Variant::default(), Seed(1)).unwrap();
    let view = start.view(Viewer::Spectator);
    for seat in [Seat(0), Seat(1)] {
        let standing = <Position as Bots>::standing(&view, seat);
        assert_eq!(
            standing,
            Some(Standing::Level),
            "seat {seat:?} at the start"
        );
        assert!(DrawAnswer::judged(standing).accepts);
    }
    let mut towers = vec![Tower::EMPTY; 16];
    let tower = |height, c: Color| Tower {
        height,
        top: c.floor(),
        utility: false,
    };
    towers[0] = tower(6, Color::Black);
    towers[1] = tower(1, Color::White);
    towers[5] = tower(1, Color::White);
    let ahead = Position::setup("4x4".parse().unwrap(), &towers, Color::White).unwrap();
    let view = ahead.view(Viewer::Spectator);
    let black = DrawAnswer::judged(<Position as Bots>::standing(&view, Seat(0)));
    let white = DrawAnswer::judged(<Position as Bots>::standing(&view, Seat(1)));
    assert_eq!(black.standing, Some(Standing::Ahead));
    assert!(!black.accepts, "ahead: plays on");
    assert_eq!(white.standing, Some(Standing::Behind));
    assert!(white.accepts, "behind: takes the draw");
    // A bot that cannot judge (a game without an evaluation) declines.
    assert!(!DrawAnswer::judged(None).accepts);
}
