//! Pictures of every shipped game's start: well-formed SVG with one
//! `class="piece"` element per piece on the board, the layouts the games ask
//! for, and a PNG from the command line.

use std::path::{Path, PathBuf};

use rulebook::diag::SourceFile;
use rulebook::engine::Engine;
use rulebook::ir::{CellId, LayoutShape};
use rulebook::render;

fn games() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("games/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    files
}

fn engine(path: &Path) -> Engine {
    let text = std::fs::read_to_string(path).expect("readable");
    let game = rulebook::load(&SourceFile::new(path.display().to_string(), text)).expect("valid rules");
    Engine::new(game, &[]).expect("default options")
}

#[test]
fn every_start_is_well_formed_svg_with_one_element_per_piece() {
    for path in games() {
        let engine = engine(&path);
        let start = engine.start();
        let on_board = (0..engine.game().topology.board_cells)
            .filter(|&c| engine.piece(&start, CellId(c as u16)).is_some())
            .count();
        for turned in [false, true] {
            let options = render::Options {
                turned,
                names: true,
                ..render::Options::default()
            };
            let svg = render::svg(&engine, &start, &options);
            let doc = roxmltree::Document::parse(&svg)
                .unwrap_or_else(|e| panic!("{}: not well-formed: {e}", path.display()));
            let pieces: Vec<_> = doc
                .descendants()
                .filter(|n| n.attribute("class") == Some("piece"))
                .collect();
            assert_eq!(pieces.len(), on_board, "{}: pieces drawn", path.display());
            for p in &pieces {
                assert!(p.attribute("data-cell").is_some(), "a piece names its cell");
                assert!(
                    p.descendants().any(|n| n.tag_name().name() == "text"),
                    "a piece shows its letter"
                );
            }
            let cells = doc
                .descendants()
                .filter(|n| {
                    n.attribute("class")
                        .is_some_and(|c| c.split(' ').any(|w| w == "cell"))
                })
                .count();
            assert_eq!(
                cells,
                engine.game().topology.board_cells,
                "{}: cells drawn",
                path.display()
            );
        }
    }
}

#[test]
fn games_are_drawn_in_their_layouts() {
    let shape = |name: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("games").join(name);
        engine(&path).game().layout.shape
    };
    assert!(matches!(
        shape("round-table.rules"),
        LayoutShape::Polar {
            rings: 4,
            sectors: 16,
            clockwise: true,
            ..
        }
    ));
    assert_eq!(shape("hex.rules"), LayoutShape::Hexagons);
    assert_eq!(shape("go.rules"), LayoutShape::Intersections);
    assert_eq!(shape("nine-mens-morris.rules"), LayoutShape::Points);
    assert_eq!(shape("chess.rules"), LayoutShape::Squares);
}

#[test]
fn the_last_move_is_marked() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/chivalry.rules");
    let engine = engine(&path);
    let start = engine.start();
    let mut buf = rulebook::engine::MoveBuf::new();
    let mv = rulebook::notation::parse(&engine, &start, "P@b2", &mut buf).expect("a legal drop");
    let mut after = start.clone();
    engine.play_unchecked(&mut after, mv.as_ref());
    let options = render::Options {
        last: render::move_cells(mv.as_ref()),
        ..render::Options::default()
    };
    let svg = render::svg(&engine, &after, &options);
    assert!(
        svg.contains(r#"class="cell last" data-cell="b2""#),
        "b2 is marked"
    );
    assert_eq!(svg.matches("cell last").count(), 1);
}

