//! Cell conditions (`onto empty or enemy`, `over friend`, `in back_rank`).

use super::error::{self, NameKind};
use super::{Ctx, regions};
use crate::ir::{self, PieceKind};
use crate::syntax::ast::Cond;

/// The words a condition may use besides piece names.
const WORDS: [&str; 5] = ["empty", "occupied", "enemy", "friend", "exit"];

/// Lowers a condition and stores it in the game's condition list.
pub(super) fn lower_id(cx: &mut Ctx, cond: &Cond) -> Option<ir::CondId> {
    let c = lower(cx, cond)?;
    cx.conds.push(c);
    Some(ir::CondId((cx.conds.len() - 1) as u16))
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
        Cond::In(region) => ir::Cond::In(regions::resolve(cx, region)?),
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
