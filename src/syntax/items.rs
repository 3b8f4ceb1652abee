//! Step one of the parse: where the items of a file start and end, found in
//! one scan of the text before anything is parsed, and the cursor that moves
//! from item to item over the white space and comments between them.
//!
//! An item ends where the next line whose first word is a top-level keyword
//! starts (or, when blank lines come before that line, where the first of
//! them starts). Lines inside a closed `/* … */` comment end no item, nor
//! does an indented line inside brackets still open (`  when …`, a clause
//! of a rule, inside a `{ … }` block); a keyword at the very start of a line
//! always does, so that a block never closed ends at the next item. Items
//! that start with no such keyword (`mark`, `supply`, …) share the range of
//! the keyword item before them and are parsed one after the other in it.

/// Words that start a top-level item; an item ends before a line that starts with one.
pub(super) const ITEM_KEYWORDS: &[&str] = &[
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

/// A line that starts with a top-level keyword.
struct KeywordLine {
    /// Where the line starts.
    start: usize,
    /// Where its keyword starts.
    keyword: usize,
    /// Where the item before it ends: the line's start, or that of the blank
    /// lines just before it.
    end_before: usize,
}

/// The result of the scan: every line that starts an item, and where the
/// first comment that is never closed opens.
pub(super) struct Items {
    keyword_lines: Vec<KeywordLine>,
    /// The first `/*` (outside strings and comments) with no `*/` after it:
    /// every `/*` from here on is never closed.
    unclosed_comment: usize,
}

impl Items {
    /// Scans `text` once, line by line: each byte is looked at a bounded number of times.
    pub(super) fn scan(text: &str) -> Items {
        let mut scan = Scanner {
            text,
            keyword_lines: Vec::new(),
            blank_run: None,
            comment_end: 0,
            unclosed_comment: text.len(),
            depth: 0,
        };
        let mut line_start = 0;
        while line_start < text.len() {
            let line_end = text[line_start..]
                .find('\n')
                .map_or(text.len(), |i| line_start + i + 1);
            #[cfg(test)]
            tests::SCANNED.with(|n| n.set(n.get() + line_end - line_start));
            scan.line(line_start, line_end);
            line_start = line_end;
        }
        Items {
            keyword_lines: scan.keyword_lines,
            unclosed_comment: scan.unclosed_comment,
        }
    }

    /// Where the item that holds `from` ends: at the first line after the
    /// line of `from` that starts with a keyword (at the blank lines before
    /// it, if any, but not before the line after `from`), or at the end of
    /// the text.
    pub(super) fn end_after(&self, text: &str, from: usize) -> usize {
        let next = self.keyword_lines.partition_point(|k| k.start <= from);
        match self.keyword_lines.get(next) {
            None => text.len(),
            Some(k) if k.end_before > from => k.end_before,
            // `from` lies among the blank lines before the keyword line.
            Some(_) => text.as_bytes()[from..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(text.len(), |i| from + i + 1),
        }
    }

    /// Where the next item starts (its keyword) after the line of `from`,
    /// or the end of the text: the item at `from` is parsed up to there.
    pub(super) fn next_start_after(&self, text: &str, from: usize) -> usize {
        let next = self.keyword_lines.partition_point(|k| k.start <= from);
        self.keyword_lines.get(next).map_or(text.len(), |k| k.keyword)
    }

    /// A cursor at the first token of `text`.
    pub(super) fn cursor<'t>(&self, text: &'t str) -> Cursor<'t> {
        let mut cursor = Cursor {
            text,
            end: text.len(),
            unclosed_comment: self.unclosed_comment,
            pos: 0,
        };
        cursor.move_to(0);
        cursor
    }
}

/// The state of [`Items::scan`] between lines.
struct Scanner<'t> {
    text: &'t str,
    keyword_lines: Vec<KeywordLine>,
    /// The start of the run of blank lines just before the current line, if any.
    blank_run: Option<usize>,
    /// Where the last closed block comment ends.
    comment_end: usize,
    unclosed_comment: usize,
    /// How many brackets are open (since the last line that starts with a
    /// keyword at its very start).
    depth: usize,
}

