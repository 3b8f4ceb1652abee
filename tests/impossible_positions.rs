//! Positions as text that no game under the rules could reach are refused,
//! each saying what is wrong, unless the text starts with `unchecked`; every
//! position of the vector files, of the shipped games' own texts and of
//! random games reads (checked). Numbers beyond what a text may give are
//! refused instead of being read as something else.

mod common;

use rulebook::position_text::{self, UNCHECKED};

/// The reason a text is refused for a game.
fn refused(game: &str, text: &str) -> String {
    let engine = common::engine(game, "");
    let e = position_text::read(&engine, text).expect_err(text);
    // The same text loads when it says it is not to be checked, unless it
    // does not read at all.
    e.0
}

/// Asserts that `text` is refused for `game` with a reason containing
/// `says`, and that it loads with the `unchecked` word.
fn impossible(game: &str, text: &str, says: &str) {
    let reason = refused(game, text);
    assert!(
        reason.contains(says),
        "{game}: `{text}`: `{reason}` should say `{says}`"
    );
    let engine = common::engine(game, "");
    position_text::read(&engine, &format!("{UNCHECKED} {text}"))
        .unwrap_or_else(|e| panic!("{game}: unchecked `{text}`: {e}"));
    position_text::read_unchecked(&engine, text).unwrap_or_else(|e| panic!("{game}: `{text}`: {e}"));
}

#[test]
fn more_royal_pieces_than_the_rules_make() {
    impossible(
        "chess",
        "k7/8/8/8/8/8/8/KK5R w - - 0 1",
        "White has 2 King pieces (on the board, in hand or in the pool), but the rules never give more than the 1 of the start",
    );
}

#[test]
fn no_royal_piece_where_the_rules_never_take_one() {
    impossible(
        "chess",
        "8/8/8/8/8/8/8/K6R w - - 0 1",
        "Black has 0 King pieces on the board, but starts with 1",
    );
    impossible(
        "minishogi",
        "5/5/5/5/K4 b - 1",
        "Gote has 0 King pieces on the board",
    );
}

#[test]
fn the_player_who_moved_last_in_check() {
    // Black's king is attacked with White to move: White would take it.
    impossible(
        "chess",
        "k6R/8/8/8/8/8/8/K7 w - - 0 1",
        "Black's King on a8 is attacked by White, but White is to move",
    );
    impossible(
        "minishogi",
        "rbsgk/5/5/5/KGSBR w P 2",
        "Sente's King on a1 is attacked by Gote, but Gote is to move",
    );
}

#[test]
fn more_pieces_than_the_start_gives() {
    // Ten men for White where the start has nine.
    impossible(
        "nine-mens-morris",
        "M2/3/3/6/3/3/3 b ply:1 hand:9M9m",
        "White has 10 Man pieces (on the board, in hand or in the pool), but the rules never give more than the 9 of the start",
    );
    // Seventeen pieces among pawns and the pieces they promote to.
    impossible(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/Q7/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        "White has 16 pieces among",
    );
}

#[test]
fn a_piece_in_hand_where_the_rules_never_put_one() {
    impossible(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w ply:0 hand:P",
        "White has Pawn in hand, but no rule ever puts one there",
    );
}

#[test]
fn a_piece_where_it_would_have_promoted() {
    impossible(
        "chess",
        "P6k/8/8/8/8/8/8/K7 w - - 0 1",
        "the Pawn on a8 would have promoted (to a Queen, Rook, Bishop or Knight) on arriving there",
    );
    // Promotion is optional in minishogi, but a pawn on the far rank could
    // never move again: it must promote there (and cannot be dropped there).
    impossible(
        "minishogi",
        "rbsPk/5/5/5/KGSBR w - 2",
        "the Pawn on d5 would have promoted (to a Tokin) on arriving there: it could never move on from there",
    );
    impossible(
        "international-draughts",
        "10/10/10/10/10/5M4/10/10/10/9m w ply:0",
        "the Man on j1 would have promoted (to a King)",
    );
}

#[test]
fn counts_and_move_numbers_beyond_what_a_text_may_give_are_refused() {
    let reason = refused(
        "chivalry",
        "1q1q1q1q/8/8/8/8/8/8/Q1Q1Q1Q1 w ply:0 hand:9223372036854775808P5p",
    );
    assert!(
        reason.contains("pieces in hand: `9223372036854775808` is no count from 0 to 4294967295"),
        "{reason}"
    );
    let reason = refused(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 4294967295",
    );
    assert!(
        reason.contains("the move number 4294967295 is beyond the largest, 2147483648"),
        "{reason}"
    );
    let reason = refused("go", &format!("{} b ply:4294967296", ["19"; 19].join("/")));
    assert!(
        reason.contains("is no number of moves from 0 to 4294967295"),
        "{reason}"
    );
    let reason = refused("tic-tac-toe", "99999999999999999999/3/3 x");
    assert!(reason.contains("row 1 has more than 3 cells"), "{reason}");
    // The largest move number reads and writes back as itself.
    let engine = common::engine("chess", "");
    let last = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2147483648";
    let pos = position_text::read(&engine, last).expect("the largest move number");
    assert_eq!(position_text::write(&engine, &pos), last);
}

