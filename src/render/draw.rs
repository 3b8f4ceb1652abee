//! A position drawn as an SVG document: the cells of the layout, the lines
//! of a board of points, the names of rows and columns, the last move, the
//! pieces (each a `<g class="piece">`), and beside the board the players,
//! their reserves, the pool and the status.

use svg::Document;
use svg::node::element::path::Data;
use svg::node::element::{Circle, Group, Line, Path, Rectangle, Text};

use super::colours;
use super::geometry::{self, CellShape, Geometry, Outline, Point, polar_point};
use super::{Marks, Options};
use crate::engine::{Engine, Position};
use crate::ir::{BoardStyle, CellId, PieceKind, PlayerId};

/// The width of the panel beside the board.
const PANEL: f64 = 230.0;
/// The height of a line of text in the panel.
const LINE: f64 = 26.0;
/// The fonts asked for; DejaVu Sans is built into the PNG renderer.
pub const FONT: &str = "DejaVu Sans, Verdana, sans-serif";

/// A length for the document, to two decimals (plenty for a picture).
fn r(x: f64) -> f64 {
    (x * 100.0 + 0.5).floor() / 100.0
}

/// The whole document.
pub fn document(
    engine: &Engine,
    pos: &Position,
    geometry: &Geometry,
    options: &Options,
    marks: &Marks,
) -> Document {
    let game = engine.game();
    let look = &game.appearance;
    let named = |name: &str| {
        look.colours
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, c)| c.as_str())
    };
    let fills: Vec<&str> = colours::players(&game.players)
        .into_iter()
        .zip(&game.players)
        .map(|(fill, player)| named(player).unwrap_or(fill))
        .collect();
    let palette = Palette {
        light: named("light").unwrap_or(colours::LIGHT),
        dark: named("dark").unwrap_or(colours::DARK),
        frame: named("frame").unwrap_or(colours::FRAME),
    };
    let panel_lines = panel_line_count(engine, pos);
    let height = geometry
        .height
        .max(panel_lines as f64 * LINE + 2.0 * geometry::MARGIN);
    let width = geometry.width + panel_width(engine);
    let mut doc = Document::new()
        .set("width", r(width))
        .set("height", r(height))
        .set("viewBox", (0, 0, r(width), r(height)))
        .set("font-family", FONT)
        .set("class", "rulebook-board");
    doc = doc.add(
        Rectangle::new()
            .set("width", "100%")
            .set("height", "100%")
            .set("fill", colours::PAPER),
    );
    doc = doc.add(board(engine, pos, geometry, options, marks, &fills, &palette));
    doc.add(panel(engine, pos, geometry.width, options, &fills))
}

/// The colours of the board itself.
struct Palette<'a> {
    light: &'a str,
    dark: &'a str,
    frame: &'a str,
}

/// The board: cells, lines, labels, marks and pieces, each layer drawn
/// over the ones before.
fn board(
    engine: &Engine,
    pos: &Position,
    g: &Geometry,
    options: &Options,
    marks: &Marks,
    fills: &[&str],
    palette: &Palette,
) -> Group {
    let look = &engine.game().appearance;
    let mut group = Group::new().set("class", "board");
    if g.cells.iter().any(|c| matches!(c.outline, Outline::Point { .. })) {
        group = group.add(wood(g));
    }
    group = lines(group, engine, pos, g);
    if look.style == BoardStyle::Holes {
        group = group.add(frame(g, palette.frame));
    }
    group = cells(group, engine, g, options, palette);
    group = sides(group, engine, g, fills);
    group = labels(group, g);
    if options.names {
        group = cell_names(group, engine, g);
    }
    pieces(group, engine, pos, g, marks, fills)
}

/// The wood under the lines of a board of points, a little larger than the
/// points.
fn wood(g: &Geometry) -> Rectangle {
    let (x0, y0, x1, y1) = g
        .cells
        .iter()
        .fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, c| {
            let (x, y) = c.centre;
            (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y))
        });
    let pad = geometry::UNIT * 0.5;
    Rectangle::new()
        .set("x", r(x0 - pad))
        .set("y", r(y0 - pad))
        .set("width", r(x1 - x0 + 2.0 * pad))
        .set("height", r(y1 - y0 + 2.0 * pad))
        .set("rx", 6)
        .set("fill", colours::WOOD)
        .set("class", "wood")
}

