//! The links of a graph board generated from coordinates: the directions
//! its `link` rules name, each rule's links from every cell it matches, and
//! which directions are perpendicular.

use std::collections::HashMap;

use petgraph::graph::NodeIndex;

use super::Link;
use super::graph::{Coord, GraphCells};
use crate::compile::coord_expr;
use crate::compile::error::{self, NameKind};
use crate::diag::{Problem, Span};
use crate::ir::DirId;
use crate::syntax::ast::{GraphDecl, Ident, LinkDecl};

/// The directions of a graph board: those its links name, in order of first use.
pub(super) fn link_directions(decl: &GraphDecl) -> Vec<String> {
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
pub(super) fn then_directions(
    decl: &GraphDecl,
    dir_names: &[String],
    problems: &mut Vec<Problem>,
) -> Vec<Vec<u8>> {
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
pub(super) fn perpendicular_directions(
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
pub(super) fn add_links(
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
pub(super) fn perpendicular_table(perpendiculars: &[(Vec<u8>, Vec<u8>)], dirs: usize) -> Vec<Vec<DirId>> {
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
