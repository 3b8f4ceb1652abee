//! Text that came from outside the program — a rules file, a record, a move
//! typed or given with `--moves`, a file name — made safe to show on a
//! terminal: every control character is written as an escape (`\x1b`,
//! `\u{9b}`), so no text can set the window title, clear the screen, move
//! the cursor or ring the bell. Line ends and tabs stay as they are.
//!
//! Every way out to the terminal goes through [`printable`]: the command
//! line's standard output, the reports of miette ([`super::shown::Shown`])
//! and the game of `play`, whose own colours survive through
//! [`printable_keeping_colour`].

use std::borrow::Cow;
use std::fmt::Write;

/// `text` with every control character escaped, except line ends and tabs.
pub fn printable(text: &str) -> Cow<'_, str> {
    escape_with(text, |_| None)
}

/// [`printable`], but colour sequences (`ESC [ digits;… m`, Select Graphic
/// Rendition), which the program's own styles write, are kept. They only
/// change colours, never the screen, the cursor or the window; and the text
/// they colour cannot bring its own (a rules file's strings cannot hold
/// control characters, and `play` refuses a typed line that holds one).
pub fn printable_keeping_colour(text: &str) -> Cow<'_, str> {
    escape_with(text, colour_sequence)
}

/// Whether `c` is written as an escape: C0 and C1 controls and DEL, but
/// not `\n` or `\t`.
pub fn needs_escape(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

/// The escape that stands for `c`: `\x1b` below U+0080, `\u{9b}` above.
pub fn escape(c: char) -> String {
    let code = c as u32;
    if code < 0x80 {
        format!("\\x{code:02x}")
    } else {
        format!("\\u{{{code:x}}}")
    }
}

/// The length in bytes of a colour sequence at the start of `rest`, if one
/// starts there.
fn colour_sequence(rest: &str) -> Option<usize> {
    let body = rest.strip_prefix("\x1b[")?;
    let params = body
        .bytes()
        .take_while(|b| b.is_ascii_digit() || *b == b';')
        .count();
    (body.as_bytes().get(params) == Some(&b'm')).then_some(2 + params + 1)
}

/// Escapes `text`; `keep` says how many bytes at a position to copy as they
/// are (a sequence of the program's own).
fn escape_with(text: &str, keep: impl Fn(&str) -> Option<usize>) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut i = 0;
    while let Some(c) = text[i..].chars().next() {
        if let Some(n) = keep(&text[i..]) {
            out.push_str(&text[i..i + n]);
            i += n;
            continue;
        }
        if needs_escape(c) {
            // Writing into a String cannot fail.
            let _ = write!(out, "{}", escape(c));
        } else {
            out.push(c);
        }
        i += c.len_utf8();
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("plain text\n\tok"), "plain text\n\tok");
        assert!(matches!(printable("plain"), Cow::Borrowed(_)));
        assert_eq!(printable("\x1b]0;pwned\x07"), "\\x1b]0;pwned\\x07");
        assert_eq!(printable("a\rb\x7f\u{9b}2J"), "a\\x0db\\x7f\\u{9b}2J");
    }

    #[test]
    fn the_programs_colours_survive_but_nothing_else() {
        let styled = "\x1b[1;38;5;167m✗\x1b[0m `\x1b]0;pwned\x07` \x1b[2J";
        assert_eq!(
            printable_keeping_colour(styled),
            "\x1b[1;38;5;167m✗\x1b[0m `\\x1b]0;pwned\\x07` \\x1b[2J"
        );
        assert_eq!(printable(styled).matches('\x1b').count(), 0);
    }
}
