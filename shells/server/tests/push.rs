//! The player's socket (issue #27: push instead of polling), over real
//! HTTP and WebSocket: `GET /api/v1/me/ws` says `hello`, then pushes
//! "challenge received / declined / cancelled / accepted" and "paired,
//! here is your table" as they happen, each as its player sees it; a
//! guest's socket hears nothing but its hello; a signed-in socket opened
//! from another site's page is refused. Over PostgreSQL with two
//! `stackyard serve` processes, a challenge sent through node A reaches
//! its player's socket on node B (the nodes' bus carries it), is listed,
//! declined, cancelled and accepted through node B (the challenges are
//! kept in the database, `pairing/challenges.rs`), and quick
//! pairing pairs a player waiting on A with one waiting on B (the waits
//! are shared in the database, `pairing/shared.rs`).

mod common;

use common::*;
use futures_util::StreamExt;
use serde_json::{Value, json};
use stackyard_server::auth::random_hex;
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

const PASSWORD: &str = "plank-otter-91";

/// A new account, signed in: (name, bearer header value).
async fn account(addr: SocketAddr, prefix: &str) -> (String, String) {
    let n = format!("{prefix}{}", random_hex(4));
    let body = json!({"name": n, "password": PASSWORD});
    let r = request(addr, "POST", "/api/v1/accounts", &[], Some(body.clone())).await;
    assert_eq!(r.status, 201);
    let r = request(addr, "POST", "/api/v1/session", &[], Some(body)).await;
    assert_eq!(r.status, 200);
    (n, format!("Bearer {}", r.json()["token"].as_str().unwrap()))
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens a player's socket with these headers: the socket, or the HTTP
/// status it was refused with.
async fn open(addr: SocketAddr, headers: &[(&str, &str)]) -> Result<Socket, u16> {
    let mut req = format!("ws://{addr}/api/v1/me/ws")
        .into_client_request()
        .unwrap();
    for (k, v) in headers {
        req.headers_mut().insert(
            axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
            v.parse().unwrap(),
        );
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok((socket, _)) => Ok(socket),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
        Err(e) => panic!("the socket did not open: {e}"),
    }
}

/// The next event (within 10 s).
async fn next(socket: &mut Socket) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("an event within 10 s")
            .expect("the socket stays open")
            .expect("a message");
        if let Message::Text(t) = m {
            let v: Value = serde_json::from_str(&t).unwrap();
            // Every event fits the documented (and generated) shape.
            serde_json::from_value::<stackyard_server::pairing::wire::PlayerEvent>(v.clone())
                .unwrap_or_else(|e| panic!("{v} is not a PlayerEvent: {e}"));
            return v;
        }
    }
}

/// Nothing arrives for a while.
async fn quiet(socket: &mut Socket) {
    let got = tokio::time::timeout(Duration::from_millis(700), socket.next()).await;
    assert!(got.is_err(), "nothing was to be pushed, got {got:?}");
}

async fn challenge(addr: SocketAddr, auth: &str, to: &str) -> Value {
    let r = request(
        addr,
        "POST",
        "/api/v1/challenges",
        &[("Authorization", auth)],
        Some(json!({"to": to, "game": "towers"})),
    )
    .await;
    assert_eq!(r.status, 201);
    r.json()
}

