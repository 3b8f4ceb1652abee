//! `rulebook diff`: two versions of a game compared on the same positions —
//! the first position where their moves or status differ, perft side by
//! side, and the balance of the same games in each.

use std::path::Path;

use super::load::{self, CliError, Loaded};
use super::output::Out;
use super::{Format, GameArgs, agents, progress};
use rulebook::ai::AgentSpec;
use rulebook::analysis::{self, Balance, BalancePlan, Change, MovesDiff};
use rulebook::engine::Engine;

/// What `diff OLD NEW` was asked.
pub struct Request<'a> {
    /// The rules files: the old version, then the new.
    pub files: [&'a Path; 2],
    /// `--set` of both versions.
    pub sets: &'a [String],
    /// Move sequences compared (and perft counted) up to this length.
    pub depth: u32,
    /// Games of each version (none: no balance).
    pub games: u64,
    /// `--players`: the agents (default: `random` for every player).
    pub players: Option<&'a str>,
    pub jobs: usize,
    pub seed: u64,
    /// Games still going after this many moves are stopped: draws.
    pub max_moves: u32,
}

/// The comparison, ready to print.
pub struct Report<'a> {
    /// The rules files' names as given, old then new.
    pub files: [&'a str; 2],
    /// The two versions.
    pub engines: [&'a Engine; 2],
    /// The depth asked for.
    pub depth: u32,
    /// Where the moves first differ.
    pub moves: MovesDiff,
    /// Perft of each version, by depth from 1 (`None`: not counted).
    pub perft: [Vec<Option<u64>>; 2],
    /// The games played, when any were.
    pub games: Option<Games>,
}

/// The same games played in both versions.
pub struct Games {
    pub plan: BalancePlan,
    /// Old, then new.
    pub results: [Balance; 2],
    pub change: Change,
}

/// Compares the two versions and prints the report.
pub fn run(request: &Request, format: Format) -> miette::Result<()> {
    let load = |file: &Path| load::game(&GameArgs::from_start(file.to_path_buf(), request.sets.to_vec()));
    let old = load(request.files[0])?;
    let new = load(request.files[1])?;
    analysis::comparable(old.engine(), new.engine()).map_err(|e| CliError::Incomparable {
        old: old.source().name.clone(),
        new: new.source().name.clone(),
        reason: e.to_string(),
    })?;
    let game = old.engine().game();
    let agents = match request.players {
        Some(list) => agents::players(list, game)?,
        None => vec![AgentSpec::Random; game.players.len()],
    };
    let moves = analysis::first_difference(old.engine(), new.engine(), request.depth, analysis::MAX_LISTED);
    let perft = [&old, &new].map(|l| {
        analysis::perft_by_depth(l.engine(), request.depth, analysis::MAX_PERFT_NODES, request.jobs)
    });
    load::within_games_limit("the comparison", request.games.checked_mul(2))?;
    let games = (request.games > 0).then(|| play(request, agents, &old, &new));
    for loaded in [&old, &new] {
        load::budget(loaded.engine())?;
    }
    let report = Report {
        files: [&old.source().name, &new.source().name],
        engines: [old.engine(), new.engine()],
        depth: request.depth,
        moves,
        perft,
        games,
    };
    let mut out = Out::stdout();
    match format {
        Format::Human => {
            for line in super::diff_text::lines(&report) {
                out.line(line)?;
            }
        }
        Format::Json => out.line(format!("{:#}", super::diff_json::value(&report)))?,
    }
    Ok(out.finish()?)
}

/// Plays the games of the request in both versions, from the same seeds.
fn play(request: &Request, agents: Vec<AgentSpec>, old: &Loaded, new: &Loaded) -> Games {
    let plan = BalancePlan {
        agents,
        options: old.sets().to_vec(),
        games: request.games,
        seed: request.seed,
        max_moves: request.max_moves,
    };
    let bar = progress::games(2 * request.games);
    let tick = || bar.inc(1);
    let results = [old, new].map(|l| analysis::balance(l.engine(), &plan, request.jobs, &tick));
    bar.finish_and_clear();
    let change = analysis::change(&results[0].report, &results[1].report);
    Games {
        plan,
        results,
        change,
    }
}
