//! The rules engine: the line of stacks, draws, moves, the end (B3–B11).

use crate::{Action, BabelError, Tile, check_order, order_text};
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use stackyard_core::{Game, GameTime, Outcome, Seat, Seed, SetupError, ToAct, Viewer};
use std::fmt;

/// Standard play (moves optional, B5–B6) or the Strict variant (B11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Variant {
    /// B5, B6: moves are optional; draw whenever tiles remain.
    #[default]
    Standard,
    /// B11: no draw while a move is legal.
    Strict,
}

/// A game's settings: the variant and, for an open deal (B9), the order.
/// Without a deal the order is hidden and shuffled from the seed (B8).
/// An unknown key is refused, naming it (a misspelt `"undo"` is not
/// silently off); no key was ever taken away, so every record replays.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Settings {
    /// Standard or Strict (B11: part of every record).
    pub variant: Variant,
    /// B9: the draw order, first drawn first; `None` for B8 (hidden order,
    /// dealt from the record's seed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<Vec<Tile>>,
    /// B-8: whether the player may take moves back (since the last draw).
    /// Off by default and in ranked games (the daily deal); records from
    /// before it existed have it off, so they replay as they were.
    #[serde(default, skip_serializing_if = "is_false")]
    pub undo: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// B7: how a finished game came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "GameResult"))]
pub enum Result {
    /// One stack.
    FullWin,
    /// Two or three stacks.
    PartialWin,
    /// Four or more.
    Loss,
}

impl Result {
    /// B7 for a number of stacks.
    pub fn of(stacks: usize) -> Result {
        match stacks {
            0 | 1 => Result::FullWin,
            2 | 3 => Result::PartialWin,
            _ => Result::Loss,
        }
    }
}

/// What changed, for clients to animate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Event {
    /// B4: `tile` now stands alone at the right end.
    Drew {
        /// The tile drawn.
        tile: Tile,
    },
    /// B5: the stack at `from` went onto the stack at `to` (1-based,
    /// before closing up).
    Moved {
        /// Where the stack was.
        from: u8,
        /// Where it went.
        to: u8,
        /// Its top tile, now the top at `to`.
        tile: Tile,
    },
    /// B-8: the move from `from` onto `to` was taken back: the top
    /// `count` tiles at `to` stand again as their own stack at `from`.
    Undone {
        /// Where the stack stands again (1-based, after reopening the gap).
        from: u8,
        /// Where it had gone.
        to: u8,
        /// How many tiles went back.
        count: u8,
    },
    /// B6: the game is over with this many stacks.
    Ended {
        /// Stacks left.
        stacks: usize,
        /// B7.
        result: Result,
    },
}

/// What a viewer sees: the line, how many tiles are still to come and which
/// (the set is public: every tile not yet drawn), never their order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    /// Standard or Strict.
    pub variant: Variant,
    /// The stacks, left to right, each bottom to top (B3).
    pub line: Vec<Vec<Tile>>,
    /// How many tiles are still to draw.
    pub undrawn: usize,
    /// The undrawn tiles in index order (not draw order).
    pub undrawn_tiles: Vec<Tile>,
    /// The whole order, only for an open deal (B9), where it is public.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<Vec<Tile>>,
    /// The legal actions now (`undo` aside: see `can_undo`).
    pub legal: Vec<Action>,
    /// B-8: whether `undo` would take a move back now.
    #[serde(default)]
    pub can_undo: bool,
    /// Whether the game is over.
    pub over: bool,
}

/// A game of Tower of Babel: the whole state. Cheap to clone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Babel {
    settings: Settings,
    order: Vec<Tile>,
    drawn: usize,
    line: Vec<Vec<Tile>>,
    ended: bool,
    /// B-8: the moves since the last draw, oldest first, each as
    /// (1-based position it came from, how far it went, tiles moved).
    undoable: Vec<(u8, u8, u8)>,
}

