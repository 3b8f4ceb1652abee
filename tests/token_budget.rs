//! The shipped games stay short: at most 0.7× the tokens of the RBG
//! versions (counting each name, number and punctuation mark as one token,
//! comments left out). `layout` items only say how the board is drawn and
//! do not count (a morris board's points would otherwise cost 144 tokens),
//! nor do `appearance` items (colours and figures of the pictures), nor
//! `test` blocks (checks of the rules, not rules).

use std::path::Path;

use rulebook::diag::SourceFile;
use rulebook::syntax::{self, ast::Item};

/// RBG's token counts of the games it also describes.
const RBG: [(&str, usize); 19] = [
    ("chess", 1480),
    ("english-checkers", 790),
    ("international-draughts", 1430),
    ("tic-tac-toe", 252),
    ("connect-four", 360),
    ("reversi", 658),
    ("hex", 472),
    ("amazons", 400),
    ("nine-mens-morris", 910),
    ("go", 659),
    // marekesz/rbgGames games/breakthrough.rbg, counted as `tokens` counts.
    ("breakthrough", 294),
    // marekesz/rbgGames games/connect6.rbg and yavalath.rbg, counted as `tokens` counts.
    ("connect6", 294),
    ("yavalath", 406),
    // marekesz/rbgGames games/pentago.rbg, counted as `tokens` counts.
    ("pentago", 717),
    // marekesz/rbgGames games/breakthru.rbg, counted the same way.
    ("breakthru", 639),
    // marekesz/rbgGames games/knightthrough.rbg and foxAndHounds.rbg: names,
    // numbers, `->`, `->>` and each other mark one token, comments left out.
    ("knightthrough", 309),
    ("fox-and-hounds", 310),
    // marekesz/rbgGames games/gess.rbg, counted as `tokens` counts.
    ("gess", 2488),
    // marekesz/rbgGames games/paperSoccer.rbg, counted the same way.
    ("paper-soccer", 792),
];

/// The text with comments, `layout`, `appearance` and `test` items blanked out.
fn counted_text(text: &str) -> String {
    let (file, errors) = syntax::parse(&SourceFile::new("game", text));
    assert!(errors.is_empty(), "{errors:?}");
    let mut bytes = text.as_bytes().to_vec();
    for item in &file.items {
        let span = match item {
            Item::Layout(layout) => Some(layout.span),
            Item::Appearance(look) => Some(look.span),
            Item::Test(test) => Some(test.span),
            _ => None,
        };
        if let Some(span) = span {
            bytes[span.start..span.end].fill(b' ');
        }
    }
    let text = String::from_utf8(bytes).expect("whole items were blanked");
    let mut out = String::new();
    let mut rest = text.as_str();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
        } else if rest.starts_with('"') {
            let end = rest[1..].find('"').map_or(rest.len(), |i| i + 2);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        } else {
            let c = rest.chars().next().expect("not empty");
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Tokens: a string, a run of word characters, a two-character operator, or
/// any other character that is not white space.
fn tokens(text: &str) -> usize {
    let mut n = 0;
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let len = if let Some(inside) = rest.strip_prefix('"') {
            inside.find('"').map_or(rest.len(), |i| i + 2)
        } else if rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len())
        } else if ["..", "->", "==", "!=", "<=", ">="]
            .iter()
            .any(|op| rest.starts_with(op))
        {
            2
        } else {
            rest.chars().next().map_or(1, char::len_utf8)
        };
        n += 1;
        rest = rest[len..].trim_start();
    }
    n
}

#[test]
fn shipped_games_stay_within_their_token_budgets() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut report = Vec::new();
    for (name, rbg) in RBG {
        let text = std::fs::read_to_string(dir.join(format!("{name}.rules"))).expect("a shipped game");
        let n = tokens(&counted_text(&text));
        let budget = rbg * 7 / 10;
        report.push(format!("{name}: {n} tokens (budget {budget})"));
        assert!(
            n <= budget,
            "{name} has {n} tokens, more than its budget of {budget}"
        );
    }
    println!("{}", report.join("\n"));
}

#[test]
fn layout_items_and_comments_do_not_count() {
    let base = "players A\nboard grid files a..c ranks 1..3\n";
    let with = format!("{base}// a comment\nlayout hexagons (file, rank)\n");
    assert_eq!(tokens(&counted_text(base)), tokens(&counted_text(&with)));
    let tested = format!("{base}test \"start\" {{\n  perft 1 = 9\n}}\n");
    assert_eq!(tokens(&counted_text(base)), tokens(&counted_text(&tested)));
    assert_eq!(tokens("link cw: (r, s) -> (r, s + 1)"), 16);
}
