//! `lsp`: a language server over standard input and output (the Language
//! Server Protocol; `lsp-server`'s messages): diagnostics as the file
//! changes, go to definition, find references, hover, completion and
//! formatting, all answered by [`rulebook::ide`] and [`rulebook::format`].
//!
//! Three threads: one reads the input within bounds ([`frames`]), one checks
//! documents, and the main one answers. A document is checked on its own
//! thread, one at a time and always at its latest text: edits that arrive
//! meanwhile are merged (the ones between are never checked), so a long
//! check never makes edits queue. Requests that need a document's analysis
//! wait until its latest text is checked (or are cancelled by
//! `$/cancelRequest`); the others, and those on other documents, are
//! answered at once. Every check is logged on standard error.

mod frames;

use std::collections::HashMap;
use std::sync::mpsc::{self, Receiver, Sender};

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use serde_json::{Value, json};

use super::load::CliError;
use super::output::to_stderr;
use rulebook::diag::printable::printable;
use rulebook::diag::{Severity, SourceFile, Span};
use rulebook::ide::Document;

/// The stack of the checking thread: that of the command line's main thread
/// (8 MiB on Linux) and as much again, so that rules `check` takes do not
/// overflow it.
const CHECK_STACK: usize = 16 * 1024 * 1024;

/// What the main thread hears of.
enum Event {
    /// A message from the client.
    Client(Message),
    /// A message of the input skipped, and why.
    Skipped(String),
    /// The input ended (or could not be read: why).
    Closed(Option<String>),
    /// A document checked at one of its versions.
    Checked {
        uri: String,
        version: u64,
        doc: Document,
    },
}

/// A text to check: the document's URI, its version and its text.
type Job = (String, u64, String);

/// An open document: its latest text, and the analysis of its latest
/// checked text.
struct Open {
    text: String,
    /// Bumped by every change.
    version: u64,
    checked: Option<(u64, Document)>,
}

impl Open {
    /// The analysis of the latest text, if it is checked.
    fn fresh(&self) -> Option<&Document> {
        self.checked
            .as_ref()
            .filter(|(v, _)| *v == self.version)
            .map(|(_, d)| d)
    }
}

/// Serves until the client says `exit` or the input ends.
pub fn run() -> miette::Result<()> {
    let (events, inbox) = mpsc::channel();
    let reading = events.clone();
    let spawned = |e: std::io::Error| CliError::Output(format!("language server: {e}"));
    std::thread::Builder::new()
        .name("lsp-reader".into())
        .spawn(move || read_input(&reading))
        .map_err(spawned)?;
    let (checker, jobs) = mpsc::channel();
    std::thread::Builder::new()
        .name("lsp-checker".into())
        .stack_size(CHECK_STACK)
        .spawn(move || check_documents(&jobs, &events))
        .map_err(spawned)?;
    let mut server = Server {
        docs: HashMap::new(),
        waiting: Vec::new(),
        checker,
        checking: false,
        shutdown: None,
        leaving: false,
    };
    server
        .serve(&inbox)
        .map_err(|e| CliError::Output(format!("language server: {e}")).into())
}

/// Reads the client's messages into `events` until the input ends.
fn read_input(events: &Sender<Event>) {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    loop {
        let event = match frames::read(&mut input) {
            Ok(Some(frames::Frame::Message(m))) => Event::Client(m),
            Ok(Some(frames::Frame::Skipped(why))) => Event::Skipped(why),
            Ok(None) => Event::Closed(None),
            Err(e) => Event::Closed(Some(e.to_string())),
        };
        let last = matches!(event, Event::Closed(_));
        if events.send(event).is_err() || last {
            return;
        }
    }
}

/// Writes a line of the server's log on standard error (its text made
/// printable; a closed standard error is ignored, never a panic).
fn log(text: &str) {
    to_stderr(&format!("rulebook lsp: {}\n", printable(text)));
}

/// Checks the documents sent as `jobs`, one at a time, logging each check.
fn check_documents(jobs: &Receiver<Job>, events: &Sender<Event>) {
    for (uri, version, text) in jobs {
        log(&format!("checking {uri} ({} bytes)", text.len()));
        let doc = std::panic::catch_unwind(|| Document::new(&uri, &text)).unwrap_or_else(|_| {
            log(&format!("checking {uri} failed"));
            Document::new(&uri, "")
        });
        if events.send(Event::Checked { uri, version, doc }).is_err() {
            return;
        }
    }
}

