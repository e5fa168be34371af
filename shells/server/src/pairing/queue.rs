//! Quick pairing's pure logic (issue #27): who waits, and which two of them
//! to pair now. No clock, no I/O: every call is given the time (Unix ms),
//! so the tests inject it and never sleep.
//!
//! **The window.** Two waiting players of the same pool (game and clock)
//! are paired when their ratings differ by at most *both* their windows.
//! A player's window starts at [`WINDOW_START`] rating points and widens by
//! [`WINDOW_STEP`] for every [`WINDOW_EVERY_MS`] waited, up to
//! [`WINDOW_MAX`]; after [`ANYONE_AFTER_MS`] the window is unbounded (any
//! opponent of the pool is better than none). So two players 150 apart
//! are paired once both have waited 10 s; 400 apart, once both have
//! waited 60 s; any two, once both have waited 2 minutes.
//!
//! **The order.** The player who has waited longest is served first, with
//! the closest rating among those acceptable (ties: the one who waited
//! longer). An account waits in one pool at a time; it is never paired
//! with itself.

use crate::protocol::ClockSpec;
use std::collections::BTreeMap;

/// The window, rating points, of a player who has just started waiting.
pub const WINDOW_START: f64 = 100.0;
/// How much the window widens per step.
pub const WINDOW_STEP: f64 = 50.0;
/// One step, ms waited.
pub const WINDOW_EVERY_MS: i64 = 10_000;
/// The widest bounded window.
pub const WINDOW_MAX: f64 = 500.0;
/// After this long waiting, anyone in the pool will do.
pub const ANYONE_AFTER_MS: i64 = 120_000;
/// The most players waiting at once, all pools together: a new request
/// beyond it is refused (memory stays bounded whatever clients send).
pub const MAX_WAITING: usize = 10_000;

/// The window of a player who has waited `waited_ms`.
pub fn window(waited_ms: i64) -> f64 {
    let waited = waited_ms.max(0);
    if waited >= ANYONE_AFTER_MS {
        return f64::INFINITY;
    }
    let steps = (waited / WINDOW_EVERY_MS) as f64;
    (WINDOW_START + WINDOW_STEP * steps).min(WINDOW_MAX)
}

/// What players wait for: a game and its clock.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pool {
    /// The game's name.
    pub game: String,
    /// The clock (`(initial_ms, increment_ms)`), if any.
    pub clock: Option<(u64, u64)>,
}

impl Pool {
    /// The pool of a game and clock.
    pub fn new(game: &str, clock: Option<ClockSpec>) -> Pool {
        Pool {
            game: game.to_string(),
            clock: clock.map(|c| (c.initial_ms, c.increment_ms)),
        }
    }

    /// Its clock as the wire has it.
    pub fn clock_spec(&self) -> Option<ClockSpec> {
        self.clock.map(|(initial_ms, increment_ms)| ClockSpec {
            initial_ms,
            increment_ms,
        })
    }
}

/// A player waiting.
#[derive(Debug, Clone, PartialEq)]
pub struct Waiting {
    /// The account's id.
    pub account: String,
    /// Its name.
    pub name: String,
    /// Its rating in the pool's game (1500 when it has none).
    pub rating: f64,
    /// What it waits for.
    pub pool: Pool,
    /// Unix ms it started waiting.
    pub since_ms: i64,
    /// Unix ms its client last asked (a wait nobody asks about ends).
    pub seen_ms: i64,
}

impl Waiting {
    /// Its window at `now_ms`.
    pub fn window(&self, now_ms: i64) -> f64 {
        window(now_ms - self.since_ms)
    }
}

/// Whether `a` and `b` may be paired at `now_ms`.
pub fn acceptable(a: &Waiting, b: &Waiting, now_ms: i64) -> bool {
    let gap = (a.rating - b.rating).abs();
    a.account != b.account && a.pool == b.pool && gap <= a.window(now_ms) && gap <= b.window(now_ms)
}

/// Why a player could not start waiting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// [`MAX_WAITING`] players wait already.
    Full,
}

/// The players waiting, by account.
#[derive(Debug, Default)]
pub struct Queue {
    waiting: BTreeMap<String, Waiting>,
}

impl Queue {
    /// An empty queue.
    pub fn new() -> Queue {
        Queue::default()
    }

