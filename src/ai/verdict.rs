//! What the root's statistics say, summed over the searchers: the moves
//! ranked (a proven win first, then the most visited, a proven loss last)
//! and the estimate of the position for the player to move.

use std::collections::BTreeMap;

use super::search::EdgeStats;
use super::tree::proven_by_children;
use crate::engine::Move;
use crate::ir::{Outcome, PlayerId};

/// What the search makes of a position, for the player to move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Estimate {
    /// The search proved the result with best play: `outcome`, at the end
    /// of a line of `plies` moves (the chosen move first; for a loss, the
    /// longest the mover can hold out along the lines searched).
    Proven {
        /// The result.
        outcome: Outcome,
        /// The moves to it.
        plies: u32,
    },
    /// The mover's chances from the playouts: of winning, and of a draw.
    /// They weigh every move by its playouts (the mean over all playouts
    /// from the position), not only the best move's mean, which the search
    /// overrates by choosing it for it.
    Chances {
        /// The chance of winning.
        win: f64,
        /// The chance of a draw.
        draw: f64,
    },
}

impl Estimate {
    /// The chances of `mover` (the player the estimate is for) of a win and
    /// of a draw: 1 or 0 for a proven result.
    pub fn chances(&self, mover: PlayerId) -> (f64, f64) {
        match *self {
            Estimate::Chances { win, draw } => (win, draw),
            Estimate::Proven { outcome, .. } => match outcome {
                Outcome::Win(p) if p == mover => (1.0, 0.0),
                Outcome::Win(_) => (0.0, 0.0),
                Outcome::Draw => (0.0, 1.0),
            },
        }
    }

    /// The moves to the end when the result is proven.
    pub fn proven_plies(&self) -> Option<u32> {
        match *self {
            Estimate::Proven { plies, .. } => Some(plies),
            Estimate::Chances { .. } => None,
        }
    }
}

/// The root's moves with their statistics added up over searchers.
pub(super) fn sum(per_searcher: impl Iterator<Item = Vec<(Move, EdgeStats)>>) -> BTreeMap<Move, EdgeStats> {
    let mut sum: BTreeMap<Move, EdgeStats> = BTreeMap::new();
    for stats in per_searcher {
        for (mv, e) in stats {
            let t = sum.entry(mv).or_default();
            t.visits += e.visits;
            t.value += e.value;
            t.draws += e.draws;
            t.proven = match (t.proven, e.proven) {
                (Some((a, p)), Some((b, q))) if a == b => Some((a, p.min(q))),
                (seen, other) => seen.or(other),
            };
        }
    }
    sum
}

/// The moves, best first for `mover`: one proven to win first (the
/// quickest), one proven to lose last (the slowest), else the most visited
/// (then the best value). Stable: equal moves stay in the order given.
pub(super) fn rank(moves: BTreeMap<Move, EdgeStats>, mover: PlayerId) -> Vec<(Move, EdgeStats)> {
    let key = |e: &EdgeStats| match e.proven {
        Some((Outcome::Win(p), plies)) if p == mover => (0, i64::from(plies)),
        Some((Outcome::Win(_), plies)) => (2, -i64::from(plies)),
        _ => (1, 0),
    };
    let mut ranked: Vec<(Move, EdgeStats)> = moves.into_iter().collect();
    ranked.sort_by(|a, b| {
        key(&a.1).cmp(&key(&b.1)).then(
            (b.1.visits, b.1.value)
                .partial_cmp(&(a.1.visits, a.1.value))
                .unwrap_or(std::cmp::Ordering::Equal),
        )
    });
    ranked
}

/// The estimate for `mover` of a position whose moves are `ranked` (all of
/// them, the root expanded): proven when its moves' proofs prove it, else
/// the chances over all playouts through its moves. `None` before any.
pub(super) fn estimate(ranked: &[(Move, EdgeStats)], mover: PlayerId) -> Option<Estimate> {
    let children = ranked.iter().map(|(_, e)| e.proven);
    if let Some((outcome, plies)) = proven_by_children(mover, !ranked.is_empty(), children) {
        return Some(Estimate::Proven { outcome, plies });
    }
    let visits: u64 = ranked.iter().map(|(_, e)| e.visits).sum();
    if visits == 0 {
        return None;
    }
    let value: f64 = ranked.iter().map(|(_, e)| e.value).sum();
    let draws: u64 = ranked.iter().map(|(_, e)| e.draws).sum();
    let draw = draws as f64 / visits as f64;
    Some(Estimate::Chances {
        win: (value / visits as f64 - 0.5 * draw).max(0.0),
        draw,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Token;
    use crate::ir::CellId;

    fn mv(i: u16) -> Move {
        Move::from_tokens([Token::To(CellId(i))])
    }

    fn stats(visits: u64, value: f64, proven: Option<(Outcome, u32)>) -> EdgeStats {
        EdgeStats {
            visits,
            value,
            draws: 0,
            proven,
        }
    }

    #[test]
    fn an_estimate_gives_the_movers_chances() {
        let (a, b) = (PlayerId(0), PlayerId(1));
        let chances = Estimate::Chances { win: 0.6, draw: 0.1 };
        assert_eq!((chances.chances(a), chances.proven_plies()), ((0.6, 0.1), None));
        let lost = Estimate::Proven {
            outcome: Outcome::Win(b),
            plies: 4,
        };
        assert_eq!((lost.chances(a), lost.chances(b)), ((0.0, 0.0), (1.0, 0.0)));
        assert_eq!(lost.proven_plies(), Some(4));
        let drawn = Estimate::Proven {
            outcome: Outcome::Draw,
            plies: 2,
        };
        assert_eq!(drawn.chances(a), (0.0, 1.0));
        // Returns add up to 0 whatever the players.
        assert_eq!(Outcome::Win(a).returns(2), [1.0, -1.0]);
        assert_eq!(Outcome::Win(b).returns(3), [-0.5, 1.0, -0.5]);
        assert_eq!(Outcome::Draw.returns(3), [0.0; 3]);
    }

    #[test]
    fn the_estimate_weighs_every_move_by_its_playouts() {
        let (a, b) = (PlayerId(0), PlayerId(1));
        let moves = BTreeMap::from([(mv(1), stats(90, 81.0, None)), (mv(2), stats(10, 1.0, None))]);
        let ranked = rank(moves, a);
        assert_eq!(ranked[0].0, mv(1));
        // 82 points in 100 playouts, not the best move's 90%.
        assert_eq!(
            estimate(&ranked, a),
            Some(Estimate::Chances { win: 0.82, draw: 0.0 })
        );
        // A move proven to win comes first, and proves the position.
        let moves = BTreeMap::from([
            (mv(1), stats(90, 81.0, None)),
            (mv(2), stats(3, 3.0, Some((Outcome::Win(a), 2)))),
        ]);
        let ranked = rank(moves, a);
        assert_eq!(ranked[0].0, mv(2));
        let won = Estimate::Proven {
            outcome: Outcome::Win(a),
            plies: 3,
        };
        assert_eq!(estimate(&ranked, a), Some(won));
        // Every move lost: the one that holds out longest first.
        let moves = BTreeMap::from([
            (mv(1), stats(50, 0.0, Some((Outcome::Win(b), 0)))),
            (mv(2), stats(5, 0.0, Some((Outcome::Win(b), 4)))),
        ]);
        let ranked = rank(moves, a);
        assert_eq!(ranked[0].0, mv(2));
        let lost = Estimate::Proven {
            outcome: Outcome::Win(b),
            plies: 5,
        };
        assert_eq!(estimate(&ranked, a), Some(lost));
    }
}
