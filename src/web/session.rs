//! The game the page shows: its rules, the moves played, who the program
//! plays, and the program's move while it thinks. Every operation checks its
//! input and answers with the CLI's messages; none can stop the server.
//! What takes work (compiling, replaying, listing moves) is done by free
//! functions that the routes run off the lock ([`super::work`]); [`App`]'s
//! own methods are quick.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use miette::Diagnostic;
use rulebook::diag::{Report, SourceFile};
use rulebook::engine::{Engine, Move, MoveBuf, Position, Token};
use rulebook::notation;
use rulebook::record::Record;
use rulebook::session::{ReplayError, Session};

use super::agent::Progress;
use super::view::View;
use super::work::{Jobs, Pending};

/// The most text a rules file or a record sent by the page may hold.
pub const MAX_TEXT: usize = 512 * 1024;

/// The most text a move sent by the page may hold: a jump chain of the
/// engine's longest (64 steps) between cells of long names is a few hundred
/// bytes; a longer text is no move, and is refused before it is read.
pub const MAX_MOVE: usize = 4 * 1024;

/// A loaded game and its moves: the library's session, with the file it
/// came from.
pub struct Game {
    /// The file the rules came from (where "save" writes), if any.
    pub file: Option<PathBuf>,
    /// The rules, the options, the start and the moves played.
    pub session: Session,
}

/// A move the program is choosing.
pub struct Thinking {
    /// Its progress, shared with the thinking task.
    pub progress: Arc<Progress>,
}
/// Everything the server keeps.
pub struct App {
    /// The rules files offered on the page.
    pub offered: Vec<PathBuf>,
    /// The game shown, once one loaded.
    pub game: Option<Game>,
    /// The title of each offered file's game (its file name when the file
    /// does not read), for the page's selector.
    pub titles: Vec<String>,
    /// `programs[player]`: the program plays this side.
    pub programs: Vec<bool>,
    /// How hard the program thinks: one of [`super::agent::STRENGTHS`].
    pub strength: String,
    /// What the program thought of its last move, until the game changes.
    pub thought: Option<String>,
    /// Bumped by every change of the game.
    pub generation: u64,
    /// The program's move being chosen, if any.
    pub thinking: Option<Thinking>,
    /// Why the program could not choose its move, until the game changes.
    pub problem: Option<String>,
    /// Seeds of the program's choices, one per move it makes.
    pub seed: u64,
    /// The places and the budget of the work requests ask for off the lock
    /// (compiling, replaying, reading a move, checking).
    pub jobs: Jobs,
    /// Those of reading the players' moves: apart, so that slow checks and
    /// loads (of huge rules files) cannot hold up the game being played.
    pub moves: Jobs,
    /// Those of finding the views of positions: apart, so that rules that
    /// ran away while being loaded cannot hold up the game being played.
    views: Jobs,
    /// The view of the position of generation `.0`, found or being found.
    view: Option<(u64, Pending<View>)>,
}

impl Game {
    /// The position after the moves played.
    pub fn position(&self) -> &Position {
        self.session.position()
    }

    /// The game as a record, in the format of `play`'s `save`.
    pub fn record(&self) -> String {
        let name = self
            .file
            .as_ref()
            .map_or(self.session.source().name.clone(), |f| f.display().to_string());
        self.session.record_text(&name)
    }
}

/// The report (as the CLI prints it) when `engine` ran out of its budget
/// for listing the moves of a position since it was last asked.
pub fn within_budget(engine: &Engine) -> Result<(), String> {
    rulebook::session::within_budget(engine).map_err(|e| render(&e))
}

