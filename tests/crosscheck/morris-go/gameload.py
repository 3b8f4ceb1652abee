"""Shared command-line helpers: load a game module, parse --set options."""
import importlib
import sys


def load_game(name):
    """`nine-mens-morris` -> games.nine_mens_morris"""
    modname = "games." + name.replace("-", "_")
    try:
        return importlib.import_module(modname)
    except ModuleNotFoundError as e:
        if e.name == modname:
            sys.exit(f"unknown game {name!r} (no module {modname})")
        raise


def parse_sets(pairs):
    opts = {}
    for kv in pairs or []:
        k, sep, v = kv.partition("=")
        if not sep or not k:
            sys.exit(f"--set expects k=v, got {kv!r}")
        opts[k] = v
    return opts
