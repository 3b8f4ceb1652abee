//! `lsp`: a language server over standard input and output (the Language
//! Server Protocol, through `lsp-server`): diagnostics as the file changes,
//! go to definition, find references, hover, completion and formatting,
//! all answered by [`rulebook::ide`] and [`rulebook::format`].

use std::collections::HashMap;

use lsp_server::{Connection, Message, Notification, Request, Response};
use serde_json::{Value, json};

use super::load::CliError;
use rulebook::diag::{Severity, SourceFile, Span};
use rulebook::ide::Document;

/// The open documents, by URI.
type Documents = HashMap<String, Document>;

/// Serves until the client says `exit`.
pub fn run() -> miette::Result<()> {
    let (connection, io) = Connection::stdio();
    let protocol = |e: lsp_server::ProtocolError| CliError::Output(format!("language server protocol: {e}"));
    connection.initialize(capabilities()).map_err(protocol)?;
    serve(&connection).map_err(protocol)?;
    drop(connection);
    io.join().map_err(|e| CliError::Output(e.to_string()))?;
    Ok(())
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

fn serve(connection: &Connection) -> Result<(), lsp_server::ProtocolError> {
    let mut docs = Documents::new();
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request)? {
                    return Ok(());
                }
                let response = answer(&docs, request);
                send(connection, Message::Response(response));
            }
            Message::Notification(note) => {
                if let Some(uri) = changed(&mut docs, note) {
                    let diagnostics = docs.get(&uri).map(diagnostics).unwrap_or_default();
                    let params = json!({ "uri": uri, "diagnostics": diagnostics });
                    let note = Notification::new("textDocument/publishDiagnostics".into(), params);
                    send(connection, Message::Notification(note));
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

/// Sends a message; a client gone away is noticed by the receiving loop.
fn send(connection: &Connection, message: Message) {
    let _ = connection.sender.send(message);
}

/// Applies a notification that opens, changes or closes a document; the
/// URI whose diagnostics changed.
fn changed(docs: &mut Documents, note: Notification) -> Option<String> {
    let params = &note.params;
    let uri = params["textDocument"]["uri"].as_str()?.to_string();
    match note.method.as_str() {
        "textDocument/didOpen" => {
            let text = params["textDocument"]["text"].as_str()?;
            docs.insert(uri.clone(), Document::new(&uri, text));
        }
        "textDocument/didChange" => {
            // Whole texts only (the server asks for full synchronisation).
            let text = params["contentChanges"].as_array()?.last()?["text"].as_str()?;
            docs.insert(uri.clone(), Document::new(&uri, text));
        }
        "textDocument/didClose" => {
            docs.remove(&uri);
        }
        _ => return None,
    }
    Some(uri)
}

/// The answer to a request.
fn answer(docs: &Documents, request: Request) -> Response {
    let id = request.id.clone();
    match request_answer(docs, &request) {
        Ok(result) => Response::new_ok(id, result),
        Err(message) => Response::new_err(id, lsp_server::ErrorCode::InvalidParams as i32, message),
    }
}

fn request_answer(docs: &Documents, request: &Request) -> Result<Value, String> {
    let params = &request.params;
    let uri = params["textDocument"]["uri"]
        .as_str()
        .ok_or_else(|| format!("{}: no textDocument.uri", request.method))?;
    let Some(doc) = docs.get(uri) else {
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
        "textDocument/formatting" => match rulebook::format::format(&SourceFile::new(uri, doc.text.as_str())) {
            Ok(laid) if laid != doc.text => {
                let whole = Span::new(0, doc.text.len());
                json!([{ "range": lines.range(whole), "newText": laid }])
            }
            Ok(_) => json!([]),
            Err(_) => Value::Null,
        },
        other => return Err(format!("`{other}` is not served")),
    })
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
}

impl<'t> Lines<'t> {
    fn new(text: &'t str) -> Lines<'t> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Lines { text, starts }
    }

    /// The position of a byte offset.
    fn position(&self, offset: usize) -> Value {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|s| *s <= offset) - 1;
        let start = self.starts[line];
        let character: usize = self.text[start..offset].chars().map(char::len_utf16).sum();
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
}
