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
    /// A share whose results are not those of its games.
    #[error("`{file}` does not hold the results of share {index} of {count}")]
    Results { file: String, index: u64, count: u64 },
}

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
    let mut seen: Vec<Option<&str>> = vec![None; count as usize];
    let mut results = Vec::new();
    for (file, s) in shards {
        if s.format != FORMAT {
            return Err(MergeError::Format {
                file: file.clone(),
                format: s.format.clone(),
            });
        }
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
        let expected = super::study::share(&s.study, s.index - 1, count);
        let games = first.study.games;
        let got: Vec<u64> = s
            .results
            .iter()
            .map(|r| r.variant as u64 * games + r.game)
            .collect();
        if got != expected || s.results.iter().any(|r| r.game >= games) {
            return Err(MergeError::Results {
                file: file.clone(),
                index: s.index,
                count,
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
        assert!(matches!(
            merge(&[shard(1, 2), short]),
            Err(MergeError::Results { .. })
        ));
    }
}
