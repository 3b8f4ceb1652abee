//! A diagnostic as it may be shown on a terminal: [`Shown`] copies any
//! miette diagnostic with its text made [`printable`] — the message, the
//! help, the labels and the source lines — and with very long source lines
//! cut down to the parts near the labels ([`Snippet`]). miette cannot
//! draw a label past column 65,535 (it panics), and a line of thousands of
//! characters is no help to read anyway.
//!
//! Every report the program prints goes through it (see
//! [`super::render::report_text`]): the errors of a command (the miette
//! hook set in `main`), the reports of rules files and records, those the
//! web page shows and those the Python package raises.

use miette::{Diagnostic, LabeledSpan, Severity, SourceCode, SourceSpan};

use super::printable::printable;
use super::snippet::Snippet;

/// A diagnostic copied with printable text and short source lines.
#[derive(Debug)]
pub struct Shown {
    message: String,
    code: Option<String>,
    severity: Option<Severity>,
    help: Option<String>,
    url: Option<String>,
    labels: Vec<LabeledSpan>,
    /// Its own source, when it has one (else miette uses its parent's).
    source: Option<Snippet>,
    related: Vec<Shown>,
    cause: Option<Box<Shown>>,
}

impl Shown {
    /// The printable copy of `diagnostic`.
    pub fn new(diagnostic: &dyn Diagnostic) -> Shown {
        Shown::copy(diagnostic, None)
    }

    /// Copies `d`, whose labels point into `inherited` when it has no source
    /// of its own.
    fn copy(d: &dyn Diagnostic, inherited: Option<&Snippet>) -> Shown {
        let own = d.source_code().and_then(|src| {
            let mut points = Vec::new();
            label_points(d, &mut points);
            whole_source(src).map(|(name, text)| Snippet::new(name, &text, &points))
        });
        let snippet = own.as_ref().or(inherited);
        let text =
            |t: Option<Box<dyn std::fmt::Display + '_>>| t.map(|t| printable(&t.to_string()).into_owned());
        let labels = d
            .labels()
            .into_iter()
            .flatten()
            .map(|l| {
                let span = match snippet {
                    Some(s) => s.span(l.offset(), l.len()),
                    None => *l.inner(),
                };
                let label = l.label().map(|t| printable(t).into_owned());
                if l.primary() {
                    LabeledSpan::new_primary_with_span(label, span)
                } else {
                    LabeledSpan::new_with_span(label, span)
                }
            })
            .collect();
        Shown {
            message: printable(&d.to_string()).into_owned(),
            code: text(d.code()),
            severity: d.severity(),
            help: text(d.help()),
            url: text(d.url()),
            labels,
            related: d
                .related()
                .into_iter()
                .flatten()
                .map(|r| Shown::copy(r, snippet))
                .collect(),
            cause: d.diagnostic_source().map(|c| Box::new(Shown::copy(c, snippet))),
            source: own,
        }
    }
}

/// The offsets where the labels of `d` start and end, and those of the
/// diagnostics under it that share its source.
fn label_points(d: &dyn Diagnostic, points: &mut Vec<usize>) {
    for l in d.labels().into_iter().flatten() {
        points.extend([l.offset(), l.offset() + l.len()]);
    }
    let under = d.related().into_iter().flatten().chain(d.diagnostic_source());
    for r in under {
        if r.source_code().is_none() {
            label_points(r, points);
        }
    }
}

/// The whole text of a source and its name (miette hands out spans with
/// their context lines only: asking for every line before and after an empty span at
/// the start gives it all).
fn whole_source(src: &dyn SourceCode) -> Option<(String, String)> {
    let contents = src
        .read_span(&SourceSpan::new(0.into(), 0), usize::MAX, usize::MAX)
        .ok()?;
    if contents.span().offset() != 0 {
        return None;
    }
    let text = String::from_utf8_lossy(contents.data()).into_owned();
    Some((contents.name().unwrap_or_default().to_string(), text))
}

impl std::fmt::Display for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Shown {}

impl Diagnostic for Shown {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.code.as_ref().map(|c| Box::new(c) as _)
    }

    fn severity(&self) -> Option<Severity> {
        self.severity
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as _)
    }

    fn url<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.url.as_ref().map(|u| Box::new(u) as _)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        (!self.labels.is_empty()).then(|| Box::new(self.labels.iter().cloned()) as _)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        (!self.related.is_empty()).then(|| Box::new(self.related.iter().map(|r| r as &dyn Diagnostic)) as _)
    }

    fn diagnostic_source(&self) -> Option<&dyn Diagnostic> {
        self.cause.as_deref().map(|c| c as &dyn Diagnostic)
    }
}

/// The report handler of the program: miette's own, given [`Shown`] copies.
pub struct Handler(pub miette::MietteHandler);

impl miette::ReportHandler for Handler {
    fn debug(&self, diagnostic: &dyn Diagnostic, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.debug(&Shown::new(diagnostic), f)
    }
}
