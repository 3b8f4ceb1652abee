//! `explain`: why a move is legal or not, printed with the place in the
//! rules file of the rule and the clause that decide it (a source snippet
//! with labels, as a report of `check`), or as JSON. The same in one line,
//! for `play` and the web page, is the library's
//! [`rulebook::describe::explanation`].

use std::fmt;

use miette::{Diagnostic, LabeledSpan, NamedSource, Severity};
use serde_json::{Value, json};

use super::Format;
use super::load::{self, Loaded};
use super::output::Out;
use rulebook::diag::{SourceFile, Span};
use rulebook::explain::{self, Explanation, RuleAt, Verdict};

/// `explain`: why `mv` is legal or not where the game stands.
pub(super) fn run(loaded: &Loaded, mv: &str, format: Format) -> miette::Result<()> {
    let explanation = explain::explain(loaded.engine(), loaded.position(), mv);
    load::budget(loaded.engine())?;
    let mut out = Out::stdout();
    match format {
        Format::Json => out.line(format!("{:#}", json(loaded.source(), &explanation)))?,
        Format::Human => {
            out.line(headline(&explanation))?;
            if let Some(place) = Place::of(loaded.source(), &explanation) {
                out.line("")?;
                out.report(render(&place).trim_end())?;
            }
            if !explanation.closest.is_empty() {
                out.line("")?;
                out.line(format!("closest legal moves: {}", explanation.closest.join(" ")))?;
            }
        }
    }
    Ok(out.finish()?)
}

/// The first line: the move, legal or not, and why.
fn headline(e: &Explanation) -> String {
    let mv = &e.text;
    match &e.verdict {
        Verdict::Legal(Some(rule)) => format!("{mv} is legal: made by {}.", rule.name),
        Verdict::Legal(None) => format!("{mv} is legal."),
        Verdict::Refused(r) => format!("{mv} is not legal: {}.", r.reason),
        Verdict::NoRule(why) => format!("{mv} is not legal: no rule produces it ({why})."),
        Verdict::Ambiguous(all) => format!("{mv} could be any of: {}", all.join(" ")),
        Verdict::Malformed => {
            format!("{mv} is not written as a move (expected e.g. `c3-d4`, `g8xf6`, `N@b8`, `pass`).")
        }
        Verdict::Over => format!("{mv} cannot be played: the game is over."),
    }
}

/// The report that points into the rules file: the rule or clause that
/// decides, with its label, and the other places worth seeing.
#[derive(Debug)]
struct Place {
    message: String,
    source: NamedSource<String>,
    labels: Vec<LabeledSpan>,
}

impl Place {
    /// The report of an explanation that names a place in the file.
    fn of(source: &SourceFile, e: &Explanation) -> Option<Place> {
        let label = |span: Span, text: &str, primary: bool| {
            let at = miette::SourceSpan::from(span);
            if primary {
                LabeledSpan::new_primary_with_span(Some(text.to_string()), at)
            } else {
                LabeledSpan::new_with_span(Some(text.to_string()), at)
            }
        };
        let (message, labels) = match &e.verdict {
            Verdict::Legal(Some(RuleAt {
                name,
                span: Some(span),
            })) => (
                format!("made by {name}"),
                vec![label(*span, "this rule makes it", true)],
            ),
            Verdict::Refused(r) => {
                let mut labels = Vec::new();
                let main = r.clause.or(r.rule.span)?;
                labels.push(label(main, &r.label, true));
                if let Some(rule) = r.rule.span.filter(|s| !contains(*s, main) && !contains(main, *s)) {
                    labels.push(label(rule, &format!("in {}", r.rule.name), false));
                }
                labels.extend(r.notes.iter().map(|(s, l)| label(*s, l, false)));
                (format!("refused by {}", r.rule.name), labels)
            }
            _ => return None,
        };
        Some(Place {
            message,
            source: NamedSource::new(&source.name, source.text.clone()),
            labels,
        })
    }
}

/// Whether span `a` holds span `b`.
fn contains(a: Span, b: Span) -> bool {
    a.start <= b.start && b.end <= a.end
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Place {}

impl Diagnostic for Place {
    fn severity(&self) -> Option<Severity> {
        Some(Severity::Advice)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
    }
}

/// The report drawn as text (in colour on a terminal, unless `NO_COLOR`).
fn render(place: &Place) -> String {
    let colour =
        std::env::var_os("NO_COLOR").is_none() && std::io::IsTerminal::is_terminal(&std::io::stdout());
    rulebook::diag::render::report_text(place, colour)
}

/// The explanation as JSON: `move`, `legal`, `kind`, `rule`, `rule_span`,
/// `clause`, `span`, `label`, `reason`, `notes`, `closest` (and `fits`
/// for a short form that several moves fit).
fn json(source: &SourceFile, e: &Explanation) -> Value {
    let span = |s: Option<Span>| match s {
        Some(s) => {
            let (line, column) = source.line_col(s.start);
            json!({ "start": s.start, "end": s.end, "line": line, "column": column })
        }
        None => Value::Null,
    };
    let text = |s: Option<Span>| s.map(|s| source.text.get(s.start..s.end).unwrap_or("").to_string());
    let (kind, rule, clause, label, reason, notes, fits) = match &e.verdict {
        Verdict::Legal(rule) => (
            "legal",
            rule.clone(),
            None,
            None,
            rule.as_ref()
                .map_or_else(|| "legal".to_string(), |r| format!("made by {}", r.name)),
            Vec::new(),
            Vec::new(),
        ),
        Verdict::Refused(r) => (
            r.kind.name(),
            Some(r.rule.clone()),
            r.clause,
            Some(r.label.clone()),
            r.reason.clone(),
            r.notes.clone(),
            Vec::new(),
        ),
        Verdict::NoRule(why) => (
            "no_rule",
            None,
            None,
            None,
            format!("no rule produces it: {why}"),
            Vec::new(),
            Vec::new(),
        ),
        Verdict::Ambiguous(all) => (
            "ambiguous",
            None,
            None,
            None,
            "several legal moves fit this short form".to_string(),
            Vec::new(),
            all.clone(),
        ),
        Verdict::Malformed => (
            "malformed",
            None,
            None,
            None,
            "not written as a move".to_string(),
            Vec::new(),
            Vec::new(),
        ),
        Verdict::Over => (
            "game_over",
            None,
            None,
            None,
            "the game is over".to_string(),
            Vec::new(),
            Vec::new(),
        ),
    };
    let main = clause.or(rule.as_ref().and_then(|r| r.span));
    json!({
        "move": e.text,
        "legal": matches!(e.verdict, Verdict::Legal(_)),
        "kind": kind,
        "rule": rule.as_ref().map(|r| r.name.clone()),
        "rule_span": span(rule.as_ref().and_then(|r| r.span)),
        "clause": text(main),
        "span": span(main),
        "label": label,
        "reason": reason,
        "notes": notes.iter().map(|(s, l)| json!({ "span": span(Some(*s)), "text": text(Some(*s)), "label": l })).collect::<Vec<_>>(),
        "closest": e.closest,
        "fits": fits,
    })
}
