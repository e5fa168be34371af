//! What the load test's traffic costs with nothing behind it: no game, no
//! database, no JSON. The same shape as the goal's command of issue #26
//! (500 tables, 2 000 WebSocket connections over loopback, 833 of them
//! seats, each action answered by an ack to its seat and a step of about a
//! kilobyte to every connection of its table), through the same stack as
//! the server (tokio, tungstenite, one task per connection and one per
//! table, queued writes flushed once) and the load generator (one task per
//! connection). It prints the CPU both processes spent per acknowledged
//! action: the floor under `scripts/loadtest-cpu`'s figures on this
//! machine (docs/benchmarks.md, "2026-11-28, 11:00–11:30 UTC").
//!
//! ```sh
//! cargo run --release -p stackyard-loadtest --example transport_floor -- [RATE] [SECONDS]
//! ```
//!
//! RATE is the most actions a second one seat sends (default 10, the load
//! test's default pacing); SECONDS the length of the run (default 20). The
//! example starts its own server as a child process on 127.0.0.1:18199.
//! With `FLOOR_DIRECT=1` the table's task writes to its connections'
//! sockets itself instead of queueing each message for the connection's
//! task: what one task wake-up per message and viewer costs.

use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

const ADDR: &str = "127.0.0.1:18199";
const TABLES: usize = 500;
const PER_TABLE: usize = 4;
/// Bytes of a step: a view of Towers or IceTowers is about a kilobyte.
const STEP_BYTES: usize = 1000;
/// Most queued messages written before one flush (as the server does).
const WRITE_BATCH: usize = 32;

/// Seats at table `t`: two, or one (a solitaire) at every third table, so
/// that 833 of the 2 000 connections are seats, as in the goal's run.
fn seats_at(t: usize) -> usize {
    if t % 3 == 1 { 1 } else { 2 }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("serve") {
        return tokio::runtime::Runtime::new()?.block_on(serve());
    }
    let rate: f64 = args.first().map(|a| a.parse()).transpose()?.unwrap_or(10.0);
    let seconds: u64 = args.get(1).map(|a| a.parse()).transpose()?.unwrap_or(20);
    let exe = std::env::current_exe()?;
    let mut server = std::process::Command::new(exe).arg("serve").spawn()?;
    let result = tokio::runtime::Runtime::new()?.block_on(load(server.id(), rate, seconds));
    let _ = server.kill();
    let _ = server.wait();
    result
}

/// CPU (user + system) a process has spent, in µs, from `/proc`.
fn cpu_us(pid: &str) -> anyhow::Result<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    // Fields after the command's closing parenthesis; utime and stime are
    // the 14th and 15th of the whole line.
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f[11].parse::<f64>()? + f[12].parse::<f64>()?;
    Ok(ticks / 100.0 * 1e6)
}

// ---- the server: one task per table, one per connection ----

enum ToTable {
    Join(usize, mpsc::Sender<Utf8Bytes>),
    /// A connection's writing half, for the table to write to itself.
    JoinDirect(usize, Sink),
    Act(usize, u64),
}

type Sink = futures_util::stream::SplitSink<tokio_tungstenite::WebSocketStream<TcpStream>, Message>;

/// Whether the table writes to the sockets itself (`FLOOR_DIRECT=1`)
/// rather than handing each message to the connection's task.
fn direct() -> bool {
    std::env::var("FLOOR_DIRECT").is_ok_and(|v| v == "1")
}

async fn serve() -> anyhow::Result<()> {
    let listener = TcpListener::bind(ADDR).await?;
    let step: Utf8Bytes = format!(
        "{{\"type\":\"step\",\"view\":\"{}\"}}",
        "x".repeat(STEP_BYTES)
    )
    .into();
    let tables: Vec<mpsc::Sender<ToTable>> = (0..TABLES)
        .map(|_| {
            let (tx, mut rx) = mpsc::channel::<ToTable>(256);
            let step = step.clone();
            tokio::spawn(async move {
                let mut conns: Vec<(usize, mpsc::Sender<Utf8Bytes>)> = Vec::new();
                let mut sinks: Vec<(usize, Sink)> = Vec::new();
                while let Some(cmd) = rx.recv().await {
                    match cmd {
                        ToTable::Join(place, c) => conns.push((place, c)),
                        ToTable::JoinDirect(place, s) => sinks.push((place, s)),
                        ToTable::Act(from, id) => {
                            let ack: Utf8Bytes = format!("{{\"type\":\"ack\",\"id\":{id}}}").into();
                            for (place, c) in &conns {
                                if *place == from {
                                    let _ = c.try_send(ack.clone());
                                }
                                let _ = c.try_send(step.clone());
                            }
                            for (place, s) in sinks.iter_mut() {
                                if *place == from {
                                    let _ = s.feed(Message::Text(ack.clone())).await;
                                }
                                let _ = s.send(Message::Text(step.clone())).await;
                            }
                        }
                    }
                }
            });
            tx
        })
        .collect();
    let tables = Arc::new(tables);
    loop {
        let (stream, _) = listener.accept().await?;
        let tables = tables.clone();
        tokio::spawn(async move {
            let _ = serve_connection(stream, &tables).await;
        });
    }
}

