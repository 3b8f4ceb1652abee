//! Stage 1: source text → typed AST ([`ast::RulesFile`]), with syntax errors in plain words.
//!
//! Pest stops at the first error, so the file is read in three steps: one
//! scan finds where every top-level item starts and ends ([`items`]); each
//! item is parsed with pest and lowered to the AST ([`lower`]); an item that
//! fails is recovered inside its own range, statement by statement
//! ([`recover`]), and the errors are put in plain words ([`wording`]). All
//! syntax errors of a file come back together with the AST of every item
//! that did parse.

pub mod ast;
mod control;
mod items;
mod limits;
mod lower;
mod names;
mod numbers;
mod parser;
mod recover;
mod wording;

use miette::{Diagnostic, SourceSpan};
use pest::Parser;
use thiserror::Error;

use crate::diag::{SourceFile, Span};
use ast::RulesFile;
use items::{Cursor, Items};
use parser::{Rule, RulesParser};
use wording::{found_token, syntax_error};

/// A syntax error: what was expected, what was found, and where.
#[derive(Debug, Clone, Error, Diagnostic)]
#[error("{message}")]
#[diagnostic(code(rules::syntax::unexpected))]
pub struct SyntaxError {
    /// "expected …, found …".
    pub message: String,
    /// Where the unexpected token starts.
    #[label("{label}")]
    pub span: SourceSpan,
    /// The label text at the span.
    pub label: String,
    /// A hint with the right form, where one is common.
    #[help]
    pub help: Option<String>,
    /// At the end of the file: the `{` that was never closed.
    #[label("this `{{` is never closed")]
    pub unclosed: Option<SourceSpan>,
    /// The edit the help proposes, when sure (see [`crate::diag::Problem::fix`]).
    pub fix: Option<Box<(Span, String)>>,
}

/// The most nested grammar calls one item may make before the parse is refused:
/// keeps pathological inputs (thousands of nested parentheses) from exhausting the stack.
const PARSE_CALL_LIMIT: usize = 5_000_000;

/// The syntax errors after which the rest of a file is not read: the first
/// errors are the useful ones, and a file of thousands of broken lines is
/// not worth reading to its end.
const MAX_SYNTAX_ERRORS: usize = 100;

/// Parses a whole file. Returns the AST of every item that parsed, and every syntax error.
///
/// Three steps: the text is scanned once for where its items start and end
/// ([`items`]); each item is parsed on its own; an item that fails is
/// recovered inside its own range ([`recover`]).
pub fn parse(source: &SourceFile) -> (RulesFile, Vec<SyntaxError>) {
    pest::set_call_limit(std::num::NonZeroUsize::new(PARSE_CALL_LIMIT));
    pest::set_error_detail(true);
    let text = source.text.as_str();
    let items = Items::scan(text);
    let mut reader = FileReader {
        text,
        items: &items,
        file: RulesFile::default(),
        errors: control::control_characters(text).into_iter().collect(),
        last_item_end: None,
        checked_end: None,
    };
    let mut cursor = items.cursor(text);
    while !cursor.at_end() {
        if let Some(stop) = reader.stop_at(&cursor) {
            reader.errors.push(stop);
            reader.file.truncated = true;
            break;
        }
        reader.item(&mut cursor);
    }
    let FileReader { mut errors, file, .. } = reader;
    errors.extend(numbers::oversized(text));
    (file, errors)
}

/// The items of a file read so far, and their errors.
struct FileReader<'t> {
    text: &'t str,
    items: &'t Items,
    file: RulesFile,
    errors: Vec<SyntaxError>,
    /// Where the last item that parsed ends.
    last_item_end: Option<usize>,
    /// The end of the last range whose limits were checked (each range is checked once).
    checked_end: Option<usize>,
}

