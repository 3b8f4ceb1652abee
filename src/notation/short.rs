//! Moves as players write them for short, read against the legal moves: a
//! bare cell (`d1` for the only drop there, `e4` for the only move landing
//! there), a piece letter and a destination (`Nf3`, `Nxf3`), with the
//! start's file, rank or cell when more than one piece could go (`Nbd7`,
//! `R1a3`, `Ng1f3`), a capture named by its file (`exd5`), a chain by its
//! two ends (`c3xg7`), and a promotion (`e8=Q`). Actions of a move of
//! several are joined by `,` as in the full notation, each in any of these
//! forms. A capture mark is optional; one written where nothing is captured
//! does not fit. A text that names a cell before its destination (`b1-b5`,
//! `b1b5`) is a full move: only a move from that cell fits it.

use crate::engine::{Engine, Move, MoveBuf, MoveList, MoveRef, Position, Token};
use crate::ir::{CellId, PieceKind};

/// What a move typed by a player stands for among the legal moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reading {
    /// The full notation of a legal move.
    Exact(Move),
    /// A short form that exactly one legal move fits; `full` is its notation.
    Short { mv: Move, full: String },
    /// A short form that several legal moves fit: their notation, sorted.
    Ambiguous(Vec<String>),
    /// No legal move is written so.
    Unknown,
}

/// Reads `text` as a legal move of `pos`: its full notation, else a short form.
pub fn read(engine: &Engine, pos: &Position, text: &str, buf: &mut MoveBuf) -> Reading {
    engine.legal_moves(pos, buf);
    read_among(engine, pos, text, &buf.moves)
}

/// Reads `text` as one of `moves` (moves, or single actions, that could be
/// made in `pos`, legal or not): its full notation, else a short form.
pub fn read_among(engine: &Engine, pos: &Position, text: &str, moves: &MoveList) -> Reading {
    let text = text.trim();
    if let Some(mv) = moves.iter().find(|m| super::format(engine, *m) == text) {
        return Reading::Exact(mv.to_move());
    }
    // No move holds more actions than a turn may: a longer text fits none,
    // and is not read part by part (a text of thousands of actions).
    if text.split(',').nth(crate::ir::ids::MAX_ACTIONS).is_some() {
        return Reading::Unknown;
    }
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.iter().any(|p| p.is_empty()) {
        return Reading::Unknown;
    }
    let names = &engine.game().topology.cell_names;
    let fitting = |fold: bool| -> Vec<(String, Move)> {
        let starts: Vec<Vec<usize>> = parts.iter().map(|p| cell_prefixes(p, names, fold)).collect();
        let mut found: Vec<(String, Move)> = moves
            .iter()
            .filter(|mv| {
                let actions = actions_of(engine, pos, *mv);
                actions.len() == parts.len()
                    && actions
                        .iter()
                        .zip(&parts)
                        .zip(&starts)
                        .all(|((a, p), starts)| a.fits(p, names, starts, fold))
            })
            .map(|mv| (super::format(engine, mv), mv.to_move()))
            .collect();
        found.sort_by(|a, b| a.0.cmp(&b.0));
        found.dedup_by(|a, b| a.0 == b.0);
        found
    };
    // Letter case tells a piece (`B`) from a file (`b`); only when nothing
    // fits as typed is case ignored (`E4`, `nF3`).
    let mut found = fitting(false);
    if found.is_empty() {
        found = fitting(true);
    }
    match found.len() {
        0 => Reading::Unknown,
        1 => {
            let (full, mv) = found.remove(0);
            Reading::Short { mv, full }
        }
        _ => Reading::Ambiguous(found.into_iter().map(|(t, _)| t).collect()),
    }
}

/// Whether `text` has the shape of a short form (actions joined by `,`, each
/// ending with a cell name, maybe with `=Letter`), legal or not.
pub fn looks_short(text: &str) -> bool {
    text.split(',').all(|action| {
        let body = action.split_once('=').map_or(action, |(b, _)| b);
        let digits = body.len() - body.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let head = &body[..body.len() - digits];
        digits > 0
            && head.ends_with(|c: char| c.is_ascii_alphabetic())
            && head
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+x-@".contains(c))
            && !head.contains("--")
    })
}