/// The lines of the layout, then those the rules drew over them.
fn lines(mut group: Group, engine: &Engine, pos: &Position, g: &Geometry) -> Group {
    for (a, b) in &g.lines {
        group = group.add(
            Line::new()
                .set("x1", r(a.0))
                .set("y1", r(a.1))
                .set("x2", r(b.0))
                .set("y2", r(b.1))
                .set("stroke", colours::INK)
                .set("stroke-width", 2)
                .set("class", "line"),
        );
    }
    // The lines the rules drew, over the board's own.
    for (a, b) in engine.drawn_lines(pos) {
        let (Some(a), Some(b)) = (g.cells.get(a.index()), g.cells.get(b.index())) else {
            continue;
        };
        group = group.add(
            Line::new()
                .set("x1", r(a.centre.0))
                .set("y1", r(a.centre.1))
                .set("x2", r(b.centre.0))
                .set("y2", r(b.centre.1))
                .set("stroke", colours::INK)
                .set("stroke-width", 5)
                .set("class", "drawn"),
        );
    }
    group
}

/// Every cell in the appearance's style, the last move's marked, with the
/// `dots` of the appearance.
fn cells(mut group: Group, engine: &Engine, g: &Geometry, options: &Options, palette: &Palette) -> Group {
    let look = &engine.game().appearance;
    let topo = &engine.game().topology;
    let dotted = !look.dots.is_empty();
    for (c, shape) in g.cells.iter().enumerate() {
        let name = &topo.cell_names[c];
        let marked = options.last.iter().any(|m| m.index() == c);
        let star = look.dots.iter().any(|d| d.index() == c);
        let dots = Dots {
            point: !dotted || star,
            star,
        };
        group = group.add(cell(shape, name, marked, look.style, palette, dots));
    }
    group
}

/// The sides the cells share on a board of `lines` style, then the outer
/// sides of the `edges` cells in their player's colour.
fn sides(mut group: Group, engine: &Engine, g: &Geometry, fills: &[&str]) -> Group {
    let look = &engine.game().appearance;
    let sides = Sides::of(g);
    if look.style == BoardStyle::Lines {
        for (a, b) in sides.shared() {
            group = group.add(stroke(a, b, colours::INK, 3.0, "line"));
        }
    }
    for (c, p) in &look.edges {
        if let Some(shape) = g.cells.get(c.index()) {
            for (a, b) in sides.outer(shape) {
                group = group.add(stroke(a, b, fills[p.index() % fills.len()], 6.0, "edge"));
            }
        }
    }
    group
}

/// The names of the rows and columns beside the board.
fn labels(mut group: Group, g: &Geometry) -> Group {
    for label in &g.labels {
        group = group.add(
            Text::new(label.text.clone())
                .set("x", r(label.at.0))
                .set("y", r(label.at.1))
                .set("text-anchor", "middle")
                .set("dominant-baseline", "central")
                .set("font-size", 14)
                .set("fill", colours::INK)
                .set("stroke", colours::PAPER)
                .set("stroke-width", 3)
                .set("paint-order", "stroke")
                .set("class", "label"),
        );
    }
    group
}

/// Every cell's name, written under where its piece stands.
fn cell_names(mut group: Group, engine: &Engine, g: &Geometry) -> Group {
    let topo = &engine.game().topology;
    for (c, shape) in g.cells.iter().enumerate() {
        let (x, y) = shape.centre;
        group = group.add(
            Text::new(topo.cell_names[c].clone())
                .set("x", r(x))
                .set("y", r(y + shape.piece_radius + 2.0))
                .set("text-anchor", "middle")
                .set("dominant-baseline", "hanging")
                .set("font-size", 10)
                .set("fill", colours::INK)
                // A halo of paper, so that names stay legible over lines.
                .set("stroke", colours::PAPER)
                .set("stroke-width", 2.5)
                .set("paint-order", "stroke")
                .set("class", "cell-name"),
        );
    }
    group
}

