//! What the page shows of a position that takes work to find: whether the
//! game is over (and why), and the legal moves as clicks see them. It is
//! found once per position, off the server's lock ([`super::work`]).

use rulebook::diag::SourceFile;
use rulebook::engine::{Engine, MoveBuf, Position, Status};
use rulebook::ir::Outcome;

use super::session::{self, MoveShape};

/// The status and the legal moves of a position.
#[derive(Debug, Clone)]
pub struct View {
    /// The game goes on.
    pub ongoing: bool,
    /// `"ongoing"`, `"win"` or `"draw"`.
    pub word: &'static str,
    /// "White won", "a draw".
    pub result: Option<String>,
    /// Why the game ended, in words.
    pub reason: Option<String>,
    /// The legal moves, as clicks see them (none once the game is over).
    pub legal: Vec<MoveShape>,
}

impl View {
    /// The view of `pos` in the game of `engine`, whose rules are `source`;
    /// the report of the engine's budget when the moves could not be listed
    /// within it.
    pub fn of(engine: &Engine, pos: &Position, source: &SourceFile) -> Result<View, String> {
        let view = View::found(engine, pos, source);
        session::within_budget(engine)?;
        Ok(view)
    }

    fn found(engine: &Engine, pos: &Position, source: &SourceFile) -> View {
        let mut buf = MoveBuf::new();
        let players = &engine.game().players;
        match engine.status(pos, &mut buf) {
            Status::Ongoing => View {
                ongoing: true,
                word: "ongoing",
                result: None,
                reason: None,
                legal: session::legal_shapes(engine, pos),
            },
            Status::Over(outcome) => View {
                ongoing: false,
                word: match outcome {
                    Outcome::Win(_) => "win",
                    Outcome::Draw => "draw",
                },
                result: Some(match outcome {
                    Outcome::Win(p) => format!("{} won", players[p.index()]),
                    Outcome::Draw => "a draw".to_string(),
                }),
                reason: rulebook::describe::ending::end_reason(engine, pos, &mut buf, source).map(|(_, r)| r),
                legal: Vec::new(),
            },
        }
    }
}
