//! `stackyard serve` and `stackyard loadtest`: thin shells over
//! `stackyard-server` and `stackyard-loadtest`.

use crate::failure::Failure;
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Options of `stackyard serve`.
#[derive(Debug, Args)]
pub struct Serve {
    /// Where to listen.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The database: a SQLite file path or URL, or postgres://…
    #[arg(long, default_value = "stackyard-data/stackyard.db", value_parser = database)]
    db: String,
    /// The web client's folder, served at / when it exists.
    #[arg(long, default_value = "web/dist")]
    web: PathBuf,
    /// Unfinished tables one client address may have open.
    #[arg(long, default_value_t = 20)]
    tables_per_client: usize,
    /// Messages per second a connection may send on average.
    #[arg(long, default_value_t = 20.0)]
    messages_per_second: f64,
    /// Seconds a connection has to send a complete request head (slow
    /// header senders and idle sockets are closed after it), 1..=3600.
    #[arg(long, default_value_t = 10, value_parser = crate::args::whole(1, 3600))]
    header_timeout_secs: u64,
    /// TCP connections one client address may hold open, 1..=1000000.
    #[arg(long, default_value_t = 256, value_parser = crate::args::whole(1, 1_000_000))]
    connections_per_address: u64,
    /// TCP connections in all, 16..=1048576 (default: the descriptor
    /// limit less 256).
    #[arg(long, value_parser = crate::args::whole(16, 1_048_576))]
    max_connections: Option<u64>,
    /// WebSocket connections one seat of a table may hold open, 1..=1000.
    #[arg(long, default_value_t = 4, value_parser = crate::args::whole(1, 1000))]
    connections_per_seat: u64,
    /// One-seat games with a daily deal (comma-separated; empty for none;
    /// default: every one-seat game).
    #[arg(long, value_delimiter = ',')]
    daily: Option<Vec<String>>,
    /// Several nodes over one PostgreSQL (issue #28): milliseconds a
    /// node's hold on its tables lasts unrenewed, 500..=600000 (default
    /// 10000, or STACKYARD_LEASE_MS); a dead node's tables go on elsewhere
    /// within about 4/3 of it.
    #[arg(long, value_parser = crate::args::whole(500, 600_000))]
    lease_ms: Option<u64>,
    /// Where the other nodes reach this one (host:port; default: the
    /// listening address, 127.0.0.1 for an unspecified host).
    #[arg(long)]
    advertise: Option<String>,
    #[command(flatten)]
    threads: Threads,
}

/// Options of `stackyard loadtest`.
#[derive(Debug, Args)]
pub struct Loadtest {
    #[command(flatten)]
    options: stackyard_loadtest::Options,
    #[command(flatten)]
    threads: Threads,
}

/// How many threads run the async work.
#[derive(Debug, Args)]
struct Threads {
    /// Worker threads of the async runtime, 1..=1024 (default: one per
    /// core). Beside another busy process on few cores, fewer can serve
    /// more (docs/benchmarks.md, 2026-11-28).
    #[arg(long, value_parser = crate::args::whole(1, 1024))]
    threads: Option<u64>,
}

impl Threads {
    /// The runtime. The count is always given to tokio, so tokio never
    /// reads `TOKIO_WORKER_THREADS` (which it would panic on, were it not
    /// a positive number).
    fn runtime(&self) -> std::io::Result<tokio::runtime::Runtime> {
        let threads = match self.threads {
            Some(n) => n as usize,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(threads)
            .enable_all()
            .build()
    }
}

/// `--db`: refuses, before anything is opened or created, a URL of a
/// database the server does not speak (it would be taken for a file).
pub fn database(text: &str) -> Result<String, String> {
    match text.split_once("://") {
        Some((scheme, _)) if !matches!(scheme, "sqlite" | "postgres" | "postgresql") => {
            Err(format!(
                "{scheme}:// databases are not supported: give a SQLite file path \
             (or sqlite://path) or a postgres:// URL"
            ))
        }
        _ => Ok(text.to_string()),
    }
}

/// Runs the server until it is stopped.
pub fn serve(args: Serve) -> Result<(), Failure> {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .try_init();
    let mut config = stackyard_server::Config::new(args.addr, args.db);
    config.web = args.web.is_dir().then_some(args.web);
    config.limits.tables_per_client = args.tables_per_client;
    config.limits.messages_per_second = args.messages_per_second;
    config.limits.message_burst = args.messages_per_second * 2.0;
    // The ranges above fit a usize on every platform the server runs on.
    let count = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    config.limits.header_timeout = std::time::Duration::from_secs(args.header_timeout_secs);
    config.limits.connections_per_address = count(args.connections_per_address);
    if let Some(max) = args.max_connections {
        config.limits.max_connections = count(max);
    }
    config.limits.connections_per_seat = count(args.connections_per_seat);
    if let Some(daily) = args.daily {
        config.daily = daily.into_iter().filter(|g| !g.is_empty()).collect();
    }
    let lease_ms = args.lease_ms.or_else(|| {
        std::env::var("STACKYARD_LEASE_MS")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
            .filter(|ms| (500..=600_000).contains(ms))
    });
    if let Some(ms) = lease_ms {
        config.lease = std::time::Duration::from_millis(ms);
    }
    config.advertise = args.advertise;
    let runtime = args.threads.runtime()?;
    runtime.block_on(async {
        let server = stackyard_server::Server::start(config).await?;
        println!("Stackyard is serving at http://{}/", server.addr);
        server.wait().await;
        Ok::<(), anyhow::Error>(())
    })?;
    Ok(())
}

/// Runs the load test against a running server.
pub fn loadtest(args: Loadtest) -> Result<(), Failure> {
    let runtime = args.threads.runtime()?;
    let report = runtime
        .block_on(stackyard_loadtest::run(args.options))
        .map_err(
            |e| match e.downcast_ref::<stackyard_loadtest::BadOptions>() {
                Some(bad) => Failure::bad_input(bad),
                None => Failure::other(format!("{e:#}")),
            },
        )?;
    println!("{}", report.human());
    println!("{}", report.json());
    Ok(())
}