    /// Starts (or restarts, in another pool) an account's wait. Asking
    /// again for the same pool keeps the place (and the widened window).
    pub fn enter(&mut self, w: Waiting) -> Result<(), Refused> {
        if let Some(old) = self.waiting.get_mut(&w.account)
            && old.pool == w.pool
        {
            old.seen_ms = w.seen_ms;
            return Ok(());
        }
        if !self.waiting.contains_key(&w.account) && self.waiting.len() >= MAX_WAITING {
            return Err(Refused::Full);
        }
        self.waiting.insert(w.account.clone(), w);
        Ok(())
    }

    /// Ends an account's wait; whether it was waiting.
    pub fn leave(&mut self, account: &str) -> bool {
        self.waiting.remove(account).is_some()
    }

    /// An account's wait, if it waits.
    pub fn get(&self, account: &str) -> Option<&Waiting> {
        self.waiting.get(account)
    }

    /// Notes that an account's client asked at `now_ms`; whether it waits.
    pub fn seen(&mut self, account: &str, now_ms: i64) -> bool {
        match self.waiting.get_mut(account) {
            Some(w) => {
                w.seen_ms = w.seen_ms.max(now_ms);
                true
            }
            None => false,
        }
    }

    /// How many wait.
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    /// Whether nobody waits.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }

    /// Pairs everyone who can be paired at `now_ms`, longest wait first;
    /// the paired leave the queue. Each pair is (longer wait, other).
    pub fn take_pairs(&mut self, now_ms: i64) -> Vec<(Waiting, Waiting)> {
        let mut order: Vec<&Waiting> = self.waiting.values().collect();
        order.sort_by(|a, b| {
            a.since_ms
                .cmp(&b.since_ms)
                .then_with(|| a.account.cmp(&b.account))
        });
        let mut taken = std::collections::BTreeSet::new();
        let mut pairs = Vec::new();
        for (i, a) in order.iter().enumerate() {
            if taken.contains(&a.account) {
                continue;
            }
            let best = order[i + 1..]
                .iter()
                .filter(|b| !taken.contains(&b.account) && acceptable(a, b, now_ms))
                .min_by(|x, y| {
                    let dx = (x.rating - a.rating).abs();
                    let dy = (y.rating - a.rating).abs();
                    dx.total_cmp(&dy)
                        .then_with(|| x.since_ms.cmp(&y.since_ms))
                        .then_with(|| x.account.cmp(&y.account))
                });
            if let Some(b) = best {
                taken.insert(a.account.clone());
                taken.insert(b.account.clone());
                pairs.push(((*a).clone(), (*b).clone()));
            }
        }
        for account in &taken {
            self.waiting.remove(account);
        }
        pairs
    }

