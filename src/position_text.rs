//! Positions as text, in the spirit of FEN: the board's rows (top row first,
//! `/` between rows, a number for a run of empty cells, each piece by its
//! letter — upper case for the first player, lower case for the second), then
//! fields for the rest of the position.
//!
//! Every game has a *generic* text that keeps everything: the board, the
//! player to move, then `name:value` fields for what is not at its default
//! (`ply:12 hand:2Pp passed:e3`). A rules file may also declare its own fields
//! with `position { … }` (FEN-like or SFEN-like fields); [`write`] then uses
//! them, and [`read`] accepts either form. [`read`] also refuses a position
//! the rules could never reach (`legal.rs`), unless the text starts with
//! [`UNCHECKED`]; counts beyond what a text may give are refused, never
//! read as something else.

mod earlier;
mod growth;
mod legal;
mod liberties;

use crate::engine::{Engine, Position};
use crate::ir::{CellId, PieceKind, PlayerId, PositionField};

/// The word before a text that loads it without asking whether the rules
/// could reach it (for puzzles, studies and tests): `unchecked 8/8/… w`.
pub const UNCHECKED: &str = "unchecked";

/// The largest count a text may give: pieces in hand or in the pool, moves
/// of the quiet rule, passes. Far beyond any game, and far from the ends of
/// the engine's numbers, which a game goes on adding to.
pub const MAX_COUNT: u32 = u32::MAX;

/// The largest number of moves made a text may give (`ply`, or a move
/// number that stands for it): the most the engine counts, so that every
/// position it reaches has a text that reads back.
pub use crate::engine::MAX_PLY;

/// Why a text is not a position of the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a position of this game: {0}")]
pub struct PositionError(pub String);

fn err<T>(msg: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError(msg.into()))
}

/// The text of a piece: its letter, upper case for the first player, lower case
/// for the second (`+p` for a promoted one), as declared for a neutral piece,
/// and `(L3)` for the third player on.
fn piece_text(engine: &Engine, kind: PieceKind, owner: Option<PlayerId>) -> String {
    let letter = &engine.game().kinds[kind.index()].letter;
    match owner {
        None => letter.clone(),
        Some(PlayerId(0)) => letter.to_ascii_uppercase(),
        Some(PlayerId(1)) => letter.to_ascii_lowercase(),
        Some(p) => numbered_piece_text(letter, p),
    }
}

/// The text of a piece of `kind` in `holder`'s hand: as on the board, but a
/// neutral kind (which joins a reserve by `captured … to captor`) is written
/// with its holder's number, `(L1)`.
fn hand_text(engine: &Engine, kind: PieceKind, holder: PlayerId) -> String {
    let info = &engine.game().kinds[kind.index()];
    if info.neutral {
        numbered_piece_text(&info.letter, holder)
    } else {
        piece_text(engine, kind, Some(holder))
    }
}

/// `(L3)`: a piece of letter `L` of the third player.
fn numbered_piece_text(letter: &str, owner: PlayerId) -> String {
    format!("({}{})", letter.to_ascii_uppercase(), owner.index() + 1)
}

/// Every piece text of the game with what it means. With three players or
/// more, the first two players' pieces are also read as `(L1)` and `(L2)`
/// (which earlier versions wrote), though written `L` and `l`.
fn piece_texts(engine: &Engine) -> Vec<(String, PieceKind, Option<PlayerId>)> {
    let game = engine.game();
    let numbered = game.players.len() > 2;
    let mut out = Vec::new();
    for (k, info) in game.kinds.iter().enumerate() {
        let kind = PieceKind(k as u8);
        if info.neutral {
            out.push((piece_text(engine, kind, None), kind, None));
            continue;
        }
        for p in 0..game.players.len() {
            let p = PlayerId(p as u8);
            if info.owner.is_none_or(|o| o == p) {
                out.push((piece_text(engine, kind, Some(p)), kind, Some(p)));
                if numbered && p.index() < 2 {
                    out.push((numbered_piece_text(&info.letter, p), kind, Some(p)));
                }
            }
        }
    }
    // Longest first, so that `+P` is read before `P`.
    out.sort_by_key(|(t, _, _)| std::cmp::Reverse(t.len()));
    out
}

