//! Finding an opponent over real HTTP and WebSocket (issue #27): quick
//! pairing pairs two waiting accounts of close ratings at a new table
//! (seats bound to the accounts, rated), and challenges by name are sent,
//! seen, accepted, declined and cancelled. Ratings show beside the names
//! afterwards, marked provisional. The pairing window itself is tested
//! with injected time in `src/pairing/queue.rs`.

mod common;

use common::*;
use serde_json::{Value, json};
use stackyard_server::auth::random_hex;
use std::net::SocketAddr;

/// (status, body as JSON or Null).
async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> (u16, Value) {
    let reply = request(addr, method, path, headers, body).await;
    (reply.status, reply.json())
}

const PASSWORD: &str = "plank-otter-91";

/// A new account, signed in: (name, bearer header).
async fn account(addr: SocketAddr, prefix: &str) -> (String, String) {
    let n = format!("{prefix}{}", random_hex(4));
    let body = json!({"name": n, "password": PASSWORD});
    let (s, _) = call(addr, "POST", "/api/v1/accounts", &[], Some(body.clone())).await;
    assert_eq!(s, 201);
    let (s, r) = call(addr, "POST", "/api/v1/session", &[], Some(body)).await;
    assert_eq!(s, 200, "{r}");
    (n, format!("Bearer {}", r["token"].as_str().unwrap()))
}

fn kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().unwrap_or("")
}

