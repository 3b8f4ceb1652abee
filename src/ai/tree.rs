//! The search tree: nodes in one arena, the moves of all edges in another
//! ([`EdgeMoves`]), and re-rooting that keeps the subtree of the move played.

use std::collections::VecDeque;

use crate::engine::{MoveRef, Position};
use crate::ir::{Outcome, PlayerId};

/// No node (an edge whose child is not created yet).
pub(super) const NONE: u32 = u32::MAX;

/// The statistics of one position reached in the search.
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    /// Playouts that went through it.
    pub visits: u32,
    /// Their total reward for `by` (a win 1, a draw ½, a loss 0).
    pub value: f64,
    /// How many of them were drawn.
    pub draws: u32,
    /// The player who made the move into this node.
    pub by: PlayerId,
    /// Its first edge, and the number of edges (`NONE` until expanded).
    pub first: u32,
    pub len: u32,
    /// Edges `first..first + grown` have a child.
    pub grown: u32,
    /// The result, when the game is over here or the search proved it
    /// (the result with best play).
    pub end: Option<Outcome>,
    /// When `end` is known: the moves to the end along the proof (0 where
    /// the game is over).
    pub plies: u32,
}

impl Node {
    /// A node never visited.
    pub fn new(by: PlayerId, end: Option<Outcome>) -> Node {
        Node {
            visits: 0,
            value: 0.0,
            draws: 0,
            by,
            first: 0,
            len: NONE,
            grown: 0,
            end,
            plies: 0,
        }
    }

    /// Whether its moves have been listed.
    pub fn expanded(&self) -> bool {
        self.len != NONE
    }

    /// The mean reward for `by`.
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.value / self.visits as f64
        }
    }
}

/// The moves of every edge of a tree, packed one after another. Unlike a
/// [`crate::engine::MoveList`], which holds the moves of one position within
/// the engine's budget, it grows with the tree.
#[derive(Debug, Default)]
pub(super) struct EdgeMoves {
    tokens: Vec<u16>,
    /// Where each move ends in `tokens`.
    ends: Vec<usize>,
}

impl EdgeMoves {
    /// Appends the move of the next edge.
    pub fn push(&mut self, mv: MoveRef) {
        self.tokens.extend_from_slice(mv.raw());
        self.ends.push(self.tokens.len());
    }

    /// The memory the moves take, in bytes.
    pub fn bytes(&self) -> usize {
        self.tokens.len() * std::mem::size_of::<u16>() + self.ends.len() * std::mem::size_of::<usize>()
    }

    /// The move of edge `e`.
    pub fn get(&self, e: usize) -> MoveRef<'_> {
        let start = if e == 0 { 0 } else { self.ends[e - 1] };
        MoveRef::from_raw(&self.tokens[start..self.ends[e]])
    }

    /// The number of edges.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.ends.len()
    }
}

/// A search tree rooted at a position; node 0 is the root.
#[derive(Debug)]
pub(super) struct Tree {
    pub nodes: Vec<Node>,
    /// The child of each edge (`NONE` until created).
    pub children: Vec<u32>,
    /// The move of each edge.
    pub moves: EdgeMoves,
    /// The position at the root.
    pub root: Position,
}

impl Tree {
    /// A tree of one node at `root`; `by` made the move that led there.
    pub fn new(root: Position, by: PlayerId) -> Tree {
        let end = root.result();
        Tree {
            nodes: vec![Node::new(by, end)],
            children: Vec::new(),
            moves: EdgeMoves::default(),
            root,
        }
    }

