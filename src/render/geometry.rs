//! A board's layout in the plane: the outline and centre of every cell, the
//! lines drawn between points, and where the names of rows and columns go.
//!
//! Lengths are in pixels of the picture, `y` grows downwards; the board's
//! drawing starts at (0, 0) and is [`Geometry::width`] by [`Geometry::height`].

use crate::ir::{LayoutShape, Topology};

use super::labels;

/// The side of a square cell, and the unit of every other layout, in pixels.
pub const UNIT: f64 = 60.0;

/// The room left about the board for the names of rows and columns.
pub const MARGIN: f64 = 34.0;

/// A point of the picture.
pub type Point = (f64, f64);

/// The outline of a cell.
#[derive(Debug, Clone, PartialEq)]
pub enum Outline {
    /// A polygon (a square, a hexagon).
    Polygon(Vec<Point>),
    /// A sector of a ring between two radii and two compass angles
    /// (degrees clockwise from the top; `from < to`); a slice of the centre when `inner` is 0.
    Sector {
        centre: Point,
        inner: f64,
        outer: f64,
        from: f64,
        to: f64,
    },
    /// A point where lines meet (drawn as a small dot); the circle of
    /// `radius` about it is where it is clicked.
    Point { radius: f64 },
}

/// One cell of the drawing.
#[derive(Debug, Clone, PartialEq)]
pub struct CellShape {
    /// Its outline.
    pub outline: Outline,
    /// Where its piece stands.
    pub centre: Point,
    /// The radius of a piece on it.
    pub piece_radius: f64,
    /// Shaded (the dark squares of a chequered board).
    pub dark: bool,
}

/// A name written beside the board: of a row, a column, a ring or a sector.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    /// The text.
    pub text: String,
    /// Where its middle goes.
    pub at: Point,
}

/// The whole board in the plane.
#[derive(Debug, Clone)]
pub struct Geometry {
    /// By board cell id.
    pub cells: Vec<CellShape>,
    /// Segments drawn under the cells: the lines of a go board, the lines of
    /// a board of points and lines.
    pub lines: Vec<(Point, Point)>,
    /// The names of rows and columns (rings and sectors), outside the cells.
    pub labels: Vec<Label>,
    /// The size of the drawing, margins included.
    pub width: f64,
    /// See [`Geometry::width`].
    pub height: f64,
}

/// Lays out the board cells of `topo` as `layout` says; with `turned`, the
/// board is seen from the other side (turned by half a circle).
pub fn build(layout: &crate::ir::Layout, topo: &Topology, turned: bool) -> Geometry {
    let cells = topo.board_cells.min(layout.places.len());
    let places = &layout.places[..cells];
    let mut geometry = match layout.shape {
        LayoutShape::Squares => squares(places, false),
        LayoutShape::Intersections => squares(places, true),
        LayoutShape::Hexagons => hexagons(places),
        LayoutShape::Polar {
            sectors,
            clockwise,
            from_degrees,
            ..
        } => polar(places, sectors, clockwise, from_degrees as f64),
        LayoutShape::Points => points(places, topo),
    };
    geometry.labels = labels::place(layout, topo, &geometry);
    fit(&mut geometry);
    if turned {
        turn(&mut geometry);
    }
    geometry
}

/// Squares by (column, row); for intersections, points joined by the lines
/// between cells one step apart across or up.
fn squares(places: &[(i32, i32)], intersections: bool) -> Geometry {
    let top = places.iter().map(|p| p.1).max().unwrap_or(0);
    let centre = |(c, r): (i32, i32)| (c as f64 * UNIT + UNIT / 2.0, (top - r) as f64 * UNIT + UNIT / 2.0);
    let cells = places
        .iter()
        .map(|&p| {
            let (x, y) = centre(p);
            let h = UNIT / 2.0;
            CellShape {
                outline: if intersections {
                    Outline::Point { radius: h * 0.9 }
                } else {
                    Outline::Polygon(vec![
                        (x - h, y - h),
                        (x + h, y - h),
                        (x + h, y + h),
                        (x - h, y + h),
                    ])
                },
                centre: (x, y),
                piece_radius: UNIT * 0.38,
                dark: !intersections && (p.0 + p.1).rem_euclid(2) == 0,
            }
        })
        .collect();
    let mut lines = Vec::new();
    if intersections {
        let at: std::collections::HashSet<(i32, i32)> = places.iter().copied().collect();
        for &(c, r) in places {
            for next in [(c + 1, r), (c, r + 1)] {
                if at.contains(&next) {
                    lines.push((centre((c, r)), centre(next)));
                }
            }
        }
    }
    Geometry {
        cells,
        lines,
        labels: Vec::new(),
        width: 0.0,
        height: 0.0,
    }
}

