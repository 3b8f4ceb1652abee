//! Pictures of positions: the board's [layout](crate::ir::Layout) in the
//! plane ([`geometry`]), drawn as SVG ([`svg`]) and rasterised to PNG ([`png`]).
//!
//! ```
//! use rulebook::{diag::SourceFile, engine::Engine, load, render};
//!
//! let rules = std::fs::read_to_string("games/hex.rules").unwrap();
//! let game = load(&SourceFile::new("hex.rules", rules)).unwrap();
//! let engine = Engine::new(game, &[]).unwrap();
//! let picture = render::svg(&engine, &engine.start(), &render::Options::default());
//! // A hex board starts empty: cells, and no piece yet.
//! assert!(picture.contains(r#"class="cell""#));
//! assert_eq!(picture.matches(r#"class="piece""#).count(), 0);
//! ```

mod colours;
mod draw;
pub mod geometry;
mod labels;
mod raster;

pub use labels::common_label;
pub use raster::{FONT, RasterError, png};

use crate::engine::{Engine, MoveBuf, MoveRef, Position, Status, Token};
use crate::ir::{CellId, Outcome};

/// What to draw besides the position.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Write every cell's name in it.
    pub names: bool,
    /// See the board from the other side (turned by half a circle).
    pub turned: bool,
    /// The cells of the last move, marked.
    pub last: Vec<CellId>,
    /// The line under the title; empty: who is to move (and whether in
    /// check), or the result.
    pub status: String,
}

/// What the picture marks on the pieces, found from the position.
#[derive(Debug, Clone, Default)]
pub(crate) struct Marks {
    /// Royal pieces of the player to move under attack.
    pub check: Vec<CellId>,
    /// The pieces of the line or connection that won.
    pub won: Vec<CellId>,
}

/// The position drawn as an SVG document.
pub fn svg(engine: &Engine, pos: &Position, options: &Options) -> String {
    let game = engine.game();
    let geometry = geometry::build(&game.layout, &game.topology, options.turned);
    let mut options = options.clone();
    if options.status.is_empty() {
        options.status = status_line(engine, pos);
    }
    // A royal piece of the player to move under attack is marked, in a
    // game going on (check) or over (checkmate).
    let marks = Marks {
        check: engine.checked_royals(pos, engine.mover(pos)),
        won: engine.winning_cells(pos),
    };
    draw::document(engine, pos, &geometry, &options, &marks).to_string()
}

/// "White to move", "White to move, in check", "Black wins", "a draw".
pub fn status_line(engine: &Engine, pos: &Position) -> String {
    let players = &engine.game().players;
    match engine.status(pos, &mut MoveBuf::new()) {
        Status::Ongoing if engine.in_check(pos, engine.mover(pos)) => {
            format!("{} to move, in check", players[engine.mover(pos).index()])
        }
        Status::Ongoing => format!("{} to move", players[engine.mover(pos).index()]),
        Status::Over(Outcome::Win(p)) => format!("{} wins", players[p.index()]),
        Status::Over(Outcome::Draw) => "a draw".to_string(),
    }
}

/// The cells a move touches, to mark: where each action started, every
/// landing, capture and placement.
pub fn move_cells(mv: MoveRef) -> Vec<CellId> {
    mv.tokens()
        .filter_map(|t| match t {
            Token::From(c) | Token::To(c) | Token::Capture(c) | Token::Place(c) | Token::Take(c) => Some(c),
            _ => None,
        })
        .collect()
}
