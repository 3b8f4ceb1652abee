//! Positions as text: for every shipped game, at random positions of seeded
//! random games, the generic text reads back to the same position (same text,
//! same legal moves, same status), and a declared text (FEN, SFEN) reads back
//! to a position that writes the same text.

mod common;

use proptest::prelude::*;
use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::{notation, position_text};

fn shipped_games() -> Vec<String> {
    let dir = format!("{}/games", env!("CARGO_MANIFEST_DIR"));
    let mut games: Vec<String> = std::fs::read_dir(&dir)
        .expect("games/")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    games.sort();
    games
}

/// The position after `plies` random moves chosen by `seed` (or the end of the game).
fn random_position(engine: &Engine, seed: u64, plies: usize) -> Position {
    let mut pos = engine.start();
    let mut buf = MoveBuf::new();
    let mut rng = seed | 1;
    for _ in 0..plies {
        engine.legal_moves(&pos, &mut buf);
        if buf.moves.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let mv = buf.moves.get((rng % buf.moves.len() as u64) as usize).to_move();
        engine.play_unchecked(&mut pos, mv.as_ref());
    }
    pos
}

fn check_round_trip(engine: &Engine, game: &str, pos: &Position) {
    let mut buf = MoveBuf::new();
    let text = position_text::write_generic(engine, pos);
    let back = position_text::read_generic(engine, &text).unwrap_or_else(|e| panic!("{game}: `{text}`: {e}"));
    assert_eq!(
        position_text::write_generic(engine, &back),
        text,
        "{game}: generic text"
    );
    assert_eq!(
        notation::legal_move_names(engine, &back, &mut buf),
        notation::legal_move_names(engine, pos, &mut buf),
        "{game}: `{text}` reads back with other legal moves"
    );
    assert_eq!(
        common::status(engine, &back),
        common::status(engine, pos),
        "{game}: `{text}`: status"
    );
    let declared = position_text::write(engine, pos);
    let again =
        position_text::read(engine, &declared).unwrap_or_else(|e| panic!("{game}: `{declared}`: {e}"));
    assert_eq!(
        position_text::write(engine, &again),
        declared,
        "{game}: declared text"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn every_game_reads_back_the_text_it_writes(seed in any::<u64>(), plies in 0usize..120) {
        for game in shipped_games() {
            let engine = common::engine(&game, "");
            let pos = random_position(&engine, seed, plies);
            check_round_trip(&engine, &game, &pos);
        }
    }
}

#[test]
fn chess_reads_standard_fen_as_published() {
    let engine = common::engine("chess", "");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(position_text::write(&engine, &engine.start()), start);
    // Four fields only (no clocks), as the perft positions are usually given.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    let pos = position_text::read(&engine, kiwipete).expect("Kiwipete reads");
    assert_eq!(position_text::write(&engine, &pos), format!("{kiwipete} 0 1"));
    assert_eq!(engine.perft(&pos, 1), 48);
    // After a double step the en passant field names the crossed cell.
    let after = notation::play_sequence(&engine, "e2-e4").expect("legal");
    assert_eq!(
        position_text::write(&engine, &after),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
}

#[test]
fn minishogi_reads_sfen() {
    let engine = common::engine("minishogi", "");
    assert_eq!(
        position_text::write(&engine, &engine.start()),
        "rbsgk/4p/5/P4/KGSBR b - 1"
    );
    // After a2-a3 e4-e3 e1xe3: Sente holds the pawn it took.
    let pos = position_text::read(&engine, "rbsgk/5/P3R/5/KGSB1 w P 2").expect("SFEN reads");
    assert_eq!(
        engine.reserve(&pos, rulebook::ir::PlayerId(0), common::kind(&engine, "P")),
        1
    );
    assert_eq!(pos, common::position(&engine, "a2-a3 e4-e3 e1xe3"));
}

#[test]
fn a_bad_text_says_what_is_wrong() {
    let engine = common::engine("chess", "");
    let e = position_text::read(&engine, "rnbqkbnr/pppppppp/8/8 w").unwrap_err();
    assert!(e.to_string().contains("8 rows"), "{e}");
    let e = position_text::read(
        &engine,
        "rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
    .unwrap_err();
    assert!(e.to_string().contains("`zppp` is no piece"), "{e}");
}

#[test]
fn three_players_write_the_first_two_by_case_and_the_rest_by_number() {
    let e = common::engine_of(
        "game \"Three\"
         players A, B, C
         board grid files a..c ranks 1..3
         piece Stone letter S { move step: step (n, e, s, w) onto empty }
         setup { A: Stone at a1  B: Stone at b2  C: Stone at c3 }
         end { no move: mover loses }",
    );
    let text = position_text::write(&e, &e.start());
    assert_eq!(text, "2(S3)/1s1/S2 a ply:0");
    let read = position_text::read(&e, &text).expect("the text it writes reads back");
    assert_eq!(position_text::write(&e, &read), text);
    // The numbered forms of the first two players are still read.
    let numbered = position_text::read(&e, "2(S3)/1(S2)1/(S1)2 a ply:0").expect("numbered forms");
    assert_eq!(position_text::write(&e, &numbered), text);
}

/// The position after the legal move `text` at `pos`.
fn played(engine: &Engine, pos: &Position, text: &str) -> Position {
    let mv = notation::parse(engine, pos, text, &mut MoveBuf::new()).expect("a legal move");
    let mut after = pos.clone();
    engine.play_unchecked(&mut after, mv.as_ref());
    after
}

#[test]
fn every_move_number_the_engine_counts_reads_back() {
    let e = common::engine("tic-tac-toe", "");
    for start in [
        "3/3/3 x ply:2147483646",
        "3/3/3 x ply:4294967294",
        "3/3/3 o ply:4294967295",
    ] {
        let mut pos = position_text::read(&e, start).expect("a position");
        for mv in ["b2", "a1"] {
            pos = played(&e, &pos, mv);
            let text = position_text::write(&e, &pos);
            let back = position_text::read(&e, &text).unwrap_or_else(|err| panic!("{text}: {err}"));
            assert_eq!(position_text::write(&e, &back), text);
        }
    }
    // After the most it counts, the count goes back one round of the turn
    // order rather than overflow: the right player is to move, and the text
    // reads back (a count from 0 again would have too many pieces for it).
    let max = rulebook::engine::MAX_PLY;
    let last = format!("3/3/3 o ply:{max}");
    let pos = position_text::read(&e, &last).expect("the last move number");
    let after = played(&e, &pos, "b2");
    assert_eq!(after.ply(), max - 1);
    let text = position_text::write(&e, &after);
    assert_eq!(text, format!("3/1o1/3 x ply:{}", max - 1));
    let back = position_text::read(&e, &text).unwrap_or_else(|err| panic!("{text}: {err}"));
    let again = played(&e, &back, "a1");
    assert_eq!(position_text::write(&e, &again), format!("3/1o1/X2 o ply:{max}"));
}

#[test]
fn a_right_whose_pieces_are_missing_is_refused_not_dropped() {
    let e = common::engine("chess", "");
    let no_rook = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1";
    let error = position_text::read(&e, no_rook).expect_err("no rook on h1 for `K`");
    assert!(
        error.to_string().contains("`K`") && error.to_string().contains("h1"),
        "{error}"
    );
    let without = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1";
    let pos = position_text::read(&e, without).expect("the rights that have their pieces");
    assert_eq!(position_text::write(&e, &pos), without);
}

#[test]
fn the_ko_ban_goes_through_the_text() {
    // Black's d3 takes White's c3: White may not retake at c3 at once.
    let e = common::engine("go", "size=5");
    let mut pos = e.start();
    for mv in [
        "S@b3", "S@d2", "S@c2", "S@d4", "S@c4", "S@e3", "S@a1", "S@c3", "S@d3",
    ] {
        pos = played(&e, &pos, mv);
    }
    let mut buf = MoveBuf::new();
    let moves = notation::legal_move_names(&e, &pos, &mut buf);
    assert!(!moves.contains(&"S@c3".to_string()), "the ko ban holds in play");
    let text = position_text::write(&e, &pos);
    assert_eq!(text, "5/2Ss1/1S1Ss/2Ss1/S4 w ply:9 was:c3=s,d3=-");
    let back = position_text::read(&e, &text).expect("reads back");
    assert_eq!(
        notation::legal_move_names(&e, &back, &mut buf),
        moves,
        "the same legal moves"
    );
    // After a move elsewhere the earlier board is that of one move ago.
    let later = played(&e, &back, "S@a5");
    assert_eq!(
        position_text::write(&e, &later),
        "s4/2Ss1/1S1Ss/2Ss1/S4 b ply:10 was:a5=-"
    );
    // Without the field the game is taken as begun there: the retaking is legal.
    let fresh = position_text::read(&e, "5/2Ss1/1S1Ss/2Ss1/S4 w ply:9").expect("reads");
    assert!(notation::legal_move_names(&e, &fresh, &mut buf).contains(&"S@c3".to_string()));
    // A pass leaves the board as it was: `-`.
    let passed = played(&e, &back, "pass");
    assert!(
        position_text::write(&e, &passed).contains(" was:- "),
        "{}",
        position_text::write(&e, &passed)
    );
    // More earlier boards than the ban reads, or than moves made, or in a
    // game without a ban, are refused.
    for (game, text, says) in [
        (
            "go",
            "5/2Ss1/1S1Ss/2Ss1/S4 w ply:9 was:-;-",
            "this game's repetition bans read 1",
        ),
        (
            "go",
            "S4/5/5/5/5 w ply:1 was:-;",
            "write `-` for a board the same as now",
        ),
        ("go", "5/5/5/5/5 b ply:0 was:-", "only 0 moves were made"),
        ("go", "5/2Ss1/1S1Ss/2Ss1/S4 w ply:9 was:z9=-", "`z9` is no cell"),
        ("go", "5/2Ss1/1S1Ss/2Ss1/S4 w ply:9 was:c3=q", "`q` is no piece"),
        (
            "tic-tac-toe",
            "3/3/3 x ply:0 was:-",
            "no rule of this game reads one",
        ),
    ] {
        let engine = common::engine(game, if game == "go" { "size=5" } else { "" });
        let error = position_text::read(&engine, text).expect_err(text);
        assert!(error.0.contains(says), "`{text}`: {error}");
    }
}
