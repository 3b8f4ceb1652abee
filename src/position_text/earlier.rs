//! The `was:` field: the boards of the last moves that a bounded repetition
//! ban (`forbid repetition of N moves ago`) reads, so that a position read
//! back keeps its bans (go's ko: the stone just taken cannot be retaken at
//! once).
//!
//! `was:B;B;…` gives the board of 1 move ago, then of 2 moves ago, and on,
//! each as what differs from the board now: `c3=s` (c3 held a second
//! player's `S`), `d3=-` (d3 was empty), `a1-a2=-` (the line a1–a2 was not
//! drawn yet), joined by `,`; `-` for a board the same as now. A text
//! without the field stands for a game that began there.

use super::{PositionError, cell_of, err, piece_text, piece_texts};
use crate::engine::{Engine, Position};
use crate::ir::CellId;

/// The `was:` field of `pos`, when it knows earlier boards.
pub(super) fn write(engine: &Engine, pos: &Position) -> Option<String> {
    let boards = engine.earlier_boards(pos);
    (!boards.is_empty()).then(|| {
        let blocks: Vec<String> = boards.iter().map(|then| differences(engine, pos, then)).collect();
        format!("was:{}", blocks.join(";"))
    })
}

/// What the board `then` held where it differs from `now`, or `-`.
fn differences(engine: &Engine, now: &Position, then: &Position) -> String {
    let game = engine.game();
    let names = &game.topology.cell_names;
    let mut parts = Vec::new();
    for (c, name) in names.iter().enumerate().take(game.topology.board_cells) {
        let cell = CellId(c as u16);
        let was = engine.piece(then, cell);
        if engine.piece(now, cell) != was {
            let text = was.map_or("-".to_string(), |p| {
                format!(
                    "{}{}",
                    piece_text(engine, p.kind, p.owner),
                    if p.moved { "'" } else { "" }
                )
            });
            parts.push(format!("{name}={text}"));
        }
    }
    let drawn_then = engine.drawn_lines(then);
    for (a, b) in engine.drawn_lines(now) {
        if !drawn_then.contains(&(a, b)) {
            parts.push(format!("{}-{}=-", names[a.index()], names[b.index()]));
        }
    }
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(",")
    }
}

/// Reads a `was:` field into `pos`, whose board, lines and move number are
/// read already.
pub(super) fn read(engine: &Engine, pos: &mut Position, value: &str) -> Result<(), PositionError> {
    let most = engine.earlier_boards_read();
    if most == 0 {
        return err("`was:` gives earlier boards, but no rule of this game reads one");
    }
    let texts = piece_texts(engine);
    let mut boards = Vec::new();
    for block in value.split(';') {
        if block.is_empty() {
            return err("`was:` has an empty board: write `-` for a board the same as now");
        }
        let mut then = pos.clone();
        for item in block.split(',').filter(|i| *i != "-") {
            let Some((place, what)) = item.split_once('=') else {
                return err(format!(
                    "`was:`: `{item}`: write a cell and what it held, `c3=s` or `c3=-`"
                ));
            };
            let cell = engine.game().topology.cell_named(place);
            match (cell, place.split_once('-')) {
                (Some(cell), _) => {
                    let piece = if what == "-" {
                        None
                    } else {
                        let (letter, moved) = what.strip_suffix('\'').map_or((what, false), |l| (l, true));
                        let Some((_, kind, owner)) = texts.iter().find(|(t, _, _)| t == letter) else {
                            return err(format!("`was:`: `{what}` is no piece of this game"));
                        };
                        Some(crate::engine::Piece {
                            kind: *kind,
                            owner: *owner,
                            moved,
                        })
                    };
                    if !engine.replace_piece(&mut then, cell, piece) {
                        return err(format!(
                            "`was:`: the piece on {place} cannot belong to that player"
                        ));
                    }
                }
                (None, Some((a, b))) if what == "-" => {
                    if !engine.undraw_line(&mut then, cell_of(engine, a)?, cell_of(engine, b)?) {
                        return err(format!("`was:`: `{place}` is no line drawn now"));
                    }
                }
                _ => return err(format!("`was:`: `{place}` is no cell of the board")),
            }
        }
        boards.push(then);
    }
    if boards.len() > most {
        return err(format!(
            "`was:` gives {} earlier boards; this game's repetition bans read {most}",
            boards.len()
        ));
    }
    if boards.len() as u64 > pos.ply() as u64 {
        return err(format!(
            "`was:` gives {} earlier boards, but only {} moves were made",
            boards.len(),
            pos.ply()
        ));
    }
    engine.set_earlier_boards(pos, &boards);
    Ok(())
}
