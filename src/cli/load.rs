//! Loading a game for the CLI: the rules file, the options (`--set` and a
//! record's), and the moves to play first (a record's, then `--moves`).

use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use miette::Diagnostic;
use thiserror::Error;

use super::GameArgs;
use super::output::to_stderr;
use rulebook::diag::{Report, SourceFile, Span};
use rulebook::engine::{Engine, MoveBuf};
use rulebook::notation;
use rulebook::record::{self, Record, RecordError};
use rulebook::session::Session;
use rulebook::session::{BudgetExhausted, within_budget};

/// A problem on the command line or with its inputs, shown as a miette report.
#[derive(Debug, Error, Diagnostic)]
pub enum CliError {
    /// The rules file cannot be read.
    #[error("cannot read `{path}`: {reason}")]
    #[diagnostic(
        code(rules::cli::unreadable_file),
        help("check the path; rules files usually live in games/")
    )]
    Unreadable { path: String, reason: String },
    /// The rules file is not UTF-8.
    #[error("`{path}` is not UTF-8 text (invalid byte at offset {offset})")]
    #[diagnostic(code(rules::cli::not_utf8), help("save the file as UTF-8"))]
    NotUtf8 { path: String, offset: usize },
    /// The rules file is empty.
    #[error("`{path}` is empty")]
    #[diagnostic(
        code(rules::cli::empty_file),
        help("a rules file needs at least players, a board, turns and end rules; see docs/LANGUAGE.md")
    )]
    Empty { path: String },
    /// The rules file has errors, already printed as a report: the process
    /// just exits with status 1.
    #[error("{0}")]
    #[diagnostic(code(rules::cli::invalid_rules))]
    Invalid(String),
    /// An output file cannot be written.
    #[error("cannot write `{path}`: {reason}")]
    #[diagnostic(
        code(rules::cli::unwritable_file),
        help("check that the folder exists and can be written")
    )]
    Unwritable { path: String, reason: String },
    /// A `--set` that is not `name=value`.
    #[error("`--set {0}` is not of the form name=value")]
    #[diagnostic(code(rules::cli::bad_set), help("write e.g. `--set turn_limit=100`"))]
    BadSet(String),
    /// One option set twice.
    #[error("option `{name}` is set twice: {first} and {second}")]
    #[diagnostic(code(rules::cli::repeated_set), help("give each option once"))]
    RepeatedSet {
        name: String,
        first: String,
        second: String,
    },
    /// `--position` is not a position of the game.
    #[error("`--position {text}` is not a position of this game: {reason}")]
    #[diagnostic(
        code(rules::cli::bad_position),
        help("write the position as `rulebook position FILE` prints it")
    )]
    BadPosition { text: String, reason: String },
    /// `--position` given with a record that has its own starting position.
    #[error("the record starts from its own position, so `--position` cannot be given too")]
    #[diagnostic(
        code(rules::cli::record_position),
        help("leave out `--position`: a record is replayed from the position it was saved with")
    )]
    RecordPosition,
    /// A `--set` that disagrees with the record being replayed.
    #[error("the record was played with `{name}={recorded}`, not `{name}={given}`")]
    #[diagnostic(
        code(rules::cli::record_set),
        help("leave out `--set {name}=…`: a record is replayed with its own options")
    )]
    RecordSet {
        name: String,
        recorded: String,
        given: String,
    },
    /// An option value the game refuses.
    #[error("{0}")]
    #[diagnostic(code(rules::cli::bad_option))]
    Option(String),
    /// A study whose games (or one share's) are more than a run keeps.
    #[error("{what} would play {games} games; one run keeps the result of at most {limit}")]
    #[diagnostic(
        code(rules::cli::too_many_games),
        help("play fewer games (`analyze` can split a study into shares, `--shard I/N`, and merge them)")
    )]
    TooManyGames {
        /// The command (and share) asked.
        what: String,
        /// How many games it would play, in words.
        games: String,
        /// The limit, in words.
        limit: String,
    },
    /// A position whose moves could not be listed within the engine's budget.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Exhausted(#[from] BudgetExhausted),
    /// `play -` or `engine -`: the rules cannot come from standard input,
    /// which brings the moves (the commands).
    #[error("`{command}` reads {what} from standard input, so the rules cannot come from it")]
    #[diagnostic(code(rules::cli::rules_from_stdin), help("give the rules file by name"))]
    RulesFromStdin {
        command: &'static str,
        what: &'static str,
    },
    /// Standard output was closed by its reader: the command ends quietly
    /// (never shown).
    #[error("standard output is closed")]
    #[diagnostic(code(rules::cli::io))]
    OutputClosed,
    /// Writing the output failed for another reason.
    #[error("cannot write the output: {0}")]
    #[diagnostic(code(rules::cli::io))]
    Output(String),
    /// A move in `--moves` that cannot be played.
    #[error("move {index} `{text}` {reason}")]
    #[diagnostic(code(rules::cli::illegal_move))]
    Move {
        index: usize,
        text: String,
        reason: String,
        #[help]
        legal: Option<String>,
    },
    /// `play --ai SIDE` with a side that is no player of the game.
    #[error("`--ai {side}` names no side of {title}")]
    #[diagnostic(code(rules::cli::unknown_side), help("the sides are: {sides}"))]
    UnknownSide {
        side: String,
        title: String,
        sides: String,
    },
    /// An agent's name that is not one.
    #[error("`{text}`: {reason}")]
    #[diagnostic(
        code(rules::cli::bad_agent),
        help(
            "agents are `random`, `mcts:PLAYOUTS` (e.g. `mcts:1000`) and `mcts:TIME` (e.g. `mcts:2s`, `mcts:500ms`), \
             with options `,c=NUMBER` (exploration), `,captures=SHARE` (how often playouts capture when they can), \
             `,wins=off|tree|playouts|playouts:K` (where to look for a move that wins at once) and `,threads=N`{human}"
        )
    )]
    BadAgent {
        text: String,
        reason: String,
        human: &'static str,
    },
    /// `--players` with as many agents as the game has players.
    #[error("`--players {given}` names {count} agents, but {title} has {players} players: {names}")]
    #[diagnostic(
        code(rules::cli::players_count),
        help("give one agent per player, in the order of the file's `players`, separated by commas")
    )]
    PlayersCount {
        given: String,
        count: usize,
        title: String,
        players: usize,
        names: String,
    },
    /// A `--vary` or `--variants` that cannot be read.
    #[error("{0}")]
    #[diagnostic(
        code(rules::cli::bad_variants),
        help(
            "write `--vary NAME=1..3` (a range of whole numbers) or `--vary NAME=a,b` (values), once per option, \
             or `--variants \"NAME=V,NAME=V;NAME=V\"` (variants separated by `;`)"
        )
    )]
    Variants(String),
    /// `perft --depth` beyond the deepest perft run.
    #[error("`--depth {depth}` is deeper than perft goes: at most {max}")]
    #[diagnostic(
        code(rules::cli::bad_depth),
        help("perft counts grow with every move: depths beyond 10 rarely finish")
    )]
    DepthTooLarge { depth: u32, max: u32 },
    /// A `--shard` that is not `I/N` with I from 1 to N.
    #[error("`--shard {0}` is not a share: expected I/N with I from 1 to N, e.g. `--shard 2/8`")]
    #[diagnostic(code(rules::cli::bad_shard))]
    BadShard(String),
    /// A file given to `analyze merge` that is not a share.
    #[error("`{file}` is not a share written by `analyze --shard`: {reason}")]
    #[diagnostic(
        code(rules::cli::shard_format),
        help("give the files that `rulebook analyze … --shard I/N` wrote")
    )]
    ShardFormat { file: String, reason: String },
    /// Shares that do not make one whole study.
    #[error("{0}")]
    #[diagnostic(
        code(rules::cli::shard_mismatch),
        help("merge every share of one study, each once: the same rules, options, agents, games and seed")
    )]
    ShardMismatch(String),
    /// A `bench --baseline` file that is not what `bench --format json` wrote.
    #[error("`{file}` is not a baseline written by `bench --format json`: {reason}")]
    #[diagnostic(
        code(rules::cli::baseline_format),
        help("write one with `rulebook bench FILE… --format json > base.json`")
    )]
    BaselineFormat { file: String, reason: String },
    /// `diff` of two rules files whose positions cannot be compared.
    #[error("`{old}` and `{new}` cannot be compared: {reason}")]
    #[diagnostic(
        code(rules::cli::incomparable),
        help(
            "`diff` plays the same moves in two versions of one game: they need the same players, in the same order, \
             and the same cells on the board"
        )
    )]
    Incomparable {
        old: String,
        new: String,
        reason: String,
    },
    /// A game that `bench` could not measure.
    #[error("cannot measure `{file}`: {reason}")]
    #[diagnostic(code(rules::cli::bench))]
    Bench { file: String, reason: String },
}

