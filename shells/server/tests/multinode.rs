//! Several `stackyard serve` processes over one real PostgreSQL (issue
//! #28): one service whichever node a client reaches, no acknowledged
//! action lost when a node dies, stalls or restarts, and never two nodes
//! acknowledging an action of one table.
//!
//! Run through `scripts/with-postgres` (it sets `STACKYARD_TEST_POSTGRES`),
//! with the `stackyard` binary built (`cargo build -p stackyard`; found
//! next to this test's executable, or at `STACKYARD_BIN`). Each test has
//! a database of its own in the cluster, so that no other test's node
//! takes its tables over. Leases are 1.5 s here (10 s by default).

mod common;

use common::{Client, Node, binary, fresh_database, get, http, postgres_url};
use futures_util::StreamExt;
use serde_json::{Value, json};
use stackyard_core::host::HostedBot;
use stackyard_core::{GameTime, Seat, Seed};
use std::net::SocketAddr;
use std::process::Command;
use std::time::{Duration, Instant};

/// The nodes' lease here (10 s by default).
const LEASE_MS: u64 = 1500;
/// What every node here is started with: leases of [`LEASE_MS`] and room
/// for many tables a client.
const FAST: [&str; 4] = ["--lease-ms", "1500", "--tables-per-client", "1000"];

fn runtime() -> tokio::runtime::Runtime {
    common::client_runtime()
}

fn bot(seat: usize, settings: &Value) -> Box<dyn HostedBot> {
    stackyard_registry::registry()
        .get("towers")
        .unwrap()
        .bot("greedy", Seat(seat as u8), Seed(seat as u64 + 11), settings)
        .unwrap()
}

