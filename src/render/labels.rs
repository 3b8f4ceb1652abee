//! The names written beside a board: of its columns and rows (files and
//! ranks), or of its rings and sectors, taken from the cells' names.

use std::collections::BTreeMap;

use super::geometry::{Geometry, Label, Point, UNIT, hex_centre, polar_point, ring_bounds, sector_angles};
use crate::ir::{Layout, LayoutShape, Topology};

/// How far outside the cells a name of a row or column stands.
const GAP: f64 = 18.0;

/// The labels of a board laid out as `layout`, before the drawing is fitted.
pub fn place(layout: &Layout, topo: &Topology, g: &Geometry) -> Vec<Label> {
    let cells = g.cells.len();
    let name = |c: usize| topo.cell_names[c].as_str();
    let mut out = Vec::new();
    let mut push = |text: String, at: Point| {
        if !text.is_empty() {
            out.push(Label { text, at });
        }
    };
    match layout.shape {
        LayoutShape::Squares | LayoutShape::Intersections | LayoutShape::Points => {
            if cells == 0 {
                return out;
            }
            let half = if matches!(layout.shape, LayoutShape::Squares) {
                UNIT / 2.0
            } else {
                UNIT * 0.3
            };
            let bottom = g.cells.iter().map(|c| c.centre.1).fold(f64::MIN, f64::max) + half + GAP;
            let left = g.cells.iter().map(|c| c.centre.0).fold(f64::MAX, f64::min) - half - GAP;
            for group in groups(cells, |c| layout.places[c].0).values() {
                let x = g.cells[group[0]].centre.0;
                push(common_label(group.iter().map(|&c| name(c))), (x, bottom));
            }
            for group in groups(cells, |c| layout.places[c].1).values() {
                let y = g.cells[group[0]].centre.1;
                push(common_label(group.iter().map(|&c| name(c))), (left, y));
            }
        }
        LayoutShape::Hexagons => {
            for (q, group) in groups(cells, |c| layout.places[c].0) {
                let low = group.iter().map(|&c| layout.places[c].1).min().unwrap_or(0);
                let (x, y) = hex_centre(q as f64, low as f64 - 1.0);
                push(common_label(group.iter().map(|&c| name(c))), (x, y - UNIT * 0.2));
            }
            for (r, group) in groups(cells, |c| layout.places[c].1) {
                let low = group.iter().map(|&c| layout.places[c].0).min().unwrap_or(0);
                let (x, y) = hex_centre(low as f64 - 1.0, r as f64);
                push(common_label(group.iter().map(|&c| name(c))), (x + UNIT * 0.2, y));
            }
        }
        LayoutShape::Polar {
            rings,
            sectors,
            clockwise,
            from_degrees,
        } => {
            let step = 360.0 / sectors.max(1) as f64;
            let outer = ring_bounds(rings - 1, sectors).1 + GAP;
            for (s, group) in groups(cells, |c| layout.places[c].1) {
                let (a0, a1) = sector_angles(s, step, clockwise, from_degrees as f64);
                let text = common_label(group.iter().map(|&c| name(c)));
                push(text, polar_point((0.0, 0.0), outer, (a0 + a1) / 2.0));
            }
            // Ring names along the spoke where the first sector starts.
            for (r, group) in groups(cells, |c| layout.places[c].0) {
                let (inner, outer) = ring_bounds(r, sectors);
                let radius = if r == 0 {
                    outer * 0.85
                } else {
                    (inner + outer) / 2.0
                };
                let text = common_label(group.iter().map(|&c| name(c)));
                push(text, polar_point((0.0, 0.0), radius, from_degrees as f64));
            }
        }
    }
    out
}

/// The cells grouped by a key, in key order.
fn groups(cells: usize, key: impl Fn(usize) -> i32) -> BTreeMap<i32, Vec<usize>> {
    let mut map: BTreeMap<i32, Vec<usize>> = BTreeMap::new();
    for c in 0..cells {
        map.entry(key(c)).or_default().push(c);
    }
    map
}

/// The label of a row or column of cells: the letters their names share
/// (`c` for c1…c8) or else the digits they share (`8` for a8…h8); empty
/// when they share neither.
pub fn common_label<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let split = |n: &'a str| {
        let letters = n
            .chars()
            .take_while(|c| c.is_alphabetic())
            .map(char::len_utf8)
            .sum::<usize>();
        (&n[..letters], &n[letters..])
    };
    let parts: Vec<(&str, &str)> = names.map(split).collect();
    let Some(first) = parts.first() else {
        return String::new();
    };
    if parts.iter().all(|p| p.0 == first.0) && !first.0.is_empty() {
        first.0.to_string()
    } else if parts.iter().all(|p| p.1 == first.1) && !first.1.is_empty() {
        first.1.to_string()
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::common_label;

    #[test]
    fn rows_and_columns_are_named_by_what_their_cells_share() {
        assert_eq!(common_label(["c1", "c2", "c8"].into_iter()), "c");
        assert_eq!(common_label(["a8", "b8", "h8"].into_iter()), "8");
        assert_eq!(common_label(["a1", "b2"].into_iter()), "");
    }
}
