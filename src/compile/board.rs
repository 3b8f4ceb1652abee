//! Pass 2: the board. A grid or a graph declaration becomes one petgraph graph
//! of cells linked by directions (each link saying which direction a line
//! continues in after it); the graph is checked, then frozen into the dense
//! [`Topology`] tables that the engine uses.

use std::collections::HashMap;

use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;

use super::error::{self, NameKind};
use super::{Ctx, coord_expr};
use crate::diag::{Problem, Span};
use crate::ir::files::{MAX_FILES, file_index, file_name};
use crate::ir::ids::{MAX_CELLS, MAX_DIRS};
use crate::ir::{CellId, DirId, Topology};
use crate::syntax::ast::{BoardShape, GraphDecl, GridDim, Ident, Item, LinkDecl, PerPlayer, RulesFile};

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
                (Some(f), Some(r)) => grid_graph(&f, &r, exits, decl.span, &mut problems),
                _ => return,
            }
        }
        BoardShape::Graph(graph) => graph_graph(graph, decl.span, &mut problems),
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

/// A grid: files are named by lowercase letters (`a`…`z`, `aa`…`zz`), ranks
/// by whole numbers. Reports
/// its problems into `problems`; `None` when no board can be made of it.
fn grid_graph(
    files: &(Ident, Ident),
    ranks: &(Ident, Ident),
    exits: &[Ident],
    span: Span,
    problems: &mut Vec<Problem>,
) -> Option<BoardGraph> {
    let ((f0, f1), (r0, r1)) = grid_ranges(files, ranks, span, problems)?;
    let width = (f1 - f0 + 1) as i32;
    let file_label = |file: i32| file_name(f0 + file as usize).unwrap_or_default();
    let height = r1 - r0 + 1;
    let exit_rows = exit_rows(exits, r0, height, problems);
    let total = (width as usize) * (height as usize) + exit_rows.len() * width as usize;
    let placeholder = !size_ok(total, span, problems);
    if placeholder && total > MAX_PLACEHOLDER_CELLS {
        return None;
    }
    let rows = (0..height)
        .map(|r| (r, false))
        .chain(exit_rows.iter().map(|r| (*r, true)));
    let (mut graph, at) = grid_cells(rows, width, |file, rank| {
        format!("{}{}", file_label(file), r0 + rank)
    });
    link_grid(&mut graph, &at);
    Some(BoardGraph {
        graph,
        dir_names: GRID_DIRS.iter().map(|(n, _, _)| n.to_string()).collect(),
        perpendicular: grid_perpendicular(),
        vars: vec!["file".into(), "rank".into()],
        consts: Vec::new(),
        description: format!(
            "files {}..{} and ranks {}..{}",
            file_label(0),
            file_label(width - 1),
            r0,
            r1
        ),
        placeholder,
    })
}

