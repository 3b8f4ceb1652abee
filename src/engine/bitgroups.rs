//! Connections between regions by bit sets: a player's pieces are the union
//! of the bit sets of their piece codes, a group grows by whole words of
//! neighbours, and a region is a bit set too, so that asking whether a group
//! touches both regions costs a few word operations per piece of the group
//! instead of a look at every neighbour of every piece.

use std::cell::RefCell;

use super::{Engine, Position};
use crate::ir::{CellId, PlayerId, Topology};

/// The board's adjacency and regions as bit sets, built once per engine.
#[derive(Debug, Clone, Default)]
pub(super) struct BitTables {
    /// u64 words per bit set (as in [`Position`]).
    words: usize,
    /// `neighbours[cell * words..]`: the board cells next to `cell` along
    /// the adjacency, for every board cell.
    neighbours: Vec<u64>,
    /// `regions[(region * players + player) * words..]`: the region's cells
    /// for the player.
    regions: Vec<u64>,
    players: usize,
    /// `codes_of[player]`: the piece codes the player owns.
    codes_of: Vec<Vec<u8>>,
}

impl BitTables {
    /// The tables of `topo` along `adjacency`, with `owner[code]` the owner
    /// of each piece code (code 0, nothing, owns nothing).
    pub(super) fn of(
        topo: &Topology,
        adjacency: &[crate::ir::DirId],
        owner: &[u8],
        players: usize,
    ) -> BitTables {
        let cells = topo.cells();
        let words = cells.div_ceil(64);
        let mut neighbours = vec![0u64; topo.board_cells * words];
        for c in 0..topo.board_cells {
            for &d in adjacency {
                let n = topo.step(CellId(c as u16), d);
                if n.is_some() && !topo.is_exit(n) && n.index() < topo.board_cells {
                    neighbours[c * words + n.index() / 64] |= 1 << (n.index() % 64);
                }
            }
        }
        let mut regions = vec![0u64; topo.regions.len() * players * words];
        for (r, region) in topo.regions.iter().enumerate() {
            for (p, member) in region.member.iter().enumerate().take(players) {
                let set = &mut regions[(r * players + p) * words..][..words];
                for c in (0..cells).filter(|&c| member[c]) {
                    set[c / 64] |= 1 << (c % 64);
                }
            }
        }
        let codes_of = super::codes::codes_by_owner(owner, players);
        BitTables {
            words,
            neighbours,
            regions,
            players,
            codes_of,
        }
    }

    /// The cells of `region` for `player`.
    fn region(&self, region: usize, player: PlayerId) -> &[u64] {
        &self.regions[(region * self.players + player.index()) * self.words..][..self.words]
    }
}

/// Reused space: the player's pieces, the group being grown, the pieces
/// already grouped, and the group's pieces not yet spread from.
#[derive(Default)]
struct Space {
    mine: Vec<u64>,
    group: Vec<u64>,
    seen: Vec<u64>,
    stack: Vec<u16>,
}

thread_local! {
    static SPACE: RefCell<Space> = RefCell::new(Space::default());
}

/// Whether bit `c` is set in `set`.
#[inline]
fn has(set: &[u64], c: usize) -> bool {
    set[c / 64] & (1 << (c % 64)) != 0
}

impl Engine {
    /// Whether a group of `player`'s pieces touches regions `a` and `b`; with
    /// `changed`, only the groups through those cells are looked at.
    pub(super) fn connected(
        &self,
        pos: &Position,
        player: PlayerId,
        a: usize,
        b: usize,
        changed: Option<&[CellId]>,
    ) -> bool {
        let t = &self.bits;
        let words = t.words;
        let board = self.game.topology.board_cells;
        let owns = |c: usize| {
            let code = pos.board[c];
            code != 0 && self.codes.owner[code as usize] == player.0
        };
        if changed.is_some_and(|cells| !cells.iter().any(|c| c.index() < board && owns(c.index()))) {
            return false;
        }
        SPACE.with(|s| {
            let s = &mut *s.borrow_mut();
            s.mine.clear();
            s.mine.resize(words, 0);
            for &code in &t.codes_of[player.index()] {
                let set = &pos.occupied[code as usize * words..][..words];
                s.mine.iter_mut().zip(set).for_each(|(m, w)| *m |= w);
            }
            s.seen.clear();
            s.seen.resize(words, 0);
            let (ra, rb) = (t.region(a, player), t.region(b, player));
            let mut joins = |start: usize| {
                if start >= board || !has(&s.mine, start) || has(&s.seen, start) {
                    return false;
                }
                let found = grow(t, s, start, ra, rb);
                s.seen.iter_mut().zip(&s.group).for_each(|(seen, g)| *seen |= g);
                found
            };
            match changed {
                Some(cells) => cells.iter().any(|&c| joins(c.index())),
                None => (0..board).filter(|&c| has(ra, c)).any(joins),
            }
        })
    }
}

