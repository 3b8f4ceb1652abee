//! Moves in notation taken apart into actions, compared loosely (case,
//! separators), and listed grouped by piece and wrapped to the screen.

use rulebook::engine::{Engine, Position};
use rulebook::ir::CellId;

use crate::cli::board_text;

/// One action of a move as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// `pass`.
    Pass,
    /// `L@cell`.
    Drop { letter: String, cell: String },
    /// `c3-d4`, `c3xe5xg7`: the cells in order and the separator before each
    /// landing (`-`, `x`, or `?` when the writer gave none).
    Path { cells: Vec<String>, seps: Vec<char> },
}

impl Action {
    /// The cell where the acting piece stands at the start, for moves.
    pub fn start_cell(&self) -> Option<&str> {
        match self {
            Action::Path { cells, .. } => cells.first().map(String::as_str),
            _ => None,
        }
    }

    /// Equal up to letter case and separators.
    pub fn loosely_eq(&self, other: &Action) -> bool {
        match (self, other) {
            (Action::Pass, Action::Pass) => true,
            (Action::Drop { letter: a, cell: c }, Action::Drop { letter: b, cell: d }) => {
                a.eq_ignore_ascii_case(b) && c.eq_ignore_ascii_case(d)
            }
            (Action::Path { cells: a, .. }, Action::Path { cells: b, .. }) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.eq_ignore_ascii_case(y))
            }
            _ => false,
        }
    }

    /// Whether `self` (as typed) is the start of `other`: the same action, or a
    /// path that `other` goes on from.
    pub fn starts(&self, other: &Action) -> bool {
        match (self, other) {
            (Action::Path { cells: a, .. }, Action::Path { cells: b, .. }) => {
                a.len() <= b.len() && a.iter().zip(b).all(|(x, y)| x.eq_ignore_ascii_case(y))
            }
            _ => self.loosely_eq(other),
        }
    }
}

/// Reads a move written loosely: any letter case, spaces, `-`, `x` or
/// nothing between cells (`c3 d4`, `C3D4`, `g8xf6`), `pass`, `N@b8`, actions
/// joined by `,`. `None` when it is not shaped like a move.
pub fn parse_loose(text: &str) -> Option<Vec<Action>> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    text.split(',').map(|a| parse_action(a.trim())).collect()
}

fn parse_action(text: &str) -> Option<Action> {
    if text.eq_ignore_ascii_case("pass") {
        return Some(Action::Pass);
    }
    if let Some((letter, cell)) = text.split_once('@') {
        let (letter, cell) = (letter.trim(), cell.trim());
        let ok_cell = read_cell(cell).is_some_and(|(_, rest)| rest.is_empty());
        if letter.is_empty() || !letter.chars().all(|c| c.is_alphanumeric()) || !ok_cell {
            return None;
        }
        return Some(Action::Drop {
            letter: letter.to_string(),
            cell: cell.to_string(),
        });
    }
    let mut cells = Vec::new();
    let mut seps = Vec::new();
    let mut rest = text;
    let (first, r) = read_cell(rest)?;
    cells.push(first);
    rest = r;
    while !rest.is_empty() {
        let trimmed = rest.trim_start();
        let mut sep = '?';
        let mut after = trimmed;
        if let Some(c) = trimmed.chars().next()
            && matches!(c, '-' | 'x' | 'X' | ':' | '–' | '×')
        {
            let tail = &trimmed[c.len_utf8()..];
            // `x5` after a cell is a cell named x5, not a capture of `5`.
            let tail_is_cell = read_cell(tail.trim_start()).is_some();
            if !matches!(c, 'x' | 'X') || tail_is_cell {
                sep = match c {
                    'x' | 'X' | ':' | '×' => 'x',
                    _ => '-',
                };
                after = tail.trim_start();
            }
        }
        let (cell, r) = read_cell(after)?;
        cells.push(cell);
        seps.push(sep);
        rest = r;
    }
    // A lone cell (`c3`) is not a move, but it is a useful start of one.
    Some(Action::Path { cells, seps })
}

