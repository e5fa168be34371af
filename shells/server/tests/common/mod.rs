//! Test helpers: a server on port 0 over a SQLite file, a tiny HTTP client
//! and WebSocket clients (tokio-tungstenite, as a browser would connect).

#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use stackyard_server::protocol::ServerMessage;
use stackyard_server::{Background, Config};
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// A fresh temporary folder (for a database), removed with everything in
/// it when the test lets go of it: hold it for the test's whole length.
pub fn temp_dir(name: &str) -> TestDir {
    TestDir(
        tempfile::Builder::new()
            .prefix(&format!("stackyard-test-{name}-"))
            .tempdir()
            .expect("a temporary folder"),
    )
}

/// A test's temporary folder: a path while it is held, gone once dropped.
pub struct TestDir(tempfile::TempDir);

impl std::ops::Deref for TestDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for TestDir {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

/// The database the tests use: `STACKYARD_TEST_DB` if set (a PostgreSQL
/// URL for the store suite), else a SQLite file in `dir`.
pub fn db_url(dir: &Path) -> String {
    dir.join("stackyard.db").display().to_string()
}

/// Starts a server on 127.0.0.1:0 over `db`.
pub fn start(db: &str) -> Background {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), db);
    config.limits.tables_per_client = 1000;
    config.limits.hello_timeout = Duration::from_secs(5);
    Background::start(config).expect("the server starts")
}

/// Starts a server with custom limits.
pub fn start_with(db: &str, limits: stackyard_server::Limits) -> Background {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), db);
    config.limits = limits;
    Background::start(config).expect("the server starts")
}

/// A client runtime.
pub fn client_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// An HTTP answer as a test reads it: status, lower-cased headers, body
/// (de-chunked).
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    /// The body as JSON (Null when it is not).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
    /// The error kind of an error body ("" otherwise).
    pub fn kind(&self) -> String {
        self.json()["error"]["kind"]
            .as_str()
            .unwrap_or("")
            .to_string()
    }
    /// The value of cookie `name` set by this answer.
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.headers
            .iter()
            .filter(|(k, _)| k == "set-cookie")
            .find_map(|(_, v)| {
                let first = v.split(';').next()?;
                let (k, val) = first.split_once('=')?;
                (k == name).then(|| val.to_string())
            })
    }
    /// The whole Set-Cookie line of cookie `name` ("" if none).
    pub fn set_cookie_line(&self, name: &str) -> String {
        self.headers
            .iter()
            .find(|(k, v)| k == "set-cookie" && v.starts_with(&format!("{name}=")))
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }
}

/// One HTTP/1.1 request on a fresh connection, `body` sent as it is (so
/// tests can send malformed JSON); the tiny client every test file uses.
pub async fn request_raw(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Reply {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    Reply {
        status,
        headers,
        body,
    }
}

/// [`request_raw`] with a JSON body, if any.
pub async fn request(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> Reply {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    request_raw(addr, method, path, headers, &body).await
}

/// A request without headers: (status, body text).
pub async fn http(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, String) {
    let reply = request_raw(addr, method, path, &[], body.unwrap_or("")).await;
    (reply.status, reply.body)
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n..];
        s = s.strip_prefix("\r\n").unwrap_or(s);
    }
    out
}

