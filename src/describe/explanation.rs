//! Why a move is not legal, in one line for a person: the reason, and where
//! the rule and the clause that refuse it are written. `play` and the web
//! page say it when a move typed is refused.

use crate::diag::{SourceFile, Span};
use crate::explain::{Explanation, Verdict};

/// The explanation of a move that is not legal in one line, for `play` and
/// the web page: why, and where the rule and the clause are written
/// (`file:line:column`, the clause's text); `None` for other verdicts.
pub fn in_one_line(source: &SourceFile, e: &Explanation) -> Option<String> {
    match &e.verdict {
        Verdict::Refused(r) => {
            let at = r.clause.or(r.rule.span).map(|s| {
                let (line, column) = source.line_col(s.start);
                let text = clause_text(source, s);
                let quoted = if text.is_empty() {
                    String::new()
                } else {
                    format!(": `{text}`")
                };
                format!(" — {} at {}:{line}:{column}{quoted}", r.rule.name, source.name)
            });
            Some(format!("{}{}", r.reason, at.unwrap_or_default()))
        }
        Verdict::NoRule(why) => Some(format!("no rule produces it ({why})")),
        _ => None,
    }
}

/// The text of a span on one line (its first line, at most 60 characters).
fn clause_text(source: &SourceFile, span: Span) -> String {
    let text = source.text.get(span.start..span.end).unwrap_or("");
    let line = text.lines().next().unwrap_or("").trim();
    let mut short: String = line.chars().take(60).collect();
    if line.chars().count() > 60 || text.trim_end().contains('\n') {
        short.push('…');
    }
    short
}