/// Connects and says hello, again and again while the table is between
/// nodes (a relay to a dead node answers 503 until its lease lapses).
async fn connect(addr: SocketAddr, table: &str, token: Option<&str>) -> (Client, Value) {
    let started = Instant::now();
    loop {
        let url = format!("ws://{addr}/api/v1/tables/{table}/ws");
        if let Ok(Ok((socket, _))) = tokio::time::timeout(
            Duration::from_secs(5),
            tokio_tungstenite::connect_async(url),
        )
        .await
        {
            let mut client = Client::from_socket(socket);
            client
                .send_json(json!({"type": "hello", "protocol": 1, "token": token, "since": null}))
                .await;
            if let Ok(Some(first)) =
                tokio::time::timeout(Duration::from_secs(5), client.next()).await
                && first["type"] == "welcome"
            {
                return (client, first);
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "table {table} not served through {addr} within 20 s"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Both seats connected through `addr`.
struct Seats {
    clients: Vec<Client>,
    views: Vec<Value>,
    to_act: Value,
    settings: Value,
    over: bool,
    actions: u64,
}

async fn seats(addr: SocketAddr, table: &str, tokens: &[String]) -> Seats {
    let mut clients = Vec::new();
    let mut views = Vec::new();
    let mut welcome = Value::Null;
    for token in tokens {
        let (client, w) = connect(addr, table, Some(token)).await;
        clients.push(client);
        views.push(w["view"].clone());
        welcome = w;
    }
    Seats {
        clients,
        views,
        to_act: welcome["to_act"].clone(),
        settings: welcome["table"]["settings"].clone(),
        over: welcome["table"]["status"] == "finished",
        actions: welcome["table"]["actions"].as_u64().unwrap(),
    }
}

impl Seats {
    /// Plays up to `moves` actions, each acknowledged and its step seen by
    /// both seats; returns how many were acknowledged.
    async fn play(&mut self, moves: usize) -> usize {
        let mut acked = 0;
        while acked < moves && !self.over {
            let seat = self.to_act["seat"].as_u64().expect("a seat to act") as usize;
            let action = bot(seat, &self.settings)
                .decide(&self.views[seat], GameTime::ZERO)
                .unwrap()
                .unwrap()
                .action;
            self.clients[seat].act(action).await;
            self.clients[seat].next_of("ack").await;
            acked += 1;
            self.actions += 1;
            for s in 0..self.clients.len() {
                let step = self.clients[s].next_of("step").await;
                self.views[s] = step["view"].clone();
                self.to_act = step["to_act"].clone();
                self.over = !step["outcome"].is_null();
            }
        }
        acked
    }
}

async fn towers_table(addr: SocketAddr) -> (String, Vec<String>) {
    let table = common::create(addr, json!({"game": "towers"})).await;
    let (_, t0) = common::join(addr, &table, "Ada").await;
    let (_, t1) = common::join(addr, &table, "Brian").await;
    (table, vec![t0, t1])
}

#[test]
fn a_table_made_on_one_node_is_listed_watched_and_played_through_another() {
    let Some(url) = postgres_url() else { return };
    let rt = runtime();
    let db = rt.block_on(fresh_database(&url, "one_service"));
    let a = Node::start_with(&db, &FAST);
    let b = Node::start_with(&db, &FAST);
    let (a, b) = (a.addr, b.addr);
    rt.block_on(async move {
        let table = common::create(a, json!({"game": "towers"})).await;
        // B's lobby lists it (told over LISTEN/NOTIFY), and B answers for it.
        let started = Instant::now();
        loop {
            let listed = get(b, "/api/v1/tables?status=open").await;
            if listed
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["id"] == table.as_str())
            {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "B never listed {table}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(
            get(b, &format!("/api/v1/tables/{table}")).await["id"],
            table.as_str()
        );
        // Spectators on both nodes; both seats join and play through B.
        let (mut watch_a, welcome) = connect(a, &table, None).await;
        assert_eq!(welcome["viewer"], json!({"type": "spectator"}));
        let (mut watch_b, _) = connect(b, &table, None).await;
        let (_, t0) = common::join(b, &table, "Ada").await;
        let (_, t1) = common::join(b, &table, "Brian").await;
        let mut seats = seats(b, &table, &[t0, t1]).await;
        let acked = seats.play(400).await;
        assert!(seats.over, "the game ended");
        // Both spectators saw every step, to the last one.
        for watcher in [&mut watch_a, &mut watch_b] {
            let mut steps = 0;
            loop {
                let m = watcher.next().await.expect("the spectator's stream");
                if m["type"] == "step" {
                    steps += 1;
                    if !m["outcome"].is_null() {
                        break;
                    }
                }
            }
            assert!(steps >= acked, "{steps} steps seen of {acked} actions");
        }
        let summary = get(a, &format!("/api/v1/tables/{table}")).await;
        assert_eq!(summary["status"], "finished");
        assert_eq!(summary["actions"].as_u64(), Some(acked as u64));
        let record = get(b, &format!("/api/v1/tables/{table}/record")).await;
        assert_eq!(record["actions"].as_array().unwrap().len(), acked);
    });
}

/// The `stackyard_connections` gauge of a node: its open WebSockets.
async fn websockets(addr: SocketAddr) -> u64 {
    let (status, text) = http(addr, "GET", "/metrics", None).await;
    assert_eq!(status, 200);
    text.lines()
        .find_map(|l| l.strip_prefix("stackyard_connections "))
        .and_then(|n| n.trim().parse::<f64>().ok())
        .map_or(0, |n| n as u64)
}

/// A step as a spectator compares it: everything but the clocks (read
/// at each node's own moment).
fn step_seen(m: &Value) -> Value {
    json!([
        m["version"],
        m["events"],
        m["view"],
        m["to_act"],
        m["ended"],
        m["outcome"]
    ])
}

#[test]
fn a_spectator_on_another_node_is_served_there_with_the_owners_steps() {
    let Some(url) = postgres_url() else { return };
    let rt = runtime();
    let db = rt.block_on(fresh_database(&url, "mirror"));
    let a = Node::start_with(&db, &FAST);
    let b = Node::start_with(&db, &FAST);
    let (a, b) = (a.addr, b.addr);
    rt.block_on(async move {
        // Owned by B; seats play on B; one spectator on each node.
        let (table, tokens) = towers_table(b).await;
        let (mut watch_a, welcome_a) = connect(a, &table, None).await;
        let (mut watch_b, welcome_b) = connect(b, &table, None).await;
        assert_eq!(welcome_a["viewer"], json!({"type": "spectator"}));
        assert_eq!(welcome_a["view"], welcome_b["view"]);
        assert_eq!(welcome_a["version"], welcome_b["version"]);
        let mut seats = seats(b, &table, &tokens).await;
        // A's spectator is served by A: B holds the two seats and its
        // own spectator, not A's.
        assert_eq!(
            websockets(b).await,
            3,
            "B's WebSockets: two seats and B's spectator"
        );
        assert_eq!(websockets(a).await, 1, "A's WebSocket: its spectator");
        let acked = seats.play(400).await;
        assert!(seats.over, "the game ended");
        let mut seen: [Vec<Value>; 2] = [Vec::new(), Vec::new()];
        for (watcher, seen) in [&mut watch_a, &mut watch_b]
            .into_iter()
            .zip(seen.iter_mut())
        {
            loop {
                let m = watcher.next().await.expect("the spectator's stream");
                if m["type"] == "step" {
                    seen.push(step_seen(&m));
                    if !m["outcome"].is_null() {
                        break;
                    }
                }
            }
        }
        assert_eq!(
            seen[1].len(),
            acked,
            "B's spectator saw a step for each action"
        );
        // Every step, in order, as the owner's own spectator saw it.
        assert_eq!(
            seen[0].len(),
            seen[1].len(),
            "A's spectator saw as many steps"
        );
        for (i, (on_a, on_b)) in seen[0].iter().zip(&seen[1]).enumerate() {
            assert_eq!(on_a, on_b, "step {i} differs between the nodes");
        }
        let versions: Vec<u64> = seen[0].iter().map(|s| s[0].as_u64().unwrap()).collect();
        assert!(
            versions.windows(2).all(|w| w[0] < w[1]),
            "in order: {versions:?}"
        );
    });
}

/// One WebSocket to `table` through `addr` from the local address
/// `from` (another loopback address than the nodes'), with extra request
/// headers; its hello said. `Err` when the connection is refused.
async fn connect_from(
    from: &str,
    addr: SocketAddr,
    table: &str,
    token: Option<&str>,
    headers: &[(&str, &str)],
) -> Result<(Client, Value), String> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket
        .bind(format!("{from}:0").parse().unwrap())
        .map_err(|e| e.to_string())?;
    let stream = socket.connect(addr).await.map_err(|e| e.to_string())?;
    let mut request = format!("ws://{addr}/api/v1/tables/{table}/ws")
        .into_client_request()
        .unwrap();
    for (name, value) in headers {
        let name: tokio_tungstenite::tungstenite::http::HeaderName = name.parse().unwrap();
        request.headers_mut().insert(name, value.parse().unwrap());
    }
    let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    let (socket, _) = tokio::time::timeout(
        Duration::from_secs(5),
        tokio_tungstenite::client_async(request, stream),
    )
    .await
    .map_err(|_| "the upgrade timed out".to_string())?
    .map_err(|e| e.to_string())?;
    let mut client = Client::from_socket(socket);
    client
        .send_json(json!({"type": "hello", "protocol": 1, "token": token, "since": null}))
        .await;
    match tokio::time::timeout(Duration::from_secs(5), client.socket.next()).await {
        Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Text(t)))) => {
            let first: Value = serde_json::from_str(&t).unwrap();
            Ok((client, first))
        }
        other => Err(format!("no first message: {other:?}")),
    }
}

