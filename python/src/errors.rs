//! Python exceptions carrying the diagnostics: every error the package
//! raises is a `RulebookError` (or a subclass) with `rendered` (the text
//! the command line would print) and `diagnostics` (a list of dicts with
//! `code`, `message`, `severity`, `line`, `column`, `help`).

use miette::Diagnostic;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rulebook::diag::{Report, Severity, SourceFile};

create_exception!(
    _rulebook,
    RulebookError,
    PyValueError,
    "An error of rulebook, with its diagnostics."
);
create_exception!(
    _rulebook,
    RulesError,
    RulebookError,
    "A rules file that does not compile."
);
create_exception!(
    _rulebook,
    MoveError,
    RulebookError,
    "A move or action that is not legal here."
);
create_exception!(
    _rulebook,
    PositionError,
    RulebookError,
    "A text that is no position of the game."
);
create_exception!(
    _rulebook,
    AgentError,
    RulebookError,
    "An agent's name that does not read."
);

/// Adds the exception classes to the module.
pub fn add_to(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RulebookError", py.get_type::<RulebookError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("AgentError", py.get_type::<AgentError>())?;
    Ok(())
}

/// One diagnostic as Python sees it.
pub struct Entry {
    code: String,
    message: String,
    severity: &'static str,
    place: Option<(usize, usize)>,
    help: Option<String>,
}

impl Entry {
    /// An error without a place in a file.
    pub fn plain(code: &str, message: impl Into<String>) -> Entry {
        Entry {
            code: code.to_string(),
            message: message.into(),
            severity: "error",
            place: None,
            help: None,
        }
    }
}

/// The text of a diagnostic as the command line prints it, without colours.
pub fn render(diagnostic: &dyn Diagnostic) -> String {
    rulebook::diag::render::report_text(diagnostic, false)
}

/// An exception of class `E` with `message`, its `rendered` text and its entries.
pub fn raise<E: pyo3::PyTypeInfo>(
    py: Python<'_>,
    message: String,
    rendered: String,
    entries: Vec<Entry>,
) -> PyErr {
    let err = PyErr::from_type(py.get_type::<E>(), message);
    let attach = || -> PyResult<()> {
        let value = err.value(py);
        let list = PyList::empty(py);
        for e in entries {
            let d = PyDict::new(py);
            d.set_item("code", e.code)?;
            d.set_item("message", e.message)?;
            d.set_item("severity", e.severity)?;
            d.set_item("line", e.place.map(|p| p.0))?;
            d.set_item("column", e.place.map(|p| p.1))?;
            d.set_item("help", e.help)?;
            list.append(d)?;
        }
        value.setattr("rendered", rendered)?;
        value.setattr("diagnostics", list)?;
        Ok(())
    };
    match attach() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// An error of one code, without a place in a file.
pub fn plain<E: pyo3::PyTypeInfo>(py: Python<'_>, code: &'static str, message: impl Into<String>) -> PyErr {
    let plain = Plain {
        code,
        message: message.into(),
    };
    let entry = Entry::plain(code, plain.message.clone());
    raise::<E>(py, plain.message.clone(), render(&plain), vec![entry])
}

/// A diagnostic of one code and message, to render like the others.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
struct Plain {
    code: &'static str,
    message: String,
}

impl Diagnostic for Plain {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }
}

/// A rules file's report: every problem with its line and column.
pub fn report(py: Python<'_>, source: &SourceFile, report: &Report) -> PyErr {
    let entries = (report.problems.iter())
        .map(|p| Entry {
            code: p.code.to_string(),
            message: p.message.clone(),
            severity: match p.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            },
            place: Some(source.line_col(p.span.start)),
            help: p.help.clone(),
        })
        .collect();
    raise::<RulesError>(py, report.summary.clone(), render(report), entries)
}
