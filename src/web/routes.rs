//! The page's files and its JSON interface.
//!
//! Reads: `GET /api/state` (the board as SVG, the moves, the legal moves as
//! clicks see them), `/api/rules`, `/api/record`. Writes (JSON bodies):
//! `open`, `play`, `undo`, `sides`, `check`, `reload`, `save-rules`,
//! `record`. A refused write answers 400 with `{"error": …}`, worded as the
//! CLI words it.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{StatusCode, header};
use axum::middleware;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};

use super::agent::{self, Progress};
use super::guard;
use super::session::{self, App, Thinking};
use rulebook::diag::{Severity, SourceFile};
use rulebook::engine::{MoveBuf, Status};
use rulebook::{notation, render};

/// The shared state of the server.
pub type Shared = Arc<Mutex<App>>;

/// The largest request body accepted (a rules file or a record, as JSON).
pub const MAX_BODY: usize = 1024 * 1024;

/// A pause before each move of the program, so that a person can follow.
const PROGRAM_PAUSE: Duration = Duration::from_millis(300);

/// The routes of the server on `port`.
pub fn router(app: Shared, port: u16) -> Router {
    Router::new()
        .route("/", get(|| async { Html(super::assets::INDEX) }))
        .route(
            "/app.js",
            get(|| async { asset("text/javascript", super::assets::SCRIPT) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css", super::assets::STYLE) }),
        )
        .route("/api/state", get(state))
        .route("/api/rules", get(rules))
        .route("/api/record", get(record).post(load_record))
        .route("/api/open", post(open))
        .route("/api/play", post(play))
        .route("/api/undo", post(undo))
        .route("/api/sides", post(sides))
        .route("/api/check", post(check))
        .route("/api/reload", post(reload))
        .route("/api/save-rules", post(save_rules))
        .with_state(app)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(port, guard::check))
}

/// A page file.
fn asset(kind: &'static str, text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], text).into_response()
}

/// The state, locked; a panic elsewhere does not lock the server out.
fn lock(shared: &Shared) -> MutexGuard<'_, App> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

/// A refused request.
fn refuse(message: impl Into<String>) -> Response {
    (
        StatusCode::BAD_REQUEST,
        axum::Json(json!({ "error": message.into() })),
    )
        .into_response()
}

/// The JSON body of a write.
fn body<T: for<'de> Deserialize<'de>>(bytes: &Bytes) -> Result<T, String> {
    if std::str::from_utf8(bytes).is_err() {
        return Err("the request is not UTF-8 text: is it a binary file?".to_string());
    }
    serde_json::from_slice(bytes).map_err(|e| format!("the request is not what was expected: {e}"))
}

#[derive(Deserialize)]
struct StateQuery {
    turned: Option<bool>,
}

async fn state(State(shared): State<Shared>, Query(q): Query<StateQuery>) -> Response {
    let app = lock(&shared);
    axum::Json(state_json(&app, q.turned.unwrap_or(false))).into_response()
}

/// Everything the page shows.
fn state_json(app: &App, turned: bool) -> Value {
    let games: Vec<String> = app.offered.iter().map(|p| p.display().to_string()).collect();
    let Some(game) = &app.game else {
        return json!({ "games": games, "current": null, "game": null });
    };
    let current = app.offered.iter().position(|p| Some(p) == game.file.as_ref());
    let engine = &game.engine;
    let pos = game.position();
    let players = &engine.game().players;
    let mut buf = MoveBuf::new();
    let status = engine.status(pos, &mut buf);
    let (word, result, reason) = match status {
        Status::Ongoing => ("ongoing", None, None),
        Status::Over(outcome) => {
            let reason =
                crate::cli::play::ending::end_reason(engine, pos, &mut buf, &game.source).map(|(_, r)| r);
            let result = match outcome {
                rulebook::ir::Outcome::Win(p) => format!("{} won", players[p.index()]),
                rulebook::ir::Outcome::Draw => "a draw".to_string(),
            };
            (
                if matches!(outcome, rulebook::ir::Outcome::Draw) {
                    "draw"
                } else {
                    "win"
                },
                Some(result),
                reason,
            )
        }
    };
    let mover = engine.mover(pos);
    let program_moves = app.programs.get(mover.index()).copied().unwrap_or(false);
    let legal = if status == Status::Ongoing && !program_moves {
        session::legal_shapes(engine, pos)
    } else {
        Vec::new()
    };
    let pass = legal.iter().any(|m| m.text == "pass");
    let moves: Vec<Value> = game
        .played
        .iter()
        .enumerate()
        .map(|(i, (text, _))| {
            json!({ "n": i + 1, "player": players[engine.mover(&game.history[i]).index()], "text": text })
        })
        .collect();
    let last = game
        .played
        .last()
        .map(|(_, mv)| render::move_cells(mv.as_ref()))
        .unwrap_or_default();
    let svg = render::svg(
        engine,
        pos,
        &render::Options {
            turned,
            last,
            ..render::Options::default()
        },
    );
    let thinking = app.thinking.as_ref().map(|t| {
        json!({ "player": players[mover.index()], "progress": t.progress.get(), "by": agent::program(0).name() })
    });
    json!({
        "games": games,
        "current": current,
        "game": {
            "title": engine.game().title,
            "file": game.file.as_ref().map(|f| f.display().to_string()),
            "players": players,
            "programs": app.programs,
            "to_move": (status == Status::Ongoing).then(|| players[mover.index()].clone()),
            "status": word,
            "result": result,
            "reason": reason,
            "moves": moves,
            "legal": legal,
            "pass": pass,
            "thinking": thinking,
            "svg": svg,
            "generation": app.generation,
        }
    })
}

async fn rules(State(shared): State<Shared>) -> Response {
    let app = lock(&shared);
    match &app.game {
        Some(g) => axum::Json(json!({ "name": g.source.name, "text": g.source.text })).into_response(),
        None => refuse("no game is loaded"),
    }
}

async fn record(State(shared): State<Shared>) -> Response {
    let app = lock(&shared);
    match &app.game {
        Some(g) => ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], g.record()).into_response(),
        None => refuse("no game is loaded"),
    }
}

