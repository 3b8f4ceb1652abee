//! Graph boards generated from coordinates: the coordinates' ranges of
//! labels, and the cells that the combinations of their values make (less
//! those `where` leaves out), named by a template; their links are in
//! `graph_links`.

use std::collections::HashMap;

use petgraph::graph::{DiGraph, NodeIndex};

use super::graph_links::{
    add_links, link_directions, perpendicular_directions, perpendicular_table, then_directions,
};
use super::{BoardGraph, CellNode, Link, MAX_PLACEHOLDER_CELLS, line_graph, size_ok};
use crate::compile::coord_expr;
use crate::compile::error::{self, NameKind};
use crate::diag::{Problem, Span};
use crate::ir::files::{file_index, file_name};
use crate::ir::ids::{MAX_CELLS, MAX_DIRS};
use crate::syntax::ast::{GraphDecl, Ident};

/// One coordinate of a graph board: its name, labels and their values.
pub(super) struct Coord {
    pub(super) name: String,
    pub(super) labels: Vec<String>,
    values: Vec<i64>,
    wraps: bool,
}

impl Coord {
    /// The position of a value in the range, wrapping if the coordinate wraps.
    pub(super) fn index_of(&self, value: i64) -> Option<usize> {
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
pub(super) fn graph_graph(decl: &GraphDecl, span: Span, problems: &mut Vec<Problem>) -> Option<BoardGraph> {
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
pub(super) struct GraphCells {
    pub(super) graph: DiGraph<CellNode, Link>,
    /// Each cell's node, by the positions of its coordinates' values in their ranges.
    pub(super) at: HashMap<Vec<usize>, NodeIndex>,
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
