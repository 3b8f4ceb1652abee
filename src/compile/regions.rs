//! Pass 3: named regions, evaluated into per-player cell memberships.

use super::error::{self, NameKind};
use super::{Ctx, coord_expr};
use crate::diag::{Problem, Span};
use crate::ir::{Region, Topology};
use crate::syntax::ast::{
    BinOp, Expr, Ident, Item, PerPlayer, RegionAtom, RegionExpr, RegionTerm, RulesFile,
};

pub(super) fn build(cx: &mut Ctx, file: &RulesFile) {
    if cx.topology.is_none() {
        return;
    }
    let players = cx.player_count();
    for item in &file.items {
        let Item::Region(decl) = item else { continue };
        let index = cx.topology.as_ref().map_or(0, |t| t.regions.len());
        if cx.region_names.get(&decl.name.text) != Some(index) {
            continue; // a repeated declaration, already reported
        }
        let mut member = Vec::with_capacity(players);
        let mut failed = false;
        match &decl.value {
            PerPlayer::All(expr) => {
                for p in 0..players {
                    // Problems are the same for every player: report them once.
                    let before = cx.problems.len();
                    let (cells, ok) = eval(cx, expr, p).unwrap_or_default();
                    if p > 0 {
                        cx.problems.truncate(before);
                    }
                    failed |= !ok;
                    member.push(cells);
                }
            }
            PerPlayer::Each(entries) => {
                member = vec![Vec::new(); players];
                let mut given = vec![false; players];
                for (player, expr) in entries {
                    let p = cx.players.resolve(NameKind::Player, player);
                    let Some(p) = cx.ok(p) else { continue };
                    given[p] = true;
                    let (cells, ok) = eval(cx, expr, p).unwrap_or_default();
                    failed |= !ok;
                    member[p] = cells;
                }
                if let Some(p) = given.iter().position(|g| !g) {
                    let name = cx.players.names().nth(p).unwrap_or_default().to_string();
                    cx.report(
                        error::invalid(
                            "rules::compile::missing_player_value",
                            format!("region `{}` gives no cells for player `{name}`", decl.name.text),
                            decl.name.span,
                            "every player needs a value",
                        )
                        .with_help(format!(
                            "add `; {name}: CELLS` with the cells of `{name}` (`{name}: rank 1`, \
                             `{name}: a1 b1`), or give one value for everyone: `region {} = CELLS`",
                            decl.name.text
                        )),
                    );
                }
            }
        }
        let cells = cx.topology.as_ref().map_or(0, |t| t.cells());
        for m in member.iter_mut() {
            m.resize(cells, false);
        }
        if !failed && member.iter().all(|m| !m.contains(&true)) {
            cx.report(
                Problem::error(
                    "rules::compile::empty_region",
                    format!("region `{}` has no cells", decl.name.text),
                    decl.name.span,
                    "this region is empty",
                )
                .warning(),
            );
        }
        if let Some(t) = cx.topology.as_mut() {
            t.regions.push(Region {
                name: decl.name.text.clone(),
                member,
            });
        }
    }
}

/// The cells of a region expression as seen by `player`, and whether every
/// term was understood (the problems are reported; the cells of the other
/// terms still come back, so that the uses of the region can be checked).
/// `None` without a board.
pub(super) fn eval(cx: &mut Ctx, expr: &RegionExpr, player: usize) -> Option<(Vec<bool>, bool)> {
    let cells = cx.topology.as_ref()?.cells();
    let mut set = vec![false; cells];
    let mut ok = true;
    for conj in &expr.terms {
        let mut both = vec![true; cells];
        for atom in conj {
            let part = match atom {
                RegionAtom::Group(inner) => eval(cx, inner, player),
                RegionAtom::Term(term) => eval_term(cx, term, player),
            };
            match part {
                Some((p, fine)) => {
                    ok &= fine;
                    both.iter_mut().zip(p).for_each(|(b, p)| *b &= p);
                }
                None => {
                    ok = false;
                    both.fill(false);
                }
            }
        }
        set.iter_mut().zip(both).for_each(|(s, b)| *s |= b);
    }
    Some((set, ok))
}

/// The split of a grid-style cell name into its file and rank labels (`a`, `10`).
fn file_and_rank(name: &str) -> (&str, &str) {
    let split = name.find(|ch: char| ch.is_ascii_digit()).unwrap_or(name.len());
    name.split_at(split)
}

/// The rank label of a cell name with `is_rank`, else its file label.
fn label_of(name: &str, is_rank: bool) -> &str {
    let (file, rank) = file_and_rank(name);
    if is_rank { rank } else { file }
}

