//! Pass 4b: the shared pool, flags, royal pieces, promotions (on capture and
//! in place) and repetition bans.

use super::error::{self, NameKind};
use super::exprs::{self, Ty};
use super::{Ctx, conds, regions};
use crate::diag::Span;
use crate::ir::{Flag, Forbid, InPlace, KindInfo, PieceKind, Promotion};
use crate::syntax::ast::{CapturedDecl, Expr, Ident, Item, PromoteDecl, RulesFile};

/// What this pass adds to the game.
#[derive(Default)]
pub(super) struct Extras {
    pub pool: Vec<(PieceKind, u16)>,
    pub flags: Vec<Flag>,
    pub promotions: Vec<Promotion>,
    pub in_place: Vec<InPlace>,
    pub forbid: Vec<Forbid>,
}

/// The items of this pass, each step in the order its checks need: the
/// pool, flags and royal pieces; the captured pieces sent to the pool;
/// promotions in place and repetition bans; promotions on capture.
pub(super) fn build(cx: &mut Ctx, file: &RulesFile, mut kinds: Option<&mut Vec<KindInfo>>) -> Extras {
    let mut extras = Extras::default();
    let mut pool_seen = None;
    for item in &file.items {
        match item {
            Item::Pool(list) => pool(cx, list, &mut pool_seen, &mut extras.pool),
            Item::Flag { name, when } => flag(cx, name, when, &mut extras.flags),
            Item::Royal(list, span) => royal(cx, list, *span, kinds.as_deref_mut()),
            _ => {}
        }
    }
    for item in &file.items {
        if let Item::Captured(decl) = item {
            check_sent_to_pool(cx, decl, &extras.pool);
        }
    }
    for item in &file.items {
        match item {
            Item::PromoteInPlace(decl) => in_place(cx, decl, &mut extras.in_place),
            Item::Forbid { guard, back, span } => {
                if let Some(forbid) = forbid(cx, guard.as_ref(), *back) {
                    extras.forbid.push(forbid);
                    cx.sources.forbid.push(*span);
                }
            }
            _ => {}
        }
    }
    for item in &file.items {
        if let Item::Promote(decl) = item
            && let Some(promotion) = on_capture(cx, decl, pool_seen.is_some())
        {
            extras.promotions.push(promotion);
        }
    }
    extras
}

/// `pool Kind, …`: the shared pool, a kind listed twice holding two pieces;
/// a second `pool` is reported. `seen` is where the first one was.
fn pool(cx: &mut Ctx, list: &[Ident], seen: &mut Option<Span>, pool: &mut Vec<(PieceKind, u16)>) {
    if let Some(first) = *seen {
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
        return;
    }
    *seen = list.first().map(|i| i.span);
    for ident in list {
        if let Some(k) = kind(cx, ident) {
            match pool.iter_mut().find(|(pk, _)| *pk == k) {
                Some((_, n)) => *n += 1,
                None => pool.push((k, 1)),
            }
        }
    }
}

/// `flag name when C`: a named condition, kept once per name.
fn flag(cx: &mut Ctx, name: &Ident, when: &Expr, flags: &mut Vec<Flag>) {
    if cx.flags.get(&name.text) != Some(flags.len()) {
        return; // a repeated declaration, already reported
    }
    let when = exprs::lower_as(cx, when, Ty::Bool, None).unwrap_or(crate::ir::Expr::Const(0));
    flags.push(Flag {
        name: name.text.clone(),
        when,
    });
}

/// `royal Kind, …`: the kinds marked royal, with where they were declared so.
fn royal(cx: &mut Ctx, list: &[Ident], span: Span, mut kinds: Option<&mut Vec<KindInfo>>) {
    for ident in list {
        if let Some(k) = kind(cx, ident)
            && let Some(info) = kinds.as_deref_mut().and_then(|ks| ks.get_mut(k.index()))
        {
            info.royal = true;
            let royal = &mut cx.sources.royal;
            if royal.len() <= k.index() {
                royal.resize(k.index() + 1, None);
            }
            royal[k.index()] = Some(span);
        }
    }
}

/// `captured Kind, … to pool`: each kind sent there must be a pool piece.
fn check_sent_to_pool(cx: &mut Ctx, decl: &CapturedDecl, pool: &[(PieceKind, u16)]) {
    for name in &decl.kinds {
        if decl.to == crate::syntax::ast::CaptureDest::Pool
            && let Some(k) = cx.kinds.get(&name.text)
            && !pool.iter().any(|(pk, _)| pk.index() == k)
        {
            cx.report(
                error::invalid(
                    "rules::compile::not_in_pool",
                    format!("`{}` is not a pool piece", name.text),
                    decl.span,
                    "sent to the pool here",
                )
                .with_help("list it in `pool …`, or send captured pieces `to out` or `to reserve`"),
            );
        }
    }
}

