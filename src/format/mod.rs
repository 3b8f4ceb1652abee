//! `rulebook fmt`: lays a rules file out one way, keeping its comments.
//!
//! The layout works on a lossless token stream ([`lexer`]), not on the
//! syntax tree, so nothing the author wrote is lost: comments stay where
//! they are and line breaks stay where the author put them (at most one
//! blank line in a row). What is decided here:
//! - the indentation: two spaces for each open `{`; a line that goes on
//!   with the statement of the line before (one inside a `(` left open,
//!   after a comma or an operator, or indented under the statement's first
//!   line in the same block) keeps its indentation relative to the
//!   statement's first line, so continuations aligned by hand stay aligned;
//! - the spaces between tokens: none before `,` `;` `:` `)` `]`, after `(`
//!   `[`, or on either side of `.` `..`; one after `,` `;` `:` and on either
//!   side of a brace;
//!   elsewhere none, one or two as the author left none, one or more (`-1`
//!   and `a - 1` differ in look, not in meaning, and a wider gap sets
//!   groups apart);
//! - comments after code start at column [`COMMENT_COLUMN`], or two spaces
//!   after longer code;
//! - no spaces at the ends of lines, and one line break at the end of the file.

pub(crate) mod lexer;

use lexer::{Kind, Token};

use crate::diag::{Problem, SourceFile, Span};
use crate::syntax::ast::{Item, RulesFile, TestStep};

/// The column (counted from 0) where a comment after code starts.
pub const COMMENT_COLUMN: usize = 37;

/// The text of `source` laid out; its syntax errors if it has any (a file
/// that does not parse is not formatted). The layout keeps every token and
/// every line break between tokens; should it ever come out otherwise, the
/// file is refused with `rules::format::changed` rather than changed.
pub fn format(source: &SourceFile) -> Result<String, Vec<Problem>> {
    let (file, errors) = crate::syntax::parse(source);
    if !errors.is_empty() {
        return Err(errors.into_iter().map(Problem::from).collect());
    }
    let text = source.text.as_str();
    let moves = test_moves(&file);
    let Some(toks) = lexer::tokens_with_moves(text, &moves) else {
        return Err(vec![changed(Span::new(0, 0))]);
    };
    let laid = layout(&toks);
    let (again_file, again_errors) =
        crate::syntax::parse(&SourceFile::new(source.name.clone(), laid.as_str()));
    let again = lexer::tokens_with_moves(&laid, &test_moves(&again_file));
    match again {
        Some(again) if again_errors.is_empty() => match first_difference(&toks, &again) {
            None => Ok(laid),
            Some(at) => Err(vec![changed(at)]),
        },
        _ => Err(vec![changed(Span::new(0, 0))]),
    }
}

/// The spans of the moves of every test's `play`, `legal` and `illegal`
/// lines, in order.
fn test_moves(file: &RulesFile) -> Vec<Span> {
    let mut out: Vec<Span> = file
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Test(test) => Some(test),
            _ => None,
        })
        .flat_map(|test| &test.steps)
        .flat_map(|step| match step {
            TestStep::Play(moves) | TestStep::Legal(moves) | TestStep::Illegal(moves) => moves.as_slice(),
            _ => &[],
        })
        .map(|m| m.span)
        .collect();
    out.sort_by_key(|s| s.start);
    out
}

/// Where the tokens laid out first differ from those read (in the source):
/// another token, or a line break gained or lost; `None` if they agree. A
/// comment's spaces at the ends of its lines do not count, nor line breaks
/// before the first token.
fn first_difference(read: &[Token], laid: &[Token]) -> Option<Span> {
    let lines_equal = |a: &str, b: &str| {
        a.split('\n')
            .map(str::trim_end)
            .eq(b.split('\n').map(str::trim_end))
    };
    let same = |a: &Token, b: &Token| {
        a.kind == b.kind
            && (a.breaks > 0) == (b.breaks > 0)
            && (a.text == b.text || (a.kind == Kind::Comment && lines_equal(a.text, b.text)))
    };
    let at = |t: &Token| Span::new(t.start, t.start + t.text.len());
    // Blank lines before the first token go.
    let agree =
        |i: usize, a: &Token, b: &Token| same(a, b) || (i == 0 && a.kind == b.kind && a.text == b.text);
    match read
        .iter()
        .zip(laid)
        .enumerate()
        .find(|(i, (a, b))| !agree(*i, a, b))
        .map(|(_, pair)| pair)
    {
        Some((a, _)) => Some(at(a)),
        None if read.len() == laid.len() => None,
        None => Some(read.get(laid.len()).map_or(Span::new(0, 0), at)),
    }
}

