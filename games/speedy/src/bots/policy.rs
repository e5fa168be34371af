//! The bot: a profile (reaction time, accuracy, care, whether it plans)
//! and the policy that reads its seat's view and picks an action.

use crate::matching::{Placed, Top, judge};
use crate::state::HEIGHT_TIE_MM;
use crate::view::TowerView;
use crate::view::View;
use crate::{
    Action, Aim, Card, CoinFace, Event, PieceId, Placing, Settings, SpeedyTowers, TakeBack, TowerId,
};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use stackyard_core::{Bot, Decision};
use stackyard_core::{GameTime, Seat, Seed};

/// How a bot plays: speed, accuracy, care.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Profile {
    /// Mean reaction time (ms); each is drawn from `think_ms` minus to
    /// plus `spread` times it.
    pub think_ms: u64,
    /// How far a reaction time strays from `think_ms`, as a share of it
    /// (0.5: half to one and a half times; the beginner's ⅓: 1.5 to 3 s).
    pub spread: f64,
    /// How far its aim strays (σ, mm), before the room's hand noise.
    pub aim_sigma_mm: f64,
    /// On towers at least this high (mm) it aims carefully: its stray is
    /// multiplied by `careful_factor` and it takes half as long again.
    pub careful_above_mm: f64,
    /// The stray multiplier when careful (1: no care).
    pub careful_factor: f64,
    /// Whether it weighs its options (false: any legal placement at random).
    pub plans: bool,
}

/// The beginner's mean reaction time (ms): with its spread of a third,
/// each of its actions arrives 1.5 to 3 s after it looked.
pub const BEGINNER_THINK_MS: u64 = 2250;

impl Profile {
    /// The levels a host may seat, weakest first: name, about, profile.
    pub const LEVELS: [(&'static str, &'static str, Profile); 4] = [
        (
            "beginner",
            "plays at a person's pace, one drop every 1.5 to 3 seconds, with shaky hands, placing anything that fits",
            Profile {
                think_ms: BEGINNER_THINK_MS,
                spread: 1.0 / 3.0,
                aim_sigma_mm: 4.0,
                careful_above_mm: f64::INFINITY,
                careful_factor: 1.0,
                plans: false,
            },
        ),
        (
            "easy",
            "slow (about 1.5 seconds a drop) and shaky, placing anything that fits",
            Profile {
                think_ms: 1500,
                spread: 0.5,
                aim_sigma_mm: 4.0,
                careful_above_mm: f64::INFINITY,
                careful_factor: 1.0,
                plans: false,
            },
        ),
        (
            "medium",
            "steady (about 0.9 seconds a drop), plays high pieces first, careful on tall towers",
            Profile {
                think_ms: 900,
                spread: 0.5,
                aim_sigma_mm: 2.0,
                careful_above_mm: 40.0,
                careful_factor: 0.5,
                plans: true,
            },
        ),
        (
            "hard",
            "quick (about half a second a drop) and precise, plans ahead and takes care",
            Profile {
                think_ms: 550,
                spread: 0.5,
                aim_sigma_mm: 0.7,
                careful_above_mm: 30.0,
                careful_factor: 0.3,
                plans: true,
            },
        ),
    ];

    /// `easy`, `medium`, `hard`, optionally with a reaction time:
    /// `hard:400`.
    pub fn parse(spec: &str) -> Result<Profile, String> {
        let (name, think) = match spec.split_once(':') {
            Some((n, t)) => (n.trim(), Some(t.trim())),
            None => (spec.trim(), None),
        };
        let mut p = Profile::LEVELS
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|l| l.2)
            .ok_or_else(|| {
                format!("unknown bot {name:?}: expected beginner, easy, medium or hard")
            })?;
        if let Some(t) = think {
            p.think_ms = t
                .parse::<u64>()
                .ok()
                .filter(|ms| (1..=600_000).contains(ms))
                .ok_or_else(|| format!("bad reaction time {t:?} in {spec:?}: 1 to 600000 ms"))?;
        }
        Ok(p)
    }
}

