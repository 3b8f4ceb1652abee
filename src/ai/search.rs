//! One search tree and its loop: select by UCT, expand one child, play out,
//! back up the result; the tree is kept between moves.

use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::playout::Playouts;
use super::tree::{NONE, Node, Tree};
use super::{Budget, MctsConfig, WinCheck, uct};
use crate::engine::{Engine, Move, MoveBuf, Position, uniform};
use crate::ir::Outcome;

/// A search of its own: a tree, the moves from the game's start to its
/// root, a seeded generator and reused buffers.
#[derive(Debug)]
pub(super) struct Searcher {
    tree: Option<Tree>,
    /// The moves of the game from its start to the tree's root.
    line: Vec<Move>,
    rng: Xoshiro256PlusPlus,
    playouts: Playouts,
    exploration: f64,
    /// Look for a move that wins at once when a node is expanded.
    check_wins: bool,
    buf: MoveBuf,
    pos: Position,
    scratch: Position,
    path: Vec<u32>,
    order: Vec<u32>,
    /// The most memory the tree may take ([`super::TREE_MEMORY`]'s share).
    max_tree_bytes: usize,
}

/// The statistics of one move at the root.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct EdgeStats {
    pub visits: u64,
    pub value: f64,
    pub draws: u64,
    /// The result the search proved for the move, if any, and the moves
    /// to the end along the proof.
    pub proven: Option<(Outcome, u32)>,
}

impl Searcher {
    /// A searcher with its own seed and the settings of `config`.
    pub fn new(seed: u64, config: &MctsConfig) -> Searcher {
        Searcher {
            tree: None,
            line: Vec::new(),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            playouts: match config.budget {
                Budget::Time(_) => Playouts::new(config.wins.in_playouts(), config.captures).on_trial(),
                Budget::Playouts(_) => Playouts::new(config.wins.in_playouts(), config.captures),
            },
            exploration: config.exploration,
            check_wins: config.wins != WinCheck::Off,
            buf: MoveBuf::new(),
            pos: Position::default(),
            scratch: Position::default(),
            path: Vec::new(),
            order: Vec::new(),
            max_tree_bytes: super::TREE_MEMORY / config.threads.max(1),
        }
    }

    /// Makes the tree's root `pos`, reached by `line` from the game's start:
    /// keeps what was searched below it when the tree's root lies on that line.
    pub fn set_root(&mut self, engine: &Engine, pos: &Position, line: &[Move]) {
        let reusable = self.tree.is_some() && line.starts_with(&self.line);
        if reusable {
            for mv in &line[self.line.len()..] {
                let Some(tree) = self.tree.as_mut() else { break };
                let mut next = tree.root.clone();
                engine.play_unchecked(&mut next, mv.as_ref());
                match tree.root_edge(mv.as_ref()).map(|e| tree.children[e as usize]) {
                    Some(child) if child != NONE => tree.reroot(child, next),
                    _ => self.tree = None,
                }
            }
        }
        match &self.tree {
            Some(tree) if reusable && tree.root == *pos => {}
            _ => {
                self.tree = Some(Tree::new(pos.clone(), engine.last_mover(pos)));
            }
        }
        self.line.clear();
        self.line.extend_from_slice(line);
    }

    /// Whether the result at the root is known (the game is over there, or
    /// the search proved it): nothing is left to search.
    pub fn solved(&self) -> bool {
        self.tree.as_ref().is_none_or(|t| t.nodes[0].end.is_some())
    }

