//! `rotate REGIONS by ANGLES` and `reflect REGIONS along DIRS`: the
//! permutations of the regions' cells, computed once from the grid's
//! coordinates and checked to map each region onto itself.

use std::collections::HashMap;

use super::error;
use super::{Ctx, regions};
use crate::diag::Span;
use crate::engine::MAX_TRANSFORMS;
use crate::ir::{CellId, Op, Transform};
use crate::syntax::ast::{Ident, Turning};

/// One turn of the plane about a block's centre, on doubled coordinates
/// (the centre of a block of even side lies between cells).
#[derive(Debug, Clone, Copy)]
enum Map {
    /// A quarter turn clockwise, times 1, 2 or 3.
    Quarter(u8),
    /// The mirror that reverses the direction `(df, dr)`.
    Mirror(i32, i32),
}

impl Map {
    fn apply(self, (x, y): (i32, i32)) -> (i32, i32) {
        match self {
            Map::Quarter(n) => (0..n).fold((x, y), |(x, y), _| (y, -x)),
            Map::Mirror(df, dr) => {
                // p - 2 (p·v / v·v) v, whole on a grid's eight directions.
                let dot = x * df + y * dr;
                let norm = df * df + dr * dr;
                (x - 2 * dot * df / norm, y - 2 * dot * dr / norm)
            }
        }
    }
}

/// The op of a `rotate` or `reflect` clause: one branch per region and turn,
/// for each player. `None` after reporting.
pub(super) fn turn_op(cx: &mut Ctx, regions: &[Ident], how: &Turning, span: Span) -> Option<Op> {
    cx.topology.as_ref()?;
    if !cx.grid {
        cx.report(
            error::invalid(
                "rules::compile::bad_turn",
                "a block of cells can only be turned on a grid board",
                span,
                "this board is a graph",
            )
            .with_help("declare the board with `board grid files … ranks …`"),
        );
        return None;
    }
    // Per player, the maps, each with how it is written after the region's name.
    let maps: Vec<Vec<(Map, String)>> = match how {
        Turning::Rotate(angles) => {
            let mut maps = Vec::new();
            for &(angle, at) in angles {
                let quarters = angle.rem_euclid(360) / 90;
                if angle % 90 != 0 || quarters == 0 {
                    cx.report(error::out_of_range(
                        "this angle",
                        at,
                        "a quarter, half or three-quarter turn: 90, 180, 270 or -90 (degrees, clockwise)",
                    ));
                    return None;
                }
                let written = ["", "+90", "+180", "-90"][quarters as usize];
                maps.push((Map::Quarter(quarters as u8), written.to_string()));
            }
            vec![maps; cx.player_count()]
        }
        Turning::Reflect(dirs) => {
            let resolved = cx.resolve_dirs(dirs)?;
            let topo = cx.topology.as_ref()?;
            resolved
                .iter()
                .map(|of_player| {
                    of_player
                        .iter()
                        .filter_map(|&d| {
                            let (df, dr) = direction_vector(topo, d)?;
                            Some((Map::Mirror(df, dr), format!("|{}", topo.dir_names[d.0 as usize])))
                        })
                        .collect()
                })
                .collect()
        }
    };
    turn_ids(cx, regions, &maps, span)
}

