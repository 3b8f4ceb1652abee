//! Plain-language descriptions drawn from the compiled game, for people,
//! shared by the front ends: expressions, conditions, movement rules, turns
//! and what a move did (here); how a game ends and why it ended
//! ([`ending`]); what a search thought of its move ([`thought`]); why a
//! move is not legal, in one line ([`explanation`]). The board's cells laid
//! out by files and ranks are [`grid`].

pub mod ending;
pub mod explanation;
pub mod grid;
pub mod thought;

use crate::diag::SourceFile;
use crate::engine::{Engine, MoveRef, Position, Token};
use crate::explain::words::cell as cell_name;
use crate::ir::{ActionSource, BinOp, CellId, Cond, Expr, Pattern, PieceKind, PlayerId};

pub use crate::explain::words::possessive;

/// `some_name` as "some name".
pub fn words(name: &str) -> String {
    name.replace('_', " ")
}

/// Where an expression is read: a position (for values), and who the rules
/// mean by `mover` there.
#[derive(Clone, Copy)]
pub struct At<'a> {
    /// The position values are read in, if any.
    pub pos: Option<&'a Position>,
    /// The player the rules mean by `mover`, if known.
    pub mover: Option<PlayerId>,
}

impl At<'_> {
    /// No position: values of options only.
    pub const NOWHERE: At<'static> = At {
        pos: None,
        mover: None,
    };
}

/// Whether the board is a grid whose directions are the eight compass
/// points (so that shapes can be told by files and ranks).
pub fn is_compass_grid(topo: &crate::ir::Topology) -> bool {
    topo.dir_names
        .iter()
        .map(String::as_str)
        .eq(["n", "ne", "e", "se", "s", "sw", "w", "nw"])
}

/// Pieces of a kind on the board, of one player or of all.
fn count_on_board(engine: &Engine, pos: &Position, kind: PieceKind, player: Option<PlayerId>) -> i64 {
    let topo = &engine.game().topology;
    (0..topo.board_cells)
        .filter(|&c| {
            engine
                .piece_at(pos, CellId(c as u16))
                .is_some_and(|(o, k)| k == kind && player.is_none_or(|p| p == o))
        })
        .count() as i64
}

/// The value of an expression, when it can be known here (options always; the
/// position's numbers when `at` has a position; `mover` when given).
pub fn eval(engine: &Engine, e: &Expr, at: At) -> Option<i64> {
    // With a position and a mover, the engine's own evaluator decides.
    if let (Some(pos), Some(mover)) = (at.pos, at.mover) {
        return Some(engine.eval(e, pos, mover));
    }
    let players = engine.game().players.len().max(1) as i64;
    let player = |e: &Expr| eval(engine, e, at).map(|v| PlayerId(v.rem_euclid(players) as u8));
    Some(match e {
        Expr::Const(v) => *v,
        Expr::Option(i) => *engine.option_values().get(*i)?,
        Expr::Counter { counter, player: p } => engine.counter(at.pos?, *counter, player(p)?),
        Expr::Count { kind, player: p } => {
            let who = match p {
                Some(p) => Some(player(p)?),
                None => None,
            };
            count_on_board(engine, at.pos?, *kind, who)
        }
        Expr::CountIn(c) => {
            let who = match &c.player {
                Some(p) => player(p)?,
                None => PlayerId(0),
            };
            engine.eval(e, at.pos?, who)
        }
        Expr::CountCells { player: p, .. } => engine.eval(e, at.pos?, player(p)?),
        Expr::Reserve { kind, player: p } => engine.reserve(at.pos?, player(p)?, *kind),
        Expr::Flag(f) => engine.flag(at.pos?, *f) as i64,
        Expr::Mover => at.mover?.index() as i64,
        Expr::History(_) | Expr::LastMover => engine.eval(e, at.pos?, PlayerId(0)),
        Expr::Player(p) => p.index() as i64,
        Expr::Opponent(p) => (player(p)?.index() as i64 + 1) % players,
        Expr::Not(a) => (eval(engine, a, at)? == 0) as i64,
        Expr::Neg(a) => eval(engine, a, at)?.wrapping_neg(),
        Expr::Binary(op, a, b) => {
            let a = eval(engine, a, at)?;
            match op {
                BinOp::And if a == 0 => 0,
                BinOp::Or if a != 0 => 1,
                _ => op.apply(a, eval(engine, b, at)?),
            }
        }
        Expr::If(c, a, b) => {
            if eval(engine, c, at)? != 0 {
                eval(engine, a, at)?
            } else {
                eval(engine, b, at)?
            }
        }
        Expr::Line { .. }
        | Expr::Connected { .. }
        | Expr::Groups(_)
        | Expr::Area(_)
        | Expr::CountAlong(_)
        | Expr::InCheck(_)
        | Expr::Checkmate(_) => return None,
    })
}

/// Whether an expression reads nothing of a position (options and constants only).
fn is_constant(e: &Expr) -> bool {
    match e {
        Expr::Const(_) | Expr::Option(_) => true,
        Expr::Counter { .. }
        | Expr::Count { .. }
        | Expr::CountIn(_)
        | Expr::CountCells { .. }
        | Expr::CountAlong(_)
        | Expr::Reserve { .. }
        | Expr::Flag(_)
        | Expr::History(_)
        | Expr::LastMover => false,
        Expr::Mover | Expr::Player(_) | Expr::Opponent(_) => false,
        Expr::Not(a) | Expr::Neg(a) => is_constant(a),
        Expr::Binary(_, a, b) => is_constant(a) && is_constant(b),
        Expr::If(c, a, b) => is_constant(c) && is_constant(a) && is_constant(b),
        Expr::Line { .. }
        | Expr::Connected { .. }
        | Expr::Groups(_)
        | Expr::Area(_)
        | Expr::InCheck(_)
        | Expr::Checkmate(_) => false,
    }
}

