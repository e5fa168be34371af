//! The greedy bot: the play that most improves the actor's lead now.
//!
//! Plays are valued analytically from tower summaries (no cloning): a cap
//! moves a whole tower's pips from its controller to the capper; a mine
//! moves one piece's pips and is valued together with the best cap that
//! piece could make next; a split moves the lower part's pips to the
//! pair's colour. Pieces of one colour and size are interchangeable for
//! scoring, so one representative per size is tried, and per controlling
//! colour only its tallest target.

use super::idle::done_or_wait;
use crate::{Action, Colour, IceTowers, PieceId};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use stackyard_core::Seat;

/// A valued play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    /// The play.
    pub action: Action,
    /// Change of the actor's lead over the best other colour.
    pub lead: i64,
    /// Change of the actor's own score.
    pub own: i64,
    /// Size of the piece moved (bigger first breaks ties: "start big").
    pub pips: u8,
}

struct Summary {
    top: Colour,
    top_pips: u8,
    pips: i64,
    free: bool,
}

/// The lead of `me` over the best other colour after adding `deltas`.
fn lead(scores: &[i64], me: usize, deltas: &[(usize, i64)]) -> i64 {
    let mut s = [0i64; 8];
    s[..scores.len()].copy_from_slice(scores);
    for &(c, d) in deltas {
        s[c] += d;
    }
    let best_other = (0..scores.len())
        .filter(|&c| c != me)
        .map(|c| s[c])
        .max()
        .unwrap_or(0);
    s[me] - best_other
}

/// Every play worth considering for `seat`, valued; `f` sees each one.
pub fn candidates(game: &IceTowers, seat: Seat, mut f: impl FnMut(Candidate)) {
    if game.ending().is_some() || game.started().is_none() {
        return;
    }
    let me = seat.index();
    let ghost = game.ghost();
    let towers = game.towers();
    let sums: Vec<Summary> = towers
        .iter()
        .map(|t| Summary {
            top: t.controller(),
            top_pips: t.top().pips(),
            pips: i64::from(t.pips()),
            free: t.is_free_stander(),
        })
        .collect();
    // I15, from the summaries rather than another pass over the pieces.
    let mut scores = vec![0i64; game.settings().colours()];
    for s in &sums {
        scores[s.top.index()] += s.pips;
    }
    let can_cap = |piece: PieceId, s: &Summary| {
        s.top != piece.colour()
            && s.top_pips >= piece.pips()
            && !(Some(piece.colour()) == ghost && s.free)
    };
    if let Some(held) = game.hand(seat) {
        // The held piece counts as a free-stander of its colour.
        let q = held.piece.colour().index();
        scores[q] += i64::from(held.piece.pips());
        let base = lead(&scores, me, &[]);
        for (t, s) in towers.iter().zip(&sums) {
            if t.id != held.from && can_cap(held.piece, s) {
                let deltas = [(q, s.pips), (s.top.index(), -s.pips)];
                f(Candidate {
                    action: Action::Cap {
                        piece: held.piece,
                        onto: t.id,
                    },
                    lead: lead(&scores, me, &deltas) - base,
                    own: deltas.iter().filter(|d| d.0 == me).map(|d| d.1).sum(),
                    pips: held.piece.pips(),
                });
            }
        }
        return;
    }
    let base = lead(&scores, me, &[]);
    let colours = scores.len();
    for q in std::iter::once(IceTowers::colour_of(seat)).chain(ghost) {
        // For each piece size and each controlling colour, the two tallest
        // (in pips) towers a piece of `q` of that size may cap: taking a
        // taller tower from the same colour is always the better cap, so
        // only these are valued (the second stands in when the first is
        // the mined piece's own tower, I8).
        let mut best = [[[None::<(i64, usize)>; 2]; 8]; 3];
        for (ui, u) in sums.iter().enumerate() {
            if u.top == q || (Some(q) == ghost && u.free) {
                continue;
            }
            for size in 1..=u.top_pips {
                let slot = &mut best[usize::from(size - 1)][u.top.index()];
                if slot[0].is_none_or(|b| u.pips > b.0) {
                    slot[1] = slot[0];
                    slot[0] = Some((u.pips, ui));
                } else if slot[1].is_none_or(|b| u.pips > b.0) {
                    slot[1] = Some((u.pips, ui));
                }
            }
        }
        // One free-stander per size.
        let mut reps: [Option<PieceId>; 3] = [None; 3];
        for t in towers.iter().filter(|t| t.is_free_stander()) {
            let p = t.pieces[0];
            if p.colour() == q && reps[usize::from(p.pips() - 1)].is_none() {
                reps[usize::from(p.pips() - 1)] = Some(p);
            }
        }
        for piece in reps.into_iter().flatten() {
            let by_colour = &best[usize::from(piece.pips() - 1)][..colours];
            for (d, slot) in by_colour.iter().enumerate() {
                let Some((pips, ui)) = slot[0] else {
                    continue;
                };
                let deltas = [(q.index(), pips), (d, -pips)];
                f(Candidate {
                    action: Action::Cap {
                        piece,
                        onto: towers[ui].id,
                    },
                    lead: lead(&scores, me, &deltas) - base,
                    own: deltas.iter().filter(|d| d.0 == me).map(|d| d.1).sum(),
                    pips: piece.pips(),
                });
            }
        }
        // Mines, each valued with the best cap that could follow.
        for (ti, (t, s)) in towers.iter().zip(&sums).enumerate() {
            if s.top == q || t.count(q) < 2 {
                continue;
            }
            let mut seen = [false; 3];
            for &piece in t.pieces.iter().rev().filter(|p| p.colour() == q) {
                let k = usize::from(piece.pips() - 1);
                if std::mem::replace(&mut seen[k], true) {
                    continue;
                }
                let sz = i64::from(piece.pips());
                let mine = [(s.top.index(), -sz), (q.index(), sz)];
                let mut value = lead(&scores, me, &mine);
                for (d, slot) in best[k][..colours].iter().enumerate() {
                    let follow = slot.iter().flatten().find(|b| b.1 != ti);
                    if let Some(&(pips, _)) = follow {
                        let dd = [mine[0], mine[1], (q.index(), pips), (d, -pips)];
                        value = value.max(lead(&scores, me, &dd));
                    }
                }
                f(Candidate {
                    action: Action::Mine { tower: t.id, piece },
                    lead: value - base,
                    own: 0,
                    pips: piece.pips(),
                });
            }
        }
    }
    // Splits: the lower part goes to the pair's colour.
    for (t, s) in towers.iter().zip(&sums) {
        let mut lower = 0i64;
        for at in 1..t.pieces.len() {
            lower += i64::from(t.pieces[at - 1].pips());
            let c = t.pieces[at].colour();
            if t.pieces[at - 1].colour() == c && c.index() != me {
                let deltas = [(s.top.index(), -lower), (c.index(), lower)];
                f(Candidate {
                    action: Action::Split { tower: t.id, at },
                    lead: lead(&scores, me, &deltas) - base,
                    own: deltas.iter().filter(|d| d.0 == me).map(|d| d.1).sum(),
                    pips: 0,
                });
            }
        }
    }
}