/// The most games one run of `analyze` or `diff` plays: each game's result
/// is kept (for the share's output or the comparison), so memory grows
/// with the count.
pub const MAX_GAMES_A_RUN: u64 = 10_000_000;

/// Refuses a run of `games` games (`None`: beyond 64 bits) for `what`.
pub fn within_games_limit(what: &str, games: Option<u64>) -> Result<(), CliError> {
    match games {
        Some(n) if n <= MAX_GAMES_A_RUN => Ok(()),
        _ => Err(CliError::TooManyGames {
            what: what.to_string(),
            games: games.map_or("more than 2^64".to_string(), rulebook::diag::thousands),
            limit: rulebook::diag::thousands(MAX_GAMES_A_RUN),
        }),
    }
}

/// The library's [`within_budget`] as a command's error.
pub fn budget(engine: &Engine) -> Result<(), CliError> {
    within_budget(engine).map_err(CliError::Exhausted)
}

impl CliError {
    /// The error of a failed write to standard output.
    pub fn from_output(error: std::io::Error) -> CliError {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            CliError::OutputClosed
        } else {
            CliError::Output(error.to_string())
        }
    }
}

/// The rules file changed since the record was saved: a warning.
#[derive(Debug, Error, Diagnostic)]
#[error(
    "`{rules}` changed since this game was saved (the record says `{recorded}`, the file is now `{now}`)"
)]
#[diagnostic(
    code(rules::cli::record_rules_changed),
    severity(Warning),
    help(
        "the moves are replayed with the rules as they are now; if one is no longer legal, the replay stops there"
    )
)]
pub struct RulesChanged {
    rules: String,
    recorded: String,
    now: String,
}