/// The name of the player an expression stands for.
fn player_text(engine: &Engine, e: &Expr, at: At) -> String {
    let game = engine.game();
    let known = match e {
        Expr::Player(_) | Expr::Mover | Expr::Opponent(_) => {
            eval(engine, e, At { pos: None, ..at }).and_then(|v| game.players.get(v as usize).cloned())
        }
        _ => None,
    };
    known.unwrap_or_else(|| match e {
        Expr::Mover => "the player who moved".to_string(),
        Expr::Opponent(p) => format!("the opponent of {}", player_text(engine, p, at)),
        other => expr_text(engine, other, at),
    })
}

/// An expression in words, e.g. "Red's score (now 1) ≥ 1". With a
/// position, the numbers read from it are followed by their value.
pub fn expr_text(engine: &Engine, e: &Expr, at: At) -> String {
    let game = engine.game();
    let now = |text: String| with_value_now(engine, text, e, at);
    if is_constant(e)
        && let Some(v) = eval(engine, e, At::NOWHERE)
    {
        return v.to_string();
    }
    match e {
        Expr::Const(v) => v.to_string(),
        Expr::Option(i) => game.options.get(*i).map(|o| words(&o.name)).unwrap_or_default(),
        Expr::Counter { counter, player } => now(counter_text(engine, *counter, player, at)),
        Expr::Count { kind, player } => {
            let kind = plural_name(engine, *kind);
            now(match player {
                Some(p) => format!(
                    "the number of {} {kind} on the board",
                    possessive(&player_text(engine, p, at))
                ),
                None => format!("the number of {kind} on the board"),
            })
        }
        Expr::CountCells { player, .. } => now(format!(
            "the number of cells that meet a condition for {}",
            player_text(engine, player, at)
        )),
        Expr::CountAlong(_) => "the number of cells of the line that meet a condition".to_string(),
        Expr::CountIn(c) => now(count_in_text(engine, c, at)),
        Expr::Reserve { kind, player } => now(format!(
            "the number of {} {} in reserve",
            possessive(&player_text(engine, player, at)),
            plural_name(engine, *kind)
        )),
        Expr::Mover | Expr::Player(_) | Expr::Opponent(_) => player_text(engine, e, at),
        Expr::LastMover => "the player who made the last move".to_string(),
        Expr::History(i) => fact_text(engine, *i, at),
        Expr::Flag(f) => format!(
            "{} has happened",
            game.flags.get(*f).map(|f| words(&f.name)).unwrap_or_default()
        ),
        Expr::Not(a) => format!("not ({})", expr_text(engine, a, at)),
        Expr::Neg(a) => format!("-{}", expr_text(engine, a, at)),
        Expr::Line { n, exact, player, .. } => format!(
            "{} has {}{n} in a row",
            player_text(engine, player, at),
            if *exact { "exactly " } else { "" }
        ),
        Expr::Connected { player, .. } => format!("{} connects their sides", player_text(engine, player, at)),
        Expr::Groups(p) => now(format!("the groups of {}", player_text(engine, p, at))),
        Expr::Area(p) => now(format!("the area of {}", player_text(engine, p, at))),
        Expr::InCheck(p) => format!("{} is in check", player_text(engine, p, at)),
        Expr::Checkmate(p) => format!("{} is checkmated", player_text(engine, p, at)),
        Expr::Binary(op, a, b) => binary_text(engine, *op, a, b, at),
        Expr::If(c, a, b) => match eval(engine, c, at) {
            Some(0) => expr_text(engine, b, at),
            Some(_) => expr_text(engine, a, at),
            None => format!(
                "(if {} then {} else {})",
                expr_text(engine, c, at),
                expr_text(engine, a, at),
                expr_text(engine, b, at)
            ),
        },
    }
}

/// `text`, the words of the number `e`, followed by its value at the
/// position of `at` when there is one: "Red's score (now 1)".
fn with_value_now(engine: &Engine, text: String, e: &Expr, at: At) -> String {
    match at.pos.and_then(|_| eval(engine, e, at)) {
        Some(v) => format!("{text} (now {v})"),
        None => text,
    }
}

/// "Red's score": counter `counter` of the player `player` stands for.
fn counter_text(engine: &Engine, counter: usize, player: &Expr, at: At) -> String {
    let game = engine.game();
    format!(
        "{} {}",
        possessive(&player_text(engine, player, at)),
        words(
            game.counters
                .get(counter)
                .map(String::as_str)
                .unwrap_or("counter")
        )
    )
}

/// "the number of Red's Stones or Rings in the goal": a count of pieces in a region.
fn count_in_text(engine: &Engine, c: &crate::ir::CountIn, at: At) -> String {
    let (kinds, region, player) = (&c.kinds, &c.region, &c.player);
    let kinds: Vec<String> = kinds.iter().map(|k| plural_name(engine, *k)).collect();
    let kinds = kinds.join(" or ");
    let place = engine
        .game()
        .topology
        .regions
        .get(*region)
        .map(|r| words(&r.name))
        .unwrap_or_default();
    match player {
        Some(p) => format!(
            "the number of {} {kinds} in {place}",
            possessive(&player_text(engine, p, at))
        ),
        None => format!("the number of {kinds} in {place}"),
    }
}

