//! Chess clocks for turn-based tables, in game time: each seat's time
//! left, the running seat's clock counting down from when it started, and
//! the increment added when a seat moves.

use crate::protocol::{ClockSpec, ClockState};
use stackyard_core::{ErasedRecord, GameTime, Seat};

/// Per-seat chess clocks, rebuilt from the record's action times.
#[derive(Debug, Clone)]
pub struct Clocks {
    spec: ClockSpec,
    /// Time left per seat when its clock last stopped, ms.
    remaining: Vec<i64>,
    /// When the running clock started (game time).
    since: GameTime,
}

impl Clocks {
    /// Fresh clocks for `seats` seats: each starts with `spec.initial_ms`.
    pub fn new(spec: ClockSpec, seats: usize) -> Self {
        Clocks {
            spec,
            remaining: vec![i64::try_from(spec.initial_ms).unwrap_or(i64::MAX); seats],
            since: GameTime::ZERO,
        }
    }

    /// Rebuilds the clocks from a record's entries (a resumed table).
    pub fn from_record(spec: ClockSpec, seats: usize, record: &ErasedRecord) -> Self {
        let mut clocks = Clocks::new(spec, seats);
        for entry in &record.actions {
            clocks.moved(entry.seat, entry.at);
        }
        clocks
    }

    /// The clocks start running at `at` (the table starts with no move
    /// made yet: the first seat's time counts from here).
    pub fn start_at(&mut self, at: GameTime) {
        self.since = self.since.max(at);
    }

    /// `seat` moved at `at`: its clock stops (with the increment) and the
    /// next one starts.
    pub fn moved(&mut self, seat: Seat, at: GameTime) {
        // Saturating: a stored clock from before its numbers were bounded
        // must not wrap round to a fallen flag.
        if let Some(r) = self.remaining.get_mut(seat.index()) {
            let spent = i64::try_from(at.millis_since(self.since)).unwrap_or(i64::MAX);
            let gained = i64::try_from(self.spec.increment_ms).unwrap_or(i64::MAX);
            *r = r.saturating_sub(spent).saturating_add(gained);
        }
        self.since = at;
    }

    /// When `seat`'s flag falls if its clock is running.
    pub fn flag_at(&self, seat: Seat) -> Option<GameTime> {
        let left = *self.remaining.get(seat.index())?;
        Some(self.since + left.max(0).unsigned_abs())
    }

    /// Each seat's clock at `now`, `running` the seat whose clock runs.
    pub fn states(&self, running: Option<Seat>, now: GameTime) -> Vec<ClockState> {
        self.remaining
            .iter()
            .enumerate()
            .map(|(s, &r)| {
                let running = running.is_some_and(|seat| seat.index() == s);
                let remaining_ms = if running {
                    r.saturating_sub(
                        i64::try_from(now.millis_since(self.since)).unwrap_or(i64::MAX),
                    )
                    .max(0)
                } else {
                    r.max(0)
                };
                ClockState {
                    remaining_ms,
                    running,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(ms: u64) -> GameTime {
        GameTime::from_millis(ms)
    }

    /// Issue #29, point 1: a clock stored before increments were bounded
    /// (2^63 ms, 2^64−1 ms) saturates instead of wrapping round to a
    /// fallen flag or to a clock that loses time with every move.
    #[test]
    fn a_huge_stored_increment_saturates_instead_of_wrapping() {
        for increment_ms in [1u64 << 63, u64::MAX] {
            let spec = ClockSpec {
                initial_ms: 60_000,
                increment_ms,
            };
            let mut clocks = Clocks::new(spec, 2);
            clocks.moved(Seat(0), t(1_000));
            assert_eq!(clocks.remaining[0], i64::MAX, "{increment_ms}");
            clocks.moved(Seat(1), t(2_000));
            clocks.moved(Seat(0), t(3_000));
            assert!(clocks.remaining[0] > 60_000, "{increment_ms}");
            assert!(clocks.flag_at(Seat(0)).is_some_and(|f| f > t(1 << 40)));
            let shown = clocks.states(Some(Seat(0)), t(4_000));
            assert!(shown[0].remaining_ms > 60_000);
        }
        let mut huge_start = Clocks::new(
            ClockSpec {
                initial_ms: u64::MAX,
                increment_ms: 0,
            },
            1,
        );
        huge_start.moved(Seat(0), t(5));
        assert!(huge_start.remaining[0] > 0);
    }

    #[test]
    fn the_running_clock_counts_down_and_a_move_adds_the_increment() {
        let spec = ClockSpec {
            initial_ms: 10_000,
            increment_ms: 2_000,
        };
        let mut clocks = Clocks::new(spec, 2);
        clocks.start_at(t(500));
        let shown = clocks.states(Some(Seat(0)), t(3_500));
        assert_eq!(shown[0].remaining_ms, 7_000);
        assert!(shown[0].running && !shown[1].running);
        assert_eq!(shown[1].remaining_ms, 10_000);
        assert_eq!(clocks.flag_at(Seat(0)), Some(t(10_500)));
        // Seat 0 moves after 4 s: 6 s left, plus 2 s.
        clocks.moved(Seat(0), t(4_500));
        assert_eq!(clocks.states(None, t(4_500))[0].remaining_ms, 8_000);
        assert_eq!(clocks.flag_at(Seat(1)), Some(t(14_500)));
        // A flag that fell shows 0, never less.
        assert_eq!(clocks.states(Some(Seat(1)), t(99_000))[1].remaining_ms, 0);
    }
}
