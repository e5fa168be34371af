//! Account and session rows, in both dialects (the queries are plain SQL
//! both speak; `$n` placeholders work in SQLite and PostgreSQL through
//! sqlx's Any driver, as in `shells/server/src/store/`). Rows of several
//! columns are read as tuples, in the order selected.

use crate::store::{FinishedTable, Store, StoreError};
use sqlx::Row;
use sqlx::any::AnyRow;

/// The most values one `IN (...)` list takes (one query, however many
/// are asked about).
const MOST_IN: usize = 200;

/// The rows of `head` followed by `IN ($k, ...)` over at most
/// [`MOST_IN`] of `values`, bound after `leading` (bound first, as `$1`
/// and on): one query, none for no values.
async fn fetch_in(
    store: &Store,
    head: &str,
    leading: &[&str],
    values: &[String],
) -> Result<Vec<AnyRow>, StoreError> {
    let values = &values[..values.len().min(MOST_IN)];
    if values.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (0..values.len())
        .map(|i| format!("${}", leading.len() + i + 1))
        .collect();
    let sql = format!("{head} IN ({})", marks.join(", "));
    // Audited: the text is a constant of this file and `$n` placeholders
    // made from indices; every value goes in bound.
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for l in leading {
        query = query.bind(l.to_string());
    }
    for v in values {
        query = query.bind(v.clone());
    }
    Ok(query.fetch_all(store.pool()).await?)
}

/// An account as stored.
#[derive(Debug, Clone)]
pub struct AccountRow {
    /// Random id (never shown; rows refer to it).
    pub id: String,
    /// The name as chosen (NFKC).
    pub name: String,
    /// The Argon2id PHC string.
    pub password_hash: String,
    /// Unix ms.
    pub created_at: i64,
}

fn account(r: sqlx::any::AnyRow) -> Result<AccountRow, StoreError> {
    Ok(AccountRow {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        password_hash: r.try_get("password_hash")?,
        created_at: r.try_get("created_at")?,
    })
}

/// Inserts an account; `Ok(false)` if its name key is taken.
pub async fn insert_account(
    store: &Store,
    row: &AccountRow,
    name_key: &str,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "INSERT INTO accounts (id, name, name_key, password_hash, created_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name_key) DO NOTHING",
    )
    .bind(row.id.clone())
    .bind(row.name.clone())
    .bind(name_key.to_string())
    .bind(row.password_hash.clone())
    .bind(row.created_at)
    .execute(store.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The account whose name has this key.
pub async fn by_key(store: &Store, name_key: &str) -> Result<Option<AccountRow>, StoreError> {
    sqlx::query("SELECT id, name, password_hash, created_at FROM accounts WHERE name_key = $1")
        .bind(name_key.to_string())
        .fetch_optional(store.pool())
        .await?
        .map(account)
        .transpose()
}

/// The account a live session (by token hash) belongs to.
pub async fn by_session(
    store: &Store,
    token_hash: &str,
    now_ms: i64,
) -> Result<Option<AccountRow>, StoreError> {
    sqlx::query(
        "SELECT a.id AS id, a.name AS name, a.password_hash AS password_hash, \
         a.created_at AS created_at FROM sessions s JOIN accounts a ON a.id = s.account_id \
         WHERE s.token_hash = $1 AND s.expires_at > $2",
    )
    .bind(token_hash.to_string())
    .bind(now_ms)
    .fetch_optional(store.pool())
    .await?
    .map(account)
    .transpose()
}

/// Stores a new session (its token's hash only), dropping the account's
/// expired ones.
pub async fn insert_session(
    store: &Store,
    token_hash: &str,
    account_id: &str,
    now_ms: i64,
    expires_at: i64,
) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND expires_at <= $2")
        .bind(account_id.to_string())
        .bind(now_ms)
        .execute(store.pool())
        .await?;
    sqlx::query(
        "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash.to_string())
    .bind(account_id.to_string())
    .bind(now_ms)
    .bind(expires_at)
    .execute(store.pool())
    .await?;
    Ok(())
}

/// How many live sessions an account holds.
pub async fn session_count(
    store: &Store,
    account_id: &str,
    now_ms: i64,
) -> Result<i64, StoreError> {
    let row =
        sqlx::query("SELECT COUNT(*) AS n FROM sessions WHERE account_id = $1 AND expires_at > $2")
            .bind(account_id.to_string())
            .bind(now_ms)
            .fetch_one(store.pool())
            .await?;
    Ok(row.try_get("n")?)
}

/// Ends one session.
pub async fn delete_session(store: &Store, token_hash: &str) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(token_hash.to_string())
        .execute(store.pool())
        .await?;
    Ok(())
}

/// Ends every session of an account.
pub async fn delete_sessions(store: &Store, account_id: &str) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM sessions WHERE account_id = $1")
        .bind(account_id.to_string())
        .execute(store.pool())
        .await?;
    Ok(())
}

/// Replaces an account's password hash.
pub async fn set_password(store: &Store, account_id: &str, hash: &str) -> Result<(), StoreError> {
    sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
        .bind(hash.to_string())
        .bind(account_id.to_string())
        .execute(store.pool())
        .await?;
    Ok(())
}