/// A bot for one seat.
#[derive(Debug, Clone)]
pub struct SpeedyBot {
    profile: Profile,
    seat: Seat,
    rng: ChaCha8Rng,
    max_offset_mm: f64,
    /// Its last placement: the tower, the top piece it aimed at, and how
    /// many pieces it held then (to see whether the piece stayed).
    last_try: Option<(TowerId, PieceId, u32)>,
    /// Tops it missed: (tower, top piece, misses). A top it missed twice
    /// is avoided until it changes (a coin hanging off an edge, say).
    misses: Vec<(TowerId, PieceId, u8)>,
    /// Its perception delays' own stream ([`stackyard_core::sight_stream`]).
    sight: ChaCha8Rng,
    /// What its last decision reaches for, while it may be on its way.
    reach: Option<Reach>,
    /// When its last fresh decision lands: a look before then is a second
    /// look at an action still on its way (which keeps its arrival).
    lands_at: Option<GameTime>,
    /// Sees every change at once and re-decides on every step: the
    /// schedule before issue #50, kept to measure against.
    instant: bool,
}

/// What an action on its way reaches for: a tower and the pieces it held
/// when the bot looked (foundation included). A reveal, hide or ready
/// reaches for nothing on the table.
#[derive(Debug, Clone, Default, PartialEq)]
struct Reach {
    tower: Option<TowerId>,
    pieces: Vec<PieceId>,
}

impl Reach {
    fn of(action: &Action, view: &View) -> Reach {
        let Action::Place { tower, .. } = action else {
            return Reach::default();
        };
        let pieces = view.towers.get(tower.index()).map_or_else(Vec::new, |t| {
            std::iter::once(t.foundation_pose.piece)
                .chain(t.pieces.iter().map(|s| s.piece))
                .collect()
        });
        Reach {
            tower: Some(*tower),
            pieces,
        }
    }

    /// Whether `event` changes what it reaches for: a piece placed on its
    /// tower, or one of its tower's pieces fallen, taken back or returned.
    fn touches(&self, event: &Event) -> bool {
        let mine = |p: &PieceId| self.pieces.contains(p);
        match event {
            Event::Placed { tower, .. } => self.tower == Some(*tower),
            Event::Settled {
                fallen,
                taken_back,
                pawn_returned,
                ..
            } => {
                fallen.iter().any(mine)
                    || taken_back.as_ref().is_some_and(mine)
                    || pawn_returned.as_ref().is_some_and(mine)
            }
            Event::Started { .. } | Event::Ended { .. } => true,
            Event::Ready { .. } | Event::Revealed { .. } | Event::Hidden { .. } => false,
        }
    }
}

/// After this many misses on the same top, a bot looks elsewhere.
const MISSES_TO_AVOID: u8 = 2;

/// One legal placement the bot considers.
#[derive(Debug, Clone, Copy)]
struct Option_ {
    piece: Placing,
    tower: TowerId,
    score: f64,
}

/// The piece on top of a tower (the foundation when it is bare).
fn top_piece(t: &TowerView) -> PieceId {
    t.pieces.last().map_or(t.foundation_pose.piece, |s| s.piece)
}

