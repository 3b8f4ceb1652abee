//! Rules: their clauses — patterns (sugar) and the move core — lowered to one
//! core program each, with the fast form the compiler can prove equivalent
//! (a rule that is one plain pattern).

use super::error::{self, NameKind};
use super::patterns::{self, Jump};
use super::program::Builder;
use super::{Ctx, conds, exprs, then_groups, transforms};
use crate::diag::Span;
use crate::engine::MAX_REGISTERS;
use crate::ir::{self, Cond, CondId, JumpCapture, MoveRule, Op, PieceKind, RuleSource};
use crate::syntax::ast::{self, CaptureHow, Clause, Distance, JumpOption, PathStep, Pattern, Repeat, Step};

/// What the lowering of one rule keeps track of.
struct Lowering<'a> {
    cx: &'a mut Ctx,
    /// Register names (`save NAME`), by index.
    registers: Vec<String>,
    /// Patterns move the cursor only (the action places a piece instead of moving one).
    cursor_only: bool,
    /// The next walk lifts the action's piece (it is the action's first
    /// clause to move the cursor: its distance sees the piece on its cell).
    lift_in_walk: bool,
}

/// A movement rule of `kind` from its clauses, and where it is written;
/// `None` after reporting.
pub(super) fn move_rule(
    cx: &mut Ctx,
    name: &str,
    clauses: &[Clause],
    kind: PieceKind,
    span: Span,
) -> Option<(MoveRule, RuleSource)> {
    cx.topology.as_ref()?;
    // A rule that is one plain pattern has a fast form.
    let fast = match clauses {
        [Clause::Pattern(p, pspan)] => patterns::fast_form(cx, p, *pspan),
        _ => None,
    };
    let mut rule = Lowering {
        cx,
        registers: Vec::new(),
        cursor_only: false,
        lift_in_walk: false,
    };
    let mut b = Builder::new(span);
    let before = rule.cx.problems.len();
    rule.forms(&mut b, clauses, span, false);
    if rule.cx.problems.len() > before {
        return None;
    }
    let (program, ops) = b.finish();
    let (pattern, target) = match fast {
        Some((p, t)) => (p, t),
        None => (ir::Pattern::Core, conds::intern(rule.cx, Cond::True)),
    };
    let (fast_core, target) = match (&pattern, move_then_place(rule.cx, clauses)) {
        (ir::Pattern::Core, Some((chain, first_target))) => {
            (Some(Box::new(ir::FastCore::MoveThenPlace(chain))), first_target)
        }
        (ir::Pattern::Core, None) => match clauses {
            [Clause::Pattern(p, _)] => (
                super::distance::fast_form(rule.cx, p).map(|d| Box::new(ir::FastCore::DistanceSlide(d))),
                target,
            ),
            _ => (None, target),
        },
        _ => (None, target),
    };
    let opening = match pattern {
        ir::Pattern::Core => opening(rule.cx, clauses),
        _ => None,
    };
    let rule = MoveRule {
        name: name.to_string(),
        kind,
        drop: false,
        pattern,
        target,
        program,
        fast_core,
        opening,
    };
    Some((rule, RuleSource { span, ops }))
}

/// The plain step, leap or slide that opens a rule of several clauses, with
/// its landing condition, for the attack tables. The rule's clauses have
/// been lowered without a problem, so this reports none of its own.
fn opening(cx: &mut Ctx, clauses: &[Clause]) -> Option<Box<(ir::Pattern, CondId)>> {
    let [Clause::Pattern(first, span), _, ..] = clauses else {
        return None;
    };
    let before = cx.problems.len();
    let form = patterns::fast_form(cx, first, *span);
    cx.problems.truncate(before);
    form.filter(|(p, _)| matches!(p, ir::Pattern::Hop { .. } | ir::Pattern::Slide { .. }))
        .map(Box::new)
}

