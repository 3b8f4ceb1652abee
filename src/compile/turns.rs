//! Pass 5: the starting position, triggers, turn kinds and the turn order.

use super::error::{self, NameKind};
use super::exprs::{self, Ty};
use super::{Ctx, conds, effects, regions, sources};
use crate::diag::{Problem, Span};
use crate::ir::ids::MAX_ACTIONS;
use crate::ir::{
    self, ActionSource, CellId, FollowUp, KindInfo, MoveRule, Op, Pass, PieceKind, PlayerId, RuleSource,
    Setup, Trigger, Turn, TurnOrder, TurnSource,
};
use crate::syntax::ast::{
    ActionAlt, Alt, Effect, Ident, Item, OrderStmt, PassWhen, RulesFile, SetupStmt, TurnDecl,
};

pub(super) fn setup(cx: &mut Ctx, file: &RulesFile) -> Setup {
    let mut setup = Setup::default();
    let cells = cx.topology.as_ref().map_or(0, |t| t.cells());
    let mut placed_by: Vec<Option<crate::diag::Span>> = vec![None; cells];
    for item in &file.items {
        let Item::Setup(stmts) = item else { continue };
        for stmt in stmts {
            match stmt {
                SetupStmt::Place { player, kind, cells } => {
                    let (p, k) = player_and_kind(cx, player, kind);
                    // With an unknown player or piece (already reported), the
                    // cells are still checked, as the first player sees them.
                    let seen_by = p.map_or(0, |p| p.index());
                    let Some((set, _)) = regions::eval(cx, cells, seen_by) else {
                        continue;
                    };
                    let Some(topo) = cx.topology.as_ref() else {
                        continue;
                    };
                    let board_cells = topo.board_cells;
                    let names = topo.cell_names.clone();
                    let mut exit_reported = false;
                    for (c, member) in set.iter().enumerate() {
                        if !member {
                            continue;
                        }
                        if c >= board_cells {
                            if !exit_reported {
                                cx.report(error::invalid(
                                    "rules::compile::setup_on_exit",
                                    format!("`{}` is an exit cell: no piece can stand there", names[c]),
                                    cells.span,
                                    "includes an exit cell",
                                ));
                                exit_reported = true;
                            }
                            continue;
                        }
                        if let Some(first) = placed_by[c] {
                            let name = names[c].clone();
                            cx.report(
                                error::invalid(
                                    "rules::compile::setup_twice",
                                    format!("cell `{name}` is given two pieces"),
                                    cells.span,
                                    "placed again here",
                                )
                                .with_label(first, "first placed here"),
                            );
                            continue;
                        }
                        placed_by[c] = Some(cells.span);
                        if let (Some(p), Some(k)) = (p, k) {
                            setup.pieces.push((CellId(c as u16), p, k));
                        }
                    }
                }
                SetupStmt::Reserve {
                    player,
                    count,
                    count_span,
                    kind,
                } => {
                    let (p, k) = player_and_kind(cx, player, kind);
                    if !(0..=u16::MAX as i64).contains(count) {
                        cx.report(error::out_of_range(
                            "the reserve count",
                            *count_span,
                            "between 0 and 65535",
                        ));
                        continue;
                    }
                    if let (Some(p), Some(k)) = (p, k) {
                        setup.reserves.push((p, k, *count as u16));
                    }
                }
                SetupStmt::Drawn(paths) => {
                    for path in paths {
                        drawn_path(cx, path, &mut setup.lines);
                    }
                }
            }
        }
    }
    setup
}

