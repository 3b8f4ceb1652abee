//! The values an expression can take, from the ranges of the options, the
//! size of the board and what the language guarantees (piece counts are never
//! negative, a board holds at most one piece a cell): for the warning on a
//! condition that is never true, the error on arithmetic that could leave the
//! 64-bit numbers, and the error on a limit that could be 0 or less.

use super::Ctx;
use crate::ir::{BinOp, Expr};

/// Stands for "no bound": beyond every 64-bit value.
const INF: i128 = 1 << 100;

/// The smallest and largest value of an expression: each bound a 64-bit
/// value, or `±INF` where nothing bounds it (a counter). Before saturation
/// (see [`Values::arith`]) a bound may lie beyond the 64 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Values {
    pub lo: i128,
    pub hi: i128,
}

/// Narrower ranges of some options where a guard holds (`if n > 0: …`).
pub(super) type Narrowed = Vec<(usize, Values)>;

impl Values {
    /// Any value at all.
    const ANY: Values = Values { lo: -INF, hi: INF };

    fn of(lo: i128, hi: i128) -> Values {
        Values { lo, hi }
    }

    /// A condition's values: 1, 0, or either.
    fn truth_values(known: Option<bool>) -> Values {
        match known {
            Some(true) => Values::of(1, 1),
            Some(false) => Values::of(0, 0),
            None => Values::of(0, 1),
        }
    }

    /// Whether a condition with these values always holds, never does, or it depends.
    fn truth(self) -> Option<bool> {
        if (self.lo, self.hi) == (0, 0) {
            Some(false)
        } else if self.lo > 0 || self.hi < 0 {
            Some(true)
        } else {
            None
        }
    }

    /// Exactly `v`.
    pub(super) fn exactly(v: i64) -> Values {
        Values::of(v as i128, v as i128)
    }

    /// The one value, when there is only one.
    pub(super) fn exact(self) -> Option<i64> {
        (self.lo == self.hi)
            .then(|| i64::try_from(self.lo).ok())
            .flatten()
    }

    /// Whether the expression is always 0 (a condition never true).
    pub(super) fn always_zero(self) -> bool {
        (self.lo, self.hi) == (0, 0)
    }

    /// The smallest value, within the 64 bits (or below all of them).
    pub(super) fn min(self) -> i128 {
        self.lo
    }

    /// The exact values of arithmetic on two ranges (`b` is ignored by
    /// `Neg`), before saturation: a finite bound beyond the 64 bits means the
    /// operation can overflow ([`Values::overflows`]).
    pub(super) fn arith(op: Option<BinOp>, a: Values, b: Values) -> Values {
        let finite = |v: Values| v.lo > -INF && v.hi < INF;
        let add = |x: i128, y: i128| {
            if x.abs() >= INF || y.abs() >= INF {
                if x.abs() >= INF { x } else { y }
            } else {
                x + y
            }
        };
        let neg = |v: Values| Values::of(-v.hi, -v.lo);
        let spread = |xs: &[i128]| {
            Values::of(
                *xs.iter().min().expect("not empty"),
                *xs.iter().max().expect("not empty"),
            )
        };
        match op {
            None => neg(a),
            Some(BinOp::Add) => Values::of(add(a.lo, b.lo), add(a.hi, b.hi)),
            Some(BinOp::Sub) => Values::of(add(a.lo, -b.hi), add(a.hi, -b.lo)),
            Some(BinOp::Mul) if finite(a) && finite(b) => {
                spread(&[a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi])
            }
            Some(BinOp::Div) if finite(a) && finite(b) => {
                // The extremes come from the ends of `a` over the divisors
                // nearest 0 and farthest from it; a zero divisor gives 0.
                let divisors: Vec<i128> = [b.lo, b.hi, -1, 1]
                    .into_iter()
                    .filter(|d| *d != 0 && (b.lo..=b.hi).contains(d))
                    .collect();
                let mut xs: Vec<i128> = divisors.iter().flat_map(|d| [a.lo / d, a.hi / d]).collect();
                if b.lo <= 0 && b.hi >= 0 {
                    xs.push(0);
                }
                spread(&xs)
            }
            // A remainder is no farther from 0 than its dividend, on its side.
            Some(BinOp::Rem) => Values::of(a.lo.min(0), a.hi.max(0)),
            _ => Values::ANY,
        }
    }

