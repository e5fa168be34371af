//! The kinds of change a table, the ratings or the daily deals store.

/// One change to store. A batch of them commits together or not at all.
#[derive(Debug, Clone)]
pub enum Write {
    /// A new table, with its record as created (no actions yet).
    CreateTable {
        /// Table id.
        id: String,
        /// Game name.
        game: String,
        /// The seats as created (JSON).
        seats: String,
        /// The turn clock (JSON), if any.
        clock: Option<String>,
        /// Whether the game is rated.
        rated: bool,
        /// The record at creation (JSON).
        header: String,
        /// Unix ms.
        created_at: i64,
        /// The address that created it.
        creator: String,
    },
    /// Somebody took a seat.
    SeatTaken {
        /// Table id.
        table: String,
        /// Seat index.
        seat: i64,
        /// Hash of the seat's token.
        token_hash: String,
        /// The name they go by.
        name: Option<String>,
        /// The account it belongs to (issue #27), `None` for a guest.
        account: Option<String>,
    },
    /// A held seat's token replaced (its account took it up again from
    /// another device).
    SeatToken {
        /// Table id.
        table: String,
        /// Seat index.
        seat: i64,
        /// Hash of the new token.
        token_hash: String,
    },
    /// A table's status changed (`open`, `playing`).
    Status {
        /// Table id.
        table: String,
        /// New status.
        status: &'static str,
    },
    /// An accepted action.
    Action {
        /// Table id.
        table: String,
        /// Its index in the record (0-based).
        seq: i64,
        /// Who acted.
        seat: i64,
        /// Game time it was applied at, ms.
        at_ms: i64,
        /// The action (JSON).
        action: String,
    },
    /// Timers fired up to this game time (a replay fires them again).
    Progress {
        /// Table id.
        table: String,
        /// Game time, ms.
        end_ms: i64,
    },
    /// The game ended.
    Finished {
        /// Table id.
        table: String,
        /// The full record (JSON).
        record: String,
        /// The outcome (JSON).
        outcome: String,
        /// The ending (JSON).
        ending: String,
        /// Unix ms.
        finished_at: i64,
        /// The table's last state as it is served from the store (JSON:
        /// see `tables::archive`).
        final_state: Option<String>,
    },
    /// A finished table's last state, worked out after the fact (a table
    /// finished before the state was stored with it).
    FinalState {
        /// Table id.
        table: String,
        /// See [`Write::Finished::final_state`].
        final_state: String,
    },
    /// A player's new rating in a game.
    Rating {
        /// Game name.
        game: String,
        /// Player name.
        name: String,
        /// Rating.
        rating: f64,
        /// Deviation (Glicko-2) or uncertainty (Weng-Lin).
        deviation: f64,
        /// Volatility (Glicko-2; 0 for Weng-Lin).
        volatility: f64,
        /// Rated games played.
        games: i64,
    },
    /// One account's rating change from one table (issue #27).
    RatingHistory {
        /// Game name.
        game: String,
        /// Account id.
        account: String,
        /// Table id.
        table: String,
        /// Rating before the table.
        before: f64,
        /// Rating after.
        after: f64,
        /// Deviation after.
        deviation: f64,
        /// Unix ms.
        at_ms: i64,
    },
    /// A server-wide setting.
    Setting {
        /// Key.
        key: String,
        /// Value.
        value: String,
    },
    /// A seat offered a draw (`Some`), or the offer lapsed (`None`): an
    /// acknowledged offer survives a restart.
    DrawOffer {
        /// Table id.
        table: String,
        /// The offering seat.
        seat: Option<i64>,
    },
    /// A seat asked for a hint (counted before it is answered).
    Hint {
        /// Table id.
        table: String,
        /// Seat index.
        seat: i64,
    },
    /// Timers fired outside any action: a resumed table fires them at the
    /// same moment again, so its version numbers stay the same.
    TimerStep {
        /// Table id.
        table: String,
        /// The table's version after the step.
        version: i64,
        /// Accepted actions before it.
        after_actions: i64,
        /// Game time, ms.
        at_ms: i64,
    },
    /// Somebody started a daily deal (one attempt per name and day).
    DailyStarted {
        /// Game name.
        game: String,
        /// The UTC day, `YYYY-MM-DD`.
        day: String,
        /// Player name.
        name: String,
        /// Their table.
        table: String,
        /// Unix ms.
        started_at: i64,
        /// A hash of the browser's daily cookie (issue #49), if it sent one.
        browser: Option<String>,
    },
    /// A daily deal's table ended: its result goes on the day's board.
    DailyFinished {
        /// The table.
        table: String,
        /// The seat's score (the game's own, higher is better).
        score: i64,
        /// Whether the seat won.
        won: bool,
        /// Game time taken, ms.
        time_ms: i64,
        /// Hints asked.
        hints: i64,
        /// How it ended (JSON).
        ending: String,
        /// Unix ms.
        finished_at: i64,
    },
}
