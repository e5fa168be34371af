//! Hidden information never leaves the server to anyone who may not know
//! it, checked on every frame real clients receive — welcomes, steps, acks,
//! errors, hints — against each game's own knowledge of what is hidden:
//! Tower of Babel's undrawn order (B8), and in Speedy Towers the tiles face
//! down in another seat's pile and every seat's own secrets (P-9). The
//! truth comes from replaying the finished record with the typed game,
//! version by version, so a frame is judged by what was hidden when it was
//! sent.

mod common;

use common::*;
use serde_json::{Value, json};
use stackyard_babel::{Babel, Tile};
use stackyard_core::{Driver, Game, GameTime, Record, Seat, Seed, Viewer};
use stackyard_speedy::SpeedyTowers;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// A server whose clients may send as fast as their bots play, and its
/// folder: hold both for the test's length (a folder dropped early is
/// deleted under the running server, whose next SQLite connection then
/// cannot open its file).
fn server(name: &str) -> (stackyard_server::Background, TestDir) {
    let dir = temp_dir(name);
    let limits = stackyard_server::Limits {
        tables_per_client: 1000,
        messages_per_second: 1000.0,
        message_burst: 1000.0,
        ..stackyard_server::Limits::default()
    };
    (start_with(&db_url(&dir), limits), dir)
}

/// A seed no frame could contain by chance.
const SEED: u64 = 86_753_094_242_424_241;

/// Every frame one connection received, in order.
type Frames = Vec<Value>;

/// Plays `seat` with the game's first bot level until the game ends,
/// asking for a hint every few actions and sending one action the rules
/// refuse; returns every frame received.
async fn play_and_collect(
    addr: std::net::SocketAddr,
    table: String,
    token: String,
    seat: usize,
    game: &'static str,
) -> Frames {
    let (mut client, welcome) = Client::connect(addr, &table, Some(&token)).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    let registry = stackyard_registry::registry();
    let kind = registry.get(game).unwrap();
    let level = kind.bot_levels()[0].name.clone();
    let mut bot = kind
        .bot(
            &level,
            Seat(seat as u8),
            Seed(seat as u64 + 5),
            &welcome["table"]["settings"],
        )
        .unwrap();
    let mut view = welcome["view"].clone();
    let mut to_act = welcome["to_act"].clone();
    let mut frames = vec![welcome];
    // The id of the action awaiting its answer: replies are matched by id,
    // not by what their text happens to say.
    let mut in_flight: Option<u64> = None;
    let mut sent = 0;
    let started = Instant::now();
    let mut last_ping = Instant::now();
    loop {
        if in_flight.is_none() && may_act(&to_act, seat) {
            sent += 1;
            if sent % 7 == 3 {
                client.request("hint").await;
            }
            if sent == 2 {
                // Refused by the rules or as malformed: an error frame.
                client
                    .act(json!({"type": "move", "from": 200, "gap": 2}))
                    .await;
            }
            let now = GameTime::from_millis(started.elapsed().as_millis() as u64);
            if let Some(d) = bot.decide(&view, now).unwrap() {
                // The bot's own pace (a refused real-time action is tried
                // again after it, not at once).
                tokio::time::sleep(Duration::from_millis(d.think_ms.clamp(20, 300))).await;
                in_flight = Some(client.act(d.action).await);
            }
        }
        if last_ping.elapsed() > Duration::from_secs(20) {
            client.request("ping").await;
            last_ping = Instant::now();
        }
        // Real-time bots may wait for their moment: ask again now and then.
        let Ok(msg) = tokio::time::timeout(Duration::from_millis(250), client.next()).await else {
            continue;
        };
        let msg = msg.expect("open until the end");
        let answers = in_flight.is_some() && msg["id"].as_u64() == in_flight;
        match msg["type"].as_str().unwrap() {
            "ack" if answers => {
                in_flight = None;
                to_act = Value::Null; // its step follows
            }
            "error" if answers => in_flight = None,
            "step" => {
                view = msg["view"].clone();
                to_act = msg["to_act"].clone();
            }
            _ => {}
        }
        let over = msg["type"] == "step" && !msg["outcome"].is_null();
        frames.push(msg);
        if over {
            return frames;
        }
    }
}

/// Watches as a spectator until the game ends (trying to act once).
async fn watch(addr: std::net::SocketAddr, table: String) -> Frames {
    let (mut client, welcome) = Client::connect(addr, &table, None).await;
    assert_eq!(welcome["viewer"], json!({"type": "spectator"}));
    client.act(json!({"type": "draw"})).await;
    let mut frames = vec![welcome];
    let mut last_ping = Instant::now();
    loop {
        if last_ping.elapsed() > Duration::from_secs(20) {
            client.request("ping").await;
            last_ping = Instant::now();
        }
        let Ok(msg) = tokio::time::timeout(Duration::from_secs(1), client.next()).await else {
            continue;
        };
        let msg = msg.expect("open until the end");
        let over = msg["type"] == "step" && !msg["outcome"].is_null();
        frames.push(msg);
        if over {
            return frames;
        }
    }
}

