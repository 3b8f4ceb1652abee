"""The shared scripts: random_games.py output is accepted by crosscheck.py, and
crosscheck.py notices altered traces."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = ["tic-tac-toe", "connect-four", "reversi", "hex", "amazons"]


def run(*args, stdin=None):
    return subprocess.run([sys.executable, *args], cwd=HERE, capture_output=True, text=True,
                          input=stdin)


class Drivers(unittest.TestCase):
    def trace(self, game, n=3, seed=5, sets=()):
        extra = [x for kv in sets for x in ("--set", kv)]
        r = run("random_games.py", game, str(n), str(seed), *extra)
        self.assertEqual(r.returncode, 0, r.stderr)
        return [json.loads(line) for line in r.stdout.splitlines()]

    def check(self, game, recs, sets=()):
        extra = [x for kv in sets for x in ("--set", kv)]
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as fh:
            for rec in recs:
                fh.write(json.dumps(rec) + "\n")
        try:
            return run("crosscheck.py", game, fh.name, *extra)
        finally:
            os.unlink(fh.name)

    def test_round_trip(self):
        for game in GAMES:
            recs = self.trace(game)
            for rec in recs:
                self.assertEqual(len(rec["legal"]), len(rec["moves"]) + 1)
                self.assertEqual(rec["legal"][-1], [])
                self.assertNotEqual(rec["status"], "ongoing")
            r = self.check(game, recs)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)

    def test_options_are_passed(self):
        recs = self.trace("hex", sets=["size=5"])
        self.assertEqual(len(recs[0]["legal"][0]), 25)
        self.assertEqual(self.check("hex", recs, sets=["size=5"]).returncode, 0)
        r = self.check("hex", recs)          # replayed on size 11: lists differ
        self.assertEqual(r.returncode, 1)
        self.assertIn("only in ours", r.stdout)

    def test_detects_a_missing_move(self):
        recs = self.trace("connect-four", n=2)
        removed = recs[1]["legal"][3].pop()
        r = self.check("connect-four", recs)
        self.assertEqual(r.returncode, 1)
        self.assertIn("game 2", r.stdout)
        self.assertIn("move number 4", r.stdout)
        self.assertIn("only in ours:  " + removed, r.stdout)
        self.assertIn("*" + removed, r.stdout)

    def test_detects_an_extra_move_and_a_wrong_status(self):
        recs = self.trace("tic-tac-toe", n=1)
        recs[0]["legal"][0] = sorted(recs[0]["legal"][0] + ["X@d4"])
        r = self.check("tic-tac-toe", recs)
        self.assertEqual(r.returncode, 1)
        self.assertIn("only in trace: X@d4", r.stdout)
        recs = self.trace("reversi", n=1)
        recs[0]["status"] = "ongoing"
        r = self.check("reversi", recs)
        self.assertEqual(r.returncode, 1)
        self.assertIn("final status differs", r.stdout)

    def test_malformed(self):
        recs = self.trace("tic-tac-toe", n=1)
        recs[0]["legal"].pop()
        self.assertEqual(self.check("tic-tac-toe", recs).returncode, 1)

    def test_perft_script(self):
        r = run("perft.py", "reversi", "3")
        self.assertEqual(r.stdout.strip(), "perft 3 = 56")
        r = run("perft.py", "reversi", "1", "--moves", "D@d3")      # c3 c5 e3
        self.assertEqual(r.stdout.strip(), "perft 1 = 3")
        r = run("perft.py", "hex", "2", "--set", "size=3")
        self.assertEqual(r.stdout.strip(), "perft 2 = 72")
        r = run("perft.py", "tic-tac-toe", "1", "--moves", "X@a1 X@a2")
        self.assertEqual(r.returncode, 2)


if __name__ == "__main__":
    unittest.main()
