//! IceTowers in the terminal (issue #48), in real time against the game's
//! bots, driven by keys and by ticks of a clock that is a number (never
//! the wall clock): a whole game to its end, whose record replays through
//! the rules to the same outcome; the other seats' plays appearing with no
//! key pressed; the hold timer counting down; keys that are no action
//! changing nothing; and the screens at 80x24 and 120x40, with and without
//! colour, before and after a resize.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::{Color, Modifier};
use stackyard_core::{Driver, Seed};
use stackyard_icetowers::{Action, IceRecord, IceTowers};
use stackyard_tui::{App, Key, Palette, drive};

/// The picker's IceTowers entry.
const ICE: Key = Key::Char('3');

fn text(t: &Terminal<TestBackend>) -> String {
    t.backend().to_string()
}

/// An app at the IceTowers screen, its clock at 0.
fn table(seed: u64, size: (u16, u16), palette: Palette) -> (App, Terminal<TestBackend>) {
    let mut app = App::new(Seed(seed), palette);
    let mut t = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
    drive(&mut t, &mut app, [Key::Tick(0), ICE]).unwrap();
    (app, t)
}

/// The person's legal actions, as the screen's game lists them.
fn legal(app: &App) -> Vec<Action> {
    app.game()
        .expect("in the game")
        .legal()
        .iter()
        .map(|a| serde_json::from_str(a).expect("an action in JSON"))
        .collect()
}

fn record(app: &App) -> IceRecord {
    serde_json::from_str(&app.game().unwrap().record_json()).expect("a record")
}

/// The keys a person presses for one of the plays open to them, by the
/// kind of play (I4-I12): the screen's own keys, never an action typed in.
fn keys_for(legal: &[Action], mined: &mut usize) -> Vec<Key> {
    let cap_sizes: Vec<u8> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Cap { piece, .. } => Some(piece.pips()),
            _ => None,
        })
        .collect();
    let holding = legal
        .iter()
        .all(|a| matches!(a, Action::Cap { .. } | Action::SetDown));
    if legal.contains(&Action::Ready) {
        vec![Key::Enter]
    } else if legal.contains(&Action::SetDown) {
        vec![Key::Char('s')]
    } else if holding && !legal.is_empty() {
        // I5: the held pyramid goes onto a marked tower.
        vec![Key::Tab, Key::Enter]
    } else if let Some(&pips) = cap_sizes.first() {
        // 1, 2 or 3 picks a pyramid of that size and puts the cursor on
        // its first target; Enter caps it (I6).
        vec![Key::Char(char::from(b'0' + pips)), Key::Enter]
    } else if *mined < 3
        && legal
            .iter()
            .any(|a| matches!(a, Action::Mine { .. } | Action::Split { .. }))
    {
        // I7, I11: open a marked tower and take its first offer.
        *mined += 1;
        vec![Key::Tab, Key::Enter, Key::Char('1')]
    } else if legal.contains(&Action::Done) {
        vec![Key::Char('d')]
    } else {
        Vec::new()
    }
}

/// Plays the person's side by keys, a tick of `step_ms` before each play,
/// to the game's end; returns the clock at the end.
fn play_to_the_end(app: &mut App, t: &mut Terminal<TestBackend>, step_ms: u64) -> u64 {
    let mut now = 0;
    let mut mined = 0;
    while app.game().expect("in the game").outcome().is_none() {
        now += step_ms;
        assert!(now < 3_600_000, "I13: a game ends");
        drive(t, app, [Key::Tick(now)]).unwrap();
        let legal = legal(app);
        let keys = keys_for(&legal, &mut mined);
        let ours = |app: &App| record(app).actions.iter().filter(|e| e.seat.0 == 0).count();
        let before = ours(app);
        drive(t, app, keys.clone()).unwrap();
        if !keys.is_empty() {
            assert_eq!(
                ours(app),
                before + 1,
                "keys {keys:?} played nothing at {now} ms with {legal:?}:\n{}",
                text(t)
            );
        }
    }
    now
}

