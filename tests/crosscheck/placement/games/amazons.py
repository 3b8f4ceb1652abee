"""The Game of the Amazons (game name ``amazons``), written from spec/amazons.md.

Board 10x10, cell index = (rank - 1) * 10 + file_index.  White (first) and Black
each have four amazons (``Q``).  A move = a queen move of one of the mover's
amazons over empty cells to an empty cell, then an arrow (``X``) shot like a queen
from the landing cell over empty cells (the cell just left counts as empty) onto
an empty cell.  Notation ``a4-d4,X@d7``.  A player with no move on their turn loses.
"""
from games import cell_names, check_options

PLAYERS = ("White", "Black")
SIZE = 10
EMPTY, WHITE, BLACK, ARROW = 0, 1, 2, 3
NAMES = cell_names(SIZE, SIZE)
INDEX = {n: i for i, n in enumerate(NAMES)}
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def _rays(i):
    f, r = i % SIZE, i // SIZE
    out = []
    for df, dr in DIRS:
        ray = []
        ff, rr = f + df, r + dr
        while 0 <= ff < SIZE and 0 <= rr < SIZE:
            ray.append(rr * SIZE + ff)
            ff += df
            rr += dr
        if ray:
            out.append(tuple(ray))
    return tuple(out)


RAYS = [_rays(i) for i in range(SIZE * SIZE)]
NEIGHBOURS = [tuple(ray[0] for ray in RAYS[i]) for i in range(SIZE * SIZE)]
ARROW_NAMES = ["X@" + n for n in NAMES]
START = {WHITE: ("a4", "d1", "g1", "j4"), BLACK: ("a7", "d10", "g10", "j7")}


class State:
    __slots__ = ("board", "amazons", "turn")

    def __init__(self):
        self.board = [EMPTY] * (SIZE * SIZE)
        self.amazons = [[], []]        # cell indices of White's and Black's amazons
        self.turn = 0

    def copy(self):
        s = State()
        s.board = self.board[:]
        s.amazons = [self.amazons[0][:], self.amazons[1][:]]
        s.turn = self.turn
        return s

    def __repr__(self):
        rows = []
        for r in range(SIZE - 1, -1, -1):
            rows.append("".join(".WBX"[self.board[r * SIZE + f]] for f in range(SIZE)))
        return f"<amazons {'/'.join(rows)} {PLAYERS[self.turn]} to move, {status(self)}>"


def setup(white=(), black=(), arrows=(), turn="White"):
    """A position given by lists of cell names (used by the unit tests)."""
    s = State()
    for colour, cells in ((WHITE, white), (BLACK, black), (ARROW, arrows)):
        for c in cells:
            i = INDEX[c]
            if s.board[i]:
                raise ValueError(f"{c} is occupied twice")
            s.board[i] = colour
            if colour != ARROW:
                s.amazons[colour - 1].append(i)
    s.turn = PLAYERS.index(turn)
    return s


def new_game(options=None):
    check_options("amazons", options or {})
    return setup(START[WHITE], START[BLACK])


def legal_moves(state):
    board = state.board
    me = state.turn + 1
    out = []
    append = out.append
    for s in state.amazons[state.turn]:
        head = NAMES[s] + "-"
        board[s] = EMPTY                  # the amazon has left its cell
        for ray in RAYS[s]:
            for t in ray:
                if board[t]:
                    break
                prefix = head + NAMES[t] + ",X@"
                for ray2 in RAYS[t]:
                    for a in ray2:
                        if board[a]:
                            break
                        append(prefix + NAMES[a])
        board[s] = me
    return out


def _count_moves(board, amazons, me):
    n = 0
    for s in amazons:
        board[s] = EMPTY
        for ray in RAYS[s]:
            for t in ray:
                if board[t]:
                    break
                for ray2 in RAYS[t]:
                    for a in ray2:
                        if board[a]:
                            break
                        n += 1
        board[s] = me
    return n


def _has_move(board, amazons):
    # An amazon with an empty neighbour can step there and shoot back.
    for s in amazons:
        for j in NEIGHBOURS[s]:
            if not board[j]:
                return True
    return False


def _clear(board, a, b, vacated=None):
    """True when b is on a queen line from a and every cell after a up to b is empty."""
    fa, ra, fb, rb = a % SIZE, a // SIZE, b % SIZE, b // SIZE
    df, dr = fb - fa, rb - ra
    if (df == 0 and dr == 0) or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
        return False
    sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
    f, r = fa, ra
    while (f, r) != (fb, rb):
        f += sf
        r += sr
        c = r * SIZE + f
        if board[c] and c != vacated:
            return False
    return True


def play(state, move):
    me = state.turn + 1
    try:
        part1, part2 = move.split(",")
        src, dst = part1.split("-")
        if not part2.startswith("X@"):
            raise ValueError
        s, t, a = INDEX[src], INDEX[dst], INDEX[part2[2:]]
    except (ValueError, KeyError):
        raise ValueError(f"illegal move {move!r}: not of the form a4-d4,X@d7") from None
    board = state.board
    if board[s] != me:
        raise ValueError(f"illegal move {move!r}: no {PLAYERS[state.turn]} amazon on {src}")
    if not _clear(board, s, t):
        raise ValueError(f"illegal move {move!r}: the amazon cannot reach {dst}")
    if not _clear(board, t, a, vacated=s):
        raise ValueError(f"illegal move {move!r}: the arrow cannot reach {part2[2:]}")
    board[s] = EMPTY
    board[t] = me
    board[a] = ARROW
    lst = state.amazons[state.turn]
    lst[lst.index(s)] = t
    state.turn = 1 - state.turn
    return state


def status(state):
    if _has_move(state.board, state.amazons[state.turn]):
        return "ongoing"
    return "win " + PLAYERS[1 - state.turn]


def _perft(board, amazons, turn, depth):
    me = turn + 1
    mine = amazons[turn]
    if depth == 1:
        return _count_moves(board, mine, me)
    total = 0
    for k, s in enumerate(mine):
        board[s] = EMPTY
        for ray in RAYS[s]:
            for t in ray:
                if board[t]:
                    break
                board[t] = me
                mine[k] = t
                for ray2 in RAYS[t]:
                    for a in ray2:
                        if board[a]:
                            break
                        board[a] = ARROW
                        total += _perft(board, amazons, 1 - turn, depth - 1)
                        board[a] = EMPTY
                board[t] = EMPTY
        mine[k] = s
        board[s] = me
    return total


def perft(state, depth):
    if depth == 0:
        return 1
    s = state.copy()
    return _perft(s.board, s.amazons, s.turn, depth)
