//! The one outbox (issue #43): each kind of change a table makes (a
//! seat's action, a resignation, a draw offered and accepted, a draw a bot
//! answers, a fallen flag, an abandoned seat, a bot's action) is stored,
//! then acknowledged to whoever asked and told once to every connection;
//! a commit that fails acknowledges nothing and tells nobody anything.
//! A table task driven by hand, over a real SQLite store, without a
//! socket: its connections are the bounded queues a socket's writer reads.

use super::commands::{Command, ConnHandle, Kick, Request};
use super::hub::{Hub, HubParts};
use super::open::ResumeExtras;
use super::outlet::Outlet;
use super::task::{Connection, TableTask};
use crate::config::Limits;
use crate::protocol::{ClockSpec, CreateTable, SeatSpec};
use crate::store::Store;
use serde_json::Value;
use stackyard_core::{Decision, Seat, Seed, Viewer};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A table of Towers with `seats`, built by hand (its own task is not
/// running: the test drives it). Its database's folder goes when the test
/// drops the second half.
async fn table(
    seats: Vec<SeatSpec>,
    clock: Option<ClockSpec>,
    limits: Limits,
) -> (TableTask, tempfile::TempDir) {
    let dir = tempfile::Builder::new()
        .prefix("stackyard-outbox-")
        .tempdir()
        .unwrap();
    let store = Store::open(dir.path().join("db.sqlite").to_str().unwrap())
        .await
        .unwrap();
    let registry = stackyard_registry::registry();
    let daily = crate::dailies::Dailies::load(&registry, &store, &[])
        .await
        .unwrap();
    let hub = Hub::new(HubParts {
        registry,
        store,
        limits,
        daily,
        cluster: None,
    });
    let spec = CreateTable {
        game: "towers".into(),
        settings: None,
        seats: Some(seats),
        clock,
        rated: false,
        seed: Some(7),
    };
    // The task `create` starts waits for its seats, which only the task
    // built here from the same stored table fills.
    let id = hub.create(spec, "tester").await.unwrap().id;
    let stored = hub.store.unfinished_table(&id).await.unwrap().unwrap();
    let extras = ResumeExtras {
        timer_steps: Vec::new(),
        hints: Vec::new(),
        daily: None,
    };
    (hub.rebuild_task(stored, extras).unwrap(), dir)
}

/// A connection's queue as its socket's writer would read it.
struct Conn {
    id: u64,
    seat: Seat,
    rx: Arc<Outlet>,
}

impl Conn {
    /// Every message queued so far, parsed.
    fn drain(&mut self) -> Vec<Value> {
        let mut seen = Vec::new();
        while let Some(text) = self.rx.pop() {
            seen.push(serde_json::from_str(text.as_str()).unwrap());
        }
        seen
    }
}

/// Seats a person at every person's seat and connects each.
async fn seat_everyone(task: &mut TableTask, persons: &[usize]) -> Vec<Conn> {
    let mut conns = Vec::new();
    for &s in persons {
        task.join(Some(s), Some(format!("player {s}")), None)
            .await
            .unwrap();
        let rx = Outlet::new(None, 64);
        let id = task.hub.conn_id();
        let seat = Seat(s as u8);
        task.conns.push(Connection {
            handle: ConnHandle {
                id,
                out: rx.clone(),
                kick: Arc::new(Kick::default()),
            },
            viewer: Viewer::Seat(seat),
        });
        task.core.connected(seat);
        conns.push(Conn { id, seat, rx });
    }
    for conn in &mut conns {
        conn.drain();
    }
    conns
}

fn of_type<'a>(seen: &'a [Value], kind: &str) -> Vec<&'a Value> {
    seen.iter().filter(|m| m["type"] == kind).collect()
}

/// A legal action for `seat` now (the greedy bot's choice).
fn legal(task: &TableTask, seat: Seat) -> Value {
    let kind = task.hub.kind("towers").unwrap();
    let mut bot = kind
        .bot("greedy", seat, Seed(1), &kind.default_settings())
        .unwrap();
    let view = task.core.game().view(Viewer::Seat(seat));
    bot.decide(&view, task.core.game().now())
        .unwrap()
        .unwrap()
        .action
}

/// Asks `request` of the table from `conn` and waits until what it
/// changed is stored and told.
async fn ask(task: &mut TableTask, conn: &Conn, id: u64, request: Request) {
    task.client(conn.id, conn.seat, id, request, Instant::now())
        .await;
    task.settle().await;
}