/// The record was saved for another game: a warning.
#[derive(Debug, Error, Diagnostic)]
#[error("this record belongs to {recorded} (rules `{recorded_rules}`), not to {now} (`{rules}`)")]
#[diagnostic(
    code(rules::cli::record_other_game),
    severity(Warning),
    help("open it with the rules it was saved for: `--record` with `{recorded_rules}`")
)]
pub struct RecordOtherGame {
    recorded: String,
    recorded_rules: String,
    now: String,
    rules: String,
}

/// A game ready to run: the library's session (the engine, the text of its
/// rules, the options that were set, and the moves played so far).
pub type Loaded = Session;

/// Loads the game of `args`: reads the rules and the record, sets the
/// options, compiles the rules with them (printing warnings), plays the moves.
pub fn game(args: &GameArgs) -> Result<Loaded, miette::Report> {
    let source = read_source(&args.file)?;
    let record = match &args.record {
        Some(path) => Some(read_record(path)?),
        None => None,
    };
    let mut sets = match &record {
        Some((record, _)) => check_repeats(record.sets.clone())?,
        None => Vec::new(),
    };
    for (name, value) in check_repeats(parse_sets(&args.sets)?)? {
        match sets.iter().find(|(n, _)| *n == name) {
            Some((_, recorded)) if *recorded != value => {
                return Err(CliError::RecordSet {
                    name,
                    recorded: recorded.clone(),
                    given: value,
                }
                .into());
            }
            Some(_) => {}
            None => sets.push((name, value)),
        }
    }
    let engine = compile(&source, &sets, true)?;
    let record_start = record.as_ref().and_then(|(r, s)| Some((r.position.clone()?, s)));
    let mut loaded = Session::new(Arc::new(engine), Arc::new(source), sets);
    match (&args.position, record_start) {
        (Some(_), Some(_)) => return Err(CliError::RecordPosition.into()),
        (Some(text), None) => loaded.set_start(text).map_err(|e| CliError::BadPosition {
            text: text.clone(),
            reason: e.0,
        })?,
        (None, Some(((text, span), record_source))) => loaded.set_start(&text).map_err(|e| {
            RecordError::at(
                record_source,
                "rules::cli::record_position",
                span,
                format!(
                    "the record's starting position is not a position of this game: {}",
                    e.0
                ),
                "this position",
                Some("write it as `rulebook position FILE` prints it".into()),
            )
        })?,
        (None, None) => {}
    }
    if let Some((record, record_source)) = &record {
        let now = record::hash(&loaded.source().text);
        let changed = record.rules_hash.as_ref().is_some_and(|h| *h != now);
        let title = &loaded.engine().game().title;
        let other = changed && record.game.as_ref().is_some_and(|g| g != title);
        if other {
            let warning = RecordOtherGame {
                recorded: record.game.clone().unwrap_or_default(),
                recorded_rules: record.rules.clone(),
                now: title.clone(),
                rules: loaded.source().name.clone(),
            };
            to_stderr(&render_one(&warning));
        } else if changed {
            let warning = RulesChanged {
                rules: loaded.source().name.clone(),
                recorded: record.rules_hash.clone().unwrap_or_default(),
                now,
            };
            to_stderr(&render_one(&warning));
        }
        // Why a move of the record may not be legal: the record is another
        // game's, or its rules file changed.
        let note = if other {
            let game = record.game.clone().unwrap_or_default();
            Some(format!(
                "(the record was saved for another game, {game}, with `{}`)",
                record.rules
            ))
        } else {
            changed.then(|| "(the rules file changed since the game was saved)".to_string())
        };
        for (i, (text, span)) in record.moves.iter().enumerate() {
            let played = loaded.play(text).map(|_| ());
            budget(loaded.engine())?;
            if let Err(e) = played {
                let at = (i, text.as_str(), *span);
                return Err((*record_move_error(&loaded, record_source, at, &e, note.as_deref())).into());
            }
        }
    }
    for (i, text) in args.moves.as_deref().unwrap_or("").split_whitespace().enumerate() {
        let played = loaded.play(text).map(|_| ());
        budget(loaded.engine())?;
        if let Err(e) = played {
            return Err(move_error(&loaded, loaded.played().len() + 1, i, text, &e).into());
        }
        if let Some((full, _)) = loaded.played().last().filter(|(full, _)| full != text) {
            to_stderr(&format!("note: move {} `{text}` read as {full}\n", i + 1));
        }
    }
    Ok(loaded)
}

