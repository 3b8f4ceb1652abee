//! GTP (the Go Text Protocol, version 2) for go-like games: games of two
//! players on a square grid of points whose moves each put one piece on a
//! point or pass ([`vertex`]). The [`server`] plays the program's agent
//! for a GTP controller (`rulebook engine FILE --gtp`); an engine speaking
//! GTP in a match (`gtp:"PROGRAM ARGS"`) is driven by
//! [`crate::external::GtpProcess`], with the colors and vertices here.

pub mod server;
pub mod vertex;

use miette::Diagnostic;
use thiserror::Error;

use crate::ir::PlayerId;

/// A game GTP cannot speak of.
#[derive(Debug, Clone, PartialEq, Eq, Error, Diagnostic)]
#[error("GTP cannot play this game: {reason}")]
#[diagnostic(
    code(rules::cli::not_gtp),
    help(
        "GTP speaks of two players on a square grid of points whose moves put one piece on a point or pass; `rulebook engine FILE` without `--gtp` plays any game"
    )
)]
pub struct GtpUnfit {
    /// Why not.
    pub reason: String,
}

/// The player of a GTP color: black is the rules' first player, white the
/// second.
pub fn color_of(color: &str) -> Option<PlayerId> {
    match color.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(PlayerId(0)),
        "w" | "white" => Some(PlayerId(1)),
        _ => None,
    }
}

/// The GTP color of a player (see [`color_of`]).
pub fn color_name(player: PlayerId) -> &'static str {
    if player == PlayerId(0) { "black" } else { "white" }
}

/// An answer to a command: success (`=`) or failure (`?`) with its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// Whether the command succeeded.
    pub ok: bool,
    /// The answer's text (lines without the marker).
    pub text: String,
}

impl Reply {
    /// A success saying `text`.
    pub fn ok(text: impl Into<String>) -> Reply {
        Reply {
            ok: true,
            text: text.into(),
        }
    }

    /// A failure saying `text`.
    pub fn fail(text: impl Into<String>) -> Reply {
        Reply {
            ok: false,
            text: text.into(),
        }
    }

    /// The reply as sent, for the command numbered `id` if it was: the
    /// marker, the id, the text, and the empty line that ends it (the last
    /// line end is the sender's).
    pub fn text(&self, id: Option<&str>) -> String {
        let marker = if self.ok { '=' } else { '?' };
        let space = if self.text.is_empty() { "" } else { " " };
        format!("{marker}{}{space}{}\n", id.unwrap_or(""), self.text)
    }
}

/// A command line as GTP reads it: control characters dropped, a comment
/// (`#` on) cut off, tabs made spaces; its id (a leading number) and its
/// words; `None` for a line with no command.
pub fn line_of(raw: &str) -> Option<(Option<String>, Vec<String>)> {
    let text: String = raw
        .split('#')
        .next()
        .unwrap_or("")
        .chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    let mut words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    let first = words.first()?;
    let id = first.chars().all(|c| c.is_ascii_digit()).then(|| words.remove(0));
    (!words.is_empty()).then_some((id, words))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_as_gtp_reads_them() {
        assert_eq!(line_of("  \n"), None);
        assert_eq!(line_of("# a comment\n"), None);
        assert_eq!(
            line_of("12 play\tB d4 # mine\r\n"),
            Some((Some("12".into()), vec!["play".into(), "B".into(), "d4".into()]))
        );
        assert_eq!(
            line_of("genmove w"),
            Some((None, vec!["genmove".into(), "w".into()]))
        );
        assert_eq!(line_of("7"), None);
    }

    #[test]
    fn replies_carry_their_marker_and_id() {
        assert_eq!(Reply::ok("C3").text(Some("4")), "=4 C3\n");
        assert_eq!(Reply::ok("").text(None), "=\n");
        assert_eq!(Reply::fail("illegal move").text(None), "? illegal move\n");
    }

    #[test]
    fn colors_name_the_first_two_players() {
        assert_eq!(color_of("B"), Some(PlayerId(0)));
        assert_eq!(color_of("white"), Some(PlayerId(1)));
        assert_eq!(color_of("red"), None);
        assert_eq!(color_name(PlayerId(1)), "white");
    }
}
