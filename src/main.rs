//! The `rulebook` binary: a thin shell over [`cli::run`].

mod cli;
mod web;

use std::process::ExitCode;

fn main() -> ExitCode {
    // Reports keep long lines whole: lists of moves must stay copyable.
    // Their text is made printable first (no escape sequence of a file or
    // an argument reaches the terminal).
    miette::set_hook(Box::new(|_| {
        Box::new(rulebook::diag::shown::Handler(
            miette::MietteHandlerOpts::new().wrap_lines(false).build(),
        ))
    }))
    .ok();
    match cli::run() {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of our output went away: stop quietly, as Unix tools do.
        Err(error) if cli::reader_gone(&error) => ExitCode::SUCCESS,
        Err(error) => {
            if !cli::already_reported(&error) {
                cli::to_stderr(&format!("{error:?}\n"));
            }
            ExitCode::FAILURE
        }
    }
}
