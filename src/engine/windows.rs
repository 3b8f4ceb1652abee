//! Rows of pieces by bit sets: the compiled form of `line(N, …)` and `in line
//! of N`. Every run of `N` cells along one axis of the line's directions is a
//! *window*, kept as a bit set together with the cells just beyond its two
//! ends. A player has `N` or more pieces in a row through a cell when some
//! window holding the cell lies inside the player's pieces, and exactly `N`
//! when, besides, neither end cell is the player's. A whole-board question
//! is a pass over the windows, and a question about the cells a move changed
//! looks only at the windows through them (or next to them, for an exact
//! row, which a move also makes by taking a piece from the end of a longer
//! one). The tables exist only where they are exact: every direction has a
//! way back everywhere, no row comes back to its start, the board has no
//! exit cells and its bit sets fit [`MAX_WORDS`] words; elsewhere rows are
//! measured by stepping (`groups.rs`).

use super::{Engine, Position};
use crate::ir::{CellId, DirId, PlayerId, Topology};

/// The most u64 words of a board's bit sets that windows are built for
/// (boards of up to 512 cells).
const MAX_WORDS: usize = 8;

/// The windows of every line length and direction set the rules use.
#[derive(Debug, Clone, Default)]
pub(super) struct RowTables {
    tables: Vec<RowTable>,
    /// `codes_of[player]`: the piece codes the player owns.
    codes_of: Vec<Vec<u8>>,
    words: usize,
}

/// The windows of one line length along one set of directions.
#[derive(Debug, Clone)]
struct RowTable {
    n: u32,
    dirs: Vec<DirId>,
    /// Where the rules' own lists of these directions were when the table
    /// was built (a copy of the rules compares by value).
    asked: Vec<usize>,
    /// Window `w`: its cells at `masks[2 * w * words..]`, the cells beyond
    /// its ends at `masks[(2 * w + 1) * words..]` (`words` u64s each).
    masks: Vec<u64>,
    /// `through[through_start[c]..through_start[c + 1]]`: the windows holding cell `c`.
    through_start: Vec<u32>,
    through: Vec<u32>,
    /// `near[near_start[c]..near_start[c + 1]]`: the windows holding cell
    /// `c` or ending just before it.
    near_start: Vec<u32>,
    near: Vec<u32>,
}

/// A player's pieces as a bit set.
type Own = [u64; MAX_WORDS];

impl RowTables {
    /// Tables for every `(n, dirs)` in `lines` that they can answer exactly,
    /// with `owner[code]` the owner of each piece code.
    pub(super) fn of(
        topo: &Topology,
        reverse: &[Option<DirId>],
        lines: &[(u32, &[DirId])],
        owner: &[u8],
        players: usize,
    ) -> RowTables {
        let words = topo.cells().div_ceil(64);
        let mut tables = Vec::new();
        if words <= MAX_WORDS && topo.board_cells == topo.cells() {
            for (n, dirs) in lines {
                match tables
                    .iter_mut()
                    .find(|t: &&mut RowTable| t.n == *n && t.dirs == *dirs)
                {
                    Some(known) => known.asked.push(dirs.as_ptr() as usize),
                    None => tables.extend(RowTable::of(topo, reverse, *n, dirs)),
                }
            }
        }
        let codes_of = super::codes::codes_by_owner(owner, players);
        RowTables {
            tables,
            codes_of,
            words,
        }
    }

    /// Whether rows of `n` along `dirs` are answered by windows.
    pub(super) fn covers(&self, n: u32, dirs: &[DirId]) -> bool {
        self.table(n, dirs).is_some()
    }

    #[inline]
    fn table(&self, n: u32, dirs: &[DirId]) -> Option<&RowTable> {
        // Most often the directions are the very list a table was built
        // from: their address is compared first.
        let at = dirs.as_ptr() as usize;
        self.tables
            .iter()
            .find(|t| t.n == n && (t.asked.contains(&at) || same_list(&t.dirs, dirs)))
    }