/// Reads a legal move of `pos` in notation; the CLI's message if it is not
/// one (or if its moves could not be listed within the budget), with the
/// rule of the rules file `source` that refuses it, as `explain` says.
pub fn parse_move(engine: &Engine, pos: &Position, text: &str, source: &SourceFile) -> Result<Move, String> {
    let mut buf = MoveBuf::new();
    let parsed = notation::parse(engine, pos, text, &mut buf);
    within_budget(engine)?;
    parsed.map_err(|e| {
        let legal = notation::legal_move_names(engine, pos, &mut buf);
        let why = match e {
            notation::ParseMoveError::NotLegal(_) if !legal.is_empty() => {
                let explanation = rulebook::explain::explain(engine, pos, text);
                // Explaining may list moves too: within the budget, or nothing said.
                let said = rulebook::describe::explanation::in_one_line(source, &explanation);
                said.filter(|_| within_budget(engine).is_ok())
            }
            _ => None,
        };
        let reason = match (e, why) {
            (notation::ParseMoveError::NotLegal(_), Some(why)) => {
                format!("is not legal in this position: {why}")
            }
            (e, _) => match e {
                notation::ParseMoveError::Malformed(_) => "is not written as a move".to_string(),
                notation::ParseMoveError::NotLegal(_) if legal.is_empty() => {
                    "cannot be played: the game is over".to_string()
                }
                notation::ParseMoveError::NotLegal(_) => "is not legal in this position".to_string(),
                // The moves it could be are the list to show.
                notation::ParseMoveError::Ambiguous(_, all) => {
                    return format!("move `{}` could be any of: {}", clip(text, 40), all.join(" "));
                }
            },
        };
        let shown: Vec<&str> = legal.iter().take(40).map(String::as_str).collect();
        let more = if legal.len() > shown.len() { " …" } else { "" };
        let list = if legal.is_empty() {
            String::new()
        } else {
            format!("; legal moves here: {}{more}", shown.join(" "))
        };
        format!("move `{}` {reason}{list}", clip(text, 40))
    })
}

/// The first `n` characters of `text`, for messages.
fn clip(text: &str, n: usize) -> String {
    let mut out: String = text.chars().take(n).collect();
    if text.chars().count() > n {
        out.push('…');
    }
    out
}

/// Refuses text that is too large or not text at all.
pub fn check_text(text: &str, what: &str) -> Result<(), String> {
    if text.len() > MAX_TEXT {
        return Err(format!(
            "the {what} is {} KiB: at most {} KiB are accepted",
            text.len() / 1024,
            MAX_TEXT / 1024
        ));
    }
    if text.contains('\0') {
        return Err(format!(
            "the {what} is not text (it holds NUL bytes): is it a binary file?"
        ));
    }
    Ok(())
}

/// A report as the CLI prints it, without colour (long lines cut near
/// their labels, control characters escaped).
pub fn render(diagnostic: &dyn Diagnostic) -> String {
    rulebook::diag::render::report_text(diagnostic, false)
}

/// Compiles rules text into a new game at its start; the CLI's report if it
/// has errors.
pub fn load(file: Option<PathBuf>, source: SourceFile, sets: Vec<(String, String)>) -> Result<Game, String> {
    check_text(&source.text, "rules file")?;
    let (game, problems) = rulebook::check_with(&source, &sets);
    let Some(game) = game else {
        return Err(render(&Report::new(&source, problems)));
    };
    let engine = Engine::new(game, &sets).map_err(|e| e.to_string())?;
    let session = Session::new(Arc::new(engine), Arc::new(source), sets);
    Ok(Game { file, session })
}

/// A game ready to be shown: with the view of its position, found now, so
/// that rules whose moves cannot be listed are refused before they are shown.
pub fn ready(game: Game) -> Result<(Game, View), String> {
    let view = View::of(game.session.engine(), game.position(), game.session.source())?;
    Ok((game, view))
}

/// Opens the offered rules file `path` (within its folder) at its start.
pub fn open(path: &Path) -> Result<(Game, View), String> {
    let source = read_file(path)?;
    load(Some(path.to_path_buf()), source, Vec::new()).and_then(ready)
}

/// The title a rules file declares (`game "…"`), read without compiling it;
/// its file name when it does not read or declares none.
fn title_of(path: &Path) -> String {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let Ok(source) = read_file(path) else {
        return name;
    };
    let (file, _) = rulebook::syntax::parse(&source);
    file.items
        .iter()
        .find_map(|item| match item {
            rulebook::syntax::ast::Item::Game { title, .. } => Some(title.clone()),
            _ => None,
        })
        .unwrap_or(name)
}

/// Reads a rules file from disk for the page (only within its folder: see
/// [`super::folder`]).
pub fn read_file(path: &Path) -> Result<SourceFile, String> {
    let real = super::folder::resolve(path)?;
    let bytes = std::fs::read(real).map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "`{}` is not UTF-8 text (invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })?;
    Ok(SourceFile::new(path.display().to_string(), text))
}

