//! Evaluating compiled expressions, cell conditions and end rules on a position.

use super::{Engine, Position};
use crate::ir::{CellId, Cond, CondId, DirId, EndOutcome, Expr, Outcome, PieceKind, PlayerId};

/// The line an expression reads (`count(cells … along line)`): a cell and a
/// direction, or [`NoLine`].
pub(super) trait LineAt: Copy {
    /// The cell and the direction, if there is a line.
    fn line(self) -> Option<(CellId, DirId)>;
}

/// No line to read (most expressions are evaluated without one).
#[derive(Debug, Clone, Copy)]
pub(super) struct NoLine;

impl LineAt for NoLine {
    #[inline(always)]
    fn line(self) -> Option<(CellId, DirId)> {
        None
    }
}

impl LineAt for (CellId, DirId) {
    #[inline(always)]
    fn line(self) -> Option<(CellId, DirId)> {
        Some(self)
    }
}

/// The largest table (entries) built for one condition: players × cells × codes.
/// 4 Mi booleans covers 19×19 boards with many kinds; beyond it the condition
/// tree is evaluated directly.
const MAX_COND_TABLE: usize = 1 << 22;

/// A condition precomputed for every (player, cell, piece code), or compiled
/// into a small tree whose one-cell parts are such tables.
#[derive(Debug, Clone)]
pub(super) enum CondTable {
    /// `bits[(player * cells + cell) * codes + code]`, with its strides
    /// (the same as bit sets are in [`Engine::cell_masks`]).
    Table {
        bits: Vec<bool>,
        cells: usize,
        codes: usize,
    },
    /// A one-cell part and tests of neighbours (`onto empty and not next s
    /// is empty`): flat tables, read without walking a tree.
    Neighbours(NeighbourTable),
    /// A condition that looks beyond the cell.
    Tree(CondNode),
}

/// A condition that is a conjunction of a one-cell condition and of tests
/// "some neighbour in these directions meets a one-cell condition", each
/// maybe negated — the shape of gravity and adjacency rules.
#[derive(Debug, Clone)]
pub(super) struct NeighbourTable {
    /// The one-cell part: `local[(player * cells + cell) * codes + code]`.
    pub(super) local: Vec<bool>,
    pub(super) tests: Vec<NeighbourTest>,
    pub(super) cells: usize,
    pub(super) codes: usize,
    /// Where there are at most 64 codes: `local` as one mask of codes per
    /// (player, cell), and the only test's neighbour condition likewise,
    /// for the loop of a drop with one test of one neighbour.
    masks: Option<(Vec<u64>, Vec<u64>)>,
}

/// `bits[(i) * codes + code]` as one mask of codes per `i`.
fn code_masks(bits: &[bool], codes: usize) -> Vec<u64> {
    bits.chunks_exact(codes)
        .map(|row| {
            row.iter()
                .enumerate()
                .fold(0u64, |m, (code, b)| m | (*b as u64) << code)
        })
        .collect()
}

/// "Some neighbour meets `bits`" (or, `negated`, none does).
#[derive(Debug, Clone)]
pub(super) struct NeighbourTest {
    pub(super) negated: bool,
    /// The neighbours of (player, cell) in the test's directions:
    /// `neighbours[starts[i]..starts[i + 1]]`, `i = player * cells + cell`.
    starts: Vec<u32>,
    neighbours: Vec<CellId>,
    /// The one neighbour of each (player, cell), or none, when no cell has
    /// two (one direction): read without the ranges.
    pub(super) single: Option<Vec<CellId>>,
    /// The neighbour's condition, as a one-cell table.
    pub(super) bits: Vec<bool>,
}

impl NeighbourTable {
    /// Whether the condition holds on `cell` of `board` for `player`.
    #[inline]
    pub(super) fn holds(&self, player: PlayerId, cell: CellId, board: &[u8]) -> bool {
        let i = player.index() * self.cells + cell.index();
        self.local[i * self.codes + board[cell.index()] as usize]
            && self
                .tests
                .iter()
                .all(|t| t.passes(player.index() * self.cells, i, board, self.codes))
    }

    /// Calls `found` with every cell below `board_cells` where the condition
    /// holds for `player`, in order: the loop of a drop.
    #[inline]
    pub(super) fn each_holding(
        &self,
        player: PlayerId,
        board: &[u8],
        board_cells: usize,
        mut found: impl FnMut(CellId),
    ) {
        let row = player.index() * self.cells;
        let local = &self.local[row * self.codes..(row + self.cells) * self.codes];
        // The usual shape, one test of one neighbour per cell, with masks of
        // codes, in a loop of its own.
        if let ([test], Some((local_masks, near_masks))) = (&self.tests[..], &self.masks)
            && let Some(single) = &test.single
        {
            let near = &single[row..row + board_cells];
            let near_masks = &near_masks[row..row + self.cells];
            let cells = board[..board_cells]
                .iter()
                .zip(&local_masks[row..row + board_cells])
                .zip(near);
            for (c, ((&code, &mask), &n)) in cells.enumerate() {
                if mask >> code & 1 == 0 {
                    continue;
                }
                let meets = n.is_some() && near_masks[n.index()] >> board[n.index()] & 1 != 0;
                if meets != test.negated {
                    found(CellId(c as u16));
                }
            }
            return;
        }
        for (c, &code) in board[..board_cells].iter().enumerate() {
            if local[c * self.codes + code as usize]
                && self
                    .tests
                    .iter()
                    .all(|t| t.passes(row, row + c, board, self.codes))
            {
                found(CellId(c as u16));
            }
        }
    }
}

