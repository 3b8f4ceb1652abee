//! Pass 2: the board. A grid or a graph declaration becomes one petgraph graph
//! of cells linked by directions (each link saying which direction a line
//! continues in after it); the graph is checked, then frozen into the dense
//! [`Topology`] tables that the engine uses.

mod graph;
mod graph_links;
mod grid;

use std::collections::HashMap;

use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;

use super::error::{self, NameKind};
use super::{Ctx, coord_expr};
use crate::diag::{Problem, Span};
use crate::ir::files::{MAX_FILES, file_index, file_name};
use crate::ir::ids::{MAX_CELLS, MAX_DIRS};
use crate::ir::{CellId, DirId, Topology};
use crate::syntax::ast::{BoardShape, GraphDecl, GridDim, Ident, Item, PerPlayer, RulesFile};

/// A cell of the board graph.
#[derive(Debug, Clone)]
struct CellNode {
    name: String,
    /// Where it is drawn: column and row, 0-based.
    coord: (i32, i32),
    /// Coordinate values, as the rules' expressions see them.
    values: Vec<i64>,
    exit: bool,
}

/// A link of the board graph: its direction, and the directions a line
/// continues in after it (a bit set; the direction itself unless `then` says).
#[derive(Debug, Clone, Copy)]
struct Link {
    dir: u8,
    then: u32,
}

/// The board graph and what goes with it.
struct BoardGraph {
    graph: DiGraph<CellNode, Link>,
    dir_names: Vec<String>,
    perpendicular: Vec<Vec<DirId>>,
    vars: Vec<String>,
    consts: Vec<(String, i64)>,
    description: String,
    /// Too large to play: built only to check names against (no move tables).
    placeholder: bool,
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
    // A board with mistakes is still built from what can be read of it, so
    // that the rest of the file is checked against it.
    let mut problems = Vec::new();
    cx.grid = matches!(decl.shape, BoardShape::Grid { .. });
    let built = match &decl.shape {
        BoardShape::Grid { files, ranks, exits } => {
            let f = grid_dim(cx, files, true);
            let r = grid_dim(cx, ranks, false);
            match (f, r) {
                (Some(f), Some(r)) => grid::grid_graph(&f, &r, exits, decl.span, &mut problems),
                _ => return,
            }
        }
        BoardShape::Graph(graph) => graph::graph_graph(graph, decl.span, &mut problems),
    };
    cx.problems.extend(problems);
    let Some(board) = built else { return };
    let (topology, values) = freeze(&board);
    cx.board_desc = board.description;
    cx.board_placeholder = board.placeholder;
    cx.cell_vars = board.vars;
    cx.coord_consts = board.consts;
    cx.cell_values = values;
    cx.cell_ids = topology
        .cell_names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.clone(), CellId(i as u16)))
        .collect();
    cx.topology = Some(topology);
    resolve_direction_sets(cx, file);
}

/// The first and last label of a grid's files or ranks: a range as written,
/// or a count (a number, or an expression of options) from `a` or `1`.
fn grid_dim(cx: &mut Ctx, dim: &GridDim, files: bool) -> Option<(Ident, Ident)> {
    match dim {
        GridDim::Range(a, b) => Some((a.clone(), b.clone())),
        GridDim::Count(e) => {
            let env: Vec<(&str, i64)> = cx
                .options
                .iter()
                .zip(&cx.option_values)
                .map(|(o, v)| (o.name.as_str(), *v))
                .collect();
            let n = match coord_expr::eval(e, &env, "board") {
                Ok(n) => n,
                Err(p) => {
                    cx.report(p.with_help("a board's size is a number or an expression of options"));
                    return None;
                }
            };
            let max = if files { MAX_FILES as i64 } else { MAX_CELLS as i64 };
            if !(1..=max).contains(&n) {
                cx.report(error::out_of_range(
                    if files {
                        "the number of files"
                    } else {
                        "the number of ranks"
                    },
                    e.span,
                    &format!("between 1 and {max} (it is {n})"),
                ));
                return None;
            }
            for (i, o) in cx.options.iter().enumerate() {
                if mentions(e, &o.name) {
                    cx.used_options.insert(i);
                    cx.shaping.push((i, cx.option_values[i]));
                }
            }
            let (lo, hi) = if files {
                ("a".to_string(), file_name((n - 1) as usize).unwrap_or_default())
            } else {
                ("1".to_string(), n.to_string())
            };
            let ident = |text: String| Ident { text, span: e.span };
            Some((ident(lo), ident(hi)))
        }
    }
}

