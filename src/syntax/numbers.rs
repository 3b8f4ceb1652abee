//! Numbers too large to compute with. A rules file computes with 64-bit
//! whole numbers; a literal beyond them would otherwise be read as the
//! largest one, silently.

use super::SyntaxError;
use crate::diag::Span;

/// Every whole-number literal of `text` outside −2⁶³ … 2⁶³ − 1 (comments and
/// strings aside), as an error. A literal is a run of digits that is not part
/// of a name (`b512` is a cell), with the `-` just before it as its sign.
pub(super) fn oversized(text: &str) -> Vec<SyntaxError> {
    let bytes = text.as_bytes();
    let mut errors = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        // Non-ASCII text is never a number (and `i` may be inside a character).
        if !bytes[i].is_ascii() {
            i += 1;
            continue;
        }
        let rest = &text[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
            continue;
        }
        if let Some(body) = rest.strip_prefix("/*") {
            i += body.find("*/").map_or(rest.len(), |e| e + 4);
            continue;
        }
        if bytes[i] == b'"' {
            // A string ends at its quote, or at the end of its line if it has none.
            i += rest[1..].find(['"', '\n']).map_or(rest.len(), |e| e + 2);
            continue;
        }
        let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        if !word(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && word(bytes[i]) {
            i += 1;
        }
        let token = &text[start..i];
        if !token.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let negative = start > 0 && bytes[start - 1] == b'-';
        let literal = if negative { &text[start - 1..i] } else { token };
        if literal.parse::<i64>().is_err() {
            let from = if negative { start - 1 } else { start };
            errors.push(SyntaxError {
                message: format!("`{literal}` is too large a number"),
                span: Span::new(from, i).into(),
                label: "too large".to_string(),
                help: Some(format!("whole numbers go from {} to {}", i64::MIN, i64::MAX)),
                unclosed: None,
                fix: None,
            });
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_beyond_64_bits_are_found_and_nothing_else() {
        let text = "option k: int = 0 in 0..9223372036854775808 // 99999999999999999999\n\
                    region r = b99999999999999999999\n\
                    end { win A when x > -9223372036854775808 and y < 18446744073709551616 }\n\
                    game \"99999999999999999999\" // é 99999999999999999999";
        let found: Vec<&str> = oversized(text)
            .iter()
            .map(|e| &text[e.span.offset()..e.span.offset() + e.span.len()])
            .collect();
        assert_eq!(found, ["9223372036854775808", "18446744073709551616"]);
    }
}
