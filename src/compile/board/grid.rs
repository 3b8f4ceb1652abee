//! Grid boards: files named by letters and ranks by numbers (with rows of
//! exit cells beyond the `n` and `s` edges), each board cell linked to its
//! neighbour in each of the eight compass directions.

use std::collections::HashMap;

use petgraph::graph::{DiGraph, NodeIndex};

use super::{BoardGraph, CellNode, Link, MAX_PLACEHOLDER_CELLS, size_ok};
use crate::compile::error::{self, NameKind};
use crate::diag::{Problem, Span};
use crate::ir::DirId;
use crate::ir::files::{file_index, file_name};
use crate::syntax::ast::Ident;

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

/// A grid: files are named by lowercase letters (`a`…`z`, `aa`…`zz`), ranks
/// by whole numbers. Reports
/// its problems into `problems`; `None` when no board can be made of it.
pub(super) fn grid_graph(
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