async fn serve_connection(
    stream: TcpStream,
    tables: &[mpsc::Sender<ToTable>],
) -> anyhow::Result<()> {
    stream.set_nodelay(true)?;
    let mut ws = tokio_tungstenite::accept_async(stream).await?;
    // The first message names the table and the place at it.
    let Some(Ok(Message::Text(hello))) = ws.next().await else {
        return Ok(());
    };
    let (t, place) = hello.split_once(' ').unwrap_or(("0", "0"));
    let (t, place): (usize, usize) = (t.parse()?, place.parse()?);
    let table = &tables[t % TABLES];
    if direct() {
        let (sink, mut stream) = ws.split();
        table.send(ToTable::JoinDirect(place, sink)).await?;
        while let Some(Ok(msg)) = stream.next().await {
            if let Message::Text(text) = msg {
                let id: u64 = text.parse().unwrap_or(0);
                table.send(ToTable::Act(place, id)).await?;
            }
        }
        return Ok(());
    }
    let (tx, mut outbound) = mpsc::channel::<Utf8Bytes>(256);
    table.send(ToTable::Join(place, tx)).await?;
    loop {
        tokio::select! {
            msg = ws.next() => match msg {
                Some(Ok(Message::Text(text))) => {
                    let id: u64 = text.parse().unwrap_or(0);
                    table.send(ToTable::Act(place, id)).await?;
                }
                Some(Ok(_)) => {}
                _ => return Ok(()),
            },
            Some(first) = outbound.recv() => {
                ws.feed(Message::Text(first)).await?;
                for _ in 1..WRITE_BATCH {
                    match outbound.try_recv() {
                        Ok(text) => ws.feed(Message::Text(text)).await?,
                        Err(_) => break,
                    }
                }
                ws.flush().await?;
            }
        }
    }
}

// ---- the load: one task per connection ----

#[derive(Default)]
struct Tally {
    acked: AtomicU64,
    steps: AtomicU64,
    /// Ack latencies, µs, each seat's own list merged at the end.
    latencies: std::sync::Mutex<Vec<u32>>,
}

async fn load(server: u32, rate: f64, seconds: u64) -> anyhow::Result<()> {
    let mut stream = None;
    for _ in 0..100 {
        if let Ok(s) = TcpStream::connect(ADDR).await {
            stream = Some(s);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    drop(stream.ok_or_else(|| anyhow::anyhow!("the server did not start"))?);
    let tally = Arc::new(Tally::default());
    let mut sockets = Vec::new();
    for t in 0..TABLES {
        for place in 0..PER_TABLE {
            let (stream, _) = tokio_tungstenite::connect_async(format!("ws://{ADDR}/")).await?;
            let mut ws = stream;
            ws.send(Message::Text(format!("{t} {place}").into()))
                .await?;
            sockets.push((ws, place < seats_at(t)));
        }
    }
    // Every connection has joined before the clock starts.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let server_pid = server.to_string();
    let (server_before, mine_before) = (cpu_us(&server_pid)?, cpu_us("self")?);
    let started = Instant::now();
    let deadline = started + Duration::from_secs(seconds);
    let interval = Duration::from_secs_f64(1.0 / rate.max(0.1));
    let mut tasks = Vec::new();
    for (mut ws, seat) in sockets {
        let tally = tally.clone();
        tasks.push(tokio::spawn(async move {
            let mut own = Vec::new();
            let mut next_id = 1u64;
            let mut in_flight: Option<Instant> = None;
            let mut next_send = Instant::now();
            loop {
                let now = Instant::now();
                if now > deadline {
                    break;
                }
                if seat && in_flight.is_none() && now >= next_send {
                    in_flight = Some(now);
                    next_send = now + interval;
                    if ws
                        .send(Message::Text(next_id.to_string().into()))
                        .await
                        .is_err()
                    {
                        break;
                    }
                    next_id += 1;
                }
                let wake = if seat && in_flight.is_none() {
                    next_send
                } else {
                    deadline
                };
                tokio::select! {
                    msg = ws.next() => match msg {
                        Some(Ok(Message::Text(text))) => {
                            if text.as_str().starts_with("{\"type\":\"ack\"") {
                                if let Some(sent) = in_flight.take() {
                                    own.push(sent.elapsed().as_micros() as u32);
                                    tally.acked.fetch_add(1, Ordering::Relaxed);
                                }
                            } else {
                                tally.steps.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        Some(Ok(_)) => {}
                        _ => break,
                    },
                    _ = tokio::time::sleep_until(wake.into()) => {}
                }
            }
            tally
                .latencies
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .extend(own);
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let (server_cpu, my_cpu) = (
        cpu_us(&server_pid)? - server_before,
        cpu_us("self")? - mine_before,
    );
    let acked = tally.acked.load(Ordering::Relaxed).max(1) as f64;
    let mut lat = std::mem::take(&mut *tally.latencies.lock().unwrap_or_else(|p| p.into_inner()));
    lat.sort_unstable();
    let pct = |p: f64| {
        lat.get(((lat.len() as f64 - 1.0) * p) as usize)
            .copied()
            .unwrap_or(0) as f64
            / 1000.0
    };
    println!(
        "rate {rate}/seat: {:.0} acked/s, steps {:.0}/s, ack p50 {:.2} ms, p99 {:.2} ms, server {:.0} µs/action, load {:.0} µs/action",
        acked / elapsed,
        tally.steps.load(Ordering::Relaxed) as f64 / elapsed,
        pct(0.5),
        pct(0.99),
        server_cpu / acked,
        my_cpu / acked,
    );
    Ok(())
}
