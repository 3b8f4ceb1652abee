"""Random playouts per second, stepped from Python: the rulebook package
against OpenSpiel's own games (both: legal actions, pick one, apply, until
the game ends), and the package's batched call (every move in Rust).

Usage: python bench/playouts.py [SECONDS]   (per measurement, default 3)
Run from the repository's top (it reads games/).
"""

import random
import sys
import time

import pyspiel

import rulebook

GAMES = [
    ("connect four", "games/connect-four.rules", {}, "connect_four", {}),
    ("breakthrough", "games/breakthrough.rules", {}, "breakthrough", {}),
    ("hex 11×11", "games/hex.rules", {"size": 11}, "hex", {"board_size": 11}),
]


def rate(play_one, seconds):
    """Games per second of `play_one` over about `seconds`."""
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        play_one()
        games += 1
    return games / (time.perf_counter() - start)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    rng = random.Random(1)
    print(f"{'game':<14} {'rulebook':>10} {'OpenSpiel':>10} {'ratio':>6} {'batched':>10}  (playouts/s)")
    for label, path, options, spiel_name, params in GAMES:
        game = rulebook.load(path, options)
        spiel = pyspiel.load_game(spiel_name, params)

        def ours():
            s = game.start()
            while not s.is_terminal():
                actions = s.legal_actions()
                s.apply_action(actions[rng.randrange(len(actions))])

        def theirs():
            s = spiel.new_initial_state()
            while not s.is_terminal():
                actions = s.legal_actions()
                s.apply_action(actions[rng.randrange(len(actions))])

        a, b = rate(ours, seconds), rate(theirs, seconds)
        n = max(1000, int(a * 20))
        start = time.perf_counter()
        game.playouts(n, seed=1)
        batched = n / (time.perf_counter() - start)
        print(f"{label:<14} {a:>10.0f} {b:>10.0f} {a / b:>6.2f} {batched:>10.0f}")


if __name__ == "__main__":
    main()
