//! Reading what the player types: with line editing, history, Tab completion
//! of legal moves and a greyed hint of the only move a prefix can become when
//! stdin and stdout are a terminal; plain lines otherwise (pipes, tests).

use std::borrow::Cow;
use std::io::{self, IsTerminal};

use rulebook::lines::{LineRead, MAX_LINE, read_line};

use rustyline::completion::Completer;
use rustyline::config::{CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};

/// One line read, or why there is none.
pub enum Line {
    /// A line of text (without its end of line).
    Text(String),
    /// A line that is not UTF-8 text.
    Garbled,
    /// A line that holds control characters (an escape sequence, say),
    /// which would reach the terminal when the line is echoed.
    Control,
    /// A line longer than [`MAX_LINE`] bytes (dropped whole).
    TooLong,
    /// End of input (Ctrl-D, or the end of a pipe).
    End,
    /// Ctrl-C.
    Interrupted,
}

/// Where lines come from.
pub enum Input {
    /// A terminal, with line editing.
    Editor(Box<Editor<MoveHelper, DefaultHistory>>),
    /// Plain lines from stdin (a pipe or a file), each kept to at most
    /// [`MAX_LINE`] bytes.
    Plain(io::StdinLock<'static>),
}

/// What the line editor knows: the words that complete (legal moves and
/// commands), and whether to colour.
#[derive(Default)]
pub struct MoveHelper {
    words: Vec<String>,
    moves: Vec<String>,
    colour: bool,
}

impl Input {
    /// Line editing when stdin and stdout are terminals, else plain lines.
    pub fn new(colour: bool) -> Input {
        if io::stdin().is_terminal() && io::stdout().is_terminal() {
            let config = Config::builder()
                .completion_type(CompletionType::List)
                .auto_add_history(false)
                .build();
            if let Ok(mut editor) = Editor::<MoveHelper, DefaultHistory>::with_config(config) {
                editor.set_helper(Some(MoveHelper {
                    colour,
                    ..MoveHelper::default()
                }));
                return Input::Editor(Box::new(editor));
            }
        }
        Input::Plain(io::stdin().lock())
    }

    /// Whether lines are read plainly (so they are not echoed by a terminal).
    pub fn is_plain(&self) -> bool {
        matches!(self, Input::Plain(_))
    }

    /// Reads a line after showing `prompt` (plain) / `styled` (its coloured
    /// form, the same width); `moves` and `commands` complete with Tab.
    pub fn read(
        &mut self,
        prompt: &str,
        styled: &str,
        moves: &[String],
        commands: &[&str],
    ) -> io::Result<Line> {
        match self {
            Input::Editor(editor) => {
                if let Some(h) = editor.helper_mut() {
                    h.moves = moves.to_vec();
                    h.words = moves
                        .iter()
                        .cloned()
                        .chain(commands.iter().map(|c| c.to_string()))
                        .collect();
                }
                let p = Styled {
                    raw: prompt.to_string(),
                    styled: styled.to_string(),
                };
                match editor.readline(&p) {
                    Ok(line) if has_control(&line) => Ok(Line::Control),
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = editor.add_history_entry(line.trim());
                        }
                        Ok(Line::Text(line))
                    }
                    Err(ReadlineError::Eof) => Ok(Line::End),
                    Err(ReadlineError::Interrupted) => Ok(Line::Interrupted),
                    Err(ReadlineError::Io(e)) if e.kind() == io::ErrorKind::InvalidData => Ok(Line::Garbled),
                    Err(ReadlineError::Io(e)) => Err(e),
                    Err(e) => Err(io::Error::other(e.to_string())),
                }
            }
            Input::Plain(lines) => {
                {
                    use std::io::Write;
                    let mut out = io::stdout().lock();
                    out.write_all(styled.as_bytes())?;
                    out.flush()?;
                }
                let mut bytes = Vec::new();
                match read_line(lines, &mut bytes, MAX_LINE)? {
                    LineRead::End => Ok(Line::End),
                    LineRead::TooLong => Ok(Line::TooLong),
                    LineRead::Line => match String::from_utf8(bytes) {
                        Ok(line) => {
                            let line = line.strip_suffix('\n').unwrap_or(&line);
                            let line = line.strip_suffix('\r').unwrap_or(line).to_string();
                            Ok(if has_control(&line) {
                                Line::Control
                            } else {
                                Line::Text(line)
                            })
                        }
                        Err(_) => Ok(Line::Garbled),
                    },
                }
            }
        }
    }
}

/// Whether a line holds a control character (a tab is white space; a
/// line's `\r` before its `\n` is its end).
fn has_control(line: &str) -> bool {
    line.trim_end_matches('\r')
        .chars()
        .any(rulebook::diag::printable::needs_escape)
}

/// A prompt with a coloured form.
struct Styled {
    raw: String,
    styled: String,
}

impl rustyline::Prompt for Styled {
    fn raw(&self) -> &str {
        &self.raw
    }

    fn styled(&self) -> &str {
        &self.styled
    }
}

impl Completer for MoveHelper {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let head = &line[..pos];
        let start = head.rfind(char::is_whitespace).map(|i| i + 1).unwrap_or(0);
        let word = &head[start..];
        let mut out: Vec<String> = self
            .words
            .iter()
            .filter(|w| w.to_ascii_lowercase().starts_with(&word.to_ascii_lowercase()))
            .cloned()
            .collect();
        out.dedup();
        Ok((start, out))
    }
}

impl Hinter for MoveHelper {
    type Hint = String;

    /// The rest of the only legal move the line can become.
    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<String> {
        if !self.colour || line.is_empty() || pos < line.len() || line.contains(char::is_whitespace) {
            return None;
        }
        let lower = line.to_ascii_lowercase();
        let mut matching = self
            .moves
            .iter()
            .filter(|m| m.to_ascii_lowercase().starts_with(&lower));
        let first = matching.next()?;
        if matching.next().is_some() {
            return None;
        }
        Some(first[line.len()..].to_string())
    }
}

impl Highlighter for MoveHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.colour {
            Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        false
    }
}

impl Validator for MoveHelper {}

impl Helper for MoveHelper {}
