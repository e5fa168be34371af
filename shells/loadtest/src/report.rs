//! What a run measured, for people and as one JSON line.

use serde_json::json;

/// What a run measured.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Clients asked for.
    pub clients: usize,
    /// Tables at once.
    pub tables: usize,
    /// Clients playing a seat (the others watch).
    pub seat_clients: usize,
    /// Most actions a second a seat sent (0: unpaced).
    pub rate: f64,
    /// Tables created over the run.
    pub tables_created: usize,
    /// Games that reached their end.
    pub games_finished: usize,
    /// Most connections open at once.
    pub connections_held: usize,
    /// Acknowledged actions.
    pub actions: u64,
    /// Acknowledged actions per second.
    pub actions_per_s: f64,
    /// Acknowledgement latency percentiles, ms.
    pub p50_ms: f64,
    /// 99th percentile, ms.
    pub p99_ms: f64,
    /// Worst, ms.
    pub max_ms: f64,
    /// Errors: refused connections, protocol errors, unexpected closes.
    pub errors: u64,
    /// Actions the rules refused (lost races in turnless games).
    pub refused: u64,
    /// Acknowledged actions missing from the server afterwards.
    pub lost: u64,
    /// Whether the server was killed and restarted.
    pub killed: bool,
    /// Seconds run.
    pub seconds: f64,
    /// The same figures game by game (a physics game's placement costs
    /// a hundred times a board game's move: one total hides that).
    pub per_game: Vec<GameFigures>,
}

/// One game's share of a run.
#[derive(Debug, Clone, Default)]
pub struct GameFigures {
    /// The game's name.
    pub game: &'static str,
    /// Acknowledged actions at its tables.
    pub actions: u64,
    /// Per second of the run.
    pub actions_per_s: f64,
    /// Acknowledgement latency, ms: median.
    pub p50_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// Worst.
    pub max_ms: f64,
}

/// The median, 99th percentile and worst of sorted latencies, in ms.
pub(crate) fn percentiles(sorted_us: &[u32]) -> (f64, f64, f64) {
    let pct = |q: f64| -> f64 {
        if sorted_us.is_empty() {
            return 0.0;
        }
        let i = ((sorted_us.len() as f64 - 1.0) * q).round() as usize;
        sorted_us[i] as f64 / 1000.0
    };
    (pct(0.5), pct(0.99), pct(1.0))
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl Report {
    /// For people.
    pub fn human(&self) -> String {
        format!(
            "clients {} over {} tables ({} created, {} games finished)\n\
             seats played: {} at {}\n\
             connections held: {}\n\
             acknowledged actions: {} in {:.1} s = {:.0}/s\n\
             ack latency: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms\n\
             errors: {}, refused by the rules: {}\n\
             {}every acknowledged action stored: {} (lost {})",
            self.clients,
            self.tables,
            self.tables_created,
            self.games_finished,
            self.seat_clients,
            if self.rate > 0.0 {
                format!("most {} actions a second each", self.rate)
            } else {
                "no pacing (each acts the moment it may)".to_string()
            },
            self.connections_held,
            self.actions,
            self.seconds,
            self.actions_per_s,
            self.p50_ms,
            self.p99_ms,
            self.max_ms,
            self.errors,
            self.refused,
            if self.killed {
                "server killed with SIGKILL and restarted; "
            } else {
                ""
            },
            if self.lost == 0 { "yes" } else { "NO" },
            self.lost,
        ) + &self
            .per_game
            .iter()
            .map(|g| {
                format!(
                    "\n  {:<10} {:>8} acked = {:>6.0}/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                    g.game, g.actions, g.actions_per_s, g.p50_ms, g.p99_ms, g.max_ms
                )
            })
            .collect::<String>()
    }

    /// One JSON line.
    pub fn json(&self) -> String {
        json!({
            "clients": self.clients,
            "tables": self.tables,
            "seat_clients": self.seat_clients,
            "rate_per_seat": self.rate,
            "tables_created": self.tables_created,
            "games_finished": self.games_finished,
            "connections_held": self.connections_held,
            "actions": self.actions,
            "actions_per_s": (self.actions_per_s * 10.0).round() / 10.0,
            "p50_ms": round2(self.p50_ms),
            "p99_ms": round2(self.p99_ms),
            "max_ms": round2(self.max_ms),
            "games": self.per_game.iter().map(|g| json!({
                "game": g.game,
                "actions": g.actions,
                "actions_per_s": (g.actions_per_s * 10.0).round() / 10.0,
                "p50_ms": round2(g.p50_ms),
                "p99_ms": round2(g.p99_ms),
                "max_ms": round2(g.max_ms),
            })).collect::<Vec<_>>(),
            "errors": self.errors,
            "refused": self.refused,
            "lost": self.lost,
            "killed": self.killed,
        })
        .to_string()
    }
}
