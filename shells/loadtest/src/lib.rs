//! `stackyard loadtest`: real WebSocket clients playing every hosted game
//! against a running server. Each seat is a client driven by one of the
//! game's own bots (deciding from the seat's view, as a person would see
//! it); clients beyond the seats watch. It measures connections held,
//! acknowledged actions per second, acknowledgement latency, errors, and
//! afterwards checks that every acknowledged action is stored. With
//! `--kill-at` it starts the server itself, kills it with SIGKILL mid-run,
//! restarts it on the same database, and the clients reconnect with their
//! tokens.

mod clients;
mod http;
mod read;
mod report;

pub use http::{HttpClient, http};
use report::percentiles;
pub use report::{GameFigures, Report};

use clap::Args;
use clients::{Shared, Slot, run_slot};
use stackyard_core::ErasedRecord;
use stackyard_core::Seed;
use stackyard_server::protocol::TableSummary;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Options that cannot work, said before anything runs (the CLI exits 2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct BadOptions(pub String);

/// Returns a [`BadOptions`] error from the function.
macro_rules! bad {
    ($($t:tt)*) => {
        return Err(anyhow::Error::new(BadOptions(format!($($t)*))))
    };
}

/// Options of `stackyard loadtest`.
#[derive(Debug, Clone, Args)]
pub struct Options {
    /// The server to load; repeat it for several nodes of one service
    /// (the clients are spread over them in turn, a table created on each
    /// in turn). With `--kill-at`, the one address to start the server on.
    #[arg(long = "addr", default_value = "127.0.0.1:8080", num_args = 1)]
    pub addrs: Vec<String>,
    /// Tables played at once, 1 to 10 000 (each game in turn; a finished
    /// table is replaced by a new one).
    #[arg(long, default_value_t = 10, value_parser = table_count)]
    pub tables: usize,
    /// Clients connected, up to 100 000: one per seat, the rest watch
    /// (default: every seat and one spectator a table).
    #[arg(long, value_parser = client_count)]
    pub clients: Option<usize>,
    /// Seconds to run (more than 0, at most a day).
    #[arg(long, default_value_t = 10.0, value_parser = run_seconds)]
    pub duration: f64,
    /// Most actions a second one seat sends (a seat acts as soon as it may
    /// and this allows). The default, 10, offers more than 10 actions a
    /// second a table (5 000 over 500 tables) while leaving each table
    /// time between actions, so latency measures the server rather than a
    /// queue the load test keeps full. 0: no pacing at all, each seat acts
    /// the moment it may (the server's throughput; latency is then mostly
    /// waiting in line). Start the server with `--messages-per-second`
    /// above this.
    #[arg(long, default_value_t = 10.0, value_parser = seat_rate)]
    pub rate: f64,
    /// The games played, comma-separated (default: every hosted game, in
    /// turn).
    #[arg(long, value_delimiter = ',')]
    pub games: Vec<String>,
    /// Kill the server with SIGKILL this many seconds in, restart it, and
    /// check nothing acknowledged was lost (the load test starts the
    /// server itself, with `--server` and `--db`).
    #[arg(long, value_parser = run_seconds)]
    pub kill_at: Option<f64>,
    /// The `stackyard` binary to start for `--kill-at` (default: this one).
    #[arg(long)]
    pub server: Option<std::path::PathBuf>,
    /// The database of the server started for `--kill-at`.
    #[arg(long, default_value = "stackyard-data/loadtest.db")]
    pub db: String,
}

fn bounded<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    text: &str,
    what: &str,
    min: T,
    max: T,
) -> Result<T, String> {
    let shown: String = text.chars().take(40).collect();
    let value: T = text.trim().parse().map_err(|_| {
        // A negative count is a number out of range, not a non-number.
        if text.trim().starts_with('-') {
            format!("{what} must be from {min} to {max}, not {shown}")
        } else {
            format!("{shown:?} is not a number of {what}")
        }
    })?;
    if value < min || value > max {
        return Err(format!("{what} must be from {min} to {max}, not {value}"));
    }
    Ok(value)
}

fn table_count(text: &str) -> Result<usize, String> {
    bounded(text, "tables", 1, 10_000)
}

fn client_count(text: &str) -> Result<usize, String> {
    bounded(text, "clients", 1, 100_000)
}

fn run_seconds(text: &str) -> Result<f64, String> {
    let s: f64 = bounded(text, "seconds", 0.0, 86_400.0)?;
    if s == 0.0 {
        return Err("seconds must be more than 0".into());
    }
    Ok(s)
}

fn seat_rate(text: &str) -> Result<f64, String> {
    bounded(text, "actions a second", 0.0, 1_000.0)
}

struct Child {
    child: std::process::Child,
}

