//! A fixed action encoding: every legal move of a game gets an id below
//! [`ActionSpace::size`], the same id for the same move in every position.
//!
//! A move is named by its *head*, read from its first action: a drop of a
//! kind on a cell, a piece picked up on one cell whose action ends on
//! another, a piece taken off a cell, a turn of a block of cells, or a pass.
//! The heads are numbered in blocks, in this order:
//!
//! | block | ids | present when |
//! | --- | --- | --- |
//! | drops | `kind × cells + cell` | some rule is a drop rule |
//! | moves | `from × cells + to` | some rule moves a piece |
//! | removals | `cell` | always |
//! | turns | `transform` | always (one per transform of the rules) |
//! | pass | one id | always |
//!
//! Moves that share a head (a promotion's choices, captures along different
//! paths, turns of several actions) are told apart by a *slot*: their rank
//! among the legal moves with that head, ordered by their tokens, so that
//! slot 0 is the first. An id is `slot × heads + head`, with [`ActionSpace::slots`]
//! slots (the kinds of the rules plus one unless asked otherwise), so that
//! a game whose heads never collide uses ids below [`ActionSpace::heads`]
//! only. A move whose slot is beyond the last, or whose first action has
//! no head of the blocks present, cannot be encoded: [`ActionSpace::encode`]
//! leaves it out and counts it ([`Actions::unencodable`]).

use crate::engine::{Engine, MoveBuf, MoveRef, Token};

/// The action ids of one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionSpace {
    cells: usize,
    kinds: usize,
    /// Where each block starts (`usize::MAX`: absent).
    drops: usize,
    moves: usize,
    removals: usize,
    turns: usize,
    pass: usize,
    heads: usize,
    slots: usize,
}

/// The legal moves of a position with their action ids, ascending.
#[derive(Debug, Clone, Default)]
pub struct Actions {
    /// `(id, index of the move in the buffer)`, by id.
    pub ids: Vec<(u32, u32)>,
    /// Legal moves that have no id (see the module's documentation).
    pub unencodable: usize,
    /// Scratch: `(head, index)` of every move.
    heads: Vec<(u32, u32)>,
}

const ABSENT: usize = usize::MAX;

impl ActionSpace {
    /// The encoding of `engine`'s game with `slots` slots per head (`None`:
    /// the number of kinds plus one).
    pub fn new(engine: &Engine, slots: Option<usize>) -> ActionSpace {
        let game = engine.game();
        let cells = game.topology.cells();
        let kinds = game.kinds.len();
        let mut next = 0;
        let mut block = |present: bool, size: usize| {
            if present {
                next += size;
                next - size
            } else {
                ABSENT
            }
        };
        let drops = block(game.rules.iter().any(|r| r.drop), kinds * cells);
        let moves = block(game.rules.iter().any(|r| !r.drop), cells * cells);
        let removals = block(true, cells);
        let turns = block(true, game.transforms.len());
        let pass = block(true, 1);
        ActionSpace {
            cells,
            kinds,
            drops,
            moves,
            removals,
            turns,
            pass,
            heads: next,
            slots: slots.unwrap_or(kinds + 1).max(1),
        }
    }

    /// The number of ids: every id is below it.
    pub fn size(&self) -> usize {
        self.heads * self.slots
    }

    /// The number of heads (the ids of slot 0 are those below it).
    pub fn heads(&self) -> usize {
        self.heads
    }