/// The board's rows.
fn write_board(engine: &Engine, pos: &Position, moved_marks: bool) -> String {
    let mut rows = Vec::new();
    for row in engine.board_rows() {
        let mut text = String::new();
        let mut empty = 0;
        for cell in row {
            match engine.piece(pos, cell) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push_str(&piece_text(engine, piece.kind, piece.owner));
                    if moved_marks && piece.moved {
                        text.push('\'');
                    }
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        rows.push(text);
    }
    rows.join("/")
}

/// A piece read from a board's rows: its cell, kind, owner and whether it is marked as moved.
type Placed = (CellId, PieceKind, Option<PlayerId>, bool);

/// Reads the board's rows.
fn read_board(engine: &Engine, text: &str, moved_marks: bool) -> Result<Vec<Placed>, PositionError> {
    let mut placed = Vec::new();
    let rows = engine.board_rows();
    let given: Vec<&str> = text.split('/').collect();
    if given.len() != rows.len() {
        return err(format!(
            "the board has {} rows, the text {}",
            rows.len(),
            given.len()
        ));
    }
    let texts = piece_texts(engine);
    for (r, (row, line)) in rows.iter().zip(&given).enumerate() {
        let mut col = 0;
        let mut rest = *line;
        while !rest.is_empty() {
            let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
            if digits > 0 {
                let n = rest[..digits]
                    .parse::<usize>()
                    .ok()
                    .filter(|n| *n <= row.len() - col);
                let Some(n) = n else {
                    return err(format!("row {} has more than {} cells", r + 1, row.len()));
                };
                col += n;
                rest = &rest[digits..];
                continue;
            }
            let Some((t, kind, owner)) = texts.iter().find(|(t, _, _)| rest.starts_with(t.as_str())) else {
                return err(format!("row {}: `{}` is no piece of this game", r + 1, rest));
            };
            rest = &rest[t.len()..];
            let moved = moved_marks && rest.starts_with('\'');
            if moved {
                rest = &rest[1..];
            }
            let Some(&cell) = row.get(col) else {
                return err(format!("row {} has more than {} cells", r + 1, row.len()));
            };
            placed.push((cell, *kind, *owner, moved));
            col += 1;
        }
        if col != row.len() {
            return err(format!("row {} has {} cells, the text {}", r + 1, row.len(), col));
        }
    }
    Ok(placed)
}

/// Puts the pieces read on the board.
fn place(engine: &Engine, pos: &mut Position, placed: &[Placed]) -> Result<(), PositionError> {
    for &(cell, kind, owner, moved) in placed {
        if !engine.put_piece(pos, cell, kind, owner, moved) {
            let name = &engine.game().topology.cell_names[cell.index()];
            return err(format!("the piece on {name} cannot belong to that player"));
        }
    }
    Ok(())
}

/// The generic text of the player to move: the first letter of the names when
/// they differ, else the whole name, in lower case.
fn mover_texts(engine: &Engine) -> Vec<String> {
    let players = &engine.game().players;
    let firsts: Vec<String> = players
        .iter()
        .map(|p| p.chars().next().unwrap_or('?').to_lowercase().collect())
        .collect();
    let distinct = firsts.iter().enumerate().all(|(i, f)| !firsts[..i].contains(f));
    if distinct {
        firsts
    } else {
        players.iter().map(|p| p.to_lowercase()).collect()
    }
}

/// The reserves as counts and letters (`2Pp`), `-` when empty.
fn write_reserves(engine: &Engine, pos: &Position) -> String {
    let game = engine.game();
    let mut out = String::new();
    for p in 0..game.players.len() {
        let player = PlayerId(p as u8);
        for k in 0..game.kinds.len() {
            let kind = PieceKind(k as u8);
            let n = engine.reserve(pos, player, kind);
            if n > 0 {
                if n > 1 {
                    out.push_str(&n.to_string());
                }
                out.push_str(&hand_text(engine, kind, player));
            }
        }
    }
    if out.is_empty() { "-".into() } else { out }
}

fn read_reserves(engine: &Engine, pos: &mut Position, text: &str) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    let mut texts = piece_texts(engine);
    // A neutral kind in hand (captured `to captor`) is written with its holder's number.
    for (k, info) in engine.game().kinds.iter().enumerate() {
        if info.neutral {
            for p in 0..engine.game().players.len() {
                let (kind, p) = (PieceKind(k as u8), PlayerId(p as u8));
                texts.push((hand_text(engine, kind, p), kind, Some(p)));
            }
        }
    }
    texts.sort_by_key(|(t, _, _)| std::cmp::Reverse(t.len()));
    let mut rest = text;
    while !rest.is_empty() {
        let (n, after) = leading_count(rest, "pieces in hand")?;
        rest = after;
        let Some((t, kind, owner)) = texts.iter().find(|(t, _, _)| rest.starts_with(t.as_str())) else {
            return err(format!("`{rest}` is no piece in hand"));
        };
        let Some(owner) = owner else {
            return err(format!("`{t}` belongs to nobody and cannot be in hand"));
        };
        let had = engine.reserve(pos, *owner, *kind);
        let total = had + n as i64;
        if total > MAX_COUNT as i64 {
            return err(format!("more than {MAX_COUNT} `{t}` in hand"));
        }
        engine.set_reserve(pos, *owner, *kind, total);
        rest = &rest[t.len()..];
    }
    Ok(())
}

