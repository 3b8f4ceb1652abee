//! `go`: the agent thinks in steps on the same tree (a tree search keeps
//! its tree between two calls on the same position), so that between two
//! steps the engine reports the best move so far and its estimate, and a
//! `stop` still has a move to answer. The search is kept from one `go` to
//! the next ([`Kept`]), so that what it searched below the moves since
//! played is not searched again.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::command::GoBudget;
use super::reply::Progress;
use crate::ai::{Agent, AgentSpec, Budget, MctsConfig};
use crate::engine::{Engine, Move, Position};
use crate::notation;

/// At most this many steps for a budget in playouts below a million: a
/// report after each.
const STEPS: u64 = 10;

/// The most playouts of one step.
const MAX_STEP_PLAYOUTS: u64 = 100_000;

/// A budget in time is spent in steps of a twentieth of it, at most this long.
const MAX_STEP_TIME: Duration = Duration::from_millis(100);

/// What to think about, and with what.
#[derive(Debug, Clone)]
pub struct Request {
    /// The rules.
    pub engine: Arc<Engine>,
    /// The position.
    pub pos: Position,
    /// The moves that led to it from the game's start (or the position set).
    pub line: Vec<Move>,
    /// The agent.
    pub agent: AgentSpec,
    /// Its budget, if not its own.
    pub budget: GoBudget,
    /// Its seed.
    pub seed: u64,
    /// Its threads.
    pub threads: usize,
}

/// The tree search of the last `go`, with the rules and the settings it
/// searched with: the next `go` with the same ones goes on with its tree
/// (re-rooted at the new position when the moves since lead there from its
/// root), as `play` and `match` do between moves.
#[derive(Debug)]
pub struct Kept {
    engine: Arc<Engine>,
    config: MctsConfig,
    agent: Agent,
}

/// Thinks about the request's position until its budget is spent or `stop`
/// is set; `report` hears each step's progress (and answers `false` when no
/// one listens any more: the thinking then stops). The best move found, or
/// none when stopped before the first step ended. A tree search goes on
/// with the search `kept` from the last `go` when it has the same rules and
/// settings (else starts afresh with the request's seed), and leaves its
/// own there.
pub fn think(
    request: &Request,
    kept: &mut Option<Kept>,
    stop: &Arc<AtomicBool>,
    report: &dyn Fn(&Progress) -> bool,
) -> Progress {
    let start = Instant::now();
    let engine = &*request.engine;
    let mut progress = Progress {
        playouts: 0,
        elapsed: Duration::ZERO,
        best: None,
        estimate: None,
        proven: None,
        visits: 0,
    };
    let AgentSpec::Mcts(config) = request.agent else {
        let mut agent = Agent::new(&request.agent, request.seed);
        if let Some((mv, _)) = agent.choose(engine, &request.pos, &request.line, &|_| {}) {
            progress.best = Some(notation::format(engine, mv.as_ref()));
        }
        progress.elapsed = start.elapsed();
        return progress;
    };
    let total = match request.budget {
        GoBudget::Default => config.budget,
        GoBudget::Playouts(n) => Budget::Playouts(n),
        GoBudget::Time(d) => Budget::Time(d),
    };
    let step = step_of(total);
    let config = MctsConfig {
        budget: step,
        threads: request.threads,
        ..config
    };
    let mut stepper = match kept.take() {
        Some(k) if k.config == config && Arc::ptr_eq(&k.engine, &request.engine) => k.agent,
        _ => Agent::new(&AgentSpec::Mcts(config), request.seed),
    };
    let mover = engine.mover(&request.pos);
    stepper.stop_when(stop.clone());
    while let Some((mv, thought)) = stepper.choose(engine, &request.pos, &request.line, &|_| {}) {
        progress.best = Some(notation::format(engine, mv.as_ref()));
        let searched = thought.as_ref().map_or(0, |t| t.playouts);
        progress.visits = thought.as_ref().map_or(0, |t| t.root_visits);
        let estimate = thought.and_then(|t| t.estimate);
        progress.estimate = estimate.map(|e| e.chances(mover));
        progress.proven = estimate.and_then(|e| e.proven_plies());
        progress.playouts += searched;
        progress.elapsed = start.elapsed();
        // A forced move, or one that wins at once: nothing more to search.
        if searched == 0 || spent(total, step, &progress) {
            break;
        }
        if !report(&progress) {
            stop.store(true, Ordering::Relaxed);
            break;
        }
    }
    progress.elapsed = start.elapsed();
    *kept = Some(Kept {
        engine: request.engine.clone(),
        config,
        agent: stepper,
    });
    progress
}

/// The budget of one step of `total`.
fn step_of(total: Budget) -> Budget {
    match total {
        Budget::Playouts(n) => Budget::Playouts(n.div_ceil(STEPS).min(MAX_STEP_PLAYOUTS)),
        Budget::Time(d) => Budget::Time((d / 20).clamp(Duration::from_millis(1), MAX_STEP_TIME)),
    }
}

