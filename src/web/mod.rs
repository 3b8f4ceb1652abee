//! `rulebook serve`: a local web page to play and edit games. The server
//! (axum on tokio) listens on the loopback only, refuses requests for other
//! hosts and cross-site writes, limits the size of what it is sent and the
//! time it takes to send it ([`listen`]), does its work off its lock within
//! a budget ([`work`]), and serves rules files from their folders only
//! ([`folder`]); the page's files are built into the binary ([`assets`]).

mod agent;
mod assets;
mod folder;
mod guard;
mod listen;
mod routes;
mod session;
mod view;
mod work;

use std::io::Write;
use std::path::PathBuf;
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
    /// A folder given holds no rules file.
    #[error("the folder `{0}` holds no `.rules` file")]
    #[diagnostic(
        code(rules::cli::no_games),
        help("give a folder of rules files, or the files themselves: `rulebook serve games/`")
    )]
    EmptyFolder(String),
    /// A file or folder given does not exist (or cannot be read).
    #[error("cannot read `{path}`: {reason}")]
    #[diagnostic(
        code(rules::cli::unreadable_file),
        help("check the path; rules files usually live in games/")
    )]
    Unreadable { path: String, reason: String },
    /// The port is taken or cannot be used.
    #[error("cannot listen on 127.0.0.1:{port}: {reason}")]
    #[diagnostic(
        code(rules::cli::cannot_listen),
        help("choose another port with `--port`, or `--port 0` for any free one")
    )]
    Listen { port: u16, reason: String },
}

/// The stack of the server's threads, where rules are compiled and moves
/// listed: twice the 8 MiB that the command line's main thread has on Linux,
/// so that rules the command line can run do not overflow it (a thread's
/// default, 2 MiB, overflowed on deeply nested rules, which ends the process).
const THREAD_STACK: usize = 16 * 1024 * 1024;

/// The rules files offered: those given, in order, a folder standing for
/// its `.rules` files (sorted by name); with none given, those of `games/`.
fn offered(files: Vec<PathBuf>) -> Result<Vec<PathBuf>, ServeError> {
    let default = files.is_empty();
    let given = if default {
        vec![PathBuf::from("games")]
    } else {
        files
    };
    let mut out = Vec::new();
    for path in given {
        if default && !path.is_dir() {
            return Err(ServeError::NoGames);
        }
        if let Err(e) = std::fs::metadata(&path) {
            return Err(ServeError::Unreadable {
                path: path.display().to_string(),
                reason: e.to_string(),
            });
        }
        if !path.is_dir() {
            out.push(path);
            continue;
        }
        let mut found: Vec<PathBuf> = std::fs::read_dir(&path)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "rules"))
            .collect();
        if found.is_empty() && !default {
            return Err(ServeError::EmptyFolder(path.display().to_string()));
        }
        found.sort();
        out.extend(found);
    }
    if out.is_empty() {
        return Err(ServeError::NoGames);
    }
    Ok(out)
}

/// The server's runtime: two worker threads, and threads for its work with
/// stacks of [`THREAD_STACK`].
fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_stack_size(THREAD_STACK)
        .enable_all()
        .build()
}

/// Serves the page on 127.0.0.1:`port` until the process is stopped; the
/// first of the files offered that loads is shown first.
pub fn serve(files: Vec<PathBuf>, port: u16) -> miette::Result<()> {
    let offered = offered(files)?;
    let runtime = runtime().map_err(|e| ServeError::Listen {
        port,
        reason: e.to_string(),
    })?;
    runtime.block_on(async move {
        let mut app = session::App::new(offered.clone());
        let jobs = app.jobs.clone();
        // The first game that loads is shown at once; the others stay on offer.
        for path in &offered {
            let what = format!("opening `{}`", path.display());
            let file = path.clone();
            match jobs.run(&what, move || session::open(&file)).await {
                Ok(game) => {
                    app.set_game(game);
                    break;
                }
                Err(e) => rulebook::diag::render::to_stderr(&format!("{}:\n{e}\n", path.display())),
            }
        }
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
        listen::serve(listener, routes::router(shared, port), listen::HEAD_TIMEOUT).await;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_offers_its_rules_files_and_files_keep_their_order() {
        let root = std::env::temp_dir().join(format!("rulebook-offered-{}", std::process::id()));
        let games = root.join("games");
        let empty = root.join("empty");
        std::fs::create_dir_all(&games).unwrap();
        std::fs::create_dir_all(&empty).unwrap();
        for name in ["b.rules", "a.rules", "notes.txt"] {
            std::fs::write(games.join(name), "").unwrap();
        }
        let single = root.join("z.rules");
        std::fs::write(&single, "").unwrap();
        let offered_now = offered(vec![single.clone(), games.clone()]).unwrap();
        assert_eq!(
            offered_now,
            [single, games.join("a.rules"), games.join("b.rules")]
        );
        let refused = offered(vec![empty.clone()]).unwrap_err();
        assert!(matches!(refused, ServeError::EmptyFolder(_)), "{refused}");
        let missing = root.join("nonexistent");
        let refused = offered(vec![games.clone(), missing]).unwrap_err();
        assert!(matches!(refused, ServeError::Unreadable { .. }), "{refused}");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