/// The lines of a `drawn` path: from each cell to the next along one
/// direction, straight (the same direction at every step), every line on the
/// way. A cell that is not a board cell, or a next cell no straight line
/// reaches, is reported.
fn drawn_path(cx: &mut Ctx, path: &[Ident], lines: &mut Vec<(CellId, ir::DirId)>) {
    let Some(topo) = cx.topology.as_ref() else {
        return;
    };
    let cell_of = |name: &Ident| {
        (topo.cell_names.iter().take(topo.board_cells))
            .position(|n| *n == name.text)
            .map(|c| CellId(c as u16))
    };
    let cells: Vec<Option<CellId>> = path.iter().map(cell_of).collect();
    let dirs = topo.dir_names.len();
    let mut problems = Vec::new();
    for (i, pair) in cells.windows(2).enumerate() {
        let (Some(a), Some(b)) = (pair[0], pair[1]) else {
            continue;
        };
        let walk = (0..dirs).find_map(|d| {
            let d = ir::DirId(d as u8);
            let mut way = vec![(a, d)];
            let mut at = topo.step(a, d);
            while at.is_some() && at != b && at.index() < topo.board_cells && way.len() <= topo.board_cells {
                way.push((at, d));
                at = topo.step(at, d);
            }
            (at == b).then_some(way)
        });
        match walk {
            Some(way) => lines.extend(way),
            None => problems.push(error::invalid(
                "rules::compile::not_in_line",
                format!("no straight line of the board leads from `{}` to `{}`", path[i].text, path[i + 1].text),
                path[i].span.join(path[i + 1].span),
                "not on one line",
            )
            .with_help("each cell of a `drawn` path must be reached from the one before it by steps in one direction; start a new path after `;`")),
        }
    }
    for (name, cell) in path.iter().zip(&cells) {
        if cell.is_none() {
            problems.push(
                error::invalid(
                    "rules::compile::not_in_line",
                    format!("`{}` is no cell of the board", name.text),
                    name.span,
                    "no such cell",
                )
                .with_help("the cells of a `drawn` path are board cells, such as `a1`"),
            );
        }
    }
    for p in problems {
        cx.report(p);
    }
}

/// Resolves a (player, piece) pair and checks the piece's declared owner.
fn player_and_kind(cx: &mut Ctx, player: &Ident, kind: &Ident) -> (Option<PlayerId>, Option<PieceKind>) {
    let p = cx.players.resolve(NameKind::Player, player);
    let p = cx.ok(p).map(|p| PlayerId(p as u8));
    let k = cx.kinds.resolve(NameKind::Piece, kind);
    let k = cx.ok(k).map(|k| PieceKind(k as u8));
    if let (Some(p), Some(k)) = (p, k)
        && let Some(&(owner, owner_span)) = cx.kind_owners.get(k.index()).and_then(|o| o.as_ref())
        && owner != p
    {
        let owner_name = cx
            .players
            .names()
            .nth(owner.index())
            .unwrap_or_default()
            .to_string();
        cx.report(
            error::invalid(
                "rules::compile::wrong_owner",
                format!("`{}` pieces belong to `{owner_name}` only", kind.text),
                player.span,
                format!("`{}` may not own this piece", player.text),
            )
            .with_label(owner_span, "owner declared here"),
        );
        return (Some(p), None);
    }
    (p, k)
}

pub(super) fn triggers(cx: &mut Ctx, file: &RulesFile) -> (Vec<Trigger>, Vec<u16>) {
    let players = cx.player_count();
    let kinds = cx.kinds.len();
    let cells = cx.topology.as_ref().map_or(0, |t| t.cells());
    let mut at = vec![0u16; players * kinds * cells];
    let mut list = Vec::new();
    for item in &file.items {
        let Item::Trigger(decl) = item else { continue };
        let k = cx.kinds.resolve(NameKind::Piece, &decl.kind);
        let k = cx.ok(k);
        let r = regions::resolve(cx, &decl.region);
        let mut trigger = Trigger {
            remove: false,
            add: Vec::new(),
        };
        for effect in &decl.effects {
            match effect {
                Effect::Remove(_) => trigger.remove = true,
                Effect::Add { amount, counter, .. } => {
                    let c = cx.counters.resolve(NameKind::Counter, counter);
                    if let Some(c) = cx.ok(c) {
                        trigger.add.push((c, *amount));
                    }
                }
            }
        }
        let (Some(k), Some(r), Some(topo)) = (k, r, cx.topology.as_ref()) else {
            continue;
        };
        let Some(region) = topo.regions.get(r) else {
            continue;
        };
        list.push(trigger);
        let id = list.len() as u16;
        let mut overlap = false;
        for (p, member) in region.member.iter().enumerate() {
            for (c, m) in member.iter().enumerate() {
                if *m {
                    let slot = &mut at[(p * kinds + k) * cells + c];
                    overlap |= *slot != 0;
                    *slot = id;
                }
            }
        }
        if overlap {
            cx.report(
                error::invalid(
                    "rules::compile::trigger_overlap",
                    format!("two `when {} enters …` rules share cells", decl.kind.text),
                    decl.span,
                    "overlaps an earlier rule",
                )
                .with_help("a piece entering a cell fires one rule: make the regions disjoint"),
            );
        }
    }
    (list, at)
}