    /// The number of slots per head.
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// The head of a move, if its first action has one in this encoding.
    pub fn head(&self, mv: MoveRef) -> Option<usize> {
        let mut tokens = mv.tokens().skip_while(|t| !t.starts_action());
        let at = |base: usize, offset: usize| (base != ABSENT).then_some(base + offset);
        match tokens.next()? {
            Token::Drop(kind) => {
                let cell = tokens.find_map(|t| match t {
                    Token::Place(c) => Some(c),
                    _ => None,
                })?;
                at(self.drops, kind.index() * self.cells + cell.index())
            }
            Token::From(from) => {
                let to = tokens
                    .take_while(|t| !t.starts_action())
                    .filter_map(|t| match t {
                        Token::To(c) | Token::Capture(c) => Some(c),
                        _ => None,
                    })
                    .last()
                    .unwrap_or(from);
                at(self.moves, from.index() * self.cells + to.index())
            }
            Token::Take(cell) => at(self.removals, cell.index()),
            Token::Turn(t) => at(self.turns, t as usize),
            Token::Pass => at(self.pass, 0),
            // A promotion's placing never starts a move.
            _ => None,
        }
    }

    /// The ids of the moves in `buf.moves` (legal moves, as
    /// [`Engine::legal_moves`] lists them) into `out`.
    pub fn encode(&self, buf: &MoveBuf, out: &mut Actions) {
        out.ids.clear();
        out.heads.clear();
        out.unencodable = 0;
        let moves = &buf.moves;
        for i in 0..moves.len() {
            match self.head(moves.get(i)) {
                Some(h) => out.heads.push((h as u32, i as u32)),
                None => out.unencodable += 1,
            }
        }
        out.heads.sort_unstable_by_key(|&(h, _)| h);
        if out.heads.windows(2).all(|w| w[0].0 != w[1].0) {
            // No two moves share a head: every id is its head (slot 0), in order.
            out.ids.extend_from_slice(&out.heads);
            return;
        }
        let mut start = 0;
        while start < out.heads.len() {
            let head = out.heads[start].0;
            let mut end = start + 1;
            while end < out.heads.len() && out.heads[end].0 == head {
                end += 1;
            }
            let group = &mut out.heads[start..end];
            if group.len() > 1 {
                group.sort_unstable_by(|a, b| moves.get(a.1 as usize).cmp(&moves.get(b.1 as usize)));
            }
            let mut slot = 0;
            for k in 0..group.len() {
                // The same move listed twice gets one id.
                if k > 0 && moves.get(group[k].1 as usize) == moves.get(group[k - 1].1 as usize) {
                    continue;
                }
                if slot < self.slots {
                    out.ids.push(((slot * self.heads) as u32 + head, group[k].1));
                } else {
                    out.unencodable += 1;
                }
                slot += 1;
            }
            start = end;
        }
        out.ids.sort_unstable_by_key(|&(id, _)| id);
    }

    /// Which block an id's head lies in and where: for documentation and
    /// tests (`("drop", kind, cell)`, `("move", from, to)`, `("remove", cell,
    /// 0)`, `("turn", transform, 0)`, `("pass", 0, 0)`), with its slot.
    pub fn describe(&self, id: usize) -> Option<(&'static str, usize, usize, usize)> {
        if id >= self.size() {
            return None;
        }
        let (slot, head) = (id / self.heads, id % self.heads);
        let within = |base: usize, size: usize| {
            (base != ABSENT && head >= base && head < base + size).then(|| head - base)
        };
        let (name, a, b) = if let Some(h) = within(self.drops, self.kinds * self.cells) {
            ("drop", h / self.cells, h % self.cells)
        } else if let Some(h) = within(self.moves, self.cells * self.cells) {
            ("move", h / self.cells, h % self.cells)
        } else if let Some(h) = within(self.removals, self.cells) {
            ("remove", h, 0)
        } else if head == self.pass {
            ("pass", 0, 0)
        } else {
            ("turn", head - self.turns, 0)
        };
        Some((name, a, b, slot))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Position, engine_of};
    use crate::notation;

    /// Drops on a 3×3 board.
    const DROPS: &str = "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..3\n\
        piece S letter S { drop: onto empty }\nsupply S\nend { no move: draw }\n";

