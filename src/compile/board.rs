//! Pass 2: the board. A grid declaration becomes a petgraph graph of cells
//! linked by directions (exit cells beyond the chosen edges included); the
//! graph is checked, then frozen into the dense [`Topology`] tables.

use std::collections::HashMap;

use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;

use super::Ctx;
use super::error::{self, NameKind};
use crate::diag::Problem;
use crate::ir::ids::MAX_CELLS;
use crate::ir::{CellId, DirId, Topology};
use crate::syntax::ast::{BoardDecl, Item, PerPlayer, RulesFile};

/// The eight compass directions of a grid, as (name, file step, rank step), in
/// clockwise order so that index ± 2 (mod 8) is perpendicular.
const GRID_DIRS: [(&str, i32, i32); 8] = [
    ("n", 0, 1),
    ("ne", 1, 1),
    ("e", 1, 0),
    ("se", 1, -1),
    ("s", 0, -1),
    ("sw", -1, -1),
    ("w", -1, 0),
    ("nw", -1, 1),
];

/// A cell of the board graph.
#[derive(Debug, Clone)]
struct CellNode {
    name: String,
    coord: (i32, i32),
    exit: bool,
}

pub(super) fn build(cx: &mut Ctx, file: &RulesFile) {
    let mut boards = file.items.iter().filter_map(|i| match i {
        Item::Board(b) => Some(b),
        _ => None,
    });
    let Some(decl) = boards.next() else { return };
    for again in boards {
        cx.report(
            error::invalid(
                "rules::compile::duplicate",
                "`board` is declared twice",
                again.span,
                "declared again here",
            )
            .with_label(decl.span, "first declared here"),
        );
    }
    let graph = match grid_graph(decl) {
        Ok(g) => g,
        Err(p) => return cx.report(p),
    };
    let topology = freeze(&graph, decl);
    cx.board_desc = describe(decl);
    cx.cell_ids = topology
        .cell_names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.clone(), CellId(i as u16)))
        .collect();
    cx.topology = Some(topology);
    resolve_direction_sets(cx, file);
}

fn describe(decl: &BoardDecl) -> String {
    format!(
        "files {}..{} and ranks {}..{}",
        decl.files.0.text, decl.files.1.text, decl.ranks.0.text, decl.ranks.1.text
    )
}

/// File labels are single letters, rank labels whole numbers.
fn grid_graph(decl: &BoardDecl) -> Result<DiGraph<CellNode, u8>, Problem> {
    let letter = |s: &str| -> Option<u8> {
        let b = s.as_bytes();
        (b.len() == 1 && b[0].is_ascii_lowercase()).then(|| b[0])
    };
    let (Some(f0), Some(f1)) = (letter(&decl.files.0.text), letter(&decl.files.1.text)) else {
        return Err(error::invalid(
            "rules::compile::bad_board",
            "files must be named by single lowercase letters",
            decl.files.0.span.join(decl.files.1.span),
            "expected e.g. `a..h`",
        ));
    };
    let number = |s: &str| s.parse::<i32>().ok();
    let (Some(r0), Some(r1)) = (number(&decl.ranks.0.text), number(&decl.ranks.1.text)) else {
        return Err(error::invalid(
            "rules::compile::bad_board",
            "ranks must be numbered",
            decl.ranks.0.span.join(decl.ranks.1.span),
            "expected e.g. `1..8`",
        ));
    };
    if f1 < f0 || r1 < r0 {
        return Err(error::invalid(
            "rules::compile::bad_board",
            "the board's ranges run backwards",
            decl.span,
            "write the lower end first, e.g. `files a..h ranks 1..8`",
        ));
    }
    let width = (f1 - f0 + 1) as i32;
    let height = r1 - r0 + 1;
    let mut exit_rows = Vec::new();
    for side in &decl.exits {
        match side.text.as_str() {
            "n" => exit_rows.push(height),
            "s" => exit_rows.push(-1),
            _ => {
                return Err(
                    error::unknown(NameKind::Direction, &side.text, side.span, ["n", "s"])
                        .with_help("exit cells can lie beyond the `n` and `s` edges (the ranks)"),
                );
            }
        }
    }
    let total = (width * height) as usize + exit_rows.len() * width as usize;
    if total > MAX_CELLS {
        return Err(error::out_of_range(
            "the board size",
            decl.span,
            &format!("at most {MAX_CELLS} cells, exit cells included (this board has {total})"),
        ));
    }
    let mut graph = DiGraph::new();
    let mut at: HashMap<(i32, i32), NodeIndex> = HashMap::new();
    let rows = (0..height)
        .map(|r| (r, false))
        .chain(exit_rows.iter().map(|r| (*r, true)));
    for (rank, exit) in rows {
        for file in 0..width {
            let name = format!("{}{}", (f0 + file as u8) as char, r0 + rank);
            let node = graph.add_node(CellNode {
                name,
                coord: (file, rank),
                exit,
            });
            at.insert((file, rank), node);
        }
    }
    // Links: every direction from every board cell; exit cells have no way out.
    for node in graph.node_indices().collect::<Vec<_>>() {
        if graph[node].exit {
            continue;
        }
        let (f, r) = graph[node].coord;
        for (d, (_, df, dr)) in GRID_DIRS.iter().enumerate() {
            if let Some(&to) = at.get(&(f + df, r + dr)) {
                graph.add_edge(node, to, d as u8);
            }
        }
    }
    Ok(graph)
}

