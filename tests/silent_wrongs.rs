//! The engine never silently wrong: each test is a whole rules file on which
//! the engine once contradicted `docs/LANGUAGE.md` (issue 16), with what the
//! documentation says must happen.

mod common;

use common::{engine_of as engine, refused};
use rulebook::engine::{Engine, MoveBuf, Status};
use rulebook::ir::Outcome;
use rulebook::{notation, position_text};

/// The status and the sorted legal moves after `moves` from the start.
fn after(engine: &Engine, moves: &str) -> (String, Vec<String>) {
    let pos = notation::play_sequence(engine, moves).unwrap_or_else(|e| panic!("`{moves}`: {e}"));
    let mut buf = MoveBuf::new();
    let status = match engine.status(&pos, &mut buf) {
        Status::Ongoing => "ongoing".to_string(),
        Status::Over(Outcome::Draw) => "draw".to_string(),
        Status::Over(Outcome::Win(p)) => format!("win {}", engine.game().players[p.index()]),
    };
    (status, notation::legal_move_names(engine, &pos, &mut buf))
}

/// The position's text after `moves`.
fn text_after(engine: &Engine, moves: &str) -> String {
    let pos = notation::play_sequence(engine, moves).unwrap_or_else(|e| panic!("`{moves}`: {e}"));
    position_text::write(engine, &pos)
}

#[test]
fn a_kind_changed_in_place_is_counted_as_its_new_kind() {
    let promoted = engine(
        "players P, Q
         board grid files a..c ranks 1..2
         piece Man letter M { move step: step e onto empty }
         piece King letter K { move step: step e onto empty }
         promote Man in c1: King
         setup { P: Man at a1  Q: Man at a2 }
         end { win P when count(King) == 1  no move: draw }",
    );
    assert_eq!(after(&promoted, "a1-b1 a2-b2 b1-c1").0, "win P");
    let became = engine(
        "players P, Q
         board grid files a..c ranks 1..2
         piece Man letter M { move step: step e onto empty, become King }
         piece King letter K { move step: step e onto empty }
         setup { P: Man at a1  Q: Man at a2 }
         end { win P when count(King, P) == 1  no move: draw }",
    );
    assert_eq!(after(&became, "a1-b1=K").0, "win P");
}

#[test]
fn triggers_fire_on_drops() {
    for drop in [
        "piece Stone letter S\n turn place { choose drop Stone onto empty }",
        "piece Stone letter S { drop: onto empty }",
    ] {
        let game = engine(&format!(
            "players X, O
             board grid files a..c ranks 1..3
             counter hits
             region corner = c1
             {drop}
             supply Stone
             when Stone enters corner: add 1 to hits
             end {{ for P in players: win P when hits[P] > 0  no move: draw }}"
        ));
        assert_eq!(after(&game, "S@c1").0, "win X", "{drop}");
        assert_eq!(after(&game, "S@b1").0, "ongoing", "{drop}");
    }
}

const MAN_ON_A_ROW: &str = "players X, O
     board grid files a..d ranks 1..3
     directions orth = n, e, s, w
     setup { X: Man at a1  O: Man at a3 }
     end { no move: draw }";

#[test]
fn then_inside_a_group_starts_an_action() {
    let once = engine(&format!(
        "{MAN_ON_A_ROW}\npiece Man letter M {{ move go: step e onto empty, (then step e onto empty) }}"
    ));
    assert_eq!(after(&once, "").1, ["a1-b1,b1-c1"]);
    let maybe = engine(&format!(
        "{MAN_ON_A_ROW}\npiece Man letter M {{ move go: step e onto empty, (then step e onto empty)? }}"
    ));
    assert_eq!(after(&maybe, "").1, ["a1-b1", "a1-b1,b1-c1"]);
    let either = engine(&format!(
        "{MAN_ON_A_ROW}\npiece Man letter M {{ move go: (step e onto empty | then step n onto empty) }}"
    ));
    assert_eq!(after(&either, "").1, ["a1-a2", "a1-b1"]);
    for bad in [
        "(then step e onto empty)*",
        "can (then step e onto empty)",
        "each (then go e)",
    ] {
        let codes = refused(&format!(
            "{MAN_ON_A_ROW}\npiece Man letter M {{ move go: step e onto empty, {bad} }}"
        ));
        assert_eq!(codes, ["rules::compile::misplaced_then"], "{bad}");
    }
}

#[test]
fn rows_run_along_links_that_go_one_way() {
    let game = engine(
        "players X, O
         board graph {
           cells x in a..c, y in 1..3 named \"{x}{y}\"
           link e: (x, y) -> (x + 1, y)
         }
         piece Stone letter S { drop: onto empty }
         supply Stone
         end { for P in players: win P when line(3, P)  no move: draw }",
    );
    for last in ["a1", "b1", "c1"] {
        let others: Vec<&str> = ["a1", "b1", "c1"].into_iter().filter(|c| *c != last).collect();
        let moves = format!("S@{} S@a3 S@{} S@b3 S@{last}", others[0], others[1]);
        assert_eq!(after(&game, &moves).0, "win X", "{moves}");
    }
}

