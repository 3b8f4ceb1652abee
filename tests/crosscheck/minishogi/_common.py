"""Shared helpers for the command-line scripts."""
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def load_game(name):
    return importlib.import_module("games." + name.replace("-", "_"))


def parse_sets(args):
    """Pull `--set k=v` pairs out of args; return (options, remaining args)."""
    opts, rest, i = {}, [], 0
    while i < len(args):
        a = args[i]
        if a == "--set" or a.startswith("--set="):
            kv = a[len("--set="):] if a.startswith("--set=") else args[i + 1]
            i += 1 if a.startswith("--set=") else 2
            if "=" not in kv:
                sys.exit("--set expects k=v, got %r" % kv)
            k, v = kv.split("=", 1)
            opts[k] = v
        else:
            rest.append(a)
            i += 1
    return opts, rest
