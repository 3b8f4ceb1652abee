//! The `rulebook` command line: check, test, fmt, lsp, moves, explain, perft,
//! playout, play, diff, completions and the rest.

mod agents;
mod analyze;
mod bench;
mod board_polar;
mod board_text;
mod cap;
mod commands;
mod diff;
mod diff_json;
mod diff_text;
mod engine;
mod explain;
mod fmt;
mod load;
mod lsp;
mod matches;
mod output;
mod play;
mod plot;
mod progress;
mod render;
mod rule_tests;
mod trace;
mod variants;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// Check, run and play board games written in the rules language.
#[derive(Debug, Parser)]
#[command(name = "rulebook", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// How a command prints its results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// Text for people.
    Human,
    /// JSON, for programs (the fields are listed in the README).
    Json,
}

/// The game a command runs: a rules file, its options, and the moves to play first.
#[derive(Debug, clap::Args)]
struct GameArgs {
    /// The rules file (`-` reads it from standard input).
    file: PathBuf,
    /// Set an option: NAME=VALUE (repeatable, once per option).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    sets: Vec<String>,
    /// A saved game (written by `save` in `play`) to replay first; its
    /// options are set too.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Start from this position instead of the rules' start: the game's
    /// position text as `rulebook position` prints it (the rules' own
    /// `position` format, such as FEN, or the generic form), quoted.
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,
    /// Moves to play (after the record's, if any), in notation, separated by spaces.
    #[arg(long)]
    moves: Option<String>,
}