/// Replays a record (its options, then its moves) on the rules of `file`
/// and `source`: a new game, ready to be shown.
pub fn replay(file: Option<PathBuf>, source: &SourceFile, text: &str) -> Result<(Game, View), String> {
    check_text(text, "record")?;
    let record_source = SourceFile::new("record", text.to_string());
    let parsed = Record::parse(&record_source).map_err(|e| render(&*e))?;
    let mut fresh = load(file, source.clone(), parsed.sets.clone())?;
    fresh.session.replay(&parsed).map_err(|e| match e {
        ReplayError::Move {
            index, text, error, ..
        } => {
            let pos = fresh.session.position();
            parse_move(fresh.session.engine(), pos, &text, fresh.session.source())
                .err()
                .map_or_else(
                    || error.to_string(),
                    |why| format!("move {} of the record: {why}", index + 1),
                )
        }
        ReplayError::Start { error, .. } => format!("the record's starting position: {error}"),
        other => other.to_string(),
    })?;
    ready(fresh)
}

impl App {
    /// A server offering `offered`, with no game loaded yet.
    pub fn new(offered: Vec<PathBuf>) -> App {
        App {
            titles: offered.iter().map(|p| title_of(p)).collect(),
            offered,
            game: None,
            programs: Vec::new(),
            strength: super::agent::DEFAULT_STRENGTH.to_string(),
            thought: None,
            generation: 0,
            thinking: None,
            problem: None,
            seed: 1,
            jobs: Jobs::default(),
            moves: Jobs::default(),
            views: Jobs::default(),
            view: None,
        }
    }

    /// The jobs of views: to wait for one that [`App::view`] started.
    pub fn views(&self) -> Jobs {
        self.views.clone()
    }

    /// Something changed: a thinking program's move is no longer wanted.
    pub fn changed(&mut self) {
        self.generation += 1;
        self.problem = None;
        self.thought = None;
        if let Some(t) = self.thinking.take() {
            t.progress.cancel();
        }
    }

    /// Shows a new game, with the view of its position. The program's sides
    /// are kept when the same file is started again or reloaded; another
    /// game starts with a person on every side.
    pub fn set_game(&mut self, (game, view): (Game, View)) {
        let players = game.session.engine().game().players.len();
        let same_file = self.game.as_ref().is_some_and(|g| g.file == game.file);
        if !same_file || self.programs.len() != players {
            self.programs = vec![false; players];
        }
        self.game = Some(game);
        self.changed();
        self.view = Some((self.generation, Jobs::done(view)));
    }

    /// The view of the current position: found already, being found, or
    /// started now off the lock (`None` when no game is loaded).
    pub fn view(&mut self) -> Option<Pending<View>> {
        let game = self.game.as_ref()?;
        match &self.view {
            Some((generation, pending)) if *generation == self.generation => Some(pending.clone()),
            _ => {
                let (engine, source) = (game.session.engine_arc(), game.session.source_arc());
                let pos = game.position().clone();
                // An engine of its own, whose budget no other work can spend.
                let pending = self.views.start("listing the moves", move || {
                    View::of(&Engine::clone(&engine), &pos, &source)
                });
                self.view = Some((self.generation, pending.clone()));
                Some(pending)
            }
        }
    }

    /// Takes back the last move, and the program's before it, back to a
    /// position where a person is to move (or just one move when the program
    /// plays every side).
    pub fn undo(&mut self) -> Result<(), String> {
        let programs = self.programs.clone();
        let game = self.game.as_mut().ok_or("no game is loaded")?;
        if game.session.played().is_empty() {
            return Err("there is no move to take back".into());
        }
        let person = |g: &Game, i: usize| {
            !programs
                .get(g.session.mover_after(i).index())
                .copied()
                .unwrap_or(false)
        };
        let now = game.session.played().len();
        let target = (0..now).rev().find(|&i| person(game, i)).unwrap_or(now - 1);
        game.session.truncate(target);
        self.changed();
        Ok(())
    }
}

/// What a click needs to know of a legal move: where its first action starts
/// (`from`), where it first lands (`to`), where a drop places (`place`) and
/// what it removes on its own (`take`).
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct MoveShape {
    /// The move in notation.
    pub text: String,
    /// The cell its piece leaves.
    pub from: Option<String>,
    /// The first cell it lands on.
    pub to: Option<String>,
    /// The cell a drop places on.
    pub place: Option<String>,
    /// A cell whose piece is taken as an action of its own.
    pub take: Option<String>,
}

