//! A lossless lexer for the formatter: every character of a rules file
//! belongs to a token or to the white space between tokens, and comments are
//! tokens. The moves of a test's `play`, `legal` and `illegal` lines are
//! kept whole, as the grammar reads them. Only `\n` ends a line, as in the
//! grammar: a carriage return is white space (the one of `\r\n` too).

use crate::diag::Span;

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A name, keyword or number.
    Word,
    /// A quoted string.
    Str,
    /// A punctuation mark or operator (`{`, `..`, `==`, `->`).
    Punct,
    /// A `// …` comment (to the end of its line) or a `/* … */` comment.
    Comment,
    /// A move of a test line (`e2-e4`, `c2-c3,b2-c2`), kept as written.
    Move,
}

/// One token, with the white space before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token<'t> {
    /// What it is.
    pub kind: Kind,
    /// Its text.
    pub text: &'t str,
    /// How many line breaks come between it and the token before (0: same line).
    pub breaks: usize,
    /// How many spaces or tabs come just before it on its line.
    pub spaces: usize,
    /// The column where it starts (characters from its line's start).
    pub column: usize,
    /// Where it starts in the text (a byte offset).
    pub start: usize,
}

/// Punctuation of two or three characters, longest first.
const OPERATORS: [&str; 7] = ["->>", "..", "->", "==", "!=", "<=", ">="];

/// The words that start a test statement whose moves are kept whole.
const MOVE_LISTS: [&str; 3] = ["play", "legal", "illegal"];

/// The tokens of `text`; `None` if a string or a `/*` comment is never
/// closed. The moves of test lines are found as the grammar would read them
/// on a line that starts with `play`, `legal` or `illegal` in a test; see
/// [`tokens_with_moves`] for a file that parses.
pub(crate) fn tokens(text: &str) -> Option<Vec<Token<'_>>> {
    lex(text, None)
}

/// The tokens of `text`, a file that parses, whose test moves stand exactly
/// at `moves` (the parser's spans, in order): a move is then one token
/// whatever comes before it on its line.
pub(crate) fn tokens_with_moves<'t>(text: &'t str, moves: &[Span]) -> Option<Vec<Token<'t>>> {
    lex(text, Some(moves))
}

/// Where a lexer stands: its offset, and the column there, kept up to date
/// as it goes so that no token counts its column from its line's start (a
/// long line stays linear).
struct Cursor {
    /// The byte offset.
    at: usize,
    /// The column at `at` (characters since the line's start).
    column: usize,
}

impl Cursor {
    /// Moves past `passed`, the text from here on.
    fn pass(&mut self, passed: &str) {
        count_work(passed.len());
        self.at += passed.len();
        match passed.rfind('\n') {
            Some(i) => self.column = passed[i + 1..].chars().count(),
            None => self.column += passed.chars().count(),
        }
    }
}

/// The lexer; `moves`, when given, are the test moves' spans.
fn lex<'t>(text: &'t str, moves: Option<&[Span]>) -> Option<Vec<Token<'t>>> {
    let mut out: Vec<Token> = Vec::new();
    let mut cur = Cursor { at: 0, column: 0 };
    let (mut breaks, mut spaces) = (0, 0);
    // The bracket depth, and the depth of the `test` block being read, if any.
    let mut depth = 0usize;
    let mut test_depth: Option<usize> = None;
    let mut moves_line = false;
    let mut next_move = 0usize;
    let bytes = text.as_bytes();
    while cur.at < text.len() {
        let at = cur.at;
        let c = bytes[at];
        if c == b'\n' {
            breaks += 1;
            spaces = 0;
            moves_line = false;
            cur.pass("\n");
            continue;
        }
        // A carriage return not followed by a line feed is white space, as
        // in the grammar (only `\n` ends a line).
        if c == b' ' || c == b'\t' || c == b'\r' {
            spaces += 1;
            cur.pass(&text[at..at + 1]);
            continue;
        }
        let rest = &text[at..];
        let (kind, len) = if let Some(spans) = moves {
            while next_move < spans.len() && spans[next_move].start < at {
                next_move += 1;
            }
            match spans.get(next_move) {
                Some(m) if m.start == at => (Kind::Move, m.end - m.start),
                _ => lex_one(rest)?,
            }
        } else if moves_line && let Some(len) = move_len(rest) {
            (Kind::Move, len)
        } else {
            lex_one(rest)?
        };
        let token = Token {
            kind,
            text: &text[at..at + len],
            breaks,
            spaces,
            column: cur.column,
            start: at,
        };
        match (token.kind, token.text) {
            (Kind::Punct, "{" | "(" | "[") => {
                // `test "name" {`: the block whose move lines are kept whole.
                let is_test = out.len() >= 2
                    && out[out.len() - 2].text == "test"
                    && out[out.len() - 1].kind == Kind::Str
                    && token.text == "{";
                depth += 1;
                if is_test && test_depth.is_none() {
                    test_depth = Some(depth);
                }
            }
            (Kind::Punct, "}" | ")" | "]") => {
                if test_depth == Some(depth) {
                    test_depth = None;
                }
                depth = depth.saturating_sub(1);
            }
            (Kind::Word, word) if MOVE_LISTS.contains(&word) && test_depth == Some(depth) && breaks > 0 => {
                moves_line = true;
            }
            _ => {}
        }
        cur.pass(token.text);
        out.push(token);
        breaks = 0;
        spaces = 0;
    }
    Some(out)
}