#[test]
fn the_per_address_cap_counts_a_relayed_client_as_itself_and_cannot_be_dodged() {
    let Some(url) = postgres_url() else { return };
    let rt = runtime();
    let db = rt.block_on(fresh_database(&url, "caps"));
    // Three connections an address; the client is 127.0.0.2, the nodes
    // (and so the relays between them) 127.0.0.1.
    let cap = [&FAST[..], &["--connections-per-address", "3"]].concat();
    let a = Node::start_with(&db, &cap);
    let b = Node::start_with(&db, &cap);
    let (a, b) = (a.addr, b.addr);
    const CLIENT: &str = "127.0.0.2";
    rt.block_on(async move {
        let (table, tokens) = towers_table(b).await;
        // Two connections of the client straight to the owner, B.
        let (first, _) = connect_from(CLIENT, b, &table, None, &[]).await.unwrap();
        let (_second, _) = connect_from(CLIENT, b, &table, None, &[]).await.unwrap();
        // A seat through A is relayed to B: B counts it as the client's
        // third, and admits it.
        let (_seat, welcome) = connect_from(CLIENT, a, &table, Some(&tokens[0]), &[])
            .await
            .unwrap();
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        assert_eq!(welcome["viewer"], json!({"type": "seat", "seat": 0}));
        // A fourth, through A again (A holds only two of the client's):
        // B refuses it as the client's fourth, and the client hears why.
        // (Counted as the relaying node's, it would have been admitted.)
        match connect_from(CLIENT, a, &table, Some(&tokens[1]), &[]).await {
            Ok((_, m)) => {
                assert_eq!(m["type"], "error", "a fourth connection was admitted: {m}");
                assert_eq!(m["kind"], "too_many_connections", "{m}");
            }
            Err(e) => panic!("the refused client was told nothing: {e}"),
        }
        // A client posing as a relay for another address: the headers are
        // ignored, the connection stays its own.
        drop(first);
        tokio::time::sleep(Duration::from_millis(300)).await;
        let forged = [
            ("x-stackyard-relayed", "1"),
            ("x-stackyard-client", "127.0.0.50"),
            ("x-stackyard-client-proof", "00"),
        ];
        let (_posing, w) = connect_from(CLIENT, b, &table, None, &forged)
            .await
            .unwrap();
        assert_eq!(w["type"], "welcome", "{w}");
        // Had B believed it, the client would hold two there and a third
        // would be admitted; it holds three.
        let refused = connect_from(CLIENT, b, &table, None, &[]).await;
        assert!(
            refused.is_err(),
            "a forged relay header freed a place: {:?}",
            refused.map(|(_, m)| m)
        );
    });
}

