#!/usr/bin/env python3
"""crosscheck.py GAME TRACE.jsonl [--set k=v]...

Replays every game of a trace written by another engine and compares, at every
position, the sorted list of distinct legal moves, then the final status.
Exit status 0 when everything agrees, 1 at the first disagreement."""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gameload import load_game, parse_sets  # noqa: E402


def show_list(label, lst, other):
    other = set(other)
    marked = [("*" + m if m not in other else m) for m in lst]
    print(f"{label} ({len(lst)} moves; * = only here):")
    print("  " + (" ".join(marked) if marked else "(none)"))


def fail(gno, mno, moves_so_far, what, ours=None, theirs=None):
    print(f"DISAGREEMENT in game {gno}, move {mno}: {what}")
    print(f"moves so far ({len(moves_so_far)}): " + (" ".join(moves_so_far) or "(none)"))
    if ours is not None:
        show_list("ours", ours, theirs)
        show_list("theirs", theirs, ours)
        only_o = sorted(set(ours) - set(theirs))
        only_t = sorted(set(theirs) - set(ours))
        print("only ours:   " + (" ".join(only_o) or "(none)"))
        print("only theirs: " + (" ".join(only_t) or "(none)"))
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("trace")
    ap.add_argument("--set", action="append", default=[], metavar="K=V")
    a = ap.parse_args()
    g = load_game(a.game)
    opts = parse_sets(a.set)
    ngames = npos = 0
    with open(a.trace) as f:
        gno = 0
        for line in f:
            if not line.strip():
                continue
            gno += 1
            try:
                rec = json.loads(line)
                moves, legal, want = rec["moves"], rec["legal"], rec["status"]
            except (ValueError, KeyError, TypeError) as e:
                fail(gno, 0, [], f"malformed trace line: {e}")
            if len(legal) != len(moves) + 1:
                fail(gno, 0, [], f"trace has {len(moves)} moves but {len(legal)} legal lists "
                                 f"(expected {len(moves) + 1})")
            st = g.new_game(opts)
            for i in range(len(moves) + 1):
                ours = sorted(set(g.legal_moves(st)))
                theirs = legal[i]
                npos += 1
                if ours != theirs:
                    fail(gno, i + 1, moves[:i], "legal move lists differ"
                         + ("" if i < len(moves) else " at the final position"),
                         ours, theirs)
                if i == len(moves):
                    break
                m = moves[i]
                if m not in ours:
                    fail(gno, i + 1, moves[:i], f"move played {m!r} is not in the legal list",
                         ours, theirs)
                st = g.play(st, m)
            got = g.status(st)
            if got != want:
                fail(gno, len(moves) + 1, moves,
                     f"final status differs: ours {got!r}, theirs {want!r}")
            if want == "ongoing" and not legal[-1]:
                fail(gno, len(moves) + 1, moves, "status 'ongoing' but no legal moves")
            ngames += 1
    print(f"OK: {ngames} games, {npos} positions agree")


if __name__ == "__main__":
    main()