    /// The memory the tree's nodes, edges and moves take, in bytes.
    pub fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.children.len() * std::mem::size_of::<u32>()
            + self.moves.bytes()
    }

    /// The edges of a node (empty before expansion).
    pub fn edges(&self, node: u32) -> std::ops::Range<u32> {
        let n = &self.nodes[node as usize];
        if n.expanded() {
            n.first..n.first + n.len
        } else {
            0..0
        }
    }

    /// The edge of the root that plays `mv`, if the root has been expanded.
    pub fn root_edge(&self, mv: MoveRef) -> Option<u32> {
        self.edges(0).find(|&e| self.moves.get(e as usize) == mv)
    }

    /// Proves what it can above the last node of `path` (a path from the
    /// root) when that node's result is known, by [`proven_by_children`].
    pub fn prove_up(&mut self, path: &[u32]) {
        for pair in path.windows(2).rev() {
            let (parent, child) = (pair[0] as usize, pair[1] as usize);
            if self.nodes[child].end.is_none() || self.nodes[parent].end.is_some() {
                return;
            }
            let p = &self.nodes[parent];
            let complete = p.grown == p.len;
            let mover = self.nodes[child].by;
            let children = self.edges(pair[0]).map(|e| match self.children[e as usize] {
                NONE => None,
                c => {
                    let c = &self.nodes[c as usize];
                    c.end.map(|end| (end, c.plies))
                }
            });
            match proven_by_children(mover, complete, children) {
                Some((end, plies)) => {
                    self.nodes[parent].end = Some(end);
                    self.nodes[parent].plies = plies;
                }
                None => return,
            }
        }
    }

    /// Keeps only the subtree below `child` (a node of this tree), whose
    /// position is `pos`; node numbers change.
    pub fn reroot(&mut self, child: u32, pos: Position) {
        let mut nodes = Vec::new();
        let mut children = Vec::new();
        let mut moves = EdgeMoves::default();
        let mut queue = VecDeque::from([child]);
        nodes.push(self.nodes[child as usize]);
        let mut at = 0;
        while let Some(old) = queue.pop_front() {
            let edges = self.edges(old);
            nodes[at].first = children.len() as u32;
            for e in edges {
                moves.push(self.moves.get(e as usize));
                match self.children[e as usize] {
                    NONE => children.push(NONE),
                    c => {
                        children.push(nodes.len() as u32);
                        nodes.push(self.nodes[c as usize]);
                        queue.push_back(c);
                    }
                }
            }
            at += 1;
        }
        self.nodes = nodes;
        self.children = children;
        self.moves = moves;
        self.root = pos;
    }
}

