//! Pass 4: pieces and their movement patterns, with per-cell target tables
//! precomputed from the board (steps, leaps, jumps, slide rays).

use super::error::{self, NameKind};
use super::program::Builder;
use super::{Ctx, conds};
use crate::ir::{
    self, CaptureTo, CellId, CellTable, Cond, CondId, DirId, JumpCapture, KindInfo, MoveRule, Op, PieceKind,
    PlayerId, Topology,
};
use crate::syntax::ast::{CaptureDest, Item, JumpOption, PathStep, Pattern, PieceDecl, RulesFile};

/// Compiles every piece kind; `None` when the board is missing.
pub(super) fn build(cx: &mut Ctx, file: &RulesFile) -> Option<(Vec<KindInfo>, Vec<MoveRule>)> {
    let mut kinds = Vec::new();
    let mut rules = Vec::new();
    for item in &file.items {
        let Item::Piece(decl) = item else { continue };
        if cx.kinds.get(&decl.name.text) != Some(kinds.len()) {
            continue; // a repeated declaration, already reported
        }
        let kind = PieceKind(kinds.len() as u8);
        let info = piece(cx, decl, kind, &mut rules);
        kinds.push(info);
    }
    let mut captured_seen: Vec<(String, crate::diag::Span)> = Vec::new();
    for item in &file.items {
        let Item::Captured(decl) = item else { continue };
        if let Some((_, first)) = captured_seen.iter().find(|(k, _)| *k == decl.kind.text) {
            cx.report(
                error::invalid(
                    "rules::compile::duplicate",
                    format!("where captured `{}` pieces go is said twice", decl.kind.text),
                    decl.span,
                    "said again here",
                )
                .with_label(*first, "first said here"),
            );
            continue;
        }
        captured_seen.push((decl.kind.text.clone(), decl.span));
        let k = cx.kinds.resolve(NameKind::Piece, &decl.kind);
        let unless = decl.unless.as_ref().and_then(|f| {
            let f = cx.flags.resolve(NameKind::Flag, f);
            cx.ok(f)
        });
        if let Some(k) = cx.ok(k)
            && let Some(info) = kinds.get_mut(k)
        {
            info.captured_to = match decl.to {
                CaptureDest::Out => CaptureTo::Out,
                CaptureDest::Reserve => CaptureTo::Reserve,
                CaptureDest::Pool => CaptureTo::Pool,
            };
            info.captured_unless = unless;
        }
    }
    cx.topology.as_ref()?;
    Some((kinds, rules))
}

fn piece(cx: &mut Ctx, decl: &PieceDecl, kind: PieceKind, rules: &mut Vec<MoveRule>) -> KindInfo {
    let owner = decl.owner.as_ref().and_then(|o| {
        let p = cx.players.resolve(NameKind::Player, o);
        cx.ok(p).map(|p| PlayerId(p as u8))
    });
    cx.kind_owners
        .push(owner.zip(decl.owner.as_ref().map(|o| o.span)));
    if let Some((_, span)) = cx.letters.iter().find(|(l, _)| *l == decl.letter.text) {
        let p = error::invalid(
            "rules::compile::duplicate_letter",
            format!("two pieces have the letter `{}`", decl.letter.text),
            decl.letter.span,
            "used again here",
        )
        .with_label(*span, "first used here")
        .with_help("drop notation (`N@b8`) names a piece by its letter: give each piece its own");
        cx.report(p);
    }
    cx.letters.push((decl.letter.text.clone(), decl.letter.span));
    let mut info = KindInfo {
        name: decl.name.text.clone(),
        letter: decl.letter.text.clone(),
        owner,
        rules: Vec::new(),
        captured_to: CaptureTo::Out,
        captured_unless: None,
        royal: false,
        neutral: false,
        supply: false,
        tracks_moved: false,
        drops: Vec::new(),
        captured_as: None,
    };
    let mut names = super::scope::Names::default();
    let mut named = Vec::new();
    for mv in &decl.moves {
        let declared = names.declare(NameKind::Move, &mv.name);
        if cx.ok(declared).is_none() {
            continue;
        }
        if let Some(rule) = move_rule(cx, &mv.name.text, &mv.pattern, kind, mv.span) {
            named.push((mv.name.text.clone(), rules.len()));
            info.rules.push(rules.len());
            rules.push(rule);
        }
    }
    cx.move_rules.push(named);
    info
}

