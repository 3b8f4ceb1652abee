"""Helpers for parsing ``--set k=v`` options (values arrive as strings)."""


def parse_int(options, key, default):
    v = options.get(key)
    if v is None:
        return default
    try:
        return int(str(v).strip())
    except ValueError:
        raise ValueError(f"option {key}: expected an integer, got {v!r}")


def parse_bool(options, key, default):
    v = options.get(key)
    if v is None:
        return default
    s = str(v).strip().lower()
    if s in ("1", "true", "yes", "on", "t", "y"):
        return True
    if s in ("0", "false", "no", "off", "f", "n", ""):
        return False
    raise ValueError(f"option {key}: expected a boolean, got {v!r}")


def check_known(options, known, game):
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"{game}: unknown option(s) {', '.join(unknown)}; "
                         f"known: {', '.join(sorted(known))}")
