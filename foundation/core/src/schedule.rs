//! One bot schedule for every host: when each bot looks at the table and
//! when its action arrives, in game time.
//!
//! The simulators ([`crate::play::simulate_realtime`]), the registry's
//! hosting test and the server all pace their bots with this type, so a
//! served game and a simulated one with the same seeds and bots are paced
//! alike. It does no I/O and reads no clock: the host says what time it is
//! and what happened, the schedule says who looks and which action is due.
//!
//! The rules it keeps:
//! - A bot seat has at most one action in flight. A bot that looked at `t`
//!   and decided with [`Decision::think_ms`] `d` acts at `t + d` (or when
//!   its decision came back, if thinking took longer than that on a real
//!   machine).
//! - A bot looks only when its seat may act ([`ToAct`]), and only when it
//!   has something new to see: at the start, after its own action arrived
//!   (accepted or refused), after a step that made it its seat's turn, or
//!   once it has noticed a step whose events, as its seat sees them, its
//!   bot [`crate::Bot::wakes_on`].
//! - A bot notices a change [`crate::Bot::perception_ms`] after it happened
//!   (issue #50): the change at `t`, a look at `t + perception`. Changes
//!   that come while it has yet to notice an earlier one are seen in the
//!   same look. A bot that saw every change the instant it happened would
//!   never lose a race, which is the heart of a turnless game, and would
//!   win every one against the people at the table.
//! - A bot whose table changes under its hand (a change it notices while
//!   its action is in flight) looks again when it notices and may change
//!   its mind, but its action still arrives when it would have: a person
//!   who sees the pyramid they reach for taken aims elsewhere without
//!   starting over. If the action arrives before the bot noticed, it
//!   arrives as it was and may be refused: a lost race, as a person loses
//!   it.
//! - A bot whose action was refused (a lost race, a misjudgement) looks
//!   again [`RETRY_MS`] later, not at once: a bot that keeps proposing the
//!   same refused action cannot spin.
//! - A bot that decided nothing waits until something wakes it.
//! - At equal times, actions in flight arrive in seat order, and before
//!   any bot looks: [`BotSchedule::to_look`] answers nobody while an action
//!   is due, so every host orders a look and an arrival at the same moment
//!   alike.

use crate::{Decision, GameTime, Seat, ToAct};

/// How long a bot whose action was refused waits before it looks again, ms.
pub const RETRY_MS: u64 = 100;

/// The bot schedule of one table. `A` is the action type: a game's own
/// action for a typed host, JSON for a hosted one.
#[derive(Debug, Clone)]
pub struct BotSchedule<A> {
    /// One slot per seat: `None` for seats no bot sits in.
    slots: Vec<Option<Slot<A>>>,
}

#[derive(Debug, Clone)]
struct Slot<A> {
    /// The action in flight and when it arrives.
    pending: Option<(GameTime, A)>,
    /// Something happened since it last looked.
    wants_look: bool,
    /// It is looking now (a host thinking on another thread).
    thinking: bool,
    /// Do not look before this: after a refusal, or until it notices a
    /// change.
    not_before: GameTime,
    /// While it looks again with an action in flight (the table changed
    /// under its hand): when that action was to arrive, which its new
    /// decision keeps.
    reaching: Option<GameTime>,
}

impl<A> Slot<A> {
    fn new() -> Self {
        Slot {
            pending: None,
            wants_look: true,
            thinking: false,
            not_before: GameTime::ZERO,
            reaching: None,
        }
    }
}

fn may_act(to_act: &ToAct, seat: usize) -> bool {
    match to_act {
        ToAct::Seat(s) => s.index() == seat,
        ToAct::AnySeat => true,
        ToAct::Nobody => false,
    }
}

fn seat(s: usize) -> Seat {
    Seat(u8::try_from(s).unwrap_or(u8::MAX))
}

