//! What learning front ends need beyond a [`crate::session::Session`]: a
//! fixed, bounded action encoding of every move ([`ActionSpace`]) and the
//! position as planes of numbers ([`Planes`]), for any rules file. The
//! Python package builds its OpenSpiel game and PettingZoo environment on
//! these.

mod actions;
mod planes;

pub use actions::{ActionSpace, Actions};
pub use planes::Planes;
