//! [`stackyard_core::Game`] for Towers: two seats (Black = seat 0,
//! White = seat 1), strict turns, no timers, nothing hidden.

use crate::error::MoveError;
use crate::notation::{Move, Square};
use crate::position::{Color, Position};
use crate::variant::Variant;
use crate::view::View;
use serde::{Deserialize, Serialize};
use stackyard_core::{Game, GameTime, Outcome, Seat, Seed, SetupError, ToAct, Viewer};

/// What a move changed, in order, for a client to animate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Event {
    /// A move was played.
    Played {
        /// The player.
        by: Color,
        /// The move.
        #[serde(rename = "move")]
        mv: Move,
    },
    /// Towers removed from the board (T13, T14), `floors` in all.
    Demolished {
        /// Where they stood.
        squares: Vec<Square>,
        /// Their floors.
        floors: u32,
    },
    /// Towers flattened to one floor (T19), losing `floors` in all.
    Flattened {
        /// Where they stand.
        squares: Vec<Square>,
        /// The floors that left the game.
        floors: u32,
    },
    /// Neither player can move (T11); final scores, Black first.
    Ended {
        /// Black's and White's scores (T15, T16).
        scores: [u32; 2],
    },
}

impl Position {
    /// Plays `m` if legal and describes what changed.
    pub fn play_with_events(&mut self, m: Move) -> Result<Vec<Event>, MoveError> {
        self.check(m)?;
        let before = self.clone();
        self.play_unchecked(m);
        let mut events = vec![Event::Played {
            by: before.turn(),
            mv: m,
        }];
        if let Move::Step { from, to } = m {
            let (mut gone, mut flat) = (Vec::new(), Vec::new());
            let (mut gone_floors, mut flat_floors) = (0, 0);
            for (i, (old, new)) in before.cells().iter().zip(self.cells()).enumerate() {
                let sq = self.square(i);
                if sq == from || sq == to {
                    continue;
                }
                if !old.is_empty() && new.is_empty() {
                    gone.push(sq);
                    gone_floors += u32::from(old.height);
                } else if new.height < old.height {
                    flat.push(sq);
                    flat_floors += u32::from(old.height - new.height);
                }
            }
            if !gone.is_empty() {
                events.push(Event::Demolished {
                    squares: gone,
                    floors: gone_floors,
                });
            }
            if !flat.is_empty() {
                events.push(Event::Flattened {
                    squares: flat,
                    floors: flat_floors,
                });
            }
        }
        if self.is_over() {
            events.push(Event::Ended {
                scores: self.scores(),
            });
        }
        Ok(events)
    }

    /// The final result, once the game is over (T15, T16): the higher
    /// score wins, equal scores are a draw (no winners).
    pub fn result(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let [b, w] = self.scores();
        let winners = match b.cmp(&w) {
            std::cmp::Ordering::Greater => vec![Color::Black.seat()],
            std::cmp::Ordering::Less => vec![Color::White.seat()],
            std::cmp::Ordering::Equal => vec![],
        };
        Some(Outcome {
            scores: vec![i64::from(b), i64::from(w)],
            winners,
        })
    }
}

impl Game for Position {
    const NAME: &'static str = "towers";
    const TITLE: &'static str = "Towers";
    const ENGINE: &'static str = "towers-1";
    /// Records from before engines had names ("0.1.0") replay the same.
    const REPLAYS: &'static [&'static str] = &["0.1.0"];
    /// T15: equal floors is a draw, so players may also agree one.
    const HAS_DRAWS: bool = true;
    /// Nothing in Towers is hidden: everyone sees the whole board.
    const PUBLIC_VIEWS: bool = true;
    type Settings = Variant;
    type Action = Move;
    type Event = Event;
    type View = View;
    type Error = MoveError;

    /// Towers has no chance: the seed is recorded but unused.
    fn new(settings: &Variant, _seed: Seed) -> Result<Self, SetupError> {
        Position::new(*settings)
    }

    fn settings(&self) -> &Variant {
        self.variant()
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn to_act(&self) -> ToAct {
        if self.is_over() {
            ToAct::Nobody
        } else {
            ToAct::Seat(self.turn().seat())
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &Move,
        _now: GameTime,
    ) -> Result<Vec<Event>, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        // T7, T-7: in every phase only the seat whose turn it is acts.
        if Color::from_seat(seat) != Some(self.turn()) {
            return Err(MoveError::NotYourTurn {
                seat,
                expected: self.turn().name(),
            });
        }
        self.play_with_events(*action)
    }

    /// Towers hides nothing: everyone sees the whole position.
    fn view(&self, _viewer: Viewer) -> View {
        self.to_view()
    }

    fn scores(&self) -> Vec<i64> {
        self.scores().iter().map(|&s| i64::from(s)).collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }
}
