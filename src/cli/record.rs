//! Game records, read and written by the library ([`rulebook::record`]); the
//! command line, `play` and the web page name them from here.

pub use rulebook::record::*;
