//! Graph boards cut out of their coordinate ranges by `cells … where`: the
//! hexagon of docs/LANGUAGE.md (19 cells of a 5×5 rhombus) with its
//! neighbour counts, links that would lead to a cell left out, and the
//! mistakes a `where` can hold.

mod common;

use rulebook::engine::MoveBuf;

const BOARD: &str = "
  cells q in a..e, r in 1..5 where q + r >= 3 and q + r <= 7 named \"{q}{r}\"
  link e:  (q, r) -> (q + 1, r)
  link w:  (q, r) -> (q - 1, r)
  link ne: (q, r) -> (q, r + 1)
  link sw: (q, r) -> (q, r - 1)
  link nw: (q, r) -> (q - 1, r + 1)
  link se: (q, r) -> (q + 1, r - 1)
";

fn game(board: &str) -> String {
    format!(
        "game \"Cut\"\nplayers White, Black\nboard graph {{{board}}}\n\
         piece Stone letter S {{ drop: onto empty }}\nsupply Stone\n\
         end {{\n  for P in players: win P when line(3, P)\n  no move: draw\n}}\n"
    )
}

#[test]
fn a_hexagon_of_side_three_has_19_cells_and_its_neighbours() {
    let engine = common::engine_of(&game(BOARD));
    let topo = &engine.game().topology;
    assert_eq!(topo.board_cells, 19);
    let names: Vec<&str> = topo.cell_names.iter().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "a3", "a4", "a5", "b2", "b3", "b4", "b5", "c1", "c2", "c3", "c4", "c5", "d1", "d2", "d3", "d4",
            "e1", "e2", "e3"
        ]
    );
    // Independently: axial hex coordinates, neighbours within distance 2 of c3.
    let axial = |n: &str| {
        (
            (n.as_bytes()[0] - b'a') as i32 - 2,
            (n.as_bytes()[1] - b'1') as i32 - 2,
        )
    };
    let inside = |(q, r): (i32, i32)| q.abs().max(r.abs()).max((q + r).abs()) <= 2;
    let dirs = topo.dir_names.len();
    for (c, name) in names.iter().enumerate() {
        let (q, r) = axial(name);
        assert!(inside((q, r)), "{name}");
        let expected = [(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)]
            .into_iter()
            .filter(|(dq, dr)| inside((q + dq, r + dr)))
            .count();
        let got = (0..dirs)
            .filter(|d| topo.neighbour[c * dirs + d].is_some())
            .count();
        assert_eq!(got, expected, "neighbours of {name}");
    }
    let counts: Vec<usize> = (0..19)
        .map(|c| {
            (0..dirs)
                .filter(|d| topo.neighbour[c * dirs + d].is_some())
                .count()
        })
        .collect();
    assert_eq!(counts.iter().filter(|&&n| n == 3).count(), 6);
    assert_eq!(counts.iter().filter(|&&n| n == 4).count(), 6);
    assert_eq!(counts.iter().filter(|&&n| n == 6).count(), 7);
}

#[test]
fn the_cut_board_plays_on_its_cells_only() {
    let engine = common::engine_of(&game(BOARD));
    assert_eq!(engine.perft(&engine.start(), 1), 19);
    assert_eq!(engine.perft(&engine.start(), 2), 19 * 18);
    // a1 is no cell: no move names it.
    let mut buf = MoveBuf::new();
    let names = rulebook::notation::legal_move_names(&engine, &engine.start(), &mut buf);
    assert!(names.contains(&"S@c3".to_string()), "{names:?}");
    assert!(
        !names.iter().any(|n| n.ends_with("a1") || n.ends_with("e5")),
        "{names:?}"
    );
    // Three in a row along the rim: a3, a4, a5.
    let pos = common::position(&engine, "S@a3 S@c3 S@a4 S@c4 S@a5");
    assert_eq!(common::status(&engine, &pos), "win White");
}

#[test]
fn letter_constants_and_a_star_cut_from_a_rhombus() {
    // A six-pointed star round e5 on a 9×9 rhombus, the union of two
    // triangles written with the letter constant `e`: the hexagon of side 3
    // (19 cells) and six points of three cells, counted here on their own.
    let star = "
  cells q in a..i, r in 1..9 where (q - e + r - 5 >= -2 and q - e <= 2 and r - 5 <= 2)
                                 or (q - e + r - 5 <= 2 and q - e >= -2 and r - 5 >= -2) named \"{q}{r}\"
  link e: (q, r) -> (q + 1, r)
";
    let engine = common::engine_of(&game(star));
    let mut expected = 0;
    for q in -4i32..=4 {
        for r in -4i32..=4 {
            let up = q + r >= -2 && q <= 2 && r <= 2;
            let down = q + r <= 2 && q >= -2 && r >= -2;
            expected += (up || down) as usize;
        }
    }
    assert_eq!(expected, 37);
    assert_eq!(engine.game().topology.board_cells, expected);
}

#[test]
fn the_mistakes_of_a_where() {
    let cut = |cond: &str| {
        game(&format!(
            "cells q in a..e, r in 1..5 where {cond} named \"{{q}}{{r}}\"\n link e: (q, r) -> (q + 1, r)"
        ))
    };
    assert_eq!(common::refused(&cut("q > 10")), ["rules::compile::bad_board"]);
    assert_eq!(common::refused(&cut("s > 1")), ["rules::compile::unknown_name"]);
    assert_eq!(
        common::refused(&cut("count(Stone) > 0")),
        ["rules::compile::bad_coordinate_expression"]
    );
    let wide = game("cells q in 1..300, r in 1..300 where q == r named \"x{q}y{r}\"");
    assert_eq!(common::refused(&wide), ["rules::compile::out_of_range"]);
}
