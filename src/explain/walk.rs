//! A typed move walked through the turn: the actions of the turn it starts
//! with (each typed action, or several joined, that one action of the turn
//! writes), and where it goes wrong.

use super::split;
use crate::engine::{Engine, Move, MoveList, Position};
use crate::ir::CellId;
use crate::notation::{self, Reading};

/// Where a typed move goes wrong against the turn.
pub struct Place<'a> {
    /// The position after the actions that could be made (the mover still to move).
    pub here: Position,
    /// The typed actions from the first that no action of the turn makes.
    pub rest: Vec<&'a str>,
    /// The actions that could be made, as typed (empty when the first one goes wrong).
    pub done: String,
    /// How many actions of the turn they are.
    pub index: usize,
    /// The pieces that acted in them (under `distinct pieces`).
    pub moved: Vec<CellId>,
}

/// The one move of `list` written `text` (in full or short), if any.
pub fn find(engine: &Engine, pos: &Position, text: &str, list: &MoveList) -> Option<Move> {
    match notation::read_among(engine, pos, text, list) {
        Reading::Exact(mv) | Reading::Short { mv, .. } => Some(mv),
        Reading::Ambiguous(_) | Reading::Unknown => None,
    }
}

/// Walks the typed actions `typed` through the turn in `pos`, at most
/// `steps` actions of the turn; `Err` when the typed move is the start of a
/// legal move (of `legal`) and stops short.
pub fn place<'a>(
    engine: &Engine,
    pos: &Position,
    typed: &[&'a str],
    legal: &[String],
    steps: usize,
) -> Result<Place<'a>, String> {
    let longer = legal.iter().find(|m| {
        let parts = split::actions(m);
        parts.len() > typed.len() && parts.iter().zip(typed).all(|(a, b)| a.eq_ignore_ascii_case(b))
    });
    if let Some(example) = longer {
        return Err(format!(
            "{} is not a whole move: it goes on, as in {example}",
            typed.join(",")
        ));
    }
    let (_, t) = engine.game().order.at(pos.ply());
    let distinct = engine.game().turns[t].distinct_pieces;
    let mut place = Place {
        here: pos.clone(),
        rest: typed.to_vec(),
        done: String::new(),
        index: 0,
        moved: Vec::new(),
    };
    while !place.rest.is_empty() && place.index < steps {
        let tiers = engine.game().turns[t].tiers.len();
        let Some(used) = (0..tiers)
            .map(|i| engine.tier_actions(&place.here, i, &place.moved))
            .find(|l| !l.is_empty())
        else {
            break;
        };
        // The most typed actions one action of the turn writes (no move
        // writes more than a turn's most actions, so longer runs are not tried).
        let Some((m, action)) = (1..=place.rest.len().min(crate::ir::ids::MAX_ACTIONS))
            .rev()
            .find_map(|m| Some((m, find(engine, &place.here, &place.rest[..m].join(","), &used)?)))
        else {
            break;
        };
        if m == place.rest.len() {
            // Every typed action is one of the turn: what is wrong is the whole.
            break;
        }
        place.here = engine.after_tokens(&place.here, action.as_ref());
        if distinct {
            place.moved.extend(action.as_ref().last_landing());
        }
        if !place.done.is_empty() {
            place.done.push(',');
        }
        place.done.push_str(&place.rest[..m].join(","));
        place.rest.drain(..m);
        place.index += 1;
    }
    Ok(place)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceFile;

    const RULES: &str = r#"
        game "Test"
        players White, Black
        board grid files a..c ranks 1..4
        directions ahead = White: n; Black: s
        piece Runner letter R { move step: step ahead onto empty }
        setup { White: Runner at a1 b1  Black: Runner at c4 }
        turn two { actions exactly 2, distinct pieces  choose move Runner }
        turn one { choose move Runner }
        turns { repeat { White: two  Black: one } }
        end { no move: mover loses }
    "#;

    fn engine() -> Engine {
        let game = crate::load(&SourceFile::new("test.rules", RULES)).expect("valid rules");
        Engine::new(game, &[]).expect("no options")
    }

    fn legal(e: &Engine, pos: &Position) -> Vec<String> {
        crate::notation::legal_move_names(e, pos, &mut crate::engine::MoveBuf::new())
    }

    #[test]
    fn the_walk_stops_at_the_first_action_the_turn_does_not_make() {
        let e = engine();
        let pos = e.start();
        let place = place(&e, &pos, &["a1-a2", "a2-a3"], &legal(&e, &pos), 2).expect("a place");
        assert_eq!(place.done, "a1-a2");
        assert_eq!(place.rest, ["a2-a3"]);
        assert_eq!(place.index, 1);
        assert_eq!(place.moved.len(), 1, "a2, under `distinct pieces`");
    }

    #[test]
    fn the_start_of_a_move_is_no_whole_move() {
        let e = engine();
        let pos = e.start();
        let Err(why) = place(&e, &pos, &["a1-a2"], &legal(&e, &pos), 2) else {
            panic!("one action of two")
        };
        assert!(
            why.starts_with("a1-a2 is not a whole move: it goes on, as in a1-a2,"),
            "{why}"
        );
    }
}
