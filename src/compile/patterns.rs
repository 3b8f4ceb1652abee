//! Pass 4: pieces and their movement patterns, with per-cell target tables
//! precomputed from the board (steps, leaps, jumps, slide rays).

use super::error::{self, NameKind};
use super::program::Builder;
use super::{Ctx, clauses, conds, sources};
use crate::diag::Span;
use crate::ir::{
    self, CaptureTo, CellId, CellTable, Cond, CondId, DirId, JumpCapture, KindInfo, MoveRule, Op, PieceKind,
    PlayerId, Topology,
};
use crate::syntax::ast::{CaptureDest, Item, MoveDecl, PathStep, Pattern, PieceDecl, RulesFile};

/// Compiles every piece kind; `None` when the board is missing.
pub(super) fn build(cx: &mut Ctx, file: &RulesFile) -> Option<(Vec<KindInfo>, Vec<MoveRule>)> {
    cx.adjacency = adjacency(cx, file);
    let decls: Vec<&PieceDecl> = file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Piece(d) => Some(d),
            _ => None,
        })
        .collect();
    let mut kinds = Vec::new();
    let mut rules = Vec::new();
    for decl in &decls {
        if cx.kinds.get(&decl.name.text) != Some(kinds.len()) {
            continue; // a repeated declaration, already reported
        }
        let kind = PieceKind(kinds.len() as u8);
        let info = piece(cx, decl, &decls, kind, &mut rules);
        kinds.push(info);
    }
    captured(cx, file, &mut kinds);
    for item in &file.items {
        let Item::Supply(names) = item else { continue };
        for n in names {
            let k = cx.kinds.resolve(NameKind::Piece, n);
            if let Some(k) = cx.ok(k)
                && let Some(info) = kinds.get_mut(k)
            {
                info.supply = true;
            }
        }
    }
    cx.topology.as_ref()?;
    mark_moved_kinds(cx, &mut kinds, &rules);
    Some((kinds, rules))
}

/// `adjacency DIRS`: the directions groups follow (all of them by default).
fn adjacency(cx: &mut Ctx, file: &RulesFile) -> Vec<DirId> {
    for item in &file.items {
        if let Item::Adjacency(dirs) = item
            && let Some(d) = cx.resolve_dirs(dirs)
        {
            return d.into_iter().next().unwrap_or_default();
        }
    }
    Vec::new()
}

/// `captured Kind, … to reserve|out|pool|captor [as Kind] [unless flag]`.
fn captured(cx: &mut Ctx, file: &RulesFile, kinds: &mut [KindInfo]) {
    let mut seen: Vec<(String, crate::diag::Span)> = Vec::new();
    for item in &file.items {
        let Item::Captured(decl) = item else { continue };
        let unless = decl.unless.as_ref().and_then(|f| {
            let f = cx.flags.resolve(NameKind::Flag, f);
            cx.ok(f)
        });
        let as_kind = decl.as_kind.as_ref().and_then(|k| {
            let k = cx.kinds.resolve(NameKind::Piece, k);
            cx.ok(k).map(|k| PieceKind(k as u8))
        });
        for name in &decl.kinds {
            let k = cx.kinds.resolve(NameKind::Piece, name);
            let k = cx.ok(k);
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == name.text) {
                cx.report(
                    error::invalid(
                        "rules::compile::duplicate",
                        format!("where captured `{}` pieces go is said twice", name.text),
                        decl.span,
                        "said again here",
                    )
                    .with_label(*first, "first said here"),
                );
                continue;
            }
            seen.push((name.text.clone(), decl.span));
            if let Some(k) = k
                && let Some(info) = kinds.get_mut(k)
            {
                info.captured_to = match decl.to {
                    CaptureDest::Out => CaptureTo::Out,
                    CaptureDest::Reserve => CaptureTo::Reserve,
                    CaptureDest::Pool => CaptureTo::Pool,
                    CaptureDest::Captor => CaptureTo::Captor,
                };
                info.captured_unless = unless;
                info.captured_as = as_kind;
            }
        }
    }
}