/// The first and last file (as positions, `a` being 0) and rank of a grid;
/// `None` after reporting ones that are not letters and numbers. Files and
/// ranks given in each other's place are reported and swapped; ranges that
/// run backwards are reported and read low to high.
fn grid_ranges(
    files: &(Ident, Ident),
    ranks: &(Ident, Ident),
    span: Span,
    problems: &mut Vec<Problem>,
) -> Option<((usize, usize), (i32, i32))> {
    let number = |s: &str| s.parse::<i32>().ok();
    let (mut files, mut ranks) = (files, ranks);
    let letters = |r: &(Ident, Ident)| file_index(&r.0.text).zip(file_index(&r.1.text));
    let numbers = |r: &(Ident, Ident)| number(&r.0.text).zip(number(&r.1.text));
    if letters(files).is_none() && letters(ranks).is_some() && numbers(files).is_some() {
        problems.push(
            error::invalid(
                "rules::compile::bad_board",
                "files must be named by lowercase letters",
                files.0.span.join(files.1.span),
                "these look like ranks",
            )
            .with_help(format!(
                "files are letters and ranks numbers: `files {}..{} ranks {}..{}`",
                ranks.0.text, ranks.1.text, files.0.text, files.1.text
            )),
        );
        std::mem::swap(&mut files, &mut ranks);
    }
    let Some((mut f0, mut f1)) = letters(files) else {
        problems.push(error::invalid(
            "rules::compile::bad_board",
            "files must be named by lowercase letters",
            files.0.span.join(files.1.span),
            "expected e.g. `a..h` or `a..ad` (`a`…`z`, then `aa`…`zz`)",
        ));
        return None;
    };
    let Some((mut r0, mut r1)) = numbers(ranks) else {
        problems.push(error::invalid(
            "rules::compile::bad_board",
            "ranks must be numbered",
            ranks.0.span.join(ranks.1.span),
            "expected e.g. `1..8`",
        ));
        return None;
    };
    if f1 < f0 || r1 < r0 {
        problems.push(error::invalid(
            "rules::compile::bad_board",
            "the board's ranges run backwards",
            span,
            "write the lower end first, e.g. `files a..h ranks 1..8`",
        ));
        (f0, f1) = (f0.min(f1), f0.max(f1));
        (r0, r1) = (r0.min(r1), r0.max(r1));
    }
    Some(((f0, f1), (r0, r1)))
}

/// The rows of exit cells beyond the `n` and `s` edges of a grid whose ranks
/// start at `r0` (`height` for the row beyond the last rank, -1 for the one
/// before the first); sides given twice or unknown are reported.
fn exit_rows(exits: &[Ident], r0: i32, height: i32, problems: &mut Vec<Problem>) -> Vec<i32> {
    let mut exit_rows = Vec::new();
    for (i, side) in exits.iter().enumerate() {
        if exits[..i].iter().any(|s| s.text == side.text) {
            problems.push(error::invalid(
                "rules::compile::duplicate",
                format!("exits beyond `{}` are given twice", side.text),
                side.span,
                "given again here",
            ));
            continue;
        }
        if side.text == "s" && r0 <= 0 {
            problems.push(
                error::invalid(
                    "rules::compile::bad_board",
                    "exit cells beyond the first rank need a rank number below it",
                    side.span,
                    "the ranks would go below 0",
                )
                .with_help("number the ranks from 1, e.g. `ranks 1..8`"),
            );
            continue;
        }
        match side.text.as_str() {
            "n" => exit_rows.push(height),
            "s" => exit_rows.push(-1),
            _ => problems.push(
                error::unknown(NameKind::Direction, &side.text, side.span, ["n", "s"])
                    .with_help("exit cells can lie beyond the `n` and `s` edges (the ranks)"),
            ),
        }
    }
    exit_rows
}

/// The cells of a grid `width` files wide, row by row (`rows` gives each
/// row's rank, from 0, and whether its cells are exit cells), named by
/// `name(file, rank)`; with each cell's node by (file, rank).
fn grid_cells(
    rows: impl Iterator<Item = (i32, bool)>,
    width: i32,
    name: impl Fn(i32, i32) -> String,
) -> (DiGraph<CellNode, Link>, HashMap<(i32, i32), NodeIndex>) {
    let mut graph = DiGraph::new();
    let mut at: HashMap<(i32, i32), NodeIndex> = HashMap::new();
    for (rank, exit) in rows {
        for file in 0..width {
            let node = graph.add_node(CellNode {
                name: name(file, rank),
                coord: (file, rank),
                values: vec![file as i64, rank as i64],
                exit,
            });
            at.insert((file, rank), node);
        }
    }
    (graph, at)
}

/// Links every board cell of a grid to its neighbour in each compass
/// direction; exit cells have no way out.
fn link_grid(graph: &mut DiGraph<CellNode, Link>, at: &HashMap<(i32, i32), NodeIndex>) {
    for node in graph.node_indices() {
        if graph[node].exit {
            continue;
        }
        let (f, r) = graph[node].coord;
        for (d, (_, df, dr)) in GRID_DIRS.iter().enumerate() {
            if let Some(&to) = at.get(&(f + df, r + dr)) {
                graph.add_edge(
                    node,
                    to,
                    Link {
                        dir: d as u8,
                        then: 1 << d,
                    },
                );
            }
        }
    }
}

