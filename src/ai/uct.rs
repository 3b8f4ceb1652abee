//! Choosing among the children of a node while searching: UCT.

use super::tree::Tree;
use crate::ir::Outcome;

/// The edge of `node` (every edge with a child) that maximises UCT: the
/// child's mean reward for the player who moves into it, plus
/// `c·√(ln N / n)`. A move proven to lose for its mover comes last; ties go
/// to the first edge.
pub(super) fn select(tree: &Tree, node: u32, c: f64) -> u32 {
    let parent = tree.nodes[node as usize].visits.max(1) as f64;
    let log = parent.ln();
    let edges = tree.edges(node);
    let mut best = (f64::NEG_INFINITY, edges.start);
    for e in edges {
        let child = &tree.nodes[tree.children[e as usize] as usize];
        let n = child.visits.max(1) as f64;
        let lost = matches!(child.end, Some(Outcome::Win(p)) if p != child.by);
        let score = if lost {
            f64::MIN
        } else {
            child.mean() + c * (log / n).sqrt()
        };
        if score > best.0 {
            best = (score, e);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::tree::Node;
    use crate::engine::{Move, Position, Token};
    use crate::ir::{CellId, PlayerId};

    #[test]
    fn uct_prefers_the_better_child_and_explores_the_unvisited() {
        let mut tree = Tree::new(Position::default(), PlayerId(1));
        for (i, (visits, value)) in [(10u32, 2.0), (10, 8.0), (1, 0.5)].into_iter().enumerate() {
            let m = Move::from_tokens([Token::From(CellId(i as u16)), Token::To(CellId(9))]);
            tree.moves.push(m.as_ref());
            tree.children.push(tree.nodes.len() as u32);
            let mut n = Node::new(PlayerId(0), None);
            n.visits = visits;
            n.value = value;
            tree.nodes.push(n);
        }
        let root = &mut tree.nodes[0];
        root.visits = 21;
        root.first = 0;
        root.len = 3;
        root.grown = 3;
        // Without exploration the best mean wins; with a large constant the
        // child seen once.
        assert_eq!(select(&tree, 0, 0.0), 1);
        assert_eq!(select(&tree, 0, 10.0), 2);
    }
}