/// Compiles the rules with the options `sets` (checked: each once) into an
/// engine; prints the problems of the file when there are errors, or when
/// `warnings` says to show the warnings too.
pub fn compile(source: &SourceFile, sets: &[(String, String)], warnings: bool) -> Result<Engine, CliError> {
    let (game, problems) = rulebook::check_with(source, sets);
    let report = Report::new(source, problems);
    if !report.problems.is_empty() && (warnings || game.is_none()) {
        to_stderr(&render(&report));
    }
    let Some(game) = game else {
        return Err(CliError::Invalid(report.summary));
    };
    Engine::new(game, sets).map_err(|e| CliError::Option(e.to_string()))
}

/// `--set` arguments as (name, value) pairs, each option once.
pub fn sets(args: &[String]) -> Result<Vec<(String, String)>, CliError> {
    check_repeats(parse_sets(args)?)
}

/// The error of `--moves` move number `i + 1` (move `number` of the game).
fn move_error(
    loaded: &Loaded,
    number: usize,
    i: usize,
    text: &str,
    e: &notation::ParseMoveError,
) -> CliError {
    let legal = legal_here(loaded);
    let (reason, legal) = why_not(e, &legal);
    let reason = if number == i + 1 {
        reason
    } else {
        format!("(move {number} of the game) {reason}")
    };
    CliError::Move {
        index: i + 1,
        text: text.to_string(),
        reason,
        legal,
    }
}