/// The two directions perpendicular to each compass direction of a grid:
/// a quarter turn either way.
fn grid_perpendicular() -> Vec<Vec<DirId>> {
    let dirs = GRID_DIRS.len();
    (0..dirs)
        .map(|d| {
            vec![
                DirId(((d + 2) % dirs) as u8),
                DirId(((d + dirs - 2) % dirs) as u8),
            ]
        })
        .collect()
}

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

/// One coordinate of a graph board: its name, labels and their values.
struct Coord {
    name: String,
    labels: Vec<String>,
    values: Vec<i64>,
    wraps: bool,
}

impl Coord {
    /// The position of a value in the range, wrapping if the coordinate wraps.
    fn index_of(&self, value: i64) -> Option<usize> {
        let lo = self.values[0];
        let n = self.values.len() as i64;
        let mut i = value - lo;
        if self.wraps {
            i = i.rem_euclid(n);
        }
        (0..n).contains(&i).then_some(i as usize)
    }
}

/// A graph board: cells from coordinate ranges, links from rules; or cells
/// named by `line` statements alone, joined along those lines. Reports its
/// problems into `problems`; `None` when no board can be made of it (the
/// directions its links name are checked even then).
fn graph_graph(decl: &GraphDecl, span: Span, problems: &mut Vec<Problem>) -> Option<BoardGraph> {
    if decl.template.is_none() && !decl.lines.is_empty() {
        return line_graph(decl, span, problems);
    }
    report_ignored_lines(decl, problems);
    let dir_names = link_directions(decl);
    let thens = then_directions(decl, &dir_names, problems);
    let perpendiculars = perpendicular_directions(decl, &dir_names, problems);
    let Some(template) = &decl.template else {
        problems.push(error::missing(
            "cells in the graph board",
            span,
            "generate them, e.g. `cells r in a..d, s in 1..16 named \"{r}{s}\"`",
        ));
        return None;
    };
    report_repeated_cells(decl, template.1, problems);
    let coords = read_coords(decl, problems)?;
    let consts = letter_consts(&coords);
    let mut cells = graph_cells(decl, template, &coords, &consts, span, problems)?;
    if dir_names.len() > MAX_DIRS {
        problems.push(error::out_of_range(
            "the number of directions",
            span,
            &format!("at most {MAX_DIRS}"),
        ));
        return None;
    }
    add_links(decl, &thens, &dir_names, (&coords, &consts), &mut cells, problems);
    let perpendicular = perpendicular_table(&perpendiculars, dir_names.len());
    Some(BoardGraph {
        graph: cells.graph,
        dir_names,
        perpendicular,
        vars: coords.iter().map(|c| c.name.clone()).collect(),
        consts,
        description: graph_description(&coords),
        placeholder: cells.placeholder,
    })
}

/// Reports the `line` statements of a board with `cells`: lines name their
/// points, while generated cells are joined by links instead.
fn report_ignored_lines(decl: &GraphDecl, problems: &mut Vec<Problem>) {
    for line in &decl.lines {
        problems.push(
            error::invalid(
                "rules::compile::bad_board",
                "a graph board with `cells` joins them by `link` rules, not `line` statements",
                line.span,
                "this line would be ignored",
            )
            .with_help(
                "write the links as rules (`link e: (x, y) -> (x + 1, y)`), \
                 or drop `cells` and name every point in `line` statements",
            ),
        );
    }
}

/// The directions of a graph board: those its links name, in order of first use.
fn link_directions(decl: &GraphDecl) -> Vec<String> {
    let mut dir_names: Vec<String> = Vec::new();
    for link in &decl.links {
        if !dir_names.contains(&link.dir.text) {
            dir_names.push(link.dir.text.clone());
        }
    }
    dir_names
}

