//! The page's files and its JSON interface.
//!
//! Reads: `GET /api/state` (the board as SVG, the moves, the legal moves as
//! clicks see them), `/api/rules`, `/api/record`. Writes (JSON bodies):
//! `open`, `play`, `undo`, `sides`, `check`, `reload`, `save-rules`,
//! `record`. A refused write answers 400 with `{"error": …}`, worded as the
//! CLI words it (413 for a move longer than [`session::MAX_MOVE`]); a state
//! that could not be worked out within the budget, 503 with `{"error": …}`.
//!
//! The lock on the shared [`App`] is held for quick steps only: what takes
//! work — compiling rules, listing moves, reading a move, replaying a
//! record, the program's search — runs off it, within the budget of
//! [`super::work::Jobs`], so that no request waits for another's work.

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
use super::session::{self, App, Thinking};
use super::view::View;
use super::{folder, guard, listen};
use rulebook::diag::{Severity, SourceFile};
use rulebook::engine::Engine;
use rulebook::render;

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
        .layer(middleware::from_fn(listen::deadline))
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

/// A request whose text is too large to be what it says it is.
fn too_large(message: impl Into<String>) -> Response {
    (
        StatusCode::PAYLOAD_TOO_LARGE,
        axum::Json(json!({ "error": message.into() })),
    )
        .into_response()
}

/// A state that could not be worked out (within the budget).
fn unavailable(message: impl Into<String>) -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
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
    let (mut value, pending, picture, jobs) = {
        let mut app = lock(&shared);
        let picture = app.game.as_ref().map(|g| {
            let last = g
                .session
                .played()
                .last()
                .map(|(_, mv)| render::move_cells(mv.as_ref()))
                .unwrap_or_default();
            (g.session.engine_arc(), g.position().clone(), last)
        });
        (state_json(&app), app.view(), picture, app.views())
    };
    let (Some(pending), Some((engine, pos, last))) = (pending, picture) else {
        return axum::Json(value).into_response();
    };
    let view = match jobs.wait("listing the moves", pending).await {
        Ok(view) => view,
        Err(e) => return unavailable(e),
    };
    let turned = q.turned.unwrap_or(false);
    let drawn = tokio::task::spawn_blocking(move || {
        let options = render::Options {
            turned,
            last,
            ..render::Options::default()
        };
        render::svg(&engine, &pos, &options)
    });
    let Ok(svg) = drawn.await else {
        return unavailable("drawing the board failed");
    };
    add_view(&mut value["game"], &view, svg);
    axum::Json(value).into_response()
}

/// Everything the page shows but what takes work (see [`add_view`]).
fn state_json(app: &App) -> Value {
    let games: Vec<Value> = app
        .offered
        .iter()
        .zip(&app.titles)
        .map(|(p, title)| json!({ "title": title, "file": p.display().to_string() }))
        .collect();
    let strengths: Vec<Value> = agent::STRENGTHS
        .iter()
        .map(|(spec, name)| json!({ "spec": spec, "name": name }))
        .collect();
    let Some(game) = &app.game else {
        return json!({ "games": games, "current": null, "game": null, "strengths": strengths });
    };
    let current = app.offered.iter().position(|p| Some(p) == game.file.as_ref());
    let engine = game.session.engine();
    let players = &engine.game().players;
    let mover = engine.mover(game.position());
    let moves: Vec<Value> = game
        .session
        .played()
        .iter()
        .enumerate()
        .map(|(i, (text, _))| {
            json!({ "n": i + 1, "player": players[game.session.mover_after(i).index()], "text": text })
        })
        .collect();
    let thinking = app.thinking.as_ref().map(|t| {
        json!({ "player": players[mover.index()], "progress": t.progress.get(), "by": agent::PROGRAM_NAME })
    });
    let program_moves = app.programs.get(mover.index()).copied().unwrap_or(false);
    json!({
        "games": games,
        "strengths": strengths,
        "current": current,
        "game": {
            "title": engine.game().title,
            "file": game.file.as_ref().map(|f| f.display().to_string()),
            "players": players,
            "programs": app.programs,
            "strength": app.strength,
            "thought": app.thought,
            "to_move": players[mover.index()],
            "in_check": engine.in_check(game.position(), mover),
            "program_moves": program_moves,
            "moves": moves,
            "thinking": thinking,
            "problem": app.problem,
            "generation": app.generation,
        }
    })
}

