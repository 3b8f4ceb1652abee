//! Run-time expressions (end conditions, action counts): names resolved, types checked.

use super::Ctx;
use super::error::{self, NameKind};
use super::regions::ast_op;
use crate::ir::{self, PieceKind, PlayerId};
use crate::syntax::ast::{BinOp, Expr, ExprKind, Ident};

/// The type of an expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ty {
    Int,
    Bool,
    Player,
}

impl Ty {
    fn describe(self) -> &'static str {
        match self {
            Ty::Int => "a number",
            Ty::Bool => "a condition (true or false)",
            Ty::Player => "a player",
        }
    }
}

/// A loop variable bound to a player (`for P in players: …`).
pub(super) type Binding<'a> = Option<(&'a str, usize)>;

/// Lowers `expr`, requiring type `want`. `None` after reporting.
pub(super) fn lower_as(cx: &mut Ctx, expr: &Expr, want: Ty, binding: Binding) -> Option<ir::Expr> {
    let (e, ty) = lower(cx, expr, binding)?;
    if ty != want {
        cx.report(error::type_mismatch(want.describe(), ty.describe(), expr.span));
        return None;
    }
    Some(e)
}

fn lower(cx: &mut Ctx, expr: &Expr, binding: Binding) -> Option<(ir::Expr, Ty)> {
    Some(match &expr.kind {
        ExprKind::Int(v) => (ir::Expr::Const(*v), Ty::Int),
        ExprKind::Bool(b) => (ir::Expr::Const(*b as i64), Ty::Bool),
        ExprKind::Name(name) => name_value(cx, name, binding)?,
        ExprKind::Index(counter, player) => {
            let c = cx.counters.resolve(NameKind::Counter, counter);
            let c = cx.ok(c);
            let p = lower_as(cx, player, Ty::Player, binding);
            (
                ir::Expr::Counter {
                    counter: c?,
                    player: Box::new(p?),
                },
                Ty::Int,
            )
        }
        ExprKind::Call(f, args) => call(cx, f, args, binding)?,
        ExprKind::Within(_, region) => {
            cx.report(
                error::invalid(
                    "rules::compile::misplaced_in",
                    format!("`in {}` counts pieces: it belongs inside `count(…)`", region.text),
                    expr.span,
                    "not a value",
                )
                .with_help(format!("write `count(Piece in {}, Player)`", region.text)),
            );
            return None;
        }
        ExprKind::Cells(..) => {
            cx.report(
                error::invalid(
                    "rules::compile::misplaced_in",
                    "`cells …` counts cells: it belongs inside `count(…)`",
                    expr.span,
                    "not a value",
                )
                .with_help("write `count(cells COND, Player)`"),
            );
            return None;
        }
        ExprKind::Not(e) => (
            ir::Expr::Not(Box::new(lower_as(cx, e, Ty::Bool, binding)?)),
            Ty::Bool,
        ),
        ExprKind::Neg(e) => {
            let e = lower_as(cx, e, Ty::Int, binding)?;
            check_overflow(cx, None, &e, &e, expr.span);
            (ir::Expr::Neg(Box::new(e)), Ty::Int)
        }
        ExprKind::Binary(op, a, b) => {
            let (operand, result) = match op {
                BinOp::Or | BinOp::And => (Some(Ty::Bool), Ty::Bool),
                BinOp::Eq | BinOp::Ne => (None, Ty::Bool),
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => (Some(Ty::Int), Ty::Bool),
                _ => (Some(Ty::Int), Ty::Int),
            };
            let (la, ta) = lower(cx, a, binding)?;
            let want = operand.unwrap_or(ta);
            if ta != want {
                cx.report(error::type_mismatch(want.describe(), ta.describe(), a.span));
                return None;
            }
            let lb = lower_as(cx, b, want, binding)?;
            let op = ast_op(*op);
            check_overflow(cx, Some(op), &la, &lb, expr.span);
            (ir::Expr::Binary(op, Box::new(la), Box::new(lb)), result)
        }
        ExprKind::If(c, a, b) => {
            let c = lower_as(cx, c, Ty::Bool, binding);
            let (a_ir, ty) = lower(cx, a, binding)?;
            let b_ir = lower_as(cx, b, ty, binding)?;
            (ir::Expr::If(Box::new(c?), Box::new(a_ir), Box::new(b_ir)), ty)
        }
    })
}

