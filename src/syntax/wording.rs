//! Pest's errors in plain words: what was expected (grammar rules named as
//! [`names`](super::names) calls them), what was found, and a hint for the
//! common mistakes.

use pest::error::{ErrorVariant, InputLocation};

use super::items::ITEM_KEYWORDS;
use super::parser::ParseError;
use super::{SyntaxError, names};
use crate::diag::Span;

/// Builds a plain-words error from pest's record of what it tried at the
/// furthest position it reached (`base` is where the item's parse started).
pub(super) fn syntax_error(text: &str, base: usize, err: &ParseError) -> SyntaxError {
    syntax_error_within(text, base, base, err)
}

/// [`syntax_error`] for a parse that started at `base` inside the item that
/// starts at `item`: a `{` left open is looked for from `item` on.
pub(super) fn syntax_error_within(text: &str, base: usize, item: usize, err: &ParseError) -> SyntaxError {
    let (at, expected) = expected_at(base, err);
    let found = found_token(text, at);
    let expected_text = match expected.len() {
        0 => "something else".to_string(),
        1 => expected[0].clone(),
        _ => {
            let (last, rest) = expected.split_last().expect("two or more");
            format!("{} or {}", rest.join(", "), last)
        }
    };
    let refs: Vec<&str> = expected.iter().map(String::as_str).collect();
    let help = reserved_name_help(text, at, &refs).or_else(|| help_for(&refs, &found));
    if at >= text.len() {
        return end_of_file_error(text, item, &expected_text, help);
    }
    let found_text = found_words(&found);
    let help = if found == "\u{feff}" {
        Some("save the file as UTF-8 without a byte-order mark".to_string())
    } else {
        help
    };
    let mut error = SyntaxError {
        message: format!("expected {expected_text}, found {found_text}"),
        span: Span::new(at, at + found.len().max(1)).into(),
        label: if expected.len() > 3 {
            format!("{found_text} is not expected here")
        } else {
            format!("expected {expected_text}")
        },
        help,
        unclosed: None,
        fix: (found == "=" && !text[at..].starts_with("=="))
            .then(|| Box::new((Span::new(at, at + 1), "==".to_string()))),
    };
    name_unclosed_block(text, item, at, &found, &refs, &mut error);
    error
}

/// Where pest stopped (`base` is where the parse started) and what it
/// expected there, in plain words, each once.
fn expected_at(base: usize, err: &ParseError) -> (usize, Vec<String>) {
    let mut at = base
        + match err.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        };
    let mut expected: Vec<String> = Vec::new();
    if let Some(attempts) = err.parse_attempts() {
        at = base + attempts.max_position;
        for token in attempts.expected_tokens() {
            let t = token.to_string();
            // Character classes and `_` are the inside of a name.
            let name_part = t == "_" || (t.chars().count() == 4 && t.get(1..3) == Some(".."));
            if name_part {
                expected.push("a name".to_string());
            } else if !TRIVIA_TOKENS.contains(&t.as_str()) && !t.is_empty() {
                expected.push(format!("`{t}`"));
            }
        }
        for stack in attempts.call_stacks() {
            if let Some(name) = stack.deepest.get_rule().and_then(names::listed_rule_name) {
                expected.push(name.to_string());
            }
        }
    }
    if expected.is_empty()
        && let ErrorVariant::ParsingError { positives, .. } = &err.variant
    {
        expected.extend(positives.iter().map(|r| names::rule_name(r).to_string()));
    }
    let mut seen: Vec<String> = Vec::new();
    for e in expected {
        if !seen.contains(&e) {
            seen.push(e);
        }
    }
    // "a top-level item (game, players, …)" already names every keyword.
    if seen.iter().any(|e| e.starts_with("a top-level item")) {
        seen.retain(|e| !e.starts_with('`'));
    }
    (at, seen)
}

/// A name was wanted and the word just before `at` is a reserved word: that
/// is almost surely the name the author meant.
fn reserved_name_help(text: &str, at: usize, expected: &[&str]) -> Option<String> {
    let before = text[..at.min(text.len())].trim_end();
    let word_start = before
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let previous = &before[word_start..];
    if expected.contains(&"a word that ends a condition") && CONDITION_STOPS.contains(&previous) {
        return Some(format!(
            "`{previous}` ends a condition written without a comma, so a condition cannot be named `{previous}`: \
             rename the condition where it is declared"
        ));
    }
    (expected.contains(&"a name")
        && (ITEM_KEYWORDS.contains(&previous) || OTHER_RESERVED.contains(&previous)))
    .then(|| format!("`{previous}` is a reserved word and cannot be a name: choose another"))
}

/// The words that end a condition (the grammar's `cond_stop`): a condition
/// may be declared under such a name, but a use of it reads as the end of
/// the condition before it.
pub(super) const CONDITION_STOPS: &[&str] = &[
    "along", "closed", "groups", "without", "is", "has", "by", "move", "drop", "choose", "pass", "must",
    "most", "then", "actions", "remove", "costs",
];