/// The legal moves of a position, as clicks see them.
pub fn legal_shapes(engine: &Engine, pos: &Position) -> Vec<MoveShape> {
    let mut buf = MoveBuf::new();
    engine.legal_moves(pos, &mut buf);
    let names = &engine.game().topology.cell_names;
    let name = |c: rulebook::ir::CellId| names.get(c.index()).cloned();
    let mut out: Vec<MoveShape> = buf
        .moves
        .iter()
        .map(|mv| {
            let mut shape = MoveShape {
                text: notation::format(engine, mv),
                ..MoveShape::default()
            };
            for t in mv.tokens() {
                match t {
                    Token::From(c) if shape.from.is_none() && shape.place.is_none() => shape.from = name(c),
                    Token::To(c) | Token::Capture(c) if shape.to.is_none() && shape.from.is_some() => {
                        shape.to = name(c)
                    }
                    Token::Place(c) if shape.from.is_none() && shape.place.is_none() => shape.place = name(c),
                    Token::Take(c)
                        if shape.from.is_none() && shape.place.is_none() && shape.take.is_none() =>
                    {
                        shape.take = name(c)
                    }
                    _ => {}
                }
            }
            shape
        })
        .collect();
    out.sort_by(|a, b| a.text.cmp(&b.text));
    out.dedup_by(|a, b| a.text == b.text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small placement game.
    const TINY: &str = "game \"Tiny\"\nplayers A, B\nboard grid files a..c ranks 1..3\n\
                        piece Stone letter S { drop: onto empty }\nsupply Stone\n\
                        end {\n  draw after 9 moves\n}\n";

    /// Plays a move as the page's route does: read, then pushed.
    fn play(g: &mut Game, text: &str) -> Result<(), String> {
        let mv = parse_move(g.session.engine(), g.position(), text, g.session.source())?;
        g.session.push(mv);
        Ok(())
    }

    fn game() -> Game {
        load(None, SourceFile::new("tiny.rules", TINY), Vec::new()).unwrap()
    }

    #[test]
    fn an_illegal_move_is_refused_with_the_legal_ones() {
        let mut g = game();
        let e = play(&mut g, "a1-a2").unwrap_err();
        assert!(
            e.contains("is not legal") && e.contains("legal moves here"),
            "{e}"
        );
        let e = play(&mut g, "<script>").unwrap_err();
        assert!(e.contains("is not written as a move"), "{e}");
    }

    #[test]
    fn an_illegal_move_is_explained_by_its_rule() {
        let mut g = game();
        play(&mut g, "S@b2").unwrap();
        let e = play(&mut g, "S@b2").unwrap_err();
        assert!(
            e.contains("`Stone.drop` refuses it: b2 is not empty")
                && e.contains("Stone.drop at tiny.rules:4:")
                && e.contains(": `empty`"),
            "{e}"
        );
        let e = play(&mut g, "a1-a2").unwrap_err();
        assert!(e.contains("no rule produces it (there is no piece on a1)"), "{e}");
    }

    #[test]
    fn bad_rules_give_the_report_of_check() {
        let e = load(
            None,
            SourceFile::new("x.rules", "players A\nboard grid files a..b ranks 1..q\n"),
            Vec::new(),
        )
        .err()
        .unwrap();
        assert!(e.contains("rules::"), "{e}");
        assert!(check_text("a\0b", "record").is_err());
    }

    #[test]
    fn an_error_past_column_65535_is_reported() {
        let text = format!("players A, B {} @@@\n", " ".repeat(70_000));
        let e = load(None, SourceFile::new("long.rules", text), Vec::new())
            .err()
            .unwrap();
        assert!(e.contains("long.rules:1:70015") && e.contains("found `@`"), "{e}");
    }

    #[test]
    fn a_saved_record_loads_again() {
        let mut g = game();
        play(&mut g, "S@b2").unwrap();
        let text = g.record();
        let (again, view) = replay(g.file.clone(), g.session.source(), &text).unwrap();
        assert_eq!(again.session.played().len(), 1);
        assert!(view.ongoing && view.legal.len() == 8, "{view:?}");
    }
}
