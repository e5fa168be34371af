//! Property tests: tiles are conserved, a rejected action changes nothing,
//! a replayed record reproduces the final state.

use proptest::prelude::*;
use stackyard_babel::{Action, Babel, Settings, Variant};
use stackyard_core::{Game, GameTime, Record, Seat, Seed, replay};

fn variant(strict: bool) -> Variant {
    if strict {
        Variant::Strict
    } else {
        Variant::Standard
    }
}

/// Candidate actions: every move text up to the line length plus draw/end,
/// so both legal and illegal ones are tried.
fn candidates(g: &Babel) -> Vec<Action> {
    let mut v = vec![Action::Draw, Action::End, Action::Undo];
    for i in 1..=(g.stacks() as u8 + 1) {
        v.push(Action::onto_left(i));
        v.push(Action::onto_third(i));
    }
    v
}

proptest! {
    #[test]
    fn tiles_conserved_rejections_inert_replay_exact(
        seed in any::<u64>(),
        strict in any::<bool>(),
        picks in prop::collection::vec(any::<u16>(), 0..120),
        open in any::<bool>(),
        undo in any::<bool>(),
    ) {
        let settings = Settings {
            variant: variant(strict),
            deal: open.then(|| stackyard_babel::deal_from_seed(Seed(seed ^ 1))),
            undo,
        };
        let mut g = Babel::new(&settings, Seed(seed)).unwrap();
        let mut record = Record::new::<Babel>(settings, Seed(seed));
        for p in picks {
            let cands = candidates(&g);
            let a = cands[usize::from(p) % cands.len()];
            let before = g.clone();
            match g.apply(Seat(0), &a, GameTime::ZERO) {
                Ok(_) => record.push(Seat(0), GameTime::ZERO, a),
                Err(_) => prop_assert_eq!(&g, &before),
            }
            // Tiles conserved: line + undrawn = 24.
            prop_assert_eq!(g.tile_count(), 24);
            let mut all: Vec<_> = g.line().iter().flatten().copied().collect();
            all.extend(g.undrawn_tiles());
            all.sort();
            all.dedup();
            prop_assert_eq!(all.len(), 24);
            prop_assert_eq!(g.legal_actions().is_empty(), g.is_finished());
        }
        let json = serde_json::to_string(&record).unwrap();
        let back: Record<Settings, Action> = serde_json::from_str(&json).unwrap();
        let (replayed, _) = replay::<Babel>(&back).unwrap();
        prop_assert_eq!(replayed, g);
    }

    /// B-8: an undo puts the line back exactly as it was before the move it
    /// takes back, however many moves came since the last draw, and never
    /// reaches back past a draw.
    #[test]
    fn undo_takes_back_exactly_its_move(
        seed in any::<u64>(),
        picks in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        let settings = Settings { variant: Variant::Standard, deal: None, undo: true };
        let mut g = Babel::new(&settings, Seed(seed)).unwrap();
        // The line before each move since the last draw, oldest first.
        let mut before_moves: Vec<Vec<Vec<stackyard_babel::Tile>>> = Vec::new();
        for p in picks {
            let moves = g.legal_moves();
            let a = match p % 4 {
                0 => Action::Undo,
                1 | 2 if !moves.is_empty() => moves[usize::from(p / 4) % moves.len()],
                _ => Action::Draw,
            };
            let line = g.line().to_vec();
            let ok = g.apply(Seat(0), &a, GameTime::ZERO).is_ok();
            match a {
                Action::Undo if ok => {
                    let back = before_moves.pop();
                    prop_assert_eq!(Some(g.line().to_vec()), back);
                }
                Action::Undo => prop_assert!(before_moves.is_empty() || g.is_finished()),
                Action::Move { .. } if ok => before_moves.push(line),
                Action::Draw if ok => before_moves.clear(),
                _ => {}
            }
            prop_assert_eq!(g.can_undo(), !before_moves.is_empty() && !g.is_finished());
            prop_assert_eq!(g.tile_count(), 24);
        }
    }
}
