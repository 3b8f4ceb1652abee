//! Step three of the parse: recovery inside one item after a syntax error.
//! An item with a `{ … }` block (`piece`, `setup`, `turn`, `end`, `board`)
//! that fails to parse is read again statement by statement, within its own
//! range only, so that one broken statement costs only itself and the rest
//! of the item is still checked. Its header is parsed with an empty block;
//! each statement is parsed with its own rule; a broken statement's error
//! is worded by parsing the rest of its block from it (the `*_body` rules of
//! the grammar), as a parse of the whole item would word it.

use pest::Parser;
use pest::iterators::Pair;

use super::SyntaxError;
use super::ast::{BoardShape, Ident, Item, OrderStmt, PieceDecl};
use super::items::Cursor;
use super::lower::Lowerer;
use super::parser::{Rule, RulesParser};
use super::wording::{found_token, found_words, syntax_error, syntax_error_within};
use crate::diag::Span;

/// An item read statement by statement.
pub(super) struct Recovered {
    /// The item, with every statement that parsed.
    pub item: Item,
    /// One error per broken statement (and for the header or the block, if broken).
    pub errors: Vec<SyntaxError>,
    /// Names that the broken statements would have declared (`move step: …`).
    pub broken_names: Vec<String>,
}

/// Reads the item at the cursor (which ends where the cursor's text ends)
/// statement by statement; `first` is the error of parsing it whole. Gives
/// `first` back when the item has no block to read this way, or its header
/// is beyond repair.
pub(super) fn block(text: &str, cursor: Cursor, first: SyntaxError) -> Result<Recovered, SyntaxError> {
    let (start, end) = (cursor.pos, cursor.end());
    let Some(brace) = open_brace(text, start, end) else {
        return Err(first);
    };
    let (mut item, header_broken) = match header(text, start, brace) {
        Some(item) => (item, false),
        None => match piece_placeholder(text, start, brace) {
            Some(item) => (item, true),
            None => return Err(first),
        },
    };
    let Some((rule, body)) = statement_rule(&item) else {
        return Err(first);
    };
    let mut reader = Reader {
        text,
        cursor,
        start,
        bodies: vec![body],
        errors: Vec::new(),
        broken_names: Vec::new(),
        exact: !header_broken,
    };
    let (statements, closed) = reader.statements(brace + 1, rule);
    for statement in statements {
        match statement {
            Statement::Parsed(pair, base) => Lowerer { base }.statement(&mut item, pair),
            Statement::Repeat { turns, span } => {
                if let Item::Turns { stmts, .. } = &mut item {
                    let turns = turns
                        .into_iter()
                        .map(|(pair, base)| Lowerer { base }.order_turn(pair))
                        .collect();
                    stmts.push(OrderStmt::Repeat { turns, span });
                }
            }
        }
    }
    let mut errors = std::mem::take(&mut reader.errors);
    if header_broken {
        // The header's own error comes first.
        errors.insert(0, first);
    } else if closed.is_none() {
        // The block is never closed: the error of reaching its end.
        match reader.error_from(end) {
            Some(error) => errors.push(error),
            None if errors.is_empty() => errors.push(first),
            None => {}
        }
    } else if errors.is_empty() {
        // The item failed for a reason its statements do not show.
        errors.push(first);
    }
    Ok(Recovered {
        item,
        errors,
        broken_names: reader.broken_names,
    })
}

/// A statement that parsed, with the offset its pair's positions count from.
enum Statement<'i> {
    Parsed(Pair<'i, Rule>, usize),
    /// A `repeat { … }` of `turns` read turn by turn after a mistake inside it.
    Repeat {
        turns: Vec<(Pair<'i, Rule>, usize)>,
        span: Span,
    },
}

/// Reads the statements of a block one by one.
struct Reader<'i> {
    text: &'i str,
    /// Moves from statement to statement over white space and comments.
    cursor: Cursor<'i>,
    /// Where the item starts.
    start: usize,
    /// The rules of the blocks being read (from the statement on to the
    /// block's `}`), the innermost last: they word an error as a parse of the
    /// whole item would.
    bodies: Vec<Rule>,
    errors: Vec<SyntaxError>,
    broken_names: Vec<String>,
    /// Whether errors can be worded as a parse of the whole item would word
    /// them (its header parses).
    exact: bool,
}

