//! Promotions in place: which kinds a piece may become where its action ends
//! (or as soon as it lands, with `on entering`).

use super::Engine;
use crate::ir::{CellId, InPlace, PieceKind, PlayerId};

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
    pub(super) fn promotion_at_end(
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
