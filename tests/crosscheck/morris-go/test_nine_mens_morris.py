"""Hand-checked positions for nine men's morris (expected lists worked out from
the rules text, not from the implementation).  Run: python3 test_nine_mens_morris.py
Deep perft (depths 5, 6): python3 perft_spec.py nine-mens-morris"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from games import nine_mens_morris as M  # noqa: E402

ALL = set("a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7".split())


def reach(moves, **opts):
    st = M.new_game({k: str(v) for k, v in opts.items()})
    for m in moves.split():
        st = M.play(st, m)
    return st


def places(*pts):
    return ["M@" + p for p in pts]


def legal(st):
    return sorted(set(M.legal_moves(st)))


class Basics(unittest.TestCase):
    def test_start(self):
        st = M.new_game({})
        self.assertEqual(legal(st), sorted(places(*ALL)))
        self.assertEqual(M.status(st), "ongoing")

    def test_perft_shallow(self):
        st = M.new_game({})
        for d, n in enumerate([1, 24, 552, 12144, 255024]):
            self.assertEqual(M.perft(st, d), n)

    def test_illegal_moves_rejected(self):
        st = reach("M@a1")
        for bad in ("M@a1", "a1-d1", "M@a1,xa1", "M@z9", "pass"):
            with self.assertRaises(ValueError):
                M.play(st.copy(), bad)


class Mills(unittest.TestCase):
    def test_mill_removes_a_man(self):
        # White a1 d1, Black b2 f2; White to place.  Only g1 closes a line of
        # White's (a1 d1 g1); neither Black man is in a line of three, so
        # either may be taken: M@g1 appears twice, with ,xb2 and ,xf2.
        st = reach("M@a1 M@b2 M@d1 M@f2")
        empty = ALL - {"a1", "b2", "d1", "f2"}
        want = places(*(empty - {"g1"})) + ["M@g1,xb2", "M@g1,xf2"]
        self.assertEqual(legal(st), sorted(want))
        self.assertNotIn("M@g1", legal(st))
        M.play(st, "M@g1,xb2")
        # b2 is empty again; Black (1 on board, 7 in hand) places anywhere empty
        self.assertEqual(legal(st), sorted(places(*(ALL - {"a1", "d1", "g1", "f2"}))))
        self.assertEqual(M.status(st), "ongoing")

    def test_exception_all_men_in_mills(self):
        # Black's mill a7 d7 g7 (removing White's b4), then White closes
        # a1 d1 g1: all Black men are in a mill, so any of them may go.
        st = reach("M@a1 M@a7 M@d1 M@d7 M@b4")
        self.assertIn("M@g7,xb4", legal(st))
        self.assertEqual(sorted(m for m in legal(st) if "g7" in m),
                         ["M@g7,xa1", "M@g7,xb4", "M@g7,xd1"])
        M.play(st, "M@g7,xb4")
        empty = ALL - {"a1", "d1", "a7", "d7", "g7"}
        want = places(*(empty - {"g1"})) + ["M@g1,xa7", "M@g1,xd7", "M@g1,xg7"]
        self.assertEqual(legal(st), sorted(want))

    def test_not_from_a_mill(self):
        # Same, but Black also has c5, outside any line of three: only c5
        # may be removed.
        st = reach("M@a1 M@a7 M@d1 M@d7 M@b4 M@g7,xb4 M@f2 M@c5")
        empty = ALL - {"a1", "d1", "f2", "a7", "d7", "g7", "c5"}
        want = places(*(empty - {"g1"})) + ["M@g1,xc5"]
        self.assertEqual(legal(st), sorted(want))


# White builds four mills while placing (removing b2, f2, c3, e3), then
# opens and closes a7 d7 g7 twice by d7-d6 / d6-d7.
PLACING = ("M@a1 M@b2 M@d1 M@f2 M@g1,xb2 M@c3 M@g4 M@e3 M@g7,xf2 M@b4 M@d7 M@f4 "
           "M@a7,xc3 M@b6 M@a4,xe3 M@c5 M@d2 M@e5")
TO_FLYING = PLACING + " d7-d6 e5-e4 d6-d7,xb6 e4-e5 d7-d6 e5-e4 d6-d7,xc5"


class MovingPhase(unittest.TestCase):
    def test_slides_only_with_more_than_three(self):
        st = reach(PLACING)
        # White: a1 d1 g1 g4 g7 d7 a7 a4 d2; Black: b4 f4 b6 c5 e5.
        # Only d7 and d2 touch an empty point; nothing closes a line.
        self.assertEqual(legal(st), sorted(["d7-d6", "d2-b2", "d2-f2", "d2-d3"]))

    def test_mill_by_sliding(self):
        st = reach(PLACING + " d7-d6 e5-e4")
        got = legal(st)
        # d6-d7 re-forms a7 d7 g7; no Black man is in a line of three
        self.assertEqual(sorted(m for m in got if m.startswith("d6-d7")),
                         ["d6-d7,xb4", "d6-d7,xb6", "d6-d7,xc5", "d6-d7,xe4", "d6-d7,xf4"])
        self.assertNotIn("d6-d7", got)

    def test_flying(self):
        st = reach(TO_FLYING)
        # Black: b4 e4 f4 (three men, none in hand) -> each may go to any of
        # the 12 empty points; no two of them share a line with an empty third
        # point (e4 f4 g4 has White's g4), so no move closes a mill.
        empty = ["b2", "f2", "c3", "d3", "e3", "c4", "c5", "d5", "e5", "b6", "d6", "f6"]
        want = [f"{s}-{t}" for s in ("b4", "e4", "f4") for t in empty]
        self.assertEqual(len(want), 36)
        self.assertEqual(legal(st), sorted(want))
        self.assertEqual(M.status(st), "ongoing")

    def test_flying_mill(self):
        # Black flies b4-e3 (e3 e4 e5 not yet complete), White d7-d6, then
        # Black's f4-e5 closes e3 e4 e5.  White's men in lines of three:
        # a1 d1 g1, g1 g4 g7, a1 a4 a7 (a7 d7 g7 is open: d7 left).  Only the
        # two others, d6 and d2, may be removed.
        st = reach(TO_FLYING + " b4-e3 d7-d6")
        got = [m for m in legal(st) if m.startswith("f4-e5")]
        self.assertEqual(sorted(got), ["f4-e5,xd2", "f4-e5,xd6"])

    def test_losing_with_two_men(self):
        st = reach(TO_FLYING + " b4-c4 d7-d6 c4-b4")
        self.assertIn("d6-d7,xb4", legal(st))
        M.play(st, "d6-d7,xb4")
        self.assertEqual(M.status(st), "win White")
        self.assertEqual(M.legal_moves(st), [])
        self.assertEqual(M.perft(st, 1), 0)


# Placements with no line of three for either side; afterwards every White man
# is surrounded: d1(a1 g1 d2) g1(d1 g4) b2(d2 b4) d2(b2 f2 d1 d3) e3(d3 e4)
# a4(a1 a7 b4) e4(e3 e5 f4) f4(e4 g4 f2 f6) f6(f4 d6).
BLOCKED = ("M@d1 M@a1 M@g1 M@f2 M@b2 M@d3 M@d2 M@b4 M@e3 M@g4 M@a4 M@d5 "
           "M@e4 M@e5 M@f4 M@d6 M@f6 M@a7")
# White a1 d2 e3 b4 c4 g4 c5 f6 d7, Black f2 c3 d3 a4 e4 f4 e5 a7 g7;
# c5-d5 leaves every Black man surrounded.
ALMOST = ("M@a1 M@f2 M@d2 M@c3 M@e3 M@d3 M@b4 M@a4 M@c4 M@e4 M@g4 M@f4 "
          "M@c5 M@e5 M@f6 M@a7 M@d7 M@g7")


class EndOfGame(unittest.TestCase):
    def test_blocked_player_loses(self):
        st = reach(BLOCKED)
        self.assertEqual(M.status(st), "win Black")
        self.assertEqual(M.legal_moves(st), [])

    def test_blocking_move(self):
        st = reach(ALMOST)
        self.assertEqual(legal(st), sorted(["a1-d1", "d2-b2", "d2-d1", "b4-b2", "b4-b6",
                                            "g4-g1", "c5-d5", "f6-d6", "d7-d6"]))
        M.play(st, "c5-d5")
        self.assertEqual(M.status(st), "win White")
        self.assertEqual(M.legal_moves(st), [])

    def test_quiet_draw(self):
        st = reach(ALMOST, quiet_draw=2)
        self.assertEqual(M.status(st), "ongoing")      # placements do not count
        M.play(st, "a1-d1")
        self.assertEqual(M.status(st), "ongoing")      # one quiet ply
        M.play(st, "a4-a1")
        self.assertEqual(M.status(st), "draw")         # two quiet plies
        self.assertEqual(M.legal_moves(st), [])

    def test_quiet_draw_one(self):
        st = reach(ALMOST, quiet_draw=1)
        self.assertEqual(M.status(st), "ongoing")
        M.play(st, "a1-d1")
        self.assertEqual(M.status(st), "draw")

    def test_blocked_beats_quiet_draw(self):
        # the count is reached, but the player to move has no move: they lose
        st = reach(ALMOST, quiet_draw=1)
        M.play(st, "c5-d5")
        self.assertEqual(M.status(st), "win White")

    def test_removal_resets_quiet_count(self):
        st = reach(PLACING + " d7-d6 e5-e4", quiet_draw=3)   # two quiet plies
        self.assertEqual(M.status(st), "ongoing")
        M.play(st, "d6-d7,xb6")                              # removal: count 0
        M.play(st, "e4-e5")
        M.play(st, "d7-d6")
        self.assertEqual(M.status(st), "ongoing")            # two quiet plies
        M.play(st, "e5-e4")
        self.assertEqual(M.status(st), "draw")               # three


if __name__ == "__main__":
    unittest.main()