/// The cells of one term, and whether all of it was understood (a list of
/// names keeps the names it knows); `None` after reporting.
fn eval_term(cx: &mut Ctx, term: &RegionTerm, player: usize) -> Option<(Vec<bool>, bool)> {
    let cells = cx.topology.as_ref()?.cells();
    let whole = |set: Vec<bool>| (set, true);
    match term {
        RegionTerm::Rank(lo, hi) => ranks_or_files(cx, lo, hi.as_ref(), true).map(whole),
        RegionTerm::File(lo, hi) => ranks_or_files(cx, lo, hi.as_ref(), false).map(whole),
        RegionTerm::Edge { last, rank, span } => edge(cx, *last, *rank, *span).map(whole),
        RegionTerm::Where(cond) => cells_where(cx, cond, cells).map(whole),
        RegionTerm::Names(names) => named(cx, names, player, cells),
    }
}

/// `rank 8`, `rank 1..3`, `file a`, `file a..c`: the cells whose rank (with
/// `is_rank`) or file is in the range; `None` after reporting one that is not
/// on the board.
fn ranks_or_files(cx: &mut Ctx, lo: &Ident, hi: Option<&Ident>, is_rank: bool) -> Option<Vec<bool>> {
    let topo = cx.topology.as_ref()?;
    let Some(range) = label_range(topo, lo, hi, is_rank) else {
        report_off_board(cx, lo, hi, is_rank);
        return None;
    };
    let mut set = vec![false; topo.cells()];
    for (c, name) in topo.cell_names.iter().enumerate() {
        if range.iter().any(|l| l == label_of(name, is_rank)) {
            set[c] = true;
        }
    }
    Some(set)
}

/// The ranks (with `is_rank`) or files of the board's cells, each once, in
/// order: ranks by number, files in spreadsheet order (`z` before `aa`).
fn board_labels(topo: &Topology, is_rank: bool) -> Vec<String> {
    let mut seen = Vec::new();
    for name in &topo.cell_names[..topo.board_cells] {
        let l = label_of(name, is_rank);
        if !seen.iter().any(|s: &String| s == l) {
            seen.push(l.to_string());
        }
    }
    if is_rank {
        seen.sort_by_key(|l| l.parse::<i64>().unwrap_or(i64::MAX));
    } else {
        seen.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    }
    seen
}

/// The labels from `lo` to `hi`, or `lo` alone; `None` when one is not on
/// the board or the range runs backwards.
fn label_range(topo: &Topology, lo: &Ident, hi: Option<&Ident>, is_rank: bool) -> Option<Vec<String>> {
    let labels = board_labels(topo, is_rank);
    let index = |l: &Ident| labels.iter().position(|x| *x == l.text);
    // An exit row (rank 9 beyond rank 8) is a rank too, when named alone.
    let exit_label = |l: &str| {
        topo.cell_names[topo.board_cells..]
            .iter()
            .any(|n| label_of(n, is_rank) == l)
    };
    match hi {
        None if index(lo).is_some() || exit_label(&lo.text) => Some(vec![lo.text.clone()]),
        Some(hi) => match (index(lo), index(hi)) {
            (Some(a), Some(b)) if a <= b => Some(labels[a..=b].to_vec()),
            _ => None,
        },
        None => None,
    }
}

/// Reports a rank or file range that is not on the board.
fn report_off_board(cx: &mut Ctx, lo: &Ident, hi: Option<&Ident>, is_rank: bool) {
    let what = if is_rank { "rank" } else { "file" };
    let span = hi.map_or(lo.span, |h| lo.span.join(h.span));
    let text = match hi {
        Some(h) => format!("{}..{}", lo.text, h.text),
        None => lo.text.clone(),
    };
    cx.report(
        error::invalid(
            "rules::compile::cell_outside_board",
            format!("{what} `{text}` is not on the board"),
            span,
            format!("no such {what}"),
        )
        .with_help(format!("the board has {}", cx.board_desc)),
    );
}

/// `first rank`, `last file`, …: the board's cells with the least (or, with
/// `last`, the greatest) rank (with `rank`) or file coordinate.
fn edge(cx: &mut Ctx, last: bool, rank: bool, span: Span) -> Option<Vec<bool>> {
    let topo = cx.topology.as_ref()?;
    let key = |c: usize| {
        let (f, r) = topo.coords[c];
        if rank { r as i64 } else { f as i64 }
    };
    let mut best: Option<i64> = None;
    for c in 0..topo.board_cells {
        let k = key(c);
        best = Some(match best {
            None => k,
            Some(b) if last => b.max(k),
            Some(b) => b.min(k),
        });
    }
    let Some(best) = best else {
        cx.report(error::invalid(
            "rules::compile::empty_region",
            "the board has no cells",
            span,
            "nothing to select",
        ));
        return None;
    };
    let mut set = vec![false; topo.cells()];
    for (c, s) in set.iter_mut().enumerate().take(topo.board_cells) {
        *s = key(c) == best;
    }
    Some(set)
}