/// The main thread's state.
struct Server {
    docs: HashMap<String, Open>,
    /// Requests waiting for their document's latest text to be checked.
    waiting: Vec<Request>,
    checker: Sender<Job>,
    /// A job is with the checker.
    checking: bool,
    /// The `shutdown` request, answered once no request waits for a check.
    shutdown: Option<RequestId>,
    /// `exit` came while requests waited: the server leaves once they are answered.
    leaving: bool,
}

impl Server {
    /// Handles events until `exit`; an error if the input could not be read.
    fn serve(&mut self, inbox: &Receiver<Event>) -> Result<(), String> {
        for event in inbox {
            match event {
                Event::Client(Message::Request(request)) => self.request(request),
                Event::Client(Message::Notification(note)) if note.method == "exit" => {
                    if self.waiting.is_empty() {
                        return Ok(());
                    }
                    self.leaving = true;
                }
                Event::Client(Message::Notification(note)) => self.notification(note),
                Event::Client(Message::Response(_)) => {}
                Event::Skipped(why) => log(&format!("skipped a message: {why}")),
                // The input ended: the requests read are answered first.
                Event::Closed(None) if self.waiting.is_empty() => return Ok(()),
                Event::Closed(None) => self.leaving = true,
                Event::Closed(Some(e)) => return Err(e),
                Event::Checked { uri, version, doc } => self.checked(uri, version, doc),
            }
            self.schedule();
            if self.waiting.is_empty() {
                if let Some(id) = self.shutdown.take() {
                    send(Message::Response(Response::new_ok(id, Value::Null)));
                }
                if self.leaving {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    fn request(&mut self, request: Request) {
        let response = match request.method.as_str() {
            "initialize" => Response::new_ok(request.id, json!({ "capabilities": capabilities() })),
            // Answered once the requests that wait for a check are (see `serve`).
            "shutdown" => {
                self.shutdown = Some(request.id);
                return;
            }
            "textDocument/formatting" => self.answer(&request),
            _ => {
                let uri = request.params["textDocument"]["uri"].as_str();
                let open = uri.and_then(|u| self.docs.get(u));
                if open.is_some_and(|o| o.fresh().is_none()) {
                    self.waiting.push(request);
                    return;
                }
                self.answer(&request)
            }
        };
        send(Message::Response(response));
    }

    /// Applies a notification that opens, changes or closes a document, or
    /// cancels a request.
    fn notification(&mut self, note: Notification) {
        let params = &note.params;
        if note.method == "$/cancelRequest" {
            let Ok(id) = serde_json::from_value::<RequestId>(params["id"].clone()) else {
                return;
            };
            if let Some(at) = self.waiting.iter().position(|r| r.id == id) {
                let message = "cancelled by the client".to_string();
                send(Message::Response(Response::new_err(
                    id,
                    ErrorCode::RequestCanceled as i32,
                    message,
                )));
                self.waiting.remove(at);
            }
            return;
        }
        let Some(uri) = params["textDocument"]["uri"].as_str() else {
            return;
        };
        let text = match note.method.as_str() {
            "textDocument/didOpen" => params["textDocument"]["text"].as_str(),
            // Whole texts only (the server asks for full synchronisation).
            "textDocument/didChange" => params["contentChanges"]
                .as_array()
                .and_then(|changes| changes.last())
                .and_then(|c| c["text"].as_str()),
            "textDocument/didClose" => {
                self.docs.remove(uri);
                publish(uri, Vec::new());
                self.answer_waiting(uri);
                return;
            }
            _ => return,
        };
        let Some(text) = text else { return };
        let open = self.docs.entry(uri.to_string()).or_insert_with(|| Open {
            text: String::new(),
            version: 0,
            checked: None,
        });
        open.text = text.to_string();
        open.version += 1;
    }

    /// A check is done: its diagnostics are published and the requests that
    /// waited for it answered if it is of the latest text (else a newer text
    /// is checked next).
    fn checked(&mut self, uri: String, version: u64, doc: Document) {
        self.checking = false;
        let Some(open) = self.docs.get_mut(&uri) else {
            return;
        };
        if open.version != version {
            return;
        }
        publish(&uri, diagnostics(&doc));
        open.checked = Some((version, doc));
        self.answer_waiting(&uri);
    }

    /// Answers the requests on `uri` that waited.
    fn answer_waiting(&mut self, uri: &str) {
        let (ready, waiting) = std::mem::take(&mut self.waiting)
            .into_iter()
            .partition(|r: &Request| r.params["textDocument"]["uri"].as_str() == Some(uri));
        self.waiting = waiting;
        for request in ready {
            send(Message::Response(self.answer(&request)));
        }
    }

    /// Gives the checker the latest text of a document not checked yet, if
    /// it is free.
    fn schedule(&mut self) {
        if self.checking {
            return;
        }
        let Some((uri, open)) = self.docs.iter().find(|(_, o)| o.fresh().is_none()) else {
            return;
        };
        self.checking = self
            .checker
            .send((uri.clone(), open.version, open.text.clone()))
            .is_ok();
    }

    /// The answer to a request on an open document (or on none).
    fn answer(&self, request: &Request) -> Response {
        let id = request.id.clone();
        match request_answer(&self.docs, request) {
            Ok(result) => Response::new_ok(id, result),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }
}

/// Writes a message to the client; a client gone away is noticed by the
/// reading thread.
fn send(message: Message) {
    let _ = message.write(&mut std::io::stdout().lock());
}

/// Publishes the diagnostics of a document.
fn publish(uri: &str, diagnostics: Vec<Value>) {
    let params = json!({ "uri": uri, "diagnostics": diagnostics });
    send(Message::Notification(Notification::new(
        "textDocument/publishDiagnostics".into(),
        params,
    )));
}

/// What the server can do.
fn capabilities() -> Value {
    json!({
        "textDocumentSync": 1,
        "definitionProvider": true,
        "referencesProvider": true,
        "hoverProvider": true,
        "completionProvider": { "triggerCharacters": [] },
        "documentFormattingProvider": true,
    })
}

/// The result of a request, from the latest text of its document (and its
/// analysis, which requests other than formatting wait for).
fn request_answer(docs: &HashMap<String, Open>, request: &Request) -> Result<Value, (ErrorCode, String)> {
    let params = &request.params;
    let uri = params["textDocument"]["uri"].as_str().ok_or_else(|| {
        (
            ErrorCode::InvalidParams,
            format!("{}: no textDocument.uri", request.method),
        )
    })?;
    let Some(open) = docs.get(uri) else {
        return Ok(Value::Null);
    };
    if request.method == "textDocument/formatting" {
        return Ok(formatting(uri, &open.text));
    }
    let Some(doc) = open.fresh() else {
        return Ok(Value::Null);
    };
    let lines = Lines::new(&doc.text);
    let at = || {
        let p = &params["position"];
        let line = p["line"].as_u64().unwrap_or(0) as usize;
        let character = p["character"].as_u64().unwrap_or(0) as usize;
        lines.offset(line, character)
    };
    let location = |span: Span| json!({ "uri": uri, "range": lines.range(span) });
    Ok(match request.method.as_str() {
        "textDocument/definition" => doc.definition(at()).map_or(Value::Null, |d| location(d.span)),
        "textDocument/references" => Value::Array(doc.references(at()).into_iter().map(location).collect()),
        "textDocument/hover" => doc.hover(at()).map_or(Value::Null, |(span, text)| {
            json!({ "contents": { "kind": "markdown", "value": text }, "range": lines.range(span) })
        }),
        "textDocument/completion" => Value::Array(
            doc.completions(at())
                .into_iter()
                .map(|c| json!({ "label": c.label, "kind": completion_kind(c.kind), "detail": c.detail }))
                .collect(),
        ),
        other => return Err((ErrorCode::MethodNotFound, format!("`{other}` is not served"))),
    })
}

/// The edits that lay `text` out as `rulebook fmt` does (none when it is so
/// already; null when it does not parse).
fn formatting(uri: &str, text: &str) -> Value {
    match rulebook::format::format(&SourceFile::new(uri, text)) {
        Ok(laid) if laid != text => {
            let whole = Span::new(0, text.len());
            json!([{ "range": Lines::new(text).range(whole), "newText": laid }])
        }
        Ok(_) => json!([]),
        Err(_) => Value::Null,
    }
}

/// The protocol's number for a kind of completion.
fn completion_kind(kind: &str) -> u32 {
    match kind {
        "keyword" => 14,
        "piece" => 7,
        "option" | "counter" | "flag" => 6,
        "player" => 20,
        "move rule" | "turn" | "clause list" => 3,
        _ => 12,
    }
}

/// A document's problems as the protocol's diagnostics.
fn diagnostics(doc: &Document) -> Vec<Value> {
    let lines = Lines::new(&doc.text);
    doc.problems
        .iter()
        .map(|p| {
            let message = match &p.help {
                Some(help) => format!("{}\nhelp: {help}", p.message),
                None => p.message.clone(),
            };
            json!({
                "range": lines.range(p.span),
                "severity": if p.severity == Severity::Error { 1 } else { 2 },
                "code": p.code,
                "source": "rulebook",
                "message": message,
            })
        })
        .collect()
}

/// Byte offsets and the protocol's positions (lines, and UTF-16 units
/// within a line) of one text.
struct Lines<'t> {
    text: &'t str,
    starts: Vec<usize>,
    /// For each block of [`BLOCK`] bytes, its first character boundary and
    /// the UTF-16 units before it: a position is found in time independent
    /// of its line's length (a line of thousands of diagnostics was
    /// quadratic).
    marks: Vec<(usize, usize)>,
}

/// The bytes between two of [`Lines`]'s marks.
const BLOCK: usize = 64;

impl<'t> Lines<'t> {
    fn new(text: &'t str) -> Lines<'t> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let mut marks = Vec::with_capacity(text.len() / BLOCK + 1);
        let mut units = 0;
        for (i, c) in text.char_indices() {
            while i >= marks.len() * BLOCK {
                marks.push((i, units));
            }
            units += c.len_utf16();
        }
        while marks.len() <= text.len() / BLOCK {
            marks.push((text.len(), units));
        }
        Lines { text, starts, marks }
    }

    /// The UTF-16 units before a byte offset (a character boundary).
    fn units(&self, offset: usize) -> usize {
        let (from, units) = self.marks[offset / BLOCK];
        units
            + self.text[from..offset]
                .chars()
                .map(char::len_utf16)
                .sum::<usize>()
    }

    /// The position of a byte offset.
    fn position(&self, offset: usize) -> Value {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|s| *s <= offset) - 1;
        let character = self.units(offset) - self.units(self.starts[line]);
        json!({ "line": line, "character": character })
    }

    fn range(&self, span: Span) -> Value {
        json!({ "start": self.position(span.start), "end": self.position(span.end) })
    }

    /// The byte offset of a position (the end of its line if beyond it).
    fn offset(&self, line: usize, character: usize) -> usize {
        let Some(&start) = self.starts.get(line) else {
            return self.text.len();
        };
        let end = self.starts.get(line + 1).map_or(self.text.len(), |s| s - 1);
        let mut units = 0;
        for (i, c) in self.text[start..end].char_indices() {
            if units >= character {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::Lines;

    #[test]
    fn positions_count_utf16_units() {
        let lines = Lines::new("ab\n✕😀c\n");
        assert_eq!(lines.position(3)["line"], 1);
        let c = "ab\n✕😀".len();
        assert_eq!(lines.position(c)["character"], 3);
        assert_eq!(lines.offset(1, 3), c);
        assert_eq!(lines.offset(9, 0), "ab\n✕😀c\n".len());
    }

    #[test]
    fn positions_on_long_lines_with_wide_characters_count_every_unit() {
        // Marks every 64 bytes fall inside characters of 2 to 4 bytes.
        let text: String = (0..300).map(|i| ["a", "é", "✕", "😀\n", "b"][i % 5]).collect();
        let lines = Lines::new(&text);
        for (offset, _) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
            let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
            let want: usize = text[start..offset].chars().map(char::len_utf16).sum();
            assert_eq!(lines.position(offset)["character"], want, "at {offset}");
        }
    }
}