/// Whether the search may not take another step.
fn spent(total: Budget, step: Budget, progress: &Progress) -> bool {
    match (total, step) {
        (Budget::Playouts(n), _) => progress.playouts >= n,
        (Budget::Time(d), Budget::Time(s)) => progress.elapsed + s > d,
        (Budget::Time(d), Budget::Playouts(_)) => progress.elapsed >= d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceFile;
    use crate::session::Session;

    fn request(agent: &str, budget: GoBudget) -> Request {
        let path = format!("{}/games/hex.rules", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("shipped game");
        let sets = vec![("size".to_string(), "7".to_string())];
        let s = Session::load(SourceFile::new(path, text), sets).expect("valid rules");
        Request {
            engine: s.engine_arc(),
            pos: s.position().clone(),
            line: Vec::new(),
            agent: agent.parse().expect("an agent"),
            budget,
            seed: 3,
            threads: 1,
        }
    }

    #[test]
    fn a_budget_in_playouts_is_spent_in_steps_each_reported() {
        let reports = std::sync::Mutex::new(Vec::new());
        let stop = Arc::new(AtomicBool::new(false));
        let r = request("mcts:50", GoBudget::Playouts(1000));
        let done = think(&r, &mut None, &stop, &|p| {
            reports.lock().unwrap().push(p.playouts);
            true
        });
        assert_eq!(done.playouts, 1000);
        assert_eq!(
            *reports.lock().unwrap(),
            (1..10).map(|i| i * 100).collect::<Vec<_>>()
        );
        assert!(done.best.is_some() && done.estimate.is_some());
        assert_eq!(done.visits, 1000);
        // The same seed thinks the same.
        assert_eq!(think(&r, &mut None, &stop, &|_| true).best, done.best);
    }

    /// The request `r` after its best move `best`.
    fn after(r: &Request, best: Option<&str>) -> Request {
        let engine = &*r.engine;
        let mv = crate::notation::parse(engine, &r.pos, best.expect("a move"), &mut Default::default())
            .expect("a legal move");
        let mut pos = r.pos.clone();
        engine.play_unchecked(&mut pos, mv.as_ref());
        let mut line = r.line.clone();
        line.push(mv);
        Request {
            pos,
            line,
            ..r.clone()
        }
    }

    #[test]
    fn the_next_go_goes_on_with_the_tree_of_the_last() {
        let stop = Arc::new(AtomicBool::new(false));
        let start = request("mcts:1000", GoBudget::Playouts(2000));
        let mut kept = None;
        let first = think(&start, &mut kept, &stop, &|_| true);
        // The reply searched most below the move chosen, by a search of its own.
        let next = after(&start, first.best.as_deref());
        let reply = think(&next, &mut None, &stop, &|_| true);
        let later = after(&next, reply.best.as_deref());
        let fresh = think(&later, &mut None, &stop, &|_| true);
        assert_eq!((fresh.playouts, fresh.visits), (2000, 2000));
        // With the same rules and settings, what was searched below is kept.
        let went_on = think(&later, &mut kept, &stop, &|_| true);
        assert_eq!(went_on.playouts, 2000);
        assert!(went_on.visits > 2000, "{}", went_on.visits);
        // Other settings start afresh.
        let other = think(&Request { threads: 2, ..later }, &mut kept, &stop, &|_| true);
        assert_eq!(other.visits, other.playouts);
    }

    #[test]
    fn a_listener_gone_stops_the_search_with_the_move_so_far() {
        let stop = Arc::new(AtomicBool::new(false));
        let done = think(
            &request("mcts:1000", GoBudget::Default),
            &mut None,
            &stop,
            &|_| false,
        );
        assert_eq!(done.playouts, 100);
        assert!(done.best.is_some());
        assert!(stop.load(Ordering::Relaxed));
        let random = think(
            &request("random", GoBudget::Playouts(5)),
            &mut None,
            &stop,
            &|_| true,
        );
        assert!(random.best.is_some() && random.estimate.is_none());
    }

    #[test]
    fn steps_divide_the_budget() {
        assert_eq!(step_of(Budget::Playouts(1005)), Budget::Playouts(101));
        assert_eq!(step_of(Budget::Playouts(3)), Budget::Playouts(1));
        assert_eq!(
            step_of(Budget::Playouts(1 << 40)),
            Budget::Playouts(MAX_STEP_PLAYOUTS)
        );
        assert_eq!(
            step_of(Budget::Time(Duration::from_millis(200))),
            Budget::Time(Duration::from_millis(10))
        );
        assert_eq!(
            step_of(Budget::Time(Duration::from_secs(60))),
            Budget::Time(MAX_STEP_TIME)
        );
    }
}