    /// Runners stepping ahead, which become one of four kinds on the last rank.
    const CHOICES: &str = "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..3\n\
        directions ahead = A: n; B: s\nregion last = A: rank 3; B: rank 1\n\
        piece R letter R { move go: step ahead onto empty }\n\
        piece T letter T { move go: step ahead onto empty }\n\
        piece W letter W { move go: step ahead onto empty }\n\
        piece F letter F { move go: step ahead onto empty }\n\
        piece G letter G { move go: step ahead onto empty }\n\
        promote R in last: T, W, F, G\n\
        setup { A: R at a1 a2  B: R at c3 }\nend { no move: draw }\n";

    fn ids_of(engine: &Engine, space: &ActionSpace, pos: &Position) -> (Vec<(u32, String)>, usize) {
        let mut buf = MoveBuf::new();
        let mut actions = Actions::default();
        engine.legal_moves(pos, &mut buf);
        space.encode(&buf, &mut actions);
        let ids = (actions.ids.iter())
            .map(|&(id, i)| (id, notation::format(engine, buf.moves.get(i as usize))))
            .collect();
        (ids, actions.unencodable)
    }

    fn cell(engine: &Engine, name: &str) -> usize {
        engine.game().topology.cell_named(name).unwrap().index()
    }

    #[test]
    fn drops_are_numbered_by_kind_and_cell() {
        let e = engine_of(DROPS);
        let space = ActionSpace::new(&e, None);
        // Drops of one kind on 9 cells, no moves, 9 removals, no turns, a pass.
        assert_eq!((space.heads(), space.slots(), space.size()), (19, 2, 38));
        let (ids, unencodable) = ids_of(&e, &space, &e.start());
        assert_eq!(unencodable, 0);
        assert!(
            ids.iter()
                .all(|(id, text)| *text == format!("S@{}", e.game().topology.cell_names[*id as usize]))
        );
        assert_eq!(space.describe(4), Some(("drop", 0, 4, 0)));
        assert_eq!(space.describe(18), Some(("pass", 0, 0, 0)));
        assert_eq!(space.describe(19 + 9), Some(("remove", 0, 0, 1)));
        assert_eq!(space.describe(38), None);
    }

    #[test]
    fn piece_moves_are_numbered_by_their_cells_and_keep_their_ids() {
        let e = engine_of(CHOICES);
        let space = ActionSpace::new(&e, None);
        assert_eq!(space.heads(), 9 * 9 + 9 + 1);
        let (ids, _) = ids_of(&e, &space, &e.start());
        let (id, _) = ids.iter().find(|(_, t)| t.starts_with("a2-a3")).unwrap().clone();
        let (_, from, to, slot) = space.describe(id as usize).unwrap();
        assert_eq!((cell(&e, "a2"), cell(&e, "a3"), 0), (from, to, slot));
        let after = notation::play_sequence(&e, "a2-a3=T c3-c2").unwrap();
        let (again, _) = ids_of(&e, &space, &after);
        let a1 = again.iter().find(|(_, t)| t == "a1-a2").unwrap().0 as usize;
        assert_eq!(
            space.describe(a1),
            Some(("move", cell(&e, "a1"), cell(&e, "a2"), 0))
        );
    }

    #[test]
    fn moves_sharing_a_head_take_slots_and_those_beyond_the_last_are_counted() {
        let e = engine_of(CHOICES);
        let space = ActionSpace::new(&e, None);
        assert_eq!(space.slots(), 6);
        let (ids, unencodable) = ids_of(&e, &space, &e.start());
        assert_eq!(unencodable, 0);
        let choices: Vec<usize> = (ids.iter())
            .filter(|(_, t)| t.starts_with("a2-a3"))
            .map(|&(id, _)| id as usize / space.heads())
            .collect();
        assert_eq!(choices, vec![0, 1, 2, 3]);
        let narrow = ActionSpace::new(&e, Some(2));
        let (few, unencodable) = ids_of(&e, &narrow, &e.start());
        assert_eq!((unencodable, few.len()), (2, ids.len() - 2));
    }
}
