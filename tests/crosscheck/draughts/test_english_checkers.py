"""Unit tests for games/english_checkers.py (expected values worked out by hand
from spec/english-checkers.md).  Run: python3 -m unittest test_english_checkers
Deeper perft values run only with XCHECK_SLOW=1 (see also perft.py)."""
import os
import unittest

from games import english_checkers as g


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
        self.assertEqual(legal(s), ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"])
        self.assertEqual(g.status(s), "ongoing")

    def test_white_replies(self):
        s = after("c3-d4")
        self.assertEqual(legal(s), ["b6-a5", "b6-c5", "d6-c5", "d6-e5", "f6-e5", "f6-g5", "h6-g5"])

    def test_forced_capture_and_recapture(self):
        # 1. c3-d4 f6-e5: Black must take e5 (landing on the vacated f6).
        s = after("c3-d4 f6-e5")
        self.assertEqual(legal(s), ["d4xf6"])
        # White must recapture f6, from e7 (landing g5) or g7 (landing e5).
        s = after("d4xf6", state=s)
        self.assertEqual(legal(s), ["e7xg5", "g7xe5"])
        s = after("g7xe5", state=s)
        self.assertEqual(s.board[g.INDEX["f6"]], 0)
        self.assertEqual(s.board[g.INDEX["e5"]], -1)
        self.assertEqual(g.status(s), "ongoing")

    def test_no_draw_option_default(self):
        self.assertEqual(g.new_game({}).limit, 0)
        with self.assertRaises(ValueError):
            g.new_game({"bogus": "1"})


class TestCaptures(unittest.TestCase):
    def test_double_jump(self):
        s = g.setup({"c3": "b", "d4": "w", "f6": "w", "h8": "w"}, "Black")
        self.assertEqual(legal(s), ["c3xe5xg7"])

    def test_men_capture_forward_only(self):
        # the White man on c3 is behind the Black man on d4
        s = g.setup({"d4": "b", "c3": "w"}, "Black")
        self.assertEqual(legal(s), ["d4-c5", "d4-e5"])
        s = g.setup({"d4": "B", "c3": "w"}, "Black")
        self.assertEqual(legal(s), ["d4xb2"])

    def test_king_loop_no_double_jump(self):
        # the king goes round the four men and comes back to its (empty) start cell;
        # it may not jump any of them a second time.
        s = g.setup({"d2": "B", "c3": "w", "e3": "w", "c5": "w", "e5": "w"}, "Black")
        self.assertEqual(legal(s), ["d2xb4xd6xf4xd2", "d2xf4xd6xb4xd2"])
        s = after("d2xf4xd6xb4xd2", state=s)
        self.assertEqual(g.status(s), "win Black")
        self.assertEqual(legal(s), [])

    def test_crowning_ends_move(self):
        # b6xd8 crowns; as a king it could go on over e7, but the move ends.
        s = g.setup({"b6": "b", "c7": "w", "e7": "w"}, "Black")
        self.assertEqual(legal(s), ["b6xd8"])
        s = after("b6xd8", state=s)
        self.assertEqual(s.board[g.INDEX["d8"]], 2)
        self.assertEqual(legal(s), ["e7-d6", "e7-f6"])
        s = after("e7-f6", state=s)
        self.assertEqual(legal(s), ["d8-c7", "d8-e7"])   # the new king moves backwards

    def test_man_step_crowns(self):
        s = g.setup({"c7": "b", "a1": "w"}, "Black")
        self.assertEqual(legal(s), ["c7-b8", "c7-d8"])
        s = after("c7-b8", state=g.setup({"c7": "b", "h2": "w"}, "Black"))
        self.assertEqual(s.board[g.INDEX["b8"]], 2)


class TestEndOfGame(unittest.TestCase):
    def test_blocked_player_loses(self):
        s = g.setup({"a3": "w", "b2": "b", "c1": "b"}, "White")
        self.assertEqual(legal(s), [])
        self.assertEqual(g.status(s), "win Black")
        self.assertEqual(g.perft(s, 1), 0)

    def test_no_pieces_loses(self):
        s = g.setup({"a3": "b"}, "White")
        self.assertEqual(g.status(s), "win Black")

    def test_quiet_draw(self):
        s = g.setup({"a1": "B", "h8": "W"}, "Black", {"quiet_draw": "2"})
        s = after("a1-b2", state=s)
        self.assertEqual(g.status(s), "ongoing")
        self.assertEqual(legal(s), ["h8-g7"])
        s = after("h8-g7", state=s)
        self.assertEqual(g.status(s), "draw")
        self.assertEqual(legal(s), [])
        self.assertEqual(g.perft(s, 1), 0)

    def test_man_move_resets_quiet_counter(self):
        s = g.setup({"a1": "B", "h8": "W", "c3": "b"}, "Black", {"quiet_draw": "3"})
        s = after("a1-b2 h8-g7 c3-d4 g7-h8 b2-a1", state=s)   # counter 1 2 0 1 2
        self.assertEqual(g.status(s), "ongoing")
        s = after("h8-g7", state=s)                           # counter 3
        self.assertEqual(g.status(s), "draw")

    def test_quiet_draw_loss_stands(self):
        s = g.setup({"a3": "w", "b2": "b", "c1": "b", "h8": "B"}, "Black", {"quiet_draw": "1"})
        self.assertEqual(legal(s), ["b2-c3", "c1-d2", "h8-g7"])
        t = after("h8-g7", state=s)
        self.assertEqual(g.status(t), "win Black")      # White is blocked: the loss stands
        t = after("c1-d2", state=s)                     # a man moved: no draw; White must capture
        self.assertEqual(legal(t), ["a3xc1"])
        t = after("a3xc1", state=t)
        self.assertEqual(t.board[g.INDEX["c1"]], -2)    # crowned on rank 1

    def test_from_start_quiet_draw(self):
        s = g.new_game({"quiet_draw": "1"})
        s = after("c3-d4", state=s)                     # a man moved
        self.assertEqual(g.status(s), "ongoing")


class TestPerft(unittest.TestCase):
    EXPECTED = [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128]

    def test_shallow(self):
        s = g.new_game({})
        self.assertEqual(g.perft(s, 0), 1)
        for d in range(1, 7):
            self.assertEqual(g.perft(s, d), self.EXPECTED[d - 1], d)

    @unittest.skipUnless(os.environ.get("XCHECK_SLOW"), "set XCHECK_SLOW=1 for deep perft")
    def test_deep(self):
        s = g.new_game({})
        for d in range(7, int(os.environ.get("XCHECK_DEPTH", "9")) + 1):
            self.assertEqual(g.perft(s, d), self.EXPECTED[d - 1], d)


if __name__ == "__main__":
    unittest.main()