/// Deletes an account and its sessions. Its seats keep their rows but no
/// longer name it (the tables show "deleted player").
pub async fn delete_account(store: &Store, row: &AccountRow) -> Result<(), StoreError> {
    let account_id = &row.id;
    let mut tx = store.pool().begin().await?;
    // Ratings are kept by name: a later account of the same name starts
    // afresh.
    sqlx::query("DELETE FROM ratings WHERE name = $1")
        .bind(row.name.clone())
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM sessions WHERE account_id = $1")
        .bind(account_id.to_string())
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM rating_history WHERE account_id = $1")
        .bind(account_id.to_string())
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "UPDATE seat_holders SET name = 'deleted player', account_id = NULL WHERE account_id = $1",
    )
    .bind(account_id.to_string())
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM accounts WHERE id = $1")
        .bind(account_id.to_string())
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// A player's ratings in every game: (game, rating, deviation, games).
pub async fn ratings_of(
    store: &Store,
    name: &str,
) -> Result<Vec<(String, f64, f64, i64)>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT game, rating, deviation, games FROM ratings WHERE name = $1 ORDER BY game",
    )
    .bind(name.to_string())
    .fetch_all(store.pool())
    .await?)
}

/// One rating change: (game, table, before, after, at_ms).
pub type HistoryRow = (String, String, f64, f64, i64);

/// An account's rating changes, newest first (at most `limit`).
pub async fn history_of(
    store: &Store,
    account_id: &str,
    limit: i64,
) -> Result<Vec<HistoryRow>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT game, table_id, rating_before, rating_after, at_ms FROM rating_history \
         WHERE account_id = $1 ORDER BY at_ms DESC, table_id LIMIT $2",
    )
    .bind(account_id.to_string())
    .bind(limit)
    .fetch_all(store.pool())
    .await?)
}

/// The rating changes one table made: (account name, game, before, after).
pub async fn changes_of_table(
    store: &Store,
    table: &str,
) -> Result<Vec<(String, String, f64, f64)>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT a.name AS name, h.game AS game, h.rating_before AS rating_before, \
         h.rating_after AS rating_after FROM rating_history h \
         JOIN accounts a ON a.id = h.account_id WHERE h.table_id = $1 ORDER BY a.name",
    )
    .bind(table.to_string())
    .fetch_all(store.pool())
    .await?)
}

/// An account's latest tables, newest first (at most `limit`): each with
/// its status (`open`, `playing` or `finished`).
pub async fn recent_tables(
    store: &Store,
    account_id: &str,
    limit: i64,
) -> Result<Vec<(String, FinishedTable)>, StoreError> {
    let rows = sqlx::query(
        "SELECT t.id AS id, t.game AS game, t.status AS status, t.created_at AS created_at, \
         t.finished_at AS finished_at, t.outcome AS outcome, t.ending AS ending, t.seats AS seats \
         FROM seat_holders h JOIN game_tables t ON t.id = h.table_id \
         WHERE h.account_id = $1 ORDER BY t.created_at DESC, t.id LIMIT $2",
    )
    .bind(account_id.to_string())
    .bind(limit)
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("status")?, FinishedTable::from_row(r)?)))
        .collect()
}

/// The ratings in `game` of some players: (name, rating, deviation), for
/// at most 200 names (one query).
pub async fn ratings_for(
    store: &Store,
    game: &str,
    names: &[String],
) -> Result<Vec<(String, f64, f64)>, StoreError> {
    fetch_in(
        store,
        "SELECT name, rating, deviation FROM ratings WHERE game = $1 AND name",
        &[game],
        names,
    )
    .await?
    .into_iter()
    .map(|r| {
        Ok((
            r.try_get("name")?,
            r.try_get("rating")?,
            r.try_get("deviation")?,
        ))
    })
    .collect()
}

/// Which of some names are accounts' names (at most 200 names, one
/// query): a daily board marks an account's attempt apart from a guest's.
pub async fn accounts_among(store: &Store, names: &[String]) -> Result<Vec<String>, StoreError> {
    fetch_in(store, "SELECT name FROM accounts WHERE name", &[], names)
        .await?
        .into_iter()
        .map(|r| Ok(r.try_get("name")?))
        .collect()
}

/// Who held the seats of some tables: (table, seat, name, whether an
/// account's), for at most 200 tables (one query). A stored table's
/// `seats` are as created; the names of those who joined later are here.
pub async fn holders_of(
    store: &Store,
    tables: &[String],
) -> Result<Vec<(String, usize, Option<String>, bool)>, StoreError> {
    fetch_in(
        store,
        "SELECT table_id, seat, name, account_id FROM seat_holders WHERE table_id",
        &[],
        tables,
    )
    .await?
    .into_iter()
    .map(|r| {
        let seat: i64 = r.try_get("seat")?;
        let account: Option<String> = r.try_get("account_id")?;
        Ok((
            r.try_get("table_id")?,
            usize::try_from(seat).unwrap_or(usize::MAX),
            r.try_get("name")?,
            account.is_some(),
        ))
    })
    .collect()
}