/// The pieces on the board, each ringed when it is in check or one of
/// those that won.
fn pieces(
    mut group: Group,
    engine: &Engine,
    pos: &Position,
    g: &Geometry,
    marks: &Marks,
    fills: &[&str],
) -> Group {
    let topo = &engine.game().topology;
    for (c, shape) in g.cells.iter().enumerate() {
        if let Some(p) = engine.piece(pos, CellId(c as u16)) {
            let fill = p
                .owner
                .map_or(colours::NEUTRAL, |o| fills[o.index() % fills.len()]);
            group = group.add(
                figure(engine, p.kind, p.owner, shape.centre, shape.piece_radius, fill)
                    .set("class", "piece")
                    .set("data-cell", topo.cell_names[c].clone())
                    .set("data-kind", engine.game().kinds[p.kind.index()].name.clone())
                    .set(
                        "data-player",
                        p.owner
                            .map_or(String::new(), |o| engine.game().players[o.index()].clone()),
                    ),
            );
            let at = CellId(c as u16);
            for (cells, colour, class) in [
                (&marks.check, colours::CHECK, "check"),
                (&marks.won, colours::WON, "won"),
            ] {
                if cells.contains(&at) {
                    group = group.add(ring(
                        shape.centre,
                        shape.piece_radius,
                        colour,
                        class,
                        &topo.cell_names[c],
                    ));
                }
            }
        }
    }
    group
}

/// A marked point.
fn dot(centre: Point, radius: f64) -> Circle {
    Circle::new()
        .set("cx", r(centre.0))
        .set("cy", r(centre.1))
        .set("r", r(radius))
        .set("fill", colours::INK)
        .set("class", "dot")
}

/// A straight stroke from `a` to `b`.
fn stroke(a: Point, b: Point, colour: &str, width: f64, class: &str) -> Line {
    Line::new()
        .set("x1", r(a.0))
        .set("y1", r(a.1))
        .set("x2", r(b.0))
        .set("y2", r(b.1))
        .set("stroke", colour)
        .set("stroke-width", width)
        .set("stroke-linecap", "square")
        .set("class", class)
}

/// A circle as a path (a circular hole in place of a square outline).
fn circle_path(centre: Point, radius: f64) -> Data {
    let (x, y) = centre;
    Data::new()
        .move_to((r(x - radius), r(y)))
        .elliptical_arc_to((r(radius), r(radius), 0, 1, 0, r(x + radius), r(y)))
        .elliptical_arc_to((r(radius), r(radius), 0, 1, 0, r(x - radius), r(y)))
        .close()
}

/// The frame of a board of holes: a panel under every cell.
fn frame(g: &Geometry, colour: &str) -> Rectangle {
    let (x0, y0, x1, y1) = g
        .cells
        .iter()
        .fold((f64::MAX, f64::MAX, f64::MIN, f64::MIN), |b, c| {
            let (x, y) = c.centre;
            let h = c.piece_radius * 1.3;
            (b.0.min(x - h), b.1.min(y - h), b.2.max(x + h), b.3.max(y + h))
        });
    Rectangle::new()
        .set("x", r(x0))
        .set("y", r(y0))
        .set("width", r(x1 - x0))
        .set("height", r(y1 - y0))
        .set("rx", 10)
        .set("fill", colour)
        .set("class", "frame")
}

/// The sides of the cells drawn as polygons, by their middles: a side two
/// cells share lies inside the board, one that only one cell has is on its
/// outer edge.
struct Sides {
    /// How many cells have a side with this middle (in hundredths of a unit).
    count: std::collections::HashMap<(i64, i64), u32>,
    /// Every side once, with its ends.
    all: Vec<((i64, i64), Point, Point)>,
}

impl Sides {
    fn of(g: &Geometry) -> Sides {
        let mut count = std::collections::HashMap::new();
        let mut all = Vec::new();
        for shape in &g.cells {
            for (a, b) in polygon_sides(shape) {
                let key = middle(a, b);
                let n = count.entry(key).or_insert(0);
                if *n == 0 {
                    all.push((key, a, b));
                }
                *n += 1;
            }
        }
        Sides { count, all }
    }

    /// The sides two cells share.
    fn shared(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.all
            .iter()
            .filter(|(key, _, _)| self.count.get(key).copied().unwrap_or(0) > 1)
            .map(|&(_, a, b)| (a, b))
    }

    /// The sides of `shape` on the board's outer edge.
    fn outer<'a>(&'a self, shape: &CellShape) -> impl Iterator<Item = (Point, Point)> + 'a {
        polygon_sides(shape)
            .into_iter()
            .filter(|&(a, b)| self.count.get(&middle(a, b)).copied().unwrap_or(0) == 1)
    }
}

/// The sides of a cell drawn as a polygon (none for other outlines).
fn polygon_sides(shape: &CellShape) -> Vec<(Point, Point)> {
    match &shape.outline {
        Outline::Polygon(points) => (0..points.len())
            .map(|i| (points[i], points[(i + 1) % points.len()]))
            .collect(),
        _ => Vec::new(),
    }
}

