//! Shares of a study run apart (`analyze --shard I/N`): the raw results of
//! one share with everything that identifies the study, and their merge.

use serde::{Deserialize, Serialize};

use super::study::{GameRecord, Study};

/// The format line of a share file.
pub const FORMAT: &str = "rulebook analyze shard 1";

/// The raw results of one share of a study.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shard {
    /// [`FORMAT`].
    pub format: String,
    /// The study it belongs to.
    pub study: Study,
    /// Which share: `index` from 1 to `count`.
    pub index: u64,
    pub count: u64,
    /// The results of its games.
    pub results: Vec<GameRecord>,
}

impl Shard {
    /// Reads a share from the JSON that `analyze --shard` writes; the error
    /// says why the text is not one. (What it holds is checked by [`merge`].)
    pub fn from_json(text: &str) -> Result<Shard, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
}

/// Why shares cannot be merged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no share to merge")]
    Empty,
    /// A file of another format.
    #[error("`{file}` is not a share of a study (its format is `{format}`)")]
    Format { file: String, format: String },
    /// Two shares of different studies.
    #[error("`{file}` belongs to another study than `{first}`: its {what} differ")]
    Mismatch {
        file: String,
        first: String,
        what: &'static str,
    },
    /// Shares split in different numbers.
    #[error("`{file}` is share {index} of {count}, but `{first}` is one of {first_count}")]
    Count {
        file: String,
        index: u64,
        count: u64,
        first: String,
        first_count: u64,
    },
    /// One share given twice.
    #[error("share {index} of {count} is given twice: `{first}` and `{file}`")]
    Twice {
        index: u64,
        count: u64,
        first: String,
        file: String,
    },
    /// Shares missing.
    #[error("shares {missing} of {count} are missing")]
    Missing { missing: String, count: u64 },
    /// A share that no study could have written: what is wrong in it.
    #[error("`{file}` is not a share of a study: {what}")]
    Invalid { file: String, what: String },
    /// Far fewer shares than the study was split in (too many missing to list).
    #[error("{given} shares are given, but the study was split in {count}")]
    TooFew { given: usize, count: u64 },
}

/// What is wrong with the study a share describes, if anything: one player
/// at least and at most [`crate::ir::ids::MAX_PLAYERS`], an agent each, a
/// first mover among them for each variant, one game at least, a number of
/// games that can be counted.
fn invalid_study(study: &Study) -> Option<String> {
    let players = study.players.len();
    if players == 0 || players > crate::ir::ids::MAX_PLAYERS {
        return Some(format!(
            "it names {players} players (from 1 to {})",
            crate::ir::ids::MAX_PLAYERS
        ));
    }
    if study.agents.len() != players {
        return Some(format!(
            "it names {} agents for {players} players",
            study.agents.len()
        ));
    }
    if study.variants.is_empty() {
        return Some("it has no variant".into());
    }
    if study.first_movers.len() != study.variants.len() {
        return Some(format!(
            "it gives {} first movers for {} variants",
            study.first_movers.len(),
            study.variants.len()
        ));
    }
    if let Some(p) = study.first_movers.iter().find(|&&p| p >= players) {
        return Some(format!(
            "a first mover is player {p}, but the players are 0 to {}",
            players - 1
        ));
    }
    if study.games == 0 {
        return Some("it has no games".into());
    }
    if (study.variants.len() as u64).checked_mul(study.games).is_none() {
        return Some(format!(
            "{} games for each of {} variants are too many to count",
            study.games,
            study.variants.len()
        ));
    }
    None
}