/// The version a connection had reached at each of its frames.
fn versions(frames: &[Value]) -> Vec<u64> {
    let mut current = 0;
    frames
        .iter()
        .map(|f| {
            if let Some(v) = f["version"].as_u64() {
                current = v;
            }
            current
        })
        .collect()
}

/// Every tile code named anywhere in `json`, except under the key `skip`.
fn tiles_in(json: &Value, skip: &str, out: &mut Vec<Tile>) {
    match json {
        Value::String(s) => {
            if let Ok(t) = s.parse::<Tile>() {
                out.push(t);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| tiles_in(v, skip, out)),
        Value::Object(map) => {
            for (k, v) in map {
                if k != skip {
                    tiles_in(v, skip, out);
                }
            }
        }
        _ => {}
    }
}

/// Babel: the tiles still undrawn after each version (B8), from the record.
fn babel_undrawn_by_version(record: &Value) -> Vec<BTreeSet<Tile>> {
    let record: Record<<Babel as Game>::Settings, <Babel as Game>::Action> =
        serde_json::from_value(record.clone()).unwrap();
    let mut driver = Driver::<Babel>::new(record.settings.clone(), record.seed).unwrap();
    let undrawn = |d: &Driver<Babel>| {
        d.game().order()[d.game().drawn().len()..]
            .iter()
            .copied()
            .collect::<BTreeSet<_>>()
    };
    let mut by_version = vec![undrawn(&driver)];
    for entry in &record.actions {
        let step = driver.act(entry.seat, entry.action, entry.at).unwrap();
        by_version.resize(step.version as usize + 1, undrawn(&driver));
        by_version[step.version as usize] = undrawn(&driver);
    }
    by_version
}

fn check_babel_frames(who: &str, frames: &[Value], undrawn: &[BTreeSet<Tile>]) {
    for (frame, v) in frames.iter().zip(versions(frames)) {
        let text = frame.to_string();
        assert!(
            !text.contains(&SEED.to_string()),
            "{who} was sent the seed: {text}"
        );
        let hidden = &undrawn[(v as usize).min(undrawn.len() - 1)];
        let mut named = Vec::new();
        tiles_in(frame, "undrawn_tiles", &mut named);
        for t in named {
            assert!(
                !hidden.contains(&t),
                "{who} was told of {t}, undrawn at version {v}: {text}"
            );
        }
        // What is still to come is shown only as the set, in index order.
        if let Some(shown) = frame["view"]["undrawn_tiles"].as_array() {
            let shown: Vec<Tile> = shown
                .iter()
                .map(|t| t.as_str().unwrap().parse().unwrap())
                .collect();
            let mut sorted = shown.clone();
            sorted.sort();
            assert_eq!(
                shown, sorted,
                "{who}: the undrawn set must not show the order"
            );
        }
    }
}

#[test]
fn no_frame_of_a_babel_table_names_an_undrawn_tile_or_the_seed() {
    let (server, _dir) = server("leak-babel");
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = create(addr, json!({"game": "babel", "seed": SEED})).await;
        let watcher = tokio::spawn(watch(addr, table.clone()));
        tokio::time::sleep(Duration::from_millis(100)).await;
        let (_, token) = join(addr, &table, "Ada").await;
        let player = play_and_collect(addr, table.clone(), token, 0, "babel").await;
        let spectator = tokio::time::timeout(Duration::from_secs(30), watcher)
            .await
            .unwrap()
            .unwrap();
        assert!(
            player.iter().any(|f| f["type"] == "hint"),
            "the player asked for hints"
        );
        assert!(
            player.iter().any(|f| f["type"] == "error"),
            "the player was refused once"
        );
        assert!(
            spectator
                .iter()
                .any(|f| f["type"] == "error" && f["kind"] == "not_your_seat")
        );
        assert!(
            spectator.iter().all(|f| f["type"] != "hint"),
            "hints go to the seat that asked"
        );
        let record = get(addr, &format!("/api/v1/tables/{table}/record")).await;
        assert_eq!(record["seed"], SEED);
        let undrawn = babel_undrawn_by_version(&record);
        assert!(
            undrawn[0].len() == 24,
            "the truth starts with every tile undrawn"
        );
        check_babel_frames("the player", &player, &undrawn);
        check_babel_frames("the spectator", &spectator, &undrawn);
    });
}

