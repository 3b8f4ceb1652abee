//! Keeping a game: `history` (the moves as `--moves` takes them), `save FILE`
//! (a record to resume or replay), and the offer to save before leaving.
//!
//! Saving never writes over the game's own rules file, and writes over
//! another existing file only when told to: `save! FILE`, or "y" to the
//! question the offer to save asks.

use std::io;
use std::path::Path;

use super::input::{Input, Line};
use super::{Session, listing, plural};

impl Session<'_> {
    /// The moves so far, separated by spaces: what `--moves` takes.
    pub(super) fn show_history(&mut self) -> io::Result<()> {
        if self.game.played().is_empty() {
            return self.say("No move yet.");
        }
        let items: Vec<String> = self.game.played().iter().map(|(t, _)| t.clone()).collect();
        let mut text = listing::wrap("", &items, self.width);
        text.push_str(&format!(
            "\n({}; give them to `--moves \"…\"`, or keep the game with `save FILE`.)",
            plural(items.len(), "move")
        ));
        self.say(&text)
    }

    /// `save FILE` (`save! FILE` with `overwrite`): writes the game's
    /// record, unless the file is the rules file, or exists and may not be
    /// overwritten. Whether it was written.
    pub(super) fn save(&mut self, file: &str, overwrite: bool) -> io::Result<bool> {
        if file.is_empty() {
            self.say("Save to which file? Write `save FILE`, e.g. `save game.txt`.")?;
            return Ok(false);
        }
        match refusal(Path::new(file), Path::new(&self.source.name), overwrite) {
            Some(Refusal::RulesFile) => {
                self.tell(&format!(
                    "Not saved: {file} is the rules file of this game. Save the game under another name."
                ))?;
                return Ok(false);
            }
            Some(Refusal::Exists) => {
                self.tell(&format!(
                    "Not saved: {file} already exists. Write `save! {file}` to replace it, or choose another name."
                ))?;
                return Ok(false);
            }
            None => {}
        }
        let text = self.game.record_text(&self.source.name);
        match std::fs::write(file, text) {
            Ok(()) => {
                self.saved = self.game.played().len();
                let rules = &self.source.name;
                self.tell(&format!(
                    "Saved {} to {file}. Replay it with `rulebook moves {rules} --record {file}`; \
                     go on with `rulebook play {rules} --record {file}`.",
                    plural(self.game.played().len(), "move")
                ))?;
                Ok(true)
            }
            Err(e) => {
                self.say(&format!("Cannot write {file}: {e}."))?;
                Ok(false)
            }
        }
    }

    /// Before leaving: on a terminal, with moves not saved yet, asks for a
    /// file to save the game to (an empty answer leaves without saving).
    pub(super) fn offer_save(&mut self, input: &mut Input) -> io::Result<()> {
        if !self.terminal || self.game.played().len() == self.saved || self.game.played().is_empty() {
            return Ok(());
        }
        let mut prompt = "Save the game? File name (Enter or n: leave without saving): ";
        loop {
            let answer = match input.read(prompt, prompt, &[], &[])? {
                Line::Text(text) => save_answer(&text),
                _ => SaveAnswer::Leave,
            };
            let file = match answer {
                SaveAnswer::Leave => return Ok(()),
                SaveAnswer::AskName => {
                    prompt = "File name (Enter: leave without saving): ";
                    continue;
                }
                SaveAnswer::File(file) => file,
            };
            let path = Path::new(&file);
            let overwrite = refusal(path, Path::new(&self.source.name), false) == Some(Refusal::Exists)
                && {
                    let ask = format!("{file} already exists. Replace it? (y/N) ");
                    matches!(input.read(&ask, &ask, &[], &[])?, Line::Text(a) if a.trim().eq_ignore_ascii_case("y"))
                };
            if self.save(&file, overwrite)? {
                return Ok(());
            }
        }
    }
}

/// What an answer to "Save the game?" asks for.
#[derive(Debug, PartialEq, Eq)]
enum SaveAnswer {
    /// Leave without saving (nothing, `n`, `no`).
    Leave,
    /// Save, the file not named yet (`y`, `yes`).
    AskName,
    /// Save to this file.
    File(String),
}

/// Reads an answer to "Save the game?": a yes or no is an answer, not a
/// file name.
fn save_answer(text: &str) -> SaveAnswer {
    let text = text.trim();
    match text.to_ascii_lowercase().as_str() {
        "" | "n" | "no" => SaveAnswer::Leave,
        "y" | "yes" => SaveAnswer::AskName,
        _ => SaveAnswer::File(text.to_string()),
    }
}

/// Why a record may not be written to a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    /// It is the rules file of the game (perhaps by another name).
    RulesFile,
    /// It exists, and overwriting was not asked for.
    Exists,
}

/// Whether a record may be written to `file` in a game of the rules file `rules`.
fn refusal(file: &Path, rules: &Path, overwrite: bool) -> Option<Refusal> {
    // A file that does not exist yet is neither the rules file nor one to keep.
    let target = std::fs::canonicalize(file).ok()?;
    if std::fs::canonicalize(rules).is_ok_and(|r| r == target) {
        return Some(Refusal::RulesFile);
    }
    (!overwrite).then_some(Refusal::Exists)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yes_and_no_answer_the_question_and_are_never_file_names() {
        for no in ["", "  ", "n", "N", "no", "No "] {
            assert_eq!(save_answer(no), SaveAnswer::Leave, "{no:?}");
        }
        for yes in ["y", "Y", "yes", " YES"] {
            assert_eq!(save_answer(yes), SaveAnswer::AskName, "{yes:?}");
        }
        assert_eq!(save_answer(" game.txt "), SaveAnswer::File("game.txt".into()));
        assert_eq!(save_answer("nope"), SaveAnswer::File("nope".into()));
    }

    #[test]
    fn the_rules_file_is_never_overwritten_and_others_only_when_asked() {
        let dir = std::env::temp_dir().join(format!("rulebook-save-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let rules = dir.join("game.rules");
        let other = dir.join("old.txt");
        std::fs::write(&rules, "rules").unwrap();
        std::fs::write(&other, "record").unwrap();
        let by_another_name = dir.join(".").join("game.rules");
        assert_eq!(refusal(&by_another_name, &rules, true), Some(Refusal::RulesFile));
        assert_eq!(refusal(&other, &rules, false), Some(Refusal::Exists));
        assert_eq!(refusal(&other, &rules, true), None);
        assert_eq!(refusal(&dir.join("new.txt"), &rules, false), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
