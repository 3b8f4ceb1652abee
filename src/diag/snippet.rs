//! A source text made fit to draw under a report: its control characters
//! escaped (as [`printable`](super::printable::printable) does), and each
//! line longer than [`LONG_LINE`] characters cut down to [`CONTEXT`]
//! characters either side of the ends of its labels, with `…` for what is left
//! out; and the map from offsets in the text to offsets in the snippet. As
//! a miette source it gives the line and column of the text, not its own.

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

use super::printable::{escape, needs_escape};

/// Lines longer than this (in characters) are cut down to the parts near their labels.
/// Lines this long are already rare in a rules file; a report shows each
/// one whole below it.
const LONG_LINE: usize = 240;

/// The characters kept on each side of a label's end in a long line (and at
/// the start of a long line without a label).
const CONTEXT: usize = 60;

/// What stands for what was left out of a long line.
const ELISION: char = '…';

/// A source text rewritten to be drawn, with its map of offsets.
#[derive(Debug)]
pub struct Snippet {
    /// The source's name.
    name: String,
    text: String,
    /// Sorted by `old` (and by `new`): where each run of the rewritten text begins.
    runs: Vec<Run>,
    /// Where each line of the source starts.
    line_starts: Vec<usize>,
}

/// A run of the snippet: from byte `old` of the source, written from byte
/// `new` of the snippet; `exact` when the bytes were copied as they are
/// (else an escape or an elision, which every offset inside maps to the start of).
#[derive(Debug, Clone, Copy)]
struct Run {
    old: usize,
    new: usize,
    exact: bool,
}

impl Snippet {
    /// The snippet of `source`, named `name`, whose labels start or end at `points`.
    pub fn new(name: String, source: &str, points: &[usize]) -> Snippet {
        let mut b = Builder::default();
        let mut line_start = 0;
        for line in source.split_inclusive('\n') {
            let windows = (line.chars().count() > LONG_LINE).then(|| windows(line, line_start, points));
            let mut chars = line.char_indices().peekable();
            while let Some((i, c)) = chars.next() {
                let at = line_start + i;
                let kept = c == '\n'
                    || windows
                        .as_ref()
                        .is_none_or(|w| w.iter().any(|&(a, z)| a <= at && at < z));
                let line_end = c == '\r' && chars.peek().is_some_and(|&(_, n)| n == '\n');
                if !kept {
                    b.elide(at);
                } else if needs_escape(c) && !line_end {
                    b.escape(at, c);
                } else {
                    b.copy(at, c);
                }
            }
            line_start += line.len();
        }
        let line_starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let (text, runs) = b.finish(source.len());
        Snippet {
            name,
            text,
            runs,
            line_starts,
        }
    }

    /// Where byte `old` of the source is in the snippet.
    pub fn offset(&self, old: usize) -> usize {
        let i = self.runs.partition_point(|r| r.old <= old);
        let Some(run) = i.checked_sub(1).map(|i| self.runs[i]) else {
            return 0;
        };
        let new = if run.exact {
            run.new + (old - run.old)
        } else {
            run.new
        };
        new.min(self.text.len())
    }

    /// Where byte `new` of the snippet comes from in the source.
    fn source_offset(&self, new: usize) -> usize {
        let i = self.runs.partition_point(|r| r.new <= new);
        match i.checked_sub(1).map(|i| self.runs[i]) {
            Some(run) if run.exact => run.old + (new - run.new),
            Some(run) => run.old,
            None => 0,
        }
    }

    /// The column (in bytes, from 0) in the source of byte `new` of the snippet.
    fn source_column(&self, new: usize) -> usize {
        let old = self.source_offset(new);
        let line = self.line_starts.partition_point(|&s| s <= old);
        old - line.checked_sub(1).map_or(0, |l| self.line_starts[l])
    }

