"""Connect four (game name ``connect-four``), written from spec/connect-four.md.

7 columns (files a-g) x 6 rows (ranks 1-6).  Players Red (first) and Yellow.
A move drops a disc into a column; it is written as the landing cell, ``D@c1``.
Four in a row (horizontal, vertical, diagonal) wins at once; a full board without
one is a draw.

Bitboards: column c occupies bits 7c .. 7c+5 (row 0 at the bottom); bit 7c+6 is an
always-empty guard so that shifts never carry a line from one column into the next.
"""
from games import check_options

PLAYERS = ("Red", "Yellow")
COLS, ROWS = 7, 6
FILES = "abcdefg"
CELL = [[f"D@{FILES[c]}{r + 1}" for r in range(ROWS + 1)] for c in range(COLS)]


def _four(b):
    """True when bitboard b holds four in a row."""
    m = b & (b >> 1)             # vertical
    if m & (m >> 2):
        return True
    m = b & (b >> 7)             # horizontal
    if m & (m >> 14):
        return True
    m = b & (b >> 6)             # diagonal down-right / up-left
    if m & (m >> 12):
        return True
    m = b & (b >> 8)             # diagonal up-right
    if m & (m >> 16):
        return True
    return False


class State:
    __slots__ = ("discs", "heights", "turn", "result", "count")

    def __init__(self):
        self.discs = [0, 0]            # bitboards of Red and Yellow
        self.heights = [0] * COLS      # number of discs in each column
        self.turn = 0
        self.result = "ongoing"
        self.count = 0

    def copy(self):
        s = State()
        s.discs = self.discs[:]
        s.heights = self.heights[:]
        s.turn, s.result, s.count = self.turn, self.result, self.count
        return s

    def __repr__(self):
        rows = []
        for r in range(ROWS - 1, -1, -1):
            row = ""
            for c in range(COLS):
                bit = 1 << (7 * c + r)
                row += "R" if self.discs[0] & bit else "Y" if self.discs[1] & bit else "."
            rows.append(row)
        return f"<connect-four {'/'.join(rows)} {PLAYERS[self.turn]} to move, {self.result}>"


def new_game(options=None):
    check_options("connect-four", options or {})
    return State()


def legal_moves(state):
    if state.result != "ongoing":
        return []
    h = state.heights
    return [CELL[c][h[c]] for c in range(COLS) if h[c] < ROWS]


def play(state, move):
    if state.result != "ongoing":
        raise ValueError(f"game is over ({state.result}); {move!r} is not legal")
    ok = len(move) == 4 and move[:2] == "D@" and move[2] in FILES and move[3] in "123456"
    if not ok:
        raise ValueError(f"illegal move {move!r}")
    c, r = FILES.index(move[2]), int(move[3]) - 1
    if state.heights[c] != r:
        raise ValueError(f"illegal move {move!r}: a disc dropped in file {move[2]} "
                         f"lands on rank {state.heights[c] + 1}" if state.heights[c] < ROWS
                         else f"illegal move {move!r}: column {move[2]} is full")
    p = state.turn
    state.discs[p] |= 1 << (7 * c + r)
    state.heights[c] += 1
    state.count += 1
    if _four(state.discs[p]):
        state.result = "win " + PLAYERS[p]
    elif state.count == COLS * ROWS:
        state.result = "draw"
    state.turn = 1 - p
    return state


def status(state):
    return state.result


def _perft(me, other, heights, count, depth):
    # The position is ongoing and depth >= 2.
    total = 0
    for c in range(COLS):
        h = heights[c]
        if h == ROWS:
            continue
        nb = me | (1 << (7 * c + h))
        if _four(nb) or count + 1 == COLS * ROWS:
            continue                       # finished: contributes 0 at depth - 1 >= 1
        heights[c] = h + 1
        if depth == 2:
            total += sum(1 for x in heights if x < ROWS)
        else:
            total += _perft(other, nb, heights, count + 1, depth - 1)
        heights[c] = h
    return total


def perft(state, depth):
    if depth == 0:
        return 1
    if state.result != "ongoing":
        return 0
    if depth == 1:
        return len(legal_moves(state))
    p = state.turn
    return _perft(state.discs[p], state.discs[1 - p], state.heights[:], state.count, depth)