impl FileReader<'_> {
    /// The error that stops the reading at the cursor, if any: a comment
    /// that is never closed, or too many errors already.
    fn stop_at(&self, cursor: &Cursor) -> Option<SyntaxError> {
        let pos = cursor.pos;
        if cursor.at_unclosed_comment() {
            return Some(SyntaxError {
                message: "this comment is never closed".to_string(),
                span: Span::new(pos, pos + 2).into(),
                label: "opened here".to_string(),
                help: Some("close it with `*/`; everything after it was read as comment".to_string()),
                unclosed: None,
                fix: None,
            });
        }
        (self.errors.len() >= MAX_SYNTAX_ERRORS).then(|| SyntaxError {
            message: format!(
                "too many syntax errors ({MAX_SYNTAX_ERRORS}): the rest of the file is not read"
            ),
            span: Span::new(pos, pos).into(),
            label: "stopped here".to_string(),
            help: Some("correct the errors above and check again".to_string()),
            unclosed: None,
            fix: None,
        })
    }

    /// Reads the item at the cursor and moves the cursor past it.
    fn item(&mut self, cursor: &mut Cursor) {
        let (text, pos) = (self.text, cursor.pos);
        let item_end = self.items.end_after(text, pos);
        if self.checked_end != Some(item_end) {
            self.checked_end = Some(item_end);
            if let Some(error) = limits::too_complex(text, pos, item_end) {
                self.errors.push(error);
                cursor.move_to(item_end);
                return;
            }
        }
        let next_start = self.items.next_start_after(text, pos);
        match RulesParser::parse(Rule::item, &text[pos..next_start]) {
            Ok(mut pairs) => {
                let pair = pairs.next().expect("a successful item parse yields the item");
                let end = pos + pair.as_span().end();
                self.last_item_end = Some(end);
                self.file.items.push(lower::Lowerer { base: pos }.item(pair));
                cursor.move_to(end);
            }
            Err(err) => self.broken_item(cursor, item_end, syntax_error(text, pos, &err)),
        }
    }

    /// An item at the cursor (whose range ends at `item_end`) that failed to
    /// parse with `error`: the rest of the item before, or an item to recover.
    fn broken_item(&mut self, cursor: &mut Cursor, item_end: usize, mut error: SyntaxError) {
        let (text, pos) = (self.text, cursor.pos);
        // An item that cannot start here, on the line where the last item
        // ended, is most likely the rest of that item.
        if error.span.offset() == pos
            && text[pos..].starts_with(|c: char| c.is_ascii_alphanumeric())
            && let Some(end) = self.last_item_end
            && !text[end..pos].contains('\n')
        {
            error.help =
                Some("the item before ended earlier on this line: a missing `,` or operator?".into());
            // `players White Black`: the rest of a list, read as such.
            if let Some(list) = self.file.items.last_mut().and_then(name_list)
                && let Some((names, line_end)) = names_to_line_end(text, pos)
            {
                list.extend(names);
                self.errors.push(error);
                cursor.move_to(line_end);
                return;
            }
        }
        let at = error.span.offset();
        match recover::block(text, cursor.within(pos, item_end), error) {
            Ok(recovered) => {
                self.file.items.push(recovered.item);
                self.file.broken_names.extend(recovered.broken_names);
                self.file.broken_blocks.push(Span::new(pos, item_end));
                self.errors.extend(recovered.errors);
                cursor.move_to(item_end);
            }
            Err(error) => {
                self.file.broken_names.extend(declared_names(&text[pos..]));
                self.file.broken_items.push(found_token(text, pos));
                self.errors.push(error);
                cursor.move_to(self.items.end_after(text, at.max(pos + 1)));
            }
        }
    }
}

/// The names of an item that is a list of names (`players`, `royal`, `pool`).
fn name_list(item: &mut ast::Item) -> Option<&mut Vec<ast::Ident>> {
    match item {
        ast::Item::Players(list) | ast::Item::Royal(list, _) | ast::Item::Pool(list) => Some(list),
        _ => None,
    }
}

/// The names from `pos` to the end of its line (a comment aside), separated
/// by spaces or commas, and where the line ends; `None` if anything else is there.
fn names_to_line_end(text: &str, pos: usize) -> Option<(Vec<ast::Ident>, usize)> {
    let line_end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
    let line = &text[pos..line_end];
    let code = line.find("//").map_or(line, |i| &line[..i]);
    let mut names = Vec::new();
    let mut offset = 0;
    for part in code.split([' ', '\t', ',', '\r']) {
        if !part.is_empty() {
            let name_like = part.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !name_like {
                return None;
            }
            let at = pos + offset;
            names.push(ast::Ident {
                text: part.to_string(),
                span: Span::new(at, at + part.len()),
            });
        }
        offset += part.len() + 1;
    }
    (!names.is_empty()).then_some((names, line_end))
}

