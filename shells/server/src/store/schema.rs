//! Which database a URL names, and each dialect's migrations.

use super::error::StoreError;
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AssertSqlSafe, SqlSafeStr};

/// Which SQL the database speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// An embedded SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// What a user typed with a SQLite scheme taken off, or `None` for a
/// PostgreSQL URL.
fn sqlite_path(db: &str) -> Option<&str> {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        return None;
    }
    Some(
        db.strip_prefix("sqlite://")
            .or_else(|| db.strip_prefix("sqlite:"))
            .unwrap_or(db),
    )
}

/// Turns what a user typed into a URL sqlx takes: a bare path is a SQLite
/// file (created with its folder).
pub fn database_url(db: &str) -> Result<(String, Dialect), StoreError> {
    let Some(path) = sqlite_path(db) else {
        return Ok((db.to_string(), Dialect::Postgres));
    };
    // Any other `scheme://` is a database this server does not speak, not
    // a file to create (a `mysql:` folder beside the server, once).
    if let Some((scheme, _)) = path.split_once("://") {
        return Err(StoreError::Failed(format!(
            "{scheme}:// databases are not supported: give a SQLite file path \
             (or sqlite://path) or a postgres:// URL"
        )));
    }
    let path = path.split('?').next().unwrap_or(path);
    if path.is_empty() || path.contains(":memory:") {
        return Err(StoreError::Failed(
            "give the SQLite database a file: an in-memory one would lose every game".into(),
        ));
    }
    if let Some(parent) = std::path::Path::new(path).parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent)
            .map_err(|e| StoreError::Failed(format!("cannot create {}: {e}", parent.display())))?;
    }
    Ok((format!("sqlite://{path}?mode=rwc"), Dialect::Sqlite))
}

/// As [`database_url`], to read only: a SQLite file must exist already
/// (and is opened read-only), a PostgreSQL URL is kept as given.
pub fn database_url_to_read(db: &str) -> Result<(String, Dialect), StoreError> {
    let Some(path) = sqlite_path(db) else {
        return Ok((db.to_string(), Dialect::Postgres));
    };
    let path = path.split('?').next().unwrap_or(path);
    if path.contains("://") || path.is_empty() || path.contains(":memory:") {
        return database_url(db);
    }
    if !std::path::Path::new(path).is_file() {
        return Err(StoreError::Failed(format!(
            "there is no database file at {path}"
        )));
    }
    Ok((format!("sqlite://{path}?mode=ro"), Dialect::Sqlite))
}

pub(super) fn migrator(dialect: Dialect) -> Migrator {
    let sql: [&'static str; 11] = match dialect {
        Dialect::Sqlite => [
            include_str!("../../migrations/sqlite/0001_tables.sql"),
            include_str!("../../migrations/sqlite/0002_daily_hints_timers.sql"),
            include_str!("../../migrations/sqlite/0003_draw_offers.sql"),
            include_str!("../../migrations/sqlite/0004_final_state.sql"),
            include_str!("../../migrations/sqlite/0005_daily_name_key.sql"),
            // Accounts (issue #27).
            include_str!("../../migrations/sqlite/0006_accounts.sql"),
            // Table leases (issue #28).
            include_str!("../../migrations/sqlite/0007_table_leases.sql"),
            // Quick pairing across nodes (issue #27).
            include_str!("../../migrations/sqlite/0008_pairing_waits.sql"),
            // Challenges across nodes (issues #27, #28).
            include_str!("../../migrations/sqlite/0009_challenges.sql"),
            // One daily attempt per browser (issue #49).
            include_str!("../../migrations/sqlite/0010_daily_browser.sql"),
            include_str!("../../migrations/sqlite/0011_finished_order.sql"),
        ],
        Dialect::Postgres => [
            include_str!("../../migrations/postgres/0001_tables.sql"),
            include_str!("../../migrations/postgres/0002_daily_hints_timers.sql"),
            include_str!("../../migrations/postgres/0003_draw_offers.sql"),
            include_str!("../../migrations/postgres/0004_final_state.sql"),
            include_str!("../../migrations/postgres/0005_daily_name_key.sql"),
            // Accounts (issue #27).
            include_str!("../../migrations/postgres/0006_accounts.sql"),
            // Table leases (issue #28).
            include_str!("../../migrations/postgres/0007_table_leases.sql"),
            // Quick pairing across nodes (issue #27).
            include_str!("../../migrations/postgres/0008_pairing_waits.sql"),
            // Challenges across nodes (issues #27, #28).
            include_str!("../../migrations/postgres/0009_challenges.sql"),
            // One daily attempt per browser (issue #49).
            include_str!("../../migrations/postgres/0010_daily_browser.sql"),
            include_str!("../../migrations/postgres/0011_finished_order.sql"),
        ],
    };
    let names = [
        "tables",
        "daily_hints_timers",
        "draw_offers",
        "final_state",
        "daily_name_key",
        "accounts",
        "table_leases",
        "pairing_waits",
        "challenges",
        "daily_browser",
        "finished_order",
    ];
    Migrator::with_migrations(
        sql.into_iter()
            .zip(names)
            .enumerate()
            .map(|(i, (sql, name))| {
                Migration::new(
                    i as i64 + 1,
                    name.into(),
                    MigrationType::Simple,
                    AssertSqlSafe(sql).into_sql_str(),
                    false,
                )
            })
            .collect(),
    )
}
