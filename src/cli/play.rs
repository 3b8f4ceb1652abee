//! `rulebook play`: an interactive game in the terminal, between people at one
//! keyboard or against the program (`--ai SIDE[=AGENT]`, a tree search by
//! default, or `--players`; both sides may be the program).
//!
//! Everything shown comes from the compiled game: players, pieces and their
//! letters, turns, counters, end rules and the board's cell names.

mod advice;
mod input;
mod listing;
mod save;

use std::io::{self, IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::agents;
use super::board_text::{self, Style};
use super::load::{CliError, Loaded};
use advice::Verdict;
use listing::Named;
use rulebook::ai::{Agent, AgentSpec, Budget, DEFAULT_THREADS, Progress, Thought, derive_seed};
use rulebook::describe::{self, ending, thought};
use rulebook::diag::SourceFile;
use rulebook::engine::{Engine, Move, MoveBuf, Position, Status};
use rulebook::ir::{CaptureTo, CellId, Outcome, PieceKind, PlayerId};
use rulebook::lines::MAX_LINE;
use rulebook::notation;

/// The commands, for Tab completion and "did you mean".
const COMMANDS: &[&str] = &[
    "help", "moves", "board", "rules", "undo", "history", "save", "save!", "quit",
];

/// How long the program waits before a quick move (random, or the only
/// one) when a person plays too.
const AI_PAUSE: Duration = Duration::from_millis(700);

/// How often the progress of a search is redrawn.
const THINKING_REDRAW: Duration = Duration::from_millis(100);

/// Who plays each side: `agents[p]` is the program's agent for player `p`,
/// `None` for a person.
pub type Seats = Vec<Option<AgentSpec>>;

/// The seats of `play`: `--players` (with `human` for a person), or a
/// person on every side but those of `--ai SIDE[=AGENT]`.
pub fn seats(game: &rulebook::ir::Game, ai: &[String], players: Option<&str>) -> Result<Seats, CliError> {
    if let Some(list) = players {
        return agents::seats(list, game);
    }
    let mut seats = vec![None; game.players.len()];
    for side in ai {
        let (p, agent) = agents::side(side, game)?;
        seats[p] = Some(agent);
    }
    Ok(seats)
}

/// Gives `threads` threads to every tree search of `seats` that does not
/// name its own number.
pub fn set_threads(seats: &mut Seats, threads: usize) {
    for seat in seats.iter_mut() {
        if let Some(AgentSpec::Mcts(config)) = seat
            && config.threads == DEFAULT_THREADS
        {
            config.threads = threads;
        }
    }
}

/// Runs an interactive game from where `loaded` stands; `seats` says which
/// sides the program plays, and how; its choices are seeded with `seed`.
pub fn run(loaded: Loaded, seats: &Seats, seed: u64) -> miette::Result<()> {
    let (engine, source) = (loaded.engine_arc(), loaded.source_arc());
    let (engine, source) = (&*engine, &*source);
    let agents: Vec<Option<Agent>> = seats
        .iter()
        .enumerate()
        .map(|(p, s)| s.as_ref().map(|s| Agent::new(s, derive_seed(seed, p as u64))))
        .collect();
    let is_ai = seats.iter().map(Option::is_some).collect();
    let interactive = io::stdin().is_terminal() && io::stdout().is_terminal();
    let mut session = Session {
        engine,
        style: Style::detect(),
        is_ai,
        agents,
        seats: seats.clone(),
        pause: interactive,
        thinking_shown: io::stderr().is_terminal(),
        buf: MoveBuf::new(),
        saved: loaded.played().len(),
        game: loaded,
        source,
        terminal: interactive,
        over_shown: None,
        shown: None,
        status_for: None,
        described: Vec::new(),
        suggestion: None,
        width: listing::screen_width(),
        out: io::stdout(),
    };
    let played = session.play();
    super::load::budget(engine)?;
    match played {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(miette::miette!(code = "rules::cli::io", "play: {e}")),
    }
}

/// A game in progress.
struct Session<'a> {
    engine: &'a Engine,
    style: Style,
    /// Which players the program plays.
    is_ai: Vec<bool>,
    /// The program's agent of each player it plays, and their names.
    agents: Vec<Option<Agent>>,
    seats: Seats,
    /// Wait a little before the program's quick moves (a person is watching).
    pause: bool,
    /// Show the progress of a search on standard error (a terminal).
    thinking_shown: bool,
    buf: MoveBuf,
    /// The game: its options, start, moves and positions.
    game: rulebook::session::Session,
    /// The rules file, for records and for the lines of end rules.
    source: &'a SourceFile,
    /// The number of moves when the game was last saved (or loaded).
    saved: usize,
    /// Standard input and output are a terminal: a person is there to ask.
    terminal: bool,
    /// The number of moves when the end of the game was last announced.
    over_shown: Option<usize>,
    /// The number of moves when the board was last drawn.
    shown: Option<usize>,
    /// The number of moves when the status line was last printed.
    status_for: Option<usize>,
    /// The kinds of turn whose description has been shown.
    described: Vec<(usize, PlayerId)>,
    /// The move offered by "did you mean …? Type y".
    suggestion: Option<String>,
    width: usize,
    out: io::Stdout,
}