#[test]
fn the_owner_killed_mid_game_the_game_goes_on_through_another_node() {
    let Some(url) = postgres_url() else { return };
    let rt = runtime();
    let db = rt.block_on(fresh_database(&url, "killed"));
    let a = Node::start_with(&db, &FAST);
    let b = Node::start_with(&db, &FAST);
    let b_addr = b.addr;
    let (table, tokens, acked) = rt.block_on(async {
        let (table, tokens) = towers_table(a.addr).await;
        let mut seats = seats(a.addr, &table, &tokens).await;
        let acked = seats.play(3).await;
        assert_eq!(acked, 3);
        (table, tokens, acked)
    });
    let mut a = a;
    a.child.kill().unwrap();
    let _ = a.child.wait();
    let killed = Instant::now();
    rt.block_on(async move {
        // Through B, once A's lease lapsed: every acknowledged action.
        let mut seats = seats(b_addr, &table, &tokens).await;
        assert!(
            killed.elapsed() < Duration::from_secs(15),
            "failover within 15 s"
        );
        assert_eq!(
            seats.actions, acked as u64,
            "every acknowledged action survived"
        );
        let more = seats.play(400).await;
        assert!(seats.over && more > 0);
        let record = get(b_addr, &format!("/api/v1/tables/{table}/record")).await;
        assert_eq!(record["actions"].as_array().unwrap().len(), acked + more);
    });
    drop(b);
}

#[test]
fn a_stalled_owner_woken_after_its_lease_cannot_write() {
    let Some(url) = postgres_url() else { return };
    let rt = runtime();
    let db = rt.block_on(fresh_database(&url, "stalled"));
    let a = Node::start_with(&db, &FAST);
    let b = Node::start_with(&db, &FAST);
    let (a_addr, b_addr) = (a.addr, b.addr);
    let (table, tokens, mut stale) = rt.block_on(async {
        let (table, tokens) = towers_table(a_addr).await;
        let mut seats = seats(a_addr, &table, &tokens).await;
        assert_eq!(seats.play(2).await, 2);
        let seat = seats.to_act["seat"].as_u64().unwrap() as usize;
        let action = bot(seat, &seats.settings)
            .decide(&seats.views[seat], GameTime::ZERO)
            .unwrap()
            .unwrap()
            .action;
        a.stall();
        // Sent to the stalled owner: it reads it only once woken.
        let mut stale = seats.clients.swap_remove(seat);
        stale.act(action).await;
        (table, tokens, stale)
    });
    rt.block_on(async {
        tokio::time::sleep(Duration::from_millis(LEASE_MS + 500)).await;
        // B takes the table over and plays on: the action sent to A was
        // never acknowledged, so it is not there.
        let mut seats = seats(b_addr, &table, &tokens).await;
        assert_eq!(seats.actions, 2);
        assert_eq!(seats.play(1).await, 1);
        a.signal("CONT");
        // A, woken, acknowledges nothing: its connection is closed.
        loop {
            match tokio::time::timeout(Duration::from_secs(20), stale.socket.next()).await {
                Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Text(t)))) => {
                    let m: Value = serde_json::from_str(&t).unwrap();
                    assert_ne!(m["type"], "ack", "a stalled owner acknowledged {m}");
                    assert_ne!(m["type"], "step", "a stalled owner stepped {m}");
                }
                Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_))))
                | Ok(None)
                | Ok(Some(Err(_))) => break,
                Ok(Some(Ok(_))) => {}
                Err(_) => panic!("the woken owner kept the connection open"),
            }
        }
        // Through either node: three actions, and the game goes on.
        tokio::time::sleep(Duration::from_millis(300)).await;
        for addr in [a_addr, b_addr] {
            let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
            assert_eq!(summary["actions"].as_u64(), Some(3), "{summary}");
        }
        assert_eq!(seats.play(1).await, 1);
    });
    drop((a, b));
}

