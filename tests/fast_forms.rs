//! The fast forms the compiler chose (tables for steps, slides, jumps, drops,
//! drops whose target looks at neighbours, moves then placements, drops then
//! turns of blocks, slides with a distance) give exactly the moves of the general core: on every
//! shipped game and every file of `tests/fixtures/fast_forms/`, at every
//! position of seeded random games (until a budget of moves compared per file), the legal moves of the engine and of the
//! same engine running every rule through the core interpreter agree. Every
//! fast form is exercised.

mod common;

use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::notation;

/// Random games per rules file, and the most moves looked at in one game.
const GAMES: u64 = 12;
const PLIES: usize = 160;
/// The most legal moves compared per rules file: games whose turns combine
/// many actions (Connect6's two stones, some 130,000 moves a turn) stop after
/// fewer plies.
const MOVES_COMPARED: usize = 2_000_000;
/// How often (in plies) the positions every move leads to are compared too.
const RESULTS_EVERY: usize = 3;
/// The most moves of one position whose results are compared.
const RESULTS_PER_POSITION: usize = 24;

fn sorted_names(engine: &Engine, pos: &Position, buf: &mut MoveBuf) -> Vec<String> {
    notation::legal_move_names(engine, pos, buf)
}

/// Each legal move with the position it leads to (as text, so that what the
/// notation does not show, such as pieces turned over, is compared too),
/// sorted.
fn moves_and_results(engine: &Engine, pos: &Position, buf: &mut MoveBuf) -> Vec<(String, String)> {
    engine.legal_moves(pos, buf);
    let mut moves: Vec<(String, usize)> = buf
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| (notation::format(engine, m), i))
        .collect();
    moves.sort();
    // At most RESULTS_PER_POSITION moves, spread over the sorted list.
    let step = moves.len().div_ceil(RESULTS_PER_POSITION).max(1);
    moves
        .iter()
        .step_by(step)
        .map(|(name, i)| {
            let mut next = pos.clone();
            engine.play_chosen(&mut next, buf, *i);
            (
                name.clone(),
                rulebook::position_text::write_generic(engine, &next),
            )
        })
        .collect()
}

/// Compares both engines along seeded random games; returns the positions compared.
fn compare(name: &str, options: &str) -> usize {
    compare_engines(
        &format!("{name} {options}"),
        common::engine(name, options),
        common::engine(name, options).force_core(),
    )
}

/// Compares `fast` with `core` (the same game, `name` in messages) along
/// seeded random games.
fn compare_engines(name: &str, fast: Engine, core: Engine) -> usize {
    let mut buf = MoveBuf::new();
    let mut compared = 0;
    let mut moves_compared = 0;
    'games: for seed in 0..GAMES {
        let mut pos = fast.start();
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for ply in 0..PLIES {
            let a = sorted_names(&fast, &pos, &mut buf);
            let b = sorted_names(&core, &pos, &mut buf);
            assert_eq!(a, b, "{name}: game {seed}, ply {ply}: fast forms and core differ");
            if ply % RESULTS_EVERY == 0 {
                assert_eq!(
                    moves_and_results(&fast, &pos, &mut buf),
                    moves_and_results(&core, &pos, &mut buf),
                    "{name}: game {seed}, ply {ply}: fast forms and core lead to different positions"
                );
            }
            compared += 1;
            moves_compared += a.len();
            if moves_compared > MOVES_COMPARED {
                break 'games;
            }
            if a.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let pick = &a[(rng % a.len() as u64) as usize];
            let mv = notation::parse(&fast, &pos, pick, &mut buf).expect("listed moves parse");
            fast.play_unchecked(&mut pos, mv.as_ref());
        }
    }
    compared
}

#[test]
fn every_shipped_game_gives_the_same_moves_by_fast_forms_and_by_the_core() {
    let dir = format!("{}/games", env!("CARGO_MANIFEST_DIR"));
    let mut games: Vec<String> = std::fs::read_dir(&dir)
        .expect("games/")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    games.sort();
    assert!(games.len() >= 3);
    let mut forms = std::collections::BTreeSet::new();
    for game in games {
        forms.extend(common::engine(&game, "").forms());
        let positions = compare(&game, "");
        eprintln!("{game}: {positions} positions");
        assert!(
            positions > GAMES as usize,
            "{game}: only {positions} positions compared"
        );
    }
    for form in [
        "drop by neighbour tables",
        "move then place",
        "drop flipping",
        "arrival in a region",
        "drop turning",
        "distance slide",
    ] {
        assert!(forms.contains(form), "no shipped game uses `{form}`: {forms:?}");
    }
}

#[test]
fn fixtures_give_the_same_moves_by_fast_forms_and_by_the_core() {
    let dir = format!("{}/tests/fixtures/fast_forms", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/fixtures/fast_forms/")
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let name = path.display().to_string();
        let forms = common::engine_of(&text).forms();
        let positions = compare_engines(
            &name,
            common::engine_of(&text),
            common::engine_of(&text).force_core(),
        );
        eprintln!("{name}: {positions} positions, forms {forms:?}");
        assert!(
            positions > GAMES as usize,
            "{name}: only {positions} positions compared"
        );
        if name.ends_with("turns.rules") {
            assert_eq!(forms, ["hop", "core", "core", "core", "drop turning"], "{name}");
        }
        if name.ends_with("/distances.rules") {
            let slides = ["distance slide", "distance slide", "core", "core"];
            assert_eq!(
                forms, slides,
                "{name}: the plain distance slides have their fast form"
            );
        }
        if name.ends_with("ring-distances.rules") {
            assert_eq!(forms, ["distance slide", "distance slide"], "{name}");
        }
        if name.ends_with("flips.rules") {
            assert_eq!(forms, ["drop flipping"], "{name} has its fast form");
        }
        if name.ends_with("moves-then-places.rules") {
            assert_eq!(
                forms,
                [
                    "move then place",
                    "move then place",
                    "move then place",
                    "drop by neighbour tables"
                ],
                "every rule of {name} has its fast form"
            );
        }
    }
}
