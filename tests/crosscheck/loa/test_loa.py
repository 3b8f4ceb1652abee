"""Tests of loa.py on positions worked out by hand from the rules."""
import unittest

import loa


class Rules(unittest.TestCase):
    def test_start(self):
        s = loa.new_game()
        moves = loa.legal_moves(s)
        self.assertEqual(len(moves), 36)
        # Six checkers on rank 1: b1 goes six squares east, over its own.
        self.assertIn("b1-h1", moves)
        # Two on file c (c1, c8): c1 goes two north; c1-a3 takes on a3.
        self.assertIn("c1-c3", moves)
        self.assertIn("c1xa3", moves)

    def test_enemy_blocks_and_own_target_refused(self):
        s = loa.from_text("8/8/8/8/8/8/cc4cc/Cc4cC b ply:40")
        # a1 and h1 are hemmed in by enemy checkers: Black must pass.
        self.assertEqual(loa.legal_moves(s), ["pass"])
        after = loa.play(s, "pass")
        self.assertEqual(after.to_move, loa.WHITE)

    def test_connection_wins_for_the_mover_first(self):
        # d6xb4 joins Black's two checkers and leaves White's two joined.
        s = loa.from_text("2c5/2c5/3C4/8/Cc6/8/8/8 b ply:10")
        self.assertIsNone(s.result)
        after = loa.play(s, "d6xb4")
        self.assertTrue(loa.one_group(after.board, loa.WHITE))
        self.assertEqual(after.result, "win Black")

    def test_single_checker_is_connected(self):
        s = loa.from_text("8/8/8/8/8/8/8/C6c w ply:3")
        self.assertEqual(s.result, "win Black")


if __name__ == "__main__":
    unittest.main()