/// Ann's socket on `a`, Bob's on `b` (one node or two).
async fn suite(a: SocketAddr, b: SocketAddr) {
    let (ann, ann_auth) = account(a, "Ann").await;
    let (bob, bob_auth) = account(a, "Bob").await;
    let mut ann_ws = open(a, &[("Authorization", &ann_auth)]).await.unwrap();
    let mut bob_ws = open(b, &[("Authorization", &bob_auth)]).await.unwrap();
    assert_eq!(
        next(&mut ann_ws).await,
        json!({"type": "hello", "name": ann})
    );
    assert_eq!(
        next(&mut bob_ws).await,
        json!({"type": "hello", "name": bob})
    );
    // A guest's socket: its hello, and nothing of anyone else's.
    let mut guest = open(b, &[]).await.unwrap();
    assert_eq!(next(&mut guest).await, json!({"type": "hello"}));

    // Ann challenges Bob through node A: Bob hears it at once (on B),
    // and Ann's own socket too (her other tabs).
    let sent = challenge(a, &ann_auth, &bob).await;
    let id = sent["id"].as_str().unwrap();
    let heard = next(&mut bob_ws).await;
    assert_eq!(heard["type"], "challenge");
    assert_eq!(
        (&heard["challenge"]["id"], &heard["challenge"]["state"]),
        (&json!(id), &json!("open"))
    );
    assert_eq!(heard["challenge"]["from"], ann);
    assert_eq!(next(&mut ann_ws).await["challenge"]["state"], "open");

    // Listed through either node (issue #28: the challenges are kept in
    // the database the nodes share): Bob's incoming, Ann's outgoing.
    for node in [a, b] {
        let r = request(
            node,
            "GET",
            "/api/v1/challenges",
            &[("Authorization", &bob_auth)],
            None,
        )
        .await;
        assert_eq!(r.json()["incoming"][0]["id"], json!(id), "{}", r.json());
        let r = request(
            node,
            "GET",
            "/api/v1/challenges",
            &[("Authorization", &ann_auth)],
            None,
        )
        .await;
        assert_eq!(r.json()["outgoing"][0]["id"], json!(id), "{}", r.json());
        assert_eq!(r.json()["outgoing"][0]["state"], "open");
    }

    // Declined by Bob through node B: Ann hears it.
    let r = request(
        b,
        "POST",
        &format!("/api/v1/challenges/{id}/decline"),
        &[("Authorization", &bob_auth)],
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(next(&mut ann_ws).await["challenge"]["state"], "declined");
    assert_eq!(next(&mut bob_ws).await["challenge"]["state"], "declined");
    // Answered once only, whichever node is asked.
    let r = request(
        a,
        "DELETE",
        &format!("/api/v1/challenges/{id}"),
        &[("Authorization", &ann_auth)],
        None,
    )
    .await;
    assert_eq!(
        (r.status, &r.json()["error"]["kind"]),
        (409, &json!("over")),
        "{}",
        r.json()
    );

    // Sent through A, cancelled by Ann through B: Bob hears it.
    let sent = challenge(a, &ann_auth, &bob).await;
    let id = sent["id"].as_str().unwrap();
    next(&mut bob_ws).await;
    next(&mut ann_ws).await;
    let r = request(
        b,
        "DELETE",
        &format!("/api/v1/challenges/{id}"),
        &[("Authorization", &ann_auth)],
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert_eq!(next(&mut bob_ws).await["challenge"]["state"], "cancelled");
    assert_eq!(next(&mut ann_ws).await["challenge"]["state"], "cancelled");

    // Sent through A, accepted by Bob through B: Ann hears the table and
    // *her* seat; a second accept (through A) is refused: one table.
    let sent = challenge(a, &ann_auth, &bob).await;
    let id = sent["id"].as_str().unwrap();
    next(&mut bob_ws).await;
    next(&mut ann_ws).await;
    let r = request(
        b,
        "POST",
        &format!("/api/v1/challenges/{id}/accept"),
        &[("Authorization", &bob_auth)],
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.json());
    let bobs = r.json();
    let r = request(
        a,
        "POST",
        &format!("/api/v1/challenges/{id}/accept"),
        &[("Authorization", &bob_auth)],
        None,
    )
    .await;
    assert_eq!(r.status, 409, "{}", r.json());
    let to_ann = next(&mut ann_ws).await;
    assert_eq!(to_ann["challenge"]["state"], "accepted");
    assert_eq!(to_ann["challenge"]["table"], bobs["table"]);
    let seats = [
        to_ann["challenge"]["seat"].as_u64().unwrap(),
        bobs["seat"].as_u64().unwrap(),
    ];
    assert!(
        seats == [0, 1] || seats == [1, 0],
        "one seat each: {seats:?}"
    );
    assert_eq!(next(&mut bob_ws).await["challenge"]["seat"], bobs["seat"]);
    // Ann's list through A says it too; the table opens for both, each
    // through their own node, in the seat bound to them.
    let r = request(
        a,
        "GET",
        "/api/v1/challenges",
        &[("Authorization", &ann_auth)],
        None,
    )
    .await;
    let out = &r.json()["outgoing"][0];
    assert_eq!(
        (&out["state"], &out["table"]),
        (&json!("accepted"), &bobs["table"])
    );
    let t = bobs["table"].as_str().unwrap();
    for (node, auth, seat) in [(a, &ann_auth, seats[0]), (b, &bob_auth, seats[1])] {
        let r = request(
            node,
            "POST",
            &format!("/api/v1/tables/{t}/join"),
            &[("Authorization", auth)],
            Some(json!({})),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.json());
        assert_eq!(r.json()["seat"], json!(seat));
    }

    if a != b {
        pairing_across(
            a,
            b,
            (&ann, &ann_auth, &mut ann_ws),
            (&bob, &bob_auth, &mut bob_ws),
        )
        .await;
        quiet(&mut guest).await;
        return;
    }

    // Quick pairing: Ann waits (no polling), Bob asks: both are told.
    let r = request(
        a,
        "POST",
        "/api/v1/pairing",
        &[("Authorization", &ann_auth)],
        Some(json!({"game": "towers"})),
    )
    .await;
    assert_eq!(r.json()["state"], "waiting");
    let r = request(
        a,
        "POST",
        "/api/v1/pairing",
        &[("Authorization", &bob_auth)],
        Some(json!({"game": "towers"})),
    )
    .await;
    assert_eq!(r.status, 200);
    let paired_ann = next(&mut ann_ws).await;
    let paired_bob = next(&mut bob_ws).await;
    assert_eq!(paired_ann["type"], "paired");
    assert_eq!(paired_ann["status"]["state"], "paired");
    assert_eq!(paired_ann["status"]["opponent"], bob);
    assert_eq!(paired_bob["status"]["opponent"], ann);
    assert_eq!(paired_ann["status"]["table"], paired_bob["status"]["table"]);
    quiet(&mut guest).await;
}

/// Quick pairing with Ann waiting through node `a` and Bob through node
/// `b`: they are paired at one table, told on their sockets, and a client
/// that polls either node is answered the same.
async fn pairing_across(
    a: SocketAddr,
    b: SocketAddr,
    ann: (&str, &str, &mut Socket),
    bob: (&str, &str, &mut Socket),
) {
    let (ann, ann_auth, ann_ws) = ann;
    let (bob, bob_auth, bob_ws) = bob;
    let r = request(
        a,
        "POST",
        "/api/v1/pairing",
        &[("Authorization", ann_auth)],
        Some(json!({"game": "towers"})),
    )
    .await;
    assert_eq!(r.json()["state"], "waiting", "{}", r.json());
    let r = request(
        b,
        "POST",
        "/api/v1/pairing",
        &[("Authorization", bob_auth)],
        Some(json!({"game": "towers"})),
    )
    .await;
    assert_eq!(r.status, 200);
    let paired_ann = next(ann_ws).await;
    let paired_bob = next(bob_ws).await;
    assert_eq!(paired_ann["type"], "paired", "{paired_ann}");
    assert_eq!(paired_ann["status"]["opponent"], bob);
    assert_eq!(paired_bob["status"]["opponent"], ann);
    let table = &paired_ann["status"]["table"];
    assert_eq!(&paired_bob["status"]["table"], table);
    // Asked over HTTP, through either node: the same answer.
    for (node, auth) in [(a, ann_auth), (b, ann_auth), (a, bob_auth), (b, bob_auth)] {
        let r = request(
            node,
            "GET",
            "/api/v1/pairing",
            &[("Authorization", auth)],
            None,
        )
        .await;
        let v = r.json();
        assert_eq!((&v["state"], &v["table"]), (&json!("paired"), table), "{v}");
    }
    // Both take their seats (through their own node), bound to them.
    for (node, auth, status) in [(a, ann_auth, &paired_ann), (b, bob_auth, &paired_bob)] {
        let t = table.as_str().unwrap();
        let r = request(
            node,
            "POST",
            &format!("/api/v1/tables/{t}/join"),
            &[("Authorization", auth)],
            Some(json!({})),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.json());
        assert_eq!(r.json()["seat"], status["status"]["seat"]);
    }
}

#[test]
fn the_players_socket_pushes_challenges_and_pairings() {
    let dir = temp_dir("push");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(suite(addr, addr));
}

#[test]
fn a_signed_in_socket_from_another_site_is_refused() {
    let dir = temp_dir("push-origin");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async {
        let (_, auth) = account(addr, "Eve").await;
        let host = addr.to_string();
        let r = open(
            addr,
            &[
                ("Authorization", &auth),
                ("Origin", "https://elsewhere.example"),
            ],
        )
        .await;
        assert_eq!(r.err(), Some(403));
        // From the page's own site it opens.
        let own = format!("http://{host}");
        assert!(
            open(addr, &[("Authorization", &auth), ("Origin", &own)])
                .await
                .is_ok()
        );
    });
}

#[test]
fn two_nodes_push_a_challenge_across_the_bus() {
    // Skipped unless `STACKYARD_TEST_POSTGRES` holds a URL
    // (`scripts/with-postgres`); a failure when `STACKYARD_REQUIRE_POSTGRES`
    // is set without it.
    let Some(url) = postgres_url() else { return };
    let db = client_runtime().block_on(fresh_database(&url, "push"));
    // Two `stackyard serve` processes: nothing shared but the database
    // (and the bus over it).
    let a = Node::start(&db);
    let b = Node::start(&db);
    client_runtime().block_on(suite(a.addr, b.addr));
}

#[test]
fn the_shared_queue_pairs_marks_and_forgets() {
    // The queue the nodes share (`pairing/shared.rs`), over SQLite here
    // (over PostgreSQL in the two-node test above): a pair is taken once,
    // kept as its players' answer, and waits nobody asks about end.
    use stackyard_server::pairing::queue::{Pool, Waiting};
    use stackyard_server::pairing::shared::{Kept, SharedQueue};
    let dir = temp_dir("push-shared");
    client_runtime().block_on(async {
        let store = stackyard_server::store::Store::open(&db_url(&dir))
            .await
            .unwrap();
        let q = SharedQueue::new(store);
        let w = |account: &str, rating: f64, since_ms: i64| Waiting {
            account: account.into(),
            name: account.to_uppercase(),
            rating,
            pool: Pool {
                game: "towers".into(),
                clock: Some((300_000, 3_000)),
            },
            since_ms,
            seen_ms: since_ms,
        };
        q.enter(&w("a", 1500.0, 0)).await.unwrap().unwrap();
        q.enter(&w("far", 1800.0, 0)).await.unwrap().unwrap();
        // Asking again keeps the place (and the widening window).
        q.enter(&w("a", 1500.0, 5_000)).await.unwrap().unwrap();
        match q.kept("a").await.unwrap() {
            Some(Kept::Waiting { wait, seating }) => {
                assert_eq!((wait.since_ms, seating), (0, false));
                assert_eq!(wait.pool.clock, Some((300_000, 3_000)));
            }
            _ => panic!("a waits"),
        }
        q.enter(&w("b", 1550.0, 1_000)).await.unwrap().unwrap();
        let pairs = q.take_pairs(2_000, -30_000, -600_000).await.unwrap();
        assert_eq!(pairs.len(), 1, "a with b; 300 points is too far yet");
        assert_eq!((pairs[0].0.account.as_str(), pairs[0].1.account.as_str()), ("a", "b"));
        // Taken once: a second round (another node's) finds them seated.
        assert!(q.take_pairs(2_500, -30_000, -600_000).await.unwrap().is_empty());
        assert!(matches!(
            q.kept("b").await.unwrap(),
            Some(Kept::Waiting { seating: true, .. })
        ));
        // No table: back to waiting, in their places.
        q.unpair("b").await.unwrap();
        q.unpair("a").await.unwrap();
        assert_eq!(q.take_pairs(3_000, -30_000, -600_000).await.unwrap().len(), 1);
        let status: stackyard_server::pairing::wire::PairingStatus = serde_json::from_value(
            json!({"state": "paired", "waited_ms": 3000, "table": "t1", "seat": 0, "opponent": "B"}),
        )
        .unwrap();
        q.paired("a", &status, 3_000).await.unwrap();
        assert!(matches!(q.kept("a").await.unwrap(), Some(Kept::Paired(s)) if s.table.as_deref() == Some("t1")));
        // "far" was never asked about: after 30 s its wait ends; the
        // pairing's answer is kept until it lapses.
        assert!(q.take_pairs(40_000, 10_000, -600_000).await.unwrap().is_empty());
        assert!(q.kept("far").await.unwrap().is_none());
        assert!(q.kept("a").await.unwrap().is_some());
        assert!(q.leave("a").await.unwrap());
        assert!(!q.leave("a").await.unwrap());
    });
}
