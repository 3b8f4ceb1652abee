//! The progress bar of `match` and `analyze` on standard error (hidden when
//! it is not a terminal).

use indicatif::{ProgressBar, ProgressStyle};

/// A bar of `games` games.
pub fn games(games: u64) -> ProgressBar {
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {bar:40} {pos}/{len} games, {elapsed} (about {eta} to go)")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}