impl<A> BotSchedule<A> {
    /// A schedule for a table whose seats are bots where `bots` says so.
    /// Every bot wants a first look.
    pub fn new(bots: impl IntoIterator<Item = bool>) -> Self {
        BotSchedule {
            slots: bots.into_iter().map(|bot| bot.then(Slot::new)).collect(),
        }
    }

    /// Whether a bot sits in `seat`.
    pub fn is_bot(&self, seat: Seat) -> bool {
        matches!(self.slots.get(seat.index()), Some(Some(_)))
    }

    /// The seats whose bots look now, in seat order; each is thinking
    /// until its [`BotSchedule::decided`]. Nobody looks while an action in
    /// flight is due by `now`: it arrives first.
    pub fn to_look(&mut self, now: GameTime, to_act: ToAct) -> Vec<Seat> {
        let mut out = Vec::new();
        if self.next_arrival().is_some_and(|at| at <= now) {
            return out;
        }
        for (s, slot) in self.slots.iter_mut().enumerate() {
            let Some(slot) = slot else { continue };
            if slot.wants_look && !slot.thinking && slot.not_before <= now && may_act(&to_act, s) {
                slot.thinking = true;
                slot.wants_look = false;
                // An action in flight is decided again; it keeps its arrival.
                slot.reaching = slot.pending.take().map(|(at, _)| at);
                out.push(seat(s));
            }
        }
        out
    }

    /// Whether `seat`'s bot is thinking.
    pub fn is_thinking(&self, seat: Seat) -> bool {
        matches!(self.slots.get(seat.index()), Some(Some(s)) if s.thinking)
    }

    /// `seat`'s bot, which looked at `looked_at`, decided; the decision is
    /// back at `now` (the same time in a simulation). Its action arrives
    /// `think_ms` after it looked, never before `now`; a bot that looked
    /// again with an action in flight acts when that action would have
    /// arrived (never before `now`).
    pub fn decided(
        &mut self,
        seat: Seat,
        looked_at: GameTime,
        now: GameTime,
        decision: Option<Decision<A>>,
    ) {
        let Some(Some(slot)) = self.slots.get_mut(seat.index()) else {
            return;
        };
        slot.thinking = false;
        let reaching = slot.reaching.take();
        slot.pending = decision.map(|d| {
            let at = reaching.unwrap_or(looked_at + d.think_ms);
            (at.max(now), d.action)
        });
    }

