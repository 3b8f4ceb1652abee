//! The balance of two versions of a game: the same games (the same agents
//! and seeds) played in each, and the change of each player's win rate.

use serde::Serialize;

use super::stats::{Estimate, difference};
use super::study::{Study, VariantReport, play_study, report};
use crate::ai::AgentSpec;
use crate::engine::Engine;

/// The games to play in each version.
#[derive(Debug, Clone)]
pub struct BalancePlan {
    /// The agent of each player.
    pub agents: Vec<AgentSpec>,
    /// The options set (`name`, `value`), shown in the report.
    pub options: Vec<(String, String)>,
    /// Games per version.
    pub games: u64,
    /// The seed: game `g` of each version gets the same seed.
    pub seed: u64,
    /// A game still going after this many moves is stopped: a draw.
    pub max_moves: u32,
}

/// The games of one version.
#[derive(Debug, Clone, PartialEq)]
pub struct Balance {
    /// Their report, as `analyze` gives it for a variant.
    pub report: VariantReport,
    /// The games stopped by [`BalancePlan::max_moves`].
    pub capped: u64,
}

/// How the results changed from one version to the other: new less old.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// The change of each player's win rate, with its 95% interval.
    pub wins: Vec<Estimate>,
    /// The change of the draw rate.
    pub draws: Estimate,
}

/// Plays the games of `plan` in `engine`'s version on `jobs` threads,
/// calling `done` after each: game `g` is seeded as game `g` of a study of
/// one variant with the plan's seed, so two versions play from the same seeds.
pub fn balance(engine: &Engine, plan: &BalancePlan, jobs: usize, done: &(dyn Fn() + Sync)) -> Balance {
    let game = engine.game();
    // A study of one variant, only for its games and report: never written
    // out, so it names no rules file.
    let study = Study {
        rules: String::new(),
        rules_hash: String::new(),
        title: game.title.clone(),
        players: game.players.clone(),
        agents: plan.agents.iter().map(ToString::to_string).collect(),
        sets: Vec::new(),
        variants: vec![plan.options.clone()],
        first_movers: vec![engine.mover(&engine.start()).index()],
        games: plan.games,
        seed: plan.seed,
    };
    let which: Vec<u64> = (0..plan.games).collect();
    let records = play_study(
        &study,
        std::slice::from_ref(engine),
        &plan.agents,
        &which,
        plan.max_moves,
        jobs,
        done,
    );
    let capped = records.iter().filter(|r| r.result.capped(plan.max_moves)).count() as u64;
    let report = report(&study, &records)
        .pop()
        .expect("a study of one variant has one report");
    Balance { report, capped }
}

/// The change from `old` to `new` (of the same players), each with the
/// interval of a difference of independent proportions.
pub fn change(old: &VariantReport, new: &VariantReport) -> Change {
    Change {
        wins: old
            .wins
            .iter()
            .zip(&new.wins)
            .map(|(o, n)| difference(&n.rate, &o.rate))
            .collect(),
        draws: difference(&new.draw_rate, &old.draw_rate),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::engine_of;

    /// Stones dropped on a row of five cells, with these end rules.
    fn row(end: &str) -> Engine {
        engine_of(&format!(
            "game \"t\"\nplayers A, B\nboard grid files a..e ranks 1..1\n\
             piece S letter S {{ drop: onto empty }}\nsupply S\nend {{ {end} }}\n"
        ))
    }

    /// A line of three wins; a full row is a draw.
    const LINE: &str = "for P in players: win P when line(3, P)  no move: draw";

    fn plan(games: u64) -> BalancePlan {
        BalancePlan {
            agents: vec![AgentSpec::Random; 2],
            options: vec![("x".into(), "1".into())],
            games,
            seed: 7,
            max_moves: 100,
        }
    }

    #[test]
    fn the_same_version_plays_the_same_games() {
        let e = row(LINE);
        let a = balance(&e, &plan(40), 2, &|| {});
        let b = balance(&e, &plan(40), 1, &|| {});
        assert_eq!(a, b);
        assert_eq!(a.report.games, 40);
        assert_eq!(a.report.options, [("x".to_string(), "1".to_string())]);
        let c = change(&a.report, &b.report);
        assert_eq!(c.wins.iter().map(|w| w.value).collect::<Vec<_>>(), [0.0, 0.0]);
        assert!(c.wins.iter().all(|w| w.low < 0.0 && w.high > 0.0));
        assert_eq!(c.draws.value, 0.0);
    }

    #[test]
    fn the_first_mover_wins_when_the_last_to_fill_the_row_does() {
        // Five cells: the first mover fills the last, and the other loses.
        let (old, new) = (row(LINE), row("no move: mover loses"));
        let old = balance(&old, &plan(30), 2, &|| {});
        let new = balance(&new, &plan(30), 2, &|| {});
        assert_eq!(new.report.wins[0].wins, 30);
        assert_eq!(new.capped, 0);
        let c = change(&old.report, &new.report);
        let first = c.wins[0];
        assert!(first.value > 0.0 && first.low > 0.0, "{first:?}");
        assert_eq!(c.wins[1].value, -old.report.wins[1].rate.value);
        assert_eq!(c.draws.value, -old.report.draw_rate.value);
    }
}
