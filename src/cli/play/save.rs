//! Keeping a game: `history` (the moves as `--moves` takes them), `save FILE`
//! (a record to resume or replay), and the offer to save before leaving.

use std::io;

use super::input::{Input, Line};
use super::{Session, listing, plural};
use crate::cli::record::{self, Record};
use rulebook::diag::Span;

impl Session<'_> {
    /// The moves so far, separated by spaces: what `--moves` takes.
    pub(super) fn show_history(&mut self) -> io::Result<()> {
        if self.played.is_empty() {
            return self.say("No move yet.");
        }
        let items: Vec<String> = self.played.iter().map(|(t, _)| t.clone()).collect();
        let mut text = listing::wrap("", &items, self.width);
        text.push_str(&format!(
            "\n({}; give them to `--moves \"…\"`, or keep the game with `save FILE`.)",
            plural(items.len(), "move")
        ));
        self.say(&text)
    }

    /// The game as a record.
    fn record(&self) -> Record {
        Record {
            rules: self.source.name.clone(),
            rules_hash: Some(record::hash(&self.source.text)),
            sets: self.sets.clone(),
            position: self.start.clone().map(|p| (p, Span::default())),
            moves: self
                .played
                .iter()
                .map(|(t, _)| (t.clone(), Span::default()))
                .collect(),
        }
    }

    /// `save FILE`: writes the game's record.
    pub(super) fn save(&mut self, file: &str) -> io::Result<()> {
        if file.is_empty() {
            return self.say("Save to which file? Write `save FILE`, e.g. `save game.txt`.");
        }
        let movers: Vec<String> = (0..self.played.len())
            .map(|i| self.name(self.engine.mover(&self.history[i])))
            .collect();
        let text = self.record().to_text(&self.engine.game().title, &movers);
        match std::fs::write(file, text) {
            Ok(()) => {
                self.saved = self.played.len();
                let rules = &self.source.name;
                self.tell(&format!(
                    "Saved {} to {file}. Replay it with `rulebook moves {rules} --record {file}`; \
                     go on with `rulebook play {rules} --record {file}`.",
                    plural(self.played.len(), "move")
                ))
            }
            Err(e) => self.say(&format!("Cannot write {file}: {e}.")),
        }
    }

    /// Before leaving: on a terminal, with moves not saved yet, asks for a
    /// file to save the game to (an empty answer leaves without saving).
    pub(super) fn offer_save(&mut self, input: &mut Input) -> io::Result<()> {
        if !self.terminal || self.played.len() == self.saved || self.played.is_empty() {
            return Ok(());
        }
        let prompt = "Save the game? File name (Enter: leave without saving): ";
        match input.read(prompt, prompt, &[], &[])? {
            Line::Text(file) if !file.trim().is_empty() => self.save(file.trim()),
            _ => Ok(()),
        }
    }
}
