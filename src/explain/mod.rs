//! "Why is this move illegal, or missing?": for a move typed in notation, the
//! rule and the clause of the rules file that refuse it, with their spans
//! ([`crate::ir::Game::sources`]) and a sentence saying why; or that no rule
//! produces it, with the legal moves closest to it; or, for a legal move,
//! the rule that makes it.
//!
//! The move is looked for step by step: among the legal moves; among the
//! moves the rules make before the rules on whole moves (the royal rule,
//! repetition bans, `must capture`, `most captures`: [`whole`]); among the
//! actions of each tier of the turn ([`action`]); and among the actions of
//! each rule run with one of its tests relaxed (then that test refused it).

mod action;
mod clause;
mod closest;
mod piece;
pub(crate) mod split;
mod turn;
mod walk;
mod whole;
pub mod words;

use crate::diag::Span;
use crate::engine::{Engine, MoveBuf, Position};
use crate::notation::{self, Reading};

/// The answer about one move.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    /// The move: its full notation when it was read as a move the rules
    /// make (legal or not), else as typed.
    pub text: String,
    /// Legal or not, and why.
    pub verdict: Verdict,
    /// For a move that is not legal: the legal moves closest to it (same
    /// start, same end, then a similar spelling), at most [`closest::MAX`].
    pub closest: Vec<String>,
}

/// Whether a move is legal, and why.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Legal: made by this rule (the first action's).
    Legal(Option<RuleAt>),
    /// Not legal: a rule refuses it.
    Refused(Refusal),
    /// Not legal: no rule produces it, for the reason given.
    NoRule(String),
    /// Several legal moves fit this short form: their notation.
    Ambiguous(Vec<String>),
    /// Not written as a move at all.
    Malformed,
    /// The game is over: no move is legal.
    Over,
}

/// A rule, named and placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleAt {
    /// Its name as the rules would write it: `Piece.rule`, `royal Piece`,
    /// `turn NAME: most captures`, ….
    pub name: String,
    /// Where it is written.
    pub span: Option<Span>,
}

/// What refuses a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// What kind of rule.
    pub kind: RefusalKind,
    /// The rule.
    pub rule: RuleAt,
    /// The clause that refused it (a part of the rule), where it is written.
    pub clause: Option<Span>,
    /// A short label for the clause.
    pub label: String,
    /// Why, in a sentence.
    pub reason: String,
    /// Other places worth showing (the rule an attacker captures by, a
    /// second clause that also refused it), with their labels.
    pub notes: Vec<(Span, String)>,
}

/// The kinds of rules that refuse moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefusalKind {
    /// A clause of a movement or drop rule fails (a direction, a condition,
    /// a lookahead, a `must`).
    Clause,
    /// The move leaves a royal piece of the mover attacked.
    Royal,
    /// The move recreates a board a repetition ban forbids (`forbid repetition`).
    Repetition,
    /// The turn takes the most pieces, and this move takes fewer (`most captures`).
    MostCaptures,
    /// The turn must capture, and this move does not (`must capture`).
    MustCapture,
    /// An earlier tier of the turn offers actions, so this later one is not used (`choose … else …`).
    Priority,
    /// The turn does not offer this rule (or passing, or this many actions).
    Turn,
}

impl RefusalKind {
    /// A stable name for programs (`--format json`).
    pub fn name(self) -> &'static str {
        match self {
            RefusalKind::Clause => "clause",
            RefusalKind::Royal => "royal",
            RefusalKind::Repetition => "repetition",
            RefusalKind::MostCaptures => "most_captures",
            RefusalKind::MustCapture => "must_capture",
            RefusalKind::Priority => "priority",
            RefusalKind::Turn => "turn",
        }
    }
}

