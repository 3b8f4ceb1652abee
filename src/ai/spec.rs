//! Agents by name: `random`, `mcts:1000` (playouts a move, in total over
//! its threads), `mcts:2s` or `mcts:500ms` (thinking time a move), with
//! options after commas (`mcts:1000,c=0.3`, `mcts:1000,captures=0.5`,
//! `mcts:1000,wins=playouts`, `mcts:1000,threads=4`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The exploration constant of UCT when none is given: 0.5 (on rewards in
/// [0, 1]; OpenSpiel's `uct_c=2` on rewards in [−1, 1] is 1 here). The win
/// check proves positions one move from the end and playouts take wins, so
/// the search needs less exploring than plain UCT: against OpenSpiel's MCTS
/// at 1,000 playouts a move it scored more than with 0.7 on two of the three
/// games measured and as much on the third, and more on hex 7×7 at 100 ms a
/// move (docs/CLI.md, "Choosing the defaults").
pub const DEFAULT_EXPLORATION: f64 = 0.5;

/// How much a tree search may think for one move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Budget {
    /// This many playouts (deterministic for a seed).
    Playouts(u64),
    /// This much time (not deterministic: the count depends on the machine).
    Time(Duration),
}

/// How often a playout move captures when the mover can capture, when no
/// share is given: half the time (the captures chosen uniformly among
/// themselves). Uniform playouts almost never let a side that must capture
/// to win win at all, which leaves the search without a signal; always
/// capturing throws pieces away in games where a capture can be answered.
pub const DEFAULT_CAPTURES: f64 = 0.5;

/// The searchers of a tree search when none is said: one, whatever the
/// machine, so that a name and a seed give the same moves everywhere.
pub const DEFAULT_THREADS: usize = 1;

/// The most searchers a tree search may have.
pub const MAX_THREADS: usize = 256;

/// The most memory the trees of one tree search hold, its searchers together
/// (each gets an equal share): once a tree has its share it stops growing,
/// and the search goes on refining the nodes it has, so that no thinking
/// time, however long, runs out of memory.
pub const TREE_MEMORY: usize = 1 << 30;

/// Where the search looks for a move that wins at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinCheck {
    /// Nowhere: a win is found by searching, like any move.
    Off,
    /// When a node of the tree is first expanded: a node whose mover can
    /// win at once is proven won (one check an iteration).
    Tree,
    /// In the tree and at every move of every playout, which then takes the
    /// win (a check of every legal move, every move: costly where end rules
    /// are, as a connection is).
    Playouts,
    /// In the tree and, at every move of every playout, among this many of
    /// the legal moves drawn at random (all of them when there are no more):
    /// a win is found less surely, at a cost that does not grow with the
    /// number of moves.
    Sampled(u32),
}

/// The most moves [`WinCheck::Sampled`] may try.
pub const MAX_WIN_SAMPLE: u32 = 10_000;

/// Where the search looks for wins at once when nothing is said: in the
/// tree, and among 4 random moves at each playout move. At 1,000 playouts
/// a move it played as well as looking among all moves on the three games
/// measured, where looking in the tree alone lost badly on one, and at a
/// cost that does not grow with the number of moves (docs/CLI.md, "Choosing
/// the defaults").
pub const DEFAULT_WIN_CHECK: WinCheck = WinCheck::Sampled(4);

/// The settings of a Monte Carlo tree search player.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsConfig {
    /// Its budget for each move.
    pub budget: Budget,
    /// The exploration constant `c` of UCT.
    pub exploration: f64,
    /// Where it looks for a move that wins at once.
    pub wins: WinCheck,
    /// The share of playout moves, in [0, 1], that are captures when the
    /// mover has one (0: uniform random playouts).
    pub captures: f64,
    /// Its searchers, each on a thread of its own with its own tree (root
    /// parallelism), sharing the budget: a budget in playouts is the total.
    pub threads: usize,
}

impl MctsConfig {
    /// The default settings with `budget`.
    pub const fn new(budget: Budget) -> MctsConfig {
        MctsConfig {
            budget,
            exploration: DEFAULT_EXPLORATION,
            wins: DEFAULT_WIN_CHECK,
            captures: DEFAULT_CAPTURES,
            threads: DEFAULT_THREADS,
        }
    }
}

