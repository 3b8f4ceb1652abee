//! Expressions over cell coordinates, evaluated while the board is built
//! (`link … when r < d`, `(r, s + 1)`, `cells where (file + rank) % 2 == 0`).

use super::error::{self, NameKind};
use super::regions::ast_op;
use crate::diag::Problem;
use crate::syntax::ast::{Expr, ExprKind};

/// Evaluates `expr` with the named values in `env`; `context` names the
/// construct for error messages.
pub(super) fn eval(expr: &Expr, env: &[(&str, i64)], context: &str) -> Result<i64, Problem> {
    let not_here = |what: &str| {
        Problem::error(
            "rules::compile::bad_coordinate_expression",
            format!("{what} cannot be used in `{context}`"),
            expr.span,
            "not allowed here",
        )
        .with_help(
            "this expression sees only numbers, the coordinates of the cell, arithmetic and comparisons",
        )
    };
    Ok(match &expr.kind {
        ExprKind::Int(v) => *v,
        ExprKind::Bool(b) => *b as i64,
        ExprKind::Name(n) => match env.iter().find(|(name, _)| *name == n.text) {
            Some((_, v)) => *v,
            None => {
                return Err(error::unknown(
                    NameKind::Value,
                    &n.text,
                    n.span,
                    env.iter().map(|(n, _)| *n),
                ));
            }
        },
        ExprKind::Not(e) => (eval(e, env, context)? == 0) as i64,
        ExprKind::Neg(e) => eval(e, env, context)?
            .checked_neg()
            .ok_or_else(|| error::overflow(expr.span))?,
        ExprKind::Binary(op, a, b) => {
            let a = eval(a, env, context)?;
            let b = eval(b, env, context)?;
            ast_op(*op)
                .checked(a, b)
                .ok_or_else(|| error::overflow(expr.span))?
        }
        ExprKind::If(c, a, b) => {
            if eval(c, env, context)? != 0 {
                eval(a, env, context)?
            } else {
                eval(b, env, context)?
            }
        }
        ExprKind::Index(..) => return Err(not_here("a counter")),
        ExprKind::Call(..) | ExprKind::Within(..) | ExprKind::Cells(..) => {
            return Err(not_here("a function call"));
        }
    })
}
