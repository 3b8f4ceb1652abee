//! `fmt`: lays rules files out one way (see [`rulebook::format`]): in place,
//! to standard output for `-`, or, with `--check`, only says which files
//! are not laid out so.

use std::path::PathBuf;

use super::load::{self, CliError};
use super::output::{Out, to_stderr};
use rulebook::diag::Report;

/// `fmt`: formats each file; with `check`, changes nothing and fails if one
/// is not formatted. A file with syntax errors is reported and left alone.
pub fn run(files: &[PathBuf], check: bool) -> miette::Result<()> {
    let mut out = Out::stdout();
    let mut unformatted = 0usize;
    let mut broken = 0usize;
    for path in files {
        let source = load::read_source(path)?;
        let laid = match rulebook::format::format(&source) {
            Ok(laid) => laid,
            Err(problems) => {
                broken += 1;
                to_stderr(&load::render(&Report::new(&source, problems)));
                continue;
            }
        };
        let stdin = path.as_os_str() == "-";
        if check {
            if laid != source.text {
                unformatted += 1;
                out.line(format!(
                    "{}: not formatted ({})",
                    source.name,
                    first_change(&source.text, &laid)
                ))?;
            }
        } else if stdin {
            out.text(&laid)?;
        } else if laid != source.text {
            std::fs::write(path, &laid).map_err(|e| CliError::Unwritable {
                path: source.name.clone(),
                reason: e.to_string(),
            })?;
            out.line(format!("{}: formatted", source.name))?;
        }
    }
    out.finish()?;
    if broken > 0 {
        return Err(CliError::Invalid(format!("{broken} file(s) have syntax errors")).into());
    }
    if unformatted > 0 {
        return Err(CliError::Invalid(format!("{unformatted} file(s) are not formatted")).into());
    }
    Ok(())
}

/// Where two texts first differ, as `line N: `…` should be `…``.
fn first_change(old: &str, new: &str) -> String {
    let mut old_lines = old.lines();
    let mut new_lines = new.lines();
    let mut n = 0;
    loop {
        n += 1;
        match (old_lines.next(), new_lines.next()) {
            (Some(a), Some(b)) if a == b => continue,
            (Some(a), Some(b)) if a.trim_end() == b => return format!("line {n}: spaces at its end"),
            (Some(a), Some(b)) => return format!("line {n}: `{}` should be `{}`", a.trim(), b.trim_end()),
            (Some(a), None) => return format!("line {n}: `{}` should not be there", a.trim()),
            (None, Some(b)) => return format!("line {n}: `{}` is missing", b.trim_end()),
            (None, None) if old.contains('\r') => {
                return "carriage returns: `fmt` ends lines with `\\n` alone".to_string();
            }
            (None, None) => return "line breaks or spaces at the end".to_string(),
        }
    }
}