/// Reads `letters digits` from the start of `s`; returns the cell (letters
/// lower-cased) and the rest.
fn read_cell(s: &str) -> Option<(String, &str)> {
    let letters = s.chars().take_while(|c| c.is_ascii_alphabetic()).count();
    let digits = s[letters..].chars().take_while(|c| c.is_ascii_digit()).count();
    if letters == 0 || digits == 0 {
        return None;
    }
    let end = letters + digits;
    Some((s[..end].to_ascii_lowercase(), &s[end..]))
}

/// A legal move: its notation and its actions.
#[derive(Debug, Clone)]
pub struct Named {
    pub text: String,
    pub actions: Vec<Action>,
}

/// The legal moves, in notation, each taken apart.
pub fn named_moves(names: &[String]) -> Vec<Named> {
    names
        .iter()
        .map(|n| Named {
            text: n.clone(),
            actions: parse_loose(n).unwrap_or_default(),
        })
        .collect()
}

/// The text of actions `from..` of a move, joined by `,`.
pub fn tail_text(text: &str, from: usize) -> String {
    text.split(',').skip(from).collect::<Vec<_>>().join(",")
}

/// The screen width to wrap to: the terminal's, else `$COLUMNS`, else 80.
pub fn screen_width() -> usize {
    let terminal = terminal_size::terminal_size().map(|(w, _)| w.0 as usize);
    terminal
        .or_else(|| {
            std::env::var("COLUMNS")
                .ok()
                .and_then(|c| c.parse::<usize>().ok())
        })
        .filter(|&c| c >= 40)
        .unwrap_or(80)
        .min(160)
}

/// Prose wrapped to `width`: each line on its own, continuation lines
/// indented like the line (two more after a bullet `•` or a number `12.`).
pub fn wrap_prose(text: &str, width: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let lead = line.chars().take_while(|c| *c == ' ').count();
        let body = &line[lead..];
        let extra = if body.starts_with("• ") {
            2
        } else {
            let digits = body.chars().take_while(|c| c.is_ascii_digit()).count();
            if digits > 0 && body[digits..].starts_with(". ") {
                digits + 2
            } else {
                0
            }
        };
        let words: Vec<String> = body.split(' ').map(String::from).collect();
        out.push_str(&wrap_hanging(&" ".repeat(lead), &words, width, lead + extra));
        out.push('\n');
    }
    out
}

/// The width of text on screen: characters, not counting ANSI colour codes.
pub fn visible_len(s: &str) -> usize {
    let mut n = 0;
    let mut escape = false;
    for c in s.chars() {
        match (escape, c) {
            (false, '\x1b') => escape = true,
            (true, 'm') => escape = false,
            (true, _) => {}
            (false, _) => n += 1,
        }
    }
    n
}

/// `head` then the items separated by spaces, wrapped to `width` with
/// continuation lines indented under the first item.
pub fn wrap(head: &str, items: &[String], width: usize) -> String {
    let head_len = visible_len(head);
    // Continuation lines go under the first item, unless that is too far right.
    let indent = if head_len > width / 2 { 4 } else { head_len };
    wrap_hanging(head, items, width, indent)
}

/// `head` then the items separated by spaces, wrapped to `width` with
/// continuation lines indented by `indent` columns. No line is wider than
/// `width` unless one item alone is.
pub fn wrap_hanging(head: &str, items: &[String], width: usize, indent: usize) -> String {
    let head_len = visible_len(head);
    let mut out = head.to_string();
    let mut col = head_len;
    for (i, item) in items.iter().enumerate() {
        let len = visible_len(item);
        if i == 0 {
            if col + len > width && col > indent {
                out = out.trim_end().to_string();
                out.push('\n');
                out.push_str(&" ".repeat(indent));
                col = indent;
            }
        } else if col + 1 + len > width {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            col = indent;
        } else {
            out.push(' ');
            col += 1;
        }
        out.push_str(item);
        col += len;
    }
    out
}