/// Freezes the graph into dense tables; board cells first, exit cells after.
fn freeze(graph: &DiGraph<CellNode, u8>, _decl: &BoardDecl) -> Topology {
    let mut order: Vec<NodeIndex> = graph.node_indices().collect();
    order.sort_by_key(|n| (graph[*n].exit, graph[*n].coord.1, graph[*n].coord.0));
    let id_of: HashMap<NodeIndex, CellId> = order
        .iter()
        .enumerate()
        .map(|(i, n)| (*n, CellId(i as u16)))
        .collect();
    let dirs = GRID_DIRS.len();
    let mut neighbour = vec![CellId::NONE; order.len() * dirs];
    for (i, node) in order.iter().enumerate() {
        for edge in graph.edges(*node) {
            neighbour[i * dirs + *edge.weight() as usize] = id_of[&edge.target()];
        }
    }
    let (width, height) = order
        .iter()
        .filter(|n| !graph[**n].exit)
        .fold((0, 0), |(w, h), n| {
            let (f, r) = graph[*n].coord;
            (w.max(f + 1), h.max(r + 1))
        });
    Topology {
        cell_names: order.iter().map(|n| graph[*n].name.clone()).collect(),
        board_cells: order.iter().filter(|n| !graph[**n].exit).count(),
        coords: order.iter().map(|n| graph[*n].coord).collect(),
        width,
        height,
        dir_names: GRID_DIRS.iter().map(|(n, _, _)| n.to_string()).collect(),
        neighbour,
        perpendicular: (0..dirs)
            .map(|d| {
                vec![
                    DirId(((d + 2) % dirs) as u8),
                    DirId(((d + dirs - 2) % dirs) as u8),
                ]
            })
            .collect(),
        regions: Vec::new(),
    }
}

/// Gives each `directions` set its directions for each player.
fn resolve_direction_sets(cx: &mut Ctx, file: &RulesFile) {
    let players = cx.player_count();
    for item in &file.items {
        let Item::Directions(decl) = item else { continue };
        if cx.dir_sets.get(&decl.name.text) != Some(cx.dir_set_values.len()) {
            continue; // a repeated declaration, already reported
        }
        let mut per_player = vec![Vec::new(); players];
        match &decl.value {
            PerPlayer::All(list) => {
                if let Some(dirs) = cx.resolve_dirs(list) {
                    per_player = dirs;
                }
            }
            PerPlayer::Each(entries) => {
                let mut seen = vec![false; players];
                for (player, list) in entries {
                    let p = cx.players.resolve(NameKind::Player, player);
                    let Some(p) = cx.ok(p) else { continue };
                    seen[p] = true;
                    if let Some(dirs) = cx.resolve_dirs(list) {
                        per_player[p] = dirs[p].clone();
                    }
                }
                if let Some(p) = seen.iter().position(|s| !s) {
                    let name = cx.players.names().nth(p).unwrap_or_default().to_string();
                    cx.report(error::invalid(
                        "rules::compile::missing_player_value",
                        format!("directions `{}` give nothing for player `{name}`", decl.name.text),
                        decl.name.span,
                        "every player needs a value",
                    ));
                }
            }
        }
        cx.dir_set_values.push(per_player);
    }
}