impl GameArgs {
    /// A rules file with its options, played from the rules' start.
    fn from_start(file: PathBuf, sets: Vec<String>) -> GameArgs {
        GameArgs {
            file,
            sets,
            record: None,
            position: None,
            moves: None,
        }
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check a rules file: print every problem; exit 1 if there is an error.
    Check {
        /// The rules file (`-` reads it from standard input).
        file: PathBuf,
        /// Output format: `human` (reports with the source lines) or `json`
        /// (one array of diagnostics, for editors and CI).
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Treat warnings as errors (exit 1 if there is any).
        #[arg(long)]
        deny_warnings: bool,
    },
    /// A language server for editors, over standard input and output.
    Lsp,
    /// Lay rules files out one way, keeping comments: in place, or to
    /// standard output for `-`; `--check` only lists the files not laid out so.
    Fmt {
        /// The rules files (`-` reads one from standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Change nothing: exit 1 if a file is not formatted.
        #[arg(long)]
        check: bool,
    },
    /// Run the tests written in rules files (`test "name" { … }`); exit 1 if one fails.
    Test {
        /// The rules files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Run only the tests whose name contains this text.
        #[arg(long)]
        filter: Option<String>,
        /// Output format: `human` (one line per test, failures as reports) or `json`.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// List the legal moves after a sequence of moves, then the status.
    Moves {
        #[command(flatten)]
        game: GameArgs,
        /// Output format: `human` or `json`.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Say why a move is legal or not where the game stands: the rule and
    /// the clause of the rules file that refuse it (or make it), or that no
    /// rule produces it, with the closest legal moves.
    Explain {
        #[command(flatten)]
        game: GameArgs,
        /// The move, in notation (in full or a short form).
        #[arg(value_name = "MOVE")]
        mv: String,
        /// Output format: `human` (with the rules file's lines) or `json`.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Print the position after a sequence of moves as text (FEN-like), as
    /// `--position` takes it.
    Position {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Count the move sequences of a given length (perft).
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Length of the sequences (at most 1,000).
        #[arg(long)]
        depth: u32,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
        /// Threads counting the first moves' subtrees (default: the number
        /// of cores); the counts do not depend on it.
        #[arg(long, value_parser = at_least_one_job)]
        jobs: Option<usize>,
        /// Output format: `human` or `json`.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Play uniform random games from the start and report results and speed.
    Playout {
        /// The rules file (`-` reads it from standard input).
        file: PathBuf,
        /// Number of games (at least 1).
        #[arg(long, value_parser = at_least_one)]
        n: u64,
        /// Seed of the random generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game still going after this many moves: it counts as a
        /// draw, and the report says how many games were stopped.
        #[arg(long, value_name = "N", default_value_t = cap::DEFAULT_MAX_MOVES, value_parser = cap::parse)]
        max_moves: u32,
        /// Threads playing the games (default: the number of cores); the
        /// results do not depend on it (games are seeded in blocks of 256).
        #[arg(long, value_parser = at_least_one_job)]
        jobs: Option<usize>,
        /// Set an option: NAME=VALUE (repeatable, once per option).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        sets: Vec<String>,
        /// Output format: `human` or `json`.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Write every game to this file instead: one JSON line per game with
        /// its moves, the sorted legal moves before each move and after the
        /// last, each with its start cell, end cell and captured cells, and
        /// the final status (for cross-checks with other engines).
        #[arg(long, value_name = "FILE")]
        trace: Option<PathBuf>,
    },
    /// Play a game in the terminal, against the program with `--ai SIDE`.
    #[command(mut_arg("file", |a| a.help("The rules file (not `-`: standard input brings the moves)")))]
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Let the program play this side (repeatable): `SIDE` with its
        /// default agent (`mcts:2s`), or `SIDE=AGENT` (`random`,
        /// `mcts:1000`, `mcts:2s`, …).
        #[arg(long = "ai", value_name = "SIDE[=AGENT]", conflicts_with = "players")]
        ai: Vec<String>,
        /// The player of each side, in the order of the file's `players`:
        /// `human` or an agent (e.g. `human,mcts:1000`).
        #[arg(long, value_name = "A,B")]
        players: Option<String>,
        /// Seed of the program's random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads of each tree search that does not name its own
        /// (`mcts:…,threads=N`); default 1. A budget in playouts is shared
        /// among them, so the moves depend on the seed and this number, not
        /// on the machine.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=rulebook::ai::MAX_THREADS as i64))]
        threads: Option<u16>,
    },
    /// Speak the engine protocol on standard input and output (see
    /// docs/PROTOCOL.md): for tournament managers, front ends and scripts.
    #[command(mut_arg("file", |a| a.help("The rules file (not `-`: standard input brings the commands)")))]
    Engine {
        /// The rules file.
        file: PathBuf,
        /// Set an option: NAME=VALUE (repeatable, once per option).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        sets: Vec<String>,
        /// The agent of `go` (default `mcts:1000`); `setoption agent` changes it.
        #[arg(long, value_name = "AGENT")]
        agent: Option<String>,
        /// Speak GTP (version 2) instead, for a go-like game: two players on
        /// a square grid of points, moves that put a piece on a point or pass.
        #[arg(long)]
        gtp: bool,
    },
    /// Draw the position as a picture: SVG (on standard output, or `-o
    /// FILE.svg`) or PNG (`-o FILE.png`).
    Render {
        #[command(flatten)]
        game: GameArgs,
        /// Write every cell's name in it.
        #[arg(long)]
        names: bool,
        /// See the board from the other side (turned by half a circle).
        #[arg(long)]
        turned: bool,
        /// The picture to write, `….svg` or `….png`; without it, SVG goes to standard output.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Serve a web page to play and edit games, on 127.0.0.1 only.
    Serve {
        /// The rules files to offer, in order; a folder stands for its
        /// `.rules` files (default: every `.rules` file of `games/`).
        #[arg(value_name = "FILE|FOLDER")]
        files: Vec<PathBuf>,
        /// The port to listen on (`0`: any free one; the address is printed).
        #[arg(long, default_value_t = 8765)]
        port: u16,
    },
    /// Play agents against each other: each agent's wins, draws and score
    /// with 95% intervals (Wilson), and the Elo difference of two agents.
    Match {
        /// The rules file (`-` reads it from standard input).
        file: PathBuf,
        /// The agent of each player, in the order of the file's `players`
        /// (e.g. `mcts:1000,random`); an engine in another process that
        /// speaks the engine protocol is `engine:"PROGRAM ARGS"`, one that
        /// speaks GTP `gtp:"PROGRAM ARGS"`.
        #[arg(long, value_name = "A,B")]
        players: String,
        /// Play every game twice (once per seating, for more than two
        /// players), the sides exchanged.
        #[arg(long)]
        swap: bool,
        /// Number of games (of pairs of games, with `--swap`).
        #[arg(long, default_value_t = 100, value_parser = at_least_one)]
        games: u64,
        /// Games played at once (default: the number of cores); the results
        /// do not depend on it.
        #[arg(long, value_parser = at_least_one_job)]
        jobs: Option<usize>,
        /// Seed of the match: each game's seed is derived from it.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game still going after this many moves: it counts as a
        /// draw, and the report says how many games were stopped.
        #[arg(long, value_name = "N", default_value_t = cap::DEFAULT_MAX_MOVES, value_parser = cap::parse)]
        max_moves: u32,
        /// Set an option: NAME=VALUE (repeatable, once per option).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        sets: Vec<String>,
        /// Output format: `table` or `json`.
        #[arg(long, value_enum, default_value_t = matches::MatchFormat::Table)]
        format: matches::MatchFormat,
    },
    /// A balance study: games between agents in each variant of the game's
    /// options, with wins per player (95% intervals), draws, game length,
    /// games cut by the limit of moves, and the first mover's advantage.
    #[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
    Analyze {
        #[command(subcommand)]
        merge: Option<AnalyzeCommand>,
        /// The rules file (`-` reads it from standard input).
        #[arg(required = true)]
        file: Option<PathBuf>,
        /// Vary an option: NAME=A..B (whole numbers) or NAME=V1,V2,…
        /// (repeatable; every combination is a variant).
        #[arg(long, value_name = "NAME=VALUES", conflicts_with = "variants")]
        vary: Vec<String>,
        /// The variants, listed: "NAME=V,NAME=V;NAME=V" (`;` between variants).
        #[arg(long, value_name = "LIST")]
        variants: Option<String>,
        /// The agent of each player, in the order of the file's `players`
        /// (default: `random` for every player).
        #[arg(long, value_name = "A,B")]
        players: Option<String>,
        /// Games per variant.
        #[arg(long, default_value_t = 100, value_parser = at_least_one)]
        games: u64,
        /// Games played at once (default: the number of cores); the results
        /// do not depend on it.
        #[arg(long, value_parser = at_least_one_job)]
        jobs: Option<usize>,
        /// Seed of the study: each game's seed is derived from it.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game still going after this many moves: it counts as a
        /// draw, and the report says how many games were stopped.
        #[arg(long, value_name = "N", default_value_t = cap::DEFAULT_MAX_MOVES, value_parser = cap::parse)]
        max_moves: u32,
        /// Set an option in every variant: NAME=VALUE (repeatable).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        sets: Vec<String>,
        /// Play only share I of N of the games and print their raw results
        /// (JSON) for `analyze merge`.
        #[arg(long, value_name = "I/N", conflicts_with_all = ["plot", "format"])]
        shard: Option<String>,
        /// Output format: `table`, `json` or `csv`.
        #[arg(long, value_enum, default_value_t = analyze::ReportFormat::Table)]
        format: analyze::ReportFormat,
        /// Also draw the win rates per variant, with their intervals, into
        /// this picture: SVG or PNG by the ending of its name.
        #[arg(long, value_name = "FILE.svg|FILE.png")]
        plot: Option<PathBuf>,
    },
    /// Compare two versions of a game: the first position (breadth-first from
    /// the start, by moves legal in both) where their legal moves or status
    /// differ, perft of both by depth, and the balance of the same games in
    /// each (wins per player with 95% intervals, and the change).
    Diff {
        /// The old version's rules file (`-`: standard input, for one of the two).
        old: PathBuf,
        /// The new version's rules file (`-`: standard input, for one of the two).
        new: PathBuf,
        /// Compare every line of fewer than this many moves, and count perft
        /// from 1 to this depth.
        #[arg(long, default_value_t = 4, value_parser = diff_depth)]
        depth: u32,
        /// Games of each version, from the same seeds (0: none).
        #[arg(long, default_value_t = 200)]
        games: u64,
        /// The agent of each player, in the order of the file's `players`
        /// (default: `random` for every player).
        #[arg(long, value_name = "A,B")]
        players: Option<String>,
        /// Threads counting perft and playing the games (default: the number
        /// of cores); the results do not depend on it.
        #[arg(long, value_parser = at_least_one_job)]
        jobs: Option<usize>,
        /// Seed of the games: game `g` of each version gets the same seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game still going after this many moves: it counts as a
        /// draw, and the report says how many games were stopped.
        #[arg(long, value_name = "N", default_value_t = cap::DEFAULT_MAX_MOVES, value_parser = cap::parse)]
        max_moves: u32,
        /// Set an option of both versions: NAME=VALUE (repeatable, once per option).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        sets: Vec<String>,
        /// Output format: `human` or `json`.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Measure the speed of rules files from their start, on one thread:
    /// load time, perft nodes/s (last ply counted in bulk, and with every
    /// move made), random playouts/s and moves/s, tree-search iterations/s.
    Bench {
        /// The rules files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Random playouts per game (default: as many as fit in a second).
        #[arg(long, value_name = "N", value_parser = at_least_one)]
        playouts: Option<u64>,
        /// Perft depth (default: the deepest that takes about a second).
        #[arg(long, value_name = "D")]
        depth: Option<u32>,
        /// Seconds given to each measurement that sizes itself (loading,
        /// the default perft depth and playouts, the search).
        #[arg(long, value_name = "SECONDS", default_value_t = 1.0, value_parser = positive_seconds)]
        time: f64,
        /// A file written earlier by `bench --format json`: each game's
        /// figures are followed by their ratios to it (above 1: faster).
        #[arg(long, value_name = "FILE")]
        baseline: Option<PathBuf>,
        /// Set an option in every game: NAME=VALUE (repeatable).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        sets: Vec<String>,
        /// Output format: `human` or `json`.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Print a completion script for a shell (e.g. `rulebook completions bash`).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// The subcommand of `analyze`.
#[derive(Debug, Subcommand)]
enum AnalyzeCommand {
    /// Merge the shares written by `analyze --shard I/N` into the report of
    /// the whole study (refusing shares that do not belong together).
    Merge {
        /// The share files, every share once.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Output format: `table`, `json` or `csv`.
        #[arg(long, value_enum, default_value_t = analyze::ReportFormat::Table)]
        format: analyze::ReportFormat,
        /// Also draw the win rates per variant into this picture: SVG or
        /// PNG by the ending of its name.
        #[arg(long, value_name = "FILE.svg|FILE.png")]
        plot: Option<PathBuf>,
    },
}

/// A whole number of at least 1 (`playout --n`).
fn at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("at least one game must be played".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a whole number of games, found `{text}`")),
    }
}

/// `diff --depth`: from 1 to the deepest perft ([`rulebook::engine::MAX_PERFT_DEPTH`]).
fn diff_depth(text: &str) -> Result<u32, String> {
    let max = rulebook::engine::MAX_PERFT_DEPTH;
    match text.parse::<u32>() {
        Ok(d) if (1..=max).contains(&d) => Ok(d),
        _ => Err(format!("expected a depth from 1 to {max}, found `{text}`")),
    }
}

/// A number of seconds above 0 and at most a day (`bench --time`).
fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err(format!(
            "expected seconds above 0 and at most 86400, found `{text}`"
        )),
    }
}

/// The most threads `--jobs` may ask for. More threads than cores only
/// slow the games down, and each one holds a game and its agents' trees;
/// 256 is more than the cores of any machine this runs on.
const MAX_JOBS: usize = 256;

/// A number of threads from 1 to [`MAX_JOBS`] (`--jobs`).
fn at_least_one_job(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("at least one job is needed".to_string()),
        Ok(n) if n > MAX_JOBS => Err(format!(
            "at most {MAX_JOBS} jobs can run at once, not {n} (the default is the number of cores)"
        )),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("expected a whole number of jobs, found `{text}`")),
    }
}

/// The default of `--jobs`: every core (at most [`MAX_JOBS`]).
fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_JOBS))
}

