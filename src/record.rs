//! Game records: a plain-text file that saves a game, to resume it with
//! `play --record FILE` or replay it with `moves`/`perft --record FILE`.
//!
//! ```text
//! rulebook record 1
//! # Race, saved by rulebook 0.1.0
//! rules: race.rules
//! rules-hash: fnv1a64 5f0d1b2a3c4e6f70
//! set: turn_limit=40
//! moves:
//! 1.    a1-a2   # White
//! 2.    b3-b2   # Black
//! ```
//!
//! The first line names the format and its version. Header lines
//! `key: value` follow, then `moves:` and the moves in notation, separated by
//! white space; `12.` before a move is its number (checked when read), and
//! `#` starts a comment. A game that began elsewhere than at the rules'
//! start has a `position:` header: its starting position as text (FEN-like,
//! as `--position` takes it).

use miette::{Diagnostic, NamedSource, SourceSpan};
use thiserror::Error;

use crate::diag::{SourceFile, Span};

/// The version of the format this program writes and reads.
pub const VERSION: u32 = 1;

/// The header fields of version 1, for "did you mean".
const FIELDS: [&str; 6] = ["game", "rules", "rules-hash", "set", "position", "moves"];

/// A game as saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The title of the game the rules file declared (absent from records
    /// saved before it was written).
    pub game: Option<String>,
    /// The rules file's name, as it was given when the game was played.
    pub rules: String,
    /// The hash of the rules file's text then ([`hash`]).
    pub rules_hash: Option<String>,
    /// The options that were set: `(name, value)`, in order.
    pub sets: Vec<(String, String)>,
    /// The starting position as text, with where it stands in the record;
    /// `None`: the rules' own start.
    pub position: Option<(String, Span)>,
    /// The moves in notation, in order, each with where it stands in the record.
    pub moves: Vec<(String, Span)>,
}

/// A record that cannot be read, pointing into its text.
#[derive(Debug, Error)]
#[error("{message}")]
pub struct RecordError {
    /// What is wrong.
    pub message: String,
    /// The code of the problem (one of the record codes of `rules::cli`).
    pub code: &'static str,
    /// The record's text.
    pub src: NamedSource<String>,
    /// Where.
    pub span: SourceSpan,
    /// The label at the span.
    pub label: String,
    /// How to fix it.
    pub help: Option<String>,
}

impl Diagnostic for RecordError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.src)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let label = miette::LabeledSpan::new_primary_with_span(Some(self.label.clone()), self.span);
        Some(Box::new(std::iter::once(label)))
    }
}

impl RecordError {
    /// An error at `span` of `source`.
    pub fn at(
        source: &SourceFile,
        code: &'static str,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
        help: Option<String>,
    ) -> RecordError {
        RecordError {
            message: message.into(),
            code,
            src: source.named_source(),
            span: span.into(),
            label: label.into(),
            help,
        }
    }
}

/// The FNV-1a hash (64 bits) of a text, as written in records: enough to
/// notice that a rules file changed since a game was saved.
pub fn hash(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("fnv1a64 {h:016x}")
}

impl Record {
    /// The record as text; `movers[i]` (who played move `i`) goes into a comment.
    pub fn to_text(&self, movers: &[String]) -> String {
        let mut out = format!("rulebook record {VERSION}\n");
        out.push_str(&format!("# saved by rulebook {}\n", env!("CARGO_PKG_VERSION")));
        if let Some(game) = &self.game {
            out.push_str(&format!("game: {game}\n"));
        }
        out.push_str(&format!("rules: {}\n", self.rules));
        if let Some(h) = &self.rules_hash {
            out.push_str(&format!("rules-hash: {h}\n"));
        }
        for (name, value) in &self.sets {
            out.push_str(&format!("set: {name}={value}\n"));
        }
        if let Some((position, _)) = &self.position {
            out.push_str(&format!("position: {position}\n"));
        }
        out.push_str("moves:\n");
        let width = self.moves.iter().map(|(m, _)| m.len()).max().unwrap_or(0);
        for (i, (mv, _)) in self.moves.iter().enumerate() {
            let number = format!("{}.", i + 1);
            match movers.get(i) {
                Some(who) => out.push_str(&format!("{number:<5} {mv:<width$}  # {who}\n")),
                None => out.push_str(&format!("{number:<5} {mv}\n")),
            }
        }
        out
    }

