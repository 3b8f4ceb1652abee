"""Go, written from tests/crosscheck/spec/go.md only.

Representation
--------------
Points are numbered p = (rank-1)*n + file.  `board[p]` is 0 (empty),
1 (Black) or 2 (White).  Groups are kept incrementally: `gid[p]` is the id of
the group at p (-1 when empty) and `groups[id]` a `Group` (colour, list of
stones, set of liberties).  Group objects are never mutated once another
state may share them (copy-on-write), so copying a state only copies two
lists and one dict.

Ko uses Zobrist hashes of the board (stones only); a hash match is always
confirmed by comparing the actual boards, so hash collisions cannot cause a
wrong answer.
"""

import random

from .options import parse_int, parse_bool, check_known

LETTERS = "abcdefghijklmnopqrs"
PLAYERS = (None, "Black", "White")
EMPTY, BLACK, WHITE = 0, 1, 2


class Geometry:
    __slots__ = ("n", "nn", "nbrs", "names", "index", "zob", "stone_moves")

    def __init__(self, n):
        self.n = n
        self.nn = n * n
        self.nbrs = []
        for p in range(self.nn):
            r, f = divmod(p, n)
            nb = []
            if f > 0:
                nb.append(p - 1)
            if f < n - 1:
                nb.append(p + 1)
            if r > 0:
                nb.append(p - n)
            if r < n - 1:
                nb.append(p + n)
            self.nbrs.append(tuple(nb))
        self.names = [LETTERS[p % n] + str(p // n + 1) for p in range(self.nn)]
        self.index = {name: p for p, name in enumerate(self.names)}
        self.stone_moves = ["S@" + name for name in self.names]
        rng = random.Random(0x60B0A2D + n)
        self.zob = (None,
                    [rng.getrandbits(64) for _ in range(self.nn)],
                    [rng.getrandbits(64) for _ in range(self.nn)])


_GEOM = {}


def geometry(n):
    g = _GEOM.get(n)
    if g is None:
        g = _GEOM[n] = Geometry(n)
    return g


class Group:
    __slots__ = ("color", "stones", "libs")

    def __init__(self, color, stones, libs):
        self.color = color
        self.stones = stones   # list, never mutated after creation
        self.libs = libs       # set, never mutated once shared


class State:
    __slots__ = ("g", "board", "gid", "groups", "next_id", "to_move", "passes",
                 "ply", "h", "snap", "prev_h", "prev_snap", "seen",
                 "komi", "superko", "move_limit", "nstones")

    def copy(self):
        s = State.__new__(State)
        s.g = self.g
        s.board = self.board[:]
        s.gid = self.gid[:]
        s.groups = dict(self.groups)
        s.next_id = self.next_id
        s.to_move = self.to_move
        s.passes = self.passes
        s.ply = self.ply
        s.h = self.h
        s.snap = self.snap
        s.prev_h = self.prev_h
        s.prev_snap = self.prev_snap
        s.seen = dict(self.seen) if self.seen is not None else None
        s.komi = self.komi
        s.superko = self.superko
        s.move_limit = self.move_limit
        s.nstones = self.nstones
        return s

    def __repr__(self):
        n = self.g.n
        rows = []
        for r in range(n - 1, -1, -1):
            rows.append(f"{r + 1:2d} " + " ".join(".XO"[self.board[r * n + f]]
                                                    for f in range(n)))
        rows.append("   " + " ".join(LETTERS[:n]))
        rows.append(f"to move {PLAYERS[self.to_move]}, ply {self.ply}, passes {self.passes}")
        return "\n".join(rows)


def new_game(options=None):
    options = dict(options or {})
    check_known(options, ("size", "superko", "komi", "move_limit"), "go")
    n = parse_int(options, "size", 19)
    if not 2 <= n <= 19:
        raise ValueError("size must be between 2 and 19")
    s = State.__new__(State)
    s.g = geometry(n)
    s.board = [EMPTY] * s.g.nn
    s.gid = [-1] * s.g.nn
    s.groups = {}
    s.next_id = 0
    s.to_move = BLACK
    s.passes = 0
    s.ply = 0
    s.h = 0
    s.snap = bytes(s.board)
    s.prev_h = None      # board before the last ply (None at the start)
    s.prev_snap = None
    s.superko = parse_bool(options, "superko", False)
    s.seen = {0: (s.snap,)} if s.superko else None
    kv = options.get("komi")
    if kv is None:
        s.komi = 7
    else:
        try:
            s.komi = int(kv)
        except ValueError:
            s.komi = float(kv)   # tolerated; the rules say integer
    s.move_limit = parse_int(options, "move_limit", 0)
    s.nstones = 0
    return s


def is_over(st):
    return st.passes >= 2 or (st.move_limit > 0 and st.ply >= st.move_limit)


# --- legality ----------------------------------------------------------------

def _candidate_snapshot(st, p, c, caps):
    b = bytearray(st.board)
    b[p] = c
    groups = st.groups
    for gi in caps:
        for s in groups[gi].stones:
            b[s] = 0
    return bytes(b)


def _check(st, p):
    """Captured group ids if placing the mover's stone at empty p is legal,
    else None."""
    c = st.to_move
    board, gid, groups = st.board, st.gid, st.groups
    has_lib = False
    caps = []
    for q in st.g.nbrs[p]:
        v = board[q]
        if v == EMPTY:
            has_lib = True
        elif v == c:
            if not has_lib and len(groups[gid[q]].libs) > 1:
                has_lib = True
        else:
            gi = gid[q]
            if len(groups[gi].libs) == 1 and gi not in caps:
                caps.append(gi)
    if not has_lib and not caps:
        return None                      # suicide
    if caps or st.superko:
        z = st.g.zob
        h = st.h ^ z[c][p]
        if caps:
            zo = z[3 - c]
            for gi in caps:
                for s in groups[gi].stones:
                    h ^= zo[s]
        if st.superko:
            olds = st.seen.get(h)
            if olds is not None:
                cand = _candidate_snapshot(st, p, c, caps)
                if cand in olds:
                    return None          # positional superko
        elif h == st.prev_h:
            if _candidate_snapshot(st, p, c, caps) == st.prev_snap:
                return None              # simple ko
    return caps


def _legal_points(st):
    board, nbrs = st.board, st.g.nbrs
    out = []
    if st.superko:
        for p in range(st.g.nn):
            if board[p] == EMPTY and _check(st, p) is not None:
                out.append(p)
        return out
    for p in range(st.g.nn):
        if board[p] == EMPTY:
            for q in nbrs[p]:
                if board[q] == EMPTY:
                    out.append(p)   # an empty neighbour: never suicide; a simple
                    break           # ko retake never has one (see README)
            else:
                if _check(st, p) is not None:
                    out.append(p)
    return out


def count_moves(st):
    """len(legal_moves(st)) computed without building the list."""
    if is_over(st):
        return 0
    if st.superko:
        return len(_legal_points(st)) + 1
    # Only empty points with no empty neighbour can be illegal, and every such
    # point is a liberty of some group.
    board, nbrs = st.board, st.g.nbrs
    cand = set()
    for G in st.groups.values():
        cand |= G.libs
    illegal = 0
    for p in cand:
        for q in nbrs[p]:
            if board[q] == EMPTY:
                break
        else:
            if _check(st, p) is None:
                illegal += 1
    return st.g.nn - st.nstones - illegal + 1


# --- making moves ---------------------------------------------------------------

def _place(st, p, caps):
    c = st.to_move
    o = 3 - c
    board, gid, groups = st.board, st.gid, st.groups
    nbrs = st.g.nbrs
    z = st.g.zob
    h = st.h ^ z[c][p]
    board[p] = c
    stones = [p]
    libs = set()
    friends = []
    enemies = []
    for q in nbrs[p]:
        v = board[q]
        if v == EMPTY:
            libs.add(q)
        elif v == c:
            gi = gid[q]
            if gi not in friends:
                friends.append(gi)
        else:
            gi = gid[q]
            if gi not in enemies:
                enemies.append(gi)
    for gi in friends:
        G = groups.pop(gi)
        stones.extend(G.stones)
        libs |= G.libs
    libs.discard(p)
    nid = st.next_id
    st.next_id = nid + 1
    for s in stones:
        gid[s] = nid
    groups[nid] = Group(c, stones, libs)
    fresh = {nid}
    captured = 0
    for gi in enemies:
        G = groups[gi]
        if gi in caps:
            del groups[gi]
            zo = z[o]
            for s in G.stones:
                board[s] = EMPTY
                gid[s] = -1
                h ^= zo[s]
            captured += len(G.stones)
            for s in G.stones:
                for t in nbrs[s]:
                    if board[t] == c:
                        ti = gid[t]
                        if ti not in fresh:
                            T = groups[ti]
                            groups[ti] = Group(c, T.stones, set(T.libs))
                            fresh.add(ti)
                        groups[ti].libs.add(s)
        else:
            libs2 = set(G.libs)
            libs2.discard(p)
            groups[gi] = Group(o, G.stones, libs2)
    st.nstones += 1 - captured
    st.h = h
    return st


def play(st, move):
    if is_over(st):
        raise ValueError(f"illegal move {move!r}: the game is over")
    old_h, old_snap = st.h, st.snap
    if move == "pass":
        st.passes += 1
    else:
        p = st.g.index.get(move[2:]) if move.startswith("S@") else None
        if p is None or st.board[p] != EMPTY:
            raise ValueError(f"illegal move {move!r}")
        caps = _check(st, p)
        if caps is None:
            raise ValueError(f"illegal move {move!r}")
        _place(st, p, caps)
        st.passes = 0
        st.snap = bytes(st.board)
        if st.superko:
            st.seen[st.h] = st.seen.get(st.h, ()) + (st.snap,)
    st.prev_h, st.prev_snap = old_h, old_snap
    st.to_move = 3 - st.to_move
    st.ply += 1
    return st


# --- end of game ----------------------------------------------------------------

def score(st):
    """(black, white) area scores, komi included for White."""
    board, nbrs = st.board, st.g.nbrs
    pts = [0, 0, 0]
    for v in board:
        pts[v] += 1
    seen = bytearray(st.g.nn)
    for p in range(st.g.nn):
        if board[p] != EMPTY or seen[p]:
            continue
        seen[p] = 1
        stack = [p]
        size = 0
        touch = 0
        while stack:
            q = stack.pop()
            size += 1
            for t in nbrs[q]:
                v = board[t]
                if v == EMPTY:
                    if not seen[t]:
                        seen[t] = 1
                        stack.append(t)
                else:
                    touch |= v
        if touch == BLACK or touch == WHITE:
            pts[touch] += size
    return pts[BLACK], pts[WHITE] + st.komi


def status(st):
    if not is_over(st):
        return "ongoing"
    b, w = score(st)
    if b > w:
        return "win Black"
    if w > b:
        return "win White"
    return "draw"


def legal_moves(st):
    if is_over(st):
        return []
    sm = st.g.stone_moves
    out = [sm[p] for p in _legal_points(st)]
    out.append("pass")
    return out


def perft(st, depth):
    if depth == 0:
        return 1
    if is_over(st):
        return 0
    if depth == 1:
        return count_moves(st)
    total = 0
    for p in _legal_points(st):
        total += perft(play_point(st.copy(), p), depth - 1)
    total += perft(play(st.copy(), "pass"), depth - 1)
    return total


def play_point(st, p):
    return play(st, st.g.stone_moves[p])


def perft_slow(st, depth):
    """Reference perft through legal_moves/play only (for testing perft())."""
    if depth == 0:
        return 1
    moves = legal_moves(st)
    if depth == 1:
        return len(set(moves))
    return sum(perft_slow(play(st.copy(), m), depth - 1) for m in moves)


def copy_state(st):
    return st.copy()
