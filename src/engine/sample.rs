//! Random moves drawn without listing the moves: a turn whose moves are one
//! per cell (a drop rule with no choice once its cell is chosen) is sampled
//! by trying cells at random until one gives a legal move.

use rand_xoshiro::Xoshiro256PlusPlus;

use super::cell_sets::{MAX_WORDS, nth_cell};
use super::eval::Seen;
use super::moves::Token;
use super::search::uniform;
use super::{Engine, MoveBuf, Position};
use crate::ir::{ActionSource, CellId, FastCore, MoveRule, Pass, Pattern, PieceKind, PlayerId, Turn};

/// What drawing cells found.
pub(super) enum Draw {
    /// A legal move, the only one in the buffer (index 0).
    Move,
    /// The player to move has no legal move.
    NoMove,
    /// The turn has another shape, or it passes when stuck: list the moves.
    Undecided,
}

/// How many slots are drawn at random (each uniform, repeats allowed)
/// before the rest are tried in a random order without repeats.
const FREE_DRAWS: usize = 8;

/// What one draw needs to know of the turn.
struct Drawing<'a> {
    player: PlayerId,
    kind: PieceKind,
    rule: &'a MoveRule,
    /// A plain drop (else a core program entered at the cell).
    plain: bool,
    /// Board cells: the slot after them is the pass.
    cells: usize,
    /// Royal pieces or repetition bans: each candidate is checked.
    check: bool,
    /// The scratch copies of the position are ready.
    core_ready: bool,
    checker_ready: bool,
}

/// Whether `rule` gives at most one action per cell: a plain drop, or a
/// core program that chooses its cell first and never branches after.
pub(super) fn one_per_cell(rule: &MoveRule) -> bool {
    match rule.pattern {
        Pattern::Drop => true,
        Pattern::Core => rule.drop && rule.program.one_way_per_cell(),
        _ => false,
    }
}

/// How many cells are drawn at random from the whole board, before the
/// cells of a set are counted to pick one of them.
const SET_TRIES: usize = 4;

/// A uniformly random drop of `kind` on a cell of `set` (the cells among the
/// first `cells` where it is legal), or the pass where `pass` always allows
/// it. Without a pass to weigh, on a board of several words, a few cells of
/// the board are drawn first: a hit is uniform over the set, and a dense set
/// needs no counting.
fn draw_from_set(
    set: &[u64],
    cells: usize,
    kind: PieceKind,
    pass: Pass,
    buf: &mut MoveBuf,
    rng: &mut Xoshiro256PlusPlus,
) -> Draw {
    buf.moves.clear();
    let hit = |c: usize| set[c / 64] >> (c % 64) & 1 == 1;
    // (A set of one word is counted at once: its cells are few.)
    if set.len() > 1 && pass != Pass::Allowed && set.iter().any(|w| *w != 0) {
        for _ in 0..SET_TRIES {
            let c = uniform(rng, cells as u64) as usize;
            if hit(c) {
                buf.moves.push2(Token::Drop(kind), Token::Place(CellId(c as u16)));
                return Draw::Move;
            }
        }
    }
    let count: u32 = set.iter().map(|w| w.count_ones()).sum();
    let slots = count + u32::from(pass == Pass::Allowed);
    if slots == 0 {
        return if pass == Pass::IfStuck {
            Draw::Undecided
        } else {
            Draw::NoMove
        };
    }
    let k = uniform(rng, u64::from(slots)) as u32;
    if k == count {
        buf.moves.push_raw(&[Token::Pass.encode()], 0);
    } else {
        let cell = CellId(nth_cell(set, k) as u16);
        buf.moves.push2(Token::Drop(kind), Token::Place(cell));
    }
    Draw::Move
}

impl Engine {
    /// Whether `turn`'s moves are never drawn cell by cell (see
    /// [`Engine::draw_by_cells`]): the core is forced, moves may repeat, or
    /// the turn has a follow-up, an effect after each action, costs or a
    /// capture rule. ([`Engine::may_not_draw`] tells whether any turn is.)
    pub(super) fn not_drawn(&self, turn: &Turn) -> bool {
        self.force_core
            || self.game.may_duplicate
            || turn.follow_up.is_some()
            || turn.after_each.is_some()
            || !turn.costs.is_empty()
            || turn.must_capture
            || turn.most_captures
    }

