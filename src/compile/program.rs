//! Building core programs: sequences, alternatives and repetition laid out as
//! flat [`Op`] lists with forks and jumps.

use crate::ir::{Op, Program};

/// A program under construction.
#[derive(Debug, Default)]
pub(super) struct Builder {
    ops: Vec<Op>,
}

impl Builder {
    /// Appends one op.
    pub fn op(&mut self, op: Op) {
        self.ops.push(op);
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

    /// The finished program (ending with `Accept`).
    pub fn finish(mut self) -> Program {
        self.op(Op::Accept);
        Program { ops: self.ops }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_loops_back_and_exits_after_its_body() {
        let mut b = Builder::default();
        b.star(|b| b.op(Op::GoSame));
        let p = b.finish();
        assert_eq!(p.ops, vec![Op::Fork(3), Op::GoSame, Op::Jump(0), Op::Accept]);
    }

    #[test]
    fn lookahead_bodies_end_with_their_own_accept() {
        let mut b = Builder::default();
        b.look(true, |b| b.op(Op::GoSame));
        let p = b.finish();
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
}
