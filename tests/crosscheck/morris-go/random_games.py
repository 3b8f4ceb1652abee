#!/usr/bin/env python3
"""random_games.py GAME N SEED [--set k=v]...

Plays N uniformly random games (each move drawn uniformly from the sorted list
of distinct legal moves) and writes a JSON Lines trace to stdout."""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gameload import load_game, parse_sets  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("n", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("--set", action="append", default=[], metavar="K=V")
    ap.add_argument("--max-plies", type=int, default=0,
                    help="stop a game after this many plies (status then 'ongoing'); 0 = never")
    a = ap.parse_args()
    g = load_game(a.game)
    opts = parse_sets(a.set)
    rng = random.Random(a.seed)
    out = sys.stdout
    for _ in range(a.n):
        st = g.new_game(opts)
        moves, legal = [], []
        while True:
            ms = sorted(set(g.legal_moves(st)))
            legal.append(ms)
            if not ms or (a.max_plies and len(moves) >= a.max_plies):
                break
            m = rng.choice(ms)
            moves.append(m)
            st = g.play(st, m)
        out.write(json.dumps({"moves": moves, "legal": legal, "status": g.status(st)},
                             separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
