//! `rulebook`: a declarative board-game rules language, its compiler and engine.
//!
//! Text goes through [`syntax`] (a typed AST with spans), [`compile`] (names
//! bound, errors collected, the board built and flattened) into an
//! [`ir::Game`], which the [`engine`] runs; [`notation`] writes and reads moves.
//!
//! ```
//! use rulebook::{diag::SourceFile, engine::Engine, load, notation};
//!
//! let rules = r#"
//!     game "Race"
//!     players White, Black
//!     board grid files a..c ranks 1..3 { exits n, s }
//!     directions ahead = White: n; Black: s
//!     region goal = White: rank 4; Black: rank 0
//!     counter home
//!     piece Runner letter R {
//!       move run: step ahead onto empty or (exit and in goal)
//!     }
//!     when Runner enters goal: add 1 to home
//!     setup { White: Runner at a1 c1  Black: Runner at b3 }
//!     turn go { choose move Runner }
//!     turns { repeat { White: go  Black: go } }
//!     end {
//!       for P in players: win P when home[P] >= 1
//!       no move: draw
//!     }
//! "#;
//! let game = load(&SourceFile::new("race.rules", rules)).expect("valid rules");
//! let engine = Engine::new(game, &[]).expect("no options to set");
//! let start = engine.start();
//! assert_eq!(engine.perft(&start, 1), 2);
//! let after = notation::play_sequence(&engine, "a1-a2 b3-b2").expect("legal moves");
//! assert_eq!(engine.perft(&after, 1), 2); // c1-c2 and a2-a3 (b2 blocks nothing)
//! ```

pub mod ai;
pub mod analysis;
pub mod compile;
pub mod describe;
pub mod diag;
pub mod engine;
pub mod explain;
pub mod external;
pub mod format;
pub mod ide;
pub mod ir;
pub mod learning;
pub mod lines;
pub mod notation;
pub mod position_text;
pub mod protocol;
pub mod record;
pub mod render;
pub mod rule_tests;
pub mod session;
pub mod syntax;

use diag::{Problem, Report, SourceFile};

/// Parses and compiles a rules file. On errors, a [`Report`] with every problem
/// found (syntax and compile errors together, sorted by position).
pub fn load(source: &SourceFile) -> Result<ir::Game, Box<Report>> {
    load_with(source, &[])
}

/// [`load`] with `name=value` option values, which may shape the board (a
/// board `files size ranks size`): give the engine the same values.
pub fn load_with(source: &SourceFile, options: &[(String, String)]) -> Result<ir::Game, Box<Report>> {
    let (game, problems) = check_with(source, options);
    match game {
        Some(game) => Ok(game),
        None => Err(Box::new(Report::new(source, problems))),
    }
}

/// Parses and compiles, returning the game (if there were no errors) and every problem.
pub fn check(source: &SourceFile) -> (Option<ir::Game>, Vec<Problem>) {
    check_with(source, &[])
}

/// [`check`] with option values (see [`load_with`]).
pub fn check_with(source: &SourceFile, options: &[(String, String)]) -> (Option<ir::Game>, Vec<Problem>) {
    let (file, syntax_errors) = syntax::parse(source);
    check_parsed(&file, syntax_errors, options)
}

/// [`check_with`] of a file already parsed, with its syntax errors: for
/// callers that read the syntax tree too (an editor's analysis).
pub fn check_parsed(
    file: &syntax::ast::RulesFile,
    syntax_errors: Vec<syntax::SyntaxError>,
    options: &[(String, String)],
) -> (Option<ir::Game>, Vec<Problem>) {
    let syntax_failed = !syntax_errors.is_empty();
    let (game, mut problems) = compile::compile(file, syntax_failed, options);
    problems.extend(syntax_errors.into_iter().map(Problem::from));
    if syntax_failed {
        (None, problems)
    } else {
        (game, problems)
    }
}