/// The moves grouped by the piece that acts first (or drop letter, or pass),
/// one group a line, wrapped. Multi-action moves are shown as first actions
/// with the actions that may follow them.
pub fn grouped(engine: &Engine, pos: &Position, moves: &[Named], width: usize) -> String {
    let game = engine.game();
    // Group keys in order of first appearance (moves are sorted).
    let mut keys: Vec<String> = Vec::new();
    for m in moves {
        let key = group_key(m);
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    let label_of = |key: &str| -> String {
        if key == "pass" {
            return "pass".into();
        }
        if let Some(letter) = key.strip_suffix('@') {
            return format!("{letter} from reserve:");
        }
        let cell = game
            .topology
            .cell_names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(key))
            .map(|c| CellId(c as u16));
        match cell.and_then(|c| engine.piece_at(pos, c)) {
            Some((owner, kind)) => format!("{} on {key}:", board_text::kind_symbol(engine, owner, kind)),
            None => format!("{key}:"),
        }
    };
    let label_w = keys
        .iter()
        .map(|k| label_of(k).chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for key in &keys {
        let group: Vec<&Named> = moves.iter().filter(|m| group_key(m) == *key).collect();
        if key == "pass" {
            out.push_str(&format!("  {}\n", "pass"));
            continue;
        }
        let head = format!("  {:<label_w$} ", label_of(key));
        // First actions, and what may follow each.
        let mut firsts: Vec<(String, bool, Vec<String>)> = Vec::new();
        for m in &group {
            let first = m.text.split(',').next().unwrap_or("").to_string();
            let rest = tail_text(&m.text, 1);
            let entry = match firsts.iter_mut().find(|(f, _, _)| *f == first) {
                Some(e) => e,
                None => {
                    firsts.push((first.clone(), false, Vec::new()));
                    firsts.last_mut().expect("just pushed")
                }
            };
            if rest.is_empty() {
                entry.1 = true;
            } else {
                entry.2.push(format!(",{rest}"));
            }
        }
        if firsts.iter().all(|(_, _, follow)| follow.is_empty()) {
            let items: Vec<String> = firsts.into_iter().map(|(f, _, _)| f).collect();
            out.push_str(&wrap(&head, &items, width));
            out.push('\n');
            continue;
        }
        // First actions with the same followers and the same "alone" are shown together.
        let mut bundles: Vec<(Vec<String>, bool, Vec<String>)> = Vec::new();
        for (first, alone, follow) in firsts {
            match bundles.iter_mut().find(|(_, a, f)| *a == alone && *f == follow) {
                Some(b) => b.0.push(first),
                None => bundles.push((vec![first], alone, follow)),
            }
        }
        let pad = " ".repeat(head.chars().count());
        for (i, (firsts, alone, follow)) in bundles.iter().enumerate() {
            let lead = if i == 0 { head.clone() } else { pad.clone() };
            out.push_str(&wrap(&lead, firsts, width));
            out.push('\n');
            if !follow.is_empty() {
                let each = if firsts.len() > 1 { "each " } else { "" };
                let how = if *alone {
                    format!("{pad}  {each}alone, or followed by one of: ")
                } else {
                    format!("{pad}  {each}followed by one of: ")
                };
                out.push_str(&wrap(&how, follow, width));
                out.push('\n');
            }
        }
    }
    out
}

fn group_key(m: &Named) -> String {
    match m.actions.first() {
        Some(Action::Pass) | None => "pass".into(),
        Some(Action::Drop { letter, .. }) => format!("{letter}@"),
        Some(Action::Path { cells, .. }) => cells.first().cloned().unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widest(text: &str) -> usize {
        text.lines().map(visible_len).max().unwrap_or(0)
    }

    #[test]
    fn wrapped_prose_stays_within_the_width_after_bullets_and_numbers() {
        let long = "word ".repeat(40);
        for width in [40, 60, 80] {
            for line in [
                format!("  • {long}"),
                format!("12. {long}"),
                format!("    {long}"),
            ] {
                let wrapped = wrap_prose(&line, width);
                assert!(widest(&wrapped) <= width, "{width}:\n{wrapped}");
                assert!(wrapped.lines().count() > 1);
            }
        }
        // Continuation lines start under the text after the bullet.
        let wrapped = wrap_prose(&format!("  • {long}"), 40);
        assert!(
            wrapped.lines().nth(1).is_some_and(|l| l.starts_with("    word")),
            "{wrapped}"
        );
    }

    #[test]
    fn wrapped_lists_stay_within_the_width() {
        let items: Vec<String> = (0..60).map(|i| format!("c{i}-d{i}")).collect();
        for width in [40, 80] {
            let text = wrap("  K on c3: ", &items, width);
            assert!(widest(&text) <= width, "{text}");
        }
    }
}
