//! Whether the rules could ever reach a position read from text. A text can
//! describe anything the board can hold; these checks refuse what no game
//! under the rules could come to, each saying what is wrong, so that a
//! mistyped position is not played on (two kings, a king taken next move):
//!
//! - **material**: the pieces of a kind (with the kinds it can turn into,
//!   and back) on the board, in hand and in the pool, are no more than the
//!   rules' start gives, unless a rule makes new ones (a `supply`, a
//!   promotion from the supply); counted for each player when pieces never
//!   change sides, else for all together. A kind is in hand only if the
//!   start puts it there or captures do; where a rule makes pieces, no more
//!   than the moves made so far could bring in (`growth.rs`);
//! - **royal pieces**: a player given royal pieces by the start still has
//!   them all, when no rule can take one off the board (a royal piece is
//!   never left attacked, so never captured);
//! - **promotions**: no piece stands where it would have had to promote on
//!   arriving (a compulsory promotion zone, or an optional one on a cell it
//!   could never leave), unless it could have come there otherwise (the
//!   start, a drop, a rule that makes or carries pieces of its kind);
//! - **liberties**: no group without a liberty where the rules never leave
//!   one (`liberties.rs`);
//! - **check**: the player who moved last has no royal piece attacked, as
//!   no legal move leaves one so.

use super::{PositionError, err};
use crate::engine::{Engine, Position};
use crate::ir::{CaptureTo, CellId, Cond, Game, JumpCapture, Op, Pattern, PieceKind, PlayerId};

/// Checks that the rules could reach `pos`.
pub(super) fn check(engine: &Engine, pos: &Position) -> Result<(), PositionError> {
    let facts = Facts::of(engine.game());
    material(engine, pos, &facts)?;
    royals(engine, pos, &facts)?;
    promotions(engine, pos, &facts)?;
    super::liberties::check(engine, pos)?;
    check_of_last_mover(engine, pos)
}

/// What the rules allow, gathered once per check.
struct Facts {
    /// The class of each kind: kinds that can turn into one another share one.
    class: Vec<usize>,
    /// Per class: a rule makes new pieces of it.
    unbounded: Vec<bool>,
    /// Per class: its pieces can change sides (or have none).
    shared: Vec<bool>,
    /// Per kind: it can be in a player's hand.
    in_hand: Vec<bool>,
    /// Per kind: it can come onto a cell other than by a move of its own
    /// landing there (carried, turned into, changing sides).
    placed_otherwise: Vec<bool>,
    /// Per kind: it can be dropped or placed (on any cell it could leave).
    droppable: Vec<bool>,
    /// Some rule can take a royal piece off the board without an attack.
    royals_removable: bool,
}

impl Facts {
    fn of(game: &Game) -> Facts {
        let kinds = game.kinds.len();
        let mut parent: Vec<usize> = (0..kinds).collect();
        let mut join = |a: PieceKind, b: PieceKind| {
            let (ra, rb) = (find(&parent, a.index()), find(&parent, b.index()));
            parent[ra] = rb;
        };
        let mut placed_otherwise = vec![false; kinds];
        let mut droppable: Vec<bool> = game.kinds.iter().map(|k| !k.drops.is_empty()).collect();
        let mut made = vec![false; kinds];
        let mut flips = false;
        let mut carried: Vec<Option<Vec<PieceKind>>> = Vec::new();
        for p in &game.in_place {
            for &into in &p.into {
                join(p.kind, into);
                placed_otherwise[into.index()] = true;
            }
        }
        for (k, info) in game.kinds.iter().enumerate() {
            if let Some(as_kind) = info.captured_as {
                join(PieceKind(k as u8), as_kind);
            }
            made[k] |= info.supply;
        }
        let pool_kind = |k: PieceKind| game.pool.iter().any(|(p, _)| *p == k);
        for promo in &game.promotions {
            match promo.into {
                Some(k) => {
                    placed_otherwise[k.index()] = true;
                    made[k.index()] |= !pool_kind(k);
                }
                None => game
                    .pool
                    .iter()
                    .for_each(|(k, _)| placed_otherwise[k.index()] = true),
            }
        }
        let mut royals_removable = game.topology.cells() > game.topology.board_cells;
        for rule in &game.rules {
            let ops = &rule.program.ops;
            for (i, op) in ops.iter().enumerate() {
                match op {
                    Op::Become { kind, .. } => {
                        join(rule.kind, *kind);
                        placed_otherwise[kind.index()] = true;
                    }
                    Op::Place(k) => droppable[k.index()] = true,
                    Op::Flip => flips = true,
                    Op::Remove | Op::CaptureGroup => royals_removable = true,
                    // A turned block moves pieces of any kind to any of its cells.
                    Op::Turn(_) => carried.push(None),
                    // A moved block carries pieces of any kind, and takes any.
                    Op::Shift(_) => {
                        carried.push(None);
                        royals_removable = true;
                    }
                    Op::CarryTo(..) => carried.push(match i.checked_sub(1).map(|j| &ops[j]) {
                        Some(Op::If(c)) => kinds_of(&game.conds[c.0 as usize]),
                        _ => None,
                    }),
                    _ => {}
                }
            }
            if let Pattern::Jump {
                long: true,
                capturing,
                ..
            } = rule.pattern
            {
                royals_removable |= capturing != JumpCapture::No;
            }
        }
        for (k, placed) in placed_otherwise.iter_mut().enumerate() {
            let kind = PieceKind(k as u8);
            *placed |= flips
                || carried
                    .iter()
                    .any(|c| c.as_ref().is_none_or(|ks| ks.contains(&kind)));
        }
        let class: Vec<usize> = (0..kinds).map(|k| find(&parent, k)).collect();
        let mut unbounded = vec![false; kinds];
        let mut shared = vec![flips; kinds];
        let mut in_hand = vec![false; kinds];
        for (k, info) in game.kinds.iter().enumerate() {
            let c = class[k];
            unbounded[c] |= made[k];
            shared[c] |= info.neutral
                || pool_kind(PieceKind(k as u8))
                || matches!(info.captured_to, CaptureTo::Captor | CaptureTo::Pool)
                || game.promotions.iter().any(|p| p.into == Some(PieceKind(k as u8)));
            if matches!(info.captured_to, CaptureTo::Reserve | CaptureTo::Captor) {
                in_hand[info.captured_as.unwrap_or(PieceKind(k as u8)).index()] = true;
            }
        }
        for &(_, kind, n) in &game.setup.reserves {
            in_hand[kind.index()] |= n > 0;
        }
        Facts {
            class,
            unbounded,
            shared,
            in_hand,
            placed_otherwise,
            droppable,
            royals_removable,
        }
    }

