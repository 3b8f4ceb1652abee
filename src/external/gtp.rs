//! Driving an engine that speaks GTP in another process, for a match: it
//! is started, checked (`protocol_version`), given the board (`boardsize`,
//! `clear_board`), told the other side's moves (`play`) and asked for its
//! own (`genmove`).

use super::engine::{EngineCommand, EngineFailure};
use super::process::Process;
use crate::engine::{Engine, Move, Position};
use crate::protocol::gtp::color_name;
use crate::protocol::gtp::vertex::Vertices;

/// A GTP engine in another process, playing one game.
pub struct GtpProcess {
    process: Process,
    vertices: Vertices,
    /// The position after the moves it knows of, and their number.
    known: Position,
    told: usize,
}

impl GtpProcess {
    /// Starts the engine and sets up `engine`'s board in it (a game GTP
    /// cannot speak of fails here).
    pub fn start(command: &EngineCommand, engine: &Engine) -> Result<GtpProcess, EngineFailure> {
        let process = Process::start(command)?;
        let vertices = Vertices::of(engine).map_err(|reason| process.fail(reason))?;
        let mut gtp = GtpProcess {
            process,
            vertices,
            known: engine.start(),
            told: 0,
        };
        let version = gtp.ask("protocol_version")?;
        if version != "2" {
            return Err(gtp
                .process
                .fail(format!("answered `{version}` to `protocol_version`, not `2`")));
        }
        let size = gtp.vertices.size;
        gtp.ask(&format!("boardsize {size}"))?;
        gtp.ask("clear_board")?;
        Ok(gtp)
    }

    /// The engine's move at `pos`, reached from the start by `line` (which
    /// extends the moves it was told); `None` when it resigns.
    pub fn choose(
        &mut self,
        engine: &Engine,
        pos: &Position,
        line: &[Move],
    ) -> Result<Option<Move>, EngineFailure> {
        for mv in line.get(self.told..).unwrap_or_default() {
            let color = color_name(engine.mover(&self.known));
            let vertex = self.vertices.write(mv.as_ref()).ok_or_else(|| {
                self.process
                    .fail("cannot be told a move that GTP cannot write".into())
            })?;
            self.ask(&format!("play {color} {vertex}"))?;
            engine.play_unchecked(&mut self.known, mv.as_ref());
        }
        self.told = line.len();
        let color = color_name(engine.mover(pos));
        let answer = self.ask(&format!("genmove {color}"))?;
        if answer.eq_ignore_ascii_case("resign") {
            return Ok(None);
        }
        let mv = self.vertices.read(engine, pos, &answer).map_err(|e| {
            self.process
                .fail(format!("chose a move that cannot be played: {e}"))
        })?;
        engine.play_unchecked(&mut self.known, mv.as_ref());
        self.told += 1;
        Ok(Some(mv))
    }

    /// Sends `command` and reads its answer: the text of a success, or a
    /// failure for `?`.
    fn ask(&mut self, command: &str) -> Result<String, EngineFailure> {
        self.process.send(command)?;
        let mut first = self.process.read()?;
        while first.is_empty() {
            first = self.process.read()?;
        }
        let mut text = first.get(1..).unwrap_or("").trim().to_string();
        loop {
            let more = self.process.read()?;
            if more.is_empty() {
                break;
            }
            text.push('\n');
            text.push_str(&more);
        }
        match first.chars().next() {
            Some('=') => Ok(text),
            Some('?') => Err(self.process.fail(format!("answered `? {text}` to `{command}`"))),
            _ => Err(self
                .process
                .fail(format!("answered `{first}` to `{command}`, not `= …` or `? …`"))),
        }
    }
}