impl Babel {
    /// A game over a known order (B9), or over any list of distinct tiles
    /// (an analysis position: "these draws, nothing else to come"). The
    /// settings record the order only when it is a full deal.
    pub fn with_order(order: &[Tile], variant: Variant) -> std::result::Result<Babel, SetupError> {
        check_order(order, false).map_err(|e| SetupError::new(e.to_string()))?;
        Ok(Babel {
            settings: Settings {
                variant,
                deal: Some(order.to_vec()),
                undo: false,
            },
            order: order.to_vec(),
            drawn: 0,
            line: Vec::new(),
            ended: false,
            undoable: Vec::new(),
        })
    }

    /// B8: a hidden order shuffled from `seed` (purpose `"deal"`).
    pub fn hidden(seed: Seed, variant: Variant) -> Babel {
        Babel {
            settings: Settings {
                variant,
                deal: None,
                undo: false,
            },
            order: deal_from_seed(seed),
            drawn: 0,
            line: Vec::new(),
            ended: false,
            undoable: Vec::new(),
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.settings.variant
    }

    /// The stacks, left to right, each bottom to top.
    pub fn line(&self) -> &[Vec<Tile>] {
        &self.line
    }

    /// Each stack's top tile, left to right (B3: all that matters for play).
    pub fn tops(&self) -> Vec<Tile> {
        self.line
            .iter()
            .map(|s| *s.last().expect("stacks are never empty"))
            .collect()
    }

    /// How many stacks the line has.
    pub fn stacks(&self) -> usize {
        self.line.len()
    }

    /// The tiles drawn so far, in draw order.
    pub fn drawn(&self) -> &[Tile] {
        &self.order[..self.drawn]
    }

    /// How many tiles are still to draw.
    pub fn undrawn_count(&self) -> usize {
        self.order.len() - self.drawn
    }

    /// The undrawn tiles as a set (index order): public knowledge.
    pub fn undrawn_tiles(&self) -> Vec<Tile> {
        let mut v = self.order[self.drawn..].to_vec();
        v.sort();
        v
    }

    /// The full order, drawn and undrawn. Secret in a hidden game (B8):
    /// views never show it; analysis code (the open-deal solver) uses it.
    pub fn order(&self) -> &[Tile] {
        &self.order
    }

    /// Every legal move `i<1` / `i<3` now, by position then gap (B5).
    pub fn legal_moves(&self) -> Vec<Action> {
        if self.is_finished() {
            return Vec::new();
        }
        let tops = self.tops();
        let mut out = Vec::new();
        for i in 1..tops.len() {
            for gap in [1usize, 3] {
                if i >= gap && tops[i].matches(tops[i - gap]) {
                    out.push(Action::Move {
                        from: (i + 1) as u8,
                        gap: gap as u8,
                    });
                }
            }
        }
        out
    }

    /// Every legal action now: moves, then `draw`, then `end`.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = self.legal_moves();
        if self.is_finished() {
            return out;
        }
        if self.undrawn_count() > 0 {
            if self.variant() == Variant::Standard || out.is_empty() {
                out.push(Action::Draw);
            }
        } else {
            out.push(Action::End);
        }
        out
    }

    fn any_move(&self) -> bool {
        let n = self.line.len();
        (1..n).any(|i| {
            let t = *self.line[i].last().expect("non-empty");
            let m = |g: usize| i >= g && t.matches(*self.line[i - g].last().expect("non-empty"));
            m(1) || m(3)
        })
    }

    /// B6: over when every tile is drawn and either the end was declared
    /// or no move is legal.
    pub fn is_finished(&self) -> bool {
        self.undrawn_count() == 0 && (self.ended || !self.any_move())
    }

    /// B7, once the game is over.
    pub fn result(&self) -> Option<Result> {
        self.is_finished().then(|| Result::of(self.stacks()))
    }

    /// B-8: whether `undo` would take a move back now.
    pub fn can_undo(&self) -> bool {
        self.settings.undo && !self.is_finished() && !self.undoable.is_empty()
    }