/// One action of a legal move, as the short forms see it.
#[derive(Debug, Default)]
struct ActionView {
    pass: bool,
    /// The letter of the piece that acts (that moves, or is dropped).
    letter: Option<String>,
    /// Where a moving piece starts.
    from: Option<CellId>,
    /// Where it lands last, or where a piece is dropped or removed.
    to: Option<CellId>,
    /// Whether it is a drop (`L@cell`).
    dropped: bool,
    /// Whether it is a removal on its own (`xcell`).
    taken: bool,
    /// Whether it captures.
    captures: bool,
    /// The letter of the piece it becomes (`=Q`).
    becomes: Option<String>,
    /// How a block of cells turns (`q1+90`), written only in full.
    turned: Option<String>,
}

/// The actions of `mv` at `pos`, with the kind of each moving piece (read
/// off the board as the earlier actions of the move left it).
fn actions_of(engine: &Engine, pos: &Position, mv: MoveRef) -> Vec<ActionView> {
    let game = engine.game();
    let letter = |k: PieceKind| game.kinds[k.index()].letter.clone();
    // Cells the move's earlier actions emptied or filled.
    let mut moved: Vec<(CellId, Option<PieceKind>)> = Vec::new();
    let kind_at = |moved: &[(CellId, Option<PieceKind>)], c: CellId| match moved
        .iter()
        .rev()
        .find(|(at, _)| *at == c)
    {
        Some((_, k)) => *k,
        None => engine.piece_at(pos, c).map(|(_, k)| k),
    };
    let mut out: Vec<ActionView> = Vec::new();
    let mut hand: Option<PieceKind> = None;
    for t in mv.written_order().into_iter().filter(|t| t.shown()) {
        match t {
            Token::From(c) => {
                // The previous action's piece now stands where it landed.
                if let Some(to) = out.last().filter(|a| !a.dropped && !a.taken).and_then(|a| a.to) {
                    moved.push((to, hand));
                }
                hand = kind_at(&moved, c);
                moved.push((c, None));
                out.push(ActionView {
                    letter: hand.map(letter),
                    from: Some(c),
                    ..ActionView::default()
                });
            }
            Token::Drop(k) | Token::Promote(k) => out.push(ActionView {
                letter: Some(letter(k)),
                dropped: true,
                ..ActionView::default()
            }),
            Token::Take(c) => out.push(ActionView {
                to: Some(c),
                taken: true,
                captures: true,
                ..ActionView::default()
            }),
            Token::Pass => out.push(ActionView {
                pass: true,
                ..ActionView::default()
            }),
            Token::Turn(t) => out.push(ActionView {
                turned: Some(game.transforms[t as usize].name.clone()),
                ..ActionView::default()
            }),
            Token::To(c) | Token::Place(c) => {
                if let Some(a) = out.last_mut() {
                    a.to = Some(c);
                }
            }
            Token::Capture(c) => {
                if let Some(a) = out.last_mut() {
                    a.to = Some(c);
                    a.captures = true;
                }
            }
            Token::Become(k) => {
                if let Some(a) = out.last_mut() {
                    a.becomes = Some(letter(k));
                }
            }
            _ => {}
        }
    }
    out
}

/// The lengths of the beginnings of `typed` that are the name of a cell
/// (compared ignoring case with `fold`): where the text may name the cell a
/// move starts from.
fn cell_prefixes(typed: &str, names: &[String], fold: bool) -> Vec<usize> {
    (1..typed.len())
        .filter(|&len| {
            typed.get(..len).is_some_and(|head| {
                names.iter().any(|n| {
                    if fold {
                        n.eq_ignore_ascii_case(head)
                    } else {
                        n == head
                    }
                })
            })
        })
        .collect()
}

