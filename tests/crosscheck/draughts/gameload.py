"""Shared helpers for the scripts: game-name -> module, --set parsing."""
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def load_game(name):
    mod = name.replace("-", "_")
    try:
        return importlib.import_module(f"games.{mod}")
    except ModuleNotFoundError as e:
        if e.name == f"games.{mod}":
            avail = sorted(f[:-3].replace("_", "-") for f in os.listdir(
                os.path.join(os.path.dirname(os.path.abspath(__file__)), "games"))
                if f.endswith(".py") and not f.startswith("_"))
            sys.exit(f"unknown game {name!r}; available: {', '.join(avail)}")
        raise


def parse_sets(items):
    opts = {}
    for it in items:
        if "=" not in it:
            sys.exit(f"--set expects k=v, got {it!r}")
        k, v = it.split("=", 1)
        opts[k.strip()] = v.strip()
    return opts