/// POST JSON, expecting 200; returns the parsed body.
pub async fn post(addr: std::net::SocketAddr, path: &str, body: Value) -> Value {
    let (status, text) = http(addr, "POST", path, Some(&body.to_string())).await;
    assert_eq!(status, 200, "POST {path}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// GET JSON, expecting 200.
pub async fn get(addr: std::net::SocketAddr, path: &str) -> Value {
    let (status, text) = http(addr, "GET", path, None).await;
    assert_eq!(status, 200, "GET {path}: {text}");
    serde_json::from_str(&text).unwrap()
}

/// Creates a table; returns its id.
pub async fn create(addr: std::net::SocketAddr, spec: Value) -> String {
    let table = post(addr, "/api/v1/tables", spec).await;
    table["id"].as_str().unwrap().to_string()
}

/// Joins a seat; returns (seat, token).
pub async fn join(addr: std::net::SocketAddr, table: &str, name: &str) -> (usize, String) {
    let joined = post(
        addr,
        &format!("/api/v1/tables/{table}/join"),
        json!({"name": name}),
    )
    .await;
    (
        joined["seat"].as_u64().unwrap() as usize,
        joined["token"].as_str().unwrap().to_string(),
    )
}

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket client of one table.
pub struct Client {
    pub socket: Socket,
    next_id: u64,
}

/// How a connection ended.
#[derive(Debug, PartialEq)]
pub enum Closed {
    /// A close frame with this code.
    Code(u16),
    /// The connection dropped without one.
    Dropped,
}

impl Client {
    /// A client over a socket connected some other way.
    pub fn from_socket(socket: Socket) -> Client {
        Client { socket, next_id: 1 }
    }

    /// Connects without saying hello.
    pub async fn raw(addr: std::net::SocketAddr, table: &str) -> Client {
        let url = format!("ws://{addr}/api/v1/tables/{table}/ws");
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("connects");
        Client { socket, next_id: 1 }
    }

    /// Connects and says hello; returns the client and the first message.
    pub async fn connect(
        addr: std::net::SocketAddr,
        table: &str,
        token: Option<&str>,
    ) -> (Client, Value) {
        let mut client = Client::raw(addr, table).await;
        client
            .send_json(json!({"type": "hello", "protocol": 1, "token": token, "since": null}))
            .await;
        let first = client.next().await.expect("an answer to hello");
        (client, first)
    }

    /// Sends a JSON message.
    pub async fn send_json(&mut self, value: Value) {
        self.send_text(value.to_string()).await;
    }

    /// Sends raw text.
    pub async fn send_text(&mut self, text: String) {
        let _ = self.socket.send(Message::Text(text.into())).await;
    }

    /// Sends an action; returns its id.
    pub async fn act(&mut self, action: Value) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.send_json(json!({"type": "act", "id": id, "action": action}))
            .await;
        id
    }

    /// Sends a request of `kind` with a fresh id; returns the id.
    pub async fn request(&mut self, kind: &str) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.send_json(json!({"type": kind, "id": id})).await;
        id
    }

    /// The next JSON message (within 30 s), or `None` once closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(30), self.socket.next())
                .await
                .expect("a message within 30 s")?;
            match msg {
                Ok(Message::Text(t)) => {
                    // Every message fits the documented shape (and so the
                    // TypeScript generated from it).
                    if let Err(e) = serde_json::from_str::<ServerMessage>(&t) {
                        panic!("the server sent {t}, which is not a protocol::ServerMessage: {e}");
                    }
                    return Some(serde_json::from_str(&t).unwrap());
                }
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => continue,
            }
        }
    }

    /// The next message of `kind`, skipping others.
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let m = self
                .next()
                .await
                .unwrap_or_else(|| panic!("closed while waiting for {kind}"));
            if m["type"] == kind {
                return m;
            }
        }
    }

    /// Reads until the connection closes; returns how.
    pub async fn closed(&mut self) -> Closed {
        loop {
            match tokio::time::timeout(Duration::from_secs(30), self.socket.next()).await {
                Err(_) => panic!("not closed within 30 s"),
                Ok(None) => return Closed::Dropped,
                Ok(Some(Ok(Message::Close(Some(frame))))) => {
                    return Closed::Code(frame.code.into());
                }
                Ok(Some(Ok(Message::Close(None)))) => return Closed::Dropped,
                Ok(Some(Ok(_))) => continue,
                Ok(Some(Err(_))) => return Closed::Dropped,
            }
        }
    }
}

/// Whether `seat` may act given a `to_act` JSON value.
pub fn may_act(to_act: &Value, seat: usize) -> bool {
    match to_act["type"].as_str() {
        Some("seat") => to_act["seat"].as_u64() == Some(seat as u64),
        Some("any_seat") => true,
        _ => false,
    }
}