impl Session<'_> {
    /// Writes `text` (and a line end): its control characters escaped but
    /// the colours of the game's styles.
    fn say(&mut self, text: &str) -> io::Result<()> {
        let text = rulebook::diag::printable::printable_keeping_colour(text);
        let mut out = self.out.lock();
        out.write_all(text.as_bytes())?;
        if !text.ends_with('\n') {
            out.write_all(b"\n")?;
        }
        out.flush()
    }

    /// Prose, wrapped to the screen.
    fn tell(&mut self, text: &str) -> io::Result<()> {
        let wrapped = listing::wrap_prose(text, self.width);
        self.say(&wrapped)
    }

    fn pos(&self) -> &Position {
        self.game.position()
    }

    fn name(&self, p: PlayerId) -> String {
        describe::player_name(self.engine, p)
    }

    /// A player's name in their colour.
    fn styled_name(&self, p: PlayerId) -> String {
        self.style.player(p, &self.name(p))
    }

    /// " (place stone)": the turn's name, when the game has several kinds of turn.
    fn turn_label(&self, turn: usize) -> String {
        let game = self.engine.game();
        match game.turns.get(turn) {
            Some(t) if game.turns.len() > 1 => format!(" ({})", describe::words(&t.name)),
            _ => String::new(),
        }
    }

    fn humans(&self) -> usize {
        self.is_ai.iter().filter(|a| !**a).count()
    }

    fn play(&mut self) -> io::Result<()> {
        self.intro()?;
        let mut input = input::Input::new(self.style.colour);
        loop {
            let pos = self.game.position();
            let over = ending::end_reason(self.engine, pos, &mut self.buf, self.source);
            // Moves cut short by the engine's budget: stop; `run` reports it.
            if self.engine.is_exhausted() {
                return Ok(());
            }
            if let Some((outcome, reason)) = &over {
                if self.over_shown != Some(self.game.played().len()) {
                    self.over_shown = Some(self.game.played().len());
                    self.game_over(*outcome, reason)?;
                }
                // Watching the program play itself: nothing more to do.
                if self.humans() == 0 {
                    return Ok(());
                }
            }
            // Watching the program play itself a game that does not end.
            if over.is_none()
                && self.humans() == 0
                && self.game.played().len() >= super::cap::DEFAULT_MAX_MOVES as usize
            {
                return self.tell(&super::cap::stopped(self.game.played().len()));
            }
            let mover = self.engine.mover(self.pos());
            if over.is_none() && self.is_ai[mover.index()] {
                self.ai_move()?;
                continue;
            }
            if over.is_none() && self.shown != Some(self.game.played().len()) {
                self.show_position()?;
            }
            if over.is_none() && self.status_for != Some(self.game.played().len()) {
                self.status_line()?;
            }
            let (prompt, styled) = match over {
                Some(_) => (
                    "[game over]> ".to_string(),
                    format!("{}> ", self.style.dim("[game over]")),
                ),
                None => {
                    let number = format!("[{}]", u64::from(self.pos().ply()) + 1);
                    let name = self.name(mover);
                    (
                        format!("{number} {name}> "),
                        format!("{} {}> ", self.style.dim(&number), self.styled_name(mover)),
                    )
                }
            };
            let pos = self.game.position();
            let legal = notation::legal_move_names(self.engine, pos, &mut self.buf);
            if self.engine.is_exhausted() {
                return Ok(());
            }
            let line = match input.read(&prompt, &styled, &legal, COMMANDS)? {
                input::Line::Text(line) => line,
                input::Line::Garbled => {
                    self.say("\n(That line was not UTF-8 text; ignored.)")?;
                    continue;
                }
                input::Line::TooLong => {
                    self.say(&format!(
                        "\n(That line is longer than {MAX_LINE} bytes; ignored.)"
                    ))?;
                    continue;
                }
                input::Line::Control => {
                    self.say("\n(That line holds control characters, such as an escape sequence; ignored.)")?;
                    continue;
                }
                input::Line::End => {
                    let n = self.game.played().len();
                    self.say(&format!(
                        "\nEnd of input: the game stops after {}.",
                        plural(n, "move")
                    ))?;
                    return self.offer_save(&mut input);
                }
                input::Line::Interrupted => {
                    let n = self.game.played().len();
                    self.say(&format!(
                        "Interrupted: the game stops after {}.",
                        plural(n, "move")
                    ))?;
                    return self.offer_save(&mut input);
                }
            };
            if input.is_plain() {
                // Echo piped input so that a transcript reads like a session.
                self.say(line.trim_end())?;
            }
            if !self.command(line.trim())? {
                return self.offer_save(&mut input);
            }
        }
    }

    /// Handles one line typed by a person; `false` to stop the game.
    fn command(&mut self, input: &str) -> io::Result<bool> {
        let suggestion = self.suggestion.take();
        let (word, arg) = match input.split_once(char::is_whitespace) {
            Some((w, a)) => (w, a.trim()),
            None => (input, ""),
        };
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "quit" | "exit" | "q" | "resign" => {
                let n = self.game.played().len();
                self.say(&format!("Game stopped after {}.", plural(n, "move")))?;
                return Ok(false);
            }
            "help" | "h" | "?" => self.help()?,
            "moves" | "m" | "legal" => self.list_moves(arg)?,
            "board" | "b" => {
                self.show_position()?;
                self.status_line()?;
            }
            "rules" | "r" => self.rules()?,
            "undo" | "u" | "takeback" => self.undo()?,
            "history" => self.show_history()?,
            "save" => {
                self.save(arg, false)?;
            }
            "save!" => {
                self.save(arg, true)?;
            }
            "y" | "yes" => match suggestion {
                Some(text) => return self.command(&text),
                None => self.say("There is no suggestion to accept; type a move.")?,
            },
            _ => self.try_move(input)?,
        }
        Ok(true)
    }

    fn legal_named(&mut self) -> Vec<Named> {
        let pos = self.game.position();
        let names = notation::legal_move_names(self.engine, pos, &mut self.buf);
        listing::named_moves(&names)
    }

    fn try_move(&mut self, input: &str) -> io::Result<()> {
        if let Some(command) = advice::command_meant(input, COMMANDS) {
            self.suggestion = Some(command.to_string());
            return self.tell(&format!(
                "{} `{input}` is no command. Did you mean `{command}`? Type y to run it.",
                self.style.warn("✗")
            ));
        }
        let pos = self.pos().clone();
        if let Some((_, reason)) = ending::end_reason(self.engine, &pos, &mut self.buf, self.source) {
            return self.tell(&format!(
                "The game is over ({reason}). Type `undo` to take moves back, `history` for the moves, \
                 `save FILE` to keep the game, or `quit`."
            ));
        }
        let legal = self.legal_named();
        match advice::judge(self.engine, self.pos(), input, &legal, self.source) {
            Verdict::Play { text, note } => self.human_move(&text, note),
            Verdict::Refuse { message, suggestion } => {
                self.suggestion = suggestion;
                let text = format!("{} {message}", self.style.warn("✗"));
                self.tell(&text)
            }
        }
    }

    fn human_move(&mut self, text: &str, note: Option<String>) -> io::Result<()> {
        let pos = self.pos().clone();
        let Ok(mv) = notation::parse(self.engine, &pos, text, &mut self.buf) else {
            return self.say(&format!("`{text}` is not legal here."));
        };
        self.make(mv, note)
    }

    /// Plays a legal move and prints it with what it did.
    fn make(&mut self, mv: Move, note: Option<String>) -> io::Result<()> {
        let before = self.pos().clone();
        let mover = self.engine.mover(&before);
        let text = self.game.push(mv).to_string();
        let (_, mv) = self.game.played().last().expect("just played");
        let effects = describe::move_effects(self.engine, &before, self.game.position(), mv.as_ref());
        let who = if self.is_ai[mover.index()] && self.humans() > 0 {
            format!("{} (program)", self.styled_name(mover))
        } else {
            self.styled_name(mover)
        };
        let mut line = format!(
            "{:>4}. {who} played {}",
            u64::from(before.ply()) + 1,
            self.style.bold(&text)
        );
        if let Some(note) = note {
            line.push(' ');
            line.push_str(&note);
        }
        if !effects.is_empty() {
            line.push_str(&format!(" — {}", effects.join("; ")));
        }
        self.tell(&line)
    }

    /// The program's move, by the agent of the player to move, and what it
    /// thought of the position.
    fn ai_move(&mut self) -> io::Result<()> {
        let pos = self.pos().clone();
        let mover = self.engine.mover(&pos);
        let line = self.game.line();
        let name = self.name(mover);
        let shown = self.thinking_shown;
        let started = Instant::now();
        let last_drawn = Mutex::new(None::<Instant>);
        let engine = self.engine;
        let progress = |p: &Progress| {
            let mut last = last_drawn.lock().unwrap_or_else(|e| e.into_inner());
            if shown && last.is_none_or(|t| t.elapsed() >= THINKING_REDRAW) {
                *last = Some(Instant::now());
                super::to_stderr(&format!(
                    "\r\x1b[2K{name} thinks… {}, {:.1} s{}",
                    thought::playouts(p.playouts),
                    started.elapsed().as_secs_f64(),
                    thought::so_far(engine, mover, p)
                ));
            }
        };
        let Some(agent) = self.agents[mover.index()].as_mut() else {
            return Ok(());
        };
        let choice = agent.choose(self.engine, &pos, &line, &progress);
        if shown
            && last_drawn
                .into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .is_some()
        {
            super::to_stderr("\r\x1b[2K");
        }
        let Some((mv, thought)) = choice else {
            return Ok(());
        };
        // A move chosen from moves cut short by the budget is not played.
        if self.engine.is_exhausted() {
            return Ok(());
        }
        let quick = thought.as_ref().is_none_or(|t| t.playouts == 0);
        if self.pause && quick && self.humans() > 0 {
            std::thread::sleep(AI_PAUSE);
        }
        self.make(mv, None)?;
        if let Some(t) = thought {
            let line = self.thought_line(&t);
            let dim = self.style.dim(&line);
            self.tell(&dim)?;
        }
        // Watching the program play itself: the board after every move (the
        // last one is drawn with the result).
        let pos = self.game.position();
        if self.humans() == 0 && self.engine.status(pos, &mut self.buf) == Status::Ongoing {
            self.show_position()?;
        }
        Ok(())
    }

    /// "      estimate: Red 71% · draw 2% · Blue 27% (4000 playouts in 2.0 s); best moves: …"
    fn thought_line(&self, t: &Thought) -> String {
        format!("      {}", thought::summary(self.engine, t))
    }

    /// The cells to highlight: the moves since the board was last shown, made
    /// by others than the player to move (else the last move).
    fn marks(&self) -> Vec<CellId> {
        let mover = self.engine.mover(self.pos());
        let since = self.shown.unwrap_or(0).min(self.game.played().len());
        let mut cells = Vec::new();
        for i in since..self.game.played().len() {
            if self.game.mover_after(i) != mover || self.pos().result().is_some() {
                cells.extend(board_text::move_cells(self.game.played()[i].1.as_ref()));
            }
        }
        if cells.is_empty()
            && let Some((_, mv)) = self.game.played().last()
        {
            cells = board_text::move_cells(mv.as_ref());
        }
        cells
    }

    fn show_position(&mut self) -> io::Result<()> {
        let pos = self.pos().clone();
        let marks = self.marks();
        let over = ending::end_reason(self.engine, &pos, &mut self.buf, self.source).is_some();
        let to_move = (!over).then(|| self.engine.mover(&pos));
        let mut text = String::from("\n");
        text.push_str(&board_text::board(self.engine, &pos, self.style, &marks));
        // The legend's lines wrap under the first piece of their player.
        let indent = 4 + self
            .engine
            .game()
            .players
            .iter()
            .map(|p| p.chars().count())
            .max()
            .unwrap_or(0);
        for line in board_text::legend(self.engine, &pos, self.style, to_move).lines() {
            let words: Vec<String> = line.split(' ').map(String::from).collect();
            text.push_str(&listing::wrap_hanging("", &words, self.width, indent));
            text.push('\n');
        }
        if let Some(check) = self.check_words(&pos) {
            text.push_str(&format!("{} {check}\n", self.style.warn("!")));
        }
        self.shown = Some(self.game.played().len());
        self.say(&text)
    }

    /// "White is in check: King on e1." when a royal piece of the player to
    /// move stands attacked (also when the game ended so: checkmate).
    fn check_words(&self, pos: &Position) -> Option<String> {
        let mover = self.engine.mover(pos);
        let cells = self.engine.checked_royals(pos, mover);
        let names = &self.engine.game().topology.cell_names;
        let pieces: Vec<String> = cells
            .iter()
            .filter_map(|&c| {
                let (_, kind) = self.engine.piece_at(pos, c)?;
                Some(format!(
                    "{} on {}",
                    self.engine.game().kinds[kind.index()].name,
                    names[c.index()]
                ))
            })
            .collect();
        (!pieces.is_empty()).then(|| format!("{} is in check: {}.", self.name(mover), pieces.join(", ")))
    }

    /// "Move 5 · Blue to play: …" and the number of legal moves.
    fn status_line(&mut self) -> io::Result<()> {
        let pos = self.pos().clone();
        let mover = self.engine.mover(&pos);
        let turn = self.engine.game().order.at(pos.ply()).1;
        let legal = self.legal_named();
        let n = legal.len();
        let name = self.turn_label(turn);
        let mut head = format!(
            "Move {} · {} to play{name}",
            u64::from(pos.ply()) + 1,
            self.name(mover)
        );
        // The whole description the first time a kind of turn comes up; then short.
        if !self.described.contains(&(turn, mover)) {
            self.described.push((turn, mover));
            head.push_str(&format!(": {}.", describe::turn_text(self.engine, turn)));
        }
        head.push_str(&format!(" [{}]", plural(n, "legal move")));
        let tiers = self.engine.game().turns.get(turn).map_or(0, |t| t.tiers.len());
        if let Some(tier) = advice::active_tier(self.engine, &pos, &legal)
            && tier + 1 < tiers
            && let Some(t) = self.engine.game().turns.get(turn)
        {
            let only: Vec<String> = t.tiers[tier]
                .iter()
                .map(|s| describe::source_text(self.engine, s))
                .collect();
            head.push_str(&format!(" Compulsory now: {}.", only.join(" or ")));
        }
        self.status_for = Some(self.game.played().len());
        let text = self.style.dim(&head);
        self.tell(&text)
    }

    fn intro(&mut self) -> io::Result<()> {
        let engine = self.engine;
        let game = engine.game();
        let mut text = String::new();
        text.push_str(&format!(
            "{} — {}\n",
            self.style.bold(&game.title),
            (0..game.players.len())
                .map(|p| self.styled_name(PlayerId(p as u8)))
                .collect::<Vec<_>>()
                .join(" against ")
        ));
        let humans: Vec<String> = (0..game.players.len())
            .filter(|&p| !self.is_ai[p])
            .map(|p| self.name(PlayerId(p as u8)))
            .collect();
        let programs: Vec<String> = (0..game.players.len())
            .filter_map(|p| {
                let agent = self.seats[p].as_ref()?;
                Some(format!(
                    "{} ({})",
                    self.name(PlayerId(p as u8)),
                    agent_words(agent)
                ))
            })
            .collect();
        text.push_str(&match (humans.len(), programs.len()) {
            (_, 0) => "Players take turns at this keyboard.\n".to_string(),
            (0, _) => format!("The program plays {}: watch.\n", programs.join(" and ")),
            _ => format!(
                "You play {}; the program plays {}.\n",
                humans.join(" and "),
                programs.join(" and ")
            ),
        });
        text.push_str(&format!("Order of play: {}.\n", order_text(engine)));
        text.push_str("How the game ends:\n");
        for line in ending::end_rules_text(engine) {
            text.push_str(&format!("  • {line}\n"));
        }
        if !humans.is_empty() {
            text.push_str(
                "Type a move (`help` shows how, with examples), or a command: help, moves, \
                 moves <cell>, board, rules, undo, history, save FILE, quit.\n",
            );
        }
        for line in trigger_lines(engine) {
            text.push_str(&line);
            text.push('\n');
        }
        text.push_str(&board_text::key(engine, self.style));
        self.tell(&text)?;
        if humans.is_empty() {
            self.show_position()?;
        }
        Ok(())
    }

    fn rules(&mut self) -> io::Result<()> {
        let engine = self.engine;
        let game = engine.game();
        let written = describe::written_moves(self.source);
        let mut text = format!("{}\n", self.style.bold(&game.title));
        text.push_str("Pieces:\n");
        for (k, kind) in game.kinds.iter().enumerate() {
            let kid = PieceKind(k as u8);
            let owners: Vec<PlayerId> = (0..game.players.len())
                .map(|p| PlayerId(p as u8))
                .filter(|p| kind.owner.is_none_or(|o| o == *p))
                .collect();
            let symbols: Vec<String> = owners
                .iter()
                .map(|p| self.style.chip(*p, &board_text::kind_symbol(engine, *p, kid)))
                .collect();
            text.push_str(&format!("  {} {}", symbols.join("/"), kind.name));
            if let Some(o) = kind.owner {
                text.push_str(&format!(" ({})", self.name(o)));
            }
            match kind.captured_to {
                CaptureTo::Reserve => text.push_str(", goes back to its owner's reserve when captured"),
                CaptureTo::Pool => text.push_str(", goes back to the shared pool when captured"),
                CaptureTo::Captor => text.push_str(", joins the captor's reserve when captured"),
                CaptureTo::Out => {}
            }
            if kind.royal {
                text.push_str(", royal: it may never be left attacked");
            }
            text.push('\n');
            for r in &kind.rules {
                // The piece's own move of that name, else one it has by `like`.
                let name = &game.rules[*r].name;
                let clauses = written
                    .iter()
                    .find(|(piece, n, _)| *piece == kind.name && n == name)
                    .or_else(|| written.iter().find(|(_, n, _)| n == name))
                    .map(|(_, _, c)| c.as_str());
                text.push_str(&format!("      {}\n", describe::rule_text(engine, *r, clauses)));
            }
        }
        if !game.pool.is_empty() {
            let pieces: Vec<String> = game
                .pool
                .iter()
                .map(|&(k, n)| describe::count_of(engine, n as i64, k))
                .collect();
            text.push_str(&format!(
                "Pool, shared by every player (lowest rank first): {} at the start.\n",
                pieces.join(", ")
            ));
        }
        let promotions = describe::promotion_lines(engine);
        if !promotions.is_empty() {
            text.push_str("Promotions:\n");
            for line in promotions {
                text.push_str(&format!("  • {line}\n"));
            }
        }
        for line in trigger_lines(engine) {
            text.push_str(&format!("  {line}\n"));
        }
        text.push_str("Turns:\n");
        for (t, turn) in game.turns.iter().enumerate() {
            text.push_str(&format!(
                "  {}: {}\n",
                describe::words(&turn.name),
                describe::turn_text(engine, t)
            ));
        }
        text.push_str(&format!("Order of play: {}.\n", order_text(engine)));
        text.push_str("How the game ends:\n");
        for line in ending::end_rules_text(engine) {
            text.push_str(&format!("  • {line}\n"));
        }
        text.push_str(&board_text::key(engine, self.style));
        let options: Vec<String> = game
            .options
            .iter()
            .zip(engine.option_values())
            .map(|(o, v)| {
                let v = if o.is_bool {
                    (if *v != 0 { "true" } else { "false" }).to_string()
                } else {
                    v.to_string()
                };
                format!("{}={v}", o.name)
            })
            .collect();
        if !options.is_empty() {
            text.push_str(&format!(
                "Options (change with --set name=value): {}\n",
                options.join(", ")
            ));
        }
        self.tell(&text)
    }

    fn help(&mut self) -> io::Result<()> {
        let legal = self.legal_named();
        let samples = self.samples();
        let engine = self.engine;
        let pos = self.pos().clone();
        let mut text = String::from("How to write a move: everything you do in one turn, in one word.\n");
        let mut rows: Vec<(String, String, bool)> = Vec::new();
        for shape in Shape::ALL {
            let now = legal
                .iter()
                .find(|m| shape_of(engine, &pos, &m.text) == Some(shape));
            let example = match now {
                Some(m) => Some((m.text.clone(), (), true)),
                None => samples
                    .iter()
                    .find(|s| s.0 == shape)
                    .map(|(_, text, _)| (text.clone(), (), false)),
            };
            if let Some((example, _, legal_now)) = example {
                let what = shape.explain(engine, &example);
                rows.push((example, what, legal_now));
            }
        }
        let w = rows.iter().map(|(e, _, _)| e.chars().count()).max().unwrap_or(0);
        for (example, what, now) in &rows {
            let mut words: Vec<String> = what.split(' ').map(String::from).collect();
            if *now {
                words.push(self.style.dim("(legal now)"));
            }
            text.push_str(&listing::wrap(&format!("  {example:<w$}  "), &words, self.width));
            text.push('\n');
        }
        let note = "Cells are named as on the board's edges (file, then rank). Case and separators \
                    are forgiving: `C3 D4` reads as c3-d4. Short forms work when one legal move \
                    fits: a bare cell for the only move or drop there (`e4`), a piece letter and \
                    where it goes (`Nf3`, `Nxf3`, with the start's file, rank or cell if needed: \
                    `Nbd2`), a capture by its file (`exd5`), a chain by its ends (`c3xg7`). A cell \
                    where your pieces stand lists the moves that start there.";
        let words: Vec<String> = note.split(' ').map(String::from).collect();
        text.push_str(&listing::wrap("", &words, self.width));
        text.push('\n');
        let mover = engine.mover(&pos);
        let topo = &engine.game().topology;
        let cell = legal
            .iter()
            .find_map(|m| m.actions.first().and_then(|a| a.start_cell()).map(String::from))
            .or_else(|| {
                (0..topo.board_cells)
                    .find(|&c| {
                        engine
                            .piece_at(&pos, CellId(c as u16))
                            .is_some_and(|(o, _)| o == mover)
                    })
                    .map(|c| topo.cell_names[c].clone())
            })
            .unwrap_or_else(|| topo.cell_names.first().cloned().unwrap_or_default());
        let moves_cell = format!("moves {cell}");
        let only = format!("only the moves of the piece on {cell} (or of a piece letter, for placing)");
        text.push_str("Commands:\n");
        for (c, what) in [
            ("moves", "list the legal moves, grouped by piece"),
            (moves_cell.as_str(), only.as_str()),
            ("board", "show the board again"),
            ("rules", "how each piece moves, the turns, and how the game ends"),
            ("undo", "take back your last move (and the program's reply)"),
            ("history", "the moves played so far"),
            (
                "save FILE",
                "write the game to a record file; never over the rules file, and over another \
                 existing file only with `save! FILE`",
            ),
            ("help", "this text"),
            ("quit", "leave the game"),
        ] {
            let words: Vec<String> = what.split(' ').map(String::from).collect();
            text.push_str(&listing::wrap(
                &format!("  {c:<w$}  ", w = moves_cell.len().max("save FILE".len())),
                &words,
                self.width,
            ));
            text.push('\n');
        }
        self.tell(&text)
    }

    /// Moves seen in a few random games (with the position each was legal
    /// in), one of each shape, for examples of notation not legal right now.
    fn samples(&mut self) -> Vec<(Shape, String, Position)> {
        let engine = self.engine;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut seen: Vec<(Shape, String, Position)> = Vec::new();
        for _ in 0..12 {
            let mut pos = engine.start();
            for _ in 0..200 {
                let names = notation::legal_move_names(engine, &pos, &mut self.buf);
                if names.is_empty() {
                    break;
                }
                for n in &names {
                    if let Some(s) = shape_of(engine, &pos, n)
                        && !seen.iter().any(|x| x.0 == s)
                    {
                        seen.push((s, n.clone(), pos.clone()));
                    }
                }
                let i = ((rng.next_u64() as u128 * names.len() as u128) >> 64) as usize;
                let Ok(mv) = notation::parse(engine, &pos, &names[i.min(names.len() - 1)], &mut self.buf)
                else {
                    break;
                };
                engine.play_unchecked(&mut pos, mv.as_ref());
            }
            if seen.len() == Shape::ALL.len() {
                break;
            }
        }
        seen
    }

    fn list_moves(&mut self, arg: &str) -> io::Result<()> {
        let legal = self.legal_named();
        let pos = self.pos().clone();
        let mover = self.engine.mover(&pos);
        let turn = self.engine.game().order.at(pos.ply()).1;
        let turn_name = self.turn_label(turn);
        if arg.is_empty() {
            let mut text = format!(
                "{} legal move{} for {}{turn_name}:\n",
                legal.len(),
                if legal.len() == 1 { "" } else { "s" },
                self.name(mover)
            );
            text.push_str(&listing::grouped(self.engine, &pos, &legal, self.width));
            return self.say(&text);
        }
        let letter = arg.trim_end_matches('@');
        let typed = listing::parse_loose(arg).or_else(|| {
            // A letter alone: the placements of that piece.
            (!letter.is_empty() && letter.chars().all(char::is_alphanumeric)).then(|| {
                vec![listing::Action::Drop {
                    letter: letter.to_string(),
                    cell: String::new(),
                }]
            })
        });
        let Some(typed) = typed else {
            // Any start of a move's notation.
            let lower = arg.to_ascii_lowercase();
            let chosen: Vec<Named> = legal
                .iter()
                .filter(|m| m.text.to_ascii_lowercase().starts_with(&lower))
                .cloned()
                .collect();
            if chosen.is_empty() {
                return self.tell(&format!(
                    "No legal move starts with `{arg}`. Write `moves` and a cell, or a piece letter."
                ));
            }
            let mut text = format!("{} starting with {arg}:\n", plural(chosen.len(), "legal move"));
            text.push_str(&listing::grouped(self.engine, &pos, &chosen, self.width));
            return self.tell(&text);
        };
        let only_cell = matches!(typed.as_slice(), [listing::Action::Path { cells, .. }] if cells.len() == 1);
        let chosen: Vec<Named> = match typed.as_slice() {
            [listing::Action::Drop { letter, cell }] if cell.is_empty() => legal
                .iter()
                .filter(|m| {
                    matches!(m.actions.first(), Some(listing::Action::Drop { letter: l, .. })
                        if l.eq_ignore_ascii_case(letter))
                })
                .cloned()
                .collect(),
            _ => legal
                .iter()
                .filter(|m| {
                    let (last, head) = typed.split_last().expect("parse_loose gives an action");
                    typed.len() <= m.actions.len()
                        && head.iter().zip(&m.actions).all(|(a, b)| a.loosely_eq(b))
                        && last.starts(&m.actions[typed.len() - 1])
                })
                .cloned()
                .collect(),
        };
        if chosen.is_empty() {
            let board = advice::board_of(self.engine, &pos);
            let reason = match typed.first() {
                Some(listing::Action::Path { cells, .. }) if only_cell => {
                    match advice::own_piece(self.engine, &board, mover, &cells[0]) {
                        Err(e) => e,
                        Ok(c) => {
                            let kind = board[c.index()].map(|(_, k)| describe::kind_name(self.engine, k));
                            format!(
                                "Your {} on {} has no legal move now.",
                                kind.unwrap_or_default(),
                                cells[0]
                            )
                        }
                    }
                }
                _ => format!("No legal move starts with `{arg}`."),
            };
            return self.tell(&reason);
        }
        let mut text = format!("{} starting with {arg}:\n", plural(chosen.len(), "legal move"));
        text.push_str(&listing::grouped(self.engine, &pos, &chosen, self.width));
        if only_cell && let Some(listing::Action::Path { cells, .. }) = typed.first() {
            let later = legal
                .iter()
                .filter(|m| {
                    m.actions
                        .iter()
                        .skip(1)
                        .any(|a| a.start_cell() == Some(cells[0].as_str()))
                })
                .count();
            if later > 0 {
                text.push_str(&format!(
                    "The piece on {} can also act second, after another piece: {} (see `moves`).\n",
                    cells[0],
                    plural(later, "more move")
                ));
            }
        }
        self.tell(&text)
    }

    fn undo(&mut self) -> io::Result<()> {
        // Back to the latest earlier position where a person was to move.
        let now = self.game.played().len();
        let target = (0..now)
            .rev()
            .find(|&i| !self.is_ai[self.game.mover_after(i).index()]);
        let Some(target) = target else {
            return self.say("Nothing to undo.");
        };
        let taken: Vec<String> = (target..self.game.played().len())
            .map(|i| {
                let who = self.name(self.game.mover_after(i));
                format!("{}. {who} {}", i + 1, self.game.played()[i].0)
            })
            .collect();
        self.game.truncate(target);
        // Highlight the move that led here.
        self.shown = Some(target.saturating_sub(1));
        self.tell(&format!("Took back {}.", taken.join("; ")))?;
        self.show_position()?;
        self.status_line()
    }

    fn game_over(&mut self, outcome: Outcome, reason: &str) -> io::Result<()> {
        self.show_position()?;
        let n = self.game.played().len();
        let result = match outcome {
            Outcome::Win(p) => format!("{} won", self.styled_name(p)),
            Outcome::Draw => "a draw".to_string(),
        };
        let head = self
            .style
            .bold(&format!("Game over after {}:", plural(n, "move")));
        let names = &self.engine.game().topology.cell_names;
        let won: Vec<&str> = self
            .engine
            .winning_cells(self.pos())
            .iter()
            .map(|c| names[c.index()].as_str())
            .collect();
        let line = if won.is_empty() {
            String::new()
        } else {
            format!(" — on {}", won.join(" "))
        };
        self.tell(&format!("{head} {result}, because {reason}{line}."))?;
        if self.humans() > 0 {
            self.tell("You can still type `undo` (take moves back), `history`, `save FILE` or `quit`.")?;
        }
        Ok(())
    }
}