fn start_server(options: &Options, addr: &str) -> anyhow::Result<Child> {
    let bin = match &options.server {
        Some(b) => b.clone(),
        None => std::env::current_exe()?,
    };
    let child = std::process::Command::new(bin)
        .args([
            "serve",
            "--addr",
            addr,
            "--db",
            &options.db,
            "--tables-per-client",
            "1000000",
            "--messages-per-second",
            "1000",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()?;
    Ok(Child { child })
}

/// How long a server the load test started itself has to answer: it may
/// be resuming a large database.
const STARTED_PATIENCE: Duration = Duration::from_secs(60);
/// How long a server given by `--addr` has to answer: it should be up
/// already, and a mistyped address should not cost a minute.
const GIVEN_PATIENCE: Duration = Duration::from_secs(5);

async fn wait_healthy(addr: SocketAddr, patience: Duration) -> anyhow::Result<()> {
    let until = Instant::now() + patience;
    loop {
        if let Ok((200, _)) = http(addr, "GET", "/healthz", None).await {
            return Ok(());
        }
        if Instant::now() > until {
            anyhow::bail!(
                "no server answered at {addr} within {} s (GET /healthz); is `stackyard serve --addr {addr}` running?",
                patience.as_secs()
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Runs the load test.
///
/// Options that cannot work (no such game, an address that does not
/// resolve, `--kill-at` outside the run or with several servers, fewer
/// clients than seats) are refused before any server is contacted, with a
/// [`BadOptions`] error.
pub async fn run(options: Options) -> anyhow::Result<Report> {
    let registry = stackyard_registry::registry();
    let hosted: Vec<&'static str> = registry.names();
    let games: Vec<&'static str> = if options.games.is_empty() {
        hosted
    } else {
        let mut chosen = Vec::new();
        for wanted in &options.games {
            match hosted.iter().find(|g| **g == wanted.as_str()) {
                Some(g) => chosen.push(*g),
                None => bad!(
                    "there is no game {wanted:?}; the games are {}",
                    hosted.join(", ")
                ),
            }
        }
        chosen
    };
    if options.addrs.is_empty() {
        bad!("no server address: give one with --addr");
    }
    if options.addrs.len() > 64 {
        bad!("at most 64 --addr, not {}", options.addrs.len());
    }
    let mut addrs: Vec<SocketAddr> = Vec::new();
    for name in &options.addrs {
        let addr = match tokio::net::lookup_host(name.as_str()).await {
            Ok(mut found) => found.next(),
            Err(e) => bad!("cannot resolve {name:?}: {e}"),
        };
        let Some(addr) = addr else {
            bad!("cannot resolve {name:?}");
        };
        addrs.push(addr);
    }
    if let Some(at) = options.kill_at {
        if at >= options.duration {
            bad!(
                "--kill-at {at} is not within the run's {} seconds",
                options.duration
            );
        }
        if addrs.len() != 1 {
            bad!(
                "--kill-at starts and kills one server: give one --addr, not {}",
                addrs.len()
            );
        }
    }
    // Seats per game with its default settings.
    let seats: Vec<usize> = games
        .iter()
        .map(|g| {
            registry
                .get(g)
                .and_then(|k| k.create(&k.default_settings(), Seed(1)).ok())
                .map_or(1, |t| t.seat_count())
        })
        .collect();
    let slot_games: Vec<usize> = (0..options.tables).map(|i| i % games.len()).collect();
    let seat_clients: usize = slot_games.iter().map(|&g| seats[g]).sum();
    let clients = options.clients.unwrap_or(seat_clients + options.tables);
    if clients < seat_clients {
        bad!(
            "{} tables need at least {seat_clients} clients (one per seat)",
            options.tables
        );
    }
    let mut child = None;
    if options.kill_at.is_some() {
        child = Some(start_server(&options, &options.addrs[0])?);
    }
    for (i, &addr) in addrs.iter().enumerate() {
        let started = i == 0 && child.is_some();
        wait_healthy(
            addr,
            if started {
                STARTED_PATIENCE
            } else {
                GIVEN_PATIENCE
            },
        )
        .await?;
    }
    let spare = clients - seat_clients;
    let shared = Arc::new(Shared::default());
    let created = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(options.duration);
    let mut slots = Vec::new();
    // Clients are numbered slot by slot (its seats, then its spectators),
    // and client k connects to address k mod n; slot i creates its tables on address i mod n.
    let mut next_client = 0usize;
    for (i, &g) in slot_games.iter().enumerate() {
        let watchers = spare / options.tables + usize::from(i < spare % options.tables);
        let slot_clients = seats[g] + watchers;
        let slot = Slot {
            http: addrs[i % addrs.len()],
            clients: in_turn(&addrs, next_client, slot_clients),
            game: games[g],
            seats: seats[g],
            deadline,
            rate: options.rate,
        };
        next_client += slot_clients;
        slots.push(tokio::spawn(run_slot(
            slot,
            shared.clone(),
            created.clone(),
        )));
    }
    let mut killed = false;
    if let (Some(at), Some(c)) = (options.kill_at, child.as_mut()) {
        tokio::time::sleep_until((started + Duration::from_secs_f64(at)).into()).await;
        shared.restarting.store(true, Ordering::SeqCst);
        c.child.kill()?; // SIGKILL
        let _ = c.child.wait();
        killed = true;
        *c = start_server(&options, &options.addrs[0])?;
        wait_healthy(addrs[0], STARTED_PATIENCE).await?;
        // Give clients time to reconnect before counting closes as errors.
        tokio::time::sleep(Duration::from_secs(2)).await;
        shared.restarting.store(false, Ordering::SeqCst);
    }
    for s in slots {
        let _ = s.await;
    }
    let seconds = started
        .elapsed()
        .as_secs_f64()
        .min(options.duration)
        .max(0.001);
    // Every acknowledged action must be on the server (the live tables
    // are rebuilt from the database after a restart; finished ones are
    // records in it).
    let tables: Vec<(String, (SocketAddr, u64))> = shared
        .tables
        .lock()
        .map(|t| t.iter().map(|(k, v)| (k.clone(), *v)).collect())
        .unwrap_or_default();
    let mut lost = 0u64;
    for (id, (addr, acked)) in &tables {
        lost += acked.saturating_sub(stored_actions(*addr, id).await);
    }
    let by_game = shared
        .latencies_us
        .lock()
        .map(|l| l.clone())
        .unwrap_or_default();
    let mut latencies: Vec<u32> = by_game.values().flatten().copied().collect();
    latencies.sort_unstable();
    let (p50_ms, p99_ms, max_ms) = percentiles(&latencies);
    let mut per_game = Vec::new();
    for game in &games {
        if per_game.iter().any(|g: &GameFigures| g.game == *game) {
            continue;
        }
        let mut sorted = by_game.get(game).cloned().unwrap_or_default();
        sorted.sort_unstable();
        let (p50_ms, p99_ms, max_ms) = percentiles(&sorted);
        per_game.push(GameFigures {
            game,
            actions: sorted.len() as u64,
            actions_per_s: sorted.len() as f64 / seconds,
            p50_ms,
            p99_ms,
            max_ms,
        });
    }
    let actions = shared.acked.load(Ordering::Relaxed);
    let report = Report {
        clients,
        tables: options.tables,
        seat_clients,
        rate: options.rate.max(0.0),
        tables_created: created.load(Ordering::Relaxed),
        games_finished: shared.finished.load(Ordering::Relaxed),
        connections_held: shared.max_connections.load(Ordering::SeqCst),
        actions,
        actions_per_s: actions as f64 / seconds,
        p50_ms,
        p99_ms,
        max_ms,
        errors: shared.errors.load(Ordering::Relaxed),
        refused: shared.refused.load(Ordering::Relaxed),
        lost,
        killed,
        seconds,
        per_game,
    };
    if let Some(mut c) = child {
        let _ = c.child.kill();
        let _ = c.child.wait();
    }
    Ok(report)
}

/// How many actions the server at `addr` has stored for table `id`: the
/// live table's count, or its record's once it is finished (0 if neither
/// answers).
async fn stored_actions(addr: SocketAddr, id: &str) -> u64 {
    let mut client = HttpClient::new(addr);
    let live = format!("/api/v1/tables/{id}");
    if let Ok(table) = client.typed::<TableSummary>("GET", &live, None).await {
        return table.actions as u64;
    }
    let record = format!("/api/v1/tables/{id}/record");
    match client
        .typed::<serde_json::Value>("GET", &record, None)
        .await
    {
        Ok(value) => ErasedRecord::parse(&value).map_or(0, |r| r.actions.len() as u64),
        Err(_) => 0,
    }
}

/// The addresses of `count` clients numbered from `first`: client k
/// connects to `addrs[k mod n]`, so the run's clients are spread evenly
/// over the servers.
fn in_turn(addrs: &[SocketAddr], first: usize, count: usize) -> Vec<SocketAddr> {
    (first..first + count)
        .map(|k| addrs[k % addrs.len()])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clients_are_spread_over_the_servers_in_turn() {
        let addrs: Vec<SocketAddr> = ["127.0.0.1:1", "127.0.0.1:2", "127.0.0.1:3"]
            .iter()
            .map(|a| a.parse().unwrap())
            .collect();
        // Three slots of 5, 4 and 2 clients: 11 clients, so 4, 4 and 3 a
        // server, and no slot's clients all on one server.
        let mut counts = [0usize; 3];
        let mut first = 0;
        for size in [5, 4, 2] {
            let slot = in_turn(&addrs, first, size);
            assert_eq!(slot.len(), size);
            assert!(slot.iter().any(|a| *a != slot[0]), "{slot:?}");
            for a in slot {
                counts[addrs.iter().position(|x| *x == a).unwrap()] += 1;
            }
            first += size;
        }
        assert_eq!(counts, [4, 4, 3]);
        // One server takes every client.
        assert!(in_turn(&addrs[..1], 7, 3).iter().all(|a| *a == addrs[0]));
    }
}
