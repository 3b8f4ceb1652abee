//! Where two versions of a game first disagree: the positions reached from
//! the start by the same moves in both (moves matched by their notation, the
//! language both versions share), taken in breadth-first order, each
//! compared by its legal moves and its status.

use std::collections::BTreeMap;
use std::fmt;

use crate::engine::{Engine, MoveBuf, Position, Status};
use crate::ir::PlayerId;
use crate::notation;

/// How many moves [`first_difference`] lists at most by default (both
/// versions' together, each listed move named and, above the last level,
/// made): about a second of work, and every position of the first three or
/// four moves of most games.
pub const MAX_LISTED: u64 = 2_000_000;

/// Why the positions of two versions cannot be compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Incomparable {
    /// Other players, or the same ones in another order.
    Players { old: Vec<String>, new: Vec<String> },
    /// Other cells on the board (the cells of each that the other lacks).
    Board {
        only_old: Vec<String>,
        only_new: Vec<String>,
    },
}

impl fmt::Display for Incomparable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Incomparable::Players { old, new } => write!(
                f,
                "the players differ: {} in the old version, {} in the new",
                old.join(", "),
                new.join(", ")
            ),
            Incomparable::Board { only_old, only_new } => {
                let cells = |names: &[String]| match names {
                    [] => "none".to_string(),
                    names if names.len() > 8 => {
                        format!("{} … and {} more", names[..8].join(" "), names.len() - 8)
                    }
                    names => names.join(" "),
                };
                write!(
                    f,
                    "the boards differ: cells only in the old version: {}; only in the new: {}",
                    cells(only_old),
                    cells(only_new)
                )
            }
        }
    }
}

/// Whether the positions of `old` and `new` can be compared: the same
/// players in the same order, and the same cells on the board.
pub fn comparable(old: &Engine, new: &Engine) -> Result<(), Incomparable> {
    let (a, b) = (old.game(), new.game());
    if a.players != b.players {
        return Err(Incomparable::Players {
            old: a.players.clone(),
            new: b.players.clone(),
        });
    }
    let cells = |e: &Engine| {
        let t = &e.game().topology;
        let mut names = t.cell_names[..t.board_cells].to_vec();
        names.sort();
        names
    };
    let (a, b) = (cells(old), cells(new));
    if a != b {
        let missing = |from: &[String], other: &[String]| -> Vec<String> {
            from.iter()
                .filter(|c| other.binary_search(c).is_err())
                .cloned()
                .collect()
        };
        return Err(Incomparable::Board {
            only_old: missing(&a, &b),
            only_new: missing(&b, &a),
        });
    }
    Ok(())
}

/// A position where the two versions disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The moves from the start that reach it, legal in both versions.
    pub line: Vec<String>,
    /// Its status in the old version and in the new.
    pub status: [Status; 2],
    /// The player to move in each, `None` where the game is over.
    pub to_move: [Option<PlayerId>; 2],
    /// The legal moves of both, sorted by their bytes.
    pub common: Vec<String>,
    /// The legal moves of the old version only, and of the new only, sorted.
    pub only_old: Vec<String>,
    pub only_new: Vec<String>,
}

/// What [`first_difference`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovesDiff {
    /// The first position that differs, if one was found.
    pub first: Option<Difference>,
    /// The positions compared.
    pub compared: u64,
    /// The moves listed to compare them and to reach them, in both versions.
    pub listed: u64,
    /// Every position reached by fewer than this many moves was compared
    /// (the depth asked for, unless a difference or the budget stopped the
    /// search before).
    pub complete: u32,
}

/// The first position, in breadth-first order (by the number of moves from
/// the start, then by the moves' notation, in byte order), reached by fewer
/// than `depth` moves legal in both versions, whose legal moves or status
/// differ in the two. It stops before comparing a position once it has
/// listed `budget` moves (see [`MovesDiff::listed`]).
///
/// The versions must be [`comparable`]. The search deepens one move at a
/// time from the start, keeping only the line it is on, so that it needs no
/// more memory on a large board than on a small one.
pub fn first_difference(old: &Engine, new: &Engine, depth: u32, budget: u64) -> MovesDiff {
    let mut walk = Walk {
        engines: [old, new],
        budget,
        compared: 0,
        listed: 0,
        line: Vec::new(),
        buf: MoveBuf::new(),
    };
    let (old_start, new_start) = (old.start(), new.start());
    for ply in 0..depth {
        let step = walk.level(&old_start, &new_start, ply);
        let first = match step {
            Step::Same { reached: true } => continue,
            // No line is that long: none is longer either.
            Step::Same { reached: false } => break,
            Step::Found(d) => Some(*d),
            Step::Stopped => None,
        };
        return MovesDiff {
            first,
            compared: walk.compared,
            listed: walk.listed,
            complete: ply,
        };
    }
    MovesDiff {
        first: None,
        compared: walk.compared,
        listed: walk.listed,
        complete: depth,
    }
}