    /// Every class, once.
    fn classes(&self) -> Vec<usize> {
        let mut classes = self.class.clone();
        classes.sort_unstable();
        classes.dedup();
        classes
    }

    /// Whose pieces of class `c` are counted together: each player's apart
    /// (`Some`), or all together (`None`) when pieces of it change sides.
    fn owners(&self, c: usize, players: usize) -> Vec<Option<PlayerId>> {
        if self.shared[c] {
            vec![None]
        } else {
            (0..players).map(|p| Some(PlayerId(p as u8))).collect()
        }
    }

    /// The kinds of class `c`.
    fn members(&self, c: usize) -> impl Iterator<Item = PieceKind> + '_ {
        (0..self.class.len())
            .filter(move |&k| self.class[k] == c)
            .map(|k| PieceKind(k as u8))
    }
}

/// The representative of `k`'s set.
fn find(parent: &[usize], mut k: usize) -> usize {
    while parent[k] != k {
        k = parent[k];
    }
    k
}

/// The kinds a condition can hold for, when it names them (`if friend Tower …`).
fn kinds_of(cond: &Cond) -> Option<Vec<PieceKind>> {
    match cond {
        Cond::Kind(k) => Some(vec![*k]),
        Cond::And(a, b) => match (kinds_of(a), kinds_of(b)) {
            (Some(a), Some(b)) => Some(a.into_iter().filter(|k| b.contains(k)).collect()),
            (Some(x), None) | (None, Some(x)) => Some(x),
            (None, None) => None,
        },
        Cond::Or(a, b) => Some([kinds_of(a)?, kinds_of(b)?].concat()),
        _ => None,
    }
}

/// The pieces of `kinds` of `owner` (all owners when `None`) in `pos`: on
/// the board, in hand, and (for all owners) in the pool.
fn material_of(engine: &Engine, pos: &Position, kinds: &[PieceKind], owner: Option<PlayerId>) -> i64 {
    let game = engine.game();
    let board = (0..game.topology.board_cells)
        .filter_map(|c| engine.piece(pos, CellId(c as u16)))
        .filter(|p| kinds.contains(&p.kind) && (owner.is_none() || p.owner == owner))
        .count() as i64;
    let players = (0..game.players.len())
        .map(|p| PlayerId(p as u8))
        .filter(|p| owner.is_none_or(|o| o == *p));
    let hand: i64 = players
        .flat_map(|p| kinds.iter().map(move |&k| (p, k)))
        .map(|(p, k)| engine.reserve(pos, p, k))
        .sum();
    let pool: i64 = if owner.is_none() {
        kinds.iter().map(|&k| engine.pool(pos, k)).sum()
    } else {
        0
    };
    board + hand + pool
}