    /// `player`'s pieces in `pos` as the one word of a board of one word.
    #[inline]
    fn own_word(&self, pos: &Position, player: usize) -> u64 {
        self.codes_of[player]
            .iter()
            .fold(0, |own, &code| own | pos.occupied[code as usize])
    }

    /// `player`'s pieces in `pos` as a bit set.
    #[inline]
    fn own(&self, pos: &Position, player: usize) -> Own {
        let mut own = [0u64; MAX_WORDS];
        for &code in &self.codes_of[player] {
            let set = &pos.occupied[code as usize * self.words..][..self.words];
            own.iter_mut().zip(set).for_each(|(o, w)| *o |= w);
        }
        own
    }
}

impl RowTable {
    /// The windows of `n` cells along the axes of `dirs`, if they are exact.
    fn of(topo: &Topology, reverse: &[Option<DirId>], n: u32, dirs: &[DirId]) -> Option<RowTable> {
        let cells = topo.cells();
        let words = cells.div_ceil(64);
        if n == 0 || n > 64 {
            return None;
        }
        let mut axes = Vec::new();
        for (i, &d) in dirs.iter().enumerate() {
            let back = reverse.get(d.0 as usize).copied().flatten()?;
            if !dirs[..i].contains(&back) && !axes.contains(&back) && !axes.contains(&d) {
                axes.push(d);
            }
            if !runs_end(topo, d) || !runs_end(topo, back) {
                return None;
            }
        }
        let mut masks = Vec::new();
        let mut through = vec![Vec::new(); cells];
        let mut near = vec![Vec::new(); cells];
        let set = |mask: &mut [u64], c: CellId| mask[c.index() / 64] |= 1 << (c.index() % 64);
        for &d in &axes {
            let back = reverse[d.0 as usize]?;
            for start in 0..cells {
                let start = CellId(start as u16);
                let mut run = vec![start];
                while run.len() < n as usize {
                    let next = topo.step(run[run.len() - 1], d);
                    if !next.is_some() {
                        break;
                    }
                    run.push(next);
                }
                if run.len() < n as usize {
                    continue;
                }
                let w = (masks.len() / (2 * words)) as u32;
                let mut body = vec![0u64; words];
                let mut ends = vec![0u64; words];
                for &c in &run {
                    set(&mut body, c);
                    through[c.index()].push(w);
                    near[c.index()].push(w);
                }
                for end in [topo.step(start, back), topo.step(run[run.len() - 1], d)] {
                    if end.is_some() {
                        set(&mut ends, end);
                        near[end.index()].push(w);
                    }
                }
                masks.extend(body);
                masks.extend(ends);
            }
        }
        let (through_start, through) = flatten(through);
        let (near_start, near) = flatten(near);
        Some(RowTable {
            n,
            dirs: dirs.to_vec(),
            asked: vec![dirs.as_ptr() as usize],
            masks,
            through_start,
            through,
            near_start,
            near,
        })
    }

    /// Whether window `w` lies inside `own` (and, `exact`, neither end cell does).
    #[inline(always)]
    fn holds(&self, w: u32, own: &Own, words: usize, exact: bool) -> bool {
        let body = &self.masks[2 * w as usize * words..][..words];
        let inside = body.iter().zip(own).all(|(b, o)| b & o == *b);
        inside
            && (!exact
                || self.masks[(2 * w as usize + 1) * words..][..words]
                    .iter()
                    .zip(own)
                    .all(|(e, o)| e & o == 0))
    }

