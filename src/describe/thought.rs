//! What the program thought of its move, in one line for a person: its
//! estimate (a proven result, or the chances of each side and of a draw),
//! the playouts and time it took, and the moves it weighed most; and, while
//! it thinks, the move and estimate so far. The terminal and the web page
//! show the same line.

use crate::ai::{Estimate, Progress, Thought};
use crate::engine::Engine;
use crate::ir::{Outcome, PlayerId};
use crate::notation;

/// "estimate: Red 71% · draw 2% · Blue 27% (4000 playouts in 2.0 s); best
/// moves: d1 (2100 playouts, 71%), …", "estimate: Red wins in 3 moves,
/// proven (…); …", or why there is no estimate.
pub fn summary(engine: &Engine, t: &Thought) -> String {
    let Some(estimate) = &t.estimate else {
        return "(the only legal move)".to_string();
    };
    if t.playouts == 0 && t.root_visits == 0 {
        return "(a move that wins at once)".to_string();
    }
    let best: Vec<String> = t
        .considered
        .iter()
        .map(|c| {
            let score = match c.proven {
                Some(outcome) => proven_short(engine, t.mover, outcome),
                None => percent(c.score),
            };
            format!(
                "{} ({}, {score})",
                notation::format(engine, c.mv.as_ref()),
                playouts(c.visits)
            )
        })
        .collect();
    format!(
        "estimate: {} ({} in {:.1} s); best moves: {}",
        estimate_text(engine, t.mover, estimate),
        playouts(t.playouts),
        t.elapsed.as_secs_f64(),
        best.join(", ")
    )
}

/// "; so far d1, Red 55% · Blue 45%" while a search thinks (empty before
/// it has a move).
pub fn so_far(engine: &Engine, mover: PlayerId, p: &Progress) -> String {
    let Some(best) = &p.best else {
        return String::new();
    };
    let mut text = format!("; so far {}", notation::format(engine, best.as_ref()));
    if let Some(estimate) = &p.estimate {
        text.push_str(", ");
        text.push_str(&estimate_text(engine, mover, estimate));
    }
    text
}

/// "Red 71% · draw 2% · Blue 27%", "Red wins in 3 moves, proven", "a draw,
/// proven".
fn estimate_text(engine: &Engine, mover: PlayerId, estimate: &Estimate) -> String {
    let players = &engine.game().players;
    let name = |p: PlayerId| players.get(p.index()).cloned().unwrap_or_default();
    match *estimate {
        Estimate::Proven {
            outcome: Outcome::Win(p),
            plies,
        } => format!("{} wins in {}, proven", name(p), moves(plies)),
        Estimate::Proven {
            outcome: Outcome::Draw,
            ..
        } => "a draw, proven".to_string(),
        Estimate::Chances { win, draw } => {
            let mut chances = vec![format!("{} {}", name(mover), percent(win))];
            if draw > 0.0 {
                chances.push(format!("draw {}", percent(draw)));
            }
            let rest = (1.0 - win - draw).max(0.0);
            if players.len() == 2 {
                chances.push(format!(
                    "{} {}",
                    name(PlayerId(1 - mover.0.min(1))),
                    percent(rest)
                ));
            } else {
                chances.push(format!("the others {}", percent(rest)));
            }
            chances.join(" · ")
        }
    }
}

/// A move's proven result, for its mover: "won", "lost", "drawn".
fn proven_short(engine: &Engine, mover: PlayerId, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(p) if p == mover => "won".to_string(),
        Outcome::Win(p) if engine.game().players.len() > 2 => {
            let name = engine.game().players.get(p.index()).cloned().unwrap_or_default();
            format!("lost, {name} wins")
        }
        Outcome::Win(_) => "lost".to_string(),
        Outcome::Draw => "drawn".to_string(),
    }
}

/// A chance as a whole percentage.
fn percent(p: f64) -> String {
    format!("{:.0}%", 100.0 * p)
}

/// "1 move", "3 moves".
fn moves(n: u32) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// "1 playout", "2 playouts".
pub fn playouts(n: u64) -> String {
    if n == 1 {
        "1 playout".to_string()
    } else {
        format!("{n} playouts")
    }
}
