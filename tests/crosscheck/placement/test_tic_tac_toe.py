"""Hand-checked positions for tic-tac-toe (spec/tic-tac-toe.md)."""
import os
import unittest

from games import tic_tac_toe as G

SLOW = os.environ.get("XCHECK_SLOW") == "1"
CELLS = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]


def after(*moves):
    s = G.new_game({})
    for m in moves:
        assert m in G.legal_moves(s), (m, s)
        s = G.play(s, m)
    return s


class TicTacToe(unittest.TestCase):
    def test_start(self):
        s = G.new_game({})
        self.assertEqual(sorted(G.legal_moves(s)), sorted("X@" + c for c in CELLS))
        self.assertEqual(G.status(s), "ongoing")

    def test_marks_alternate_and_cells_fill(self):
        s = after("X@b2")
        self.assertEqual(sorted(G.legal_moves(s)), sorted("O@" + c for c in CELLS if c != "b2"))
        s = after("X@b2", "O@a1")
        self.assertEqual(sorted(G.legal_moves(s)),
                         sorted("X@" + c for c in CELLS if c not in ("b2", "a1")))

    def test_wrong_letter_or_occupied_is_illegal(self):
        with self.assertRaises(ValueError):
            G.play(G.new_game({}), "O@a1")
        with self.assertRaises(ValueError):
            G.play(after("X@a1"), "O@a1")

    def test_file_win(self):
        # X: a1 a2 a3 (file a); O: b1 b2
        s = after("X@a1", "O@b1", "X@a2", "O@b2", "X@a3")
        self.assertEqual(G.status(s), "win X")
        self.assertEqual(G.legal_moves(s), [])

    def test_rank_win_for_o(self):
        # X: a1 b1 a3 ; O: a2 b2 c2 (rank 2)
        s = after("X@a1", "O@a2", "X@b1", "O@b2", "X@a3")
        self.assertEqual(G.status(s), "ongoing")
        s = G.play(s, "O@c2")
        self.assertEqual(G.status(s), "win O")
        self.assertEqual(G.legal_moves(s), [])

    def test_anti_diagonal_win(self):
        # O: c1 b2 a3
        s = after("X@a1", "O@c1", "X@a2", "O@b2", "X@c3", "O@a3")
        self.assertEqual(G.status(s), "win O")

    def test_draw(self):
        # X a1 c1 a2 b3 c3 / O b1 b2 a3 c2:   O X X / X O O / X O X (rank 3 to 1)
        s = after("X@a1", "O@b1", "X@c1", "O@b2", "X@a2", "O@a3", "X@b3", "O@c2", "X@c3")
        self.assertEqual(G.status(s), "draw")
        self.assertEqual(G.legal_moves(s), [])

    def test_win_on_last_cell_is_a_win(self):
        # the ninth mark completes the diagonal a1 b2 c3
        s = after("X@a1", "O@b1", "X@c1", "O@c2", "X@a2", "O@a3", "X@b2", "O@b3")
        self.assertEqual(G.status(s), "ongoing")
        s = G.play(s, "X@c3")
        self.assertEqual(G.status(s), "win X")

    def test_perft(self):
        expected = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
        s = G.new_game({})
        for d, n in enumerate(expected, 1):
            self.assertEqual(G.perft(s, d), n, f"depth {d}")
        self.assertEqual(G.perft(s, 0), 1)
        self.assertEqual(G.perft(after("X@a1", "O@b1", "X@a2", "O@b2", "X@a3"), 1), 0)

    def test_unknown_option(self):
        with self.assertRaises(ValueError):
            G.new_game({"size": "4"})


if __name__ == "__main__":
    unittest.main()