#[test]
fn a_whole_game_by_keys_and_ticks_replays_to_the_same_end_i13_i15() {
    let (mut app, mut t) = table(11, (80, 24), Palette::new(true));
    let end = play_to_the_end(&mut app, &mut t, 700);
    let game = app.game().unwrap();
    let outcome = game.outcome().unwrap();
    let record = record(&app);
    let people = record.actions.iter().filter(|e| e.seat.0 == 0).count();
    let bots = record.actions.len() - people;
    assert!(
        people >= 5 && bots >= 5,
        "both sides played: {people} and {bots}"
    );
    assert!(
        record
            .actions
            .iter()
            .any(|e| e.seat.0 == 0 && matches!(e.action, Action::Cap { .. })),
        "I6: the person capped by keys"
    );
    // The record replays through the rules to the same end (I13, I15).
    let (replayed, _) = Driver::<IceTowers>::replay(&record).expect("the record replays");
    assert!(replayed.is_over());
    let result = replayed.outcome().unwrap();
    let scores = format!(
        "You {}, Yellow {}, Green {} points.",
        result.scores[0], result.scores[1], result.scores[2]
    );
    assert!(outcome.ends_with(&scores), "{outcome} / {scores}");
    let title = if result.winners.iter().any(|s| s.0 == 0) {
        "You won."
    } else {
        "You lost."
    };
    assert!(outcome.starts_with(title), "{outcome}");
    let screen = text(&t);
    assert!(screen.contains(title), "{screen}");
    assert!(screen.contains("the most pips on top"), "{screen}");
    // The same seed and the same keys at the same times: the same game.
    let (mut again, mut t2) = table(11, (80, 24), Palette::new(true));
    assert_eq!(play_to_the_end(&mut again, &mut t2, 700), end);
    assert_eq!(
        again.game().unwrap().record_json(),
        app.game().unwrap().record_json()
    );
    // After the end, the clock runs on and nothing changes (frozen).
    let frozen = app.game().unwrap().record_json();
    drive(
        &mut t,
        &mut app,
        [Key::Tick(end + 60_000), Key::Char('d'), Key::Enter],
    )
    .unwrap();
    assert_eq!(app.game().unwrap().record_json(), frozen);
}

/// Ready by key, then ticks only until the bots are ready and the game under way.
fn started(seed: u64, size: (u16, u16), palette: Palette) -> (App, Terminal<TestBackend>, u64) {
    let (mut app, mut t) = table(seed, size, palette);
    drive(&mut t, &mut app, [Key::Enter]).unwrap();
    let mut now = 0;
    // Ready said, the person may do nothing until everyone is (I4).
    while legal(&app).is_empty() {
        now += 100;
        assert!(now < 20_000, "I4: the bots say ready");
        drive(&mut t, &mut app, [Key::Tick(now)]).unwrap();
    }
    (app, t, now)
}

#[test]
fn other_seats_plays_appear_with_no_key_pressed_i4() {
    let (mut app, mut t, mut now) = started(2, (80, 24), Palette::new(true));
    let go = now;
    assert!(text(&t).contains("Everyone is ready: go!"), "{}", text(&t));
    let before = record(&app).actions.len();
    let screen = text(&t);
    assert!(
        !screen.contains("Yellow capped") && !screen.contains("Green capped"),
        "{screen}"
    );
    // Only the clock moves: within a bot's reaction time (8 to 10 s) a
    // bot's play is on the screen, told in its colour's name.
    while record(&app).actions.len() == before {
        now += 100;
        assert!(now <= go + 10_000, "a bot played within its reaction time");
        drive(&mut t, &mut app, [Key::Tick(now)]).unwrap();
    }
    let r = record(&app);
    let entry = r.actions.last().unwrap();
    assert_ne!(entry.seat.0, 0, "nobody pressed a key");
    let Action::Cap { onto, .. } = entry.action else {
        panic!("a bot's first play is a cap (I6): {:?}", entry.action);
    };
    let name = ["You", "Yellow", "Green"][usize::from(entry.seat.0)];
    let screen = text(&t);
    assert!(
        screen.contains(&format!("{name} capped tower {} with a", onto.0)),
        "{screen}"
    );
    // The tower it built stands in the columns, labelled with its number:
    // the last line above the lone pyramids' rows.
    let lines: Vec<&str> = screen.lines().collect();
    let labels = lines[lines.iter().position(|l| l.starts_with("\" red ")).unwrap() - 1];
    assert!(
        labels
            .split_whitespace()
            .any(|n| n.trim_matches(['[', ']']) == onto.0.to_string()),
        "{labels}\n{screen}"
    );
}

