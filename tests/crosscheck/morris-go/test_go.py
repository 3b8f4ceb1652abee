"""Hand-checked positions for Go (expected lists worked out from the rules
text, not from the implementation).  Run: python3 test_go.py
Depth-3 perft on 19x19: python3 perft_spec.py go"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from games import go as G  # noqa: E402


def points(n):
    return {f + str(r) for f in "abcdefghijklmnopqrs"[:n] for r in range(1, n + 1)}


def reach(moves, **opts):
    st = G.new_game({k: str(v) for k, v in opts.items()})
    for m in moves.split():
        st = G.play(st, m if m == "pass" else "S@" + m)
    return st


def legal(st):
    return sorted(set(G.legal_moves(st)))


def placements(pts):
    return sorted(["S@" + p for p in pts] + ["pass"])


class Basics(unittest.TestCase):
    def test_perft_shallow(self):
        st = G.new_game({})
        self.assertEqual([G.perft(st, d) for d in (1, 2)], [362, 130683])
        st = G.new_game({"size": "9"})
        self.assertEqual([G.perft(st, d) for d in (1, 2)], [82, 6643])

    def test_notation(self):
        st = G.new_game({})
        got = legal(st)
        self.assertEqual(len(got), 362)
        for m in ("S@a1", "S@s19", "S@i9", "S@j10", "pass"):
            self.assertIn(m, got)
        self.assertEqual(legal(G.new_game({"size": "9"})), placements(points(9)))
        self.assertIn("S@i9", legal(G.new_game({"size": "9"})))
        self.assertNotIn("S@j1", legal(G.new_game({"size": "9"})))

    def test_illegal_rejected(self):
        st = reach("c3", size=5)
        for bad in ("S@c3", "S@f1", "S@a6", "X@a1", "c3"):
            with self.assertRaises(ValueError):
                G.play(st.copy(), bad)


class Captures(unittest.TestCase):
    def test_group_captured(self):
        # White c3 c4 surrounded by Black b3 d3 b4 d4 c2; Black c5 takes its
        # last liberty: both stones leave the board.
        st = reach("b3 c3 d3 c4 b4 a5 d4 e1 c2 e2", size=5)
        self.assertIn("S@c5", legal(st))
        G.play(st, "S@c5")
        black = {"b3", "d3", "b4", "d4", "c2", "c5"}
        white = {"a5", "e1", "e2"}
        # every empty point is legal for White (each has an empty neighbour)
        self.assertEqual(legal(st), placements(points(5) - black - white))
        self.assertIn("S@c3", legal(st))
        self.assertIn("S@c4", legal(st))
        # {c3, c4} is now an empty region touching Black only; the rest of
        # the empty points form one region touching both colours.
        self.assertEqual(G.score(st), (6 + 2, 3 + 7))

    def test_two_groups_captured_at_once(self):
        # White a1 and c1 each have one liberty, b1; Black b1 takes both.
        st = reach("a2 a1 b2 c1 c2 e5 d1 e4", size=5)
        G.play(st, "S@b1")
        # White keeps e4 e5 (the big region touches both colours); Black has
        # a2 b2 c2 d1 b1 plus the one-point regions a1 and c1.
        self.assertEqual(G.score(st), (5 + 2, 2 + 7))
        # both points are now empty but surrounded by Black: suicide for White
        self.assertNotIn("S@a1", legal(st))
        self.assertNotIn("S@c1", legal(st))
        G.play(st, "pass")
        self.assertIn("S@a1", legal(st))
        self.assertIn("S@c1", legal(st))

    def test_suicide_refused(self):
        # a1 with Black b1 and a2 around it: a White stone there has no
        # liberty and captures nothing.
        st = reach("b1 e5 a2", size=5)
        want = placements(points(5) - {"b1", "a2", "e5", "a1"})
        self.assertEqual(legal(st), want)
        with self.assertRaises(ValueError):
            G.play(st, "S@a1")
        # for Black, a1 is fine (joins b1 / a2 which keep liberties)
        G.play(st, "pass")
        self.assertIn("S@a1", legal(st))

    def test_group_suicide_refused(self):
        # White a1 b1 in the corner, liberty c1 only (a2 b2 are Black); with
        # Black c2 and d1 also there, White c1 would leave {a1 b1 c1} without
        # a liberty while capturing nothing (Black's groups keep liberties).
        st = reach("a2 a1 b2 b1 c2 e5 d1", size=5)
        self.assertNotIn("S@c1", legal(st))
        # Black c1 captures a1 b1 instead
        G.play(st, "pass")
        G.play(st, "S@c1")
        self.assertIn("S@a1", legal(st))
        self.assertIn("S@b1", legal(st))

    def test_capture_is_not_suicide(self):
        # Black b1 (liberty a1 only) and a2 (liberties a1 a3).  White a1 has
        # no empty neighbour and no friendly neighbour, but it captures b1,
        # so it is legal.
        st = reach("b1 c1 a2 b2 pass", size=5)
        self.assertIn("S@a1", legal(st))
        G.play(st, "S@a1")
        # b1 is now a one-point region touching White only
        self.assertEqual(G.score(st), (1, 3 + 1 + 7))


KO = "c4 d4 b3 e3 c2 d2 a5 c3 d3"   # Black d3 takes White c3 (a ko)


class Ko(unittest.TestCase):
    def test_simple_ko_retake_refused(self):
        st = reach(KO, size=5)
        black = {"c4", "b3", "c2", "a5", "d3"}
        white = {"d4", "e3", "d2"}
        # White c3 would take d3 and recreate the board before Black's d3
        self.assertEqual(legal(st), placements(points(5) - black - white - {"c3"}))
        # after an exchange elsewhere White may retake ...
        G.play(st, "S@a1")
        G.play(st, "S@b5")
        self.assertIn("S@c3", legal(st))
        G.play(st, "S@c3")
        # ... and now Black may not retake at once
        black = {"c4", "b3", "c2", "a5", "b5"}
        white = {"d4", "e3", "d2", "a1", "c3"}
        self.assertEqual(legal(st), placements(points(5) - black - white - {"d3"}))

    def test_simple_ko_also_refused_with_superko(self):
        st = reach(KO, size=5, superko="true")
        self.assertNotIn("S@c3", legal(st))

    def test_superko(self):
        # P0 (after ply 7): Black a1 b2 c2 d1, White a2 d5 e5.  White b1
        # takes a1, Black passes, White c1 (b1 c1 keep only a1), and Black a1
        # would take b1 c1 and recreate P0.  The board two plies earlier is
        # the one after White's b1, so simple ko allows it; superko does not.
        seq = "b2 a2 c2 e5 d1 d5 a1 b1 pass c1"
        black = {"b2", "c2", "d1"}
        white = {"a2", "e5", "d5", "b1", "c1"}
        st = reach(seq, size=5)
        self.assertEqual(legal(st), placements(points(5) - black - white))
        st = reach(seq, size=5, superko="true")
        self.assertEqual(legal(st), placements(points(5) - black - white - {"a1"}))
        self.assertEqual(G.status(st), "ongoing")


class Scoring(unittest.TestCase):
    WALL = "c1 d1 c2 d2 c3 d3 c4 d4 c5 d5 pass pass"   # Black c-file, White d-file

    def test_scored_with_komi(self):
        # Black: 5 stones + a,b files (10) = 15.  White: 5 + e file (5) = 10 + komi.
        st = reach(self.WALL, size=5)
        self.assertEqual(G.score(st), (15, 17))
        self.assertEqual(G.status(st), "win White")
        self.assertEqual(G.legal_moves(st), [])
        self.assertEqual(G.status(reach(self.WALL, size=5, komi=0)), "win Black")
        self.assertEqual(G.status(reach(self.WALL, size=5, komi=5)), "draw")
        self.assertEqual(G.status(reach(self.WALL, size=5, komi=6)), "win White")

    def test_neutral_points(self):
        # Black b-file, White d-file: the c-file touches both and counts for
        # nobody.  Black 5 + 5 (a file), White 5 + 5 (e file) + komi.
        seq = "b1 d1 b2 d2 b3 d3 b4 d4 b5 d5 pass pass"
        self.assertEqual(G.score(reach(seq, size=5)), (10, 17))
        self.assertEqual(G.status(reach(seq, size=5)), "win White")
        self.assertEqual(G.status(reach(seq, size=5, komi=0)), "draw")
        self.assertEqual(G.status(reach(seq, size=5, komi=-1)), "win Black")

    def test_two_passes_needed(self):
        st = reach("pass c3 pass", size=5)     # the stone at c3 is White's
        self.assertEqual(G.status(st), "ongoing")
        G.play(st, "S@a1")                     # White again (ply 4)
        G.play(st, "pass")
        self.assertEqual(G.status(st), "ongoing")
        G.play(st, "pass")
        # White a1 c3; the other 23 points form one region touching White only
        self.assertEqual(G.score(st), (0, 2 + 23 + 7))
        self.assertEqual(G.status(st), "win White")
        st = reach("pass c3 pass pass", size=5, komi=0)
        # White 1 stone + 24 empty points touching only White
        self.assertEqual(G.score(st), (0, 25))

    def test_empty_board(self):
        st = reach("pass pass", size=9)
        self.assertEqual(G.score(st), (0, 7))      # the region touches no stone
        self.assertEqual(G.status(st), "win White")
        self.assertEqual(G.status(reach("pass pass", size=9, komi=0)), "draw")

    def test_move_limit(self):
        st = reach("c3 pass d4", size=5, move_limit=4)
        self.assertEqual(G.status(st), "ongoing")
        G.play(st, "S@a1")
        # Black c3 d4 (2) + empty region touching... the big region touches
        # both colours -> Black 2, White 1 + 7
        self.assertEqual(G.score(st), (2, 8))
        self.assertEqual(G.status(st), "win White")
        self.assertEqual(G.legal_moves(st), [])


if __name__ == "__main__":
    unittest.main()