/// Some kinds named for messages: `Stone pieces`, or `pieces among Man,
/// Tower and Crown`.
fn pieces_of(engine: &Engine, kinds: &[PieceKind]) -> String {
    let names: Vec<&str> = kinds
        .iter()
        .map(|k| engine.game().kinds[k.index()].name.as_str())
        .collect();
    match names.split_last() {
        Some((last, [])) => format!("{last} pieces"),
        Some((last, rest)) => format!("pieces among {} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// No more pieces than the start gives, where no rule makes more; no piece
/// in hand that never could be.
fn material(engine: &Engine, pos: &Position, facts: &Facts) -> Result<(), PositionError> {
    let game = engine.game();
    let start = engine.start();
    for p in 0..game.players.len() {
        let player = PlayerId(p as u8);
        for (k, info) in game.kinds.iter().enumerate() {
            let kind = PieceKind(k as u8);
            if !facts.in_hand[k] && engine.reserve(pos, player, kind) > 0 {
                return err(format!(
                    "{} has {} in hand, but no rule ever puts one there",
                    game.players[p], info.name
                ));
            }
        }
    }
    let per_move = super::growth::most_new_per_move(game);
    for c in facts.classes() {
        // A class a rule makes pieces of grows at most by what the moves
        // made so far could bring in.
        let growth = match (facts.unbounded[c], per_move) {
            (false, _) => Some(0),
            (true, Some(m)) => Some(m),
            (true, None) => None,
        };
        let Some(growth) = growth else {
            continue;
        };
        let kinds: Vec<PieceKind> = facts.members(c).collect();
        for owner in facts.owners(c, game.players.len()) {
            let moves = match owner {
                Some(p) => super::growth::moves_of(game, pos.ply(), p),
                None => pos.ply() as u64,
            };
            let (now, start) = (
                material_of(engine, pos, &kinds, owner) as u64,
                material_of(engine, &start, &kinds, owner) as u64,
            );
            let most = start.saturating_add(growth.saturating_mul(moves));
            if now > most {
                let whose = owner.map_or("the players have".to_string(), |p| {
                    format!("{} has", game.players[p.index()])
                });
                let pieces = pieces_of(engine, &kinds);
                return err(if facts.unbounded[c] {
                    let by = owner.map_or(String::new(), |p| format!(" of {}", game.players[p.index()]));
                    let (moves, bring) = if moves == 1 {
                        ("1 move".to_string(), "brings")
                    } else {
                        (format!("{moves} moves"), "bring")
                    };
                    format!(
                        "{whose} {now} {pieces} (on the board, in hand or in the pool), but the start gives {start} and {moves}{by} {bring} in at most {} more",
                        most - start
                    )
                } else {
                    format!(
                        "{whose} {now} {pieces} (on the board, in hand or in the pool), but the rules never give more than the {most} of the start"
                    )
                });
            }
        }
    }
    Ok(())
}

/// The first move number at which `mover` is to move and the moves made so
/// far could have brought in the pieces of `pos` (for a text that gives no
/// move number); `None` when no move number is.
pub(super) fn first_ply(engine: &Engine, pos: &Position, mover: PlayerId) -> Option<u32> {
    let game = engine.game();
    let facts = Facts::of(game);
    let start = engine.start();
    // The moves each player (or all together: `None`) must have made.
    let mut needs: Vec<(Option<PlayerId>, u64)> = Vec::new();
    if let Some(m) = super::growth::most_new_per_move(game).filter(|m| *m > 0) {
        for c in facts.classes().into_iter().filter(|c| facts.unbounded[*c]) {
            let kinds: Vec<PieceKind> = facts.members(c).collect();
            for owner in facts.owners(c, game.players.len()) {
                let more =
                    material_of(engine, pos, &kinds, owner) - material_of(engine, &start, &kinds, owner);
                if more > 0 {
                    needs.push((owner, (more as u64).div_ceil(m)));
                }
            }
        }
    }
    let enough = |ply: u32| {
        needs.iter().all(|&(owner, n)| match owner {
            Some(p) => super::growth::moves_of(game, ply, p) >= n,
            None => ply as u64 >= n,
        })
    };
    // The fewest moves that are enough (more moves are never fewer), then
    // the first of them with `mover` to move.
    let (mut low, mut high) = (0u32, crate::engine::MAX_PLY);
    if !enough(high) {
        return None;
    }
    while low < high {
        let mid = low + (high - low) / 2;
        if enough(mid) { high = mid } else { low = mid + 1 }
    }
    let period = (game.order.prefix.len() + game.order.cycle.len()) as u32;
    (low..=low.saturating_add(period)).find(|&ply| game.order.at(ply).0 == mover)
}

/// Every royal piece the start gives a player is still there, when no rule
/// can take one off the board.
fn royals(engine: &Engine, pos: &Position, facts: &Facts) -> Result<(), PositionError> {
    let game = engine.game();
    if facts.royals_removable {
        return Ok(());
    }
    let start = engine.start();
    for (k, info) in game.kinds.iter().enumerate() {
        let c = facts.class[k];
        // Only where every kind of the class is royal, each player's own.
        if !info.royal || facts.shared[c] || facts.members(c).any(|m| !game.kinds[m.index()].royal) {
            continue;
        }
        if facts.members(c).next() != Some(PieceKind(k as u8)) {
            continue;
        }
        let kinds: Vec<PieceKind> = facts.members(c).collect();
        for p in 0..game.players.len() {
            let player = Some(PlayerId(p as u8));
            let on_board = |pos: &Position| {
                (0..game.topology.board_cells)
                    .filter_map(|c| engine.piece(pos, CellId(c as u16)))
                    .filter(|x| kinds.contains(&x.kind) && x.owner == player)
                    .count()
            };
            let (now, at_start) = (on_board(pos), on_board(&start));
            if now < at_start {
                return err(format!(
                    "{} has {now} {} on the board, but starts with {at_start} and no rule ever takes one off (a royal piece is never left attacked)",
                    game.players[p],
                    pieces_of(engine, &kinds)
                ));
            }
        }
    }
    Ok(())
}

/// No piece stands where it would have had to promote when it arrived.
fn promotions(engine: &Engine, pos: &Position, facts: &Facts) -> Result<(), PositionError> {
    let game = engine.game();
    let topo = &game.topology;
    for c in 0..topo.board_cells {
        let cell = CellId(c as u16);
        let Some(piece) = engine.piece(pos, cell) else {
            continue;
        };
        let (Some(owner), kind) = (piece.owner, piece.kind) else {
            continue;
        };
        if facts.placed_otherwise[kind.index()]
            || game
                .setup
                .pieces
                .iter()
                .any(|&(at, o, k)| at == cell && o == owner && k == kind)
        {
            continue;
        }
        let stuck = engine.is_stuck(owner, kind, cell);
        let dropped_here = facts.droppable[kind.index()] && !stuck;
        let forced = game.in_place.iter().find(|p| {
            p.kind == kind
                && (!p.optional || stuck)
                && p.to
                    .iter()
                    .any(|&r| topo.regions[r].member[owner.index()][cell.index()])
        });
        if let (Some(promo), false) = (forced, dropped_here) {
            let info = &game.kinds[kind.index()];
            let into: Vec<&str> = promo
                .into
                .iter()
                .map(|k| game.kinds[k.index()].name.as_str())
                .collect();
            let into = match into.split_last() {
                Some((last, [])) => last.to_string(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            };
            return err(format!(
                "the {} on {} would have promoted (to a {into}) on arriving there{}",
                info.name,
                topo.cell_names[c],
                if promo.optional {
                    ": it could never move on from there"
                } else {
                    ""
                }
            ));
        }
    }
    Ok(())
}

/// The player who moved last (at the start, the one before the player to
/// move) has no royal piece attacked: no legal move leaves one so.
fn check_of_last_mover(engine: &Engine, pos: &Position) -> Result<(), PositionError> {
    let game = engine.game();
    if !game.kinds.iter().any(|k| k.royal) {
        return Ok(());
    }
    let players = game.players.len();
    let mover = engine.mover(pos);
    let last = if pos.ply() > 0 {
        game.order.at(pos.ply() - 1).0
    } else {
        PlayerId(((mover.index() + players - 1) % players) as u8)
    };
    if !engine.in_check(pos, last) || (pos.ply() == 0 && engine.in_check(&engine.start(), last)) {
        return Ok(());
    }
    for c in 0..game.topology.board_cells {
        let cell = CellId(c as u16);
        let Some(piece) = engine.piece(pos, cell) else {
            continue;
        };
        if piece.owner != Some(last) || !game.kinds[piece.kind.index()].royal {
            continue;
        }
        if let Some(by) = (0..players)
            .map(|o| PlayerId(o as u8))
            .find(|&o| o != last && engine.attacked(pos, cell, o))
        {
            return err(format!(
                "{}'s {} on {} is attacked by {}, but {} is to move: no legal move of {} leaves a royal piece attacked",
                game.players[last.index()],
                game.kinds[piece.kind.index()].name,
                game.topology.cell_names[c],
                game.players[by.index()],
                game.players[mover.index()],
                game.players[last.index()],
            ));
        }
    }
    err(format!(
        "a royal piece of {} is attacked, but {} is to move",
        game.players[last.index()],
        game.players[mover.index()]
    ))
}
