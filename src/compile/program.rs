//! Building core programs: sequences, alternatives and repetition laid out as
//! flat [`Op`] lists with forks and jumps, each op with the span of the
//! clause it comes from (for [`crate::ir::RuleSource`]).

use crate::diag::Span;
use crate::ir::{Op, Program};

/// A program under construction.
#[derive(Debug, Default)]
pub(super) struct Builder {
    ops: Vec<Op>,
    /// `spans[i]`: where op `i` comes from.
    spans: Vec<Span>,
    /// Where the ops added now come from.
    at: Span,
}

impl Builder {
    /// An empty program whose ops come from `span` until told otherwise.
    pub fn new(span: Span) -> Builder {
        Builder {
            at: span,
            ..Builder::default()
        }
    }

    /// Appends one op.
    pub fn op(&mut self, op: Op) {
        self.ops.push(op);
        self.spans.push(self.at);
    }

    /// The ops added from now on come from `span`; returns where they came
    /// from until now (to be set back).
    pub fn set_at(&mut self, span: Span) -> Span {
        std::mem::replace(&mut self.at, span)
    }

    /// The index the next op will have.
    pub fn here(&self) -> u32 {
        self.ops.len() as u32
    }

    /// Replaces the op at `at` (a fork or jump whose target is now known).
    pub fn patch(&mut self, at: u32, op: Op) {
        self.ops[at as usize] = op;
    }

    /// `(body)*`: the body any number of times (the longer way first).
    pub fn star(&mut self, body: impl FnOnce(&mut Builder)) {
        let fork = self.here();
        self.op(Op::Fork(0));
        body(self);
        self.op(Op::Jump(fork));
        let end = self.here();
        self.ops[fork as usize] = Op::Fork(end);
    }

    /// A lookahead body (`can`/`cannot`): the ops between the test and its end.
    pub fn look(&mut self, negate: bool, body: impl FnOnce(&mut Builder)) {
        let at = self.here();
        self.op(Op::Can { end: 0, negate });
        body(self);
        self.op(Op::Accept);
        let end = self.here();
        self.ops[at as usize] = Op::Can { end, negate };
    }

    /// The finished program (ending with `Accept`), and where each op comes from.
    pub fn finish(mut self) -> (Program, Vec<Span>) {
        self.op(Op::Accept);
        (Program { ops: self.ops }, self.spans)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_loops_back_and_exits_after_its_body() {
        let mut b = Builder::default();
        b.star(|b| b.op(Op::GoSame));
        let (p, _) = b.finish();
        assert_eq!(p.ops, vec![Op::Fork(3), Op::GoSame, Op::Jump(0), Op::Accept]);
    }

    #[test]
    fn lookahead_bodies_end_with_their_own_accept() {
        let mut b = Builder::default();
        b.look(true, |b| b.op(Op::GoSame));
        let (p, _) = b.finish();
        assert_eq!(
            p.ops,
            vec![
                Op::Can { end: 3, negate: true },
                Op::GoSame,
                Op::Accept,
                Op::Accept
            ]
        );
    }

    #[test]
    fn each_op_keeps_the_span_it_was_added_at() {
        let mut b = Builder::new(Span::new(0, 10));
        b.op(Op::Lift);
        let before = b.set_at(Span::new(3, 5));
        b.star(|b| b.op(Op::GoSame));
        b.set_at(before);
        let (p, spans) = b.finish();
        assert_eq!(spans.len(), p.ops.len());
        assert_eq!(
            spans,
            [(0, 10), (3, 5), (3, 5), (3, 5), (0, 10)].map(|(a, z)| Span::new(a, z))
        );
    }
}