/// The result of a position where `mover` is to move, from the results its
/// moves were proven to have (`None` for a move not proven; `complete` when
/// every move is listed) and the moves to the end along each proof, as the
/// MCTS-Solver rule gives it for any number of players, each preferring its
/// win to a draw to a loss: a win of the mover when one move wins (the
/// quickest); else, when every move is proven, a draw when one draws, or the
/// result all moves share (for two players: a loss, put off as long as
/// possible). With more players, moves won by different others prove
/// nothing: the mover loses, but who wins is not known.
pub(super) fn proven_by_children(
    mover: PlayerId,
    complete: bool,
    children: impl Iterator<Item = Option<(Outcome, u32)>>,
) -> Option<(Outcome, u32)> {
    let mut all_proven = complete;
    let mut win: Option<u32> = None;
    let mut draw: Option<u32> = None;
    let mut others: Option<(Outcome, u32)> = None;
    let mut mixed = false;
    for child in children {
        match child {
            None => all_proven = false,
            Some((Outcome::Win(p), plies)) if p == mover => {
                win = Some(win.map_or(plies, |w| w.min(plies)));
            }
            Some((Outcome::Draw, plies)) => draw = Some(draw.map_or(plies, |d| d.min(plies))),
            Some((end, plies)) => match others {
                Some((seen, _)) if seen != end => mixed = true,
                Some((seen, longest)) => others = Some((seen, longest.max(plies))),
                None => others = Some((end, plies)),
            },
        }
    }
    if let Some(plies) = win {
        return Some((Outcome::Win(mover), plies + 1));
    }
    if !all_proven {
        return None;
    }
    match (draw, others) {
        (Some(plies), _) => Some((Outcome::Draw, plies + 1)),
        (None, Some((end, plies))) if !mixed => Some((end, plies + 1)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Move, Token};
    use crate::ir::CellId;

    fn mv(a: u16, b: u16) -> Move {
        Move::from_tokens([Token::From(CellId(a)), Token::To(CellId(b))])
    }

    /// Gives `node` children for the moves `(a, b)`, all created.
    fn grow(tree: &mut Tree, node: u32, moves: &[(u16, u16)], visits: u32) -> Vec<u32> {
        let first = tree.children.len() as u32;
        let mut made = Vec::new();
        for &(a, b) in moves {
            tree.moves.push(mv(a, b).as_ref());
            let mut n = Node::new(PlayerId(0), None);
            n.visits = visits;
            tree.children.push(tree.nodes.len() as u32);
            made.push(tree.nodes.len() as u32);
            tree.nodes.push(n);
        }
        let n = &mut tree.nodes[node as usize];
        n.first = first;
        n.len = moves.len() as u32;
        n.grown = moves.len() as u32;
        made
    }

    #[test]
    fn rerooting_keeps_the_subtree_of_the_move_played() {
        let mut tree = Tree::new(Position::default(), PlayerId(1));
        let top = grow(&mut tree, 0, &[(1, 2), (3, 4)], 5);
        let below = grow(&mut tree, top[1], &[(5, 6), (7, 8), (9, 10)], 2);
        grow(&mut tree, below[2], &[(11, 12)], 1);
        grow(&mut tree, top[0], &[(13, 14)], 1);
        let edge = tree.root_edge(mv(3, 4).as_ref()).expect("a root move");
        tree.reroot(tree.children[edge as usize], Position::default());
        // The root, its three children and one grandchild.
        assert_eq!(tree.nodes.len(), 5);
        assert_eq!(tree.nodes[0].visits, 5);
        let moves: Vec<Move> = tree
            .edges(0)
            .map(|e| tree.moves.get(e as usize).to_move())
            .collect();
        assert_eq!(moves, [mv(5, 6), mv(7, 8), mv(9, 10)]);
        let last = tree.children[tree.edges(0).last().expect("edges") as usize];
        let deep: Vec<Move> = tree
            .edges(last)
            .map(|e| tree.moves.get(e as usize).to_move())
            .collect();
        assert_eq!(deep, [mv(11, 12)]);
        assert!(tree.root_edge(mv(13, 14).as_ref()).is_none());
    }

    #[test]
    fn a_tree_holds_more_edges_than_one_position_may_have_moves() {
        let mut moves = EdgeMoves::default();
        let many = crate::engine::MAX_MOVES + 10;
        for i in 0..many {
            moves.push(mv(i as u16, (i >> 16) as u16).as_ref());
        }
        assert_eq!(moves.len(), many);
        let last = many - 1;
        assert_eq!(moves.get(last).to_move(), mv(last as u16, (last >> 16) as u16));
    }

    #[test]
    fn proofs_follow_the_mcts_solver_rule() {
        let (a, b, c) = (PlayerId(0), PlayerId(1), PlayerId(2));
        let prove = |complete: bool, children: &[Option<(Outcome, u32)>]| {
            proven_by_children(a, complete, children.iter().copied())
        };
        // One winning move is enough, the quickest counts.
        let wins = [None, Some((Outcome::Win(a), 4)), Some((Outcome::Win(a), 2))];
        assert_eq!(prove(false, &wins), Some((Outcome::Win(a), 3)));
        // A loss needs every move, and lasts as long as possible.
        let losses = [Some((Outcome::Win(b), 0)), Some((Outcome::Win(b), 6))];
        assert_eq!(prove(true, &losses), Some((Outcome::Win(b), 7)));
        assert_eq!(prove(false, &losses), None);
        assert_eq!(prove(true, &[losses[0], None]), None);
        // A draw is better than a loss.
        let draw = [Some((Outcome::Win(b), 0)), Some((Outcome::Draw, 2))];
        assert_eq!(prove(true, &draw), Some((Outcome::Draw, 3)));
        // Losses to different players: lost, but to whom is not known.
        let mixed = [Some((Outcome::Win(b), 0)), Some((Outcome::Win(c), 0))];
        assert_eq!(prove(true, &mixed), None);
    }
}
