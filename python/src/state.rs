//! `State`: a position of a game with the moves that led to it, its legal
//! moves as action ids and notation, and the board tensor.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyByteArray;
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rulebook::engine::{Move, MoveBuf, MoveRef, Position};
use rulebook::ir::Outcome;
use rulebook::learning::Actions;
use rulebook::notation;

use crate::errors::{self, MoveError};
use crate::game::Core;

/// A position of a game, with the moves played to reach it from where the
/// state was made (which `undo` takes back).
#[pyclass(module = "rulebook")]
pub struct State {
    core: Arc<Core>,
    pos: Position,
    /// The position the state was made at.
    first: Arc<Position>,
    /// The tokens of the moves played since, one after another, and where
    /// each move ends among them.
    tokens: Vec<u16>,
    ends: Vec<usize>,
    /// The legal moves of `pos`, listed when first asked for.
    buf: MoveBuf,
    actions: Actions,
    listed: bool,
}

impl State {
    /// A state at `pos` with no moves behind it.
    pub fn new(core: Arc<Core>, pos: Position) -> State {
        State {
            core,
            first: Arc::new(pos.clone()),
            pos,
            tokens: Vec::new(),
            ends: Vec::new(),
            buf: MoveBuf::new(),
            actions: Actions::default(),
            listed: false,
        }
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The rules it is a position of.
    pub fn core(&self) -> &Arc<Core> {
        &self.core
    }

    /// The moves played since the state was made.
    pub fn line(&self) -> Vec<Move> {
        self.played().map(|m| m.to_move()).collect()
    }

    /// The moves played since the state was made, borrowed.
    fn played(&self) -> impl Iterator<Item = MoveRef<'_>> {
        (0..self.ends.len()).map(|i| {
            let start = if i == 0 { 0 } else { self.ends[i - 1] };
            MoveRef::from_raw(&self.tokens[start..self.ends[i]])
        })
    }

    /// Lists the legal moves and their ids, once per position.
    fn list(&mut self) {
        if !self.listed {
            let engine = &self.core.engine;
            if self.pos.result().is_some() {
                self.buf.moves.clear();
            } else {
                engine.legal_moves(&self.pos, &mut self.buf);
            }
            self.core.space.encode(&self.buf, &mut self.actions);
            self.listed = true;
        }
    }

    /// Plays move `i` of the list.
    fn play_listed(&mut self, i: usize) {
        self.tokens.extend_from_slice(self.buf.moves.get(i).raw());
        self.ends.push(self.tokens.len());
        self.core.engine.play_chosen(&mut self.pos, &self.buf, i);
        self.listed = false;
    }

    /// The index in the list of the legal move with id `action`.
    fn index_of(&mut self, action: u32) -> Option<usize> {
        self.list();
        let ids = &self.actions.ids;
        ids.binary_search_by_key(&action, |&(id, _)| id)
            .ok()
            .map(|k| ids[k].1 as usize)
    }

    /// The id of move `i` of the list, if it has one.
    fn id_of(&self, i: usize) -> Option<u32> {
        self.actions
            .ids
            .iter()
            .find(|&&(_, k)| k as usize == i)
            .map(|&(id, _)| id)
    }

    fn outcome(&mut self) -> Option<Outcome> {
        if let Some(r) = self.pos.result() {
            return Some(r);
        }
        self.list();
        self.buf
            .moves
            .is_empty()
            .then(|| self.core.engine.final_outcome(&self.pos))
    }
}

/// Each player's return for an outcome ([`Outcome::returns`]), 0 to all
/// while the game goes on.
pub fn returns_of(outcome: Option<Outcome>, players: usize) -> Vec<f64> {
    match outcome {
        Some(outcome) => outcome.returns(players),
        None => vec![0.0; players],
    }
}

#[pymethods]
impl State {
    /// The index of the player to move (the player who would move, once
    /// the game is over).
    #[getter]
    fn mover(&self) -> usize {
        self.core.engine.mover(&self.pos).index()
    }

    /// Moves made since the rules' start (as the position counts them).
    #[getter]
    fn ply(&self) -> u32 {
        self.pos.ply()
    }

    /// Whether the game is over.
    fn is_terminal(&mut self) -> bool {
        self.outcome().is_some()
    }