    /// Whether a finite bound lies beyond the 64-bit numbers.
    pub(super) fn overflows(self) -> bool {
        let beyond = |x: i128| x.abs() < INF && (x < i64::MIN as i128 || x > i64::MAX as i128);
        beyond(self.lo) || beyond(self.hi)
    }

    /// The values once the engine's arithmetic saturates at the 64-bit ends.
    fn saturated(self) -> Values {
        let clamp = |x: i128| {
            if x.abs() >= INF {
                x
            } else {
                x.clamp(i64::MIN as i128, i64::MAX as i128)
            }
        };
        Values::of(clamp(self.lo), clamp(self.hi))
    }
}

/// The values of `expr`, with the options of `narrowed` in their narrower ranges.
pub(super) fn values(cx: &Ctx, expr: &Expr, narrowed: &Narrowed) -> Values {
    let cells = cx
        .topology
        .as_ref()
        .map_or(crate::ir::ids::MAX_CELLS, |t| t.board_cells) as i128;
    let players = cx.players.len().max(1) as i128;
    let v = |e: &Expr| values(cx, e, narrowed);
    match expr {
        Expr::Const(c) => Values::of(*c as i128, *c as i128),
        Expr::Option(o) => match narrowed.iter().find(|(n, _)| n == o) {
            Some((_, range)) => *range,
            None => match cx.options.get(*o) {
                Some(info) if info.is_bool => Values::of(0, 1),
                Some(info) => Values::of(
                    info.min.unwrap_or(i64::MIN) as i128,
                    info.max.unwrap_or(i64::MAX) as i128,
                ),
                None => Values::ANY,
            },
        },
        Expr::Count { .. }
        | Expr::CountCells { .. }
        | Expr::CountAlong(_)
        | Expr::Groups(_)
        | Expr::Area(_) => Values::of(0, cells),
        Expr::CountIn(c) => {
            let cells = &c.cells;
            let size = |set: &Vec<u64>| set.iter().map(|w| w.count_ones()).sum::<u32>();
            Values::of(0, cells.iter().map(size).max().unwrap_or(0) as i128)
        }
        Expr::Reserve { .. } => Values::of(0, INF),
        Expr::Counter { .. } => Values::ANY,
        Expr::Flag(_)
        | Expr::Line { .. }
        | Expr::Connected { .. }
        | Expr::InCheck(_)
        | Expr::Checkmate(_) => Values::of(0, 1),
        Expr::Mover | Expr::Player(_) | Expr::Opponent(_) | Expr::LastMover => Values::of(0, players - 1),
        // A value before the last move, or 0 before the first move.
        Expr::History(i) => match cx.history.get(*i) {
            Some(crate::ir::Fact::Before(e)) => {
                let r = v(e);
                Values::of(r.lo.min(0), r.hi.max(0))
            }
            _ => Values::of(0, 1),
        },
        Expr::Not(e) => Values::truth_values(v(e).truth().map(|t| !t)),
        Expr::Neg(e) => Values::arith(None, v(e), v(e)).saturated(),
        Expr::If(c, a, b) => match v(c).truth() {
            Some(true) => v(a),
            Some(false) => v(b),
            None => {
                let (a, b) = (v(a), v(b));
                Values::of(a.lo.min(b.lo), a.hi.max(b.hi))
            }
        },
        Expr::Binary(op, a, b) => {
            let (a, b) = (v(a), v(b));
            match op {
                BinOp::Lt => Values::truth_values(less(a, b, false)),
                BinOp::Le => Values::truth_values(less(a, b, true)),
                BinOp::Gt => Values::truth_values(less(b, a, false)),
                BinOp::Ge => Values::truth_values(less(b, a, true)),
                BinOp::Eq => Values::truth_values(equal(a, b)),
                BinOp::Ne => Values::truth_values(equal(a, b).map(|e| !e)),
                BinOp::And => Values::truth_values(match (a.truth(), b.truth()) {
                    (Some(false), _) | (_, Some(false)) => Some(false),
                    (Some(true), Some(true)) => Some(true),
                    _ => None,
                }),
                BinOp::Or => Values::truth_values(match (a.truth(), b.truth()) {
                    (Some(true), _) | (_, Some(true)) => Some(true),
                    (Some(false), Some(false)) => Some(false),
                    _ => None,
                }),
                _ => Values::arith(Some(*op), a, b).saturated(),
            }
        }
    }
}

