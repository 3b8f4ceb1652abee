//! `rulebook engine FILE`: the engine protocol on standard input and output
//! (or GTP, with `--gtp`).

use std::path::Path;
use std::sync::Arc;

use super::agents;
use super::load::{self, CliError};
use rulebook::session::Session;

/// Loads the rules with the options `sets` and answers the protocol's
/// commands (GTP's when `gtp`) until `quit` or the end of the input.
pub fn run(file: &Path, sets: &[String], agent: Option<&str>, gtp: bool) -> miette::Result<()> {
    if file.as_os_str() == "-" {
        return Err(CliError::RulesFromStdin {
            command: "engine",
            what: "its commands",
        }
        .into());
    }
    let source = load::read_source(file)?;
    let sets = load::sets(sets)?;
    let agent = agent.map(agents::parse).transpose()?;
    let engine = load::compile(&source, &sets, false)?;
    let session = Session::new(Arc::new(engine), Arc::new(source), sets);
    rulebook::protocol::serve(
        session,
        agent,
        gtp,
        std::io::BufReader::new(std::io::stdin()),
        Box::new(std::io::stdout()),
    )?;
    Ok(())
}
