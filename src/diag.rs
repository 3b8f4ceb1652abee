//! Source files and byte spans shared by every stage that reports errors;
//! and a report drawn as text for people ([`render`]), with text from
//! outside made safe to show ([`printable`], [`shown`]).

pub mod printable;
pub mod render;
pub mod shown;
mod snippet;

use miette::{NamedSource, SourceSpan};

/// A half-open byte range `start..end` into a source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

impl From<Span> for SourceSpan {
    fn from(span: Span) -> Self {
        SourceSpan::new(span.start.into(), span.end.saturating_sub(span.start))
    }
}

/// A named source text: the unit that diagnostics point into.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The name shown in reports (usually the path).
    pub name: String,
    /// The whole text.
    pub text: String,
    /// Where each line starts, found once when a line is first asked for.
    line_starts: std::sync::OnceLock<Vec<usize>>,
}

impl SourceFile {
    /// A source file from a name and its text.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        SourceFile {
            name: name.into(),
            text: text.into(),
            line_starts: std::sync::OnceLock::new(),
        }
    }

    /// The text as a miette source, for `#[source_code]`.
    pub fn named_source(&self) -> NamedSource<String> {
        NamedSource::new(&self.name, self.text.clone())
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let starts = self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        });
        // The lines that start at or before `offset`: the last of them holds it.
        let line = starts.partition_point(|&s| s <= offset);
        (line, offset - starts[line - 1] + 1)
    }
}

/// How serious a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Legal but almost surely wrong.
    Warning,
    /// The file cannot be used.
    Error,
}

/// One problem found in a rules file: a miette diagnostic with a code, a primary
/// label, optional secondary labels and a help line.
#[derive(Debug, Clone)]
pub struct Problem {
    /// Rust-path style code, e.g. `rules::compile::unknown_piece`.
    pub code: &'static str,
    /// Error or warning.
    pub severity: Severity,
    /// The one-line message.
    pub message: String,
    /// The primary span and its label.
    pub span: Span,
    /// Text of the primary label.
    pub label: String,
    /// Other places worth showing ("first declared here").
    pub secondary: Vec<(Span, String)>,
    /// A hint naming the fix.
    pub help: Option<String>,
    /// The name the problem is about, for an unknown name (lets a name declared
    /// by an item that failed to parse be excused).
    pub subject: Option<String>,
    /// The edit the help proposes, when it is sure to be the one meant: the
    /// text at the span is replaced (an empty span inserts). JSON output
    /// gives it to tools as a machine-applicable suggestion.
    pub fix: Option<(Span, String)>,
}

impl Problem {
    /// An error with a code, message, span and label.
    pub fn error(
        code: &'static str,
        message: impl Into<String>,
        span: Span,
        label: impl Into<String>,
    ) -> Self {
        Problem {
            code,
            severity: Severity::Error,
            message: message.into(),
            span,
            label: label.into(),
            secondary: Vec::new(),
            help: None,
            subject: None,
            fix: None,
        }
    }

    /// The same problem as a warning.
    pub fn warning(mut self) -> Self {
        self.severity = Severity::Warning;
        self
    }

    /// Adds a help line (in place of one before, and of its edit).
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self.fix = None;
        self
    }

    /// Adds the edit the help proposes (see [`Problem::fix`]).
    pub fn with_fix(mut self, span: Span, replacement: impl Into<String>) -> Self {
        self.fix = Some((span, replacement.into()));
        self
    }

    /// Adds a secondary label.
    pub fn with_label(mut self, span: Span, label: impl Into<String>) -> Self {
        self.secondary.push((span, label.into()));
        self
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}

impl miette::Diagnostic for Problem {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let primary = miette::LabeledSpan::new_primary_with_span(Some(self.label.clone()), self.span);
        let rest = self
            .secondary
            .iter()
            .map(|(span, label)| miette::LabeledSpan::new_with_span(Some(label.clone()), *span));
        Some(Box::new(std::iter::once(primary).chain(rest)))
    }
}

/// Every problem of one file, sorted by position, with the file's text: the
/// miette report that front ends print.
#[derive(Debug, thiserror::Error)]
#[error("{summary}")]
pub struct Report {
    /// "2 errors, 1 warning in games/x.rules".
    pub summary: String,
    /// The source the spans point into.
    pub src: NamedSource<String>,
    /// The problems, sorted by position.
    pub problems: Vec<Problem>,
}

impl Report {
    /// The most problems a rendered report shows (the first ones in the
    /// file): rendering finds each problem's lines from the start of the
    /// text, so a file with thousands of mistakes would take minutes.
    pub const MAX_SHOWN: usize = 100;

    /// A report of `problems` in `source`, sorted by position.
    pub fn new(source: &SourceFile, mut problems: Vec<Problem>) -> Self {
        problems.sort_by_key(|p| (p.span.start, p.span.end));
        let errors = problems.iter().filter(|p| p.severity == Severity::Error).count();
        let warnings = problems.len() - errors;
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let mut summary = format!(
            "{}, {} in {}",
            plural(errors, "error"),
            plural(warnings, "warning"),
            source.name
        );
        if problems.len() > Report::MAX_SHOWN {
            summary.push_str(&format!(" (the first {} are shown)", Report::MAX_SHOWN));
        }
        Report {
            summary,
            src: source.named_source(),
            problems,
        }
    }

    /// Whether any problem is an error.
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| p.severity == Severity::Error)
    }
}

impl miette::Diagnostic for Report {
    fn severity(&self) -> Option<miette::Severity> {
        Some(if self.has_errors() {
            miette::Severity::Error
        } else {
            miette::Severity::Warning
        })
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.src)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        Some(Box::new(
            self.problems
                .iter()
                .take(Report::MAX_SHOWN)
                .map(|p| p as &dyn miette::Diagnostic),
        ))
    }
}

/// A whole number with its thousands set apart for reading: `1000` as `1,000`.
pub fn thousands(n: u64) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_set_apart() {
        let shown: Vec<String> = [0, 999, 1_000, 65_536, 1_000_000].map(thousands).to_vec();
        assert_eq!(shown, ["0", "999", "1,000", "65,536", "1,000,000"]);
    }

    #[test]
    fn line_and_column_count_bytes_from_one() {
        let source = SourceFile::new("f", "ab\n\ncd\n");
        let at: Vec<(usize, usize)> = (0..=8).map(|o| source.line_col(o)).collect();
        assert_eq!(
            at,
            [
                (1, 1),
                (1, 2),
                (1, 3),
                (2, 1),
                (3, 1),
                (3, 2),
                (3, 3),
                (4, 1),
                (4, 1)
            ]
        );
    }

    #[test]
    fn a_report_shows_the_first_problems_and_counts_them_all() {
        let source = SourceFile::new("f", "x".repeat(500));
        let problems = (0..300)
            .map(|i| Problem::error("rules::compile::duplicate", "twice", Span::new(i, i + 1), "here"))
            .collect();
        let report = Report::new(&source, problems);
        let shown = miette::Diagnostic::related(&report).map_or(0, |r| r.count());
        assert_eq!(shown, Report::MAX_SHOWN);
        assert_eq!(
            report.summary,
            "300 errors, 0 warnings in f (the first 100 are shown)"
        );
    }
}