    /// [`Engine::has_line_by_windows`] on a board of one word, where the
    /// player's pieces are `own`.
    #[inline]
    fn has_line_in_word(&self, own: u64, n: u32, exact: bool, changed: Option<&[CellId]>) -> bool {
        match changed {
            // Each window a pair of words, read in order.
            None => {
                own.count_ones() >= n
                    && (self.masks.chunks_exact(2)).any(|w| w[0] & own == w[0] && (!exact || w[1] & own == 0))
            }
            Some(cells) => cells.iter().any(|&c| {
                let c = c.index();
                self.windows_at(c, exact, || own >> c & 1 == 1)
                    .iter()
                    .any(|&w| self.holds_in_word(w, own, exact))
            }),
        }
    }

    /// [`RowTable::holds`] on a board of one word: each window is a pair of words.
    #[inline(always)]
    fn holds_in_word(&self, w: u32, own: u64, exact: bool) -> bool {
        let (body, ends) = (self.masks[2 * w as usize], self.masks[2 * w as usize + 1]);
        body & own == body && (!exact || ends & own == 0)
    }

    /// The windows where a row that a change of cell `c` made can lie: those
    /// next to it for an exact row (a row also appears when a piece leaves
    /// the end of a longer one), else those through it if the player's piece
    /// stands there (`owned`, asked only then: every window through a cell
    /// holds it), else none.
    #[inline(always)]
    fn windows_at(&self, c: usize, exact: bool, owned: impl FnOnce() -> bool) -> &[u32] {
        if c + 1 >= self.through_start.len() {
            return &[];
        }
        let (start, list) = if exact {
            (&self.near_start, &self.near)
        } else if owned() {
            (&self.through_start, &self.through)
        } else {
            return &[];
        };
        &list[start[c] as usize..start[c + 1] as usize]
    }

    /// The number of windows.
    fn windows(&self, words: usize) -> usize {
        self.masks.len() / (2 * words)
    }
}

/// The rows the rules ask about: `(n, directions)` of every `line(N, …)`
/// in the end rules and flags and of every `in line of N` condition, for
/// each player's directions.
pub(super) fn rows_asked(game: &crate::ir::Game) -> Vec<(u32, &[DirId])> {
    let mut out = Vec::new();
    let mut exprs: Vec<&crate::ir::Expr> = game.end.results.iter().map(|r| &r.when).collect();
    exprs.extend(game.flags.iter().map(|f| &f.when));
    exprs.extend(game.end.draw_winners.iter().map(|(e, _)| e));
    while let Some(e) = exprs.pop() {
        use crate::ir::Expr;
        match e {
            Expr::Line { n, dirs, .. } => out.extend(dirs.iter().map(|d| (*n, d.as_slice()))),
            Expr::Opponent(a) | Expr::Not(a) | Expr::Neg(a) => exprs.push(a),
            Expr::Binary(_, a, b) => exprs.extend([&**a, &**b]),
            Expr::If(c, a, b) => exprs.extend([&**c, &**a, &**b]),
            _ => {}
        }
    }
    let mut conds: Vec<&crate::ir::Cond> = game.conds.iter().collect();
    while let Some(c) = conds.pop() {
        use crate::ir::Cond;
        match c {
            Cond::InLine { n, dirs, .. } => out.extend(dirs.iter().map(|d| (*n, d.as_slice()))),
            Cond::Next { cond, .. } | Cond::Ray { cond, .. } | Cond::Not(cond) => conds.push(cond),
            Cond::And(a, b) | Cond::Or(a, b) => conds.extend([&**a, &**b]),
            _ => {}
        }
    }
    out
}

/// Whether two short lists of directions are equal, element by element
/// (no call out for a few bytes).
#[inline(always)]
fn same_list(a: &[DirId], b: &[DirId]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// Lists per cell, flattened: the starts and the items.
fn flatten(lists: Vec<Vec<u32>>) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0];
    let mut items = Vec::new();
    for list in lists {
        items.extend(list);
        start.push(items.len() as u32);
    }
    (start, items)
}