/// A player the program provides, by name.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AgentSpec {
    /// Uniformly random legal moves.
    Random,
    /// Monte Carlo tree search.
    Mcts(MctsConfig),
}

/// Why an agent's name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// Not `random` nor `mcts:…`.
    #[error("`{0}` is no agent")]
    Unknown(String),
    /// `mcts:` with a budget that is not a number of playouts or a time.
    #[error("`{0}` is no budget: expected playouts (`1000`) or a time (`2s`, `500ms`)")]
    Budget(String),
    /// A budget of zero.
    #[error("the budget of `{0}` is zero")]
    Zero(String),
    /// An option after a comma that is not known.
    #[error(
        "`{0}` is no option of mcts: expected `c=NUMBER`, `captures=SHARE`, `wins=off|tree|playouts|playouts:K` or `threads=1..256`"
    )]
    Option(String),
}

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<AgentSpec, SpecError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("random") {
            return Ok(AgentSpec::Random);
        }
        let Some(rest) = text.strip_prefix("mcts:").or_else(|| text.strip_prefix("MCTS:")) else {
            return Err(SpecError::Unknown(text.to_string()));
        };
        let mut parts = rest.split(',');
        let budget = parse_budget(parts.next().unwrap_or("").trim())?;
        let mut config = MctsConfig::new(budget);
        for part in parts {
            let part = part.trim();
            if let Some(wins) = part.strip_prefix("wins=")
                && let Some(wins) = WinCheck::named(wins)
            {
                config.wins = wins;
            } else if let Some(threads) = part.strip_prefix("threads=")
                && let Ok(threads) = threads.parse::<usize>()
                && (1..=MAX_THREADS).contains(&threads)
            {
                config.threads = threads;
            } else if let Some(c) = part.strip_prefix("c=")
                && let Ok(c) = c.parse::<f64>()
                && c.is_finite()
                && c >= 0.0
            {
                config.exploration = c;
            } else if let Some(share) = part.strip_prefix("captures=")
                && let Ok(share) = share.parse::<f64>()
                && (0.0..=1.0).contains(&share)
            {
                config.captures = share;
            } else {
                return Err(SpecError::Option(part.to_string()));
            }
        }
        Ok(AgentSpec::Mcts(config))
    }
}

/// `1000`, `2s`, `1.5s`, `500ms`.
fn parse_budget(text: &str) -> Result<Budget, SpecError> {
    let bad = || SpecError::Budget(text.to_string());
    let budget = if let Some(ms) = text.strip_suffix("ms") {
        let ms: u64 = ms.parse().map_err(|_| bad())?;
        Budget::Time(Duration::from_millis(ms))
    } else if let Some(s) = text.strip_suffix('s') {
        let s: f64 = s.parse().map_err(|_| bad())?;
        if !s.is_finite() || !(0.0..=86_400.0).contains(&s) {
            return Err(bad());
        }
        Budget::Time(Duration::from_secs_f64(s))
    } else {
        Budget::Playouts(text.parse().map_err(|_| bad())?)
    };
    match budget {
        Budget::Playouts(0) => Err(SpecError::Zero(text.to_string())),
        Budget::Time(d) if d.is_zero() => Err(SpecError::Zero(text.to_string())),
        b => Ok(b),
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Playouts(n) => write!(f, "{n}"),
            Budget::Time(d) if d.subsec_millis() == 0 => write!(f, "{}s", d.as_secs()),
            Budget::Time(d) => write!(f, "{}ms", d.as_millis()),
        }
    }
}

/// The canonical name, which reads back as the same agent.
impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => write!(f, "random"),
            AgentSpec::Mcts(c) => {
                write!(f, "mcts:{}", c.budget)?;
                if c.exploration != DEFAULT_EXPLORATION {
                    write!(f, ",c={}", c.exploration)?;
                }
                if c.captures != DEFAULT_CAPTURES {
                    write!(f, ",captures={}", c.captures)?;
                }
                if c.wins != DEFAULT_WIN_CHECK {
                    write!(f, ",wins={}", c.wins.name())?;
                }
                if c.threads != DEFAULT_THREADS {
                    write!(f, ",threads={}", c.threads)?;
                }
                Ok(())
            }
        }
    }
}

