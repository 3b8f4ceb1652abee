//! Lines of bounded length from a stream: what every front end that reads a
//! peer's lines (the engine protocol, GTP, `play` from a pipe, the programs
//! `match` drives) reads through, so that a line that never ends costs at
//! most [`MAX_LINE`] bytes of memory, never all of it.

use std::io::{self, BufRead};

/// The longest line kept, in bytes (1 MiB): far beyond any command or
/// answer (a `position` line of a hundred thousand moves fits).
pub const MAX_LINE: usize = 1 << 20;

/// What [`read_line`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineRead {
    /// A line, in the buffer (with its end of line, if it had one).
    Line,
    /// A line longer than the limit: read to its end and dropped (the
    /// buffer is empty).
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line of `input` into `line` (cleared first), keeping at most
/// `limit` bytes: a longer line is consumed to its end without being kept.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>, limit: usize) -> io::Result<LineRead> {
    read_bounded(input, line, limit, true)
}

/// [`read_line`], but a line longer than `limit` is answered at once as
/// [`LineRead::TooLong`], its rest left unread: for a peer to give up on,
/// whose line may never end.
pub fn read_line_capped(input: &mut impl BufRead, line: &mut Vec<u8>, limit: usize) -> io::Result<LineRead> {
    read_bounded(input, line, limit, false)
}

/// Both readers: past `limit`, either read on to the line's end without
/// keeping it (`skip_rest`) or stop there.
fn read_bounded(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    limit: usize,
    skip_rest: bool,
) -> io::Result<LineRead> {
    line.clear();
    let mut too_long = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(match (too_long, line.is_empty()) {
                (true, _) => LineRead::TooLong,
                (false, true) => LineRead::End,
                (false, false) => LineRead::Line,
            });
        }
        let end = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..end.map_or(available.len(), |i| i + 1)];
        if !too_long && line.len() + chunk.len() > limit {
            line.clear();
            if !skip_rest {
                return Ok(LineRead::TooLong);
            }
            too_long = true;
        }
        if !too_long {
            line.extend_from_slice(chunk);
        }
        let used = chunk.len();
        input.consume(used);
        if end.is_some() {
            return Ok(if too_long {
                LineRead::TooLong
            } else {
                LineRead::Line
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn lines(text: &[u8], limit: usize) -> Vec<(LineRead, Vec<u8>)> {
        let mut input = io::BufReader::with_capacity(3, text);
        let mut line = Vec::new();
        let mut all = Vec::new();
        loop {
            let read = read_line(&mut input, &mut line, limit).expect("reads");
            all.push((read, line.clone()));
            if read == LineRead::End {
                return all;
            }
        }
    }

    #[test]
    fn keeps_lines_up_to_the_limit_and_drops_longer_ones_whole() {
        let got = lines(b"ab\nabcdefgh\nabcd\nxy", 5);
        assert_eq!(
            got,
            vec![
                (LineRead::Line, b"ab\n".to_vec()),
                (LineRead::TooLong, vec![]),
                (LineRead::Line, b"abcd\n".to_vec()),
                (LineRead::Line, b"xy".to_vec()),
                (LineRead::End, vec![]),
            ]
        );
    }

    #[test]
    fn a_capped_read_gives_up_at_the_limit_without_reading_on() {
        let mut input = io::repeat(b'x').take(u64::MAX);
        let mut input = io::BufReader::new(&mut input);
        let mut line = Vec::new();
        assert_eq!(
            read_line_capped(&mut input, &mut line, 100).expect("reads"),
            LineRead::TooLong
        );
        assert!(line.is_empty());
    }

    #[test]
    fn an_endless_line_at_the_end_is_too_long() {
        let text = vec![b'x'; 100];
        assert_eq!(
            lines(&text, 10),
            vec![(LineRead::TooLong, vec![]), (LineRead::End, vec![])]
        );
    }
}
