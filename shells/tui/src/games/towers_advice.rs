//! What a Towers AI thinks of a game, in words ("White is ahead, about 70%
//! to win"): shared by the full-screen client's `e` and the line-based
//! `stackyard towers play --show-eval`, so both say it alike.

use stackyard_search::{Budget, WIN};
use stackyard_towers::Color;
use stackyard_towers::Position;
use stackyard_towers::ai::{Board as AiBoard, Choice, Player, PlayerSpec, board_from_position};

/// The search `e` asks: alpha-beta over 20 000 nodes on one thread, so the
/// same position always gets the same words, in a blink on this machine's
/// kind (the Hard bot's budget, `games/towers/src/ai/bots.rs`).
pub const EVAL_SPEC: PlayerSpec = PlayerSpec::AlphaBeta(Budget::Nodes(20_000));

/// The evaluation of `p` for the side to move, in words and then its
/// details; `None` when the game is over or the board is too large for
/// the AI (over 64 blocks).
pub fn evaluate(p: &Position, seed: u64) -> Option<String> {
    let board = board_from_position(p).ok()?;
    let choice = Player::new(EVAL_SPEC, seed, 1).choose(&board)?;
    Some(describe(&board, EVAL_SPEC, &choice, p.turn()))
}

/// The chance that the mover wins, from a search score. Alpha-beta's
/// evaluation is fitted by logistic regression (`towers tune`), so its
/// score is the log-odds that the mover wins, in hundredths: the logistic
/// curve 1 / (1 + e^(-score/100)) turns it back into a probability. MCTS
/// reports the mover's expected result in thousandths.
pub fn win_chance(spec: PlayerSpec, score: i32) -> f64 {
    match spec {
        PlayerSpec::Mcts(_) => (f64::from(score) / 1000.0).clamp(0.0, 1.0),
        _ => 1.0 / (1.0 + (-f64::from(score) / 100.0).exp()),
    }
}

/// What the AI thinks of the game, in words, then its details.
pub fn describe(board: &AiBoard, spec: PlayerSpec, c: &Choice, mover: Color) -> String {
    let mut pv_board = board.clone();
    let mut pv = Vec::new();
    for &m in &c.pv {
        if !pv_board.is_legal(m) {
            break;
        }
        pv.push(pv_board.move_name(m));
        pv_board = pv_board.play(m);
    }
    let depth = if matches!(spec, PlayerSpec::Mcts(_)) {
        String::new()
    } else {
        format!("depth {}, ", c.depth)
    };
    format!(
        "AI {spec}: {}; {depth}{} nodes, score {}; pv {}",
        words(spec, c.score, mover),
        c.nodes,
        c.score,
        pv.join(" ")
    )
}

/// The verdict alone: who is ahead and by how much, or a proved result.
pub fn words(spec: PlayerSpec, score: i32, mover: Color) -> String {
    let (me, other) = (title(mover.name()), title(mover.other().name()));
    let proved = !matches!(spec, PlayerSpec::Mcts(_));
    if proved && score > WIN / 2 {
        format!("{me} wins by {} with best play (proved)", score - WIN)
    } else if proved && score < -WIN / 2 {
        format!("{other} wins by {} with best play (proved)", -(score + WIN))
    } else {
        let p = win_chance(spec, score);
        let (leader, q) = if p >= 0.5 {
            (&me, p)
        } else {
            (&other, 1.0 - p)
        };
        let pct = (100.0 * q).round();
        if pct <= 55.0 {
            format!("the game is about even ({leader} {pct:.0}% to win)")
        } else if pct >= 95.0 {
            format!("{leader} is winning, about {pct:.0}% to win")
        } else {
            format!("{leader} is ahead, about {pct:.0}% to win")
        }
    }
}

/// `black` → `Black`.
fn title(name: &str) -> String {
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_become_chances() {
        let ab = PlayerSpec::AlphaBeta(Budget::Nodes(1));
        assert!((win_chance(ab, 0) - 0.5).abs() < 1e-9);
        assert!((win_chance(ab, 85) - 0.70).abs() < 0.01);
        assert!(win_chance(ab, -85) < 0.31);
        let mcts = PlayerSpec::Mcts(Budget::Nodes(1));
        assert!((win_chance(mcts, 700) - 0.7).abs() < 1e-9);
    }

    #[test]
    fn the_words_name_the_leader() {
        let ab = PlayerSpec::AlphaBeta(Budget::Nodes(1));
        assert_eq!(
            words(ab, 85, Color::White),
            "White is ahead, about 70% to win"
        );
        assert_eq!(
            words(ab, -85, Color::White),
            "Black is ahead, about 70% to win"
        );
        assert!(words(ab, 0, Color::Black).starts_with("the game is about even"));
        assert_eq!(
            words(ab, WIN + 3, Color::Black),
            "Black wins by 3 with best play (proved)"
        );
    }

    #[test]
    fn the_start_is_judged_and_the_judgement_repeats() {
        let p = Position::standard();
        let a = evaluate(&p, 1).expect("8x8 is searchable");
        assert!(a.starts_with("AI alphabeta:n20000: "), "{a}");
        assert_eq!(evaluate(&p, 1), Some(a));
    }
}