/// The middle of a side, to a hundredth, so that the same side of two cells meets.
fn middle(a: Point, b: Point) -> (i64, i64) {
    (
        ((a.0 + b.0) * 50.0 + 0.5).floor() as i64,
        ((a.1 + b.1) * 50.0 + 0.5).floor() as i64,
    )
}

/// A ring about a piece: a check (red) or a winning line (blue).
fn ring(centre: Point, radius: f64, colour: &str, class: &str, cell: &str) -> Circle {
    Circle::new()
        .set("cx", r(centre.0))
        .set("cy", r(centre.1))
        .set("r", r(radius + 3.0))
        .set("fill", "none")
        .set("stroke", colour)
        .set("stroke-width", 4)
        .set("class", class)
        .set("data-cell", cell.to_string())
        .set("pointer-events", "none")
}

/// One cell: its outline, filled, with `data-cell` for the page.
/// Which dots a cell gets: the dot of a point (every point, unless the
/// appearance names some), and a marked point (`dots`).
struct Dots {
    point: bool,
    star: bool,
}

fn cell(
    shape: &CellShape,
    name: &str,
    marked: bool,
    style: BoardStyle,
    palette: &Palette,
    dots: Dots,
) -> Group {
    let fill = match (&shape.outline, shape.dark, style) {
        (Outline::Point { .. }, _, _) => "transparent",
        (_, _, BoardStyle::Holes) => colours::PAPER,
        (_, _, BoardStyle::Lines) => "transparent",
        (_, true, BoardStyle::Checkered) => palette.dark,
        (_, _, _) => palette.light,
    };
    // Holes are circles; lines-only cells have no outline of their own.
    let (stroke, circular) = match style {
        BoardStyle::Holes => (colours::INK, true),
        BoardStyle::Lines => ("none", false),
        _ => (colours::INK, false),
    };
    let class = if marked { "cell last" } else { "cell" };
    let mut group = Group::new().set("class", class).set("data-cell", name);
    let outline = match &shape.outline {
        Outline::Polygon(points) => {
            let mut data = Data::new();
            for (i, p) in points.iter().enumerate() {
                let p = (r(p.0), r(p.1));
                data = if i == 0 { data.move_to(p) } else { data.line_to(p) };
            }
            Path::new().set("d", data.close())
        }
        Outline::Sector {
            centre,
            inner,
            outer,
            from,
            to,
        } => Path::new().set("d", sector_path(*centre, *inner, *outer, *from, *to)),
        Outline::Point { radius } => {
            // The click area; the point itself is drawn on it.
            group = group.add(
                Circle::new()
                    .set("cx", r(shape.centre.0))
                    .set("cy", r(shape.centre.1))
                    .set("r", r(*radius))
                    .set("fill", if marked { colours::LAST_MOVE } else { "transparent" })
                    .set("class", "area"),
            );
            if !dots.point {
                return group;
            }
            return group.add(dot(shape.centre, if dots.star { 5.0 } else { 4.0 }));
        }
    };
    let outline = if circular {
        Path::new().set("d", circle_path(shape.centre, shape.piece_radius * 1.08))
    } else {
        outline
    };
    group = group.add(
        outline
            .set("fill", fill)
            .set("stroke", stroke)
            .set("stroke-width", 1)
            .set("class", "area"),
    );
    if dots.star {
        group = group.add(dot(shape.centre, 5.0));
    }
    if marked {
        let overlay = match &shape.outline {
            _ if circular => Path::new().set("d", circle_path(shape.centre, shape.piece_radius * 1.08)),
            Outline::Sector {
                centre,
                inner,
                outer,
                from,
                to,
            } => Path::new().set("d", sector_path(*centre, *inner, *outer, *from, *to)),
            Outline::Polygon(points) => {
                let mut data = Data::new();
                for (i, p) in points.iter().enumerate() {
                    let p = (r(p.0), r(p.1));
                    data = if i == 0 { data.move_to(p) } else { data.line_to(p) };
                }
                Path::new().set("d", data.close())
            }
            Outline::Point { .. } => unreachable!("points returned above"),
        };
        group = group.add(
            overlay
                .set("fill", colours::LAST_MOVE)
                .set("fill-opacity", 0.55)
                .set("class", "mark"),
        );
    }
    group
}