/// What is wrong with the results of share `index` (from 0) of `count`, if
/// anything: they must be the games of the share, in order, each with a
/// winner among the players or none. Checked without listing the games of
/// the share, whose number the file gives.
fn invalid_results(study: &Study, index: u64, count: u64, results: &[GameRecord]) -> Option<String> {
    let total = study.total();
    let expected = if index < total {
        (total - index).div_ceil(count)
    } else {
        0
    };
    if results.len() as u64 != expected {
        return Some(format!(
            "it holds {} results for the {expected} games of its share",
            results.len()
        ));
    }
    for (j, r) in results.iter().enumerate() {
        let game = index + j as u64 * count;
        if r.variant >= study.variants.len()
            || r.game >= study.games
            || r.variant as u64 * study.games + r.game != game
        {
            return Some(format!(
                "its result {} is of variant {} game {}, not of the share's game {game}",
                j + 1,
                r.variant,
                r.game
            ));
        }
        if let Some(w) = r.result.winner.filter(|&w| w as usize >= study.players.len()) {
            return Some(format!(
                "its result {} names player {w} as the winner, but the players are 0 to {}",
                j + 1,
                study.players.len() - 1
            ));
        }
    }
    None
}

/// The most missing shares an error lists.
const MAX_LISTED_MISSING: u64 = 100;

/// The parts of a study that shares must share, named for messages.
fn differing(a: &Study, b: &Study) -> Option<&'static str> {
    if a.rules_hash != b.rules_hash || a.title != b.title || a.players != b.players {
        Some("rules files")
    } else if a.sets != b.sets || a.variants != b.variants || a.first_movers != b.first_movers {
        Some("variants (options)")
    } else if a.agents != b.agents {
        Some("agents")
    } else if a.games != b.games {
        Some("numbers of games")
    } else if a.seed != b.seed {
        Some("seeds")
    } else if a.rules != b.rules {
        Some("rules file names")
    } else {
        None
    }
}