/// The search of [`first_difference`]: the line it is on.
struct Walk<'a> {
    /// The old version, then the new.
    engines: [&'a Engine; 2],
    budget: u64,
    compared: u64,
    listed: u64,
    line: Vec<String>,
    buf: MoveBuf,
}

/// How a level of the search ended.
enum Step {
    /// No difference; `reached` when some position was at that level.
    Same { reached: bool },
    /// A difference (boxed: it is found once).
    Found(Box<Difference>),
    /// The budget of moves listed ran out.
    Stopped,
}

impl Walk<'_> {
    /// Compares the positions `depth` moves below `old` and `new`, in order:
    /// a depth-first walk that keeps the children still to visit of each
    /// level in a list, not on the stack, so that no depth can overflow it.
    fn level(&mut self, old: &Position, new: &Position, depth: u32) -> Step {
        if depth == 0 {
            return self.leaf(old, new);
        }
        let mut reached = false;
        let mut levels = vec![self.matched_children(old, new).into_iter()];
        while let Some(children) = levels.last_mut() {
            let Some((name, old_child, new_child)) = children.next() else {
                levels.pop();
                // The move that led to the level just done (none for the first).
                self.line.pop();
                continue;
            };
            self.line.push(name);
            if levels.len() as u32 == depth {
                match self.leaf(&old_child, &new_child) {
                    Step::Same { reached: r } => reached |= r,
                    other => return other,
                }
                self.line.pop();
            } else {
                let below = self.matched_children(&old_child, &new_child).into_iter();
                levels.push(below);
            }
        }
        Step::Same { reached }
    }

    /// Compares two positions reached by the line, unless the budget is spent.
    fn leaf(&mut self, old: &Position, new: &Position) -> Step {
        if self.listed >= self.budget {
            return Step::Stopped;
        }
        self.compared += 1;
        match self.compare(old, new) {
            Some(d) => Step::Found(Box::new(d)),
            None => Step::Same { reached: true },
        }
    }

    /// The children of `old` and `new` reached by a move of the same name, in
    /// the order of the names; the moves listed count toward the budget.
    fn matched_children(&mut self, old: &Position, new: &Position) -> Vec<(String, Position, Position)> {
        let old_children = named_children(self.engines[0], old);
        let mut new_children = named_children(self.engines[1], new);
        self.listed += (old_children.len() + new_children.len()) as u64;
        old_children
            .into_iter()
            .filter_map(|(name, old_child)| {
                let new_child = new_children.remove(&name)?;
                Some((name, old_child, new_child))
            })
            .collect()
    }

    /// The difference between two positions reached by the same line, if any.
    fn compare(&mut self, old: &Position, new: &Position) -> Option<Difference> {
        let [a, b] = self.engines;
        let moves = [
            notation::legal_move_names(a, old, &mut self.buf),
            notation::legal_move_names(b, new, &mut self.buf),
        ];
        self.listed += (moves[0].len() + moves[1].len()) as u64;
        let status = [status_of(a, old, &moves[0]), status_of(b, new, &moves[1])];
        if moves[0] == moves[1] && status[0] == status[1] {
            return None;
        }
        let (common, only_old, only_new) = split(&moves[0], &moves[1]);
        let mover = |e: &Engine, pos: &Position, s: Status| (s == Status::Ongoing).then(|| e.mover(pos));
        Some(Difference {
            line: self.line.clone(),
            status,
            to_move: [mover(a, old, status[0]), mover(b, new, status[1])],
            common,
            only_old,
            only_new,
        })
    }
}

/// The status of `pos`, whose legal moves are `moves`: what
/// [`Engine::status`] says, without listing the moves again.
fn status_of(engine: &Engine, pos: &Position, moves: &[String]) -> Status {
    match pos.result() {
        Some(outcome) => Status::Over(outcome),
        None if moves.is_empty() => Status::Over(engine.no_move_outcome(pos)),
        None => Status::Ongoing,
    }
}

/// The positions after each legal move, by the move's notation (the first
/// of two moves written alike).
fn named_children(engine: &Engine, pos: &Position) -> BTreeMap<String, Position> {
    let mut children = BTreeMap::new();
    for (mv, child) in engine.children(pos) {
        children
            .entry(notation::format(engine, mv.as_ref()))
            .or_insert(child);
    }
    children
}