#[test]
fn an_exact_row_made_by_a_capture_ends_the_game() {
    // Taking the fourth stone of X's row leaves exactly three: the row was
    // not touched by the move, only the cell beside it.
    let game = engine(
        "players X, O
         board grid files a..e ranks 1..2
         piece Stone letter S { move take: step s onto enemy }
         setup { X: Stone at a1 b1 c1 d1  O: Stone at d2 }
         turns { O: t repeat { O: t } }
         turn t { choose move Stone }
         end { win X when exact_line(3, X, e)  no move: draw }",
    );
    assert_eq!(after(&game, "").0, "ongoing");
    assert_eq!(after(&game, "d2xd1").0, "win X");
}

#[test]
fn remove_after_a_landing_takes_the_piece_that_landed() {
    let game = engine(
        "players X, O
         board grid files a..c ranks 1..3
         region trap = b2
         directions orth = n, e, s, w
         piece Man letter M { move go: step orth onto empty, (if not in trap | if in trap, remove) }
         setup { X: Man at a2  O: Man at c3 }
         end { no move: draw }",
    );
    assert_eq!(after(&game, "").1, ["a2-a1", "a2-a3", "a2-b2,xb2"]);
    assert_eq!(text_after(&game, "a2-b2,xb2"), "2m/3/3 o ply:1");
}

#[test]
fn an_action_after_then_sees_the_piece_that_moved() {
    for rule in [
        "step e onto empty, then each (go e, if enemy, flip)",
        "step e onto empty, then each (go e, if enemy, go w, if friend Man, go e, flip)",
        "step e onto empty, then flip enemy along e closed by friend",
    ] {
        let game = engine(&format!(
            "players X, O
             board grid files a..d ranks 1..3
             piece Man letter M {{ move go: {rule} }}
             setup {{ X: Man at a2 d2  O: Man at c2 }}
             end {{ no move: draw }}"
        ));
        assert_eq!(text_after(&game, "a2-b2"), "4/1MMM/4 o ply:1", "{rule}");
    }
}

#[test]
fn a_jump_in_an_action_that_places_a_piece_moves_the_cursor() {
    let game = engine(
        "players X, O
         board grid files a..d ranks 1..3
         piece Man letter M { move go: step e onto empty }
         piece Wall letter W neutral
         piece Stone letter S { drop: onto empty, jump e over occupied onto empty, place Wall }
         supply Stone, Wall
         setup { X: Man at b1  O: Man at c3 }
         end { no move: draw }",
    );
    assert_eq!(after(&game, "").1, ["S@a1,W@c1", "S@b3,W@d3", "b1-c1"]);
}

#[test]
fn a_move_of_several_actions_stops_at_a_win() {
    let game = engine(
        "players X, O
         board grid files a..d ranks 1..3
         region goal = d1
         counter home
         piece Man letter M { move go: step e onto empty, then step n onto empty }
         when Man enters goal: add 1 to home
         setup { X: Man at c1 b2  O: Man at a3 }
         end { for P in players: win P when home[P] > 0  no move: draw }",
    );
    assert_eq!(after(&game, "").1, ["b2-c2,c2-c3", "c1-d1"]);
    assert_eq!(after(&game, "c1-d1").0, "win X");
}

#[test]
fn ways_written_alike_that_leave_different_positions_are_two_moves() {
    // Both ways land on b2 and capture, one the piece on b3, the other b1.
    let game = engine(
        "players X, O
         board grid files a..c ranks 1..3
         piece Man letter M { move go: step e onto empty, (go n, if enemy, capture | go s, if enemy, capture) }
         setup { X: Man at a2  O: Man at b1 b3 }
         end { no move: draw }",
    );
    let (_, moves) = after(&game, "");
    assert_eq!(moves, ["a2xb2{xb1}", "a2xb2{xb3}"]);
    assert_eq!(text_after(&game, "a2xb2{xb3}"), "3/1M1/1m1 o ply:1");
    // Written alike and leaving the same position: one move.
    let same = engine(
        "players X, O
         board grid files a..c ranks 1..3
         piece Man letter M { move go: (go n, go e, go s | go e), if empty, land }
         setup { X: Man at a2  O: Man at c3 }
         end { no move: draw }",
    );
    assert_eq!(after(&same, "").1, ["a2-b2"]);
}