/// `a op b` in words: a sentence for a count compared with 0 or 1; of an
/// `or` at a position, the sides that hold; of an `and`, without a side
/// that always holds; else both sides with the operator in words.
fn binary_text(engine: &Engine, op: BinOp, a: &Expr, b: &Expr, at: At) -> String {
    if let Some(text) = count_sentence(engine, op, a, b, at) {
        return text;
    }
    // Of an `or` that holds, only the sides that hold are the reason.
    if op == BinOp::Or && at.pos.is_some() {
        let holds = |x: &Expr| eval(engine, x, at).is_some_and(|v| v != 0);
        match (holds(a), holds(b)) {
            (true, false) => return expr_text(engine, a, at),
            (false, true) => return expr_text(engine, b, at),
            _ => {}
        }
    }
    if op == BinOp::And {
        if is_constant(a) && eval(engine, a, At::NOWHERE).is_some_and(|v| v != 0) {
            return expr_text(engine, b, at);
        }
        if is_constant(b) && eval(engine, b, At::NOWHERE).is_some_and(|v| v != 0) {
            return expr_text(engine, a, at);
        }
    }
    let sym = match op {
        BinOp::Or => "or",
        BinOp::And => "and",
        BinOp::Eq => "is",
        BinOp::Ne => "is not",
        BinOp::Lt => "is less than",
        BinOp::Le => "is at most",
        BinOp::Gt => "is more than",
        BinOp::Ge => "is at least",
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "×",
        BinOp::Div => "/",
        BinOp::Rem => "mod",
    };
    let side = |x: &Expr| {
        let t = expr_text(engine, x, at);
        let logic = matches!(x, Expr::Binary(BinOp::And | BinOp::Or, ..));
        if logic && x_op(x) != Some(op) {
            format!("({t})")
        } else {
            t
        }
    };
    format!("{} {sym} {}", side(a), side(b))
}

fn x_op(e: &Expr) -> Option<BinOp> {
    match e {
        Expr::Binary(op, ..) => Some(*op),
        _ => None,
    }
}

/// A comparison of a piece count with 0 or 1 as a sentence: "Black has no
/// Stones left on the board", "White has a King on the board", "no Stones
/// are left on the board".
fn count_sentence(engine: &Engine, op: BinOp, a: &Expr, b: &Expr, at: At) -> Option<String> {
    let (Expr::Count { kind, player }, Expr::Const(n)) = (a, b) else {
        return None;
    };
    let none = matches!((op, n), (BinOp::Eq, 0) | (BinOp::Lt, 1) | (BinOp::Le, 0));
    let some = matches!((op, n), (BinOp::Gt, 0) | (BinOp::Ge, 1) | (BinOp::Ne, 0));
    let who = player.as_ref().map(|p| player_text(engine, p, at));
    Some(match (none, some, who) {
        (true, _, Some(who)) => format!("{who} has no {} left on the board", plural_name(engine, *kind)),
        (true, _, None) => format!("no {} are left on the board", plural_name(engine, *kind)),
        (_, true, Some(who)) => format!("{who} has a {} on the board", kind_name(engine, *kind)),
        (_, true, None) => format!("a {} is on the board", kind_name(engine, *kind)),
        _ => return None,
    })
}

/// The plural of a piece kind's name ("Stones", "Men").
pub fn plural_name(engine: &Engine, kind: PieceKind) -> String {
    engine
        .game()
        .kinds
        .get(kind.index())
        .map(|k| words(&k.plural))
        .unwrap_or_else(|| "?".into())
}

/// The name of a piece kind.
pub fn kind_name(engine: &Engine, kind: PieceKind) -> String {
    engine
        .game()
        .kinds
        .get(kind.index())
        .map(|k| k.name.clone())
        .unwrap_or_else(|| "?".into())
}

/// `n` pieces of a kind: "1 Stone", "3 Stones", "2 Men" (the plural as the
/// rules declare it, or derived).
pub fn count_of(engine: &Engine, n: i64, kind: PieceKind) -> String {
    let info = engine.game().kinds.get(kind.index());
    let word = match info {
        Some(k) if n == 1 => k.name.clone(),
        Some(k) => k.plural.clone(),
        None => "?".into(),
    };
    format!("{n} {}", words(&word))
}

/// Where the neighbours along `dirs` lie, in words ("below it", "to its
/// left", "to the ne of it"), when they are not every neighbour (then
/// "next to" says it).
fn beside(engine: &Engine, dirs: &[Vec<crate::ir::DirId>]) -> Option<String> {
    let topo = &engine.game().topology;
    let first = dirs.first()?;
    let all = first.len() >= topo.dir_names.len();
    if all || first.is_empty() || dirs.iter().any(|d| d != first) {
        return None;
    }
    let names: Vec<&str> = first
        .iter()
        .map(|d| topo.dir_names[d.0 as usize].as_str())
        .collect();
    Some(match names.as_slice() {
        ["s"] => "below it".to_string(),
        ["n"] => "above it".to_string(),
        ["w"] => "to its left".to_string(),
        ["e"] => "to its right".to_string(),
        _ => format!("to the {} of it", names.join(" or ")),
    })
}