/// `[if EXPR:] forbid repetition [of N moves ago]`: a repetition ban; `None`
/// after reporting how many moves back is out of range.
fn forbid(cx: &mut Ctx, guard: Option<&Expr>, back: Option<(i64, Span)>) -> Option<Forbid> {
    let guard = guard.and_then(|g| {
        let lowered = exprs::lower_as(cx, g, Ty::Bool, None)?;
        super::history::read_once(cx, &lowered, g.span, "the guard of `forbid`");
        Some(lowered)
    });
    let back = match back {
        Some((n, span)) if !(1..=1000).contains(&n) => {
            cx.report(error::out_of_range(
                "how many moves back",
                span,
                "between 1 and 1000",
            ));
            return None;
        }
        Some((n, _)) => Some(n as u32),
        None => None,
    };
    Some(Forbid { guard, back })
}

/// `promote Kind capturing C [unless FLAG]: Kind at ZONE else ZONE …`: a
/// promotion on capture; `None` after reporting a name it could not find.
fn on_capture(cx: &mut Ctx, decl: &PromoteDecl, has_pool: bool) -> Option<Promotion> {
    if let Some(more) = decl.more.first() {
        cx.report(
            error::invalid(
                "rules::compile::promote_capturing_one_kind",
                "a promotion on capture names one capturing piece",
                more.span,
                "a second piece here",
            )
            .with_help("write one `promote … capturing …` line per piece"),
        );
    }
    let capturer = kind(cx, &decl.kind);
    let captured = conds::lower_id(cx, &decl.captured);
    let unless = decl.unless.as_ref().and_then(|f| {
        let f = cx.flags.resolve(NameKind::Flag, f);
        cx.ok(f)
    });
    let into = match &decl.into {
        Some(k) => kind(cx, k).map(Some),
        None => {
            if !has_pool {
                cx.report(
                    error::invalid(
                        "rules::compile::no_pool",
                        "`lowest in pool` needs a pool",
                        decl.span,
                        "there is no `pool` declaration",
                    )
                    .with_help("declare the pool's pieces, lowest rank first: `pool Minor, Major`"),
                );
            }
            Some(None)
        }
    };
    let zones = decl
        .zones
        .iter()
        .filter_map(|zone| match zone {
            None => Some(None),
            Some(r) => regions::resolve(cx, r).map(Some),
        })
        .collect();
    Some(Promotion {
        kind: capturer?,
        captured: captured?,
        unless,
        into: into?,
        zones,
    })
}

fn kind(cx: &mut Ctx, ident: &Ident) -> Option<PieceKind> {
    let k = cx.kinds.resolve(NameKind::Piece, ident);
    cx.ok(k).map(|k| PieceKind(k as u8))
}

/// `promote Kind in zone [or from zone] [, on entering]: Kind, … [, optional]`.
fn in_place(cx: &mut Ctx, decl: &crate::syntax::ast::InPlaceDecl, out: &mut Vec<InPlace>) {
    let to: Vec<usize> = decl.to.iter().filter_map(|r| regions::resolve(cx, r)).collect();
    let from: Vec<usize> = decl.from.iter().filter_map(|r| regions::resolve(cx, r)).collect();
    let into: Vec<PieceKind> = decl.into.iter().filter_map(|k| kind(cx, k)).collect();
    if decl.on_entering && !decl.from.is_empty() {
        cx.report(
            error::invalid(
                "rules::compile::entering_from",
                "`on entering` promotes where the piece lands, so `from` has no use here",
                decl.span,
                "both `from` and `on entering`",
            )
            .with_help("drop `from …`, or promote where the action ends (without `on entering`)"),
        );
    }
    for k in &decl.kinds {
        let Some(kind) = kind(cx, k) else { continue };
        if into.contains(&kind) {
            cx.report(
                error::invalid(
                    "rules::compile::promote_to_itself",
                    format!("`{}` would promote to itself", k.text),
                    decl.span,
                    "listed among the kinds it becomes",
                )
                .with_help("to let the player keep the piece, end the list with `optional`"),
            );
            continue;
        }
        out.push(InPlace {
            kind,
            to: to.clone(),
            from: from.clone(),
            into: into.clone(),
            optional: decl.optional,
            on_entering: decl.on_entering,
        });
    }
}