/// The problem of a layout that would change the file's tokens or lines at `span`.
fn changed(span: Span) -> Problem {
    let mut problem = Problem::error(
        "rules::format::changed",
        "`fmt` cannot lay this file out without changing what it says",
        span,
        "the layout would change this",
    );
    problem.help =
        Some("the file is left as it is; please report this file as a bug of `rulebook fmt`".to_string());
    problem
}

/// The tokens laid out as text.
fn layout(toks: &[Token]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    // The brackets open, innermost last.
    let mut open: Vec<&str> = Vec::new();
    // The last token that is not a comment: whether the next line goes on
    // with its statement.
    let mut last_code: Option<&Token> = None;
    // The first line of the statement being laid out: its column in the
    // source, its indentation here, and how many blocks were open.
    let mut statement = Statement::default();
    for (i, t) in toks.iter().enumerate() {
        if i == 0 || t.breaks > 0 {
            if i > 0 {
                end_line(&mut out, &line);
                if t.breaks > 1 {
                    out.push('\n');
                }
            }
            let blocks = open.iter().filter(|b| **b == "{").count();
            let indent = if continues(last_code, &open, t) || statement.indented_under(blocks, t) {
                statement.indent + t.column.saturating_sub(statement.column)
            } else {
                let depth = open.len() - usize::from(closes(t));
                statement = Statement {
                    column: t.column,
                    indent: 2 * depth,
                    blocks,
                };
                2 * depth
            };
            line = " ".repeat(indent);
        } else if t.kind == Kind::Comment && t.text.starts_with("//") {
            let width = line.chars().count();
            let pad = if width + 2 <= COMMENT_COLUMN {
                COMMENT_COLUMN - width
            } else {
                2
            };
            line.push_str(&" ".repeat(pad));
        } else {
            line.push_str(&" ".repeat(spaces(&toks[i - 1], t)));
        }
        line.push_str(t.text);
        if opens(t) {
            open.push(t.text);
        } else if closes(t) {
            open.pop();
        }
        if t.kind != Kind::Comment {
            last_code = Some(t);
        }
    }
    if !toks.is_empty() {
        end_line(&mut out, &line);
    }
    out
}

/// The first line of a statement, which the lines that go on with it follow.
#[derive(Debug, Default)]
struct Statement {
    /// Its column in the source.
    column: usize,
    /// Its indentation in the layout.
    indent: usize,
    /// The `{` blocks that hold it.
    blocks: usize,
}

impl Statement {
    /// Whether a line that `first` starts, with `blocks` blocks open, is
    /// indented under this statement in the source (in the same block): it
    /// goes on with it.
    fn indented_under(&self, blocks: usize, first: &Token) -> bool {
        blocks == self.blocks && first.column > self.column && !closes(first)
    }
}

/// Whether the line that `first` starts goes on with the statement of the
/// line before: inside a `(` or `[` left open, after a line that ends with
/// a comma or an operator, or starting with one or with a word that
/// starts no statement.
fn continues(last: Option<&Token>, open: &[&str], first: &Token) -> bool {
    let in_group = open.last().is_some_and(|b| *b != "{");
    let operator = |t: &Token, words: &[&str]| match t.kind {
        Kind::Punct => CONTINUING_MARKS.contains(&t.text),
        Kind::Word => words.contains(&t.text),
        _ => false,
    };
    in_group
        || last.is_some_and(|t| operator(t, &["and", "or", "not", "then", "else"]))
        || (first.kind == Kind::Punct && first.text == "|")
        || (first.kind == Kind::Word && CONTINUING_WORDS.contains(&first.text))
}

