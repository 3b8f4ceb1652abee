//! What the program thought of its move, in one line for a person: its
//! chances (and a draw's), the playouts and time it took, and the moves it
//! weighed most. The terminal and the web page show the same line.

use rulebook::ai::Thought;
use rulebook::engine::Engine;
use rulebook::ir::PlayerId;
use rulebook::notation;

/// "estimate: Red 71% · draw 2% · Blue 27% (4000 playouts in 2.0 s); best
/// moves: d1 (2100 playouts, 71%), …", or why there is no estimate.
pub fn summary(engine: &Engine, t: &Thought) -> String {
    let Some((win, draw)) = t.estimate else {
        return "(the only legal move)".to_string();
    };
    if t.playouts == 0 {
        return "(a move that wins at once)".to_string();
    }
    let players = &engine.game().players;
    let name = |p: PlayerId| players.get(p.index()).cloned().unwrap_or_default();
    let mut chances = vec![format!("{} {}", name(t.mover), percent(win))];
    if draw > 0.0 {
        chances.push(format!("draw {}", percent(draw)));
    }
    let rest = (1.0 - win - draw).max(0.0);
    if players.len() == 2 {
        chances.push(format!(
            "{} {}",
            name(PlayerId(1 - t.mover.0.min(1))),
            percent(rest)
        ));
    } else {
        chances.push(format!("the others {}", percent(rest)));
    }
    let best: Vec<String> = t
        .considered
        .iter()
        .map(|c| {
            format!(
                "{} ({}, {})",
                notation::format(engine, c.mv.as_ref()),
                playouts(c.visits),
                percent(c.score)
            )
        })
        .collect();
    format!(
        "estimate: {} ({} in {:.1} s); best moves: {}",
        chances.join(" · "),
        playouts(t.playouts),
        t.elapsed.as_secs_f64(),
        best.join(", ")
    )
}

/// A chance as a whole percentage.
fn percent(p: f64) -> String {
    format!("{:.0}%", 100.0 * p)
}

/// "1 playout", "2 playouts".
fn playouts(n: u64) -> String {
    if n == 1 {
        "1 playout".to_string()
    } else {
        format!("{n} playouts")
    }
}
