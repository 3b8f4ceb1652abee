//! The compiler's problems: constructors for each kind, with codes and help lines.

use crate::diag::{Problem, Span};

/// What kind of name failed to resolve; decides the code and wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameKind {
    Player,
    Option,
    Piece,
    Direction,
    Region,
    Counter,
    Flag,
    Function,
    Turn,
    Move,
    Condition,
    Value,
    Mark,
    Saved,
    Fact,
    Colour,
    Clauses,
}

impl NameKind {
    /// The word used in messages.
    pub fn word(self) -> &'static str {
        match self {
            NameKind::Player => "player",
            NameKind::Option => "option",
            NameKind::Piece => "piece",
            NameKind::Direction => "direction",
            NameKind::Region => "region",
            NameKind::Counter => "counter",
            NameKind::Flag => "flag",
            NameKind::Function => "function",
            NameKind::Turn => "turn",
            NameKind::Move => "move",
            NameKind::Condition => "cell condition",
            NameKind::Value => "name",
            NameKind::Mark => "mark set",
            NameKind::Saved => "saved cell",
            NameKind::Fact => "fact of the last move",
            NameKind::Colour => "colour",
            NameKind::Clauses => "clause list",
        }
    }

    fn unknown_code(self) -> &'static str {
        match self {
            NameKind::Player => "rules::compile::unknown_player",
            NameKind::Option => "rules::compile::unknown_option",
            NameKind::Piece => "rules::compile::unknown_piece",
            NameKind::Direction => "rules::compile::unknown_direction",
            NameKind::Region => "rules::compile::unknown_region",
            NameKind::Counter => "rules::compile::unknown_counter",
            NameKind::Flag => "rules::compile::unknown_flag",
            NameKind::Function => "rules::compile::unknown_function",
            NameKind::Turn => "rules::compile::unknown_turn",
            NameKind::Move => "rules::compile::unknown_move",
            NameKind::Condition => "rules::compile::unknown_condition",
            NameKind::Value => "rules::compile::unknown_name",
            NameKind::Mark => "rules::compile::unknown_mark",
            NameKind::Saved => "rules::compile::unknown_saved_cell",
            NameKind::Fact => "rules::compile::unknown_fact",
            NameKind::Colour => "rules::compile::unknown_colour",
            NameKind::Clauses => "rules::compile::unknown_clauses",
        }
    }
}

/// `unknown piece `Kendr``, with "did you mean" from `candidates`.
pub fn unknown<'a>(
    kind: NameKind,
    name: &str,
    span: Span,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Problem {
    let mut problem = Problem::error(
        kind.unknown_code(),
        format!("unknown {} `{}`", kind.word(), name),
        span,
        match kind {
            NameKind::Value => "not defined".to_string(),
            _ => format!("no {} of this name", kind.word()),
        },
    );
    problem.subject = Some(name.to_string());
    let candidates: Vec<&str> = candidates.into_iter().collect();
    match did_you_mean(name, &candidates) {
        Some(close) => problem
            .with_help(format!("did you mean `{close}`?"))
            .with_fix(span, close),
        None if candidates.is_empty() => problem,
        None => {
            let mut list: Vec<&str> = candidates.into_iter().take(12).collect();
            list.sort_unstable();
            problem.with_help(format!("known {}s: {}", kind.word(), list.join(", ")))
        }
    }
}

/// The closest candidate by edit distance, if close enough to be a typo.
/// An abbreviation counts as close: `east` or `north_east` for a direction
/// `e` or `ne` (and the reverse), when one candidate fits so.
pub fn did_you_mean<'a>(name: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let short = initials(name);
    let abbreviated: Vec<&'a str> = candidates
        .iter()
        .copied()
        .filter(|c| {
            let c_lower = c.to_lowercase();
            c_lower != name.to_lowercase()
                && (short.as_deref() == Some(c_lower.as_str())
                    || initials(c).is_some_and(|i| i == name.to_lowercase()))
        })
        .collect();
    if let [only] = abbreviated.as_slice() {
        return Some(only);
    }
    candidates
        .iter()
        .map(|c| {
            (
                strsim::damerau_levenshtein(&name.to_lowercase(), &c.to_lowercase()),
                *c,
            )
        })
        .filter(|(d, c)| *d <= (name.len().max(c.len()) / 3).max(1))
        .min()
        .map(|(_, c)| c)
}

/// The compass words that direction names abbreviate.
const COMPASS: [&str; 4] = ["north", "south", "east", "west"];

