//! The board's drawing: the `layout` item, or the default for the kind of
//! board, becomes an [`ir::Layout`] (each cell's place in the picture).
//!
//! Defaults: a grid is drawn as squares by file and rank; a graph board with
//! coordinates as squares by its first two coordinates; a board of `line`s
//! as points placed by the cells' names (`d5`: file d, rank 5).

use std::collections::HashMap;

use super::Ctx;
use super::error::{self, NameKind};
use crate::diag::Span;
use crate::ir::{Layout, LayoutShape};
use crate::syntax::ast::{self, Item, LayoutDecl, LayoutStyle, RulesFile};

/// The most a point's coordinate may be, either way: pictures stay a sane size.
const MAX_POINT: i64 = 1_000;

/// Builds the layout of the board (an empty one when there is no board).
pub(super) fn build(cx: &mut Ctx, file: &RulesFile) -> Layout {
    let mut decls = file.items.iter().filter_map(|i| match i {
        Item::Layout(l) => Some(l),
        _ => None,
    });
    let decl = decls.next();
    if let Some(first) = decl {
        for again in decls {
            cx.report(
                error::invalid(
                    "rules::compile::duplicate",
                    "`layout` is declared twice",
                    again.span,
                    "declared again here",
                )
                .with_label(first.span, "first declared here")
                .with_help("a board has one layout: keep one of them"),
            );
        }
    }
    let Some(topo) = cx.topology.as_ref() else {
        return Layout {
            shape: LayoutShape::Squares,
            places: Vec::new(),
        };
    };
    let axes = Axes {
        names: cx.cell_vars.clone(),
        values: indices(&cx.cell_values),
        drawing: topo.coords[..topo.board_cells].to_vec(),
    };
    let Some(decl) = decl else {
        return default_layout(&axes);
    };
    match layout(cx, decl, &axes) {
        Some(layout) => layout,
        None => default_layout(&axes),
    }
}

/// The coordinates of the board cells, as layouts see them.
struct Axes {
    /// The coordinates' names (`file`, `rank`; a graph's variables; none for `line` boards).
    names: Vec<String>,
    /// `values[cell][coordinate]`: its position in its range, from 0.
    values: Vec<Vec<i32>>,
    /// Each cell's (column, row) of the default drawing.
    drawing: Vec<(i32, i32)>,
}

impl Axes {
    /// The index of a named coordinate; reports an unknown one.
    fn find(&self, cx: &mut Ctx, name: &ast::Ident) -> Option<usize> {
        let found = self.names.iter().position(|n| *n == name.text);
        if found.is_none() {
            let mut problem = error::unknown(
                NameKind::Value,
                &name.text,
                name.span,
                self.names.iter().map(String::as_str),
            );
            if self.names.is_empty() {
                problem = problem.with_help(
                    "this board has no coordinates to name (its cells come from `line`s): use `layout points`",
                );
            } else if problem.help.is_none() {
                problem = problem.with_help(format!("the board's coordinates are {}", self.names.join(", ")));
            }
            cx.report(problem);
        }
        found
    }

    /// Every cell's (across, up) from two coordinates.
    fn pairs(&self, x: usize, y: usize) -> Vec<(i32, i32)> {
        self.values
            .iter()
            .map(|v| (v.get(x).copied().unwrap_or(0), v.get(y).copied().unwrap_or(0)))
            .collect()
    }
}

/// Coordinate values made positions from 0 (a number range `1..16` starts at 1).
fn indices(values: &[Vec<i64>]) -> Vec<Vec<i32>> {
    let width = values.first().map_or(0, Vec::len);
    let lows: Vec<i64> = (0..width)
        .map(|k| values.iter().filter_map(|v| v.get(k)).copied().min().unwrap_or(0))
        .collect();
    values
        .iter()
        .map(|v| {
            v.iter()
                .zip(&lows)
                .map(|(x, lo)| (x - lo).clamp(0, i32::MAX as i64) as i32)
                .collect()
        })
        .collect()
}

/// The layout a board gets when its file gives none.
fn default_layout(axes: &Axes) -> Layout {
    let shape = if axes.names.is_empty() {
        LayoutShape::Points
    } else {
        LayoutShape::Squares
    };
    Layout {
        shape,
        places: axes.drawing.clone(),
    }
}

