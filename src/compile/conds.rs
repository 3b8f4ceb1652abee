//! Cell conditions (`onto empty or enemy`, `if friend Tower unmoved`,
//! `not next s is empty`, `in line of 3`).

use super::error::{self, NameKind};
use super::{Ctx, regions};
use crate::ir::{self, PieceKind};
use crate::syntax::ast::Cond;

/// The words a condition may use besides piece names, regions and mark sets.
const WORDS: [&str; 12] = [
    "empty", "occupied", "enemy", "friend", "neutral", "exit", "moved", "unmoved", "attacked", "origin",
    "taken", "free",
];

/// Lowers a condition and stores it in the game's condition list.
pub(super) fn lower_id(cx: &mut Ctx, cond: &Cond) -> Option<ir::CondId> {
    let c = lower(cx, cond)?;
    Some(intern(cx, c))
}

/// Stores a compiled condition in the game's list (once: equal conditions share an id).
pub(super) fn intern(cx: &mut Ctx, cond: ir::Cond) -> ir::CondId {
    if let Some(i) = cx.conds.iter().position(|c| *c == cond) {
        return ir::CondId(i as u16);
    }
    cx.conds.push(cond);
    ir::CondId((cx.conds.len() - 1) as u16)
}

/// The condition with id `id` and `extra` both holding.
pub(super) fn and(cx: &mut Ctx, id: ir::CondId, extra: ir::Cond) -> ir::CondId {
    let c = ir::Cond::And(Box::new(cx.conds[id.0 as usize].clone()), Box::new(extra));
    intern(cx, c)
}

/// A named condition (`condition hostile: …`), lowered where it is used.
fn named(cx: &mut Ctx, name: &crate::syntax::ast::Ident, index: usize) -> Option<ir::Cond> {
    if cx.conditions_open.contains(&name.text) {
        let chain = cx.conditions_open.join(" → ");
        cx.report(
            error::invalid(
                "rules::compile::recursive_definition",
                format!(
                    "condition `{}` is defined by itself ({chain} → {})",
                    name.text, name.text
                ),
                name.span,
                "used inside its own definition",
            )
            .with_label(cx.condition_names.span(index), "defined here")
            .with_help("a named condition may use other named conditions, but not itself"),
        );
        return None;
    }
    let cond = cx.condition_defs.get(index)?.clone();
    cx.conditions_open.push(name.text.clone());
    let lowered = lower(cx, &cond);
    cx.conditions_open.pop();
    lowered
}

/// Lowers a condition; `None` after reporting.
pub(super) fn lower(cx: &mut Ctx, cond: &Cond) -> Option<ir::Cond> {
    Some(match cond {
        Cond::Name(name) => match name.text.as_str() {
            "empty" => ir::Cond::Empty,
            "occupied" => ir::Cond::Occupied,
            "enemy" => ir::Cond::Enemy,
            "friend" => ir::Cond::Friend,
            "neutral" => ir::Cond::Neutral,
            "exit" => ir::Cond::Exit,
            "moved" => ir::Cond::Moved,
            "unmoved" => ir::Cond::Unmoved,
            "attacked" => ir::Cond::Attacked,
            "origin" => ir::Cond::Origin,
            "taken" => ir::Cond::Taken,
            "touched" => ir::Cond::Touched,
            "free" => ir::Cond::Free,
            _ => {
                if let Some(k) = cx.kinds.get(&name.text) {
                    ir::Cond::Kind(PieceKind(k as u8))
                } else if let Some(m) = cx.marks.lookup(&name.text) {
                    ir::Cond::Marked(m)
                } else if let Some(d) = cx.condition_names.lookup(&name.text) {
                    return named(cx, name, d);
                } else {
                    let candidates: Vec<&str> = cx
                        .kinds
                        .names()
                        .chain(cx.marks.names())
                        .chain(cx.condition_names.names())
                        .chain(WORDS.iter().copied())
                        .collect();
                    let mut p = error::unknown(NameKind::Condition, &name.text, name.span, candidates);
                    if cx.region_names.get(&name.text).is_some() {
                        p = p.with_help(format!("`{}` is a region: write `in {}`", name.text, name.text));
                    }
                    cx.report(p);
                    return None;
                }
            }
        },
        Cond::In(region) => ir::Cond::In(regions::resolve(cx, region)?),
        Cond::Next { dirs, cond } => {
            let d = cx.resolve_dirs(dirs);
            let c = lower(cx, cond);
            ir::Cond::Next {
                dirs: d?,
                cond: Box::new(c?),
            }
        }
        Cond::Ray { dirs, cond } => {
            let d = cx.resolve_dirs(dirs);
            let c = lower(cx, cond);
            ir::Cond::Ray {
                dirs: d?,
                cond: Box::new(c?),
            }
        }
        Cond::InLine { n, exact, dirs, span } => {
            if !(2..=64).contains(n) {
                cx.report(error::out_of_range(
                    "the length of a line",
                    *span,
                    "between 2 and 64",
                ));
                return None;
            }
            let dirs = match dirs {
                Some(d) => cx.resolve_dirs(d)?,
                None => cx.all_dirs()?,
            };
            ir::Cond::InLine {
                n: *n as u32,
                exact: *exact,
                dirs,
            }
        }
        Cond::Not(c) => ir::Cond::Not(Box::new(lower(cx, c)?)),
        Cond::And(a, b) => {
            let a = lower(cx, a);
            let b = lower(cx, b);
            ir::Cond::And(Box::new(a?), Box::new(b?))
        }
        Cond::Or(a, b) => {
            let a = lower(cx, a);
            let b = lower(cx, b);
            ir::Cond::Or(Box::new(a?), Box::new(b?))
        }
    })
}