/// The count at the start of `text` (1 when there is none) and the rest: a
/// whole number from 0 to [`MAX_COUNT`].
fn leading_count<'a>(text: &'a str, what: &str) -> Result<(u32, &'a str), PositionError> {
    let digits = text.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return Ok((1, text));
    }
    Ok((count(&text[..digits], what)?, &text[digits..]))
}

/// A count of `what`: a whole number from 0 to [`MAX_COUNT`].
fn count(word: &str, what: &str) -> Result<u32, PositionError> {
    word.parse::<u32>()
        .map_err(|_| PositionError(format!("{what}: `{word}` is no count from 0 to {MAX_COUNT}")))
}

/// A number of moves made: a whole number from 0 to [`MAX_PLY`] (every
/// count the engine keeps).
fn ply_count(word: &str) -> Result<u32, PositionError> {
    word.parse::<u32>()
        .map_err(|_| PositionError(format!("`{word}` is no number of moves from 0 to {MAX_PLY}")))
}

fn cells_text(engine: &Engine, cells: &[CellId]) -> String {
    let names = &engine.game().topology.cell_names;
    if cells.is_empty() {
        "-".into()
    } else {
        cells
            .iter()
            .map(|c| names[c.index()].as_str())
            .collect::<Vec<_>>()
            .join(",")
    }
}

fn cell_of(engine: &Engine, name: &str) -> Result<CellId, PositionError> {
    engine
        .game()
        .topology
        .cell_named(name)
        .ok_or_else(|| PositionError(format!("`{name}` is no cell of the board")))
}

/// The position as text: the rules' own fields when they declare them, else the generic text.
pub fn write(engine: &Engine, pos: &Position) -> String {
    match &engine.game().position {
        Some(format) => write_declared(engine, pos, &format.fields),
        None => write_generic(engine, pos),
    }
}

/// The text of `pos` as [`write`] gives it, preceded by the word
/// [`UNCHECKED`] when it would not read back without it (a position set up
/// with that word, or reached by moves from one): what front ends print, so
/// that a text they show always reads back.
pub fn write_readable(engine: &Engine, pos: &Position) -> String {
    let text = write(engine, pos);
    if read(engine, &text).is_ok() {
        text
    } else {
        format!("{UNCHECKED} {text}")
    }
}

