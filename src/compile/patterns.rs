//! Pass 4: pieces and their movement patterns, with per-cell target tables
//! precomputed from the board (steps, leaps, jumps, slide rays).

use super::error::{self, NameKind};
use super::{Ctx, conds};
use crate::ir::{
    self, CaptureTo, CellId, CellTable, DirId, KindInfo, MoveRule, PieceKind, PlayerId, Topology,
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
        let k = cx.kinds.resolve(NameKind::Piece, &decl.kind);
        let k = cx.ok(k);
        let unless = decl.unless.as_ref().and_then(|f| {
            let f = cx.flags.resolve(NameKind::Flag, f);
            cx.ok(f)
        });
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
        if let Some(k) = k
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
    // A piece whose header failed to parse has no letter (the syntax error says so).
    let lettered = !decl.letter.text.is_empty();
    if lettered && let Some((_, span)) = cx.letters.iter().find(|(l, _)| *l == decl.letter.text) {
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
    for span in &decl.repeated {
        cx.report(error::invalid(
            "rules::compile::duplicate",
            format!("piece `{}` says this twice", decl.name.text),
            *span,
            "said again here",
        ));
    }
    let mut info = KindInfo {
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
    };
    let mut names = super::scope::Names::default();
    let mut named = Vec::new();
    for mv in &decl.moves {
        let declared = names.declare(NameKind::Move, &mv.name);
        let rule = move_rule(cx, &mv.name.text, &mv.pattern, kind, mv.span);
        // A repeated name is reported; its pattern is still checked above.
        if cx.ok(declared).is_none() {
            continue;
        }
        match rule {
            Some(rule) => {
                named.push((mv.name.text.clone(), Some(rules.len())));
                info.rules.push(rules.len());
                rules.push(rule);
            }
            None => named.push((mv.name.text.clone(), None)),
        }
    }
    cx.move_rules.push(named);
    info
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

fn move_rule(
    cx: &mut Ctx,
    name: &str,
    pattern: &Pattern,
    kind: PieceKind,
    span: crate::diag::Span,
) -> Option<MoveRule> {
    let players = cx.player_count();
    let (pattern, target) = match pattern {
        Pattern::Step { dirs, target } => {
            let dirs = cx.resolve_dirs(dirs);
            let target = conds::lower_id(cx, target);
            let topo = cx.playable_board()?;
            let dirs = dirs?;
            let targets = table(topo, players, |p, c| {
                dirs[p]
                    .iter()
                    .map(|d| topo.step(c, *d))
                    .filter(|t| t.is_some())
                    .collect()
            });
            (ir::Pattern::Hop { targets }, target?)
        }
        Pattern::Slide { dirs, target } => {
            let dirs = cx.resolve_dirs(dirs);
            let target = conds::lower_id(cx, target);
            let topo = cx.playable_board()?;
            let dirs = dirs?;
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
            (ir::Pattern::Slide { lines }, target?)
        }
        Pattern::Leap { path, target } => {
            let steps = leap_path(cx, path);
            let target = conds::lower_id(cx, target);
            let topo = cx.playable_board()?;
            let steps = steps?;
            let targets = table(topo, players, |p, c| leap_targets(topo, &steps, p, c));
            (ir::Pattern::Hop { targets }, target?)
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
            let (capturing, repeat) = (has(JumpOption::Capturing), has(JumpOption::Repeat));
            let each_once = has(JumpOption::EachPieceOnce);
            if repeat && !capturing && !each_once {
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
            let topo = cx.playable_board()?;
            let dirs = dirs?;
            let hops = table(topo, players, |p, c| {
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
            });
            (
                ir::Pattern::Jump {
                    hops,
                    over: over?,
                    capturing,
                    repeat,
                    each_once,
                    not_ending_at_start: has(JumpOption::NotEndingAtStart),
                },
                target?,
            )
        }
    };
    Some(MoveRule {
        name: name.to_string(),
        kind,
        pattern,
        target,
    })
}

/// A compiled leap path step.
enum LeapStep {
    Dirs(Vec<Vec<DirId>>),
    Same,
    Perpendicular,
}

/// The steps of a leap path; `None` after reporting every step that is wrong.
fn leap_path(cx: &mut Ctx, path: &[PathStep]) -> Option<Vec<LeapStep>> {
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
                ok = false;
            }
            PathStep::Same(_) => out.push(LeapStep::Same),
            PathStep::Perpendicular(_) => out.push(LeapStep::Perpendicular),
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
    error::did_you_mean(&ident.text, &["same", "perpendicular"])
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
                        ir::Pattern::Jump { hops, .. } => hops
                            .get(player, from, cells)
                            .chunks_exact(2)
                            .map(|h| h[1])
                            .collect(),
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

#[cfg(test)]
mod tests {
    use super::plural_of;

    #[test]
    fn plurals_follow_the_regular_rules() {
        for (one, many) in [
            ("Rook", "Rooks"),
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
