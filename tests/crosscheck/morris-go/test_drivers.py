"""The command-line scripts: random_games.py -> crosscheck.py round trip, and
crosscheck.py catching a corrupted trace."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def run(*args):
    return subprocess.run([sys.executable, *args], cwd=HERE, capture_output=True, text=True)


class Drivers(unittest.TestCase):
    def roundtrip(self, game, n, sets):
        opts = [x for kv in sets for x in ("--set", kv)]
        r = run("random_games.py", game, str(n), "7", *opts)
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertEqual(len(lines), n)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "t.jsonl")
            with open(path, "w") as f:
                f.write(r.stdout)
            ok = run("crosscheck.py", game, path, *opts)
            self.assertEqual(ok.returncode, 0, ok.stdout + ok.stderr)
            # corrupt one legal list: drop its first move
            recs = [json.loads(l) for l in lines]
            recs[-1]["legal"][2] = recs[-1]["legal"][2][1:]
            with open(path, "w") as f:
                f.write("".join(json.dumps(x) + "\n" for x in recs))
            bad = run("crosscheck.py", game, path, *opts)
            self.assertEqual(bad.returncode, 1)
            self.assertIn(f"game {n}, move 3", bad.stdout)
            # wrong final status
            recs = [json.loads(l) for l in lines]
            recs[0]["status"] = "win Nobody"
            with open(path, "w") as f:
                f.write("".join(json.dumps(x) + "\n" for x in recs))
            bad = run("crosscheck.py", game, path, *opts)
            self.assertEqual(bad.returncode, 1)
            self.assertIn("final status differs", bad.stdout)

    def test_morris(self):
        self.roundtrip("nine-mens-morris", 3, ["quiet_draw=20"])

    def test_go(self):
        self.roundtrip("go", 3, ["size=5", "superko=true"])

    def test_perft_script(self):
        r = run("perft.py", "go", "2", "--set", "size=9")
        self.assertEqual(r.stdout.strip(), "perft 2 = 6643")
        r = run("perft.py", "nine-mens-morris", "1", "--moves", "M@a1 M@b2 M@d1 M@f2")
        self.assertEqual(r.stdout.strip(), "perft 1 = 21")


if __name__ == "__main__":
    unittest.main()
