//! Challenges by name (issue #27): one account asks another for a game;
//! the other accepts (a table opens for both), declines, or the sender
//! cancels. Kept in the `challenges` table of the database every node
//! shares (issue #28: any node answers every route; migration
//! `0009_challenges`), one code path for SQLite and PostgreSQL. Bounded:
//! at most [`OPEN_PER_SENDER`] open per sender and [`MAX_CHALLENGES`] in
//! all, both counted in SQL; an open challenge lapses after
//! [`OPEN_FOR_MS`], an answered one is shown to its sender for
//! [`ANSWERED_FOR_MS`] (the row's `keep_until`). Accepting is one
//! conditional `UPDATE ... WHERE state = 'open'`, so two nodes cannot both
//! accept one challenge and open two tables.

use super::wire::Challenge;
use crate::accounts::Account;
use crate::protocol::{ApiError, ClockSpec, ErrorKind};
use crate::store::{Store, StoreError};
use sqlx::Row as _;

/// The most open challenges one account may have sent.
pub const OPEN_PER_SENDER: usize = 10;
/// The most challenges kept in all.
pub const MAX_CHALLENGES: usize = 10_000;
/// How long a challenge stays open unanswered.
pub const OPEN_FOR_MS: i64 = 15 * 60_000;
/// How long an answered challenge is still shown.
pub const ANSWERED_FOR_MS: i64 = 10 * 60_000;
/// The most challenges one list (incoming, outgoing) answers, newest first.
pub const MAX_LISTED: usize = 100;
/// One challenge as kept.
#[derive(Debug, Clone)]
pub struct Row {
    /// Its id.
    pub id: String,
    /// The sender.
    pub from: Account,
    /// The player challenged.
    pub to: Account,
    /// The game.
    pub game: String,
    /// The clock.
    pub clock: Option<ClockSpec>,
    /// Whether rated.
    pub rated: bool,
    /// `open`, `accepted`, `declined`, `cancelled`.
    pub state: &'static str,
    /// Accepted: the table and the seats of `from` and `to`.
    pub table: Option<(String, [usize; 2])>,
    /// Unix ms sent.
    pub created_at: i64,
    /// Unix ms answered.
    pub answered_at: i64,
}

impl Row {
    /// As `viewer` (an account id) sees it.
    pub fn view(&self, viewer: &str) -> Challenge {
        let seat = self.table.as_ref().map(|(_, seats)| {
            if viewer == self.from.0 {
                seats[0]
            } else {
                seats[1]
            }
        });
        Challenge {
            id: self.id.clone(),
            from: self.from.1.clone(),
            to: self.to.1.clone(),
            game: self.game.clone(),
            clock: self.clock,
            rated: self.rated,
            state: self.state.to_string(),
            table: self.table.as_ref().map(|(t, _)| t.clone()),
            seat,
            created_at: self.created_at,
        }
    }
}

/// The challenges, in the shared database.
pub struct Book {
    store: Store,
}

fn none() -> ApiError {
    ApiError::new(ErrorKind::NotFound, "there is no such challenge")
}

fn storage(e: StoreError) -> ApiError {
    e.to_player("pairing")
}

fn answered_already(state: &str) -> ApiError {
    ApiError::new(
        ErrorKind::Over,
        format!("this challenge is {state} already"),
    )
}

const COLUMNS: &str = "id, from_id, from_name, to_id, to_name, game, clock_initial, \
     clock_increment, rated, state, table_id, from_seat, to_seat, created_at, answered_at";

/// The states a row may hold, as kept in memory.
fn state_of(s: &str) -> &'static str {
    match s {
        "open" => "open",
        "accepting" => "accepting",
        "accepted" => "accepted",
        "declined" => "declined",
        "cancelled" => "cancelled",
        _ => "lapsed",
    }
}

fn seat_of(v: Option<i64>) -> usize {
    v.unwrap_or(0).clamp(0, 1) as usize
}

