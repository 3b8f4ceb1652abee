#!/usr/bin/env python3
"""crosscheck.py GAME TRACE.jsonl [--set k=v]...

Replays every game of a trace written by the other engine with the
implementation in games/<game>.py and compares, at every position, the sorted
list of distinct legal moves, then the final status.  Exits 0 when everything
agrees, 1 at the first disagreement (which is printed), 2 on usage errors.
"""
import argparse
import json
import os
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from games import load, parse_sets  # noqa: E402


class Disagreement(Exception):
    pass


def _marked(lst, other):
    other = set(other)
    return " ".join(m if m in other else "*" + m for m in lst) or "(none)"


def _report(game_no, line_no, ply, moves, what, theirs=None, ours=None):
    out = [f"DISAGREEMENT in game {game_no} (trace line {line_no}), "
           f"move number {ply + 1} (position after {ply} move(s)): {what}",
           f"moves so far ({ply}): {' '.join(moves[:ply]) or '(none)'}"]
    if theirs is not None and ours is not None:
        out.append("moves marked * are in one list only")
        out.append(f"trace ({len(theirs)}): {_marked(theirs, ours)}")
        out.append(f"ours  ({len(ours)}): {_marked(ours, theirs)}")
        only_t = sorted(set(theirs) - set(ours))
        only_o = sorted(set(ours) - set(theirs))
        out.append(f"only in trace: {' '.join(only_t) or '(none)'}")
        out.append(f"only in ours:  {' '.join(only_o) or '(none)'}")
        if theirs != sorted(set(theirs)):
            out.append("note: the trace's list is not sorted or has duplicates")
    return "\n".join(out)


def check_game(g, options, rec, game_no, line_no):
    """Raise Disagreement with a printable message, or return the number of positions."""
    def fail(ply, what, theirs=None, ours=None):
        raise Disagreement(_report(game_no, line_no, ply, moves, what, theirs, ours))

    moves, legal, final = rec.get("moves"), rec.get("legal"), rec.get("status")
    if not isinstance(moves, list) or not isinstance(legal, list) or not isinstance(final, str):
        moves = moves if isinstance(moves, list) else []
        fail(0, "malformed record: needs 'moves' (list), 'legal' (list) and 'status' (string)")
    if len(legal) != len(moves) + 1:
        fail(0, f"malformed record: {len(moves)} moves but {len(legal)} legal lists "
                f"(expected {len(moves) + 1})")
    oracle = getattr(g, "winner", None)
    state = g.new_game(options)
    for ply in range(len(moves) + 1):
        ours = sorted(set(g.legal_moves(state)))
        theirs = legal[ply]
        if ours != theirs:
            if not isinstance(theirs, list) or not all(isinstance(x, str) for x in theirs):
                fail(ply, f"malformed record: legal[{ply}] is not a list of strings")
            fail(ply, "legal move lists differ", theirs, ours)
        st = g.status(state)
        if (st == "ongoing") != bool(ours):
            fail(ply, f"internal inconsistency: our status is {st!r} with {len(ours)} legal moves")
        if oracle is not None:
            w = oracle(state)
            if (w is None and st.startswith("win")) or (w is not None and st != "win " + w):
                fail(ply, f"internal inconsistency: our status is {st!r} but the "
                          f"flood-fill oracle says winner {w!r}")
        if ply == len(moves):
            break
        m = moves[ply]
        if m not in ours:
            fail(ply, f"the trace plays {m!r}, which is not in the legal list", theirs, ours)
        try:
            state = g.play(state, m)
        except Exception:
            fail(ply, f"our play() failed on {m!r}:\n{traceback.format_exc()}")
    ply = len(moves)
    st = g.status(state)
    if st != final:
        fail(ply, f"final status differs: trace {final!r}, ours {st!r}")
    if final == "ongoing" and not legal[-1]:
        fail(ply, "the trace's final status is 'ongoing' but its last legal list is empty")
    return len(moves) + 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("trace")
    ap.add_argument("--set", action="append", default=[], metavar="K=V", help="game option")
    args = ap.parse_args(argv)
    try:
        g = load(args.game)
        options = parse_sets(args.set)
        g.new_game(options)
    except (ImportError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    games = positions = 0
    try:
        fh = open(args.trace, encoding="utf-8") if args.trace != "-" else sys.stdin
    except OSError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    with fh:
        for line_no, line in enumerate(fh, 1):
            if not line.strip():
                continue
            games += 1
            try:
                rec = json.loads(line)
                if not isinstance(rec, dict):
                    raise ValueError("not a JSON object")
            except ValueError as e:
                print(f"DISAGREEMENT in game {games} (trace line {line_no}): "
                      f"cannot parse the record: {e}")
                return 1
            try:
                positions += check_game(g, options, rec, games, line_no)
            except Disagreement as d:
                print(d)
                return 1
    if games == 0:
        print(f"error: no game in {args.trace}", file=sys.stderr)
        return 1
    print(f"OK {args.game}: {games} game(s), {positions} position(s) agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
