//! Pass 7: `position { … }`, how the rules write a position as text after its
//! board rows (the fields of FEN or SFEN, say).

use super::Ctx;
use super::error::{self, NameKind};
use crate::ir::{PositionField, PositionFormat};
use crate::syntax::ast::{self, Item, RulesFile};

pub(super) fn build(cx: &mut Ctx, file: &RulesFile) -> Option<PositionFormat> {
    let mut format = None;
    for item in &file.items {
        let Item::Position(fields, span) = item else {
            continue;
        };
        if format.is_some() {
            cx.report(error::invalid(
                "rules::compile::duplicate",
                "`position` is declared twice",
                *span,
                "declared again here",
            ));
            continue;
        }
        let mut out = PositionFormat::default();
        let mut seen: Vec<std::mem::Discriminant<ast::PositionField>> = Vec::new();
        for field in fields {
            let d = std::mem::discriminant(field);
            if seen.contains(&d) {
                cx.report(error::invalid(
                    "rules::compile::duplicate",
                    "a position field is given twice",
                    field_span(field),
                    "given again here",
                ));
                continue;
            }
            seen.push(d);
            if let Some(f) = lower(cx, field) {
                out.fields.push(f);
            }
        }
        format = Some(out);
    }
    format
}

fn field_span(field: &ast::PositionField) -> crate::diag::Span {
    match field {
        ast::PositionField::Mover(_, s)
        | ast::PositionField::Rights(_, s)
        | ast::PositionField::Reserves(s)
        | ast::PositionField::Quiet(s)
        | ast::PositionField::Number(s)
        | ast::PositionField::Ply(s) => *s,
        ast::PositionField::Marks(m) => m.span,
    }
}

/// Whether a text can stand as one field of a position (no spaces, not empty).
fn one_word(text: &str) -> bool {
    !text.is_empty() && !text.chars().any(char::is_whitespace)
}

fn lower(cx: &mut Ctx, field: &ast::PositionField) -> Option<PositionField> {
    Some(match field {
        ast::PositionField::Mover(list, span) => {
            let mut texts = vec![String::new(); cx.players.len()];
            for (player, text) in list {
                let p = cx.players.resolve(NameKind::Player, player);
                let Some(p) = cx.ok(p) else { continue };
                if !one_word(text) {
                    cx.report(
                        error::invalid(
                            "rules::compile::bad_position_text",
                            format!("`{text}` cannot stand for a player in a position: it needs one word"),
                            player.span,
                            "empty or with spaces",
                        )
                        .with_help("write each player as one word, e.g. `mover White \"w\", Black \"b\"`"),
                    );
                }
                if texts.iter().any(|t| t == text) {
                    cx.report(
                        error::invalid(
                            "rules::compile::bad_position_text",
                            format!("two players are written `{text}`"),
                            player.span,
                            "written like another player",
                        )
                        .with_help("give each player its own word, e.g. `mover White \"w\", Black \"b\"`"),
                    );
                }
                texts[p] = text.clone();
            }
            if let Some(p) = texts.iter().position(String::is_empty) {
                let name = cx.players.names().nth(p).unwrap_or_default().to_string();
                cx.report(
                    error::invalid(
                        "rules::compile::missing_player_value",
                        format!("`mover` does not say how `{name}` is written"),
                        *span,
                        "every player needs a text",
                    )
                    .with_help(format!("add `{name} \"…\"` to the list")),
                );
                return None;
            }
            PositionField::Mover(texts)
        }
        ast::PositionField::Rights(rights, _) => {
            let mut out: Vec<(String, Vec<crate::ir::CellId>)> = Vec::new();
            for (letter, cells, span) in rights {
                if !one_word(letter) || out.iter().any(|(l, _)| l == letter) {
                    cx.report(error::invalid(
                        "rules::compile::bad_position_text",
                        format!("the right `{letter}` must be one word, unlike the others"),
                        *span,
                        "repeated or empty",
                    ));
                    continue;
                }
                let ids: Vec<_> = cells.iter().filter_map(|c| cx.resolve_cell(c)).collect();
                if ids.len() == cells.len() {
                    out.push((letter.clone(), ids));
                }
            }
            PositionField::Rights(out)
        }
        ast::PositionField::Marks(m) => {
            let id = cx.marks.resolve(NameKind::Mark, m);
            PositionField::Marks(cx.ok(id)?)
        }
        ast::PositionField::Reserves(_) => PositionField::Reserves,
        ast::PositionField::Quiet(_) => PositionField::Quiet,
        ast::PositionField::Number(_) => PositionField::Number,
        ast::PositionField::Ply(_) => PositionField::Ply,
    })
}