/// What a stored change tells: the asker one acknowledgement of `id`
/// (none when nobody asked), every connection `kind` once.
fn told_once(conns: &mut [Conn], asker: Option<(u64, u64)>, kind: &str) -> Vec<Vec<Value>> {
    let mut all = Vec::new();
    for conn in conns.iter_mut() {
        let seen = conn.drain();
        let acks = of_type(&seen, "ack");
        match asker {
            Some((who, id)) if who == conn.id => {
                assert_eq!(acks.len(), 1, "one acknowledgement: {seen:?}");
                assert_eq!(acks[0]["id"], id, "{seen:?}");
            }
            _ => assert!(acks.is_empty(), "no one else is acknowledged: {seen:?}"),
        }
        assert_eq!(of_type(&seen, kind).len(), 1, "{kind} once: {seen:?}");
        assert!(of_type(&seen, "error").is_empty(), "{seen:?}");
        all.push(seen);
    }
    all
}

fn limits() -> Limits {
    Limits::default()
}

#[tokio::test]
async fn an_action_is_stored_then_acknowledged_and_told_once() {
    let (mut task, _dir) = table(vec![SeatSpec::Person; 2], None, limits()).await;
    let mut conns = seat_everyone(&mut task, &[0, 1]).await;
    let action = legal(&task, Seat(0));
    ask(&mut task, &conns[0], 1, Request::Act(action)).await;
    let asker = Some((conns[0].id, 1));
    told_once(&mut conns, asker, "step");
    let stored = task.hub.store.action_count(&task.id).await.unwrap();
    assert_eq!(stored, 1, "the action is stored");
}

#[tokio::test]
async fn a_resignation_is_stored_then_acknowledged_and_told_once() {
    let (mut task, _dir) = table(vec![SeatSpec::Person; 2], None, limits()).await;
    let mut conns = seat_everyone(&mut task, &[0, 1]).await;
    ask(&mut task, &conns[1], 4, Request::Resign).await;
    let asker = Some((conns[1].id, 4));
    for seen in told_once(&mut conns, asker, "step") {
        assert!(!of_type(&seen, "step")[0]["ended"].is_null(), "{seen:?}");
    }
    let stored = task.hub.store.unfinished_table(&task.id).await.unwrap();
    assert!(stored.is_none(), "the table is stored finished");
}

#[tokio::test]
async fn a_draw_offer_and_its_acceptance_each_go_through_once() {
    let (mut task, _dir) = table(vec![SeatSpec::Person; 2], None, limits()).await;
    let mut conns = seat_everyone(&mut task, &[0, 1]).await;
    let (asker_0, asker_1) = (conns[0].id, conns[1].id);
    ask(&mut task, &conns[0], 2, Request::OfferDraw).await;
    told_once(&mut conns, Some((asker_0, 2)), "draw_offered");
    ask(&mut task, &conns[1], 3, Request::AcceptDraw).await;
    told_once(&mut conns, Some((asker_1, 3)), "step");
    assert!(task.core.is_over());
}

#[tokio::test]
async fn a_draw_a_bot_answers_is_told_once_after_it_is_stored() {
    // T-8: a bot answers at once; at the start the game is level and it
    // accepts, so the answer and the ending step go out together.
    let kind = stackyard_registry::registry();
    let level = super::online::bounded_level(kind.get("towers").unwrap()).unwrap();
    let seats = vec![SeatSpec::Person, SeatSpec::Bot { level }];
    let (mut task, _dir) = table(seats, None, limits()).await;
    let mut conns = seat_everyone(&mut task, &[0]).await;
    let asker_0 = conns[0].id;
    ask(&mut task, &conns[0], 5, Request::OfferDraw).await;
    let seen = told_once(&mut conns, Some((asker_0, 5)), "draw_answered");
    assert_eq!(of_type(&seen[0], "step").len(), 1, "{seen:?}");
    let stored = task.hub.store.unfinished_table(&task.id).await.unwrap();
    assert!(stored.is_none(), "the agreed draw is stored");
}

#[tokio::test]
async fn a_fallen_flag_is_stored_then_told_once_to_everyone() {
    let clock = ClockSpec {
        initial_ms: 20,
        increment_ms: 0,
    };
    let (mut task, _dir) = table(vec![SeatSpec::Person; 2], Some(clock), limits()).await;
    let mut conns = seat_everyone(&mut task, &[0, 1]).await;
    tokio::time::sleep(Duration::from_millis(60)).await;
    task.tick().await;
    task.settle().await;
    for seen in told_once(&mut conns, None, "step") {
        let ended = &of_type(&seen, "step")[0]["ended"];
        assert!(ended.to_string().contains("timed_out"), "{seen:?}");
    }
    assert!(task.core.is_over());
}