/// The fast form of `PATTERN, then PATTERN, place KIND` with two plain
/// steps, leaps or slides, and the first one's landing condition.
fn move_then_place(cx: &mut Ctx, clauses: &[Clause]) -> Option<(ir::MoveThenPlace, CondId)> {
    let [
        Clause::Pattern(first, first_span),
        Clause::Then(second, _),
        Clause::Place(kind, _),
    ] = clauses
    else {
        return None;
    };
    let Clause::Pattern(second, second_span) = &**second else {
        return None;
    };
    let plain = |p: &ir::Pattern| matches!(p, ir::Pattern::Hop { .. } | ir::Pattern::Slide { .. });
    let (first, first_target) = patterns::fast_form(cx, first, *first_span).filter(|(p, _)| plain(p))?;
    let (second, second_target) = patterns::fast_form(cx, second, *second_span).filter(|(p, _)| plain(p))?;
    let place = PieceKind(cx.kinds.get(&kind.text)? as u8);
    Some((
        ir::MoveThenPlace {
            first,
            second,
            second_target,
            place,
        },
        first_target,
    ))
}

/// The fast form of a drop followed by one turn of a block, after `then` or not.
fn drop_turning(program: &ir::Program) -> Option<ir::DropTurning> {
    let (turns, stops) = match program.ops.as_slice() {
        [
            Op::AnywhereIf(_),
            Op::Place(_),
            Op::Then,
            Op::Turn(turns),
            Op::Accept,
        ] => (turns, true),
        [Op::AnywhereIf(_), Op::Place(_), Op::Turn(turns), Op::Accept] => (turns, false),
        _ => return None,
    };
    Some(ir::DropTurning {
        turns: turns.clone(),
        stops,
    })
}

/// The fast form of a drop followed by one `[must] flip … along … closed by …`.
fn drop_flipping(cx: &mut Ctx, clauses: &[Clause]) -> Option<ir::DropFlipping> {
    let [
        Clause::Run {
            must,
            flip: true,
            one: false,
            what,
            dirs,
            closer,
            ..
        },
    ] = clauses
    else {
        return None;
    };
    Some(ir::DropFlipping {
        what: conds::lower_id(cx, what)?,
        closer: conds::lower_id(cx, closer)?,
        dirs: cx.resolve_dirs(dirs)?,
        must: *must,
    })
}

/// The rule of a turn's effect (`after each action: CLAUSES`, checked by
/// [`super::effects`]): `each (CLAUSES)` run from no cell, with no piece in
/// hand; and where it is written.
pub(super) fn effect_rule(cx: &mut Ctx, body: &[Clause], span: Span) -> Option<(MoveRule, RuleSource)> {
    cx.topology.as_ref()?;
    let mut rule = Lowering {
        cx,
        registers: Vec::new(),
        cursor_only: true,
        lift_in_walk: false,
    };
    let mut b = Builder::new(span);
    let before = rule.cx.problems.len();
    rule.clause(
        &mut b,
        &Clause::Each {
            must: false,
            body: body.to_vec(),
            span,
        },
    );
    if rule.cx.problems.len() > before {
        return None;
    }
    let target = conds::intern(rule.cx, Cond::True);
    let (program, ops) = b.finish();
    let rule = MoveRule {
        name: "after each action".to_string(),
        kind: PieceKind(0),
        drop: true,
        pattern: ir::Pattern::Core,
        target,
        program,
        fast_core: None,
        opening: None,
    };
    Some((rule, RuleSource { span, ops }))
}

/// A drop rule of `kind`: onto a cell meeting `target` (written at
/// `onto`), then the clauses (`target_span`: the rule, for diagnostics);
/// and where it is written.
pub(super) fn drop_rule(
    cx: &mut Ctx,
    name: &str,
    (target, onto): (CondId, Option<Span>),
    clauses: &[Clause],
    kind: PieceKind,
    target_span: Span,
) -> Option<(MoveRule, RuleSource)> {
    cx.topology.as_ref()?;
    let mut rule = Lowering {
        cx,
        registers: Vec::new(),
        cursor_only: false,
        lift_in_walk: false,
    };
    let mut b = Builder::new(onto.unwrap_or(target_span));
    b.op(Op::AnywhereIf(target));
    b.set_at(target_span);
    b.op(Op::Place(kind));
    let before = rule.cx.problems.len();
    rule.forms(&mut b, clauses, target_span, true);
    if rule.cx.problems.len() > before {
        return None;
    }
    let pattern = if clauses.is_empty() {
        ir::Pattern::Drop
    } else {
        ir::Pattern::Core
    };
    let (program, ops) = b.finish();
    let fast_core = drop_flipping(rule.cx, clauses)
        .map(ir::FastCore::DropFlipping)
        .or_else(|| drop_turning(&program).map(ir::FastCore::DropTurning))
        .map(Box::new);
    let rule = MoveRule {
        name: name.to_string(),
        kind,
        drop: true,
        pattern,
        target,
        program,
        fast_core,
        opening: None,
    };
    let source = RuleSource {
        span: target_span,
        ops,
    };
    Some((rule, source))
}