/// How an agent plays, in words.
fn agent_words(agent: &AgentSpec) -> String {
    match agent {
        AgentSpec::Random => "random moves".to_string(),
        AgentSpec::Mcts(c) => match c.budget {
            Budget::Playouts(n) => format!("tree search, {} a move", plural(n as usize, "playout")),
            Budget::Time(d) => format!("tree search, {:.1} s a move", d.as_secs_f64()),
        },
    }
}

/// "1 move", "2 moves".
fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("{n} {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// The order of turns, e.g. "first Blue (place stone) ×2, then in turn Red
/// (red move), Blue (blue move)".
fn order_text(engine: &Engine) -> String {
    let game = engine.game();
    let named = game.turns.len() > 1;
    let step = |&(p, t): &(PlayerId, usize)| {
        let player = describe::player_name(engine, p);
        match game.turns.get(t) {
            Some(turn) if named => format!("{player} ({})", describe::words(&turn.name)),
            _ => player,
        }
    };
    let mut parts: Vec<(String, usize)> = Vec::new();
    for s in &game.order.prefix {
        let text = step(s);
        match parts.last_mut() {
            Some((last, n)) if *last == text => *n += 1,
            _ => parts.push((text, 1)),
        }
    }
    let prefix: Vec<String> = parts
        .into_iter()
        .map(|(t, n)| if n > 1 { format!("{t} ×{n}") } else { t })
        .collect();
    let cycle: Vec<String> = game.order.cycle.iter().map(step).collect();
    let cycle = if cycle.len() == 1 {
        format!("{} again and again", cycle[0])
    } else {
        format!("in turn {}", cycle.join(", "))
    };
    if prefix.is_empty() {
        cycle
    } else {
        format!("first {}, then {cycle}", prefix.join(", "))
    }
}

/// One line per trigger: which pieces, where, and what happens.
fn trigger_lines(engine: &Engine) -> Vec<String> {
    let game = engine.game();
    let topo = &game.topology;
    let cells = topo.cells();
    let kinds = game.kinds.len();
    // (trigger, kind, cells) → the players it applies to.
    let mut groups: Vec<(usize, usize, Vec<CellId>, Vec<PlayerId>)> = Vec::new();
    for t in 0..game.triggers.len() {
        for k in 0..kinds {
            for p in 0..game.players.len() {
                let pid = PlayerId(p as u8);
                if game.kinds[k].owner.is_some_and(|o| o != pid) {
                    continue;
                }
                let base = (p * kinds + k) * cells;
                let Some(slice) = game.trigger_at.get(base..base + cells) else {
                    continue;
                };
                let at: Vec<CellId> = (0..cells)
                    .filter(|&c| slice[c] as usize == t + 1)
                    .map(|c| CellId(c as u16))
                    .collect();
                if at.is_empty() {
                    continue;
                }
                match groups.iter_mut().find(|g| g.0 == t && g.1 == k && g.2 == at) {
                    Some(g) => g.3.push(pid),
                    None => groups.push((t, k, at, vec![pid])),
                }
            }
        }
    }
    let mut out = Vec::new();
    for (t, k, at, players) in groups {
        let trigger = &game.triggers[t];
        let kind = &game.kinds[k];
        let whose = match (kind.owner.is_some(), players.as_slice()) {
            (false, [p]) => format!("{} ", describe::player_name(engine, *p)),
            _ => String::new(),
        };
        let owner = match players.as_slice() {
            [p] => describe::possessive(&describe::player_name(engine, *p)),
            _ => "its owner's".to_string(),
        };
        let mut effects = Vec::new();
        if trigger.remove {
            effects.push("it leaves the board".to_string());
        }
        for &(c, n) in &trigger.add {
            let counter = describe::words(game.counters.get(c).map(String::as_str).unwrap_or("counter"));
            effects.push(format!("{owner} {counter} goes up by {n}"));
        }
        out.push(format!(
            "When a {whose}{} reaches {}: {}. Its action ends there.",
            kind.name,
            board_text::cells_text(engine, &at),
            effects.join(" and ")
        ));
    }
    out
}

/// The shapes of notation that `help` explains with an example.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Step,
    Capture,
    Jump,
    JumpCapture,
    Chain,
    CaptureChain,
    Exit,
    Drop,
    Several,
    Pass,
}

