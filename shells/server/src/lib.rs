//! The Stackyard game server: every registered game online, durable, and
//! hard to abuse.
//!
//! - [`tables`]: one task per table, owning its `Box<dyn HostedGame>`; the
//!   server core knows games only through `stackyard_core::host` and the
//!   list from `stackyard_registry::registry()`.
//! - [`ws`]: protocol v1 over WebSocket; [`http`]: the HTTP API, OpenAPI,
//!   `/healthz`, `/metrics` and rules pages; [`statics`]: the web
//!   client's files, precompressed and cached.
//! - [`store`]: sqlx (SQLite by default, PostgreSQL) with one writer that
//!   groups commits across tables; an action is durable before it is
//!   acknowledged or broadcast.
//! - [`auth`]: seat tokens; [`config`]: limits; [`ratings`]: Glicko-2 and
//!   Weng-Lin; [`metrics`]: Prometheus. (The load generator, a client, is
//!   its own crate: `shells/loadtest`.)
//! - [`connections`]: the per-address and overall connection caps and the
//!   header timeout; [`names`]: names compared as a person reads them.
//! - [`accounts`]: accounts, sessions (cookie with CSRF token, or
//!   bearer), sign-in throttling (issue #27).
//! - [`cluster`]: several nodes over one PostgreSQL (issue #28): table
//!   leases, relaying to a table's node, failover, the lobby across nodes.
//! - [`daily`]: the daily deals of one-seat games and their boards;
//!   [`rebuild`]: resumed tables keep their version numbers.

pub mod accounts;
pub mod auth;
pub mod cluster;
pub mod config;
pub mod connections;
pub mod dailies;
pub mod daily;
pub mod export;
pub mod http;
pub mod metrics;
pub mod names;
pub mod pairing;
pub mod protocol;
pub mod ratings;
pub mod rebuild;
pub mod replay;
pub mod statics;
pub mod store;
pub mod tables;
pub mod ws;

pub use config::{Config, Limits};

use std::net::SocketAddr;
use std::sync::Arc;
use tables::Hub;

/// A server listening and serving on the current tokio runtime.
pub struct Server {
    /// The address it listens on (the real port when 0 was asked for).
    pub addr: SocketAddr,
    /// Its tables and store.
    pub hub: Arc<Hub>,
    task: tokio::task::JoinHandle<()>,
}

impl Server {
    /// Opens the store, resumes every unfinished table, and starts
    /// listening.
    pub async fn start(config: Config) -> anyhow::Result<Server> {
        metrics::install();
        // Listening first: the other nodes reach this one at its address.
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen at {}: {e}", config.addr))?;
        let addr = listener.local_addr()?;
        let advertise = config.advertise.clone().unwrap_or_else(|| {
            let host = if addr.ip().is_unspecified() {
                std::net::IpAddr::from([127, 0, 0, 1])
            } else {
                addr.ip()
            };
            SocketAddr::new(host, addr.port()).to_string()
        });
        let node = store::Node::new(advertise, config.lease);
        let store = store::Store::open_as(&config.db, Some(node)).await?;
        // The hub's parts first, then the hub, whole.
        let registry = stackyard_registry::registry();
        let cluster = cluster::Cluster::connect(&store, &config.db).await?;
        let daily = daily::Dailies::load(&registry, &store, &config.daily).await?;
        let hub = Hub::new(tables::HubParts {
            registry,
            store,
            limits: config.limits.clone(),
            daily,
            cluster,
        });
        cluster::Cluster::start(&hub);
        let resumed = hub.resume_all().await?;
        if resumed > 0 {
            tracing::info!(tables = resumed, "resumed unfinished tables");
        }
        let app = http::router(hub.clone(), config.web.clone());
        let limits = config.limits.clone();
        let task = tokio::spawn(connections::serve(listener, app, limits));
        tracing::info!(%addr, "listening");
        Ok(Server { addr, hub, task })
    }

    /// Serves until the process is stopped. On SIGTERM or Ctrl-C a node
    /// of several lets its leases lapse at once, so the other nodes take
    /// its tables over without waiting (a rolling restart).
    pub async fn wait(self) {
        let stop = async {
            #[cfg(unix)]
            {
                let mut term =
                    tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate());
                match term.as_mut() {
                    Ok(term) => {
                        tokio::select! {
                            _ = term.recv() => {}
                            _ = tokio::signal::ctrl_c() => {}
                        }
                    }
                    Err(_) => {
                        let _ = tokio::signal::ctrl_c().await;
                    }
                }
            }
            #[cfg(not(unix))]
            let _ = tokio::signal::ctrl_c().await;
        };
        tokio::select! {
            _ = self.task => {}
            _ = stop => {
                if self.hub.store.node().is_some() {
                    if let Err(e) = self.hub.store.release_leases().await {
                        tracing::warn!(error = %e, "cannot hand this node's tables over");
                    } else {
                        tracing::info!("this node's tables are handed over");
                    }
                }
            }
        }
    }
}

/// A server on a runtime of its own (tests, the load test's restarts):
/// dropping it stops everything at once, the way a killed process stops,
/// keeping only what was committed.
pub struct Background {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its tables and store.
    pub hub: Arc<Hub>,
    runtime: Option<tokio::runtime::Runtime>,
}

impl Background {
    /// Starts a server on a new multi-threaded runtime.
    pub fn start(config: Config) -> anyhow::Result<Background> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()?;
        let server = runtime.block_on(Server::start(config))?;
        Ok(Background {
            addr: server.addr,
            hub: server.hub.clone(),
            runtime: Some(runtime),
        })
    }

    /// Stops it abruptly.
    pub fn kill(mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}