#[test]
fn draughts_captures_are_moves_by_their_ends() {
    let game = engine(&std::fs::read_to_string("games/international-draughts.rules").expect("the game"));
    let pos = position_text::read(&game, "10/10/10/10/5m4/10/10/2m7/10/K9 w ply:0").expect("a position");
    let moves = notation::legal_move_names(&game, &pos, &mut MoveBuf::new());
    assert_eq!(moves, ["a1xg7", "a1xh8", "a1xi9", "a1xj10"]);
    // Two routes to one cell that take different pieces are written whole.
    let routes = engine(
        "players White, Black
         board grid files a..e ranks 1..5
         directions diagonal = ne, se, sw, nw
         notation ends
         piece King letter K { move jump: jump diagonal over enemy onto empty, capturing at end, repeat }
         setup { White: King at c1  Black: King at b2 d2 b4 d4 }
         end { no move: mover loses }",
    );
    // Round the square, every prefix a move: the two ways to c5 take
    // different pieces, so both are written whole; the whole round is c1xc1.
    let (_, moves) = after(&routes, "");
    for m in ["c1xa3xc5", "c1xe3xc5", "c1xc1"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert!(!moves.contains(&"c1xc5".to_string()), "{moves:?}");
}

#[test]
fn a_capture_by_a_long_jump_is_an_attack() {
    // The cannon on c5 fires over c3 at the king on c1: the king is in check,
    // and only its moves out of the line are legal.
    let game = engine(
        "players Red, Black
         board grid files a..e ranks 1..5
         directions orthogonal = n, e, s, w
         piece King letter K { move step: step orthogonal onto empty or enemy }
         piece Cannon letter C {
           move slide: slide orthogonal onto empty
           move fire: jump orthogonal over occupied onto enemy, long
         }
         royal King
         setup { Red: King at c1  Red: Cannon at a5  Black: King at c3  Black: Cannon at c5 }
         end { no move: mover loses if in check }",
    );
    assert_eq!(after(&game, "").1, ["c1-b1", "c1-d1"]);
}

#[test]
fn a_neutral_piece_captured_to_captor_joins_the_captor_reserve() {
    let game = engine(
        "players P, Q
         board grid files a..d ranks 1..2
         piece Pebble letter N neutral
         piece Hunter letter H { move take: step e onto occupied }
         captured Pebble to captor
         setup { P: Hunter at a1  P: Pebble at b1  Q: Hunter at d2 }
         end { no move: draw }",
    );
    let text = text_after(&game, "a1xb1");
    let pos = position_text::read(&game, &text).unwrap();
    let kind = common::kind(&game, "N");
    assert_eq!(game.reserve(&pos, common::player(&game, "P"), kind), 1, "{text}");
}

#[test]
fn a_group_captured_after_then_holds_the_piece_that_landed() {
    // The man slides from a3 to c3 and stands on top of the file c; the action
    // after `then` captures the whole file, the newcomer with it, as a placing would.
    for rule in [
        "move go: if in a3, go e, go e, land, then go s, capture group",
        "drop: onto empty and in c3, go s, capture group",
    ] {
        let game = engine(&format!(
            "players P, Q
             board grid files a..d ranks 1..3
             adjacency n, s
             piece Man letter M {{ {rule} }}
             supply Man
             setup {{ P: Man at a3 c1 c2  Q: Man at d1 }}
             end {{ no move: draw }}"
        ));
        let mv = if rule.starts_with("drop") { "M@c3" } else { "a3-c3" };
        assert_eq!(
            text_after(&game, mv),
            if mv == "M@c3" {
                "M3/4/3m q ply:1"
            } else {
                "4/4/3m q ply:1"
            },
            "{rule}"
        );
    }
}

#[test]
fn each_after_then_sees_the_piece_that_moved() {
    // The runner steps onto the pit: the action after `then` looks at every
    // cell and captures a friend in the pit, the runner included.
    let game = engine(
        "players P, Q
         board grid files a..c ranks 1..3
         directions orth = n, e, s, w
         region pit = b1
         piece Runner letter R {
           move go: step orth onto empty, then each (anywhere, if in pit and friend, capture)
         }
         setup { P: Runner at a1  Q: Runner at c3 }
         end { no move: mover loses }",
    );
    assert_eq!(text_after(&game, "a1-b1"), "2r/3/3 q ply:1");
    assert_eq!(text_after(&game, "a1-a2"), "2r/R2/3 q ply:1");
}

#[test]
fn a_step_attacks_although_a_clause_after_it_fails() {
    // The guard's capture needs a second guard; it still attacks the cell
    // diagonally ahead (LANGUAGE.md 4.19): the lone king is in check and may
    // not step onto the other attacked cell.
    let game = engine(
        "players P, Q
         board grid files a..c ranks 1..3
         directions all = n, e, s, w, ne, nw, se, sw
         piece King letter K { move step: step all onto empty or enemy }
         piece Guard letter G { move take: step (ne, nw) onto enemy, when count(Guard, mover) > 1 }
         royal King
         setup { P: King at a1  P: Guard at b2  Q: King at c3 }
         end { no move: mover loses if in check }",
    );
    let pos = position_text::read(&game, "2k/1G1/K2 q").unwrap();
    assert!(game.in_check(&pos, common::player(&game, "Q")));
    let mut buf = MoveBuf::new();
    assert_eq!(
        notation::legal_move_names(&game, &pos, &mut buf),
        ["c3-b3", "c3-c2"]
    );
}