/// Kinds whose pieces some condition asks "has it moved?" of: the kind of a
/// rule that asks on its start cell, the kinds a condition names with it, or
/// every kind when a condition names none.
fn mark_moved_kinds(cx: &Ctx, kinds: &mut [KindInfo], rules: &[MoveRule]) {
    let mut all = false;
    for rule in rules {
        let mut at_start = true;
        for op in &rule.program.ops {
            match op {
                Op::If(c) | Op::AnywhereIf(c) => {
                    let cond = &cx.conds[c.0 as usize];
                    if cond.reads_moved() {
                        match cond.required_kinds() {
                            Some(ks) => ks.iter().for_each(|k| kinds[k.index()].tracks_moved = true),
                            None if at_start && !rule.drop => kinds[rule.kind.index()].tracks_moved = true,
                            None => all = true,
                        }
                    }
                }
                Op::Lift
                | Op::Go(_)
                | Op::Walk(_)
                | Op::Anywhere
                | Op::GoSame
                | Op::GoPerpendicular
                | Op::GoBack => at_start = false,
                _ => {}
            }
        }
    }
    if all {
        kinds.iter_mut().for_each(|k| k.tracks_moved = true);
    }
}

/// One `piece` item (docs/LANGUAGE.md, 4.8): its owner, header checks and
/// kind, then its movement rules (borrowed ones first) and its drops.
fn piece(
    cx: &mut Ctx,
    decl: &PieceDecl,
    decls: &[&PieceDecl],
    kind: PieceKind,
    rules: &mut Vec<MoveRule>,
) -> KindInfo {
    let owner = owner(cx, decl);
    check_header(cx, decl);
    let mut info = kind_info(decl, owner);
    let mut moves = borrowed_moves(cx, decl, decls);
    moves.extend(&decl.moves);
    let named = move_rules(cx, &moves, kind, rules, &mut info);
    drop_rules(cx, decl, kind, rules, &mut info);
    cx.move_rules.push(named);
    info
}

/// The player owning a piece's kind, if it names one, kept with where it is
/// named.
fn owner(cx: &mut Ctx, decl: &PieceDecl) -> Option<PlayerId> {
    let owner = decl.owner.as_ref().and_then(|o| {
        let p = cx.players.resolve(NameKind::Player, o);
        cx.ok(p).map(|p| PlayerId(p as u8))
    });
    cx.kind_owners
        .push(owner.zip(decl.owner.as_ref().map(|o| o.span)));
    owner
}

/// The checks of a piece's header: a letter another piece has, `neutral`
/// with an owner, a word said twice.
fn check_header(cx: &mut Ctx, decl: &PieceDecl) {
    // A piece whose header failed to parse has no letter (the syntax error says so).
    let lettered = !decl.letter.text.is_empty();
    let letter = decl.letter.text.to_ascii_uppercase();
    if lettered && let Some((_, span)) = cx.letters.iter().find(|(l, _)| l.to_ascii_uppercase() == letter) {
        let p = error::invalid(
            "rules::compile::duplicate_letter",
            format!("two pieces have the letter `{}`", decl.letter.text),
            decl.letter.span,
            "used again here",
        )
        .with_label(*span, "first used here")
        .with_help(
            "drop notation (`N@b8`) and positions name a piece by its letter: give each piece its own",
        );
        cx.report(p);
    }
    cx.letters.push((decl.letter.text.clone(), decl.letter.span));
    if let (Some(n), Some(o)) = (decl.neutral, &decl.owner) {
        cx.report(
            error::invalid(
                "rules::compile::neutral_owner",
                format!(
                    "`{}` cannot both belong to nobody and to `{}`",
                    decl.name.text, o.text
                ),
                n,
                "neutral here",
            )
            .with_label(o.span, "owner here"),
        );
    }
    for span in &decl.repeated {
        cx.report(error::invalid(
            "rules::compile::duplicate",
            format!("piece `{}` says this twice", decl.name.text),
            *span,
            "said again here",
        ));
    }
}

/// A kind as its header declares it, before its rules, drops and what
/// later items add.
fn kind_info(decl: &PieceDecl, owner: Option<PlayerId>) -> KindInfo {
    KindInfo {
        name: decl.name.text.clone(),
        plural: decl
            .plural
            .as_ref()
            .map_or_else(|| plural_of(&decl.name.text), |p| p.text.clone()),
        letter: decl.letter.text.clone(),
        owner,
        rules: Vec::new(),
        captured_to: CaptureTo::Out,
        captured_unless: None,
        royal: false,
        neutral: decl.neutral.is_some(),
        supply: false,
        tracks_moved: false,
        drops: Vec::new(),
        captured_as: None,
    }
}