impl NeighbourTest {
    /// Whether the test passes for the cell `i` (its index in the rows of
    /// player row `row`).
    #[inline(always)]
    fn passes(&self, row: usize, i: usize, board: &[u8], codes: usize) -> bool {
        let meets = |n: CellId| self.bits[(row + n.index()) * codes + board[n.index()] as usize];
        let any = match &self.single {
            Some(single) => {
                let n = single[i];
                n.is_some() && meets(n)
            }
            None => self.neighbours[self.starts[i] as usize..self.starts[i + 1] as usize]
                .iter()
                .any(|&n| meets(n)),
        };
        any != self.negated
    }
}

/// A compiled condition that looks beyond its cell: one-cell parts are table
/// lookups, the rest walks the board.
#[derive(Debug, Clone)]
pub(super) enum CondNode {
    /// A one-cell part: `bits[(player * cells + cell) * codes + code]`.
    Local(Vec<bool>),
    /// Any other atom, evaluated on the board.
    Atom(Cond),
    /// The neighbour in one of the directions meets the child.
    Next(crate::ir::PlayerDirs, Box<CondNode>),
    /// The neighbour in one of the directions meets a one-cell condition (its table).
    NextLocal(crate::ir::PlayerDirs, Vec<bool>),
    /// Some cell along a line from here meets the child.
    Ray(crate::ir::PlayerDirs, Box<CondNode>),
    Not(Box<CondNode>),
    And(Box<CondNode>, Box<CondNode>),
    Or(Box<CondNode>, Box<CondNode>),
}

/// The conjuncts of a chain of `and`s.
fn flatten_and<'a>(node: &'a CondNode, out: &mut Vec<&'a CondNode>) {
    match node {
        CondNode::And(a, b) => {
            flatten_and(a, out);
            flatten_and(b, out);
        }
        other => out.push(other),
    }
}

/// What a condition may see besides the cell: the action in progress.
#[derive(Debug, Clone, Copy)]
pub(super) struct Seen<'a> {
    /// The start cell of the action.
    pub origin: CellId,
    /// Cells whose pieces are taken, to be captured when the action ends.
    pub taken: &'a [CellId],
    /// The kind of the piece in hand (what `attacked` imagines on an empty cell).
    pub hand: Option<PieceKind>,
}

impl Seen<'_> {
    /// No action in progress.
    pub const NONE: Seen<'static> = Seen {
        origin: CellId::NONE,
        taken: &[],
        hand: None,
    };
}

/// One player's rows of a tabulated condition: whether it holds for each
/// (cell, piece code), read with one load.
#[derive(Debug, Clone, Copy)]
pub(super) struct CellRows<'a> {
    bits: &'a [bool],
    codes: usize,
}

impl CellRows<'_> {
    /// Whether the condition holds on `cell` holding `code`.
    #[inline(always)]
    pub(super) fn holds(&self, cell: CellId, code: u8) -> bool {
        self.bits[cell.index() * self.codes + code as usize]
    }
}

/// A one-cell condition as bit sets: for each player and piece code (0:
/// empty), the board's cells where it holds for a cell holding that code.
/// The cells where it holds in a position are then a few word operations
/// per code away, instead of one table read per cell.
#[derive(Debug, Clone)]
pub(super) struct CellMasks {
    /// `masks[(player * codes + code) * words + word]`.
    masks: Vec<u64>,
    codes: usize,
    words: usize,
}

impl CellMasks {
    /// The bit sets of the table `bits` (see [`CondTable::Table`]), over the
    /// first `board_cells` of its `cells`.
    pub(super) fn of(
        bits: &[bool],
        players: usize,
        cells: usize,
        board_cells: usize,
        codes: usize,
    ) -> CellMasks {
        let words = cells.div_ceil(64);
        let mut masks = vec![0u64; players * codes * words];
        for p in 0..players {
            for c in 0..board_cells {
                for code in 0..codes {
                    if bits[(p * cells + c) * codes + code] {
                        masks[(p * codes + code) * words + c / 64] |= 1 << (c % 64);
                    }
                }
            }
        }
        CellMasks { masks, codes, words }
    }

    /// Calls `f` on each board cell of `pos` where the condition holds for
    /// `player`, in increasing order.
    #[inline(always)]
    pub(super) fn each_holding(&self, player: PlayerId, pos: &Position, mut f: impl FnMut(CellId)) {
        for w in 0..self.words {
            let mut hit = self.word(player, pos, w);
            while hit != 0 {
                let b = hit.trailing_zeros() as usize;
                hit &= hit - 1;
                f(CellId((w * 64 + b) as u16));
            }
        }
    }

    /// The board cells of `pos` where the condition holds for `player`,
    /// into the first words of `out`.
    #[inline]
    pub(super) fn holding(&self, player: PlayerId, pos: &Position, out: &mut [u64]) {
        for (w, word) in out[..self.words].iter_mut().enumerate() {
            *word = self.word(player, pos, w);
        }
    }

