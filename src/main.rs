//! The `rulebook` binary: a thin shell over [`cli::run`].

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    // Reports keep long lines whole: lists of moves must stay copyable.
    miette::set_hook(Box::new(|_| {
        Box::new(miette::MietteHandlerOpts::new().wrap_lines(false).build())
    }))
    .ok();
    match cli::run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            if !cli::already_reported(&error) {
                eprintln!("{error:?}");
            }
            ExitCode::FAILURE
        }
    }
}