/// Whether an expression names `name`.
fn mentions(e: &crate::syntax::ast::Expr, name: &str) -> bool {
    use crate::syntax::ast::ExprKind as K;
    match &e.kind {
        K::Name(n) => n.text == name,
        K::Int(_) | K::Bool(_) | K::Cells(..) => false,
        K::Index(_, a) | K::Not(a) | K::Neg(a) => mentions(a, name),
        K::Within(a, region) => region.text == name || mentions(a, name),
        K::Call(_, args) => args.iter().any(|a| mentions(a, name)),
        K::Binary(_, a, b) => mentions(a, name) || mentions(b, name),
        K::If(c, a, b) => mentions(c, name) || mentions(a, name) || mentions(b, name),
    }
}

/// The most cells of a board that is too large to play but is still built,
/// so that the names in the rest of the file can be checked against it.
const MAX_PLACEHOLDER_CELLS: usize = 65_000;

/// Whether a board of `total` cells is small enough to play; reports it if not.
fn size_ok(total: usize, span: Span, problems: &mut Vec<Problem>) -> bool {
    if total > MAX_CELLS {
        problems.push(error::out_of_range(
            "the board size",
            span,
            &format!("at most {MAX_CELLS} cells, exit cells included (this board has {total})"),
        ));
        return false;
    }
    true
}

/// For each direction, the direction that leads back along every one of its
/// links between board cells (`s` for `n`), if there is one.
fn opposites(neighbour: &[CellId], board_cells: usize, dirs: usize) -> Vec<Option<crate::ir::DirId>> {
    let link = |c: usize, d: usize| neighbour[c * dirs + d];
    let on_board = |c: CellId| c.is_some() && c.index() < board_cells;
    (0..dirs)
        .map(|d| {
            let links: Vec<(usize, CellId)> = (0..board_cells)
                .map(|c| (c, link(c, d)))
                .filter(|(_, n)| on_board(*n))
                .collect();
            (0..dirs)
                .filter(|&b| b != d)
                .find(|&b| {
                    !links.is_empty() && links.iter().all(|&(c, n)| link(n.index(), b) == CellId(c as u16))
                })
                .map(|b| crate::ir::DirId(b as u8))
        })
        .collect()
}

/// A board of named points joined by lines (`line e, w: a1 d1 g1; …`): each
/// line links consecutive cells one way and back. Reports its problems into
/// `problems`; `None` when no board can be made of it.
fn line_graph(decl: &GraphDecl, span: Span, problems: &mut Vec<Problem>) -> Option<BoardGraph> {
    let mut graph: DiGraph<CellNode, Link> = DiGraph::new();
    let mut at: HashMap<String, NodeIndex> = HashMap::new();
    let mut dir_names: Vec<String> = Vec::new();
    let mut dir_of = |d: &Ident| -> u8 {
        match dir_names.iter().position(|n| *n == d.text) {
            Some(i) => i as u8,
            None => {
                dir_names.push(d.text.clone());
                (dir_names.len() - 1) as u8
            }
        }
    };
    let mut links = Vec::new();
    for line in &decl.lines {
        let (fwd, back) = (dir_of(&line.dir), dir_of(&line.back));
        if fwd == back {
            problems.push(error::invalid(
                "rules::compile::bad_link",
                "a line needs two directions: one way along it and the way back",
                line.back.span,
                "the same direction twice",
            ));
            continue;
        }
        for row in &line.rows {
            for cell in row {
                if !at.contains_key(&cell.text) {
                    let index = at.len();
                    let node = graph.add_node(CellNode {
                        name: cell.text.clone(),
                        coord: name_coord(&cell.text).unwrap_or((index as i32, 0)),
                        values: Vec::new(),
                        exit: false,
                    });
                    at.insert(cell.text.clone(), node);
                }
            }
            for pair in row.windows(2) {
                links.push((pair[0].clone(), pair[1].clone(), fwd, line.span));
                links.push((pair[1].clone(), pair[0].clone(), back, line.span));
            }
        }
    }
    if dir_names.len() > MAX_DIRS {
        problems.push(error::out_of_range(
            "the number of directions",
            span,
            &format!("at most {MAX_DIRS}"),
        ));
    }
    let placeholder = !size_ok(at.len(), span, problems);
    let mut linked: HashMap<(NodeIndex, u8), Span> = HashMap::new();
    for (a, b, dir, line_span) in links {
        let (na, nb) = (at[&a.text], at[&b.text]);
        if let Some(first) = linked.insert((na, dir), line_span) {
            if graph.edges(na).any(|e| e.weight().dir == dir && e.target() == nb) {
                continue; // the same link twice is harmless
            }
            problems.push(
                error::invalid(
                    "rules::compile::link_twice",
                    format!("two `{}` links leave cell `{}`", dir_names[dir as usize], a.text),
                    a.span,
                    "this line",
                )
                .with_label(first, "and this one"),
            );
            continue;
        }
        graph.add_edge(na, nb, Link { dir, then: 1 << dir });
    }
    let mut perpendicular = vec![Vec::new(); dir_names.len()];
    for (a, b) in &decl.perpendicular {
        for x in a {
            for y in b {
                match (
                    dir_names.iter().position(|n| *n == x.text),
                    dir_names.iter().position(|n| *n == y.text),
                ) {
                    (Some(x), Some(y)) => {
                        perpendicular[x].push(DirId(y as u8));
                        perpendicular[y].push(DirId(x as u8));
                    }
                    (None, _) => problems.push(error::unknown(
                        NameKind::Direction,
                        &x.text,
                        x.span,
                        dir_names.iter().map(String::as_str),
                    )),
                    (_, None) => problems.push(error::unknown(
                        NameKind::Direction,
                        &y.text,
                        y.span,
                        dir_names.iter().map(String::as_str),
                    )),
                }
            }
        }
    }
    let names: Vec<&str> = graph.node_indices().map(|n| graph[n].name.as_str()).collect();
    let description = format!("the points {}", names.join(", "));
    Some(BoardGraph {
        graph,
        dir_names,
        perpendicular,
        vars: Vec::new(),
        consts: Vec::new(),
        description,
        placeholder,
    })
}

