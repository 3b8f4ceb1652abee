#!/usr/bin/env python3
"""random_games.py GAME N SEED [--set k=v]...  -> JSON-lines trace on stdout"""
import json
import random
import sys

from _common import load_game, parse_sets


def main(argv):
    opts, args = parse_sets(argv)
    if len(args) != 3:
        sys.exit(__doc__)
    game, n, seed = load_game(args[0]), int(args[1]), int(args[2])
    rng = random.Random(seed)
    out = sys.stdout
    for _ in range(n):
        state = game.new_game(dict(opts))
        moves, legal = [], []
        while True:
            lm = sorted(set(game.legal_moves(state)))
            legal.append(lm)
            if not lm:
                break
            m = rng.choice(lm)
            moves.append(m)
            state = game.play(state, m)
        out.write(json.dumps({"moves": moves, "legal": legal, "status": game.status(state)},
                             separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
