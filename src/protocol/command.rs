//! Reading one line of the engine protocol into a [`Command`].

use std::time::Duration;

use super::error::ProtocolError;

/// The longest thinking time `go time MS` accepts: a day.
pub const MAX_THINKING_MS: u64 = 86_400_000;

/// What a line asks of the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `protocol`: the protocol's name and version.
    Protocol,
    /// `isready`: answered `readyok` once every earlier command is done.
    IsReady,
    /// `quit`: stop thinking and end.
    Quit,
    /// `options`: every option with its value.
    Options,
    /// `setoption NAME VALUE`.
    SetOption {
        /// The option's name (`agent`, `seed`, `threads`, `game.NAME`).
        name: String,
        /// Its value, as written.
        value: String,
    },
    /// `position start [moves M…]` or `position text TEXT [moves M…]`.
    Position {
        /// The position's text, or `None` for the rules' start.
        text: Option<String>,
        /// The moves played from it.
        moves: Vec<String>,
    },
    /// `legal`: the legal moves.
    Legal,
    /// `play MOVE`.
    Play(String),
    /// `undo`: take the last move back.
    Undo,
    /// `status`: ongoing, or the result with each player's return.
    Status,
    /// `mover`: the player to move.
    Mover,
    /// `players`: the players, in order.
    Players,
    /// `show`: the position's text.
    Show,
    /// `go [playouts N | time MS]`: think and answer the best move.
    Go(GoBudget),
    /// `stop`: end the thinking now.
    Stop,
}

/// The budget of a `go`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoBudget {
    /// The agent's own budget (`setoption agent mcts:1000`).
    Default,
    /// This many playouts.
    Playouts(u64),
    /// This much time.
    Time(Duration),
}

/// Reads one line; `None` for a blank line or a comment (`#` first).
pub fn parse(line: &str) -> Result<Option<Command>, ProtocolError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    let bare = |command: Command| {
        if rest.is_empty() {
            Ok(Some(command))
        } else {
            Err(ProtocolError::Arguments {
                command: word.to_string(),
                expected: "no arguments",
            })
        }
    };
    match word {
        "protocol" => bare(Command::Protocol),
        "isready" => bare(Command::IsReady),
        "quit" => bare(Command::Quit),
        "options" => bare(Command::Options),
        "legal" => bare(Command::Legal),
        "undo" => bare(Command::Undo),
        "status" => bare(Command::Status),
        "mover" => bare(Command::Mover),
        "players" => bare(Command::Players),
        "show" => bare(Command::Show),
        "stop" => bare(Command::Stop),
        "setoption" => set_option(rest).map(Some),
        "position" => position(rest).map(Some),
        "play" => match rest.split_whitespace().collect::<Vec<_>>()[..] {
            [mv] => Ok(Some(Command::Play(mv.to_string()))),
            _ => Err(ProtocolError::Arguments {
                command: "play".into(),
                expected: "one move: `play MOVE`",
            }),
        },
        "go" => go(rest).map(|b| Some(Command::Go(b))),
        _ => Err(ProtocolError::UnknownCommand(word.to_string())),
    }
}

/// `NAME VALUE` (the value is the rest of the line).
fn set_option(rest: &str) -> Result<Command, ProtocolError> {
    match rest.split_once(char::is_whitespace) {
        Some((name, value)) if !value.trim().is_empty() => Ok(Command::SetOption {
            name: name.to_string(),
            value: value.trim().to_string(),
        }),
        _ => Err(ProtocolError::Arguments {
            command: "setoption".into(),
            expected: "a name and a value: `setoption NAME VALUE`",
        }),
    }
}

