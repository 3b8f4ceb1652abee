//! The native module of the `rulebook` Python package: a rules file loaded
//! as a [`game::Game`], its positions as [`state::State`]s, and the tree
//! search as an [`agent::Agent`]. The pure-Python part (`rulebook/`) adds
//! numpy arrays, the OpenSpiel game and the PettingZoo environment.

mod agent;
mod errors;
mod game;
mod state;

use pyo3::prelude::*;

/// The module `rulebook._rulebook`.
#[pymodule]
fn _rulebook(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<agent::Agent>()?;
    errors::add_to(m)?;
    Ok(())
}
