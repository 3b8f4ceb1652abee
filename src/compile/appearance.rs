//! The `appearance` item: how pictures draw the game — the board's style,
//! colours, edges in the players' colours, marked points and piece figures —
//! checked against the names of the rules and turned into an
//! [`ir::Appearance`]. It has no effect on play.

use super::Ctx;
use super::error::{self, NameKind};
use crate::ir::{self, BoardStyle, PlayerId};
use crate::syntax::ast::{Item, Look, RulesFile};

/// The colours a picture has besides the players'.
const PICTURE_COLOURS: [&str; 3] = ["light", "dark", "frame"];

/// Builds the appearance from every `appearance` item (defaults when none).
pub(super) fn build(cx: &mut Ctx, file: &RulesFile) -> ir::Appearance {
    let kinds = cx.kinds.len();
    let mut out = ir::Appearance {
        glyphs: vec![Vec::new(); kinds],
        unlettered: vec![false; kinds],
        ..ir::Appearance::default()
    };
    let looks = file.items.iter().filter_map(|i| match i {
        Item::Appearance(a) => Some(&a.looks),
        _ => None,
    });
    for look in looks.flatten() {
        match look {
            Look::Style(word) => {
                out.style = match word.as_str() {
                    "plain" => BoardStyle::Plain,
                    "holes" => BoardStyle::Holes,
                    "lines" => BoardStyle::Lines,
                    _ => BoardStyle::Checkered,
                };
            }
            Look::Colour(name, colour, span) => {
                let known =
                    PICTURE_COLOURS.contains(&name.text.as_str()) || cx.players.get(&name.text).is_some();
                if !known {
                    let candidates: Vec<&str> = PICTURE_COLOURS
                        .iter()
                        .copied()
                        .chain(cx.players.names())
                        .collect();
                    let problem = error::unknown(NameKind::Colour, &name.text, name.span, candidates);
                    cx.report(problem);
                } else if !is_colour(colour) {
                    cx.report(
                        error::invalid(
                            "rules::compile::bad_colour",
                            format!("`{colour}` is not a colour"),
                            *span,
                            "expected `#rrggbb`",
                        )
                        .with_help("write a colour as `#` and six hexadecimal digits, e.g. `\"#b58863\"`"),
                    );
                } else {
                    out.colours.push((name.text.clone(), colour.to_ascii_lowercase()));
                }
            }
            Look::Edges(regions) => {
                for ident in regions {
                    let Some(r) = super::regions::resolve(cx, ident) else {
                        continue;
                    };
                    let Some(region) = cx.topology.as_ref().and_then(|t| t.regions.get(r)) else {
                        continue;
                    };
                    for (p, member) in region.member.iter().enumerate() {
                        for (c, _) in member.iter().enumerate().filter(|(_, m)| **m) {
                            out.edges.push((ir::CellId(c as u16), PlayerId(p as u8)));
                        }
                    }
                }
            }
            Look::Dots(cells) => {
                // On a board whose size an option sets, a point of the
                // default size may lie off a smaller board: it is left out.
                let shaped = !cx.shaping.is_empty();
                for ident in cells {
                    match cx.cell_ids.get(&ident.text) {
                        Some(c) => out.dots.push(*c),
                        None if shaped => {}
                        None => {
                            cx.resolve_cell(ident);
                        }
                    }
                }
            }
            Look::Glyph(kind, figures) => {
                let Some(k) = cx.ok(cx.kinds.resolve(NameKind::Piece, kind)) else {
                    continue;
                };
                let players = cx.player_count();
                if figures.len() != 1 && figures.len() != players {
                    cx.report(error::invalid(
                        "rules::compile::glyph_count",
                        format!(
                            "`{}` has {} figures: give one for every player or one per player ({players})",
                            kind.text,
                            figures.len()
                        ),
                        kind.span,
                        "the figures follow",
                    ));
                    continue;
                }
                out.glyphs[k] = figures.clone();
            }
            Look::Unlettered(list) => {
                for kind in list {
                    if let Some(k) = cx.ok(cx.kinds.resolve(NameKind::Piece, kind)) {
                        out.unlettered[k] = true;
                    }
                }
            }
        }
    }
    out
}

/// Whether `text` is `#rrggbb`.
fn is_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].chars().all(|c| c.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::is_colour;

    #[test]
    fn colours_are_six_hex_digits() {
        assert!(is_colour("#b58863"));
        assert!(is_colour("#ABCDEF"));
        assert!(!is_colour("b58863"));
        assert!(!is_colour("#b5886"));
        assert!(!is_colour("#b5886g"));
        assert!(!is_colour("red"));
    }
}