/// Pointy-topped hexagons at axial (q, r): r rows go up, each shifted half a
/// cell to the right of the one below, so a rhombus of cells stays a rhombus.
fn hexagons(places: &[(i32, i32)]) -> Geometry {
    let size = UNIT / 3f64.sqrt(); // centre to corner; the hexagon is UNIT wide
    let cells = places
        .iter()
        .map(|&(q, r)| {
            let centre = hex_centre(q as f64, r as f64);
            let outline = (0..6)
                .map(|k| {
                    let a = (60.0 * k as f64 + 30.0).to_radians();
                    (centre.0 + size * a.cos(), centre.1 + size * a.sin())
                })
                .collect();
            CellShape {
                outline: Outline::Polygon(outline),
                centre,
                piece_radius: UNIT * 0.38,
                dark: (q - r).rem_euclid(3) == 0,
            }
        })
        .collect();
    Geometry {
        cells,
        lines: Vec::new(),
        labels: Vec::new(),
        width: 0.0,
        height: 0.0,
    }
}

/// The centre of the hexagon at axial (q, r), before the drawing is fitted.
pub fn hex_centre(q: f64, r: f64) -> Point {
    (UNIT * (q + r / 2.0), -UNIT * 3f64.sqrt() / 2.0 * r)
}

/// Rings of sectors about a centre: ring 0 as slices that meet there.
fn polar(places: &[(i32, i32)], sectors: i32, clockwise: bool, from: f64) -> Geometry {
    let sectors = sectors.max(1);
    let step = 360.0 / sectors as f64;
    let cells = places
        .iter()
        .map(|&(ring, sector)| {
            let (a0, a1) = sector_angles(sector, step, clockwise, from);
            let (inner, outer) = ring_bounds(ring, sectors);
            let mid_radius = if ring == 0 {
                outer * CENTRE_PIECE
            } else {
                (inner + outer) / 2.0
            };
            let centre = polar_point((0.0, 0.0), mid_radius, (a0 + a1) / 2.0);
            // A piece fits between the two radii and the two sides.
            let arc = (step.to_radians() * mid_radius / 2.0).max(1.0);
            CellShape {
                outline: Outline::Sector {
                    centre: (0.0, 0.0),
                    inner,
                    outer,
                    from: a0,
                    to: a1,
                },
                centre,
                piece_radius: (UNIT * 0.38).min(arc * 0.85),
                dark: (ring + sector).rem_euclid(2) == 0,
            }
        })
        .collect();
    Geometry {
        cells,
        lines: Vec::new(),
        labels: Vec::new(),
        width: 0.0,
        height: 0.0,
    }
}

/// How far out a piece of the centre ring stands, as a part of its radius.
const CENTRE_PIECE: f64 = 0.7;

/// The radii between which ring `ring` lies: one unit each, but the centre
/// ring as wide as its slices need for a piece of a good size.
pub fn ring_bounds(ring: i32, sectors: i32) -> (f64, f64) {
    // Where a piece of radius 0.3 units fits between the sides of a slice.
    let half_angle = std::f64::consts::PI / sectors.max(2) as f64;
    let needed = 0.33 * UNIT / half_angle.sin() / CENTRE_PIECE;
    let centre = needed.clamp(UNIT, 3.0 * UNIT);
    if ring <= 0 {
        (0.0, centre)
    } else {
        let inner = centre + (ring - 1) as f64 * UNIT;
        (inner, inner + UNIT)
    }
}

/// The compass angles (from < to) that sector `sector` spans.
pub fn sector_angles(sector: i32, step: f64, clockwise: bool, from: f64) -> (f64, f64) {
    if clockwise {
        let a0 = from + sector as f64 * step;
        (a0, a0 + step)
    } else {
        let a1 = from - sector as f64 * step;
        (a1 - step, a1)
    }
}

/// The point at `radius` from `centre` in the compass direction `degrees`.
pub fn polar_point(centre: Point, radius: f64, degrees: f64) -> Point {
    let a = degrees.to_radians();
    (centre.0 + radius * a.sin(), centre.1 - radius * a.cos())
}

/// Points at (x, y), joined by the board's links.
fn points(places: &[(i32, i32)], topo: &Topology) -> Geometry {
    let top = places.iter().map(|p| p.1).max().unwrap_or(0);
    let centre = |(x, y): (i32, i32)| (x as f64 * UNIT, (top - y) as f64 * UNIT);
    // The click area: half the distance to the nearest other point, at most.
    let nearest = nearest_distance(places).unwrap_or(1.0) * UNIT;
    let cells = places
        .iter()
        .map(|&p| CellShape {
            outline: Outline::Point {
                radius: (nearest * 0.45).min(UNIT * 0.45),
            },
            centre: centre(p),
            piece_radius: (nearest * 0.4).min(UNIT * 0.38),
            dark: false,
        })
        .collect();
    let dirs = topo.dir_names.len();
    let mut seen = std::collections::HashSet::new();
    let mut lines = Vec::new();
    for a in 0..places.len() {
        for d in 0..dirs {
            let b = topo.neighbour[a * dirs + d].index();
            if b < places.len() && seen.insert((a.min(b), a.max(b))) {
                lines.push((centre(places[a]), centre(places[b])));
            }
        }
    }
    Geometry {
        cells,
        lines,
        labels: Vec::new(),
        width: 0.0,
        height: 0.0,
    }
}

