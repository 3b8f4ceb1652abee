//! Engines in other processes that play a game for us in a match or a
//! balance study ([`crate::analysis`]): a command line read from the
//! players' list ([`EngineCommand`]), then an engine speaking the
//! program's engine protocol ([`EngineProcess`]) or GTP ([`GtpProcess`]),
//! spoken to by lines with a timeout.
//!
//! This is a service of the library, not a front end: it speaks the
//! protocols from the controller's side, reading the words the front end
//! [`crate::protocol`] defines for both sides (its name and version, the
//! `bestmove` line, GTP's colors and vertices), while `protocol` itself only
//! answers a controller. So the command line names it to read a player's
//! engine, and no front end reaches into another for it.

mod engine;
mod gtp;
mod process;

pub use engine::{CommandError, DEFAULT_TIMEOUT, EngineCommand, EngineFailure, EngineProcess};
pub use gtp::GtpProcess;
