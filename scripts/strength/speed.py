#!/usr/bin/env python3
"""Search speed of rulebook's agent and OpenSpiel's C++ MCTS bot.

On the start position of connect four, breakthrough and hex 7×7, counts the
search iterations a CPU-second of both sides:

- OpenSpiel: `pyspiel.MCTSBot` with `run.py`'s settings (UCT constant 2,
  one random rollout per simulation through `pyspiel.RandomRolloutEvaluator`,
  solving proven nodes), searching for `--ms` of wall-clock time with no cap
  on simulations; its simulations are the root's visits, its CPU time
  `time.process_time()` around the search;
- ours: `rulebook engine` told `go time MS` afresh (`setoption seed` before
  it); its iterations are the playouts of its `bestmove` line, its CPU time
  that of the engine's process (user and system, from `/proc`, so Linux
  only) across the `go`.

The measurements alternate, ours then theirs, `--rounds` times a game, so a
change in the machine's load falls on both. Prints a markdown table of the
medians and the ratio ours / OpenSpiel per game.

Usage (from the repository, after `cargo build --profile deep`):

    python3 -m venv .venv && .venv/bin/pip install -r scripts/strength/requirements.txt
    .venv/bin/python scripts/strength/speed.py --rounds 5 --ms 1000
"""

import argparse
import os
import statistics
import sys
import time

import pyspiel

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import GAMES, MAX_MEMORY_MB, ROLLOUTS, ROOT, UCT_C, Engine  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """User and system CPU time of a process so far, all its threads."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # utime and stime are the 14th and 15th fields; the first two (pid and
    # the name in brackets) are before the split.
    return (int(fields[11]) + int(fields[12])) / TICKS


def ours(engine, ms, seed):
    """Playouts and CPU seconds of one `go time MS` from the start."""
    engine.ask(f"setoption seed {seed}")
    engine.ask("position start")
    before = cpu_seconds(engine.proc.pid)
    engine.send(f"go time {ms}")
    while True:
        words = engine.read().split()
        if words[0] == "bestmove":
            break
        if words[0] != "info":
            raise RuntimeError(f"`go time {ms}`: {' '.join(words)}")
    cpu = cpu_seconds(engine.proc.pid) - before
    fields = dict(zip(words[2::2], words[3::2]))
    return int(fields["playouts"]), cpu


def theirs(game, ms, seed):
    """Simulations and CPU seconds of one search of OpenSpiel's bot from the start."""
    evaluator = pyspiel.RandomRolloutEvaluator(ROLLOUTS, seed)
    bot = pyspiel.MCTSBot(
        game, evaluator, UCT_C, 10**9, MAX_MEMORY_MB, True, seed, False, pyspiel.ChildSelectionPolicy.UCT, ms / 1000.0
    )
    state = game.new_initial_state()
    before = time.process_time()
    root = bot.mcts_search(state)
    return root.explore_count, time.process_time() - before


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="measurements of each side a game")
    parser.add_argument("--ms", type=int, default=1000, help="milliseconds a measurement")
    parser.add_argument("--only", default=",".join(GAMES), help="the games, comma-separated")
    parser.add_argument("--agent", default=None, help="our agent's options (its budget is replaced by go's)")
    parser.add_argument("--binary", default=os.path.join(ROOT, "target/deep/rulebook"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    print(f"Search iterations a CPU-second from the start, medians of {args.rounds} rounds of {args.ms} ms each;"
          f" OpenSpiel MCTSBot (uct_c={UCT_C}, {ROLLOUTS} random rollout, solve=True) against `rulebook engine`"
          f" ({args.agent or 'its default agent'})")
    print()
    print("| game | OpenSpiel simulations/s | our playouts/s | ours / OpenSpiel |")
    print("|---|---:|---:|---:|")
    for name in args.only.split(","):
        params, rules, sets = GAMES[name]
        game = pyspiel.load_game(name, params)
        engine = Engine(args.binary, rules, sets, args.agent)
        our_rates, their_rates = [], []
        try:
            for r in range(args.rounds):
                seed = args.seed * 1000 + r
                playouts, cpu = ours(engine, args.ms, seed)
                our_rates.append(playouts / cpu)
                simulations, cpu = theirs(game, args.ms, seed)
                their_rates.append(simulations / cpu)
                print(f"{name} round {r + 1}: ours {our_rates[-1]:,.0f}/s, OpenSpiel {their_rates[-1]:,.0f}/s",
                      file=sys.stderr, flush=True)
        finally:
            engine.close()
        our, their = statistics.median(our_rates), statistics.median(their_rates)
        print(f"| {name} | {their:,.0f} | {our:,.0f} | {our / their:.2f} |", flush=True)


if __name__ == "__main__":
    main()
