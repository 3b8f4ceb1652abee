//! `Game`: a rules file compiled with its options, its action encoding and
//! its planes.

use std::collections::HashMap;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use rulebook::analysis::random_games_from;
use rulebook::diag::SourceFile;
use rulebook::engine::{Engine, Position};
use rulebook::learning::{ActionSpace, Planes};
use rulebook::session::{LoadError, Session};

use crate::errors::{self, PositionError, RulesError};
use crate::state::State;

/// What every state of a game shares.
pub struct Core {
    /// The rules with their options.
    pub engine: Arc<Engine>,
    /// The rules file.
    pub source: Arc<SourceFile>,
    /// The options set.
    pub sets: Vec<(String, String)>,
    /// The action ids.
    pub space: ActionSpace,
    /// The planes of the board tensor.
    pub planes: Planes,
}

/// A rules file compiled with its options: `Game.load(path, options)` or
/// `Game.from_text(text, name, options)`.
#[pyclass(frozen, module = "rulebook")]
pub struct Game {
    pub core: Arc<Core>,
}

/// Option values as `name=value` pairs, in the order given.
fn sets_of(options: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let mut sets = Vec::new();
    if let Some(options) = options {
        for (k, v) in options.iter() {
            let value = match v.extract::<bool>() {
                Ok(b) => b.to_string(),
                Err(_) => v.str()?.to_string(),
            };
            sets.push((k.str()?.to_string(), value));
        }
    }
    Ok(sets)
}

impl Game {
    fn compile(
        py: Python<'_>,
        source: SourceFile,
        sets: Vec<(String, String)>,
        slots: Option<usize>,
    ) -> PyResult<Game> {
        match Session::load(source.clone(), sets) {
            Ok(session) => {
                let engine = session.engine_arc();
                let core = Core {
                    space: ActionSpace::new(&engine, slots),
                    planes: Planes::of(&engine),
                    source: session.source_arc(),
                    sets: session.sets().to_vec(),
                    engine,
                };
                Ok(Game { core: Arc::new(core) })
            }
            Err(LoadError::Rules(report)) => Err(errors::report(py, &source, &report)),
            Err(e @ LoadError::Option(_)) => {
                let rendered = errors::render(&e);
                let entry = errors::Entry::plain("rules::cli::option", e.to_string());
                Err(errors::raise::<RulesError>(
                    py,
                    e.to_string(),
                    rendered,
                    vec![entry],
                ))
            }
        }
    }
}

