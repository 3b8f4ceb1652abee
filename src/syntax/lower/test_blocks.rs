//! Pest pairs of `test "name" { … }` → [`TestDecl`].

use super::{Lowerer, P, first, next};
use crate::syntax::ast::{Ident, Literal, TestDecl, TestStatus, TestStep};
use crate::syntax::parser::Rule;

impl Lowerer {
    /// Lowers a `test_decl` pair spanning `span`.
    pub(super) fn test_decl(&self, pair: P, span: crate::diag::Span) -> TestDecl {
        let mut it = pair.into_inner();
        let _keyword = next(&mut it);
        let name_pair = next(&mut it);
        let name_span = self.span(&name_pair);
        let name = self.string(name_pair);
        let steps = it.map(|s| self.test_step(first(s))).collect();
        TestDecl {
            name,
            name_span,
            steps,
            span,
        }
    }

    fn test_step(&self, pair: P) -> TestStep {
        let span = self.span(&pair);
        let rule = pair.as_rule();
        let mut it = pair.into_inner();
        match rule {
            Rule::test_set => {
                let name = self.ident(next(&mut it));
                let lit = first(next(&mut it));
                let value = match lit.as_rule() {
                    Rule::bool_lit => Literal::Bool(lit.as_str() == "true"),
                    _ => Literal::Int(self.int(&lit)),
                };
                TestStep::Set { name, value, span }
            }
            Rule::test_from => TestStep::From {
                text: self.string(next(&mut it)),
                span,
            },
            Rule::test_play => TestStep::Play(self.test_moves(it)),
            Rule::test_legal => TestStep::Legal(self.test_moves(it)),
            Rule::test_illegal => TestStep::Illegal(self.test_moves(it)),
            Rule::test_status => {
                let outcome = next(&mut it);
                let expected = match outcome.as_rule() {
                    Rule::status_win => TestStatus::Win(self.ident(first(outcome))),
                    Rule::ongoing_kw => TestStatus::Ongoing,
                    _ => TestStatus::Draw,
                };
                TestStep::Status { expected, span }
            }
            Rule::test_expect => TestStep::Expect(self.expr(next(&mut it))),
            Rule::test_perft => {
                let depth = self.int(&next(&mut it));
                let count = self.int(&next(&mut it));
                TestStep::Perft { depth, count, span }
            }
            r => unreachable!("test statements only, not {r:?}"),
        }
    }

    /// The moves after `play`, `legal` or `illegal` (the keyword first).
    fn test_moves(&self, it: pest::iterators::Pairs<Rule>) -> Vec<Ident> {
        it.filter(|p| p.as_rule() == Rule::test_move)
            .map(|p| self.ident(p))
            .collect()
    }
}
