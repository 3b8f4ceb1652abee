"""Unit tests for games/international_draughts.py (expected values worked out
by hand from spec/international-draughts.md).
Run: python3 -m unittest test_international_draughts
Deeper perft values run only with XCHECK_SLOW=1 (see also perft.py)."""
import os
import unittest

from games import international_draughts as g


def after(moves, options=None, state=None):
    s = g.new_game(options or {}) if state is None else state
    for m in moves.split():
        assert m in g.legal_moves(s), (m, sorted(g.legal_moves(s)))
        s = g.play(s, m)
    return s


def legal(s):
    return sorted(set(g.legal_moves(s)))


class TestStart(unittest.TestCase):
    def test_opening_moves(self):
        s = g.new_game({})
        self.assertEqual(legal(s), ["b4-a5", "b4-c5", "d4-c5", "d4-e5", "f4-e5",
                                    "f4-g5", "h4-g5", "h4-i5", "j4-i5"])
        self.assertEqual(g.status(s), "ongoing")

    def test_black_replies(self):
        s = after("d4-e5")
        self.assertEqual(legal(s), ["a7-b6", "c7-b6", "c7-d6", "e7-d6", "e7-f6",
                                    "g7-f6", "g7-h6", "i7-h6", "i7-j6"])

    def test_first_exchange(self):
        # 1. d4-e5 c7-d6: White must take d6 (landing on the vacated c7),
        # then Black must retake from b8 or d8.
        s = after("d4-e5 c7-d6")
        self.assertEqual(legal(s), ["e5xc7"])
        s = after("e5xc7", state=s)
        self.assertEqual(legal(s), ["b8xd6", "d8xb6"])


class TestMen(unittest.TestCase):
    def test_man_steps_forward_only(self):
        s = g.setup({"d4": "w", "a9": "b"}, "White")
        self.assertEqual(legal(s), ["d4-c5", "d4-e5"])

    def test_man_captures_backward(self):
        s = g.setup({"d4": "w", "c3": "b"}, "White")
        self.assertEqual(legal(s), ["d4xb2"])

    def test_majority_rule(self):
        # b2 can take one piece, h2 two (one of them a king): only h2's capture is legal.
        s = g.setup({"b2": "w", "c3": "b", "h2": "w", "g3": "b", "g5": "B"}, "White")
        self.assertEqual(legal(s), ["h2xh6"])

    def test_round_trip_to_start_cell(self):
        # the man goes round four men and lands back on its start cell (counted empty)
        s = g.setup({"d2": "w", "c3": "b", "e3": "b", "c5": "b", "e5": "b"}, "White")
        self.assertEqual(legal(s), ["d2xd2"])
        s = after("d2xd2", state=s)
        self.assertEqual(g.status(s), "win White")

    def test_passing_far_rank_stays_man(self):
        s = g.setup({"b8": "w", "c9": "b", "e9": "b", "j10": "b"}, "White")
        self.assertEqual(legal(s), ["b8xf8"])
        s = after("b8xf8 j10-i9", state=s)
        self.assertEqual(s.board[g.INDEX["f8"]], 1)          # still a man
        self.assertEqual(legal(s), ["f8-e9", "f8-g9"])

    def test_crowning_on_far_rank(self):
        s = g.setup({"i9": "w", "a3": "b"}, "White")
        self.assertEqual(legal(s), ["i9-h10", "i9-j10"])
        s = after("i9-h10 a3-b2", state=s)
        self.assertEqual(s.board[g.INDEX["h10"]], 2)
        self.assertEqual(legal(s), ["h10-a3", "h10-b4", "h10-c5", "h10-d6", "h10-e7",
                                    "h10-f8", "h10-g9", "h10-i9", "h10-j8"])

    def test_capture_ending_on_far_rank_crowns(self):
        s = g.setup({"h8": "w", "i9": "b", "a3": "b"}, "White")
        self.assertEqual(legal(s), ["h8xj10"])
        s = after("h8xj10", state=s)
        self.assertEqual(s.board[g.INDEX["j10"]], 2)


class TestKings(unittest.TestCase):
    def test_flying_moves(self):
        s = g.setup({"a1": "W", "j10": "b"}, "White")
        self.assertEqual(legal(s), ["a1-" + c for c in ["b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9"]])

    def test_flying_capture_landings(self):
        s = g.setup({"a1": "W", "c3": "b"}, "White")
        self.assertEqual(legal(s), ["a1x" + c for c in ["d4", "e5", "f6", "g7", "h8", "i9", "j10"]])

    def test_must_choose_landing_that_continues(self):
        # after c3 only landings c3..f6 allow taking g7 too: 4 routes to each of
        # h8, i9, j10, all taking b2 and g7, so one move per end
        s = g.setup({"a1": "W", "b2": "b", "g7": "b"}, "White")
        exp = ["a1xh8", "a1xi9", "a1xj10"]
        self.assertEqual(legal(s), exp)

    def test_jumped_pieces_block(self):
        # a5xe1 (c3) xg3 (f2) xe5.. (f4); from e5 the way back over c3 to b2 is
        # blocked by the jumped (not yet removed) c3.
        s = g.setup({"a5": "W", "c3": "b", "f2": "b", "f4": "b", "b2": "b"}, "White")
        self.assertEqual(legal(s), ["a5x" + c for c in ["a9", "b8", "c7", "d6", "e5"]])
        s = after("a5xe5", state=s)
        self.assertEqual(legal(s), ["b2-a1", "b2-c1"])
        for c in ("c3", "f2", "f4"):
            self.assertEqual(s.board[g.INDEX[c]], 0)

    def test_king_cannot_jump_own_or_two(self):
        s = g.setup({"a1": "W", "c3": "b", "d4": "b", "e1": "w", "a9": "b"}, "White")
        # c3 and d4 adjacent on the ray: no capture along it; e1 man steps to d2 or f2
        self.assertEqual(legal(s), ["a1-b2", "e1-d2", "e1-f2"])


class TestEndOfGame(unittest.TestCase):
    def test_blocked_player_loses(self):
        s = g.setup({"a1": "b", "j10": "w"}, "Black")     # Black man on its own crown rank
        self.assertEqual(legal(s), [])
        self.assertEqual(g.status(s), "win White")

    def test_quiet_draw(self):
        s = g.setup({"a1": "W", "h10": "B"}, "White", {"quiet_draw": "2"})
        s = after("a1-b2", state=s)
        self.assertEqual(g.status(s), "ongoing")
        s = after("h10-g9", state=s)
        self.assertEqual(g.status(s), "draw")
        self.assertEqual(legal(s), [])

    def test_quiet_draw_loss_stands(self):
        # after one quiet king move Black (only a man on a1) cannot move: White wins
        s = g.setup({"a1": "b", "j10": "W"}, "White", {"quiet_draw": "1"})
        s = after("j10-i9", state=s)
        self.assertEqual(g.status(s), "win White")


class TestPerft(unittest.TestCase):
    EXPECTED = [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423]

    def test_shallow(self):
        s = g.new_game({})
        self.assertEqual(g.perft(s, 0), 1)
        for d in range(1, 6):
            self.assertEqual(g.perft(s, d), self.EXPECTED[d - 1], d)

    @unittest.skipUnless(os.environ.get("XCHECK_SLOW"), "set XCHECK_SLOW=1 for deep perft")
    def test_deep(self):
        s = g.new_game({})
        for d in range(6, int(os.environ.get("XCHECK_DEPTH", "7")) + 1):
            self.assertEqual(g.perft(s, d), self.EXPECTED[d - 1], d)


if __name__ == "__main__":
    unittest.main()