impl<'i> Reader<'i> {
    /// The statements of `rule` from `from` to the `}` that closes the block,
    /// and where that `}` is (`None` when the item ends first).
    fn statements(&mut self, from: usize, rule: Rule) -> (Vec<Statement<'i>>, Option<usize>) {
        let (text, end) = (self.text, self.cursor.end());
        let mut out = Vec::new();
        self.cursor.move_to(from);
        while !self.cursor.at_end() {
            let at = self.cursor.pos;
            if text[at..].starts_with('}') {
                return (out, Some(at));
            }
            let parsed = RulesParser::parse(rule, &text[at..end]);
            if let Ok(mut pairs) = parsed.clone() {
                let pair = pairs.next().expect("a successful parse yields its statement");
                self.cursor.move_to(at + pair.as_span().end());
                let next = self.cursor.pos;
                // A statement counts only if the block goes on properly after it
                // (`win P when x = 1` parses `win P when x`, then stops at `=`).
                if next >= end || text[next..].starts_with('}') || starts_statement(rule, &text[next..end]) {
                    out.push(Statement::Parsed(pair, at));
                    continue;
                }
            }
            if rule == Rule::order_stmt
                && starts_word(&text[at..end], "repeat")
                && let Some(brace) = open_brace(text, at, end)
            {
                // A mistake inside `repeat { … }`: read its turns one by one.
                self.bodies.push(Rule::repeat_body);
                let (turns, closed) = self.statements(brace + 1, Rule::order_turn);
                self.bodies.pop();
                let turns = turns
                    .into_iter()
                    .filter_map(|t| match t {
                        Statement::Parsed(pair, base) => Some((pair, base)),
                        Statement::Repeat { .. } => None,
                    })
                    .collect();
                let stop = closed.map_or(end, |c| c + 1);
                out.push(Statement::Repeat {
                    turns,
                    span: Span::new(at, stop),
                });
                self.cursor.move_to(stop);
                continue;
            }
            let worded = if self.exact { self.error_from(at) } else { None };
            let error = match (worded, parsed) {
                (Some(error), _) => error,
                (None, Err(err)) => syntax_error(text, at, &err),
                (None, Ok(_)) => stray(text, at, end, rule),
            };
            self.broken_names.extend(statement_name(&text[at..end], rule));
            let past = match error.span.offset() {
                o if o > at => o,
                _ => at + text[at..].chars().next().map_or(1, char::len_utf8),
            };
            self.errors.push(error);
            self.cursor.move_to(next_statement(text, past, end, rule));
        }
        (out, None)
    }

    /// The error a parse of the whole item would give at its first mistake
    /// from `from` on: the blocks being read are parsed from there, the
    /// innermost first, each outer one from where the one inside it closed
    /// (only the text from `from` on is read). `None` if they all close, or
    /// if the error lies before `from` (at the end of the file).
    fn error_from(&self, from: usize) -> Option<SyntaxError> {
        let (text, end) = (self.text, self.cursor.end());
        let mut at = from;
        for &body in self.bodies.iter().rev() {
            match RulesParser::parse(body, &text[at..end]) {
                Ok(mut pairs) => at += pairs.next()?.as_span().end(),
                Err(err) => {
                    let error = syntax_error_within(text, at, self.start, &err);
                    // At the end of the file the error points at its last character.
                    let last = text.trim_end().len().saturating_sub(1);
                    return (error.span.offset() >= from.min(last)).then_some(error);
                }
            }
        }
        None
    }
}

/// An error for text after a statement that does not start another one.
fn stray(text: &str, at: usize, end: usize, rule: Rule) -> SyntaxError {
    let found = found_token(text, at);
    SyntaxError {
        message: format!(
            "expected {} or `}}`, found {}",
            super::names::rule_name(&rule),
            found_words(&found)
        ),
        span: Span::new(at, (at + found.len().max(1)).min(end.max(at + 1))).into(),
        label: "not expected here".to_string(),
        help: None,
        unclosed: None,
        fix: None,
    }
}

/// The name a broken statement would have declared: `move NAME: …`,
/// `drop NAME: …`.
fn statement_name(statement: &str, rule: Rule) -> Option<String> {
    if rule != Rule::piece_item {
        return None;
    }
    let rest = statement
        .strip_prefix("move")
        .or_else(|| statement.strip_prefix("drop"))?
        .trim_start();
    let len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))?;
    (len > 0).then(|| rest[..len].to_string())
}

