//! The board drawn as text for `play`: ranks top to bottom, files left to right.

use rulebook::engine::{Engine, Position};
use rulebook::ir::{CellId, PlayerId};

/// The symbol of a piece: the first character of its letter, upper case for
/// the first player and lower case for the others.
fn symbol(owner: PlayerId, letter: &str) -> String {
    let c = letter.chars().next().unwrap_or('?');
    if owner.index() == 0 {
        c.to_uppercase().to_string()
    } else {
        c.to_lowercase().to_string()
    }
}

/// Draws the board, a legend, reserves and counters.
pub fn draw(engine: &Engine, pos: &Position) -> String {
    let game = engine.game();
    let topo = &game.topology;
    let mut grid = vec![vec![None; topo.width as usize]; topo.height as usize];
    for c in 0..topo.board_cells {
        let (f, r) = topo.coords[c];
        if (0..topo.width).contains(&f) && (0..topo.height).contains(&r) {
            grid[r as usize][f as usize] = Some(CellId(c as u16));
        }
    }
    let rank_label = |r: usize| -> String {
        grid[r]
            .iter()
            .flatten()
            .next()
            .map(|c| {
                topo.cell_names[c.index()]
                    .trim_start_matches(|ch: char| ch.is_ascii_alphabetic())
                    .to_string()
            })
            .unwrap_or_default()
    };
    let label_width = (0..grid.len()).map(|r| rank_label(r).len()).max().unwrap_or(1);
    let mut out = String::new();
    let files: Vec<String> = (0..topo.width as usize)
        .map(|f| {
            grid.iter()
                .find_map(|row| row[f])
                .map(|c| {
                    topo.cell_names[c.index()]
                        .trim_end_matches(|ch: char| ch.is_ascii_digit())
                        .to_string()
                })
                .unwrap_or_default()
        })
        .collect();
    let header = format!("{:w$}  {}\n", "", files.join(" "), w = label_width);
    out.push_str(&header);
    for r in (0..grid.len()).rev() {
        out.push_str(&format!("{:>w$} ", rank_label(r), w = label_width));
        for cell in &grid[r] {
            let text = match cell {
                None => " ".to_string(),
                Some(c) => match engine.piece_at(pos, *c) {
                    Some((owner, kind)) => symbol(owner, &game.kinds[kind.index()].letter),
                    None => {
                        let (f, rr) = topo.coords[c.index()];
                        if (f + rr) % 2 == 0 {
                            "·".to_string()
                        } else {
                            " ".to_string()
                        }
                    }
                },
            };
            out.push(' ');
            out.push_str(&text);
        }
        out.push_str(&format!("  {}\n", rank_label(r)));
    }
    out.push_str(&header);
    let mut legend = Vec::new();
    for (p, player) in game.players.iter().enumerate() {
        let mut parts = Vec::new();
        for kind in &game.kinds {
            if kind.owner.is_none_or(|o| o.index() == p) {
                parts.push(format!(
                    "{}={}",
                    symbol(PlayerId(p as u8), &kind.letter),
                    kind.name
                ));
            }
        }
        let mut extra = Vec::new();
        for (k, kind) in game.kinds.iter().enumerate() {
            let n = engine.reserve(pos, PlayerId(p as u8), rulebook::ir::PieceKind(k as u8));
            if n > 0 {
                extra.push(format!("{n} {} in reserve", kind.name));
            }
        }
        for (c, counter) in game.counters.iter().enumerate() {
            extra.push(format!("{counter} {}", engine.counter(pos, c, PlayerId(p as u8))));
        }
        let extra = if extra.is_empty() {
            String::new()
        } else {
            format!("; {}", extra.join(", "))
        };
        legend.push(format!("{player}: {}{extra}", parts.join(" ")));
    }
    out.push_str(&legend.join("\n"));
    out.push('\n');
    out
}