/// `like K`: K's movement rules, which come before the piece's own; none
/// (after reporting) when K is unknown or itself `like` another.
fn borrowed_moves<'a>(cx: &mut Ctx, decl: &PieceDecl, decls: &[&'a PieceDecl]) -> Vec<&'a MoveDecl> {
    let mut moves = Vec::new();
    let Some(like) = &decl.like else {
        return moves;
    };
    match decls.iter().find(|d| d.name.text == like.text) {
        Some(other) if other.like.is_none() => moves.extend(&other.moves),
        Some(_) => cx.report(
            error::invalid(
                "rules::compile::like_chain",
                format!("`{}` is itself declared `like` another piece", like.text),
                like.span,
                "moves would be borrowed twice over",
            )
            .with_help("name the piece whose own rules you want"),
        ),
        None => {
            let p = error::unknown(
                NameKind::Piece,
                &like.text,
                like.span,
                decls.iter().map(|d| d.name.text.as_str()),
            );
            cx.report(p);
        }
    }
    moves
}

/// The movement rules of a kind, added to `rules` and to the kind's; each
/// name comes back with its rule (`None` when it did not compile).
fn move_rules(
    cx: &mut Ctx,
    moves: &[&MoveDecl],
    kind: PieceKind,
    rules: &mut Vec<MoveRule>,
    info: &mut KindInfo,
) -> Vec<(String, Option<usize>)> {
    let mut names = super::scope::Names::default();
    let mut named = Vec::new();
    for mv in moves {
        let declared = names.declare(NameKind::Move, &mv.name);
        let rule = clauses::move_rule(cx, &mv.name.text, &mv.clauses, kind, mv.span);
        // A repeated name is reported; its rule is still checked above.
        if cx.ok(declared).is_none() {
            continue;
        }
        match rule {
            Some(rule) => {
                let r = sources::add_rule(cx, rules, rule);
                named.push((mv.name.text.clone(), Some(r)));
                info.rules.push(r);
            }
            None => named.push((mv.name.text.clone(), None)),
        }
    }
    named
}

/// The drop rules of a kind (`drop [NAME]: onto COND, …`), added to `rules`
/// and to the kind's.
fn drop_rules(
    cx: &mut Ctx,
    decl: &PieceDecl,
    kind: PieceKind,
    rules: &mut Vec<MoveRule>,
    info: &mut KindInfo,
) {
    for d in &decl.drops {
        let target = conds::lower_id(cx, &d.target);
        let name = d.name.as_ref().map_or("drop", |n| n.text.as_str());
        if let Some(t) = target
            && let Some(rule) = clauses::drop_rule(cx, name, (t, d.target.span()), &d.clauses, kind, d.span)
        {
            let r = sources::add_rule(cx, rules, rule);
            info.drops.push(r);
        }
    }
}

/// The English plural of a name, by the regular rules (`Stone` → `Stones`,
/// `Box` → `Boxes`, `Ally` → `Allies`); irregular ones are declared
/// (`plural Men`).
fn plural_of(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let consonant_y = lower.ends_with('y')
        && lower
            .chars()
            .rev()
            .nth(1)
            .is_some_and(|c| c.is_ascii_alphabetic() && !"aeiou".contains(c));
    if consonant_y {
        format!("{}ies", &name[..name.len() - 1])
    } else if ["s", "x", "z", "ch", "sh"].iter().any(|e| lower.ends_with(e)) {
        format!("{name}es")
    } else {
        format!("{name}s")
    }
}