/// The generic text: everything the position holds.
pub fn write_generic(engine: &Engine, pos: &Position) -> String {
    let game = engine.game();
    let mut parts = vec![
        write_board(engine, pos, true),
        mover_texts(engine)[engine.mover(pos).index()].clone(),
        format!("ply:{}", pos.ply()),
    ];
    let hand = write_reserves(engine, pos);
    if hand != "-" {
        parts.push(format!("hand:{hand}"));
    }
    let pool: String = game
        .pool
        .iter()
        .filter(|(k, _)| engine.pool(pos, *k) > 0)
        .map(|(k, _)| format!("{}{}", engine.pool(pos, *k), game.kinds[k.index()].letter))
        .collect();
    if game.pool.iter().any(|(k, n)| engine.pool(pos, *k) != *n as i64) {
        parts.push(format!(
            "pool:{}",
            if pool.is_empty() { "-".into() } else { pool }
        ));
    }
    for (c, name) in game.counters.iter().enumerate() {
        let values: Vec<i64> = (0..game.players.len())
            .map(|p| engine.counter(pos, c, PlayerId(p as u8)))
            .collect();
        if values.iter().any(|v| *v != 0) {
            let v: Vec<String> = values.iter().map(i64::to_string).collect();
            parts.push(format!("{name}:{}", v.join(",")));
        }
    }
    let flags: Vec<&str> = game
        .flags
        .iter()
        .enumerate()
        .filter(|(f, _)| engine.flag(pos, *f))
        .map(|(_, f)| f.name.as_str())
        .collect();
    if !flags.is_empty() {
        parts.push(format!("flags:{}", flags.join(",")));
    }
    for (m, name) in game.marks.iter().enumerate() {
        let cells = engine.marked_cells(pos, m);
        if !cells.is_empty() {
            parts.push(format!("{name}:{}", cells_text(engine, &cells)));
        }
    }
    let lines = engine.drawn_lines(pos);
    if !lines.is_empty() {
        let names = &game.topology.cell_names;
        let text: Vec<String> = (lines.iter())
            .map(|(a, b)| format!("{}-{}", names[a.index()], names[b.index()]))
            .collect();
        parts.push(format!("drawn:{}", text.join(",")));
    }
    if let Some(last) = write_facts(engine, pos) {
        parts.push(last);
    }
    parts.extend(earlier::write(engine, pos));
    if engine.quiet_moves(pos) != 0 {
        parts.push(format!("quiet:{}", engine.quiet_moves(pos)));
    }
    if engine.passes(pos) != 0 {
        parts.push(format!("passes:{}", engine.passes(pos)));
    }
    parts.join(" ")
}

/// The facts about the last move that the rules read, `last:V,V,…` in the
/// order of [`crate::ir::Game::history`]; `None` when the rules read none.
/// Always written when they do: without it a reader takes the position as
/// one no move led to ([`Engine::start_facts`]).
fn write_facts(engine: &Engine, pos: &Position) -> Option<String> {
    let values: Vec<i64> = (0..engine.game().history.len())
        .map(|i| engine.fact(pos, i))
        .collect();
    (!values.is_empty()).then(|| {
        let v: Vec<String> = values.iter().map(i64::to_string).collect();
        format!("last:{}", v.join(","))
    })
}

/// Reads the `last:` field written by [`write_facts`].
fn read_facts(engine: &Engine, pos: &mut Position, value: &str) -> Result<(), PositionError> {
    let facts = engine.game().history.len();
    let values: Vec<&str> = value.split(',').collect();
    if values.len() != facts {
        return err(format!(
            "`last:` gives {} values; this game keeps {facts} facts about the last move",
            values.len()
        ));
    }
    for (i, v) in values.into_iter().enumerate() {
        let v = v
            .parse()
            .map_err(|_| PositionError(format!("`last:`: `{v}` is not a number")))?;
        engine.set_fact(pos, i, v);
    }
    Ok(())
}

