//! The routes on their own (no socket): work done off the lock, within its
//! budget, and files kept in their folders.

use std::time::Duration;

use axum::body::{Bytes, to_bytes};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use serde_json::{Value, json};

use super::*;
use crate::web::work::Jobs;

/// Rules whose moves never finish being listed: the ways of a repeated
/// group grow without end.
const RUNAWAY: &str = "game \"Runaway\"\nplayers A, B\nboard grid files a..c ranks 1..1\n\
                       directions line = e, w\npiece S letter S { move go: (go (e, w))*, land }\n\
                       setup { A: S at a1 }\nend { no move: draw }\n";

/// A small game (two stones that step to and fro).
const GAME: &str = include_str!("../../tests/fixtures/endless.rules");

/// A server showing [`GAME`], its jobs given up after `budget`.
fn server(budget: Duration) -> Shared {
    let game = session::load(None, SourceFile::new("endless.rules", GAME), Vec::new()).expect("valid");
    let mut app = App::new(Vec::new());
    app.jobs = Jobs::new(2, budget);
    app.set_game(session::ready(game).expect("its moves are listed"));
    Arc::new(Mutex::new(app))
}

async fn answer(response: Response) -> (StatusCode, Value) {
    let status = response.status();
    let bytes = to_bytes(response.into_body(), usize::MAX).await.expect("a body");
    (status, serde_json::from_slice(&bytes).expect("JSON"))
}

fn text_body(text: &str) -> Bytes {
    Bytes::from(json!({ "text": text }).to_string())
}

async fn title(shared: &Shared) -> Value {
    let (status, value) =
        answer(state(State(shared.clone()), Query(StateQuery { turned: None })).await).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    value["game"]["title"].clone()
}

/// Runs `test` on the server's own runtime (its threads' stacks are those
/// of the server), leaving any job that ran away to the end of the process.
fn on_the_runtime<F: std::future::Future<Output = ()>>(test: F) {
    let runtime = crate::web::runtime().expect("a runtime");
    runtime.block_on(test);
    runtime.shutdown_background();
}

#[test]
fn rules_that_run_away_are_refused_and_the_game_stays() {
    on_the_runtime(runaway_rules());
}

