//! Pass 4b: the shared pool, flags, royal pieces and promotions on capture.

use super::error::{self, NameKind};
use super::exprs::{self, Ty};
use super::{Ctx, conds, regions};
use crate::ir::{Flag, KindInfo, PieceKind, Promotion};
use crate::syntax::ast::{Ident, Item, RulesFile};

/// What this pass adds to the game.
#[derive(Default)]
pub(super) struct Extras {
    pub pool: Vec<(PieceKind, u16)>,
    pub flags: Vec<Flag>,
    pub promotions: Vec<Promotion>,
}

pub(super) fn build(cx: &mut Ctx, file: &RulesFile, mut kinds: Option<&mut Vec<KindInfo>>) -> Extras {
    let mut extras = Extras::default();
    let mut pool_seen = None;
    for item in &file.items {
        match item {
            Item::Pool(list) => {
                if let Some(first) = pool_seen {
                    let span = list.first().map(|i| i.span).unwrap_or_default();
                    cx.report(
                        error::invalid(
                            "rules::compile::duplicate",
                            "`pool` is declared twice",
                            span,
                            "declared again here",
                        )
                        .with_label(first, "first declared here"),
                    );
                    continue;
                }
                pool_seen = list.first().map(|i| i.span);
                for ident in list {
                    if let Some(k) = kind(cx, ident) {
                        match extras.pool.iter_mut().find(|(pk, _)| *pk == k) {
                            Some((_, n)) => *n += 1,
                            None => extras.pool.push((k, 1)),
                        }
                    }
                }
            }
            Item::Flag { name, when } => {
                if cx.flags.get(&name.text) != Some(extras.flags.len()) {
                    continue; // a repeated declaration, already reported
                }
                let when = exprs::lower_as(cx, when, Ty::Bool, None).unwrap_or(crate::ir::Expr::Const(0));
                extras.flags.push(Flag {
                    name: name.text.clone(),
                    when,
                });
            }
            Item::Royal(list) => {
                for ident in list {
                    if let Some(k) = kind(cx, ident)
                        && let Some(info) = kinds.as_deref_mut().and_then(|ks| ks.get_mut(k.index()))
                    {
                        info.royal = true;
                    }
                }
            }
            _ => {}
        }
    }
    for item in &file.items {
        let Item::Captured(decl) = item else { continue };
        if decl.to == crate::syntax::ast::CaptureDest::Pool
            && let Some(k) = cx.kinds.get(&decl.kind.text)
            && !extras.pool.iter().any(|(pk, _)| pk.index() == k)
        {
            cx.report(
                error::invalid(
                    "rules::compile::not_in_pool",
                    format!("`{}` is not a pool piece", decl.kind.text),
                    decl.span,
                    "sent to the pool here",
                )
                .with_help("list it in `pool …`, or send captured pieces `to out` or `to reserve`"),
            );
        }
    }
    for item in &file.items {
        let Item::Promote(decl) = item else { continue };
        let capturer = kind(cx, &decl.kind);
        let captured = conds::lower_id(cx, &decl.captured);
        let unless = decl.unless.as_ref().and_then(|f| {
            let f = cx.flags.resolve(NameKind::Flag, f);
            cx.ok(f)
        });
        let into = match &decl.into {
            Some(k) => kind(cx, k).map(Some),
            None => {
                if pool_seen.is_none() {
                    cx.report(
                        error::invalid(
                            "rules::compile::no_pool",
                            "`lowest in pool` needs a pool",
                            decl.span,
                            "there is no `pool` declaration",
                        )
                        .with_help("declare the pool's pieces, lowest rank first: `pool Bishop, Rook`"),
                    );
                }
                Some(None)
            }
        };
        let mut zones = Vec::new();
        for zone in &decl.zones {
            match zone {
                None => zones.push(None),
                Some(r) => {
                    if let Some(region) = regions::resolve(cx, r) {
                        zones.push(Some(region));
                    }
                }
            }
        }
        if let (Some(kind), Some(captured), Some(into)) = (capturer, captured, into) {
            extras.promotions.push(Promotion {
                kind,
                captured,
                unless,
                into,
                zones,
            });
        }
    }
    extras
}

fn kind(cx: &mut Ctx, ident: &Ident) -> Option<PieceKind> {
    let k = cx.kinds.resolve(NameKind::Piece, ident);
    cx.ok(k).map(|k| PieceKind(k as u8))
}