/// The throwaway PostgreSQL cluster's URL (`STACKYARD_TEST_POSTGRES`,
/// set by `scripts/with-postgres`), or `None` (the test skipped) without
/// one; but `STACKYARD_REQUIRE_POSTGRES` (set by `scripts/test`) makes a
/// missing cluster fail rather than pass with half the suite unrun.
pub fn postgres_url() -> Option<String> {
    match std::env::var("STACKYARD_TEST_POSTGRES") {
        Ok(url) => Some(url),
        Err(_) if std::env::var_os("STACKYARD_REQUIRE_POSTGRES").is_some() => {
            panic!(
                "STACKYARD_REQUIRE_POSTGRES is set but STACKYARD_TEST_POSTGRES is not: run through scripts/with-postgres"
            )
        }
        Err(_) => {
            eprintln!(
                "STACKYARD_TEST_POSTGRES is not set: skipped (scripts/with-postgres sets it)"
            );
            None
        }
    }
}

/// A database of the test's own in the PostgreSQL cluster at `url`, so
/// that no other test's node takes its tables over.
pub async fn fresh_database(url: &str, name: &str) -> String {
    use sqlx::Connection;
    let mut conn = sqlx::PgConnection::connect(url)
        .await
        .expect("PostgreSQL answers");
    let db = format!("test_{name}_{}", stackyard_server::auth::random_hex(4));
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE {db}")))
        .execute(&mut conn)
        .await
        .expect("a database is created");
    let base = url.rsplit_once('/').map_or(url, |(base, _)| base);
    format!("{base}/{db}")
}

/// The `stackyard` binary: at `STACKYARD_BIN`, or next to this test's
/// executable (`cargo build -p stackyard` builds it).
pub fn binary() -> PathBuf {
    if let Some(bin) = std::env::var_os("STACKYARD_BIN") {
        return bin.into();
    }
    let exe = std::env::current_exe().unwrap();
    let bin = exe.parent().unwrap().parent().unwrap().join("stackyard");
    assert!(
        bin.exists(),
        "no stackyard binary at {}: build it first (cargo build -p stackyard)",
        bin.display()
    );
    bin
}

/// One `stackyard serve` process on a free port of 127.0.0.1, killed
/// when dropped.
pub struct Node {
    /// The process.
    pub child: std::process::Child,
    /// Where it listens.
    pub addr: std::net::SocketAddr,
}

impl Node {
    /// A node over `db`, with no daily deals and no web folder.
    pub fn start(db: &str) -> Node {
        Node::start_with(db, &[])
    }

    /// A node over `db`, with `extra` arguments to `stackyard serve`.
    pub fn start_with(db: &str, extra: &[&str]) -> Node {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let child = std::process::Command::new(binary())
            .args(["serve", "--addr", &addr.to_string(), "--db", db])
            .args(["--daily", "", "--web", "/nonexistent"])
            .args(extra)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the stackyard binary runs");
        let started = std::time::Instant::now();
        while std::net::TcpStream::connect(addr).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "node {addr} never listened"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Node { child, addr }
    }

    /// Sends `signal` (`KILL`, `STOP`, `CONT`, `TERM`) to the process.
    pub fn signal(&self, signal: &str) {
        let status = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// SIGSTOP, and waits until every thread of the process has stopped.
    ///
    /// `kill` returns once the signal is queued, but the kernel wakes only
    /// one thread to take it; the others run on until that thread is
    /// scheduled and starts the group stop. On a loaded machine that is
    /// long enough for a worker thread to read, commit and acknowledge an
    /// action sent "after" the stop.
    pub fn stall(&self) {
        self.signal("STOP");
        let tasks = format!("/proc/{}/task", self.child.id());
        let started = std::time::Instant::now();
        loop {
            let all_stopped = std::fs::read_dir(&tasks)
                .expect("the node's threads are listed")
                .filter_map(Result::ok)
                .all(|task| {
                    let stat =
                        std::fs::read_to_string(task.path().join("stat")).unwrap_or_default();
                    // The state follows the command name, which is in parentheses.
                    let state = stat
                        .rsplit_once(") ")
                        .and_then(|(_, rest)| rest.chars().next());
                    matches!(state, Some('T' | 't'))
                });
            if all_stopped {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "node {} never stopped",
                self.addr
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// SIGTERM (a rolling restart's stop), and waits for the exit.
    pub fn stop(mut self) {
        self.signal("TERM");
        let _ = self.child.wait();
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
