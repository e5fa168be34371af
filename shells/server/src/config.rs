//! What a server is started with: where it listens, where it stores, and
//! the limits that keep one client from spoiling the others.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Everything `stackyard serve` can set.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen (`127.0.0.1:0` picks a free port).
    pub addr: SocketAddr,
    /// The database URL: `sqlite://path?mode=rwc`, `postgres://…`, or a
    /// bare file path (SQLite).
    pub db: String,
    /// A folder of static files (the web client) to serve at `/`, if any.
    pub web: Option<PathBuf>,
    /// The abuse limits.
    pub limits: Limits,
    /// The one-seat games with a daily deal (the same deal for everyone
    /// each UTC day, with a leaderboard).
    pub daily: Vec<String>,
    /// Several nodes over one PostgreSQL (issue #28): how long a node's
    /// hold on its tables lasts unrenewed. A dead or stalled node's tables
    /// are taken over within about 4/3 of it.
    pub lease: Duration,
    /// Where the other nodes reach this one (`host:port`); by default the
    /// address it listens on (`127.0.0.1` for an unspecified host).
    pub advertise: Option<String>,
}

/// The default lease: a dead node's tables go on elsewhere within 15 s
/// (the lease, then at most a third of it until a scan).
pub const DEFAULT_LEASE: Duration = Duration::from_secs(10);

/// The explicit limits, each with the default a public server runs with.
#[derive(Debug, Clone)]
pub struct Limits {
    /// The largest WebSocket message a client may send, bytes.
    pub max_message_bytes: usize,
    /// Messages per second a connection may send on average.
    pub messages_per_second: f64,
    /// Messages a connection may send in one burst.
    pub message_burst: f64,
    /// Outbound messages queued for one connection before it is cut off as
    /// a slow reader (one that stopped reading is cut earlier: a quarter of
    /// this untaken for `stalled_reader`).
    pub outbound_queue: usize,
    /// How long a connection with a backlog (a quarter of its queue or
    /// more) may take nothing off it before it is cut off as a slow reader.
    pub stalled_reader: Duration,
    /// Unfinished tables one client address may have created.
    pub tables_per_client: usize,
    /// Time a connection may stay silent (no message at all) before it is
    /// closed; clients ping to stay.
    pub idle_timeout: Duration,
    /// Time a new connection has to say `hello`.
    pub hello_timeout: Duration,
    /// Time a seat of a game in progress may stay without any connection
    /// before it forfeits by abandonment.
    pub abandon_after: Duration,
    /// Time allowed to write one message to a client before it counts as a
    /// slow reader.
    pub write_timeout: Duration,

    // Table limits (issue #29, the table side; docs/protocol.md "Table
    // limits").
    /// Time a finished table stays in memory after its last step (its
    /// connections get the final state), before the store serves it.
    pub finished_table_grace: Duration,
    // Connection limits (issue #29): slow and idle sockets, and how many
    // one client address, one seat, and the whole server may hold.
    /// Time a TCP connection has to send a complete request head, counted
    /// from when it connects or from its previous response: a slow header
    /// sender and a bare idle socket are closed after it.
    pub header_timeout: Duration,
    /// Time one HTTP request may take, body included (408 after it).
    pub request_timeout: Duration,
    /// TCP connections one client address may hold open at once; more are
    /// closed as soon as they are accepted.
    pub connections_per_address: usize,
    /// TCP connections the server holds open at once. The default keeps
    /// [`DESCRIPTOR_RESERVE`] of the process's descriptors free for the
    /// store, files, and brief answers to connections beyond the cap.
    pub max_connections: usize,
    /// WebSocket connections one seat of a table may have open at once.
    pub connections_per_seat: usize,
}

/// Descriptors kept free under the process's limit when the connection cap
/// is derived from it.
pub const DESCRIPTOR_RESERVE: usize = 256;

/// The default connection cap: the descriptor limit less the reserve.
pub fn default_max_connections() -> usize {
    #[cfg(unix)]
    let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile)
        .current
        .map_or(65_536, |n| usize::try_from(n).unwrap_or(usize::MAX));
    #[cfg(not(unix))]
    let limit = 8_192usize;
    limit
        .min(1 << 20)
        .saturating_sub(DESCRIPTOR_RESERVE)
        .max(16)
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message_bytes: 16 * 1024,
            messages_per_second: 20.0,
            message_burst: 40.0,
            outbound_queue: 256,
            stalled_reader: Duration::from_secs(2),
            tables_per_client: 20,
            idle_timeout: Duration::from_secs(90),
            hello_timeout: Duration::from_secs(10),
            abandon_after: Duration::from_secs(300),
            write_timeout: Duration::from_secs(10),
            // Table limits.
            finished_table_grace: Duration::from_secs(10),

            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            connections_per_address: 256,
            max_connections: default_max_connections(),
            connections_per_seat: 4,
        }
    }
}

/// Every registered game played by one seat: the daily deals a server
/// offers unless told otherwise.
pub fn one_seat_games() -> Vec<String> {
    stackyard_registry::registry()
        .kinds()
        .filter(|k| k.about().seats.max == 1)
        .map(|k| k.name().to_string())
        .collect()
}

impl Config {
    /// A server on `addr` storing in `db`, with default limits, no web
    /// folder, and a daily deal of every one-seat game (Tower of Babel).
    pub fn new(addr: SocketAddr, db: impl Into<String>) -> Self {
        Config {
            addr,
            db: db.into(),
            web: None,
            limits: Limits::default(),
            daily: one_seat_games(),
            lease: DEFAULT_LEASE,
            advertise: None,
        }
    }
}
