//! The one live driver: a game, its record, and the whole step.
//!
//! Every loop that runs a game goes through [`Driver`]: replays, the
//! simulators, tournaments, the command-line games and the server. It keeps
//! the contract's order of operations in one place (timers up to the
//! arrival time first, then the action; accepted actions appended to the
//! record; time never going back), and it adds what a host needs and no
//! game should know about: endings by resignation, timeout, abandonment or
//! agreed draw, and a version number clients resynchronise from.

use crate::record::{Ending, Record, ReplayError};
use crate::{Game, GameTime, Outcome, RuleError, Seat, ToAct, Viewer};
use thiserror::Error;

/// What one step of a table produced: the events, in order, and the
/// table's version after it. Events are the full, unredacted ones: give a
/// viewer [`Driver::events_for`], never these.
#[derive(Debug, Clone, PartialEq)]
pub struct Step<E> {
    /// The table's version after this step.
    pub version: u64,
    /// What happened, in order.
    pub events: Vec<E>,
    /// Set when this step ended the game (by its rules or otherwise).
    pub ended: Option<Ending>,
}

impl<E> Step<E> {
    /// A step in which nothing happened.
    pub fn empty(version: u64) -> Self {
        Step {
            version,
            events: Vec::new(),
            ended: None,
        }
    }
}

/// Why the driver refused an action.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ActError<E: RuleError> {
    /// No such seat at this table.
    #[error("there is no {seat} at this table (it has {seats} seats)")]
    NoSuchSeat {
        /// The seat named.
        seat: Seat,
        /// How many there are.
        seats: usize,
    },
    /// The game already ended (by resignation, timeout, abandonment or an
    /// agreed draw; a game over by its rules says so itself).
    #[error("the game is over ({0:?})")]
    Over(Ending),
    /// The rules reject it.
    #[error(transparent)]
    Rule(E),
}

impl<E: RuleError> ActError<E> {
    /// The rule id the rejection enforces, if any.
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            ActError::Rule(e) => e.rule(),
            _ => None,
        }
    }
}

/// An action the driver refused, and the timers that fired before it was
/// looked at (they happened all the same and must be delivered).
#[derive(Debug, Clone, PartialEq)]
pub struct Rejected<G: Game> {
    /// Why it was refused. Nothing changed because of the action.
    pub error: ActError<G::Error>,
    /// Timers that fired up to the action's arrival.
    pub timers: Step<G::Event>,
}

/// Why an ending could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FinishError {
    /// The game is already over.
    #[error("the game is already over")]
    AlreadyOver,
    /// No such seat.
    #[error("there is no {0} at this table")]
    NoSuchSeat(Seat),
    /// This game has no draws.
    #[error("this game has no draws")]
    NoDraws,
    /// `Ending::Rules` is the rules' to declare, not the host's.
    #[error("only the rules end a game by the rules")]
    NotTheRules,
}

/// A table rebuilt from its record ([`Driver::replay`]), with every event
/// in order.
pub type ReplayedTable<G> = (Driver<G>, Vec<<G as Game>::Event>);

/// A live game: the state, its record, the clock as last seen and the
/// version. Cheap to clone when the game is.
#[derive(Debug, Clone)]
pub struct Driver<G: Game> {
    game: G,
    record: Record<G::Settings, G::Action>,
    now: GameTime,
    version: u64,
    /// Set when the host ended the game (resignation and the like).
    forced: Option<(Ending, Outcome)>,
}

impl<G: Game> Driver<G> {
    /// A new table for `settings`, its randomness from `seed`.
    pub fn new(settings: G::Settings, seed: crate::Seed) -> Result<Self, crate::SetupError> {
        let game = G::new(&settings, seed)?;
        Ok(Driver {
            game,
            record: Record::new::<G>(settings, seed),
            now: GameTime::ZERO,
            version: 0,
            forced: None,
        })
    }

    /// The game as it stands (the whole state: for rules-side code and
    /// analysis; viewers get [`Driver::view`]).
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The final state, dropping the record.
    pub fn into_game(self) -> G {
        self.game
    }

    /// The record so far.
    pub fn record(&self) -> &Record<G::Settings, G::Action> {
        &self.record
    }

