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
            Token::Promote(_) => None,
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
    use crate::engine::Position;
    use crate::notation;

    fn engine(name: &str, sets: &[(String, String)]) -> Engine {
        let path = format!("{}/games/{name}.rules", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("shipped game");
        let source = crate::diag::SourceFile::new(path, text);
        Engine::new(crate::load_with(&source, sets).expect("valid rules"), sets).expect("options")
    }

    fn ids_of(engine: &Engine, space: &ActionSpace, pos: &Position) -> Vec<(u32, String)> {
        let mut buf = MoveBuf::new();
        let mut actions = Actions::default();
        engine.legal_moves(pos, &mut buf);
        space.encode(&buf, &mut actions);
        assert_eq!(actions.unencodable, 0);
        (actions.ids.iter())
            .map(|&(id, i)| (id, notation::format(engine, buf.moves.get(i as usize))))
            .collect()
    }

    #[test]
    fn drops_are_numbered_by_kind_and_cell() {
        let e = engine("hex", &[("size".into(), "3".into())]);
        let space = ActionSpace::new(&e, None);
        // Drops of one kind on 9 cells, no moves, 9 removals, no turns, a pass.
        assert_eq!(space.heads(), 9 + 9 + 1);
        assert_eq!(space.slots(), 2);
        let ids = ids_of(&e, &space, &e.start());
        assert_eq!(ids.len(), 9);
        assert!(ids.iter().enumerate().all(|(i, (id, _))| *id as usize == i));
        assert_eq!(space.describe(4), Some(("drop", 0, 4, 0)));
        assert_eq!(space.describe(18), Some(("pass", 0, 0, 0)));
        assert_eq!(space.describe(19 + 9), Some(("remove", 0, 0, 1)));
        assert_eq!(space.describe(38), None);
    }

    #[test]
    fn piece_moves_are_numbered_by_their_cells_and_ids_stay_the_same_across_positions() {
        let e = engine("breakthrough", &[]);
        let space = ActionSpace::new(&e, None);
        assert_eq!(space.heads(), 64 * 64 + 64 + 1);
        let start = e.start();
        let first = ids_of(&e, &space, &start);
        assert_eq!(first.len(), 22);
        let (id, text) = first.iter().find(|(_, t)| t == "a2-a3").unwrap().clone();
        let from = e
            .game()
            .topology
            .cell_names
            .iter()
            .position(|n| n == "a2")
            .unwrap();
        let to = e
            .game()
            .topology
            .cell_names
            .iter()
            .position(|n| n == "a3")
            .unwrap();
        assert_eq!(space.describe(id as usize), Some(("move", from, to, 0)));
        // After a black move far away, a2-a3 keeps its id.
        let after = notation::play_sequence(&e, "b2-b3 h7-h6").unwrap();
        let again = ids_of(&e, &space, &after);
        assert!(again.contains(&(id, text)));
        assert!(!again.iter().any(|(_, t)| t == "b2-b3"));
    }

    #[test]
    fn moves_sharing_a_head_take_slots_and_those_beyond_the_last_are_counted() {
        let e = engine("chess", &[]);
        let pos = crate::position_text::read(&e, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut buf = MoveBuf::new();
        e.legal_moves(&pos, &mut buf);
        let mut actions = Actions::default();
        let space = ActionSpace::new(&e, None);
        space.encode(&buf, &mut actions);
        assert_eq!(actions.unencodable, 0);
        let promotions: Vec<usize> = (actions.ids.iter())
            .filter(|&&(_, i)| notation::format(&e, buf.moves.get(i as usize)).starts_with("b7"))
            .map(|&(id, _)| id as usize / space.heads())
            .collect();
        assert_eq!(promotions, vec![0, 1, 2, 3]);
        let narrow = ActionSpace::new(&e, Some(2));
        narrow.encode(&buf, &mut actions);
        assert_eq!(actions.unencodable, 2);
        assert_eq!(actions.ids.len(), buf.moves.len() - 2);
    }
}