/// A cell condition in words, e.g. "an empty cell in back rank".
pub fn cond_text(engine: &Engine, cond: &Cond) -> String {
    let game = engine.game();
    match cond {
        Cond::Empty => "an empty cell".into(),
        Cond::Occupied => "a piece".into(),
        Cond::Enemy => "an opponent's piece".into(),
        Cond::Friend => "a piece of the same side".into(),
        Cond::Exit => "off the board".into(),
        Cond::Kind(k) => format!("a {}", kind_name(engine, *k)),
        Cond::In(r) => {
            let name = game
                .topology
                .regions
                .get(*r)
                .map(|r| r.name.as_str())
                .unwrap_or_default();
            // A cell named where a region is expected is the region of that cell.
            if game.topology.cell_names.iter().any(|c| c == name) {
                format!("on {name}")
            } else {
                format!("in the “{}” region", words(name))
            }
        }
        Cond::True => "any cell".into(),
        Cond::Neutral => "a piece of nobody's".into(),
        Cond::Moved => "a piece that has moved".into(),
        Cond::Unmoved => "a piece that has not moved".into(),
        Cond::Marked(m) => format!(
            "a cell marked “{}” by the last move",
            game.marks.get(*m).map(|m| words(m)).unwrap_or_default()
        ),
        Cond::Attacked => "a cell the opponent attacks".into(),
        Cond::Origin => "the cell it started from".into(),
        Cond::Taken => "a piece already taken".into(),
        Cond::Touched => "a point a drawn line touches".into(),
        Cond::Next { dirs, cond } => match beside(engine, dirs) {
            Some(place) => format!("with {} {place}", cond_text(engine, cond)),
            None => format!("next to {}", cond_text(engine, cond)),
        },
        Cond::Ray { cond, .. } => format!("in line with {}", cond_text(engine, cond)),
        Cond::InLine { n, .. } => format!("in a row of {n}"),
        Cond::Free => "a group with a liberty".into(),
        // "with no empty cell below it" rather than "not next to an empty cell".
        Cond::Not(inner) => match &**inner {
            Cond::Next { dirs, cond } => {
                let what = cond_text(engine, cond);
                let what = what
                    .strip_prefix("an ")
                    .or_else(|| what.strip_prefix("a "))
                    .map_or_else(|| format!("not {what}"), |w| format!("no {w}"));
                match beside(engine, dirs) {
                    Some(place) => format!("with {what} {place}"),
                    None => format!("with {what} next to it"),
                }
            }
            c => format!("not {}", cond_text(engine, c)),
        },
        Cond::And(a, b) => {
            // "an empty cell with no empty cell below it": a `with` clause
            // reads as part of the cell it follows.
            let (a, b) = (cond_text(engine, a), cond_text(engine, b));
            if b.starts_with("with ") {
                format!("{a} {b}")
            } else {
                format!("{a} and {b}")
            }
        }
        Cond::Or(a, b) => format!("{} or {}", cond_text(engine, a), cond_text(engine, b)),
    }
}

/// The clauses of every `move` of the rules file as written (`double` →
/// "if in second, go forward, …"), with the piece and the move's name, for
/// the rules that are not among the common shapes that [`rule_text`] words
/// itself.
pub fn written_moves(source: &SourceFile) -> Vec<(String, String, String)> {
    let (file, _) = crate::syntax::parse(source);
    let mut out = Vec::new();
    for item in &file.items {
        let crate::syntax::ast::Item::Piece(piece) = item else {
            continue;
        };
        for mv in &piece.moves {
            let text = source.text.get(mv.span.start..mv.span.end).unwrap_or_default();
            let clauses = text.split_once(':').map_or(text, |(_, c)| c);
            let clauses = clauses.split_whitespace().collect::<Vec<_>>().join(" ");
            out.push((piece.name.text.clone(), mv.name.text.clone(), clauses));
        }
    }
    out
}

/// The promotions of the rules in words: on capture (what the capturer
/// becomes, where it goes) and in place (which pieces, where, into what).
pub fn promotion_lines(engine: &Engine) -> Vec<String> {
    let game = engine.game();
    let region = |r: usize| {
        game.topology
            .regions
            .get(r)
            .map_or_else(|| "?".to_string(), |r| format!("the “{}” region", words(&r.name)))
    };
    let mut out = Vec::new();
    for p in &game.promotions {
        let into = match p.into {
            Some(k) => format!("a {}", kind_name(engine, k)),
            None => "the lowest-ranked piece of the pool".to_string(),
        };
        let zones: Vec<String> = p
            .zones
            .iter()
            .map(|z| z.map_or_else(|| "anywhere".to_string(), |r| format!("in {}", region(r))))
            .collect();
        let mut line = format!(
            "A {} that captures {} is replaced by {into}, placed {}",
            kind_name(engine, p.kind),
            game.conds
                .get(p.captured.0 as usize)
                .map_or_else(String::new, |c| cond_text(engine, c)),
            zones.join(", else ")
        );
        if let Some(flag) = p.unless.and_then(|f| game.flags.get(f)) {
            line.push_str(&format!(", unless “{}”", words(&flag.name)));
        }
        line.push('.');
        out.push(line);
    }
    for p in &game.in_place {
        let into: Vec<String> = p
            .into
            .iter()
            .map(|k| format!("a {}", kind_name(engine, *k)))
            .collect();
        let mut at: Vec<String> = p.to.iter().map(|r| format!("ending in {}", region(*r))).collect();
        at.extend(p.from.iter().map(|r| format!("starting in {}", region(*r))));
        let mut line = format!(
            "A {} {} becomes {}",
            kind_name(engine, p.kind),
            if at.is_empty() {
                "anywhere".to_string()
            } else {
                at.join(" or ")
            },
            into.join(" or ")
        );
        if p.optional {
            line.push_str(" (or stays as it is)");
        }
        if p.on_entering {
            line.push_str(", as soon as it gets there");
        }
        line.push('.');
        out.push(line);
    }
    out
}

