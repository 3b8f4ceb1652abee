"""Hand-checked positions for connect four (spec/connect-four.md)."""
import os
import unittest

from games import connect_four as G

SLOW = os.environ.get("XCHECK_SLOW") == "1"


def after(*cells):
    s = G.new_game({})
    for c in cells:
        m = "D@" + c
        assert m in G.legal_moves(s), (m, s)
        s = G.play(s, m)
    return s


class ConnectFour(unittest.TestCase):
    def test_start(self):
        s = G.new_game({})
        self.assertEqual(sorted(G.legal_moves(s)), [f"D@{f}1" for f in "abcdefg"])

    def test_gravity(self):
        s = after("a1", "a2", "c1")
        self.assertEqual(sorted(G.legal_moves(s)),
                         ["D@a3", "D@b1", "D@c2", "D@d1", "D@e1", "D@f1", "D@g1"])
        with self.assertRaises(ValueError):
            G.play(s, "D@a5")           # floating disc
        with self.assertRaises(ValueError):
            G.play(s, "D@a2")           # occupied

    def test_full_column(self):
        s = after("a1", "a2", "a3", "a4", "a5", "a6")   # R Y R Y R Y: no four
        self.assertEqual(G.status(s), "ongoing")
        self.assertEqual(sorted(G.legal_moves(s)), [f"D@{f}1" for f in "bcdefg"])

    def test_vertical_win(self):
        s = after("a1", "b1", "a2", "b2", "a3", "b3")
        self.assertEqual(G.status(s), "ongoing")
        s = G.play(s, "D@a4")
        self.assertEqual(G.status(s), "win Red")
        self.assertEqual(G.legal_moves(s), [])

    def test_vertical_win_yellow(self):
        s = after("a1", "b1", "a2", "b2", "a3", "b3", "c1", "b4")
        self.assertEqual(G.status(s), "win Yellow")

    def test_horizontal_win(self):
        s = after("a1", "a2", "b1", "b2", "c1", "c2", "d1")
        self.assertEqual(G.status(s), "win Red")

    def test_three_is_not_four(self):
        s = after("a1", "a2", "b1", "b2", "c1", "c2", "e1")  # R a1 b1 c1 . e1
        self.assertEqual(G.status(s), "ongoing")

    def test_diagonal_win(self):
        # Red a1 b2 c3 d4 (up-right diagonal); Yellow b1 c1 c2 d2 d3
        s = after("a1", "b1", "b2", "c1", "d1", "c2", "c3", "d2", "e1", "d3")
        self.assertEqual(G.status(s), "ongoing")
        s = G.play(s, "D@d4")
        self.assertEqual(G.status(s), "win Red")

    def test_anti_diagonal_win(self):
        # Yellow d1 c2 b3 a4 (up-left diagonal)
        s = after("g1", "d1", "c1", "c2", "b1", "b2", "a1", "b3", "a2", "a3", "g2", "a4")
        self.assertEqual(G.status(s), "win Yellow")

    def test_no_wrap_between_columns(self):
        # Red a6 (top of a) and b1 b2 b3 must not make a line through the bit layout
        s = after("a1", "a2", "a3", "a4", "a5", "c1", "a6", "c2", "b1", "c3", "b2", "d1", "b3")
        self.assertEqual(G.status(s), "ongoing")

    def test_draw(self):
        # Columns of type A (R,Y,R,Y,R,Y bottom-up) and B (Y,R,Y,R,Y,R): a b e f are A,
        # c d g are B.  No four vertically (alternating), horizontally (AABBAAB has no
        # run of four), or diagonally (would need the column types to alternate over
        # four consecutive columns).  Order: a; b1, c1-c6, b2-b6; e1, d1-d6, e2-e6;
        # f1, g1-g6, f2-f6 -- the colours then alternate R, Y, R, ...
        cells = ["a%d" % r for r in range(1, 7)]
        for a, b in (("b", "c"), ("e", "d"), ("f", "g")):
            cells += [a + "1"] + [b + str(r) for r in range(1, 7)] + [a + str(r) for r in range(2, 7)]
        s = after(*cells[:-1])
        self.assertEqual(G.status(s), "ongoing")
        self.assertEqual(G.legal_moves(s), ["D@f6"])
        s = G.play(s, "D@f6")
        self.assertEqual(G.status(s), "draw")
        self.assertEqual(G.legal_moves(s), [])

    def test_perft(self):
        expected = [7, 49, 343, 2401, 16807, 117649, 823536, 5673234, 39394572]
        s = G.new_game({})
        for d, n in enumerate(expected[:9 if SLOW else 7], 1):
            self.assertEqual(G.perft(s, d), n, f"depth {d}")


if __name__ == "__main__":
    unittest.main()
