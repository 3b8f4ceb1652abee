#!/usr/bin/env python3
"""crosscheck.py GAME TRACE.jsonl [--set k=v]...

Replays every game of a JSON Lines trace (written by another engine) with the
implementation in games/<game>.py and compares, before every move and at the
final position, the sorted list of distinct legal moves, checks that each
played move is legal, and compares the final status.  Exits 0 when everything
agrees, 1 at the first disagreement (which is printed), 2 on usage errors."""
import argparse
import json
import sys
import time

from gameload import load_game, parse_sets


def _fmt_lists(ours, theirs):
    so, st = set(ours), set(theirs)
    lines = [f"  ours   ({len(ours)}): " + " ".join(m + ("*" if m not in st else "") for m in ours),
             f"  theirs ({len(theirs)}): " + " ".join(m + ("*" if m not in so else "") for m in theirs)]
    only_o = sorted(so - st)
    only_t = sorted(st - so)
    if only_o:
        lines.append("  only in ours:   " + " ".join(only_o))
    if only_t:
        lines.append("  only in theirs: " + " ".join(only_t))
    lines.append("  (* = move only that side has)")
    return "\n".join(lines)


class Disagreement(Exception):
    pass


def check_game(game, options, rec, gno):
    """Raise Disagreement with a description at the first difference."""
    moves = rec.get("moves")
    legal = rec.get("legal")
    final = rec.get("status")
    if not isinstance(moves, list) or not isinstance(legal, list) or not isinstance(final, str):
        raise Disagreement(f"game {gno}: malformed record (needs moves, legal, status)")
    if len(legal) != len(moves) + 1:
        raise Disagreement(f"game {gno}: malformed record: {len(moves)} moves but "
                           f"{len(legal)} legal lists (expected {len(moves) + 1})")
    state = game.new_game(dict(options))

    def where(i):
        shown = " ".join(moves[:i]) if i else "(none)"
        mv = f"move {i + 1}" if i < len(moves) else "the final position"
        return f"game {gno}, {mv} (after {i} moves)\n  moves so far: {shown}"

    for i in range(len(moves) + 1):
        try:
            ours = sorted(set(game.legal_moves(state)))
        except Exception as e:      # our own failure is reported, not hidden
            raise Disagreement(f"{where(i)}\n  our legal_moves raised {type(e).__name__}: {e}")
        theirs = legal[i]
        if ours != theirs:
            raise Disagreement(f"{where(i)}\n  legal move lists differ:\n{_fmt_lists(ours, theirs)}")
        if i == len(moves):
            break
        mv = moves[i]
        if mv not in ours:
            raise Disagreement(f"{where(i)}\n  played move {mv!r} is not in the legal list:\n"
                               f"{_fmt_lists(ours, theirs)}")
        state = game.play(state, mv)
    ours_status = game.status(state)
    if ours_status != final:
        raise Disagreement(f"{where(len(moves))}\n  status differs: ours {ours_status!r}, theirs {final!r}")
    if final == "ongoing" and not legal[-1]:
        raise Disagreement(f"{where(len(moves))}\n  status 'ongoing' but no legal moves left")
    if final != "ongoing" and legal[-1]:
        raise Disagreement(f"{where(len(moves))}\n  status {final!r} but legal moves remain")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("trace")
    ap.add_argument("--set", action="append", default=[], metavar="k=v")
    ap.add_argument("--keep-going", action="store_true",
                    help="report the first disagreement of every game instead of stopping")
    args = ap.parse_args(argv)
    game = load_game(args.game)
    options = parse_sets(args.set)
    game.new_game(dict(options))    # validate options early
    t0 = time.perf_counter()
    ngames = nplies = nbad = 0
    with open(args.trace, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            ngames += 1
            try:
                rec = json.loads(line)
                check_game(game, options, rec, ngames)
            except (json.JSONDecodeError, Disagreement) as d:
                if isinstance(d, json.JSONDecodeError):
                    d = f"game {ngames}: invalid JSON: {d}"
                print(f"DISAGREEMENT ({args.game}, trace {args.trace}, line {lineno})\n{d}")
                nbad += 1
                if not args.keep_going:
                    return 1
                continue
            nplies += len(rec["moves"])
    if nbad:
        print(f"{nbad} of {ngames} games disagree")
        return 1
    print(f"OK: {ngames} games, {nplies} moves agree ({args.game}, "
          f"{time.perf_counter() - t0:.1f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