fn move_rule(
    cx: &mut Ctx,
    name: &str,
    pattern: &Pattern,
    kind: PieceKind,
    span: crate::diag::Span,
) -> Option<MoveRule> {
    let players = cx.player_count();
    let (pattern, target, program) = match pattern {
        Pattern::Step { dirs, target } => {
            let dirs = cx.resolve_dirs(dirs);
            let target = conds::lower_id(cx, target);
            let topo = cx.topology.as_ref()?;
            let (dirs, target) = (dirs?, target?);
            let targets = table(topo, players, |p, c| {
                dirs[p]
                    .iter()
                    .map(|d| topo.step(c, *d))
                    .filter(|t| t.is_some())
                    .collect()
            });
            let mut b = moving();
            b.op(Op::Go(dirs));
            b.op(Op::If(target));
            land(&mut b);
            (ir::Pattern::Hop { targets }, target, b.finish())
        }
        Pattern::Slide { dirs, target } => {
            let dirs = cx.resolve_dirs(dirs);
            let target = conds::lower_id(cx, target);
            let topo = cx.topology.as_ref()?;
            let (dirs, target) = (dirs?, target?);
            let lines = slide_table(topo, players, &dirs);
            let pass = conds::intern(cx, Cond::And(Box::new(Cond::Empty), Box::new(not(Cond::Origin))));
            let end = conds::and(cx, target, not(Cond::Origin));
            let mut b = moving();
            b.op(Op::Go(dirs));
            b.star(|b| {
                b.op(Op::If(pass));
                b.op(Op::GoSame);
            });
            b.op(Op::If(end));
            land(&mut b);
            (ir::Pattern::Slide { lines }, target, b.finish())
        }
        Pattern::Leap { path, target } => {
            let steps = leap_path(cx, path);
            let target = conds::lower_id(cx, target);
            let topo = cx.topology.as_ref()?;
            let (steps, target) = (steps?, target?);
            let targets = table(topo, players, |p, c| leap_targets(topo, &steps, p, c));
            let end = conds::and(cx, target, not(Cond::Origin));
            let mut b = moving();
            for step in steps {
                b.op(match step {
                    LeapStep::Dirs(d) => Op::Go(d),
                    LeapStep::Same => Op::GoSame,
                    LeapStep::Perpendicular => Op::GoPerpendicular,
                });
            }
            b.op(Op::If(end));
            land(&mut b);
            (ir::Pattern::Hop { targets }, target, b.finish())
        }
        Pattern::Jump {
            dirs,
            over,
            target,
            options,
        } => {
            let dirs = cx.resolve_dirs(dirs);
            let over = conds::lower_id(cx, over);
            let target = conds::lower_id(cx, target);
            let has = |o: JumpOption| options.iter().any(|(x, _)| *x == o);
            let capturing = if has(JumpOption::Capturing) {
                JumpCapture::Now
            } else {
                JumpCapture::No
            };
            let repeat = has(JumpOption::Repeat);
            let each_once = has(JumpOption::EachPieceOnce);
            if repeat && capturing == JumpCapture::No && !each_once {
                cx.report(
                    error::invalid(
                        "rules::compile::unbounded_chain",
                        "this jump chain could go on for ever",
                        span,
                        "a repeated jump needs a limit",
                    )
                    .with_help("add `capturing` (jumped pieces leave) or `each piece jumped once`"),
                );
                return None;
            }
            let topo = cx.topology.as_ref()?;
            let (dirs, over, target) = (dirs?, over?, target?);
            let hops = jump_table(topo, players, &dirs);
            let jump = Jump {
                dirs: dirs.clone(),
                over,
                target,
                capturing,
                long: false,
                repeat,
                each_once,
                not_ending_at_start: has(JumpOption::NotEndingAtStart),
                must_continue: false,
            };
            let program = jump_program(cx, &jump);
            (
                ir::Pattern::Jump {
                    hops,
                    lines: ir::SlideTable::default(),
                    over,
                    capturing,
                    long: jump.long,
                    repeat,
                    each_once,
                    not_ending_at_start: jump.not_ending_at_start,
                    must_continue: jump.must_continue,
                },
                target,
                program,
            )
        }
    };
    Some(MoveRule {
        name: name.to_string(),
        kind,
        drop: false,
        pattern,
        target,
        program,
    })
}

/// `not c`.
fn not(c: Cond) -> Cond {
    Cond::Not(Box::new(c))
}

/// A movement rule's program so far: the piece is lifted at the start (the
/// sugar forms test nothing on the start cell).
fn moving() -> Builder {
    let mut b = Builder::default();
    b.op(Op::Lift);
    b
}

