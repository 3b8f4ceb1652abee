"""Tests of the scripts: random_games.py output is accepted by crosscheck.py,
a corrupted trace is rejected, perft.py prints the expected line."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def run(*args):
    return subprocess.run([sys.executable, *args], cwd=HERE, capture_output=True, text=True)


class TestScripts(unittest.TestCase):
    def roundtrip(self, game):
        r = run("random_games.py", game, "5", "3", "--set", "quiet_draw=20")
        self.assertEqual(r.returncode, 0, r.stderr)
        recs = [json.loads(l) for l in r.stdout.splitlines()]
        self.assertEqual(len(recs), 5)
        for rec in recs:
            self.assertEqual(len(rec["legal"]), len(rec["moves"]) + 1)
        with tempfile.TemporaryDirectory() as d:
            good = os.path.join(d, "good.jsonl")
            with open(good, "w") as fh:
                fh.write(r.stdout)
            r2 = run("crosscheck.py", game, good, "--set", "quiet_draw=20")
            self.assertEqual(r2.returncode, 0, r2.stdout + r2.stderr)
            # drop one legal move from one list: must be reported
            recs[1]["legal"][3] = recs[1]["legal"][3][1:]
            bad = os.path.join(d, "bad.jsonl")
            with open(bad, "w") as fh:
                fh.write("".join(json.dumps(x) + "\n" for x in recs))
            r3 = run("crosscheck.py", game, bad, "--set", "quiet_draw=20")
            self.assertEqual(r3.returncode, 1)
            self.assertIn("game 2, move 4", r3.stdout)
            # wrong final status
            recs[1]["legal"][3] = json.loads(r.stdout.splitlines()[1])["legal"][3]
            recs[0]["status"] = "ongoing" if recs[0]["status"] != "ongoing" else "draw"
            with open(bad, "w") as fh:
                fh.write("".join(json.dumps(x) + "\n" for x in recs))
            r4 = run("crosscheck.py", game, bad, "--set", "quiet_draw=20")
            self.assertEqual(r4.returncode, 1)
            self.assertIn("game 1", r4.stdout)

    def test_english(self):
        self.roundtrip("english-checkers")

    def test_international(self):
        self.roundtrip("international-draughts")

    def test_perft_script(self):
        r = run("perft.py", "english-checkers", "3")
        self.assertEqual(r.stdout.strip(), "perft 3 = 302")
        r = run("perft.py", "international-draughts", "2", "--moves", "d4-e5 c7-d6")
        self.assertEqual(r.stdout.strip(), "perft 2 = 2")   # e5xc7, then b8xd6 / d8xb6


if __name__ == "__main__":
    unittest.main()