async fn suite(addr: SocketAddr) {
    // A guest has no name to be paired or challenged by.
    let (s, r) = call(
        addr,
        "POST",
        "/api/v1/pairing",
        &[],
        Some(json!({"game": "towers"})),
    )
    .await;
    assert_eq!((s, kind(&r)), (401, "unauthorized"), "{r}");
    let (s, _) = call(addr, "GET", "/api/v1/challenges", &[], None).await;
    assert_eq!(s, 401);

    let (ann, ann_auth) = account(addr, "Ann").await;
    let (bob, bob_auth) = account(addr, "Bob").await;
    let (_cat, cat_auth) = account(addr, "Cat").await;
    let ann_h = [("Authorization", ann_auth.as_str())];
    let bob_h = [("Authorization", bob_auth.as_str())];
    let cat_h = [("Authorization", cat_auth.as_str())];

    // Bad requests change nothing.
    let (s, r) = call(
        addr,
        "POST",
        "/api/v1/pairing",
        &cat_h,
        Some(json!({"game": "chess"})),
    )
    .await;
    assert_eq!((s, kind(&r)), (400, "bad_request"), "{r}");
    let (s, r) = call(
        addr,
        "POST",
        "/api/v1/pairing",
        &cat_h,
        Some(json!({"game": "babel"})),
    )
    .await;
    assert_eq!(s, 400, "babel is not a game for two: {r}");
    let (_, r) = call(addr, "GET", "/api/v1/pairing", &cat_h, None).await;
    assert_eq!(r["state"], "idle", "{r}");

    // Cat waits, then stops waiting.
    let (s, r) = call(
        addr,
        "POST",
        "/api/v1/pairing",
        &cat_h,
        Some(json!({"game": "towers", "clock": {"initial_ms": 300000, "increment_ms": 2000}})),
    )
    .await;
    assert_eq!((s, r["state"].as_str()), (200, Some("waiting")), "{r}");
    assert_eq!(r["window"], json!(100.0), "the window starts at 100: {r}");
    assert_eq!(r["rating"], json!(1500.0), "{r}");
    let (s, _) = call(addr, "DELETE", "/api/v1/pairing", &cat_h, None).await;
    assert_eq!(s, 204);
    let (_, r) = call(addr, "GET", "/api/v1/pairing", &cat_h, None).await;
    assert_eq!(r["state"], "idle", "{r}");

    // Ann waits for towers; Bob asks for towers too: two new accounts, the
    // same rating, so they are paired at once.
    let (_, r) = call(
        addr,
        "POST",
        "/api/v1/pairing",
        &ann_h,
        Some(json!({"game": "towers"})),
    )
    .await;
    assert_eq!(r["state"], "waiting", "{r}");
    let (_, b) = call(
        addr,
        "POST",
        "/api/v1/pairing",
        &bob_h,
        Some(json!({"game": "towers"})),
    )
    .await;
    assert_eq!(b["state"], "paired", "{b}");
    assert_eq!(b["opponent"], json!(ann), "{b}");
    let (_, a) = call(addr, "GET", "/api/v1/pairing", &ann_h, None).await;
    assert_eq!(a["state"], "paired", "{a}");
    assert_eq!(a["opponent"], json!(bob));
    assert_eq!(a["table"], b["table"]);
    assert_ne!(a["seat"], b["seat"]);
    let table = a["table"].as_str().unwrap().to_string();

    // The seats belong to the accounts: a guest cannot take one, and each
    // player takes up their own with a join while signed in.
    let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
    assert_eq!(summary["rated"], json!(true), "{summary}");
    for seat in summary["seats"].as_array().unwrap() {
        assert_eq!(seat["account"], json!(true), "{summary}");
        assert_eq!(seat["taken"], json!(true), "{summary}");
    }
    let (s, _) = call(
        addr,
        "POST",
        &format!("/api/v1/tables/{table}/join"),
        &[],
        Some(json!({"name": "Visitor"})),
    )
    .await;
    assert_eq!(s, 409, "no free seat for a guest");
    let (s, ja) = call(
        addr,
        "POST",
        &format!("/api/v1/tables/{table}/join"),
        &ann_h,
        Some(json!({})),
    )
    .await;
    assert_eq!(s, 200, "{ja}");
    assert_eq!(ja["seat"], a["seat"]);
    let (s, jb) = call(
        addr,
        "POST",
        &format!("/api/v1/tables/{table}/join"),
        &bob_h,
        Some(json!({})),
    )
    .await;
    assert_eq!(s, 200, "{jb}");
    assert_eq!(jb["seat"], b["seat"]);

    // Both play over WebSocket: Bob resigns, both ratings move.
    let (mut ann_ws, welcome) = Client::connect(addr, &table, ja["token"].as_str()).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    let (mut bob_ws, _) = Client::connect(addr, &table, jb["token"].as_str()).await;
    let id = bob_ws.request("resign").await;
    assert_eq!(bob_ws.next_of("ack").await["id"], id);
    let _ = ann_ws.next_of("step").await;
    let mut changes = json!([]);
    for _ in 0..100 {
        changes = get(addr, &format!("/api/v1/tables/{table}/rating-changes")).await;
        if changes.as_array().unwrap().len() == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(changes.as_array().unwrap().len(), 2, "{changes}");

    // Ratings beside the names, provisional after one game.
    let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
    for seat in summary["seats"].as_array().unwrap() {
        assert!(seat["rating"].as_f64().is_some(), "{summary}");
        assert_eq!(seat["provisional"], json!(true), "{summary}");
    }
    let board = get(addr, "/api/v1/ratings/towers").await;
    let line = board
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == json!(ann))
        .cloned()
        .unwrap_or_else(|| panic!("{board}"));
    assert_eq!(line["provisional"], json!(true), "{line}");
    // The recent games too: each seat named by who took it (the table was
    // created with its seats free), an account's, with its rating.
    let records = get(addr, "/api/v1/records?game=towers").await;
    let record = records
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == json!(table))
        .cloned()
        .unwrap_or_else(|| panic!("{records}"));
    let mut names: Vec<&str> = Vec::new();
    for seat in record["seats"].as_array().unwrap() {
        names.push(seat["name"].as_str().unwrap_or_else(|| panic!("{record}")));
        assert_eq!(seat["account"], json!(true), "{record}");
        assert!(seat["rating"].as_f64().is_some(), "{record}");
        assert_eq!(seat["provisional"], json!(true), "{record}");
    }
    names.sort();
    let mut both = [ann.as_str(), bob.as_str()];
    both.sort();
    assert_eq!(names, both, "{record}");

    // Challenges by name.
    let (s, r) = call(
        addr,
        "POST",
        "/api/v1/challenges",
        &ann_h,
        Some(json!({"to": "nobody-here", "game": "towers"})),
    )
    .await;
    assert_eq!((s, kind(&r)), (404, "not_found"), "{r}");
    let (s, r) = call(
        addr,
        "POST",
        "/api/v1/challenges",
        &ann_h,
        Some(json!({"to": ann.to_uppercase(), "game": "towers"})),
    )
    .await;
    assert_eq!(s, 400, "not yourself: {r}");
    let (s, c) = call(
        addr,
        "POST",
        "/api/v1/challenges",
        &ann_h,
        Some(json!({"to": bob.to_lowercase(), "game": "towers"})),
    )
    .await;
    assert_eq!(s, 201, "{c}");
    assert_eq!(
        (c["from"].as_str(), c["to"].as_str()),
        (Some(ann.as_str()), Some(bob.as_str()))
    );
    let cid = c["id"].as_str().unwrap().to_string();
    let (_, bobs) = call(addr, "GET", "/api/v1/challenges", &bob_h, None).await;
    assert_eq!(bobs["incoming"][0]["id"], json!(cid), "{bobs}");
    let (_, cats) = call(addr, "GET", "/api/v1/challenges", &cat_h, None).await;
    assert_eq!(cats["incoming"], json!([]), "not Cat's to see: {cats}");
    let (s, _) = call(
        addr,
        "POST",
        &format!("/api/v1/challenges/{cid}/accept"),
        &cat_h,
        None,
    )
    .await;
    assert_eq!(s, 404, "not Cat's to accept");
    let (s, acc) = call(
        addr,
        "POST",
        &format!("/api/v1/challenges/{cid}/accept"),
        &bob_h,
        None,
    )
    .await;
    assert_eq!(s, 200, "{acc}");
    assert_eq!(acc["state"], "accepted");
    let ctable = acc["table"].as_str().unwrap().to_string();
    let (s, _) = call(
        addr,
        "POST",
        &format!("/api/v1/challenges/{cid}/accept"),
        &bob_h,
        None,
    )
    .await;
    assert_eq!(s, 409, "accepted once only");
    let (_, anns) = call(addr, "GET", "/api/v1/challenges", &ann_h, None).await;
    let out = &anns["outgoing"][0];
    assert_eq!(
        (out["state"].as_str(), out["table"].as_str()),
        (Some("accepted"), Some(ctable.as_str())),
        "{anns}"
    );
    assert_ne!(out["seat"], acc["seat"], "each has their own seat");
    let (s, j) = call(
        addr,
        "POST",
        &format!("/api/v1/tables/{ctable}/join"),
        &ann_h,
        Some(json!({})),
    )
    .await;
    assert_eq!((s, &j["seat"]), (200, &out["seat"]), "{j}");

    // Declined by Bob; cancelled by Ann.
    let (_, c2) = call(
        addr,
        "POST",
        "/api/v1/challenges",
        &ann_h,
        Some(json!({"to": bob, "game": "towers", "rated": false})),
    )
    .await;
    let c2 = c2["id"].as_str().unwrap().to_string();
    let (s, r) = call(
        addr,
        "POST",
        &format!("/api/v1/challenges/{c2}/decline"),
        &bob_h,
        None,
    )
    .await;
    assert_eq!((s, r["state"].as_str()), (200, Some("declined")), "{r}");
    let (_, c3) = call(
        addr,
        "POST",
        "/api/v1/challenges",
        &ann_h,
        Some(json!({"to": bob, "game": "towers"})),
    )
    .await;
    let c3 = c3["id"].as_str().unwrap().to_string();
    let (s, r) = call(
        addr,
        "DELETE",
        &format!("/api/v1/challenges/{c3}"),
        &ann_h,
        None,
    )
    .await;
    assert_eq!((s, r["state"].as_str()), (200, Some("cancelled")), "{r}");
    let (_, bobs) = call(addr, "GET", "/api/v1/challenges", &bob_h, None).await;
    assert_eq!(bobs["incoming"], json!([]), "nothing left open: {bobs}");
}