/// The layout a `layout` item asks for; `None` (reported) when it cannot be made.
fn layout(cx: &mut Ctx, decl: &LayoutDecl, axes: &Axes) -> Option<Layout> {
    match &decl.shape {
        ast::LayoutShape::Plane {
            style, axes: named, ..
        } => {
            let shape = match style {
                LayoutStyle::Squares => LayoutShape::Squares,
                LayoutStyle::Intersections => LayoutShape::Intersections,
                LayoutStyle::Hexagons => LayoutShape::Hexagons,
            };
            let places = match named {
                None => axes.drawing.clone(),
                Some((x, y)) => {
                    let (x, y) = (axes.find(cx, x), axes.find(cx, y));
                    axes.pairs(x?, y?)
                }
            };
            Some(Layout { shape, places })
        }
        ast::LayoutShape::Polar {
            ring,
            sector,
            clockwise,
            from,
        } => {
            let (r, s) = (axes.find(cx, ring), axes.find(cx, sector));
            let (r, s) = (r?, s?);
            if r == s {
                cx.report(
                    error::invalid(
                        "rules::compile::bad_layout",
                        "the ring and the sector of a polar layout are one coordinate",
                        sector.span,
                        "the same as the ring",
                    )
                    .with_label(ring.span, "the ring")
                    .with_help("name two different coordinates: `layout polar ring r, sector s`"),
                );
                return None;
            }
            let places = axes.pairs(r, s);
            let rings = places.iter().map(|p| p.0 + 1).max().unwrap_or(1);
            let sectors = places.iter().map(|p| p.1 + 1).max().unwrap_or(1);
            let from_degrees = from.map_or(0, |(d, _)| d.rem_euclid(360) as i32);
            Some(Layout {
                shape: LayoutShape::Polar {
                    rings,
                    sectors,
                    clockwise: *clockwise,
                    from_degrees,
                },
                places,
            })
        }
        ast::LayoutShape::Points(points) => points_layout(cx, decl.span, points, axes.drawing.len()),
    }
}

/// `layout points CELL (x, y) …`: every board cell exactly once, no two on one point.
fn points_layout(
    cx: &mut Ctx,
    span: Span,
    points: &[(ast::Ident, i64, i64)],
    cells: usize,
) -> Option<Layout> {
    let mut places: Vec<Option<(i32, i32)>> = vec![None; cells];
    let mut first: HashMap<usize, Span> = HashMap::new();
    let mut taken: HashMap<(i64, i64), &ast::Ident> = HashMap::new();
    let mut ok = true;
    for (cell, x, y) in points {
        let Some(id) = cx.resolve_cell(cell) else {
            ok = false;
            continue;
        };
        if id.index() >= cells {
            cx.report(error::cell_outside_board(
                &cell.text,
                cell.span,
                &cx.board_desc.clone(),
            ));
            ok = false;
            continue;
        }
        if let Some(before) = first.insert(id.index(), cell.span) {
            cx.report(
                error::invalid(
                    "rules::compile::duplicate",
                    format!("cell `{}` is given two points", cell.text),
                    cell.span,
                    "given again here",
                )
                .with_label(before, "first given here")
                .with_help("give each cell one point"),
            );
            ok = false;
            continue;
        }
        if x.abs() > MAX_POINT || y.abs() > MAX_POINT {
            cx.report(error::out_of_range(
                "a point's coordinate",
                cell.span,
                &format!("between -{MAX_POINT} and {MAX_POINT}"),
            ));
            ok = false;
            continue;
        }
        if let Some(other) = taken.insert((*x, *y), cell) {
            cx.report(
                error::invalid(
                    "rules::compile::bad_layout",
                    format!(
                        "cells `{}` and `{}` are drawn at one point",
                        other.text, cell.text
                    ),
                    cell.span,
                    "this cell",
                )
                .with_label(other.span, "and this one")
                .with_help("give every cell a point of its own"),
            );
            ok = false;
        }
        places[id.index()] = Some((*x as i32, *y as i32));
    }
    let missing: Vec<String> = places
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_none())
        .filter_map(|(c, _)| cx.topology.as_ref().map(|t| t.cell_names[c].clone()))
        .collect();
    if ok && !missing.is_empty() {
        let shown: Vec<&str> = missing.iter().take(8).map(String::as_str).collect();
        let more = if missing.len() > shown.len() { ", …" } else { "" };
        cx.report(
            error::invalid(
                "rules::compile::bad_layout",
                format!(
                    "{} cell{} of the board {} no point: {}{more}",
                    missing.len(),
                    if missing.len() == 1 { "" } else { "s" },
                    if missing.len() == 1 { "has" } else { "have" },
                    shown.join(", ")
                ),
                span,
                "this layout",
            )
            .with_help(format!("add a point for each, e.g. `{} (0, 0)`", missing[0])),
        );
        return None;
    }
    if !ok {
        return None;
    }
    Some(Layout {
        shape: LayoutShape::Points,
        places: places.into_iter().map(|p| p.unwrap_or((0, 0))).collect(),
    })
}
