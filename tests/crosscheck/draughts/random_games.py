#!/usr/bin/env python3
"""random_games.py GAME N SEED [--set k=v]... [--max-plies P]

Plays N uniformly random games (each move chosen uniformly among the distinct
legal moves) with games/<game>.py and writes a trace in the crosscheck format
(JSON Lines) to stdout.  A game still going after P plies (default 10000) is
written with status "ongoing"."""
import argparse
import json
import random
import sys

from gameload import load_game, parse_sets


def play_one(game, options, rng, max_plies):
    state = game.new_game(dict(options))
    moves, legal = [], []
    while True:
        lm = sorted(set(game.legal_moves(state)))
        legal.append(lm)
        if not lm or len(moves) >= max_plies:
            break
        mv = rng.choice(lm)
        moves.append(mv)
        state = game.play(state, mv)
    return {"moves": moves, "legal": legal, "status": game.status(state)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("n", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("--set", action="append", default=[], metavar="k=v")
    ap.add_argument("--max-plies", type=int, default=10000)
    args = ap.parse_args(argv)
    game = load_game(args.game)
    options = parse_sets(args.set)
    rng = random.Random(args.seed)
    out = sys.stdout
    for _ in range(args.n):
        out.write(json.dumps(play_one(game, options, rng, args.max_plies), separators=(",", ":")) + "\n")
    out.flush()


if __name__ == "__main__":
    main()
