//! Pass 3: named regions, evaluated into per-player cell memberships.

use super::error::{self, NameKind};
use super::{Ctx, coord_expr};
use crate::diag::Problem;
use crate::ir::Region;
use crate::syntax::ast::{BinOp, Ident, Item, PerPlayer, RegionExpr, RegionTerm, RulesFile};

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
    let topo = cx.topology.as_ref()?;
    let cells = topo.cells();
    let mut set = vec![false; cells];
    let mut ok = true;
    for term in &expr.terms {
        match term {
            RegionTerm::Rank(label) | RegionTerm::File(label) => {
                let is_rank = matches!(term, RegionTerm::Rank(_));
                let topo = cx.topology.as_ref()?;
                let mut any = false;
                for (c, name) in topo.cell_names.iter().enumerate() {
                    let split = name.find(|ch: char| ch.is_ascii_digit()).unwrap_or(name.len());
                    let (file, rank) = name.split_at(split);
                    if (is_rank && rank == label.text) || (!is_rank && file == label.text) {
                        set[c] = true;
                        any = true;
                    }
                }
                if !any {
                    let what = if is_rank { "rank" } else { "file" };
                    cx.report(
                        error::invalid(
                            "rules::compile::cell_outside_board",
                            format!("{what} `{}` is not on the board", label.text),
                            label.span,
                            format!("no such {what}"),
                        )
                        .with_help(format!("the board has {}", cx.board_desc)),
                    );
                    ok = false;
                }
            }
            RegionTerm::Where(cond) => {
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
                            ok = false;
                            break;
                        }
                    }
                }
            }
            RegionTerm::Names(names) => {
                for name in names {
                    if let Some(r) = cx.region_names.get(&name.text) {
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
            }
        }
    }
    Some((set, ok))
}

/// The region named `ident` where a region is expected (`in NAME`, `when …
/// enters NAME`, promotion zones): a declared region, or a cell of the board,
/// which stands for the region of that one cell. `None` after reporting.
pub(super) fn resolve(cx: &mut Ctx, ident: &Ident) -> Option<usize> {
    if let Some(r) = cx.region_names.get(&ident.text) {
        return Some(r);
    }
    let Some(topo) = cx.topology.as_ref() else {
        // Without a board a cell name cannot be told from a misspelt region.
        let cell_like = ident.text.starts_with(|c: char| c.is_ascii_alphabetic())
            && ident.text.ends_with(|c: char| c.is_ascii_digit());
        if !cell_like {
            let p = error::unknown(NameKind::Region, &ident.text, ident.span, cx.region_names.names());
            cx.report(p);
        }
        return None;
    };
    let Some(&cell) = cx.cell_ids.get(&ident.text) else {
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
    };
    // The region of one cell, made once for each cell named so.
    let players = cx.player_count();
    let cells = topo.cells();
    let topo = cx.topology.as_mut()?;
    if let Some(r) = topo
        .regions
        .iter()
        .enumerate()
        .skip(cx.region_names.len())
        .find(|(_, r)| r.name == ident.text)
        .map(|(i, _)| i)
    {
        return Some(r);
    }
    let mut member = vec![vec![false; cells]; players];
    for m in member.iter_mut() {
        m[cell.index()] = true;
    }
    topo.regions.push(Region {
        name: ident.text.clone(),
        member,
    });
    Some(topo.regions.len() - 1)
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