#[test]
fn render_writes_a_png_with_the_built_in_font() {
    let out = std::env::temp_dir().join(format!("rulebook-render-{}.png", std::process::id()));
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_rulebook"))
        .args([
            "render",
            "games/knights-and-kender.rules",
            "--moves",
            "N@b8",
            "-o",
        ])
        .arg(&out)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .expect("rulebook runs");
    assert!(status.success());
    let bytes = std::fs::read(&out).expect("the PNG is written");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let _ = std::fs::remove_file(&out);
    // Letters are drawn with the font in the binary: a picture with text
    // differs from the same picture without it.
    let with = render::png(r#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><text x="5" y="30" font-size="30" font-family="DejaVu Sans">K</text></svg>"#).unwrap();
    let without =
        render::png(r#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"></svg>"#).unwrap();
    assert_ne!(with, without);
}

#[test]
fn render_refuses_unknown_formats_and_bad_positions() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_rulebook"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("NO_COLOR", "1")
            .output()
            .expect("rulebook runs")
    };
    let out = run(&["render", "games/chess.rules", "-o", "board.jpg"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("rules::cli::bad_output"));
    let out = run(&["render", "games/chess.rules", "--position", "xyz"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("rules::cli::bad_position"));
    let out = run(&[
        "render",
        "games/chess.rules",
        "--position",
        "8/8/8/8/8/8/8/4K2k w - - 0 1",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout)
            .matches(r#"class="piece""#)
            .count(),
        2
    );
}

/// The picture of `game` after `moves` (short forms allowed).
fn picture_after(game: &str, moves: &str) -> (Engine, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("games/{game}.rules"));
    let engine = engine(&path);
    let pos = rulebook::notation::play_sequence(&engine, moves).expect("legal moves");
    let svg = render::svg(&engine, &pos, &render::Options::default());
    (engine, svg)
}

/// The `data-cell` of every element of class `class`, sorted.
fn cells_of_class(svg: &str, class: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("SVG is XML");
    let mut cells: Vec<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .filter_map(|n| n.attribute("data-cell").map(str::to_string))
        .collect();
    cells.sort();
    cells
}

#[test]
fn a_royal_piece_in_check_is_marked_and_the_status_says_so() {
    let (_, svg) = picture_after("chess", "e2-e4 f7-f5 d1-h5");
    assert_eq!(cells_of_class(&svg, "check"), ["e8"]);
    assert!(svg.contains("Black to move, in check"), "the status line");
    // Checkmate is marked too; no check, no mark.
    let (_, mate) = picture_after("chess", "f2-f3 e7-e5 g2-g4 d8-h4");
    assert_eq!(cells_of_class(&mate, "check"), ["e1"]);
    let (_, quiet) = picture_after("chess", "e2-e4");
    assert!(cells_of_class(&quiet, "check").is_empty());
}

#[test]
fn the_line_or_connection_that_won_is_marked() {
    let (_, line) = picture_after("tic-tac-toe", "X@a1 O@b1 X@a2 O@b2 X@a3");
    assert_eq!(cells_of_class(&line, "won"), ["a1", "a2", "a3"]);
    let (_, going) = picture_after("tic-tac-toe", "X@a1 O@b1 X@a2");
    assert!(cells_of_class(&going, "won").is_empty());
    // Hex on a 3×3 board: Red joins the first and last ranks up file a
    // (Blue's stones on file c are no part of it).
    let hex = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/hex.rules");
    let text = std::fs::read_to_string(&hex).expect("readable");
    let size = [("size".to_string(), "3".to_string())];
    let game = rulebook::load_with(&SourceFile::new("hex.rules", text), &size).expect("valid rules");
    let engine = Engine::new(game, &size).expect("options");
    let pos = rulebook::notation::play_sequence(&engine, "S@a1 S@c1 S@a2 S@c2 S@a3").expect("legal moves");
    assert!(pos.result().is_some(), "Red has won");
    let won: Vec<&str> = engine
        .winning_cells(&pos)
        .iter()
        .map(|c| engine.game().topology.cell_names[c.index()].as_str())
        .collect();
    assert_eq!(won, ["a1", "a2", "a3"]);
}

#[test]
fn counters_and_the_pool_are_in_the_panel() {
    let (_, kk) = picture_after("knights-and-kender", "N@b8 N@f8");
    let doc = roxmltree::Document::parse(&kk).expect("SVG is XML");
    let counters: Vec<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("counters"))
        .filter_map(|n| n.text().map(|t| t.trim().to_string()))
        .collect();
    // Only the Kender can enter the city: only their counter is shown.
    assert_eq!(counters, ["entered 0"]);
    let (_, round) = picture_after("round-table", "");
    assert!(round.contains(r#"class="pool""#), "the pool's pieces are drawn");
}

#[test]
fn pictures_follow_the_declared_appearance() {
    // Hex: each player's two sides in their colour, along the top and
    // bottom for Red, left and right for Blue.
    let (_, hex) = picture_after("hex", "");
    let doc = roxmltree::Document::parse(&hex).expect("SVG is XML");
    let number = |n: roxmltree::Node, a: &str| {
        n.attribute(a)
            .and_then(|v| v.parse::<f64>().ok())
            .expect("a number")
    };
    let edges: Vec<(String, f64, f64)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("edge"))
        .map(|n| {
            let x = (number(n, "x1") + number(n, "x2")) / 2.0;
            let y = (number(n, "y1") + number(n, "y2")) / 2.0;
            (n.attribute("stroke").expect("a colour").to_string(), x, y)
        })
        .collect();
    let colours: std::collections::BTreeSet<&str> = edges.iter().map(|(c, _, _)| c.as_str()).collect();
    assert_eq!(colours.len(), 2, "two players' colours: {colours:?}");
    let ys: Vec<f64> = edges.iter().map(|e| e.2).collect();
    let (top, bottom) = (
        ys.iter().copied().fold(f64::MAX, f64::min),
        ys.iter().copied().fold(f64::MIN, f64::max),
    );
    let red = edges.iter().filter(|(c, _, _)| c == "#cf3a3a");
    // Red's sides run along the first and last ranks: two sides of a
    // hexagon for each of their 11 cells, and a few more at the corners.
    let along = red
        .clone()
        .filter(|e| (e.2 - top).abs() < 40.0 || (e.2 - bottom).abs() < 40.0)
        .count();
    let all = red.count();
    assert!(
        along >= 4 * 11,
        "{along} of Red's edges on the top and bottom rows"
    );
    assert!(all <= 4 * 11 + 6, "{all} edges for Red");
    // Go: nine star points and no letter on stones; connect four: a frame
    // of holes; chess: figures, not letters.
    let (_, go) = picture_after("go", "S@d4");
    assert_eq!(go.matches(r#"class="dot""#).count(), 9);
    assert!(!go.contains(">S<"), "stones are unlettered");
    let (_, four) = picture_after("connect-four", "D@d1");
    assert!(four.contains(r#"class="frame""#));
    let (_, chess) = picture_after("chess", "");
    assert!(chess.contains('♔') && chess.contains('♚') && !chess.contains(">K<"));
}

#[test]
fn the_pictures_in_docs_boards_are_those_of_the_rules_now() {
    // Redraw them with: for f in games/*.rules; do g=$(basename $f .rules);
    // rulebook render $f -o docs/boards/$g.svg; rulebook render $f -o docs/boards/$g.png; done
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for path in games() {
        let name = path.file_stem().expect("a name").to_string_lossy().to_string();
        let engine = engine(&path);
        let now = render::svg(&engine, &engine.start(), &render::Options::default());
        let shipped = std::fs::read_to_string(root.join(format!("docs/boards/{name}.svg")))
            .unwrap_or_else(|e| panic!("docs/boards/{name}.svg: {e}"));
        assert!(
            shipped.trim_end() == now.trim_end(),
            "docs/boards/{name}.svg is out of date: redraw it"
        );
        assert!(
            root.join(format!("docs/boards/{name}.png")).exists(),
            "docs/boards/{name}.png"
        );
    }
}