/// The op for `maps[player]` (each a map and its written suffix) applied to
/// each region.
fn turn_ids(cx: &mut Ctx, regions: &[Ident], maps: &[Vec<(Map, String)>], span: Span) -> Option<Op> {
    let mut resolved = Vec::new();
    for r in regions {
        resolved.push((regions::resolve(cx, r)?, r));
    }
    let topo = cx.topology.as_ref()?;
    let at: HashMap<(i32, i32), CellId> = (0..topo.board_cells)
        .map(|c| (topo.coords[c], CellId(c as u16)))
        .collect();
    let mut ids = Vec::new();
    let mut problems = Vec::new();
    let mut found: Vec<Transform> = Vec::new();
    for player in 0..cx.player_count() {
        let mut of_player: Vec<u16> = Vec::new();
        for &(r, ident) in &resolved {
            let region = &topo.regions[r];
            let cells: Vec<usize> = (0..topo.cells()).filter(|&c| region.member[player][c]).collect();
            for (map, written) in maps.get(player).into_iter().flatten() {
                match permutation(topo, &at, &cells, *map) {
                    Ok(cycles) => {
                        let t = Transform {
                            name: format!("{}{written}", ident.text),
                            cycles,
                        };
                        let known = cx.transforms.iter().chain(&found).position(|k| *k == t);
                        let id = known.unwrap_or_else(|| {
                            found.push(t);
                            cx.transforms.len() + found.len() - 1
                        });
                        if !of_player.contains(&(id as u16)) {
                            of_player.push(id as u16);
                        }
                    }
                    Err(why) => problems.push(
                        error::invalid(
                            "rules::compile::bad_turn",
                            format!("region `{}` does not turn onto itself", ident.text),
                            ident.span,
                            format!("turned `{}{written}`, {why}", ident.text),
                        )
                        .with_label(span, "turned here")
                        .with_help(
                            "a region turns as a block: its cells must fill a square for a quarter turn, \
                             or a shape that the turn or mirror maps onto itself",
                        ),
                    ),
                }
            }
        }
        ids.push(of_player);
    }
    if !problems.is_empty() {
        problems.into_iter().for_each(|p| cx.report(p));
        return None;
    }
    if cx.transforms.len() + found.len() > MAX_TRANSFORMS {
        cx.report(error::out_of_range(
            "the turns of blocks in the rules",
            span,
            &format!("at most {MAX_TRANSFORMS} different ones"),
        ));
        return None;
    }
    cx.transforms.extend(found);
    Some(Op::Turn(ids))
}

/// The step from a cell to its neighbour in `d`, on the grid's coordinates.
fn direction_vector(topo: &crate::ir::Topology, d: crate::ir::DirId) -> Option<(i32, i32)> {
    (0..topo.board_cells).find_map(|c| {
        let to = topo.step(CellId(c as u16), d);
        (to.is_some() && !topo.is_exit(to)).then(|| {
            let (a, b) = (topo.coords[c], topo.coords[to.index()]);
            (b.0 - a.0, b.1 - a.1)
        })
    })
}

/// The cycles of `map` on `cells` about their bounding box's centre, or why
/// the cells are not mapped onto themselves.
fn permutation(
    topo: &crate::ir::Topology,
    at: &HashMap<(i32, i32), CellId>,
    cells: &[usize],
    map: Map,
) -> Result<Vec<Vec<CellId>>, String> {
    if let Some(&c) = cells.iter().find(|&&c| topo.is_exit(CellId(c as u16))) {
        return Err(format!("it holds the exit cell {}", topo.cell_names[c]));
    }
    let xs = cells.iter().map(|&c| topo.coords[c].0);
    let ys = cells.iter().map(|&c| topo.coords[c].1);
    let (x0, x1) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(0));
    let (y0, y1) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0));
    let image = |c: usize| -> Option<usize> {
        let (x, y) = topo.coords[c];
        let (u, v) = map.apply((2 * x - x0 - x1, 2 * y - y0 - y1));
        let (u, v) = (u + x0 + x1, v + y0 + y1);
        if u % 2 != 0 || v % 2 != 0 {
            return None;
        }
        let to = at.get(&(u / 2, v / 2))?.index();
        cells.binary_search(&to).ok().map(|_| to)
    };
    let mut next = vec![usize::MAX; topo.cells()];
    for &c in cells {
        match image(c) {
            Some(to) => next[c] = to,
            None => {
                return Err(format!("{} would leave the region", topo.cell_names[c]));
            }
        }
    }
    let mut done = vec![false; topo.cells()];
    let mut cycles = Vec::new();
    for &c in cells {
        if done[c] || next[c] == c {
            continue;
        }
        let mut cycle = Vec::new();
        let mut at = c;
        while !done[at] {
            done[at] = true;
            cycle.push(CellId(at as u16));
            at = next[at];
        }
        cycles.push(cycle);
    }
    Ok(cycles)
}
