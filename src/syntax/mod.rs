//! Stage 1: source text → typed AST ([`ast::RulesFile`]), with syntax errors in plain words.
//!
//! Pest stops at the first error, so the file is parsed one top-level item at a
//! time: after an error the parser resynchronises at the next line that starts
//! with a top-level keyword, and goes on. All syntax errors of a file come back
//! together with the AST of every item that did parse.

pub mod ast;
mod control;
mod lower;
mod names;
mod numbers;
mod parser;
mod recover;

use miette::{Diagnostic, SourceSpan};
use pest::Parser;
use pest::error::{ErrorVariant, InputLocation};
use thiserror::Error;

use crate::diag::{SourceFile, Span};
use ast::RulesFile;
use parser::{Rule, RulesParser};

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

/// Words that start a top-level item; the parser resynchronises at them.
const ITEM_KEYWORDS: &[&str] = &[
    "game",
    "players",
    "option",
    "board",
    "directions",
    "region",
    "counter",
    "piece",
    "when",
    "captured",
    "setup",
    "turns",
    "turn",
    "end",
    "pool",
    "flag",
    "royal",
    "promote",
    "layout",
    "appearance",
    "test",
];

/// The most nested grammar calls one item may make before the parse is refused:
/// keeps pathological inputs (thousands of nested parentheses) from exhausting the stack.
const PARSE_CALL_LIMIT: usize = 5_000_000;

/// The syntax errors after which the rest of a file is not read: each error
/// costs pest a walk over the rest of the text, so a file of thousands of
/// broken lines would take minutes, and the first errors are the useful ones.
const MAX_SYNTAX_ERRORS: usize = 100;

/// Parses a whole file. Returns the AST of every item that parsed, and every syntax error.
pub fn parse(source: &SourceFile) -> (RulesFile, Vec<SyntaxError>) {
    pest::set_call_limit(std::num::NonZeroUsize::new(PARSE_CALL_LIMIT));
    pest::set_error_detail(true);
    let text = source.text.as_str();
    let mut file = RulesFile::default();
    let mut errors: Vec<SyntaxError> = control::control_characters(text).into_iter().collect();
    let mut pos = skip_trivia(text, 0);
    let mut last_item_end: Option<usize> = None;
    let mut item_ends = ItemEnds::default();
    while pos < text.len() {
        if text[pos..].starts_with("/*") {
            errors.push(SyntaxError {
                message: "this comment is never closed".to_string(),
                span: Span::new(pos, pos + 2).into(),
                label: "opened here".to_string(),
                help: Some("close it with `*/`; everything after it was read as comment".to_string()),
                unclosed: None,
                fix: None,
            });
            file.truncated = true;
            break;
        }
        if errors.len() >= MAX_SYNTAX_ERRORS {
            errors.push(SyntaxError {
                message: format!(
                    "too many syntax errors ({MAX_SYNTAX_ERRORS}): the rest of the file is not read"
                ),
                span: Span::new(pos, pos).into(),
                label: "stopped here".to_string(),
                help: Some("correct the errors above and check again".to_string()),
                unclosed: None,
                fix: None,
            });
            file.truncated = true;
            break;
        }
        let item_end = item_ends.next(text, pos + 1);
        if let Some(error) = item_ends.too_complex(text, pos, item_end) {
            errors.push(error);
            pos = skip_trivia(text, item_end);
            continue;
        }
        match RulesParser::parse(Rule::item, &text[pos..]) {
            Ok(mut pairs) => {
                let pair = pairs.next().expect("a successful item parse yields the item");
                let end = pos + pair.as_span().end();
                last_item_end = Some(end);
                let lowerer = lower::Lowerer { base: pos };
                file.items.push(lowerer.item(pair));
                pos = skip_trivia(text, end);
            }
            Err(err) => {
                let mut error = syntax_error(text, pos, &err);
                // An item that cannot start here, on the line where the last
                // item ended, is most likely the rest of that item.
                if error.span.offset() == pos
                    && text[pos..].starts_with(|c: char| c.is_ascii_alphanumeric())
                    && let Some(end) = last_item_end
                    && !text[end..pos].contains('\n')
                {
                    error.help =
                        Some("the item before ended earlier on this line: a missing `,` or operator?".into());
                    // `players White Black`: the rest of a list, read as such.
                    if let Some(list) = file.items.last_mut().and_then(name_list)
                        && let Some((names, line_end)) = names_to_line_end(text, pos)
                    {
                        list.extend(names);
                        errors.push(error);
                        pos = skip_trivia(text, line_end);
                        continue;
                    }
                }
                let at = error.span.offset();
                match recover::block(text, pos, item_end, error) {
                    Ok(recovered) => {
                        file.items.push(recovered.item);
                        file.broken_names.extend(recovered.broken_names);
                        file.broken_blocks.push(Span::new(pos, item_end));
                        errors.extend(recovered.errors);
                        pos = skip_trivia(text, item_end);
                    }
                    Err(error) => {
                        file.broken_names.extend(declared_names(&text[pos..]));
                        file.broken_items.push(found_token(text, pos));
                        errors.push(error);
                        pos = skip_trivia(text, item_ends.next(text, at.max(pos + 1)));
                    }
                }
            }
        }
    }
    errors.extend(numbers::oversized(text));
    (file, errors)
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
fn too_complex(text: &str, start: usize, end: usize) -> Option<SyntaxError> {
    #[cfg(test)]
    tests::SCANNED.with(|n| n.set(n.get() + end - start));
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
                format!("more than {} operators", thousands(MAX_OPERATORS))
            };
            return Some(limit_error(
                at,
                &format!("this `{keyword}` item holds {what}: too large to parse"),
                &format!(
                    "at most {} operators and {MAX_NESTED_WORDS} `if`/`not` per item",
                    thousands(MAX_OPERATORS)
                ),
                split_help(&keyword),
            ));
        }
    }
    None
}

