//! Accounts over real HTTP (issue #27): sign up, sign in and out, the
//! session cookie and its CSRF token, bearer tokens, throttling, password
//! change and deletion. Runs on SQLite, and on PostgreSQL too when
//! `STACKYARD_TEST_POSTGRES` holds a URL (`scripts/with-postgres`).

mod common;

use common::*;
use serde_json::{Value, json};
use stackyard_server::auth::random_hex;
use std::net::SocketAddr;

/// A response: status, headers (lower-case names), body.
fn name(prefix: &str) -> String {
    format!("{prefix}{}", &random_hex(4))
}

const PASSWORD: &str = "plank-otter-91";

async fn sign_up(addr: SocketAddr, name: &str, password: &str) -> Reply {
    request(
        addr,
        "POST",
        "/api/v1/accounts",
        &[],
        Some(json!({"name": name, "password": password})),
    )
    .await
}

async fn sign_in(addr: SocketAddr, name: &str, password: &str) -> Reply {
    request(
        addr,
        "POST",
        "/api/v1/session",
        &[],
        Some(json!({"name": name, "password": password})),
    )
    .await
}

/// Everything, against one server over `db`.
async fn suite(
    addr: SocketAddr,
    db_files: Option<std::path::PathBuf>,
    logs: Option<std::path::PathBuf>,
) {
    // Sign up: 201 with the name; the same name again, or one that reads
    // the same, is 409 name_taken.
    let casey = name("Casey");
    let r = sign_up(addr, &casey, PASSWORD).await;
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(r.json()["name"], json!(casey));
    for same in [
        casey.to_uppercase(),
        casey.to_lowercase(),
        casey.replace('a', "\u{0430}"),
    ] {
        let r = sign_up(addr, &same, PASSWORD).await;
        assert_eq!(
            (r.status, r.kind()),
            (409, "name_taken".into()),
            "{same}: {}",
            r.body
        );
    }
    // Bad names and weak passwords: 400 with the reason.
    for (bad, kind) in [
        ("x", "bad_name"),
        ("has space", "bad_name"),
        ("Guest1234", "bad_name"),
    ] {
        let r = sign_up(addr, bad, PASSWORD).await;
        assert_eq!(
            (r.status, r.kind()),
            (400, kind.to_string()),
            "{bad}: {}",
            r.body
        );
        assert!(!r.json()["error"]["message"].as_str().unwrap().is_empty());
    }
    for weak in ["short", "password123", "qwertyuiop"] {
        let r = sign_up(addr, &name("Ann"), weak).await;
        assert_eq!(
            (r.status, r.kind()),
            (400, "weak_password".into()),
            "{weak}: {}",
            r.body
        );
    }
    let r = request(
        addr,
        "POST",
        "/api/v1/accounts",
        &[],
        Some(json!({"name": "Zed"})),
    )
    .await;
    assert_eq!(r.status, 400, "{}", r.body);

    // Sign in: the token, the cookies as promised.
    let r = sign_in(addr, &casey.to_lowercase(), PASSWORD).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["name"], json!(casey));
    let token = r.json()["token"].as_str().unwrap().to_string();
    let csrf = r.json()["csrf"].as_str().unwrap().to_string();
    assert_eq!(
        r.cookie("stackyard_session").as_deref(),
        Some(token.as_str())
    );
    assert_eq!(r.cookie("stackyard_csrf").as_deref(), Some(csrf.as_str()));
    let line = r.set_cookie_line("stackyard_session");
    assert!(
        line.contains("HttpOnly") && line.contains("SameSite=Lax"),
        "{line}"
    );
    assert!(!line.contains("Secure"), "plain HTTP: {line}");
    let behind_tls = request(
        addr,
        "POST",
        "/api/v1/session",
        &[("X-Forwarded-Proto", "https")],
        Some(json!({"name": casey, "password": PASSWORD})),
    )
    .await;
    assert!(
        behind_tls
            .set_cookie_line("stackyard_session")
            .contains("; Secure")
    );

    // /me by cookie and by bearer token alike; 401 without.
    let cookie = format!("stackyard_session={token}; stackyard_csrf={csrf}");
    let bearer = format!("Bearer {token}");
    for h in [
        ("Cookie", cookie.as_str()),
        ("Authorization", bearer.as_str()),
    ] {
        let r = request(addr, "GET", "/api/v1/me", &[h], None).await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.json()["name"], json!(casey));
        assert!(r.json()["ratings"].is_array());
    }
    let r = request(addr, "GET", "/api/v1/me", &[], None).await;
    assert_eq!((r.status, r.kind()), (401, "unauthorized".into()));
    let r = request(
        addr,
        "GET",
        "/api/v1/me",
        &[("Authorization", "Bearer nope")],
        None,
    )
    .await;
    assert_eq!(r.status, 401);

    // A profile by name, as a person reads it.
    let r = request(
        addr,
        "GET",
        &format!("/api/v1/players/{}", casey.to_lowercase()),
        &[],
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["name"], json!(casey));
    assert!(r.json()["member_since"].as_i64().unwrap() > 0);
    let r = request(addr, "GET", "/api/v1/players/nobody-here", &[], None).await;
    assert_eq!(r.status, 404);

    // Wrong password and unknown name: the same answer, word for word.
    let wrong = sign_in(addr, &casey, "plank-otter-92").await;
    let unknown = sign_in(addr, &name("Nobody"), PASSWORD).await;
    assert_eq!(
        (wrong.status, wrong.kind()),
        (401, "bad_credentials".into())
    );
    assert_eq!(
        (unknown.status, unknown.body.clone()),
        (wrong.status, wrong.body.clone())
    );

    // CSRF: a cookie-authenticated change without the token is refused
    // and changes nothing; from another site's page too; with it, done.
    let r = request(
        addr,
        "DELETE",
        "/api/v1/session",
        &[("Cookie", &cookie)],
        None,
    )
    .await;
    assert_eq!((r.status, r.kind()), (403, "csrf".into()), "{}", r.body);
    let r = request(
        addr,
        "DELETE",
        "/api/v1/session",
        &[("Cookie", &cookie), ("X-CSRF-Token", "0000")],
        None,
    )
    .await;
    assert_eq!((r.status, r.kind()), (403, "csrf".into()), "{}", r.body);
    let r = request(
        addr,
        "DELETE",
        "/api/v1/session",
        &[
            ("Cookie", &cookie),
            ("X-CSRF-Token", &csrf),
            ("Origin", "https://evil.example"),
        ],
        None,
    )
    .await;
    assert_eq!((r.status, r.kind()), (403, "csrf".into()), "{}", r.body);
    let r = request(addr, "GET", "/api/v1/me", &[("Cookie", &cookie)], None).await;
    assert_eq!(r.status, 200, "still signed in");
    let r = request(
        addr,
        "POST",
        "/api/v1/me/password",
        &[("Cookie", &cookie)],
        Some(json!({"password": PASSWORD, "new_password": "new-otter-plank-7"})),
    )
    .await;
    assert_eq!((r.status, r.kind()), (403, "csrf".into()));
    // A creation with the cookie but no token is refused too (every route).
    let r = request(
        addr,
        "POST",
        "/api/v1/tables",
        &[("Cookie", &cookie)],
        Some(json!({"game": "towers"})),
    )
    .await;
    assert_eq!((r.status, r.kind()), (403, "csrf".into()));

    // Sign out with the token: the session is revoked for the cookie and
    // the bearer token alike, and the cookies are cleared.
    let r = request(
        addr,
        "DELETE",
        "/api/v1/session",
        &[("Cookie", &cookie), ("X-CSRF-Token", &csrf)],
        None,
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.body);
    assert!(r.set_cookie_line("stackyard_session").contains("Max-Age=0"));
    for h in [
        ("Cookie", cookie.as_str()),
        ("Authorization", bearer.as_str()),
    ] {
        let r = request(addr, "GET", "/api/v1/me", &[h], None).await;
        assert_eq!(r.status, 401, "revoked");
    }
    // The stale cookie does not block a guest's request.
    let r = request(
        addr,
        "POST",
        "/api/v1/tables",
        &[("Cookie", &cookie)],
        Some(json!({"game": "towers"})),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);

    // Password change: old sessions end, the new one works, the old
    // password no longer does.
    let a = sign_in(addr, &casey, PASSWORD).await.json()["token"]
        .as_str()
        .unwrap()
        .to_string();
    let b = sign_in(addr, &casey, PASSWORD).await.json()["token"]
        .as_str()
        .unwrap()
        .to_string();
    let r = request(
        addr,
        "POST",
        "/api/v1/me/password",
        &[("Authorization", &format!("Bearer {a}"))],
        Some(json!({"password": "wrong-one-123", "new_password": "new-otter-plank-7"})),
    )
    .await;
    assert_eq!((r.status, r.kind()), (401, "bad_credentials".into()));
    let r = request(
        addr,
        "POST",
        "/api/v1/me/password",
        &[("Authorization", &format!("Bearer {a}"))],
        Some(json!({"password": PASSWORD, "new_password": "password1"})),
    )
    .await;
    assert_eq!((r.status, r.kind()), (400, "weak_password".into()));
    let r = request(
        addr,
        "POST",
        "/api/v1/me/password",
        &[("Authorization", &format!("Bearer {a}"))],
        Some(json!({"password": PASSWORD, "new_password": "new-otter-plank-7"})),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let c = r.json()["token"].as_str().unwrap().to_string();
    for (t, want) in [(&a, 401), (&b, 401), (&c, 200)] {
        let r = request(
            addr,
            "GET",
            "/api/v1/me",
            &[("Authorization", &format!("Bearer {t}"))],
            None,
        )
        .await;
        assert_eq!(r.status, want);
    }
    assert_eq!(sign_in(addr, &casey, PASSWORD).await.status, 401);
    assert_eq!(sign_in(addr, &casey, "new-otter-plank-7").await.status, 200);

    // Throttling: five failures for one name and the sixth try is 429,
    // even with the right password; another name from the same address
    // is still answered.
    let dana = name("Dana");
    assert_eq!(sign_up(addr, &dana, PASSWORD).await.status, 201);
    for _ in 0..5 {
        assert_eq!(sign_in(addr, &dana, "not-the-password").await.status, 401);
    }
    let r = sign_in(addr, &dana, PASSWORD).await;
    assert_eq!(
        (r.status, r.kind()),
        (429, "rate_limited".into()),
        "{}",
        r.body
    );
    assert!(r.headers.iter().any(|(k, _)| k == "retry-after"));
    assert_eq!(sign_in(addr, &casey, "new-otter-plank-7").await.status, 200);

    // Deleting the account: the password again; then the name is free.
    let r = request(
        addr,
        "DELETE",
        "/api/v1/me",
        &[("Authorization", &format!("Bearer {c}"))],
        Some(json!({"password": "nope-nope-nope"})),
    )
    .await;
    assert_eq!(r.status, 401);
    let r = request(
        addr,
        "DELETE",
        "/api/v1/me",
        &[("Authorization", &format!("Bearer {c}"))],
        Some(json!({"password": "new-otter-plank-7"})),
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.body);
    assert_eq!(
        request(
            addr,
            "GET",
            "/api/v1/me",
            &[("Authorization", &format!("Bearer {c}"))],
            None
        )
        .await
        .status,
        401
    );
    assert_eq!(sign_in(addr, &casey, "new-otter-plank-7").await.status, 401);

    // Nothing secret in the database files or the logs: no password and no
    // session token in clear.
    let secrets = [PASSWORD, "new-otter-plank-7", token.as_str(), c.as_str()];
    if let Some(dir) = db_files {
        for entry in std::fs::read_dir(dir).unwrap() {
            let bytes = std::fs::read(entry.unwrap().path()).unwrap();
            let text = String::from_utf8_lossy(&bytes);
            for s in secrets {
                assert!(!text.contains(s), "{s} stored in clear");
            }
        }
    }
    if let Some(log) = logs {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        for s in secrets {
            assert!(!text.contains(s), "{s} logged");
        }
    }
}