/// The kinds of turn (`turn NAME { … }`; without any, one turn of every
/// movement and drop rule) and the order the players take them in.
pub(super) fn turns(
    cx: &mut Ctx,
    file: &RulesFile,
    kinds: &mut [KindInfo],
    rules: &mut Vec<MoveRule>,
) -> (Vec<Turn>, TurnOrder) {
    let mut turns = Vec::new();
    for item in &file.items {
        let Item::Turn(decl) = item else { continue };
        if cx.turn_names.get(&decl.name.text) != Some(turns.len()) {
            continue; // a repeated declaration, already reported
        }
        turns.push(turn_kind(cx, file, decl, kinds, rules));
    }
    if turns.is_empty() && !cx.partial {
        // No `turn`: one turn of every movement and drop rule of the mover's pieces.
        turns.push(default_turn(kinds));
    }
    (turns, turn_order(cx, file))
}

/// One kind of turn: its budget of actions, its tiers of actions (`choose …`
/// / `else …`), its follow-up and the effect after each action; where each
/// part is written goes to the sources.
fn turn_kind(
    cx: &mut Ctx,
    file: &RulesFile,
    decl: &TurnDecl,
    kinds: &[KindInfo],
    rules: &mut Vec<MoveRule>,
) -> Turn {
    let max_actions = max_actions(cx, decl);
    let distinct_pieces = decl.actions.as_ref().is_some_and(|a| a.distinct);
    let exact_actions = decl.actions.as_ref().is_some_and(|a| a.exactly);
    for span in &decl.repeated {
        cx.report(error::invalid(
            "rules::compile::duplicate",
            format!("turn `{}` says this twice", decl.name.text),
            *span,
            "said again here",
        ));
    }
    let budget = match max_actions {
        ir::Expr::Const(n) => n.clamp(1, MAX_ACTIONS as i64),
        _ => MAX_ACTIONS as i64,
    };
    let (tiers, costs, tier_spans) = if decl.tiers.is_empty() {
        let tier = every_action(kinds);
        let spans = vec![vec![decl.name.span; tier.len()]];
        (vec![tier], Vec::new(), spans)
    } else {
        tiers_of(cx, &decl.tiers, kinds, rules, budget)
    };
    let follow_up = follow_up(cx, decl, kinds, rules);
    let after_each = decl.after_each.as_ref().and_then(|(body, span)| {
        let rule = effects::effect_rule(cx, body, *span)?;
        Some(sources::add_rule(cx, rules, rule))
    });
    report_empty_turn(cx, file, decl, &tiers);
    cx.sources.turns.push(TurnSource {
        name: Some(decl.name.span),
        tiers: tier_spans,
        must_capture: decl.must_capture,
        most_captures: decl.most_captures,
        pass: decl.pass.map(|(_, span)| span),
        actions: decl.actions.as_ref().map(|a| a.span),
    });
    Turn {
        name: decl.name.text.clone(),
        max_actions,
        exact_actions,
        costs,
        distinct_pieces,
        pass: match decl.pass {
            None => Pass::No,
            Some((PassWhen::Always, _)) => Pass::Allowed,
            Some((PassWhen::IfStuck, _)) => Pass::IfStuck,
        },
        tiers,
        must_capture: decl.must_capture.is_some(),
        most_captures: decl.most_captures.is_some(),
        follow_up,
        after_each,
    }
}