/// Orders candidates: lead, then own score, then bigger pieces first.
pub(crate) fn key(c: &Candidate) -> (i64, i64, u8) {
    (c.lead, c.own, c.pips)
}

/// The greedy bot's choice: the best play if it gains, else done/wait;
/// a held piece must always be played or set down.
pub fn greedy_choice(game: &IceTowers, seat: Seat, rng: &mut ChaCha8Rng) -> Option<Action> {
    greedy_choice_except(game, seat, rng, |_| false)
}

/// [`greedy_choice`] among the plays `shunned` lets through: a bot with a
/// memory (the beginner's "not the same fight twice") leaves some out.
pub fn greedy_choice_except(
    game: &IceTowers,
    seat: Seat,
    rng: &mut ChaCha8Rng,
    shunned: impl Fn(&Action) -> bool,
) -> Option<Action> {
    if game.started().is_none() {
        return (!game.is_ready(seat)).then_some(Action::Ready);
    }
    let mut best: Option<Candidate> = None;
    let mut ties = 0u32;
    candidates(game, seat, |c| match best {
        _ if shunned(&c.action) => {}
        Some(b) if key(&b) > key(&c) => {}
        Some(b) if key(&b) == key(&c) => {
            // Reservoir sampling among equals keeps the choice uniform.
            ties += 1;
            if rng.random_range(0..=ties) == 0 {
                best = Some(c);
            }
        }
        _ => {
            best = Some(c);
            ties = 0;
        }
    });
    let holding = game.hand(seat).is_some();
    match best {
        Some(c) if holding || c.lead > 0 => Some(c.action),
        None if holding => Some(Action::SetDown),
        _ if holding => unreachable!("a held piece always has a candidate or set-down"),
        _ => done_or_wait(game, seat),
    }
}