/// The fast form of a rule that is one plain pattern, with its landing condition.
pub(super) fn fast_form(
    cx: &mut Ctx,
    pattern: &Pattern,
    span: crate::diag::Span,
) -> Option<(ir::Pattern, CondId)> {
    let players = cx.player_count();
    match pattern {
        Pattern::Step {
            dirs: crate::syntax::ast::Step::Dirs(dirs),
            target,
        } => {
            let dirs = cx.resolve_dirs(dirs)?;
            let target = conds::lower_id(cx, target)?;
            let topo = cx.playable_board()?;
            let targets = table(topo, players, |p, c| {
                dirs[p]
                    .iter()
                    .map(|d| topo.step(c, *d))
                    .filter(|t| t.is_some())
                    .collect()
            });
            Some((ir::Pattern::Hop { targets }, target))
        }
        Pattern::Slide {
            dirs: crate::syntax::ast::Step::Dirs(dirs),
            distance: None,
            target,
        } => {
            let dirs = cx.resolve_dirs(dirs)?;
            let target = conds::lower_id(cx, target)?;
            let topo = cx.playable_board()?;
            Some((
                ir::Pattern::Slide {
                    lines: slide_table(topo, players, &dirs)?,
                },
                target,
            ))
        }
        Pattern::Leap { path, target } => {
            let steps = leap_path(cx, path)?;
            let target = conds::lower_id(cx, target)?;
            let topo = cx.playable_board()?;
            let targets = table(topo, players, |p, c| leap_targets(topo, &steps, p, c));
            Some((ir::Pattern::Hop { targets }, target))
        }
        Pattern::Jump {
            dirs,
            over,
            target,
            options,
        } => {
            let jump = clauses::jump_of(cx, dirs, over, target, options, span)?;
            let topo = cx.playable_board()?;
            let (hops, lines) = if jump.long {
                (CellTable::default(), slide_table(topo, players, &jump.dirs)?)
            } else {
                (jump_table(topo, players, &jump.dirs), ir::SlideTable::default())
            };
            Some((
                ir::Pattern::Jump {
                    hops,
                    lines,
                    over: jump.over,
                    capturing: jump.capturing,
                    long: jump.long,
                    repeat: jump.repeat,
                    each_once: jump.each_once,
                    not_ending_at_start: jump.not_ending_at_start,
                    must_continue: jump.must_continue,
                },
                jump.target,
            ))
        }
        Pattern::Step { .. } | Pattern::Slide { .. } | Pattern::Anywhere { .. } => None,
    }
}

/// `not c`.
fn not(c: Cond) -> Cond {
    Cond::Not(Box::new(c))
}

/// A jump rule with its options.
pub(super) struct Jump {
    pub dirs: Vec<Vec<DirId>>,
    pub over: CondId,
    pub target: CondId,
    pub capturing: JumpCapture,
    pub long: bool,
    pub repeat: bool,
    pub each_once: bool,
    pub not_ending_at_start: bool,
    pub must_continue: bool,
    /// Where its parts are written, for the spans of its ops.
    pub spans: JumpSpans,
}

/// Where the parts of a jump are written.
#[derive(Debug, Clone, Copy)]
pub(super) struct JumpSpans {
    pub dirs: Span,
    pub over: Span,
    pub target: Span,
    /// `each piece jumped once` (or `capturing at end`, which also keeps a
    /// piece from being jumped twice).
    pub each_once: Span,
    pub must_continue: Span,
    pub not_ending_at_start: Span,
}