impl ActionView {
    /// Whether `typed` is one of the ways to write this action for short;
    /// `starts` are the lengths of its beginnings that name a cell
    /// ([`cell_prefixes`]). Text that names a start cell before the
    /// destination is written as a full move: only a move from that cell fits.
    fn fits(&self, typed: &str, names: &[String], starts: &[usize], fold: bool) -> bool {
        let same = |a: &str, b: &str| if fold { a.eq_ignore_ascii_case(b) } else { a == b };
        if self.pass {
            return same(typed, "pass");
        }
        if let Some(turned) = &self.turned {
            return same(typed, turned);
        }
        let (body, promotion) = match typed.split_once('=') {
            Some((body, p)) => (body, Some(p)),
            None => (typed, None),
        };
        match (promotion, &self.becomes) {
            (Some(p), Some(b)) if same(p, b) => {}
            (Some(_), _) => return false,
            (None, _) => {}
        }
        let Some(to) = self.to else {
            return false;
        };
        let dest = names[to.index()].as_str();
        if self.taken {
            return same(body, dest) || body.strip_prefix('x').is_some_and(|c| same(c, dest));
        }
        // What may stand before the destination: the piece's letter, a hint
        // of where it starts, and a separator.
        let Some(before) = strip_suffix(body, dest, fold) else {
            return false;
        };
        let (before, sep) = match before.chars().last() {
            Some('x') if self.captures => (&before[..before.len() - 1], true),
            Some('-') if self.from.is_some() => (&before[..before.len() - 1], true),
            _ => (before, false),
        };
        if self.dropped {
            let at = before.strip_suffix('@').unwrap_or(before);
            return !sep && (at.is_empty() || self.letter.as_deref().is_some_and(|l| same(at, l)));
        }
        let Some(from) = self.from else {
            return false;
        };
        let start = names[from.index()].as_str();
        if starts.contains(&before.len()) {
            return same(before, start);
        }
        let hints = hints(start);
        let hinted = |h: &str| h.is_empty() || hints.iter().any(|x| same(h, x));
        // A hint alone (`exd5`, `c3xg7`, `c3-g7`), or the letter and a hint.
        if !before.is_empty() && hints.iter().any(|x| same(before, x)) && (sep || before == start) {
            return true;
        }
        match &self.letter {
            Some(l) if before.get(..l.len()).is_some_and(|head| same(head, l)) => hinted(&before[l.len()..]),
            _ => before.is_empty() && !sep,
        }
    }
}

/// `text` without `suffix` at its end (compared ignoring case with `fold`).
fn strip_suffix<'a>(text: &'a str, suffix: &str, fold: bool) -> Option<&'a str> {
    let cut = text.len().checked_sub(suffix.len())?;
    let (head, tail) = (text.get(..cut)?, text.get(cut..)?);
    let same = if fold {
        tail.eq_ignore_ascii_case(suffix)
    } else {
        tail == suffix
    };
    same.then_some(head)
}

/// How a start cell may be hinted: its file letters, its rank digits (for
/// names like `g1`), and the whole name.
fn hints(cell: &str) -> Vec<&str> {
    let letters = cell.chars().take_while(|c| c.is_ascii_alphabetic()).count();
    let mut out = vec![cell];
    if letters > 0 && letters < cell.len() && cell[letters..].chars().all(|c| c.is_ascii_digit()) {
        out.push(&cell[..letters]);
        out.push(&cell[letters..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{hints, looks_short};

    #[test]
    fn short_shapes_end_with_a_cell() {
        for ok in [
            "e4",
            "Nf3",
            "Nxf3",
            "exd5",
            "Nbd2",
            "e8=Q",
            "D@d1",
            "c3xg7",
            "Na6,f8-g6",
        ] {
            assert!(looks_short(ok), "{ok}");
        }
        for bad in ["", "N", "pass", "e4e", "N f3", "4", "e4,", "c3--d4"] {
            assert!(!looks_short(bad), "{bad}");
        }
    }

    #[test]
    fn a_start_is_hinted_by_its_file_its_rank_or_itself() {
        assert_eq!(hints("g1"), ["g1", "g", "1"]);
        assert_eq!(hints("aa10"), ["aa10", "aa", "10"]);
        assert_eq!(hints("centre"), ["centre"]);
    }
}
