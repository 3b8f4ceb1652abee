//! Colours of the picture: cells, and each player's pieces.
//!
//! A player named like a colour (`White`, `Red`, …) gets that colour; the
//! others take the next free one of a palette, in the order of `players`.

/// Light and dark cells, the board under lines and points, lines, marks.
pub const LIGHT: &str = "#f0d9b5";
/// See [`LIGHT`].
pub const DARK: &str = "#b58863";
/// The wood under a board of points or intersections.
pub const WOOD: &str = "#e4c38a";
/// The frame of a board of holes.
pub const FRAME: &str = "#2f5fb3";
/// Lines, outlines and text.
pub const INK: &str = "#2b2b2b";
/// The cells of the last move.
pub const LAST_MOVE: &str = "#f7d84a";
/// The ring about a royal piece under attack.
pub const CHECK: &str = "#d62020";
/// The ring about the pieces of a winning line or connection.
pub const WON: &str = "#1b64c9";
/// The paper the picture is drawn on.
pub const PAPER: &str = "#fbf8f1";

/// Colour names a player may be called by, with the fill used for them.
const NAMED: [(&str, &str); 12] = [
    ("white", "#f6f3ea"),
    ("black", "#2b2b2b"),
    ("red", "#cf3a3a"),
    ("blue", "#2f6fd6"),
    ("green", "#2e9d57"),
    ("yellow", "#f2c230"),
    ("orange", "#e8862a"),
    ("purple", "#8a4fc2"),
    ("brown", "#8b5a2b"),
    ("gray", "#8c8c8c"),
    ("grey", "#8c8c8c"),
    ("pink", "#e87aa8"),
];

/// Fills for players whose names are no colour, in order.
const PALETTE: [&str; 8] = [
    "#f6f3ea", "#2b2b2b", "#cf3a3a", "#2f6fd6", "#2e9d57", "#f2c230", "#8a4fc2", "#e8862a",
];

/// The fill of a neutral piece.
pub const NEUTRAL: &str = "#9a9a9a";

/// The fill of each player's pieces, by player.
pub fn players(names: &[String]) -> Vec<&'static str> {
    let named: Vec<Option<&'static str>> = names
        .iter()
        .map(|n| {
            let n = n.to_ascii_lowercase();
            NAMED.iter().find(|(c, _)| *c == n).map(|(_, fill)| *fill)
        })
        .collect();
    let taken = named.clone();
    let mut free = PALETTE.iter().copied().filter(|p| !taken.contains(&Some(p)));
    named
        .into_iter()
        .map(|n| n.unwrap_or_else(|| free.next().unwrap_or(NEUTRAL)))
        .collect()
}

/// The colour of a letter written on `fill`: dark on light fills, white on dark ones.
pub fn ink_on(fill: &str) -> &'static str {
    let hex = fill.trim_start_matches('#');
    let channel = |i: usize| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("80"), 16).unwrap_or(128) as f64;
    let luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
    if luminance > 140.0 { INK } else { "#ffffff" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_named_like_colours_get_them() {
        let names = ["Red".to_string(), "Blue".to_string()];
        assert_eq!(players(&names), vec!["#cf3a3a", "#2f6fd6"]);
        let names = ["North".to_string(), "South".to_string()];
        assert_eq!(players(&names), vec!["#f6f3ea", "#2b2b2b"]);
    }

    #[test]
    fn letters_contrast_with_their_piece() {
        assert_eq!(ink_on("#f6f3ea"), INK);
        assert_eq!(ink_on("#2b2b2b"), "#ffffff");
    }
}
