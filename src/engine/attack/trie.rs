//! Building the attack trees: for every (attacking player, target cell), the
//! ways back from the target to the cells an attacker could stand on, as a
//! trie of paths (cells from the target outwards) with the attackers at the
//! end of each path.
//!
//! A slide from `s` reaches `t` along `s, a1, …, ak, t`: its path back is
//! `ak, …, a1, s`, which is the path back from `t` of the slide from `a1`
//! (`ak, …, a1`) and one more cell. Inserting each path cell by cell would
//! cost the length of the line for every (start, target) pair, cubic in the
//! length of a line; extending the path of the slide from `a1`, found once,
//! costs one step.

use std::collections::HashMap;

use super::{Entry, Node};
use crate::ir::{CellId, Pattern, PlayerId, SlideTable, Topology};

/// No node or entry (the end of a list).
const NONE: u32 = u32::MAX;

/// A node being built: its cell, its children in the order they came and
/// the attackers whose path ends here, as lists threaded through the
/// arenas (no allocation per node).
#[derive(Clone, Copy)]
struct TrieNode {
    cell: CellId,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
    /// The attackers: indices into `Tries::entries`.
    first_entry: u32,
    last_entry: u32,
    entries: u16,
}

impl TrieNode {
    fn new(cell: CellId) -> TrieNode {
        TrieNode {
            cell,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            first_entry: NONE,
            last_entry: NONE,
            entries: 0,
        }
    }
}

/// A hasher for small integer keys: a multiply and a rotate per word
/// (the default hasher resists attacks on its keys, which cells are not).
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(n as u64);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(26);
    }
}

/// The tries of every (player, target), the first `roots` nodes being their roots.
pub(super) struct Tries {
    nodes: Vec<TrieNode>,
    /// The attackers, each with the next of its node.
    entries: Vec<(Entry, u32)>,
    /// The child of a node on a cell.
    child: HashMap<(u32, CellId), u32, std::hash::BuildHasherDefault<KeyHasher>>,
    roots: usize,
    /// Children looked up or made: the work of the construction.
    pub(super) steps: usize,
}

impl Tries {
    /// `roots` empty tries.
    pub(super) fn new(roots: usize) -> Tries {
        Tries {
            nodes: vec![TrieNode::new(CellId::NONE); roots],
            entries: Vec::new(),
            child: HashMap::default(),
            roots,
            steps: 0,
        }
    }

    /// The child of `node` on `cell`, made if missing.
    fn child(&mut self, node: u32, cell: CellId) -> u32 {
        self.steps += 1;
        if let Some(&c) = self.child.get(&(node, cell)) {
            return c;
        }
        let c = self.nodes.len() as u32;
        self.nodes.push(TrieNode::new(cell));
        let parent = &mut self.nodes[node as usize];
        match parent.last_child {
            NONE => parent.first_child = c,
            last => self.nodes[last as usize].next_sibling = c,
        }
        self.nodes[node as usize].last_child = c;
        self.child.insert((node, cell), c);
        c
    }

    /// Adds an attacker at `node`.
    fn push_entry(&mut self, node: u32, entry: Entry) {
        let e = self.entries.len() as u32;
        self.entries.push((entry, NONE));
        let n = &mut self.nodes[node as usize];
        match n.last_entry {
            NONE => n.first_entry = e,
            last => self.entries[last as usize].1 = e,
        }
        let n = &mut self.nodes[node as usize];
        n.last_entry = e;
        n.entries += 1;
    }

    /// Adds an attacker at the end of `path` (cells from the target outwards) in trie `root`.
    pub(super) fn add(&mut self, root: usize, path: &[CellId], entry: Entry) {
        let mut node = root as u32;
        for &c in path {
            node = self.child(node, c);
        }
        self.push_entry(node, entry);
    }