/// A turn's budget of actions (`actions up to N`, `actions exactly N`; 1
/// without them), reported when it is a number outside 1..=`MAX_ACTIONS`.
fn max_actions(cx: &mut Ctx, decl: &TurnDecl) -> ir::Expr {
    let max_actions = match &decl.actions {
        Some(a) => exprs::lower_as(cx, &a.count, Ty::Int, None).unwrap_or(ir::Expr::Const(1)),
        None => ir::Expr::Const(1),
    };
    if let (ir::Expr::Const(n), Some(a)) = (&max_actions, &decl.actions)
        && !(1..=MAX_ACTIONS as i64).contains(n)
    {
        cx.report(error::out_of_range(
            "the number of actions",
            a.count.span,
            &format!("between 1 and {MAX_ACTIONS}"),
        ));
    }
    max_actions
}

/// `then if COND: choose …`: one more action after the move's when COND
/// holds; a turn with `actions` is told to keep one of the two.
fn follow_up(
    cx: &mut Ctx,
    decl: &TurnDecl,
    kinds: &[KindInfo],
    rules: &mut Vec<MoveRule>,
) -> Option<FollowUp> {
    let (cond, follow, span) = decl.follow_up.as_ref()?;
    if let Some(actions) = &decl.actions {
        let form = if actions.exactly { "exactly" } else { "up to" };
        cx.report(
            error::invalid(
                "rules::compile::follow_up_with_actions",
                format!("a turn with `actions {form}` cannot also have `then if …`"),
                *span,
                "a follow-up action here",
            )
            .with_help(format!(
                "`actions {form} N` already lets the player go on: keep one of the two"
            )),
        );
    }
    let when = conds::lower_id(cx, cond)?;
    Some(FollowUp {
        when,
        tiers: tiers_of(cx, follow, kinds, rules, 1).0,
    })
}

/// Reports a turn that says nothing or offers no action (unless it lies in
/// a block that failed to parse, where its lines may have been lost).
fn report_empty_turn(cx: &mut Ctx, file: &RulesFile, decl: &TurnDecl, tiers: &[Vec<ActionSource>]) {
    let says_nothing = decl.tiers.is_empty()
        && decl.after_each.is_none()
        && decl.pass.is_none()
        && decl.actions.is_none()
        && decl.follow_up.is_none()
        && decl.must_capture.is_none()
        && decl.most_captures.is_none();
    let offers_nothing = decl.tiers.is_empty() && tiers.iter().all(|t| t.is_empty()) && decl.pass.is_none();
    if (says_nothing || offers_nothing) && !file.in_broken_block(decl.span) {
        cx.report(
            error::invalid(
                "rules::compile::empty_turn",
                format!("turn `{}` offers no action", decl.name.text),
                decl.name.span,
                "nothing can be done in this turn",
            )
            .with_help(
                "add `choose move Piece` or `choose drop Piece onto …`, or leave the \
                 turn out: without `turn`, every piece may make any of its moves",
            ),
        );
    }
}

/// The turn of a file without `turn`: one action of any movement or drop
/// rule of the mover's pieces.
fn default_turn(kinds: &[KindInfo]) -> Turn {
    Turn {
        name: "turn".to_string(),
        max_actions: ir::Expr::Const(1),
        exact_actions: false,
        costs: Vec::new(),
        distinct_pieces: false,
        pass: Pass::No,
        tiers: vec![every_action(kinds)],
        must_capture: false,
        most_captures: false,
        follow_up: None,
        after_each: None,
    }
}

/// The turn order: `turns { … }`, or without it the players in order, each
/// playing the one kind of turn.
fn turn_order(cx: &mut Ctx, file: &RulesFile) -> TurnOrder {
    let mut order = TurnOrder::default();
    let declared_order = file.items.iter().any(|i| matches!(i, Item::Turns { .. }));
    if !declared_order && !cx.partial {
        // No `turns`: the players take turns in order, all playing the one turn.
        report_order_needed(cx, file);
        order.cycle = (0..cx.players.len()).map(|p| (PlayerId(p as u8), 0)).collect();
    }
    let mut seen = false;
    for item in &file.items {
        let Item::Turns { stmts, span } = item else {
            continue;
        };
        if seen {
            cx.report(error::invalid(
                "rules::compile::duplicate",
                "`turns` is declared twice",
                *span,
                "declared again here",
            ));
            continue;
        }
        seen = true;
        read_order(cx, stmts, *span, &mut order);
    }
    order
}

