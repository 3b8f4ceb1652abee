//! Pass 7: warnings — what is legal but almost surely wrong: a piece that can
//! never move or never reach the board, an option never used, a player with
//! no pieces, an end condition that can never hold.

use super::{Ctx, ranges};
use crate::diag::{Problem, Span};
use crate::ir::ids::MAX_ACTIONS;
use crate::ir::{self, ActionSource, Expr, PieceKind, PlayerId};

/// Warnings about the assembled game.
pub(super) fn game(cx: &mut Ctx, game: &ir::Game) {
    for (k, kind) in game.kinds.iter().enumerate() {
        let span = cx.kinds.span(k);
        let kind_id = PieceKind(k as u8);
        let moved_by_a_turn = game.turns.iter().any(|t| {
            t.tiers.iter().flatten().any(
                |s| matches!(s, ActionSource::Move { kind, rules } if *kind == kind_id && !rules.is_empty()),
            )
        });
        let placed = game.setup.pieces.iter().any(|(_, _, k)| *k == kind_id)
            || game.promotions.iter().any(|p| {
                p.into == Some(kind_id) || (p.into.is_none() && game.pool.iter().any(|(k, _)| *k == kind_id))
            })
            || game.turns.iter().any(|t| {
                t.tiers
                    .iter()
                    .chain(t.follow_up.iter().flat_map(|f| f.tiers.iter()))
                    .flatten()
                    .any(|s| matches!(s, ActionSource::Drop { kind, .. } if *kind == kind_id))
            })
            || game.in_place.iter().any(|p| p.into.contains(&kind_id))
            || game.rules.iter().any(|r| {
                r.program.ops.iter().any(
                    |op| matches!(op, ir::Op::Place(k) | ir::Op::Become { kind: k, .. } if *k == kind_id),
                )
            });
        if !placed {
            cx.report(
                Problem::error(
                    "rules::warn::piece_never_placed",
                    format!("piece `{}` never comes onto the board", kind.name),
                    span,
                    "never placed",
                )
                .warning()
                .with_help(
                    "place it in `setup`, drop it in a turn (`drop Piece onto …`), or promote into it",
                ),
            );
        } else if !moved_by_a_turn && !kind.rules.is_empty() {
            // A piece without moves that comes onto the board is a stone,
            // placed or promoted into: not a mistake. Moves that no turn
            // offers are.
            cx.report(
                Problem::error(
                    "rules::warn::piece_never_moves",
                    format!("piece `{}` can never move", kind.name),
                    span,
                    "no turn moves it",
                )
                .warning()
                .with_help(format!("offer its moves in a turn: `choose move {}`", kind.name)),
            );
        }
    }
    for (o, option) in game.options.iter().enumerate() {
        if !cx.used_options.contains(&o) {
            cx.report(
                Problem::error(
                    "rules::warn::unused_option",
                    format!("option `{}` is never used", option.name),
                    cx.option_names.span(o),
                    "declared but never read",
                )
                .warning()
                .with_help("use it in a turn or an end rule, or remove it"),
            );
        }
    }
    unused_names(cx);
    exploding_turns(cx, game);
    for (p, player) in game.players.iter().enumerate() {
        // A neutral piece with movement rules is moved by every player.
        let has_pieces = (game.setup.pieces.iter()).any(|(_, owner, k)| {
            let info = &game.kinds[k.index()];
            owner.index() == p || (info.neutral && !info.rules.is_empty())
        }) || game
            .setup
            .reserves
            .iter()
            .any(|(owner, _, n)| owner.index() == p && *n > 0)
            || !game.pool.is_empty()
            || game
                .kinds
                .iter()
                .any(|k| k.supply && !k.neutral && k.owner.is_none_or(|o| o.index() == p));
        if !has_pieces {
            cx.report(
                Problem::error(
                    "rules::warn::player_without_pieces",
                    format!("player `{player}` has no pieces"),
                    cx.players.span(p),
                    "nothing on the board or in reserve",
                )
                .warning()
                .with_help("give them pieces in `setup`"),
            );
        }
    }
}

/// Above this many estimated moves a turn of several actions gets a warning
/// (`rules::warn::many_combinations`): listing them all is slow, and the
/// program thinks shallowly. Documented in DIAGNOSTICS.md.
pub const COMBINATIONS_WARNED: f64 = 1_000.0;

