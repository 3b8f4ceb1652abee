//! Pass 1: declares every top-level name (players, options, pieces, counters,
//! turns, direction sets, regions), reporting repeats and missing items.

use super::Ctx;
use super::error::{self, NameKind};
use crate::diag::Span;
use crate::ir::OptionInfo;
use crate::ir::ids::{MAX_KINDS, MAX_PLAYERS};
use crate::syntax::ast::{Ident, Item, Literal, OptionDecl, OptionType, OrderStmt, RulesFile, SetupStmt};

/// The players named by the turn order (and by the setup, when the turn order
/// is missing or broken), in order of first use: the players of a file that
/// forgot to declare them.
fn guess_players(file: &RulesFile) -> Vec<Ident> {
    let mut from_turns = Vec::new();
    let mut from_setup = Vec::new();
    let mut turns_broken = file.broken_items.iter().any(|k| k == "turns");
    let add = |list: &mut Vec<Ident>, p: &Ident| {
        if !list.iter().any(|q: &Ident| q.text == p.text) {
            list.push(p.clone());
        }
    };
    for item in &file.items {
        match item {
            Item::Turns { stmts, span } => {
                turns_broken |= file.in_broken_block(*span);
                for stmt in stmts {
                    match stmt {
                        OrderStmt::Turn { player, .. } => add(&mut from_turns, player),
                        OrderStmt::Repeat { turns, .. } => {
                            for (player, _) in turns {
                                add(&mut from_turns, player);
                            }
                        }
                    }
                }
            }
            Item::Setup(stmts) => {
                for stmt in stmts {
                    if let SetupStmt::Place { player, .. } | SetupStmt::Reserve { player, .. } = stmt {
                        add(&mut from_setup, player);
                    }
                }
            }
            _ => {}
        }
    }
    // A turn order that lost a statement may have lost a player too.
    if from_turns.is_empty() || turns_broken {
        for p in &from_setup {
            add(&mut from_turns, p);
        }
    }
    from_turns
}

/// The top-level items seen so far, with where, for the repeats and the
/// missing items reported.
#[derive(Default)]
struct Seen {
    players: Option<Span>,
    game: Option<Span>,
    board: bool,
    end: bool,
}

/// Declares every top-level name of the file, then reports the items it lacks.
pub(super) fn declare(cx: &mut Ctx, file: &RulesFile) {
    let mut seen = Seen::default();
    for item in &file.items {
        match item {
            Item::Game { title, span } => declare_game(cx, title, *span, &mut seen),
            Item::Players(list) => declare_players(cx, list, &mut seen),
            Item::Option(opt) => declare_option(cx, opt),
            Item::Counter(name) => {
                let declared = cx.counters.declare(NameKind::Counter, name);
                cx.ok(declared);
            }
            Item::Piece(piece) => declare_piece(cx, &piece.name),
            Item::Turn(turn) => {
                let declared = cx.turn_names.declare(NameKind::Turn, &turn.name);
                cx.ok(declared);
            }
            Item::Directions(d) => {
                let declared = cx.dir_sets.declare(NameKind::Direction, &d.name);
                cx.ok(declared);
            }
            Item::Region(r) => {
                let declared = cx.region_names.declare(NameKind::Region, &r.name);
                cx.ok(declared);
            }
            Item::Board(_) => seen.board = true,
            // `turns` may be left out: the players then take turns in order.
            Item::Turns { .. } => {}
            Item::End(_) => seen.end = true,
            Item::Flag { name, .. } => {
                let declared = cx.flags.declare(NameKind::Flag, name);
                cx.ok(declared);
            }
            Item::Condition { name, cond } => {
                let declared = cx.condition_names.declare(NameKind::Condition, name);
                if cx.ok(declared).is_some() {
                    cx.condition_defs.push(cond.clone());
                }
            }
            // Spliced into the rules already (`reuse.rs`).
            Item::Clauses { .. } => {}
            Item::Marks(names) => {
                for n in names {
                    let declared = cx.marks.declare(NameKind::Mark, n);
                    cx.ok(declared);
                }
            }
            Item::Trigger(_)
            | Item::Captured(_)
            | Item::Setup(_)
            | Item::Pool(_)
            | Item::Royal(..)
            | Item::Promote(_)
            | Item::PromoteInPlace(_)
            | Item::Supply(_)
            | Item::Adjacency(_)
            | Item::Notation(_)
            | Item::Forbid { .. }
            | Item::Test(_)
            | Item::Layout(_)
            | Item::Appearance(_)
            | Item::Position(..) => {}
        }
    }
    cx.option_values = option_values(&cx.options, &cx.overrides);
    report_missing(cx, file, &seen);
}