/// Grows the group of the piece on `start` into `s.group` (among `s.mine`);
/// whether it touches both `ra` and `rb` (it stops as soon as it does).
fn grow(t: &BitTables, s: &mut Space, start: usize, ra: &[u64], rb: &[u64]) -> bool {
    let words = t.words;
    s.group.clear();
    s.group.resize(words, 0);
    s.group[start / 64] |= 1 << (start % 64);
    let (mut in_a, mut in_b) = (has(ra, start), has(rb, start));
    s.stack.clear();
    s.stack.push(start as u16);
    while let Some(c) = s.stack.pop() {
        if in_a && in_b {
            return true;
        }
        let near = &t.neighbours[c as usize * words..][..words];
        for w in 0..words {
            let mut new = near[w] & s.mine[w] & !s.group[w];
            if new == 0 {
                continue;
            }
            s.group[w] |= new;
            in_a |= new & ra[w] != 0;
            in_b |= new & rb[w] != 0;
            while new != 0 {
                s.stack.push((w * 64 + new.trailing_zeros() as usize) as u16);
                new &= new - 1;
            }
        }
    }
    in_a && in_b
}

#[cfg(test)]
mod tests {
    use crate::engine::engine_of as engine;
    use crate::engine::position::NoJournal;
    use crate::ir::{CellId, PlayerId};

    /// On random boards of a hexagonal grid (two kinds each, so that a
    /// player's pieces span several codes), a connection by bit sets is
    /// found exactly where the groups grown cell by cell join both regions,
    /// looked for everywhere and from each cell.
    #[test]
    fn connections_by_bit_sets_agree_with_groups_grown_cell_by_cell() {
        let e = engine(
            "game \"t\"\nplayers A, B\nboard grid files a..i ranks 1..9\nadjacency n, e, s, w, se, nw\n\
             region home = A: first rank; B: first file\nregion goal = A: last rank; B: last file\n\
             piece S letter S { drop: onto empty }\npiece T letter T { drop: onto empty }\nsupply S, T\n\
             end { for P in players: win P when connected(P, home, goal) }\n",
        );
        let cells = e.game.topology.board_cells;
        let (home, goal) = (0, 1);
        let codes: Vec<u8> = (1..e.codes.owner.len() as u8)
            .filter(|&c| e.codes.owner[c as usize] < 2)
            .collect();
        assert!(codes.len() >= 4, "two kinds of each player");
        let mut pos = e.start();
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        let mut found = [0, 0];
        for _ in 0..400 {
            for c in 0..cells {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                // Mostly pieces, so that long groups are common.
                let pick = (rng % (codes.len() as u64 * 5 / 4)) as usize;
                let code = codes.get(pick).copied().unwrap_or(0);
                pos.set(CellId(c as u16), code, &mut NoJournal);
            }
            for p in [PlayerId(0), PlayerId(1)] {
                let expected = !e.connecting_cells(&pos, p, home, goal).is_empty();
                found[p.index()] += expected as u32;
                assert_eq!(e.connected(&pos, p, home, goal, None), expected);
                let each = (0..cells).map(|c| CellId(c as u16)).any(|c| {
                    let one = [c];
                    e.connected(&pos, p, home, goal, Some(&one))
                });
                assert_eq!(each, expected);
            }
        }
        assert!(found.iter().all(|&f| f > 20 && f < 380), "{found:?}");
    }
}
