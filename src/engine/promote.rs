//! Promotions in place: which kinds a piece may become where its action ends
//! (or as soon as it lands, with `on entering`).

use super::Engine;
use crate::ir::{CellId, Game, InPlace, PieceKind, PlayerId};

/// In [`promotion_cells`]: an action of the kind ending on the cell may promote.
const ENDING: u8 = 1;
/// In [`promotion_cells`]: an action of the kind starting on the cell may promote.
const STARTING: u8 = 2;

/// For each player, kind and cell (`(player * kinds + kind) * cells + cell`),
/// whether an in-place promotion not `on entering` may apply to an action
/// ending there ([`ENDING`]) or starting there ([`STARTING`]): most actions
/// touch neither, and are then known not to promote at one look.
pub(super) fn promotion_cells(game: &Game, players: usize) -> Vec<u8> {
    let cells = game.topology.cells();
    let kinds = game.kinds.len();
    let regions = &game.topology.regions;
    let mut table = vec![0; players * kinds * cells];
    for promo in game.in_place.iter().filter(|p| !p.on_entering) {
        for p in 0..players {
            let row = &mut table[(p * kinds + promo.kind.index()) * cells..][..cells];
            for (zones, bit) in [(&promo.to, ENDING), (&promo.from, STARTING)] {
                for &r in zones {
                    for (c, flag) in row.iter_mut().enumerate() {
                        if regions[r].member[p][c] {
                            *flag |= bit;
                        }
                    }
                }
            }
        }
    }
    table
}

/// The promotions open to a piece at the end of its action.
#[derive(Debug, Clone, Copy)]
pub(super) struct Choice<'a> {
    /// Not promoting is also a move.
    pub keep: bool,
    /// The kinds it may become.
    pub into: &'a [PieceKind],
    /// The new kind is written in the notation (a choice, or optional).
    pub shown: bool,
}

impl Engine {
    /// The first in-place promotion of `kind` (not `on entering`) that applies
    /// to an action from `from` ending on `landing`.
    #[inline]
    pub(super) fn promotion_at_end(
        &self,
        player: PlayerId,
        kind: PieceKind,
        from: CellId,
        landing: CellId,
    ) -> Option<Choice<'_>> {
        if !self.may_promote_at_end(player, kind, from, landing) {
            return None;
        }
        self.first_promotion_at_end(player, kind, from, landing)
    }

    /// Whether an in-place promotion (not `on entering`) may apply to an
    /// action of `kind` from `from` ending on `landing`: one look at a table.
    #[inline(always)]
    pub(super) fn may_promote_at_end(
        &self,
        player: PlayerId,
        kind: PieceKind,
        from: CellId,
        landing: CellId,
    ) -> bool {
        let row = &self.promotion_cells
            [(player.index() * self.kinds + kind.index()) * self.game.topology.cells()..];
        row[landing.index()] & ENDING != 0 || (from.is_some() && row[from.index()] & STARTING != 0)
    }

    /// [`Engine::promotion_at_end`] where one of its cells may promote.
    #[inline(never)]
    pub(super) fn first_promotion_at_end(
        &self,
        player: PlayerId,
        kind: PieceKind,
        from: CellId,
        landing: CellId,
    ) -> Option<Choice<'_>> {
        let regions = &self.game.topology.regions;
        let p = player.index();
        let promo: &InPlace = self.promotions_of[kind.index()]
            .iter()
            .map(|&i| &self.game.in_place[i])
            .find(|pr| {
                !pr.on_entering
                    && (pr.to.iter().any(|&r| regions[r].member[p][landing.index()])
                        || (from.is_some() && pr.from.iter().any(|&r| regions[r].member[p][from.index()])))
            })?;
        let keep = promo.optional && !self.is_stuck(player, kind, landing);
        Some(Choice {
            keep,
            into: &promo.into,
            shown: keep || promo.into.len() > 1,
        })
    }

    /// The kinds a piece of `kind` becomes on landing on `cell`, when a
    /// promotion `on entering` applies there, and whether that is written.
    pub(super) fn promotion_on_entering(
        &self,
        player: PlayerId,
        kind: PieceKind,
        cell: CellId,
    ) -> Option<(&[PieceKind], bool)> {
        let regions = &self.game.topology.regions;
        let promos = &self.promotions_of[kind.index()];
        if promos.is_empty() {
            return None;
        }
        promos
            .iter()
            .map(|&i| &self.game.in_place[i])
            .find(|pr| {
                pr.on_entering
                    && pr
                        .to
                        .iter()
                        .any(|&r| regions[r].member[player.index()][cell.index()])
            })
            .map(|pr| (pr.into.as_slice(), pr.into.len() > 1))
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::engine_of as engine;
    use crate::ir::{CellId, PieceKind, PlayerId};

    /// The table says an action may promote exactly where the promotions'
    /// zones (of the landing, of the start, per player) say one applies.
    #[test]
    fn the_table_of_promotion_cells_agrees_with_the_zones() {
        let e = engine(
            "game \"t\"\nplayers A, B\nboard grid files a..e ranks 1..5\n\
             region camp = A: rank 5 + rank 4; B: rank 1\nregion left = a1 a2\n\
             directions vertical = n, s\n\
             piece P letter P { move step: step vertical onto empty }\npiece Q letter Q { move step: step n onto empty }\n\
             piece R letter R { move step: step n onto empty }\n\
             promote P in camp or from camp: Q, optional\npromote Q in left: R\n\
             setup { A: P at c3 }\nturn t { choose move P }\nturns { repeat { A: t\n B: t } }\nend { no move: mover loses }\n",
        );
        let cells = e.game.topology.cells();
        let mut promoting = 0;
        for p in 0..2 {
            for k in 0..e.game.kinds.len() {
                for from in (0..cells).map(|c| CellId(c as u16)).chain([CellId::NONE]) {
                    for to in (0..cells).map(|c| CellId(c as u16)) {
                        let (player, kind) = (PlayerId(p as u8), PieceKind(k as u8));
                        let quick = e.may_promote_at_end(player, kind, from, to);
                        assert_eq!(quick, e.first_promotion_at_end(player, kind, from, to).is_some());
                        promoting += quick as usize;
                    }
                }
            }
        }
        assert!(promoting > 0);
    }
}