#[test]
fn the_hold_timer_counts_down_and_sets_the_pyramid_down_i7_i10() {
    // Play until the person holds a pyramid, by keys.
    let (mut app, mut t, mut now) = started(11, (80, 24), Palette::new(true));
    let mut mined = 0;
    let line = |t: &Terminal<TestBackend>| {
        text(t)
            .lines()
            .find(|l| l.contains("You (red)"))
            .unwrap()
            .to_string()
    };
    while !line(&t).contains("holding") {
        now += 700;
        assert!(now < 600_000, "the person comes to take a pyramid out");
        drive(&mut t, &mut app, [Key::Tick(now)]).unwrap();
        let legal = legal(&app);
        let keys = if legal.iter().any(|a| matches!(a, Action::Mine { .. })) {
            vec![Key::Tab, Key::Enter, Key::Char('1')]
        } else {
            keys_for(&legal, &mut mined)
        };
        drive(&mut t, &mut app, keys).unwrap();
        assert!(app.game().unwrap().outcome().is_none(), "{}", text(&t));
    }
    let mine = record(&app).actions.last().cloned().unwrap();
    assert!(matches!(mine.action, Action::Mine { .. }) && mine.seat.0 == 0);
    let taken = mine.at.as_millis();
    assert!(
        line(&t).contains("holding a") && line(&t).contains("10.0 s left"),
        "{}",
        line(&t)
    );
    drive(&mut t, &mut app, [Key::Tick(taken + 2_600)]).unwrap();
    assert!(line(&t).contains("7.4 s left"), "{}", line(&t));
    // I10: at the limit the pyramid is set down, with no key pressed.
    drive(&mut t, &mut app, [Key::Tick(taken + 10_000)]).unwrap();
    assert!(!line(&t).contains("holding"), "{}", line(&t));
    assert!(text(&t).contains("(held too long)"), "{}", text(&t));
}

#[test]
fn keys_that_are_no_action_change_nothing() {
    let (mut app, mut t, now) = started(5, (80, 24), Palette::new(true));
    drive(&mut t, &mut app, [Key::Tick(now + 9_000), Key::Char('1')]).unwrap();
    let screen = text(&t);
    let rec = app.game().unwrap().record_json();
    let legal_before = legal(&app);
    for key in [
        Key::Char('z'),
        Key::Char('x'),
        Key::Char('Q'),
        Key::Char('0'),
        Key::Char('7'),
        Key::Backspace,
        Key::Resize,
    ] {
        drive(&mut t, &mut app, [key]).unwrap();
        assert_eq!(text(&t), screen, "{key:?} changed the screen");
        assert_eq!(app.game().unwrap().record_json(), rec, "{key:?} played");
        assert_eq!(legal(&app), legal_before);
    }
    // A refused play (I9: nothing is held to set down) is said, and the
    // table is as it was.
    drive(&mut t, &mut app, [Key::Char('s')]).unwrap();
    assert!(
        text(&t).contains("You are not holding a pyramid."),
        "{}",
        text(&t)
    );
    assert_eq!(app.game().unwrap().record_json(), rec);
}