#[derive(Deserialize)]
struct Text {
    text: String,
}

async fn load_record(State(shared): State<Shared>, bytes: Bytes) -> Response {
    let request: Text = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return refuse(e),
    };
    let result = lock(&shared).load_record(&request.text);
    answer(&shared, result)
}

#[derive(Deserialize)]
struct Open {
    index: usize,
}

async fn open(State(shared): State<Shared>, bytes: Bytes) -> Response {
    let request: Open = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return refuse(e),
    };
    let result = lock(&shared).open(request.index);
    answer(&shared, result)
}

#[derive(Deserialize)]
struct Play {
    #[serde(rename = "move")]
    text: String,
}

async fn play(State(shared): State<Shared>, bytes: Bytes) -> Response {
    let request: Play = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return refuse(e),
    };
    let result = {
        let mut app = lock(&shared);
        let mover_is_program = app.game.as_ref().is_some_and(|g| {
            let m = g.engine.mover(g.position()).index();
            app.programs.get(m).copied().unwrap_or(false)
        });
        match app.game.as_mut() {
            None => Err("no game is loaded".to_string()),
            Some(_) if mover_is_program => Err("it is the program's turn: wait for its move".to_string()),
            Some(game) => game.play(request.text.trim()),
        }
        .map(|()| app.changed())
    };
    answer(&shared, result)
}

async fn undo(State(shared): State<Shared>, bytes: Bytes) -> Response {
    if let Err(e) = body::<Value>(&bytes) {
        return refuse(e);
    }
    let result = lock(&shared).undo();
    answer(&shared, result)
}

#[derive(Deserialize)]
struct Sides {
    programs: Vec<bool>,
}

async fn sides(State(shared): State<Shared>, bytes: Bytes) -> Response {
    let request: Sides = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return refuse(e),
    };
    let result = {
        let mut app = lock(&shared);
        if request.programs.len() != app.programs.len() {
            Err(format!(
                "the game has {} players, not {}",
                app.programs.len(),
                request.programs.len()
            ))
        } else {
            app.programs = request.programs;
            app.changed();
            Ok(())
        }
    };
    answer(&shared, result)
}