    /// Adds the attacks of a step or leap ([`Pattern::Hop`]) or a slide
    /// ([`Pattern::Slide`]) for every player; other patterns add nothing.
    pub(super) fn add_plain(&mut self, pattern: &Pattern, topo: &Topology, players: usize, entry: Entry) {
        let cells = topo.cells();
        for p in 0..players {
            match pattern {
                Pattern::Hop { targets } => {
                    for s in 0..topo.board_cells {
                        let s = CellId(s as u16);
                        for &t in targets.get(PlayerId(p as u8), s, cells) {
                            self.add(p * cells + t.index(), &[s], entry);
                        }
                    }
                }
                Pattern::Slide { lines } => {
                    self.add_slides(lines, PlayerId(p as u8), topo.board_cells, cells, entry);
                }
                _ => {}
            }
        }
    }

    /// Adds the attacks of a slide rule of player `p`: every cell of the tree
    /// of every start is a target the start attacks. Paths are made shortest
    /// first, each from the path one cell shorter when the line from the
    /// second cell runs the same way (see the module's comment).
    pub(super) fn add_slides(
        &mut self,
        lines: &SlideTable,
        p: PlayerId,
        board_cells: usize,
        cells: usize,
        entry: Entry,
    ) {
        let root = |t: CellId| (p.index() * cells + t.index()) as u32;
        // For each node of the trees: its start, parent, depth, and the same
        // line's node in the tree of its second cell (`same`).
        let first = lines.start[p.index() * cells] as usize;
        let last = lines.start[p.index() * cells + board_cells] as usize;
        let len = last - first;
        let mut start = vec![CellId::NONE; len];
        let mut parent = vec![u32::MAX; len];
        let mut depth = vec![0u32; len];
        let mut same = vec![u32::MAX; len];
        let mut stack: Vec<u32> = Vec::new();
        for s in 0..board_cells {
            let s = CellId(s as u16);
            stack.clear();
            for i in lines.range(p, s, cells) {
                while stack
                    .last()
                    .is_some_and(|&q| lines.nodes[q as usize].1 as usize <= i)
                {
                    stack.pop();
                }
                let k = i - first;
                start[k] = s;
                depth[k] = stack.len() as u32 + 1;
                let cell = lines.nodes[i].0;
                if let Some(&q) = stack.last() {
                    parent[k] = q;
                    let in_second = if stack.len() == 1 {
                        // The tree of the second cell, from its root.
                        let second = lines.nodes[q as usize].0;
                        let range = lines.range(p, second, cells);
                        child_on(lines, range.start, range.end, cell)
                    } else {
                        let q_same = same[q as usize - first];
                        (q_same != u32::MAX)
                            .then(|| {
                                let q_same = q_same as usize;
                                child_on(lines, q_same + 1, lines.nodes[q_same].1 as usize, cell)
                            })
                            .flatten()
                    };
                    same[k] = in_second.map_or(u32::MAX, |j| j as u32);
                }
                stack.push(i as u32);
            }
        }
        // Shortest paths first, so that the path one cell shorter is made.
        let mut by_depth: Vec<u32> = (0..len as u32).collect();
        by_depth.sort_by_key(|&k| depth[k as usize]);
        let mut made = vec![u32::MAX; len];
        let mut path = Vec::new();
        for k in by_depth {
            let k = k as usize;
            let (target, s) = (lines.nodes[first + k].0, start[k]);
            let node = if depth[k] == 1 {
                self.child(root(target), s)
            } else if same[k] != u32::MAX && made[same[k] as usize - first] != u32::MAX {
                self.child(made[same[k] as usize - first], s)
            } else {
                // The line from the second cell runs another way: the whole path.
                path.clear();
                let mut q = parent[k];
                while q != u32::MAX {
                    path.push(lines.nodes[q as usize].0);
                    q = parent[q as usize - first];
                }
                path.push(s);
                let mut node = root(target);
                for &c in &path {
                    node = self.child(node, c);
                }
                node
            };
            made[k] = node;
            self.push_entry(node, entry);
        }
    }

