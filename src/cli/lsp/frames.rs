//! The protocol's framing on standard input, read within bounds: a header
//! line of at most [`MAX_HEADER_LINE`] bytes and a body of at most
//! [`MAX_BODY`] bytes. A message over either, or one that is not JSON-RPC,
//! is skipped with the reason (the server logs it and reads on), so that no
//! input can make the server allocate without bound, abort or panic.

use std::io::{self, BufRead, Read};

use lsp_server::Message;
use rulebook::lines::{self, LineRead};

/// The longest header line read: a header is a name and a number (or a
/// content type), far shorter.
pub const MAX_HEADER_LINE: usize = 4 * 1024;

/// The largest message read: 64 MiB, a hundred times the rules files the web
/// page takes (512 KiB).
pub const MAX_BODY: u64 = 64 * 1024 * 1024;

/// What one message of the input was.
pub enum Frame {
    /// A message of the protocol.
    Message(Message),
    /// A message skipped, and why.
    Skipped(String),
}

/// A header line, read within [`MAX_HEADER_LINE`].
enum Line {
    /// The line, without its end.
    Text(String),
    /// A line longer than the limit (read to its end and dropped).
    TooLong,
    /// The input ended.
    End,
}

/// Reads the next message; `None` when the input ends.
pub fn read(input: &mut impl BufRead) -> io::Result<Option<Frame>> {
    let mut length: Option<Result<u64, String>> = None;
    let mut problem = None;
    loop {
        let line = match read_line(input)? {
            Line::End => return Ok(None),
            Line::TooLong => {
                problem = Some(format!("a header line is longer than {MAX_HEADER_LINE} bytes"));
                continue;
            }
            Line::Text(line) => line,
        };
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.trim().eq_ignore_ascii_case("Content-Length")
        {
            let value = value.trim();
            length = Some(
                value
                    .parse::<u64>()
                    .map_err(|_| format!("`Content-Length: {}` is not a length", clip(value))),
            );
        }
    }
    let length = match length {
        None => {
            return Ok(Some(Frame::Skipped(
                problem.unwrap_or_else(|| "a message has no `Content-Length`".into()),
            )));
        }
        Some(Err(why)) => return Ok(Some(Frame::Skipped(why))),
        Some(Ok(n)) => n,
    };
    let mut limited = input.take(length);
    if length > MAX_BODY {
        io::copy(&mut limited, &mut io::sink())?;
        return Ok(Some(Frame::Skipped(format!(
            "a message of {length} bytes is over the limit of {} MiB",
            MAX_BODY >> 20
        ))));
    }
    let mut body = Vec::new();
    limited.read_to_end(&mut body)?;
    if let Some(why) = problem {
        return Ok(Some(Frame::Skipped(why)));
    }
    if (body.len() as u64) < length {
        return Ok(None);
    }
    Ok(Some(match serde_json::from_slice::<Message>(&body) {
        Ok(message) => Frame::Message(message),
        Err(e) => Frame::Skipped(format!("a message is not JSON-RPC: {e}")),
    }))
}

/// Reads a header line (its `\r\n` or `\n` taken off), keeping at most
/// [`MAX_HEADER_LINE`] bytes of it.
fn read_line(input: &mut impl BufRead) -> io::Result<Line> {
    let mut line = Vec::new();
    Ok(match lines::read_line(input, &mut line, MAX_HEADER_LINE + 2)? {
        LineRead::End => Line::End,
        LineRead::TooLong => Line::TooLong,
        LineRead::Line => {
            while line.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                line.pop();
            }
            Line::Text(String::from_utf8_lossy(&line).into_owned())
        }
    })
}

/// The first characters of a header's value, for messages.
fn clip(value: &str) -> String {
    value.chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<Result<String, String>> {
        let mut input = io::BufReader::with_capacity(16, input);
        let mut out = Vec::new();
        while let Some(frame) = read(&mut input).unwrap() {
            out.push(match frame {
                Frame::Message(Message::Notification(n)) => Ok(n.method),
                Frame::Message(_) => Ok("other".into()),
                Frame::Skipped(why) => Err(why),
            });
        }
        out
    }

    fn message(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[test]
    fn messages_over_the_limits_are_skipped_and_those_after_them_read() {
        let note = message(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#);
        let long_header = format!("X-Long: {}\r\n{}", "x".repeat(MAX_HEADER_LINE * 3), note);
        let huge = format!("Content-Length: {}\r\n\r\n{{}}", u64::MAX);
        let input = [
            note.as_str(),
            &long_header,
            "Content-Length: 1e11\r\n\r\n",
            &message("{not json"),
            &note,
            &huge,
        ]
        .concat();
        let read = frames(input.as_bytes());
        assert_eq!(read[0], Ok("initialized".into()));
        assert!(
            read[1]
                .as_ref()
                .is_err_and(|e| e.contains("longer than 4096 bytes")),
            "{read:?}"
        );
        assert!(
            read[2]
                .as_ref()
                .is_err_and(|e| e.contains("`Content-Length: 1e11` is not a length"))
        );
        assert!(read[3].as_ref().is_err_and(|e| e.contains("not JSON-RPC")));
        assert_eq!(read[4], Ok("initialized".into()));
        assert!(
            read[5]
                .as_ref()
                .is_err_and(|e| e.contains("over the limit of 64 MiB")),
            "{read:?}"
        );
        assert_eq!(read.len(), 6);
    }
}