/// The file ended too early: the error points at its last character, and at
/// the `{` of the item (which starts at `item`) that is still open, if any.
fn end_of_file_error(text: &str, item: usize, expected_text: &str, help: Option<String>) -> SyntaxError {
    let end = text.trim_end().len();
    let last = text[..end].char_indices().next_back().map_or(0, |(i, _)| i);
    SyntaxError {
        message: format!("expected {expected_text}, found the end of the file"),
        span: Span::new(last, end).into(),
        label: "the file ends here".to_string(),
        help,
        unclosed: unclosed_brace(text, item).map(|b| Span::new(b, b + 1).into()),
        // The block still open is closed at the end of the file.
        fix: unclosed_brace(text, item).map(|_| Box::new((Span::new(end, end), "\n}".to_string()))),
    }
}

/// A block still open when the next item starts (a keyword at the start of a
/// line where `}` could have closed it) or where a line ends: names the `{`
/// left open in `error` (in the item that starts at `item`), with a help and, before a new item, the `}` to add.
fn name_unclosed_block(
    text: &str,
    item: usize,
    at: usize,
    found: &str,
    expected: &[&str],
    error: &mut SyntaxError,
) {
    let line_start = at == 0 || text[..at].ends_with('\n');
    let next_item = line_start && ITEM_KEYWORDS.contains(&found);
    let line_end = found == "\n" || found == "\r";
    if !(expected.contains(&"`}`") && (next_item || line_end)) {
        return;
    }
    let Some(open) = unclosed_brace(&text[..at], item) else {
        return;
    };
    let line = text[..open].matches('\n').count() + 1;
    error.unclosed = Some(Span::new(open, open + 1).into());
    if next_item {
        error.help = Some(format!(
            "the `{{` of line {line} is never closed: add its `}}` before `{found}`"
        ));
        error.label = format!("`{found}` starts while a block is open");
        // The `}` goes before the item that starts (where no `=` can be).
        error.fix = Some(Box::new((Span::new(at, at), "}\n".to_string())));
    } else {
        error.help = Some(format!(
            "the `{{` of line {line} is still open here: add its `}}` if the block ends"
        ));
    }
}

/// Words that cannot be names besides the item keywords ([`ITEM_KEYWORDS`]);
/// together they are the `keyword` rule of the grammar.
pub(super) const OTHER_RESERVED: &[&str] = &[
    "repeat", "unless", "and", "or", "not", "onto", "over", "at", "choose", "else",
];

/// Tokens of white space and comments, never worth listing as "expected".
const TRIVIA_TOKENS: &[&str] = &[" ", "\t", "\r", "\n", "//", "/*"];

/// The token at `at`: a word, or one character.
pub(super) fn found_token(text: &str, at: usize) -> String {
    let rest = &text[at.min(text.len())..];
    let word: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if word.is_empty() {
        rest.chars().next().map(String::from).unwrap_or_default()
    } else {
        word
    }
}

/// A found token in words: quoted, but a line end, a byte-order mark or
/// another character that shows nothing is named.
pub(super) fn found_words(found: &str) -> String {
    let mut chars = found.chars();
    match (chars.next(), chars.next()) {
        (Some('\n' | '\r'), None) => "the end of the line".to_string(),
        (Some('\u{feff}'), None) => "a byte-order mark (U+FEFF)".to_string(),
        (Some(c), None) if is_invisible(c) => format!("an invisible character (U+{:04X})", c as u32),
        _ => format!("`{found}`"),
    }
}

/// Whether `c` shows nothing: a control, or a space or format character
/// other than the space itself.
fn is_invisible(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}' | '\u{00ad}')
}

/// The last `{` of the text from `from` on that is never closed.
fn unclosed_brace(text: &str, from: usize) -> Option<usize> {
    let mut open = Vec::new();
    let mut in_comment = false;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate().skip(from) {
        match b {
            b'\n' => in_comment = false,
            b'/' if !in_comment && bytes.get(i + 1) == Some(&b'/') => in_comment = true,
            b'{' if !in_comment => open.push(i),
            b'}' if !in_comment => {
                open.pop();
            }
            _ => {}
        }
    }
    open.pop()
}

/// A hint for common mistakes, from what was expected and what was found.
fn help_for(expected: &[&str], found: &str) -> Option<String> {
    let wants = |s: &str| expected.iter().any(|e| e.contains(s));
    if found == "=" {
        Some("compare with `==`; a single `=` only gives an option its default".into())
    } else if found == "&" || found == "|" {
        Some("conditions are joined with the words `and` and `or`, e.g. `empty or enemy`".into())
    } else if wants("`:`") {
        Some("a name and its value are separated by `:`, e.g. `option turn_limit: int = 300`".into())
    } else if found.is_empty() && wants("`}`") {
        Some("a `{` was opened and never closed: add the matching `}`".into())
    } else if wants("a top-level item") {
        Some("each top-level item starts with a keyword such as `piece`, `region` or `turn`; see docs/LANGUAGE.md".into())
    } else if wants("`onto`") {
        Some("a pattern names its target cells with `onto`, e.g. `step n onto empty`".into())
    } else {
        None
    }
}