/// The token at the start of `rest` (not white space, not a test's move):
/// its kind and length; `None` for a string or `/*` comment never closed.
/// A `//` comment ends before the white space at the end of its line.
fn lex_one(rest: &str) -> Option<(Kind, usize)> {
    let c = rest.as_bytes()[0];
    Some(if rest.starts_with("//") {
        let line = &rest[..rest.find('\n').unwrap_or(rest.len())];
        (Kind::Comment, line.trim_end().len())
    } else if rest.starts_with("/*") {
        (Kind::Comment, rest.find("*/")? + 2)
    } else if c == b'"' {
        let close = rest[1..].find(['"', '\n'])?;
        if rest.as_bytes()[1 + close] != b'"' {
            return None;
        }
        (Kind::Str, close + 2)
    } else if c.is_ascii_alphanumeric() || c == b'_' {
        let end = rest
            .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
            .unwrap_or(rest.len());
        (Kind::Word, end)
    } else {
        let len = OPERATORS
            .iter()
            .find(|op| rest.starts_with(**op))
            .map_or_else(|| rest.chars().next().map_or(1, char::len_utf8), |op| op.len());
        (Kind::Punct, len)
    })
}

#[cfg(test)]
thread_local! {
    /// The bytes the lexer has passed, for tests of its work.
    pub(crate) static PASSED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Counts `n` bytes of work (in tests only).
pub(crate) fn count_work(n: usize) {
    #[cfg(test)]
    PASSED.with(|p| p.set(p.get() + n));
    #[cfg(not(test))]
    let _ = n;
}

/// The length of the move at the start of `rest`, as the grammar reads a
/// test's move: up to white space, a quote, a comment or a `}` that closes
/// no `{` of the move; `None` if no move starts there.
fn move_len(rest: &str) -> Option<usize> {
    let mut open = false;
    let mut end = rest.len();
    for (i, ch) in rest.char_indices() {
        let stop = ch.is_whitespace()
            || ch == '"'
            || rest[i..].starts_with("//")
            || rest[i..].starts_with("/*")
            || (ch == '}' && !open);
        if stop {
            end = i;
            break;
        }
        if ch == '{' {
            open = true;
        } else if ch == '}' {
            open = false;
        }
    }
    (end > 0).then_some(end)
}

#[cfg(test)]
mod tests {
    use super::{Kind, tokens};

    fn texts(text: &str) -> Vec<(Kind, &str)> {
        tokens(text)
            .expect("lexes")
            .into_iter()
            .map(|t| (t.kind, t.text))
            .collect()
    }

    #[test]
    fn every_character_is_in_a_token_or_white_space() {
        let text = "board grid files a..h ranks 1..8 // eight\n/* a\n b */ x == -1";
        let joined: String = texts(text).iter().map(|(_, t)| *t).collect();
        let visible = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        assert_eq!(visible(&joined), visible(text));
        assert!(texts(text).contains(&(Kind::Punct, "..")));
        assert!(texts(text).contains(&(Kind::Comment, "/* a\n b */")));
    }

    #[test]
    fn moves_of_a_test_stay_whole() {
        let text = "test \"t\" {\n  play e2-e4 c2-c3,b2-c2 // two\n  legal a1-b2{xc3} }\nplay e2-e4";
        let t = texts(text);
        assert!(t.contains(&(Kind::Move, "e2-e4")));
        assert!(t.contains(&(Kind::Move, "c2-c3,b2-c2")));
        assert!(t.contains(&(Kind::Comment, "// two")));
        // Outside a test, `play` is a name like any other.
        assert!(t.contains(&(Kind::Move, "a1-b2{xc3}")));
        assert_eq!(t.iter().filter(|(k, _)| *k == Kind::Move).count(), 3);
    }

    #[test]
    fn unclosed_strings_and_comments_are_refused() {
        assert!(tokens("game \"open").is_none());
        assert!(tokens("/* open").is_none());
    }
}
