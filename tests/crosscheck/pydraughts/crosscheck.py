#!/usr/bin/env python3
"""crosscheck.py TRACE.jsonl [--set quiet_draw=N] [--keep-going]

Checks a trace of games/international-draughts.rules (written by `rulebook
playout ... --trace`) against pydraughts, an independent draughts library
(PyPI package `pydraughts`, import name `draughts`; installed here when it is
missing).

Every game of the trace is played again on a pydraughts board, from the start
position. Before every move and at the final position, our legal moves and
pydraughts' are compared as SETS of (start square, end square, set of captured
squares): pydraughts lists every route of a capture, and a king that takes
the same pieces to the same square by two routes (landing before or after a
square on the same line) is one triple. Our side of the triples comes from the
trace's `detail` list, never from the move notation. The move our engine
played is then played on the pydraughts board (the pydraughts move with the
same triple), so pydraughts' own move application (captured pieces taken off,
crowning only at the end of a move) is checked too.

The final status is compared where both define it:
  - `win X`: the side to move has no legal move in pydraughts either, and
    pydraughts names the same winner;
  - `draw` (only with quiet_draw > 0): our rule is FMJD's 25-move rule (article
    6.2: moves of kings only, without capture) counted in plies; pydraughts
    counts the same plies (`consecutive_noncapture_king_moves`), which must be
    exactly quiet_draw at our final position, while pydraughts still has
    legal moves. With quiet_draw=50 that is the official rule.
FMJD's other draw rules (threefold repetition, article 6.1; the 16- and
5-move endgame counts, 6.3 and 6.4) are not in the rules file: where pydraughts
(which has them) would have declared a draw earlier, the game goes on here
and the positions are still compared; they are counted in the summary.

Exits 0 when everything agrees, 1 at the first disagreement (printed), 2 on
usage errors."""
import argparse
import importlib
import importlib.metadata
import json
import re
import subprocess
import sys
import time

from squares import cell, number

# The version checked here (its numbering and draw counters are read below).
PYDRAUGHTS = "pydraughts==0.6.7"


def import_pydraughts():
    """Imports pydraughts, installing it with pip first when it is missing.

    Another package (py-draughts) has the same import name `draughts`, so the
    distribution is looked up by its own name."""
    try:
        importlib.metadata.version("pydraughts")
    except importlib.metadata.PackageNotFoundError:
        pip = [sys.executable, "-m", "pip", "install", "--quiet", PYDRAUGHTS]
        if subprocess.run(pip, stderr=subprocess.DEVNULL).returncode != 0:
            subprocess.run(pip + ["--break-system-packages"], check=True)
        importlib.invalidate_caches()
    return importlib.import_module("draughts")


draughts = import_pydraughts()


class Disagreement(Exception):
    pass


def show(triple):
    """A (start, end, captured) triple in our cell names and square numbers."""
    start, end, captured = triple
    taken = ",".join(cell(s) for s in sorted(captured))
    return f"{cell(start)}-{cell(end)} x{{{taken}}} ({start}-{end} x{sorted(captured)})"


def compare_sets(ours, theirs):
    """Both sets of triples, and what only one side has."""
    lines = [f"  ours   ({len(ours)}): " + "; ".join(show(t) for t in sorted(ours, key=sort_key)),
             f"  theirs ({len(theirs)}): " + "; ".join(show(t) for t in sorted(theirs, key=sort_key))]
    for label, only in (("only in ours:  ", ours - theirs), ("only in theirs:", theirs - ours)):
        if only:
            lines.append(f"  {label} " + "; ".join(show(t) for t in sorted(only, key=sort_key)))
    return "\n".join(lines)


def sort_key(triple):
    start, end, captured = triple
    return (start, end, sorted(captured))


def our_triples(names, details, where):
    """{name: triple} of one position of the trace, checking its shape."""
    if not isinstance(details, list) or len(details) != len(names):
        raise Disagreement(f"{where}\n  malformed record: `detail` is not parallel to `legal`")
    triples = {}
    for name, d in zip(names, details):
        try:
            start, end, captured = d
            triple = (number(start), number(end), frozenset(number(c) for c in captured))
        except (TypeError, ValueError) as e:
            raise Disagreement(f"{where}\n  malformed detail {d!r} of {name!r}: {e}")
        # Sanity check of the detail against the notation: a move is written
        # from its start cell to its end cell (`a1-e5`, `a1xd4xg7`, `a1xg7`).
        if not (name.startswith(start) and name.endswith(end)):
            raise Disagreement(f"{where}\n  detail {d!r} does not match the move {name!r}")
        triples[name] = triple
    return triples


def their_moves(board):
    """pydraughts' legal moves: {triple: one board move (a list of hops)}, and
    how many routes repeat a triple."""
    moves, captures = board._legal_moves_board()  # what Board.legal_moves() wraps
    found = {}
    for hops, taken in zip(moves, captures):
        triple = (hops[0][0], hops[-1][1], frozenset(s for s in taken if s is not None))
        found.setdefault(triple, hops)
    return found, len(moves) - len(found), moves, captures


def king_squares(board):
    """The squares of the kings on the board (written `K<square>` in the FEN)."""
    return {int(k) for k in re.findall(r"K(\d+)", board.fen)}


class Tally:
    """What was compared, for the summary."""

    def __init__(self):
        self.games = self.positions = self.king_positions = self.king_games = 0
        self.king_capture_positions = self.king_multi_capture_positions = 0
        self.route_positions = self.route_moves = 0
        self.our_route_names = 0
        self.their_draw_positions = self.their_draw_games = 0
        self.results = {}


