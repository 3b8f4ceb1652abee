//! Stage 2: AST → checked, resolved, compiled [`ir::Game`].
//!
//! Passes run in a fixed order and push every problem they find into one list,
//! so a file's errors all come out in one run. A pass that depends on an item
//! that failed (say, the board) skips what it cannot check rather than
//! inventing follow-on errors.

// Passes return `Result<_, Problem>` for one failed lookup; a problem is a
// full diagnostic (message, labels, help) built once per mistake in a rules
// file, never on a hot path, so its size does not matter.
#![allow(clippy::result_large_err)]

mod appearance;
mod board;
mod clauses;
mod conds;
mod coord_expr;
mod declare;
mod distance;
mod effects;
mod ends;
pub mod error;
mod exprs;
mod history;
mod layout;
mod notation_mode;
mod patterns;
mod position_format;
mod program;
mod promotions;
mod ranges;
mod regions;
mod reuse;
mod scope;
mod sources;
mod test_blocks;
mod then_groups;
mod transforms;
mod turns;
mod warnings;

use std::collections::HashMap;

use crate::diag::{Problem, Severity};
use crate::ir::{self, CellId, DirId, Topology};
use crate::syntax::ast::{self, RulesFile};
use scope::Names;

/// Compiles a parsed file. The game is `Some` when no problem is an error;
/// the problems (errors and warnings) come back either way.
/// With `partial`, the file had syntax errors: an item that seems missing may
/// be one that failed to parse (`RulesFile::broken_items` says), and no
/// warnings are given.
pub fn compile(
    file: &RulesFile,
    partial: bool,
    overrides: &[(String, String)],
) -> (Option<ir::Game>, Vec<Problem>) {
    let mut cx = Ctx {
        partial,
        overrides: overrides.to_vec(),
        ..Ctx::default()
    };
    let expanded = reuse::expand(&mut cx, file);
    let file = &*expanded;
    declare::declare(&mut cx, file);
    // Every later table has a row per player and per kind: refuse too many
    // before building any.
    if cx.players.len() > ir::ids::MAX_PLAYERS || cx.kinds.len() > ir::ids::MAX_KINDS {
        return (None, dedupe(std::mem::take(&mut cx.problems)));
    }
    board::build(&mut cx, file);
    let layout = layout::build(&mut cx, file);
    regions::build(&mut cx, file);
    let mut kinds = patterns::build(&mut cx, file);
    let appearance = appearance::build(&mut cx, file);
    let extras = promotions::build(&mut cx, file, kinds.as_mut().map(|(k, _)| k));
    let setup = turns::setup(&mut cx, file);
    let (triggers, trigger_at) = turns::triggers(&mut cx, file);
    let (mut no_kinds, mut no_rules) = (Vec::new(), Vec::new());
    let (kind_list, rule_list) = match kinds.as_mut() {
        Some((k, r)) => (k, r),
        None => (&mut no_kinds, &mut no_rules),
    };
    let (turn_list, order) = turns::turns(&mut cx, file, kind_list, rule_list);
    let end = ends::build(&mut cx, file);
    let tests = test_blocks::build(&mut cx, file);
    let position = position_format::build(&mut cx, file);
    let notation = notation_mode::build(&mut cx, file);
    // A name declared by an item that failed to parse is not "unknown": the
    // syntax error already explains it.
    cx.problems
        .retain(|p| !p.subject.as_ref().is_some_and(|s| file.broken_names.contains(s)));
    // Without players, every per-player name would be reported as unknown:
    // the missing `players` item says it all.
    if cx.players.len() == 0 {
        cx.problems.retain(|p| {
            p.code != "rules::compile::unknown_player" && p.code != "rules::compile::missing_player_value"
        });
    }
    let failed = cx.problems.iter().any(|p| p.severity == Severity::Error);
    if failed {
        return (None, dedupe(std::mem::take(&mut cx.problems)));
    }
    let (Some(topology), Some((kinds, rules))) = (cx.topology.take(), kinds) else {
        return (None, std::mem::take(&mut cx.problems));
    };
    let (dedupe_targets, may_duplicate) = patterns::duplicates(&topology, &kinds, &rules, cx.player_count());
    // Written by their ends, two ways through a rule are one move far more often.
    let may_duplicate = may_duplicate || notation == ir::NotationMode::Ends;
    let mut game = ir::Game {
        pool: extras.pool,
        flags: extras.flags,
        promotions: extras.promotions,
        title: cx.title.clone(),
        players: cx.players.names().map(String::from).collect(),
        options: cx.options.clone(),
        may_duplicate,
        dedupe_targets,
        notation,
        topology,
        kinds,
        rules,
        conds: std::mem::take(&mut cx.conds),
        counters: cx.counters.names().map(String::from).collect(),
        triggers,
        trigger_at,
        setup,
        turns: turn_list,
        order,
        end,
        in_place: extras.in_place,
        marks: cx.marks.names().map(String::from).collect(),
        adjacency: cx.adjacency.clone(),
        forbid: extras.forbid,
        shaping: cx.shaping.clone(),
        position,
        layout,
        appearance,
        transforms: std::mem::take(&mut cx.transforms),
        history: std::mem::take(&mut cx.history),
        tests,
        sources: ir::Sources::default(),
    };
    game.sources = sources::finish(&mut cx, &game);
    if game.draws_lines() && line_count(&game.topology) > crate::engine::MAX_LINES {
        let span = file.items.iter().find_map(|i| match i {
            ast::Item::Board(b) => Some(b.span),
            _ => None,
        });
        cx.report(error::out_of_range(
            "the number of lines of a board whose lines are drawn",
            span.unwrap_or_default(),
            &format!("at most {}", crate::engine::MAX_LINES),
        ));
        return (None, dedupe(std::mem::take(&mut cx.problems)));
    }
    if !cx.partial {
        warnings::game(&mut cx, &game);
    }
    (Some(game), dedupe(std::mem::take(&mut cx.problems)))
}

