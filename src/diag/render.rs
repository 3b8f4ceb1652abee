//! A diagnostic drawn as text, the one way every front end draws one: the
//! command line (in colour on a terminal), the web page and the Python
//! package (without). The text goes through [`Shown`] first, so it is
//! printable and its long source lines are cut near their labels. And
//! [`to_stderr`], where the command line and the web server write reports.

use std::io::Write;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};

use super::shown::Shown;

/// The width reports are drawn to.
const WIDTH: usize = 100;

/// `diagnostic` drawn by miette, in colour if `colour`, at [`WIDTH`]
/// columns (long lines kept whole); its message alone if it cannot be drawn.
pub fn report_text(diagnostic: &dyn Diagnostic, colour: bool) -> String {
    let theme = if colour {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let mut out = String::new();
    let handler = GraphicalReportHandler::new_themed(theme).with_width(WIDTH);
    match handler.render_report(&mut out, &Shown::new(diagnostic)) {
        Ok(()) => out,
        Err(_) => diagnostic.to_string(),
    }
}

/// Writes to standard error, ignoring failure: if stderr itself is closed
/// there is nowhere left to say anything. The command line and the web
/// server say their reports through it.
pub fn to_stderr(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceFile;

    #[test]
    fn a_report_is_drawn_without_colour_and_printable() {
        let source = SourceFile::new("bad.rules", "nonsense \u{1b}]0;x here\n");
        let report = crate::load(&source).expect_err("does not compile");
        let text = report_text(&*report, false);
        assert!(text.contains("bad.rules"), "{text}");
        assert!(!text.contains('\u{1b}'), "{text}");
    }
}