#[test]
fn accounts_sessions_csrf_and_throttling_on_sqlite() {
    let dir = temp_dir("accounts");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(suite(addr, Some(dir.to_path_buf()), None));
}

#[test]
fn accounts_sessions_csrf_and_throttling_on_postgres() {
    let Some(url) = postgres_url() else { return };
    let server = start(&url);
    let addr = server.addr;
    client_runtime().block_on(suite(addr, None, None));
}

#[test]
fn a_flood_of_sign_ins_waits_for_hashing_slots_and_all_are_answered() {
    let dir = temp_dir("accounts-flood");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(async move {
        let mut tasks = Vec::new();
        for i in 0..24 {
            tasks.push(tokio::spawn(async move {
                sign_in(addr, &format!("flood{i}"), PASSWORD).await.status
            }));
        }
        for t in tasks {
            let status = t.await.unwrap();
            assert!(status == 401 || status == 429 || status == 503, "{status}");
        }
        // The server still answers.
        let (status, _) = http(addr, "GET", "/healthz", None).await;
        assert_eq!(status, 200);
    });
}

/// A signed-in client: its bearer header.
async fn account(addr: SocketAddr, prefix: &str) -> (String, String) {
    let n = name(prefix);
    assert_eq!(sign_up(addr, &n, PASSWORD).await.status, 201);
    let r = sign_in(addr, &n, PASSWORD).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let token = r.json()["token"].as_str().unwrap().to_string();
    (n, format!("Bearer {token}"))
}