/// The names in both sorted lists, in `a` only, in `b` only.
fn split(a: &[String], b: &[String]) -> (Vec<String>, Vec<String>, Vec<String>) {
    let (mut both, mut only_a, mut only_b) = (Vec::new(), Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x == y => {
                both.push(x.clone());
                i += 1;
                j += 1;
            }
            (Some(x), Some(y)) if x < y => {
                only_a.push(x.clone());
                i += 1;
            }
            (Some(x), None) => {
                only_a.push(x.clone());
                i += 1;
            }
            (_, Some(y)) => {
                only_b.push(y.clone());
                j += 1;
            }
            (None, None) => unreachable!("the loop runs while a list has names left"),
        }
    }
    (both, only_a, only_b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::engine_of;
    use crate::ir::Outcome;

    /// Stones dropped on a row of `cells` cells; a line of `line` wins.
    fn row(cells: &str, line: u32) -> String {
        format!(
            "game \"t\"\nplayers A, B\nboard grid files a..{cells} ranks 1..1\n\
             piece S letter S {{ drop: onto empty }}\nsupply S\n\
             end {{ for P in players: win P when line({line}, P)  no move: draw }}\n"
        )
    }

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_same_rules_differ_nowhere() {
        let e = engine_of(&row("c", 3));
        let diff = first_difference(&e, &e, 3, MAX_LISTED);
        assert_eq!(diff.first, None);
        // The start, 3 positions after one move, 6 after two.
        assert_eq!((diff.compared, diff.complete), (1 + 3 + 6, 3));
        // Listed: the start's 3 moves in each version; then the start's
        // again, to reach the 3 positions of 2 moves each; then the start's,
        // the 3 positions' and the 6 positions' of 1 move each.
        assert_eq!(diff.listed, 2 * (3 + (3 + 3 * 2) + (3 + 3 * 2 + 6)));
        // Past the end of every game the search stops early.
        let deep = first_difference(&e, &e, 10, MAX_LISTED);
        assert_eq!((deep.first, deep.complete), (None, 10));
        assert_eq!(deep.compared, 1 + 3 + 6 + 6);
    }

    #[test]
    fn a_walk_of_any_depth_runs_in_a_small_stack() {
        let engine = crate::engine::engine_of(crate::engine::ENDLESS_RULES);
        let diff = std::thread::Builder::new()
            .stack_size(128 * 1024)
            .spawn(move || first_difference(&engine, &engine, 1_000, MAX_LISTED))
            .expect("a thread")
            .join()
            .expect("no overflow");
        assert_eq!((diff.first, diff.complete, diff.compared), (None, 1_000, 1_000));
    }

    #[test]
    fn a_larger_board_differs_at_the_start() {
        let (old, new) = (engine_of(&row("c", 3)), engine_of(&row("d", 3)));
        // The boards differ, so the versions are not comparable; the walk
        // itself still names the moves.
        assert_eq!(
            comparable(&old, &new),
            Err(Incomparable::Board {
                only_old: vec![],
                only_new: names(&["d1"])
            })
        );
        let first = first_difference(&old, &new, 2, MAX_LISTED)
            .first
            .expect("a difference");
        assert_eq!(first.line, Vec::<String>::new());
        assert_eq!(first.only_new, names(&["S@d1"]));
        assert!(first.only_old.is_empty());
        assert_eq!(first.common, names(&["S@a1", "S@b1", "S@c1"]));
    }

    #[test]
    fn a_shorter_line_wins_sooner() {
        let (old, new) = (engine_of(&row("c", 3)), engine_of(&row("c", 2)));
        assert_eq!(comparable(&old, &new), Ok(()));
        let diff = first_difference(&old, &new, 4, MAX_LISTED);
        let first = diff.first.expect("a difference");
        // A at a1, B at b1, A at c1 fills the row without a line of two; A
        // at a1, B at c1, A at b1 is a line of two for A: a win in the new,
        // a full row and so a draw in the old.
        assert_eq!(first.line, names(&["S@a1", "S@c1", "S@b1"]));
        assert_eq!(first.status[1], Status::Over(Outcome::Win(PlayerId(0))));
        assert_eq!(first.status[0], Status::Over(Outcome::Draw));
        assert_eq!(first.to_move, [None, None]);
        assert_eq!(diff.complete, 3);
        let pos = notation::play_sequence(&old, &first.line.join(" ")).expect("legal");
        assert_eq!(old.status(&pos, &mut MoveBuf::new()), first.status[0]);
    }

    #[test]
    fn the_budget_stops_the_search() {
        let e = engine_of(&row("c", 3));
        // 24 moves listed for the positions of up to 1 move; then 6 + 4 to
        // reach the first position of 2 moves, which is not compared.
        let diff = first_difference(&e, &e, 3, 25);
        assert_eq!((diff.first, diff.compared, diff.complete), (None, 4, 2));
        assert_eq!(diff.listed, 34);
        // The budget is checked before each comparison: the last may pass it.
        let exact = first_difference(&e, &e, 2, 21);
        assert_eq!((exact.compared, exact.listed, exact.complete), (4, 24, 2));
    }

    #[test]
    fn other_players_are_refused() {
        let old = engine_of(&row("c", 3));
        let new = engine_of(&row("c", 3).replace("players A, B", "players B, A"));
        let e = comparable(&old, &new).expect_err("other order");
        assert_eq!(
            e.to_string(),
            "the players differ: A, B in the old version, B, A in the new"
        );
    }

    #[test]
    fn lists_split_into_both_and_each() {
        let (both, a, b) = split(&names(&["a", "c", "d"]), &names(&["b", "c", "e"]));
        assert_eq!(
            (both, a, b),
            (names(&["c"]), names(&["a", "d"]), names(&["b", "e"]))
        );
        assert_eq!(split(&[], &[]), (vec![], vec![], vec![]));
    }
}