/// Words that never start a statement: a line they start goes on with the one before.
const CONTINUING_WORDS: [&str; 5] = ["and", "or", "because", "onto", "over"];

/// Marks after which, or before which, a statement goes on to the next line.
const CONTINUING_MARKS: [&str; 17] = [
    ",", "|", ":", "=", "->", "->>", "+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=",
];

/// Ends a line: without spaces at its end (a comment's lines too).
fn end_line(out: &mut String, line: &str) {
    lexer::count_work(line.len());
    for (i, part) in line.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(part.trim_end());
    }
    out.push('\n');
}

fn opens(t: &Token) -> bool {
    t.kind == Kind::Punct && matches!(t.text, "{" | "(" | "[")
}

fn closes(t: &Token) -> bool {
    t.kind == Kind::Punct && matches!(t.text, "}" | ")" | "]")
}

/// How many spaces go between `a` and `b` on one line: where the layout
/// does not decide, none, one or two as the author left none, one, or more
/// (a gap that sets groups apart: `S at a1 b1  T at c1`).
fn spaces(a: &Token, b: &Token) -> usize {
    let punct = |t: &Token, marks: &[&str]| t.kind == Kind::Punct && marks.contains(&t.text);
    if punct(b, &[",", ";", ":", ")", "]"]) || punct(a, &["(", "["]) {
        0
    } else if punct(a, &[",", ";", ":", "{", "}"]) || punct(b, &["{", "}"]) {
        1
    } else if punct(a, &[".", ".."]) || punct(b, &[".", ".."]) {
        0
    } else {
        b.spaces.min(2)
    }
}

#[cfg(test)]
mod tests {
    use super::format;
    use crate::diag::SourceFile;

    fn fmt(text: &str) -> String {
        format(&SourceFile::new("t.rules", text)).expect("parses")
    }

    #[test]
    fn indentation_spaces_and_comments_are_laid_out_one_way() {
        let text = "game \"G\"\n\n\nplayers A ,B // who\nboard grid files a .. c ranks 1..3\npiece S letter S owner A {\n      drop:onto empty\n}\nsupply S\nend {  no move:draw }\n";
        let want = format!(
            "game \"G\"\n\nplayers A, B{}// who\nboard grid files a..c ranks 1..3\npiece S letter S owner A {{\n  drop: onto empty\n}}\nsupply S\nend {{ no move: draw }}\n",
            " ".repeat(super::COMMENT_COLUMN - "players A, B".len())
        );
        assert_eq!(fmt(text), want);
        assert_eq!(fmt(&want), want);
    }

    #[test]
    fn continuations_keep_their_place_under_their_statement() {
        let text = "players A, B\nboard grid files a..c ranks 1..3\npiece S letter S {\n        move go: step n onto empty,\n                 if empty\n}\nsetup {\n A: S at a1  S at b1\n      c1\n}\nend { no move: draw }\n";
        let want = "players A, B\nboard grid files a..c ranks 1..3\npiece S letter S {\n  move go: step n onto empty,\n           if empty\n}\nsetup {\n  A: S at a1  S at b1\n       c1\n}\nend { no move: draw }\n";
        assert_eq!(fmt(text), want);
        assert_eq!(fmt(want), want);
    }

    #[test]
    fn a_long_line_is_laid_out_in_linear_work() {
        // Every token's column was once counted from its line's start: a
        // line of n tokens cost n² (a 750 KB line took 18 s).
        let work = |n: usize| {
            let items: String = (0..n).map(|i| format!("region r{i} = a1 ")).collect();
            let text = format!("players A, B\nboard grid files a..c ranks 1..3\n{items}\n");
            super::lexer::PASSED.with(|p| p.set(0));
            let laid = fmt(&text);
            assert_eq!(laid.len(), text.len() - 1, "one space at the line's end goes");
            super::lexer::PASSED.with(std::cell::Cell::get)
        };
        let (once, twice) = (work(2_000), work(4_000));
        assert!(twice * 10 <= once * 22, "{once} then {twice} for twice the line");
    }

    #[test]
    fn a_file_with_syntax_errors_is_not_formatted() {
        assert!(format(&SourceFile::new("t.rules", "players A B C {")).is_err());
    }
}