/// Whether following `d` from any cell leaves the board before it could
/// come back to a cell (a row never comes back on itself).
fn runs_end(topo: &Topology, d: DirId) -> bool {
    let cells = topo.cells();
    (0..cells).all(|c| {
        let mut at = CellId(c as u16);
        for _ in 0..=cells {
            at = topo.step(at, d);
            if !at.is_some() {
                return true;
            }
        }
        false
    })
}

impl Engine {
    /// [`Engine::in_line`] by windows, if they answer rows of `n` along `dirs`.
    #[inline]
    pub(super) fn in_line_by_windows(
        &self,
        pos: &Position,
        cell: CellId,
        n: u32,
        exact: bool,
        dirs: &[DirId],
    ) -> Option<bool> {
        let rows = &self.row_windows;
        let table = rows.table(n, dirs)?;
        let code = pos.board[cell.index()];
        if code == 0 {
            return Some(false);
        }
        let owner = self.codes.owner[code as usize] as usize;
        if owner >= rows.codes_of.len() {
            return None;
        }
        let own = rows.own(pos, owner);
        let c = cell.index();
        let list = &table.through[table.through_start[c] as usize..table.through_start[c + 1] as usize];
        if rows.words == 1 {
            return Some(list.iter().any(|&w| table.holds_in_word(w, own[0], exact)));
        }
        Some(list.iter().any(|&w| table.holds(w, &own, rows.words, exact)))
    }