impl Shape {
    const ALL: [Shape; 10] = [
        Shape::Step,
        Shape::Capture,
        Shape::Jump,
        Shape::JumpCapture,
        Shape::Chain,
        Shape::CaptureChain,
        Shape::Exit,
        Shape::Drop,
        Shape::Several,
        Shape::Pass,
    ];

    /// What an example of this shape means, e.g. "the piece on c3 moves to d4".
    fn explain(self, engine: &Engine, example: &str) -> String {
        let cells: Vec<&str> = example.split([',', '-', 'x', '@']).collect();
        let from = cells.first().copied().unwrap_or("");
        let last = cells.last().copied().unwrap_or("");
        let over = jumped_cell(engine, example)
            .map(|c| engine.game().topology.cell_names[c.index()].clone())
            .unwrap_or_default();
        match self {
            Shape::Step => format!("the piece on {from} moves to {last}"),
            Shape::Capture => format!("x: the piece on {from} moves to {last} and captures the piece there"),
            Shape::Jump => format!("the piece on {from} jumps over {over} to {last}"),
            Shape::JumpCapture => {
                format!("x: the piece on {from} jumps over {over} to {last}, capturing the piece jumped")
            }
            Shape::Chain => format!("a chain of jumps from {from}: every landing cell in order"),
            Shape::CaptureChain => {
                format!("jumps from {from} that capture: `x` before each landing whose jump captured")
            }
            Shape::Exit => format!("{last} lies beyond the edge: the piece leaves the board there"),
            Shape::Drop => {
                let letter = example.split('@').next().unwrap_or("");
                let kind = engine
                    .game()
                    .kinds
                    .iter()
                    .find(|k| k.letter == letter)
                    .map(|k| k.name.clone())
                    .unwrap_or_default();
                format!("@: place a {kind} ({letter}) from the reserve on {last}")
            }
            Shape::Several if example.split(',').skip(1).any(|a| a.contains('@')) => {
                "a capture, then the promoted piece placed: `,` then Letter@cell".to_string()
            }
            Shape::Several => "several actions in one move, joined by `,` in the order played".to_string(),
            Shape::Pass => "do nothing this turn".to_string(),
        }
    }
}

