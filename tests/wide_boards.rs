//! Grids wider than 26 files (`a`…`z`, then `aa`, `ab`, …): the board of
//! `tests/fixtures/wide.rules` (30 files, 3 ranks, rooks; a rook on files
//! `z..ab` wins) against a brute-force generator written here from the
//! rules, with its own spreadsheet-style names; and the names of the files
//! in regions, short moves, position text and drawings.

mod common;

use std::collections::BTreeSet;

use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::notation;

const FILES: usize = 30;
const RANKS: usize = 3;

fn wide() -> Engine {
    let path = format!("{}/tests/fixtures/wide.rules", env!("CARGO_MANIFEST_DIR"));
    common::engine_of(&std::fs::read_to_string(path).expect("the fixture"))
}

/// The brute force's board: 0 empty, 1 White, 2 Black; cell `rank * FILES + file`.
type Board = Vec<u8>;

fn name(c: usize) -> String {
    let (f, r) = (c % FILES, c / FILES);
    let file = if f < 26 {
        ((b'a' + f as u8) as char).to_string()
    } else {
        format!("a{}", (b'a' + (f - 26) as u8) as char)
    };
    format!("{file}{}", r + 1)
}

/// Whether a rook stands on files z..ab (the 26th to 28th).
fn won(board: &Board) -> bool {
    (0..FILES * RANKS).any(|c| board[c] != 0 && (25..=27).contains(&(c % FILES)))
}

/// Every rook move of `side`, with the board it leaves.
fn brute_moves(board: &Board, side: u8) -> BTreeSet<(String, Board)> {
    let mut out = BTreeSet::new();
    if won(board) {
        return out;
    }
    for from in (0..FILES * RANKS).filter(|&c| board[c] == side) {
        for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let (mut f, mut r) = ((from % FILES) as i32, (from / FILES) as i32);
            loop {
                f += df;
                r += dr;
                if !(0..FILES as i32).contains(&f) || !(0..RANKS as i32).contains(&r) {
                    break;
                }
                let to = r as usize * FILES + f as usize;
                if board[to] == side {
                    break;
                }
                let mut next = board.clone();
                next[to] = side;
                next[from] = 0;
                let sep = if board[to] == 0 { '-' } else { 'x' };
                out.insert((format!("{}{sep}{}", name(from), name(to)), next));
                if board[to] != 0 {
                    break;
                }
            }
        }
    }
    out
}

fn brute_perft(board: &Board, side: u8, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    brute_moves(board, side)
        .iter()
        .map(|(_, next)| brute_perft(next, 3 - side, depth - 1))
        .sum()
}

fn board_of(engine: &Engine, pos: &Position) -> Board {
    (0..FILES * RANKS)
        .map(|c| match common::at(engine, pos, &name(c)).as_str() {
            "" => 0,
            "White R" => 1,
            _ => 2,
        })
        .collect()
}

fn engine_moves(engine: &Engine, pos: &Position, buf: &mut MoveBuf) -> BTreeSet<(String, Board)> {
    common::moves_and_boards(engine, pos, buf, board_of)
}

#[test]
fn cells_are_named_a_to_z_then_aa_to_ad() {
    let engine = wide();
    let names = &engine.game().topology.cell_names;
    assert_eq!(names.len(), FILES * RANKS);
    for (c, got) in names.iter().enumerate() {
        assert_eq!(*got, name(c), "cell {c}");
    }
}

#[test]
fn perft_is_that_of_the_brute_force() {
    let engine = wide();
    let start = board_of(&engine, &engine.start());
    for depth in 1..=3 {
        assert_eq!(
            engine.perft(&engine.start(), depth),
            brute_perft(&start, 1, depth),
            "depth {depth}"
        );
    }
    // Checked by hand: a1 has 29 + 2 moves, y2 has 24 + 5 + 2 (x3 blocks nothing on rank 2).
    assert_eq!(engine.perft(&engine.start(), 1), 62);
}