/// `1000` as `1,000`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
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

/// Skips white space and comments from `pos`.
fn skip_trivia(text: &str, mut pos: usize) -> usize {
    loop {
        let rest = &text[pos..];
        let trimmed = rest.trim_start();
        pos += rest.len() - trimmed.len();
        if trimmed.starts_with("//") {
            pos += trimmed.find('\n').unwrap_or(trimmed.len());
        } else if let Some(body) = trimmed.strip_prefix("/*") {
            match body.find("*/") {
                Some(e) => pos += e + 4,
                None => return pos, // never closed: the parser reports it
            }
        } else {
            return pos;
        }
    }
}

/// The ends of items, found once for many items: lines that start with no
/// item keyword (`mark`, `supply`, …) put several items before one keyword
/// line, and searching again from each of them would be quadratic.
#[derive(Default)]
struct ItemEnds {
    /// The last search: from where, and what it found.
    searched: Option<(usize, usize)>,
    /// A range `start..end` found not too complex: so is every part of it
    /// that runs to its end (fewer operators, brackets no deeper).
    simple: Option<(usize, usize)>,
}

impl ItemEnds {
    /// [`next_item_start`], reusing the last search when `from` lies between
    /// where it started and what it found (no keyword line comes between).
    fn next(&mut self, text: &str, from: usize) -> usize {
        if let Some((start, end)) = self.searched
            && start <= from
            && from < end
        {
            return end;
        }
        let end = next_item_start(text, from);
        self.searched = Some((from, end));
        end
    }

    /// [`too_complex`], skipped for a suffix of a range already found simple.
    fn too_complex(&mut self, text: &str, start: usize, end: usize) -> Option<SyntaxError> {
        if let Some((s, e)) = self.simple
            && s <= start
            && end == e
        {
            return None;
        }
        let error = too_complex(text, start, end);
        if error.is_none() {
            self.simple = Some((start, end));
        }
        error
    }
}