    /// Word `w` of the cells of `pos` where the condition holds for `player`.
    #[inline(always)]
    fn word(&self, player: PlayerId, pos: &Position, w: usize) -> u64 {
        let words = self.words;
        let masks = &self.masks[player.index() * self.codes * words..][..self.codes * words];
        let mut any = 0;
        let mut hit = 0;
        for code in 1..self.codes {
            let here = pos.occupied[code * words + w];
            any |= here;
            hit |= here & masks[code * words + w];
        }
        hit | !any & masks[w]
    }
}

impl Engine {
    /// Tabulates every condition of the game that looks at one cell only, and
    /// compiles the others with their one-cell parts tabulated.
    pub(super) fn build_cond_tables(&mut self) {
        let cells = self.game.topology.cells();
        let codes = self.codes.len();
        let tables = (0..self.game.conds.len())
            .map(|i| {
                let cond = &self.game.conds[i];
                match self.compile_cond(cond) {
                    CondNode::Local(bits) => CondTable::Table { bits, cells, codes },
                    node => match self.flat_neighbours(&node) {
                        Some(table) => CondTable::Neighbours(table),
                        None => CondTable::Tree(node),
                    },
                }
            })
            .collect();
        self.cond_tables = tables;
        self.cond_masks = self
            .cond_tables
            .iter()
            .map(|table| match table {
                CondTable::Table { bits, cells, codes } => Some(CellMasks::of(
                    bits,
                    self.players,
                    *cells,
                    self.game.topology.board_cells,
                    *codes,
                )),
                _ => None,
            })
            .collect();
        self.neighbour_masks = (self.cond_tables.iter())
            .map(|table| match table {
                CondTable::Neighbours(t) => {
                    super::cell_sets::NeighbourMasks::of(t, self.players, self.game.topology.board_cells)
                }
                _ => None,
            })
            .collect();
    }

    /// The table of a one-cell condition for every (player, cell, code), if small enough.
    fn local_table(&self, cond: &Cond) -> Option<Vec<bool>> {
        let cells = self.game.topology.cells();
        let codes = self.codes.len();
        let size = self.players * cells * codes;
        if size > MAX_COND_TABLE {
            return None;
        }
        let mut t = Vec::with_capacity(size);
        for p in 0..self.players {
            for c in 0..cells {
                for code in 0..codes {
                    t.push(self.test_local(cond, PlayerId(p as u8), CellId(c as u16), code as u8));
                }
            }
        }
        Some(t)
    }

    /// The flat form of a compiled condition of [`NeighbourTable`]'s shape.
    fn flat_neighbours(&self, node: &CondNode) -> Option<NeighbourTable> {
        let mut conjuncts = Vec::new();
        flatten_and(node, &mut conjuncts);
        let topo = &self.game.topology;
        let (cells, codes) = (topo.cells(), self.codes.len());
        let mut local = vec![true; self.players * cells * codes];
        let mut tests = Vec::new();
        for c in conjuncts {
            let (negated, dirs, bits) = match c {
                CondNode::Local(bits) => {
                    local.iter_mut().zip(bits).for_each(|(l, b)| *l &= *b);
                    continue;
                }
                CondNode::NextLocal(dirs, bits) => (false, dirs, bits),
                CondNode::Not(inner) => match &**inner {
                    CondNode::NextLocal(dirs, bits) => (true, dirs, bits),
                    _ => return None,
                },
                _ => return None,
            };
            let mut starts = vec![0u32];
            let mut neighbours = Vec::new();
            for player_dirs in &dirs[..self.players] {
                for c in 0..cells {
                    for d in player_dirs {
                        let n = topo.step(CellId(c as u16), *d);
                        if n.is_some() {
                            neighbours.push(n);
                        }
                    }
                    starts.push(neighbours.len() as u32);
                }
            }
            let single = starts.windows(2).all(|w| w[1] - w[0] <= 1).then(|| {
                starts
                    .windows(2)
                    .map(|w| {
                        if w[1] > w[0] {
                            neighbours[w[0] as usize]
                        } else {
                            CellId::NONE
                        }
                    })
                    .collect()
            });
            tests.push(NeighbourTest {
                negated,
                starts,
                neighbours,
                single,
                bits: bits.clone(),
            });
        }
        let masks = (codes <= 64 && tests.len() == 1)
            .then(|| (code_masks(&local, codes), code_masks(&tests[0].bits, codes)));
        (!tests.is_empty()).then_some(NeighbourTable {
            masks,
            local,
            tests,
            cells,
            codes,
        })
    }

    /// Compiles a condition, tabulating its largest one-cell parts.
    fn compile_cond(&self, cond: &Cond) -> CondNode {
        if cond.is_local()
            && let Some(t) = self.local_table(cond)
        {
            return CondNode::Local(t);
        }
        let node = |c: &Cond| Box::new(self.compile_cond(c));
        match cond {
            Cond::Next { dirs, cond } => match self.compile_cond(cond) {
                CondNode::Local(bits) => CondNode::NextLocal(dirs.clone(), bits),
                child => CondNode::Next(dirs.clone(), Box::new(child)),
            },
            Cond::Ray { dirs, cond } => CondNode::Ray(dirs.clone(), node(cond)),
            Cond::Not(c) => CondNode::Not(node(c)),
            Cond::And(a, b) => CondNode::And(node(a), node(b)),
            Cond::Or(a, b) => CondNode::Or(node(a), node(b)),
            atom => CondNode::Atom(atom.clone()),
        }
    }

