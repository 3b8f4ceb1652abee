//! `rulebook`: a declarative board-game rules language, its compiler and engine.
//!
//! ```
//! use rulebook::{diag::SourceFile, load};
//!
//! let text = std::fs::read_to_string("games/knights-and-kender.rules").unwrap();
//! let game = load(&SourceFile::new("knights-and-kender.rules", text)).unwrap();
//! let engine = rulebook::engine::Engine::new(game, &[]).unwrap();
//! assert_eq!(engine.perft(&engine.start(), 1), 8);
//! ```

pub mod compile;
pub mod diag;
pub mod engine;
pub mod ir;
pub mod notation;
pub mod syntax;

use diag::{Problem, Report, SourceFile};

/// Parses and compiles a rules file. On errors, a [`Report`] with every problem
/// found (syntax and compile errors together, sorted by position).
pub fn load(source: &SourceFile) -> Result<ir::Game, Box<Report>> {
    let (game, problems) = check(source);
    match game {
        Some(game) => Ok(game),
        None => Err(Box::new(Report::new(source, problems))),
    }
}

/// Parses and compiles, returning the game (if there were no errors) and every problem.
pub fn check(source: &SourceFile) -> (Option<ir::Game>, Vec<Problem>) {
    let (file, syntax_errors) = syntax::parse(source);
    let syntax_failed = !syntax_errors.is_empty();
    let (game, mut problems) = compile::compile(&file, syntax_failed);
    problems.extend(syntax_errors.into_iter().map(Problem::from));
    if syntax_failed {
        (None, problems)
    } else {
        (game, problems)
    }
}