/// The end of a landing pattern: the piece lands, a promotion on capture or in
/// place may follow.
fn land(b: &mut Builder) {
    b.op(Op::Land);
    b.op(Op::PromoteOnCapture);
    b.op(Op::Promote);
}

/// A jump rule with its options.
struct Jump {
    dirs: Vec<Vec<DirId>>,
    over: CondId,
    target: CondId,
    capturing: JumpCapture,
    long: bool,
    repeat: bool,
    each_once: bool,
    not_ending_at_start: bool,
    must_continue: bool,
}

/// The core program of a jump: its hops, repeated, with its options.
fn jump_program(cx: &mut Ctx, jump: &Jump) -> ir::Program {
    let over_extra = if jump.long {
        Cond::And(Box::new(Cond::Occupied), Box::new(not(Cond::Exit)))
    } else {
        not(Cond::Exit)
    };
    let over = conds::and(cx, jump.over, over_extra);
    let empty = conds::intern(cx, Cond::Empty);
    let not_start = conds::intern(cx, not(Cond::Origin));
    let hop = |b: &mut Builder| {
        b.op(Op::Go(jump.dirs.clone()));
        if jump.long {
            b.star(|b| {
                b.op(Op::If(empty));
                b.op(Op::GoSame);
            });
        }
        b.op(Op::If(over));
        if jump.each_once || jump.capturing == JumpCapture::AtEnd {
            b.op(Op::NotJumped);
        }
        match jump.capturing {
            JumpCapture::No => {}
            JumpCapture::Now => b.op(Op::Capture),
            JumpCapture::AtEnd => b.op(Op::CaptureAtEnd),
        }
        b.op(Op::Jumped);
        b.op(Op::GoSame);
        if jump.long {
            b.star(|b| {
                b.op(Op::If(empty));
                b.op(Op::GoSame);
            });
        }
        b.op(Op::If(jump.target));
        b.op(Op::Land);
    };
    let mut b = moving();
    hop(&mut b);
    if jump.repeat {
        b.star(|b| {
            b.op(Op::NotStopped);
            hop(b);
        });
    }
    if jump.must_continue {
        b.look(true, |b| {
            b.op(Op::NotStopped);
            hop(b);
        });
    }
    if jump.not_ending_at_start {
        b.op(Op::If(not_start));
    }
    b.op(Op::Promote);
    b.finish()
}

/// Per (player, cell), the (jumped, landing) pairs of a short jump.
fn jump_table(topo: &Topology, players: usize, dirs: &[Vec<DirId>]) -> CellTable {
    table(topo, players, |p, c| {
        let mut out = Vec::new();
        for d in &dirs[p] {
            let mid = topo.step(c, *d);
            if !mid.is_some() || topo.is_exit(mid) {
                continue;
            }
            for d2 in topo.continue_dirs(c, *d) {
                let land = topo.step(mid, d2);
                if land.is_some() {
                    out.push(mid);
                    out.push(land);
                }
            }
        }
        out
    })
}

/// Per (player, cell), the lines along `dirs` as flattened trees.
fn slide_table(topo: &Topology, players: usize, dirs: &[Vec<DirId>]) -> ir::SlideTable {
    let mut lines = ir::SlideTable::default();
    for player_dirs in dirs.iter().take(players) {
        for c in 0..topo.cells() {
            lines.start.push(lines.nodes.len() as u32);
            if c < topo.board_cells {
                let from = CellId(c as u16);
                for d in player_dirs {
                    slide_tree(topo, from, from, *d, 0, &mut lines.nodes);
                }
            }
        }
    }
    lines.start.push(lines.nodes.len() as u32);
    lines
}

/// A compiled leap path step.
enum LeapStep {
    Dirs(Vec<Vec<DirId>>),
    Same,
    Perpendicular,
}

fn leap_path(cx: &mut Ctx, path: &[PathStep]) -> Option<Vec<LeapStep>> {
    let mut out = Vec::new();
    for (i, step) in path.iter().enumerate() {
        match step {
            PathStep::Dirs(d) => out.push(LeapStep::Dirs(cx.resolve_dirs(d)?)),
            PathStep::Same(span) | PathStep::Perpendicular(span) if i == 0 => {
                cx.report(
                    error::invalid(
                        "rules::compile::bad_leap",
                        "a leap must start with a direction",
                        *span,
                        "there is no current direction yet",
                    )
                    .with_help("start with a direction or set, e.g. `leap orthogonal, same, perpendicular`"),
                );
                return None;
            }
            PathStep::Same(_) => out.push(LeapStep::Same),
            PathStep::Perpendicular(_) => out.push(LeapStep::Perpendicular),
        }
    }
    Some(out)
}