    /// Reads a record: its first line, its header, then its moves.
    pub fn parse(source: &SourceFile) -> Result<Record, Box<RecordError>> {
        let text = source.text.as_str();
        let mut lines = Lines::new(text);
        let first = first_line(source, &mut lines)?;
        let mut record = Record {
            game: None,
            rules: String::new(),
            rules_hash: None,
            sets: Vec::new(),
            position: None,
            moves: Vec::new(),
        };
        let header = record.read_header(source, &mut lines)?;
        let Some(moves_at) = header.moves_at else {
            return Err(fail(
                source,
                "rules::cli::record_format",
                Span::new(text.trim_end().len(), text.trim_end().len()),
                "the record has no `moves:` line".into(),
                "expected `moves:` before the end",
                Some(
                    "the moves follow a line `moves:` (which may be the last line if no move was played)"
                        .into(),
                ),
            ));
        };
        if !header.rules_seen {
            return Err(fail(
                source,
                "rules::cli::record_format",
                Span::new(0, first.len()),
                "the record does not say which rules it was played with".into(),
                "no `rules:` line",
                Some("add a line `rules: FILE` after the first".into()),
            ));
        }
        record.read_moves(source, moves_at)?;
        Ok(record)
    }

    /// Reads the header lines `key: value` into the record, up to and with
    /// `moves:` (or the end of the text).
    fn read_header(&mut self, source: &SourceFile, lines: &mut Lines) -> Result<Header, Box<RecordError>> {
        let mut header = Header {
            rules_seen: false,
            moves_at: None,
        };
        while let Some((line, span)) = lines.next_content() {
            let Some((key, value)) = line.split_once(':') else {
                return Err(fail(
                    source,
                    "rules::cli::record_format",
                    span,
                    format!("expected `field: value`, found `{line}`"),
                    "not a header line",
                    Some(
                        "the header has lines `rules: …`, `set: name=value`; the moves follow `moves:`"
                            .into(),
                    ),
                ));
            };
            let (key, value) = (key.trim(), value.trim());
            let colon = line.len() - line.split_once(':').map_or(0, |(_, v)| v.len()) - 1;
            let after = &line[colon + 1..];
            let value_at = span.start + colon + 1 + (after.len() - after.trim_start().len());
            let repeated = match key {
                "rules" => header.rules_seen,
                "game" => self.game.is_some(),
                "rules-hash" => self.rules_hash.is_some(),
                "position" => self.position.is_some(),
                _ => false,
            };
            if repeated {
                return Err(fail(
                    source,
                    "rules::cli::record_format",
                    span,
                    format!("`{key}` is given twice"),
                    "given again here",
                    None,
                ));
            }
            let field = Field {
                key,
                value,
                span,
                colon,
                value_at,
            };
            if self.read_field(source, &field, &mut header)? {
                break;
            }
        }
        Ok(header)
    }

    /// Reads one header field into the record (or into `header`); whether
    /// it was `moves:`, which ends the header.
    fn read_field(
        &mut self,
        source: &SourceFile,
        field: &Field,
        header: &mut Header,
    ) -> Result<bool, Box<RecordError>> {
        let Field {
            key,
            value,
            span,
            colon,
            value_at,
        } = *field;
        match key {
            "rules" => {
                self.rules = value.to_string();
                header.rules_seen = true;
            }
            "rules-hash" => self.rules_hash = Some(value.to_string()),
            "game" => self.game = Some(value.to_string()),
            "set" => match value.split_once('=') {
                Some((name, v)) if !name.trim().is_empty() => {
                    self.sets.push((name.trim().to_string(), v.trim().to_string()))
                }
                _ => {
                    return Err(fail(
                        source,
                        "rules::cli::record_format",
                        Span::new(value_at, span.end),
                        format!("`set: {value}` is not of the form name=value"),
                        "expected name=value",
                        Some("write e.g. `set: turn_limit=100`".into()),
                    ));
                }
            },
            "position" => {
                self.position = Some((value.to_string(), Span::new(value_at, span.end)));
            }
            "moves" => {
                header.moves_at = Some(value_at);
                return Ok(true);
            }
            _ => {
                let close = strsim_close(key);
                return Err(fail(
                    source,
                    "rules::cli::record_format",
                    Span::new(span.start, span.start + colon),
                    format!("unknown field `{key}`"),
                    "not a field of a record",
                    Some(match close {
                        Some(c) => format!("did you mean `{c}`?"),
                        None => format!("the fields are: {}", FIELDS.join(", ")),
                    }),
                ));
            }
        }
        Ok(false)
    }