/// Lowers each form of a rule (see [`then_groups`]) with `lower`, given its
/// actions, as alternatives of one program; stops when `lower` says so. In a
/// drop rule (`placed`) the placing is an action already, so a form that
/// starts with `then` ends it.
fn for_each_form(
    b: &mut Builder,
    forms: &[Vec<Clause>],
    placed: bool,
    mut lower: impl FnMut(&mut Builder, &[Vec<&Clause>]) -> bool,
) {
    for (f, form) in forms.iter().enumerate() {
        let fork = (f + 1 < forms.len()).then(|| {
            let at = b.here();
            b.op(Op::Fork(0));
            at
        });
        let mut actions = split_actions(form);
        // A form that starts with `then` has nothing before it: its first
        // action is the one after the `then`.
        if !placed && actions.len() > 1 && actions[0].is_empty() {
            actions.remove(0);
        }
        if !lower(b, &actions) {
            return;
        }
        if let Some(at) = fork {
            b.op(Op::Accept);
            let next = b.here();
            b.patch(at, Op::Fork(next));
        }
    }
}

/// The clauses of each action: `then` starts a new one.
fn split_actions(clauses: &[Clause]) -> Vec<Vec<&Clause>> {
    let mut actions = vec![Vec::new()];
    for c in clauses {
        match c {
            Clause::Then(inner, _) => actions.push(vec![&**inner]),
            _ => actions.last_mut().expect("one action at least").push(c),
        }
    }
    actions
}

/// Whether an action lands a piece: it has a pattern or `land`, and places no
/// new piece (in an action that places one, patterns only move the cursor:
/// `slide all onto empty, place Block` puts a block where the slide stops).
fn action_lands(clauses: &[&Clause]) -> bool {
    !shifts(clauses)
        && clauses
            .iter()
            .any(|c| has(c, &|c| matches!(c, Clause::Pattern(..) | Clause::Land(_))))
        && !clauses
            .iter()
            .any(|c| has(c, &|c| matches!(c, Clause::Place(..))))
}

/// Whether an action moves a block of cells (`shift`): it moves that block
/// instead of a piece of its own, and lifts none.
fn shifts(clauses: &[&Clause]) -> bool {
    clauses
        .iter()
        .any(|c| has(c, &|c| matches!(c, Clause::Shift { .. })))
}

/// Whether a clause, or one inside it, meets `test`.
fn has(c: &Clause, test: &dyn Fn(&Clause) -> bool) -> bool {
    test(c)
        || match c {
            Clause::Group { alts, .. } => alts.iter().flatten().any(|c| has(c, test)),
            Clause::Then(inner, _) => has(inner, test),
            _ => false,
        }
}

/// Whether a way through a clause can leave the cursor where it was (a
/// repetition of such a body could loop for ever without a step).
fn can_stay(c: &Clause) -> bool {
    match c {
        Clause::Pattern(..) | Clause::Go(..) | Clause::GoFar { .. } | Clause::Anywhere(_) => false,
        Clause::Group { alts, repeat, .. } => match repeat {
            Repeat::Once | Repeat::AtLeastOnce => alts.iter().any(|alt| alt.iter().all(can_stay)),
            Repeat::Maybe | Repeat::Any => true,
        },
        Clause::Then(inner, _) => can_stay(inner),
        _ => true,
    }
}

/// Where a `shift` or a walk sets out: the named directions, or those the
/// current direction gives (`same`, `back`, `perpendicular`).
fn travel_of(cx: &mut Ctx, step: &Step) -> Option<ir::Travel> {
    match step {
        Step::Same(_) => Some(ir::Travel::Same),
        Step::Back(_) => Some(ir::Travel::Back),
        Step::Perpendicular(_) => Some(ir::Travel::Perpendicular),
        Step::Dirs(d) => cx.resolve_dirs(d).map(ir::Travel::Dirs),
    }
}