/// The lines of a board: the pairs of board cells that a link joins.
fn line_count(topo: &Topology) -> usize {
    let dirs = topo.dir_names.len();
    let mut pairs = std::collections::HashSet::new();
    for c in 0..topo.board_cells {
        for d in 0..dirs {
            let n = topo.neighbour[c * dirs + d];
            if n.is_some() && n.index() < topo.board_cells && n.index() != c {
                pairs.insert((c.min(n.index()), c.max(n.index())));
            }
        }
    }
    pairs.len()
}

/// The help for a direction that is neither a direction of the board nor a
/// declared set: the known ones, and how to declare `name` as a set.
fn direction_help(topo: &Topology, sets: &Names, players: &Names, name: &str) -> String {
    let dirs = topo.dir_names.join(", ");
    let sets: Vec<&str> = sets.names().collect();
    let known = if sets.is_empty() {
        format!("the board's directions are {dirs}")
    } else {
        format!(
            "the board's directions are {dirs}, and the sets {}",
            sets.join(", ")
        )
    };
    // Two directions for the example: opposite ones where the board has them.
    let has = |d: &str| topo.dir_names.iter().any(|n| n == d);
    let (first, last) = if has("n") && has("s") {
        ("n", "s")
    } else {
        let first = topo.dir_names.first().map_or("n", String::as_str);
        (first, topo.dir_names.get(1).map_or(first, String::as_str))
    };
    let example = match players.names().collect::<Vec<_>>().as_slice() {
        [a, b, ..] => format!("directions {name} = {a}: {first}; {b}: {last}"),
        _ => format!("directions {name} = {first}, {last}"),
    };
    format!("{known}; to give a set of them this name, declare it: `{example}`")
}

/// A rule repeated for each player (`for P in players:`) reports each of its
/// problems once.
fn dedupe(mut problems: Vec<Problem>) -> Vec<Problem> {
    let mut seen = std::collections::HashSet::new();
    problems.retain(|p| seen.insert((p.code, p.span.start, p.span.end, p.message.clone())));
    problems
}