fn normal(rng: &mut ChaCha8Rng) -> f64 {
    let u: f64 = 1.0 - rng.random::<f64>();
    let v: f64 = rng.random::<f64>();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// "Play high tiles early": a value's worth to get rid of now; Nulls are
/// kept for when stuck (they fit everywhere).
fn worth(card: Card) -> f64 {
    card.value.rank().map_or(-8.0, f64::from)
}

impl SpeedyBot {
    /// A bot with `profile` for `seat`; its randomness is the seed's
    /// stream `"bot <seat>"`.
    pub fn new(profile: Profile, seat: Seat, seed: Seed, settings: &Settings) -> SpeedyBot {
        let rng = seed.rng(&format!("bot {}", seat.0));
        SpeedyBot {
            profile,
            seat,
            max_offset_mm: settings.max_offset_mm,
            last_try: None,
            misses: Vec::new(),
            sight: stackyard_core::sight_stream(&rng),
            rng,
            reach: None,
            lands_at: None,
            instant: false,
        }
    }

    /// The same bot as the schedule had it before issue #50: it notices
    /// every step the instant it happens, in flight or not, and decides
    /// again. Kept to measure against (`benches/sim.rs`), not to seat.
    pub fn instant(profile: Profile, seat: Seat, seed: Seed, settings: &Settings) -> SpeedyBot {
        SpeedyBot {
            instant: true,
            ..SpeedyBot::new(profile, seat, seed, settings)
        }
    }

    /// The shortest and longest perception delays it draws (ms): half its
    /// reaction times, never 0 (issue #50): the beginner 0.75 to 1.5 s,
    /// easy 375 to 1 125 ms, medium 225 to 675 ms, hard 138 to 413 ms.
    pub fn perception_range(&self) -> (u64, u64) {
        let (lo, hi) = self.think_range(false);
        (lo.div_ceil(2).max(1), hi.div_ceil(2).max(1))
    }

    /// The shortest and longest reaction times it draws (ms), taking care
    /// or not.
    fn think_range(&self, careful: bool) -> (u64, u64) {
        let t = self.profile.think_ms;
        let t = if careful { t + t / 2 } else { t };
        let d = ((t as f64) * self.profile.spread.clamp(0.0, 1.0)).round() as u64;
        ((t - d).max(1), t + d)
    }

    fn delay(&mut self, careful: bool) -> u64 {
        let (lo, hi) = self.think_range(careful);
        self.rng.random_range(lo..=hi)
    }

    fn decision(&mut self, action: Action, careful: bool) -> Option<Decision<Action>> {
        let think_ms = self.delay(careful);
        Some(Decision { action, think_ms })
    }

    /// Every legal placement of a tile or coin this seat can see (P7),
    /// leaving out the tops it avoids unless `avoided_too`.
    fn options(&self, view: &View, avoided_too: bool) -> Vec<Option_> {
        let me = self.seat.index();
        let mut out = Vec::new();
        let Some(hand) = &view.hand else { return out };
        let tops: Vec<(TowerId, Top, f64, bool)> = view
            .towers
            .iter()
            .filter_map(|t| Some((t.id, t.matching_top()?, t.height_mm, self.avoids(t))))
            .collect();
        let lowest = tops.iter().map(|t| t.2).fold(f64::INFINITY, f64::min);
        let pieces_left = view.seats[me].pieces_left;
        let mut consider = |piece: Placing, placed: Placed, own: Card| {
            for &(tower, top, height, avoided) in &tops {
                if avoided && !avoided_too {
                    continue;
                }
                if let Ok(Some(effective)) = judge(placed, top) {
                    let mut score = worth(own);
                    if matches!(piece, Placing::Tile) {
                        // The face-up tile first: it frees the next reveal.
                        score += 3.0;
                    }
                    // Keep the tall tower standing for the pawn: build
                    // low while there is much to place.
                    if pieces_left > 3 {
                        score -= (height - lowest) / 12.0;
                    }
                    // An Ace on top blocks everyone but its suit.
                    if effective.value == crate::Value::Ace {
                        score += 1.0;
                    }
                    out.push(Option_ {
                        piece,
                        tower,
                        score,
                    });
                }
            }
        };
        if let Some(up) = view.seats[me].face_up {
            consider(Placing::Tile, Placed::Tile(up.card), up.card);
        }
        for coin in &hand.coins {
            for face in CoinFace::BOTH {
                consider(
                    Placing::Coin {
                        coin: coin.coin,
                        face,
                    },
                    Placed::Coin(coin.card, face),
                    coin.card,
                );
            }
        }
        out
    }

    /// Whether it has missed this tower's current top too often.
    fn avoids(&self, t: &TowerView) -> bool {
        let top = top_piece(t);
        self.misses
            .iter()
            .any(|&(tower, p, n)| tower == t.id && p == top && n >= MISSES_TO_AVOID)
    }

    /// Counts a miss if its last placement did not stay (the same top is
    /// still there and it holds as many pieces as before).
    fn learn(&mut self, view: &View) {
        let Some((tower, top, held)) = self.last_try.take() else {
            return;
        };
        let Some(t) = view.towers.get(tower.index()) else {
            return;
        };
        let now_held = view
            .seats
            .get(self.seat.index())
            .map_or(0, |s| s.pieces_left);
        if top_piece(t) == top && now_held >= held {
            match self.misses.iter_mut().find(|m| m.0 == tower && m.1 == top) {
                Some(m) => m.2 = m.2.saturating_add(1),
                None => self.misses.push((tower, top, 1)),
            }
        }
        // Forget tops that are gone.
        self.misses.retain(|m| {
            view.towers
                .get(m.0.index())
                .is_some_and(|t| top_piece(t) == m.1)
        });
    }

    /// The aim over tower `t` for `piece`: a tile at the foundation's
    /// centre (it rests on the whole tower, even when the top piece sits off
    /// centre), a coin or the pawn on the top piece's centre (they are
    /// small); after each miss on this top, the other of the two. Plus the
    /// bot's own stray, smaller on tall towers when it takes care. Aims are
    /// offsets from the top's centre (P-7).
    fn aim(&mut self, t: &TowerView, piece: Placing) -> (Aim, bool) {
        let careful = t.height_mm >= self.profile.careful_above_mm;
        let sigma = self.profile.aim_sigma_mm
            * if careful {
                self.profile.careful_factor
            } else {
                1.0
            };
        let m = self.max_offset_mm;
        let top = top_piece(t);
        let misses = self
            .misses
            .iter()
            .find(|&&(tower, p, _)| tower == t.id && p == top)
            .map_or(0, |m| m.2);
        let at_foundation = matches!(piece, Placing::Tile) != (misses % 2 == 1);
        let (cx, cy) = if at_foundation {
            let f = t.foundation_pose.position;
            (f[0] - t.centre_mm[0], f[1] - t.centre_mm[1])
        } else {
            (0.0, 0.0)
        };
        let x = (cx + normal(&mut self.rng) * sigma).clamp(-m, m);
        let y = (cy + normal(&mut self.rng) * sigma).clamp(-m, m);
        let rotation_deg = normal(&mut self.rng) * 3.0;
        (
            Aim {
                x_mm: x,
                y_mm: y,
                rotation_deg,
            },
            careful,
        )
    }

    fn place(&mut self, view: &View, piece: Placing, tower: TowerId) -> Option<Decision<Action>> {
        let t = view.towers.get(tower.index())?;
        let (aim, careful) = self.aim(t, piece);
        let held = view
            .seats
            .get(self.seat.index())
            .map_or(0, |s| s.pieces_left);
        self.last_try = Some((tower, top_piece(t), held));
        let action = Action::Place {
            piece,
            tower,
            aim,
            take_back: TakeBack::PlacedFirst,
        };
        self.decision(action, careful)
    }

    /// Its decision; `learn`: whether its last placement has landed, so
    /// that the table shows whether it stayed.
    fn choose(&mut self, view: &View, learn: bool) -> Option<Decision<Action>> {
        let me = self.seat.index();
        if view.ending.is_some() || me >= view.seats.len() {
            return None;
        }
        if view.started.is_none() {
            return if view.seats[me].ready {
                None
            } else {
                self.decision(Action::Ready, false)
            };
        }
        if learn {
            self.learn(view);
        }
        let hand = view.hand.as_ref()?;
        // P8: the pawn, last, on a highest tower.
        if hand.pawn.is_some() && view.seats[me].pieces_left == 1 {
            let highest: Vec<TowerId> = view
                .towers
                .iter()
                .filter(|t| t.height_mm + HEIGHT_TIE_MM * 0.5 >= view.highest_mm)
                .map(|t| t.id)
                .collect();
            if highest.is_empty() {
                return None;
            }
            let tower = highest[self.rng.random_range(0..highest.len())];
            return self.place(view, Placing::Pawn, tower);
        }
        // First the tops it still tries, then (rather than stall) the ones
        // it avoids: without the second round, a bot whose only legal drops
        // are onto tops it missed twice would hide and reveal for ever, and
        // the game never end (P12 ends it only when nobody has a legal drop).
        for avoided_too in [false, true] {
            if let Some(d) = self.choose_among(view, avoided_too) {
                return Some(d);
            }
        }
        None
    }

    /// A placement onto the tops it tries (and those it avoids, if
    /// `avoided_too`); failing that, a reveal or hide looking for a
    /// face-down tile that would fit one of them.
    fn choose_among(&mut self, view: &View, avoided_too: bool) -> Option<Decision<Action>> {
        let me = self.seat.index();
        let hand = view.hand.as_ref()?;
        let options = self.options(view, avoided_too);
        if !options.is_empty() {
            let pick = if self.profile.plans {
                // Nulls only when nothing else fits: their worth is low.
                let best = options
                    .iter()
                    .map(|o| o.score)
                    .fold(f64::NEG_INFINITY, f64::max);
                let ties: Vec<&Option_> =
                    options.iter().filter(|o| o.score >= best - 1e-9).collect();
                *ties[self.rng.random_range(0..ties.len())]
            } else {
                options[self.rng.random_range(0..options.len())]
            };
            return self.place(view, pick.piece, pick.tower);
        }
        // Nothing fits now: look for a face-down tile that would. P5: the
        // face-up tile may be hidden only when it fits no tower at all
        // (the engine's own fits, avoided tops included); otherwise the
        // next round places it on a top it avoids rather than stall.
        let tops: Vec<Top> = view
            .towers
            .iter()
            .filter(|t| avoided_too || !self.avoids(t))
            .filter_map(|t| t.matching_top())
            .collect();
        let fits = |card: Card| tops.iter().any(|&t| judge(Placed::Tile(card), t).is_ok());
        if hand.face_down.iter().any(|&c| fits(c)) {
            let action = if view.seats[me].face_up.is_some() {
                let up_fits_somewhere = hand
                    .fits
                    .iter()
                    .any(|f| f.piece == Placing::Tile && !f.towers.is_empty());
                if up_fits_somewhere {
                    return None;
                }
                Action::Hide
            } else {
                Action::Reveal
            };
            return self.decision(action, false);
        }
        None
    }
}

/// It sees the table at a person's speed (issue #50): a change reaches it
/// [`SpeedyBot::perception_range`] after it happened, so a drop on its way
/// to a top another seat has just covered may land stale and be refused (a
/// lost race). While a drop is on its way it notices only changes to the
/// tower it aims at; with nothing on its way, any step.
impl Bot<SpeedyTowers> for SpeedyBot {
    fn decide(&mut self, view: &View, now: GameTime) -> Option<Decision<Action>> {
        // A second look at a drop still on its way: the table cannot tell
        // yet whether that drop stayed, and the new aim keeps its arrival.
        let second_look = !self.instant && self.lands_at.is_some_and(|t| now < t);
        let decision = self.choose(view, !second_look);
        self.reach = decision.as_ref().map(|d| Reach::of(&d.action, view));
        if !second_look || decision.is_none() {
            self.lands_at = decision.as_ref().map(|d| now + d.think_ms);
        }
        decision
    }

    fn wakes_on(&self, events: &[Event]) -> bool {
        match self.reach.as_ref().filter(|_| !self.instant) {
            Some(reach) => events.iter().any(|e| reach.touches(e)),
            None => !events.is_empty(),
        }
    }

    fn perception_ms(&mut self) -> u64 {
        if self.instant {
            return 0;
        }
        let (lo, hi) = self.perception_range();
        self.sight.random_range(lo..=hi)
    }
}