    /// Drops the waits of accounts whose client stopped asking: `fresh`
    /// says whether an account is still there.
    pub fn retain(&mut self, mut fresh: impl FnMut(&Waiting) -> bool) {
        self.waiting.retain(|_, w| fresh(w));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(account: &str, rating: f64, game: &str, since_ms: i64) -> Waiting {
        Waiting {
            account: account.to_string(),
            name: account.to_uppercase(),
            rating,
            pool: Pool::new(game, None),
            since_ms,
            seen_ms: since_ms,
        }
    }

    #[test]
    fn the_window_widens_with_the_wait_and_is_unbounded_after_two_minutes() {
        assert_eq!(window(0), 100.0);
        assert_eq!(window(9_999), 100.0);
        assert_eq!(window(10_000), 150.0);
        assert_eq!(window(60_000), 400.0);
        assert_eq!(window(110_000), 500.0);
        assert_eq!(window(119_999), 500.0);
        assert!(window(120_000).is_infinite());
        // A clock gone backwards is no wait, never a narrower window.
        assert_eq!(window(-5_000), 100.0);
        let mut last = 0.0;
        for ms in (0..200_000).step_by(1_000) {
            assert!(window(ms) >= last, "the window never narrows");
            last = window(ms);
        }
    }

    #[test]
    fn two_players_of_close_ratings_are_paired_at_once() {
        let mut q = Queue::new();
        q.enter(w("a", 1500.0, "towers", 0)).unwrap();
        assert!(q.take_pairs(0).is_empty(), "one player is no pair");
        q.enter(w("b", 1560.0, "towers", 1_000)).unwrap();
        let pairs = q.take_pairs(1_000);
        assert_eq!(pairs.len(), 1);
        assert_eq!(pairs[0].0.account, "a", "the longer wait first");
        assert_eq!(pairs[0].1.account, "b");
        assert!(q.is_empty(), "the paired leave the queue");
    }

    #[test]
    fn far_ratings_wait_until_both_windows_have_widened() {
        let mut q = Queue::new();
        q.enter(w("a", 1500.0, "towers", 0)).unwrap();
        q.enter(w("b", 1900.0, "towers", 20_000)).unwrap();
        // 400 apart: a's window reaches 400 at 60 s, b's at 80 s.
        assert!(q.take_pairs(60_000).is_empty(), "b's window is 300 at 60 s");
        assert!(q.take_pairs(79_999).is_empty(), "b's window is 350");
        assert_eq!(q.take_pairs(80_000).len(), 1, "both windows are 400 now");
    }

    #[test]
    fn anyone_will_do_after_two_minutes() {
        let mut q = Queue::new();
        q.enter(w("a", 900.0, "towers", 0)).unwrap();
        q.enter(w("b", 2400.0, "towers", 0)).unwrap();
        assert!(q.take_pairs(119_999).is_empty());
        assert_eq!(q.take_pairs(120_000).len(), 1);
    }

    #[test]
    fn the_closest_rating_is_chosen_and_pools_never_mix() {
        let mut q = Queue::new();
        q.enter(w("old", 1500.0, "towers", 0)).unwrap();
        q.enter(w("far", 1590.0, "towers", 1)).unwrap();
        q.enter(w("near", 1520.0, "towers", 2)).unwrap();
        q.enter(w("other", 1500.0, "babel", 0)).unwrap();
        let pairs = q.take_pairs(10);
        assert_eq!(pairs.len(), 1);
        assert_eq!(
            (pairs[0].0.account.as_str(), pairs[0].1.account.as_str()),
            ("old", "near")
        );
        assert!(q.get("far").is_some() && q.get("other").is_some());
        // A clock makes another pool too.
        let mut clocked = w("clocked", 1590.0, "towers", 3);
        clocked.pool = Pool::new(
            "towers",
            Some(ClockSpec {
                initial_ms: 60_000,
                increment_ms: 0,
            }),
        );
        q.enter(clocked).unwrap();
        assert!(
            q.take_pairs(20).is_empty(),
            "far (towers, no clock) is alone"
        );
    }

    #[test]
    fn asking_again_keeps_the_place_and_another_pool_restarts_it() {
        let mut q = Queue::new();
        q.enter(w("a", 1500.0, "towers", 0)).unwrap();
        q.enter(w("a", 1500.0, "towers", 50_000)).unwrap();
        assert_eq!(q.get("a").unwrap().since_ms, 0, "the place is kept");
        q.enter(w("a", 1500.0, "babel", 60_000)).unwrap();
        assert_eq!(q.get("a").unwrap().since_ms, 60_000);
        assert_eq!(q.len(), 1, "one pool at a time");
        assert!(q.leave("a"));
        assert!(!q.leave("a"));
    }

    #[test]
    fn an_account_is_never_paired_with_itself() {
        let a = w("a", 1500.0, "towers", 0);
        assert!(!acceptable(&a, &a, 0));
    }

    #[test]
    fn the_queue_is_bounded() {
        let mut q = Queue::new();
        for i in 0..MAX_WAITING {
            q.enter(w(&format!("p{i}"), 1500.0, "towers", 0)).unwrap();
        }
        assert_eq!(q.enter(w("late", 1500.0, "towers", 0)), Err(Refused::Full));
        // One already waiting may still change pools.
        assert!(q.enter(w("p1", 1500.0, "babel", 5)).is_ok());
    }

    #[test]
    fn many_waiting_pair_up_within_their_windows() {
        // A property over a fixed spread: every pair made is acceptable,
        // nobody is in two pairs, and the unpaired left could not pair.
        let mut q = Queue::new();
        for i in 0..60 {
            let rating = 1200.0 + ((i * 37) % 600) as f64;
            let game = if i % 3 == 0 { "babel" } else { "towers" };
            q.enter(w(&format!("p{i}"), rating, game, i as i64 * 500))
                .unwrap();
        }
        let now = 40_000;
        let before: Vec<Waiting> = q.waiting.values().cloned().collect();
        let pairs = q.take_pairs(now);
        let mut seen = std::collections::BTreeSet::new();
        for (a, b) in &pairs {
            assert!(acceptable(a, b, now));
            assert!(seen.insert(a.account.clone()) && seen.insert(b.account.clone()));
        }
        assert_eq!(seen.len() + q.len(), before.len());
        let left: Vec<&Waiting> = q.waiting.values().collect();
        for (i, a) in left.iter().enumerate() {
            for b in &left[i + 1..] {
                assert!(
                    !acceptable(a, b, now),
                    "{} and {} could pair",
                    a.account,
                    b.account
                );
            }
        }
    }
}