/// The outline of a ring sector (a slice of the centre when `inner` is 0), arcs included.
fn sector_path(centre: Point, inner: f64, outer: f64, from: f64, to: f64) -> Data {
    let p = |radius: f64, degrees: f64| {
        let (x, y) = polar_point(centre, radius, degrees);
        (r(x), r(y))
    };
    let large = if to - from > 180.0 { 1 } else { 0 };
    let outer_arc = |data: Data| {
        let (x, y) = p(outer, to);
        data.elliptical_arc_to((r(outer), r(outer), 0, large, 1, x, y))
    };
    if inner <= 0.0 {
        outer_arc(Data::new().move_to(p(0.0, from)).line_to(p(outer, from))).close()
    } else {
        let (x, y) = p(inner, from);
        outer_arc(Data::new().move_to(p(inner, from)).line_to(p(outer, from)))
            .line_to(p(inner, to))
            .elliptical_arc_to((r(inner), r(inner), 0, large, 0, x, y))
            .close()
    }
}

/// A piece as the appearance draws it: its figure (`glyph`), a plain disc
/// (`unlettered`), or a disc in its player's colour with its letter.
fn figure(
    engine: &Engine,
    kind: PieceKind,
    owner: Option<PlayerId>,
    centre: Point,
    radius: f64,
    fill: &str,
) -> Group {
    let game = engine.game();
    let look = &game.appearance;
    let glyphs = look.glyphs.get(kind.index()).map_or(&[][..], Vec::as_slice);
    let per_player = glyphs.len() > 1;
    let glyph = match (glyphs, owner) {
        ([], _) => None,
        ([one], _) => Some(one.as_str()),
        (many, Some(o)) => many.get(o.index()).map(String::as_str),
        (many, None) => many.first().map(String::as_str),
    };
    if let Some(glyph) = glyph {
        // A figure per player is drawn in ink, as printed; one figure for
        // every player takes the player's colour, outlined.
        let (ink, outline) = if per_player {
            (colours::INK, "none")
        } else {
            (fill, colours::INK)
        };
        return Group::new().add(
            Text::new(glyph.to_string())
                .set("x", r(centre.0))
                .set("y", r(centre.1))
                .set("text-anchor", "middle")
                .set("dominant-baseline", "central")
                .set("font-size", r(radius * 2.1))
                .set("fill", ink)
                .set("stroke", outline)
                .set("stroke-width", 0.8),
        );
    }
    if look.unlettered.get(kind.index()).copied().unwrap_or(false) {
        return piece(centre, radius, fill, "");
    }
    piece(centre, radius, fill, &game.kinds[kind.index()].letter)
}

/// A piece: a disc in its player's colour with its letter.
fn piece(centre: Point, radius: f64, fill: &str, letter: &str) -> Group {
    let size = if letter.chars().count() > 1 {
        radius * 0.85
    } else {
        radius * 1.15
    };
    Group::new()
        .add(
            Circle::new()
                .set("cx", r(centre.0))
                .set("cy", r(centre.1))
                .set("r", r(radius))
                .set("fill", fill)
                .set("stroke", colours::INK)
                .set("stroke-width", 1.5),
        )
        .add(
            Text::new(letter.to_string())
                .set("x", r(centre.0))
                .set("y", r(centre.1))
                .set("text-anchor", "middle")
                .set("dominant-baseline", "central")
                .set("font-size", r(size))
                .set("fill", colours::ink_on(fill)),
        )
}

/// What the panel lists for a player: (kind, how many in reserve).
fn reserves(engine: &Engine, pos: &Position, player: PlayerId) -> Vec<(PieceKind, i64)> {
    (0..engine.game().kinds.len())
        .map(|k| PieceKind(k as u8))
        .map(|k| (k, engine.reserve(pos, player, k)))
        .filter(|(_, n)| *n > 0)
        .collect()
}

/// The pool's kinds with how many of each are left.
fn pool(engine: &Engine, pos: &Position) -> Vec<(PieceKind, i64)> {
    engine
        .game()
        .pool
        .iter()
        .map(|(k, _)| (*k, engine.pool(pos, *k)))
        .filter(|(_, n)| *n > 0)
        .collect()
}