    /// Checks an action without applying it.
    pub fn check(&self, action: Action) -> std::result::Result<(), BabelError> {
        if self.is_finished() {
            return Err(BabelError::GameOver);
        }
        match action {
            Action::Undo => {
                if !self.settings.undo {
                    return Err(BabelError::UndoOff);
                }
                if self.undoable.is_empty() {
                    return Err(BabelError::NothingToUndo);
                }
                Ok(())
            }
            Action::Draw => {
                if self.undrawn_count() == 0 {
                    return Err(BabelError::NoTileLeft);
                }
                if self.variant() == Variant::Strict
                    && let Some(m) = self.legal_moves().first()
                {
                    return Err(BabelError::MustMove(m.to_string()));
                }
                Ok(())
            }
            Action::End => {
                if self.undrawn_count() > 0 {
                    return Err(BabelError::TilesRemain(self.undrawn_count()));
                }
                Ok(())
            }
            Action::Move { from, gap } => {
                if gap != 1 && gap != 3 {
                    return Err(BabelError::BadGap(gap));
                }
                let n = self.line.len();
                if from == 0 || usize::from(from) > n {
                    return Err(BabelError::NoStack { from, stacks: n });
                }
                let i = usize::from(from) - 1;
                let g = usize::from(gap);
                if i < g {
                    return Err(BabelError::NoTarget { from, gap });
                }
                let moving = *self.line[i].last().expect("non-empty");
                let target = *self.line[i - g].last().expect("non-empty");
                if !moving.matches(target) {
                    return Err(BabelError::NoMatch {
                        moving: moving.to_string(),
                        target: target.to_string(),
                    });
                }
                Ok(())
            }
        }
    }

    /// Applies an action; on error nothing changes. Returns what happened
    /// (the action's event, then `Ended` if the game ended with it).
    pub fn play(&mut self, action: Action) -> std::result::Result<Vec<Event>, BabelError> {
        self.check(action)?;
        let mut events = Vec::with_capacity(2);
        match action {
            Action::Draw => {
                let tile = self.order[self.drawn];
                self.drawn += 1;
                self.line.push(vec![tile]);
                // B-8: a drawn tile has been seen; what came before stays.
                self.undoable.clear();
                events.push(Event::Drew { tile });
            }
            Action::End => self.ended = true,
            Action::Undo => {
                let (from, gap, count) = self.undoable.pop().expect("checked: a move to undo");
                let to = usize::from(from - gap) - 1;
                let target = &mut self.line[to];
                let stack = target.split_off(target.len() - usize::from(count));
                self.line.insert(usize::from(from) - 1, stack);
                events.push(Event::Undone {
                    from,
                    to: from - gap,
                    count,
                });
            }
            Action::Move { from, gap } => {
                let i = usize::from(from) - 1;
                let stack = self.line.remove(i);
                let tile = *stack.last().expect("non-empty");
                // 24 tiles in all, so a stack's height fits a u8.
                self.undoable.push((from, gap, stack.len() as u8));
                self.line[i - usize::from(gap)].extend(stack);
                events.push(Event::Moved {
                    from,
                    to: from - gap,
                    tile,
                });
            }
        }
        if self.is_finished() {
            events.push(Event::Ended {
                stacks: self.stacks(),
                result: Result::of(self.stacks()),
            });
        }
        Ok(events)
    }

    /// The game a viewer can reconstruct from its view: the line as shown
    /// and the undrawn tiles in an order the viewer cannot know (here, index
    /// order), so a bot playing from it plays without the secret (B8).
    /// For an open deal (B9) the view carries the order, and it is used.
    pub fn from_view(view: &View) -> std::result::Result<Babel, SetupError> {
        let in_line: Vec<Tile> = view.line.iter().flatten().copied().collect();
        if view.line.iter().any(Vec::is_empty) {
            return Err(SetupError::new("a stack in the line is empty"));
        }
        let rest: Vec<Tile> = match &view.deal {
            Some(deal) => deal
                .get(in_line.len()..)
                .ok_or_else(|| SetupError::new("the line holds more tiles than the deal"))?
                .to_vec(),
            None => view.undrawn_tiles.clone(),
        };
        let mut order = in_line.clone();
        order.extend(&rest);
        check_order(&order, false).map_err(|e| SetupError::new(e.to_string()))?;
        Ok(Babel {
            settings: Settings {
                variant: view.variant,
                deal: view.deal.clone(),
                // A bot plays from the view and never takes a move back.
                undo: false,
            },
            order,
            drawn: in_line.len(),
            line: view.line.clone(),
            ended: view.over && rest.is_empty(),
            undoable: Vec::new(),
        })
    }

