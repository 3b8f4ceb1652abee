//! The engine protocol: a line protocol on standard input and output, in
//! the manner of UCI and GTP, through which tournament managers, graphical
//! front ends and scripts play any rules file with the program's agents
//! (`rulebook engine FILE`; the reference is `docs/PROTOCOL.md`). The
//! [`client`] drives an engine speaking it in another process, for `match`;
//! [`gtp`] speaks GTP, both ways, for go-like games.

pub mod client;
mod command;
mod error;
pub mod gtp;
mod process;
mod reply;
mod server;
mod sink;
mod think;

pub use error::ProtocolError;
pub use server::{DEFAULT_AGENT, Server};
pub use sink::Sink;

/// The protocol's name, as `protocol` answers it.
pub const NAME: &str = "rulebook";

/// The protocol's version, as `protocol` answers it: raised when a command
/// or an answer changes meaning (new commands and new fields at the end of
/// an answer do not raise it).
pub const VERSION: u32 = 1;
