//! The fast form of a slide whose distance counts the cells of its line
//! (`slide DIRS exactly count(cells C along line) over O onto T`): the lines
//! from every cell, precomputed, where no line of its directions branches.

use super::{Ctx, conds, exprs};
use crate::ir::{self, CellId, DirId, DistanceLine, DistanceSlide, Topology};
use crate::syntax::ast::{Distance, Pattern, Step};

/// The fast form of a rule that is one such slide, or `None` (the core
/// runs it): its distance must be one `count(cells … along line)`, its
/// directions named, and every line along them must go straight on.
pub(super) fn fast_form(cx: &mut Ctx, pattern: &Pattern) -> Option<DistanceSlide> {
    let Pattern::Slide {
        dirs: Step::Dirs(dirs),
        distance: Some(distance),
        target,
    } = pattern
    else {
        return None;
    };
    let (count, over) = lower(cx, distance);
    let ir::Expr::CountAlong(count) = count? else {
        return None;
    };
    let over = over?;
    let dirs = cx.resolve_dirs(dirs)?;
    let onto = conds::lower_id(cx, target)?;
    let topo = cx.playable_board()?;
    let (mut start, mut lines, mut cells) = (vec![0], Vec::new(), Vec::new());
    for player_dirs in dirs.iter().take(cx.player_count()) {
        for c in 0..topo.cells() {
            let from = CellId(c as u16);
            for &d in player_dirs {
                let walk_start = cells.len() as u32;
                walk(topo, from, d, &mut cells)?;
                let count_start = cells.len() as u32;
                if !line(topo, from, d, &mut cells)
                    && let Some(back) = topo.opposite[d.0 as usize]
                {
                    line(topo, from, back, &mut cells);
                }
                lines.push(DistanceLine {
                    walk: walk_start..count_start,
                    count: count_start..cells.len() as u32,
                });
            }
            start.push(lines.len() as u32);
        }
    }
    Some(DistanceSlide {
        count,
        over,
        onto,
        exact: distance.exact,
        start,
        lines,
        cells,
    })
}

/// A distance's number of steps (an integer that may read its line,
/// `count(cells … along line)`) and what the cells it passes must meet
/// (`over`; empty cells when it is not written).
pub(super) fn lower(cx: &mut Ctx, distance: &Distance) -> (Option<ir::Expr>, Option<ir::CondId>) {
    let was = std::mem::replace(&mut cx.along_line, true);
    let count = exprs::lower_as(cx, &distance.count, exprs::Ty::Int, None);
    cx.along_line = was;
    let over = match &distance.over {
        Some(c) => conds::lower_id(cx, c),
        None => Some(conds::intern(cx, ir::Cond::Empty)),
    };
    (count, over)
}

/// The cells a walk from `from` along `d` may reach, in order (as the core's
/// walk goes: one continuation per step, up to an exit cell, the edge, or
/// before the start cell); `None` where the line branches.
fn walk(topo: &Topology, from: CellId, d: DirId, out: &mut Vec<CellId>) -> Option<()> {
    let (mut at, mut dir) = (from, d);
    for _ in 0..topo.cells() {
        let next = topo.step(at, dir);
        if !next.is_some() || next == from {
            return Some(());
        }
        let mut on = topo.continue_dirs(at, dir);
        let (first, second) = (on.next(), on.next());
        if second.is_some() {
            return None;
        }
        let Some(d2) = first else { return Some(()) };
        out.push(next);
        if topo.is_exit(next) {
            return Some(());
        }
        (at, dir) = (next, d2);
    }
    Some(())
}

/// The board cells of the line from `from` along `d` (not `from`), as
/// `count(cells … along line)` reads them (see `Engine::count_along`);
/// `true` when the line came back to `from` (a ring).
fn line(topo: &Topology, from: CellId, d: DirId, out: &mut Vec<CellId>) -> bool {
    let (mut at, mut dir) = (from, d);
    for _ in 0..topo.cells() {
        let next = topo.step(at, dir);
        if !next.is_some() || topo.is_exit(next) {
            return false;
        }
        if next == from {
            return true;
        }
        out.push(next);
        match topo.continue_dirs(at, dir).next() {
            Some(d2) => dir = d2,
            None => return false,
        }
        at = next;
    }
    false
}

#[cfg(test)]
mod tests {
    use crate::diag::SourceFile;
    use crate::ir::{DistanceSlide, FastCore};

    fn slide_of(board: &str) -> (crate::ir::Game, DistanceSlide) {
        let text = format!(
            "game \"T\"\nplayers White, Black\n{board}\n\
             piece Stone letter S {{ move line: slide (n, e) exactly count(cells occupied along line) over not enemy onto not friend }}\n\
             setup {{ White: Stone at a1 }}\nend {{ no move: draw }}\n"
        );
        let game = crate::load(&SourceFile::new("t.rules", text)).expect("valid rules");
        let Some(FastCore::DistanceSlide(slide)) = game.rules[0].fast_core.as_deref().cloned() else {
            panic!("no distance slide");
        };
        (game, slide)
    }

    /// (walk, count) lengths of the lines of White's `a1`.
    fn lengths(slide: &DistanceSlide) -> Vec<(u32, u32)> {
        let (from, to) = (slide.start[0] as usize, slide.start[1] as usize);
        slide.lines[from..to]
            .iter()
            .map(|l| (l.walk.end - l.walk.start, l.count.end - l.count.start))
            .collect()
    }

    #[test]
    fn a_grid_line_runs_to_the_edges_both_ways() {
        let (game, slide) = slide_of("board grid files a..c ranks 1..4");
        assert_eq!(game.topology.cell_names[0], "a1");
        // North: a2..a4 ahead, nothing behind; east: b1, c1.
        assert_eq!(lengths(&slide), [(3, 3), (2, 2)]);
    }

    #[test]
    fn a_ring_is_walked_and_counted_once() {
        let board = "board graph {\n cells x in a..f, y in 1..2 named \"{x}{y}\"\n wrap x\n \
                     link n: (x, y) -> (x, y + 1)\n link e: (x, y) -> (x + 1, y)\n \
                     link s: (x, y) -> (x, y - 1)\n link w: (x, y) -> (x - 1, y)\n}";
        let (game, slide) = slide_of(board);
        assert_eq!(game.topology.cell_names[0], "a1");
        // North: a2 only; east: the five other cells of the ring, counted once.
        assert_eq!(lengths(&slide), [(1, 1), (5, 5)]);
    }
}
