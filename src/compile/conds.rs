//! Cell conditions (`onto empty or enemy`, `over friend`, `in back_rank`).

use super::Ctx;
use super::error::{self, NameKind};
use crate::ir::{self, PieceKind};
use crate::syntax::ast::Cond;

/// The words a condition may use besides piece names.
const WORDS: [&str; 5] = ["empty", "occupied", "enemy", "friend", "exit"];

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

/// Lowers a condition; `None` after reporting.
fn lower(cx: &mut Ctx, cond: &Cond) -> Option<ir::Cond> {
    Some(match cond {
        Cond::Name(name) => match name.text.as_str() {
            "empty" => ir::Cond::Empty,
            "occupied" => ir::Cond::Occupied,
            "enemy" => ir::Cond::Enemy,
            "friend" => ir::Cond::Friend,
            "exit" => ir::Cond::Exit,
            _ => match cx.kinds.get(&name.text) {
                Some(k) => ir::Cond::Kind(PieceKind(k as u8)),
                None => {
                    let candidates: Vec<&str> = WORDS.iter().copied().chain(cx.kinds.names()).collect();
                    let p = error::unknown(NameKind::Condition, &name.text, name.span, candidates);
                    cx.report(p);
                    return None;
                }
            },
        },
        Cond::In(region) => {
            let r = cx.region_names.resolve(NameKind::Region, region);
            ir::Cond::In(cx.ok(r)?)
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
