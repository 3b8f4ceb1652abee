"""Nine men's morris, written from tests/crosscheck/spec/nine-mens-morris.md only.

Representation: the 24 points are numbered 0..23 in the order the rules list
them; each player's men are a 24-bit mask.  Side 0 is White (moves first),
side 1 is Black.
"""

from .options import parse_int, check_known

POINTS = ("a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 "
          "c5 d5 e5 b6 d6 f6 a7 d7 g7").split()
INDEX = {name: i for i, name in enumerate(POINTS)}
NPOINTS = len(POINTS)
FULL = (1 << NPOINTS) - 1

_LINE_TEXT = ("a1 d1 g1; b2 d2 f2; c3 d3 e3; a4 b4 c4; e4 f4 g4; c5 d5 e5; "
              "b6 d6 f6; a7 d7 g7; a1 a4 a7; b2 b4 b6; c3 c4 c5; d1 d2 d3; "
              "d5 d6 d7; e3 e4 e5; f2 f4 f6; g1 g4 g7")
LINES_PTS = [tuple(INDEX[n] for n in line.split()) for line in _LINE_TEXT.split(";")]
assert len(LINES_PTS) == 16
LINES = [sum(1 << p for p in line) for line in LINES_PTS]

# two points are adjacent when they are consecutive on a line
ADJ = [0] * NPOINTS
for a, b, c in LINES_PTS:
    ADJ[a] |= 1 << b
    ADJ[b] |= (1 << a) | (1 << c)
    ADJ[c] |= 1 << b
# lines through each point (every point lies on exactly two lines)
LINES_AT = [[L for L in LINES if L >> p & 1] for p in range(NPOINTS)]
assert all(len(ls) == 2 for ls in LINES_AT)

PLAYERS = ("White", "Black")
HAND = 9


