//! Perft from the start at every depth up to a limit, within a budget of
//! work: a depth is counted only when its count, foreseen from the depths
//! before it, is small enough.

use super::runner::run_indexed;
use crate::engine::{Engine, Move, Position};

/// The largest count [`perft_by_depth`] foresees and still counts: a
/// second or two on one core for most games, a few for those whose moves
/// cost the most to list (go's captures and suicides).
pub const MAX_PERFT_NODES: u64 = 5_000_000;

/// The number of move sequences of each length from 1 to `depth` from the
/// start (`counts[d - 1]` for length `d`), the first moves' subtrees counted
/// on `jobs` threads. Length 1 is always counted; a longer one only when
/// the count foreseen for it is at most `nodes`: the last count times its
/// growth over the one before (`c(d−1)² / c(d−2)`, with `c(0) = 1`). A
/// length not counted is `None`, and so is every longer one.
pub fn perft_by_depth(engine: &Engine, depth: u32, nodes: u64, jobs: usize) -> Vec<Option<u64>> {
    let children = engine.children(&engine.start());
    let mut counts = Vec::new();
    for d in 1..=depth {
        let count =
            foreseen_within(&counts, nodes).then(|| below_each(engine, &children, d, jobs).iter().sum());
        counts.push(count);
    }
    counts
}

/// [`Engine::divide`] from `pos` with the first moves' subtrees counted on
/// `jobs` threads (the counts do not depend on it).
pub fn divide_on(engine: &Engine, pos: &Position, depth: u32, jobs: usize) -> Vec<(Move, u64)> {
    let children = engine.children(pos);
    let counts = below_each(engine, &children, depth, jobs);
    children.into_iter().map(|(m, _)| m).zip(counts).collect()
}

/// The sequences of `depth` moves that start with each of `children`.
fn below_each(engine: &Engine, children: &[(Move, Position)], depth: u32, jobs: usize) -> Vec<u64> {
    run_indexed(
        children.len(),
        jobs,
        |i| engine.perft(&children[i].1, depth.saturating_sub(1)),
        &|| {},
    )
}

/// Whether the next length after `counts` (lengths 1, 2, …) is to be
/// counted: see [`perft_by_depth`].
fn foreseen_within(counts: &[Option<u64>], nodes: u64) -> bool {
    // c(i): the count of length i.
    let c = |i: usize| if i == 0 { Some(1) } else { counts[i - 1] };
    let d = counts.len() + 1;
    if d == 1 {
        return true;
    }
    match (c(d - 1), c(d - 2)) {
        (Some(last), Some(before)) => {
            u128::from(last) * u128::from(last) <= u128::from(nodes) * u128::from(before.max(1))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::engine_of;

    #[test]
    fn counts_stop_where_they_would_cost_too_much() {
        let text = "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..3\npiece S letter S { drop: onto empty }\nsupply S\nend { no move: draw }\n";
        let e = engine_of(text);
        assert_eq!(
            perft_by_depth(&e, 3, MAX_PERFT_NODES, 2),
            [Some(9), Some(72), Some(504)]
        );
        // Foreseen: 9 at depth 1, 81 at depth 2, 72²/9 = 576 at depth 3
        // (there are 504), 504²/72 = 3528 at depth 4 (3024).
        assert_eq!(
            perft_by_depth(&e, 4, 576, 1),
            [Some(9), Some(72), Some(504), None]
        );
        assert_eq!(perft_by_depth(&e, 4, 3528, 1)[3], Some(3024));
        assert_eq!(perft_by_depth(&e, 3, 80, 1), [Some(9), None, None]);
        assert_eq!(perft_by_depth(&e, 3, 0, 1), [Some(9), None, None]);
        assert!(perft_by_depth(&e, 0, 8, 1).is_empty());
    }
}