/// `start [moves M…]` or `text TEXT [moves M…]`: the text runs to the word
/// `moves` or the end of the line.
fn position(rest: &str) -> Result<Command, ProtocolError> {
    let bad = || ProtocolError::Arguments {
        command: "position".into(),
        expected: "`position start [moves M…]` or `position text TEXT [moves M…]`",
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    let cut = words.iter().position(|w| *w == "moves");
    let (head, moves) = match cut {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (&words[..], &words[words.len()..]),
    };
    let moves = moves.iter().map(|m| m.to_string()).collect();
    match head {
        ["start"] => Ok(Command::Position { text: None, moves }),
        ["text", text @ ..] if !text.is_empty() => Ok(Command::Position {
            text: Some(text.join(" ")),
            moves,
        }),
        _ => Err(bad()),
    }
}

/// `go`, `go playouts N` or `go time MS`.
fn go(rest: &str) -> Result<GoBudget, ProtocolError> {
    let bad = || ProtocolError::Arguments {
        command: "go".into(),
        expected: "`go`, `go playouts N` (N ≥ 1) or `go time MS` (1 to 86400000 milliseconds)",
    };
    match rest.split_whitespace().collect::<Vec<_>>()[..] {
        [] => Ok(GoBudget::Default),
        ["playouts", n] => match n.parse::<u64>() {
            Ok(n) if n > 0 => Ok(GoBudget::Playouts(n)),
            _ => Err(bad()),
        },
        ["time", ms] => match ms.parse::<u64>() {
            Ok(ms) if (1..=MAX_THINKING_MS).contains(&ms) => Ok(GoBudget::Time(Duration::from_millis(ms))),
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line).expect("a valid line").expect("a command")
    }

    fn code(line: &str) -> String {
        parse(line).expect_err("an invalid line").code_text()
    }

    #[test]
    fn bare_commands_read_with_their_spacing() {
        assert_eq!(ok("protocol"), Command::Protocol);
        assert_eq!(ok("  isready \r"), Command::IsReady);
        assert_eq!(ok("legal"), Command::Legal);
        assert_eq!(ok("stop"), Command::Stop);
        assert_eq!(parse("").unwrap(), None);
        assert_eq!(parse("   # a comment").unwrap(), None);
        assert_eq!(code("legal now"), "rules::engine::arguments");
        assert_eq!(code("fly"), "rules::engine::unknown_command");
    }

    #[test]
    fn positions_read_from_the_start_or_a_text_with_moves() {
        assert_eq!(
            ok("position start"),
            Command::Position {
                text: None,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position start moves d1 e1"),
            Command::Position {
                text: None,
                moves: vec!["d1".into(), "e1".into()]
            }
        );
        assert_eq!(
            ok("position text 3/3/3  x ply:0 moves b2"),
            Command::Position {
                text: Some("3/3/3 x ply:0".into()),
                moves: vec!["b2".into()]
            }
        );
        assert_eq!(code("position"), "rules::engine::arguments");
        assert_eq!(code("position text"), "rules::engine::arguments");
        assert_eq!(code("position text moves a1"), "rules::engine::arguments");
        assert_eq!(code("position begin"), "rules::engine::arguments");
    }

    #[test]
    fn go_reads_a_budget_in_playouts_or_milliseconds() {
        assert_eq!(ok("go"), Command::Go(GoBudget::Default));
        assert_eq!(ok("go playouts 1000"), Command::Go(GoBudget::Playouts(1000)));
        assert_eq!(
            ok("go time 250"),
            Command::Go(GoBudget::Time(Duration::from_millis(250)))
        );
        for bad in [
            "go playouts 0",
            "go playouts x",
            "go time 0",
            "go time 99999999999",
            "go fast",
            "go playouts",
        ] {
            assert_eq!(code(bad), "rules::engine::arguments", "{bad}");
        }
    }

    #[test]
    fn options_and_moves_take_their_arguments() {
        assert_eq!(
            ok("setoption agent mcts:500,c=0.7"),
            Command::SetOption {
                name: "agent".into(),
                value: "mcts:500,c=0.7".into()
            }
        );
        assert_eq!(code("setoption seed"), "rules::engine::arguments");
        assert_eq!(ok("play a1-b2"), Command::Play("a1-b2".into()));
        assert_eq!(code("play"), "rules::engine::arguments");
        assert_eq!(code("play a1 b2"), "rules::engine::arguments");
    }
}
