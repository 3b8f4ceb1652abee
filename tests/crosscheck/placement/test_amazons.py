"""Hand-checked positions for the Game of the Amazons (spec/amazons.md)."""
import os
import unittest

from games import amazons as G

SLOW = os.environ.get("XCHECK_SLOW") == "1"


def after(*moves):
    s = G.new_game({})
    for m in moves:
        assert m in G.legal_moves(s), (m, s)
        s = G.play(s, m)
    return s


class Amazons(unittest.TestCase):
    def test_start(self):
        s = G.new_game({})
        moves = G.legal_moves(s)
        self.assertEqual(len(moves), 2176)
        self.assertEqual(len(set(moves)), 2176)
        self.assertEqual(G.status(s), "ongoing")
        have = set(moves)
        for m in ("a4-d4,X@d7",      # the example of the spec
                  "d1-d2,X@d1",      # the arrow lands on the cell just left
                  "a4-a5,X@a3",      # ... or flies over it
                  "a4-d4,X@a4",
                  "d1-d9,X@d8",
                  "j4-j6,X@j4"):
            self.assertIn(m, have)
        for m in ("a4-a7,X@a8",      # a7 holds a Black amazon
                  "a4-a8,X@a9",      # no jumping over it
                  "d1-d2,X@d10",     # the arrow cannot fly over / land on an amazon
                  "d1-d9,X@d10",
                  "d1-e3,X@e4",      # not a queen line
                  "a7-a6,X@a5"):     # not White's amazon
            self.assertNotIn(m, have)

    def test_arrows_block(self):
        s = after("d1-d2,X@d1", "d10-d9,X@d10")
        have = set(G.legal_moves(s))
        self.assertNotIn("d2-d1,X@d2", have)          # d1 holds an arrow
        self.assertNotIn("d2-c1,X@d1", have)
        self.assertIn("d2-c1,X@b1", have)
        self.assertNotIn("d2-d8,X@d9", have)          # Black amazon on d9
        self.assertIn("d2-d8,X@d7", have)
        self.assertNotIn("g1-e1,X@c1", have)          # the arrow would fly over d1
        self.assertNotIn("g1-e1,X@d2", have)          # d2 holds White's amazon
        self.assertFalse(any(m.startswith("g1-c1") or m.startswith("g1-b1") for m in have))
        with self.assertRaises(ValueError):
            G.play(s.copy(), "g1-c1,X@c2")
        with self.assertRaises(ValueError):
            G.play(s.copy(), "d2-d1,X@d2")

    def test_single_amazon_count(self):
        # White a1 with arrows a3 b2 c1: the amazon can go to a2 or b1 only.
        # From a2 the arrow reaches a1 (just left), b1, and b3 c4 d5 e6 f7 g8 h9 i10: 10.
        # From b1: a1, a2, and c2 d3 e4 f5 g6 h7 i8 j9: 10.
        s = G.setup(white=["a1"], black=["j10"], arrows=["a3", "b2", "c1"])
        moves = G.legal_moves(s)
        self.assertEqual(len(moves), 20)
        self.assertEqual(sorted(m for m in moves if m.startswith("a1-b1")),
                         sorted("a1-b1,X@" + c for c in
                                ("a1", "a2", "c2", "d3", "e4", "f5", "g6", "h7", "i8", "j9")))
        self.assertEqual(G.perft(s, 1), 20)

    def test_trapped_player_loses(self):
        # White a1; every neighbour of b2 except a1 blocked: the only move is a1-b2 and
        # the arrow back onto a1, after which White's amazon has no empty neighbour.
        s = G.setup(white=["a1"], black=["j10"],
                    arrows=["a2", "b1", "a3", "b3", "c1", "c2", "c3"])
        self.assertEqual(G.legal_moves(s), ["a1-b2,X@a1"])
        s = G.play(s, "a1-b2,X@a1")
        self.assertEqual(G.status(s), "ongoing")          # Black to move, and can
        s = G.play(s, "j10-j9,X@j10")
        self.assertEqual(G.status(s), "win Black")
        self.assertEqual(G.legal_moves(s), [])
        self.assertEqual(G.perft(s, 1), 0)

    def test_loser_is_the_player_to_move(self):
        # both sides boxed in: the player to move loses
        arrows = ["a2", "b1", "b2", "j9", "i10", "i9"]
        self.assertEqual(G.status(G.setup(white=["a1"], black=["j10"], arrows=arrows,
                                          turn="White")), "win Black")
        self.assertEqual(G.status(G.setup(white=["a1"], black=["j10"], arrows=arrows,
                                          turn="Black")), "win White")
        # a Black amazon with one free neighbour still has a move
        s = G.setup(white=["a1"], black=["j10"], arrows=["a2", "b1", "b2", "j9", "i10"],
                    turn="Black")
        self.assertEqual(G.status(s), "ongoing")
        moves = G.legal_moves(s)
        self.assertIn("j10-i9,X@j10", moves)
        # it can only slide down the long diagonal, up to c3 (b2 holds an arrow)
        self.assertEqual({m.split(",")[0] for m in moves},
                         {"j10-" + c for c in ("i9", "h8", "g7", "f6", "e5", "d4", "c3")})

    def test_perft(self):
        s = G.new_game({})
        self.assertEqual(G.perft(s, 1), 2176)
        self.assertEqual(G.perft(s, 2), 4307152)


if __name__ == "__main__":
    unittest.main()