/// Whether a clause is a walk (`go … exactly …`, `slide … exactly …`): the
/// first of an action lifts the piece once its distance is known.
fn walks(c: &Clause) -> bool {
    matches!(
        c,
        Clause::GoFar { .. }
            | Clause::Pattern(
                Pattern::Slide {
                    distance: Some(_),
                    ..
                },
                _
            )
    )
}

/// Whether a clause moves the cursor.
fn moves_cursor(c: &Clause) -> bool {
    match c {
        Clause::Pattern(..)
        | Clause::Go(..)
        | Clause::GoFar { .. }
        | Clause::Anywhere(_)
        | Clause::BackTo(..) => true,
        Clause::Group { alts, .. } => alts.iter().flatten().any(moves_cursor),
        Clause::Then(inner, _) => moves_cursor(inner),
        _ => false,
    }
}

impl Lowering<'_> {
    /// The actions of every form of a rule (see [`then_groups`]). In a
    /// movement rule the first action must land its piece, and every action
    /// ends with its promotions; in a drop rule (`drop`), the actions after
    /// the placing one do. Problems are reported.
    fn forms(&mut self, b: &mut Builder, clauses: &[Clause], span: Span, drop: bool) {
        // A `like` left unresolved was reported: what it stood for is unknown,
        // so the rule's other clauses are checked but not its shape.
        let broken = clauses.iter().any(super::reuse::clause_has_like);
        let forms = match then_groups::forms(clauses, span) {
            Ok(forms) => forms,
            Err(p) => {
                self.cx.report(p);
                return;
            }
        };
        for_each_form(b, &forms, drop, |b, actions| {
            for (i, action) in actions.iter().enumerate() {
                if i > 0 {
                    b.op(Op::Then);
                }
                let lands = action_lands(action);
                if i == 0 && !lands && !drop && !broken && !shifts(action) {
                    self.cx.report(
                        error::invalid(
                            "rules::compile::never_lands",
                            "this rule never moves its piece",
                            span,
                            "no pattern or `land` in its first action",
                        )
                        .with_help(
                            "end the rule's first action with a pattern (`step n onto empty`) or `land`",
                        ),
                    );
                    return false;
                }
                self.action(b, action, lands, !drop || i > 0);
            }
            true
        });
    }

    /// One action: its clauses, with the piece lifted before the cursor first
    /// moves (when the action moves a piece) and promotions where it ends.
    fn action(&mut self, b: &mut Builder, clauses: &[&Clause], lands: bool, promotes: bool) {
        let mut lifted = !lands;
        self.cursor_only = !lands;
        for c in clauses {
            if !lifted && moves_cursor(c) {
                if walks(c) {
                    self.lift_in_walk = true;
                } else {
                    b.op(Op::Lift);
                }
                lifted = true;
            }
            self.clause(b, c);
        }
        self.cursor_only = false;
        if lands && promotes {
            b.op(Op::Promote);
        }
    }

    fn clauses(&mut self, b: &mut Builder, clauses: &[Clause]) {
        for c in clauses {
            self.clause(b, c);
        }
    }

    fn cond(&mut self, c: &crate::syntax::ast::Cond) -> CondId {
        conds::lower_id(self.cx, c).unwrap_or(CondId(0))
    }

    /// Lowers one clause, its ops written at its span.
    fn clause(&mut self, b: &mut Builder, clause: &Clause) {
        let before = b.set_at(clause.span());
        self.clause_ops(b, clause);
        b.set_at(before);
    }

    /// The ops of one clause, by its kind (docs/LANGUAGE.md, "The core clauses").
    fn clause_ops(&mut self, b: &mut Builder, clause: &Clause) {
        match clause {
            Clause::Pattern(p, span) => self.pattern(b, p, *span),
            Clause::Go(step, _) => {
                if let Some(op) = step_op(self.cx, step) {
                    b.op(op);
                }
            }
            Clause::GoFar { dirs, distance, .. } => {
                if let Some(walk) = self.walk(dirs, distance, false) {
                    b.op(Op::Walk(Box::new(walk)));
                }
            }
            Clause::Anywhere(_) => b.op(Op::Anywhere),
            // Spliced into the rule before compiling (`reuse.rs`); one left
            // here named something unknown, already reported.
            Clause::Like { .. } => {}
            Clause::If(c, _) => {
                let c = self.cond(c);
                b.op(Op::If(c));
            }
            Clause::When(e, _) => {
                if let Some(e) = exprs::lower_as(self.cx, e, exprs::Ty::Bool, None) {
                    b.op(Op::When(e));
                }
            }
            Clause::Can { negate, body, .. } => b.look(*negate, |b| self.clauses(b, body)),
            Clause::Land(_) => {
                b.op(Op::Land);
                b.op(Op::PromoteOnCapture);
            }
            Clause::Capture(how, _) => b.op(capture_op(*how)),
            Clause::Place(k, _) => {
                if let Some(k) = self.kind(k) {
                    b.op(Op::Place(k));
                }
            }
            Clause::Remove(_) => b.op(Op::Remove),
            Clause::Flip(_) => b.op(Op::Flip),
            Clause::Draw(_) => b.op(Op::Draw),
            Clause::Become { kind, silently, .. } => {
                if let Some(kind) = self.kind(kind) {
                    b.op(Op::Become {
                        kind,
                        shown: !silently,
                    });
                }
            }
            Clause::Mark(m, _) => {
                let m = self.cx.marks.resolve(NameKind::Mark, m);
                if let Some(m) = self.cx.ok(m) {
                    b.op(Op::Mark(m as u8));
                }
            }
            Clause::Save(name, span) => self.save(b, name, *span),
            Clause::BackTo(name, _) => self.back_to(b, name, Op::BackTo),
            Clause::CarryTo { name, written, .. } => self.back_to(b, name, |r| Op::CarryTo(r, *written)),
            Clause::Then(inner, _) => {
                b.op(Op::Then);
                self.clause(b, inner);
            }
            Clause::Each { must, body, .. } => each(b, *must, |b| self.clauses(b, body)),
            Clause::Group { alts, repeat, span } => self.group(b, alts, *repeat, *span),
            Clause::Run {
                must,
                flip,
                one,
                what,
                dirs,
                closer,
                ..
            } => {
                let what = self.cond(what);
                let closer = self.cond(closer);
                if let Some(dirs) = self.cx.resolve_dirs(dirs) {
                    each(b, *must, |b| run_ops(b, dirs, what, closer, *flip, *one));
                }
            }
            Clause::Shift {
                block,
                travel,
                limit,
                onto,
                ..
            } => self.shift(b, block, travel, limit.as_ref(), onto),
            Clause::Turn { regions, how, span } => {
                if let Some(op) = transforms::turn_op(self.cx, regions, how, *span) {
                    b.op(op);
                }
            }
            Clause::Groups { must, what, .. } => self.groups(b, *must, what),
        }
    }

    /// The kind a piece name stands for; `None` after reporting.
    fn kind(&mut self, name: &ast::Ident) -> Option<PieceKind> {
        let k = self.cx.kinds.resolve(NameKind::Piece, name);
        self.cx.ok(k).map(|k| PieceKind(k as u8))
    }

    /// `save name`: the cursor's cell kept in a register, a new one for a
    /// new name (at most [`MAX_REGISTERS`]).
    fn save(&mut self, b: &mut Builder, name: &ast::Ident, span: Span) {
        let r = match self.registers.iter().position(|r| *r == name.text) {
            Some(r) => r,
            None => {
                if self.registers.len() == MAX_REGISTERS {
                    self.cx.report(error::out_of_range(
                        "the cells a rule saves",
                        span,
                        &format!("at most {MAX_REGISTERS} names"),
                    ));
                    return;
                }
                self.registers.push(name.text.clone());
                self.registers.len() - 1
            }
        };
        b.op(Op::Save(r as u8));
    }

    /// `back to name` / `carry to name [written]`: `op` of the register of a
    /// cell saved earlier in the rule.
    fn back_to(&mut self, b: &mut Builder, name: &ast::Ident, op: impl FnOnce(u8) -> Op) {
        let Some(r) = self.registers.iter().position(|r| *r == name.text) else {
            let p = error::unknown(
                NameKind::Saved,
                &name.text,
                name.span,
                self.registers.iter().map(String::as_str),
            )
            .with_help(format!("save the cell first: `save {}`", name.text));
            self.cx.report(p);
            return;
        };
        b.op(op(r as u8));
    }

    /// `shift BLOCK TRAVEL [up to N] onto C`: the block's directions, its
    /// travel and limit; nothing after a problem.
    fn shift(
        &mut self,
        b: &mut Builder,
        block: &ast::DirRef,
        travel: &Step,
        limit: Option<&ast::Expr>,
        onto: &ast::Cond,
    ) {
        let onto = self.cond(onto);
        let limit = limit.map(|e| exprs::lower_as(self.cx, e, exprs::Ty::Int, None));
        let travel = travel_of(self.cx, travel);
        let (Some(block), Some(travel)) = (self.cx.resolve_dirs(block), travel) else {
            return;
        };
        let limit = match limit {
            Some(Some(e)) => Some(e),
            Some(None) => return,
            None => None,
        };
        b.op(Op::Shift(Box::new(ir::Shift {
            block,
            travel,
            limit,
            onto,
        })));
    }

    /// `[must] capture C groups without liberties`: each neighbouring group
    /// meeting `C` with no free cell is captured.
    fn groups(&mut self, b: &mut Builder, must: bool, what: &ast::Cond) {
        let what = self.cond(what);
        let dead = conds::and(self.cx, what, Cond::Not(Box::new(Cond::Free)));
        let Some(adjacency) = self.cx.adjacency_dirs() else {
            return;
        };
        each(b, must, |b| {
            b.op(Op::Go(adjacency));
            b.op(Op::If(dead));
            b.op(Op::CaptureGroup);
        });
    }

    /// `(a | b | …)` with its repetition.
    fn group(&mut self, b: &mut Builder, alts: &[Vec<Clause>], repeat: Repeat, span: Span) {
        if repeat != Repeat::Once
            && repeat != Repeat::Maybe
            && alts.iter().any(|alt| alt.iter().all(can_stay))
        {
            self.cx.report(
                error::invalid(
                    "rules::compile::repetition_never_moves",
                    "this repeated group can repeat without moving the cursor, so it could repeat for ever",
                    span,
                    "a way through it takes no `go`, pattern or `anywhere`",
                )
                .with_help("make every way through the repetition step, e.g. `(go same, if empty)*`"),
            );
            return;
        }
        let start = b.here();
        if matches!(repeat, Repeat::Any | Repeat::Maybe) {
            b.op(Op::Fork(0));
        }
        let body = b.here();
        let mut jumps = Vec::new();
        for (i, alt) in alts.iter().enumerate() {
            let last = i + 1 == alts.len();
            let fork = b.here();
            if !last {
                b.op(Op::Fork(0));
            }
            self.clauses(b, alt);
            if !last {
                jumps.push(b.here());
                b.op(Op::Jump(0));
                let next = b.here();
                b.patch(fork, Op::Fork(next));
            }
        }
        let joined = b.here();
        for j in jumps {
            b.patch(j, Op::Jump(joined));
        }
        match repeat {
            Repeat::Once => {}
            Repeat::Maybe => {
                let end = b.here();
                b.patch(start, Op::Fork(end));
            }
            Repeat::Any => {
                b.op(Op::Jump(start));
                let end = b.here();
                b.patch(start, Op::Fork(end));
            }
            Repeat::AtLeastOnce => {
                // After the body: once more, or on.
                let fork = b.here();
                b.op(Op::Fork(0));
                b.op(Op::Jump(body));
                let end = b.here();
                b.patch(fork, Op::Fork(end));
            }
        }
    }

    /// The walk of `go DIRS exactly N over C` (or `up to`); in a slide
    /// (`slide`), the cells passed are never its start cell (`and not
    /// origin`, as a plain slide's line ends before coming back to it).
    fn walk(&mut self, dirs: &Step, distance: &Distance, slide: bool) -> Option<ir::Walk> {
        let lift = std::mem::take(&mut self.lift_in_walk);
        let cx = &mut *self.cx;
        let travel = travel_of(cx, dirs);
        let (count, over) = super::distance::lower(cx, distance);
        let over = if slide {
            over.map(|o| conds::and(cx, o, not(Cond::Origin)))
        } else {
            over
        };
        Some(ir::Walk {
            travel: travel?,
            exact: distance.exact,
            count: count?,
            over: over?,
            lift,
        })
    }

    /// A pattern's core clauses (the piece is lifted by the action); the ops
    /// of its directions and of its target are written at those parts.
    fn pattern(&mut self, b: &mut Builder, p: &Pattern, span: Span) {
        let cx = &mut *self.cx;
        // Ops written at a part of the pattern (or at the whole, unknown).
        let at = |b: &mut Builder, part: Option<Span>, op: Op| {
            let before = b.set_at(part.unwrap_or(span));
            b.op(op);
            b.set_at(before);
        };
        match p {
            Pattern::Step { dirs, target } => {
                let d = step_op(cx, dirs);
                let t = conds::lower_id(cx, target);
                let (Some(d), Some(t)) = (d, t) else { return };
                at(b, step_span(dirs), d);
                at(b, target.span(), Op::If(t));
            }
            Pattern::Slide {
                dirs,
                distance: Some(distance),
                target,
            } => {
                let walk = self.walk(dirs, distance, true);
                let cx = &mut *self.cx;
                let t = conds::lower_id(cx, target);
                let (Some(walk), Some(t)) = (walk, t) else { return };
                let end = conds::and(cx, t, not(Cond::Origin));
                b.op(Op::Walk(Box::new(walk)));
                at(b, target.span(), Op::If(end));
            }
            Pattern::Slide {
                dirs,
                distance: None,
                target,
            } => {
                let d = step_op(cx, dirs);
                let t = conds::lower_id(cx, target);
                let (Some(d), Some(t)) = (d, t) else { return };
                let pass = conds::intern(cx, Cond::And(Box::new(Cond::Empty), Box::new(not(Cond::Origin))));
                let end = conds::and(cx, t, not(Cond::Origin));
                at(b, step_span(dirs), d);
                b.star(|b| {
                    b.op(Op::If(pass));
                    b.op(Op::GoSame);
                });
                at(b, target.span(), Op::If(end));
            }
            Pattern::Leap { path, target } => {
                let steps = patterns::leap_path(cx, path);
                let t = conds::lower_id(cx, target);
                let (Some(steps), Some(t)) = (steps, t) else {
                    return;
                };
                let end = conds::and(cx, t, not(Cond::Origin));
                let before = b.set_at(path_span(path).unwrap_or(span));
                for step in steps {
                    b.op(step.op());
                }
                b.set_at(before);
                at(b, target.span(), Op::If(end));
            }
            Pattern::Anywhere { target } => {
                let Some(t) = conds::lower_id(cx, target) else {
                    return;
                };
                // Not back onto its own cell (which it has left, so it is empty).
                let t = if self.cursor_only {
                    t
                } else {
                    conds::and(cx, t, not(Cond::Origin))
                };
                at(b, target.span(), Op::AnywhereIf(t));
            }
            Pattern::Jump {
                dirs,
                over,
                target,
                options,
            } => {
                let Some(jump) = jump_of(cx, dirs, over, target, options, span) else {
                    return;
                };
                // The hops end with their landing (none where the action places
                // a piece instead: the hops only move the cursor).
                patterns::jump_ops(cx, b, &jump, !self.cursor_only);
                return;
            }
        }
        if !self.cursor_only {
            b.op(Op::Land);
            b.op(Op::PromoteOnCapture);
        }
    }
}

