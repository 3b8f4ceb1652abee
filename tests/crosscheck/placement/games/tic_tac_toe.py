"""Tic-tac-toe (game name ``tic-tac-toe``), written from spec/tic-tac-toe.md.

Board 3x3, cell index = (rank - 1) * 3 + file_index.  Players X (first) and O.
A move is ``X@b2`` / ``O@a1``: the mover's mark on an empty cell.  Three in a row
(rank, file, diagonal) wins at once; a full board without such a row is a draw.
"""
from games import cell_names, check_options

PLAYERS = ("X", "O")
NAMES = cell_names(3, 3)
INDEX = {n: i for i, n in enumerate(NAMES)}
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),      # ranks
    (0, 3, 6), (1, 4, 7), (2, 5, 8),      # files
    (0, 4, 8), (2, 4, 6),                 # diagonals
)
LINES_THROUGH = [tuple(l for l in LINES if i in l) for i in range(9)]


class State:
    __slots__ = ("board", "turn", "result", "filled")

    def __init__(self):
        self.board = [None] * 9    # None, 0 (X) or 1 (O)
        self.turn = 0              # index into PLAYERS
        self.result = "ongoing"
        self.filled = 0

    def copy(self):
        s = State()
        s.board = self.board[:]
        s.turn, s.result, s.filled = self.turn, self.result, self.filled
        return s

    def __repr__(self):
        rows = []
        for r in range(2, -1, -1):
            rows.append("".join("." if self.board[r * 3 + f] is None else PLAYERS[self.board[r * 3 + f]]
                                for f in range(3)))
        return f"<tic-tac-toe {'/'.join(rows)} {PLAYERS[self.turn]} to move, {self.result}>"


def new_game(options=None):
    check_options("tic-tac-toe", options or {})
    return State()


def legal_moves(state):
    if state.result != "ongoing":
        return []
    letter = PLAYERS[state.turn] + "@"
    b = state.board
    return [letter + NAMES[i] for i in range(9) if b[i] is None]


def _wins(board, i, p):
    for a, b, c in LINES_THROUGH[i]:
        if board[a] == p and board[b] == p and board[c] == p:
            return True
    return False


def play(state, move):
    if state.result != "ongoing":
        raise ValueError(f"game is over ({state.result}); {move!r} is not legal")
    p = state.turn
    letter, at, cell = move.partition("@")
    if not at or letter != PLAYERS[p] or cell not in INDEX:
        raise ValueError(f"illegal move {move!r} for {PLAYERS[p]}")
    i = INDEX[cell]
    if state.board[i] is not None:
        raise ValueError(f"illegal move {move!r}: cell occupied")
    state.board[i] = p
    state.filled += 1
    if _wins(state.board, i, p):
        state.result = "win " + PLAYERS[p]
    elif state.filled == 9:
        state.result = "draw"
    state.turn = 1 - p
    return state


def status(state):
    return state.result


def _perft(board, p, filled, depth):
    total = 0
    for i in range(9):
        if board[i] is None:
            board[i] = p
            if _wins(board, i, p) or filled + 1 == 9:
                total += depth == 1          # a finished game has no further moves
            elif depth == 1:
                total += 1
            else:
                total += _perft(board, 1 - p, filled + 1, depth - 1)
            board[i] = None
    return total


def perft(state, depth):
    if depth == 0:
        return 1
    if state.result != "ongoing":
        return 0
    return _perft(state.board[:], state.turn, state.filled, depth)
