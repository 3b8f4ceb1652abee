//! The board drawn as text for `play`: ranks top to bottom, files left to right,
//! labels on all four sides, a legend naming every symbol, reserves and counters.
//!
//! Everything comes from the compiled game: cell names and drawing coordinates,
//! piece letters, players and counters. Pieces of the first player are upper
//! case, those of the others lower case; with colour, each player also has a
//! colour and the cells of the last move are highlighted (without colour they
//! are bracketed: `[K]`).

use rulebook::describe::grid::Grid;
use rulebook::engine::{Engine, MoveRef, Position, Token};
use rulebook::ir::{CellId, PieceKind, PlayerId};

/// How to draw: with ANSI colours or as plain text.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Use ANSI colours (stdout is a terminal and `NO_COLOR` is unset).
    pub colour: bool,
}

impl Style {
    /// Colour when stdout is a terminal and `NO_COLOR` is unset or empty.
    pub fn detect() -> Style {
        let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let term_dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
        Style {
            colour: !no_colour && !term_dumb && std::io::IsTerminal::is_terminal(&std::io::stdout()),
        }
    }

    /// `text` in bold (with colour only).
    pub fn bold(&self, text: &str) -> String {
        if self.colour {
            format!("\x1b[1m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// `text` dimmed (with colour only).
    pub fn dim(&self, text: &str) -> String {
        if self.colour {
            format!("\x1b[2m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// `text` in the colour of a player (with colour only).
    pub fn player(&self, player: PlayerId, text: &str) -> String {
        if self.colour {
            format!(
                "\x1b[1;38;5;{}m{text}\x1b[0m",
                PLAYER_TEXT[player.index() % PLAYER_TEXT.len()]
            )
        } else {
            text.to_string()
        }
    }

    /// A piece symbol as it looks on a dark cell of the board (plain without colour).
    pub fn chip(&self, player: PlayerId, symbol: &str) -> String {
        if self.colour {
            format!(
                "\x1b[48;5;{BG_DARK};1;38;5;{}m{symbol}\x1b[0m",
                PLAYER_PIECE[player.index() % PLAYER_PIECE.len()]
            )
        } else {
            symbol.to_string()
        }
    }

    /// `text` as a warning (with colour only).
    pub fn warn(&self, text: &str) -> String {
        if self.colour {
            format!("\x1b[1;38;5;167m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// 256-colour ink of the pieces on the board, by player.
/// (White and black contrast by at least 3:1 with every cell colour below.)
const PLAYER_PIECE: [u8; 4] = [231, 16, 226, 51];
/// 256-colour ink for player names in text (readable on any terminal colour).
const PLAYER_TEXT: [u8; 4] = [214, 75, 167, 141];
/// Cell colours: light cells, dark cells, cells of the last move (light, dark).
const BG_LIGHT: u8 = 137;
const BG_DARK: u8 = 94;
const BG_MARK_LIGHT: u8 = 67;
const BG_MARK_DARK: u8 = 60;

/// The symbol of a piece: the first character of its letter, upper case for
/// the first player and lower case for the others.
pub fn symbol(owner: PlayerId, letter: &str) -> String {
    let c = letter.chars().next().unwrap_or('?');
    if owner.index() == 0 {
        c.to_uppercase().to_string()
    } else {
        c.to_lowercase().to_string()
    }
}

/// The symbol of a piece kind of a player.
pub fn kind_symbol(engine: &Engine, owner: PlayerId, kind: PieceKind) -> String {
    symbol(owner, &engine.game().kinds[kind.index()].letter)
}

/// The cells a move touches: where each action started and every landing or
/// placement (highlighted on the board).
pub fn move_cells(mv: MoveRef) -> Vec<CellId> {
    mv.tokens()
        .filter_map(|t| match t {
            Token::From(c) | Token::To(c) | Token::Capture(c) | Token::Place(c) => Some(c),
            _ => None,
        })
        .collect()
}

/// Whether a cell is dark: (file + rank) even, counting from 0 (`a1` dark).
fn is_dark(coords: (i32, i32)) -> bool {
    (coords.0 + coords.1).rem_euclid(2) == 0
}

/// A set of cells in words: "rank 8", "file c", "a1 c1 e1", or "12 cells (a1 … h8)";
/// exit cells are "beyond the edge".
pub fn cells_text(engine: &Engine, cells: &[CellId]) -> String {
    let topo = &engine.game().topology;
    let grid = Grid::new(engine);
    let on_board: Vec<CellId> = cells.iter().copied().filter(|c| !topo.is_exit(*c)).collect();
    let exits: Vec<CellId> = cells.iter().copied().filter(|c| topo.is_exit(*c)).collect();
    let edges: Vec<String> = exit_edges(engine)
        .into_iter()
        .filter(|(_, e)| e.iter().any(|c| exits.contains(c)))
        .map(|(name, _)| name)
        .collect();
    let full = |line: Vec<CellId>| {
        !line.is_empty() && line.len() == on_board.len() && line.iter().all(|c| on_board.contains(c))
    };
    let mut text = String::new();
    for (r, row) in grid.cells.iter().enumerate() {
        if full(row.iter().flatten().copied().collect()) {
            text = format!("rank {}", grid.ranks[r]);
        }
    }
    for (f, file) in grid.files.iter().enumerate() {
        if text.is_empty() && full(grid.cells.iter().filter_map(|row| row[f]).collect()) {
            text = format!("file {file}");
        }
    }
    if text.is_empty() && !on_board.is_empty() {
        let names: Vec<&str> = on_board
            .iter()
            .map(|c| topo.cell_names[c.index()].as_str())
            .collect();
        text = if names.len() > 10 {
            format!(
                "{} cells ({} … {})",
                names.len(),
                names[0],
                names[names.len() - 1]
            )
        } else {
            names.join(" ")
        };
    }
    let beyond = if edges.is_empty() && !exits.is_empty() {
        "beyond the edge".to_string()
    } else {
        format!("beyond {}", edges.join(" or "))
    };
    match (text.is_empty(), exits.is_empty()) {
        (_, true) => text,
        (true, false) => beyond,
        (false, false) if edges.len() == 1 && text == edges[0] => format!("{text} or beyond it"),
        (false, false) => format!("{text} or {beyond}"),
    }
}

/// Draws the board with labels on all sides; `marked` cells (the last move)
/// are highlighted.
pub fn board(engine: &Engine, pos: &Position, style: Style, marked: &[CellId]) -> String {
    if let Some(rings) = super::board_polar::board(engine, pos, style, marked) {
        return rings;
    }
    let game = engine.game();
    let topo = &game.topology;
    let grid = Grid::new(engine);
    let label_w = grid
        .ranks
        .iter()
        .map(|r| r.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let cell_w = grid
        .files
        .iter()
        .map(|f| f.chars().count())
        .max()
        .unwrap_or(1)
        .max(1)
        + 2;
    let width = grid.files.len();
    let mut out = String::new();
    let files_line = {
        let mut s = format!("{:w$}  ", "", w = label_w);
        for f in &grid.files {
            s.push_str(&format!("{f:^cell_w$}"));
        }
        s.trim_end().to_string()
    };
    out.push_str(&style.dim(&files_line));
    out.push('\n');
    let rule = "─".repeat(width * cell_w);
    let checkered = engine.game().appearance.style == rulebook::ir::BoardStyle::Checkered;
    out.push_str(&format!("{:w$} ┌{rule}┐\n", "", w = label_w));
    for r in (0..grid.cells.len()).rev() {
        let label = &grid.ranks[r];
        out.push_str(&style.dim(&format!("{label:>label_w$}")));
        out.push_str(" │");
        for cell in &grid.cells[r] {
            let Some(c) = *cell else {
                out.push_str(&" ".repeat(cell_w));
                continue;
            };
            // Only a checkered board has dark cells (the rules' `appearance`).
            let dark = checkered && is_dark(topo.coords[c.index()]);
            let mark = marked.contains(&c);
            let piece = engine.piece_at(pos, c);
            let inner_w = cell_w - 2;
            if style.colour {
                let bg = match (mark, dark) {
                    (true, true) => BG_MARK_DARK,
                    (true, false) => BG_MARK_LIGHT,
                    (false, true) => BG_DARK,
                    (false, false) => BG_LIGHT,
                };
                let text = match piece {
                    Some((owner, kind)) => format!(
                        "\x1b[1;38;5;{}m{:^w$}",
                        PLAYER_PIECE[owner.index() % PLAYER_PIECE.len()],
                        kind_symbol(engine, owner, kind),
                        w = inner_w
                    ),
                    None => format!("{:w$}", "", w = inner_w),
                };
                out.push_str(&format!("\x1b[48;5;{bg}m {text} \x1b[0m"));
            } else {
                let inner = match piece {
                    Some((owner, kind)) => kind_symbol(engine, owner, kind),
                    // A dark cell, or every empty cell of a board that is not
                    // checkered (so that its cells still show).
                    None if dark || !checkered => "·".to_string(),
                    None => " ".to_string(),
                };
                let (open, close) = if mark { ('[', ']') } else { (' ', ' ') };
                out.push_str(&format!("{open}{inner:^inner_w$}{close}"));
            }
        }
        out.push_str("│ ");
        out.push_str(&style.dim(label));
        out.push('\n');
    }
    out.push_str(&format!("{:w$} └{rule}┘\n", "", w = label_w));
    out.push_str(&style.dim(&files_line));
    out.push('\n');
    out
}

/// One line per player: the symbols of their pieces with how many stand on
/// the board and wait in reserve, and their counters. `to_move` is marked.
pub fn legend(engine: &Engine, pos: &Position, style: Style, to_move: Option<PlayerId>) -> String {
    let game = engine.game();
    let topo = &game.topology;
    let mut on_board = vec![vec![0i64; game.kinds.len()]; game.players.len()];
    for c in 0..topo.board_cells {
        if let Some((owner, kind)) = engine.piece_at(pos, CellId(c as u16))
            && let Some(n) = on_board
                .get_mut(owner.index())
                .and_then(|v| v.get_mut(kind.index()))
        {
            *n += 1;
        }
    }
    let name_w = game.players.iter().map(|p| p.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    for (p, player) in game.players.iter().enumerate() {
        let pid = PlayerId(p as u8);
        let mut kinds = Vec::new();
        for (k, kind) in game.kinds.iter().enumerate() {
            let kid = PieceKind(k as u8);
            let reserve = engine.reserve(pos, pid, kid);
            let usable = kind.owner.is_none_or(|o| o == pid);
            let setup_reserve = game
                .setup
                .reserves
                .iter()
                .any(|&(o, kk, _)| o == pid && kk == kid);
            let setup_board = game.setup.pieces.iter().any(|&(_, o, kk)| o == pid && kk == kid);
            let owned = kind.owner == Some(pid);
            if on_board[p][k] == 0 && reserve == 0 && !(usable && (setup_reserve || setup_board || owned)) {
                continue;
            }
            let mut counts = vec![format!("{} on board", on_board[p][k])];
            if reserve > 0 || setup_reserve {
                counts.push(format!("{reserve} in reserve"));
            }
            kinds.push(format!(
                "{} {} ({})",
                style.chip(pid, &kind_symbol(engine, pid, kid)),
                kind.name,
                counts.join(", ")
            ));
        }
        let counters: Vec<String> = game
            .counters
            .iter()
            .enumerate()
            .filter(|&(c, _)| engine.counter(pos, c, pid) != 0 || engine.counter_can_change(c, pid))
            .map(|(c, name)| format!("{} {}", name.replace('_', " "), engine.counter(pos, c, pid)))
            .collect();
        let marker = if to_move == Some(pid) { "▶" } else { " " };
        let padded = format!("{player:<name_w$}");
        out.push_str(&format!(
            "{marker} {}  {}",
            style.player(pid, &padded),
            kinds.join(", ")
        ));
        if !counters.is_empty() {
            out.push_str(&format!("; {}", counters.join(", ")));
        }
        out.push('\n');
    }
    // The shared pool: what is left of each kind.
    if !game.pool.is_empty() {
        let left: Vec<String> = game
            .pool
            .iter()
            .map(|&(k, _)| format!("{} {}", game.kinds[k.index()].name, engine.pool(pos, k)))
            .collect();
        out.push_str(&format!("  pool: {}\n", left.join(", ")));
    }
    out
}

/// Notes on what the board shows that a newcomer may not guess: which case
/// belongs to whom, dark cells, the last-move marking and the exit cells
/// beyond the edges.
pub fn key(engine: &Engine, style: Style) -> String {
    let game = engine.game();
    let mut notes = Vec::new();
    if let Some(first) = game.players.first() {
        let others = game.players[1..].join(", ");
        if others.is_empty() {
            notes.push(format!("{first}: upper case"));
        } else {
            notes.push(format!("{first}: upper case, {others}: lower case"));
        }
    }
    if style.colour {
        notes.push("highlighted: the last move".to_string());
        notes.push("▶ to move".to_string());
    } else {
        if game.appearance.style == rulebook::ir::BoardStyle::Checkered {
            notes.push("· dark cell".to_string());
        } else {
            notes.push("· empty cell".to_string());
        }
        notes.push("[ ] the last move".to_string());
        notes.push("▶ to move".to_string());
    }
    let mut out = format!("{}\n", notes.join("   "));
    for line in exit_notes(engine) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The exit cells of the board grouped by edge: a name for the edge ("rank
/// 8" for the cells beyond rank 8) and its cells.
fn exit_edges(engine: &Engine) -> Vec<(String, Vec<CellId>)> {
    let topo = &engine.game().topology;
    let grid = Grid::new(engine);
    // Edges: above the top rank, below the bottom rank, left, right.
    let mut edges: [Vec<CellId>; 4] = Default::default();
    for c in topo.board_cells..topo.cells().min(topo.coords.len()) {
        let (f, r) = topo.coords[c];
        let edge = if r >= topo.height {
            0
        } else if r < 0 {
            1
        } else if f < 0 {
            2
        } else if f >= topo.width {
            3
        } else {
            continue;
        };
        edges[edge].push(CellId(c as u16));
    }
    let last = |v: &Vec<String>| v.last().cloned().unwrap_or_default();
    let first = |v: &Vec<String>| v.first().cloned().unwrap_or_default();
    let names = [
        format!("rank {}", last(&grid.ranks)),
        format!("rank {}", first(&grid.ranks)),
        format!("file {}", first(&grid.files)),
        format!("file {}", last(&grid.files)),
    ];
    names
        .into_iter()
        .zip(edges)
        .filter(|(_, cells)| !cells.is_empty())
        .collect()
}

/// "a9…h9" for a run of cells.
fn range_text(engine: &Engine, cells: &[CellId]) -> String {
    let names = &engine.game().topology.cell_names;
    match cells {
        [] => String::new(),
        [one] => names[one.index()].clone(),
        [first, .., last] => format!("{}…{}", names[first.index()], names[last.index()]),
    }
}

/// One line per edge with exit cells, e.g. "Beyond rank 8 lie the exit cells
/// a9…h9: a piece that lands there leaves the board."
pub fn exit_notes(engine: &Engine) -> Vec<String> {
    exit_edges(engine)
        .iter()
        .map(|(edge, cells)| {
            format!(
                "Beyond {edge} lie the exit cells {}: a piece that lands there leaves the board.",
                range_text(engine, cells)
            )
        })
        .collect()
}