/// Reports a second kind of turn in a file without `turns`: which player
/// plays which kind must then be said.
fn report_order_needed(cx: &mut Ctx, file: &RulesFile) {
    let second = file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Turn(t) => Some(t),
            _ => None,
        })
        .nth(1);
    if let Some(second) = second {
        cx.report(
            error::invalid(
                "rules::compile::turn_order_needed",
                "with several kinds of turn, the order must be given",
                second.name.span,
                "a second kind of turn",
            )
            .with_help("say who plays which turn, e.g. `turns { repeat { White: main  Black: main } }`"),
        );
    }
}

/// The statements of `turns { … }` (the turns played once, then the
/// `repeat { … }` that must end it) into `order`.
fn read_order(cx: &mut Ctx, stmts: &[OrderStmt], span: Span, order: &mut TurnOrder) {
    for (i, stmt) in stmts.iter().enumerate() {
        match stmt {
            OrderStmt::Turn { player, turn } => {
                if let Some(t) = order_entry(cx, player, turn) {
                    order.prefix.push(t);
                }
            }
            OrderStmt::Repeat { turns, span } => {
                if i + 1 != stmts.len() {
                    cx.report(error::invalid(
                        "rules::compile::repeat_not_last",
                        "`repeat { … }` must be the last part of `turns`",
                        *span,
                        "turns after it would never be played",
                    ));
                }
                if turns.is_empty() {
                    cx.report(error::invalid(
                        "rules::compile::empty_repeat",
                        "`repeat { … }` needs at least one turn",
                        *span,
                        "empty",
                    ));
                }
                for (player, turn) in turns {
                    if let Some(t) = order_entry(cx, player, turn) {
                        order.cycle.push(t);
                    }
                }
            }
        }
    }
    if !stmts.iter().any(|s| matches!(s, OrderStmt::Repeat { .. })) {
        cx.report(
            error::invalid(
                "rules::compile::no_repeat",
                "the turn order never repeats, so the game would run out of turns",
                span,
                "no `repeat { … }` here",
            )
            .with_help("end `turns` with e.g. `repeat { White: main  Black: main }`"),
        );
    }
}

fn order_entry(cx: &mut Ctx, player: &Ident, turn: &Ident) -> Option<(PlayerId, usize)> {
    let p = cx.players.resolve(NameKind::Player, player);
    let p = cx.ok(p);
    let t = cx.turn_names.resolve(NameKind::Turn, turn);
    let t = cx.ok(t);
    Some((PlayerId(p? as u8), t?))
}

/// Every movement and drop rule of every kind, as one tier.
fn every_action(kinds: &[KindInfo]) -> Vec<ActionSource> {
    let mut tier = Vec::new();
    for (k, info) in kinds.iter().enumerate() {
        let kind = PieceKind(k as u8);
        if !info.rules.is_empty() {
            tier.push(ActionSource::Move {
                kind,
                rules: info.rules.clone(),
            });
        }
        if !info.drops.is_empty() {
            tier.push(ActionSource::Drop {
                kind,
                rules: info.drops.clone(),
            });
        }
    }
    tier
}

/// A turn's tiers of sources, what each source costs, and where each is written.
type Tiers = (Vec<Vec<ActionSource>>, Vec<Vec<u8>>, Vec<Vec<Span>>);

/// The tiers of `choose …` / `else …` lines, what each source costs
/// (empty when nothing costs more than 1), and where each source is
/// written. A cost must lie in 1..=`budget`, the most the turn's budget can be.
fn tiers_of(
    cx: &mut Ctx,
    tiers: &[Vec<Alt>],
    kinds: &[KindInfo],
    rules: &mut Vec<MoveRule>,
    budget: i64,
) -> Tiers {
    let mut sources = Vec::new();
    let mut costs = Vec::new();
    let mut spans = Vec::new();
    for tier in tiers {
        let mut tier_sources = Vec::new();
        let mut tier_costs = Vec::new();
        let mut tier_spans = Vec::new();
        for alt in tier {
            let cost = match alt.cost {
                Some((n, span)) if !(1..=budget).contains(&n) => {
                    cx.report(
                        error::out_of_range(
                            "the cost of an action",
                            span,
                            &format!("between 1 and {budget}, the turn's `actions`"),
                        )
                        .with_help("an action that costs more than the turn's budget could never be made"),
                    );
                    1
                }
                Some((n, _)) => n as u8,
                None => 1,
            };
            if let Some(source) = action_source(cx, alt, kinds, rules) {
                tier_sources.push(source);
                tier_costs.push(cost);
                tier_spans.push(alt.span);
            }
        }
        sources.push(tier_sources);
        costs.push(tier_costs);
        spans.push(tier_spans);
    }
    if costs.iter().flatten().all(|&c| c == 1) {
        costs.clear();
    }
    (sources, costs, spans)
}