/// The rules' own text (`position { … }`).
fn write_declared(engine: &Engine, pos: &Position, fields: &[PositionField]) -> String {
    let players = engine.game().players.len() as u32;
    let mut parts = vec![write_board(engine, pos, false)];
    for field in fields {
        parts.push(match field {
            PositionField::Mover(texts) => texts[engine.mover(pos).index()].clone(),
            PositionField::Rights(rights) => {
                let present: String = rights
                    .iter()
                    .filter(|(_, cells)| {
                        cells.iter().all(|c| {
                            engine
                                .piece(pos, *c)
                                .is_some_and(|p| !p.moved && engine.game().kinds[p.kind.index()].tracks_moved)
                        })
                    })
                    .map(|(l, _)| l.as_str())
                    .collect();
                if present.is_empty() { "-".into() } else { present }
            }
            PositionField::Marks(m) => cells_text(engine, &engine.marked_cells(pos, *m)),
            PositionField::Reserves => write_reserves(engine, pos),
            PositionField::Quiet => engine.quiet_moves(pos).to_string(),
            PositionField::Number => (pos.ply() as u64 / players.max(1) as u64 + 1).to_string(),
            PositionField::Ply => pos.ply().to_string(),
        });
    }
    parts.extend(write_facts(engine, pos));
    parts.extend(earlier::write(engine, pos));
    parts.join(" ")
}

/// Reads a position of the game: the rules' own form if they declare one (and
/// the text fits it), else the generic form. The position must be one the
/// rules could reach ([`legal`]: royal pieces, material, promotions, who is in
/// check), unless the text starts with [`UNCHECKED`].
pub fn read(engine: &Engine, text: &str) -> Result<Position, PositionError> {
    read_with(engine, text, parse)
}

/// Reads a position as [`read`] does, without asking whether the rules could
/// reach it (as the [`UNCHECKED`] word does).
pub fn read_unchecked(engine: &Engine, text: &str) -> Result<Position, PositionError> {
    parse(engine, strip_unchecked(text).1)
}

/// Reads the generic form, checked as [`read`] does.
pub fn read_generic(engine: &Engine, text: &str) -> Result<Position, PositionError> {
    read_with(engine, text, parse_generic)
}

/// The text without its [`UNCHECKED`] word, and whether it had it.
fn strip_unchecked(text: &str) -> (bool, &str) {
    let trimmed = text.trim_start();
    match trimmed.strip_prefix(UNCHECKED) {
        Some(rest) if rest.starts_with(char::is_whitespace) => (true, rest),
        _ => (false, text),
    }
}

/// Reads with `parse`, then checks that the rules could reach the position
/// unless the text says [`UNCHECKED`].
fn read_with(
    engine: &Engine,
    text: &str,
    parse: fn(&Engine, &str) -> Result<Position, PositionError>,
) -> Result<Position, PositionError> {
    let (unchecked, text) = strip_unchecked(text);
    let pos = parse(engine, text)?;
    if !unchecked {
        legal::check(engine, &pos)?;
    }
    Ok(pos)
}

/// Reads either form, unchecked.
fn parse(engine: &Engine, text: &str) -> Result<Position, PositionError> {
    if let Some(format) = &engine.game().position {
        let declared = read_declared(engine, text, &format.fields);
        if declared.is_ok()
            || text
                .split_whitespace()
                .all(|w| !w.contains(':') || w.contains('/'))
        {
            return declared;
        }
    }
    parse_generic(engine, text)
}