    /// [`Engine::has_line`] by windows, if they answer rows of `n` along
    /// `dirs`: with `changed`, the windows through those cells (and next to
    /// them, for an exact row).
    #[inline]
    pub(super) fn has_line_by_windows(
        &self,
        pos: &Position,
        player: PlayerId,
        n: u32,
        exact: bool,
        dirs: &[DirId],
        changed: Option<&[CellId]>,
    ) -> Option<bool> {
        let rows = &self.row_windows;
        let table = rows.table(n, dirs)?;
        if rows.words == 1 {
            return Some(table.has_line_in_word(rows.own_word(pos, player.index()), n, exact, changed));
        }
        let own = rows.own(pos, player.index());
        let words = rows.words;
        if own[..words].iter().map(|w| w.count_ones()).sum::<u32>() < n {
            return Some(false);
        }
        Some(match changed {
            None => (0..table.windows(words) as u32).any(|w| table.holds(w, &own, words, exact)),
            Some(cells) => cells.iter().any(|&c| {
                let c = c.index();
                table
                    .windows_at(c, exact, || own[c / 64] >> (c % 64) & 1 == 1)
                    .iter()
                    .any(|&w| table.holds(w, &own, words, exact))
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;
    use crate::engine::position::NoJournal;

    /// Every line length from 1 to 5 along every direction of the board of
    /// `rules`: on random boards, and after each random change of a cell,
    /// windows answer as stepping does, and a row a change made is found
    /// through the changed cell.
    fn windows_agree_with_stepping(rules: &str) {
        let mut engine = crate::engine::engine_of(rules);
        let topo = &engine.game.topology;
        let dirs: Vec<DirId> = (0..topo.dir_names.len()).map(|d| DirId(d as u8)).collect();
        let asked: Vec<(u32, &[DirId])> = (1..=5).map(|n| (n, dirs.as_slice())).collect();
        engine.row_windows = RowTables::of(topo, &engine.links_into.reverse, &asked, &engine.codes.owner, 2);
        assert!((1..=5).all(|n| engine.row_windows.covers(n, &dirs)));
        let reverse = engine.links_into.reverse.clone();
        let cells = engine.game.topology.cells();
        let codes: Vec<u8> = (0..engine.codes.owner.len() as u8).collect();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut pos = engine.start();
        let stepping = |pos: &Position, p: usize, n: u32, exact: bool| {
            (0..cells).map(|c| CellId(c as u16)).any(|c| {
                pos.board[c.index()] != 0
                    && engine.codes.owner[pos.board[c.index()] as usize] as usize == p
                    && engine.row_through(pos, c, n, exact, &dirs, &reverse)
            })
        };
        for step in 0..400 {
            let before: Vec<bool> = (0..2)
                .flat_map(|p| (1..=5).flat_map(move |n| [(p, n, false), (p, n, true)]))
                .map(|(p, n, exact)| stepping(&pos, p, n, exact))
                .collect();
            let cell = CellId((crate::engine::uniform(&mut rng, cells as u64)) as u16);
            // Fuller boards now and then, emptier ones after.
            let code = if step % 100 < 60 || crate::engine::uniform(&mut rng, 3) == 0 {
                codes[crate::engine::uniform(&mut rng, codes.len() as u64) as usize]
            } else {
                0
            };
            pos.set(cell, code, &mut NoJournal);
            let mut i = 0;
            for p in 0..2 {
                for n in 1..=5 {
                    for exact in [false, true] {
                        let player = PlayerId(p as u8);
                        let whole = engine.has_line_by_windows(&pos, player, n, exact, &dirs, None);
                        let now = stepping(&pos, p, n, exact);
                        assert_eq!(whole, Some(now), "step {step}, player {p}, n {n}, exact {exact}");
                        let local = engine.has_line_by_windows(&pos, player, n, exact, &dirs, Some(&[cell]));
                        if !before[i] {
                            assert_eq!(local, Some(now), "a new row is found through the changed cell");
                        }
                        i += 1;
                    }
                }
            }
            for c in (0..cells).map(|c| CellId(c as u16)) {
                for (n, exact) in [(3, false), (3, true), (4, false), (2, true)] {
                    assert_eq!(
                        engine.in_line_by_windows(&pos, c, n, exact, &dirs),
                        Some(engine.row_through(&pos, c, n, exact, &dirs, &reverse))
                    );
                }
            }
        }
    }

    #[test]
    fn windows_agree_with_stepping_on_a_grid_with_diagonals() {
        windows_agree_with_stepping(
            "game \"t\"\nplayers A, B\nboard grid files a..f ranks 1..5\npiece S letter S { drop: onto empty }\nsupply S\nend { no move: draw }\n",
        );
    }

    #[test]
    fn windows_agree_with_stepping_on_a_hexagon_and_on_a_board_of_two_words() {
        windows_agree_with_stepping(
            "game \"t\"\nplayers A, B\nboard graph {\n  cells q in a..e, r in 1..5 where q + r >= 4 and q + r <= 8 named \"{q}{r}\"\n  link n: (q, r) -> (q, r + 1)\n  link s: (q, r) -> (q, r - 1)\n  link e: (q, r) -> (q + 1, r)\n  link w: (q, r) -> (q - 1, r)\n  link se: (q, r) -> (q + 1, r - 1)\n  link nw: (q, r) -> (q - 1, r + 1)\n}\npiece S letter S { drop: onto empty }\nsupply S\nend { no move: draw }\n",
        );
        windows_agree_with_stepping(
            "game \"t\"\nplayers A, B\nboard grid files a..l ranks 1..8\npiece S letter S { drop: onto empty }\nsupply S\nend { no move: draw }\n",
        );
    }

    #[test]
    fn a_board_whose_rows_come_back_on_themselves_has_no_windows() {
        let engine = crate::engine::engine_of(
            "game \"t\"\nplayers A, B\nboard graph {\n  cells i in 0..5 named \"c{i}\"\n  link e: (i) -> ((i + 1) % 6)\n  link w: (i) -> ((i + 5) % 6)\n}\npiece S letter S { drop: onto empty }\nsupply S\nend { no move: draw }\n",
        );
        let topo = &engine.game.topology;
        let dirs = vec![DirId(0), DirId(1)];
        let rows = RowTables::of(
            topo,
            &engine.links_into.reverse,
            &[(3, dirs.as_slice())],
            &engine.codes.owner,
            2,
        );
        assert!(!rows.covers(3, &dirs));
    }
}