#[test]
fn the_moves_are_those_of_the_brute_force_along_random_games() {
    let engine = wide();
    let mut buf = MoveBuf::new();
    for seed in 0..10u64 {
        let mut pos = engine.start();
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for ply in 0..30 {
            let side = if ply % 2 == 0 { 1 } else { 2 };
            let board = board_of(&engine, &pos);
            let expected = brute_moves(&board, side);
            assert_eq!(
                engine_moves(&engine, &pos, &mut buf),
                expected,
                "game {seed}, ply {ply}"
            );
            if expected.is_empty() {
                break;
            }
            // Every move read back from its name, and from the position's text.
            let text = rulebook::position_text::write(&engine, &pos);
            let read = rulebook::position_text::read(&engine, &text).expect("its own text");
            assert_eq!(board_of(&engine, &read), board, "{text}");
            for (written, _) in &expected {
                let mv = notation::parse(&engine, &pos, written, &mut buf).expect("its own name");
                assert_eq!(notation::format(&engine, mv.as_ref()), *written);
            }
            common::next_random(&mut rng);
            engine.legal_moves(&pos, &mut buf);
            let i = (rng % buf.moves.len() as u64) as usize;
            engine.play_chosen(&mut pos, &buf, i);
        }
    }
}

#[test]
fn short_forms_name_two_letter_files() {
    let engine = wide();
    // y2-ab2 lands on file ab: a win, and the only move there.
    let pos = common::position(&engine, "Rab2");
    assert_eq!(common::at(&engine, &pos, "ab2"), "White R");
    assert_eq!(common::status(&engine, &pos), "win White");
    // Black's rooks on ad3 and x3 both reach ac3: told apart by their files.
    let pos = common::position(&engine, "a1-a2");
    let mut buf = MoveBuf::new();
    assert_eq!(
        notation::read(&engine, &pos, "Rac3", &mut buf),
        notation::Reading::Ambiguous(vec!["ad3-ac3".into(), "x3-ac3".into()])
    );
    for (short, from) in [("Radac3", "ad3"), ("Rxac3", "x3"), ("ad3ac3", "ad3")] {
        let mv = notation::parse(&engine, &pos, short, &mut buf).expect(short);
        assert_eq!(
            notation::format(&engine, mv.as_ref()),
            format!("{from}-ac3"),
            "{short}"
        );
    }
}

#[test]
fn the_position_text_has_thirty_cells_a_row() {
    let engine = wide();
    let text = rulebook::position_text::write(&engine, &engine.start());
    assert!(text.starts_with("23r5r/24R5/R29 "), "{text}");
}

#[test]
fn drawings_label_the_two_letter_files() {
    let engine = wide();
    let svg = rulebook::render::svg(&engine, &engine.start(), &Default::default());
    let labels: Vec<&str> = svg
        .split("<text")
        .filter_map(|t| t.split_once("</text>").map(|(t, _)| t))
        .filter(|t| t.contains("class=\"label\""))
        .filter_map(|t| t.split_once('>').map(|(_, text)| text.trim()))
        .collect();
    for file in ["a", "z", "aa", "ad", "3"] {
        assert!(labels.contains(&file), "no label {file} in {labels:?}");
    }
    let labels: Vec<String> = (0..FILES)
        .map(|f| {
            let names: Vec<String> = (0..RANKS).map(|r| name(r * FILES + f)).collect();
            rulebook::render::common_label(names.iter().map(String::as_str))
        })
        .collect();
    assert_eq!(labels[26..], ["aa", "ab", "ac", "ad"]);
}

#[test]
fn wider_grids_go_to_zz_and_no_further() {
    let rules = |files: &str| {
        format!(
            "game \"W\"\nplayers A, B\nboard grid files {files} ranks 1..2\npiece S letter S {{ drop: onto empty }}\nsupply S\nend {{ no move: draw }}\n"
        )
    };
    let engine = common::engine_of(&rules("a..zz"));
    let names = &engine.game().topology.cell_names;
    assert_eq!(names.len(), 702 * 2);
    assert_eq!(names[701], "zz1");
    let engine = common::engine_of(&rules("40"));
    assert_eq!(engine.game().topology.cell_names[39], "an1");
    assert_eq!(common::refused(&rules("703")), ["rules::compile::out_of_range"]);
    assert_eq!(common::refused(&rules("a..aaa")), ["rules::compile::bad_board"]);
}