    /// The span of the snippet that stands for `len` bytes at `offset` in the source.
    pub fn span(&self, offset: usize, len: usize) -> SourceSpan {
        let start = self.offset(offset);
        let end = self.offset(offset.saturating_add(len)).max(start);
        SourceSpan::new(start.into(), end - start)
    }
}

/// The byte ranges of a long line (starting at byte `start` of the source)
/// to keep: [`CONTEXT`] characters each side of every point in it, or its
/// first characters when it has none.
fn windows(line: &str, start: usize, points: &[usize]) -> Vec<(usize, usize)> {
    let bounds: Vec<usize> = line
        .char_indices()
        .map(|(i, _)| start + i)
        .chain([start + line.len()])
        .collect();
    let chars = bounds.len() - 1;
    let near = |k: usize| {
        (
            bounds[k.saturating_sub(CONTEXT)],
            bounds[(k + CONTEXT).min(chars)],
        )
    };
    let inside: Vec<(usize, usize)> = points
        .iter()
        .filter(|&&p| (start..=start + line.len()).contains(&p))
        .map(|&p| near(bounds.partition_point(|&b| b < p)))
        .collect();
    if inside.is_empty() {
        vec![(start, bounds[(2 * CONTEXT).min(chars)])]
    } else {
        inside
    }
}

/// Writes a snippet run by run.
#[derive(Default)]
struct Builder {
    text: String,
    runs: Vec<Run>,
    /// The last run is a copy that goes on / an elision that goes on.
    copying: bool,
    eliding: bool,
}

impl Builder {
    fn start(&mut self, old: usize, exact: bool) {
        self.runs.push(Run {
            old,
            new: self.text.len(),
            exact,
        });
        self.copying = exact;
        self.eliding = false;
    }

    fn copy(&mut self, at: usize, c: char) {
        if !self.copying {
            self.start(at, true);
        }
        self.text.push(c);
    }

    fn escape(&mut self, at: usize, c: char) {
        self.start(at, false);
        self.text.push_str(&escape(c));
    }

    fn elide(&mut self, at: usize) {
        if !self.eliding {
            self.start(at, false);
            self.eliding = true;
            self.text.push(ELISION);
        }
    }

    fn finish(mut self, end: usize) -> (String, Vec<Run>) {
        self.start(end, true);
        (self.text, self.runs)
    }
}

impl SourceCode for Snippet {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        let column = match inner.column() {
            0 => 0,
            _ => self.source_column(inner.span().offset()),
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line(),
            column,
            inner.line_count(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_move_the_offsets_after_them() {
        let s = Snippet::new(String::new(), "a\x1bb\r\nc", &[]);
        assert_eq!(s.offset(0), 0);
        assert_eq!(s.offset(1), 1);
        assert_eq!(s.offset(2), 5);
        assert_eq!(s.span(1, 2), SourceSpan::new(1.into(), 5));
        assert_eq!(s.offset(5), 8);
        assert_eq!(s.text.as_str(), "a\\x1bb\r\nc");
    }

    #[test]
    fn a_long_line_is_cut_down_near_its_labels() {
        let line = format!("{}@@{}\nshort line\n", "x".repeat(70_000), "y".repeat(500));
        let s = Snippet::new("long.rules".into(), &line, &[70_000, 70_002]);
        let at = s.span(70_000, 2);
        let place = s.read_span(&at, 0, 0).expect("in the snippet");
        assert_eq!((place.line(), place.column()), (0, 70_000));
        let text = s.text.as_str();
        assert!(text.len() < 400, "{}", text.len());
        assert_eq!(&text[at.offset()..at.offset() + at.len()], "@@");
        assert!(
            text.starts_with('…') && text.ends_with("…\nshort line\n"),
            "{text}"
        );
    }

    #[test]
    fn a_long_line_without_labels_keeps_its_start() {
        let s = Snippet::new(String::new(), &"é".repeat(1000), &[]);
        let text = s.text.as_str();
        assert_eq!(text.chars().count(), 2 * CONTEXT + 1);
        assert!(text.ends_with(ELISION));
    }
}
