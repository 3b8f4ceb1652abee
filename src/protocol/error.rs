//! The errors of the engine protocol: each is answered as one line,
//! `error CODE message`, with a code that stays the same across versions.

use miette::Diagnostic;

use crate::diag::printable::printable;
use thiserror::Error;

/// Why a line could not be done. The engine answers it and reads on.
#[derive(Debug, Clone, PartialEq, Eq, Error, Diagnostic)]
pub enum ProtocolError {
    /// The first word is no command.
    #[error(
        "`{0}` is no command (`protocol`, `isready`, `options`, `setoption`, `position`, `legal`, `play`, `undo`, `status`, `mover`, `players`, `show`, `go`, `stop`, `quit`)"
    )]
    #[diagnostic(code(rules::engine::unknown_command))]
    UnknownCommand(String),
    /// A command with missing, extra or malformed arguments.
    #[error("`{command}` takes {expected}")]
    #[diagnostic(code(rules::engine::arguments))]
    Arguments {
        /// The command.
        command: String,
        /// What it takes.
        expected: &'static str,
    },
    /// `setoption` with a name that is no option.
    #[error("`{name}` is no option; the options are: {known}")]
    #[diagnostic(code(rules::engine::unknown_option))]
    UnknownOption {
        /// The name given.
        name: String,
        /// The options there are.
        known: String,
    },
    /// `setoption` with a value the option cannot take.
    #[error("option `{name}`: {reason}")]
    #[diagnostic(code(rules::engine::bad_option))]
    BadOption {
        /// The option.
        name: String,
        /// Why not.
        reason: String,
    },
    /// `position text` with a text that is no position of the game.
    #[error("{0}")]
    #[diagnostic(code(rules::engine::bad_position))]
    BadPosition(String),
    /// A move that cannot be played where it stands.
    #[error("{reason}")]
    #[diagnostic(code(rules::engine::illegal_move))]
    IllegalMove {
        /// Why (the move, and for `position`, its place among the moves).
        reason: String,
    },
    /// `play` or `go` when the game is over.
    #[error("the game is over")]
    #[diagnostic(code(rules::engine::game_over))]
    GameOver,
    /// `undo` at the position set.
    #[error("no move to take back since the position was set")]
    #[diagnostic(code(rules::engine::nothing_to_undo))]
    NothingToUndo,
    /// A position whose moves could not be listed within the engine's budget.
    #[error("the moves of this position cannot be listed within the engine's budget ({0})")]
    #[diagnostic(code(rules::engine::move_budget))]
    MoveBudget(String),
    /// A line longer than the engine reads (it is dropped whole).
    #[error("a line of more than {0} bytes is not read")]
    #[diagnostic(code(rules::engine::line_too_long))]
    LineTooLong(usize),
    /// No thread could be started to think.
    #[error("cannot start a thread to think: {0}")]
    #[diagnostic(code(rules::engine::no_thread))]
    NoThread(String),
}

impl ProtocolError {
    /// The stable code, such as `rules::engine::illegal_move`.
    pub fn code_text(&self) -> String {
        self.code().map(|c| c.to_string()).unwrap_or_default()
    }

    /// The answer: `error CODE message`, on one line.
    pub fn line(&self) -> String {
        let message = self.to_string().split_whitespace().collect::<Vec<_>>().join(" ");
        let message = printable(&message);
        format!("error {} {message}", self.code_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_is_one_line_with_its_code() {
        let e = ProtocolError::BadPosition("not\na position".into());
        assert_eq!(e.line(), "error rules::engine::bad_position not a position");
        assert_eq!(
            ProtocolError::GameOver.line(),
            "error rules::engine::game_over the game is over"
        );
    }

    #[test]
    fn an_error_line_shows_control_characters_escaped() {
        let e = ProtocolError::UnknownCommand("\u{1b}[2Jgo".into());
        let line = e.line();
        assert!(!line.contains('\u{1b}'), "{line}");
        assert!(line.contains("[2Jgo"), "{line}");
    }
}
