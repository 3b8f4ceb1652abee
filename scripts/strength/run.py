#!/usr/bin/env python3
"""Strength of rulebook's agent against OpenSpiel's C++ MCTS bot.

OpenSpiel's `pyspiel.MCTSBot` with its usual settings (UCT constant 2, one
random rollout per simulation through `pyspiel.RandomRolloutEvaluator`,
solving proven nodes) plays our agent through `rulebook engine`, the sides
alternating game by game, on connect four, breakthrough and hex 7×7. Two
modes:

- playouts: both get the same count per move (`--playouts`, default 1000):
  OpenSpiel's `max_simulations`, our `go playouts N`;
- time: both get the same wall-clock time per move (`--ms`, default 100):
  OpenSpiel's `max_wall_clock_time` (with no cap on simulations), our
  `go time MS`. The two never think at the same time (they alternate).

Before each move, both sides' legal moves are compared, and at the end their
results, so a disagreement about the rules stops the run. Prints, per game
and mode, our wins, draws and losses, the score and its Wilson 95% interval,
the mean game length and the median of our playouts a move.

Usage (from the repository, after `cargo build --profile deep`):

    python3 -m venv .venv && .venv/bin/pip install -r scripts/strength/requirements.txt
    .venv/bin/python scripts/strength/run.py --games 20 --playouts 1000 --ms 100
"""

import argparse
import math
import os
import subprocess
import sys
import time

import pyspiel

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import moves  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# OpenSpiel's game and parameters, and our rules file with its options.
GAMES = {
    "connect_four": ({}, "games/connect-four.rules", []),
    "breakthrough": ({}, "games/breakthrough.rules", []),
    "hex": ({"board_size": 7}, "games/hex.rules", ["size=7"]),
}

UCT_C = 2.0
ROLLOUTS = 1
MAX_MEMORY_MB = 1000


class Engine:
    """`rulebook engine` in a process of its own."""

    def __init__(self, binary, rules, sets, agent):
        args = [binary, "engine", os.path.join(ROOT, rules)]
        for s in sets:
            args += ["--set", s]
        if agent:
            args += ["--agent", agent]
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        hello = self.ask("protocol")
        if hello != "protocol rulebook 1":
            raise RuntimeError(f"the engine answered {hello!r} to `protocol`")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the engine ended")
        return line.rstrip("\n")

    def ask(self, line):
        self.send(line)
        answer = self.read()
        if answer.startswith("error "):
            raise RuntimeError(f"`{line}`: {answer}")
        return answer

    def go(self, line):
        """The move and the playouts of a `go`."""
        self.send(line)
        while True:
            answer = self.read()
            if answer.startswith("info "):
                continue
            words = answer.split()
            if words[0] != "bestmove" or words[1] == "none":
                raise RuntimeError(f"`{line}`: {answer}")
            fields = dict(zip(words[2::2], words[3::2]))
            return words[1], int(fields.get("playouts", 0))

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def wilson(score, n, z=1.96):
    """The Wilson interval of a share `score` of `n` games."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def their_bot(game, mode, budget, seed):
    evaluator = pyspiel.RandomRolloutEvaluator(ROLLOUTS, seed)
    if mode == "playouts":
        return pyspiel.MCTSBot(game, evaluator, UCT_C, budget, MAX_MEMORY_MB, True, seed, False)
    return pyspiel.MCTSBot(
        game,
        evaluator,
        UCT_C,
        10**9,
        MAX_MEMORY_MB,
        True,
        seed,
        False,
        pyspiel.ChildSelectionPolicy.UCT,
        budget / 1000.0,
    )


def play_one(name, engine, mode, budget, seed, ours):
    """One game in which we are OpenSpiel's player `ours`: our return
    (1, 0, -1), the game's length, our playouts."""
    params, _, _ = GAMES[name]
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    bot = their_bot(game, mode, budget, seed)
    engine.ask(f"setoption seed {seed}")
    engine.ask("position start")
    go = f"go playouts {budget}" if mode == "playouts" else f"go time {budget}"
    playouts = []
    while not state.is_terminal():
        legal = engine.ask("legal").split()[1:]
        moves.check_same_moves(name, legal, state)
        if state.current_player() == ours:
            move, n = engine.go(go)
            playouts.append(n)
            action = moves.to_theirs(name, move, state)
        else:
            action = bot.step(state)
            move = moves.to_ours(name, state.action_to_string(state.current_player(), action), legal)
        played = engine.ask(f"play {move}")
        if played != f"played {move}":
            raise RuntimeError(f"`play {move}`: {played}")
        state.apply_action(action)
    status = engine.ask("status").split()
    returns = [int(r) for r in status[status.index("returns") + 1 :]]
    theirs = [int(round(r)) for r in state.returns()]
    if returns != theirs:
        raise RuntimeError(f"{name}: the results differ: ours {returns}, OpenSpiel's {theirs}")
    return returns[ours], state.move_number(), playouts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and mode (sides alternate)")
    parser.add_argument("--playouts", type=int, default=1000, help="playouts a move in the playouts mode")
    parser.add_argument("--ms", type=int, default=100, help="milliseconds a move in the time mode")
    parser.add_argument("--modes", default="playouts,time", help="playouts, time or both")
    parser.add_argument("--only", default=",".join(GAMES), help="the games, comma-separated")
    parser.add_argument("--agent", default=None, help="our agent's options (its budget is replaced by go's)")
    parser.add_argument("--binary", default=os.path.join(ROOT, "target/deep/rulebook"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    print(f"OpenSpiel MCTSBot: uct_c={UCT_C}, {ROLLOUTS} random rollout, solve=True; against `rulebook engine`"
          f" ({args.agent or 'its default agent'}); {args.games} games each, sides alternating")
    print(f"{'game':<14} {'mode':<16} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'score':>7}  95% interval   "
          f"{'plies':>6} {'our median playouts':>19} {'seconds':>8}")
    failed = False
    for mode in args.modes.split(","):
        budget = args.playouts if mode == "playouts" else args.ms
        label = f"{budget} playouts" if mode == "playouts" else f"{budget} ms"
        for name in args.only.split(","):
            _, rules, sets = GAMES[name]
            engine = Engine(args.binary, rules, sets, args.agent)
            started = time.time()
            tally = {1: 0, 0: 0, -1: 0}
            plies, ours_playouts = [], []
            try:
                for g in range(args.games):
                    result, length, playouts = play_one(name, engine, mode, budget, args.seed * 1000 + g, g % 2)
                    tally[result] += 1
                    plies.append(length)
                    ours_playouts += playouts
            except (RuntimeError, ValueError) as e:
                print(f"{name} {mode}: {e}", file=sys.stderr)
                failed = True
            finally:
                engine.close()
            n = sum(tally.values())
            score = tally[1] + 0.5 * tally[0]
            low, high = wilson(score, n)
            ranked = sorted(ours_playouts) or [0]
            median_playouts = ranked[len(ranked) // 2]
            print(f"{name:<14} {label:<16} {n:>5} {tally[1]:>4} {tally[0]:>4} {tally[-1]:>4} "
                  f"{100 * score / max(1, n):>6.1f}%  [{100 * low:4.1f}, {100 * high:5.1f}]  "
                  f"{sum(plies) / max(1, len(plies)):>6.1f} {median_playouts:>19} {time.time() - started:>8.1f}",
                  flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