/// Shared state of the passes: name tables, the board once built, and the problems found.
#[derive(Default)]
pub(crate) struct Ctx {
    pub problems: Vec<Problem>,
    /// Whether the expression being lowered has a line to read
    /// (`count(cells … along line)`): the distance of a walk.
    pub along_line: bool,
    pub title: String,
    pub players: Names,
    pub option_names: Names,
    pub options: Vec<ir::OptionInfo>,
    pub kinds: Names,
    pub counters: Names,
    pub turn_names: Names,
    /// Direction set names declared with `directions`.
    pub dir_sets: Names,
    /// `dir_set_values[set][player]`.
    pub dir_set_values: Vec<Vec<Vec<DirId>>>,
    pub region_names: Names,
    /// Every compiled cell condition, by `CondId`.
    pub conds: Vec<ir::Cond>,
    /// The declared owner of each kind (and where), for checking setups.
    pub kind_owners: Vec<Option<(ir::PlayerId, crate::diag::Span)>>,
    /// Piece letters seen so far, with where.
    pub letters: Vec<(String, crate::diag::Span)>,
    /// Options read by some expression.
    pub used_options: std::collections::HashSet<usize>,
    /// Flag names, by flag index.
    pub flags: Names,
    /// `move_rules[kind]`: (move name, global rule index) of each declared
    /// rule; no index for a rule that failed to compile (already reported),
    /// so that naming it in a turn is no new error.
    pub move_rules: Vec<Vec<(String, Option<usize>)>>,
    /// The board, once built (None when it failed or is missing).
    pub topology: Option<Topology>,
    pub cell_ids: HashMap<String, CellId>,
    /// Names of the coordinates of a board cell (`file`, `rank`; or a graph's variables).
    pub cell_vars: Vec<String>,
    /// The coordinate values of each board cell.
    pub cell_values: Vec<Vec<i64>>,
    /// Coordinate labels usable as constants (`d` for ring d).
    pub coord_consts: Vec<(String, i64)>,
    /// A description of the board for "cell outside the board" help.
    pub board_desc: String,
    /// The board is too large to play and was built only so that names can
    /// be checked against it: no move tables are made for it.
    pub board_placeholder: bool,
    /// The file had syntax errors: items may be missing because they did not parse.
    pub partial: bool,
    /// Mark set names (`mark passed`).
    pub marks: Names,
    /// Named cell conditions (`condition hostile: …`), with their conditions.
    pub condition_names: Names,
    pub condition_defs: Vec<crate::syntax::ast::Cond>,
    /// The named conditions being lowered, innermost last (a cycle is an error).
    pub conditions_open: Vec<String>,
    /// The directions of groups (`adjacency`; empty: all of the board's).
    pub adjacency: Vec<DirId>,
    /// `name=value` option values the game is compiled with (the board may depend on them).
    pub overrides: Vec<(String, String)>,
    /// The value of each option, defaults with the overrides applied.
    pub option_values: Vec<i64>,
    /// Options whose value shaped the board, with that value.
    pub shaping: Vec<(usize, i64)>,
    /// The board is a grid (`board grid …`): blocks of it can be turned.
    pub grid: bool,
    /// The turns of blocks of cells the rules make, by index (`rotate`, `reflect`).
    pub transforms: Vec<ir::Transform>,
    /// The facts about the last move the expressions read, by index.
    pub history: Vec<ir::Fact>,
    /// Where the rules, turns and legality rules compiled so far are written.
    pub sources: ir::Sources,
}

impl Ctx {
    /// Records a problem.
    pub fn report(&mut self, problem: Problem) {
        self.problems.push(problem);
    }

    /// Records the error of a failed resolution and turns it into an `Option`.
    pub fn ok<T>(&mut self, result: Result<T, Problem>) -> Option<T> {
        match result {
            Ok(v) => Some(v),
            Err(p) => {
                self.problems.push(p);
                None
            }
        }
    }

