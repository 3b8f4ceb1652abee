#!/usr/bin/env python3
"""perft.py DEPTH [--position TEXT] [--moves "m1 m2 ..."]: prints "perft DEPTH = N"."""
import argparse

import loa

ap = argparse.ArgumentParser()
ap.add_argument("depth", type=int)
ap.add_argument("--position")
ap.add_argument("--moves", default="")
args = ap.parse_args()
state = loa.from_text(args.position) if args.position else loa.new_game()
for m in args.moves.split():
    state = loa.play(state, m)
print(f"perft {args.depth} = {loa.perft(state, args.depth)}")