    /// Closes the record at `end` (a simulator that stops a game at an
    /// action cap says when); replays fire timers up to it.
    pub fn set_end(&mut self, end: GameTime) {
        self.record.end = Some(end);
    }

    /// The record, dropping the game.
    pub fn into_record(self) -> Record<G::Settings, G::Action> {
        self.record
    }

    /// The latest time the driver has seen.
    pub fn now(&self) -> GameTime {
        self.now
    }

    /// How many steps have changed the table (accepted actions, timers
    /// that fired, endings). A client that saw version `v` has missed
    /// exactly the steps after it.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Who may act now.
    pub fn to_act(&self) -> ToAct {
        if self.forced.is_some() {
            ToAct::Nobody
        } else {
            self.game.to_act()
        }
    }

    /// Whether the game is over, by its rules or by the host.
    pub fn is_over(&self) -> bool {
        self.to_act() == ToAct::Nobody
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        match &self.forced {
            Some((ending, _)) => Some(*ending),
            None => self.game.is_over().then_some(Ending::Rules),
        }
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match &self.forced {
            Some((_, outcome)) => Some(outcome.clone()),
            None => self.game.outcome(),
        }
    }

    /// When the driver should next be woken (the game's next timer), if
    /// the game goes on.
    pub fn next_deadline(&self) -> Option<GameTime> {
        if self.is_over() {
            None
        } else {
            self.game.next_deadline()
        }
    }

    /// The state as `viewer` may see it.
    pub fn view(&self, viewer: Viewer) -> G::View {
        self.game.view(viewer)
    }

    /// What `viewer` may see of `step`. Call it right after the step, before
    /// the next one: a game redacts against its state as the step left it.
    pub fn events_for(&self, step: &Step<G::Event>, viewer: Viewer) -> Vec<G::Event> {
        step.events
            .iter()
            .filter_map(|e| self.game.event_for(e, viewer))
            .collect()
    }

    /// Lets time pass up to `now` (never back), firing due timers.
    pub fn advance_to(&mut self, now: GameTime) -> Step<G::Event> {
        self.now = self.now.max(now);
        if self.is_over() {
            return Step::empty(self.version);
        }
        let events = self.game.advance_to(self.now);
        if events.is_empty() {
            return Step::empty(self.version);
        }
        // Replays must fire these timers again even if no action follows.
        self.record.end = Some(self.now);
        self.version += 1;
        let ended = self.note_rules_end();
        Step {
            version: self.version,
            events,
            ended,
        }
    }

    /// The whole step for one arriving action: timers due by `now`, then
    /// the action, which is appended to the record if accepted. A refused
    /// action changes nothing (the timers before it still fired).
    pub fn act(
        &mut self,
        seat: Seat,
        action: G::Action,
        now: GameTime,
    ) -> Result<Step<G::Event>, Rejected<G>> {
        let timers = self.advance_to(now);
        if let Some((ending, _)) = &self.forced {
            return Err(Rejected {
                error: ActError::Over(*ending),
                timers,
            });
        }
        if seat.index() >= self.game.seat_count() {
            return Err(Rejected {
                error: ActError::NoSuchSeat {
                    seat,
                    seats: self.game.seat_count(),
                },
                timers,
            });
        }
        match self.game.apply(seat, &action, self.now) {
            Ok(events) => {
                self.record.push(seat, self.now, action);
                self.version += 1;
                let ended = self.note_rules_end();
                let mut all = timers.events;
                all.extend(events);
                Ok(Step {
                    version: self.version,
                    events: all,
                    ended: timers.ended.or(ended),
                })
            }
            Err(e) => Err(Rejected {
                error: ActError::Rule(e),
                timers,
            }),
        }
    }

