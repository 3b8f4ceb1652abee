//! `Agent`: the program's players (`random`, `mcts:1000`, `mcts:2s`) for
//! one game, choosing moves with what the tree search thought.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rulebook::ai::{self, AgentSpec, Estimate};
use rulebook::ir::PlayerId;
use rulebook::notation;

use crate::errors::{self, AgentError, PositionError};
use crate::game::{Core, Game};
use crate::state::State;

/// A player of one game, named as on the command line (`random`,
/// `mcts:1000`, `mcts:2s,c=1.0`), seeded; the tree search keeps its tree
/// between the moves of one game.
#[pyclass(module = "rulebook")]
pub struct Agent {
    core: Arc<Core>,
    agent: ai::Agent,
    spec: String,
}

#[pymethods]
impl Agent {
    /// The agent `spec` for `game`, seeded with `seed` (a tree search runs
    /// on the threads its spec names: `mcts:1000,threads=4`).
    #[new]
    #[pyo3(signature = (game, spec = "mcts:1000", seed = 0))]
    fn new(py: Python<'_>, game: &Game, spec: &str, seed: u64) -> PyResult<Agent> {
        let parsed: AgentSpec = spec.parse().map_err(|e: ai::SpecError| {
            errors::plain::<AgentError>(py, "rules::cli::bad_agent", e.to_string())
        })?;
        Ok(Agent {
            core: game.core.clone(),
            agent: ai::Agent::new(&parsed, seed),
            spec: spec.to_string(),
        })
    }

    /// The agent's choice at `state`, or `None` when the game is over: a
    /// dict with `move` (notation), `action` (its id, or `None`),
    /// `estimate` (a dict: the mover's chance of winning `win` and of a
    /// draw `draw` after the move, and `proven`, the moves to the end when
    /// the search proved the result, else `None`; `None` for a forced move
    /// or a random agent), `playouts`,
    /// and `considered` (the most visited moves: notation, visits, score).
    fn choose<'py>(&mut self, py: Python<'py>, state: &mut State) -> PyResult<Option<Bound<'py, PyDict>>> {
        if !Arc::ptr_eq(state.core(), &self.core) {
            return Err(errors::plain::<PositionError>(
                py,
                "rules::python::other_game",
                "the state is a position of another game",
            ));
        }
        let engine = self.core.engine.clone();
        let pos = state.position().clone();
        let line = state.line();
        let agent = &mut self.agent;
        let chosen = py.detach(move || agent.choose(&engine, &pos, &line, &|_| {}));
        let Some((mv, thought)) = chosen else {
            return Ok(None);
        };
        let engine = &self.core.engine;
        let text = notation::format(engine, mv.as_ref());
        let d = PyDict::new(py);
        d.set_item("action", state.string_to_action(py, &text).ok())?;
        d.set_item("move", text)?;
        let estimate = match thought.as_ref() {
            Some(t) => t.estimate.map(|e| estimate_dict(py, e, t.mover)).transpose()?,
            None => None,
        };
        d.set_item("estimate", estimate)?;
        d.set_item("playouts", thought.as_ref().map_or(0, |t| t.playouts))?;
        let considered = PyList::empty(py);
        for c in thought.iter().flat_map(|t| &t.considered) {
            considered.append((notation::format(engine, c.mv.as_ref()), c.visits, c.score))?;
        }
        d.set_item("considered", considered)?;
        Ok(Some(d))
    }

    fn __repr__(&self) -> String {
        format!("<rulebook.Agent {}>", self.spec)
    }
}

/// An estimate for `mover` as a dict: `win` and `draw` chances (0 or 1 for a
/// proven result) and `proven` (the moves to the proven end, or `None`).
fn estimate_dict(py: Python<'_>, estimate: Estimate, mover: PlayerId) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    let (win, draw) = estimate.chances(mover);
    d.set_item("win", win)?;
    d.set_item("draw", draw)?;
    d.set_item("proven", estimate.proven_plies())?;
    Ok(d)
}
