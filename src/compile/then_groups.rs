//! `then` inside a group. `step e onto empty, (then step e onto empty)?` is a
//! rule of two *forms*: one action, or two. A group (once or `?`) whose
//! alternatives start new actions is expanded into the rule's forms, each a
//! plain list of clauses whose `then`s all stand at the top; the forms are
//! then lowered one after the other as alternatives of one program.
//!
//! A `then` that a repetition (`*`, `+`) or a `can`/`each` body would hold
//! cannot be expanded: it is refused.

use super::error;
use crate::diag::Problem;
use crate::diag::Span;
use crate::syntax::ast::{Clause, Repeat};

/// The most forms a rule may expand to.
pub(super) const MAX_FORMS: usize = 256;

/// The forms of a rule: the clauses themselves when no group holds a
/// `then`; refusals otherwise, with the span of the rule for too many forms.
pub(super) fn forms(clauses: &[Clause], rule: Span) -> Result<Vec<Vec<Clause>>, Problem> {
    if !clauses.iter().any(holds_then) {
        return Ok(vec![clauses.to_vec()]);
    }
    expand(clauses, rule)
}

/// Whether a clause starts an action somewhere inside it.
fn holds_then(c: &Clause) -> bool {
    match c {
        Clause::Then(..) => true,
        Clause::Group { alts, .. } => alts.iter().flatten().any(holds_then),
        Clause::Can { body, .. } | Clause::Each { body, .. } => body.iter().any(holds_then),
        _ => false,
    }
}

/// Every form of a list of clauses.
fn expand(list: &[Clause], rule: Span) -> Result<Vec<Vec<Clause>>, Problem> {
    let mut forms: Vec<Vec<Clause>> = vec![Vec::new()];
    for c in list {
        let options = match c {
            _ if !holds_then(c) => vec![vec![c.clone()]],
            Clause::Group { alts, repeat, span } => match repeat {
                Repeat::Once | Repeat::Maybe => {
                    let mut options = Vec::new();
                    for alt in alts {
                        options.extend(expand(alt, rule)?);
                    }
                    if *repeat == Repeat::Maybe {
                        options.push(Vec::new());
                    }
                    options
                }
                Repeat::Any | Repeat::AtLeastOnce => return Err(repeated(*span)),
            },
            Clause::Then(inner, span) => {
                let mut options = Vec::new();
                for form in expand(std::slice::from_ref(&**inner), rule)? {
                    let mut form = form.into_iter();
                    let Some(first) = form.next() else {
                        return Err(empty_then(*span));
                    };
                    let mut option = vec![Clause::Then(Box::new(first), *span)];
                    option.extend(form);
                    options.push(option);
                }
                options
            }
            Clause::Can { span, .. } | Clause::Each { span, .. } => return Err(in_body(*span)),
            _ => vec![vec![c.clone()]],
        };
        if forms.len() * options.len() > MAX_FORMS {
            return Err(error::out_of_range(
                "the forms this rule's groups of actions make",
                rule,
                &format!("at most {MAX_FORMS}"),
            ));
        }
        forms = forms
            .iter()
            .flat_map(|f| {
                options.iter().map(move |o| {
                    let mut f = f.clone();
                    f.extend(o.iter().cloned());
                    f
                })
            })
            .collect();
    }
    Ok(forms)
}

fn repeated(span: Span) -> Problem {
    error::invalid(
        "rules::compile::misplaced_then",
        "`then` cannot be repeated",
        span,
        "this repetition holds a `then`",
    )
    .with_help(
        "a move's actions are written one after another: write the group once per action, \
         each optional with `?`, or let the turn allow several actions (`actions up to N`)",
    )
}

fn in_body(span: Span) -> Problem {
    error::invalid(
        "rules::compile::misplaced_then",
        "`then` cannot start an action inside `can`, `cannot` or `each`",
        span,
        "this body holds a `then`",
    )
    .with_help("a look-ahead or an effect belongs to the action it stands in: move the `then` out of it")
}

fn empty_then(span: Span) -> Problem {
    error::invalid(
        "rules::compile::misplaced_then",
        "nothing follows this `then`",
        span,
        "an action with no clause",
    )
    .with_help("write the clauses of the new action after `then`")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::ast::{Clause, Repeat};

    fn land() -> Clause {
        Clause::Land(Span::default())
    }

    fn then_land() -> Clause {
        Clause::Then(Box::new(land()), Span::default())
    }

    fn group(alts: Vec<Vec<Clause>>, repeat: Repeat) -> Clause {
        Clause::Group {
            alts,
            repeat,
            span: Span::default(),
        }
    }

    #[test]
    fn an_optional_action_makes_two_forms() {
        let forms = forms(
            &[land(), group(vec![vec![then_land()]], Repeat::Maybe)],
            Span::default(),
        )
        .expect("expands");
        let lens: Vec<usize> = forms.iter().map(Vec::len).collect();
        assert_eq!(lens, vec![2, 1]);
    }

    #[test]
    fn alternatives_multiply() {
        let g = || group(vec![vec![then_land()], vec![land()]], Repeat::Once);
        let forms = forms(&[land(), g(), g()], Span::default()).expect("expands");
        assert_eq!(forms.len(), 4);
    }

    #[test]
    fn repeated_then_is_refused() {
        let p = forms(
            &[land(), group(vec![vec![then_land()]], Repeat::Any)],
            Span::default(),
        )
        .expect_err("refused");
        assert_eq!(p.code, "rules::compile::misplaced_then");
    }

    #[test]
    fn too_many_forms_are_refused() {
        let g = || group(vec![vec![then_land()], vec![land()]], Repeat::Once);
        let list: Vec<Clause> = (0..9).map(|_| g()).collect();
        let p = forms(&list, Span::default()).expect_err("2^9 forms");
        assert_eq!(p.code, "rules::compile::out_of_range");
    }
}
