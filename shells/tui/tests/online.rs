//! Online play through a real server on a free port (issue #48): a whole
//! Towers game from the lobby against the server's bot, watched live by a
//! second client, and a Speedy Towers table of bots watched in words. The
//! apps are driven by keys and ticks, as a person's terminal drives them;
//! the only waiting is for the server, in real time, under a deadline.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use serde_json::{Value, json};
use stackyard_server::{Background, Config};
use stackyard_tui::online::{Lobby, Server};
use stackyard_tui::{App, Key, Palette, drive};
use std::time::{Duration, Instant};

fn server(dir: &tempfile::TempDir) -> Background {
    let db = dir.path().join("stackyard.db").display().to_string();
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), db);
    config.limits.tables_per_client = 100;
    Background::start(config).expect("the server starts")
}

/// A client app at the server's lobby, and its 80x24 screen.
struct Client {
    app: App,
    terminal: Terminal<TestBackend>,
    clock: u64,
}

impl Client {
    fn at(url: &str, name: &str) -> Client {
        Client::sized(url, name, 80, 24)
    }

    fn sized(url: &str, name: &str, width: u16, height: u16) -> Client {
        let lobby = Lobby::connect(Server::new(url).unwrap(), name.into()).expect("the lobby");
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        let mut app = App::online(lobby, Palette::new(false));
        drive(&mut terminal, &mut app, []).unwrap();
        Client {
            app,
            terminal,
            clock: 0,
        }
    }

    fn keys(&mut self, keys: &[Key]) {
        drive(&mut self.terminal, &mut self.app, keys.iter().copied()).unwrap();
    }

    /// Lets 50 ms of the app's time pass (and of the wall clock's: the
    /// server answers in real time).
    fn tick(&mut self) {
        std::thread::sleep(Duration::from_millis(20));
        self.clock += 50;
        self.keys(&[Key::Tick(self.clock)]);
    }

    /// Ticks until `done` holds; panics with the screen after `limit`.
    fn until(&mut self, limit: Duration, what: &str, done: impl Fn(&App) -> bool) {
        let end = Instant::now() + limit;
        while !done(&self.app) {
            assert!(
                Instant::now() < end,
                "{what}: not within {limit:?}\n{}",
                self.screen()
            );
            self.tick();
        }
    }

