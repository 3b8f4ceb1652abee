//! Option values: the defaults of the rules file with `name=value` overrides.

use crate::ir::{Game, OptionInfo};

/// A problem with option values given to [`super::Engine::new`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// No option of that name.
    #[error("unknown option `{name}`; the options are: {known}")]
    Unknown { name: String, known: String },
    /// A value of the wrong type.
    #[error("option `{name}` takes {expected}, not `{value}`")]
    WrongType {
        name: String,
        expected: String,
        value: String,
    },
    /// A value outside the declared range (or beyond the 64-bit numbers).
    #[error("option `{name}` must be {allowed}, not {value}")]
    OutOfRange {
        name: String,
        allowed: String,
        value: String,
    },
    /// An option that shaped the board, given another value than the board was built with.
    #[error(
        "option `{name}` shapes the board, which was built with {name}={built}: compile the rules with {name}={value} (`rulebook::load_with`)"
    )]
    ShapesBoard { name: String, built: i64, value: i64 },
}

/// The value `value` (as `--set` writes it) gives option `info`: of its
/// type, within its range.
pub(crate) fn value_of(info: &OptionInfo, value: &str) -> Result<i64, OptionError> {
    let name = info.name.clone();
    // Whole numbers are read wider than the rules compute with, so that
    // one beyond 64 bits is out of range rather than of the wrong type.
    let parsed: Option<i128> = if info.is_bool {
        match value {
            "true" => Some(1),
            "false" => Some(0),
            _ => None,
        }
    } else {
        value.parse::<i128>().ok()
    };
    let Some(v) = parsed else {
        return Err(OptionError::WrongType {
            name,
            expected: if info.is_bool {
                "`true` or `false`".into()
            } else {
                "a whole number".into()
            },
            value: value.to_string(),
        });
    };
    let lo = info.min.unwrap_or(i64::MIN) as i128;
    let hi = info.max.unwrap_or(i64::MAX) as i128;
    if v < lo || v > hi {
        let allowed = match (info.min, info.max) {
            (Some(lo), Some(hi)) => format!("between {lo} and {hi}"),
            (Some(lo), None) => format!("at least {lo}"),
            (_, Some(hi)) => format!("at most {hi}"),
            _ => format!("between {} and {}", i64::MIN, i64::MAX),
        };
        return Err(OptionError::OutOfRange {
            name,
            allowed,
            value: value.to_string(),
        });
    }
    Ok(v as i64)
}

/// The value of every option of `game`, in declaration order (bools as 0 / 1).
pub(super) fn values(game: &Game, overrides: &[(String, String)]) -> Result<Vec<i64>, OptionError> {
    let mut options: Vec<i64> = game.options.iter().map(|o| o.default).collect();
    for (name, value) in overrides {
        let Some(i) = game.options.iter().position(|o| o.name == *name) else {
            let known: Vec<String> = game
                .options
                .iter()
                .map(|o| format!("{} ({})", o.name, if o.is_bool { "bool" } else { "int" }))
                .collect();
            return Err(OptionError::Unknown {
                name: name.clone(),
                known: if known.is_empty() {
                    "none".into()
                } else {
                    known.join(", ")
                },
            });
        };
        options[i] = value_of(&game.options[i], value)?;
    }
    for &(i, built) in &game.shaping {
        if options[i] != built {
            return Err(OptionError::ShapesBoard {
                name: game.options[i].name.clone(),
                built,
                value: options[i],
            });
        }
    }
    Ok(options)
}