/// A movement rule in words, e.g. "leapfrog: jumps over a piece onto an empty
/// cell or off the board, again and again, each piece jumped once".
///
/// A rule of the core language, which has no common shape, reads as the
/// author wrote it when `written` gives its clauses (see [`written_moves`]).
pub fn rule_text(engine: &Engine, rule: usize, written: Option<&str>) -> String {
    let game = engine.game();
    let Some(rule) = game.rules.get(rule) else {
        return String::new();
    };
    let target = game
        .conds
        .get(rule.target.0 as usize)
        .map(|c| cond_text(engine, c))
        .unwrap_or_default();
    let shape = geometry(engine, rule);
    // Off a compass grid, the directions by their names tell rules apart.
    let dirs = first_steps(engine, rule);
    let along = match dirs.as_slice() {
        [] => None,
        [one] => Some(one.clone()),
        [rest @ .., last] => Some(format!("{} or {last}", rest.join(", "))),
    };
    let how = match &rule.pattern {
        Pattern::Hop { .. } => match (shape, along) {
            (Some(shape), _) => format!("{shape}, onto {target}"),
            (None, Some(along)) => format!("one step {along}, onto {target}"),
            (None, None) => format!("leaps onto {target}"),
        },
        Pattern::Slide { .. } => match (shape, along) {
            (Some(shape), _) => format!("slides {shape} any number of cells, onto {target}"),
            (None, Some(along)) => format!("slides {along}, any number of cells, onto {target}"),
            (None, None) => format!("slides along a line onto {target}"),
        },
        Pattern::Jump {
            over,
            capturing,
            repeat,
            each_once,
            not_ending_at_start,
            ..
        } => {
            let over = game
                .conds
                .get(over.0 as usize)
                .map(|c| cond_text(engine, c))
                .unwrap_or_default();
            let mut s = match shape {
                Some(shape) => format!("jumps {shape} over {over} onto {target}"),
                None => format!("jumps over {over} onto {target}"),
            };
            if *capturing != crate::ir::JumpCapture::No {
                s.push_str(", capturing the piece jumped");
            }
            if *repeat {
                s.push_str("; may go on jumping, and stop after any jump");
            }
            if *each_once {
                s.push_str("; no piece jumped twice");
            }
            if *not_ending_at_start {
                s.push_str("; may not end where it began");
            }
            s
        }
        Pattern::Drop => format!("enters the board onto {target}"),
        Pattern::Core => match written {
            Some(clauses) => format!("as written: {clauses}"),
            None => "moves as its rule says".to_string(),
        },
    };
    let captures = matches!(
        game.conds.get(rule.target.0 as usize),
        Some(c) if cond_mentions_enemy(c)
    );
    let tail = if captures && !matches!(rule.pattern, Pattern::Jump { .. }) {
        " (capturing it)"
    } else {
        ""
    };
    format!("{}: {how}{tail}", words(&rule.name))
}

/// The directions (by name) of the first step of a rule's moves, over every
/// cell, when each of its moves starts with one step to a neighbour (steps,
/// slides, jumps); empty for leaps, and on a compass grid (where
/// [`geometry`] says it better).
fn first_steps(engine: &Engine, rule: &crate::ir::MoveRule) -> Vec<String> {
    let game = engine.game();
    let topo = &game.topology;
    if is_compass_grid(topo) {
        return Vec::new();
    }
    let cells = topo.cells();
    let player = game
        .kinds
        .get(rule.kind.index())
        .and_then(|k| k.owner)
        .unwrap_or(PlayerId(0));
    let dirs = topo.dir_names.len();
    let mut used = vec![false; dirs];
    // Targets that several directions reach (from a centre cell, `in` and the
    // inward diagonals may meet): settled after the others.
    let mut shared: Vec<Vec<usize>> = Vec::new();
    for c in 0..topo.board_cells {
        let cell = CellId(c as u16);
        let firsts: Vec<CellId> = match &rule.pattern {
            Pattern::Hop { targets } => targets.get(player, cell, cells).to_vec(),
            Pattern::Jump { hops, .. } => hops
                .get(player, cell, cells)
                .chunks_exact(2)
                .map(|h| h[0])
                .collect(),
            Pattern::Slide { lines } => {
                // The roots of the slide trees: each node whose subtree follows it directly.
                let range = lines.range(player, cell, cells);
                let mut roots = Vec::new();
                let mut i = range.start;
                while i < range.end {
                    roots.push(lines.nodes[i].0);
                    i = lines.nodes[i].1 as usize;
                }
                roots
            }
            Pattern::Drop | Pattern::Core => return Vec::new(),
        };
        for to in firsts {
            let reach: Vec<usize> = (0..dirs)
                .filter(|&d| topo.step(cell, crate::ir::DirId(d as u8)) == to)
                .collect();
            match reach.as_slice() {
                [] => return Vec::new(), // not one step: a leap
                [d] => used[*d] = true,
                _ => shared.push(reach),
            }
        }
    }
    for reach in shared {
        if !reach.iter().any(|&d| used[d]) {
            used[reach[0]] = true;
        }
    }
    topo.dir_names
        .iter()
        .zip(used)
        .filter(|(_, u)| *u)
        .map(|(n, _)| words(n))
        .collect()
}