fn row_of(r: &sqlx::any::AnyRow) -> Result<Row, StoreError> {
    let initial: Option<i64> = r.try_get("clock_initial")?;
    let increment: Option<i64> = r.try_get("clock_increment")?;
    let table: Option<String> = r.try_get("table_id")?;
    let state: String = r.try_get("state")?;
    let rated: i64 = r.try_get("rated")?;
    let table = match table {
        Some(t) => Some((
            t,
            [
                seat_of(r.try_get("from_seat")?),
                seat_of(r.try_get("to_seat")?),
            ],
        )),
        None => None,
    };
    Ok(Row {
        id: r.try_get("id")?,
        from: (r.try_get("from_id")?, r.try_get("from_name")?),
        to: (r.try_get("to_id")?, r.try_get("to_name")?),
        game: r.try_get("game")?,
        clock: initial.zip(increment).map(|(i, n)| ClockSpec {
            initial_ms: i.max(0) as u64,
            increment_ms: n.max(0) as u64,
        }),
        rated: rated != 0,
        state: state_of(&state),
        table,
        created_at: r.try_get("created_at")?,
        answered_at: r.try_get("answered_at")?,
    })
}

impl Book {
    /// The challenges in `store`'s database.
    pub fn new(store: Store) -> Book {
        Book { store }
    }

    /// Sends a challenge: refused when its sender has
    /// [`OPEN_PER_SENDER`] open or [`MAX_CHALLENGES`] are kept, both
    /// counted by the one `INSERT ... SELECT ... WHERE` that adds it.
    pub async fn send(
        &self,
        from: Account,
        to: Account,
        game: String,
        clock: Option<ClockSpec>,
        rated: bool,
        now_ms: i64,
    ) -> Result<Challenge, ApiError> {
        if from.0 == to.0 {
            return Err(ApiError::new(
                ErrorKind::BadRequest,
                "you cannot challenge yourself",
            ));
        }
        let pool = self.store.pool();
        // What has lapsed goes first (the `keep_until` index).
        sqlx::query("DELETE FROM challenges WHERE keep_until < $1")
            .bind(now_ms)
            .execute(pool)
            .await
            .map_err(|e| storage(e.into()))?;
        let row = Row {
            id: crate::auth::random_hex(8),
            from,
            to,
            game,
            clock,
            rated,
            state: "open",
            table: None,
            created_at: now_ms,
            answered_at: 0,
        };
        let clock = |v: Option<u64>| v.map(|v| v.min(i64::MAX as u64) as i64);
        // Audited: the text holds only constants; every value is bound.
        let sql = format!(
            "INSERT INTO challenges (id, from_id, from_name, to_id, to_name, game, \
             clock_initial, clock_increment, rated, state, created_at, answered_at, keep_until) \
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, 'open', $10, 0, $11 \
             WHERE (SELECT COUNT(*) FROM challenges WHERE from_id = $2 AND state = 'open' \
             AND keep_until >= $10) < {OPEN_PER_SENDER} \
             AND (SELECT COUNT(*) FROM (SELECT 1 AS one FROM challenges WHERE keep_until >= $10 \
             LIMIT {MAX_CHALLENGES}) AS kept) < {MAX_CHALLENGES}"
        );
        let done = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(row.id.clone())
            .bind(row.from.0.clone())
            .bind(row.from.1.clone())
            .bind(row.to.0.clone())
            .bind(row.to.1.clone())
            .bind(row.game.clone())
            .bind(clock(row.clock.map(|c| c.initial_ms)))
            .bind(clock(row.clock.map(|c| c.increment_ms)))
            .bind(i64::from(row.rated))
            .bind(now_ms)
            .bind(now_ms + OPEN_FOR_MS)
            .execute(pool)
            .await
            .map_err(|e| storage(e.into()))?;
        if done.rows_affected() == 0 {
            return Err(ApiError::new(
                ErrorKind::RateLimited,
                format!(
                    "you have {OPEN_PER_SENDER} challenges waiting for an answer: cancel one first"
                ),
            ));
        }
        Ok(row.view(&row.from.0))
    }

