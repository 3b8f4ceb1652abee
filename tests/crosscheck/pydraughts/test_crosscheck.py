"""Tests of the square mapping and of the checker's plumbing (python3 -m unittest)."""
import json
import os
import random
import re
import subprocess
import tempfile
import unittest
from pathlib import Path

from crosscheck import Disagreement, Tally, check_game, draughts, their_moves
from squares import cell, number


def triples(board):
    """pydraughts' legal moves as a set of (start, end, captured) in our cell names."""
    found, _, _, _ = their_moves(board)
    return {(cell(s), cell(e), frozenset(cell(c) for c in taken)) for s, e, taken in found}


class Squares(unittest.TestCase):
    def test_corners_and_edges(self):
        # Square 1 is on Black's back rank at White's left; 46 is White's a1.
        self.assertEqual([number(c) for c in ("b10", "j10", "a9", "i9", "a1", "i1", "j2")],
                         [1, 5, 6, 10, 46, 50, 45])

    def test_round_trip_of_every_square(self):
        for square in range(1, 51):
            self.assertEqual(number(cell(square)), square)

    def test_light_squares_are_refused(self):
        for light in ("a10", "b1", "j1", "a2"):
            with self.assertRaises(ValueError):
                number(light)

    def test_the_start_position(self):
        # Our rules: White's men on the dark cells of ranks 1..4, Black's on 7..10.
        board = draughts.Board("standard")
        white = {number(f"{f}{r}") for f in "abcdefghij" for r in range(1, 5) if ("abcdefghij".index(f) + 1 + r) % 2 == 0}
        self.assertEqual(white, set(range(31, 51)))
        self.assertEqual(board.turn, draughts.WHITE)
        # The 9 opening moves, as our engine lists them (`b4-a5` ... `j4-i5`).
        opening = {("b4", "a5"), ("b4", "c5"), ("d4", "c5"), ("d4", "e5"), ("f4", "e5"),
                   ("f4", "g5"), ("h4", "g5"), ("h4", "i5"), ("j4", "i5")}
        self.assertEqual(triples(board), {(s, e, frozenset()) for s, e in opening})

    def test_the_example_of_issue_16(self):
        # rulebook: --position "10/10/10/10/5m4/10/10/2m7/10/K9 w ply:0", a white
        # king on a1 and black men on c3 and f6: 8 routes, 4 (start, end, captured).
        fen = f"W:WK{number('a1')}:B{number('c3')},{number('f6')}"
        board = draughts.Board("standard", fen=fen)
        found, repeats, hops, _ = their_moves(board)
        self.assertEqual((len(hops), repeats), (8, 4))
        self.assertEqual(triples(board),
                         {("a1", end, frozenset({"c3", "f6"})) for end in ("g7", "h8", "i9", "j10")})


REPO = Path(__file__).resolve().parents[3]


def rulebook():
    """The rulebook binary: $RULEBOOK, or a build in target/ (None if there is none)."""
    candidates = [os.environ.get("RULEBOOK")] + [REPO / "target" / p / "rulebook" for p in ("deep", "release", "debug")]
    return next((str(c) for c in candidates if c and Path(c).is_file()), None)


class ThroughRulebook(unittest.TestCase):
    @unittest.skipUnless(rulebook(), "no rulebook binary: set RULEBOOK or build it")
    def test_the_example_of_issue_16(self):
        # The shipped rules with the setup of the example (a white king on a1,
        # black men on c3 and f6): the trace of one game, played by rulebook,
        # lists the 4 moves a1xg7 … a1xj10 (written by their ends: the two
        # routes to each take the same pieces), whose detail is pydraughts' 4.
        rules = (REPO / "games" / "international-draughts.rules").read_text()
        rules, n = re.subn(r"setup \{.*?\n\}", "setup {\n  White: King at a1\n  Black: Man at c3 + f6\n}",
                           rules, flags=re.S)
        self.assertEqual(n, 1)
        with tempfile.TemporaryDirectory() as tmp:
            path, trace = Path(tmp, "example.rules"), Path(tmp, "trace.jsonl")
            path.write_text(rules)
            subprocess.run([rulebook(), "playout", str(path), "--n", "1", "--trace", str(trace)], check=True)
            rec = json.loads(trace.read_text())
        self.assertEqual(rec["legal"][0], ["a1xg7", "a1xh8", "a1xi9", "a1xj10"])
        self.assertEqual({(s, e, frozenset(c)) for s, e, c in rec["detail"][0]},
                         {("a1", end, frozenset({"c3", "f6"})) for end in ("g7", "h8", "i9", "j10")})
        tally = Tally()
        check_game(rec, 1, 0, tally, fen=f"W:WK{number('a1')}:B{number('c3')},{number('f6')}")
        self.assertEqual((tally.positions, tally.route_positions, tally.our_route_names), (2, 1, 0))


def pydraughts_game(seed, plies):
    """A record in the trace's shape, written from pydraughts' own random moves
    (names `start-end` / `startxend`, which is all the checker reads of them)."""
    rng = random.Random(seed)
    board = draughts.Board("standard")
    moves, legal, detail = [], [], []
    for _ in range(plies + 1):
        found, _, hops, captures = their_moves(board)
        named = {}
        for (s, e, taken) in found:
            name = f"{cell(s)}{'x' if taken else '-'}{cell(e)}"
            named[name] = [cell(s), cell(e), sorted(cell(c) for c in taken)]
        names = sorted(named)
        legal.append(names)
        detail.append([named[n] for n in names])
        if len(moves) == plies or not names:
            break
        pick = rng.choice(names)
        moves.append(pick)
        start, end, taken = named[pick]
        triple = (number(start), number(end), frozenset(number(c) for c in taken))
        board.push(draughts.Move(board_move=found[triple], possible_moves=hops, possible_captures=captures))
    return {"moves": moves, "legal": legal, "detail": detail}, board


class Plumbing(unittest.TestCase):
    def finished_game(self):
        """A random game played to its end (no legal move left)."""
        for seed in range(20):
            rec, board = pydraughts_game(seed, 400)
            if not rec["legal"][-1]:
                winner = "White" if board.winner() == draughts.WHITE else "Black"
                rec["status"] = f"win {winner}"
                return rec
        self.fail("no random game ended in 400 plies")

    def test_a_consistent_record_agrees(self):
        rec = self.finished_game()
        tally = Tally()
        check_game(rec, 1, 0, tally)
        self.assertEqual(tally.positions, len(rec["moves"]) + 1)

    def test_a_missing_captured_piece_is_a_disagreement(self):
        rec = self.finished_game()
        i, j = next((i, j) for i, ds in enumerate(rec["detail"]) for j, d in enumerate(ds) if d[2])
        rec["detail"][i][j][2] = rec["detail"][i][j][2][1:]
        with self.assertRaisesRegex(Disagreement, "legal move sets differ"):
            check_game(rec, 1, 0, Tally())

    def test_a_wrong_winner_is_a_disagreement(self):
        rec = self.finished_game()
        rec["status"] = "win White" if rec["status"] == "win Black" else "win Black"
        with self.assertRaisesRegex(Disagreement, "status differs"):
            check_game(rec, 1, 0, Tally())

    def test_a_detail_that_contradicts_the_name_is_refused(self):
        rec = self.finished_game()
        rec["detail"][0][0][1] = "j10"
        with self.assertRaisesRegex(Disagreement, "does not match the move"):
            check_game(rec, 1, 0, Tally())


if __name__ == "__main__":
    unittest.main()