#[tokio::test]
async fn an_abandoned_seat_is_stored_then_told_once_to_those_left() {
    let limits = Limits {
        abandon_after: Duration::from_millis(20),
        ..Limits::default()
    };
    let (mut task, _dir) = table(vec![SeatSpec::Person; 2], None, limits).await;
    let mut conns = seat_everyone(&mut task, &[0, 1]).await;
    let gone = conns.pop().unwrap().id;
    task.retain_conns(|c| c.handle.id != gone);
    conns[0].drain();
    tokio::time::sleep(Duration::from_millis(60)).await;
    task.tick().await;
    task.settle().await;
    for seen in told_once(&mut conns, None, "step") {
        let ended = &of_type(&seen, "step")[0]["ended"];
        assert!(ended.to_string().contains("abandoned"), "{seen:?}");
    }
}

#[tokio::test]
async fn a_bots_action_is_stored_then_told_once() {
    let kind = stackyard_registry::registry();
    let level = super::online::bounded_level(kind.get("towers").unwrap()).unwrap();
    let seats = vec![SeatSpec::Person, SeatSpec::Bot { level }];
    let (mut task, _dir) = table(seats, None, limits()).await;
    let mut conns = seat_everyone(&mut task, &[0]).await;
    let asker_0 = conns[0].id;
    let mut inbox = task.inbox.take().unwrap();
    let action = legal(&task, Seat(0));
    ask(&mut task, &conns[0], 1, Request::Act(action)).await;
    told_once(&mut conns, Some((asker_0, 1)), "step");
    // The bot looked once the action was stored; its decision comes back
    // as the task's inbox would bring it, taken at once.
    let Some(Command::BotDecided {
        seat,
        bot,
        decision,
        looked_at,
    }) = inbox.recv().await
    else {
        panic!("the bot decides");
    };
    let decision = decision.map(|d| Decision {
        action: d.action,
        think_ms: 0,
    });
    let now = task.now();
    task.core
        .decided(Seat(seat as u8), bot, looked_at, now, decision);
    task.tick().await;
    task.settle().await;
    told_once(&mut conns, None, "step");
    let stored = task.hub.store.action_count(&task.id).await.unwrap();
    assert_eq!(stored, 2, "both actions are stored");
}

#[tokio::test]
async fn a_failed_commit_acknowledges_nothing_and_tells_nobody() {
    let (mut task, _dir) = table(vec![SeatSpec::Person; 2], None, limits()).await;
    let mut conns = seat_everyone(&mut task, &[0, 1]).await;
    // Whatever the database's trouble, the action's commit fails.
    sqlx::query("CREATE TRIGGER no_actions BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'refused'); END")
        .execute(task.hub.store.pool())
        .await
        .unwrap();
    let action = legal(&task, Seat(0));
    ask(&mut task, &conns[0], 9, Request::Act(action)).await;
    let asker = conns[0].drain();
    assert_eq!(
        asker.len(),
        1,
        "only that it could not be stored: {asker:?}"
    );
    assert_eq!(asker[0]["type"], "error", "{asker:?}");
    assert_eq!(asker[0]["id"], 9, "{asker:?}");
    assert_eq!(
        conns[1].drain(),
        Vec::<Value>::new(),
        "the other seat hears nothing"
    );
    assert!(task.broken, "the table halts");
    // A halted table takes no other change: a resignation is refused,
    // nothing is told.
    ask(&mut task, &conns[1], 10, Request::Resign).await;
    let refused = conns[1].drain();
    assert_eq!(of_type(&refused, "error").len(), 1, "{refused:?}");
    assert!(of_type(&refused, "step").is_empty(), "{refused:?}");
    assert_eq!(conns[0].drain(), Vec::<Value>::new());
}

#[tokio::test]
async fn a_failed_timer_commit_tells_nobody() {
    let clock = ClockSpec {
        initial_ms: 20,
        increment_ms: 0,
    };
    let (mut task, _dir) = table(vec![SeatSpec::Person; 2], Some(clock), limits()).await;
    let mut conns = seat_everyone(&mut task, &[0, 1]).await;
    sqlx::query("CREATE TRIGGER no_updates BEFORE UPDATE ON game_tables BEGIN SELECT RAISE(ABORT, 'refused'); END")
        .execute(task.hub.store.pool())
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(60)).await;
    task.tick().await;
    task.settle().await;
    for conn in &mut conns {
        assert_eq!(conn.drain(), Vec::<Value>::new(), "nobody hears of it");
    }
    assert!(task.broken, "the table halts");
}