    /// A player's incoming (open) and outgoing challenges, newest first
    /// (at most [`MAX_LISTED`] each).
    pub async fn of(
        &self,
        who: &str,
        now_ms: i64,
    ) -> Result<(Vec<Challenge>, Vec<Challenge>), ApiError> {
        let mut lists = [Vec::new(), Vec::new()];
        let wheres = ["to_id = $1 AND state = 'open'", "from_id = $1"];
        for (list, cond) in lists.iter_mut().zip(wheres) {
            // Audited: the text holds only constants; every value is bound.
            let sql = format!(
                "SELECT {COLUMNS} FROM challenges WHERE {cond} AND keep_until >= $2 \
                 ORDER BY created_at DESC, id DESC LIMIT {MAX_LISTED}"
            );
            let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind(who.to_string())
                .bind(now_ms)
                .fetch_all(self.store.pool())
                .await
                .map_err(|e| storage(e.into()))?;
            for r in &rows {
                list.push(row_of(r).map_err(storage)?.view(who));
            }
        }
        let [incoming, outgoing] = lists;
        Ok((incoming, outgoing))
    }

    /// One challenge `who` sends or was sent, if not lapsed.
    async fn find(&self, id: &str, who: &str, now_ms: i64) -> Result<Option<Row>, ApiError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM challenges WHERE id = $1 AND (from_id = $2 OR to_id = $2) \
             AND keep_until >= $3"
        );
        let row = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(id.to_string())
            .bind(who.to_string())
            .bind(now_ms)
            .fetch_optional(self.store.pool())
            .await
            .map_err(|e| storage(e.into()))?;
        row.as_ref().map(row_of).transpose().map_err(storage)
    }

    /// Why a change to a challenge did not happen: there is none (for
    /// `who`), or it is answered already.
    async fn refusal(&self, id: &str, who: &str, now_ms: i64, to_only: bool) -> ApiError {
        match self.find(id, who, now_ms).await {
            Ok(Some(row)) if !to_only || row.to.0 == who => answered_already(row.state),
            Ok(_) => none(),
            Err(e) => e,
        }
    }

    /// Takes an open challenge for `who` to accept: marks it being
    /// accepted (so a second accept, through any node, is refused) and
    /// returns it. One conditional UPDATE: of two accepts only one
    /// changes the row.
    pub async fn start_accept(&self, id: &str, who: &str, now_ms: i64) -> Result<Row, ApiError> {
        let sql = format!(
            "UPDATE challenges SET state = 'accepting', answered_at = $3, keep_until = $4 \
             WHERE id = $1 AND to_id = $2 AND state = 'open' AND keep_until >= $3 \
             RETURNING {COLUMNS}"
        );
        let row = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(id.to_string())
            .bind(who.to_string())
            .bind(now_ms)
            // Kept while the table opens (on its answer time).
            .bind(now_ms + ANSWERED_FOR_MS)
            .fetch_optional(self.store.pool())
            .await
            .map_err(|e| storage(e.into()))?;
        match row {
            Some(r) => row_of(&r).map_err(storage),
            None => Err(self.refusal(id, who, now_ms, true).await),
        }
    }

    /// Ends an accept: the table opened (accepted), or not (open again).
    pub async fn finish_accept(
        &self,
        id: &str,
        table: Option<(String, [usize; 2])>,
        now_ms: i64,
    ) -> Result<(), ApiError> {
        let q = match table {
            Some((table, seats)) => sqlx::query(
                "UPDATE challenges SET state = 'accepted', table_id = $2, from_seat = $3, \
                 to_seat = $4, answered_at = $5, keep_until = $6 \
                 WHERE id = $1 AND state = 'accepting'",
            )
            .bind(id.to_string())
            .bind(table)
            .bind(seats[0] as i64)
            .bind(seats[1] as i64)
            .bind(now_ms)
            .bind(now_ms + ANSWERED_FOR_MS),
            // Open again, lapsing when it would have.
            None => sqlx::query(sqlx::AssertSqlSafe(format!(
                "UPDATE challenges SET state = 'open', answered_at = $2, \
                 keep_until = created_at + {OPEN_FOR_MS} WHERE id = $1 AND state = 'accepting'"
            )))
            .bind(id.to_string())
            .bind(now_ms),
        };
        q.execute(self.store.pool())
            .await
            .map_err(|e| storage(e.into()))?;
        Ok(())
    }

    /// Declines (the player challenged) or cancels (its sender) an open
    /// challenge.
    pub async fn answer(&self, id: &str, who: &str, now_ms: i64) -> Result<Challenge, ApiError> {
        self.answer_row(id, who, now_ms)
            .await
            .map(|row| row.view(who))
    }

    /// As [`Book::answer`], the row as kept (to tell both players). One
    /// conditional UPDATE, as accepting.
    pub async fn answer_row(&self, id: &str, who: &str, now_ms: i64) -> Result<Row, ApiError> {
        let sql = format!(
            "UPDATE challenges SET \
             state = CASE WHEN from_id = $2 THEN 'cancelled' ELSE 'declined' END, \
             answered_at = $3, keep_until = $4 \
             WHERE id = $1 AND (from_id = $2 OR to_id = $2) AND state = 'open' \
             AND keep_until >= $3 RETURNING {COLUMNS}"
        );
        let row = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(id.to_string())
            .bind(who.to_string())
            .bind(now_ms)
            .bind(now_ms + ANSWERED_FOR_MS)
            .fetch_optional(self.store.pool())
            .await
            .map_err(|e| storage(e.into()))?;
        match row {
            Some(r) => row_of(&r).map_err(storage),
            None => Err(self.refusal(id, who, now_ms, false).await),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acct(s: &str) -> Account {
        (s.to_string(), s.to_uppercase())
    }

    /// A book over a fresh SQLite file (the same code as over PostgreSQL;
    /// the two-node test in `tests/push.rs` runs it there).
    /// Its database's folder goes when the test drops the second half.
    async fn book() -> (Book, tempfile::TempDir) {
        let dir = tempfile::Builder::new()
            .prefix("stackyard-challenges-")
            .tempdir()
            .unwrap();
        let db = dir.path().join("db.sqlite");
        (
            Book::new(Store::open(db.to_str().unwrap()).await.unwrap()),
            dir,
        )
    }

    #[tokio::test]
    async fn send_see_decline_cancel_and_lapse() {
        let (book, _dir) = book().await;
        let c = book
            .send(acct("a"), acct("b"), "towers".into(), None, true, 0)
            .await
            .unwrap();
        assert_eq!(
            (c.from.as_str(), c.to.as_str(), c.state.as_str()),
            ("A", "B", "open")
        );
        let (incoming, outgoing) = book.of("b", 1).await.unwrap();
        assert_eq!(incoming.len(), 1);
        assert!(outgoing.is_empty());
        assert_eq!(book.of("a", 1).await.unwrap().1.len(), 1);
        // Declined by b: gone from b's incoming, shown declined to a.
        assert_eq!(book.answer(&c.id, "b", 2).await.unwrap().state, "declined");
        assert!(book.of("b", 3).await.unwrap().0.is_empty());
        assert_eq!(book.of("a", 3).await.unwrap().1[0].state, "declined");
        let again = book.answer(&c.id, "a", 4).await.unwrap_err();
        assert_eq!(again.kind, ErrorKind::Over, "answered once only");
        // Cancelled by its sender.
        let d = book
            .send(acct("a"), acct("b"), "towers".into(), None, true, 5)
            .await
            .unwrap();
        assert_eq!(book.answer(&d.id, "a", 6).await.unwrap().state, "cancelled");
        // A third party can neither see nor answer.
        let e = book
            .send(acct("a"), acct("b"), "towers".into(), None, true, 7)
            .await
            .unwrap();
        let third = book.answer(&e.id, "c", 8).await.unwrap_err();
        assert_eq!(third.kind, ErrorKind::NotFound);
        let sender = book.start_accept(&e.id, "a", 8).await.unwrap_err();
        assert_eq!(sender.kind, ErrorKind::NotFound, "only b accepts");
        // Unanswered, it lapses; answered, it is shown for 10 minutes.
        assert!(
            book.of("b", 7 + OPEN_FOR_MS + 1)
                .await
                .unwrap()
                .0
                .is_empty()
        );
        let lapsed = book.answer(&e.id, "b", 7 + OPEN_FOR_MS + 1).await;
        assert_eq!(lapsed.unwrap_err().kind, ErrorKind::NotFound);
        assert!(
            book.of("a", 6 + ANSWERED_FOR_MS + 1)
                .await
                .unwrap()
                .1
                .iter()
                .all(|c| c.id != d.id)
        );
    }

    #[tokio::test]
    async fn accepting_is_once_and_gives_each_their_seat() {
        let (book, _dir) = book().await;
        let c = book
            .send(
                acct("a"),
                acct("b"),
                "towers".into(),
                Some(ClockSpec {
                    initial_ms: 300_000,
                    increment_ms: 2_000,
                }),
                false,
                0,
            )
            .await
            .unwrap();
        // Accepted long after it was sent (the row is kept meanwhile).
        let later = OPEN_FOR_MS - 1;
        let row = book.start_accept(&c.id, "b", later).await.unwrap();
        assert_eq!(
            (row.clock.map(|c| c.increment_ms), row.rated),
            (Some(2_000), false)
        );
        assert_eq!(
            book.start_accept(&c.id, "b", later).await.unwrap_err().kind,
            ErrorKind::Over,
            "not twice"
        );
        // Being accepted, it is neither declined nor cancelled.
        assert_eq!(
            book.answer(&c.id, "a", later).await.unwrap_err().kind,
            ErrorKind::Over
        );
        book.finish_accept(&c.id, Some(("t1".into(), [1, 0])), later + 1)
            .await
            .unwrap();
        let (_, out) = book.of("a", later + 2).await.unwrap();
        assert_eq!(out[0].state, "accepted");
        assert_eq!(
            (out[0].table.as_deref(), out[0].seat),
            (Some("t1"), Some(1))
        );
        let (_, _) = book.of("b", later + 2).await.unwrap();
        // A table that did not open: open again, accepted by the next try.
        let d = book
            .send(acct("a"), acct("b"), "towers".into(), None, true, 10)
            .await
            .unwrap();
        book.start_accept(&d.id, "b", 11).await.unwrap();
        book.finish_accept(&d.id, None, 12).await.unwrap();
        assert_eq!(book.of("b", 13).await.unwrap().0[0].state, "open");
        book.start_accept(&d.id, "b", 14).await.unwrap();
    }

    #[tokio::test]
    async fn two_accepts_at_once_open_one_table() {
        // Two nodes asked at the same moment: one conditional UPDATE wins.
        let (book, _dir) = book().await;
        let book = std::sync::Arc::new(book);
        let c = book
            .send(acct("a"), acct("b"), "towers".into(), None, true, 0)
            .await
            .unwrap();
        let tries: Vec<_> = (0..4)
            .map(|_| {
                let book = book.clone();
                let id = c.id.clone();
                tokio::spawn(async move { book.start_accept(&id, "b", 1).await.is_ok() })
            })
            .collect();
        let mut won = 0;
        for t in tries {
            won += usize::from(t.await.unwrap());
        }
        assert_eq!(won, 1);
    }

    #[tokio::test]
    async fn nobody_challenges_themselves_and_senders_are_bounded() {
        let (book, _dir) = book().await;
        assert_eq!(
            book.send(acct("a"), acct("a"), "towers".into(), None, true, 0)
                .await
                .unwrap_err()
                .kind,
            ErrorKind::BadRequest
        );
        for i in 0..OPEN_PER_SENDER {
            book.send(
                acct("a"),
                acct(&format!("p{i}")),
                "towers".into(),
                None,
                true,
                0,
            )
            .await
            .unwrap();
        }
        let e = book
            .send(acct("a"), acct("z"), "towers".into(), None, true, 0)
            .await
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::RateLimited);
        // Another sender is not held back; once a's lapse, a sends again.
        book.send(acct("b"), acct("z"), "towers".into(), None, true, 0)
            .await
            .unwrap();
        book.send(
            acct("a"),
            acct("z"),
            "towers".into(),
            None,
            true,
            OPEN_FOR_MS + 1,
        )
        .await
        .unwrap();
    }
}