/// Adds to the state of a game what took work: its status, its legal
/// moves (when a person is to move) and the board.
fn add_view(game: &mut Value, view: &View, svg: String) {
    let program_moves = game["program_moves"].as_bool().unwrap_or(false);
    let legal = if program_moves { &[][..] } else { &view.legal[..] };
    if !view.ongoing {
        game["to_move"] = Value::Null;
    }
    game["status"] = json!(view.word);
    game["result"] = json!(view.result);
    game["reason"] = json!(view.reason);
    game["legal"] = json!(legal);
    game["pass"] = json!(legal.iter().any(|m| m.text == "pass"));
    game["svg"] = json!(svg);
}

async fn rules(State(shared): State<Shared>) -> Response {
    let app = lock(&shared);
    match &app.game {
        Some(g) => axum::Json(json!({ "name": g.session.source().name, "text": g.session.source().text }))
            .into_response(),
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
    let (jobs, file, source) = {
        let app = lock(&shared);
        match &app.game {
            Some(g) => (app.jobs.clone(), g.file.clone(), g.session.source_arc()),
            None => return refuse("no game is loaded"),
        }
    };
    let replayed = jobs
        .run("replaying the record", move || {
            session::replay(file, &source, &request.text)
        })
        .await;
    let result = replayed.map(|game| lock(&shared).set_game(game));
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
    let (jobs, path) = {
        let app = lock(&shared);
        (app.jobs.clone(), app.offered.get(request.index).cloned())
    };
    let Some(path) = path else {
        return refuse(format!("there is no game number {} on offer", request.index));
    };
    let what = format!("opening `{}`", path.display());
    let opened = jobs.run(&what, move || session::open(&path)).await;
    let result = opened.map(|game| lock(&shared).set_game(game));
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
    if request.text.len() > session::MAX_MOVE {
        return too_large(format!(
            "a move is at most {} KiB of text; this one is {} KiB",
            session::MAX_MOVE / 1024,
            request.text.len() / 1024
        ));
    }
    let (jobs, engine, source, pos, generation) = {
        let app = lock(&shared);
        let Some(g) = &app.game else {
            return refuse("no game is loaded");
        };
        let mover = g.session.mover().index();
        if app.programs.get(mover).copied().unwrap_or(false) {
            return refuse("it is the program's turn: wait for its move");
        }
        (
            app.moves.clone(),
            g.session.engine_arc(),
            g.session.source_arc(),
            g.position().clone(),
            app.generation,
        )
    };
    let text = request.text.trim().to_string();
    let read = {
        let text = text.clone();
        jobs.run("reading the move", move || {
            // An engine of its own, whose budget no other work can spend.
            session::parse_move(&Engine::clone(&engine), &pos, &text, &source)
        })
        .await
    };
    let result = read.and_then(|mv| {
        let mut app = lock(&shared);
        if app.generation != generation {
            return Err("the game changed while the move was read: look again".to_string());
        }
        app.game.as_mut().ok_or("no game is loaded")?.session.push(mv);
        app.changed();
        Ok(())
    });
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
    /// One of [`agent::STRENGTHS`]; unchanged when absent.
    #[serde(default)]
    strength: Option<String>,
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
        } else if let Some(strength) = request
            .strength
            .as_ref()
            .filter(|s| !agent::STRENGTHS.iter().any(|(spec, _)| spec == s))
        {
            Err(format!("`{strength}` is not a strength the page offers"))
        } else {
            app.programs = request.programs;
            if let Some(strength) = request.strength {
                app.strength = strength;
            }
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

/// Starts the program's move in a task of its own when it is to move: it
/// waits for the view of the position (off the lock), then searches on a
/// thread of its own until done or told to stop ([`App::changed`]).
fn think(shared: &Shared) {
    let mut app = lock(shared);
    if app.thinking.is_some() {
        return;
    }
    let Some(game) = &app.game else { return };
    let engine = game.session.engine_arc();
    let pos = game.position().clone();
    if !app
        .programs
        .get(engine.mover(&pos).index())
        .copied()
        .unwrap_or(false)
    {
        return;
    }
    let Some(pending) = app.view() else { return };
    let progress = Arc::new(Progress::default());
    let generation = app.generation;
    app.seed += 1;
    let seed = app.seed;
    let strength = app.strength.clone();
    app.thinking = Some(Thinking {
        progress: progress.clone(),
    });
    let views = app.views();
    drop(app);
    let shared = shared.clone();
    tokio::spawn(async move {
        tokio::time::sleep(PROGRAM_PAUSE).await;
        let ongoing = views
            .wait("listing the moves", pending)
            .await
            .is_ok_and(|view| view.ongoing);
        let chosen = if ongoing && !progress.cancelled() {
            // An engine of its own, whose budget no other work can spend.
            let (engine, progress) = ((*engine).clone(), progress.clone());
            tokio::task::spawn_blocking(move || {
                let chosen = agent::program(seed, &strength)?.choose(&engine, &pos, &progress);
                session::within_budget(&engine).map(|()| chosen)
            })
            .await
            .unwrap_or_else(|_| Err("the program's search failed".to_string()))
        } else {
            Ok(None)
        };
        {
            let mut app = lock(&shared);
            if app.generation != generation {
                return;
            }
            app.thinking = None;
            let chosen = chosen.unwrap_or_else(|problem| {
                app.problem = Some(format!("the program could not choose a move: {problem}"));
                None
            });
            let (Some((mv, thought)), Some(game)) = (chosen, app.game.as_mut()) else {
                return;
            };
            game.session.push(mv);
            app.generation += 1;
            app.thought = thought.map(|t| rulebook::describe::thought::summary(&engine, &t));
        }
        think(&shared);
    });
}

async fn check(State(shared): State<Shared>, bytes: Bytes) -> Response {
    let request: Text = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return refuse(e),
    };
    if let Err(e) = session::check_text(&request.text, "rules file") {
        return refuse(e);
    }
    let jobs = lock(&shared).jobs.clone();
    match jobs
        .run("checking the rules", move || Ok(diagnostics(&request.text)))
        .await
    {
        Ok(problems) => axum::Json(problems).into_response(),
        Err(e) => refuse(e),
    }
}

/// The problems of a rules text as the editor shows them: UTF-16 offsets
/// (as JavaScript counts), message, label, help, code; and the class of
/// every token, for highlighting (what `rulebook lsp` knows of the names).
fn diagnostics(text: &str) -> Value {
    let source = SourceFile::new("rules", text.to_string());
    let doc = rulebook::ide::Document::new("rules", text);
    let utf16 = |byte: usize| text[..byte.min(text.len())].encode_utf16().count();
    let errors = doc.problems.iter().any(|p| p.severity == Severity::Error);
    let list: Vec<Value> = doc
        .problems
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
    // Tokens come in order: count UTF-16 units as the text is walked once.
    let (mut byte, mut unit) = (0, 0);
    let mut to_unit = |at: usize| {
        unit += text[byte..at].encode_utf16().count();
        byte = at;
        unit
    };
    let tokens: Vec<Value> = doc
        .classes()
        .into_iter()
        .map(|(span, class)| {
            let from = to_unit(span.start);
            let to = to_unit(span.end);
            json!({ "from": from, "to": to, "class": class.word().replace(' ', "-") })
        })
        .collect();
    json!({ "ok": !errors, "problems": list, "tokens": tokens })
}

async fn reload(State(shared): State<Shared>, bytes: Bytes) -> Response {
    let request: Text = match body(&bytes) {
        Ok(r) => r,
        Err(e) => return refuse(e),
    };
    let (jobs, file, name) = {
        let app = lock(&shared);
        match &app.game {
            Some(g) => (app.jobs.clone(), g.file.clone(), g.session.source().name.clone()),
            None => (app.jobs.clone(), None, "rules".to_string()),
        }
    };
    let compiled = jobs
        .run("loading the rules", move || {
            session::load(file, SourceFile::new(name, request.text), Vec::new()).and_then(session::ready)
        })
        .await;
    let result = compiled.map(|game| lock(&shared).set_game(game));
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
    let path = {
        let app = lock(&shared);
        let Some(path) = app.game.as_ref().and_then(|g| g.file.clone()) else {
            return refuse("this game has no file to save to");
        };
        if !app.offered.contains(&path) {
            return refuse("only the rules files on offer can be saved");
        }
        path
    };
    let real = match folder::resolve(&path) {
        Ok(real) => real,
        Err(e) => return refuse(e),
    };
    match std::fs::write(&real, request.text.as_bytes()) {
        Ok(()) => axum::Json(json!({ "ok": true, "saved": path.display().to_string() })).into_response(),
        Err(e) => refuse(format!("cannot write `{}`: {e}", path.display())),
    }
}

#[cfg(test)]
#[path = "routes_tests.rs"]
mod tests;
