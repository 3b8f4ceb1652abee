"""Random games played side by side by the fast implementations (games/) and
the naive ones (naive_ref.py): legal lists and statuses must agree at every
position.  Also checks the fast perft against a perft through the public API."""
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from games import go, nine_mens_morris as morris  # noqa: E402
from naive_ref import NaiveGo, NaiveMorris  # noqa: E402

SLOW = os.environ.get("SLOW") == "1"


class GoDifferential(unittest.TestCase):
    def run_games(self, n, superko, games, seed, komi=7, move_limit=0, max_plies=400):
        rng = random.Random(seed)
        opts = {"size": str(n), "superko": str(superko).lower(), "komi": str(komi),
                "move_limit": str(move_limit)}
        kos = 0
        for gno in range(games):
            fast = go.new_game(opts)
            ref = NaiveGo(n, superko, komi, move_limit)
            moves = []
            for _ in range(max_plies):
                a = sorted(set(go.legal_moves(fast)))
                b = ref.legal()
                self.assertEqual(a, b, f"size {n} superko {superko} game {gno} after {moves}")
                self.assertEqual(go.status(fast), ref.status(), moves)
                if not a:
                    break
                # fewer passes than uniform so that boards fill up and kos occur
                stones = [m for m in a if m != "pass"]
                m = rng.choice(stones) if stones and rng.random() < 0.97 else "pass"
                moves.append(m)
                go.play(fast, m)
                ref.play(m)
            kos += 1
        return kos

    def test_small_boards(self):
        for n in (2, 3, 4, 5):
            for superko in (False, True):
                self.run_games(n, superko, 30 if SLOW else 8, seed=n * 10 + superko)

    def test_seven_and_nine(self):
        self.run_games(7, False, 4 if SLOW else 1, seed=7, max_plies=300)
        self.run_games(7, True, 4 if SLOW else 1, seed=8, max_plies=300)
        self.run_games(9, False, 2 if SLOW else 1, seed=9, move_limit=150, max_plies=200)

    def test_perft_matches_public_api(self):
        for opts, d in (({"size": "4"}, 3), ({"size": "3", "superko": "true"}, 4),
                        ({"size": "2"}, 6), ({"size": "2", "superko": "true"}, 6)):
            st = go.new_game(opts)
            self.assertEqual(go.perft(st, d), go.perft_slow(st, d), opts)


class MorrisDifferential(unittest.TestCase):
    def test_random_games(self):
        rng = random.Random(1)
        for gno in range(60 if SLOW else 15):
            qd = rng.choice([0, 0, 1, 3, 20])
            fast = morris.new_game({"quiet_draw": str(qd)})
            ref = NaiveMorris(qd)
            moves = []
            for _ in range(300):
                a = sorted(set(morris.legal_moves(fast)))
                b = ref.legal()
                self.assertEqual(a, b, f"game {gno} quiet_draw {qd} after {moves}")
                self.assertEqual(morris.status(fast), ref.status(), moves)
                if not a:
                    break
                m = rng.choice(a)
                moves.append(m)
                morris.play(fast, m)
                ref.play(m)

    def test_fast_perft_matches_public_api(self):
        # positions in the moving phase, with flying and removals
        rng = random.Random(3)
        checked = 0
        while checked < (12 if SLOW else 4):
            st = morris.new_game({})
            for _ in range(rng.randrange(14, 60)):
                ms = morris.legal_moves(st)
                if not ms:
                    break
                morris.play(st, rng.choice(ms))
            if morris.status(st) != "ongoing":
                continue
            for d in (1, 2, 3):
                self.assertEqual(morris.perft(st, d), morris.perft_slow(st.copy(), d))
            checked += 1


if __name__ == "__main__":
    unittest.main()
