//! The piece a typed action is about: the one it moves (on its start cell)
//! or the kind it drops, and why no piece of the mover can act so.

use super::{split, words};
use crate::engine::{Engine, Position};
use crate::ir::{CellId, PieceKind, PlayerId};

/// The piece a typed action is about.
#[derive(Debug, Clone, Copy)]
pub enum Piece {
    /// A piece of this kind on the board moves.
    Moving(PieceKind),
    /// A piece of this kind is dropped.
    Dropped(PieceKind),
}

/// The piece a typed action moves or drops, and the cell it starts on; why
/// not, when no piece of the mover can (no such piece, none there, another
/// player's, none in reserve). `None` for a short form that names no piece.
#[allow(clippy::type_complexity)]
pub fn piece(
    engine: &Engine,
    pos: &Position,
    player: PlayerId,
    action: &str,
    cells: &[CellId],
) -> Result<(Option<Piece>, Option<CellId>), String> {
    let game = engine.game();
    if let Some(letter) = split::dropped_letter(action) {
        let Some(k) = game
            .kinds
            .iter()
            .position(|k| k.letter.eq_ignore_ascii_case(letter))
        else {
            let letters: Vec<String> = game
                .kinds
                .iter()
                .map(|k| format!("{} ({})", k.letter, k.name))
                .collect();
            return Err(format!(
                "no piece has the letter {letter}; the letters are {}",
                letters.join(", ")
            ));
        };
        let kind = PieceKind(k as u8);
        let info = &game.kinds[k];
        let first = action.split(',').next().unwrap_or(action);
        if let Some(&at) = split::cells(engine, first)
            .last()
            .filter(|c| game.topology.is_exit(**c))
        {
            return Err(format!(
                "{} lies beyond the edge of the board: no piece can be put there",
                words::cell(engine, at)
            ));
        }
        if info.owner.is_some_and(|o| o != player) {
            return Err(format!(
                "a {} belongs to {} only",
                info.name,
                words::player(engine, info.owner.unwrap_or(player))
            ));
        }
        if !info.supply && engine.reserve(pos, player, kind) <= 0 {
            return Err(format!(
                "{} has no {} in reserve",
                words::player(engine, player),
                info.name
            ));
        }
        return Ok((Some(Piece::Dropped(kind)), None));
    }
    let is_path = action.contains(['-', 'x']) && cells.len() >= 2;
    let Some(&from) = cells.first().filter(|_| is_path) else {
        return Ok((None, None));
    };
    let at = words::cell(engine, from);
    if game.topology.is_exit(from) {
        return Err(format!(
            "{at} lies beyond the edge of the board: no piece stands there"
        ));
    }
    let Some(piece) = engine.piece(pos, from) else {
        return Err(format!("there is no piece on {at}"));
    };
    if let Some(owner) = piece.owner.filter(|&o| o != player) {
        return Err(format!(
            "{} is {}, and it is {} turn",
            words::piece_on(engine, pos, from),
            words::possessive(&words::player(engine, owner)),
            words::possessive(&words::player(engine, player))
        ));
    }
    Ok((Some(Piece::Moving(piece.kind)), Some(from)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceFile;

    const RULES: &str = r#"
        game "Test"
        players White, Black
        board grid files a..c ranks 1..3 { exits n }
        piece Runner letter R { move step: step n onto empty }
        piece Stone letter S { drop: onto empty }
        setup { White: Runner at a1  Black: Runner at c3  Black: reserve 1 Stone }
        turns { repeat { White: t  Black: t } }
        turn t { choose move Runner, drop Stone }
        end { no move: mover loses }
    "#;

    #[test]
    fn no_piece_of_the_mover_can_act_so_and_why() {
        let game = crate::load(&SourceFile::new("test.rules", RULES)).expect("valid rules");
        let e = Engine::new(game, &[]).expect("no options");
        let pos = e.start();
        let white = PlayerId(0);
        let why = |action: &str| {
            let cells = split::cells(&e, action);
            piece(&e, &pos, white, action, &cells).expect_err(action)
        };
        assert_eq!(why("b2-b3"), "there is no piece on b2");
        assert_eq!(
            why("c3-c2"),
            "the Runner on c3 is Black's, and it is White's turn"
        );
        assert_eq!(why("S@b2"), "White has no Stone in reserve");
        assert!(why("Q@b2").starts_with("no piece has the letter Q; the letters are R (Runner), S (Stone)"));
        assert_eq!(
            why("S@a4"),
            "a4 lies beyond the edge of the board: no piece can be put there"
        );
        let cells = split::cells(&e, "a1-a2");
        assert!(matches!(
            piece(&e, &pos, white, "a1-a2", &cells),
            Ok((Some(Piece::Moving(_)), Some(_)))
        ));
    }
}