/// Whether the error was already shown to the user (a rules file's report).
pub fn already_reported(error: &miette::Report) -> bool {
    matches!(
        error.downcast_ref::<load::CliError>(),
        Some(load::CliError::Invalid(_))
    )
}

/// Whether the command only stopped because its reader closed standard
/// output: then it ends quietly, with success.
pub use output::reader_gone;

/// Writes to standard error, ignoring failure (there is nowhere else to say it).
pub use output::to_stderr;

/// Runs the command line; the process exits 1 on any error.
pub fn run() -> miette::Result<()> {
    let cli = Cli::parse();
    output::check_stdout_open()?;
    match cli.command {
        Command::Check {
            file,
            format,
            deny_warnings,
        } => commands::check(&file, format, deny_warnings),
        Command::Fmt { files, check } => fmt::run(&files, check),
        Command::Lsp => lsp::run(),
        Command::Test {
            files,
            filter,
            format,
        } => rule_tests::run(&files, filter.as_deref(), format),
        Command::Moves { game, format } => commands::moves(&load::game(&game)?, format),
        Command::Position { game } => commands::position(&load::game(&game)?),
        Command::Explain { game, mv, format } => explain::run(&load::game(&game)?, &mv, format),
        Command::Perft {
            game,
            depth,
            divide,
            jobs,
            format,
        } => {
            commands::check_depth(depth)?;
            let jobs = jobs.unwrap_or_else(all_cores);
            commands::perft(&load::game(&game)?, depth, divide, jobs, format)
        }
        Command::Playout {
            file,
            n,
            seed,
            max_moves,
            jobs,
            sets,
            format,
            trace,
        } => {
            let game = GameArgs::from_start(file, sets);
            let loaded = load::game(&game)?;
            let jobs = jobs.unwrap_or_else(all_cores);
            match trace {
                Some(path) => trace::write_file(loaded.engine(), n, seed, max_moves, &path),
                None => commands::playout(&loaded, n, seed, max_moves, jobs, format),
            }
        }
        Command::Play {
            game,
            ai,
            players,
            seed,
            threads,
        } => {
            if game.file.as_os_str() == "-" {
                return Err(load::CliError::RulesFromStdin {
                    command: "play",
                    what: "the moves",
                }
                .into());
            }
            let loaded = load::game(&game)?;
            let mut seats = play::seats(loaded.engine().game(), &ai, players.as_deref())?;
            if let Some(n) = threads {
                play::set_threads(&mut seats, n.into());
            }
            play::run(loaded, &seats, seed)
        }
        Command::Engine {
            file,
            sets,
            agent,
            gtp,
        } => engine::run(&file, &sets, agent.as_deref(), gtp),
        Command::Match {
            file,
            players,
            swap,
            games,
            jobs,
            seed,
            max_moves,
            sets,
            format,
        } => {
            let loaded = load::game(&GameArgs::from_start(file, sets))?;
            let agents = agents::match_players(&players, loaded.engine().game())?;
            let plan = rulebook::analysis::MatchPlan {
                agents,
                games,
                rotate: swap,
                seed,
                max_moves,
            };
            matches::run(&loaded, &plan, jobs.unwrap_or_else(all_cores), format)
        }
        Command::Diff {
            old,
            new,
            depth,
            games,
            players,
            jobs,
            seed,
            max_moves,
            sets,
            format,
        } => {
            let request = diff::Request {
                files: [&old, &new],
                sets: &sets,
                depth,
                games,
                players: players.as_deref(),
                jobs: jobs.unwrap_or_else(all_cores),
                seed,
                max_moves,
            };
            diff::run(&request, format)
        }
        Command::Bench {
            files,
            playouts,
            depth,
            time,
            baseline,
            sets,
            format,
        } => {
            if let Some(depth) = depth {
                commands::check_depth(depth)?;
            }
            let plan = rulebook::analysis::SpeedPlan {
                playouts,
                depth,
                time: std::time::Duration::from_secs_f64(time),
                ..rulebook::analysis::SpeedPlan::default()
            };
            bench::run(&files, &sets, &plan, baseline.as_deref(), format)
        }
        Command::Analyze {
            merge: Some(AnalyzeCommand::Merge { files, format, plot }),
            ..
        } => analyze::merge(&files, format, plot.as_ref()),
        Command::Analyze {
            merge: None,
            file,
            vary,
            variants,
            players,
            games,
            jobs,
            seed,
            max_moves,
            sets,
            shard,
            format,
            plot,
        } => {
            let file = file.unwrap_or_else(|| PathBuf::from("-"));
            let request = analyze::Request {
                file: &file,
                sets: &sets,
                vary: &vary,
                variants: variants.as_deref(),
                players: players.as_deref(),
                games,
                jobs: jobs.unwrap_or_else(all_cores),
                seed,
                max_moves,
                shard: shard.as_deref(),
            };
            analyze::run(&request, format, plot.as_ref())
        }
        Command::Render {
            game,
            names,
            turned,
            output,
        } => render::run(
            &load::game(&game)?,
            &render::Request {
                names,
                turned,
                output: output.as_deref(),
            },
        ),
        Command::Serve { files, port } => crate::web::serve(files, port),
        Command::Completions { shell } => commands::completions(shell),
    }
}