/// The cell halfway along a one-landing move of two cells in a line (where a
/// jumped piece stands).
fn jumped_cell(engine: &Engine, text: &str) -> Option<CellId> {
    let actions = listing::parse_loose(text)?;
    let [listing::Action::Path { cells, .. }] = actions.as_slice() else {
        return None;
    };
    let [from, to] = cells.as_slice() else {
        return None;
    };
    describe::halfway(
        engine,
        advice::cell_named(engine, from)?,
        advice::cell_named(engine, to)?,
    )
}

/// The shape of a move in notation, legal in `pos`.
fn shape_of(engine: &Engine, pos: &Position, text: &str) -> Option<Shape> {
    if text == "pass" {
        return Some(Shape::Pass);
    }
    if text.contains(',') {
        return Some(Shape::Several);
    }
    if text.contains('@') {
        return Some(Shape::Drop);
    }
    let actions = listing::parse_loose(text)?;
    let Some(listing::Action::Path { cells, seps }) = actions.first() else {
        return None;
    };
    let topo = &engine.game().topology;
    let exit = cells
        .last()
        .and_then(|c| advice::cell_named(engine, c))
        .is_some_and(|c| topo.is_exit(c));
    let capture = seps.contains(&'x');
    let jump =
        seps.len() == 1 && jumped_cell(engine, text).is_some_and(|c| engine.piece_at(pos, c).is_some());
    Some(match (seps.len(), capture, exit, jump) {
        (_, _, true, _) => Shape::Exit,
        (1, false, _, false) => Shape::Step,
        (1, true, _, false) => Shape::Capture,
        (1, false, _, true) => Shape::Jump,
        (1, true, _, true) => Shape::JumpCapture,
        (_, false, _, _) => Shape::Chain,
        (_, true, _, _) => Shape::CaptureChain,
    })
}