    /// Reads the moves, from byte `moves_at` of the text to its end,
    /// checking the numbers written before them.
    fn read_moves(&mut self, source: &SourceFile, moves_at: usize) -> Result<(), Box<RecordError>> {
        for (word, span) in words(&source.text, moves_at) {
            if let Some(n) = word.strip_suffix('.')
                && !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
            {
                let expected = self.moves.len() + 1;
                if n.parse::<usize>().ok() != Some(expected) {
                    return Err(fail(
                        source,
                        "rules::cli::record_move",
                        span,
                        format!("move number {n} where move {expected} comes"),
                        "out of order",
                        Some(
                            "numbers before the moves must count 1., 2., 3., …; leave them out if unsure"
                                .into(),
                        ),
                    ));
                }
                continue;
            }
            self.moves.push((word.to_string(), span));
        }
        Ok(())
    }
}

/// What reading the header found besides the record's fields.
struct Header {
    /// Whether a `rules:` line was read.
    rules_seen: bool,
    /// Where the moves start: just after `moves:`, if it was read.
    moves_at: Option<usize>,
}

/// A header line `key: value` taken apart.
#[derive(Clone, Copy)]
struct Field<'a> {
    key: &'a str,
    value: &'a str,
    /// The whole line.
    span: Span,
    /// The offset of the colon in the line.
    colon: usize,
    /// Where the value starts in the text.
    value_at: usize,
}

/// A record error in `source`, boxed.
fn fail(
    source: &SourceFile,
    code: &'static str,
    span: Span,
    message: String,
    label: &str,
    help: Option<String>,
) -> Box<RecordError> {
    Box::new(RecordError::at(source, code, span, message, label, help))
}

/// Checks the first line of a record, `rulebook record 1`, and returns it.
fn first_line<'a>(source: &SourceFile, lines: &mut Lines<'a>) -> Result<&'a str, Box<RecordError>> {
    let Some((first, span)) = lines.next_content() else {
        return Err(fail(
            source,
            "rules::cli::record_format",
            Span::new(0, 0),
            "this file is empty, not a game record".into(),
            "empty",
            Some(format!(
                "a record starts with the line `rulebook record {VERSION}`"
            )),
        ));
    };
    match first.strip_prefix("rulebook record").map(str::trim) {
        Some(v) if v == VERSION.to_string() => Ok(first),
        Some(v) if v.parse::<u32>().is_ok_and(|v| v > VERSION) => Err(fail(
            source,
            "rules::cli::record_version",
            span,
            format!("this record is in format {v}; this rulebook reads format {VERSION}"),
            "a newer format",
            Some("a newer rulebook wrote it: update rulebook to read it".into()),
        )),
        _ => Err(fail(
            source,
            "rules::cli::record_format",
            span,
            "this is not a game record".into(),
            "expected `rulebook record 1`",
            Some(format!(
                "a record starts with the line `rulebook record {VERSION}`; `play` writes one with `save FILE`"
            )),
        )),
    }
}

/// The field closest to a misspelt one.
fn strsim_close(key: &str) -> Option<&'static str> {
    FIELDS
        .iter()
        .map(|f| (strsim::damerau_levenshtein(key, f), *f))
        .filter(|(d, f)| *d <= (f.len() / 3).max(1))
        .min()
        .map(|(_, f)| f)
}