impl WinCheck {
    /// The check named `name` in an agent's options.
    fn named(name: &str) -> Option<WinCheck> {
        match name {
            "off" => Some(WinCheck::Off),
            "tree" => Some(WinCheck::Tree),
            "playouts" => Some(WinCheck::Playouts),
            _ => {
                let k: u32 = name.strip_prefix("playouts:")?.parse().ok()?;
                (1..=MAX_WIN_SAMPLE).contains(&k).then_some(WinCheck::Sampled(k))
            }
        }
    }

    /// Its name in an agent's options.
    fn name(self) -> String {
        match self {
            WinCheck::Off => "off".to_string(),
            WinCheck::Tree => "tree".to_string(),
            WinCheck::Playouts => "playouts".to_string(),
            WinCheck::Sampled(k) => format!("playouts:{k}"),
        }
    }

    /// How many moves a playout tries for a win at each of its moves
    /// (`None`: it does not look).
    pub fn in_playouts(self) -> Option<u32> {
        match self {
            WinCheck::Off | WinCheck::Tree => None,
            WinCheck::Playouts => Some(u32::MAX),
            WinCheck::Sampled(k) => Some(k),
        }
    }
}

impl AgentSpec {
    /// Whether the agent plays the same moves for the same seed.
    pub fn is_deterministic(&self) -> bool {
        !matches!(
            self,
            AgentSpec::Mcts(MctsConfig {
                budget: Budget::Time(_),
                ..
            })
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> AgentSpec {
        text.parse().expect("a valid agent")
    }

    #[test]
    fn names_read_and_write_back() {
        for name in [
            "random",
            "mcts:1000",
            "mcts:2s",
            "mcts:500ms",
            "mcts:10,c=0.3",
            "mcts:10,wins=off",
            "mcts:10,wins=playouts",
            "mcts:10,wins=playouts:8",
            "mcts:10,wins=tree",
            "mcts:10,threads=4",
            "mcts:10,captures=0",
            "mcts:10,captures=1",
            "mcts:10,c=0.3,captures=0.25,wins=off,threads=2",
        ] {
            assert_eq!(spec(name).to_string(), name);
        }
        assert_eq!(
            spec("mcts:1.5s"),
            AgentSpec::Mcts(MctsConfig::new(Budget::Time(Duration::from_millis(1500))))
        );
        assert!(!spec("mcts:2s").is_deterministic());
        assert!(spec("mcts:20").is_deterministic());
    }

    #[test]
    fn bad_names_say_why() {
        let err = |t: &str| t.parse::<AgentSpec>().expect_err("invalid");
        assert_eq!(err("alphazero"), SpecError::Unknown("alphazero".into()));
        assert_eq!(err("mcts:lots"), SpecError::Budget("lots".into()));
        assert_eq!(err("mcts:"), SpecError::Budget("".into()));
        assert_eq!(err("mcts:0"), SpecError::Zero("0".into()));
        assert_eq!(err("mcts:0s"), SpecError::Zero("0s".into()));
        assert_eq!(err("mcts:-1s"), SpecError::Budget("-1s".into()));
        assert_eq!(err("mcts:1e99s"), SpecError::Budget("1e99s".into()));
        assert_eq!(err("mcts:10,c=x"), SpecError::Option("c=x".into()));
        assert_eq!(err("mcts:10,fast"), SpecError::Option("fast".into()));
        assert_eq!(err("mcts:10,captures=2"), SpecError::Option("captures=2".into()));
        assert_eq!(err("mcts:10,wins=all"), SpecError::Option("wins=all".into()));
        assert_eq!(
            err("mcts:10,wins=playouts:0"),
            SpecError::Option("wins=playouts:0".into())
        );
        assert_eq!(err("mcts:10,threads=0"), SpecError::Option("threads=0".into()));
        assert_eq!(
            err("mcts:10,threads=257"),
            SpecError::Option("threads=257".into())
        );
    }
}