    /// Runs one iteration: down the tree, one new node, a playout from it
    /// (or the result, at the end of the game or of a proof), and the result
    /// backed up. A tree that holds its share of memory grows no more: the
    /// playout starts from the first node that would have grown it. Does
    /// nothing, and says so (`false`), when the root is
    /// [`Searcher::solved`].
    pub fn iterate(&mut self, engine: &Engine) -> bool {
        if self.solved() {
            return false;
        }
        let Some(tree) = self.tree.as_mut() else {
            return false;
        };
        self.pos.clone_from(&tree.root);
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let full = tree.bytes() >= self.max_tree_bytes;
        let outcome = loop {
            let n = tree.nodes[node as usize];
            if let Some(end) = n.end {
                break end;
            }
            if full && (!n.expanded() || n.grown < n.len) {
                break self.playouts.run(engine, &mut self.pos, &mut self.rng);
            }
            if !n.expanded() {
                expand(
                    tree,
                    node,
                    engine,
                    &self.pos,
                    &mut self.buf,
                    &mut self.order,
                    &mut self.rng,
                );
                // A position where the mover can win at once is as good as
                // won: it is not searched further (as a playout would take the win).
                if self.check_wins
                    && !self.buf.moves.is_empty()
                    && engine
                        .winning_move(&self.pos, &self.buf, &mut self.scratch)
                        .is_some()
                {
                    let n = &mut tree.nodes[node as usize];
                    n.end = Some(Outcome::Win(engine.mover(&self.pos)));
                    n.plies = 1;
                }
                continue;
            }
            if n.grown < n.len {
                let edge = n.first + n.grown;
                tree.nodes[node as usize].grown += 1;
                let by = engine.mover(&self.pos);
                engine.play_unchecked(&mut self.pos, tree.moves.get(edge as usize));
                let child = tree.nodes.len() as u32;
                tree.nodes.push(Node::new(by, self.pos.result()));
                tree.children[edge as usize] = child;
                self.path.push(child);
                break match self.pos.result() {
                    Some(end) => end,
                    None => self.playouts.run(engine, &mut self.pos, &mut self.rng),
                };
            }
            let edge = uct::select(tree, node, self.exploration);
            engine.play_unchecked(&mut self.pos, tree.moves.get(edge as usize));
            node = tree.children[edge as usize];
            self.path.push(node);
        };
        tree.prove_up(&self.path);
        for &n in &self.path {
            let n = &mut tree.nodes[n as usize];
            n.visits += 1;
            match outcome {
                Outcome::Win(p) if p == n.by => n.value += 1.0,
                Outcome::Win(_) => {}
                Outcome::Draw => {
                    n.value += 0.5;
                    n.draws += 1;
                }
            }
        }
        true
    }

    /// The legal moves at the root and their statistics (`None` before the
    /// root is expanded).
    pub fn root_stats(&self) -> Vec<(Move, EdgeStats)> {
        let Some(tree) = &self.tree else {
            return Vec::new();
        };
        tree.edges(0)
            .map(|e| {
                let stats = match tree.children[e as usize] {
                    NONE => EdgeStats::default(),
                    c => {
                        let n = &tree.nodes[c as usize];
                        EdgeStats {
                            visits: n.visits as u64,
                            value: n.value,
                            draws: n.draws as u64,
                            proven: n.end.map(|end| (end, n.plies)),
                        }
                    }
                };
                (tree.moves.get(e as usize).to_move(), stats)
            })
            .collect()
    }
}

/// Lists the moves of `node` at `pos` (leaving them in `buf` too), in a
/// random order (so that the children tried first are not always the same),
/// or records the end of the game when there is none.
fn expand(
    tree: &mut Tree,
    node: u32,
    engine: &Engine,
    pos: &Position,
    buf: &mut MoveBuf,
    order: &mut Vec<u32>,
    rng: &mut Xoshiro256PlusPlus,
) {
    engine.legal_moves(pos, buf);
    let n = buf.moves.len();
    if n == 0 {
        tree.nodes[node as usize].end = Some(engine.final_outcome(pos));
        return;
    }
    order.clear();
    order.extend(0..n as u32);
    for i in (1..n).rev() {
        let j = uniform(rng, i as u64 + 1) as usize;
        order.swap(i, j);
    }
    let first = tree.children.len() as u32;
    for &i in order.iter() {
        tree.moves.push(buf.moves.get(i as usize));
        tree.children.push(NONE);
    }
    let n = &mut tree.nodes[node as usize];
    n.first = first;
    n.len = order.len() as u32;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::engine_of;

    #[test]
    fn a_tree_that_holds_its_share_of_memory_grows_no_more() {
        let engine = engine_of(
            "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..3\n\
             piece S letter S { drop: onto empty }\nsupply S\nend { no move: draw }\n",
        );
        let config = MctsConfig::new(Budget::Playouts(1));
        let mut searcher = Searcher::new(1, &config);
        searcher.max_tree_bytes = 4_096;
        searcher.set_root(&engine, &engine.start(), &[]);
        for _ in 0..5_000 {
            assert!(searcher.iterate(&engine));
        }
        let tree = searcher.tree.as_ref().expect("a tree");
        // One iteration adds at most a node and the edges of one expansion.
        let one = std::mem::size_of::<Node>() + 9 * 64;
        assert!(tree.bytes() <= 4_096 + one, "{} bytes", tree.bytes());
        // The search went on: the root saw every playout.
        assert_eq!(tree.nodes[0].visits, 5_000);
        let unbounded = {
            let mut s = Searcher::new(1, &config);
            s.set_root(&engine, &engine.start(), &[]);
            for _ in 0..5_000 {
                s.iterate(&engine);
            }
            s.tree.as_ref().expect("a tree").bytes()
        };
        assert!(
            unbounded > 8 * 4_096,
            "the cap made a difference: {unbounded} bytes without it"
        );
    }
}