/// The shape of a movement rule read off the board from a central cell, e.g.
/// "one cell diagonally towards rank 8", "an L-shaped leap", "diagonally";
/// `None` when it has no simple shape (or the board is not a grid).
fn geometry(engine: &Engine, rule: &crate::ir::MoveRule) -> Option<String> {
    let game = engine.game();
    let topo = &game.topology;
    if !is_compass_grid(topo) {
        return None;
    }
    let cells = topo.cells();
    let player = game.kinds.get(rule.kind.index())?.owner.unwrap_or(PlayerId(0));
    let (cx, cy) = (topo.width / 2, topo.height / 2);
    let mut order: Vec<usize> = (0..topo.board_cells).collect();
    order.sort_by_key(|&c| {
        let (x, y) = topo.coords[c];
        (x - cx).abs() + (y - cy).abs()
    });
    let deltas = |c: usize| -> Vec<(i32, i32)> {
        let (x, y) = topo.coords[c];
        let cell = CellId(c as u16);
        let to: Vec<CellId> = match &rule.pattern {
            Pattern::Hop { targets } => targets.get(player, cell, cells).to_vec(),
            Pattern::Jump { hops, .. } => hops
                .get(player, cell, cells)
                .chunks_exact(2)
                .map(|h| h[1])
                .collect(),
            Pattern::Slide { lines } => lines.nodes[lines.range(player, cell, cells)]
                .iter()
                .map(|n| n.0)
                .collect(),
            Pattern::Drop | Pattern::Core => Vec::new(),
        };
        to.iter()
            .map(|t| {
                let (tx, ty) = topo.coords[t.index()];
                (tx - x, ty - y)
            })
            .collect()
    };
    let d = order.iter().map(|&c| deltas(c)).find(|d| !d.is_empty())?;
    let ranks = grid::Grid::new(engine).ranks;
    let towards = |d: &[(i32, i32)]| {
        if d.iter().all(|p| p.1 > 0) {
            ranks
                .last()
                .map(|r| format!(" towards rank {r}"))
                .unwrap_or_default()
        } else if d.iter().all(|p| p.1 < 0) {
            ranks
                .first()
                .map(|r| format!(" towards rank {r}"))
                .unwrap_or_default()
        } else {
            String::new()
        }
    };
    let diagonal = d.iter().all(|&(x, y)| x.abs() == y.abs() && x != 0);
    let straight = d.iter().all(|&(x, y)| (x == 0) != (y == 0));
    match &rule.pattern {
        Pattern::Slide { .. } => {
            if diagonal {
                Some("diagonally".into())
            } else if straight {
                Some("straight (along a rank or file)".into())
            } else if d.iter().all(|&(x, y)| x == 0 || y == 0 || x.abs() == y.abs()) {
                Some("straight or diagonally".into())
            } else {
                None
            }
        }
        Pattern::Jump { .. } => {
            if d.iter().all(|&(x, y)| x.abs() == 2 && y.abs() == 2) {
                Some(format!("diagonally{}", towards(&d)))
            } else if d
                .iter()
                .all(|&(x, y)| (x.abs() == 2 && y == 0) || (x == 0 && y.abs() == 2))
            {
                Some(format!("straight{}", towards(&d)))
            } else {
                None
            }
        }
        Pattern::Drop | Pattern::Core => None,
        Pattern::Hop { .. } => {
            if d.iter().all(|&(x, y)| x.abs() == 1 && y.abs() == 1) {
                Some(format!("one cell diagonally{}", towards(&d)))
            } else if d.iter().all(|&(x, y)| x.abs() + y.abs() == 1) {
                Some(format!("one cell straight{}", towards(&d)))
            } else if d.iter().all(|&(x, y)| x.abs().max(y.abs()) == 1) {
                Some(format!("one cell in any direction{}", towards(&d)))
            } else if d.iter().all(|&(x, y)| {
                let (a, b) = (x.abs().min(y.abs()), x.abs().max(y.abs()));
                a == 1 && b == 2
            }) {
                Some(
                    "an L-shaped leap (two cells straight, then one to the side; it leaps over anything)"
                        .into(),
                )
            } else {
                None
            }
        }
    }
}

fn cond_mentions_enemy(c: &Cond) -> bool {
    match c {
        Cond::Enemy => true,
        Cond::Not(_) => false,
        Cond::And(a, b) | Cond::Or(a, b) => cond_mentions_enemy(a) || cond_mentions_enemy(b),
        _ => false,
    }
}

/// The most actions a turn allows, when it does not depend on the position.
pub fn max_actions(engine: &Engine, turn: usize) -> Option<i64> {
    let t = engine.game().turns.get(turn)?;
    eval(engine, &t.max_actions, At::NOWHERE)
}

/// What one action of a source is, e.g. "move a Stone (step or jump)",
/// "place a Stone from the reserve on an empty cell".
pub fn source_text(engine: &Engine, source: &ActionSource) -> String {
    let game = engine.game();
    match source {
        ActionSource::Move { kind, rules } => {
            let names: Vec<String> = rules
                .iter()
                .filter_map(|r| game.rules.get(*r))
                .map(|r| words(&r.name))
                .collect();
            format!("move a {} ({})", kind_name(engine, *kind), names.join(" or "))
        }
        ActionSource::Drop { kind, rules } => format!(
            "place a {} from the reserve on {}",
            kind_name(engine, *kind),
            rules
                .first()
                .and_then(|r| game.rules.get(*r))
                .and_then(|r| game.conds.get(r.target.0 as usize))
                .map(|c| cond_text(engine, c))
                .unwrap_or_default()
        ),
        ActionSource::Remove { rule } => format!(
            "remove a piece on {}",
            game.rules
                .get(*rule)
                .and_then(|r| game.conds.get(r.target.0 as usize))
                .map(|c| cond_text(engine, c))
                .unwrap_or_default()
        ),
    }
}