/// The index of the direction `ident` names; `None` after reporting one
/// that no link names.
fn direction_of(ident: &Ident, dir_names: &[String], problems: &mut Vec<Problem>) -> Option<u8> {
    let d = dir_names.iter().position(|n| *n == ident.text);
    if d.is_none() {
        problems.push(error::unknown(
            NameKind::Direction,
            &ident.text,
            ident.span,
            dir_names.iter().map(String::as_str),
        ));
    }
    d.map(|d| d as u8)
}

/// The directions named after `then`, by link.
fn then_directions(decl: &GraphDecl, dir_names: &[String], problems: &mut Vec<Problem>) -> Vec<Vec<u8>> {
    decl.links
        .iter()
        .map(|link| {
            link.then
                .iter()
                .filter_map(|t| direction_of(t, dir_names, problems))
                .collect()
        })
        .collect()
}

/// The directions of each `perpendicular A to B`, as the two lists.
fn perpendicular_directions(
    decl: &GraphDecl,
    dir_names: &[String],
    problems: &mut Vec<Problem>,
) -> Vec<(Vec<u8>, Vec<u8>)> {
    decl.perpendicular
        .iter()
        .map(|(a, b)| {
            let a = a
                .iter()
                .filter_map(|d| direction_of(d, dir_names, problems))
                .collect();
            let b = b
                .iter()
                .filter_map(|d| direction_of(d, dir_names, problems))
                .collect();
            (a, b)
        })
        .collect()
}

/// Reports the `cells` statements after the first (`template_span`).
fn report_repeated_cells(decl: &GraphDecl, template_span: Span, problems: &mut Vec<Problem>) {
    for again in &decl.cells_repeated {
        problems.push(
            error::invalid(
                "rules::compile::duplicate",
                "a graph board generates its cells once",
                *again,
                "cells generated again here",
            )
            .with_label(template_span, "first generated here")
            .with_help("give all coordinates in one `cells` statement: `cells r in a..d, s in 1..16 named \"{r}{s}\"`"),
        );
    }
}

/// The coordinates of `cells`, with their ranges and whether they `wrap`;
/// `None` after reporting one that is no range. Warns of a label that a
/// coordinate hides, and reports a `wrap` of no coordinate.
fn read_coords(decl: &GraphDecl, problems: &mut Vec<Problem>) -> Option<Vec<Coord>> {
    let mut coords = Vec::new();
    for (var, lo, hi) in &decl.coords {
        let (labels, values) = coord_range(lo, hi, problems)?;
        coords.push(Coord {
            name: var.text.clone(),
            labels,
            values,
            wraps: decl.wraps.iter().any(|w| w.text == var.text),
        });
    }
    warn_hidden_labels(decl, &coords, problems);
    for w in &decl.wraps {
        if !decl.coords.iter().any(|(v, _, _)| v.text == w.text) {
            let names = decl.coords.iter().map(|(v, _, _)| v.text.as_str());
            problems.push(error::unknown(NameKind::Value, &w.text, w.span, names));
        }
    }
    Some(coords)
}

/// The cells of a generated graph board, before their links.
struct GraphCells {
    graph: DiGraph<CellNode, Link>,
    /// Each cell's node, by the positions of its coordinates' values in their ranges.
    at: HashMap<Vec<usize>, NodeIndex>,
    /// Too large to play (see [`BoardGraph::placeholder`]).
    placeholder: bool,
}