    /// The board, when it can be played on (not a placeholder for checking names).
    pub fn playable_board(&self) -> Option<&Topology> {
        self.topology.as_ref().filter(|_| !self.board_placeholder)
    }

    /// Number of players.
    pub fn player_count(&self) -> usize {
        self.players.len().max(1)
    }

    /// Resolves a direction reference (directions and direction sets) into the
    /// directions of each player. `None` after reporting when a name is unknown.
    pub fn resolve_dirs(&mut self, dirs: &ast::DirRef) -> Option<Vec<Vec<DirId>>> {
        let topo = self.topology.as_ref()?;
        let players = self.player_count();
        let mut out = vec![Vec::new(); players];
        let mut ok = true;
        for ident in dirs {
            if let Some(d) = topo.dir_names.iter().position(|n| *n == ident.text) {
                for per in out.iter_mut() {
                    per.push(DirId(d as u8));
                }
            } else if let Some(set) = self.dir_sets.lookup(&ident.text) {
                if let Some(values) = self.dir_set_values.get(set) {
                    for (per, v) in out.iter_mut().zip(values) {
                        per.extend(v.iter().copied());
                    }
                } else {
                    let p = error::invalid(
                        "rules::compile::direction_order",
                        format!("direction set `{}` is used before it is defined", ident.text),
                        ident.span,
                        "defined further down",
                    )
                    .with_label(self.dir_sets.span(set), "defined here")
                    .with_help("define direction sets before the sets that use them");
                    self.problems.push(p);
                    ok = false;
                }
            } else {
                let candidates: Vec<&str> = topo
                    .dir_names
                    .iter()
                    .map(String::as_str)
                    .chain(self.dir_sets.names())
                    .collect();
                let mut p = error::unknown(error::NameKind::Direction, &ident.text, ident.span, candidates);
                if p.help.as_deref().is_none_or(|h| !h.starts_with("did you mean")) {
                    p = p.with_help(direction_help(topo, &self.dir_sets, &self.players, &ident.text));
                }
                self.problems.push(p);
                ok = false;
            }
        }
        for per in out.iter_mut() {
            per.sort();
            per.dedup();
        }
        ok.then_some(out)
    }

    /// Every direction of the board, for every player.
    pub fn all_dirs(&self) -> Option<Vec<Vec<DirId>>> {
        let topo = self.topology.as_ref()?;
        let all: Vec<DirId> = (0..topo.dir_names.len()).map(|d| DirId(d as u8)).collect();
        Some(vec![all; self.player_count()])
    }

    /// The directions of groups, for every player.
    pub fn adjacency_dirs(&self) -> Option<Vec<Vec<DirId>>> {
        if self.adjacency.is_empty() {
            return self.all_dirs();
        }
        Some(vec![self.adjacency.clone(); self.player_count()])
    }

    /// The region holding just the cell `name` (made on first use).
    pub fn cell_region(&mut self, name: &str) -> usize {
        let players = self.player_count();
        let cell = self.cell_ids[name];
        let topo = self.topology.as_mut().expect("cells exist only with a board");
        if let Some(r) = topo.regions.iter().position(|r| r.name == name) {
            return r;
        }
        let mut member = vec![false; topo.cells()];
        member[cell.index()] = true;
        topo.regions.push(ir::Region {
            name: name.to_string(),
            member: vec![member; players],
        });
        topo.regions.len() - 1
    }

    /// Resolves a cell name; reports a cell outside the board.
    pub fn resolve_cell(&mut self, ident: &ast::Ident) -> Option<CellId> {
        self.topology.as_ref()?;
        match self.cell_ids.get(&ident.text) {
            Some(c) => Some(*c),
            None => {
                let p = error::cell_outside_board(&ident.text, ident.span, &self.board_desc);
                self.problems.push(p);
                None
            }
        }
    }
}