/// What the player must do in a turn, e.g. "move a Stone (step or jump)"
/// or "up to 2 actions, each by a different piece: move a Stone (step or
/// strike); or pass".
pub fn turn_text(engine: &Engine, turn: usize) -> String {
    let game = engine.game();
    let Some(t) = game.turns.get(turn) else {
        return String::new();
    };
    let tiers: Vec<String> = t
        .tiers
        .iter()
        .enumerate()
        .map(|(i, tier)| {
            tier.iter()
                .enumerate()
                .map(|(j, s)| match t.cost(i, j) {
                    1 => source_text(engine, s),
                    c => format!("{}, costing {c}", source_text(engine, s)),
                })
                .collect::<Vec<_>>()
                .join(" or ")
        })
        .collect();
    let mut text = match tiers.len() {
        0 => String::new(),
        1 => tiers[0].clone(),
        _ => format!(
            "{} — compulsory when possible; otherwise {}",
            tiers[0],
            tiers[1..].join("; otherwise ")
        ),
    };
    let max = max_actions(engine, turn);
    if max != Some(1) && !text.is_empty() {
        // A number read from the position is said as written.
        let n = max
            .map(|n| n.to_string())
            .unwrap_or_else(|| expr_text(engine, &t.max_actions, At::NOWHERE));
        let distinct = if t.distinct_pieces {
            ", each by a different piece"
        } else {
            ""
        };
        let amount = match (t.exact_actions, t.costs.is_empty()) {
            (false, true) => format!("up to {n} actions"),
            (true, true) => format!("exactly {n} actions (fewer if the game ends first)"),
            (false, false) => format!("actions costing up to {n} in all"),
            (true, false) => format!("actions costing {n} in all (less if the game ends first)"),
        };
        text = format!("{amount}{distinct}, joined by a comma: {text}");
    }
    if t.after_each.is_some() && !text.is_empty() {
        text.push_str("; after each action, the turn's forced effect (`after each action`) is made");
    }
    if t.pass != crate::ir::Pass::No {
        if text.is_empty() {
            text = "pass".into();
        } else {
            text.push_str("; or pass");
        }
    }
    text
}

/// A player's name.
pub fn player_name(engine: &Engine, p: PlayerId) -> String {
    engine
        .game()
        .players
        .get(p.index())
        .cloned()
        .unwrap_or_else(|| "?".into())
}

/// The board cell halfway between two cells two apart in a straight or
/// diagonal line.
pub fn halfway(engine: &Engine, from: CellId, to: CellId) -> Option<CellId> {
    // Only a game with jumps has jumped cells; elsewhere two cells apart is a
    // leap or a slide.
    let game = engine.game();
    if !game
        .rules
        .iter()
        .any(|r| matches!(r.pattern, crate::ir::Pattern::Jump { .. }))
    {
        return None;
    }
    let topo = &game.topology;
    let ((x0, y0), (x1, y1)) = (*topo.coords.get(from.index())?, *topo.coords.get(to.index())?);
    let (dx, dy) = (x1 - x0, y1 - y0);
    let line = (dx.abs() == 2 || dx == 0) && (dy.abs() == 2 || dy == 0) && (dx, dy) != (0, 0);
    if !line {
        return None;
    }
    let mid = (x0 + dx / 2, y0 + dy / 2);
    (0..topo.board_cells)
        .find(|&c| topo.coords[c] == mid)
        .map(|c| CellId(c as u16))
}

/// A board as a plain table, to compare positions cell by cell.
fn pieces(engine: &Engine, pos: &Position) -> Vec<Option<(PlayerId, PieceKind)>> {
    let n = engine.game().topology.board_cells;
    (0..n).map(|c| engine.piece_at(pos, CellId(c as u16))).collect()
}

/// What a move did besides moving pieces, in short phrases: captures, pieces
/// that left the board, counters and reserves that changed.
pub fn move_effects(engine: &Engine, before: &Position, after: &Position, mv: MoveRef) -> Vec<String> {
    let (b, a) = (pieces(engine, before), pieces(engine, after));
    let mut out = Vec::new();
    let (acted, promoted) = actions_of(mv);
    let starts: Vec<CellId> = acted.iter().map(|(s, _)| *s).collect();
    let jumped = jumped_over(engine, mv, &b, &a, &starts);
    if !jumped.is_empty() {
        out.push(format!("jumped over {}", jumped.join(", ")));
    }
    captures_text(engine, before, (&b, &a), &starts, &mut out);
    left_board_text(engine, (&b, &a), &acted, &promoted, &mut out);
    promotions_text(engine, &b, &acted, &promoted, &mut out);
    counts_text(engine, before, after, &mut out);
    out
}

/// The pieces on the board's cells, by cell.
type Cells = [Option<(PlayerId, PieceKind)>];

/// A promotion of a move: the capturer's landing cell, the new kind, and
/// where it is placed.
type Promotion = (Option<CellId>, PieceKind, Option<CellId>);

/// The pieces that acted in `mv` (their start cell and final landing), and
/// its promotions.
fn actions_of(mv: MoveRef) -> (Vec<(CellId, Option<CellId>)>, Vec<Promotion>) {
    let mut acted: Vec<(CellId, Option<CellId>)> = Vec::new();
    let mut promoted: Vec<Promotion> = Vec::new();
    let mut promoting = false;
    for t in mv.tokens() {
        match t {
            Token::From(c) => {
                acted.push((c, None));
                promoting = false;
            }
            Token::To(c) | Token::Capture(c) => {
                if let Some(last) = acted.last_mut() {
                    last.1 = Some(c);
                }
            }
            Token::Promote(k) => {
                promoted.push((acted.last().and_then(|a| a.1), k, None));
                promoting = true;
            }
            Token::Place(c) if promoting => {
                if let Some(last) = promoted.last_mut() {
                    last.2 = Some(c);
                }
            }
            Token::Drop(_) => promoting = false,
            _ => {}
        }
    }
    (acted, promoted)
}

/// The cells of pieces jumped over without being captured: the cell halfway
/// along a landing two cells away in a line, holding a piece that stays
/// (`b` before the move, `a` after), and which did not act (`starts`).
fn jumped_over(engine: &Engine, mv: MoveRef, b: &Cells, a: &Cells, starts: &[CellId]) -> Vec<String> {
    let mut jumped: Vec<String> = Vec::new();
    let mut prev: Option<CellId> = None;
    for t in mv.tokens() {
        match t {
            Token::From(c) => prev = Some(c),
            Token::To(c) | Token::Capture(c) => {
                if let Some(p) = prev
                    && let Some(mid) = halfway(engine, p, c)
                    && b.get(mid.index()).copied().flatten().is_some()
                    && a.get(mid.index()).copied().flatten() == b[mid.index()]
                    && !starts.contains(&mid)
                {
                    jumped.push(cell_name(engine, mid));
                }
                prev = Some(c);
            }
            Token::Drop(_) | Token::Promote(_) | Token::Pass => prev = None,
            _ => {}
        }
    }
    jumped
}