#[test]
fn every_position_of_the_vector_files_reads() {
    let dir = format!("{}/tests/data", env!("CARGO_MANIFEST_DIR"));
    let mut read = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/data") {
        let path = entry.expect("an entry").path();
        let file = path.file_name().expect("a name").to_string_lossy().into_owned();
        let game = file.split('.').next().expect("a game");
        let text = std::fs::read_to_string(&path).expect("readable");
        let mut lines = text.lines();
        let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
        let (Some(options), Some(position)) = (
            header.iter().position(|h| *h == "options"),
            header.iter().position(|h| *h == "position"),
        ) else {
            continue;
        };
        for line in lines {
            let cells: Vec<&str> = line.split('\t').collect();
            let text = cells.get(position).copied().unwrap_or_default();
            if text.is_empty() {
                continue;
            }
            let engine = common::engine(game, &cells[options].replace(',', " "));
            position_text::read(&engine, text).unwrap_or_else(|e| panic!("{file}: `{text}`: {e}"));
            read += 1;
        }
    }
    assert!(read >= 5, "only {read} positions found");
}

#[test]
fn a_castling_right_without_its_rook_is_refused() {
    // White keeps the right to castle short, but h1 is empty; and on the
    // other side the rook stands, so that right alone reads.
    let reason = refused("chess", "r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1");
    assert!(
        reason.contains("the right `K` needs a piece that has not moved on h1"),
        "{reason}"
    );
    let engine = common::engine("chess", "");
    position_text::read(&engine, "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1").expect("the rook of a1 is there");
}

#[test]
fn more_pieces_than_the_moves_made_could_bring_in() {
    // Three moves: the first player has made two, so has at most two marks.
    impossible(
        "tic-tac-toe",
        "XXX/3/3 o ply:3",
        "X has 3 Cross pieces (on the board, in hand or in the pool), but the start gives 0 and 2 moves of X bring in at most 2 more",
    );
    // Without a move number, the text stands for the first move at which
    // the pieces could be there.
    let engine = common::engine("tic-tac-toe", "");
    let pos = position_text::read(&engine, "XXX/oo1/3 o").expect("five moves made");
    assert_eq!(position_text::write(&engine, &pos), "XXX/oo1/3 o ply:5");
    let pos = position_text::read(&engine, "3/3/3 x").expect("the start");
    assert_eq!(position_text::write(&engine, &pos), "3/3/3 x ply:0");
}

#[test]
fn a_group_without_a_liberty_where_every_move_captures_or_is_refused() {
    // White's a4 stone has no empty neighbour.
    let engine = common::engine("go", "size=5");
    let reason = position_text::read(&engine, "Ss3/s4/5/5/5 w").expect_err("a5/a4 without liberties");
    assert!(
        reason.0.contains("the group on a5 has no liberty"),
        "{}",
        reason.0
    );
    position_text::read(&engine, &format!("{UNCHECKED} Ss3/s4/5/5/5 w")).expect("unchecked");
    position_text::read(&engine, "Ss3/1s3/5/5/5 w").expect("every group has a liberty");
    // Where a rule can leave a group without liberties, such a text reads:
    // here pieces are dropped without any capture.
    let plain = common::engine("tic-tac-toe", "");
    position_text::read(&plain, "Xo1/o2/3 x ply:4").expect("no liberties in tic-tac-toe");
}

#[test]
fn a_text_set_up_unchecked_is_written_so_that_it_reads_back() {
    let engine = common::engine("chess", "");
    let text = "k6R/8/8/8/8/8/8/K7 w - - 0 1";
    let pos = position_text::read(&engine, &format!("{UNCHECKED} {text}")).expect("unchecked");
    let written = position_text::write_readable(&engine, &pos);
    assert_eq!(written, format!("{UNCHECKED} {text}"));
    position_text::read(&engine, &written).expect("reads back");
    // A position the rules could reach is written as it is.
    let start = engine.start();
    assert!(!position_text::write_readable(&engine, &start).starts_with(UNCHECKED));
}