/// Speedy Towers: per version, the cards of tiles face down in each seat's
/// pile that have never been face up by then (nobody but that seat's own
/// hand, as a set, may name them).
fn speedy_hidden_by_version(record: &Value) -> Vec<Vec<BTreeSet<String>>> {
    let record: Record<<SpeedyTowers as Game>::Settings, <SpeedyTowers as Game>::Action> =
        serde_json::from_value(record.clone()).unwrap();
    let mut driver = Driver::<SpeedyTowers>::new(record.settings.clone(), record.seed).unwrap();
    let seats = driver.game().seats();
    let mut ever_up = BTreeSet::new();
    let hidden = |d: &Driver<SpeedyTowers>, ever_up: &mut BTreeSet<u8>| -> Vec<BTreeSet<String>> {
        let g = d.game();
        (0..seats)
            .map(|s| {
                let pile = g.pile(Seat(s as u8)).cloned().unwrap_or_default();
                if let Some(up) = pile.face_up {
                    ever_up.insert(serde_json::to_value(up).unwrap().as_u64().unwrap() as u8);
                }
                pile.face_down
                    .iter()
                    .filter(|id| {
                        !ever_up
                            .contains(&(serde_json::to_value(id).unwrap().as_u64().unwrap() as u8))
                    })
                    .filter_map(|id| g.piece(*id)?.card())
                    .map(|c| serde_json::to_string(&c).unwrap())
                    .collect()
            })
            .collect()
    };
    let mut by_version = vec![hidden(&driver, &mut ever_up)];
    for entry in &record.actions {
        let step = driver.act(entry.seat, entry.action, entry.at).unwrap();
        let now = hidden(&driver, &mut ever_up);
        by_version.resize(step.version as usize + 1, now.clone());
        by_version[step.version as usize] = now;
    }
    by_version
}

/// Every `card` named in `json` outside the viewer's own hand, and every
/// `hand` and list of face-down cards found, as (path, value).
fn speedy_secrets(
    json: &Value,
    path: &str,
    cards: &mut Vec<String>,
    hands: &mut Vec<(String, Value)>,
) {
    match json {
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                speedy_secrets(v, &format!("{path}/{i}"), cards, hands);
            }
        }
        Value::Object(map) => {
            for (k, v) in map {
                let here = format!("{path}/{k}");
                if k == "hand" && !v.is_null() {
                    hands.push((here.clone(), v.clone()));
                    continue; // judged as a whole below
                }
                if k == "face_down" && v.is_array() {
                    hands.push((here.clone(), v.clone()));
                }
                if k == "card" && v.get("suit").is_some() {
                    cards.push(v.to_string());
                }
                speedy_secrets(v, &here, cards, hands);
            }
        }
        _ => {}
    }
}

fn check_speedy_frames(viewer: Viewer, frames: &[Value], hidden: &[Vec<BTreeSet<String>>]) {
    for (frame, v) in frames.iter().zip(versions(frames)) {
        let text = frame.to_string();
        assert!(
            !text.contains(&SEED.to_string()),
            "{viewer:?} was sent the seed"
        );
        let mut cards = Vec::new();
        let mut hands = Vec::new();
        speedy_secrets(frame, "", &mut cards, &mut hands);
        // A hand (and a list of face-down cards) only ever the viewer's own.
        for (path, hand) in &hands {
            let own = matches!(viewer, Viewer::Seat(s) if path.ends_with("/hand") && hand["seat"] == s.index());
            assert!(own, "{viewer:?} was sent {path} = {hand} at version {v}");
        }
        // No face of a tile face down in another seat's pile.
        let hidden = &hidden[(v as usize).min(hidden.len() - 1)];
        for (s, secret) in hidden.iter().enumerate() {
            if viewer == Viewer::Seat(Seat(s as u8)) {
                continue;
            }
            for card in &cards {
                assert!(
                    !secret.contains(card),
                    "{viewer:?} was shown {card}, face down in seat {s}'s pile at version {v}"
                );
            }
        }
    }
}

#[test]
fn no_frame_of_a_speedy_table_shows_a_face_down_tile_or_another_hand() {
    let (server, _dir) = server("leak-speedy");
    let addr = server.addr;
    client_runtime().block_on(async move {
        let table = create(
            addr,
            json!({"game": "speedy", "settings": {"players": 2}, "seed": SEED}),
        )
        .await;
        let watcher = tokio::spawn(watch(addr, table.clone()));
        tokio::time::sleep(Duration::from_millis(100)).await;
        let (_, t0) = join(addr, &table, "Ada").await;
        let (_, t1) = join(addr, &table, "Brian").await;
        let a = tokio::spawn(play_and_collect(addr, table.clone(), t0, 0, "speedy"));
        let b = tokio::spawn(play_and_collect(addr, table.clone(), t1, 1, "speedy"));
        let limit = Duration::from_secs(300);
        let ada = tokio::time::timeout(limit, a)
            .await
            .expect("the game ends")
            .unwrap();
        let brian = tokio::time::timeout(limit, b)
            .await
            .expect("the game ends")
            .unwrap();
        let spectator = tokio::time::timeout(limit, watcher)
            .await
            .expect("the game ends")
            .unwrap();
        let record = get(addr, &format!("/api/v1/tables/{table}/record")).await;
        let hidden = speedy_hidden_by_version(&record);
        assert!(
            hidden[0].iter().all(|s| !s.is_empty()),
            "every pile starts with hidden tiles"
        );
        // The seats saw their own hands: the checks below have teeth.
        assert!(ada.iter().any(|f| f["view"]["hand"]["seat"] == 0));
        check_speedy_frames(Viewer::Seat(Seat(0)), &ada, &hidden);
        check_speedy_frames(Viewer::Seat(Seat(1)), &brian, &hidden);
        check_speedy_frames(Viewer::Spectator, &spectator, &hidden);
    });
}