/// The cells of a graph board: the combinations of the coordinates that
/// `where` keeps, named by the template (`template`, with its span), in
/// generation order. `None` after reporting a board of no cells, of too
/// many, or of two cells with one name.
fn graph_cells(
    decl: &GraphDecl,
    (template, template_span): &(String, Span),
    coords: &[Coord],
    consts: &[(String, i64)],
    span: Span,
    problems: &mut Vec<Problem>,
) -> Option<GraphCells> {
    let total = coords
        .iter()
        .try_fold(1usize, |n, c| n.checked_mul(c.values.len()))
        .unwrap_or(usize::MAX);
    let kept = kept_combinations(decl, coords, consts, total, problems)?;
    let count = if decl.cells_where.is_some() {
        kept.iter().filter(|k| **k).count()
    } else {
        total
    };
    let placeholder = !size_ok(count, span, problems);
    if placeholder && count > MAX_PLACEHOLDER_CELLS {
        return None;
    }
    if count == 0 {
        problems.push(error::invalid(
            "rules::compile::bad_board",
            "the board has no cells",
            decl.cells_where.as_ref().map_or(*template_span, |c| c.span),
            "`where` leaves out every combination of the coordinates",
        ));
        return None;
    }
    let names = kept_cell_names(template, *template_span, coords, &kept, total, problems)?;
    let mut graph = DiGraph::new();
    let mut at: HashMap<Vec<usize>, NodeIndex> = HashMap::new();
    let mut index = vec![0usize; coords.len()];
    let mut names = names.into_iter();
    for keep in kept.iter().take(total) {
        if *keep {
            let values = coords.iter().zip(&index).map(|(c, i)| c.values[*i]).collect();
            let coord = (
                index.first().copied().unwrap_or(0) as i32,
                index.get(1).copied().unwrap_or(0) as i32,
            );
            let node = graph.add_node(CellNode {
                name: names.next().unwrap_or_default(),
                coord,
                values,
                exit: false,
            });
            at.insert(index.clone(), node);
        }
        next_index(&mut index, coords);
    }
    Some(GraphCells {
        graph,
        at,
        placeholder,
    })
}

/// Which of the `total` combinations of the coordinates (in generation
/// order) are cells: all of them without `where`; `None` after reporting a
/// `where` over too many combinations.
fn kept_combinations(
    decl: &GraphDecl,
    coords: &[Coord],
    consts: &[(String, i64)],
    total: usize,
    problems: &mut Vec<Problem>,
) -> Option<Vec<bool>> {
    match &decl.cells_where {
        None => Some(vec![true; total.min(MAX_PLACEHOLDER_CELLS + 1)]),
        Some(cond) if total > MAX_PLACEHOLDER_CELLS => {
            problems.push(error::out_of_range(
                "the number of combinations of the coordinates",
                cond.span,
                &format!("at most {MAX_PLACEHOLDER_CELLS} before `where` leaves some out"),
            ));
            None
        }
        Some(cond) => Some(kept_cells(cond, coords, consts, total, problems)),
    }
}

/// The names of the kept cells, in generation order; `None` after
/// reporting a template that gives two cells one name.
fn kept_cell_names(
    template: &str,
    template_span: Span,
    coords: &[Coord],
    kept: &[bool],
    total: usize,
    problems: &mut Vec<Problem>,
) -> Option<Vec<String>> {
    let names: Vec<String> = cell_names(template, coords, total)
        .into_iter()
        .zip(kept)
        .filter_map(|(name, keep)| keep.then_some(name))
        .collect();
    if let Some(clash) = first_repeat(&names) {
        problems.push(
            error::invalid(
                "rules::compile::bad_board",
                format!("two cells are both named `{clash}`"),
                template_span,
                "this name template does not tell cells apart",
            )
            .with_help("use every coordinate in the template, e.g. \"{r}{s}\""),
        );
        // The cell names of the rest of the file cannot be told apart either.
        return None;
    }
    Some(names)
}

/// A `link` rule as read: its direction, the directions a line continues in
/// after it (a bit set), and which cells it leaves: for each coordinate, any
/// value (`None`) or the position of one label.
struct LinkRule<'a> {
    decl: &'a LinkDecl,
    dir: u8,
    then: u32,
    pattern: Vec<Option<usize>>,
}