def check_game(rec, gno, quiet_draw, tally, fen=None):
    """Replays one game (from the start, or from the pydraughts FEN `fen`);
    raises Disagreement at the first difference."""
    moves, legal, details, final = rec.get("moves"), rec.get("legal"), rec.get("detail"), rec.get("status")
    if not (isinstance(moves, list) and isinstance(legal, list) and isinstance(details, list)
            and isinstance(final, str)):
        raise Disagreement(f"game {gno}: malformed record (needs moves, legal, detail, status)")
    if not len(legal) == len(details) == len(moves) + 1:
        raise Disagreement(f"game {gno}: malformed record: {len(moves)} moves but {len(legal)} legal "
                           f"and {len(details)} detail lists (expected {len(moves) + 1})")
    board = draughts.Board("standard") if fen is None else draughts.Board("standard", fen=fen)
    their_draw_seen = kings_seen = False

    for i in range(len(moves) + 1):
        where = (f"game {gno}, {'move ' + str(i + 1) if i < len(moves) else 'the final position'} "
                 f"(after {i} moves)\n  moves so far: {' '.join(moves[:i]) or '(none)'}\n"
                 f"  pydraughts position: {board.fen}")
        ours_by_name = our_triples(legal[i], details[i], where)
        ours = set(ours_by_name.values())
        theirs, repeats, hops, captures = their_moves(board)
        last = i == len(moves)
        if not (last and final == "draw"):
            # At our quiet-move draw we list no move; pydraughts has no such stop.
            if ours != set(theirs):
                raise Disagreement(f"{where}\n  legal move sets differ:\n{compare_sets(ours, set(theirs))}")
            tally.positions += 1
            kings = king_squares(board)
            if kings:
                kings_seen = True
                tally.king_positions += 1
                # A king can capture here (flying captures are the hard part).
                king_captures = [len(taken) for start, _, taken in ours if start in kings and taken]
                tally.king_capture_positions += bool(king_captures)
                tally.king_multi_capture_positions += max(king_captures, default=0) >= 2
            tally.route_positions += repeats > 0
            tally.route_moves += repeats
            tally.our_route_names += len(ours_by_name) - len(ours)
        if last:
            break
        if board.winner() == 0:  # pydraughts would have stopped here with a draw
            tally.their_draw_positions += 1
            their_draw_seen = True
        if moves[i] not in ours_by_name:
            raise Disagreement(f"{where}\n  played move {moves[i]!r} is not in our legal list")
        played = theirs[ours_by_name[moves[i]]]
        board.push(draughts.Move(board_move=played, possible_moves=hops, possible_captures=captures))

    tally.their_draw_games += their_draw_seen
    tally.king_games += kings_seen
    where = f"game {gno}, the final position (after {len(moves)} moves)\n  pydraughts position: {board.fen}"
    if final.startswith("win "):
        winner = {draughts.WHITE: "White", draughts.BLACK: "Black"}.get(board.winner())
        if theirs or f"win {winner}" != final:
            raise Disagreement(f"{where}\n  status differs: ours {final!r}, pydraughts {len(theirs)} moves, "
                               f"winner {board.winner()!r}")
    elif final == "draw":
        counted = board._game.consecutive_noncapture_king_moves
        if quiet_draw == 0 or counted != quiet_draw or not theirs:
            raise Disagreement(f"{where}\n  ours 'draw' (quiet_draw={quiet_draw}), pydraughts counts {counted} "
                               f"king moves without capture and has {len(theirs)} legal moves")
    else:
        raise Disagreement(f"{where}\n  unexpected final status {final!r}")
    tally.results[final] = tally.results.get(final, 0) + 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trace")
    ap.add_argument("--set", action="append", default=[], metavar="k=v",
                    help="the options the trace was played with (only quiet_draw)")
    ap.add_argument("--keep-going", action="store_true",
                    help="report the first disagreement of every game instead of stopping")
    args = ap.parse_args(argv)
    quiet_draw = 0
    for kv in args.set:
        key, _, value = kv.partition("=")
        if key != "quiet_draw" or not value.isdigit():
            ap.error(f"unknown option {kv!r} (only quiet_draw=N)")
        quiet_draw = int(value)

    t0 = time.perf_counter()
    tally = Tally()
    bad = 0
    with open(args.trace, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            tally.games += 1
            try:
                check_game(json.loads(line), tally.games, quiet_draw, tally)
            except (json.JSONDecodeError, Disagreement) as d:
                print(f"DISAGREEMENT (international-draughts vs pydraughts, trace {args.trace}, line {lineno})\n{d}")
                bad += 1
                if not args.keep_going:
                    return 1
    if bad:
        print(f"{bad} of {tally.games} games disagree")
        return 1
    if not tally.games:
        print(f"no game in the trace {args.trace}")
        return 1
    results = ", ".join(f"{k}: {v}" for k, v in sorted(tally.results.items()))
    print(f"OK: international-draughts agrees with pydraughts {importlib.metadata.version('pydraughts')} "
          f"on {tally.games} games ({results}), {tally.positions} positions ({time.perf_counter() - t0:.0f} s)\n"
          f"  kings: in {tally.king_games} games, {tally.king_positions} positions; a king can capture in "
          f"{tally.king_capture_positions} of them, two pieces or more in {tally.king_multi_capture_positions}\n"
          f"  routes: {tally.route_positions} positions where pydraughts lists two routes of one "
          f"(start, end, captured) ({tally.route_moves} routes more than triples; ours: {tally.our_route_names} "
          f"names more than triples)\n"
          f"  pydraughts' draw rules that the rules file does not have (threefold repetition, endgame "
          f"counts) would have ended {tally.their_draw_games} games earlier ({tally.their_draw_positions} "
          f"positions compared after that point)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