/// Where a step's directions are written.
fn step_span(step: &Step) -> Option<Span> {
    match step {
        Step::Same(s) | Step::Perpendicular(s) | Step::Back(s) => Some(*s),
        Step::Dirs(d) => ast::dirs_span(d),
    }
}

/// Where a leap's path is written, from its first step to its last.
fn path_span(path: &[PathStep]) -> Option<Span> {
    let span = |step: &PathStep| match step {
        PathStep::Same(s) | PathStep::Perpendicular(s) | PathStep::Back(s) => Some(*s),
        PathStep::Dirs(d) => ast::dirs_span(d),
    };
    let first = span(path.first()?)?;
    Some(path.iter().filter_map(span).fold(first, Span::join))
}

/// The op of one step of the cursor.
fn step_op(cx: &mut Ctx, step: &Step) -> Option<Op> {
    Some(match step {
        Step::Same(_) => Op::GoSame,
        Step::Perpendicular(_) => Op::GoPerpendicular,
        Step::Back(_) => Op::GoBack,
        Step::Dirs(d) => Op::Go(cx.resolve_dirs(d)?),
    })
}

/// `[must] each (…)`: the body for each way through it, between an `each`
/// op (patched with where the body ends) and its `accept`.
fn each(b: &mut Builder, must: bool, body: impl FnOnce(&mut Builder)) {
    let at = b.here();
    b.op(Op::Each { end: 0, must });
    body(b);
    b.op(Op::Accept);
    let end = b.here();
    b.patch(at, Op::Each { end, must });
}

