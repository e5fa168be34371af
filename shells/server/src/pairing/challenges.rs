//! Challenges by name (issue #27): one account asks another for a game;
//! the other accepts (a table opens for both), declines, or the sender
//! cancels. Kept in memory, bounded: at most [`OPEN_PER_SENDER`] open per
//! sender and [`MAX_CHALLENGES`] in all; an open challenge lapses after
//! [`OPEN_FOR_MS`], an answered one is shown to its sender for
//! [`ANSWERED_FOR_MS`].

use super::Account;
use super::wire::Challenge;
use crate::protocol::{ApiError, ClockSpec, ErrorKind};
use std::sync::Mutex;

/// The most open challenges one account may have sent.
pub const OPEN_PER_SENDER: usize = 10;
/// The most challenges kept in all.
pub const MAX_CHALLENGES: usize = 10_000;
/// How long a challenge stays open unanswered.
pub const OPEN_FOR_MS: i64 = 15 * 60_000;
/// How long an answered challenge is still shown.
pub const ANSWERED_FOR_MS: i64 = 10 * 60_000;

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

/// The challenges.
#[derive(Default)]
pub struct Book(Mutex<Vec<Row>>);

fn none() -> ApiError {
    ApiError::new(ErrorKind::NotFound, "there is no such challenge")
}

