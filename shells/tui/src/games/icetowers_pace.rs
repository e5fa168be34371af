//! The one place the terminal paces IceTowers' bots and timers: with the
//! core's [`BotSchedule`], in the order every host keeps
//! (`stackyard_core::play::simulate_realtime`, the registry's hosting test,
//! the server): at equal times timers fire first, then the actions in
//! flight arrive in seat order, then the bots that have something new to
//! see look. A bot looks when its seat may act (I4: any seat at any time)
//! and its action arrives its think time later, by which time the table
//! may have changed (a refusal, I4, and it looks again after
//! `schedule::RETRY_MS`). Everything the schedule is told or asked is in
//! this file, so a change to it is made here alone.

use stackyard_core::schedule::BotSchedule;
use stackyard_core::{Bot, Driver, GameTime, Step, Viewer};
use stackyard_icetowers::{Action, Event, IceTowers};

/// The bots of one table and their schedule. The person's seat has no bot.
pub struct Pace {
    schedule: BotSchedule<Action>,
    bots: Vec<Option<Box<dyn Bot<IceTowers>>>>,
}

impl Pace {
    /// A table whose seats are `bots` where there is one (`None`: a person).
    pub fn new(bots: Vec<Option<Box<dyn Bot<IceTowers>>>>) -> Pace {
        Pace {
            schedule: BotSchedule::new(bots.iter().map(Option::is_some)),
            bots,
        }
    }

    /// Lets the table's time run to `until`: every timer and bot action due
    /// by then happens, each at its own time. Returns the steps, in order.
    pub fn run_to(&mut self, driver: &mut Driver<IceTowers>, until: GameTime) -> Vec<Step<Event>> {
        let mut steps = Vec::new();
        let mut now = driver.now();
        while !driver.is_over() {
            self.look(driver, now);
            let due = self.schedule.next_due(driver.to_act());
            let step = match (driver.next_deadline(), due) {
                (Some(deadline), due) if deadline <= until && due.is_none_or(|t| deadline <= t) => {
                    now = deadline;
                    driver.advance_to(deadline)
                }
                (_, Some(t)) if t <= until => {
                    now = now.max(t);
                    let Some((seat, at, action)) = self.schedule.take_due(now) else {
                        // A look waiting for its retry time: it looks next round.
                        continue;
                    };
                    match driver.act(seat, action, at) {
                        Ok(step) => {
                            self.schedule.arrived(seat, at, false);
                            step
                        }
                        Err(refusal) => {
                            self.schedule.arrived(seat, at, true);
                            // Timers due by the arrival fired all the same.
                            refusal.timers
                        }
                    }
                }
                _ => break,
            };
            self.stepped(driver, &step);
            steps.push(step);
        }
        if driver.is_over() {
            self.schedule.stop();
        }
        // Nothing is due by `until` any more: the clock just moves on.
        driver.advance_to(until);
        steps
    }

    /// A step the person's own action made: the bots it wakes look again.
    pub fn stepped(&mut self, driver: &Driver<IceTowers>, step: &Step<Event>) {
        if driver.is_over() {
            self.schedule.stop();
            return;
        }
        let bots = &mut self.bots;
        // A bot notices what it wakes on its perception delay later
        // (issue #50), as at every host.
        self.schedule
            .stepped(driver.now(), driver.to_act(), |seat| {
                let bot = bots.get_mut(seat.index())?.as_mut()?;
                bot.wakes_on(&driver.events_for(step, Viewer::Seat(seat)))
                    .then(|| bot.perception_ms())
            });
    }

    /// The bots due to look at `now` look at their seat's view and decide.
    fn look(&mut self, driver: &Driver<IceTowers>, now: GameTime) {
        for seat in self.schedule.to_look(now, driver.to_act()) {
            let Some(Some(bot)) = self.bots.get_mut(seat.index()) else {
                continue;
            };
            let decision = bot.decide(&driver.view(Viewer::Seat(seat)), now);
            self.schedule.decided(seat, now, now, decision);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stackyard_core::play::simulate_realtime;
    use stackyard_core::{Bots, Seat, Seed};
    use stackyard_icetowers::Settings;

    fn bots(seed: Seed, level: &str) -> Vec<Box<dyn Bot<IceTowers>>> {
        (0..3u8)
            .map(|s| IceTowers::bot(level, Seat(s), seed.child(u64::from(s)), &Settings::new(3)))
            .collect::<Result<_, _>>()
            .expect("the game's own bots")
    }

    fn paced(seed: Seed, level: &str, tick_ms: u64) -> Driver<IceTowers> {
        let mut driver = Driver::new(Settings::new(3), seed).unwrap();
        let mut pace = Pace::new(bots(seed, level).into_iter().map(Some).collect());
        let mut now = 0;
        while !driver.is_over() {
            now += tick_ms;
            assert!(now < 3_600_000, "I13: a bot game ends");
            pace.run_to(&mut driver, GameTime::from_millis(now));
        }
        driver
    }

    /// I4, I10, I13: with a bot in every seat, the terminal's pacing plays
    /// the very game the core's simulator plays (the one schedule every
    /// host uses), whether the clock ticks every 100 ms or every 7 s.
    #[test]
    fn bots_are_paced_as_every_host_paces_them_i4_i10() {
        for (seed, level) in [
            (Seed(3), "beginner"),
            (Seed(8), "greedy"),
            (Seed(5), "random"),
        ] {
            let reference = simulate_realtime(
                Driver::new(Settings::new(3), seed).unwrap(),
                &mut bots(seed, level),
                100_000,
            );
            assert!(!reference.capped, "{level}: the simulated game ended");
            let expected = serde_json::to_value(reference.driver.record()).unwrap();
            for tick in [100, 7_000] {
                let driver = paced(seed, level, tick);
                assert_eq!(
                    serde_json::to_value(driver.record()).unwrap(),
                    expected,
                    "{level}, ticks of {tick} ms"
                );
                assert_eq!(driver.outcome(), reference.driver.outcome());
            }
        }
    }
}
