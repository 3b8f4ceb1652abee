//! `notation landings|ends`: what a move's notation writes, and so which ways
//! through the rules are one move (see `docs/LANGUAGE.md`, "Move notation").

use super::Ctx;
use super::error;
use crate::ir::NotationMode;
use crate::syntax::ast::{Item, RulesFile};

/// The file's notation: `landings` unless a `notation` item says otherwise.
pub(super) fn build(cx: &mut Ctx, file: &RulesFile) -> NotationMode {
    let mut mode = None;
    for item in &file.items {
        let Item::Notation(name) = item else { continue };
        let this = match name.text.as_str() {
            "landings" => NotationMode::Landings,
            "ends" => NotationMode::Ends,
            other => {
                cx.report(
                    error::invalid(
                        "rules::compile::bad_notation",
                        format!("`{other}` is not a notation"),
                        name.span,
                        "expected `landings` or `ends`",
                    )
                    .with_help(
                        "`notation landings` writes every landing of a move (`c3xe5xg7`); \
                         `notation ends` writes where each action starts and ends (`c3xg7`)",
                    ),
                );
                continue;
            }
        };
        match mode {
            Some((_, first)) => cx.report(
                error::invalid(
                    "rules::compile::duplicate",
                    "the notation is given twice",
                    name.span,
                    "given again here",
                )
                .with_label(first, "first given here"),
            ),
            None => mode = Some((this, name.span)),
        }
    }
    mode.map_or(NotationMode::Landings, |(m, _)| m)
}