/// Reads the generic form, unchecked.
fn parse_generic(engine: &Engine, text: &str) -> Result<Position, PositionError> {
    let game = engine.game();
    let mut words = text.split_whitespace();
    let mut pos = engine.blank();
    let Some(board) = words.next() else {
        return err("the text is empty");
    };
    place(engine, &mut pos, &read_board(engine, board, true)?)?;
    let Some(mover) = words.next() else {
        return err("the player to move is missing after the board");
    };
    let movers = mover_texts(engine);
    let Some(mover) = movers.iter().position(|m| m == mover) else {
        return err(format!(
            "`{mover}` is no player; the players are written {}",
            movers.join(", ")
        ));
    };
    // Pool kinds start full and are set by `pool:` when they are not.
    for (k, n) in &game.pool {
        engine.set_pool(&mut pos, *k, *n as i64);
    }
    let mut ply = None;
    let mut facts = false;
    let mut was = None;
    for word in words {
        let Some((key, value)) = word.split_once(':') else {
            return err(format!("`{word}` is not a `name:value` field"));
        };
        match key {
            "ply" => ply = Some(ply_count(value)?),
            "hand" => read_reserves(engine, &mut pos, value)?,
            "pool" => {
                for (k, _) in &game.pool {
                    engine.set_pool(&mut pos, *k, 0);
                }
                if value != "-" {
                    let mut rest = value;
                    while !rest.is_empty() {
                        let (n, after) = leading_count(rest, "pieces in the pool")?;
                        rest = after;
                        let Some((k, _)) = game
                            .pool
                            .iter()
                            .find(|(k, _)| rest.starts_with(&game.kinds[k.index()].letter))
                        else {
                            return err(format!("`{rest}` is no pool piece"));
                        };
                        engine.set_pool(&mut pos, *k, n as i64);
                        rest = &rest[game.kinds[k.index()].letter.len()..];
                    }
                }
            }
            "flags" => {
                for name in value.split(',') {
                    let Some(f) = game.flags.iter().position(|f| f.name == name) else {
                        return err(format!("`{name}` is no flag"));
                    };
                    engine.set_flag(&mut pos, f, true);
                }
            }
            "drawn" => {
                for pair in value.split(',').filter(|n| *n != "-") {
                    let (a, b) = pair
                        .split_once('-')
                        .ok_or_else(|| PositionError(format!("drawn line `{pair}`: write it `a1-a2`")))?;
                    if !engine.draw_line(&mut pos, cell_of(engine, a)?, cell_of(engine, b)?) {
                        return err(format!("`{pair}` is no line this game draws, or is given twice"));
                    }
                }
            }
            "last" => {
                read_facts(engine, &mut pos, value)?;
                facts = true;
            }
            "was" => was = Some(value),
            "quiet" => engine.set_quiet_moves(&mut pos, count(value, "quiet")? as i64),
            "passes" => engine.set_passes(&mut pos, count(value, "passes")? as i64),
            _ => {
                if let Some(c) = game.counters.iter().position(|c| c == key) {
                    for (p, v) in value.split(',').enumerate() {
                        let v = v
                            .parse()
                            .map_err(|_| PositionError(format!("counter `{key}`: `{v}`")))?;
                        if p >= game.players.len() {
                            return err(format!("counter `{key}` has more values than players"));
                        }
                        engine.set_counter(&mut pos, c, PlayerId(p as u8), v);
                    }
                } else if let Some(m) = game.marks.iter().position(|m| m == key) {
                    for name in value.split(',').filter(|n| *n != "-") {
                        let cell = cell_of(engine, name)?;
                        engine.set_mark(&mut pos, m, cell);
                    }
                } else {
                    return err(format!("`{key}` is no field of this game's positions"));
                }
            }
        }
    }
    let ply = match ply {
        Some(p) => p,
        None => first_ply_of(engine, &pos, mover)?,
    };
    engine.set_ply(&mut pos, ply);
    if engine.mover(&pos).index() != mover {
        return err(format!("at move {ply} it is not {}'s turn", game.players[mover]));
    }
    if !facts {
        engine.start_facts(&mut pos);
    }
    if let Some(was) = was {
        earlier::read(engine, &mut pos, was)?;
    }
    engine.finish(&mut pos);
    Ok(pos)
}

/// The first move number at which `mover` is to move and the pieces could
/// be where they are (for texts without one).
fn first_ply_of(engine: &Engine, pos: &Position, mover: usize) -> Result<u32, PositionError> {
    legal::first_ply(engine, pos, PlayerId(mover as u8))
        .ok_or_else(|| PositionError("that player never moves".into()))
}