/// The initials of a name made of several words (`north_east`,
/// `northeast`, `up-left`: `ne`, `ne`, `ul`), when it has more than one
/// letter's worth to abbreviate; `None` for a name that is already short.
fn initials(name: &str) -> Option<String> {
    let mut out = String::new();
    let mut compass = false;
    for part in name.to_lowercase().split(|c: char| !c.is_alphanumeric()) {
        let mut rest = part;
        // A run of compass words written together (`northeast`).
        while let Some(word) = COMPASS.iter().find(|w| rest.starts_with(*w)) {
            out.push_str(&word[..1]);
            rest = &rest[word.len()..];
            compass = true;
        }
        if let Some(first) = rest.chars().next() {
            out.push(first);
        }
    }
    // One plain word (`Stone`) is no abbreviation of its first letter.
    (out.len() < name.len() && (compass || out.len() > 1)).then_some(out)
}

/// A name declared twice in one namespace.
pub fn duplicate(kind: NameKind, name: &str, span: Span, first: Span) -> Problem {
    Problem::error(
        "rules::compile::duplicate",
        format!("{} `{}` is declared twice", kind.word(), name),
        span,
        "declared again here",
    )
    .with_label(first, "first declared here")
    .with_help("rename one of them, or remove the repeat")
}

/// A cell name that does not lie on the board.
pub fn cell_outside_board(name: &str, span: Span, board: &str) -> Problem {
    Problem::error(
        "rules::compile::cell_outside_board",
        format!("cell `{name}` is not on the board"),
        span,
        "outside the board",
    )
    .with_help(format!("the board has {board}"))
}

/// An expression of the wrong type.
pub fn type_mismatch(expected: &str, found: &str, span: Span) -> Problem {
    Problem::error(
        "rules::compile::type_mismatch",
        format!("expected {expected}, found {found}"),
        span,
        format!("this is {found}"),
    )
}

/// A value outside what is allowed.
pub fn out_of_range(what: &str, span: Span, allowed: &str) -> Problem {
    Problem::error(
        "rules::compile::out_of_range",
        format!("{what} is out of range"),
        span,
        format!("must be {allowed}"),
    )
}

/// A value computed while compiling that leaves the 64-bit numbers.
pub fn overflow(span: Span) -> Problem {
    Problem::error(
        "rules::compile::overflow",
        "this value is beyond the numbers the rules compute with",
        span,
        "overflows",
    )
    .with_help(format!("whole numbers go from {} to {}", i64::MIN, i64::MAX))
}

/// Arithmetic that could leave the 64-bit numbers for some values of the
/// options it reads: `unbounded` lists those without a bound, with their
/// declared bounds.
pub fn may_overflow(what: &str, span: Span, unbounded: &[(&str, Option<i64>, Option<i64>)]) -> Problem {
    let help = match unbounded {
        [] => format!(
            "keep the numbers smaller: the rules compute with whole numbers up to {}",
            i64::MAX
        ),
        [(name, min, max), ..] => {
            let lo = min.unwrap_or_else(|| max.map_or(0, |m| m.min(0).saturating_sub(1000)));
            let hi = max.unwrap_or_else(|| if lo < 1000 { 1000 } else { lo.saturating_add(1000) });
            let names: Vec<String> = unbounded.iter().map(|(n, _, _)| format!("`{n}`")).collect();
            format!(
                "give {} a range with both ends, e.g. `option {name}: int = … in {lo}..{hi}`",
                names.join(", ")
            )
        }
    };
    Problem::error(
        "rules::compile::overflow",
        format!("this {what} can go beyond the numbers the rules compute with"),
        span,
        "can overflow",
    )
    .with_help(help)
}

/// A required item is missing from the file.
pub fn missing(what: &str, span: Span, help: &str) -> Problem {
    Problem::error(
        "rules::compile::missing",
        format!("the rules have no {what}"),
        span,
        "expected somewhere in this file",
    )
    .with_help(help.to_string())
}

/// A construct used where it cannot work; `code` names the rule broken.
pub fn invalid(
    code: &'static str,
    message: impl Into<String>,
    span: Span,
    label: impl Into<String>,
) -> Problem {
    Problem::error(code, message, span, label)
}

#[cfg(test)]
mod tests {
    use super::{did_you_mean, initials};

    #[test]
    fn compass_words_and_several_words_abbreviate() {
        assert_eq!(initials("north").as_deref(), Some("n"));
        assert_eq!(initials("northeast").as_deref(), Some("ne"));
        assert_eq!(initials("south_west").as_deref(), Some("sw"));
        assert_eq!(initials("up-left").as_deref(), Some("ul"));
        assert_eq!(initials("Stone"), None);
        assert_eq!(initials("n"), None);
    }

    #[test]
    fn an_abbreviation_is_what_was_meant() {
        let board = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];
        assert_eq!(did_you_mean("east", &board), Some("e"));
        assert_eq!(did_you_mean("NorthWest", &board), Some("nw"));
        assert_eq!(did_you_mean("nee", &board), Some("ne"));
        assert_eq!(did_you_mean("n", &["north", "south"]), Some("north"));
        assert_eq!(did_you_mean("forward", &board), None);
    }
}