/// The links between the cells of a graph board: every rule from every
/// cell it matches; two links of one direction from one cell are reported.
fn add_links(
    decl: &GraphDecl,
    thens: &[Vec<u8>],
    dir_names: &[String],
    (coords, consts): (&[Coord], &[(String, i64)]),
    cells: &mut GraphCells,
    problems: &mut Vec<Problem>,
) {
    let mut linked: HashMap<(NodeIndex, u8), Span> = HashMap::new();
    let mut reported = std::collections::HashSet::new();
    for (link, link_then) in decl.links.iter().zip(thens) {
        let Some(rule) = read_link(link, link_then, dir_names, coords, problems) else {
            continue;
        };
        for node in cells.graph.node_indices() {
            let to = match link_target(&rule, coords, consts, &cells.graph[node].values, &cells.at) {
                Ok(Some(to)) => to,
                Ok(None) => continue,
                Err(p) => {
                    problems.push(p);
                    break;
                }
            };
            if let Some(first) = linked.insert((node, rule.dir), link.span) {
                if !reported.insert((first.start, link.span.start)) {
                    continue; // this pair of links is reported once, not per cell
                }
                problems.push(
                    error::invalid(
                        "rules::compile::link_twice",
                        format!(
                            "two `{}` links leave cell `{}`",
                            link.dir.text, cells.graph[node].name
                        ),
                        link.span,
                        "this link",
                    )
                    .with_label(first, "and this one")
                    .with_help(
                        "each direction may lead from a cell to one cell: narrow one link with `when`",
                    ),
                );
                continue;
            }
            cells.graph.add_edge(
                node,
                to,
                Link {
                    dir: rule.dir,
                    then: rule.then,
                },
            );
        }
    }
}

/// Reads a `link` rule whose `then` names `link_then`; `None` for one of an
/// unknown direction (already reported), or after reporting a pattern of
/// the wrong length or with a value of no coordinate.
fn read_link<'a>(
    link: &'a LinkDecl,
    link_then: &[u8],
    dir_names: &[String],
    coords: &[Coord],
    problems: &mut Vec<Problem>,
) -> Option<LinkRule<'a>> {
    let dir = dir_names.iter().position(|n| *n == link.dir.text)? as u8;
    let mut then = 0u32;
    for d in link_then {
        then |= 1 << d;
    }
    if then == 0 {
        then = 1 << dir;
    }
    if link.from.len() != coords.len() || link.to.len() != coords.len() {
        problems.push(error::invalid(
            "rules::compile::bad_link",
            format!("a link needs {} coordinates on each side", coords.len()),
            link.span,
            "wrong number of coordinates",
        ));
        return None;
    }
    // Each pattern position is the coordinate's variable (any value) or one of its labels.
    let mut pattern = Vec::new();
    for (p, c) in link.from.iter().zip(coords) {
        if p.text == c.name {
            pattern.push(None);
        } else if let Some(i) = c.labels.iter().position(|l| *l == p.text) {
            pattern.push(Some(i));
        } else {
            let mut candidates: Vec<&str> = vec![c.name.as_str()];
            candidates.extend(c.labels.iter().map(String::as_str));
            problems.push(error::unknown(NameKind::Value, &p.text, p.span, candidates));
        }
    }
    (pattern.len() == coords.len()).then_some(LinkRule {
        decl: link,
        dir,
        then,
        pattern,
    })
}