/// The names an item would have declared, read from its first line: the
/// compiler does not report them as unknown, since the item failed to parse.
fn declared_names(item: &str) -> Vec<String> {
    let line = item.lines().next().unwrap_or("");
    let line = line.split("//").next().unwrap_or("");
    let mut words = line
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty());
    match words.next() {
        Some("players") => words.map(String::from).collect(),
        Some(
            "option" | "piece" | "region" | "directions" | "counter" | "turn" | "flag" | "clauses"
            | "condition",
        ) => words.next().map(String::from).into_iter().collect(),
        _ => Vec::new(),
    }
}

impl From<SyntaxError> for crate::diag::Problem {
    fn from(e: SyntaxError) -> Self {
        let start = e.span.offset();
        crate::diag::Problem {
            code: "rules::syntax::unexpected",
            severity: crate::diag::Severity::Error,
            message: e.message,
            span: Span::new(start, start + e.span.len()),
            label: e.label,
            secondary: e
                .unclosed
                .map(|s| {
                    let start = s.offset();
                    (
                        Span::new(start, start + s.len()),
                        "this `{` is never closed".to_string(),
                    )
                })
                .into_iter()
                .collect(),
            help: e.help,
            subject: None,
            fix: e.fix.map(|f| *f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::items::ITEM_KEYWORDS;
    use super::wording::OTHER_RESERVED;
    use super::*;

    use super::items::tests::SCANNED;

    #[test]
    fn finding_items_reads_each_line_once() {
        // Blank lines inside an item, after it and in CRLF: the scan for the
        // items reads each line once, not the rest of the file per line.
        for blank in ["\n", "\r\n", "  \n"] {
            let text = format!(
                "players A, B{}\nboard grid files a..c ranks 1..3\n",
                blank.repeat(100_000)
            );
            SCANNED.with(|n| n.set(0));
            let (file, errors) = parse_str(&text);
            assert!(errors.is_empty(), "{errors:?}");
            assert_eq!(file.items.len(), 2);
            let scanned = SCANNED.with(|n| n.get());
            assert!(
                scanned <= 2 * text.len(),
                "{scanned} bytes read for {}",
                text.len()
            );
        }
        // A blank run before a keyword line still ends the item at its first line.
        let text = "a\nb\n\n\nplayers A\n";
        assert_eq!(Items::scan(text).end_after(text, 0), 4);
    }

    #[test]
    fn items_without_a_keyword_line_between_them_are_read_in_linear_work() {
        // `mark` lines end no item: a search from each of them for the next
        // keyword line would cross all the others; the scan reads each line once.
        let text = format!("{}players A, B\n", "mark m\n".repeat(20_000));
        SCANNED.with(|n| n.set(0));
        let (file, errors) = parse_str(&text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(file.items.len(), 20_001);
        let scanned = SCANNED.with(|n| n.get());
        assert!(
            scanned <= 3 * text.len(),
            "{scanned} bytes read for {}",
            text.len()
        );
    }

    #[test]
    fn stops_reading_after_too_many_syntax_errors() {
        let text = "players\n".repeat(5_000);
        let (file, errors) = parse_str(&text);
        assert_eq!(errors.len(), MAX_SYNTAX_ERRORS + 1);
        assert!(file.truncated);
        assert!(
            errors[MAX_SYNTAX_ERRORS]
                .message
                .starts_with("too many syntax errors")
        );
    }

    fn parse_str(text: &str) -> (RulesFile, Vec<SyntaxError>) {
        parse(&SourceFile::new("test.rules", text))
    }

    #[test]
    fn parses_players_and_options() {
        let (file, errors) = parse_str("players A, B\noption x: int = 3 in 1..\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(file.items.len(), 2);
    }

    #[test]
    fn reads_how_many_actions_a_turn_has() {
        let actions = |stmt: &str| {
            let (file, errors) = parse_str(&format!("turn t {{ {stmt} }}\n"));
            let turn = file.items.iter().find_map(|i| match i {
                ast::Item::Turn(t) => Some(t.clone()),
                _ => None,
            });
            (turn.and_then(|t| t.actions), errors.len())
        };
        let (a, errors) = actions("actions exactly 2, distinct pieces");
        let a = a.expect("read");
        assert!(a.exactly && a.distinct && errors == 0);
        assert!(matches!(a.count.kind, ast::ExprKind::Int(2)));
        let (a, errors) = actions("actions up to 3");
        let a = a.expect("read");
        assert!(!a.exactly && !a.distinct && errors == 0);
        // `exactly` is a whole word.
        assert!(actions("actions exactlyn").1 > 0);
    }

    #[test]
    fn recovers_after_an_error_and_reports_each() {
        let (file, errors) = parse_str("players A B\ncounter c\nregion r = \ncounter d\n");
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert_eq!(file.items.len(), 2);
    }

    #[test]
    fn refuses_items_nested_too_deeply_instead_of_overflowing() {
        let deep = format!(
            "end {{ draw when {}1{} == 1 }}\n",
            "(".repeat(500),
            ")".repeat(500)
        );
        let (_, errors) = parse_str(&deep);
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0].message.contains("nest too deeply"),
            "{}",
            errors[0].message
        );
        let long = format!("end {{ draw when {} }}\n", vec!["1"; 3000].join(" + "));
        let (_, errors) = parse_str(&long);
        assert!(errors[0].message.contains("too large"), "{}", errors[0].message);
        assert!(
            errors[0]
                .help
                .as_deref()
                .is_some_and(|h| h.contains("several rules"))
        );
        let comment = format!("// {}\nplayers A, B\n", "-".repeat(5000));
        assert!(parse_str(&comment).1.is_empty());
    }

    #[test]
    fn the_operator_limit_counts_operators_not_characters() {
        // 334 `>=` joined by `or`: 667 operators, 1,002 characters of them.
        let at_limit = |n: usize| {
            let terms: Vec<String> = (0..n).map(|i| format!("x{i} >= 1")).collect();
            format!("end {{ draw when {} }}\n", terms.join(" or "))
        };
        let (_, errors) = parse_str(&at_limit(334));
        assert!(errors.is_empty(), "{errors:?}");
        // 500 comparisons and 499 `or`: 999 operators; 501 and 500: 1,001.
        assert!(parse_str(&at_limit(500)).1.is_empty());
        let (_, errors) = parse_str(&at_limit(501));
        assert_eq!(errors.len(), 1);
        assert_eq!(
            errors[0].message,
            "this `end` item holds more than 1,000 operators: too large to parse"
        );
        // Arrows of links and `=` of declarations are no operators.
        let links: String = (0..600).map(|i| format!("  link d{i}: (r) -> (r)\n")).collect();
        let board = format!("board graph {{\n  cells r in 1..3 named \"{{r}}\"\n{links}}}\n");
        assert!(parse_str(&board).1.is_empty());
    }

    #[test]
    fn reserved_word_lists_match_the_grammar() {
        for word in ITEM_KEYWORDS.iter().chain(OTHER_RESERVED) {
            let (_, errors) = parse_str(&format!("counter {word}\n"));
            assert_eq!(errors.len(), 1, "`{word}` should be reserved");
        }
        for word in ["reserve", "pass", "move", "exits", "cells"] {
            let (_, errors) = parse_str(&format!("counter {word}\n"));
            assert!(errors.is_empty(), "`{word}` should be a usable name: {errors:?}");
        }
    }

    #[test]
    fn a_condition_named_by_a_word_that_ends_conditions_is_explained_at_its_use() {
        for word in super::wording::CONDITION_STOPS {
            let text = format!(
                "condition {word}: empty\npiece S letter S {{ drop: onto not next n is {word}, if empty }}\n"
            );
            let (_, errors) = parse_str(&text);
            // The first error says why (`choose` is refused where declared, too).
            let help = errors.first().and_then(|e| e.help.clone()).unwrap_or_default();
            assert!(help.contains("cannot be"), "`{word}`: {errors:?}");
        }
    }

    #[test]
    fn error_message_uses_plain_words() {
        let (_, errors) = parse_str("option x int = 3\n");
        assert_eq!(errors.len(), 1);
        assert!(errors[0].message.contains("`:`"), "{}", errors[0].message);
        assert!(!errors[0].message.contains("option_decl"));
    }

    #[test]
    fn an_error_after_a_non_ascii_character_is_reported() {
        // The word before the error starts after a multi-byte character.
        let (_, errors) = parse_str("game \"a\"\nplayers A, B\n// a–b\n–piece =\n");
        assert!(!errors.is_empty());
    }
}
