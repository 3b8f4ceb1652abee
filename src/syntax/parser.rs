//! The pest parser generated from `grammar/rules.pest`.

use pest_derive::Parser;

/// The generated parser; only `syntax` sees it.
#[derive(Parser)]
#[grammar = "../grammar/rules.pest"]
pub(super) struct RulesParser;

/// An error of the generated parser: where it stopped and what it tried there.
pub(super) type ParseError = pest::error::Error<Rule>;
