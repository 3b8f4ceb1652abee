//! `rulebook engine FILE`: the engine protocol on standard input and output
//! (or GTP, with `--gtp`).

use std::path::Path;
use std::sync::Arc;

use super::agents;
use super::load::{self, CliError};
use rulebook::protocol::gtp::server::GtpServer;
use rulebook::protocol::{DEFAULT_AGENT, Server, Sink};
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
    if gtp {
        let out = Sink::new(Box::new(std::io::stdout()));
        let server = GtpServer::new(session, &agent.unwrap_or(DEFAULT_AGENT), 1, out)?;
        server.run(std::io::stdin().lock());
        return Ok(());
    }
    let mut server = Server::new(session, Sink::new(Box::new(std::io::stdout())));
    if let Some(agent) = agent {
        server.set_agent(agent);
    }
    server.run(std::io::stdin().lock());
    Ok(())
}