async fn runaway_rules() {
    let shared = server(Duration::from_secs(60));
    let (status, refused) = answer(reload(State(shared.clone()), text_body(RUNAWAY)).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let message = refused["error"].as_str().unwrap_or_default();
    assert!(
        message.contains("rules::cli::move_budget") && message.contains("the rule `go` of `S`"),
        "{message}"
    );
    assert_eq!(title(&shared).await, json!("Endless"));
}

#[test]
fn work_that_waits_holds_up_no_one_and_is_given_up_within_the_budget() {
    on_the_runtime(work_that_waits());
}

async fn work_that_waits() {
    let shared = server(Duration::from_secs(1));
    let jobs = Jobs::new(1, Duration::from_secs(1));
    lock(&shared).jobs = jobs.clone();
    // The only place for work is taken by a job the test holds.
    let (started, has_started) = std::sync::mpsc::channel::<()>();
    let (release, held) = std::sync::mpsc::channel::<()>();
    let holder = tokio::spawn(async move {
        let job = move || {
            let _ = started.send(());
            let _ = held.recv();
            Ok(())
        };
        jobs.run("holding the place", job).await
    });
    tokio::task::spawn_blocking(move || has_started.recv())
        .await
        .unwrap()
        .unwrap();
    let loading = tokio::spawn(reload(State(shared.clone()), text_body(GAME)));
    tokio::task::yield_now().await;
    // While the reload waits for a place, the page is served (before, a
    // load held the lock while it worked: this waited for it).
    let served = tokio::time::timeout(Duration::from_secs(60), title(&shared)).await;
    assert_eq!(served.expect("the state is served"), json!("Endless"));
    let (status, refused) = answer(loading.await.expect("the request ends")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let message = refused["error"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("loading the rules could not start within 1 s"),
        "{message}"
    );
    // The holder, too, was given up after its budget; its job ends now.
    assert!(holder.await.unwrap().is_err());
    release.send(()).unwrap();
}

#[test]
fn rules_are_saved_only_within_their_folder() {
    on_the_runtime(saved_within_the_folder());
}

async fn saved_within_the_folder() {
    let root = std::env::temp_dir().join(format!("rulebook-save-rules-{}", std::process::id()));
    let served = root.join("games");
    std::fs::create_dir_all(&served).unwrap();
    let outside = root.join("elsewhere.rules");
    std::fs::write(&outside, "kept").unwrap();
    let link = served.join("link.rules");
    std::os::unix::fs::symlink(&outside, &link).unwrap();
    let shared = server(Duration::from_secs(20));
    {
        let mut app = lock(&shared);
        app.offered = vec![link.clone()];
        app.game.as_mut().expect("a game").file = Some(link.clone());
    }
    let (status, refused) = answer(save_rules(State(shared.clone()), text_body(GAME)).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        refused["error"]
            .as_str()
            .unwrap_or_default()
            .contains("outside its folder"),
        "{refused}"
    );
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "kept");
    // Opening it is refused as well.
    let (status, _) = answer(open(State(shared.clone()), Bytes::from(r#"{"index":0}"#)).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn the_program_strength_is_chosen_from_the_offered_ones() {
    on_the_runtime(strength_chosen());
}

async fn strength_chosen() {
    let shared = server(Duration::from_secs(10));
    let sides = |body: Value| sides(State(shared.clone()), Bytes::from(body.to_string()));
    let (status, _) =
        answer(sides(json!({ "programs": [false, false], "strength": "mcts:3000" })).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(lock(&shared).strength, "mcts:3000");
    let (status, value) =
        answer(sides(json!({ "programs": [false, false], "strength": "mcts:99999999" })).await).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{value}");
    assert_eq!(
        lock(&shared).strength,
        "mcts:3000",
        "a refused strength changes nothing"
    );
    let state = state_json(&lock(&shared));
    assert_eq!(state["game"]["strength"], "mcts:3000");
    let offered = state["strengths"].as_array().expect("the strengths");
    assert_eq!(offered.len(), agent::STRENGTHS.len());
    // Every strength the page offers reads as a tree search.
    for (spec, _) in agent::STRENGTHS {
        assert!(agent::program(1, spec).is_ok(), "{spec}");
    }
}

#[test]
fn another_game_starts_with_people_on_every_side() {
    let shared = server(Duration::from_secs(10));
    let mut app = lock(&shared);
    app.programs = vec![false, true];
    // The same game again keeps the program's side.
    let again = session::load(None, SourceFile::new("endless.rules", GAME), Vec::new()).expect("valid");
    app.set_game(session::ready(again).expect("ready"));
    assert_eq!(app.programs, [false, true]);
    // Another file's game does not.
    let other = session::load(
        Some(std::path::PathBuf::from("other.rules")),
        SourceFile::new("other.rules", GAME),
        Vec::new(),
    )
    .expect("valid");
    app.set_game(session::ready(other).expect("ready"));
    assert_eq!(app.programs, [false, false]);
}

#[test]
fn the_editor_gets_problems_and_token_classes_in_utf16_units() {
    let text = "// ✕ marks\ngame \"G\"\nplayers A, B\nboard grid files a..c ranks 1..3\n\
                piece Stone letter S { drop: onto empty and in hom }\nsupply Stone\nend { no move: draw }\n";
    let answer = diagnostics(text);
    assert_eq!(answer["ok"], false);
    let problem = &answer["problems"][0];
    assert_eq!(problem["code"], "rules::compile::unknown_region");
    let units: Vec<u16> = text.encode_utf16().collect();
    let at = |v: &Value| v.as_u64().expect("a number") as usize;
    assert_eq!(
        String::from_utf16_lossy(&units[at(&problem["from"])..at(&problem["to"])]),
        "hom"
    );
    let tokens = answer["tokens"].as_array().expect("tokens");
    let class_of = |word: &str| {
        tokens
            .iter()
            .find(|t| String::from_utf16_lossy(&units[at(&t["from"])..at(&t["to"])]) == word)
            .map(|t| t["class"].clone())
    };
    assert_eq!(class_of("Stone"), Some(json!("piece")));
    assert_eq!(class_of("onto"), Some(json!("keyword")));
    assert_eq!(class_of("// ✕ marks"), Some(json!("comment")));
    assert_eq!(class_of("\"G\""), Some(json!("string")));
}

#[test]
fn slow_checks_hold_up_no_move_and_a_huge_move_is_refused_at_once() {
    on_the_runtime(moves_apart_from_checks());
}

async fn moves_apart_from_checks() {
    let shared = server(Duration::from_secs(60));
    // Both places for checks and loads are taken by jobs the test holds, as
    // two slow checks of huge files would take them.
    let jobs = lock(&shared).jobs.clone();
    let (started, have_started) = std::sync::mpsc::channel::<()>();
    let (release, held) = std::sync::mpsc::channel::<()>();
    let held = Arc::new(Mutex::new(held));
    for _ in 0..2 {
        let (jobs, started, held) = (jobs.clone(), started.clone(), held.clone());
        tokio::spawn(async move {
            let job = move || {
                let _ = started.send(());
                let _ = held.lock().map(|h| h.recv());
                Ok(())
            };
            jobs.run("checking the rules", job).await
        });
    }
    tokio::task::spawn_blocking(move || {
        have_started.recv().unwrap();
        have_started.recv().unwrap();
    })
    .await
    .unwrap();
    let play_body = |text: &str| Bytes::from(json!({ "move": text }).to_string());
    let (status, value) = answer(play(State(shared.clone()), play_body("a1-b1")).await).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    // A megabyte is no move: refused before it is read (it took minutes).
    let huge = "a1-".repeat(350_000);
    let (status, value) = answer(play(State(shared.clone()), play_body(&huge)).await).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{value}");
    let message = value["error"].as_str().unwrap_or_default();
    assert!(message.contains("a move is at most 4 KiB of text"), "{message}");
    assert_eq!(
        lock(&shared).game.as_ref().map(|g| g.session.played().len()),
        Some(1)
    );
    for _ in 0..2 {
        release.send(()).unwrap();
    }
}
