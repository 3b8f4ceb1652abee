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

    /// `(body)*`: the body any number of times (the longer way first).
    pub fn star(&mut self, body: impl FnOnce(&mut Builder)) {
        let fork = self.here();
        self.op(Op::Fork(0));
        body(self);
        self.op(Op::Jump(fork));
        let end = self.here();
        self.ops[fork as usize] = Op::Fork(end);
    }

    /// `(body)+`: the body at least once.
    pub fn plus(&mut self, body: impl Fn(&mut Builder)) {
        body(self);
        self.star(body);
    }

    /// `(body)?`: the body or nothing.
    pub fn opt(&mut self, body: impl FnOnce(&mut Builder)) {
        let fork = self.here();
        self.op(Op::Fork(0));
        body(self);
        let end = self.here();
        self.ops[fork as usize] = Op::Fork(end);
    }

    /// `(a | b | …)`: one of the alternatives, in order.
    pub fn alt(&mut self, branches: Vec<Box<dyn FnOnce(&mut Builder) + '_>>) {
        let n = branches.len();
        let mut jumps = Vec::new();
        for (i, branch) in branches.into_iter().enumerate() {
            if i + 1 < n {
                let fork = self.here();
                self.op(Op::Fork(0));
                branch(self);
                jumps.push(self.here());
                self.op(Op::Jump(0));
                let next = self.here();
                self.ops[fork as usize] = Op::Fork(next);
            } else {
                branch(self);
            }
        }
        let end = self.here();
        for j in jumps {
            self.ops[j as usize] = Op::Jump(end);
        }
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

    /// An `each` body: every way through it, changes made together.
    pub fn each(&mut self, must: bool, body: impl FnOnce(&mut Builder)) {
        let at = self.here();
        self.op(Op::Each { end: 0, must });
        body(self);
        self.op(Op::Accept);
        let end = self.here();
        self.ops[at as usize] = Op::Each { end, must };
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
    use crate::ir::CondId;

    #[test]
    fn star_loops_back_and_exits_after_its_body() {
        let mut b = Builder::default();
        b.star(|b| b.op(Op::GoSame));
        let p = b.finish();
        assert_eq!(p.ops, vec![Op::Fork(3), Op::GoSame, Op::Jump(0), Op::Accept]);
    }

    #[test]
    fn alternatives_jump_to_their_common_end() {
        let mut b = Builder::default();
        b.alt(vec![
            Box::new(|b: &mut Builder| b.op(Op::If(CondId(0)))),
            Box::new(|b: &mut Builder| b.op(Op::If(CondId(1)))),
            Box::new(|b: &mut Builder| b.op(Op::If(CondId(2)))),
        ]);
        let p = b.finish();
        assert_eq!(
            p.ops,
            vec![
                Op::Fork(3),
                Op::If(CondId(0)),
                Op::Jump(7),
                Op::Fork(6),
                Op::If(CondId(1)),
                Op::Jump(7),
                Op::If(CondId(2)),
                Op::Accept
            ]
        );
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
