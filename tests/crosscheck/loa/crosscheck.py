#!/usr/bin/env python3
"""crosscheck.py TRACE.jsonl: replays every game of a `rulebook playout
--trace` file of games/lines-of-action.rules with loa.py and compares, at every
position, the sorted list of legal moves, then the final status. Exits 0 when
everything agrees, 1 at the first disagreement (printed)."""
import json
import sys

import loa


def check(record, game_no):
    moves, legal, final = record["moves"], record["legal"], record["status"]
    state = loa.new_game()
    for ply in range(len(moves) + 1):
        ours = loa.legal_moves(state)
        if ours != legal[ply]:
            only_t = sorted(set(legal[ply]) - set(ours))
            only_o = sorted(set(ours) - set(legal[ply]))
            sys.exit(f"DISAGREEMENT in game {game_no} after {ply} moves ({' '.join(moves[:ply])}):\n"
                     f"only in rulebook: {' '.join(only_t) or '(none)'}\n"
                     f"only in loa.py:   {' '.join(only_o) or '(none)'}")
        if ply < len(moves):
            state = loa.play(state, moves[ply])
    if loa.status(state) != final:
        sys.exit(f"DISAGREEMENT in game {game_no}: status {final!r} in rulebook, "
                 f"{loa.status(state)!r} in loa.py")
    return len(moves) + 1


def main():
    games = positions = 0
    with open(sys.argv[1]) as f:
        for line in f:
            if line.strip():
                games += 1
                positions += check(json.loads(line), games)
    print(f"lines-of-action: {games} games, {positions} positions agree")


if __name__ == "__main__":
    main()
