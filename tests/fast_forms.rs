//! The fast forms the compiler chose (tables for steps, slides, jumps, drops)
//! give exactly the moves of the general core: on every shipped game, at every
//! position of seeded random games, the legal moves of the engine and of the
//! same engine running every rule through the core interpreter agree.

mod common;

use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::notation;

/// Random games per rules file, and the most moves looked at in one game.
const GAMES: u64 = 12;
const PLIES: usize = 160;

fn sorted_names(engine: &Engine, pos: &Position, buf: &mut MoveBuf) -> Vec<String> {
    notation::legal_move_names(engine, pos, buf)
}

/// Compares both engines along seeded random games; returns the positions compared.
fn compare(name: &str, options: &str) -> usize {
    let fast = common::engine(name, options);
    let core = common::engine(name, options).force_core();
    let mut buf = MoveBuf::new();
    let mut compared = 0;
    for seed in 0..GAMES {
        let mut pos = fast.start();
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for ply in 0..PLIES {
            let a = sorted_names(&fast, &pos, &mut buf);
            let b = sorted_names(&core, &pos, &mut buf);
            assert_eq!(
                a, b,
                "{name} {options}: game {seed}, ply {ply}: fast forms and core differ"
            );
            compared += 1;
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
    for game in games {
        let positions = compare(&game, "");
        eprintln!("{game}: {positions} positions");
        assert!(
            positions > GAMES as usize,
            "{game}: only {positions} positions compared"
        );
    }
}