/// `count(cells C along line)`: the cells of the line through the cursor
/// meeting `C`, where a line exists (the distance of a walk, see
/// [`Ctx::along_line`]); it takes no player (the mover sees the cells).
fn along_line(
    cx: &mut Ctx,
    cond: &crate::syntax::ast::Cond,
    args: &[Expr],
    span: crate::diag::Span,
) -> Option<(ir::Expr, Ty)> {
    if !cx.along_line {
        cx.report(
            error::invalid(
                "rules::compile::no_line",
                "`count(cells … along line)` needs a line: a cursor and a current direction",
                span,
                "no line here",
            )
            .with_help(
                "use it in the distance of `slide DIRS exactly …` or `up to …` (or of `go DIRS exactly …`)",
            ),
        );
        return None;
    }
    if let Some(extra) = args.get(1) {
        cx.report(
            error::invalid(
                "rules::compile::arity",
                "`count(cells … along line)` takes no player: the mover sees the cells",
                extra.span,
                "one argument too many",
            )
            .with_help("write `count(cells COND along line)`"),
        );
        return None;
    }
    let cond = super::conds::lower_id(cx, cond)?;
    Some((ir::Expr::CountAlong(cond), Ty::Int))
}

/// Refuses arithmetic whose result can leave the 64-bit numbers for some
/// values of the options it reads (`op` `None`: a negation of `a`).
fn check_overflow(cx: &mut Ctx, op: Option<ir::BinOp>, a: &ir::Expr, b: &ir::Expr, span: crate::diag::Span) {
    use super::ranges::{Values, values};
    let what = match op {
        None => "negation",
        Some(ir::BinOp::Add) => "sum",
        Some(ir::BinOp::Sub) => "difference",
        Some(ir::BinOp::Mul) => "product",
        Some(ir::BinOp::Div) => "quotient",
        Some(_) => return,
    };
    let none = Vec::new();
    if !Values::arith(op, values(cx, a, &none), values(cx, b, &none)).overflows() {
        return;
    }
    let mut unbounded = Vec::new();
    for e in [a, b] {
        unbounded_options(cx, e, &mut unbounded);
    }
    let options: Vec<(&str, Option<i64>, Option<i64>)> = unbounded
        .iter()
        .map(|&o| (cx.options[o].name.as_str(), cx.options[o].min, cx.options[o].max))
        .collect();
    let problem = error::may_overflow(what, span, &options);
    cx.report(problem);
}

/// The int options without a lower or an upper bound that `e` reads.
fn unbounded_options(cx: &Ctx, e: &ir::Expr, out: &mut Vec<usize>) {
    use ir::Expr as E;
    match e {
        E::Option(o)
            if cx
                .options
                .get(*o)
                .is_some_and(|i| !i.is_bool && (i.min.is_none() || i.max.is_none()))
                && !out.contains(o) =>
        {
            out.push(*o);
        }
        E::Not(x) | E::Neg(x) | E::Opponent(x) => unbounded_options(cx, x, out),
        E::Binary(_, a, b) => {
            unbounded_options(cx, a, out);
            unbounded_options(cx, b, out);
        }
        E::If(c, a, b) => {
            for x in [c, a, b] {
                unbounded_options(cx, x, out);
            }
        }
        _ => {}
    }
}

fn name_value(cx: &mut Ctx, name: &Ident, binding: Binding) -> Option<(ir::Expr, Ty)> {
    if let Some((var, player)) = binding
        && var == name.text
    {
        return Some((ir::Expr::Player(PlayerId(player as u8)), Ty::Player));
    }
    if name.text == "mover" {
        return Some((ir::Expr::Mover, Ty::Player));
    }
    if let Some(p) = cx.players.get(&name.text) {
        return Some((ir::Expr::Player(PlayerId(p as u8)), Ty::Player));
    }
    if let Some(f) = cx.flags.get(&name.text) {
        return Some((ir::Expr::Flag(f), Ty::Bool));
    }
    if let Some(o) = cx.option_names.get(&name.text) {
        cx.used_options.insert(o);
        let ty = if cx.options.get(o).is_some_and(|o| o.is_bool) {
            Ty::Bool
        } else {
            Ty::Int
        };
        return Some((ir::Expr::Option(o), ty));
    }
    let candidates: Vec<&str> = cx
        .option_names
        .names()
        .chain(cx.players.names())
        .chain(cx.flags.names())
        .chain(binding.map(|(v, _)| v))
        .chain(["mover"])
        .collect();
    // Name the kind of the closest name, so a misspelt option is an unknown option.
    let options: Vec<&str> = cx.option_names.names().collect();
    let players: Vec<&str> = cx.players.names().collect();
    let close = error::did_you_mean(&name.text, &candidates);
    let kind = match close {
        Some(c) if options.contains(&c) => NameKind::Option,
        Some(c) if players.contains(&c) => NameKind::Player,
        _ => NameKind::Value,
    };
    let p = error::unknown(kind, &name.text, name.span, candidates)
        .with_help_if_none("a value is an option, a player, `mover`, a counter (`counter[player]`) or a call such as `count(Piece)`");
    cx.report(p);
    None
}

