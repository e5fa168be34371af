//! Whole games played by sending keys to the app's event loop (issue #48):
//! a local Towers game against the Easy bot, by the cursor and by typed
//! notation, and a Tower of Babel deal, each to its end; the record the
//! app kept is replayed through the rules and must agree with what the
//! screen said.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use stackyard_babel::{Action, Babel, Settings};
use stackyard_core::{Record, Seed, replay};
use stackyard_towers::{Color, Move, Position, Variant};
use stackyard_tui::{App, Key, Palette, drive};

fn screen_text(t: &Terminal<TestBackend>) -> String {
    t.backend().to_string()
}

/// Keys that put the Towers cursor on `(col, row)` from anywhere: into
/// the a1 corner (the cursor stops at the edge), then across and up.
fn towers_cursor(col: u8, row: u8) -> Vec<Key> {
    let mut k = vec![Key::Left; 8];
    k.extend([Key::Char('j'); 8]);
    k.extend(std::iter::repeat_n(Key::Right, usize::from(col)));
    k.extend(std::iter::repeat_n(Key::Char('k'), usize::from(row)));
    k
}

#[test]
fn a_whole_local_towers_game_by_keys() {
    let mut app = App::new(Seed(5), Palette::new(true));
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    drive(&mut t, &mut app, [Key::Char('1')]).unwrap();
    let mut turns = 0;
    while app.game().expect("in the game").outcome().is_none() {
        turns += 1;
        assert!(turns < 400, "T11: a game ends");
        let legal = app.game().unwrap().legal();
        assert!(
            !legal.is_empty(),
            "the person is asked only when they have a move"
        );
        let m: Move = legal[turns % legal.len()].parse().unwrap();
        let keys = match m {
            // Every other move by the cursor: pick the tower, then its target.
            Move::Step { from, to } if turns % 2 == 0 => {
                let mut k = towers_cursor(from.col, from.row);
                k.push(Key::Enter);
                k.extend(towers_cursor(to.col, to.row));
                k.push(Key::Enter);
                k
            }
            _ => {
                let mut k = vec![Key::Char(':')];
                k.extend(Key::text(&m.to_string()));
                k.push(Key::Enter);
                k
            }
        };
        drive(&mut t, &mut app, keys).unwrap();
    }
    let game = app.game().unwrap();
    let record: Record<Variant, Move> = serde_json::from_str(&game.record_json()).unwrap();
    assert!(
        record.actions.len() >= 2 * turns - 1,
        "each of our moves was played"
    );
    let (end, _) = replay::<Position>(&record).expect("the record replays");
    assert!(end.is_over());
    let [b, w] = end.scores();
    let outcome = game.outcome().unwrap();
    assert!(outcome.ends_with(&format!("{b} to {w}.")), "{outcome}");
    assert!(screen_text(&t).contains("Game over"), "{}", screen_text(&t));
    // Undo after the end goes back into the game (T7: Black to move again).
    drive(&mut t, &mut app, [Key::Char('u')]).unwrap();
    assert!(app.game().unwrap().outcome().is_none());
    let _ = Color::Black;
}

#[test]
fn a_whole_babel_game_by_keys() {
    let mut app = App::new(Seed(9), Palette::new(true));
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    drive(&mut t, &mut app, [Key::Char('2')]).unwrap();
    let mut steps = 0;
    while app.game().expect("in the game").outcome().is_none() {
        steps += 1;
        assert!(steps < 200, "B6: a game ends");
        let legal: Vec<Action> = app
            .game()
            .unwrap()
            .legal()
            .iter()
            .map(|a| a.parse().unwrap())
            .collect();
        let keys = match legal[0] {
            // Moves by the cursor: to the stack, then 1 or 3 (B5).
            Action::Move { from, gap } => {
                let mut k = vec![Key::Left; 30];
                k.extend(std::iter::repeat_n(Key::Right, usize::from(from) - 1));
                k.push(Key::Char(char::from(b'0' + gap)));
                k
            }
            Action::Draw => vec![Key::Char('d')],
            _ => vec![Key::Char('e')],
        };
        drive(&mut t, &mut app, keys).unwrap();
    }
    let game = app.game().unwrap();
    let record: Record<Settings, Action> = serde_json::from_str(&game.record_json()).unwrap();
    let draws = record
        .actions
        .iter()
        .filter(|e| e.action == Action::Draw)
        .count();
    assert_eq!(draws, 24, "B4: every tile was drawn");
    let (end, _) = replay::<Babel>(&record).expect("the record replays");
    assert!(end.is_finished());
    let outcome = game.outcome().unwrap();
    let stacks = end.stacks();
    assert!(
        outcome.starts_with(&format!("Game over: {stacks} stack")),
        "{outcome}"
    );
    assert!(screen_text(&t).contains("Game over"), "{}", screen_text(&t));
}