    /// Whether some cell along a line from `cell`, in one of `dirs`, meets
    /// `hit`: each line is followed straight on (its first continuation) to
    /// the edge.
    fn ray_meets(
        &self,
        dirs: &[crate::ir::DirId],
        cell: CellId,
        mut hit: impl FnMut(CellId) -> bool,
    ) -> bool {
        let topo = &self.game.topology;
        dirs.iter().any(|d| {
            let (mut at, mut dir) = (cell, *d);
            for _ in 0..topo.cells() {
                let n = topo.step(at, dir);
                if !n.is_some() {
                    return false;
                }
                if hit(n) {
                    return true;
                }
                match topo.continue_dirs(at, dir).next() {
                    Some(next) => dir = next,
                    None => return false,
                }
                at = n;
            }
            false
        })
    }

    /// Evaluates a compiled condition on the board.
    fn test_node(&self, node: &CondNode, player: PlayerId, cell: CellId, pos: &Position, seen: Seen) -> bool {
        let topo = &self.game.topology;
        let codes = self.codes.len();
        let row = player.index() * topo.cells();
        match node {
            CondNode::Local(bits) => bits[(row + cell.index()) * codes + pos.board[cell.index()] as usize],
            CondNode::NextLocal(dirs, bits) => dirs[player.index()].iter().any(|d| {
                let n = topo.step(cell, *d);
                n.is_some() && bits[(row + n.index()) * codes + pos.board[n.index()] as usize]
            }),
            CondNode::And(a, b) if matches!(**a, CondNode::Local(_)) => {
                let CondNode::Local(bits) = &**a else {
                    unreachable!("matched just above")
                };
                bits[(row + cell.index()) * codes + pos.board[cell.index()] as usize]
                    && self.test_node(b, player, cell, pos, seen)
            }
            CondNode::Atom(c) => self.test_tree(c, player, cell, pos, seen),
            CondNode::Next(dirs, child) => dirs[player.index()].iter().any(|d| {
                let n = topo.step(cell, *d);
                n.is_some() && self.test_node(child, player, n, pos, seen)
            }),
            CondNode::Ray(dirs, child) => self.ray_meets(&dirs[player.index()], cell, |n| {
                self.test_node(child, player, n, pos, seen)
            }),
            CondNode::Not(c) => !self.test_node(c, player, cell, pos, seen),
            CondNode::And(a, b) => {
                self.test_node(a, player, cell, pos, seen) && self.test_node(b, player, cell, pos, seen)
            }
            CondNode::Or(a, b) => {
                self.test_node(a, player, cell, pos, seen) || self.test_node(b, player, cell, pos, seen)
            }
        }
    }

    /// Whether a tabulated condition holds for a cell holding `code`: one
    /// table load. Only for conditions the compiler proved local.
    #[inline]
    pub(super) fn test(&self, cond: CondId, player: PlayerId, cell: CellId, code: u8) -> bool {
        match &self.cond_tables[cond.0 as usize] {
            CondTable::Table { bits, cells, codes } => {
                bits[(player.index() * cells + cell.index()) * codes + code as usize]
            }
            // A condition looking beyond the cell, asked about the cell alone:
            // only its one-cell part can be judged (the fast forms never ask).
            CondTable::Neighbours(_) | CondTable::Tree(_) => {
                self.test_local(&self.game.conds[cond.0 as usize], player, cell, code)
            }
        }
    }

    /// The flat form of a neighbour condition (see [`NeighbourTable`]), for
    /// the fast forms' loops; `None` for other conditions.
    #[inline]
    pub(super) fn neighbour_table(&self, cond: CondId) -> Option<&NeighbourTable> {
        match &self.cond_tables[cond.0 as usize] {
            CondTable::Neighbours(table) => Some(table),
            _ => None,
        }
    }

    /// The bit sets of a tabulated condition, for listing at once the board's
    /// cells where it holds; `None` when the condition is not tabulated.
    #[inline]
    pub(super) fn cell_masks(&self, cond: CondId) -> Option<&CellMasks> {
        self.cond_masks[cond.0 as usize].as_ref()
    }