/// `game "title"`, reported when given twice.
fn declare_game(cx: &mut Ctx, title: &str, span: Span, seen: &mut Seen) {
    if let Some(first) = seen.game {
        cx.report(
            error::invalid(
                "rules::compile::duplicate",
                "`game` is declared twice",
                span,
                "declared again here",
            )
            .with_label(first, "first declared here"),
        );
    }
    seen.game = Some(span);
    cx.title = title.to_string();
}

/// `players A, B, …`: each player, at most `MAX_PLAYERS` of them; a second
/// `players` is reported and left out.
fn declare_players(cx: &mut Ctx, list: &[Ident], seen: &mut Seen) {
    if let Some(first) = seen.players {
        let span = list.first().map_or(Span::default(), |i| i.span);
        cx.report(
            error::invalid(
                "rules::compile::duplicate",
                "`players` is declared twice",
                span,
                "declared again here",
            )
            .with_label(first, "first declared here"),
        );
        return;
    }
    seen.players = list.first().map(|i| i.span);
    for p in list {
        let declared = cx.players.declare(NameKind::Player, p);
        cx.ok(declared);
    }
    if cx.players.len() > MAX_PLAYERS {
        cx.report(error::out_of_range(
            "the number of players",
            list[MAX_PLAYERS].span,
            &format!("at most {MAX_PLAYERS}"),
        ));
    }
}

/// `option name: type = default in lo..hi`: its type, default and range.
fn declare_option(cx: &mut Ctx, opt: &OptionDecl) {
    let declared = cx.option_names.declare(NameKind::Option, &opt.name);
    let declared = cx.ok(declared);
    if declared.is_none() {
        return;
    }
    let is_bool = opt.ty == OptionType::Bool;
    // A default of the wrong type is one error: its range is not
    // checked against it, and a bool declared with a number and a
    // range is not told that bools have no range.
    let mistyped = !matches!(
        (opt.ty, opt.default),
        (OptionType::Int, Literal::Int(_)) | (OptionType::Bool, Literal::Bool(_))
    );
    let default = option_default(cx, opt);
    let (min, max) = option_range(cx, opt, is_bool && !mistyped);
    let default = if mistyped { min.unwrap_or(default) } else { default };
    if !is_bool && !mistyped && (min.is_some_and(|m| default < m) || max.is_some_and(|m| default > m)) {
        let allowed = match (min, max) {
            (Some(lo), Some(hi)) => format!("between {lo} and {hi}"),
            (Some(lo), None) => format!("at least {lo}"),
            (None, Some(hi)) => format!("at most {hi}"),
            (None, None) => String::new(),
        };
        cx.report(error::out_of_range("the default", opt.default_span, &allowed));
    }
    cx.options.push(OptionInfo {
        name: opt.name.text.clone(),
        is_bool,
        default,
        min,
        max,
    });
}