    /// A uniformly random legal move of a one-action turn made of one drop
    /// rule that gives at most one action per cell (a plain drop, or a core
    /// program that chooses its cell first and never branches after; see
    /// [`crate::ir::Program::one_way_per_cell`]), and of `pass` where the
    /// turn always allows it. A few cells (or the pass) are drawn at random,
    /// then the others are tried in a random order, each once, until one
    /// gives a legal move: the first found is uniform among the legal
    /// moves, and in most positions few cells are tried.
    pub(super) fn draw_by_cells(
        &self,
        pos: &Position,
        player: PlayerId,
        turn: &Turn,
        buf: &mut MoveBuf,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Draw {
        if self.exhaustion.is_set() || (self.may_not_draw && self.not_drawn(turn)) {
            return Draw::Undecided;
        }
        let [tier] = &turn.tiers[..] else {
            return Draw::Undecided;
        };
        // The one source the player can act by: drops of kinds another
        // player owns give them nothing (a kind for each side).
        let source = match &tier[..] {
            [one] => Some(one),
            several => {
                let mut sources = several.iter().filter(|source| {
                    !matches!(source, ActionSource::Drop { kind, .. }
                        if self.game.kinds[kind.index()].owner.is_some_and(|o| o != player))
                });
                match (sources.next(), sources.next()) {
                    (Some(one), None) => Some(one),
                    _ => None,
                }
            }
        };
        let Some(ActionSource::Drop { kind, rules }) = source else {
            return Draw::Undecided;
        };
        let [r] = rules[..] else { return Draw::Undecided };
        if !self.one_per_cell[r] {
            return Draw::Undecided;
        }
        let rule = &self.game.rules[r];
        let plain = matches!(rule.pattern, Pattern::Drop);
        let info = &self.game.kinds[kind.index()];
        if info.owner.is_some_and(|o| o != player)
            || !(info.supply || pos.numbers[self.reserve_index(player, *kind)] > 0)
        {
            return Draw::Undecided;
        }
        if plain && !self.needs_legality_check() && !self.sticks[player.index() * self.kinds + kind.index()] {
            let mut set = [0u64; MAX_WORDS];
            if self.cells_where(rule.target, player, pos, &mut set) {
                return draw_from_set(
                    &set[..pos.words],
                    self.game.topology.board_cells,
                    *kind,
                    turn.pass,
                    buf,
                    rng,
                );
            }
        }
        let cells = self.game.topology.board_cells;
        let slots = cells + usize::from(turn.pass == Pass::Allowed);
        let mut drawing = Drawing {
            player,
            kind: *kind,
            rule,
            plain,
            cells,
            check: self.needs_legality_check(),
            core_ready: false,
            checker_ready: false,
        };
        buf.generator.begin_listing(self.landing_keys);
        buf.moves.clear();
        // Each draw is uniform over the slots: a legal one found is uniform
        // over the legal moves.
        let mut found = (0..FREE_DRAWS)
            .any(|_| self.try_slot(&mut drawing, uniform(rng, slots as u64) as usize, pos, buf));
        if !found {
            // A partial Fisher–Yates shuffle: the slot put at `i` is uniform
            // among the slots not tried yet, so the first legal one is
            // uniform over the legal moves. The order starts the same every
            // time (the swaps are taken back), so that the draw depends on
            // the generator only.
            let mut order = std::mem::take(&mut buf.cell_order);
            if order.len() != slots {
                order.clear();
                order.extend(0..slots as u32);
            }
            let mut swaps = std::mem::take(&mut buf.cell_swaps);
            swaps.clear();
            for i in 0..slots {
                let j = i + uniform(rng, (slots - i) as u64) as usize;
                order.swap(i, j);
                swaps.push(j as u32);
                if self.try_slot(&mut drawing, order[i] as usize, pos, buf) {
                    found = true;
                    break;
                }
            }
            for (i, &j) in swaps.iter().enumerate().rev() {
                order.swap(i, j as usize);
            }
            buf.cell_order = order;
            buf.cell_swaps = swaps;
        }
        if self.exhaustion.is_set() {
            buf.moves.clear();
            Draw::Undecided
        } else if found {
            Draw::Move
        } else if turn.pass == Pass::IfStuck {
            Draw::Undecided
        } else {
            Draw::NoMove
        }
    }

    /// Whether `slot` (a cell, or the pass after the cells) gives a legal
    /// move, then the only move in `buf.moves` (else that stays empty).
    fn try_slot(&self, d: &mut Drawing, slot: usize, pos: &Position, buf: &mut MoveBuf) -> bool {
        if slot == d.cells {
            buf.moves.push_raw(&[Token::Pass.encode()], 0);
        } else if d.plain {
            let cell = CellId(slot as u16);
            if !(self.test_on(d.rule.target, d.player, cell, pos, Seen::NONE)
                && self.can_place(pos, d.player, d.kind, cell))
            {
                return false;
            }
            buf.moves.push2(Token::Drop(d.kind), Token::Place(cell));
        } else if let Some(FastCore::DropFlipping(flipping)) = d.rule.fast_core.as_deref()
            && !self.force_core
            && let Some(rows) = self.flipping_rows(d.rule, flipping, d.player)
        {
            // A drop that turns pieces over, by its fast form.
            let cell = CellId(slot as u16);
            let mut turned = std::mem::take(&mut buf.joined);
            let found = self.flipping_drop_at(
                pos,
                d.player,
                d.kind,
                flipping,
                &rows,
                cell,
                &mut buf.moves,
                &mut turned,
            );
            buf.joined = turned;
            if !found {
                return false;
            }
        } else {
            let cell = CellId(slot as u16);
            // A cell the drop's target rules out (the first test of its
            // program) needs no run of it, nor the copy of the position the
            // core works on.
            if !self.test_on(d.rule.target, d.player, cell, pos, Seen::NONE) {
                return false;
            }
            let generator = &mut buf.generator;
            if !d.core_ready {
                generator.core_position.clone_for_trial(pos, self.trial_history);
                d.core_ready = true;
            }
            self.core_actions(
                &mut generator.core_position,
                d.player,
                d.rule,
                cell,
                &mut buf.moves,
                &mut generator.core,
                None,
            );
            if buf.moves.is_empty() {
                return false;
            }
        }
        debug_assert_eq!(buf.moves.len(), 1, "one action per cell");
        if d.check {
            if !d.checker_ready {
                buf.check_position.clone_for_trial(pos, self.trial_history);
                d.checker_ready = true;
            }
            let mut log = std::mem::take(&mut buf.check_undo);
            let legal =
                self.is_legal_candidate(&mut buf.check_position, d.player, buf.moves.get(0), &mut log);
            buf.check_undo = log;
            if !legal {
                buf.moves.clear();
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    use crate::engine::engine_of as engine;
    use crate::engine::{Engine, MoveBuf, Position};

    /// Plays `moves` from the start.
    fn after(e: &Engine, moves: &[&str]) -> Position {
        let mut buf = MoveBuf::new();
        let mut pos = e.start();
        for text in moves {
            let mv = crate::notation::parse(e, &pos, text, &mut buf).expect("a legal move");
            e.play_unchecked(&mut pos, mv.as_ref());
        }
        pos
    }

    /// Draws `draws` random moves at `pos` and checks that they are exactly
    /// the legal moves, each drawn about as often as the others.
    fn assert_uniform(e: &Engine, pos: &Position, draws: u32) {
        let mut buf = MoveBuf::new();
        e.legal_moves(pos, &mut buf);
        let legal: Vec<String> = (0..buf.moves.len())
            .map(|i| crate::notation::format(e, buf.moves.get(i)))
            .collect();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut counts = BTreeMap::new();
        for _ in 0..draws {
            let i = e.random_move(pos, &mut buf, &mut rng).expect("a move");
            *counts
                .entry(crate::notation::format(e, buf.moves.get(i)))
                .or_insert(0u32) += 1;
        }
        let mut drawn: Vec<&String> = counts.keys().collect();
        let mut expected: Vec<&String> = legal.iter().collect();
        drawn.sort();
        expected.sort();
        assert_eq!(drawn, expected, "{counts:?}");
        let mean = draws as f64 / legal.len() as f64;
        for (mv, &n) in &counts {
            assert!(
                (n as f64 - mean).abs() < 0.06 * mean,
                "{mv} drawn {n} times of {draws}: {counts:?}"
            );
        }
    }

    /// Plain drops: uniform when most cells take the piece and when only one does.
    #[test]
    fn drawn_drops_are_uniform_over_the_legal_ones() {
        let e = engine(
            "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..3\n\
             piece S letter S { drop: onto empty }\nsupply S\nend { no move: draw }\n",
        );
        assert_uniform(&e, &after(&e, &["S@a1", "S@b2"]), 70_000);
        let pos = after(
            &e,
            &["S@a1", "S@b2", "S@a2", "S@a3", "S@b1", "S@b3", "S@c1", "S@c2"],
        );
        assert_uniform(&e, &pos, 100);
    }

    /// A core drop with captures and a condition after them, a pass always
    /// allowed and a repetition ban: the cells that are refused (taken,
    /// suicide, the ko) are never drawn, and the rest and the pass are
    /// drawn uniformly.
    #[test]
    fn drawn_core_drops_are_uniform_over_the_legal_ones() {
        let e = engine(
            "game \"t\"\nplayers A, B\nboard grid files a..d ranks 1..4\n\
             directions orthogonal = n, e, s, w\nadjacency orthogonal\n\
             piece S letter S { drop: onto empty, capture enemy groups without liberties, if free }\n\
             supply S\nforbid repetition of 2 moves ago\nturn play { pass allowed }\n\
             end { after 2 passes: draw }\n",
        );
        assert!(e.game.rules.iter().any(|r| r.program.one_way_per_cell()));
        // A takes the stone on b2 by playing c2; B may not take back at once.
        let pos = after(
            &e,
            &[
                "S@b1", "S@c1", "S@a2", "S@d2", "S@b3", "S@c3", "pass", "S@b2", "S@c2",
            ],
        );
        assert_uniform(&e, &pos, 60_000);
    }

    /// Only programs that choose a cell first and never branch after it qualify.
    #[test]
    fn one_way_per_cell_is_proved_only_without_later_branches() {
        let rules = |piece: &str| {
            engine(&format!(
                "game \"t\"\nplayers A, B\nboard grid files a..c ranks 1..3\n\
                 directions orthogonal = n, e, s, w\n{piece}\nsupply S\nend {{ no move: draw }}\n"
            ))
        };
        let flips = rules("piece S letter S { drop: onto empty, each (go orthogonal, if enemy, flip) }");
        assert!(flips.game.rules.iter().all(|r| r.program.one_way_per_cell()));
        let steps = rules("piece S letter S { drop: onto empty, go orthogonal, if enemy, capture }");
        assert!(!steps.game.rules.iter().any(|r| r.program.one_way_per_cell()));
    }
}
