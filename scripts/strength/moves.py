"""Moves between OpenSpiel's action strings and rulebook's notation.

One function pair per game: `to_ours(game, action_string, our_legal)` finds
our move for an OpenSpiel action among our legal moves, and
`to_theirs(game, our_move, state)` finds OpenSpiel's action for ours. Both
refuse (raise) when the two sides do not have the same move, so a harness
that disagrees about the rules stops instead of measuring nonsense.

- connect four: OpenSpiel names a column (`x3`, `o3`: column d); ours names
  the cell the disc lands on (`D@d1`). The same move when the file matches.
- breakthrough: OpenSpiel's first player starts on ranks 7–8 and moves down
  (`a7a6`, a capture `a7b6*`); ours starts on ranks 1–2 and moves up
  (`a2-a3`). The boards are mirrored: rank r there is rank 9 − r here.
- hex: both name a cell `a1` on the same rhombus with the same neighbours
  (row r, column c next to (r−1, c+1) and (r+1, c−1)); ours writes a stone
  placed there `S@a1`.
"""

import re

GAMES = ("connect_four", "breakthrough", "hex")

_STEP = re.compile(r"^([a-z])(\d+)[-x]([a-z])(\d+)$")
_THEIR_STEP = re.compile(r"^([a-z])(\d+)([a-z])(\d+)\*?$")


def _mirror(rank: str) -> str:
    return str(9 - int(rank))


def key_of_ours(game: str, move: str):
    """What identifies our move across the two implementations."""
    if game == "connect_four":
        return move.split("@")[1][0]
    if game == "breakthrough":
        m = _STEP.match(move)
        if not m:
            raise ValueError(f"not a breakthrough move: {move}")
        return (m[1], m[2], m[3], m[4])
    if game == "hex":
        return move.split("@")[1]
    raise ValueError(game)


def key_of_theirs(game: str, action: str):
    """The same identification for OpenSpiel's action string."""
    if game == "connect_four":
        return "abcdefghijklmnopqrstuvwxyz"[int(action[1:])]
    if game == "breakthrough":
        m = _THEIR_STEP.match(action)
        if not m:
            raise ValueError(f"not an OpenSpiel breakthrough action: {action}")
        return (m[1], _mirror(m[2]), m[3], _mirror(m[4]))
    if game == "hex":
        return action
    raise ValueError(game)


def to_ours(game: str, action: str, our_legal: list[str]) -> str:
    """Our legal move for OpenSpiel's action string."""
    key = key_of_theirs(game, action)
    found = [m for m in our_legal if key_of_ours(game, m) == key]
    if len(found) != 1:
        raise ValueError(f"{game}: OpenSpiel's {action} is {len(found)} of our moves ({our_legal})")
    return found[0]


def to_theirs(game: str, move: str, state) -> int:
    """OpenSpiel's legal action for our move."""
    key = key_of_ours(game, move)
    player = state.current_player()
    found = [a for a in state.legal_actions() if key_of_theirs(game, state.action_to_string(player, a)) == key]
    if len(found) != 1:
        raise ValueError(f"{game}: our {move} is {len(found)} of OpenSpiel's actions")
    return found[0]


def check_same_moves(game: str, our_legal: list[str], state) -> None:
    """Raises unless both sides have the same legal moves."""
    player = state.current_player()
    ours = sorted(key_of_ours(game, m) for m in our_legal)
    theirs = sorted(key_of_theirs(game, state.action_to_string(player, a)) for a in state.legal_actions())
    if ours != theirs:
        raise ValueError(f"{game}: the legal moves differ:\nours   {ours}\ntheirs {theirs}")