/// An option's default as a number (a bool as 0 or 1); 0 after reporting
/// one of the wrong type.
fn option_default(cx: &mut Ctx, opt: &OptionDecl) -> i64 {
    match (opt.ty, opt.default) {
        (OptionType::Int, Literal::Int(v)) => v,
        (OptionType::Bool, Literal::Bool(b)) => b as i64,
        (OptionType::Int, Literal::Bool(_)) => {
            cx.report(error::type_mismatch("a whole number", "a bool", opt.default_span));
            0
        }
        (OptionType::Bool, Literal::Int(_)) => {
            cx.report(error::type_mismatch(
                "`true` or `false`",
                "a number",
                opt.default_span,
            ));
            0
        }
    }
}

/// An option's range as (least, most), either open; a range that runs
/// backwards is reported, and so is one on a bool when `refuse_range` says.
fn option_range(cx: &mut Ctx, opt: &OptionDecl, refuse_range: bool) -> (Option<i64>, Option<i64>) {
    let Some((lo, hi, span)) = opt.range else {
        return (None, None);
    };
    if refuse_range {
        cx.report(error::invalid(
            "rules::compile::range_on_bool",
            "a bool option cannot have a range",
            span,
            "only int options have ranges",
        ));
    }
    if hi.is_some_and(|hi| hi < lo) {
        cx.report(error::out_of_range(
            "the range",
            span,
            "low..high with low ≤ high",
        ));
    }
    (Some(lo), hi)
}

/// `piece Name …`: declares the kind; the first kind over `MAX_KINDS` is reported.
fn declare_piece(cx: &mut Ctx, name: &Ident) {
    let declared = cx.kinds.declare(NameKind::Piece, name);
    cx.ok(declared);
    // Once, at the first kind too many.
    if cx.kinds.len() == MAX_KINDS + 1 {
        cx.report(error::out_of_range(
            "the number of piece kinds",
            name.span,
            &format!("at most {MAX_KINDS}"),
        ));
    }
}

/// Reports the players, the board and the end rules when the file has none
/// (unless an item that failed to parse may be the one that seems missing);
/// missing players are guessed from the turn order or the setup.
fn report_missing(cx: &mut Ctx, file: &RulesFile, seen: &Seen) {
    // An item that failed to parse may be the one that seems missing.
    let broken = |keyword: &str| file.truncated || file.broken_items.iter().any(|k| k == keyword);
    let start = Span::new(0, 0);
    if seen.players.is_none() && !broken("players") {
        // Go on with the players the turn order names (or the setup), so that
        // the rest of the file is still checked.
        let guessed = guess_players(file);
        for p in &guessed {
            let declared = cx.players.declare(NameKind::Player, p);
            cx.ok(declared);
        }
        let names: Vec<&str> = guessed.iter().map(|p| p.text.as_str()).collect();
        let example = if names.len() >= 2 {
            names.join(", ")
        } else {
            "White, Black".to_string()
        };
        cx.report(error::missing(
            "players",
            start,
            &format!("declare them, e.g. `players {example}`"),
        ));
    }
    if !seen.board && !broken("board") {
        cx.report(error::missing(
            "board",
            start,
            "declare one, e.g. `board grid files a..h ranks 1..8`",
        ));
    }
    if !seen.end && !broken("end") {
        cx.report(error::missing(
            "end rules",
            start,
            "add an `end { … }` block; see docs/LANGUAGE.md",
        ));
    }
}

/// Each option's value: its default, or the `name=value` override when that is
/// a valid value (an invalid one is reported when the engine is made).
fn option_values(options: &[OptionInfo], overrides: &[(String, String)]) -> Vec<i64> {
    options
        .iter()
        .map(|o| {
            let given = overrides
                .iter()
                .rev()
                .find(|(n, _)| *n == o.name)
                .and_then(|(_, v)| {
                    if o.is_bool {
                        match v.as_str() {
                            "true" => Some(1),
                            "false" => Some(0),
                            _ => None,
                        }
                    } else {
                        v.parse::<i64>().ok()
                    }
                });
            given
                .filter(|v| o.min.is_none_or(|m| *v >= m) && o.max.is_none_or(|m| *v <= m))
                .unwrap_or(o.default)
        })
        .collect()
}
