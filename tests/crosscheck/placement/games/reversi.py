"""Reversi with Othello rules (game name ``reversi``), written from spec/reversi.md.

Board 8x8; bit index = (rank - 1) * 8 + file_index (a1 = bit 0, h8 = bit 63).
Players Black (first) and White; moves ``D@c4`` or ``pass``.  A pass is legal only
when the mover has no placement while the opponent has one; when neither player
can place, the game is over (no move at all) and the disc count decides.
"""
from games import cell_names, check_options

PLAYERS = ("Black", "White")
NAMES = cell_names(8, 8)
INDEX = {n: i for i, n in enumerate(NAMES)}
MOVE_OF_BIT = {1 << i: "D@" + n for i, n in enumerate(NAMES)}
FULL = (1 << 64) - 1
NOT_A = 0xFEFEFEFEFEFEFEFE    # every cell but file a
NOT_H = 0x7F7F7F7F7F7F7F7F    # every cell but file h
# (shift, mask applied after the shift): left shifts (towards higher bits) ...
UP = ((1, NOT_A), (8, FULL), (9, NOT_A), (7, NOT_H))          # E, N, NE, NW
# ... and right shifts (towards lower bits)
DOWN = ((1, NOT_H), (8, FULL), (7, NOT_A), (9, NOT_H))        # W, S, SE, SW


def placements(p, o):
    """Bitboard of the cells where the player owning p may place a disc."""
    empty = FULL ^ (p | o)
    moves = 0
    for s, m in UP:
        om = o & m
        t = (p << s) & om
        t |= (t << s) & om
        t |= (t << s) & om
        t |= (t << s) & om
        t |= (t << s) & om
        t |= (t << s) & om
        moves |= (t << s) & m & empty
    for s, m in DOWN:
        om = o & m
        t = (p >> s) & om
        t |= (t >> s) & om
        t |= (t >> s) & om
        t |= (t >> s) & om
        t |= (t >> s) & om
        t |= (t >> s) & om
        moves |= (t >> s) & m & empty
    return moves


def flips(p, o, b):
    """Discs of o flipped when the owner of p places on the single bit b."""
    f = 0
    for s, m in UP:
        x = (b << s) & m
        run = 0
        while x & o:
            run |= x
            x = (x << s) & m
        if x & p:
            f |= run
    for s, m in DOWN:
        x = (b >> s) & m
        run = 0
        while x & o:
            run |= x
            x = (x >> s) & m
        if x & p:
            f |= run
    return f


class State:
    __slots__ = ("discs", "turn")

    def __init__(self):
        # discs[0] Black, discs[1] White
        self.discs = [(1 << INDEX["d5"]) | (1 << INDEX["e4"]),
                      (1 << INDEX["d4"]) | (1 << INDEX["e5"])]
        self.turn = 0

    def copy(self):
        s = State()
        s.discs = self.discs[:]
        s.turn = self.turn
        return s

    def __repr__(self):
        rows = []
        for r in range(7, -1, -1):
            row = ""
            for f in range(8):
                bit = 1 << (r * 8 + f)
                row += "B" if self.discs[0] & bit else "W" if self.discs[1] & bit else "."
            rows.append(row)
        return f"<reversi {'/'.join(rows)} {PLAYERS[self.turn]} to move, {status(self)}>"


def setup(black=(), white=(), turn="Black"):
    """A position given by lists of cell names (used by the unit tests)."""
    s = State()
    s.discs = [sum(1 << INDEX[c] for c in black), sum(1 << INDEX[c] for c in white)]
    if s.discs[0] & s.discs[1]:
        raise ValueError("a cell holds two discs")
    s.turn = PLAYERS.index(turn)
    return s


def new_game(options=None):
    check_options("reversi", options or {})
    return State()


def legal_moves(state):
    p, o = state.discs[state.turn], state.discs[1 - state.turn]
    m = placements(p, o)
    if m:
        out = []
        while m:
            b = m & -m
            m ^= b
            out.append(MOVE_OF_BIT[b])
        return out
    if placements(o, p):
        return ["pass"]
    return []


def play(state, move):
    t = state.turn
    p, o = state.discs[t], state.discs[1 - t]
    m = placements(p, o)
    if move == "pass":
        if m or not placements(o, p):
            raise ValueError("pass is legal only when the mover has no placement "
                             "and the game is not over")
    else:
        i = INDEX.get(move[2:]) if move[:2] == "D@" else None
        if i is None or not (m >> i) & 1:
            raise ValueError(f"illegal move {move!r} for {PLAYERS[t]}")
        b = 1 << i
        f = flips(p, o, b)
        state.discs[t] = p | b | f
        state.discs[1 - t] = o ^ f
    state.turn = 1 - t
    return state


def status(state):
    p, o = state.discs
    if placements(p, o) or placements(o, p):
        return "ongoing"
    nb, nw = p.bit_count(), o.bit_count()
    if nb > nw:
        return "win Black"
    if nw > nb:
        return "win White"
    return "draw"


def _perft(p, o, depth):
    # depth >= 1; p is the mover
    m = placements(p, o)
    if not m:
        if not placements(o, p):
            return 0                    # game over: no move at all
        if depth == 1:
            return 1                    # the pass
        return _perft(o, p, depth - 1)
    if depth == 1:
        return m.bit_count()
    total = 0
    while m:
        b = m & -m
        m ^= b
        f = flips(p, o, b)
        total += _perft(o ^ f, p | b | f, depth - 1)
    return total


def perft(state, depth):
    if depth == 0:
        return 1
    t = state.turn
    return _perft(state.discs[t], state.discs[1 - t], depth)
