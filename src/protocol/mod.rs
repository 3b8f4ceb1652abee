//! The engine protocol: a line protocol on standard input and output, in
//! the manner of UCI and GTP, through which tournament managers, graphical
//! front ends and scripts play any rules file with the program's agents
//! (`rulebook engine FILE`; the reference is `docs/PROTOCOL.md`); [`gtp`]
//! speaks GTP for go-like games. Its one entry point is [`serve`]. Engines
//! speaking either in another process, for `match`, are driven by the
//! library's [`crate::external`], which reads the words defined here for
//! both sides ([`NAME`], [`VERSION`], [`bestmove_of`], GTP's vertices).

mod command;
mod error;
pub mod gtp;
mod reply;
mod server;
mod sink;
mod think;

use std::io::{BufRead, Write};

use crate::ai::AgentSpec;
use crate::session::Session;
use gtp::GtpUnfit;
use gtp::server::GtpServer;

pub use error::ProtocolError;
pub use reply::bestmove_of;
pub use server::{DEFAULT_AGENT, Server};
pub use sink::Sink;

/// Answers a controller's commands read from `input` on `output` until
/// `quit` or the end of the input, for the game `session`, with `agent`
/// (the protocol's [`DEFAULT_AGENT`] unless given): the engine protocol's,
/// or GTP's when `gtp` (refused for a game GTP cannot speak of).
pub fn serve(
    session: Session,
    agent: Option<AgentSpec>,
    gtp: bool,
    input: impl BufRead + Send + 'static,
    output: Box<dyn Write + Send>,
) -> Result<(), GtpUnfit> {
    let out = Sink::new(output);
    if gtp {
        let server = GtpServer::new(session, &agent.unwrap_or(DEFAULT_AGENT), 1, out)?;
        server.run(input);
        return Ok(());
    }
    let mut server = Server::new(session, out);
    if let Some(agent) = agent {
        server.set_agent(agent);
    }
    server.run(input);
    Ok(())
}

/// The protocol's name, as `protocol` answers it.
pub const NAME: &str = "rulebook";

/// The protocol's version, as `protocol` answers it: raised when a command
/// or an answer changes meaning (new commands and new fields at the end of
/// an answer do not raise it).
pub const VERSION: u32 = 1;
