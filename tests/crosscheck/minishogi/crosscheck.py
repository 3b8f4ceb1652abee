#!/usr/bin/env python3
"""crosscheck.py GAME TRACE.jsonl [--set k=v]...

Replays every game of a trace with our own implementation and compares, before
each move, the sorted legal-move lists, then the final status.  Exit 0 when all
agree, 1 at the first disagreement (which is printed)."""
import json
import sys

from _common import load_game, parse_sets


def report(gno, mno, moves, msg, mine=None, theirs=None):
    print("DISAGREEMENT in game %d at move %d: %s" % (gno, mno, msg))
    print("moves so far (%d): %s" % (len(moves), " ".join(moves) or "-"))
    if mine is not None:
        ms, ts = set(mine), set(theirs)
        print("ours   (%d): %s" % (len(mine), " ".join(m if m in ts else "[" + m + "]" for m in mine)))
        print("theirs (%d): %s" % (len(theirs), " ".join(m if m in ms else "[" + m + "]" for m in theirs)))
        print("only ours:   %s" % (" ".join(m for m in mine if m not in ts) or "-"))
        print("only theirs: %s" % (" ".join(m for m in theirs if m not in ms) or "-"))
    return 1


def check_game(game, opts, gno, rec):
    moves, legal, want_status = rec["moves"], rec["legal"], rec["status"]
    if len(legal) != len(moves) + 1:
        return report(gno, 0, [], "trace has %d legal lists for %d moves (expected %d)"
                      % (len(legal), len(moves), len(moves) + 1))
    state = game.new_game(dict(opts))
    for i in range(len(moves) + 1):
        mine = sorted(set(game.legal_moves(state)))
        theirs = list(legal[i])
        if mine != theirs:
            return report(gno, i + 1, moves[:i], "legal move lists differ", mine, theirs)
        if i == len(moves):
            break
        if moves[i] not in mine:
            return report(gno, i + 1, moves[:i], "played move %r is not legal for us" % moves[i],
                          mine, theirs)
        state = game.play(state, moves[i])
    st = game.status(state)
    if st != want_status:
        return report(gno, len(moves) + 1, moves,
                      "final status: ours %r, theirs %r" % (st, want_status))
    if want_status == "ongoing" and not legal[-1]:
        return report(gno, len(moves) + 1, moves, "status 'ongoing' but no moves left")
    if want_status != "ongoing" and legal[-1]:
        return report(gno, len(moves) + 1, moves,
                      "status %r but the trace lists moves at the end" % want_status)
    return 0


def main(argv):
    opts, args = parse_sets(argv)
    if len(args) != 2:
        sys.exit(__doc__)
    game = load_game(args[0])
    ngames = nplies = 0
    with open(args[1]) as fh:
        for gno, line in enumerate((l for l in fh if l.strip()), start=1):
            rec = json.loads(line)
            if check_game(game, opts, gno, rec):
                return 1
            ngames += 1
            nplies += len(rec["moves"])
    print("OK: %d games, %d moves agree" % (ngames, nplies))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