fn leap_targets(topo: &Topology, steps: &[LeapStep], player: usize, from: CellId) -> Vec<CellId> {
    // States: a cell reached and the direction the line goes on in from there.
    let mut states: Vec<(CellId, DirId)> = vec![(from, DirId(0))];
    for step in steps {
        let mut next = Vec::new();
        for (cell, dir) in &states {
            let dirs: Vec<DirId> = match step {
                LeapStep::Dirs(d) => d[player].clone(),
                LeapStep::Same => vec![*dir],
                LeapStep::Perpendicular => topo.perpendicular[dir.0 as usize].clone(),
            };
            for d in dirs {
                let to = topo.step(*cell, d);
                if to.is_some() {
                    next.extend(topo.continue_dirs(*cell, d).map(|d2| (to, d2)));
                }
            }
        }
        states = next;
    }
    let mut cells: Vec<CellId> = states
        .into_iter()
        .map(|(c, _)| c)
        .filter(|c| *c != from)
        .collect();
    cells.sort();
    cells.dedup();
    cells
}

/// Appends the slide tree from `at` in `dir` (depth first). A line ends at an
/// exit cell, before it would come back to `origin`, or where the board ends.
fn slide_tree(
    topo: &Topology,
    origin: CellId,
    at: CellId,
    dir: DirId,
    depth: usize,
    nodes: &mut Vec<(CellId, u32)>,
) {
    let next = topo.step(at, dir);
    if !next.is_some() || next == origin || depth >= topo.cells() {
        return;
    }
    let index = nodes.len();
    nodes.push((next, 0));
    if !topo.is_exit(next) {
        for d in topo.continue_dirs(at, dir) {
            slide_tree(topo, origin, next, d, depth + 1, nodes);
        }
    }
    nodes[index].1 = nodes.len() as u32;
}

/// Whether one piece can reach one cell in two ways (two rules, two lines, or
/// a line that branches and meets itself): (for steps, leaps and slides — the
/// generator then drops repeated targets; for a kind with jumps — move lists
/// are then sorted and deduplicated).
pub(super) fn duplicates(
    topo: &Topology,
    kinds: &[KindInfo],
    rules: &[MoveRule],
    players: usize,
) -> (bool, bool) {
    let (mut steps, mut jumps) = (false, false);
    let cells = topo.cells();
    let mut seen = vec![0u32; cells];
    let mut stamp = 0u32;
    for kind in kinds {
        for p in 0..players {
            let player = PlayerId(p as u8);
            for c in 0..topo.board_cells {
                let from = CellId(c as u16);
                stamp += 1;
                for &r in &kind.rules {
                    let reached: Vec<CellId> = match &rules[r].pattern {
                        ir::Pattern::Hop { targets } => targets.get(player, from, cells).to_vec(),
                        ir::Pattern::Slide { lines } => lines.nodes[lines.range(player, from, cells)]
                            .iter()
                            .map(|(c, _)| *c)
                            .collect(),
                        ir::Pattern::Jump {
                            hops, lines, long, ..
                        } => {
                            if *long {
                                lines.nodes[lines.range(player, from, cells)]
                                    .iter()
                                    .map(|(c, _)| *c)
                                    .collect()
                            } else {
                                hops.get(player, from, cells)
                                    .chunks_exact(2)
                                    .map(|h| h[1])
                                    .collect()
                            }
                        }
                        ir::Pattern::Drop | ir::Pattern::Core => Vec::new(),
                    };
                    for cell in reached {
                        if seen[cell.index()] == stamp {
                            let has_jump = kind
                                .rules
                                .iter()
                                .any(|r| matches!(rules[*r].pattern, ir::Pattern::Jump { .. }));
                            steps = true;
                            jumps |= has_jump;
                        }
                        seen[cell.index()] = stamp;
                    }
                }
            }
        }
    }
    (steps, jumps)
}

/// Builds a per-(player, cell) table from a function of both.
fn table(topo: &Topology, players: usize, mut f: impl FnMut(usize, CellId) -> Vec<CellId>) -> CellTable {
    let cells = topo.cells();
    let mut t = CellTable::default();
    for p in 0..players {
        for c in 0..cells {
            t.start.push(t.data.len() as u32);
            if c < topo.board_cells {
                t.data.extend(f(p, CellId(c as u16)));
            }
        }
    }
    t.start.push(t.data.len() as u32);
    t
}
