//! The budget of listing the moves of one position. Every rule the language
//! allows is bounded — a way is cut after [`super::core::MAX_STEPS`] cursor
//! steps, a chain after [`super::MAX_CHAIN`] jumps, and a repetition whose
//! body could pass without moving the cursor is refused by the compiler — but
//! a bounded search can still be far too large (ways that double at every
//! step, a leapfrog over a full board). So listing the moves of one position
//! may take at most [`MAX_WORK`] steps of the rules and write at most
//! [`MAX_MOVES`] moves. A position that needs more is *exhausted*: the engine
//! remembers it, with the rule at fault, and front ends report it as an error
//! instead of a result — a perft or a playout never counts a list cut short.

use std::sync::atomic::{AtomicU64, Ordering};

/// The most steps of the rules (clauses run, jumps tried) to list the moves of one position.
pub const MAX_WORK: u64 = 1 << 26;
/// The most moves one position may have.
pub const MAX_MOVES: usize = 1 << 20;
/// The most tokens the moves of one position may hold together.
pub const MAX_TOKENS: usize = 1 << 24;

/// What ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// More than [`MAX_WORK`] steps of the rules.
    Work,
    /// More than [`MAX_MOVES`] moves, or [`MAX_TOKENS`] tokens.
    Moves,
}

impl std::fmt::Display for Limit {
    /// What the budget allows, in words: "67108864 steps of the rules".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::Work => write!(f, "{MAX_WORK} steps of the rules"),
            Limit::Moves => write!(f, "{MAX_MOVES} moves (or {MAX_TOKENS} tokens of notation)"),
        }
    }
}

/// A position whose moves could not be listed within the budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exhausted {
    /// What ran out.
    pub limit: Limit,
    /// The rule being run (an index into [`crate::ir::Game::rules`]), when one was.
    pub rule: Option<usize>,
}

/// The first exhaustion an engine met, kept until taken; shared by the
/// threads that use one engine.
#[derive(Debug, Default)]
pub(super) struct Exhaustion(AtomicU64);

impl Clone for Exhaustion {
    fn clone(&self) -> Self {
        Exhaustion(AtomicU64::new(self.0.load(Ordering::Relaxed)))
    }
}

/// Packing: bit 0 set, bit 1 the limit, the rule (plus one; 0 for none) above.
impl Exhaustion {
    /// Remembers `e`, unless an earlier one is remembered.
    pub(super) fn set(&self, e: Exhausted) {
        let rule = e.rule.map_or(0, |r| r as u64 + 1);
        let packed = 1 | ((e.limit == Limit::Moves) as u64) << 1 | rule << 2;
        let _ = self
            .0
            .compare_exchange(0, packed, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// The exhaustion remembered, if any, which is then forgotten.
    pub(super) fn take(&self) -> Option<Exhausted> {
        let packed = self.0.swap(0, Ordering::Relaxed);
        (packed & 1 != 0).then(|| Exhausted {
            limit: if packed & 2 != 0 {
                Limit::Moves
            } else {
                Limit::Work
            },
            rule: (packed >> 2).checked_sub(1).map(|r| r as usize),
        })
    }

    /// Whether an exhaustion is remembered (then no more moves are listed
    /// until it is taken: whatever runs on fails fast).
    #[inline]
    pub(super) fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_exhaustion_is_kept_until_taken() {
        let e = Exhaustion::default();
        assert_eq!(e.take(), None);
        let first = Exhausted {
            limit: Limit::Work,
            rule: Some(7),
        };
        e.set(first);
        assert!(e.is_set());
        e.set(Exhausted {
            limit: Limit::Moves,
            rule: None,
        });
        assert_eq!(e.take(), Some(first));
        assert_eq!(e.take(), None);
        e.set(Exhausted {
            limit: Limit::Moves,
            rule: None,
        });
        assert_eq!(e.clone().take().map(|x| x.limit), Some(Limit::Moves));
    }
}