#[test]
fn a_rolling_restart_of_every_node_loses_nothing() {
    let Some(url) = postgres_url() else { return };
    let rt = runtime();
    let db = rt.block_on(fresh_database(&url, "rolling"));
    let a = Node::start_with(&db, &FAST);
    let b = Node::start_with(&db, &FAST);
    let (table, tokens) = rt.block_on(towers_table(a.addr));
    let mut acked = rt.block_on(async {
        let mut seats = seats(b.addr, &table, &tokens).await;
        seats.play(2).await
    });
    // A stops (its tables handed over at once) and comes back; then B.
    a.stop();
    let a = Node::start_with(&db, &FAST);
    acked += rt.block_on(async {
        let mut seats = seats(a.addr, &table, &tokens).await;
        assert_eq!(seats.actions, acked as u64);
        seats.play(2).await
    });
    b.stop();
    let b = Node::start_with(&db, &FAST);
    let (a_addr, b_addr) = (a.addr, b.addr);
    rt.block_on(async move {
        let mut seats = seats(b_addr, &table, &tokens).await;
        assert_eq!(seats.actions, acked as u64);
        let more = seats.play(400).await;
        assert!(seats.over);
        let record = get(a_addr, &format!("/api/v1/tables/{table}/record")).await;
        assert_eq!(record["actions"].as_array().unwrap().len(), acked + more);
    });
    drop((a, b));
}

#[test]
fn a_second_node_on_one_sqlite_file_is_refused_and_told_to_use_postgres() {
    let dir = common::temp_dir("sqlite-two-nodes");
    let db = dir.join("stackyard.db").display().to_string();
    let first = Node::start_with(&db, &FAST);
    let second = Command::new(binary())
        .args(["serve", "--addr", "127.0.0.1:0", "--db", &db, "--daily", ""])
        .output()
        .expect("the stackyard binary runs");
    assert!(!second.status.success());
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(said.contains("PostgreSQL"), "{said}");
    let rt = runtime();
    rt.block_on(async {
        let (status, _) = http(first.addr, "GET", "/healthz", None).await;
        assert_eq!(status, 200);
    });
}

/// A store opened as a node of its own (its id is this process's).
async fn node_store(url: &str) -> stackyard_server::store::Store {
    let node = stackyard_server::store::Node::new("127.0.0.1:9".into(), Duration::from_secs(60));
    stackyard_server::store::Store::open_as(url, Some(node))
        .await
        .expect("the store opens as a node")
}

/// The write that creates table `id` (a two-seat Towers table).
fn create_write(id: &str) -> stackyard_server::store::Write {
    let header = json!({"format": 1, "engine": "x", "game": "towers", "settings": {}, "seed": 5, "actions": []});
    stackyard_server::store::Write::CreateTable {
        id: id.to_string(),
        game: "towers".into(),
        seats: json!([{"kind": "person"}, {"kind": "person"}]).to_string(),
        clock: None,
        rated: false,
        header: header.to_string(),
        created_at: 1,
        creator: "127.0.0.1".into(),
    }
}

/// A pass by seat 0 as table `id`'s action number `seq`.
fn action_write(id: &str, seq: i64) -> stackyard_server::store::Write {
    stackyard_server::store::Write::Action {
        table: id.to_string(),
        seq,
        seat: 0,
        at_ms: seq * 10,
        action: json!({"type": "pass", "n": seq}).to_string(),
    }
}