/// A player's counters: "entered 2 · taken 0" (those that are not 0 or
/// can change for them).
fn counters_line(engine: &Engine, pos: &Position, player: PlayerId) -> String {
    engine
        .game()
        .counters
        .iter()
        .enumerate()
        .filter(|&(c, _)| engine.counter(pos, c, player) != 0 || engine.counter_can_change(c, player))
        .map(|(c, name)| format!("{} {}", name.replace('_', " "), engine.counter(pos, c, player)))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The panel's width: enough for the title and the players' names.
fn panel_width(engine: &Engine) -> f64 {
    let game = engine.game();
    let longest = game
        .players
        .iter()
        .map(|p| p.chars().count() + 4)
        .chain(std::iter::once(game.title.chars().count()))
        // The counters' line: names, values of a few digits and separators.
        .chain(std::iter::once(
            game.counters.iter().map(|c| c.chars().count() + 6).sum::<usize>() + 3,
        ))
        .max()
        .unwrap_or(0);
    // About 9.5 pixels a character at 16 pixels (DejaVu Sans is wide).
    PANEL.max(longest as f64 * 9.5 + 24.0)
}

/// How many lines the panel takes.
fn panel_line_count(engine: &Engine, pos: &Position) -> usize {
    let game = engine.game();
    let mut n = 3; // title, status, gap
    for p in 0..game.players.len() {
        n += 1 + reserves(engine, pos, PlayerId(p as u8)).len().div_ceil(3);
        n += usize::from(!counters_line(engine, pos, PlayerId(p as u8)).is_empty());
    }
    if !game.pool.is_empty() {
        n += 1 + pool(engine, pos).len().div_ceil(3);
    }
    n
}

/// The panel beside the board: title, status, players with their reserves, the pool.
fn panel(engine: &Engine, pos: &Position, left: f64, options: &Options, fills: &[&str]) -> Group {
    let game = engine.game();
    let x = left + 8.0;
    let mut y = geometry::MARGIN;
    let mut group = Group::new().set("class", "panel");
    let text = |s: &str, x: f64, y: f64, size: f64| {
        Text::new(s.to_string())
            .set("x", r(x))
            .set("y", r(y))
            .set("font-size", size)
            .set("fill", colours::INK)
            .set("dominant-baseline", "central")
    };
    let title = if game.title.is_empty() {
        "rulebook"
    } else {
        &game.title
    };
    group = group.add(
        text(title, x, y, 16.0)
            .set("font-weight", "bold")
            .set("class", "title"),
    );
    y += LINE;
    group = group.add(text(&options.status, x, y, 13.0).set("class", "status"));
    y += LINE * 1.5;
    let chip = |centre: Point, fill: &str, kind: PieceKind, owner: Option<PlayerId>| {
        figure(engine, kind, owner, centre, 10.0, fill)
    };
    for (p, name) in game.players.iter().enumerate() {
        let pid = PlayerId(p as u8);
        let fill = fills[p % fills.len()];
        group = group.add(
            Circle::new()
                .set("cx", r(x + 8.0))
                .set("cy", r(y))
                .set("r", 7)
                .set("fill", fill)
                .set("stroke", colours::INK),
        );
        group = group.add(text(name, x + 22.0, y, 14.0).set("class", "player"));
        y += LINE;
        for (i, (k, n)) in reserves(engine, pos, pid).into_iter().enumerate() {
            let (cx, cy) = (x + 18.0 + (i % 3) as f64 * 66.0, y + (i / 3) as f64 * LINE);
            group = group.add(chip((cx, cy), fill, k, Some(pid)).set("class", "reserve"));
            group = group.add(text(&format!("×{n}"), cx + 14.0, cy, 13.0));
        }
        y += LINE * reserves(engine, pos, pid).len().div_ceil(3) as f64;
        let counters = counters_line(engine, pos, pid);
        if !counters.is_empty() {
            group = group.add(text(&counters, x + 22.0, y, 13.0).set("class", "counters"));
            y += LINE;
        }
    }
    if !game.pool.is_empty() {
        group = group.add(text("pool", x, y, 14.0).set("class", "player"));
        y += LINE;
        for (i, (k, n)) in pool(engine, pos).into_iter().enumerate() {
            let (cx, cy) = (x + 18.0 + (i % 3) as f64 * 66.0, y + (i / 3) as f64 * LINE);
            group = group.add(chip((cx, cy), colours::NEUTRAL, k, None).set("class", "pool"));
            group = group.add(text(&format!("×{n}"), cx + 14.0, cy, 13.0));
        }
    }
    group
}