/// "captured a Stone on c3" for each piece that did not act and is gone or
/// changed (the board `(before, after)` the move played at `before`).
fn captures_text(
    engine: &Engine,
    before: &Position,
    (b, a): (&Cells, &Cells),
    starts: &[CellId],
    out: &mut Vec<String>,
) {
    let game = engine.game();
    for (c, was) in b.iter().enumerate() {
        let cell = CellId(c as u16);
        if let Some((owner, kind)) = was
            && !starts.contains(&cell)
            && a[c] != *was
        {
            let mover = engine.mover(before);
            let whose = if *owner == mover {
                "their own".to_string()
            } else if game.kinds.get(kind.index()).is_some_and(|k| k.owner.is_some()) {
                "a".to_string()
            } else {
                possessive(&player_name(engine, *owner))
            };
            out.push(format!(
                "captured {whose} {} on {}",
                kind_name(engine, *kind),
                cell_name(engine, cell)
            ));
        }
    }
}

/// "the Runner left the board over the edge at a4" for each piece that
/// acted and is not on its landing after the move, unless promoted there.
fn left_board_text(
    engine: &Engine,
    (b, a): (&Cells, &Cells),
    acted: &[(CellId, Option<CellId>)],
    promoted: &[Promotion],
    out: &mut Vec<String>,
) {
    for (start, land) in acted {
        let (Some(piece), Some(land)) = (b.get(start.index()).copied().flatten(), land) else {
            continue;
        };
        let stays = a.get(land.index()).copied().flatten() == Some(piece);
        let promotes = promoted.iter().any(|(at, _, _)| *at == Some(*land));
        if !stays && !promotes {
            let how = if engine.game().topology.is_exit(*land) {
                " over the edge"
            } else {
                ""
            };
            out.push(format!(
                "the {} left the board{how} at {}",
                kind_name(engine, piece.1),
                cell_name(engine, *land)
            ));
        }
    }
}

/// "the Stone is promoted: it leaves the board and a Ring is placed on c3"
/// for each promotion (`b`, the board before the move).
fn promotions_text(
    engine: &Engine,
    b: &Cells,
    acted: &[(CellId, Option<CellId>)],
    promoted: &[Promotion],
    out: &mut Vec<String>,
) {
    for (at, kind, place) in promoted {
        let old = at
            .and_then(|c| b.get(c.index()).copied().flatten())
            .map(|_| "the capturing piece");
        let old = acted
            .iter()
            .find(|(_, land)| land == at)
            .and_then(|(s, _)| b.get(s.index()).copied().flatten())
            .map(|(_, k)| format!("the {}", kind_name(engine, k)))
            .or(old.map(String::from))
            .unwrap_or_else(|| "the capturing piece".into());
        let place = place.map(|c| cell_name(engine, c)).unwrap_or_default();
        out.push(format!(
            "{old} is promoted: it leaves the board and a {} is placed on {place}",
            kind_name(engine, *kind)
        ));
    }
}

/// "Red's score is now 3" for each counter that changed, and "2 Stones back
/// to Red's reserve (now 5)" for each reserve that grew.
fn counts_text(engine: &Engine, before: &Position, after: &Position, out: &mut Vec<String>) {
    let game = engine.game();
    for p in 0..game.players.len() {
        let pid = PlayerId(p as u8);
        for (c, counter) in game.counters.iter().enumerate() {
            let (x, y) = (engine.counter(before, c, pid), engine.counter(after, c, pid));
            if x != y {
                out.push(format!(
                    "{} {} is now {y}",
                    possessive(&player_name(engine, pid)),
                    words(counter)
                ));
            }
        }
        for k in 0..game.kinds.len() {
            let kid = PieceKind(k as u8);
            let (x, y) = (engine.reserve(before, pid, kid), engine.reserve(after, pid, kid));
            if y > x {
                out.push(format!(
                    "{} back to {} reserve (now {y})",
                    count_of(engine, y - x, kid),
                    possessive(&player_name(engine, pid))
                ));
            }
        }
    }
}

/// What a fact about the last move says, in words.
fn fact_text(engine: &Engine, i: usize, at: At) -> String {
    use crate::ir::Fact;
    let game = engine.game();
    let kinds = |mask: &u64| {
        let names: Vec<String> = (0..game.kinds.len())
            .filter(|k| mask & (1 << k) != 0)
            .map(|k| words(&game.kinds[k].name))
            .collect();
        names.join(" or ")
    };
    let region = |r: &usize| {
        game.topology
            .regions
            .get(*r)
            .map(|r| words(&r.name))
            .unwrap_or_default()
    };
    match game.history.get(i) {
        Some(Fact::Pass) => "the last move was a pass".to_string(),
        Some(Fact::Moved(m)) => format!("the last move moved a {}", kinds(m)),
        Some(Fact::Captured(m)) => format!("the last move captured a {}", kinds(m)),
        Some(Fact::Dropped(m)) => format!("the last move dropped a {}", kinds(m)),
        Some(Fact::From { region: r, .. }) => format!("the last move started in {}", region(r)),
        Some(Fact::To { region: r, .. }) => format!("the last move ended in {}", region(r)),
        Some(Fact::Before(e)) => format!(
            "before the last move, {}",
            expr_text(engine, e, At { pos: None, ..at })
        ),
        None => String::new(),
    }
}