/// Reads the rules' own form.
fn read_declared(engine: &Engine, text: &str, fields: &[PositionField]) -> Result<Position, PositionError> {
    let game = engine.game();
    let players = game.players.len() as u32;
    let mut words = text.split_whitespace();
    let mut pos = engine.blank();
    let Some(board) = words.next() else {
        return err("the text is empty");
    };
    let mut placed = read_board(engine, board, false)?;
    for (k, n) in &game.pool {
        engine.set_pool(&mut pos, *k, *n as i64);
    }
    let mut mover = None;
    let mut ply = None;
    let mut number = None;
    let mut unmoved: Vec<CellId> = Vec::new();
    let mut rights_given: Vec<(&str, &[CellId])> = Vec::new();
    for field in fields {
        // Missing trailing fields take their defaults (FEN without its clocks).
        let Some(word) = words.next() else { break };
        match field {
            PositionField::Mover(texts) => {
                mover = Some(texts.iter().position(|t| t == word).ok_or_else(|| {
                    PositionError(format!(
                        "`{word}` is no player; the players are written {}",
                        texts.join(", ")
                    ))
                })?);
            }
            PositionField::Rights(rights) => {
                if word != "-" {
                    let mut rest = word;
                    while !rest.is_empty() {
                        let Some((l, cells)) = rights.iter().find(|(l, _)| rest.starts_with(l.as_str()))
                        else {
                            return err(format!("`{rest}` is no right of this game"));
                        };
                        rights_given.push((l.as_str(), cells.as_slice()));
                        unmoved.extend(cells);
                        rest = &rest[l.len()..];
                    }
                }
            }
            PositionField::Marks(m) => {
                for name in word.split(',').filter(|n| *n != "-") {
                    let cell = cell_of(engine, name)?;
                    engine.set_mark(&mut pos, *m, cell);
                }
            }
            PositionField::Reserves => read_reserves(engine, &mut pos, word)?,
            PositionField::Quiet => engine.set_quiet_moves(&mut pos, count(word, "the quiet moves")? as i64),
            PositionField::Number => {
                number = Some(
                    word.parse::<u32>()
                        .map_err(|_| PositionError(format!("`{word}` is no move number")))?,
                )
            }
            PositionField::Ply => ply = Some(ply_count(word)?),
        }
    }
    // The facts about the last move and the earlier boards follow the
    // declared fields, as in the generic text.
    let mut facts = false;
    let mut was = None;
    for extra in words {
        match extra.split_once(':') {
            Some(("last", value)) if !game.history.is_empty() && !facts => {
                read_facts(engine, &mut pos, value)?;
                facts = true;
            }
            Some(("was", value)) if was.is_none() => was = Some(value),
            _ => return err(format!("`{extra}` is more than the position's fields")),
        }
    }
    // Pieces that remember moving have moved, unless a right says otherwise.
    for (cell, kind, _, moved) in placed.iter_mut() {
        *moved = game.kinds[kind.index()].tracks_moved && !unmoved.contains(cell);
    }
    rights_have_their_pieces(engine, &rights_given, &placed)?;
    place(engine, &mut pos, &placed)?;
    let mover = mover.unwrap_or(0);
    let ply = match (ply, number) {
        (Some(p), _) => p,
        (None, Some(n)) => {
            let ply = (n.max(1) as u64 - 1) * players as u64 + mover as u64;
            if ply > MAX_PLY as u64 {
                let most = (MAX_PLY as u64 - mover as u64) / players.max(1) as u64 + 1;
                return err(format!("the move number {n} is beyond the largest, {most}"));
            }
            ply as u32
        }
        (None, None) => first_ply_of(engine, &pos, mover)?,
    };
    engine.set_ply(&mut pos, ply);
    if engine.mover(&pos).index() != mover {
        return err(format!("at move {ply} it is not {}'s turn", game.players[mover]));
    }
    if !facts {
        engine.start_facts(&mut pos);
    }
    if let Some(was) = was {
        earlier::read(engine, &mut pos, was)?;
    }
    engine.finish(&mut pos);
    Ok(pos)
}

/// Refuses a right given in a text whose pieces are not all there: each
/// cell it names must hold a piece that remembers whether it has moved.
fn rights_have_their_pieces(
    engine: &Engine,
    rights: &[(&str, &[CellId])],
    placed: &[Placed],
) -> Result<(), PositionError> {
    let game = engine.game();
    for (right, cells) in rights {
        for cell in *cells {
            let holds = placed
                .iter()
                .any(|(c, kind, _, _)| c == cell && game.kinds[kind.index()].tracks_moved);
            if !holds {
                let name = &game.topology.cell_names[cell.index()];
                return err(format!(
                    "the right `{right}` needs a piece that has not moved on {name}, and there is none"
                ));
            }
        }
    }
    Ok(())
}