    /// The trie `root` in depth-first order, appended to the tables.
    pub(super) fn flatten(&self, root: usize, nodes: &mut Vec<Node>, entries: &mut Vec<Entry>) {
        debug_assert!(root < self.roots);
        // (index of a flattened node, the next of its children to visit).
        let mut stack: Vec<(usize, u32)> = vec![(usize::MAX, self.nodes[root].first_child)];
        while let Some(top) = stack.last_mut() {
            let (at, next) = *top;
            if next == NONE {
                if at != usize::MAX {
                    nodes[at].end = nodes.len() as u32;
                }
                stack.pop();
                continue;
            }
            let child = &self.nodes[next as usize];
            top.1 = child.next_sibling;
            nodes.push(Node {
                cell: child.cell,
                end: 0,
                first: entries.len() as u32,
                count: child.entries,
            });
            let mut e = child.first_entry;
            while e != NONE {
                entries.push(self.entries[e as usize].0);
                e = self.entries[e as usize].1;
            }
            stack.push((nodes.len() - 1, child.first_child));
        }
    }
}

/// The child on `cell` among the nodes `from..end` of a flattened tree (a
/// node and its following siblings), if any.
fn child_on(lines: &SlideTable, mut from: usize, end: usize, cell: CellId) -> Option<usize> {
    while from < end {
        let (c, subtree_end) = lines.nodes[from];
        if c == cell {
            return Some(from);
        }
        from = subtree_end as usize;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slide table of one player on a line of `n` cells: from each cell,
    /// a branch towards each end.
    fn line(n: usize) -> SlideTable {
        let mut table = SlideTable {
            start: vec![0],
            nodes: Vec::new(),
        };
        for s in 0..n {
            for dir in [1i64, -1] {
                let cells: Vec<usize> = (1..n as i64)
                    .map(|d| s as i64 + d * dir)
                    .take_while(|c| (0..n as i64).contains(c))
                    .map(|c| c as usize)
                    .collect();
                let end = (table.nodes.len() + cells.len()) as u32;
                table.nodes.extend(cells.iter().map(|&c| (CellId(c as u16), end)));
            }
            table.start.push(table.nodes.len() as u32);
        }
        table
    }

    fn entry() -> Entry {
        Entry {
            kind: crate::ir::PieceKind(0),
            rule: 0,
            land: CellId::NONE,
        }
    }

    fn flat(tries: &Tries, roots: usize) -> Vec<(u16, u32, u16)> {
        let (mut nodes, mut entries) = (Vec::new(), Vec::new());
        let mut out = Vec::new();
        for root in 0..roots {
            nodes.clear();
            tries.flatten(root, &mut nodes, &mut entries);
            out.extend(nodes.iter().map(|n| (n.cell.0, n.end, n.count)));
        }
        out
    }

    #[test]
    fn slides_are_added_in_steps_linear_in_their_table() {
        for n in [64, 512] {
            let table = line(n);
            let mut tries = Tries::new(n);
            tries.add_slides(&table, PlayerId(0), n, n, entry());
            // One step per (start, target) pair: the table's own size. Cell by
            // cell, it was the sum of the lengths of the paths (n³ / 3).
            assert_eq!(tries.steps, table.nodes.len(), "n = {n}");
        }
    }

    #[test]
    fn slides_added_by_extension_are_the_paths_added_cell_by_cell() {
        let n = 12;
        let table = line(n);
        let mut fast = Tries::new(n);
        fast.add_slides(&table, PlayerId(0), n, n, entry());
        let mut slow = Tries::new(n);
        for s in 0..n {
            let s = CellId(s as u16);
            let mut stack: Vec<(u32, CellId)> = Vec::new();
            for i in table.start[s.index()] as usize..table.start[s.index() + 1] as usize {
                let (t, end) = table.nodes[i];
                while stack.last().is_some_and(|(e, _)| *e as usize <= i) {
                    stack.pop();
                }
                let mut path: Vec<CellId> = stack.iter().rev().map(|(_, c)| *c).collect();
                path.push(s);
                slow.add(t.index(), &path, entry());
                stack.push((end, t));
            }
        }
        assert_eq!(flat(&fast, n), flat(&slow, n));
    }
}
