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