/// The lines of a text without comments, with their spans.
struct Lines<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        Lines { text, at: 0 }
    }

    /// The next line that holds anything but white space and a comment,
    /// trimmed, with its span.
    fn next_content(&mut self) -> Option<(&'a str, Span)> {
        while self.at < self.text.len() {
            let start = self.at;
            let end = self.text[start..]
                .find('\n')
                .map_or(self.text.len(), |i| start + i);
            self.at = end + 1;
            let line = &self.text[start..end];
            let code = line.find('#').map_or(line, |i| &line[..i]);
            let trimmed = code.trim();
            if !trimmed.is_empty() {
                let lead = code.len() - code.trim_start().len();
                return Some((trimmed, Span::new(start + lead, start + lead + trimmed.len())));
            }
        }
        None
    }
}

/// The words of `text[from..]` outside comments, with their spans.
fn words(text: &str, from: usize) -> Vec<(&str, Span)> {
    let mut out = Vec::new();
    let mut at = from;
    for line in text[from..].split_inclusive('\n') {
        let code = line.find('#').map_or(line, |i| &line[..i]);
        let mut offset = 0;
        for part in code.split(|c: char| c.is_whitespace()) {
            if !part.is_empty() {
                out.push((part, Span::new(at + offset, at + offset + part.len())));
            }
            offset += part.len() + 1;
        }
        at += line.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Record, Box<RecordError>> {
        Record::parse(&SourceFile::new("game.txt", text))
    }

    #[test]
    fn hash_is_fnv1a_64() {
        // Reference values of the FNV-1a 64-bit hash.
        assert_eq!(hash(""), "fnv1a64 cbf29ce484222325");
        assert_eq!(hash("a"), "fnv1a64 af63dc4c8601ec8c");
        assert_eq!(hash("foobar"), "fnv1a64 85944171f73967e8");
    }

    #[test]
    fn a_written_record_reads_back() {
        let record = Record {
            game: Some("X & Y".into()),
            rules: "games/x.rules".into(),
            rules_hash: Some(hash("text")),
            sets: vec![("turn_limit".into(), "40".into())],
            position: Some(("8/8/8 w".into(), Span::default())),
            moves: ["N@b8", "c3-b4", "b8-c6,f8xe6"]
                .iter()
                .map(|m| (m.to_string(), Span::default()))
                .collect(),
        };
        let text = record.to_text(&["A".into(), "B".into(), "A".into()]);
        let back = parse(&text).expect("it reads");
        assert_eq!(back.game, record.game);
        assert_eq!(back.rules, record.rules);
        assert_eq!(back.rules_hash, record.rules_hash);
        assert_eq!(back.sets, record.sets);
        let (position, span) = back.position.as_ref().expect("the position reads back");
        assert_eq!(position, "8/8/8 w");
        assert_eq!(&text[span.start..span.end], "8/8/8 w");
        let moves: Vec<&str> = back.moves.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(moves, ["N@b8", "c3-b4", "b8-c6,f8xe6"]);
        // Each move's span points at it.
        for (m, span) in &back.moves {
            assert_eq!(&text[span.start..span.end], m);
        }
    }

    #[test]
    fn moves_may_be_bare_and_on_one_line() {
        let back = parse("rulebook record 1\nrules: r\nmoves: a1-a2 b3-b2\n").expect("reads");
        assert_eq!(back.moves.len(), 2);
    }

    #[test]
    fn refusals_name_the_problem() {
        let cases = [
            ("", "rules::cli::record_format"),
            ("hello\n", "rules::cli::record_format"),
            (
                "rulebook record 2\nrules: r\nmoves:\n",
                "rules::cli::record_version",
            ),
            (
                "rulebook record 1\nrules: r\nposition: 8/8\nposition: 8/8\nmoves:\n",
                "rules::cli::record_format",
            ),
            (
                "rulebook record 1\nrulez: r\nmoves:\n",
                "rules::cli::record_format",
            ),
            ("rulebook record 1\nrules: r\n", "rules::cli::record_format"),
            ("rulebook record 1\nmoves:\n", "rules::cli::record_format"),
            (
                "rulebook record 1\nrules: r\nmoves:\n1. a1-a2 3. b1-b2\n",
                "rules::cli::record_move",
            ),
        ];
        for (text, code) in cases {
            let e = parse(text).expect_err(text);
            assert_eq!(e.code, code, "{text:?}: {}", e.message);
        }
        let e = parse("rulebook record 1\nrulez: r\nmoves:\n").expect_err("refused");
        assert_eq!(e.help.as_deref(), Some("did you mean `rules`?"));
    }
}
