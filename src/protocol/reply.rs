//! The engine's answers that carry results: the status, and what a search
//! found (`info …` while it thinks, `bestmove …` at the end).

use std::time::Duration;

use crate::engine::{Engine, Status};
use crate::ir::Outcome;

/// `status ongoing`, `status win NAME returns 1 -1`, `status draw returns 0 0`:
/// the returns of the players in order ([`Outcome::returns`]: 1 for the
/// winner, −1 shared by the others, 0 each for a draw).
pub fn status_line(engine: &Engine, status: Status) -> String {
    let players = &engine.game().players;
    let returns = |outcome: Outcome| -> String {
        let returns: Vec<String> = outcome
            .returns(players.len())
            .iter()
            .map(f64::to_string)
            .collect();
        returns.join(" ")
    };
    match status {
        Status::Ongoing => "status ongoing".to_string(),
        Status::Over(outcome @ Outcome::Draw) => format!("status draw returns {}", returns(outcome)),
        Status::Over(outcome @ Outcome::Win(p)) => {
            format!("status win {} returns {}", players[p.index()], returns(outcome))
        }
    }
}

/// Where a search stands: what `info` and `bestmove` report.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// Playouts run for this move so far.
    pub playouts: u64,
    /// Time spent on it so far.
    pub elapsed: Duration,
    /// The best move so far, in notation.
    pub best: Option<String>,
    /// The mover's chance of winning after it, and of a draw.
    pub estimate: Option<(f64, f64)>,
    /// The moves to the end when the search proved the result (the
    /// estimate is then 1 or 0).
    pub proven: Option<u32>,
    /// Playouts through the position's moves in the search's tree: those
    /// of this move and those kept from the search of earlier moves.
    pub visits: u64,
}

impl Progress {
    /// `info playouts N time MS [best M] [win W draw D [proven PLIES]] visits V`.
    pub fn info_line(&self) -> String {
        let mut line = format!("info {}", self.counts());
        if let Some(best) = &self.best {
            line.push_str(&format!(" best {best}"));
        }
        line.push_str(&self.estimate_fields());
        line.push_str(&format!(" visits {}", self.visits));
        line
    }

    /// `bestmove M [win W draw D [proven PLIES]] playouts N time MS visits V`,
    /// or `bestmove none …` when the search was stopped before it had a move.
    pub fn bestmove_line(&self) -> String {
        format!(
            "bestmove {}{} {} visits {}",
            self.best.as_deref().unwrap_or("none"),
            self.estimate_fields(),
            self.counts(),
            self.visits
        )
    }

    fn counts(&self) -> String {
        format!("playouts {} time {}", self.playouts, self.elapsed.as_millis())
    }

    fn estimate_fields(&self) -> String {
        match (self.estimate, self.proven) {
            (Some((win, draw)), Some(plies)) => format!(" win {win:.3} draw {draw:.3} proven {plies}"),
            (Some((win, draw)), None) => format!(" win {win:.3} draw {draw:.3}"),
            (None, _) => String::new(),
        }
    }
}

/// The move of a `bestmove` line (`None` for another line, or `bestmove none`).
pub fn bestmove_of(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    (words.next() == Some("bestmove"))
        .then(|| words.next())
        .flatten()
        .filter(|m| *m != "none")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_reads_as_info_and_bestmove_lines() {
        let mut p = Progress {
            playouts: 1200,
            elapsed: Duration::from_millis(85),
            best: Some("c1".into()),
            estimate: Some((0.625, 0.0)),
            proven: None,
            visits: 1500,
        };
        assert_eq!(
            p.info_line(),
            "info playouts 1200 time 85 best c1 win 0.625 draw 0.000 visits 1500"
        );
        assert_eq!(
            p.bestmove_line(),
            "bestmove c1 win 0.625 draw 0.000 playouts 1200 time 85 visits 1500"
        );
        assert_eq!(bestmove_of(&p.bestmove_line()), Some("c1"));
        p.estimate = Some((1.0, 0.0));
        p.proven = Some(3);
        assert_eq!(
            p.bestmove_line(),
            "bestmove c1 win 1.000 draw 0.000 proven 3 playouts 1200 time 85 visits 1500"
        );
        p.best = None;
        p.estimate = None;
        assert_eq!(
            p.bestmove_line(),
            "bestmove none playouts 1200 time 85 visits 1500"
        );
        assert_eq!(bestmove_of(&p.bestmove_line()), None);
        assert_eq!(bestmove_of(&p.info_line()), None);
    }
}