    /// The table of a tabulated condition for one player, for the fast forms'
    /// inner loops; `None` when the condition is not tabulated.
    #[inline]
    pub(super) fn rows(&self, cond: CondId, player: PlayerId) -> Option<CellRows<'_>> {
        match &self.cond_tables[cond.0 as usize] {
            CondTable::Table { bits, cells, codes } => {
                let row = player.index() * cells * codes;
                Some(CellRows {
                    bits: &bits[row..row + cells * codes],
                    codes: *codes,
                })
            }
            CondTable::Neighbours(_) | CondTable::Tree(_) => None,
        }
    }

    /// Whether condition `cond` holds on `cell` of `pos` for `player`, during an action.
    #[inline(always)]
    pub(super) fn test_on(
        &self,
        cond: CondId,
        player: PlayerId,
        cell: CellId,
        pos: &Position,
        seen: Seen,
    ) -> bool {
        match &self.cond_tables[cond.0 as usize] {
            CondTable::Table { bits, cells, codes } => {
                bits[(player.index() * cells + cell.index()) * codes + pos.board[cell.index()] as usize]
            }
            CondTable::Neighbours(table) => self.test_neighbours(table, player, cell, pos),
            CondTable::Tree(node) => self.test_node(node, player, cell, pos, seen),
        }
    }

    /// [`Engine::test_on`] for a neighbour condition (kept out of line, so
    /// that the one-load case stays small where it is inlined).
    #[inline(never)]
    fn test_neighbours(
        &self,
        table: &NeighbourTable,
        player: PlayerId,
        cell: CellId,
        pos: &Position,
    ) -> bool {
        table.holds(player, cell, &pos.board)
    }

    /// Evaluates a condition that looks at one cell only.
    fn test_local(&self, cond: &Cond, player: PlayerId, cell: CellId, code: u8) -> bool {
        let c = code as usize;
        let owner = self.codes.owner[c] as usize;
        match cond {
            Cond::True => true,
            Cond::Empty => code == 0 && !self.game.topology.is_exit(cell),
            Cond::Occupied => code != 0,
            Cond::Enemy => code != 0 && owner != player.index() && owner < self.players,
            Cond::Friend => code != 0 && owner == player.index(),
            Cond::Neutral => code != 0 && owner == self.players,
            Cond::Exit => self.game.topology.is_exit(cell),
            Cond::Kind(k) => code != 0 && self.codes.kind[c] == k.0,
            Cond::In(r) => self.game.topology.regions[*r].member[player.index()][cell.index()],
            Cond::Moved => code != 0 && self.codes.moved[c],
            Cond::Unmoved => code != 0 && !self.codes.moved[c],
            Cond::Not(x) => !self.test_local(x, player, cell, code),
            Cond::And(a, b) => {
                self.test_local(a, player, cell, code) && self.test_local(b, player, cell, code)
            }
            Cond::Or(a, b) => {
                self.test_local(a, player, cell, code) || self.test_local(b, player, cell, code)
            }
            // Not local: never tabulated (see `Cond::is_local`).
            _ => false,
        }
    }

    /// Evaluates any condition on the board.
    pub(super) fn test_tree(
        &self,
        cond: &Cond,
        player: PlayerId,
        cell: CellId,
        pos: &Position,
        seen: Seen,
    ) -> bool {
        let topo = &self.game.topology;
        match cond {
            Cond::Marked(m) => pos.marked(*m, cell),
            Cond::Attacked => self.cell_attacked(pos, cell, player, seen.hand),
            Cond::Origin => cell == seen.origin,
            Cond::Taken => seen.taken.contains(&cell),
            Cond::Touched => self.lines.at(cell).iter().any(|&l| pos.drawn(l)),
            Cond::Next { dirs, cond } => dirs[player.index()].iter().any(|d| {
                let n = topo.step(cell, *d);
                n.is_some() && self.test_tree(cond, player, n, pos, seen)
            }),
            Cond::Ray { dirs, cond } => self.ray_meets(&dirs[player.index()], cell, |n| {
                self.test_tree(cond, player, n, pos, seen)
            }),
            Cond::InLine { n, exact, dirs } => self.in_line(pos, cell, *n, *exact, &dirs[player.index()]),
            Cond::Free => self.free(pos, cell),
            Cond::Not(x) => !self.test_tree(x, player, cell, pos, seen),
            Cond::And(a, b) => {
                self.test_tree(a, player, cell, pos, seen) && self.test_tree(b, player, cell, pos, seen)
            }
            Cond::Or(a, b) => {
                self.test_tree(a, player, cell, pos, seen) || self.test_tree(b, player, cell, pos, seen)
            }
            local => self.test_local(local, player, cell, pos.board[cell.index()]),
        }
    }

    /// Evaluates an expression; `mover` is the player the rules speak of as
    /// `mover`. A line to read (`count(cells … along line)`) counts 0.
    pub fn eval(&self, expr: &Expr, pos: &Position, mover: PlayerId) -> i64 {
        self.eval_at(expr, pos, mover, NoLine)
    }

    /// Evaluates an expression with a line to read (`count(cells … along
    /// line)`): `at` is the cursor's cell and the current direction, or
    /// [`NoLine`] (a copy of this function without the line's argument, for
    /// every expression but a walk's distance).
    pub(super) fn eval_at(&self, expr: &Expr, pos: &Position, mover: PlayerId, at: impl LineAt) -> i64 {
        match expr {
            Expr::Const(v) => *v,
            Expr::Option(i) => self.options[*i],
            Expr::Counter { counter, player } => {
                let p = self.eval_player(player, pos, mover);
                pos.numbers[self.counter_index(*counter, p)]
            }
            Expr::Count { kind, player } => match player {
                Some(p) => {
                    let p = self.eval_player(p, pos, mover);
                    pos.numbers[self.slot(p.index(), *kind)]
                }
                None => (0..self.owners()).map(|o| pos.numbers[self.slot(o, *kind)]).sum(),
            },
            Expr::CountIn(c) => {
                let owner = c.player.as_ref().map(|p| self.eval_player(p, pos, mover).index());
                self.count_in(pos, &c.kinds, &c.cells, owner)
            }
            Expr::CountCells { cond, player } => {
                let p = self.eval_player(player, pos, mover);
                (0..self.game.topology.board_cells)
                    .filter(|&c| self.test_on(*cond, p, CellId(c as u16), pos, Seen::NONE))
                    .count() as i64
            }
            Expr::CountAlong(cond) => match at.line() {
                Some((cell, dir)) => self.count_along(*cond, pos, mover, cell, dir),
                None => 0,
            },
            Expr::Reserve { kind, player } => {
                let p = self.eval_player(player, pos, mover);
                pos.numbers[self.reserve_index(p, *kind)]
            }
            Expr::Flag(f) => self.flag(pos, *f) as i64,
            Expr::Mover => mover.index() as i64,
            Expr::History(i) => pos.numbers.get(self.history_index(*i)).copied().unwrap_or(0),
            Expr::LastMover => self.last_mover(pos).index() as i64,
            Expr::Player(p) => p.index() as i64,
            Expr::Opponent(p) => ((self.eval_player(p, pos, mover).index() + 1) % self.players) as i64,
            Expr::Not(e) => (self.eval_at(e, pos, mover, at) == 0) as i64,
            Expr::Neg(e) => self.eval_at(e, pos, mover, at).saturating_neg(),
            Expr::Binary(op, a, b) => {
                let a = self.eval_at(a, pos, mover, at);
                // Short-circuit the logical operators.
                match op {
                    crate::ir::BinOp::And if a == 0 => 0,
                    crate::ir::BinOp::Or if a != 0 => 1,
                    _ => op.apply(a, self.eval_at(b, pos, mover, at)),
                }
            }
            Expr::If(c, a, b) => {
                if self.eval_at(c, pos, mover, at) != 0 {
                    self.eval_at(a, pos, mover, at)
                } else {
                    self.eval_at(b, pos, mover, at)
                }
            }
            Expr::Line {
                n,
                exact,
                player,
                dirs,
            } => {
                let p = self.eval_player(player, pos, mover);
                self.has_line(pos, p, *n, *exact, &dirs[p.index()], None) as i64
            }
            Expr::Connected { player, a, b } => {
                let p = self.eval_player(player, pos, mover);
                self.connected(pos, p, *a, *b, None) as i64
            }
            Expr::Groups(player) => {
                let p = self.eval_player(player, pos, mover);
                self.group_count(pos, p) as i64
            }
            Expr::Area(player) => {
                let p = self.eval_player(player, pos, mover);
                self.area(pos, p) as i64
            }
            Expr::InCheck(player) => {
                let p = self.eval_player(player, pos, mover);
                self.in_check(pos, p) as i64
            }
            Expr::Checkmate(player) => {
                let p = self.eval_player(player, pos, mover);
                self.checkmated(pos, p) as i64
            }
        }
    }

    /// The cells of the line through `cell` along `dir` that meet `cond`
    /// for `player`: `cell` itself, the cells ahead and the cells behind
    /// (along the opposite direction), each way followed straight on (its
    /// first continuation) up to the edge of the board or an exit cell,
    /// which is not counted. A line that comes back to `cell` (a ring) is
    /// counted once.
    pub(super) fn count_along(
        &self,
        cond: CondId,
        pos: &Position,
        player: PlayerId,
        cell: CellId,
        dir: DirId,
    ) -> i64 {
        let topo = &self.game.topology;
        let test = |c: CellId| self.test_on(cond, player, c, pos, Seen::NONE) as i64;
        let mut n = test(cell);
        // One way from `cell`: its count, and whether it came back to `cell`.
        let way = |d: DirId| -> (i64, bool) {
            let (mut at, mut d, mut n) = (cell, d, 0);
            for _ in 0..topo.cells() {
                let next = topo.step(at, d);
                if !next.is_some() || topo.is_exit(next) {
                    break;
                }
                if next == cell {
                    return (n, true);
                }
                n += test(next);
                match topo.continue_dirs(at, d).next() {
                    Some(d2) => d = d2,
                    None => break,
                }
                at = next;
            }
            (n, false)
        };
        let (ahead, ring) = way(dir);
        n += ahead;
        if !ring && let Some(back) = topo.opposite[dir.0 as usize] {
            n += way(back).0;
        }
        n
    }

    /// The pieces of `kinds` on the cells of `cells[owner]` of `owner`, or (no
    /// owner) each piece on its owner's cells, a neutral piece on any player's.
    fn count_in(&self, pos: &Position, kinds: &[PieceKind], cells: &[Vec<u64>], owner: Option<usize>) -> i64 {
        let on = |owner: usize| -> u32 {
            let Some(mask) = cells.get(owner.min(self.players)) else {
                return 0;
            };
            let mut n = 0;
            for &kind in kinds {
                for &code in self.codes.of(kind, owner) {
                    let set = &pos.occupied[code as usize * pos.words..][..pos.words];
                    n += set
                        .iter()
                        .zip(mask)
                        .map(|(a, b)| (a & b).count_ones())
                        .sum::<u32>();
                }
            }
            n
        };
        match owner {
            Some(o) => on(o) as i64,
            None => (0..=self.players).map(on).sum::<u32>() as i64,
        }
    }

    pub(super) fn eval_player(&self, e: &Expr, pos: &Position, mover: PlayerId) -> PlayerId {
        match e {
            // The usual ones, without the arithmetic.
            Expr::Player(p) => *p,
            Expr::Mover => mover,
            _ => PlayerId(self.eval(e, pos, mover).rem_euclid(self.players as i64) as u8),
        }
    }

    /// The result the end rules give now, `mover` being the player who just
    /// moved. With `with_limit` — after a whole move, not between two of its
    /// actions — the rules that read the last move are checked too, and the
    /// turn limit after the results.
    /// `changed` lists the cells the last move changed (`None`: unknown, so
    /// lines and connections are looked for everywhere).
    #[inline]
    pub(super) fn decided(
        &self,
        pos: &Position,
        mover: PlayerId,
        with_limit: bool,
        changed: Option<&[CellId]>,
    ) -> Option<Outcome> {
        let result = if self.plain_results {
            self.first_result::<false>(pos, mover, with_limit, changed)
        } else {
            self.first_special_result(pos, mover, with_limit, changed)
        };
        if result.is_none() && with_limit {
            return self.limit_reached(pos, mover);
        }
        result
    }

    /// [`Engine::first_result`] where some end rule has a compiled arrival
    /// test or reads the last move: out of line, so as not to weigh on the
    /// plain copy inlined into [`Engine::decided`].
    #[inline(never)]
    fn first_special_result(
        &self,
        pos: &Position,
        mover: PlayerId,
        with_limit: bool,
        changed: Option<&[CellId]>,
    ) -> Option<Outcome> {
        self.first_result::<true>(pos, mover, with_limit, changed)
    }

    /// The result of the first end rule that holds (see [`Engine::decided`]).
    /// `SPECIAL`: some rule has a compiled arrival test or reads the last
    /// move, and both are looked for; without, neither is.
    #[inline(always)]
    fn first_result<const SPECIAL: bool>(
        &self,
        pos: &Position,
        mover: PlayerId,
        with_limit: bool,
        changed: Option<&[CellId]>,
    ) -> Option<Outcome> {
        // No changed cell any arrival test looks for: none of them holds.
        let arrivals = SPECIAL
            && !matches!((changed, &self.any_arrival), (Some(cells), Some(any)) if !any.among(pos, cells));
        for (i, rule) in self.game.end.results.iter().enumerate() {
            if SPECIAL && rule.whole_move && !with_limit {
                continue;
            }
            let holds = match changed {
                Some(cells) if self.local[i] => {
                    match if SPECIAL { self.arrivals[i].as_ref() } else { None } {
                        Some(arrival) => arrivals && arrival.among(pos, cells),
                        None => self.eval_local(&rule.when, pos, mover, cells),
                    }
                }
                _ => self.eval(&rule.when, pos, mover) != 0,
            };
            if holds {
                return Some(self.settle(rule.outcome, pos, mover));
            }
        }
        None
    }

    /// The result of the first end rule with a compiled arrival test that
    /// holds, looking at the cells a move changed (`None`: all of them).
    /// (Asked only where some end result has one: `any_arrival`.)
    #[inline]
    pub(super) fn arrived(
        &self,
        pos: &Position,
        mover: PlayerId,
        changed: Option<&[CellId]>,
    ) -> Option<Outcome> {
        if let (Some(cells), Some(any)) = (changed, &self.any_arrival)
            && !any.among(pos, cells)
        {
            return None;
        }
        for (rule, arrival) in self.game.end.results.iter().zip(&self.arrivals) {
            let Some(arrival) = arrival else { continue };
            let holds = match changed {
                Some(cells) => arrival.among(pos, cells),
                None => self.eval(&rule.when, pos, mover) != 0,
            };
            if holds {
                return Some(self.settle(rule.outcome, pos, mover));
            }
        }
        None
    }

    /// Evaluates a line or connection condition on the cells a move changed
    /// only. (Inlined into both copies of [`Engine::first_result`]: a call
    /// for each end rule measured slower.)
    #[inline(always)]
    fn eval_local(&self, expr: &Expr, pos: &Position, mover: PlayerId, cells: &[CellId]) -> bool {
        match expr {
            Expr::Line {
                n,
                exact,
                player,
                dirs,
            } => {
                let p = self.eval_player(player, pos, mover);
                self.has_line(pos, p, *n, *exact, &dirs[p.index()], Some(cells))
            }
            Expr::Connected { player, a, b } => {
                let p = self.eval_player(player, pos, mover);
                self.connected(pos, p, *a, *b, Some(cells))
            }
            // A guard, then a local part (see `guarded_mover_row`).
            Expr::Binary(crate::ir::BinOp::And, guard, local) => {
                self.eval(guard, pos, mover) != 0 && self.eval_local(local, pos, mover, cells)
            }
            other => self.eval(other, pos, mover) != 0,
        }
    }

    /// The end of the game when the turn limit has been reached.
    #[inline]
    pub(super) fn limit_reached(&self, pos: &Position, mover: PlayerId) -> Option<Outcome> {
        let (limit, how) = self.game.end.turn_limit.as_ref()?;
        let limit = self.eval(limit, pos, mover);
        (limit > 0 && pos.ply as i64 >= limit).then(|| self.end_by(*how, pos, mover))
    }

    /// The outcome of a rule that ends the game in the given way.
    pub(super) fn end_by(&self, how: EndOutcome, pos: &Position, mover: PlayerId) -> Outcome {
        match how {
            EndOutcome::Draw => self.settle(Outcome::Draw, pos, mover),
            EndOutcome::BestScore => {
                let scores: Vec<i64> = self
                    .game
                    .end
                    .scores
                    .iter()
                    .map(|e| self.eval(e, pos, mover))
                    .collect();
                let best = scores.iter().copied().max().unwrap_or(0);
                let mut leaders = (0..scores.len()).filter(|&p| scores[p] == best);
                match (leaders.next(), leaders.next()) {
                    (Some(p), None) => Outcome::Win(PlayerId(p as u8)),
                    _ => self.settle(Outcome::Draw, pos, mover),
                }
            }
        }
    }

    /// A draw becomes a win where an `on draw` rule says so.
    pub(super) fn settle(&self, outcome: Outcome, pos: &Position, mover: PlayerId) -> Outcome {
        if outcome != Outcome::Draw {
            return outcome;
        }
        for (cond, winner) in &self.game.end.draw_winners {
            if self.eval(cond, pos, mover) != 0 {
                return Outcome::Win(*winner);
            }
        }
        Outcome::Draw
    }

    /// The trigger index fired when a piece of `kind` owned by `owner` enters `cell`.
    #[inline]
    pub(super) fn trigger_at(&self, owner: usize, kind: PieceKind, cell: CellId) -> Option<usize> {
        if owner >= self.players {
            return None;
        }
        let cells = self.game.topology.cells();
        let t = self.game.trigger_at[(owner * self.kinds + kind.index()) * cells + cell.index()];
        (t != 0).then(|| t as usize - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::CondTable;
    use crate::engine::eval::Seen;
    use crate::ir::{CellId, PlayerId};

    /// The flat neighbour tables give what the condition trees they replace
    /// give, for every player and cell of random boards.
    #[test]
    fn neighbour_tables_equal_their_condition_trees() {
        let text = "game \"t\"\nplayers A, B\nboard grid files a..e ranks 1..4\n\
            directions orth = n, e, s, w\n\
            piece S letter S { drop: onto empty and not next s is empty }\n\
            piece T letter T { drop: onto empty and next orth is enemy and not next n is friend }\n\
            piece U letter U { drop: onto next orth is S and not next e is empty and not next w is T }\n\
            supply S, T, U\nend { no move: draw }\n";
        let e = crate::engine::engine_of(text);
        let flat: Vec<usize> = (0..e.cond_tables.len())
            .filter(|&i| matches!(e.cond_tables[i], CondTable::Neighbours(_)))
            .collect();
        assert!(
            flat.len() >= 3,
            "the three drop targets are flat tables: {flat:?}"
        );
        let cells = e.game.topology.board_cells;
        let mut pos = e.start();
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..500 {
            crate::engine::random_board(&e, &mut pos, &mut rng);
            for &i in &flat {
                let CondTable::Neighbours(table) = &e.cond_tables[i] else {
                    unreachable!("filtered above")
                };
                let tree = e.compile_cond(&e.game.conds[i]);
                for p in 0..2 {
                    let player = PlayerId(p);
                    for c in 0..cells {
                        let cell = CellId(c as u16);
                        assert_eq!(
                            table.holds(player, cell, &pos.board),
                            e.test_node(&tree, player, cell, &pos, Seen::NONE),
                            "condition {i}, player {p}, cell {c}"
                        );
                    }
                    let mut listed = Vec::new();
                    table.each_holding(player, &pos.board, cells, |c| listed.push(c));
                    let expected: Vec<CellId> = (0..cells)
                        .map(|c| CellId(c as u16))
                        .filter(|&c| table.holds(player, c, &pos.board))
                        .collect();
                    assert_eq!(listed, expected);
                }
            }
        }
    }

    /// The bit sets of a tabulated condition list, in order, the board's
    /// cells where its table holds, on random boards (exits never listed).
    #[test]
    fn cell_masks_list_the_cells_where_the_table_holds() {
        let text = "game \"t\"\nplayers A, B\nboard grid files a..j ranks 1..9 {\n  exits n\n}\n\
            region dark = cells where (file + rank) % 2 == 0\n\
            piece S letter S { drop: onto empty and in dark }\n\
            piece T letter T { drop: onto enemy or (empty and not in dark) }\n\
            supply S, T\nend { no move: draw }\n";
        let e = crate::engine::engine_of(text);
        let tables: Vec<usize> = (0..e.cond_tables.len())
            .filter(|&i| matches!(e.cond_tables[i], CondTable::Table { .. }))
            .collect();
        assert!(tables.len() >= 2, "the two drop targets are tables: {tables:?}");
        let cells = e.game.topology.board_cells;
        assert!(
            cells > 64 && e.game.topology.cells() > cells,
            "two words, and exits"
        );
        let mut pos = e.start();
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200 {
            crate::engine::random_board(&e, &mut pos, &mut rng);
            for &i in &tables {
                let cond = crate::ir::CondId(i as u16);
                let masks = e.cell_masks(cond).expect("a table");
                for p in 0..2 {
                    let player = PlayerId(p);
                    let mut listed = Vec::new();
                    masks.each_holding(player, &pos, |c| listed.push(c));
                    let expected: Vec<CellId> = (0..cells)
                        .map(|c| CellId(c as u16))
                        .filter(|&c| e.test(cond, player, c, pos.board[c.index()]))
                        .collect();
                    assert_eq!(listed, expected, "condition {i}, player {p}");
                }
            }
        }
    }
}