def _bits(mask):
    """Indices of the set bits of mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out




def _mill_men(men):
    """Mask of the men of `men` that lie on a full line of `men`."""
    m = 0
    for L in LINES:
        if men & L == L:
            m |= L
    return m


def _removable(opp):
    """Men of the opponent that a mill may remove."""
    free = opp & ~_mill_men(opp)
    return free if free else opp


def _forms_mill(own_after, to):
    for L in LINES_AT[to]:
        if own_after & L == L:
            return True
    return False


class State:
    __slots__ = ("men", "hand", "turn", "quiet", "result", "quiet_draw", "ply")

    def __init__(self, quiet_draw=0):
        self.men = [0, 0]
        self.hand = [HAND, HAND]
        self.turn = 0
        self.quiet = 0          # plies since the last placement or removal
        self.result = None      # set when a player fell below three men
        self.quiet_draw = quiet_draw
        self.ply = 0

    def copy(self):
        s = State.__new__(State)
        s.men = self.men[:]
        s.hand = self.hand[:]
        s.turn = self.turn
        s.quiet = self.quiet
        s.result = self.result
        s.quiet_draw = self.quiet_draw
        s.ply = self.ply
        return s

    def __repr__(self):
        rows = []
        for r in range(7, 0, -1):
            row = ""
            for f in "abcdefg":
                n = f"{f}{r}"
                if n in INDEX:
                    b = 1 << INDEX[n]
                    row += "W" if self.men[0] & b else "B" if self.men[1] & b else "+"
                else:
                    row += " "
            rows.append(row)
        return ("\n".join(rows) + f"\nto move {PLAYERS[self.turn]} hands {self.hand} "
                f"quiet {self.quiet} result {self.result}")


def new_game(options=None):
    options = dict(options or {})
    check_known(options, ("quiet_draw",), "nine-mens-morris")
    n = parse_int(options, "quiet_draw", 0)
    if n < 0:
        raise ValueError("quiet_draw must be >= 0")
    return State(n)


# --- move generation -------------------------------------------------------
# An internal move is a tuple (frm, to, rem): frm = -1 for a placement,
# rem = -1 when nothing is removed.

def _gen(st):
    t = st.turn
    own, opp = st.men[t], st.men[1 - t]
    empty = FULL & ~(own | opp)
    rem_list = None
    out = []
    if st.hand[t] > 0:
        sources = [(-1, empty, own)]
    else:
        flying = own.bit_count() == 3
        sources = []
        for s in _bits(own):
            targets = empty if flying else ADJ[s] & empty
            if targets:
                sources.append((s, targets, own & ~(1 << s)))
    for frm, targets, base in sources:
        for to in _bits(targets):
            after = base | (1 << to)
            if _forms_mill(after, to) and opp:
                if rem_list is None:
                    rem_list = _bits(_removable(opp))
                for r in rem_list:
                    out.append((frm, to, r))
            else:
                out.append((frm, to, -1))
    return out


def _has_move(st):
    t = st.turn
    own, opp = st.men[t], st.men[1 - t]
    empty = FULL & ~(own | opp)
    if not empty:
        return False
    if st.hand[t] > 0 or own.bit_count() == 3:
        return True
    for s in _bits(own):
        if ADJ[s] & empty:
            return True
    return False


def _text(m):
    frm, to, rem = m
    s = "M@" + POINTS[to] if frm < 0 else POINTS[frm] + "-" + POINTS[to]
    if rem >= 0:
        s += ",x" + POINTS[rem]
    return s


def _apply(st, m):
    frm, to, rem = m
    t = st.turn
    o = 1 - t
    if frm < 0:
        st.men[t] |= 1 << to
        st.hand[t] -= 1
        st.quiet = 0
    else:
        st.men[t] = (st.men[t] & ~(1 << frm)) | (1 << to)
        st.quiet += 1
    if rem >= 0:
        st.men[o] &= ~(1 << rem)
        st.quiet = 0
    if st.men[o].bit_count() + st.hand[o] < 3:
        st.result = "win " + PLAYERS[t]
    st.turn = o
    st.ply += 1
    return st


# --- public API --------------------------------------------------------------

def status(st):
    if st.result:
        return st.result
    if not _has_move(st):
        return "win " + PLAYERS[1 - st.turn]
    if st.quiet_draw > 0 and st.quiet >= st.quiet_draw:
        return "draw"
    return "ongoing"


def legal_moves(st):
    if status(st) != "ongoing":
        return []
    return [_text(m) for m in _gen(st)]


def parse_move(move):
    """Text -> internal tuple (no legality check)."""
    parts = move.split(",")
    if len(parts) > 2:
        raise ValueError(f"bad move {move!r}")
    main = parts[0]
    if main.startswith("M@"):
        frm, to = -1, INDEX[main[2:]]
    else:
        a, sep, b = main.partition("-")
        if not sep:
            raise ValueError(f"bad move {move!r}")
        frm, to = INDEX[a], INDEX[b]
    rem = -1
    if len(parts) == 2:
        if not parts[1].startswith("x"):
            raise ValueError(f"bad move {move!r}")
        rem = INDEX[parts[1][1:]]
    return (frm, to, rem)


def play(st, move):
    try:
        m = parse_move(move)
    except (KeyError, ValueError):
        raise ValueError(f"illegal move {move!r}")
    if status(st) != "ongoing" or m not in _gen(st):
        raise ValueError(f"illegal move {move!r}")
    return _apply(st, m)


def _perft_fast(own, opp, hown, hopp, quiet, qd, depth):
    """Perft from the side to move's point of view (own = mover's men)."""
    if qd and quiet >= qd:
        return 0  # drawn (or lost when blocked): no moves either way
    empty = FULL & ~(own | opp)
    if hown > 0:
        placing = True
        sources = ((-1, empty, own),)
    else:
        placing = False
        flying = own.bit_count() == 3
        sources = []
        for s in _bits(own):
            targets = empty if flying else ADJ[s] & empty
            if targets:
                sources.append((s, targets, own & ~(1 << s)))
    if depth == 1:
        n = 0
        k = _removable(opp).bit_count() if opp else 0
        for frm, targets, base in sources:
            cnt = targets.bit_count()
            if k > 1:
                mills = 0
                for L in LINES:
                    hit = L & targets
                    if hit and (base & L).bit_count() == 2 and not (L & ~base & ~hit):
                        mills |= hit
                cnt += mills.bit_count() * (k - 1)
            n += cnt
        return n
    total = 0
    rem_list = None
    nh = hown - 1 if placing else hown
    for frm, targets, base in sources:
        for to in _bits(targets):
            after = base | (1 << to)
            nq = 0 if placing else quiet + 1
            if opp and _forms_mill(after, to):
                if rem_list is None:
                    rem_list = _bits(_removable(opp))
                for r in rem_list:
                    nopp = opp & ~(1 << r)
                    if nopp.bit_count() + hopp < 3:
                        continue  # opponent lost: terminal, 0 at depth >= 1
                    total += _perft_fast(nopp, after, hopp, nh, 0, qd, depth - 1)
            else:
                if opp.bit_count() + hopp < 3:
                    continue
                total += _perft_fast(opp, after, hopp, nh, nq, qd, depth - 1)
    return total


def perft(st, depth):
    if depth == 0:
        return 1
    if status(st) != "ongoing":
        return 0
    t = st.turn
    return _perft_fast(st.men[t], st.men[1 - t], st.hand[t], st.hand[1 - t],
                       st.quiet, st.quiet_draw, depth)


def perft_slow(st, depth):
    """Reference perft through the public API (for testing perft())."""
    if depth == 0:
        return 1
    moves = legal_moves(st)
    if depth == 1:
        return len(set(moves))
    return sum(perft_slow(play(st.copy(), m), depth - 1) for m in moves)


def copy_state(st):
    return st.copy()