/// Mid-game, a pyramid picked: its targets marked, the cursor on the first.
fn mid_game(size: (u16, u16), palette: Palette) -> (App, Terminal<TestBackend>) {
    let (mut app, mut t, mut now) = started(4, size, palette);
    let mut mined = 0;
    for _ in 0..6 {
        now += 3_000;
        drive(&mut t, &mut app, [Key::Tick(now)]).unwrap();
        let keys = keys_for(&legal(&app), &mut mined);
        drive(&mut t, &mut app, keys).unwrap();
    }
    drive(&mut t, &mut app, [Key::Tick(now + 1_500), Key::Char('2')]).unwrap();
    (app, t)
}

#[test]
fn the_screen_mid_game_with_a_pyramid_picked_at_80x24_and_120x40() {
    for (name, size) in [
        ("icetowers_80x24", (80, 24)),
        ("icetowers_120x40", (120, 40)),
    ] {
        let (_, t) = mid_game(size, Palette::new(true));
        let screen = text(&t);
        assert!(
            screen.contains("Capping with a medium red pyramid"),
            "{screen}"
        );
        assert!(screen.contains(']'), "targets are marked: {screen}");
        insta::assert_snapshot!(name, t.backend());
    }
}

#[test]
fn the_screen_at_the_end_at_80x24_and_120x40() {
    for (name, size) in [
        ("icetowers_end_80x24", (80, 24)),
        ("icetowers_end_120x40", (120, 40)),
    ] {
        let (mut app, mut t) = table(11, size, Palette::new(true));
        play_to_the_end(&mut app, &mut t, 700);
        insta::assert_snapshot!(name, t.backend());
    }
}

#[test]
fn no_color_and_sixteen_colours_and_a_resize_redraws_cleanly() {
    let (_, coloured) = mid_game((80, 24), Palette::new(true));
    let (_, plain) = mid_game((80, 24), Palette::new(false));
    assert_eq!(
        text(&coloured),
        text(&plain),
        "the words do not depend on colour"
    );
    let b = plain.backend().buffer();
    assert!(
        b.content()
            .iter()
            .all(|c| c.fg == Color::Reset && c.bg == Color::Reset),
        "NO_COLOR: no cell has a colour"
    );
    assert!(
        b.content()
            .iter()
            .any(|c| c.modifier.contains(Modifier::REVERSED)),
        "the cursor is reverse video"
    );
    let sixteen = |c: Color| {
        matches!(
            c,
            Color::Reset
                | Color::Black
                | Color::Red
                | Color::Green
                | Color::Yellow
                | Color::Blue
                | Color::Magenta
                | Color::Cyan
                | Color::Gray
                | Color::DarkGray
                | Color::LightRed
                | Color::LightGreen
                | Color::LightYellow
                | Color::LightBlue
                | Color::LightMagenta
                | Color::LightCyan
                | Color::White
        )
    };
    let cb = coloured.backend().buffer();
    assert!(cb.content().iter().all(|c| sixteen(c.fg) && sixteen(c.bg)));
    assert!(
        cb.content().iter().any(|c| c.fg == Color::Yellow),
        "yellow's pyramids"
    );
    // Resized to 120x40 and back: the same screens as drawn at those sizes.
    let (mut app, mut t) = mid_game((80, 24), Palette::new(true));
    let (_, big) = mid_game((120, 40), Palette::new(true));
    t.backend_mut().resize(120, 40);
    drive(&mut t, &mut app, [Key::Resize]).unwrap();
    assert_eq!(text(&t), text(&big));
    t.backend_mut().resize(80, 24);
    drive(&mut t, &mut app, [Key::Resize]).unwrap();
    assert_eq!(text(&t), text(&coloured));
    t.backend_mut().resize(70, 20);
    drive(&mut t, &mut app, [Key::Resize]).unwrap();
    assert!(
        text(&t).contains("The terminal is 70x20: make it at least 80x24"),
        "{}",
        text(&t)
    );
}
