//! The cap on a game's length of the commands that play whole games
//! (`playout`, `match`, `analyze`): `--max-moves N`, and the note their
//! reports end with when games reached it; and the same cap in `play` when
//! the program plays every side.

pub use rulebook::analysis::DEFAULT_MAX_MOVES;
use rulebook::diag::thousands;

/// `--max-moves`: a whole number of moves, at least 1.
pub fn parse(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(0) => Err("a game needs at least one move: the cap must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "expected a whole number of moves from 1 to {}, found `{text}`",
            u32::MAX
        )),
    }
}

/// "3 games reached the cap of 10,000 moves and count as draws (see
/// `--max-moves`)", or `None` when no game did.
pub fn note(capped: u64, max_moves: u32) -> Option<String> {
    (capped > 0).then(|| {
        let games = if capped == 1 {
            "1 game".to_string()
        } else {
            format!("{capped} games")
        };
        format!(
            "{games} reached the cap of {} moves and {} as {} (see `--max-moves`)",
            thousands(u64::from(max_moves)),
            if capped == 1 { "counts" } else { "count" },
            if capped == 1 { "a draw" } else { "draws" }
        )
    })
}

/// What `play` says when the program, playing every side, reaches the cap
/// after `moves` moves.
pub fn stopped(moves: usize) -> String {
    format!(
        "The game is stopped after {} moves: a game the program plays against itself ends \
         there if nothing ends it first.",
        thousands(moves as u64)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_note_names_the_games_and_the_cap() {
        assert_eq!(note(0, 10), None);
        assert_eq!(
            note(3, DEFAULT_MAX_MOVES).as_deref(),
            Some("3 games reached the cap of 10,000 moves and count as draws (see `--max-moves`)")
        );
        assert_eq!(
            note(1, 50).as_deref(),
            Some("1 game reached the cap of 50 moves and counts as a draw (see `--max-moves`)")
        );
        assert!(parse("0").is_err() && parse("x").is_err());
        assert_eq!(parse("1200"), Ok(1200));
    }
}