/// The answer to a write: the new state, or the error; then the program
/// starts thinking if it is its turn.
fn answer(shared: &Shared, result: Result<(), String>) -> Response {
    match result {
        Ok(()) => {
            think(shared);
            axum::Json(json!({ "ok": true })).into_response()
        }
        Err(e) => refuse(e),
    }
}

/// Starts the program's move in a task of its own when it is to move.
fn think(shared: &Shared) {
    let mut app = lock(shared);
    if app.thinking.is_some() {
        return;
    }
    let Some(game) = &app.game else { return };
    let engine = game.engine.clone();
    let pos = game.position().clone();
    if engine.status(&pos, &mut MoveBuf::new()) != Status::Ongoing {
        return;
    }
    if !app
        .programs
        .get(engine.mover(&pos).index())
        .copied()
        .unwrap_or(false)
    {
        return;
    }
    let progress = Arc::new(Progress::default());
    let generation = app.generation;
    app.seed += 1;
    let seed = app.seed;
    app.thinking = Some(Thinking {
        progress: progress.clone(),
    });
    drop(app);
    let shared = shared.clone();
    tokio::task::spawn_blocking(move || {
        std::thread::sleep(PROGRAM_PAUSE);
        let chosen = agent::program(seed).choose(&engine, &pos, &progress);
        {
            let mut app = lock(&shared);
            if app.generation != generation {
                return;
            }
            app.thinking = None;
            if let (Some(mv), Some(game)) = (chosen, app.game.as_mut()) {
                let text = notation::format(&engine, mv.as_ref());
                game.push(text, mv);
                app.generation += 1;
            }
        }
        think(&shared);
    });
}

async fn check(bytes: Bytes) -> Response {
    let request: Text = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return refuse(e),
    };
    if let Err(e) = session::check_text(&request.text, "rules file") {
        return refuse(e);
    }
    axum::Json(diagnostics(&request.text)).into_response()
}

/// The problems of a rules text as the editor shows them: UTF-16 offsets
/// (as JavaScript counts), message, label, help, code.
fn diagnostics(text: &str) -> Value {
    let source = SourceFile::new("rules", text.to_string());
    let (game, problems) = rulebook::check(&source);
    let utf16 = |byte: usize| text[..byte.min(text.len())].encode_utf16().count();
    let list: Vec<Value> = problems
        .iter()
        .map(|p| {
            let (line, column) = source.line_col(p.span.start);
            json!({
                "code": p.code,
                "severity": if p.severity == Severity::Error { "error" } else { "warning" },
                "message": p.message,
                "label": p.label,
                "help": p.help,
                "line": line,
                "column": column,
                "from": utf16(p.span.start),
                "to": utf16(p.span.end),
                "labels": p.secondary.iter().map(|(s, l)| json!({
                    "from": utf16(s.start), "to": utf16(s.end), "label": l,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({ "ok": game.is_some(), "problems": list })
}

async fn reload(State(shared): State<Shared>, bytes: Bytes) -> Response {
    let request: Text = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return refuse(e),
    };
    let result = {
        let mut app = lock(&shared);
        let (file, name) = match &app.game {
            Some(g) => (g.file.clone(), g.source.name.clone()),
            None => (None, "rules".to_string()),
        };
        session::load(file, SourceFile::new(name, request.text), Vec::new()).map(|g| app.set_game(g))
    };
    answer(&shared, result)
}

async fn save_rules(State(shared): State<Shared>, bytes: Bytes) -> Response {
    let request: Text = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return refuse(e),
    };
    if let Err(e) = session::check_text(&request.text, "rules file") {
        return refuse(e);
    }
    let app = lock(&shared);
    let Some(path) = app.game.as_ref().and_then(|g| g.file.clone()) else {
        return refuse("this game has no file to save to");
    };
    if !app.offered.contains(&path) {
        return refuse("only the rules files on offer can be saved");
    }
    match std::fs::write(&path, request.text.as_bytes()) {
        Ok(()) => axum::Json(json!({ "ok": true, "saved": path.display().to_string() })).into_response(),
        Err(e) => refuse(format!("cannot write `{}`: {e}", path.display())),
    }
}