    /// The next moment something is due: the earliest action in flight, or
    /// a look that waits for its retry time or for its bot to notice a
    /// change.
    pub fn next_due(&self, to_act: ToAct) -> Option<GameTime> {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(s, slot)| {
                let slot = slot.as_ref()?;
                match &slot.pending {
                    // Asked to look again, when it notices a change.
                    Some((at, _)) if slot.wants_look && may_act(&to_act, s) => {
                        Some((*at).min(slot.not_before))
                    }
                    Some((at, _)) => Some(*at),
                    None if slot.wants_look && !slot.thinking && may_act(&to_act, s) => {
                        Some(slot.not_before)
                    }
                    None => None,
                }
            })
            .min()
    }

    /// When the earliest action in flight arrives.
    pub fn next_arrival(&self) -> Option<GameTime> {
        self.slots
            .iter()
            .filter_map(|slot| slot.as_ref()?.pending.as_ref().map(|(at, _)| *at))
            .min()
    }

    /// Takes the earliest action in flight that has arrived by `now` (at
    /// equal times, the lowest seat's): the seat, its arrival, the action.
    pub fn take_due(&mut self, now: GameTime) -> Option<(Seat, GameTime, A)> {
        let (_, s) = self
            .slots
            .iter()
            .enumerate()
            .filter_map(|(s, slot)| match slot.as_ref()?.pending.as_ref() {
                Some((at, _)) if *at <= now => Some((*at, s)),
                _ => None,
            })
            .min()?;
        let slot = self.slots[s].as_mut()?;
        let (at, action) = slot.pending.take()?;
        Some((seat(s), at, action))
    }

    /// `seat`'s action arrived at `at`: its bot looks again, at once if the
    /// action was accepted, [`RETRY_MS`] later if it was refused.
    pub fn arrived(&mut self, seat: Seat, at: GameTime, refused: bool) {
        if let Some(Some(slot)) = self.slots.get_mut(seat.index()) {
            slot.wants_look = true;
            // Its own action's fate is in front of it: this look replaces
            // any it had yet to make for a change it had not noticed.
            slot.not_before = if refused { at + RETRY_MS } else { at };
        }
    }

    /// A step happened at `at` (an action, timers, an ending) and `to_act`
    /// may act now. A bot looks again at once if the step made it its
    /// seat's turn and it has nothing in flight; otherwise, if
    /// `notices(seat)` is `Some(perception_ms)` (its bot
    /// [`crate::Bot::wakes_on`] the events as its seat sees them, and
    /// [`crate::Bot::perception_ms`] says how long it takes to see them), it
    /// looks `perception_ms` after `at`, with or without an action in
    /// flight. A bot thinking now looks again once its decision is back: it
    /// decided on an older table. `notices` is asked only of a bot not
    /// already due to look, so it draws a perception only for a change it
    /// will be shown.
    pub fn stepped(
        &mut self,
        at: GameTime,
        to_act: ToAct,
        mut notices: impl FnMut(Seat) -> Option<u64>,
    ) {
        for (s, slot) in self.slots.iter_mut().enumerate() {
            let Some(slot) = slot else { continue };
            if slot.thinking {
                slot.wants_look = true;
            } else if slot.wants_look {
                // Already due to look: that look sees this step too.
            } else if slot.pending.is_none() && to_act == ToAct::Seat(seat(s)) {
                slot.wants_look = true;
            } else if let Some(perception_ms) = notices(seat(s)) {
                slot.wants_look = true;
                slot.not_before = slot.not_before.max(at + perception_ms);
            }
        }
    }

    /// The game is over: nothing is in flight any more, nobody looks.
    pub fn stop(&mut self) {
        for slot in self.slots.iter_mut().flatten() {
            slot.pending = None;
            slot.reaching = None;
            slot.wants_look = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(ms: u64) -> GameTime {
        GameTime::from_millis(ms)
    }

    fn d(action: u32, think_ms: u64) -> Option<Decision<u32>> {
        Some(Decision { action, think_ms })
    }

    #[test]
    fn a_bot_acts_think_ms_after_it_looked() {
        let mut s = BotSchedule::new([false, true]);
        assert!(!s.is_bot(Seat(0)) && s.is_bot(Seat(1)));
        assert_eq!(s.to_look(t(0), ToAct::AnySeat), vec![Seat(1)]);
        assert!(s.is_thinking(Seat(1)));
        // Asked again while thinking: nobody new looks.
        assert!(s.to_look(t(0), ToAct::AnySeat).is_empty());
        s.decided(Seat(1), t(0), t(0), d(7, 400));
        assert_eq!(s.next_due(ToAct::AnySeat), Some(t(400)));
        assert_eq!(s.take_due(t(399)), None);
        assert_eq!(s.take_due(t(400)), Some((Seat(1), t(400), 7)));
        assert_eq!(s.take_due(t(400)), None);
    }

    #[test]
    fn a_slow_decision_arrives_when_it_is_back_not_in_the_past() {
        let mut s: BotSchedule<u32> = BotSchedule::new([true]);
        s.to_look(t(0), ToAct::AnySeat);
        // It thought for 900 ms of a real machine but meant to act at 400.
        s.decided(Seat(0), t(0), t(900), d(1, 400));
        assert_eq!(s.next_due(ToAct::AnySeat), Some(t(900)));
    }

    #[test]
    fn a_refused_bot_looks_again_after_the_retry_time() {
        let mut s: BotSchedule<u32> = BotSchedule::new([true]);
        s.to_look(t(0), ToAct::AnySeat);
        s.decided(Seat(0), t(0), t(0), d(1, 50));
        let (seat, at, _) = s.take_due(t(50)).unwrap();
        s.arrived(seat, at, true);
        assert_eq!(s.next_due(ToAct::AnySeat), Some(t(50 + RETRY_MS)));
        assert!(s.to_look(t(50 + RETRY_MS - 1), ToAct::AnySeat).is_empty());
        assert_eq!(s.to_look(t(50 + RETRY_MS), ToAct::AnySeat), vec![Seat(0)]);
    }

    #[test]
    fn an_accepted_bot_looks_again_at_once() {
        let mut s: BotSchedule<u32> = BotSchedule::new([true]);
        s.to_look(t(0), ToAct::AnySeat);
        s.decided(Seat(0), t(0), t(0), d(1, 50));
        s.take_due(t(50)).unwrap();
        s.arrived(Seat(0), t(50), false);
        assert_eq!(s.to_look(t(50), ToAct::AnySeat), vec![Seat(0)]);
    }

    #[test]
    fn a_bot_with_nothing_to_do_waits_for_what_wakes_it() {
        let mut s: BotSchedule<u32> = BotSchedule::new([true, true]);
        assert_eq!(s.to_look(t(0), ToAct::AnySeat), vec![Seat(0), Seat(1)]);
        s.decided(Seat(0), t(0), t(0), None);
        s.decided(Seat(1), t(0), t(0), None);
        assert_eq!(s.next_due(ToAct::AnySeat), None);
        // Events seat 0's bot does not wake on: it keeps waiting.
        s.stepped(t(10), ToAct::AnySeat, |seat| (seat == Seat(1)).then_some(0));
        assert_eq!(s.to_look(t(10), ToAct::AnySeat), vec![Seat(1)]);
    }

    #[test]
    fn a_bot_looks_only_when_its_seat_may_act_and_on_its_turn() {
        let mut s: BotSchedule<u32> = BotSchedule::new([true, true]);
        assert_eq!(s.to_look(t(0), ToAct::Seat(Seat(0))), vec![Seat(0)]);
        assert_eq!(s.next_due(ToAct::Seat(Seat(0))), None);
        s.decided(Seat(0), t(0), t(0), d(3, 0));
        s.take_due(t(0)).unwrap();
        s.arrived(Seat(0), t(0), false);
        // Seat 1's turn now, even if its bot wakes on nothing.
        s.stepped(t(0), ToAct::Seat(Seat(1)), |_| None);
        assert_eq!(s.to_look(t(0), ToAct::Seat(Seat(1))), vec![Seat(1)]);
        assert!(s.to_look(t(0), ToAct::Nobody).is_empty());
    }

    #[test]
    fn equal_arrivals_go_in_seat_order_and_a_stop_clears_everything() {
        let mut s = BotSchedule::new([true, true, true]);
        s.to_look(t(0), ToAct::AnySeat);
        s.decided(Seat(2), t(0), t(0), d(2, 100));
        s.decided(Seat(1), t(0), t(0), d(1, 100));
        s.decided(Seat(0), t(0), t(0), d(0, 300));
        assert_eq!(s.take_due(t(500)).map(|x| x.0), Some(Seat(1)));
        assert_eq!(s.take_due(t(500)).map(|x| x.0), Some(Seat(2)));
        s.stop();
        assert_eq!(s.take_due(t(500)), None);
        assert_eq!(s.next_due(ToAct::AnySeat), None);
    }

    #[test]
    fn a_bot_whose_table_changes_under_its_hand_aims_again_and_keeps_its_time() {
        let mut s: BotSchedule<u32> = BotSchedule::new([true, true]);
        s.to_look(t(0), ToAct::AnySeat);
        s.decided(Seat(0), t(0), t(0), d(10, 2000));
        s.decided(Seat(1), t(0), t(0), d(20, 500));
        let (seat, at, _) = s.take_due(t(500)).unwrap();
        assert_eq!((seat, at), (Seat(1), t(500)));
        s.arrived(seat, at, false);
        // Seat 1's action changed the table: seat 0, mid-reach, looks again
        // (a bot that notices at once, as every bot did before issue #50).
        s.stepped(t(500), ToAct::AnySeat, |_| Some(0));
        assert_eq!(s.next_due(ToAct::AnySeat), Some(t(500)));
        assert_eq!(s.to_look(t(500), ToAct::AnySeat), vec![Seat(0), Seat(1)]);
        assert_eq!(
            s.take_due(t(2000)),
            None,
            "nothing in flight while it aims again"
        );
        // Its new aim arrives when the first would have, not 900 ms later.
        s.decided(Seat(0), t(500), t(500), d(11, 900));
        s.decided(Seat(1), t(500), t(500), None);
        assert_eq!(s.take_due(t(2000)), Some((Seat(0), t(2000), 11)));
        // Deciding nothing on the second look leaves nothing in flight.
        s.arrived(Seat(0), t(2000), false);
        s.to_look(t(2000), ToAct::AnySeat);
        s.decided(Seat(0), t(2000), t(2000), d(12, 700));
        s.stepped(t(2100), ToAct::AnySeat, |seat| {
            (seat == Seat(0)).then_some(0)
        });
        s.to_look(t(2100), ToAct::AnySeat);
        s.decided(Seat(0), t(2100), t(2100), None);
        assert_eq!(s.next_due(ToAct::AnySeat), None);
    }

    #[test]
    fn events_a_bot_does_not_wake_on_leave_its_action_in_flight() {
        let mut s: BotSchedule<u32> = BotSchedule::new([true]);
        s.to_look(t(0), ToAct::AnySeat);
        s.decided(Seat(0), t(0), t(0), d(1, 300));
        s.stepped(t(100), ToAct::AnySeat, |_| None);
        assert!(s.to_look(t(100), ToAct::AnySeat).is_empty());
        assert_eq!(s.take_due(t(300)), Some((Seat(0), t(300), 1)));
    }

    #[test]
    fn a_step_while_thinking_means_another_look_once_back() {
        let mut s: BotSchedule<u32> = BotSchedule::new([true]);
        s.to_look(t(0), ToAct::AnySeat);
        s.stepped(t(2), ToAct::AnySeat, |_| None);
        s.decided(Seat(0), t(0), t(5), None);
        assert_eq!(s.to_look(t(5), ToAct::AnySeat), vec![Seat(0)]);
    }

    /// Issue #50: two bots of equal speed reach for the same pyramid (both
    /// looked at 0, both act 600 ms later); seat 1's lands first, at 400.
    /// Seat 0 notices 300 ms after it (at 700): too late, its action is
    /// already on its way and arrives at 600 as it was (to be refused by
    /// the rules, a lost race). Only then does it look again.
    #[test]
    fn a_bot_whose_target_is_taken_while_it_has_yet_to_notice_arrives_stale() {
        let mut s: BotSchedule<u32> = BotSchedule::new([true, true]);
        assert_eq!(s.to_look(t(0), ToAct::AnySeat), vec![Seat(0), Seat(1)]);
        s.decided(Seat(0), t(0), t(0), d(10, 600));
        s.decided(Seat(1), t(0), t(0), d(20, 400));
        assert_eq!(s.take_due(t(400)), Some((Seat(1), t(400), 20)));
        s.arrived(Seat(1), t(400), false);
        let mut asked = Vec::new();
        s.stepped(t(400), ToAct::AnySeat, |seat| {
            asked.push(seat);
            Some(300)
        });
        assert_eq!(asked, vec![Seat(0)], "seat 1 looks anyway: its own action");
        // Seat 1 looks at once; seat 0 has not seen the change yet.
        assert_eq!(s.to_look(t(400), ToAct::AnySeat), vec![Seat(1)]);
        s.decided(Seat(1), t(400), t(400), None);
        assert!(s.to_look(t(599), ToAct::AnySeat).is_empty());
        assert_eq!(s.next_due(ToAct::AnySeat), Some(t(600)));
        // Its old aim arrives unchanged.
        assert_eq!(s.take_due(t(600)), Some((Seat(0), t(600), 10)));
        s.arrived(Seat(0), t(600), true);
        // Refused: it looks again after the retry time (here also when it
        // would have noticed the change).
        assert!(s.to_look(t(699), ToAct::AnySeat).is_empty());
        assert_eq!(s.next_due(ToAct::AnySeat), Some(t(600 + RETRY_MS)));
        assert_eq!(s.to_look(t(600 + RETRY_MS), ToAct::AnySeat), vec![Seat(0)]);
    }

    /// Issue #50: the same race, but seat 0 notices 150 ms after the
    /// change (at 550), before its action lands: it looks again, aims
    /// elsewhere, and the new aim arrives when the old one would have.
    #[test]
    fn a_bot_that_notices_before_its_action_lands_re_aims_and_keeps_its_time() {
        let mut s: BotSchedule<u32> = BotSchedule::new([true, true]);
        s.to_look(t(0), ToAct::AnySeat);
        s.decided(Seat(0), t(0), t(0), d(10, 600));
        s.decided(Seat(1), t(0), t(0), d(20, 400));
        s.take_due(t(400)).unwrap();
        s.arrived(Seat(1), t(400), false);
        s.stepped(t(400), ToAct::AnySeat, |_| Some(150));
        assert_eq!(s.to_look(t(400), ToAct::AnySeat), vec![Seat(1)]);
        s.decided(Seat(1), t(400), t(400), None);
        assert_eq!(s.next_due(ToAct::AnySeat), Some(t(550)));
        assert!(s.to_look(t(549), ToAct::AnySeat).is_empty());
        assert_eq!(s.to_look(t(550), ToAct::AnySeat), vec![Seat(0)]);
        assert_eq!(s.take_due(t(600)), None, "its old aim is withdrawn");
        s.decided(Seat(0), t(550), t(550), d(11, 900));
        assert_eq!(s.take_due(t(599)), None);
        assert_eq!(s.take_due(t(600)), Some((Seat(0), t(600), 11)));
    }

    /// At the same moment, an arrival comes before a look: whichever order
    /// a host asks in, the bot that notices at 600 sees the action that
    /// lands at 600 (its own here: it arrives as it was).
    #[test]
    fn at_equal_times_arrivals_come_before_looks() {
        let mut s: BotSchedule<u32> = BotSchedule::new([true, true]);
        s.to_look(t(0), ToAct::AnySeat);
        s.decided(Seat(0), t(0), t(0), d(10, 600));
        s.decided(Seat(1), t(0), t(0), d(20, 400));
        s.take_due(t(400)).unwrap();
        s.arrived(Seat(1), t(400), false);
        s.stepped(t(400), ToAct::AnySeat, |_| Some(200));
        s.to_look(t(400), ToAct::AnySeat);
        s.decided(Seat(1), t(400), t(400), None);
        assert!(
            s.to_look(t(600), ToAct::AnySeat).is_empty(),
            "600 arrives first"
        );
        assert_eq!(s.take_due(t(600)), Some((Seat(0), t(600), 10)));
        s.arrived(Seat(0), t(600), false);
        assert_eq!(s.to_look(t(600), ToAct::AnySeat), vec![Seat(0)]);
    }

    /// Changes that come while a bot has yet to notice an earlier one are
    /// seen in that one look: it is not pushed back, nor asked again.
    #[test]
    fn a_later_change_is_seen_in_the_look_already_due() {
        let mut s: BotSchedule<u32> = BotSchedule::new([true]);
        s.to_look(t(0), ToAct::AnySeat);
        s.decided(Seat(0), t(0), t(0), None);
        s.stepped(t(100), ToAct::AnySeat, |_| Some(300));
        s.stepped(t(200), ToAct::AnySeat, |_| panic!("asked twice"));
        assert_eq!(s.next_due(ToAct::AnySeat), Some(t(400)));
        assert!(s.to_look(t(399), ToAct::AnySeat).is_empty());
        assert_eq!(s.to_look(t(400), ToAct::AnySeat), vec![Seat(0)]);
    }
}
