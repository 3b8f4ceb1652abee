"""Hex (game name ``hex``), written from spec/hex.md.

A size x size rhombus (option ``size``, 2-19, default 11); cell index =
rank_index * size + file_index.  Neighbours of (f, r): (f-1, r), (f+1, r),
(f, r-1), (f, r+1), (f+1, r-1), (f-1, r+1).  Players Red (first) and Blue place
stones, ``S@f6``; no swap, no pass.  Red wins by joining rank 1 to the last rank,
Blue by joining file a to the last file.

The game itself tracks groups with a union-find structure (with four virtual
nodes for the four edges); ``winner(state)`` is an independent oracle that
flood-fills the board from scratch.
"""
from games import cell_names, check_options

PLAYERS = ("Red", "Blue")
EMPTY, RED, BLUE = 0, 1, 2
_GEOMETRY = {}


def _geometry(n):
    """(names, index of names, neighbour lists) for size n, cached."""
    if n not in _GEOMETRY:
        names = cell_names(n, n)
        nbrs = []
        for r in range(n):
            for f in range(n):
                lst = []
                for df, dr in ((-1, 0), (1, 0), (0, -1), (0, 1), (1, -1), (-1, 1)):
                    ff, rr = f + df, r + dr
                    if 0 <= ff < n and 0 <= rr < n:
                        lst.append(rr * n + ff)
                nbrs.append(tuple(lst))
        _GEOMETRY[n] = (["S@" + x for x in names], {x: i for i, x in enumerate(names)}, nbrs)
    return _GEOMETRY[n]


class State:
    __slots__ = ("n", "board", "parent", "turn", "result", "empties", "moves", "index", "nbrs")

    def copy(self):
        s = State.__new__(State)
        s.n, s.moves, s.index, s.nbrs = self.n, self.moves, self.index, self.nbrs
        s.board = self.board[:]
        s.parent = self.parent[:]
        s.turn, s.result, s.empties = self.turn, self.result, self.empties
        return s

    def __repr__(self):
        n = self.n
        rows = []
        for r in range(n - 1, -1, -1):
            rows.append("".join(".RB"[self.board[r * n + f]] for f in range(n)))
        return f"<hex {n} {'/'.join(rows)} {PLAYERS[self.turn]} to move, {self.result}>"


def new_game(options=None):
    options = options or {}
    check_options("hex", options, ("size",))
    try:
        n = int(options.get("size", "11"))
    except ValueError:
        raise ValueError(f"hex: size must be an integer, not {options['size']!r}")
    if not 2 <= n <= 19:
        raise ValueError(f"hex: size must be between 2 and 19, not {n}")
    s = State.__new__(State)
    s.n = n
    s.moves, s.index, s.nbrs = _geometry(n)
    s.board = [EMPTY] * (n * n)
    # union-find over the cells plus virtual nodes:
    # n*n: rank 1, n*n+1: last rank, n*n+2: file a, n*n+3: last file
    s.parent = list(range(n * n + 4))
    s.turn = 0
    s.result = "ongoing"
    s.empties = n * n
    return s


def _find(parent, x):
    root = x
    while parent[root] != root:
        root = parent[root]
    while parent[x] != root:
        parent[x], x = root, parent[x]
    return root


def _union(parent, a, b):
    ra, rb = _find(parent, a), _find(parent, b)
    if ra != rb:
        parent[ra] = rb


def _place(s, i):
    """Put the mover's stone on empty cell i and update union-find and result."""
    n = s.n
    colour = s.turn + 1
    s.board[i] = colour
    s.empties -= 1
    parent = s.parent
    for j in s.nbrs[i]:
        if s.board[j] == colour:
            _union(parent, i, j)
    f, r = i % n, i // n
    if colour == RED:
        if r == 0:
            _union(parent, i, n * n)
        if r == n - 1:
            _union(parent, i, n * n + 1)
        if _find(parent, n * n) == _find(parent, n * n + 1):
            s.result = "win Red"
    else:
        if f == 0:
            _union(parent, i, n * n + 2)
        if f == n - 1:
            _union(parent, i, n * n + 3)
        if _find(parent, n * n + 2) == _find(parent, n * n + 3):
            s.result = "win Blue"
    if s.result == "ongoing" and s.empties == 0:
        # cannot happen in Hex; kept so that a bug shows up as a disagreement
        s.result = "draw"
    s.turn = 1 - s.turn


def legal_moves(state):
    if state.result != "ongoing":
        return []
    b, mv = state.board, state.moves
    return [mv[i] for i in range(len(b)) if not b[i]]


def play(state, move):
    if state.result != "ongoing":
        raise ValueError(f"game is over ({state.result}); {move!r} is not legal")
    i = state.index.get(move[2:]) if move[:2] == "S@" else None
    if i is None or state.board[i]:
        raise ValueError(f"illegal move {move!r}")
    _place(state, i)
    return state


def status(state):
    return state.result


def winner(state):
    """Oracle: the winner ("Red", "Blue") or None, by flood fill from one edge."""
    n, b = state.n, state.board
    nbrs = _geometry(n)[2]
    found = []
    for colour, name, start, goal in (
            (RED, "Red", [f for f in range(n)], lambda i: i // n == n - 1),
            (BLUE, "Blue", [r * n for r in range(n)], lambda i: i % n == n - 1)):
        seen = set()
        stack = [i for i in start if b[i] == colour]
        seen.update(stack)
        while stack:
            i = stack.pop()
            if goal(i):
                found.append(name)
                break
            for j in nbrs[i]:
                if b[j] == colour and j not in seen:
                    seen.add(j)
                    stack.append(j)
    if len(found) > 1:
        raise AssertionError(f"both players connected: {state!r}")
    return found[0] if found else None


def _perft(s, depth):
    # s ongoing, depth >= 1
    if depth == 1:
        return s.empties
    total = 0
    b = s.board
    for i in range(len(b)):
        if not b[i]:
            c = s.copy()
            _place(c, i)
            if c.result == "ongoing":
                total += _perft(c, depth - 1)
    return total


def perft(state, depth):
    if depth == 0:
        return 1
    if state.result != "ongoing":
        return 0
    return _perft(state, depth)
