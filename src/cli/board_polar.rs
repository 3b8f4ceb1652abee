//! The terminal board of a polar layout: one line per ring, outermost first
//! and the centre last, each ring's cells in sector order, with a legend
//! saying which ring is the centre and that the ends of a ring touch.

use rulebook::engine::{Engine, Position};
use rulebook::ir::{CellId, LayoutShape};

use super::board_text::{Style, kind_symbol};

/// The names of rings and sectors: the letters (or digits) their cells share.
fn common<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    let split = |n: &'a str| {
        let i = n.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(n.len());
        (&n[..i], &n[i..])
    };
    let Some(first) = names.first().map(|n| split(n)) else {
        return String::new();
    };
    if !first.0.is_empty() && names.iter().all(|n| split(n).0 == first.0) {
        first.0.to_string()
    } else if !first.1.is_empty() && names.iter().all(|n| split(n).1 == first.1) {
        first.1.to_string()
    } else {
        String::new()
    }
}

/// The board ring by ring, or `None` when its layout is not polar.
pub fn board(engine: &Engine, pos: &Position, style: Style, marked: &[CellId]) -> Option<String> {
    let game = engine.game();
    let LayoutShape::Polar { rings, sectors, .. } = game.layout.shape else {
        return None;
    };
    let (rings, sectors) = (rings.clamp(1, 64) as usize, sectors.clamp(1, 256) as usize);
    let topo = &game.topology;
    let mut at = vec![vec![None; sectors]; rings];
    for (c, &(r, s)) in game.layout.places.iter().enumerate().take(topo.board_cells) {
        if let (Ok(r), Ok(s)) = (usize::try_from(r), usize::try_from(s))
            && r < rings
            && s < sectors
        {
            at[r][s] = Some(CellId(c as u16));
        }
    }
    let name = |c: &CellId| topo.cell_names[c.index()].as_str();
    let ring_names: Vec<String> = at
        .iter()
        .map(|row| common(row.iter().flatten().map(name)))
        .collect();
    let sector_names: Vec<String> = (0..sectors)
        .map(|s| common(at.iter().filter_map(|row| row[s].as_ref()).map(name)))
        .collect();
    // A cell is its piece between two marks (`[N]` for the last move); a
    // little wider when sector names need it.
    let cell_w = sector_names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(1)
        .max(2)
        + 1;
    let ring_label = |r: usize| format!("ring {}", ring_names[r]);
    let label_w = (0..rings)
        .map(|r| ring_label(r).chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    let mut header = format!("{:label_w$}  ", "");
    for n in &sector_names {
        header.push_str(&format!("{n:^cell_w$}"));
    }
    out.push_str(&style.dim(header.trim_end()));
    out.push('\n');
    for r in (0..rings).rev() {
        out.push_str(&style.dim(&format!("{:<label_w$}", ring_label(r))));
        out.push_str(" ↻");
        for cell in &at[r] {
            let Some(c) = *cell else {
                out.push_str(&" ".repeat(cell_w));
                continue;
            };
            let inner = match engine.piece_at(pos, c) {
                Some((owner, kind)) => style.chip(owner, &kind_symbol(engine, owner, kind)),
                None => "·".to_string(),
            };
            let (open, close) = if marked.contains(&c) {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            out.push_str(&format!("{open}{inner}{close}{}", " ".repeat(cell_w - 3)));
        }
        out.push_str("↺\n");
    }
    let (first, last) = (
        sector_names.first().cloned().unwrap_or_default(),
        sector_names.last().cloned().unwrap_or_default(),
    );
    out.push_str(&style.dim(&format!(
        "Top line: the outside ring. Last line: ring {}, the centre.\nEach line is a circle: sector {last} and sector {first} touch.\n",
        ring_names[0]
    )));
    Some(out)
}