impl Book {
    fn lock(&self, now_ms: i64) -> std::sync::MutexGuard<'_, Vec<Row>> {
        let mut rows = self.0.lock().unwrap_or_else(|p| p.into_inner());
        rows.retain(|r| {
            if r.state == "open" {
                r.created_at >= now_ms - OPEN_FOR_MS
            } else {
                r.answered_at >= now_ms - ANSWERED_FOR_MS
            }
        });
        rows
    }

    /// Sends a challenge.
    pub fn send(
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
        let mut rows = self.lock(now_ms);
        let open = rows
            .iter()
            .filter(|r| r.state == "open" && r.from.0 == from.0)
            .count();
        if open >= OPEN_PER_SENDER || rows.len() >= MAX_CHALLENGES {
            return Err(ApiError::new(
                ErrorKind::RateLimited,
                format!(
                    "you have {OPEN_PER_SENDER} challenges waiting for an answer: cancel one first"
                ),
            ));
        }
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
        let view = row.view(&row.from.0);
        rows.push(row);
        Ok(view)
    }

    /// A player's incoming (open) and outgoing challenges, newest first.
    pub fn of(&self, who: &str, now_ms: i64) -> (Vec<Challenge>, Vec<Challenge>) {
        let rows = self.lock(now_ms);
        let incoming = rows
            .iter()
            .rev()
            .filter(|r| r.to.0 == who && r.state == "open")
            .map(|r| r.view(who))
            .collect();
        let outgoing = rows
            .iter()
            .rev()
            .filter(|r| r.from.0 == who)
            .map(|r| r.view(who))
            .collect();
        (incoming, outgoing)
    }

    /// Takes an open challenge for `who` to accept: marks it being
    /// accepted (so a second accept is refused) and returns it.
    pub fn start_accept(&self, id: &str, who: &str, now_ms: i64) -> Result<Row, ApiError> {
        let mut rows = self.lock(now_ms);
        let row = rows
            .iter_mut()
            .find(|r| r.id == id && r.to.0 == who)
            .ok_or_else(none)?;
        if row.state != "open" {
            return Err(ApiError::new(
                ErrorKind::Over,
                format!("this challenge is {} already", row.state),
            ));
        }
        row.state = "accepting";
        // Kept while the table opens (an answered row lives on its
        // answer time).
        row.answered_at = now_ms;
        Ok(row.clone())
    }

    /// Ends an accept: the table opened (accepted), or not (open again).
    pub fn finish_accept(&self, id: &str, table: Option<(String, [usize; 2])>, now_ms: i64) {
        let mut rows = self.lock(now_ms);
        if let Some(row) = rows.iter_mut().find(|r| r.id == id) {
            row.state = if table.is_some() { "accepted" } else { "open" };
            row.table = table;
            row.answered_at = now_ms;
        }
    }

    /// Declines (the player challenged) or cancels (its sender) an open
    /// challenge.
    pub fn answer(&self, id: &str, who: &str, now_ms: i64) -> Result<Challenge, ApiError> {
        self.answer_row(id, who, now_ms).map(|row| row.view(who))
    }

    /// As [`Book::answer`], the row as kept (to tell both players).
    pub fn answer_row(&self, id: &str, who: &str, now_ms: i64) -> Result<Row, ApiError> {
        let mut rows = self.lock(now_ms);
        let row = rows
            .iter_mut()
            .find(|r| r.id == id && (r.to.0 == who || r.from.0 == who))
            .ok_or_else(none)?;
        if row.state != "open" {
            return Err(ApiError::new(
                ErrorKind::Over,
                format!("this challenge is {} already", row.state),
            ));
        }
        row.state = if row.from.0 == who {
            "cancelled"
        } else {
            "declined"
        };
        row.answered_at = now_ms;
        Ok(row.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acct(s: &str) -> Account {
        (s.to_string(), s.to_uppercase())
    }

    #[test]
    fn send_see_decline_cancel_and_lapse() {
        let book = Book::default();
        let c = book
            .send(acct("a"), acct("b"), "towers".into(), None, true, 0)
            .unwrap();
        assert_eq!(
            (c.from.as_str(), c.to.as_str(), c.state.as_str()),
            ("A", "B", "open")
        );
        let (incoming, outgoing) = book.of("b", 1);
        assert_eq!(incoming.len(), 1);
        assert!(outgoing.is_empty());
        assert_eq!(book.of("a", 1).1.len(), 1);
        // Declined by b: gone from b's incoming, shown declined to a.
        assert_eq!(book.answer(&c.id, "b", 2).unwrap().state, "declined");
        assert!(book.of("b", 3).0.is_empty());
        assert_eq!(book.of("a", 3).1[0].state, "declined");
        assert!(book.answer(&c.id, "a", 4).is_err(), "answered once only");
        // Cancelled by its sender.
        let d = book
            .send(acct("a"), acct("b"), "towers".into(), None, true, 5)
            .unwrap();
        assert_eq!(book.answer(&d.id, "a", 6).unwrap().state, "cancelled");
        // A third party can neither see nor answer.
        let e = book
            .send(acct("a"), acct("b"), "towers".into(), None, true, 7)
            .unwrap();
        assert!(book.answer(&e.id, "c", 8).is_err());
        assert!(book.start_accept(&e.id, "a", 8).is_err(), "only b accepts");
        // Unanswered, it lapses.
        assert!(book.of("b", 7 + OPEN_FOR_MS + 1).0.is_empty());
    }

    #[test]
    fn accepting_is_once_and_gives_each_their_seat() {
        let book = Book::default();
        let c = book
            .send(acct("a"), acct("b"), "towers".into(), None, true, 0)
            .unwrap();
        // Accepted long after it was sent (the row is kept meanwhile).
        let later = OPEN_FOR_MS - 1;
        book.start_accept(&c.id, "b", later).unwrap();
        assert_eq!(
            book.start_accept(&c.id, "b", later).unwrap_err().kind,
            ErrorKind::Over,
            "not twice"
        );
        book.finish_accept(&c.id, Some(("t1".into(), [1, 0])), later + 1);
        let (_, out) = book.of("a", later + 2);
        assert_eq!(out[0].state, "accepted");
        assert_eq!(
            (out[0].table.as_deref(), out[0].seat),
            (Some("t1"), Some(1))
        );
    }

    #[test]
    fn nobody_challenges_themselves_and_senders_are_bounded() {
        let book = Book::default();
        assert!(
            book.send(acct("a"), acct("a"), "towers".into(), None, true, 0)
                .is_err()
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
            .unwrap();
        }
        let e = book
            .send(acct("a"), acct("z"), "towers".into(), None, true, 0)
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::RateLimited);
    }
}
