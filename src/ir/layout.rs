//! How a board is drawn: the shape of its picture and each cell's place in it.
//!
//! The layout has no effect on play. Pictures (`render`), the web page and
//! the terminal board read it; the geometry (where a place lies in the plane)
//! is the renderer's job, so these are whole numbers in the layout's own terms.

use super::{CellId, PlayerId};

/// The layout of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// How the cells are drawn.
    pub shape: LayoutShape,
    /// Each board cell's place (by cell id; exit cells have none), in the
    /// terms of [`Layout::shape`].
    pub places: Vec<(i32, i32)>,
}

/// How the cells of a board are drawn, and what a cell's place means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayoutShape {
    /// Squares side by side; a place is (column, row), rows counted upwards.
    Squares,
    /// The points where the lines of a grid cross (a board played on the points); a place is
    /// (column, row), rows counted upwards.
    Intersections,
    /// Hexagons; a place is axial (q, r): q across, r up and to the right,
    /// so that a rhombus of cells stays a rhombus.
    Hexagons,
    /// Rings about a centre; a place is (ring, sector), both from 0, ring 0
    /// the innermost, drawn as slices that meet at the centre.
    Polar {
        /// The number of rings.
        rings: i32,
        /// The number of sectors of every ring.
        sectors: i32,
        /// Whether sectors follow each other clockwise (else anticlockwise).
        clockwise: bool,
        /// Where sector 0 starts: degrees clockwise from the top.
        from_degrees: i32,
    },
    /// Points in the plane, joined by the board's links (a board of points and lines); a
    /// place is (x, y), y counted upwards.
    Points,
}

impl Layout {
    /// The place of a board cell, if it has one.
    pub fn place(&self, cell: usize) -> Option<(i32, i32)> {
        self.places.get(cell).copied()
    }
}

/// How pictures draw a game, from its `appearance` (defaults where it says
/// nothing). Like the layout, it has no effect on play.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Appearance {
    /// How the cells are filled.
    pub style: BoardStyle,
    /// Colours given by name: `light`, `dark`, `frame`, or a player's name,
    /// each `#rrggbb`.
    pub colours: Vec<(String, String)>,
    /// Cells whose outer edge is drawn in a player's colour.
    pub edges: Vec<(CellId, PlayerId)>,
    /// Points marked on the board (a go board's star points).
    pub dots: Vec<CellId>,
    /// `glyphs[kind]`: the figures of a kind, one for all players or one per
    /// player (empty: a disc with its letter).
    pub glyphs: Vec<Vec<String>>,
    /// `unlettered[kind]`: drawn as a plain disc, without its letter.
    pub unlettered: Vec<bool>,
}

/// How the cells of a board are filled.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum BoardStyle {
    /// Light and dark cells in turn (squares), or the layout's own look.
    #[default]
    Checkered,
    /// Every cell light.
    Plain,
    /// A frame with a circular hole for each cell (a rack of holes).
    Holes,
    /// Only the lines between cells (a hash grid of three by three, say).
    Lines,
}
