//! The `rulebook` binary: a thin shell over [`cli::run`].

mod cli;

fn main() -> miette::Result<()> {
    cli::run()
}
