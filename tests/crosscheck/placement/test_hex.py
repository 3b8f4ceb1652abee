"""Hand-checked positions for hex (spec/hex.md), and the flood-fill oracle."""
import os
import random
import unittest

from games import hex as G

SLOW = os.environ.get("XCHECK_SLOW") == "1"


def after(size, *cells):
    s = G.new_game({"size": str(size)})
    for c in cells:
        m = "S@" + c
        assert m in G.legal_moves(s), (m, s)
        s = G.play(s, m)
        assert G.status(s) == ("win " + G.winner(s) if G.winner(s) else "ongoing"), s
    return s


class Hex(unittest.TestCase):
    def test_sizes(self):
        self.assertEqual(len(G.legal_moves(G.new_game({}))), 121)
        self.assertIn("S@k11", G.legal_moves(G.new_game({})))
        self.assertEqual(sorted(G.legal_moves(G.new_game({"size": "2"}))),
                         ["S@a1", "S@a2", "S@b1", "S@b2"])
        s19 = G.legal_moves(G.new_game({"size": "19"}))
        self.assertEqual(len(s19), 361)
        self.assertIn("S@s19", s19)
        for bad in ("1", "20", "x"):
            with self.assertRaises(ValueError):
                G.new_game({"size": bad})
        with self.assertRaises(ValueError):
            G.new_game({"swap": "1"})

    def test_occupied_cells_leave_the_list(self):
        s = after(3, "b2", "a1")
        self.assertEqual(sorted(G.legal_moves(s)),
                         ["S@a2", "S@a3", "S@b1", "S@b3", "S@c1", "S@c2", "S@c3"])
        with self.assertRaises(ValueError):
            G.play(s, "S@b2")

    def test_up_left_diagonal_is_adjacent(self):
        # size 2: b1 = (1,0) and a2 = (0,1) are neighbours ((f-1, r+1))
        s = after(2, "b1", "a1")
        self.assertEqual(G.status(s), "ongoing")
        s = G.play(s, "S@a2")
        self.assertEqual(G.status(s), "win Red")
        self.assertEqual(G.winner(s), "Red")
        self.assertEqual(G.legal_moves(s), [])

    def test_up_right_diagonal_is_not_adjacent(self):
        # size 2: a1 = (0,0) and b2 = (1,1) are not neighbours
        s = after(2, "a1", "a2", "b2")
        self.assertEqual(G.status(s), "ongoing")
        self.assertIsNone(G.winner(s))
        # Blue a2 + b1 (neighbours) joins file a to file b
        s = G.play(s, "S@b1")
        self.assertEqual(G.status(s), "win Blue")

    def test_blue_wins_along_the_anti_diagonal(self):
        # size 3: Blue a3 (0,2) - b2 (1,1) - c1 (2,0) is a chain from file a to file c
        s = after(3, "a1", "c1", "c3", "a3", "a2")
        self.assertEqual(G.status(s), "ongoing")
        s = G.play(s, "S@b2")
        self.assertEqual(G.status(s), "win Blue")

    def test_red_chain_on_the_main_diagonal_does_not_win(self):
        # size 3: Red a1 b2 c3 are pairwise non-adjacent (only (f+1, r+1) separates them)
        s = after(3, "a1", "c1", "b2", "a3", "c3")
        self.assertEqual(G.status(s), "ongoing")
        self.assertIsNone(G.winner(s))
        s = G.play(s, "S@c2")      # Blue c1 c2 a3
        s = G.play(s, "S@b3")      # Red b2-b3-c3 reaches rank 3 but not rank 1; a1 alone
        self.assertEqual(G.status(s), "ongoing")
        s = G.play(s, "S@a2")      # Blue a2-a3 (file a) and c1-c2 (file c): b1 empty, b2 Red
        self.assertEqual(G.status(s), "ongoing")
        s = G.play(s, "S@b1")      # Red a1-b1-b2-b3: b1 touches a1 (f-1, r) and b2 (f, r+1)
        self.assertEqual(G.status(s), "win Red")

    def test_rank_for_blue_and_row_of_red_on_one_edge(self):
        # size 11: Red fills rank 1 (no win: a single edge), Blue fills rank 6
        cells = []
        for f in "abcdefghijk":
            cells += [f + "1", f + "6"]
        s = after(11, *cells[:-1])
        self.assertEqual(G.status(s), "ongoing")
        s = G.play(s, "S@k6")
        self.assertEqual(G.status(s), "win Blue")

    def test_red_file(self):
        cells = []
        for r in range(1, 12):
            cells += [f"a{r}", f"c{r}"]
        s = after(11, *cells[:20])          # Red a1..a10, Blue c1..c10
        self.assertEqual(G.status(s), "ongoing")
        s = G.play(s, "S@a11")
        self.assertEqual(G.status(s), "win Red")

    def test_oracle_agrees_on_random_games(self):
        rng = random.Random(7)
        for n in (2, 3, 4, 5, 7, 11, 19):
            for _ in range(40 if n < 11 else 10):
                s = G.new_game({"size": str(n)})
                while True:
                    w = G.winner(s)
                    self.assertEqual(G.status(s), "win " + w if w else "ongoing", s)
                    moves = G.legal_moves(s)
                    if not moves:
                        self.assertIsNotNone(w)
                        break
                    s = G.play(s, rng.choice(moves))

    def test_perft(self):
        s = G.new_game({})
        self.assertEqual(G.perft(s, 1), 121)
        self.assertEqual(G.perft(s, 2), 14520)
        if SLOW:
            self.assertEqual(G.perft(s, 3), 1727880)
        # size 2: nobody can win before ply 3, so perft 3 = 4 * 3 * 2.  Red's two stones
        # win when they are a1+a2, b1+b2 or b1+a2 (a1+b2 are not neighbours): 3 pairs,
        # 6 orders, 2 choices for Blue in between = 12 of the 24 three-move sequences
        # end the game; the other 12 have one empty cell left.  A full board always has
        # a winner, so there is no fifth move.
        s2 = G.new_game({"size": "2"})
        self.assertEqual([G.perft(s2, d) for d in range(6)], [1, 4, 12, 24, 12, 0])

if __name__ == "__main__":
    unittest.main()