/// A node renewing its leases while group commits fence many of its
/// tables at once: neither waits on the other in a circle (both lock lease
/// rows in table id order). The renewal used to lock them in the table's
/// order on disk and a commit in its batch's, and PostgreSQL aborted one of
/// the two with "deadlock detected": under load a table's commit was
/// refused. In this file because a node's id is one per process: the store
/// suites' in-process servers would release (and take over) its leases.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renewals_and_group_commits_of_one_node_never_deadlock() {
    use stackyard_server::store::StoreError;
    let Some(url) = postgres_url() else { return };
    let store = node_store(&url).await;
    let run = stackyard_server::auth::random_hex(4);
    let ids: Vec<String> = (0..48).map(|i| format!("lock{run}{i:02}")).collect();
    for id in &ids {
        store.commit(vec![create_write(id)]).await.unwrap();
    }
    // Renewals all the while the commits run (two renewers, as a slow
    // renewal may overlap the next tick's).
    let committing = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let renewers: Vec<_> = (0..2)
        .map(|_| {
            let store = store.clone();
            let committing = committing.clone();
            tokio::spawn(async move {
                let mut renewals = 0;
                while committing.load(std::sync::atomic::Ordering::Relaxed) || renewals == 0 {
                    let lost = store.renew_leases().await?;
                    assert!(lost.is_empty(), "no table lost: {lost:?}");
                    renewals += 1;
                }
                Ok::<_, StoreError>(renewals)
            })
        })
        .collect();
    // Four committers, each a run of batches touching every table, every
    // other one in descending id order: the writer fences a batch's tables
    // in one transaction, so these are many transactions locking many
    // lease rows each, beside the renewals.
    let mut commits = Vec::new();
    for committer in 0..4i64 {
        let store = store.clone();
        let ids = ids.clone();
        commits.push(tokio::spawn(async move {
            for n in 0..30i64 {
                let seq = committer * 30 + n;
                let mut order = ids.clone();
                if seq % 2 == 1 {
                    order.reverse();
                }
                let writes = order.iter().map(|id| action_write(id, seq)).collect();
                store.commit(writes).await?;
            }
            Ok::<_, StoreError>(())
        }));
    }
    let mut refused = Vec::new();
    for c in commits {
        if let Err(e) = c.await.unwrap() {
            refused.push(e);
        }
    }
    committing.store(false, std::sync::atomic::Ordering::Relaxed);
    for r in renewers {
        if let Err(e) = r.await.unwrap() {
            refused.push(e);
        }
    }
    assert!(
        refused.is_empty(),
        "no commit or renewal refused (no deadlock): {refused:?}"
    );
    for id in &ids {
        assert_eq!(
            store.action_count(id).await.unwrap(),
            120,
            "every action of {id} landed"
        );
    }
}

/// Tables a node creates while it renews its leases are its own: a
/// renewal running between a table's commit being asked for and done used
/// not to find the new lease row and counted the table lost, and the node
/// then refused that table's next write, "served by another node now"
/// (the load test against one node over PostgreSQL saw joins refused so).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_created_while_leases_are_renewed_are_never_lost() {
    use stackyard_server::store::StoreError;
    let Some(url) = postgres_url() else { return };
    let store = node_store(&url).await;
    let run = stackyard_server::auth::random_hex(4);
    let creating = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let renewers: Vec<_> = (0..2)
        .map(|_| {
            let store = store.clone();
            let creating = creating.clone();
            tokio::spawn(async move {
                let mut lost = Vec::new();
                while creating.load(std::sync::atomic::Ordering::Relaxed) {
                    lost.extend(store.renew_leases().await?);
                }
                Ok::<_, StoreError>(lost)
            })
        })
        .collect();
    let creators: Vec<_> = (0..8)
        .map(|c| {
            let store = store.clone();
            let run = run.clone();
            tokio::spawn(async move {
                let mut refused = Vec::new();
                for n in 0..40 {
                    let id = format!("new{run}{c}x{n:02}");
                    store.commit(vec![create_write(&id)]).await?;
                    if let Err(e) = store.commit(vec![action_write(&id, 0)]).await {
                        refused.push(format!("{id}: {e}"));
                    }
                }
                Ok::<_, StoreError>(refused)
            })
        })
        .collect();
    let mut refused = Vec::new();
    for c in creators {
        refused.extend(c.await.unwrap().expect("every table is created"));
    }
    creating.store(false, std::sync::atomic::Ordering::Relaxed);
    let mut lost = Vec::new();
    for r in renewers {
        lost.extend(r.await.unwrap().expect("every renewal runs"));
    }
    assert!(lost.is_empty(), "no new table counted lost: {lost:?}");
    assert!(
        refused.is_empty(),
        "no new table's first action refused: {refused:?}"
    );
}
