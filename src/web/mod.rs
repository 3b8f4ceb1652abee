//! `rulebook serve`: a local web page to play and edit games. The server
//! (axum on tokio) listens on the loopback only, refuses requests for other
//! hosts and cross-site writes, and limits the size of what it is sent; the
//! page's files are built into the binary ([`assets`]).

mod agent;
mod assets;
mod guard;
mod routes;
mod session;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use miette::Diagnostic;
use thiserror::Error;

/// A problem starting the server.
#[derive(Debug, Error, Diagnostic)]
pub enum ServeError {
    /// No rules file to offer.
    #[error("there is no game to offer: no FILE was given and `games/` holds no `.rules` file")]
    #[diagnostic(
        code(rules::cli::no_games),
        help("give the rules files to offer: `rulebook serve my-game.rules`")
    )]
    NoGames,
    /// The port is taken or cannot be used.
    #[error("cannot listen on 127.0.0.1:{port}: {reason}")]
    #[diagnostic(
        code(rules::cli::cannot_listen),
        help("choose another port with `--port`, or `--port 0` for any free one")
    )]
    Listen { port: u16, reason: String },
}

/// The rules files offered: those given, or every `.rules` file of `games/`.
fn offered(files: Vec<PathBuf>) -> Vec<PathBuf> {
    if !files.is_empty() {
        return files;
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir(Path::new("games"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    found.sort();
    found
}

/// Serves the page on 127.0.0.1:`port` until the process is stopped.
pub fn serve(files: Vec<PathBuf>, port: u16) -> miette::Result<()> {
    let offered = offered(files);
    if offered.is_empty() {
        return Err(ServeError::NoGames.into());
    }
    let mut app = session::App::new(offered.clone());
    // The first game that loads is shown at once; the others stay on offer.
    for (i, path) in offered.iter().enumerate() {
        match app.open(i) {
            Ok(()) => break,
            Err(e) => crate::cli::to_stderr(&format!("{}:\n{e}\n", path.display())),
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| ServeError::Listen {
            port,
            reason: e.to_string(),
        })?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .map_err(|e| ServeError::Listen {
                port,
                reason: e.to_string(),
            })?;
        let port = listener.local_addr().map(|a| a.port()).unwrap_or(port);
        let mut out = std::io::stdout();
        let _ = writeln!(
            out,
            "rulebook serve: open http://127.0.0.1:{port}/ in a browser ({} game{} on offer; Ctrl-C stops)",
            offered.len(),
            if offered.len() == 1 { "" } else { "s" }
        );
        let _ = out.flush();
        let shared = Arc::new(Mutex::new(app));
        axum::serve(listener, routes::router(shared, port))
            .await
            .map_err(|e| ServeError::Listen {
                port,
                reason: e.to_string(),
            })?;
        Ok(())
    })
}