/// Explains the move written `text` (full notation or a short form) for the
/// player to move in `pos`.
pub fn explain(engine: &Engine, pos: &Position, text: &str) -> Explanation {
    let text = text.trim();
    let mut buf = MoveBuf::new();
    engine.legal_moves(pos, &mut buf);
    let mut legal: Vec<String> = buf.moves.iter().map(|m| notation::format(engine, m)).collect();
    legal.sort();
    legal.dedup();
    let answer = |text: String, verdict: Verdict, closest: Vec<String>| Explanation {
        text,
        verdict,
        closest,
    };
    if legal.is_empty() {
        return answer(text.to_string(), Verdict::Over, Vec::new());
    }
    match notation::read_among(engine, pos, text, &buf.moves) {
        Reading::Exact(mv) | Reading::Short { mv, .. } => {
            let rule = action::producer(engine, pos, mv.as_ref());
            return answer(
                notation::format(engine, mv.as_ref()),
                Verdict::Legal(rule),
                Vec::new(),
            );
        }
        Reading::Ambiguous(all) => return answer(text.to_string(), Verdict::Ambiguous(all), Vec::new()),
        Reading::Unknown => {}
    }
    let closest = closest::moves(text, &legal);
    if !notation::is_well_formed(text) && !notation::looks_short(text) {
        return answer(text.to_string(), Verdict::Malformed, closest);
    }
    // Made by the rules, but refused by a rule on whole moves?
    let mut before = MoveBuf::new();
    engine.moves_before_royal_rule(pos, &mut before);
    if let Reading::Exact(mv) | Reading::Short { mv, .. } =
        notation::read_among(engine, pos, text, &before.moves)
    {
        let full = notation::format(engine, mv.as_ref());
        let weight = (0..before.moves.len())
            .find(|&i| before.moves.get(i) == mv.as_ref())
            .map_or(0, |i| before.moves.weight(i));
        let verdict = match whole::refusal(engine, pos, mv.as_ref(), &full, weight, &buf.moves) {
            Some(r) => Verdict::Refused(r),
            None => Verdict::NoRule(format!(
                "the rules make {full}, but it is not among the legal moves here"
            )),
        };
        return answer(full, verdict, closest);
    }
    let verdict = match action::refusal(engine, pos, text, &legal) {
        Ok(r) => Verdict::Refused(r),
        Err(reason) => Verdict::NoRule(reason),
    };
    answer(text.to_string(), verdict, closest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceFile;

    const RULES: &str = r#"
        game "Test"
        players White, Black
        board grid files a..d ranks 1..4
        directions ahead = White: n; Black: s
        directions all = n, e, s, w
        piece Runner letter R { move step: step ahead onto empty }
        piece Chief letter K { move step: step all onto empty or enemy }
        royal Chief
        setup { White: Chief at a1  Runner at b2  Black: Chief at d4  Runner at c4 }
        turns { repeat { White: t  Black: t } }
        turn t { choose move Runner, move Chief }
        end { no move: mover loses if in check }
    "#;

    fn engine() -> Engine {
        let game = crate::load(&SourceFile::new("test.rules", RULES)).expect("valid rules");
        Engine::new(game, &[]).expect("no options")
    }

    /// The text of the rules at a span.
    fn at(span: Option<Span>) -> &'static str {
        let s = span.expect("a span");
        &RULES[s.start..s.end]
    }

    #[test]
    fn a_legal_move_is_legal_with_its_rule() {
        let e = engine();
        let x = explain(&e, &e.start(), "b2-b3");
        let Verdict::Legal(Some(rule)) = &x.verdict else {
            panic!("{x:?}")
        };
        assert_eq!(rule.name, "Runner.step");
        assert_eq!(at(rule.span), "move step: step ahead onto empty");
    }

    #[test]
    fn a_step_the_wrong_way_is_refused_by_its_directions() {
        let e = engine();
        let x = explain(&e, &e.start(), "b2-b1");
        let Verdict::Refused(r) = &x.verdict else {
            panic!("{x:?}")
        };
        assert_eq!(r.kind, RefusalKind::Clause);
        assert_eq!(r.rule.name, "Runner.step");
        assert_eq!(at(r.clause), "ahead");
        assert!(
            r.reason.contains("goes only n from b2, and b1 lies s of b2"),
            "{}",
            r.reason
        );
        assert_eq!(x.closest, ["b2-b3", "a1-b1"], "same start, then same end");
    }

    #[test]
    fn a_chief_stepping_next_to_the_other_chief_is_refused_by_the_royal_rule() {
        let e = engine();
        let pos = crate::notation::play_sequence(&e, "a1-a2 d4-d3 a2-a3 d3-c3").expect("legal");
        let x = explain(&e, &pos, "a3-b3");
        let Verdict::Refused(r) = &x.verdict else {
            panic!("{x:?}")
        };
        assert_eq!(r.kind, RefusalKind::Royal);
        assert_eq!(at(r.clause), "royal Chief");
        assert!(
            r.reason.contains("attacked by Black's Chief on c3"),
            "{}",
            r.reason
        );
    }

    #[test]
    fn moves_no_rule_makes_say_why() {
        let e = engine();
        let pos = e.start();
        let no_rule = |text: &str| match explain(&e, &pos, text).verdict {
            Verdict::NoRule(why) => why,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(no_rule("c3-c2"), "there is no piece on c3");
        assert!(no_rule("c4-c3").starts_with("the Runner on c4 is Black's"));
        assert!(no_rule("b2-b4").contains("no rule of the Runner makes b2-b4"));
        assert_eq!(explain(&e, &pos, "hello").verdict, Verdict::Malformed);
    }
}