    fn screen(&self) -> String {
        let buffer = self.terminal.backend().buffer();
        let width = buffer.area.width as usize;
        buffer
            .content
            .chunks(width)
            .map(|row| row.iter().map(|c| c.symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The one finished table of the server, and its record replayed by its
/// game's rules (it must replay to an end).
fn the_finished_table(url: &str, game: &str) -> (Value, usize) {
    let finished = get(&format!("{url}/api/v1/tables?status=finished"));
    let table = finished.as_array().unwrap()[0].clone();
    assert_eq!(table["game"], game);
    let id = table["id"].as_str().unwrap();
    let record = get(&format!("{url}/api/v1/tables/{id}/record"));
    let registry = stackyard_registry::registry();
    let replayed = registry
        .get(game)
        .unwrap()
        .replay(&record)
        .expect("it replays");
    assert!(
        replayed.outcome().is_some(),
        "{game}: the record ends the game"
    );
    (table, replayed.actions())
}

/// Plays the first legal action, typed after `:` as a player types it,
/// whenever there is one, until the game is over; `between` runs on each
/// turn. Returns how many were typed.
fn type_first_legal_until_over(
    c: &mut Client,
    limit: Duration,
    mut between: impl FnMut(),
) -> usize {
    let end = Instant::now() + limit;
    let mut typed = 0;
    while c.app.game().unwrap().outcome().is_none() {
        assert!(Instant::now() < end, "the game did not end\n{}", c.screen());
        match c.app.game().unwrap().legal().first() {
            Some(m) => {
                let mut keys = vec![Key::Char(':')];
                keys.extend(Key::text(m));
                keys.push(Key::Enter);
                c.keys(&keys);
                typed += 1;
                // Sent: nothing is legal until the server answers.
                assert!(c.app.game().unwrap().legal().is_empty());
            }
            None => c.tick(),
        }
        between();
    }
    typed
}

fn get(url: &str) -> Value {
    let text = ureq::get(url)
        .call()
        .expect("the server answers")
        .body_mut()
        .read_to_string()
        .unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn a_whole_online_towers_game_from_the_lobby_watched_live_by_a_second_client() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir);
    let url = format!("http://{}", server.addr);
    let mut ann = Client::at(&url, "Ann");
    assert!(
        ann.screen().contains("a guest, playing as Ann"),
        "{}",
        ann.screen()
    );
    // n: a new Towers table; b: against the server's Easy bot.
    ann.keys(&[Key::Char('n'), Key::Char('b')]);
    assert!(
        ann.app.game().is_some(),
        "the table opened\n{}",
        ann.screen()
    );
    ann.until(Duration::from_secs(20), "the welcome", |app| {
        !app.game().unwrap().legal().is_empty()
    });
    assert!(
        ann.screen().contains("Your move (Black)."),
        "{}",
        ann.screen()
    );
    // q goes to the lobby, where her table says it is her seat, and
    // Enter takes her back to it (not to a spectator's view).
    ann.keys(&[Key::Char('q')]);
    assert!(ann.screen().contains("(your seat"), "{}", ann.screen());
    assert!(ann.screen().contains("Ann, Easy bot"), "{}", ann.screen());
    ann.keys(&[Key::Enter]);
    ann.until(Duration::from_secs(20), "back at the seat", |app| {
        app.game().is_some_and(|g| !g.legal().is_empty())
    });

    // A second client finds the table under "Being played" and watches.
    let mut bea = Client::at(&url, "Bea");
    assert!(
        bea.app
            .lobby()
            .unwrap()
            .rows()
            .any(|t| t.game == "towers" && t.status == "playing")
    );
    bea.keys(&[Key::Enter]);
    assert!(bea.app.game().is_some(), "watching\n{}", bea.screen());
    bea.until(Duration::from_secs(20), "the spectator's welcome", |_| true);

    // Ann plays the first legal move each turn, typed in notation (T5
    // order), until the game is over; the server's bot answers each.
    let typed = type_first_legal_until_over(&mut ann, Duration::from_secs(240), || bea.tick());
    assert!(typed > 5, "Ann played {typed} moves");
    let result = ann.app.game().unwrap().outcome().unwrap();
    assert!(result.starts_with("Game over: "), "{result}");
    assert!(ann.screen().contains("Game over"), "{}", ann.screen());

    // The spectator sees the same end, from a spectator's side.
    bea.until(
        Duration::from_secs(20),
        "the spectator sees the end",
        |app| app.game().unwrap().outcome().is_some(),
    );
    let seen = bea.app.game().unwrap().outcome().unwrap();
    assert!(!seen.contains("you won"), "{seen}");
    assert!(bea.screen().contains("Watching table"), "{}", bea.screen());
    // The board in words (T4: row 8 at the top).
    assert!(bea.screen().contains(" 8 "), "{}", bea.screen());

    // The server kept the whole game: its record replays to its end.
    let (table, actions) = the_finished_table(&url, "towers");
    assert_eq!(table["seats"][0]["name"], "Ann");
    assert!(actions >= typed, "{actions} actions");

    // q goes back to the lobby, and q there quits.
    ann.keys(&[Key::Char('q')]);
    assert!(ann.app.game().is_none() && ann.app.lobby().is_some());
    assert!(ann.screen().contains("Open tables"), "{}", ann.screen());
}

#[test]
fn a_live_speedy_table_of_bots_is_watched_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir);
    let url = format!("http://{}", server.addr);
    let registry = stackyard_registry::registry();
    let speedy = registry.get("speedy").unwrap();
    let level = speedy.bot_levels()[0].name.clone();
    let seats = speedy
        .create(&speedy.default_settings(), stackyard_core::Seed(1))
        .unwrap()
        .seat_count();
    let body =
        json!({"game": "speedy", "seats": vec![json!({"kind": "bot", "level": level}); seats]});
    let created: Value = serde_json::from_str(
        &ureq::post(format!("{url}/api/v1/tables"))
            .header("Content-Type", "application/json")
            .send(body.to_string())
            .expect("a table of bots")
            .body_mut()
            .read_to_string()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(created["status"], "playing", "{created}");
    let mut cy = Client::sized(&url, "Cy", 120, 40);
    // The table is the only one being played: Enter watches it.
    cy.keys(&[Key::Enter]);
    assert!(cy.app.game().is_some(), "{}", cy.screen());
    // Its towers and piles in words (P3, P4), and the story (P6) as the
    // bots place.
    let end = Instant::now() + Duration::from_secs(60);
    while !cy.screen().contains("Tower 0") || !cy.screen().contains("let go") {
        assert!(Instant::now() < end, "no placement seen\n{}", cy.screen());
        cy.tick();
    }
    // A seat here needs aim: the keys say to take it in the browser.
    assert!(cy.screen().contains("browser"), "{}", cy.screen());
}

#[test]
fn a_wrong_address_or_a_silent_server_is_said_before_the_screen_opens() {
    let free = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap();
    let error = Lobby::connect(
        Server::new(&format!("http://{free}")).unwrap(),
        "Ann".into(),
    )
    .err()
    .expect("nobody listens there");
    assert!(error.0.contains(&free.to_string()), "{error}");
}

fn post(url: &str, body: Value, token: Option<&str>) -> Value {
    let mut request = ureq::post(url).header("Content-Type", "application/json");
    if let Some(t) = token {
        request = request.header("Authorization", format!("Bearer {t}"));
    }
    let text = request
        .send(body.to_string())
        .expect("the server accepts it")
        .body_mut()
        .read_to_string()
        .unwrap();
    serde_json::from_str(&text).unwrap_or(Value::Null)
}

#[test]
fn signed_in_the_terminal_is_paired_by_quick_pairing_and_sits_at_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir);
    let url = format!("http://{}", server.addr);
    let password = "a long pass phrase 4 tests";
    for name in ["Ann", "Bob"] {
        post(
            &format!("{url}/api/v1/accounts"),
            json!({"name": name, "password": password}),
            None,
        );
    }
    let mut ann = Client::at(&url, "guest");
    // A guest is told pairing is for accounts.
    ann.keys(&[Key::Char('p')]);
    assert!(
        ann.app
            .lobby()
            .unwrap()
            .note()
            .unwrap()
            .contains("s signs in")
    );
    // s: the name, Enter, the password (shown as stars), Enter.
    ann.keys(&[Key::Char('s')]);
    ann.keys(&Key::text("Ann"));
    ann.keys(&[Key::Enter]);
    ann.keys(&Key::text(password));
    assert!(
        ann.screen().contains("Password for Ann: ****"),
        "{}",
        ann.screen()
    );
    assert!(!ann.screen().contains(password));
    ann.keys(&[Key::Enter]);
    assert_eq!(ann.app.lobby().unwrap().note(), Some("Signed in as Ann."));
    assert!(
        ann.screen().contains("signed in as Ann"),
        "{}",
        ann.screen()
    );
    // A wrong password is the server's refusal, in its words.
    let mut eve = Client::at(&url, "guest");
    eve.keys(&[Key::Char('s')]);
    eve.keys(&Key::text("Bob"));
    eve.keys(&[Key::Enter]);
    eve.keys(&Key::text("not the password"));
    eve.keys(&[Key::Enter]);
    assert!(!eve.screen().contains("signed in as"), "{}", eve.screen());
    assert!(eve.app.lobby().unwrap().note().is_some());

