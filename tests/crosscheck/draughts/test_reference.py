"""Cross-checks the fast modules against the naive reference.py on random games
(every position of every game).  XCHECK_REF_GAMES sets the number of games (default 30)."""
import os
import random
import unittest

import reference
from games import english_checkers as ec
from games import international_draughts as idr

N = int(os.environ.get("XCHECK_REF_GAMES", "30"))


class TestAgainstReference(unittest.TestCase):
    def run_games(self, g, size, **rules):
        rng = random.Random(12345)
        kings = 0
        for n in range(N):
            s = g.new_game({"quiet_draw": "60"})
            while True:
                ours = sorted(set(g.legal_moves(s)))
                board, me = reference.from_fast(s, size)
                kings += any(k for _, k in board.values())
                ref = reference.legal(board, me, size, **rules) if g.status(s) != "draw" else []
                self.assertEqual(ours, ref, (n, s))
                if not ours:
                    break
                s = g.play(s, rng.choice(ours))
        self.assertGreater(kings, 0)

    def test_english(self):
        self.run_games(ec, 8, flying=False, men_capture_back=False, majority=False, crown_stops=True)

    def test_international(self):
        self.run_games(idr, 10, flying=True, men_capture_back=True, majority=True, crown_stops=False, by_ends=True)


if __name__ == "__main__":
    unittest.main()