/// Merges the shares (each with the name of its file) into the study and
/// all its results, sorted by variant and game; refuses shares that do not
/// belong together or do not make the whole study.
pub fn merge(shards: &[(String, Shard)]) -> Result<(Study, Vec<GameRecord>), MergeError> {
    let (first_name, first) = shards.first().ok_or(MergeError::Empty)?;
    let count = first.count;
    for (file, s) in shards {
        if s.format != FORMAT {
            return Err(MergeError::Format {
                file: file.clone(),
                format: s.format.clone(),
            });
        }
        if let Some(what) = invalid_study(&s.study) {
            return Err(MergeError::Invalid {
                file: file.clone(),
                what,
            });
        }
    }
    // Every share must be given, each once: the missing ones are listed
    // when there are few, and the shares are counted only then.
    if count > shards.len() as u64 + MAX_LISTED_MISSING {
        return Err(MergeError::TooFew {
            given: shards.len(),
            count,
        });
    }
    let mut seen: Vec<Option<&str>> = vec![None; count as usize];
    let mut results = Vec::new();
    for (file, s) in shards {
        if let Some(what) = differing(&first.study, &s.study) {
            return Err(MergeError::Mismatch {
                file: file.clone(),
                first: first_name.clone(),
                what,
            });
        }
        if s.count != count || s.index == 0 || s.index > count {
            return Err(MergeError::Count {
                file: file.clone(),
                index: s.index,
                count: s.count,
                first: first_name.clone(),
                first_count: count,
            });
        }
        let slot = &mut seen[s.index as usize - 1];
        if let Some(earlier) = slot {
            return Err(MergeError::Twice {
                index: s.index,
                count,
                first: earlier.to_string(),
                file: file.clone(),
            });
        }
        *slot = Some(file);
        if let Some(what) = invalid_results(&s.study, s.index - 1, count, &s.results) {
            return Err(MergeError::Invalid {
                file: file.clone(),
                what,
            });
        }
        results.extend_from_slice(&s.results);
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| seen[*i as usize - 1].is_none())
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing {
            missing: missing.join(", "),
            count,
        });
    }
    results.sort_by_key(|r| (r.variant, r.game));
    Ok((first.study.clone(), results))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::GameResult;

    fn study() -> Study {
        Study {
            rules: "game.rules".into(),
            rules_hash: "fnv1a64 0".into(),
            title: "A game".into(),
            players: vec!["A".into(), "B".into()],
            agents: vec!["random".into(), "random".into()],
            sets: vec![],
            variants: vec![vec![], vec![("k".into(), "2".into())]],
            first_movers: vec![0, 0],
            games: 3,
            seed: 1,
        }
    }

    fn shard(index: u64, count: u64) -> (String, Shard) {
        let s = study();
        let results = crate::analysis::study::share(&s, index - 1, count)
            .into_iter()
            .map(|g| GameRecord {
                variant: (g / 3) as usize,
                game: g % 3,
                result: GameResult {
                    winner: Some((g % 2) as u8),
                    length: g as u32,
                    cut: false,
                },
            })
            .collect();
        let shard = Shard {
            format: FORMAT.into(),
            study: s,
            index,
            count,
            results,
        };
        (format!("{index}.json"), shard)
    }

    #[test]
    fn shares_merge_into_the_whole_study() {
        let (study, results) = merge(&[shard(2, 2), shard(1, 2)]).expect("they belong together");
        assert_eq!(study, self::study());
        let order: Vec<(usize, u64)> = results.iter().map(|r| (r.variant, r.game)).collect();
        assert_eq!(order, [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]);
    }

    #[test]
    fn shares_that_do_not_belong_together_are_refused() {
        assert_eq!(merge(&[]), Err(MergeError::Empty));
        let missing = merge(&[shard(1, 3), shard(3, 3)]).expect_err("share 2 is missing");
        assert_eq!(missing.to_string(), "shares 2 of 3 are missing");
        assert!(matches!(
            merge(&[shard(1, 2), shard(1, 2)]),
            Err(MergeError::Twice { .. })
        ));
        assert!(matches!(
            merge(&[shard(1, 2), shard(2, 3)]),
            Err(MergeError::Count { .. })
        ));
        let mut other = shard(2, 2);
        other.1.study.seed = 9;
        let err = merge(&[shard(1, 2), other]).expect_err("another seed");
        assert_eq!(
            err.to_string(),
            "`2.json` belongs to another study than `1.json`: its seeds differ"
        );
        let mut short = shard(2, 2);
        short.1.results.pop();
        assert_eq!(
            merge(&[shard(1, 2), short]).map(|_| ()),
            Err(MergeError::Invalid {
                file: "2.json".into(),
                what: "it holds 2 results for the 3 games of its share".into()
            })
        );
    }

    /// The error of merging the only share of a study, changed by `change`.
    fn invalid(change: impl Fn(&mut Shard)) -> String {
        let mut changed = shard(1, 1);
        change(&mut changed.1);
        merge(&[changed]).expect_err("refused").to_string()
    }

    #[test]
    fn shares_no_study_could_write_are_refused_with_what_is_wrong() {
        let is = |what: &str| format!("`1.json` is not a share of a study: {what}");
        assert_eq!(
            invalid(|s| s.study.players.clear()),
            is("it names 0 players (from 1 to 8)")
        );
        assert_eq!(
            invalid(|s| s.study.agents.push("random".into())),
            is("it names 3 agents for 2 players")
        );
        assert_eq!(
            invalid(|s| s.study.first_movers[1] = 7),
            is("a first mover is player 7, but the players are 0 to 1")
        );
        assert_eq!(invalid(|s| s.study.games = 0), is("it has no games"));
        // A number of games too large to list: refused without listing them.
        assert_eq!(
            invalid(|s| s.study.games = u64::MAX / 2),
            is("it holds 6 results for the 18446744073709551614 games of its share")
        );
        assert_eq!(
            invalid(|s| s.study.games = u64::MAX),
            is("18446744073709551615 games for each of 2 variants are too many to count")
        );
        assert_eq!(
            invalid(|s| s.results[0].result.winner = Some(2)),
            is("its result 1 names player 2 as the winner, but the players are 0 to 1")
        );
        assert_eq!(
            invalid(|s| s.results[0].game = 9),
            is("its result 1 is of variant 0 game 9, not of the share's game 0")
        );
        // A share count too large to list the missing shares.
        let mut huge = shard(1, 2);
        huge.1.count = u64::MAX;
        assert_eq!(
            merge(&[huge]).expect_err("refused").to_string(),
            "1 shares are given, but the study was split in 18446744073709551615"
        );
    }
}