trait HelpIfNone {
    fn with_help_if_none(self, help: &str) -> Self;
}

impl HelpIfNone for crate::diag::Problem {
    fn with_help_if_none(self, help: &str) -> Self {
        if self.help.is_some() {
            self
        } else {
            self.with_help(help)
        }
    }
}

/// A call of a builtin function (docs/LANGUAGE.md, "Expressions"), lowered
/// by the step its name picks.
fn call(cx: &mut Ctx, f: &Ident, args: &[Expr], binding: Binding) -> Option<(ir::Expr, Ty)> {
    let call = Call { f, args, binding };
    match f.text.as_str() {
        "count" => call.count(cx),
        "reserve" => call.reserve(cx),
        "opponent" => call.opponent(cx),
        "line" | "exact_line" => call.line(cx),
        "connected" => call.connected(cx),
        "groups" | "area" | "in_check" | "checkmate" => call.of_player(cx),
        "last" => super::history::last(cx, f, args),
        "before" => call.before(cx),
        _ => {
            cx.report(error::unknown(NameKind::Function, &f.text, f.span, FUNCTIONS));
            None
        }
    }
}

/// A call of a builtin function: its name, its arguments and the binding
/// they are lowered in.
#[derive(Clone, Copy)]
struct Call<'a> {
    f: &'a Ident,
    args: &'a [Expr],
    binding: Binding<'a>,
}