/// The start of the next line after `from` whose first word is a top-level
/// keyword; when blank lines come before that line, the start of the first
/// of them. One pass over the text: each byte is looked at once.
fn next_item_start(text: &str, mut from: usize) -> usize {
    from = from.min(text.len());
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let mut line_start = text[from..].find('\n').map_or(text.len(), |i| from + i + 1);
    // The start of the run of blank lines just before `line_start`, if any.
    let mut blank_run: Option<usize> = None;
    while line_start < text.len() {
        let line_end = text[line_start..]
            .find('\n')
            .map_or(text.len(), |i| line_start + i + 1);
        #[cfg(test)]
        tests::SCANNED.with(|n| n.set(n.get() + line_end - line_start));
        let line = text[line_start..line_end].trim_start();
        if line.is_empty() {
            blank_run.get_or_insert(line_start);
        } else {
            let word_end = line
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(line.len());
            if ITEM_KEYWORDS.contains(&&line[..word_end]) {
                return blank_run.unwrap_or(line_start);
            }
            blank_run = None;
        }
        line_start = line_end;
    }
    text.len()
}

/// Builds a plain-words error from pest's record of what it tried at the
/// furthest position it reached (`base` is where the item's parse started).
fn syntax_error(text: &str, base: usize, err: &pest::error::Error<Rule>) -> SyntaxError {
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
        return end_of_file_error(text, base, &expected_text, help);
    }
    let found_text = if found == "\n" || found == "\r" {
        "the end of the line".to_string()
    } else {
        format!("`{found}`")
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
    name_unclosed_block(text, base, at, &found, &refs, &mut error);
    error
}

/// Where pest stopped (`base` is where the parse started) and what it
/// expected there, in plain words, each once.
fn expected_at(base: usize, err: &pest::error::Error<Rule>) -> (usize, Vec<String>) {
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
            // A rule named like a keyword ("`option`") only stands for the
            // literal tokens it was trying, which are listed already.
            if let Some(rule) = stack.deepest.get_rule()
                && !matches!(rule, Rule::WHITESPACE | Rule::COMMENT | Rule::keyword)
                && !names::rule_name(rule).starts_with('`')
            {
                expected.push(names::rule_name(rule).to_string());
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
    (expected.contains(&"a name")
        && (ITEM_KEYWORDS.contains(&previous) || OTHER_RESERVED.contains(&previous)))
    .then(|| format!("`{previous}` is a reserved word and cannot be a name: choose another"))
}

/// The file ended too early: the error points at its last character, and at
/// the `{` of the item (parsed from `base`) that is still open, if any.
fn end_of_file_error(text: &str, base: usize, expected_text: &str, help: Option<String>) -> SyntaxError {
    let end = text.trim_end().len();
    let last = text[..end].char_indices().next_back().map_or(0, |(i, _)| i);
    SyntaxError {
        message: format!("expected {expected_text}, found the end of the file"),
        span: Span::new(last, end).into(),
        label: "the file ends here".to_string(),
        help,
        unclosed: unclosed_brace(text, base).map(|b| Span::new(b, b + 1).into()),
        // The block still open is closed at the end of the file.
        fix: unclosed_brace(text, base).map(|_| Box::new((Span::new(end, end), "\n}".to_string()))),
    }
}

/// A block still open when the next item starts (a keyword at the start of a
/// line where `}` could have closed it) or where a line ends: names the `{`
/// left open in `error`, with a help and, before a new item, the `}` to add.
fn name_unclosed_block(
    text: &str,
    base: usize,
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
    let Some(open) = unclosed_brace(&text[..at], base) else {
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
const OTHER_RESERVED: &[&str] = &[
    "repeat", "unless", "and", "or", "not", "onto", "over", "at", "choose", "else",
];

/// Tokens of white space and comments, never worth listing as "expected".
const TRIVIA_TOKENS: &[&str] = &[" ", "\t", "\r", "\n", "//", "/*"];

/// The token at `at`: a word, or one character.
fn found_token(text: &str, at: usize) -> String {
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
    use super::*;

    thread_local! {
        /// Bytes looked at by `next_item_start` (each within the line being
        /// read) and `too_complex` (the item's range).
        pub(super) static SCANNED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    #[test]
    fn finding_items_reads_each_line_once() {
        // Blank lines inside an item, after it and in CRLF: the search for the
        // next item reads each line once, not the rest of the file per line.
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
        assert_eq!(next_item_start("a\nb\n\n\nplayers A\n", 0), 4);
    }

    #[test]
    fn items_without_a_keyword_line_between_them_are_read_in_linear_work() {
        // `mark` lines are no resynchronisation points: each item's search
        // for the next keyword line would cross all the others.
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
