//! Rules checked on positions built by hand (read from position texts), where
//! random play rarely goes: go's captures, suicide, ko and scoring, and the
//! hex winner against an independent flood fill.

mod common;

use rulebook::engine::{Engine, MoveBuf, Position};
use rulebook::{notation, position_text};

/// Reads a position text of the game; panics with the reason if it does not read.
fn at(engine: &Engine, text: &str) -> Position {
    position_text::read(engine, text).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// The legal moves of a position, in notation.
fn legal(engine: &Engine, pos: &Position) -> Vec<String> {
    notation::legal_move_names(engine, pos, &mut MoveBuf::new())
}

/// Plays moves in notation from a position.
fn after(engine: &Engine, pos: &Position, moves: &str) -> Position {
    let mut pos = pos.clone();
    let mut buf = MoveBuf::new();
    for m in moves.split_whitespace() {
        let mv = notation::parse(engine, &pos, m, &mut buf).unwrap_or_else(|e| panic!("`{m}`: {e}"));
        engine.play_unchecked(&mut pos, mv.as_ref());
    }
    pos
}

/// The board rows of a position text, top row first, one char per cell
/// (`.` for an empty cell).
fn board(text: &str) -> Vec<Vec<char>> {
    let rows = text.split_whitespace().next().expect("a board");
    rows.split('/')
        .map(|row| {
            let mut cells = Vec::new();
            let mut run = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                    continue;
                }
                cells.extend(std::iter::repeat_n('.', run));
                run = 0;
                cells.push(c);
            }
            cells.extend(std::iter::repeat_n('.', run));
            cells
        })
        .collect()
}

// A 5×5 go board: rank 5 is the top row of a position text; `S` is Black's
// stone, `s` White's, and `b`/`w` the side to move.

#[test]
fn go_a_stone_without_liberties_is_captured() {
    let go = common::engine("go", "size=5");
    // White's c3 has one liberty left, c2.
    let pos = at(&go, "5/2S2/1SsS1/5/5 b");
    let next = after(&go, &pos, "S@c2");
    assert_eq!(
        board(&position_text::write(&go, &next))[2],
        ['.', 'S', '.', 'S', '.']
    );
    // Two stones in a group go together.
    let pos = at(&go, "2S2/1SsS1/1SsS1/5/5 b");
    let next = after(&go, &pos, "S@c2");
    let rows = board(&position_text::write(&go, &next));
    assert_eq!((rows[1][2], rows[2][2]), ('.', '.'));
}

#[test]
fn go_suicide_is_refused_unless_it_captures() {
    let go = common::engine("go", "size=5");
    // c3 is surrounded by White: Black may not play there...
    let pos = at(&go, "5/2s2/1s1s1/2s2/5 b");
    assert!(!legal(&go, &pos).contains(&"S@c3".to_string()));
    // ...unless the move takes a white stone's last liberty.
    let pos = at(&go, "2S2/1SsS1/1s1s1/2s2/5 b");
    assert!(
        legal(&go, &pos).contains(&"S@c3".to_string()),
        "{:?}",
        legal(&go, &pos)
    );
}

#[test]
fn go_ko_cannot_be_retaken_at_once() {
    let go = common::engine("go", "size=5");
    // Black takes White's c3 by playing d3; White's retake at c3 would bring
    // back the board of two moves ago.
    let pos = at(&go, "5/2Ss1/1Ss1s/2Ss1/5 b");
    let taken = after(&go, &pos, "S@d3");
    assert_eq!(
        board(&position_text::write(&go, &taken))[2],
        ['.', 'S', '.', 'S', 's']
    );
    assert!(!legal(&go, &taken).contains(&"S@c3".to_string()));
    // After a move elsewhere by each side, the retake is legal.
    let later = after(&go, &taken, "S@a5 S@a1");
    assert!(legal(&go, &later).contains(&"S@c3".to_string()));
}

#[test]
fn go_is_scored_by_area_with_komi_after_two_passes() {
    // Black walls columns a–c (15 points of area), White d–e (10).
    let wall = "2Ss1/2Ss1/2Ss1/2Ss1/2Ss1 b";
    for (komi, result) in [(0, "win Black"), (4, "win Black"), (5, "draw"), (7, "win White")] {
        let go = common::engine("go", &format!("size=5 komi={komi}"));
        let end = after(&go, &at(&go, wall), "pass pass");
        assert_eq!(common::status(&go, &end), result, "komi {komi}");
    }
    // One pass does not end the game.
    let go = common::engine("go", "size=5");
    assert_eq!(
        common::status(&go, &after(&go, &at(&go, wall), "pass")),
        "ongoing"
    );
}

/// Whether the stones `stone` connect row `0` to the last row (`down`) or
/// column 0 to the last column, on a hex board drawn as rows (top first),
/// neighbours n, e, s, w, and the diagonal from top left to bottom right.
fn hex_connects(rows: &[Vec<char>], stone: char, down: bool) -> bool {
    let n = rows.len();
    let mut seen = vec![vec![false; n]; n];
    let mut stack: Vec<(usize, usize)> = (0..n)
        .map(|i| if down { (0, i) } else { (i, 0) })
        .filter(|&(r, c)| rows[r][c] == stone)
        .collect();
    while let Some((r, c)) = stack.pop() {
        if seen[r][c] {
            continue;
        }
        seen[r][c] = true;
        if (down && r == n - 1) || (!down && c == n - 1) {
            return true;
        }
        // In rows drawn top first, `se` (file +1, rank -1) is (row +1, col +1).
        for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1), (1, 1), (-1, -1)] {
            let (rr, cc) = (r as i32 + dr, c as i32 + dc);
            if (0..n as i32).contains(&rr) && (0..n as i32).contains(&cc) {
                let (rr, cc) = (rr as usize, cc as usize);
                if rows[rr][cc] == stone && !seen[rr][cc] {
                    stack.push((rr, cc));
                }
            }
        }
    }
    false
}

#[test]
fn hex_has_a_winner_exactly_when_a_flood_fill_finds_a_chain() {
    for size in [3, 5, 7, 11] {
        let hex = common::engine("hex", &format!("size={size}"));
        for seed in 0..40u64 {
            let mut pos = hex.start();
            let mut buf = MoveBuf::new();
            let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            loop {
                let rows = board(&position_text::write(&hex, &pos));
                // Red (`S`) joins the first and last ranks (rows), Blue (`s`) the files.
                let red = hex_connects(&rows, 'S', true);
                let blue = hex_connects(&rows, 's', false);
                let expected = match (red, blue) {
                    (true, false) => "win Red",
                    (false, true) => "win Blue",
                    (false, false) => "ongoing",
                    (true, true) => panic!("both players connected: the game went on too long"),
                };
                assert_eq!(common::status(&hex, &pos), expected, "size {size}, seed {seed}");
                if expected != "ongoing" {
                    break;
                }
                hex.legal_moves(&pos, &mut buf);
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let mv = buf.moves.get((rng % buf.moves.len() as u64) as usize).to_move();
                hex.play_unchecked(&mut pos, mv.as_ref());
            }
        }
    }
}