/// Where `rule` leads from the cell of coordinate values `values`: `None`
/// when it does not match the cell (its pattern or `when`), or leads off
/// the board or to a cell `where` left out; `Err` for a mistake in its
/// expressions, which stops the rule.
fn link_target(
    rule: &LinkRule,
    coords: &[Coord],
    consts: &[(String, i64)],
    values: &[i64],
    at: &HashMap<Vec<usize>, NodeIndex>,
) -> Result<Option<NodeIndex>, Problem> {
    let link = rule.decl;
    let index: Vec<usize> = coords
        .iter()
        .zip(values)
        .map(|(c, v)| c.index_of(*v).unwrap_or(0))
        .collect();
    if rule
        .pattern
        .iter()
        .zip(&index)
        .any(|(p, i)| p.is_some_and(|p| p != *i))
    {
        return Ok(None);
    }
    let env: Vec<(&str, i64)> = coords
        .iter()
        .map(|c| c.name.as_str())
        .zip(values.iter().copied())
        .chain(consts.iter().map(|(n, v)| (n.as_str(), *v)))
        .collect();
    if let Some(when) = &link.when
        && coord_expr::eval(when, &env, "link … when")? == 0
    {
        return Ok(None);
    }
    let mut target = Vec::new();
    for (e, c) in link.to.iter().zip(coords) {
        match c.index_of(coord_expr::eval(e, &env, "link")?) {
            Some(i) => target.push(i),
            None => return Ok(None), // off the board: no link
        }
    }
    // A cell `where` left out: no link.
    Ok(at.get(&target).copied())
}

/// Which directions are perpendicular to each of `dirs`, from the pairs of
/// lists of `perpendicular A to B`, in order and without repeats.
fn perpendicular_table(perpendiculars: &[(Vec<u8>, Vec<u8>)], dirs: usize) -> Vec<Vec<DirId>> {
    let mut perpendicular = vec![Vec::new(); dirs];
    for (a, b) in perpendiculars {
        for &x in a {
            for &y in b {
                perpendicular[x as usize].push(DirId(y));
                perpendicular[y as usize].push(DirId(x));
            }
        }
    }
    for p in perpendicular.iter_mut() {
        p.sort();
        p.dedup();
    }
    perpendicular
}