/// The smallest distance between two places.
fn nearest_distance(places: &[(i32, i32)]) -> Option<f64> {
    let mut best: Option<f64> = None;
    // Boards are small (at most a few thousand cells): compare a bounded sample.
    for (i, a) in places.iter().enumerate().take(400) {
        for b in &places[i + 1..] {
            let d = (((a.0 - b.0).pow(2) + (a.1 - b.1).pow(2)) as f64).sqrt();
            if d > 0.0 && best.is_none_or(|x| d < x) {
                best = Some(d);
            }
        }
    }
    best
}

/// Every point of the drawing, for its bounds.
fn extent(g: &Geometry) -> (f64, f64, f64, f64) {
    let mut b = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    let mut add = |(x, y): Point, r: f64| {
        b = (b.0.min(x - r), b.1.min(y - r), b.2.max(x + r), b.3.max(y + r));
    };
    for c in &g.cells {
        match &c.outline {
            Outline::Polygon(p) => p.iter().for_each(|&q| add(q, 0.0)),
            Outline::Sector { centre, outer, .. } => add(*centre, *outer),
            Outline::Point { radius } => add(c.centre, radius.max(c.piece_radius)),
        }
    }
    for l in &g.labels {
        add(l.at, 10.0);
    }
    if b.0 > b.2 {
        return (0.0, 0.0, 0.0, 0.0);
    }
    b
}

/// Moves the drawing so that it starts at the margin, and sizes it.
fn fit(g: &mut Geometry) {
    let (x0, y0, x1, y1) = extent(g);
    let (dx, dy) = (MARGIN - x0, MARGIN - y0);
    g.width = x1 - x0 + 2.0 * MARGIN;
    g.height = y1 - y0 + 2.0 * MARGIN;
    shift(g, |(x, y)| (x + dx, y + dy), 0.0);
}

/// Turns the drawing by half a circle about its middle (text stays upright).
fn turn(g: &mut Geometry) {
    let (w, h) = (g.width, g.height);
    shift(g, |(x, y)| (w - x, h - y), 180.0);
}

/// Applies `f` to every point; sectors also turn by `degrees`.
fn shift(g: &mut Geometry, f: impl Fn(Point) -> Point, degrees: f64) {
    for c in &mut g.cells {
        c.centre = f(c.centre);
        match &mut c.outline {
            Outline::Polygon(p) => p.iter_mut().for_each(|q| *q = f(*q)),
            Outline::Sector { centre, from, to, .. } => {
                *centre = f(*centre);
                *from += degrees;
                *to += degrees;
            }
            Outline::Point { .. } => {}
        }
    }
    for l in &mut g.lines {
        *l = (f(l.0), f(l.1));
    }
    for l in &mut g.labels {
        l.at = f(l.at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sectors_follow_each_other_either_way() {
        assert_eq!(sector_angles(0, 90.0, true, 0.0), (0.0, 90.0));
        assert_eq!(sector_angles(1, 90.0, true, 0.0), (90.0, 180.0));
        assert_eq!(sector_angles(1, 90.0, false, 0.0), (-180.0, -90.0));
    }

    #[test]
    fn rings_follow_each_other_outwards() {
        let (_, centre) = ring_bounds(0, 16);
        assert!(centre > UNIT, "sixteen slices need a wider centre");
        assert_eq!(ring_bounds(1, 16), (centre, centre + UNIT));
        assert_eq!(ring_bounds(0, 4), (0.0, UNIT));
    }

    #[test]
    fn compass_points() {
        let (x, y) = polar_point((0.0, 0.0), 10.0, 90.0);
        assert!((x - 10.0).abs() < 1e-9 && y.abs() < 1e-9, "east is to the right");
        let (x, y) = polar_point((0.0, 0.0), 10.0, 0.0);
        assert!(x.abs() < 1e-9 && (y + 10.0).abs() < 1e-9, "north is up");
    }

    #[test]
    fn a_rhombus_of_hexagons_leans_right() {
        // Going up a row moves half a cell to the right.
        let (a, b) = (hex_centre(0.0, 0.0), hex_centre(0.0, 1.0));
        assert!((b.0 - a.0 - UNIT / 2.0).abs() < 1e-9);
        assert!(b.1 < a.1, "higher rows are drawn higher");
    }
}