/// Narrows the ranges of the options that a guard compares with a number
/// (`n > 0`, `n >= 2 and m < 5`, `3 == n`), for what holds under the guard.
pub(super) fn narrow(cx: &Ctx, guard: &Expr, narrowed: &mut Narrowed) {
    let Expr::Binary(op, a, b) = guard else { return };
    if *op == BinOp::And {
        narrow(cx, a, narrowed);
        narrow(cx, b, narrowed);
        return;
    }
    // The comparison as "option OP constant".
    let (o, op, c) = match (&**a, &**b) {
        (Expr::Option(o), Expr::Const(c)) => (*o, *op, *c as i128),
        (Expr::Const(c), Expr::Option(o)) => {
            let flipped = match op {
                BinOp::Lt => BinOp::Gt,
                BinOp::Le => BinOp::Ge,
                BinOp::Gt => BinOp::Lt,
                BinOp::Ge => BinOp::Le,
                other => *other,
            };
            (*o, flipped, *c as i128)
        }
        _ => return,
    };
    let now = values(cx, &Expr::Option(o), narrowed);
    let (lo, hi) = match op {
        BinOp::Gt => (now.lo.max(c + 1), now.hi),
        BinOp::Ge => (now.lo.max(c), now.hi),
        BinOp::Lt => (now.lo, now.hi.min(c - 1)),
        BinOp::Le => (now.lo, now.hi.min(c)),
        BinOp::Eq => (c, c),
        BinOp::Ne if now.lo == c => (c + 1, now.hi),
        BinOp::Ne if now.hi == c => (now.lo, c - 1),
        _ => return,
    };
    narrowed.retain(|(n, _)| *n != o);
    narrowed.push((o, Values::of(lo, hi)));
}

/// Whether every value of `a` is below (or, with `or_equal`, at most) every
/// value of `b` (`Some(true)`), none is (`Some(false)`), or it depends.
fn less(a: Values, b: Values, or_equal: bool) -> Option<bool> {
    let holds = |x: i128, y: i128| if or_equal { x <= y } else { x < y };
    if holds(a.hi, b.lo) {
        Some(true)
    } else if !holds(a.lo, b.hi) {
        Some(false)
    } else {
        None
    }
}

/// Whether two ranges are always equal (one and the same value), never equal
/// (disjoint), or it depends.
fn equal(a: Values, b: Values) -> Option<bool> {
    if a.hi < b.lo || b.hi < a.lo {
        Some(false)
    } else if a.lo == a.hi && a == b {
        Some(true)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_overflows_only_from_bounds_that_exist() {
        let v = Values::of;
        let max = i64::MAX as i128;
        // An option without an upper bound, plus the area of a board.
        assert!(Values::arith(Some(BinOp::Add), v(0, max), v(0, 361)).overflows());
        assert!(!Values::arith(Some(BinOp::Add), v(0, 361), v(0, 361)).overflows());
        // A counter has no bound: adding to it is not an overflow found here.
        assert!(!Values::arith(Some(BinOp::Add), Values::ANY, v(1, 1)).overflows());
        assert!(Values::arith(Some(BinOp::Mul), v(1, max), v(2, 2)).overflows());
        assert!(Values::arith(Some(BinOp::Div), v(i64::MIN as i128, 0), v(-1, 1)).overflows());
        assert!(!Values::arith(Some(BinOp::Div), v(-10, 10), v(0, 3)).overflows());
        assert!(Values::arith(None, v(i64::MIN as i128, 0), v(0, 0)).overflows());
        assert_eq!(Values::arith(Some(BinOp::Rem), v(-7, 5), v(2, 3)), v(-7, 5));
    }
}