/// How a graph board is described: `cells r in a..d, s in 1..16`.
fn graph_description(coords: &[Coord]) -> String {
    let description = coords
        .iter()
        .map(|c| {
            format!(
                "{} in {}..{}",
                c.name,
                c.labels.first().map_or("", |s| s.as_str()),
                c.labels.last().map_or("", |s| s.as_str())
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    format!("cells {description}")
}

/// The letters of the coordinate ranges as constants of the board's
/// expressions (`r < d`), unless a coordinate takes the name.
fn letter_consts(coords: &[Coord]) -> Vec<(String, i64)> {
    coords
        .iter()
        .flat_map(|c| {
            let numeric = c.labels.iter().all(|l| l.parse::<i64>().is_ok());
            c.labels
                .iter()
                .zip(&c.values)
                .filter(move |_| !numeric)
                .map(|(l, v)| (l.clone(), *v))
        })
        .filter(|(l, _)| !coords.iter().any(|c| c.name == *l))
        .collect()
}

/// Which of the `total` combinations of coordinate values (in generation
/// order) `cond` keeps as cells; all of them after reporting a mistake in it.
fn kept_cells(
    cond: &crate::syntax::ast::Expr,
    coords: &[Coord],
    consts: &[(String, i64)],
    total: usize,
    problems: &mut Vec<Problem>,
) -> Vec<bool> {
    let mut index = vec![0usize; coords.len()];
    let mut kept = Vec::with_capacity(total);
    for _ in 0..total {
        let env: Vec<(&str, i64)> = coords
            .iter()
            .zip(&index)
            .map(|(c, i)| (c.name.as_str(), c.values[*i]))
            .chain(consts.iter().map(|(n, v)| (n.as_str(), *v)))
            .collect();
        match coord_expr::eval(cond, &env, "cells … where") {
            Ok(v) => kept.push(v != 0),
            Err(p) => {
                problems.push(p);
                return vec![true; total];
            }
        }
        next_index(&mut index, coords);
    }
    kept
}

/// Warns of a coordinate named like a label of a range (`cells f in a..i`):
/// in expressions and link patterns the name means the coordinate, so `f`
/// can never mean the label, and `f <= f` compares the coordinate with itself.
fn warn_hidden_labels(decl: &GraphDecl, coords: &[Coord], problems: &mut Vec<Problem>) {
    for (var, lo, hi) in &decl.coords {
        let Some(range) = coords.iter().find(|c| c.labels.contains(&var.text)) else {
            continue;
        };
        let own = range.name == var.text;
        let range_span = decl
            .coords
            .iter()
            .find(|(v, _, _)| v.text == range.name)
            .map_or(lo.span.join(hi.span), |(_, l, h)| l.span.join(h.span));
        let whose = if own { "its own range" } else { "a range" };
        problems.push(
            Problem::error(
                "rules::warn::coordinate_hides_label",
                format!("coordinate `{}` is named like a label of {whose}", var.text),
                var.span,
                format!("`{}` here hides the label `{}`", var.text, var.text),
            )
            .with_label(range_span, format!("`{}` is one of these labels", var.text))
            .warning()
            .with_help(format!(
                "in expressions and link patterns `{0}` always means the coordinate, never the \
                 label (so `{0} <= {0}` compares it with itself): rename the coordinate, e.g. `cells x in …`",
                var.text
            )),
        );
    }
}

/// The names of the `total` cells of a graph board, in generation order.
fn cell_names(template: &str, coords: &[Coord], total: usize) -> Vec<String> {
    let mut index = vec![0usize; coords.len()];
    let mut out = Vec::with_capacity(total);
    for _ in 0..total {
        let mut name = template.to_string();
        for (c, i) in coords.iter().zip(&index) {
            name = name.replace(&format!("{{{}}}", c.name), &c.labels[*i]);
        }
        out.push(name);
        next_index(&mut index, coords);
    }
    out
}

/// Steps a coordinate index on, the last coordinate fastest.
fn next_index(index: &mut [usize], coords: &[Coord]) {
    for k in (0..index.len()).rev() {
        index[k] += 1;
        if index[k] < coords[k].values.len() {
            break;
        }
        index[k] = 0;
    }
}

/// The first name that comes twice.
fn first_repeat(names: &[String]) -> Option<&str> {
    let mut seen = std::collections::HashSet::new();
    names
        .iter()
        .find(|n| !seen.insert(n.as_str()))
        .map(String::as_str)
}

/// The labels and values of `lo..hi`: numbers stand for themselves, letters
/// (`a`…`z`, then `aa`…`zz`, as grid files) for their position from 0. A range written backwards is reported
/// and read low to high; `None` after reporting one that is no range.
fn coord_range(lo: &Ident, hi: &Ident, problems: &mut Vec<Problem>) -> Option<(Vec<String>, Vec<i64>)> {
    let span = lo.span.join(hi.span);
    if let (Ok(a), Ok(b)) = (lo.text.parse::<i64>(), hi.text.parse::<i64>()) {
        let (a, b) = (a.min(b), a.max(b));
        if b - a >= MAX_CELLS as i64 {
            problems.push(error::out_of_range(
                "the coordinate range",
                span,
                &format!("at most {MAX_CELLS} values"),
            ));
            return None;
        }
        if lo.text.parse::<i64>().ok() != Some(a) {
            problems.push(error::out_of_range(
                "the coordinate range",
                span,
                "low..high, low ≤ high",
            ));
        }
        return Some(((a..=b).map(|v| v.to_string()).collect(), (a..=b).collect()));
    }
    match (file_index(&lo.text), file_index(&hi.text)) {
        (Some(a), Some(b)) => {
            if b < a {
                problems.push(error::invalid(
                    "rules::compile::bad_board",
                    "a coordinate's letters run backwards",
                    span,
                    format!("write `{}..{}`", hi.text, lo.text),
                ));
            }
            let (a, b) = (a.min(b), a.max(b));
            Some((
                (a..=b).filter_map(file_name).collect(),
                (0..=(b - a) as i64).collect(),
            ))
        }
        _ => {
            problems.push(error::invalid(
                "rules::compile::bad_board",
                "a coordinate ranges over numbers (`1..16`) or lowercase letters (`a..d`)",
                span,
                "not a range of numbers or letters",
            ));
            None
        }
    }
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
