//! A game being played: its rules, the options set, where it started, and
//! the moves played with the position after each. Every front end keeps its
//! game in one of these — the terminal's `play`, the web page, the engine
//! protocol, the Python package — so none re-implements moves in notation,
//! undo, or saving a record.
//!
//! ```
//! use rulebook::{diag::SourceFile, session::Session};
//!
//! let rules = "game \"Dots\"  players A, B  board grid files a..c ranks 1..3
//!              piece Dot letter D { drop: onto empty }  supply Dot
//!              end { draw after 9 moves }";
//! let mut game = Session::load(SourceFile::new("dots.rules", rules), Vec::new()).unwrap();
//! assert_eq!(game.play("b2").unwrap(), "D@b2"); // a short form, kept in full
//! let first = game.played()[0].0.clone();
//! let record = game.record_text("dots.rules");
//! game.undo();
//! assert!(game.played().is_empty());
//! let again = Session::replay_text(game.engine_arc(), game.source_arc(), &record).unwrap();
//! assert_eq!(again.played()[0].0, first);
//! ```

mod budget;

use std::sync::Arc;

use miette::Diagnostic;
use thiserror::Error;

use crate::diag::{Report, SourceFile, Span};
use crate::engine::{Engine, Move, MoveBuf, OptionError, Position, Status};
use crate::ir::PlayerId;
use crate::notation::{self, ParseMoveError};
use crate::position_text::{self, PositionError};
use crate::record::{self, Record, RecordError};

pub use budget::{BudgetExhausted, within_budget};

/// A game being played (cheap to clone: the compiled rules are shared).
#[derive(Debug, Clone)]
pub struct Session {
    engine: Arc<Engine>,
    source: Arc<SourceFile>,
    sets: Vec<(String, String)>,
    /// The starting position as text, when not the rules' start.
    start: Option<String>,
    /// The position after the moves played.
    current: Position,
    /// Every [`CHECKPOINT`]-th position of the game, the start first: a move
    /// taken back is played again from the one before it, so a game of
    /// millions of moves keeps a position per [`CHECKPOINT`] moves, not one a move.
    checkpoints: Vec<Position>,
    /// `movers[i]`: the player to move after `i` moves (the start's first).
    movers: Vec<PlayerId>,
    /// The moves played, each with its notation.
    played: Vec<(String, Move)>,
}

/// How many moves apart the positions a [`Session`] keeps are.
const CHECKPOINT: usize = 64;

/// Rules that cannot be played.
#[derive(Debug, Error, Diagnostic)]
pub enum LoadError {
    /// The rules file has errors (all of them, with their spans).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Rules(Box<Report>),
    /// An option value does not fit the rules' options.
    #[error(transparent)]
    #[diagnostic(code(rules::cli::bad_option))]
    Option(#[from] OptionError),
}

/// A record that cannot be replayed on these rules.
#[derive(Debug, Error)]
pub enum ReplayError {
    /// The record does not read.
    #[error(transparent)]
    Record(Box<RecordError>),
    /// Its starting position is not a position of this game.
    #[error("the record's starting position is not a position of this game: {}", .error.0)]
    Start {
        /// Why.
        error: PositionError,
        /// Where the position stands in the record.
        span: Span,
    },
    /// Move `index` (from 0) cannot be played where it stands.
    #[error("move {} `{text}` of the record: {error}", .index + 1)]
    Move {
        /// Its index among the record's moves.
        index: usize,
        /// Its text.
        text: String,
        /// Where it stands in the record.
        span: Span,
        /// Why it cannot be read.
        error: ParseMoveError,
    },
}

impl Session {
    /// A game of `engine` (compiled from `source` with the options `sets`)
    /// at the rules' start.
    pub fn new(engine: Arc<Engine>, source: Arc<SourceFile>, sets: Vec<(String, String)>) -> Session {
        let start = engine.start();
        Session {
            movers: vec![engine.mover(&start)],
            checkpoints: vec![start.clone()],
            current: start,
            engine,
            source,
            sets,
            start: None,
            played: Vec::new(),
        }
    }

    /// Compiles `source` with the option values `sets` and starts a game.
    pub fn load(source: SourceFile, sets: Vec<(String, String)>) -> Result<Session, LoadError> {
        let game = crate::load_with(&source, &sets).map_err(LoadError::Rules)?;
        let engine = Engine::new(game, &sets)?;
        Ok(Session::new(Arc::new(engine), Arc::new(source), sets))
    }

    /// Starts again from the position written `text` (as `rulebook position`
    /// writes it), forgetting the moves played.
    pub fn set_start(&mut self, text: &str) -> Result<(), PositionError> {
        let pos = position_text::read(&self.engine, text)?;
        self.start_from(pos);
        self.start = Some(text.to_string());
        Ok(())
    }

    /// Starts again from the rules' start, forgetting the moves played.
    pub fn restart(&mut self) {
        self.start_from(self.engine.start());
        self.start = None;
    }

