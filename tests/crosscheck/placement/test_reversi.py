"""Hand-checked positions for reversi (spec/reversi.md)."""
import os
import unittest

from games import reversi as G

SLOW = os.environ.get("XCHECK_SLOW") == "1"


def after(*cells):
    s = G.new_game({})
    for c in cells:
        m = c if c == "pass" else "D@" + c
        assert m in G.legal_moves(s), (m, s)
        s = G.play(s, m)
    return s


def discs(s):
    """(sorted Black cells, sorted White cells)"""
    return tuple(sorted(G.NAMES[i] for i in range(64) if (s.discs[k] >> i) & 1) for k in (0, 1))


class Reversi(unittest.TestCase):
    def test_start(self):
        s = G.new_game({})
        self.assertEqual(discs(s), (["d5", "e4"], ["d4", "e5"]))
        # d3 (run d4 to d5), c4 (d4 to e4), f5 (e5 to d5), e6 (e5 to e4)
        self.assertEqual(sorted(G.legal_moves(s)), ["D@c4", "D@d3", "D@e6", "D@f5"])
        self.assertEqual(G.status(s), "ongoing")

    def test_first_reply(self):
        s = after("d3")
        self.assertEqual(discs(s), (["d3", "d4", "d5", "e4"], ["e5"]))
        # White's only disc e5: runs e4 (to e3), d5 (to c5), d4 (to c3)
        self.assertEqual(sorted(G.legal_moves(s)), ["D@c3", "D@c5", "D@e3"])
        with self.assertRaises(ValueError):
            G.play(s, "D@f6")        # adjacent to nothing flippable
        with self.assertRaises(ValueError):
            G.play(s, "pass")        # a pass is legal only without a placement

    def test_nine_move_wipe_out_flips_three_directions(self):
        s = after("d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3")
        self.assertEqual(discs(s), (["b3", "c3", "d2", "d3", "d4", "d5", "d6", "d7", "e1"],
                                    ["e3", "e4", "e5"]))
        # d7 flipped the long run d6 d5 d4 d3 (ending on d2); now f4 flips e4 (west, to d4),
        # e3 (south-west, to d2) and e5 (north-west, to d6): White has no disc left.
        s = G.play(s, "D@f4")
        self.assertEqual(discs(s)[1], [])
        self.assertEqual(len(discs(s)[0]), 13)
        self.assertEqual(G.legal_moves(s), [])
        self.assertEqual(G.status(s), "win Black")
        self.assertEqual(G.perft(s, 1), 0)

    def test_forced_pass(self):
        s = after("d3", "c3", "b3", "b2", "f5", "a3", "a1", "c1")
        #   rank 5: d5 e5 f5 B   rank 4: d4 e4 B
        #   rank 3: a3 b3 W, c3 d3 B   rank 2: b2 W   rank 1: a1 B, c1 W
        self.assertEqual(discs(s), (["a1", "c3", "d3", "d4", "d5", "e4", "e5", "f5"],
                                    ["a3", "b2", "b3", "c1"]))
        # Every White run (a3-b3, b3-b2, b2, c1) ends on an empty cell or the edge on the
        # far side, so Black cannot place; White can (f6 flips e5 d4 c3 back to b2).
        self.assertEqual(G.legal_moves(s), ["pass"])
        self.assertEqual(G.status(s), "ongoing")
        with self.assertRaises(ValueError):
            G.play(s.copy(), "D@a2")
        self.assertEqual(G.perft(s, 1), 1)
        s = G.play(s, "pass")
        self.assertIn("D@f6", G.legal_moves(s))
        s = G.play(s, "D@f6")
        self.assertEqual(discs(s)[1], ["a3", "b2", "b3", "c1", "c3", "d4", "e5", "f6"])

    def test_no_wrap_around_edges(self):
        # h1 and a2 are consecutive bits, h1 and a3 are 9 apart, a8 follows h7: no run
        # may wrap round an edge (h1 for Black in the first two cases, a8 in the third).
        s = G.setup(black=["b2"], white=["a2"], turn="Black")
        self.assertEqual(G.legal_moves(s), ["pass"])     # only White can play (c2)
        self.assertEqual(G.legal_moves(G.setup(black=["b2"], white=["a2"], turn="White")), ["D@c2"])
        s = G.setup(black=["b4"], white=["a3"], turn="Black")
        self.assertEqual(G.legal_moves(s), ["pass"])
        s = G.setup(black=["g7"], white=["h7"], turn="Black")
        self.assertEqual(G.legal_moves(s), ["pass"])     # a8 would wrap westwards onto h7
        self.assertEqual(G.legal_moves(G.setup(black=["g7"], white=["h7"], turn="White")), ["D@f7"])

    def test_run_must_end_on_own_disc(self):
        # Black a1; White b1 c1 e1 f1.  d1: the run c1 b1 ends on a1 (flipped), the run
        # e1 f1 ends on the empty g1 (not flipped).  g1 itself: f1 e1 then empty d1.
        s = G.setup(black=["a1"], white=["b1", "c1", "e1", "f1"], turn="Black")
        self.assertEqual(G.legal_moves(s), ["D@d1"])
        s = G.play(s, "D@d1")
        self.assertEqual(discs(s), (["a1", "b1", "c1", "d1"], ["e1", "f1"]))
        self.assertEqual(G.legal_moves(s), ["pass"])          # White has no Black run to close
        self.assertEqual(G.status(s), "ongoing")
        s = G.play(s, "pass")
        self.assertEqual(G.legal_moves(s), ["D@g1"])
        s = G.play(s, "D@g1")
        self.assertEqual(discs(s), (["a1", "b1", "c1", "d1", "e1", "f1", "g1"], []))
        self.assertEqual(G.status(s), "win Black")

    def test_game_over_counts(self):
        # neither side can place: the disc count decides, no pass
        s = G.setup(black=["a1"], white=["h8"], turn="Black")
        self.assertEqual(G.legal_moves(s), [])
        self.assertEqual(G.status(s), "draw")
        with self.assertRaises(ValueError):
            G.play(s, "pass")
        s = G.setup(black=["a1"], white=["h8", "h7"], turn="Black")
        self.assertEqual(G.status(s), "win White")
        full_b = [G.NAMES[i] for i in range(64) if i % 2 == 0]
        full_w = [G.NAMES[i] for i in range(64) if i % 2 == 1]
        self.assertEqual(G.status(G.setup(black=full_b, white=full_w)), "draw")
        self.assertEqual(G.legal_moves(G.setup(black=full_b, white=full_w)), [])
        self.assertEqual(G.status(G.setup(black=full_b + full_w[:1], white=full_w[1:])), "win Black")

    def test_perft(self):
        expected = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571056]
        s = G.new_game({})
        for d, n in enumerate(expected[:9 if SLOW else 6], 1):
            self.assertEqual(G.perft(s, d), n, f"depth {d}")


if __name__ == "__main__":
    unittest.main()