/// `cells where EXPR`: the cells for which the expression, seeing the cell's
/// coordinates and the coordinate constants, is not 0.
fn cells_where(cx: &mut Ctx, cond: &Expr, cells: usize) -> Option<Vec<bool>> {
    let mut set = vec![false; cells];
    let vars = cx.cell_vars.clone();
    for (c, values) in cx.cell_values.clone().iter().enumerate() {
        let env: Vec<(&str, i64)> = vars
            .iter()
            .map(String::as_str)
            .zip(values.iter().copied())
            .chain(cx.coord_consts.iter().map(|(n, v)| (n.as_str(), *v)))
            .collect();
        match coord_expr::eval(cond, &env, "cells where") {
            Ok(v) => set[c] |= v != 0,
            Err(p) => {
                cx.report(p);
                return None;
            }
        }
    }
    Some(set)
}

/// A list of cell and region names: their cells as seen by `player`, and
/// whether every name was understood (a region used before its definition
/// is reported here, an unknown cell by [`Ctx::resolve_cell`]).
fn named(cx: &mut Ctx, names: &[Ident], player: usize, cells: usize) -> Option<(Vec<bool>, bool)> {
    let mut set = vec![false; cells];
    let mut ok = true;
    for name in names {
        if let Some(r) = cx.region_names.lookup(&name.text) {
            let topo = cx.topology.as_ref()?;
            match topo.regions.get(r) {
                Some(region) => {
                    for (s, m) in set.iter_mut().zip(&region.member[player]) {
                        *s |= *m;
                    }
                }
                None => {
                    cx.report(
                        error::invalid(
                            "rules::compile::region_order",
                            format!("region `{}` is used before it is defined", name.text),
                            name.span,
                            "defined further down",
                        )
                        .with_label(cx.region_names.span(r), "defined here")
                        .with_help("define regions before the regions that use them"),
                    );
                    ok = false;
                }
            }
        } else if let Some(c) = cx.resolve_cell(name) {
            set[c.index()] = true;
        } else {
            ok = false;
        }
    }
    Some((set, ok))
}

/// The region named `ident` where a region is expected (`in NAME`, `when …
/// enters NAME`, promotion zones): a declared region, or a cell of the board,
/// which stands for the region of that one cell. `None` after reporting.
pub(super) fn resolve(cx: &mut Ctx, ident: &Ident) -> Option<usize> {
    if let Some(r) = cx.region_names.lookup(&ident.text) {
        return Some(r);
    }
    if cx.topology.is_none() {
        // Without a board a cell name cannot be told from a misspelt region.
        let cell_like = ident.text.starts_with(|c: char| c.is_ascii_alphabetic())
            && ident.text.ends_with(|c: char| c.is_ascii_digit());
        if !cell_like {
            let p = error::unknown(NameKind::Region, &ident.text, ident.span, cx.region_names.names());
            cx.report(p);
        }
        return None;
    }
    if !cx.cell_ids.contains_key(&ident.text) {
        let mut p = error::unknown(NameKind::Region, &ident.text, ident.span, cx.region_names.names());
        if p.help.as_deref().is_none_or(|h| !h.starts_with("did you mean")) {
            let regions: Vec<&str> = cx.region_names.names().collect();
            let known = if regions.is_empty() {
                String::new()
            } else {
                format!("the regions are {}; ", regions.join(", "))
            };
            p = p.with_help(format!(
                "{known}a region can also be one cell, named as on the board ({})",
                cx.board_desc
            ));
        }
        cx.report(p);
        return None;
    }
    Some(cx.cell_region(&ident.text))
}

/// The compiled twin of a syntax operator.
pub(super) fn ast_op(op: BinOp) -> crate::ir::BinOp {
    use crate::ir::BinOp as I;
    match op {
        BinOp::Or => I::Or,
        BinOp::And => I::And,
        BinOp::Eq => I::Eq,
        BinOp::Ne => I::Ne,
        BinOp::Lt => I::Lt,
        BinOp::Le => I::Le,
        BinOp::Gt => I::Gt,
        BinOp::Ge => I::Ge,
        BinOp::Add => I::Add,
        BinOp::Sub => I::Sub,
        BinOp::Mul => I::Mul,
        BinOp::Div => I::Div,
        BinOp::Rem => I::Rem,
    }
}