impl Call<'_> {
    /// Whether the call has from `lo` to `hi` arguments; if not, reports that
    /// the function takes `form`.
    fn arity(&self, cx: &mut Ctx, lo: usize, hi: usize, form: &str) -> bool {
        if self.args.len() < lo || self.args.len() > hi {
            cx.report(error::invalid(
                "rules::compile::arity",
                format!("`{}` takes {}", self.f.text, form),
                self.f.span,
                format!("called with {} argument(s)", self.args.len()),
            ));
            false
        } else {
            true
        }
    }

    /// Argument `i` as a player.
    fn player(&self, cx: &mut Ctx, i: usize) -> Option<ir::Expr> {
        lower_as(cx, &self.args[i], Ty::Player, self.binding)
    }

    /// The optional player of `count` (its second argument), `None` inside
    /// when not given.
    fn counted_player(&self, cx: &mut Ctx) -> Option<Option<Box<ir::Expr>>> {
        match self.args.get(1) {
            Some(p) => Some(Some(Box::new(lower_as(cx, p, Ty::Player, self.binding)?))),
            None => Some(None),
        }
    }

    /// `count(…)`: the cells along a line or meeting a condition, or the
    /// pieces of a set of kinds, on the board or within a region.
    fn count(&self, cx: &mut Ctx) -> Option<(ir::Expr, Ty)> {
        if !self.arity(
            cx,
            1,
            2,
            "a piece (or `not Piece`, `Piece or Piece`) and optionally a player: `count(Piece)`, `count(not Piece, Player)`",
        ) {
            return None;
        }
        let args = self.args;
        match &args[0].kind {
            ExprKind::Cells(cond, true) => along_line(cx, cond, args, args[0].span),
            ExprKind::Cells(cond, false) => self.count_cells(cx, cond),
            ExprKind::Within(set, region) => {
                let region = super::regions::resolve(cx, region);
                self.count_within(cx, set, region)
            }
            _ => self.count_kinds(cx),
        }
    }

    /// `count(cells C[, P])`: the cells meeting a condition.
    fn count_cells(&self, cx: &mut Ctx, cond: &crate::syntax::ast::Cond) -> Option<(ir::Expr, Ty)> {
        let cond = super::conds::lower_id(cx, cond);
        let player = match self.args.get(1) {
            Some(_) => self.player(cx, 1)?,
            None => ir::Expr::Mover,
        };
        Some((
            ir::Expr::CountCells {
                cond: cond?,
                player: Box::new(player),
            },
            Ty::Int,
        ))
    }

    /// `count(Piece in region[, P])`: the pieces of a set of kinds within a
    /// region (`None` when it was not found, already reported).
    fn count_within(&self, cx: &mut Ctx, set: &Expr, region: Option<usize>) -> Option<(ir::Expr, Ty)> {
        let kinds = kind_set(cx, set);
        let player = self.counted_player(cx)?;
        let (kinds, region) = (kinds?, region?);
        let cells = region_cells(cx, region);
        Some((
            ir::Expr::CountIn(Box::new(ir::CountIn {
                kinds,
                region,
                cells,
                player,
            })),
            Ty::Int,
        ))
    }

    /// `count(Piece[, P])`: a set of kinds (`not Piece`, `Piece or Piece`)
    /// counts each kind of it: the sum of their counts.
    fn count_kinds(&self, cx: &mut Ctx) -> Option<(ir::Expr, Ty)> {
        let kinds = kind_set(cx, &self.args[0]);
        let player = self.counted_player(cx)?;
        let count = kinds?
            .into_iter()
            .map(|kind| ir::Expr::Count {
                kind,
                player: player.clone(),
            })
            .reduce(|a, b| ir::Expr::Binary(ir::BinOp::Add, Box::new(a), Box::new(b)))
            .unwrap_or(ir::Expr::Const(0));
        Some((count, Ty::Int))
    }

    /// `reserve(Piece, Player)`: the pieces of a kind in a player's reserve.
    fn reserve(&self, cx: &mut Ctx) -> Option<(ir::Expr, Ty)> {
        if !self.arity(cx, 2, 2, "a piece and a player: `reserve(Piece, Player)`") {
            return None;
        }
        let kind = kind_arg(cx, &self.args[0]);
        let player = self.player(cx, 1);
        Some((
            ir::Expr::Reserve {
                kind: kind?,
                player: Box::new(player?),
            },
            Ty::Int,
        ))
    }

    /// `opponent(P)`: the player after `P` in `players` order (the first one
    /// after the last).
    fn opponent(&self, cx: &mut Ctx) -> Option<(ir::Expr, Ty)> {
        if !self.arity(cx, 1, 1, "a player: `opponent(P)`") {
            return None;
        }
        let p = self.player(cx, 0)?;
        Some((ir::Expr::Opponent(Box::new(p)), Ty::Player))
    }

    /// `line(N, P[, DIRS])` / `exact_line(…)`: whether `N` of `P`'s pieces
    /// stand in a row (exactly `N` with `exact_line`).
    fn line(&self, cx: &mut Ctx) -> Option<(ir::Expr, Ty)> {
        if !self.arity(
            cx,
            2,
            3,
            "a length, a player and optionally directions: `line(3, P)`, `line(5, P, lines)`",
        ) {
            return None;
        }
        let args = self.args;
        let n = match &args[0].kind {
            ExprKind::Int(n) if (2..=64).contains(n) => Some(*n as u32),
            _ => {
                cx.report(error::out_of_range(
                    "the length of a line",
                    args[0].span,
                    "a number from 2 to 64",
                ));
                None
            }
        };
        let player = self.player(cx, 1);
        let dirs = match args.get(2) {
            Some(d) => dirs_arg(cx, d),
            None => cx.all_dirs(),
        };
        Some((
            ir::Expr::Line {
                n: n?,
                exact: self.f.text == "exact_line",
                player: Box::new(player?),
                dirs: dirs?,
            },
            Ty::Bool,
        ))
    }

    /// `connected(P, R1, R2)`: whether a group of `P`'s pieces touches both
    /// regions.
    fn connected(&self, cx: &mut Ctx) -> Option<(ir::Expr, Ty)> {
        if !self.arity(cx, 3, 3, "a player and two regions: `connected(P, home, goal)`") {
            return None;
        }
        let player = self.player(cx, 0);
        let a = region_arg(cx, &self.args[1]);
        let b = region_arg(cx, &self.args[2]);
        Some((
            ir::Expr::Connected {
                player: Box::new(player?),
                a: a?,
                b: b?,
            },
            Ty::Bool,
        ))
    }

    /// `groups(P)`, `area(P)`, `in_check(P)`, `checkmate(P)`: a fact of one
    /// player's position.
    fn of_player(&self, cx: &mut Ctx) -> Option<(ir::Expr, Ty)> {
        if !self.arity(cx, 1, 1, &format!("a player: `{}(P)`", self.f.text)) {
            return None;
        }
        let p = Box::new(self.player(cx, 0)?);
        Some(match self.f.text.as_str() {
            "groups" => (ir::Expr::Groups(p), Ty::Int),
            "area" => (ir::Expr::Area(p), Ty::Int),
            "in_check" => (ir::Expr::InCheck(p), Ty::Bool),
            _ => (ir::Expr::Checkmate(p), Ty::Bool),
        })
    }

    /// `before(E)`: the value `E` had in the position before the last move.
    fn before(&self, cx: &mut Ctx) -> Option<(ir::Expr, Ty)> {
        if !self.arity(cx, 1, 1, "an expression: `before(line(3, mover))`") {
            return None;
        }
        let (e, ty) = lower(cx, &self.args[0], self.binding)?;
        Some((super::history::fact(cx, ir::Fact::Before(e)), ty))
    }
}