    /// Tiles in the line plus tiles undrawn: always the order's length.
    pub fn tile_count(&self) -> usize {
        self.line.iter().map(Vec::len).sum::<usize>() + self.undrawn_count()
    }
}

/// B8: the order a hidden game deals from `seed`: a uniform shuffle, so each
/// draw is uniform over the tiles not yet drawn.
pub fn deal_from_seed(seed: Seed) -> Vec<Tile> {
    let mut order: Vec<Tile> = Tile::all().collect();
    order.shuffle(&mut seed.rng("deal"));
    order
}

impl fmt::Display for Babel {
    /// The line on one row, each stack as `height:top`, e.g.
    /// `[1 C3] [3 Sa] [1 M5]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .line
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let top = s.last().expect("non-empty");
                if s.len() > 1 {
                    format!("{}:{}({})", i + 1, top, s.len())
                } else {
                    format!("{}:{}", i + 1, top)
                }
            })
            .collect();
        write!(f, "{}", parts.join("  "))
    }
}

impl Game for Babel {
    const NAME: &'static str = "babel";
    const TITLE: &'static str = "Tower of Babel";
    const ENGINE: &'static str = "babel-1";
    /// Records from before engines had names ("0.1.0") replay the same.
    const REPLAYS: &'static [&'static str] = &["0.1.0"];
    /// The deck's order is hidden from everyone alike: the player and a
    /// spectator see the same table.
    const PUBLIC_VIEWS: bool = true;
    type Settings = Settings;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Error = BabelError;

    fn new(settings: &Settings, seed: Seed) -> std::result::Result<Self, SetupError> {
        let mut game = match &settings.deal {
            Some(order) => {
                // B2: a recorded deal must be a whole permutation.
                check_order(order, true).map_err(|e| SetupError::new(e.to_string()))?;
                Babel::with_order(order, settings.variant)?
            }
            None => Babel::hidden(seed, settings.variant),
        };
        game.settings.undo = settings.undo;
        Ok(game)
    }

    fn settings(&self) -> &Settings {
        &self.settings
    }

    fn seat_count(&self) -> usize {
        1
    }

    fn to_act(&self) -> ToAct {
        if self.is_finished() {
            ToAct::Nobody
        } else {
            ToAct::Seat(Seat(0))
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        _now: GameTime,
    ) -> std::result::Result<Vec<Event>, BabelError> {
        // One seat; anyone else is told the game is not theirs via B6.
        if seat != Seat(0) {
            return Err(BabelError::GameOver);
        }
        self.play(*action)
    }

    fn view(&self, _viewer: Viewer) -> View {
        // Solitaire: the player and a spectator see the same; the hidden
        // order (B8) is shown to nobody.
        View {
            variant: self.variant(),
            line: self.line.clone(),
            undrawn: self.undrawn_count(),
            undrawn_tiles: self.undrawn_tiles(),
            deal: self.settings.deal.clone(),
            legal: self.legal_actions(),
            can_undo: self.can_undo(),
            over: self.is_finished(),
        }
    }

    /// B7: fewer stacks is better, so the standing is minus the stacks;
    /// B-10: a tile not drawn yet counts as the stack it would be, laid out
    /// unmoved, so a deal given up early ranks by what it left (and not as
    /// if one tile drawn were a full win). Once the game is over nothing is
    /// left to draw and this is minus the B7 result.
    fn scores(&self) -> Vec<i64> {
        vec![-((self.stacks() + self.undrawn_count()) as i64)]
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_finished().then(|| Outcome {
            scores: vec![-(self.stacks() as i64)],
            winners: if self.stacks() == 1 {
                vec![Seat(0)]
            } else {
                Vec::new()
            },
        })
    }
}

/// Text of a line of top tiles, for messages.
pub fn tops_text(tops: &[Tile]) -> String {
    order_text(tops)
}