    /// Forgets the moves played and stands at `pos`.
    fn start_from(&mut self, pos: Position) {
        self.movers = vec![self.engine.mover(&pos)];
        self.checkpoints = vec![pos.clone()];
        self.current = pos;
        self.played.clear();
    }

    /// The compiled rules with their options.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The compiled rules, shared.
    pub fn engine_arc(&self) -> Arc<Engine> {
        self.engine.clone()
    }

    /// The rules file.
    pub fn source(&self) -> &SourceFile {
        &self.source
    }

    /// The rules file, shared.
    pub fn source_arc(&self) -> Arc<SourceFile> {
        self.source.clone()
    }

    /// The options set, in order.
    pub fn sets(&self) -> &[(String, String)] {
        &self.sets
    }

    /// The starting position as text, when the game did not start at the rules' start.
    pub fn start_text(&self) -> Option<&str> {
        self.start.as_deref()
    }

    /// The position after the moves played.
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The player to move after the first `moves` moves played (beyond
    /// them, the player to move now).
    pub fn mover_after(&self, moves: usize) -> PlayerId {
        self.movers[moves.min(self.played.len())]
    }

    /// The moves played, each with its notation.
    pub fn played(&self) -> &[(String, Move)] {
        &self.played
    }

    /// The moves played, from the start: the line a tree search is told.
    pub fn line(&self) -> Vec<Move> {
        self.played.iter().map(|(_, m)| m.clone()).collect()
    }

    /// The player to move.
    pub fn mover(&self) -> PlayerId {
        self.engine.mover(self.position())
    }

    /// Whether the game goes on, or how it ended.
    pub fn status(&self) -> Status {
        self.engine.status(self.position(), &mut MoveBuf::new())
    }

    /// The legal moves with their notation, sorted by notation (one entry
    /// per notation).
    pub fn legal(&self) -> Vec<(String, Move)> {
        let mut buf = MoveBuf::new();
        self.engine.legal_moves(self.position(), &mut buf);
        let mut moves: Vec<(String, Move)> = buf
            .moves
            .iter()
            .map(|m| (notation::format(&self.engine, m), m.to_move()))
            .collect();
        moves.sort_by(|a, b| a.0.cmp(&b.0));
        moves.dedup_by(|a, b| a.0 == b.0);
        moves
    }

    /// The legal move written `text`, in full or in a short form only it fits.
    pub fn read(&self, text: &str) -> Result<Move, ParseMoveError> {
        notation::parse(&self.engine, self.position(), text, &mut MoveBuf::new())
    }

    /// Plays the legal move written `text`; its full notation (a short form
    /// such as `e4` is kept as the move it was read as).
    pub fn play(&mut self, text: &str) -> Result<&str, ParseMoveError> {
        let mv = self.read(text)?;
        Ok(self.push(mv))
    }

    /// Plays a move known to be legal here; its notation.
    pub fn push(&mut self, mv: Move) -> &str {
        let text = notation::format(&self.engine, mv.as_ref());
        self.engine.play_unchecked(&mut self.current, mv.as_ref());
        self.played.push((text, mv));
        self.movers.push(self.engine.mover(&self.current));
        if self.played.len().is_multiple_of(CHECKPOINT) {
            self.checkpoints.push(self.current.clone());
        }
        &self.played.last().expect("just pushed").0
    }

    /// Takes the last move back; it, or `None` at the start.
    pub fn undo(&mut self) -> Option<(String, Move)> {
        let last = self.played.last().cloned()?;
        self.truncate(self.played.len() - 1);
        Some(last)
    }

    /// Keeps the first `moves` moves played (takes back the others).
    pub fn truncate(&mut self, moves: usize) {
        if moves >= self.played.len() {
            return;
        }
        self.played.truncate(moves);
        self.movers.truncate(moves + 1);
        self.checkpoints.truncate(moves / CHECKPOINT + 1);
        let kept = self.checkpoints.len() - 1;
        self.current = self.checkpoints[kept].clone();
        for (_, mv) in &self.played[kept * CHECKPOINT..] {
            self.engine.play_unchecked(&mut self.current, mv.as_ref());
        }
    }

    /// The game as a record, naming its rules file `rules`.
    pub fn record(&self, rules: &str) -> Record {
        Record {
            game: Some(self.engine.game().title.clone()),
            rules: rules.to_string(),
            rules_hash: Some(record::hash(&self.source.text)),
            sets: self.sets.clone(),
            position: self.start.clone().map(|p| (p, Span::default())),
            moves: self
                .played
                .iter()
                .map(|(t, _)| (t.clone(), Span::default()))
                .collect(),
        }
    }

    /// The record's text, each move commented with who played it.
    pub fn record_text(&self, rules: &str) -> String {
        let players = &self.engine.game().players;
        let movers: Vec<String> = (0..self.played.len())
            .map(|i| players[self.movers[i].index()].clone())
            .collect();
        self.record(rules).to_text(&movers)
    }

    /// Plays a record's start and moves on this game, which has the
    /// record's options; on an error, the moves before it stay played.
    pub fn replay(&mut self, record: &Record) -> Result<(), ReplayError> {
        match &record.position {
            Some((text, span)) => self
                .set_start(text)
                .map_err(|error| ReplayError::Start { error, span: *span })?,
            None => self.restart(),
        }
        for (index, (text, span)) in record.moves.iter().enumerate() {
            self.play(text).map_err(|error| ReplayError::Move {
                index,
                text: text.clone(),
                span: *span,
                error,
            })?;
        }
        Ok(())
    }

    /// A game replayed from a record's text on `engine` (compiled with the
    /// record's options) and `source`.
    pub fn replay_text(
        engine: Arc<Engine>,
        source: Arc<SourceFile>,
        text: &str,
    ) -> Result<Session, ReplayError> {
        let record =
            Record::parse(&SourceFile::new("record", text.to_string())).map_err(ReplayError::Record)?;
        let mut session = Session::new(engine, source, record.sets.clone());
        session.replay(&record)?;
        Ok(session)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small placement game: nine drops, then a draw.
    fn game() -> Session {
        let rules = "game \"Dots\"\nplayers A, B\nboard grid files a..c ranks 1..3\n\
                     piece Dot letter D { drop: onto empty }\nsupply Dot\nend {\n  draw after 9 moves\n}\n";
        Session::load(SourceFile::new("dots.rules", rules), Vec::new()).expect("valid rules")
    }

    #[test]
    fn moves_are_played_read_short_and_taken_back() {
        let mut s = game();
        assert_eq!(s.legal().len(), 9);
        let first = s.legal()[4].0.clone();
        assert_eq!(s.play(&first).unwrap(), first);
        assert_eq!(s.legal().len(), 8);
        assert!(matches!(s.play(&first), Err(ParseMoveError::NotLegal(_))));
        assert!(matches!(
            s.play("zz"),
            Err(ParseMoveError::Malformed(_)) | Err(ParseMoveError::NotLegal(_))
        ));
        assert_eq!(s.undo().map(|(t, _)| t), Some(first));
        assert_eq!(s.undo(), None);
        assert_eq!(s.mover_after(1), s.mover());
    }

    #[test]
    fn a_record_replays_to_the_same_position_and_reports_a_bad_move_at_its_place() {
        let mut s = game();
        for _ in 0..5 {
            let mv = s.legal()[0].0.clone();
            s.play(&mv).unwrap();
        }
        let text = s.record_text("dots.rules");
        let again = Session::replay_text(s.engine_arc(), s.source_arc(), &text).unwrap();
        assert_eq!(again.position(), s.position());
        let broken = text.replace(&s.played()[2].0, &s.played()[0].0);
        match Session::replay_text(s.engine_arc(), s.source_arc(), &broken) {
            Err(ReplayError::Move { index, span, .. }) => {
                assert_eq!(index, 2);
                assert_eq!(broken[span.start..span.end], s.played()[0].0);
            }
            other => panic!("expected a move error, got {other:?}"),
        }
    }

    #[test]
    fn a_start_from_text_is_kept_for_the_record() {
        let mut s = game();
        s.play(&s.legal()[0].0.clone()).unwrap();
        let text = position_text::write(s.engine(), s.position());
        let mut t = game();
        t.set_start(&text).unwrap();
        assert_eq!(t.position(), s.position());
        assert_eq!(t.start_text(), Some(text.as_str()));
        assert!(t.record_text("x").contains("position: "));
        assert!(t.set_start("not a position").is_err());
        assert!(matches!(
            Session::load(SourceFile::new("bad", "game"), Vec::new()),
            Err(LoadError::Rules(_))
        ));
    }

    #[test]
    fn moves_taken_back_far_and_near_leave_the_positions_they_left() {
        let rules = "game \"Shuttle\"\nplayers A, B\nboard grid files a..b ranks 1..2\ndirections ns = n, s\n\
                     piece Shuttle letter S { move step: step ns onto empty }\n\
                     setup { A: Shuttle at a1  B: Shuttle at b1 }\nend { no move: draw }\n";
        let mut s = Session::load(SourceFile::new("shuttle.rules", rules), Vec::new()).expect("valid rules");
        let mut texts = vec![position_text::write(s.engine(), s.position())];
        for i in 0..300 {
            let mv = s.legal()[0].0.clone();
            s.play(&mv).expect("legal");
            texts.push(position_text::write(s.engine(), s.position()));
            assert_eq!(s.mover_after(i + 1), s.mover());
        }
        assert_eq!(s.checkpoints.len(), 300 / CHECKPOINT + 1);
        for back in [299, 256, 255, 130, 64, 63, 1, 0] {
            s.truncate(back);
            assert_eq!(
                position_text::write(s.engine(), s.position()),
                texts[back],
                "after {back} moves"
            );
            assert_eq!(s.played().len(), back);
        }
        assert!(s.undo().is_none());
    }
}