/// Whether `text` starts with the word `word`.
fn starts_word(text: &str, word: &str) -> bool {
    text.strip_prefix(word)
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
}

/// The first `{` of `text[start..end]` outside comments and strings.
fn open_brace(text: &str, start: usize, end: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = start;
    while i < end {
        match bytes[i] {
            b'{' => return Some(i),
            b'"' => {
                i += 1;
                while i < end && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < end && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => match text[i + 2..end].find("*/") {
                Some(e) => i += e + 3,
                None => return None,
            },
            _ => {}
        }
        i += 1;
    }
    None
}

/// The item of the header `text[start..=brace]` with an empty block, if the
/// header parses.
fn header(text: &str, start: usize, brace: usize) -> Option<Item> {
    let source = format!("{}}}", &text[start..=brace]);
    let mut pairs = RulesParser::parse(Rule::item, &source).ok()?;
    let pair = pairs.next()?;
    if pair.as_span().end() != source.len() {
        return None;
    }
    Some(Lowerer { base: start }.item(pair))
}

/// A piece whose header is broken (`piece Man {`, `piece Man letter "M" {`):
/// its name (and owner) read from the header's words, with no letter, so
/// that its moves and its uses are still checked.
fn piece_placeholder(text: &str, start: usize, brace: usize) -> Option<Item> {
    let words = words(text, start, brace);
    let [(kw, _), rest @ ..] = words.as_slice() else {
        return None;
    };
    if *kw != "piece" {
        return None;
    }
    let ident = |(word, at): &(&str, usize)| Ident {
        text: word.to_string(),
        span: Span::new(*at, at + word.len()),
    };
    let name = rest.first().filter(|(w, _)| is_name(w)).map(ident)?;
    let attr = |key: &str| {
        rest.windows(2)
            .find(|w| w[0].0 == key && is_name(w[1].0))
            .map(|w| ident(&w[1]))
    };
    let (owner, plural) = (attr("owner"), attr("plural"));
    Some(Item::Piece(PieceDecl {
        name,
        letter: Ident {
            text: String::new(),
            span: Span::new(brace, brace),
        },
        owner,
        neutral: None,
        like: None,
        plural,
        repeated: Vec::new(),
        moves: Vec::new(),
        drops: Vec::new(),
    }))
}

/// The words (letters, digits, `_`) of `text[start..end]` with their offsets.
fn words(text: &str, start: usize, end: usize) -> Vec<(&str, usize)> {
    let mut out = Vec::new();
    let mut from = None;
    for (i, c) in text[start..end].char_indices() {
        let at = start + i;
        match (c.is_ascii_alphanumeric() || c == '_', from) {
            (true, None) => from = Some(at),
            (false, Some(f)) => {
                out.push((&text[f..at], f));
                from = None;
            }
            _ => {}
        }
    }
    if let Some(f) = from {
        out.push((&text[f..end], f));
    }
    out
}

/// Whether a word can be a name (it starts with a letter or `_`).
fn is_name(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
}

/// The grammar rules of one statement of the item's block, and of the rest
/// of the block from a statement on (its statements and its `}`).
fn statement_rule(item: &Item) -> Option<(Rule, Rule)> {
    Some(match item {
        Item::Piece(_) => (Rule::piece_item, Rule::piece_body),
        Item::Setup(_) => (Rule::setup_stmt, Rule::setup_body),
        Item::Turn(_) => (Rule::turn_stmt, Rule::turn_body),
        Item::End(_) => (Rule::end_stmt, Rule::end_body),
        Item::Turns { .. } => (Rule::order_stmt, Rule::turns_body),
        Item::Board(board) => match board.shape {
            BoardShape::Graph(_) => (Rule::graph_stmt, Rule::graph_body),
            BoardShape::Grid { .. } => (Rule::board_stmt, Rule::grid_body),
        },
        _ => return None,
    })
}

/// Where to go on after a broken statement that failed at `from`: the start
/// of the next line (before `end`) that can start a statement of the block,
/// or closes it.
fn next_statement(text: &str, from: usize, end: usize, rule: Rule) -> usize {
    // The mistake may be that a statement stopped short: the next one then
    // starts right where the error is (`(x >= 1` then `no move: draw`).
    let line_start = text[..from].rfind('\n').map_or(0, |i| i + 1);
    let rest = &text[from.min(end)..end];
    if text[line_start..from].trim().is_empty() && (rest.starts_with('}') || starts_statement(rule, rest)) {
        return from;
    }
    let mut line = text[from..end].find('\n').map_or(end, |i| from + i + 1);
    while line < end {
        let rest = text[line..end].trim_start();
        if rest.starts_with('}') || starts_statement(rule, rest) {
            return line + (text[line..end].len() - rest.len());
        }
        line = text[line..end].find('\n').map_or(end, |i| line + i + 1);
    }
    end
}

/// Whether `line` (trimmed) starts a statement of the kind `rule`.
fn starts_statement(rule: Rule, line: &str) -> bool {
    let word_len = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(line.len());
    let word = &line[..word_len];
    match rule {
        Rule::piece_item => matches!(word, "move" | "drop"),
        Rule::turn_stmt => matches!(
            word,
            "actions" | "pass" | "choose" | "else" | "must" | "most" | "then"
        ),
        Rule::end_stmt => matches!(
            word,
            "win" | "draw" | "no" | "for" | "on" | "if" | "score" | "after"
        ),
        Rule::graph_stmt => matches!(word, "cells" | "wrap" | "link" | "line" | "perpendicular"),
        Rule::board_stmt => word == "exits",
        Rule::setup_stmt | Rule::order_turn => {
            is_name(word) && line[word_len..].trim_start().starts_with(':')
        }
        Rule::order_stmt => {
            word == "repeat" || (is_name(word) && line[word_len..].trim_start().starts_with(':'))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use crate::diag::SourceFile;
    use crate::syntax::ast::Item;

    fn parse_str(text: &str) -> (crate::syntax::ast::RulesFile, Vec<super::SyntaxError>) {
        parse(&SourceFile::new("test.rules", text))
    }

    #[test]
    fn a_broken_statement_loses_only_itself() {
        let text = "end {\n  win A when x = 1\n  draw after 10 moves\n  no move: draw\n}\n";
        let (file, errors) = parse_str(text);
        assert_eq!(errors.len(), 1, "{errors:?}");
        let [Item::End(stmts)] = file.items.as_slice() else {
            panic!("one end item: {:?}", file.items)
        };
        assert_eq!(stmts.len(), 2, "{stmts:?}");
    }

    #[test]
    fn each_broken_statement_is_reported() {
        let text = "piece P letter P {\n  move a: step n empty\n  move b: step n onto empty\n  move c: forward onto empty\n}\n";
        let (file, errors) = parse_str(text);
        assert_eq!(errors.len(), 2, "{errors:?}");
        let [Item::Piece(piece)] = file.items.as_slice() else {
            panic!("one piece: {:?}", file.items)
        };
        let names: Vec<&str> = piece.moves.iter().map(|m| m.name.text.as_str()).collect();
        assert_eq!(names, ["b"]);
    }

    #[test]
    fn a_piece_with_a_broken_header_keeps_its_name_and_moves() {
        let (file, errors) = parse_str("piece Man letter \"M\" owner A {\n  move b: step n onto empty\n}\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
        let [Item::Piece(piece)] = file.items.as_slice() else {
            panic!("one piece: {:?}", file.items)
        };
        assert_eq!(piece.name.text, "Man");
        assert_eq!(piece.owner.as_ref().map(|o| o.text.as_str()), Some("A"));
        assert!(piece.letter.text.is_empty());
        assert_eq!(piece.moves.len(), 1);
    }

    #[test]
    fn a_clause_on_a_line_of_its_own_that_starts_with_when_is_read() {
        let text = "piece P letter P {\n  move a: step n onto empty,\n    when 1 == 1\n}\n";
        let (file, errors) = parse_str(text);
        assert!(errors.is_empty(), "{errors:?}");
        let [Item::Piece(piece)] = file.items.as_slice() else {
            panic!("one piece: {:?}", file.items)
        };
        assert_eq!(piece.moves.len(), 1);
    }

    #[test]
    fn an_unclosed_block_is_still_reported() {
        let (file, errors) = parse_str("end {\n  no move: draw\n\ncounter c\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(file.items.len(), 2, "{:?}", file.items);
    }
}