    ann.keys(&[Key::Char('p')]);
    assert!(
        ann.screen().contains("Waiting for a Towers opponent"),
        "{}",
        ann.screen()
    );
    let bob = post(
        &format!("{url}/api/v1/session"),
        json!({"name": "Bob", "password": password}),
        None,
    );
    let token = bob["token"].as_str().expect("Bob signed in").to_string();
    post(
        &format!("{url}/api/v1/pairing"),
        json!({"game": "towers"}),
        Some(&token),
    );
    ann.until(Duration::from_secs(30), "the pairing", |app| {
        app.game().is_some()
    });
    assert!(
        ann.app
            .lobby()
            .unwrap()
            .note()
            .unwrap()
            .contains("Paired with Bob")
    );
    // Seated at the pairing's table under the account's name, against Bob.
    let end = Instant::now() + Duration::from_secs(20);
    while !ann.screen().contains("Bob") {
        assert!(Instant::now() < end, "no welcome\n{}", ann.screen());
        ann.tick();
    }
    assert!(ann.screen().contains("Ann"), "{}", ann.screen());
}

#[test]
fn a_lost_server_is_said_on_the_board_and_in_the_lobby() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir);
    let url = format!("http://{}", server.addr);
    let mut ann = Client::at(&url, "Ann");
    ann.keys(&[Key::Char('n'), Key::Char('b')]);
    ann.until(Duration::from_secs(20), "the welcome", |app| {
        app.game().is_some_and(|g| !g.legal().is_empty())
    });
    server.kill();
    let end = Instant::now() + Duration::from_secs(20);
    while !ann.screen().contains("Disconnected") {
        assert!(Instant::now() < end, "the loss not said\n{}", ann.screen());
        ann.tick();
    }
    assert!(ann.screen().contains("r reconnects"), "{}", ann.screen());
    // Nothing can be played meanwhile, and r says why it cannot reconnect.
    assert!(ann.app.game().unwrap().legal().is_empty());
    ann.keys(&[Key::Char('r')]);
    assert!(ann.screen().contains("could not open"), "{}", ann.screen());
    ann.keys(&[Key::Char('q')]);
    let note = ann
        .app
        .lobby()
        .unwrap()
        .note()
        .unwrap_or_default()
        .to_string();
    assert!(note.contains("could not reach"), "{note}");
}

