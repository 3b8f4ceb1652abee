//! A rules file is plain text: a control character in it (an escape
//! sequence hidden in a title or a comment, a bell, a backspace) is refused,
//! so that no text of the file can reach a terminal as a command.

use super::SyntaxError;
use crate::diag::Span;

/// The error for the first control character of `text` other than a tab or
/// a line end (`\r`, `\n`), if it holds any, with how many there are.
pub(super) fn control_characters(text: &str) -> Option<SyntaxError> {
    let mut found = text
        .char_indices()
        .filter(|&(_, c)| c.is_control() && !matches!(c, '\t' | '\r' | '\n'));
    let (at, c) = found.next()?;
    let more = found.count();
    let code = format!("U+{:04X}", c as u32);
    let message = match more {
        0 => format!("the file holds a control character ({code})"),
        n => format!("the file holds {} control characters; the first is {code}", n + 1),
    };
    Some(SyntaxError {
        message,
        span: Span::new(at, at + c.len_utf8()).into(),
        label: format!("control character {code}"),
        help: Some(
            "a rules file is plain text: remove it (in a downloaded file it may hide an escape \
             sequence meant for the terminal)"
                .to_string(),
        ),
        unclosed: None,
        fix: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_refused_but_tabs_and_line_ends() {
        assert!(control_characters("game \"A\tB\"\r\nplayers A\n").is_none());
        let e = control_characters("game \"\x1b]0;pwned\x07\"\n").expect("refused");
        assert_eq!(
            e.message,
            "the file holds 2 control characters; the first is U+001B"
        );
        assert_eq!((e.span.offset(), e.span.len()), (6, 1));
        let one = control_characters("// \u{9b}2J\n").expect("a C1 control too");
        assert_eq!(one.label, "control character U+009B");
    }
}
