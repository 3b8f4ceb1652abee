"""Each module's fast perft agrees with a naive count through legal_moves/play,
on positions reached by random play (including finished ones)."""
import random
import unittest

from games import load

# game -> (options, naive depth, number of random games)
CASES = {
    "tic-tac-toe": ({}, 3, 20),
    "connect-four": ({}, 3, 10),
    "reversi": ({}, 3, 6),
    "hex": ({"size": "4"}, 3, 15),
    "amazons": ({}, 1, 3),
}


def naive(g, state, depth):
    if depth == 0:
        return 1
    total = 0
    for m in g.legal_moves(state):
        total += naive(g, g.play(copy(state), m), depth - 1)
    return total


def copy(state):
    return state.copy()


class Consistency(unittest.TestCase):
    def test_perft_matches_legal_moves(self):
        rng = random.Random(11)
        for game, (options, depth, n) in CASES.items():
            g = load(game)
            for _ in range(n):
                s = g.new_game(options)
                ply = 0
                while True:
                    if ply % 5 == 0 or not g.legal_moves(s):
                        d = depth + 1 if game == "amazons" and len(g.legal_moves(s)) < 60 else depth
                        before = repr(s)
                        self.assertEqual(g.perft(s, d), naive(g, s, d), f"{game} {s!r}")
                        self.assertEqual(repr(s), before, "perft changed the state")
                    moves = g.legal_moves(s)
                    self.assertEqual(len(moves), len(set(moves)), "duplicate moves")
                    self.assertEqual(g.status(s) == "ongoing", bool(moves))
                    if not moves:
                        break
                    s = g.play(s, rng.choice(moves))
                    ply += 1


if __name__ == "__main__":
    unittest.main()