#[test]
fn quick_pairing_and_challenges_between_accounts() {
    let dir = temp_dir("pairing");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(suite(addr));
}

#[test]
fn a_signed_in_browser_needs_the_csrf_token_to_ask_for_pairing() {
    let dir = temp_dir("pairing-csrf");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let n = format!("Dee{}", random_hex(4));
        let body = json!({"name": n, "password": PASSWORD});
        call(addr, "POST", "/api/v1/accounts", &[], Some(body.clone())).await;
        let (_, r) = call(addr, "POST", "/api/v1/session", &[], Some(body)).await;
        let cookie = format!("stackyard_session={}", r["token"].as_str().unwrap());
        let csrf = r["csrf"].as_str().unwrap().to_string();
        let ask = Some(json!({"game": "towers"}));
        let (s, r) = call(
            addr,
            "POST",
            "/api/v1/pairing",
            &[("Cookie", &cookie)],
            ask.clone(),
        )
        .await;
        assert_eq!((s, kind(&r)), (403, "csrf"), "{r}");
        let (_, r) = call(addr, "GET", "/api/v1/pairing", &[("Cookie", &cookie)], None).await;
        assert_eq!(r["state"], "idle", "the refusal changed nothing: {r}");
        let (s, r) = call(
            addr,
            "POST",
            "/api/v1/pairing",
            &[("Cookie", &cookie), ("X-CSRF-Token", &csrf)],
            ask,
        )
        .await;
        assert_eq!((s, r["state"].as_str()), (200, Some("waiting")), "{r}");
    });
}

#[test]
fn quick_pairing_and_challenges_between_accounts_on_postgres() {
    // The ratings beside names are one query in both dialects; skipped
    // unless `STACKYARD_TEST_POSTGRES` holds a URL (`scripts/with-postgres`),
    // and a failure when `STACKYARD_REQUIRE_POSTGRES` is set without it.
    let url = match std::env::var("STACKYARD_TEST_POSTGRES") {
        Ok(url) => url,
        Err(_) if std::env::var_os("STACKYARD_REQUIRE_POSTGRES").is_some() => {
            panic!("STACKYARD_REQUIRE_POSTGRES is set but STACKYARD_TEST_POSTGRES is not")
        }
        Err(_) => return,
    };
    let server = start(&url);
    let addr = server.addr;
    client_runtime().block_on(suite(addr));
}
