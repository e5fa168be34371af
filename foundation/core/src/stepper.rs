//! The one type-erased way to step a record through a game's real rules,
//! action by action: the frames of a replay viewer (the server's replay
//! endpoint and the browser's offline viewer) and a table rebuilt after a
//! restart both walk a record with [`RecordStepper`], so both make the
//! check [`Driver::replay`](crate::Driver::replay) makes
//! ([`Provenance`](crate::Provenance)):
//! a record of another engine is refused, naming both engines, before a
//! single action is applied.

use crate::GameTime;
use crate::host::{GameKind, HostStep, HostedGame, RecordError};
use crate::record::{Ending, Entry, ErasedRecord};
use serde_json::Value;

/// A record being stepped through a fresh table.
pub struct RecordStepper<'r> {
    record: &'r ErasedRecord,
    game: Box<dyn HostedGame>,
    next: usize,
    previous: GameTime,
}

impl std::fmt::Debug for RecordStepper<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RecordStepper")
            .field("game", &self.record.game)
            .field("next", &self.next)
            .finish()
    }
}

/// One applied action of the record.
#[derive(Debug)]
pub struct Stepped<'r> {
    /// 1-based position of the action in the record.
    pub number: usize,
    /// The record's entry.
    pub entry: &'r Entry<Value>,
    /// What the table did with it.
    pub step: HostStep,
}

impl<'r> RecordStepper<'r> {
    /// A fresh table of `kind` for `record`, once its provenance is checked.
    pub fn start(kind: &dyn GameKind, record: &'r ErasedRecord) -> Result<Self, RecordError> {
        let game = kind.start_replay(record)?;
        Ok(RecordStepper {
            record,
            game,
            next: 0,
            previous: GameTime::ZERO,
        })
    }

    /// The table as stepped so far.
    pub fn game(&self) -> &dyn HostedGame {
        self.game.as_ref()
    }

    /// The table, to fire timers between actions (a restart fires stored
    /// timer steps where they fired).
    pub fn game_mut(&mut self) -> &mut dyn HostedGame {
        self.game.as_mut()
    }

    /// How many of the record's actions have been applied.
    pub fn applied(&self) -> usize {
        self.next
    }

    /// Applies the record's next action; `None` once every one is applied.
    /// An error names the action (its 1-based number) and why.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Result<Stepped<'r>, RecordError>> {
        let record: &'r ErasedRecord = self.record;
        let entry = record.actions.get(self.next)?;
        let number = self.next + 1;
        if entry.at < self.previous {
            return Some(Err(RecordError(format!(
                "action {number} arrives at {}, before the previous action at {}",
                entry.at, self.previous
            ))));
        }
        let step = match self.game.act(entry.seat, &entry.action, entry.at) {
            Ok(step) => step,
            Err(rejected) => {
                // A record that does not replay is told in the engine's
                // own account, which names the rule (`HostError::detail`).
                return Some(Err(RecordError(format!(
                    "action {number} was refused on replay: {}",
                    rejected.error.detail
                ))));
            }
        };
        self.previous = entry.at;
        self.next += 1;
        Some(Ok(Stepped {
            number,
            entry,
            step,
        }))
    }

    /// After the last action: the timers up to the record's `end`, then an
    /// ending outside the rules (resignation, timeout, abandonment, agreed
    /// draw) as the record says. Each step that happened, in order.
    pub fn close(&mut self) -> Result<Vec<HostStep>, RecordError> {
        let mut steps = Vec::new();
        if let Some(end) = self.record.end {
            steps.push(self.game.advance_to(end.max(self.previous)));
        }
        if let Some(ending) = self.record.ending.filter(|e| *e != Ending::Rules)
            && self.game.ending().is_none()
        {
            let at = self.game.now();
            let step = self
                .game
                .finish(ending, at)
                .map_err(|e| RecordError(format!("the record's ending does not fit: {e}")))?;
            steps.push(step);
        }
        Ok(steps)
    }

    /// The table, as stepped.
    pub fn into_game(self) -> Box<dyn HostedGame> {
        self.game
    }
}