/// Where a cell named like `d5` stands on the drawing grid (file, rank).
fn name_coord(name: &str) -> Option<(i32, i32)> {
    let digits = name.find(|c: char| c.is_ascii_digit())?;
    let file = file_index(&name[..digits])?;
    let rank: i32 = name[digits..].parse().ok()?;
    Some((file as i32, rank - 1))
}

/// Freezes the graph into dense tables; board cells first, exit cells after.
/// Also returns the coordinate values of each board cell.
fn freeze(board: &BoardGraph) -> (Topology, Vec<Vec<i64>>) {
    let graph = &board.graph;
    let mut order: Vec<NodeIndex> = graph.node_indices().collect();
    order.sort_by_key(|n| graph[*n].exit); // stable: keeps generation order otherwise
    let id_of: HashMap<NodeIndex, CellId> = order
        .iter()
        .enumerate()
        .map(|(i, n)| (*n, CellId(i as u16)))
        .collect();
    let dirs = board.dir_names.len();
    let mut neighbour = vec![CellId::NONE; order.len() * dirs];
    let mut continues = vec![0u32; order.len() * dirs];
    for (i, node) in order.iter().enumerate() {
        for edge in graph.edges(*node) {
            let link = edge.weight();
            neighbour[i * dirs + link.dir as usize] = id_of[&edge.target()];
            continues[i * dirs + link.dir as usize] = link.then;
        }
    }
    let board_nodes: Vec<&NodeIndex> = order.iter().filter(|n| !graph[**n].exit).collect();
    let (width, height) = board_nodes.iter().fold((0, 0), |(w, h), n| {
        let (x, y) = graph[**n].coord;
        (w.max(x + 1), h.max(y + 1))
    });
    let opposite = opposites(&neighbour, board_nodes.len(), dirs);
    let topology = Topology {
        opposite,
        cell_names: order.iter().map(|n| graph[*n].name.clone()).collect(),
        board_cells: board_nodes.len(),
        coords: order.iter().map(|n| graph[*n].coord).collect(),
        width,
        height,
        dir_names: board.dir_names.clone(),
        neighbour,
        continues,
        perpendicular: board.perpendicular.clone(),
        regions: Vec::new(),
    };
    let values = board_nodes.iter().map(|n| graph[**n].values.clone()).collect();
    (topology, values)
}

/// Gives each `directions` set its directions for each player.
fn resolve_direction_sets(cx: &mut Ctx, file: &RulesFile) {
    let players = cx.player_count();
    for item in &file.items {
        let Item::Directions(decl) = item else { continue };
        if cx.dir_sets.get(&decl.name.text) != Some(cx.dir_set_values.len()) {
            continue; // a repeated declaration, already reported
        }
        if cx
            .topology
            .as_ref()
            .is_some_and(|t| t.dir_names.contains(&decl.name.text))
        {
            cx.report(error::invalid(
                "rules::compile::duplicate",
                format!("`{}` is already a direction of the board", decl.name.text),
                decl.name.span,
                "a direction set cannot take a direction's name",
            ));
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
                    let example = cx
                        .topology
                        .as_ref()
                        .and_then(|t| t.dir_names.first())
                        .cloned()
                        .unwrap_or_else(|| "n".into());
                    cx.report(
                        error::invalid(
                            "rules::compile::missing_player_value",
                            format!("directions `{}` give nothing for player `{name}`", decl.name.text),
                            decl.name.span,
                            "every player needs a value",
                        )
                        .with_help(format!(
                            "add `; {name}: DIRECTIONS` with the directions of `{name}` (e.g. `{name}: \
                             {example}`), or give one list for everyone: `directions {} = {example}`",
                            decl.name.text
                        )),
                    );
                }
            }
        }
        cx.dir_set_values.push(per_player);
    }
}