    /// Ends the game for a reason outside the rules: a resignation, a
    /// clock that ran out, a seat that abandoned, an agreed draw.
    ///
    /// The forfeiting seat loses; the other seats are ranked by their
    /// standing now ([`Game::scores`]) and the best of them win (in a
    /// two-seat game, simply the other seat). A draw has no winners.
    pub fn finish(&mut self, ending: Ending, now: GameTime) -> Result<Step<G::Event>, FinishError> {
        if self.is_over() {
            return Err(FinishError::AlreadyOver);
        }
        let scores = self.game.scores();
        let winners = match ending {
            Ending::Rules => return Err(FinishError::NotTheRules),
            Ending::DrawAgreed if !G::HAS_DRAWS => return Err(FinishError::NoDraws),
            Ending::DrawAgreed => Vec::new(),
            Ending::Resigned { seat } | Ending::TimedOut { seat } | Ending::Abandoned { seat } => {
                if seat.index() >= self.game.seat_count() {
                    return Err(FinishError::NoSuchSeat(seat));
                }
                best_others(&scores, seat)
            }
        };
        self.now = self.now.max(now);
        self.forced = Some((ending, Outcome { scores, winners }));
        self.record.ending = Some(ending);
        self.record.end = Some(self.now);
        self.version += 1;
        Ok(Step {
            version: self.version,
            events: Vec::new(),
            ended: Some(ending),
        })
    }

    /// Rebuilds the table a record describes, with every event in order.
    pub fn replay(
        record: &Record<G::Settings, G::Action>,
    ) -> Result<ReplayedTable<G>, ReplayError<G::Error>> {
        crate::Provenance::of::<G>().check(record)?;
        let mut driver = Driver::new(record.settings.clone(), record.seed)?;
        driver.keep_provenance(record);
        let mut events = Vec::new();
        let mut previous = GameTime::ZERO;
        for (i, entry) in record.actions.iter().enumerate() {
            if entry.at < previous {
                return Err(ReplayError::TimeWentBack {
                    number: i + 1,
                    at: entry.at,
                    previous,
                });
            }
            previous = entry.at;
            match driver.act(entry.seat, entry.action.clone(), entry.at) {
                Ok(step) => events.extend(step.events),
                Err(Rejected {
                    error: ActError::Rule(source),
                    ..
                }) => {
                    return Err(ReplayError::Rejected {
                        number: i + 1,
                        action: format!("{:?}", entry.action),
                        source,
                    });
                }
                Err(Rejected { error, .. }) => {
                    return Err(ReplayError::Refused {
                        number: i + 1,
                        action: format!("{:?}", entry.action),
                        message: error.to_string(),
                    });
                }
            }
        }
        if let Some(end) = record.end {
            events.extend(driver.advance_to(end.max(previous)).events);
        }
        match record.ending {
            None | Some(Ending::Rules) => {}
            Some(ending) => {
                let at = driver.now;
                driver
                    .finish(ending, at)
                    .map_err(|e| ReplayError::Ending(e.to_string()))?;
            }
        }
        // The record as written, not as rebuilt: `end` may be later than
        // the last timer that fired.
        driver.record.end = record.end;
        Ok((driver, events))
    }

    /// Keeps a replayed record's own provenance (format, engine) as written,
    /// so a table rebuilt from an older engine's record still says so.
    pub(crate) fn keep_provenance<S, A>(&mut self, record: &Record<S, A>) {
        self.record.format = record.format;
        self.record.engine = record.engine.clone();
    }

    /// Marks the record when the rules have just ended the game.
    fn note_rules_end(&mut self) -> Option<Ending> {
        if self.game.is_over() && self.record.ending.is_none() {
            self.record.ending = Some(Ending::Rules);
            self.record.end = Some(self.now);
            Some(Ending::Rules)
        } else {
            None
        }
    }
}

/// The seats other than `loser` with the best standing.
fn best_others(scores: &[i64], loser: Seat) -> Vec<Seat> {
    let others = (0..scores.len()).filter(|&s| s != loser.index());
    let best = others.clone().map(|s| scores[s]).max();
    others
        .filter(|&s| Some(scores[s]) == best)
        .map(|s| Seat(s as u8))
        .collect()
}

/// A replayed game: its final state and every event in order.
pub type Replayed<G> = (G, Vec<<G as Game>::Event>);

/// Rebuilds the game a record describes, returning the final state and
/// every event in order. (The work is [`Driver::replay`]'s; this keeps the
/// state only.)
pub fn replay<G: Game>(
    record: &Record<G::Settings, G::Action>,
) -> Result<Replayed<G>, ReplayError<G::Error>> {
    let (driver, events) = Driver::<G>::replay(record)?;
    Ok((driver.into_game(), events))
}