fn action_source(
    cx: &mut Ctx,
    alt: &Alt,
    kinds: &[KindInfo],
    rules: &mut Vec<MoveRule>,
) -> Option<ActionSource> {
    match &alt.action {
        ActionAlt::Move { kind, name } => {
            let k = cx.kinds.resolve(NameKind::Piece, kind);
            let k = cx.ok(k)?;
            let all = cx.move_rules.get(k).cloned().unwrap_or_default();
            let rules = match name {
                None => all.iter().filter_map(|(_, r)| *r).collect(),
                Some(n) => match all.iter().find(|(m, _)| *m == n.text) {
                    Some((_, r)) => r.iter().copied().collect(),
                    None => {
                        let p: Problem = error::unknown(
                            NameKind::Move,
                            &n.text,
                            n.span,
                            all.iter().map(|(m, _)| m.as_str()),
                        );
                        cx.report(p);
                        return None;
                    }
                },
            };
            Some(ActionSource::Move {
                kind: PieceKind(k as u8),
                rules,
            })
        }
        ActionAlt::Drop { kind: name, target } => {
            let k = cx.kinds.resolve(NameKind::Piece, name);
            let kind = PieceKind(cx.ok(k)? as u8);
            match target {
                Some(onto) => {
                    let target = conds::lower_id(cx, onto)?;
                    let rule = drop_rule(kind, target);
                    let ops = vec![onto.span().unwrap_or(alt.span), alt.span, alt.span];
                    let source = RuleSource { span: alt.span, ops };
                    Some(ActionSource::Drop {
                        kind,
                        rules: vec![sources::add_rule(cx, rules, (rule, source))],
                    })
                }
                None => {
                    let drops = kinds
                        .get(kind.index())
                        .map(|k| k.drops.clone())
                        .unwrap_or_default();
                    if drops.is_empty() {
                        cx.report(
                            error::invalid(
                                "rules::compile::no_drop_rule",
                                format!("`{}` has no drop rule", name.text),
                                name.span,
                                "nothing says where it may be dropped",
                            )
                            .with_help(format!(
                                "say where: `drop {} onto empty`, or give the piece a rule `drop: onto empty`",
                                name.text
                            )),
                        );
                        return None;
                    }
                    Some(ActionSource::Drop { kind, rules: drops })
                }
            }
        }
        ActionAlt::Remove { target: onto, .. } => {
            let target = conds::lower_id(cx, onto)?;
            let rule = MoveRule {
                name: "remove".to_string(),
                kind: PieceKind(0),
                drop: true,
                pattern: ir::Pattern::Core,
                target,
                program: ir::Program {
                    ops: vec![Op::AnywhereIf(target), Op::Remove, Op::Accept],
                },
                fast_core: None,
                opening: None,
            };
            let ops = vec![onto.span().unwrap_or(alt.span), alt.span, alt.span];
            let source = RuleSource { span: alt.span, ops };
            Some(ActionSource::Remove {
                rule: sources::add_rule(cx, rules, (rule, source)),
            })
        }
    }
}

/// A drop onto any cell meeting `target`, as a rule of the kind.
pub(super) fn drop_rule(kind: PieceKind, target: ir::CondId) -> MoveRule {
    MoveRule {
        name: "drop".to_string(),
        kind,
        drop: true,
        pattern: ir::Pattern::Drop,
        target,
        program: ir::Program {
            ops: vec![Op::AnywhereIf(target), Op::Place(kind), Op::Accept],
        },
        fast_core: None,
        opening: None,
    }
}
