//! A draw offered to a bot is answered at once (T-8 in docs/rules/towers.md,
//! for every game with draws): the bot judges its seat's view by its game's
//! evaluation (`GameKind::draw_answer`, `stackyard_core::DrawAnswer::judged`)
//! and accepts when the game is level or it is behind, declines otherwise.
//! A person would otherwise wait for an answer that never comes.

use super::core::{Applied, TableCore};
use super::seats::SeatState;
use stackyard_core::host::GameKind;
use stackyard_core::{DrawAnswer, GameTime, Seat, Viewer};

/// A bot's answer to a draw offer.
#[derive(Debug)]
pub struct BotDraw {
    /// The bot's seat.
    pub seat: Seat,
    /// What it answered.
    pub answer: DrawAnswer,
    /// The step ending the game, when it accepted.
    pub applied: Option<Applied>,
}

impl TableCore {
    /// The answer of the first bot seated at this table other than
    /// `offered_by`, whose offer stands: accepted, the game ends agreed
    /// drawn at `now`; declined, the offer is gone. `None` at a table
    /// without a bot to ask (the offer stands for the people).
    pub fn bot_answers_draw(
        &mut self,
        kind: &dyn GameKind,
        offered_by: Seat,
        now: GameTime,
    ) -> Option<BotDraw> {
        let seat = (self.seats().0.iter().enumerate())
            .filter(|(s, st)| *s != offered_by.index() && matches!(st, SeatState::Bot { .. }))
            .find_map(|(s, _)| u8::try_from(s).ok().map(Seat))?;
        let answer = kind.draw_answer(&self.game().view(Viewer::Seat(seat)), seat);
        let applied = if answer.accepts {
            self.accept_draw(seat, now).ok()
        } else {
            self.withdraw_draw();
            None
        };
        Some(BotDraw {
            seat,
            answer,
            applied,
        })
    }
}