    /// `"ongoing"`, `"win"` or `"draw"`.
    fn status(&mut self) -> &'static str {
        match self.outcome() {
            None => "ongoing",
            Some(Outcome::Win(_)) => "win",
            Some(Outcome::Draw) => "draw",
        }
    }

    /// The winner's index, if the game is won.
    #[getter]
    fn winner(&mut self) -> Option<usize> {
        match self.outcome() {
            Some(Outcome::Win(p)) => Some(p.index()),
            _ => None,
        }
    }

    /// Each player's return: 1 to a winner, −1 shared by the others, 0 in
    /// a draw or while the game goes on.
    fn returns(&mut self) -> Vec<f64> {
        let players = self.core.engine.game().players.len();
        returns_of(self.outcome(), players)
    }

    /// The ids of the legal moves, ascending (moves that have no id are
    /// left out: see `unencodable`).
    fn legal_actions(&mut self) -> Vec<u32> {
        self.list();
        self.actions.ids.iter().map(|&(id, _)| id).collect()
    }

    /// The number of legal moves that have no action id here.
    #[getter]
    fn unencodable(&mut self) -> usize {
        self.list();
        self.actions.unencodable
    }

    /// A 0/1 mask over every action id: 1 where the id is legal.
    fn action_mask<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyByteArray> {
        self.list();
        let mut mask = vec![0u8; self.core.space.size()];
        for &(id, _) in &self.actions.ids {
            mask[id as usize] = 1;
        }
        PyByteArray::new(py, &mask)
    }

    /// The legal moves in notation, sorted (one per notation).
    fn legal_moves(&mut self) -> Vec<String> {
        self.legal().into_iter().map(|(_, t)| t).collect()
    }

    /// The legal moves as `(action id or None, notation)`, sorted by notation.
    fn legal(&mut self) -> Vec<(Option<u32>, String)> {
        self.list();
        let engine = &self.core.engine;
        let mut ids = vec![None; self.buf.moves.len()];
        for &(id, i) in &self.actions.ids {
            ids[i as usize] = Some(id);
        }
        let mut out: Vec<(Option<u32>, String)> = (ids.into_iter().enumerate())
            .map(|(i, id)| (id, notation::format(engine, self.buf.moves.get(i))))
            .collect();
        out.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
        out.dedup_by(|a, b| a.1 == b.1);
        out
    }

    /// Plays the legal move with id `action`.
    fn apply_action(&mut self, py: Python<'_>, action: u32) -> PyResult<()> {
        match self.index_of(action) {
            Some(i) => {
                self.play_listed(i);
                Ok(())
            }
            None => Err(errors::plain::<MoveError>(
                py,
                "rules::python::illegal_action",
                format!("action {action} is not legal here"),
            )),
        }
    }

    /// Plays the legal move written `text` (in full or a short form only it
    /// fits); its full notation.
    fn play(&mut self, py: Python<'_>, text: &str) -> PyResult<String> {
        let i = self.index_of_text(py, text)?;
        let written = notation::format(&self.core.engine, self.buf.moves.get(i));
        self.play_listed(i);
        Ok(written)
    }

    /// The action id of the legal move written `text`.
    pub fn string_to_action(&mut self, py: Python<'_>, text: &str) -> PyResult<u32> {
        let i = self.index_of_text(py, text)?;
        self.id_of(i).ok_or_else(|| {
            errors::plain::<MoveError>(
                py,
                "rules::python::unencodable",
                format!("`{text}` has no action id"),
            )
        })
    }

    /// The notation of the legal move with id `action`; for an id not legal
    /// here, what the id stands for (`drop Disc d1`, `move a2 a3`, …).
    fn action_to_string(&mut self, action: u32) -> String {
        if let Some(i) = self.index_of(action) {
            return notation::format(&self.core.engine, self.buf.moves.get(i));
        }
        let game = self.core.engine.game();
        let cell = |c: usize| game.topology.cell_names.get(c).cloned().unwrap_or_default();
        match self.core.space.describe(action as usize) {
            Some(("drop", k, c, s)) => format!("drop {} {}#{s}", game.kinds[k].name, cell(c)),
            Some(("move", a, b, s)) => format!("move {} {}#{s}", cell(a), cell(b)),
            Some(("remove", c, _, s)) => format!("remove {}#{s}", cell(c)),
            Some((block, t, _, s)) => format!("{block} {t}#{s}"),
            None => format!("no action {action}"),
        }
    }

    /// Takes the last move back (by playing the others again from the
    /// state's first position); raises there.
    fn undo(&mut self, py: Python<'_>) -> PyResult<()> {
        if self.ends.pop().is_none() {
            return Err(errors::plain::<MoveError>(
                py,
                "rules::python::nothing_to_undo",
                "no move to take back",
            ));
        }
        self.tokens.truncate(self.ends.last().copied().unwrap_or(0));
        let mut pos = (*self.first).clone();
        for mv in self.played() {
            self.core.engine.play_unchecked(&mut pos, mv);
        }
        self.pos = pos;
        self.listed = false;
        Ok(())
    }

    /// The moves played since the state was made, in notation.
    fn history(&self) -> Vec<String> {
        let engine = &self.core.engine;
        let mut pos = (*self.first).clone();
        let mut out = Vec::with_capacity(self.ends.len());
        for mv in self.played() {
            out.push(notation::format(engine, mv));
            engine.play_unchecked(&mut pos, mv);
        }
        out
    }

    /// An independent copy.
    fn clone(&self) -> State {
        State {
            core: self.core.clone(),
            pos: self.pos.clone(),
            first: self.first.clone(),
            tokens: self.tokens.clone(),
            ends: self.ends.clone(),
            buf: MoveBuf::new(),
            actions: Actions::default(),
            listed: false,
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The position as text (`rulebook position`'s form, read back by `Game.state`).
    #[getter]
    fn text(&self) -> String {
        rulebook::position_text::write(&self.core.engine, &self.pos)
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("<rulebook.State {}>", self.text())
    }

    /// The game it is a position of.
    #[getter]
    fn game(&self) -> crate::game::Game {
        crate::game::Game {
            core: self.core.clone(),
        }
    }

    /// The board tensor's shape: (planes, height, width).
    #[getter]
    fn tensor_shape(&self) -> (usize, usize, usize) {
        self.core.planes.shape()
    }

    /// The board tensor's numbers (float32, planes × height × width, row
    /// by row); `rulebook.tensor(state)` shapes them as a numpy array.
    fn tensor_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyByteArray> {
        let planes = &self.core.planes;
        let (n, h, w) = planes.shape();
        let mut out = vec![0f32; n * h * w];
        planes.write(&self.core.engine, &self.pos, &mut out);
        let bytes: Vec<u8> = out.iter().flat_map(|v| v.to_ne_bytes()).collect();
        PyByteArray::new(py, &bytes)
    }

    /// Plays one uniform random game from here in Rust (the state is left
    /// as it was); each player's return. A game still going after
    /// `max_moves` moves counts as a draw.
    #[pyo3(signature = (seed = 0, max_moves = 100_000))]
    fn random_playout(&self, py: Python<'_>, seed: u64, max_moves: u32) -> Vec<f64> {
        let engine = self.core.engine.clone();
        let mut pos = self.pos.clone();
        let players = engine.game().players.len();
        let outcome = py.detach(move || {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut buf = MoveBuf::new();
            for _ in 0..max_moves {
                match engine.random_move(&pos, &mut buf, &mut rng) {
                    Some(i) => engine.play_chosen(&mut pos, &buf, i),
                    None => return Some(engine.final_outcome(&pos)),
                }
            }
            match engine.random_move(&pos, &mut buf, &mut rng) {
                None => Some(engine.final_outcome(&pos)),
                Some(_) => None,
            }
        });
        returns_of(outcome, players)
    }
}

impl State {
    /// The index in the list of the legal move written `text`.
    fn index_of_text(&mut self, py: Python<'_>, text: &str) -> PyResult<usize> {
        let engine = self.core.engine.clone();
        let mv = notation::parse(&engine, &self.pos, text, &mut MoveBuf::new())
            .map_err(|e| errors::plain::<MoveError>(py, "rules::cli::illegal_move", e.to_string()))?;
        self.list();
        (0..self.buf.moves.len())
            .find(|&i| self.buf.moves.get(i) == mv.as_ref())
            .ok_or_else(|| {
                errors::plain::<MoveError>(
                    py,
                    "rules::cli::illegal_move",
                    format!("`{text}` is not a legal move here"),
                )
            })
    }
}