async fn join_as(addr: SocketAddr, table: &str, bearer: &str, typed: &str) -> Reply {
    request(
        addr,
        "POST",
        &format!("/api/v1/tables/{table}/join"),
        &[("Authorization", bearer)],
        Some(json!({"name": typed})),
    )
    .await
}

/// Seats bound to accounts, rated games between accounts, the daily deal
/// per account (issue #27).
async fn play_suite(addr: SocketAddr) {
    let (ann, ann_auth) = account(addr, "Ann").await;
    let (bob, bob_auth) = account(addr, "Bob").await;

    // A guest cannot take a seat under an account's name.
    let table = create(addr, json!({"game": "towers"})).await;
    let r = request(
        addr,
        "POST",
        &format!("/api/v1/tables/{table}/join"),
        &[],
        Some(json!({"name": ann.to_lowercase()})),
    )
    .await;
    assert_eq!(
        (r.status, r.kind()),
        (409, "name_taken".into()),
        "{}",
        r.body
    );

    // Signed in, the seat goes by the account's name whatever was typed.
    let a = join_as(addr, &table, &ann_auth, "Someone Else").await;
    assert_eq!(a.status, 200, "{}", a.body);
    let a_seat = a.json()["seat"].as_u64().unwrap();
    let a_token = a.json()["token"].as_str().unwrap().to_string();
    let b = join_as(addr, &table, &bob_auth, "").await;
    assert_eq!(b.status, 200, "{}", b.body);
    let b_token = b.json()["token"].as_str().unwrap().to_string();
    let summary = get(addr, &format!("/api/v1/tables/{table}")).await;
    assert_eq!(summary["rated"], json!(true), "rated by default: {summary}");
    let names: Vec<&str> = summary["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap_or(""))
        .collect();
    assert!(
        names.contains(&ann.as_str()) && names.contains(&bob.as_str()),
        "{summary}"
    );

    // A second device: Ann signs in again and joins: her own seat, a new
    // token; the first device's token no longer opens it.
    let r = sign_in(addr, &ann, PASSWORD).await;
    let second = format!("Bearer {}", r.json()["token"].as_str().unwrap());
    let again = join_as(addr, &table, &second, "").await;
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(
        again.json()["seat"].as_u64(),
        Some(a_seat),
        "{}",
        again.body
    );
    let a_token2 = again.json()["token"].as_str().unwrap().to_string();
    assert_ne!(a_token2, a_token);
    let (_, first) = Client::connect(addr, &table, Some(&a_token)).await;
    assert_eq!(
        first["kind"], "bad_token",
        "the old token is retired: {first}"
    );
    let (mut ann_ws, welcome) = Client::connect(addr, &table, Some(&a_token2)).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    let (mut bob_ws, _) = Client::connect(addr, &table, Some(&b_token)).await;

    // Bob resigns: both ratings move, Ann's up and Bob's down.
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
    let of = |who: &str| {
        changes
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == json!(who))
            .cloned()
            .unwrap_or_else(|| panic!("no change for {who}: {changes}"))
    };
    let (ca, cb) = (of(&ann), of(&bob));
    assert!(ca["after"].as_f64() > ca["before"].as_f64(), "{ca}");
    assert!(cb["after"].as_f64() < cb["before"].as_f64(), "{cb}");
    for auth in [&ann_auth, &bob_auth] {
        let me = request(addr, "GET", "/api/v1/me", &[("Authorization", auth)], None).await;
        let towers = me.json()["ratings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["game"] == "towers")
            .cloned()
            .unwrap_or_else(|| panic!("no towers rating: {}", me.body));
        assert_eq!(towers["games"], 1);
    }
    let profile = get(addr, &format!("/api/v1/players/{ann}")).await;
    assert_eq!(profile["history"][0]["table"], json!(table), "{profile}");
    assert_eq!(
        profile["recent_games"][0]["table"],
        json!(table),
        "{profile}"
    );
    // The finished game as /api/v1/records lists it: who sat where, who won.
    let finished = &profile["recent_games"][0]["finished"];
    let names: Vec<&Value> = finished["seats"]
        .as_array()
        .unwrap_or_else(|| panic!("no seats: {profile}"))
        .iter()
        .map(|s| &s["name"])
        .collect();
    let mut sorted = names.clone();
    sorted.sort_by_key(|n| n.to_string());
    let mut both = [json!(ann), json!(bob)];
    both.sort_by_key(|n| n.to_string());
    assert_eq!(sorted, [&both[0], &both[1]], "{profile}");
    let winner = finished["outcome"]["winners"][0]
        .as_u64()
        .map(|w| w as usize);
    assert_eq!(winner.map(|w| names[w]), Some(&json!(ann)), "{profile}");
    let board = get(addr, "/api/v1/ratings/towers").await;
    assert!(
        board
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["name"] == json!(ann)),
        "{board}"
    );

    // A game against a bot, or with a guest, is never rated.
    let vs_guest = create(addr, json!({"game": "towers"})).await;
    assert_eq!(join_as(addr, &vs_guest, &ann_auth, "").await.status, 200);
    let (_, guest) = join(addr, &vs_guest, "Visitor").await;
    let (mut g, _) = Client::connect(addr, &vs_guest, Some(&guest)).await;
    let id = g.request("resign").await;
    assert_eq!(g.next_of("ack").await["id"], id);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let changes = get(addr, &format!("/api/v1/tables/{vs_guest}/rating-changes")).await;
    assert_eq!(changes, json!([]));

    // The daily deal: one ranked attempt per account and day, whatever
    // name the body carries.
    let r = request(
        addr,
        "POST",
        "/api/v1/daily/babel",
        &[("Authorization", &bob_auth)],
        Some(json!({"name": "Bobby"})),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let r = request(
        addr,
        "POST",
        "/api/v1/daily/babel",
        &[("Authorization", &bob_auth)],
        Some(json!({"name": "Someone New"})),
    )
    .await;
    assert_eq!(
        (r.status, r.kind()),
        (409, "already_played".into()),
        "{}",
        r.body
    );
    // And a guest may not take the account's attempt under its name.
    let r = request(
        addr,
        "POST",
        "/api/v1/daily/babel",
        &[],
        Some(json!({"name": bob})),
    )
    .await;
    assert_eq!(r.status, 409, "{}", r.body);
}

#[test]
fn seats_ratings_and_the_daily_deal_belong_to_accounts_on_sqlite() {
    let dir = temp_dir("accounts-play");
    let server = start(&db_url(&dir));
    let addr = server.addr;
    client_runtime().block_on(play_suite(addr));
}

#[test]
fn seats_ratings_and_the_daily_deal_belong_to_accounts_on_postgres() {
    let Some(url) = postgres_url() else { return };
    let server = start(&url);
    let addr = server.addr;
    client_runtime().block_on(play_suite(addr));
}