/// The error of a record's move `i + 1`, at its place in the record, with
/// `note` on why the record may not fit the rules.
fn record_move_error(
    loaded: &Loaded,
    source: &SourceFile,
    (i, text, span): (usize, &str, Span),
    e: &notation::ParseMoveError,
    note: Option<&str>,
) -> Box<RecordError> {
    let legal = legal_here(loaded);
    let (reason, legal) = why_not(e, &legal);
    let mut help = legal.unwrap_or_default();
    if let Some(note) = note {
        help.push(' ');
        help.push_str(note);
    }
    Box::new(RecordError::at(
        source,
        "rules::cli::record_move",
        span,
        format!("move {} `{text}` {reason}", i + 1),
        "cannot be played here",
        (!help.is_empty()).then_some(help.trim().to_string()),
    ))
}

/// The legal moves where the game stands.
fn legal_here(loaded: &Loaded) -> Vec<String> {
    notation::legal_move_names(loaded.engine(), loaded.position(), &mut MoveBuf::new())
}

/// Why a move cannot be played, and the legal moves to list.
fn why_not(e: &notation::ParseMoveError, legal: &[String]) -> (String, Option<String>) {
    let reason = match e {
        notation::ParseMoveError::Malformed(_) => "is not written as a move".to_string(),
        notation::ParseMoveError::NotLegal(_) if legal.is_empty() => {
            "cannot be played: the game is over".to_string()
        }
        notation::ParseMoveError::NotLegal(_) => "is not legal in this position".to_string(),
        notation::ParseMoveError::Ambiguous(_, all) => {
            return (
                format!("could be any of {} moves", all.len()),
                Some(format!("write one of: {}", all.join(" "))),
            );
        }
    };
    let legal = (!legal.is_empty()).then(|| format!("legal moves here: {}", legal.join(" ")));
    (reason, legal)
}

/// Reads a rules file as UTF-8 text (`-`: standard input).
pub fn read_source(path: &Path) -> Result<SourceFile, CliError> {
    let source = read_text(path)?;
    if source.text.trim().is_empty() {
        return Err(CliError::Empty { path: source.name });
    }
    Ok(source)
}

/// Reads a file (`-`: standard input) as UTF-8 text, named as given.
fn read_text(path: &Path) -> Result<SourceFile, CliError> {
    let stdin = path.as_os_str() == "-";
    let name = if stdin {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let unreadable = |e: std::io::Error| CliError::Unreadable {
        path: name.clone(),
        reason: e.to_string(),
    };
    let bytes = if stdin {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(unreadable)?;
        bytes
    } else {
        std::fs::read(path).map_err(unreadable)?
    };
    let text = String::from_utf8(bytes).map_err(|e| CliError::NotUtf8 {
        path: name.clone(),
        offset: e.utf8_error().valid_up_to(),
    })?;
    Ok(SourceFile::new(name, text))
}

/// Reads and parses a record file.
fn read_record(path: &Path) -> Result<(Record, SourceFile), miette::Report> {
    let source = read_text(path)?;
    let record = Record::parse(&source).map_err(|e| *e)?;
    Ok((record, source))
}

/// Renders a report as text, without colour when not on a terminal or with `NO_COLOR`.
pub fn render(report: &Report) -> String {
    render_one(report)
}

/// Renders one diagnostic as [`render`] does, its text made printable.
pub fn render_one(diagnostic: &dyn Diagnostic) -> String {
    let colour =
        std::env::var_os("NO_COLOR").is_none() && std::io::IsTerminal::is_terminal(&std::io::stderr());
    rulebook::diag::render::report_text(diagnostic, colour)
}

/// `name=value` pairs of `--set`.
fn parse_sets(sets: &[String]) -> Result<Vec<(String, String)>, CliError> {
    sets.iter()
        .map(|s| {
            s.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .filter(|(k, _)| !k.is_empty())
                .ok_or_else(|| CliError::BadSet(s.clone()))
        })
        .collect()
}

/// Refuses an option given twice.
fn check_repeats(sets: Vec<(String, String)>) -> Result<Vec<(String, String)>, CliError> {
    for (i, (name, value)) in sets.iter().enumerate() {
        if let Some((_, first)) = sets[..i].iter().find(|(n, _)| n == name) {
            return Err(CliError::RepeatedSet {
                name: name.clone(),
                first: format!("{name}={first}"),
                second: format!("{name}={value}"),
            });
        }
    }
    Ok(sets)
}