/// The core clauses of a jump: its hops, repeated, with its options (the
/// action lifts the piece and promotes it).
pub(super) fn jump_ops(cx: &mut Ctx, b: &mut Builder, jump: &Jump, lands: bool) {
    let over_extra = if jump.long {
        Cond::And(Box::new(Cond::Occupied), Box::new(not(Cond::Exit)))
    } else {
        not(Cond::Exit)
    };
    let over = conds::and(cx, jump.over, over_extra);
    let empty = conds::intern(cx, Cond::Empty);
    let not_start = conds::intern(cx, not(Cond::Origin));
    let spans = jump.spans;
    // An op written at a part of the jump.
    let at = |b: &mut Builder, span: Span, op: Op| {
        let before = b.set_at(span);
        b.op(op);
        b.set_at(before);
    };
    let hop = |b: &mut Builder| {
        at(b, spans.dirs, Op::Go(jump.dirs.clone()));
        if jump.long {
            b.star(|b| {
                b.op(Op::If(empty));
                b.op(Op::GoSame);
            });
        }
        at(b, spans.over, Op::If(over));
        if jump.each_once || jump.capturing == JumpCapture::AtEnd {
            at(b, spans.each_once, Op::NotJumped);
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
        at(b, spans.target, Op::If(jump.target));
        if lands {
            b.op(Op::Land);
        }
    };
    hop(b);
    if jump.repeat {
        b.star(|b| {
            b.op(Op::NotStopped);
            hop(b);
        });
    }
    if jump.must_continue {
        let before = b.set_at(spans.must_continue);
        b.look(true, |b| {
            b.op(Op::NotStopped);
            hop(b);
        });
        b.set_at(before);
    }
    if jump.not_ending_at_start {
        at(b, spans.not_ending_at_start, Op::If(not_start));
    }
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

/// The most cells a slide table holds (32 MiB of nodes). Every cell's
/// lines are stored whole, so a table grows with the square of a line's
/// length; a rule whose table would hold more (a line of thousands of cells)
/// runs in the core, which walks its lines as it goes, in memory that does
/// not depend on their length.
const MAX_SLIDE_NODES: usize = 1 << 22;

/// Per (player, cell), the lines along `dirs` as flattened trees; `None`
/// when they would hold more than [`MAX_SLIDE_NODES`] cells.
fn slide_table(topo: &Topology, players: usize, dirs: &[Vec<DirId>]) -> Option<ir::SlideTable> {
    let mut lines = ir::SlideTable::default();
    for player_dirs in dirs.iter().take(players) {
        for c in 0..topo.cells() {
            lines.start.push(lines.nodes.len() as u32);
            if c < topo.board_cells {
                let from = CellId(c as u16);
                for d in player_dirs {
                    slide_tree(topo, from, from, *d, 0, &mut lines.nodes);
                    if lines.nodes.len() > MAX_SLIDE_NODES {
                        return None;
                    }
                }
            }
        }
    }
    lines.start.push(lines.nodes.len() as u32);
    Some(lines)
}

/// A compiled leap path step.
pub(super) enum LeapStep {
    Dirs(Vec<Vec<DirId>>),
    Same,
    Perpendicular,
    Back,
}

impl LeapStep {
    /// The core op of the step.
    pub(super) fn op(self) -> Op {
        match self {
            LeapStep::Dirs(d) => Op::Go(d),
            LeapStep::Same => Op::GoSame,
            LeapStep::Perpendicular => Op::GoPerpendicular,
            LeapStep::Back => Op::GoBack,
        }
    }
}

/// The steps of a leap path; `None` after reporting every step that is wrong.
pub(super) fn leap_path(cx: &mut Ctx, path: &[PathStep]) -> Option<Vec<LeapStep>> {
    let mut out = Vec::new();
    let mut ok = true;
    for (i, step) in path.iter().enumerate() {
        match step {
            PathStep::Dirs(d)
                if i > 0
                    && let Some(word) = misspelt_step_word(cx, d) =>
            {
                let ident = &d[0];
                // The hint is "did you mean `same`?".
                cx.report(error::unknown(
                    NameKind::Direction,
                    &ident.text,
                    ident.span,
                    [word],
                ));
                ok = false;
            }
            PathStep::Dirs(d) => match cx.resolve_dirs(d) {
                Some(dirs) => out.push(LeapStep::Dirs(dirs)),
                None => ok = false,
            },
            PathStep::Same(span) | PathStep::Perpendicular(span) | PathStep::Back(span) if i == 0 => {
                cx.report(
                    error::invalid(
                        "rules::compile::bad_leap",
                        "a leap must start with a direction",
                        *span,
                        "there is no current direction yet",
                    )
                    .with_help("start with a direction or set, e.g. `leap orthogonal, same, perpendicular`"),
                );
                ok = false;
            }
            PathStep::Same(_) => out.push(LeapStep::Same),
            PathStep::Perpendicular(_) => out.push(LeapStep::Perpendicular),
            PathStep::Back(_) => out.push(LeapStep::Back),
        }
    }
    ok.then_some(out)
}

/// `same` or `perpendicular`, when a leap step is one name that is no
/// direction and lies a typo away from one of them (`sam`).
fn misspelt_step_word(cx: &Ctx, dirs: &[crate::syntax::ast::Ident]) -> Option<&'static str> {
    let [ident] = dirs else { return None };
    let known = cx
        .topology
        .as_ref()
        .is_some_and(|t| t.dir_names.contains(&ident.text))
        || cx.dir_sets.get(&ident.text).is_some();
    if known {
        return None;
    }
    error::did_you_mean(&ident.text, &["same", "perpendicular", "back"])
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
                LeapStep::Back => topo.opposite[dir.0 as usize].into_iter().collect(),
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
    if !next.is_some() || next == origin || depth >= topo.cells() || nodes.len() > MAX_SLIDE_NODES {
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
/// are then sorted and deduplicated). A rule of the move core beside other
/// rules, or one that branches, may repeat a single landing; one that
/// branches and lands more than once, or two drop rules, may repeat a whole
/// move.
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
        for &r in &kind.rules {
            let rule = &rules[r];
            if let Some(ir::FastCore::MoveThenPlace(chain)) = rule.fast_core.as_deref() {
                // Each landing of the move and each cell of the shot from it
                // is reached once (checked below for the move, here for the
                // shot), so moves are unique unless the kind has other rules.
                if kind.rules.len() > 1 || reaches_twice(topo, &chain.second, players) {
                    steps = true;
                    jumps = true;
                }
                continue;
            }
            if !matches!(rule.pattern, ir::Pattern::Core) {
                continue;
            }
            let ops = &rule.program.ops;
            let branches = ops.iter().any(|op| matches!(op, Op::Fork(_)))
                || ops
                    .iter()
                    .filter(|op| matches!(op, Op::Go(_) | Op::Anywhere | Op::AnywhereIf(_)))
                    .count()
                    > 1;
            if kind.rules.len() > 1 || branches {
                steps = true;
            }
            let landings = ops.iter().filter(|op| matches!(op, Op::Land | Op::Then)).count();
            if branches && landings > 1 {
                jumps = true;
            }
        }
        if kind.drops.len() > 1 {
            jumps = true;
        }
        // Once per kind, not per repeated landing (that was quadratic in
        // the kind's rules: 15,500 rules of one piece took 28 s to check).
        let has_jump = kind
            .rules
            .iter()
            .any(|r| matches!(rules[*r].pattern, ir::Pattern::Jump { .. }) || rules[*r].fast_core.is_some());
        for p in 0..players {
            let player = PlayerId(p as u8);
            for c in 0..topo.board_cells {
                let from = CellId(c as u16);
                stamp += 1;
                for &r in &kind.rules {
                    let pattern = match rules[r].fast_core.as_deref() {
                        Some(ir::FastCore::MoveThenPlace(chain)) => &chain.first,
                        _ => &rules[r].pattern,
                    };
                    for cell in landings(pattern, player, from, cells) {
                        if seen[cell.index()] == stamp {
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

/// The cells a fast pattern may land on from `from`, with repeats where two
/// ways reach one cell (none for drops and core rules).
fn landings(pattern: &ir::Pattern, player: PlayerId, from: CellId, cells: usize) -> Vec<CellId> {
    match pattern {
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
    }
}

/// Whether a plain pattern (a hop or a slide) reaches some cell twice from
/// one cell (two steps, or two lines, onto one cell).
fn reaches_twice(topo: &Topology, pattern: &ir::Pattern, players: usize) -> bool {
    if !matches!(pattern, ir::Pattern::Hop { .. } | ir::Pattern::Slide { .. }) {
        return true;
    }
    let cells = topo.cells();
    let mut seen = vec![usize::MAX; cells];
    for p in 0..players {
        let player = PlayerId(p as u8);
        for c in 0..topo.board_cells {
            let from = CellId(c as u16);
            let stamp = p * cells + c;
            for cell in landings(pattern, player, from, cells) {
                if seen[cell.index()] == stamp {
                    return true;
                }
                seen[cell.index()] = stamp;
            }
        }
    }
    false
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

#[cfg(test)]
mod tests {
    use super::plural_of;

    #[test]
    fn plurals_follow_the_regular_rules() {
        for (one, many) in [
            ("Tower", "Towers"),
            ("Stone", "Stones"),
            ("Box", "Boxes"),
            ("Bus", "Buses"),
            ("Witch", "Witches"),
            ("Ally", "Allies"),
            ("Day", "Days"),
            ("war_elephant", "war_elephants"),
        ] {
            assert_eq!(plural_of(one), many);
        }
    }
}