#[test]
fn a_whole_online_tower_of_babel_game_with_a_server_hint() {
    let dir = tempfile::tempdir().unwrap();
    let server = server(&dir);
    let url = format!("http://{}", server.addr);
    let mut ann = Client::at(&url, "Ann");
    // n, then t: a Tower of Babel table, the one seat Ann's.
    ann.keys(&[Key::Char('n'), Key::Char('t')]);
    assert!(ann.app.game().is_some(), "{}", ann.screen());
    ann.until(Duration::from_secs(20), "the welcome", |app| {
        !app.game().unwrap().legal().is_empty()
    });
    // h: the server's hint (counted on the table, B-7).
    ann.keys(&[Key::Char('h')]);
    ann.until(Duration::from_secs(30), "the hint", |app| {
        !app.game().unwrap().legal().is_empty()
    });
    assert!(ann.screen().contains("hint: "), "{}", ann.screen());
    // The first legal step each time (B5, B6).
    let typed = type_first_legal_until_over(&mut ann, Duration::from_secs(120), || {});
    // B1: 24 tiles, each drawn once.
    assert!(typed >= 24, "{typed} steps");
    let result = ann.app.game().unwrap().outcome().unwrap();
    assert!(result.starts_with("Game over: "), "{result}");
    let (table, _) = the_finished_table(&url, "babel");
    assert_eq!(table["seats"][0]["hints"], 1, "{table}");
}