/// A warning for a turn of several actions whose combinations explode: an
/// estimate of its moves — (pieces that may act × cells each may reach) to
/// the power of the actions, divided by the actions' factorial when each
/// piece acts at most once — above [`COMBINATIONS_WARNED`].
fn exploding_turns(cx: &mut Ctx, game: &ir::Game) {
    let cells = game.topology.board_cells.max(1);
    let longest = |start: &[u32]| {
        start
            .windows(2)
            .map(|w| w[1].saturating_sub(w[0]))
            .max()
            .unwrap_or(0) as f64
    };
    let reach = |rule: usize| -> f64 {
        match game.rules.get(rule).map(|r| &r.pattern) {
            Some(ir::Pattern::Hop { targets }) => longest(&targets.start),
            Some(ir::Pattern::Slide { lines }) => longest(&lines.start),
            Some(ir::Pattern::Jump { hops, lines, .. }) => {
                (longest(&hops.start) / 2.0).max(longest(&lines.start))
            }
            // A drop or a rule of the core language: one way per cell at most.
            _ => cells as f64,
        }
    };
    // The options as the game was compiled: each at its one value.
    let options: ranges::Narrowed = cx
        .option_values
        .iter()
        .enumerate()
        .map(|(i, &v)| (i, ranges::Values::exactly(v)))
        .collect();
    for (t, turn) in game.turns.iter().enumerate() {
        // A turn of exactly N actions is the game's rule, not an allowance
        // the author could narrow: it is not warned.
        let Some(actions) = ranges::values(cx, &turn.max_actions, &options)
            .exact()
            .filter(|n| *n >= 2 && !turn.exact_actions)
        else {
            continue;
        };
        let mut worst: f64 = 0.0;
        for p in 0..game.players.len() {
            let player = PlayerId(p as u8);
            // `by_cost[c]`: the single actions that cost `c`.
            let mut by_cost = [0.0; MAX_ACTIONS + 1];
            for (i, tier) in turn.tiers.iter().enumerate() {
                for (j, source) in tier.iter().enumerate() {
                    by_cost[usize::from(turn.cost(i, j)).min(MAX_ACTIONS)] += match source {
                        ActionSource::Move { kind, rules } => {
                            let pieces = pieces_of(game, player, *kind);
                            let each = rules.iter().map(|&r| reach(r)).sum::<f64>();
                            pieces * each
                        }
                        ActionSource::Drop { rules, .. } => rules.iter().map(|&r| reach(r)).sum::<f64>(),
                        _ => 0.0,
                    };
                }
            }
            // Sequences spending the whole budget: each first action, then the rest.
            let budget = (actions.min(MAX_ACTIONS as i64)) as usize;
            let mut spending = [0.0; MAX_ACTIONS + 1];
            spending[0] = 1.0;
            for b in 1..=budget {
                spending[b] = (1..=b).map(|c| by_cost[c] * spending[b - c]).sum();
            }
            let mut estimate: f64 = spending[budget];
            if turn.distinct_pieces {
                estimate /= (1..=actions.min(16)).product::<i64>() as f64;
            }
            worst = worst.max(estimate);
        }
        if worst > COMBINATIONS_WARNED {
            let span = cx.turn_names.span(t);
            cx.report(
                Problem::error(
                    "rules::warn::many_combinations",
                    format!(
                        "turn `{}` may offer about {} moves: its {actions} actions combine",
                        turn.name, worst as u64
                    ),
                    span,
                    "many combinations of actions",
                )
                .warning()
                .with_help(format!(
                    "listing them is slow and the program thinks shallowly: fewer actions, fewer \
                     pieces that may act, or `distinct pieces` keep a turn under about \
                     {COMBINATIONS_WARNED} moves"
                )),
            );
        }
    }
}

/// How many pieces of `kind` `player` can have: on the board at the start and
/// in reserve.
fn pieces_of(game: &ir::Game, player: PlayerId, kind: PieceKind) -> f64 {
    let on_board = game
        .setup
        .pieces
        .iter()
        .filter(|(_, o, k)| *o == player && *k == kind)
        .count();
    let reserve: usize = game
        .setup
        .reserves
        .iter()
        .filter(|(o, k, _)| *o == player && *k == kind)
        .map(|(_, _, n)| *n as usize)
        .sum();
    (on_board + reserve) as f64
}

/// Warnings for regions, direction sets, counters and mark sets declared
/// and never used by any rule.
fn unused_names(cx: &mut Ctx) {
    let unused: Vec<Problem> = [
        ("rules::warn::unused_region", "region", &cx.region_names),
        ("rules::warn::unused_directions", "direction set", &cx.dir_sets),
        ("rules::warn::unused_counter", "counter", &cx.counters),
        ("rules::warn::unused_mark", "mark set", &cx.marks),
    ]
    .into_iter()
    .flat_map(|(code, word, names)| {
        names.unused().map(move |(name, span)| {
            Problem::error(
                code,
                format!("{word} `{name}` is never used"),
                span,
                "declared but never used",
            )
            .warning()
            .with_help(format!("use it in a rule, or remove the {word}"))
        })
    })
    .collect();
    for problem in unused {
        cx.report(problem);
    }
}

/// A warning when an end condition can never hold, whatever the position.
pub(super) fn never_true(cx: &mut Ctx, expr: &Expr, span: Span) {
    if super::ranges::values(cx, expr, &Vec::new()).always_zero() {
        cx.report(
            Problem::error(
                "rules::warn::never_true",
                "this condition can never be true",
                span,
                "always false",
            )
            .warning()
            .with_help("piece counts and reserves are never negative; check the comparison"),
        );
    }
}