/// The body of `[must] flip|capture [one] C along D closed by C`: along
/// `dirs`, the run of pieces meeting `what` flipped or captured (one piece
/// with `one`), then a cell meeting `closer`.
fn run_ops(b: &mut Builder, dirs: ir::PlayerDirs, what: CondId, closer: CondId, flip: bool, one: bool) {
    b.op(Op::Go(dirs));
    let body = b.here();
    b.op(Op::If(what));
    b.op(if flip { Op::Flip } else { Op::Capture });
    b.op(Op::GoSame);
    if !one {
        b.op(Op::Fork(0));
        b.op(Op::Jump(body));
        let exit = b.here();
        b.patch(exit - 2, Op::Fork(exit));
    }
    b.op(Op::If(closer));
}

/// The op of `capture`, `capture at end` or `capture group`.
fn capture_op(how: CaptureHow) -> Op {
    match how {
        CaptureHow::Now => Op::Capture,
        CaptureHow::AtEnd => Op::CaptureAtEnd,
        CaptureHow::Group => Op::CaptureGroup,
    }
}

/// `not c`.
fn not(c: Cond) -> Cond {
    Cond::Not(Box::new(c))
}

/// A jump's directions, conditions and options, checked.
pub(super) fn jump_of(
    cx: &mut Ctx,
    dirs: &crate::syntax::ast::DirRef,
    over: &crate::syntax::ast::Cond,
    target: &crate::syntax::ast::Cond,
    options: &[(JumpOption, Span)],
    span: Span,
) -> Option<Jump> {
    let d = cx.resolve_dirs(dirs);
    let o = conds::lower_id(cx, over);
    let t = conds::lower_id(cx, target);
    let has = |x: JumpOption| options.iter().any(|(y, _)| *y == x);
    let capturing = if has(JumpOption::CapturingAtEnd) {
        JumpCapture::AtEnd
    } else if has(JumpOption::Capturing) {
        JumpCapture::Now
    } else {
        JumpCapture::No
    };
    let repeat = has(JumpOption::Repeat);
    let each_once = has(JumpOption::EachPieceOnce);
    if repeat && capturing == JumpCapture::No && !each_once {
        cx.report(
            error::invalid(
                "rules::compile::unbounded_chain",
                "this jump chain could go on for ever",
                span,
                "a repeated jump needs a limit",
            )
            .with_help("add `capturing` (jumped pieces leave) or `each piece jumped once`"),
        );
        return None;
    }
    if has(JumpOption::MustContinue) && !repeat {
        cx.report(
            error::invalid(
                "rules::compile::continue_without_repeat",
                "`must continue` needs `repeat`",
                span,
                "a single jump cannot go on",
            )
            .with_help("add `repeat`, or drop `must continue`"),
        );
    }
    let option_span = |xs: &[JumpOption]| {
        options
            .iter()
            .find(|(y, _)| xs.contains(y))
            .map_or(span, |(_, s)| *s)
    };
    let spans = patterns::JumpSpans {
        dirs: ast::dirs_span(dirs).unwrap_or(span),
        over: over.span().unwrap_or(span),
        target: target.span().unwrap_or(span),
        each_once: option_span(&[JumpOption::EachPieceOnce, JumpOption::CapturingAtEnd]),
        must_continue: option_span(&[JumpOption::MustContinue]),
        not_ending_at_start: option_span(&[JumpOption::NotEndingAtStart]),
    };
    Some(Jump {
        dirs: d?,
        over: o?,
        target: t?,
        capturing,
        long: has(JumpOption::Long),
        repeat,
        each_once,
        not_ending_at_start: has(JumpOption::NotEndingAtStart),
        must_continue: has(JumpOption::MustContinue),
        spans,
    })
}
