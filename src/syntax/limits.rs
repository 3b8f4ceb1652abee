//! The limits of what one item may hold (nesting, operators), checked by
//! reading its text before pest parses it: the parse and the compiler recurse
//! over expressions, and these bounds keep any input from exhausting the stack.

use super::SyntaxError;
use super::wording::found_token;
use crate::diag::{Span, thousands};

/// How deeply brackets may nest in one item.
const MAX_NESTING: usize = 64;
/// How many operators (`not`, `if`, `and`, `or`, arithmetic, comparisons) one
/// item may hold. Expressions are parsed and evaluated recursively: these
/// bounds keep any input from exhausting the stack, far above what a real
/// rules file needs.
const MAX_OPERATORS: usize = 1_000;
/// How many `if` and `not` one item may hold (each nests the parser one level).
const MAX_NESTED_WORDS: usize = 100;

/// Refuses an item (text `start..end`) that nests too deeply or is too large
/// to parse safely. Operators are counted as tokens: `>=` is one operator.
pub(super) fn too_complex(text: &str, start: usize, end: usize) -> Option<SyntaxError> {
    #[cfg(test)]
    super::items::tests::SCANNED.with(|n| n.set(n.get() + end - start));
    let item = &text[start..end];
    let keyword = found_token(text, start);
    let mut depth = 0usize;
    let (mut operators, mut words) = (0usize, 0usize);
    let mut word_start = None;
    let mut skip_until = 0;
    for (i, c) in item.char_indices() {
        if i < skip_until {
            continue;
        }
        let at = start + i;
        // Comments and strings hold no operators.
        let rest = &item[i..];
        if rest.starts_with("//") {
            skip_until = rest.find('\n').map_or(item.len(), |n| i + n);
            continue;
        }
        if rest.starts_with("/*") {
            skip_until = rest.find("*/").map_or(item.len(), |n| i + n + 2);
            continue;
        }
        if c == '"' {
            skip_until = rest[1..].find('"').map_or(item.len(), |n| i + n + 2);
            continue;
        }
        // A test's moves (`play`, `legal`, `illegal` lines) are no expression:
        // their `-` and `x` are parsed flat, however many.
        if keyword == "test" && word_start.is_none() && starts_move_line(rest) {
            skip_until = rest.find('\n').map_or(item.len(), |n| i + n);
            continue;
        }
        match c {
            '(' | '[' | '{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(limit_error(
                        at,
                        "brackets nest too deeply",
                        &format!("at most {MAX_NESTING} levels"),
                        split_help(&keyword),
                    ));
                }
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        let next = rest[c.len_utf8()..].chars().next();
        match (c, next) {
            // Two-character comparisons are one operator; `->` links cells.
            ('<' | '>' | '=' | '!', Some('=')) | ('-', Some('>')) => {
                skip_until = i + 2;
                operators += usize::from(c != '-');
            }
            ('+' | '-' | '*' | '/' | '%' | '<' | '>', _) => operators += 1,
            _ => {}
        }
        if c.is_ascii_alphanumeric() || c == '_' {
            word_start.get_or_insert(i);
        } else if let Some(w) = word_start.take() {
            let word = &item[w..i];
            if word == "not" || word == "if" {
                words += 1;
            }
            if matches!(word, "and" | "or" | "not" | "if") {
                operators += 1;
            }
        }
        if operators > MAX_OPERATORS || words > MAX_NESTED_WORDS {
            let what = if words > MAX_NESTED_WORDS {
                format!("more than {MAX_NESTED_WORDS} `if` and `not`")
            } else {
                format!("more than {} operators", thousands(MAX_OPERATORS as u64))
            };
            return Some(limit_error(
                at,
                &format!("this `{keyword}` item holds {what}: too large to parse"),
                &format!(
                    "at most {} operators and {MAX_NESTED_WORDS} `if`/`not` per item",
                    thousands(MAX_OPERATORS as u64)
                ),
                split_help(&keyword),
            ));
        }
    }
    None
}

/// Whether `rest` starts with a test's statement of moves.
fn starts_move_line(rest: &str) -> bool {
    ["play", "legal", "illegal"].iter().any(|w| {
        rest.strip_prefix(w)
            .is_some_and(|after| after.starts_with([' ', '\t']))
    })
}

/// How to split an item of this kind that is too large.
fn split_help(keyword: &str) -> String {
    match keyword {
        "end" => "split a long condition over several rules (`win P when A or B` is `win P when A` \
                  and `win P when B`), or name a part of it as a `flag`"
            .into(),
        "flag" => "split the condition over two flags (`flag a when …`, `flag b when …`) and use \
                   `a or b` where the flag was used"
            .into(),
        "region" => "split the region into smaller regions and list them: `region all = part1 part2`".into(),
        "board" => "split a long link over several `link` lines, each with its own `when`".into(),
        "turn" => "name a part of the expression as an option or a flag".into(),
        _ => format!("split the `{keyword}` item into several, or name a part of it as a region or a flag"),
    }
}

/// A limit error at `at`: what is too large, the limit, and how to split the item.
fn limit_error(at: usize, message: &str, limit: &str, help: String) -> SyntaxError {
    SyntaxError {
        message: message.to_string(),
        span: Span::new(at, at + 1).into(),
        label: format!("limit: {limit}"),
        help: Some(help),
        unclosed: None,
        fix: None,
    }
}
