//! A small blocking WebDriver client (the W3C protocol: JSON over plain HTTP
//! on the loopback), enough for the browser test: a session, opening a page,
//! running a script, finding, clicking and typing into elements. Written on
//! the standard library's sockets so that the test pulls in no HTTP stack of
//! its own (whose features would differ from the server's and make `cargo
//! test` compile shared dependencies a second time).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

use serde_json::{Value, json};

/// The key under which WebDriver names an element.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A browser session; closed (and the browser with it) when dropped.
pub struct Session {
    /// `host:port` of the driver.
    host: String,
    id: String,
}

/// An element of the page.
pub struct Element<'a> {
    session: &'a Session,
    id: String,
}

/// How to find an element.
pub enum Locator<'a> {
    Css(&'a str),
    XPath(&'a str),
}

impl Session {
    /// Opens a session on the driver at `url` (`http://host:port`) with these capabilities.
    pub fn new(url: &str, capabilities: Value) -> Result<Session, String> {
        let host = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        let reply = request(
            &host,
            "POST",
            "/session",
            Some(&json!({
                "capabilities": { "alwaysMatch": capabilities }
            })),
        )?;
        let id = reply["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no session id in {reply}"))?
            .to_string();
        Ok(Session { host, id })
    }

    /// Sends a command of this session.
    fn command(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        request(&self.host, method, &format!("/session/{}{path}", self.id), body)
    }

    /// Opens `url`.
    pub fn goto(&self, url: &str) -> Result<(), String> {
        self.command("POST", "/url", Some(&json!({ "url": url })))
            .map(drop)
    }

    /// Runs a script in the page and returns its value.
    pub fn execute(&self, script: &str) -> Result<Value, String> {
        self.command(
            "POST",
            "/execute/sync",
            Some(&json!({ "script": script, "args": [] })),
        )
    }

    /// The first element that `locator` finds.
    pub fn find(&self, locator: Locator) -> Result<Element<'_>, String> {
        let (using, value) = match locator {
            Locator::Css(css) => ("css selector", css),
            Locator::XPath(path) => ("xpath", path),
        };
        let reply = self.command(
            "POST",
            "/element",
            Some(&json!({ "using": using, "value": value })),
        )?;
        let id = reply[ELEMENT]
            .as_str()
            .ok_or_else(|| format!("no element in {reply}"))?
            .to_string();
        Ok(Element { session: self, id })
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = request(&self.host, "DELETE", &format!("/session/{}", self.id), None);
    }
}

impl Element<'_> {
    /// Clicks it.
    pub fn click(&self) -> Result<(), String> {
        self.session
            .command("POST", &format!("/element/{}/click", self.id), Some(&json!({})))
            .map(drop)
    }

    /// Types `text` into it (for a file input: chooses that file).
    pub fn send_keys(&self, text: &str) -> Result<(), String> {
        self.session
            .command(
                "POST",
                &format!("/element/{}/value", self.id),
                Some(&json!({ "text": text })),
            )
            .map(drop)
    }
}

/// One HTTP/1.1 request to the driver; returns the reply's `value`, or the
/// driver's error message.
fn request(host: &str, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut stream = TcpStream::connect(host).map_err(|e| format!("{host}: {e}"))?;
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .map_err(|e| e.to_string())?;
    // The driver says `Connection: close` but may keep the socket open:
    // the body is read by its length (or its chunks), not to the end.
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).map_err(|e| e.to_string())? == 0 || line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    let header = |name: &str| {
        head.lines().find_map(|l| {
            let (key, value) = l.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_string())
        })
    };
    let content = if header("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
        read_chunks(&mut reader)?
    } else {
        let length: usize = header("content-length")
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("a reply without a length: {head}"))?;
        let mut body = vec![0; length];
        reader.read_exact(&mut body).map_err(|e| e.to_string())?;
        String::from_utf8_lossy(&body).into_owned()
    };
    let value: Value = serde_json::from_str(&content).map_err(|e| format!("{e} in the reply {content}"))?;
    let ok = head.split_whitespace().nth(1) == Some("200");
    if ok {
        Ok(value["value"].clone())
    } else {
        Err(format!("{method} {path}: {}", value["value"]))
    }
}

/// The body of a reply sent in chunks.
fn read_chunks(reader: &mut impl BufRead) -> Result<String, String> {
    let mut body = Vec::new();
    loop {
        let mut size = String::new();
        reader.read_line(&mut size).map_err(|e| e.to_string())?;
        let size = usize::from_str_radix(size.trim(), 16).map_err(|e| e.to_string())?;
        let mut chunk = vec![0; size + 2];
        reader.read_exact(&mut chunk).map_err(|e| e.to_string())?;
        if size == 0 {
            return Ok(String::from_utf8_lossy(&body).into_owned());
        }
        body.extend_from_slice(&chunk[..size]);
    }
}
