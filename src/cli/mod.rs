//! The `rulebook` command line: check, moves, perft, playout, play, completions.

mod board_polar;
mod board_text;
mod commands;
mod load;
mod output;
pub(crate) mod play;
pub(crate) mod record;
mod render;
mod trace;

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
    /// List the legal moves after a sequence of moves, then the status.
    Moves {
        #[command(flatten)]
        game: GameArgs,
        /// Output format: `human` or `json`.
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
        /// Length of the sequences.
        #[arg(long)]
        depth: u32,
        /// Also print the count below each first move.
        #[arg(long)]
        divide: bool,
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
        /// Set an option: NAME=VALUE (repeatable, once per option).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        sets: Vec<String>,
        /// Output format: `human` or `json`.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Write every game to this file instead: one JSON line per game with
        /// its moves, the sorted legal moves before each move and after the
        /// last, and the final status (for cross-checks with other engines).
        #[arg(long, value_name = "FILE")]
        trace: Option<PathBuf>,
    },
    /// Play a game in the terminal, against the program with `--ai SIDE`.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Let the program play this side (repeatable; a random mover for now).
        #[arg(long = "ai", value_name = "SIDE")]
        ai: Vec<String>,
        /// Seed of the program's random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
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
        /// The rules files to offer (default: every `.rules` file of `games/`).
        files: Vec<PathBuf>,
        /// The port to listen on (`0`: any free one; the address is printed).
        #[arg(long, default_value_t = 8765)]
        port: u16,
    },
    /// Print a completion script for a shell (e.g. `rulebook completions bash`).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
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
    match cli.command {
        Command::Check {
            file,
            format,
            deny_warnings,
        } => commands::check(&file, format, deny_warnings),
        Command::Moves { game, format } => commands::moves(&load::game(&game)?, format),
        Command::Position { game } => commands::position(&load::game(&game)?),
        Command::Perft {
            game,
            depth,
            divide,
            format,
        } => commands::perft(&load::game(&game)?, depth, divide, format),
        Command::Playout {
            file,
            n,
            seed,
            sets,
            format,
            trace,
        } => {
            let game = GameArgs {
                file,
                sets,
                record: None,
                position: None,
                moves: None,
            };
            let loaded = load::game(&game)?;
            match trace {
                Some(path) => trace::write_file(&loaded.engine, n, seed, &path),
                None => commands::playout(&loaded, n, seed, format),
            }
        }
        Command::Play { game, ai, seed } => {
            if game.file.as_os_str() == "-" {
                return Err(load::CliError::RulesFromStdin.into());
            }
            play::run(load::game(&game)?, &ai, seed)
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