#[pymethods]
impl Game {
    /// Compiles the rules file at `path` with `options` (a dict of option
    /// values); `slots`: the action slots per head (see the docs).
    #[staticmethod]
    #[pyo3(signature = (path, options = None, slots = None))]
    fn load(
        py: Python<'_>,
        path: &str,
        options: Option<&Bound<'_, PyDict>>,
        slots: Option<usize>,
    ) -> PyResult<Game> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            errors::plain::<RulesError>(
                py,
                "rules::cli::unreadable_file",
                format!("cannot read `{path}`: {e}"),
            )
        })?;
        Game::compile(py, SourceFile::new(path, text), sets_of(options)?, slots)
    }

    /// Compiles rules given as text (`name` names them in diagnostics).
    #[staticmethod]
    #[pyo3(signature = (text, name = "rules", options = None, slots = None))]
    fn from_text(
        py: Python<'_>,
        text: &str,
        name: &str,
        options: Option<&Bound<'_, PyDict>>,
        slots: Option<usize>,
    ) -> PyResult<Game> {
        Game::compile(py, SourceFile::new(name, text), sets_of(options)?, slots)
    }

    /// The game's title.
    #[getter]
    fn title(&self) -> String {
        self.core.engine.game().title.clone()
    }

    /// The rules file's name.
    #[getter]
    fn source_name(&self) -> String {
        self.core.source.name.clone()
    }

    /// The players' names, in turn order of the rules.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.core.engine.game().players.clone()
    }

    /// The number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.core.engine.game().players.len()
    }

    /// The names of the board's cells, by cell index.
    #[getter]
    fn cells(&self) -> Vec<String> {
        let topology = &self.core.engine.game().topology;
        topology.cell_names[..topology.board_cells].to_vec()
    }

    /// The names of the piece kinds, by kind index.
    #[getter]
    fn kinds(&self) -> Vec<String> {
        self.core
            .engine
            .game()
            .kinds
            .iter()
            .map(|k| k.name.clone())
            .collect()
    }

    /// Every option with its value.
    #[getter]
    fn options(&self) -> HashMap<String, i64> {
        let game = self.core.engine.game();
        (game.options.iter().zip(self.core.engine.option_values()))
            .map(|(o, &v)| (o.name.clone(), v))
            .collect()
    }

    /// The number of action ids: every id is below it.
    #[getter]
    fn num_actions(&self) -> usize {
        self.core.space.size()
    }

    /// The number of heads (ids of slot 0).
    #[getter]
    fn action_heads(&self) -> usize {
        self.core.space.heads()
    }

    /// The slots per head.
    #[getter]
    fn action_slots(&self) -> usize {
        self.core.space.slots()
    }

    /// What an action id stands for: `(block, a, b, slot)` with block
    /// `drop` (kind, cell), `move` (from, to), `remove` (cell), `turn`
    /// (transform) or `pass`; `None` beyond the last id.
    fn describe_action(&self, id: usize) -> Option<(&'static str, usize, usize, usize)> {
        self.core.space.describe(id)
    }

    /// The board tensor's shape: (planes, height, width).
    #[getter]
    fn tensor_shape(&self) -> (usize, usize, usize) {
        self.core.planes.shape()
    }

    /// The name of each plane of the board tensor.
    #[getter]
    fn plane_names(&self) -> Vec<String> {
        self.core.planes.names.clone()
    }

    /// `(row, column)` of each board cell on the tensor's planes.
    #[getter]
    fn cell_layout(&self) -> Vec<(usize, usize)> {
        self.core.planes.layout.clone()
    }

    /// The starting position.
    fn start(&self) -> State {
        State::new(self.core.clone(), self.core.engine.start())
    }

    /// The position written `text` (as `rulebook position` writes it).
    fn state(&self, py: Python<'_>, text: &str) -> PyResult<State> {
        match rulebook::position_text::read(&self.core.engine, text) {
            Ok(pos) => Ok(State::new(self.core.clone(), pos)),
            Err(e) => Err(errors::plain::<PositionError>(
                py,
                "rules::cli::bad_position",
                e.to_string(),
            )),
        }
    }

    /// Perft: the number of move sequences of `depth` moves from `state`
    /// (the start when `None`).
    #[pyo3(signature = (depth, state = None))]
    fn perft(&self, py: Python<'_>, depth: u32, state: Option<&State>) -> PyResult<u64> {
        let pos = self.position_of(py, state)?;
        let engine = self.core.engine.clone();
        Ok(py.detach(move || engine.perft(&pos, depth.min(rulebook::engine::MAX_PERFT_DEPTH))))
    }

    /// `n` uniform random games from `state` (the start when `None`), all
    /// in Rust on `threads` threads, each stopped as a draw after
    /// `max_moves` moves: a dict with `games`, `wins` (per player),
    /// `draws`, `moves` (played in all), `capped` (games stopped). The same
    /// seed gives the same games whatever the threads.
    #[pyo3(signature = (n, seed = 0, max_moves = 100_000, threads = 1, state = None))]
    fn playouts<'py>(
        &self,
        py: Python<'py>,
        n: u64,
        seed: u64,
        max_moves: u32,
        threads: usize,
        state: Option<&State>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let pos = self.position_of(py, state)?;
        let engine = self.core.engine.clone();
        let games = py.detach(move || random_games_from(&engine, &pos, n, seed, max_moves, threads.max(1)));
        let d = PyDict::new(py);
        d.set_item("games", games.stats.games)?;
        d.set_item("wins", games.stats.wins)?;
        d.set_item("draws", games.stats.draws)?;
        d.set_item("moves", games.stats.moves)?;
        d.set_item("capped", games.capped)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "<rulebook.Game {:?} from {}>",
            self.title(),
            self.core.source.name
        )
    }
}

impl Game {
    /// The position of `state`, which must be of this game (the start when `None`).
    fn position_of(&self, py: Python<'_>, state: Option<&State>) -> PyResult<Position> {
        match state {
            Some(s) if Arc::ptr_eq(s.core(), &self.core) => Ok(s.position().clone()),
            Some(_) => Err(errors::plain::<PositionError>(
                py,
                "rules::python::other_game",
                "the state is a position of another game",
            )),
            None => Ok(self.core.engine.start()),
        }
    }
}