/// The cells of a region per player as bit sets, and last those of any player.
pub(super) fn region_cells(cx: &Ctx, region: usize) -> Vec<Vec<u64>> {
    let Some(topo) = cx.topology.as_ref() else {
        return Vec::new();
    };
    let member = &topo.regions[region].member;
    let set = |has: &dyn Fn(usize) -> bool| {
        let mut words = vec![0u64; topo.cells().div_ceil(64)];
        for c in (0..topo.cells()).filter(|&c| has(c)) {
            words[c / 64] |= 1 << (c % 64);
        }
        words
    };
    let mut out: Vec<Vec<u64>> = member.iter().map(|m| set(&|c| m[c])).collect();
    out.push(set(&|c| member.iter().any(|m| m[c])));
    out
}

/// The functions an expression may call.
const FUNCTIONS: [&str; 12] = [
    "count",
    "reserve",
    "opponent",
    "line",
    "exact_line",
    "connected",
    "groups",
    "area",
    "in_check",
    "checkmate",
    "last",
    "before",
];

fn dirs_arg(cx: &mut Ctx, arg: &Expr) -> Option<Vec<Vec<crate::ir::DirId>>> {
    match &arg.kind {
        ExprKind::Name(n) => cx.resolve_dirs(&vec![n.clone()]),
        _ => {
            cx.report(error::type_mismatch(
                "a direction or direction set",
                "an expression",
                arg.span,
            ));
            None
        }
    }
}

pub(super) fn region_arg(cx: &mut Ctx, arg: &Expr) -> Option<usize> {
    match &arg.kind {
        ExprKind::Name(n) => super::regions::resolve(cx, n),
        _ => {
            cx.report(error::type_mismatch("a region", "an expression", arg.span));
            None
        }
    }
}

/// The kinds a `count` argument names: a piece, every piece but some (`not
/// A`, `not (A or B)`), several (`A or B`), or all (`any`).
pub(super) fn kind_set(cx: &mut Ctx, arg: &Expr) -> Option<Vec<PieceKind>> {
    match &arg.kind {
        ExprKind::Not(inner) => {
            let left_out = kind_set(cx, inner)?;
            Some(
                (0..cx.kinds.len())
                    .map(|k| PieceKind(k as u8))
                    .filter(|k| !left_out.contains(k))
                    .collect(),
            )
        }
        ExprKind::Binary(crate::syntax::ast::BinOp::Or, a, b) => {
            let (a, b) = (kind_set(cx, a), kind_set(cx, b));
            let mut all = a?;
            for k in b? {
                if !all.contains(&k) {
                    all.push(k);
                }
            }
            Some(all)
        }
        // `any`: every kind (unless a piece is named so).
        ExprKind::Name(n) if n.text == "any" && cx.kinds.lookup("any").is_none() => {
            Some((0..cx.kinds.len()).map(|k| PieceKind(k as u8)).collect())
        }
        _ => kind_arg(cx, arg).map(|k| vec![k]),
    }
}

fn kind_arg(cx: &mut Ctx, arg: &Expr) -> Option<PieceKind> {
    match &arg.kind {
        ExprKind::Name(n) => {
            let k = cx.kinds.resolve(NameKind::Piece, n);
            cx.ok(k).map(|k| PieceKind(k as u8))
        }
        _ => {
            cx.report(error::type_mismatch("a piece name", "an expression", arg.span));
            None
        }
    }
}