impl Scanner<'_> {
    /// Reads the line `start..end` (with its `\n`).
    fn line(&mut self, start: usize, end: usize) {
        let line = self.text[start..end].trim_start();
        if line.is_empty() {
            self.blank_run.get_or_insert(start);
            return;
        }
        if start >= self.comment_end {
            let word_end = line
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(line.len());
            let indented = line.len() < end - start;
            if ITEM_KEYWORDS.contains(&&line[..word_end]) && (self.depth == 0 || !indented) {
                self.depth = 0;
                self.keyword_lines.push(KeywordLine {
                    start,
                    keyword: end - line.len(),
                    end_before: self.blank_run.unwrap_or(start),
                });
            }
        }
        self.blank_run = None;
        self.code(start.max(self.comment_end), end);
    }

    /// Reads the code of `from..end` (within one line) for the brackets it
    /// opens and closes, and the block comments that start there: a closed
    /// one may hide the starts of the lines it covers.
    fn code(&mut self, from: usize, end: usize) {
        let bytes = self.text.as_bytes();
        let mut i = from;
        while i < end {
            match bytes[i] {
                b'"' => {
                    i += 1;
                    while i < end && bytes[i] != b'"' {
                        i += 1;
                    }
                }
                b'/' if bytes.get(i + 1) == Some(&b'/') => return,
                b'/' if bytes.get(i + 1) == Some(&b'*') => {
                    let close = if i < self.unclosed_comment {
                        self.text[i + 2..].find("*/")
                    } else {
                        None
                    };
                    match close {
                        Some(e) => {
                            self.comment_end = i + 2 + e + 2;
                            i = self.comment_end;
                            continue;
                        }
                        None => {
                            self.unclosed_comment = self.unclosed_comment.min(i);
                            i += 1;
                        }
                    }
                }
                b'{' | b'(' | b'[' => self.depth += 1,
                b'}' | b')' | b']' => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
            i += 1;
        }
    }
}

/// A position that moves from token to token of `text[..end]`, over white
/// space and comments: the one place where they are skipped.
pub(super) struct Cursor<'t> {
    text: &'t str,
    end: usize,
    unclosed_comment: usize,
    /// The token the cursor is at (or `end`).
    pub(super) pos: usize,
}

impl<'t> Cursor<'t> {
    /// The same cursor over `text[..end]` only, at the first token from `from`.
    pub(super) fn within(&self, from: usize, end: usize) -> Cursor<'t> {
        let mut cursor = Cursor {
            text: self.text,
            end,
            unclosed_comment: self.unclosed_comment,
            pos: from,
        };
        cursor.move_to(from);
        cursor
    }

    /// Moves to the first token at or after `pos` (or to the end).
    pub(super) fn move_to(&mut self, mut pos: usize) {
        let text = self.text;
        loop {
            let rest = &text[pos.min(self.end)..self.end];
            let trimmed = rest.trim_start();
            pos = pos.min(self.end) + rest.len() - trimmed.len();
            if trimmed.starts_with("//") {
                pos += trimmed.find('\n').unwrap_or(trimmed.len());
            } else if let Some(close) = trimmed
                .strip_prefix("/*")
                .filter(|_| pos < self.unclosed_comment)
                .and_then(|body| body.find("*/"))
            {
                pos += close + 4;
            } else {
                self.pos = pos;
                return;
            }
        }
    }

    /// Where the cursor's text ends.
    pub(super) fn end(&self) -> usize {
        self.end
    }

    /// Whether the cursor is at the end of its text.
    pub(super) fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    /// Whether the cursor is at a `/*` that is never closed (it would have
    /// moved past one that is).
    pub(super) fn at_unclosed_comment(&self) -> bool {
        self.text[self.pos..self.end].starts_with("/*")
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    thread_local! {
        /// Bytes looked at by the scan (each line once) and by the limits
        /// check (each item's range once).
        pub(in crate::syntax) static SCANNED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    #[test]
    fn an_item_ends_at_the_blank_lines_before_the_next_keyword_line() {
        let text = "a\nb\n\n\nplayers A\n";
        assert_eq!(Items::scan(text).end_after(text, 0), 4);
    }

    #[test]
    fn keyword_lines_inside_a_closed_comment_end_no_item() {
        let text = "end {\n/*\nplayers A\n*/\n}\ncounter c\n";
        let items = Items::scan(text);
        assert_eq!(items.end_after(text, 0), text.find("counter").expect("there"));
        let cursor = items.cursor(text).within(6, text.len());
        assert_eq!(cursor.pos, text.find('}').expect("there"));
    }

    #[test]
    fn an_indented_keyword_line_inside_brackets_ends_no_item() {
        let text = "piece P letter P {\n  move a: step n onto empty,\n    when 1 == 1\n}\nend {\n";
        let items = Items::scan(text);
        assert_eq!(items.end_after(text, 0), text.find("end").expect("there"));
        // At the very start of a line, a keyword ends the block left open.
        let text = "end {\n  no move: draw\ncounter c\n";
        assert_eq!(
            Items::scan(text).end_after(text, 0),
            text.find("counter").expect("there")
        );
    }

    #[test]
    fn the_first_comment_never_closed_is_found() {
        let text = "players A\n\"/*\" /* a */\n/* b\n/* c\n";
        let items = Items::scan(text);
        assert_eq!(items.unclosed_comment, text.find("/* b").expect("there"));
        let mut cursor = items.cursor(text);
        cursor.move_to(text.find("\n/* b").expect("there"));
        assert!(cursor.at_unclosed_comment());
    }
}
