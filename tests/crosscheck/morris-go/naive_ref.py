"""Deliberately naive second implementations of both games, written
separately from games/*.py (no incremental structures, no bitboards, no
hashing), used only by test_differential.py to catch bugs in the fast code.
"""

# ---------------------------------------------------------------- Go ------

class NaiveGo:
    def __init__(self, n=19, superko=False, komi=7, move_limit=0):
        self.n = n
        self.superko = superko
        self.komi = komi
        self.move_limit = move_limit
        self.board = {}                      # (file, rank) -> "B"/"W", 0-based
        self.history = [frozenset()]         # boards after each ply, as frozensets
        self.turn = "B"
        self.passes = 0
        self.plies = 0

    def neighbours(self, pt):
        f, r = pt
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            g, s = f + df, r + dr
            if 0 <= g < self.n and 0 <= s < self.n:
                yield (g, s)

    def group(self, board, pt):
        colour = board[pt]
        seen = {pt}
        todo = [pt]
        libs = set()
        while todo:
            q = todo.pop()
            for t in self.neighbours(q):
                if t not in board:
                    libs.add(t)
                elif board[t] == colour and t not in seen:
                    seen.add(t)
                    todo.append(t)
        return seen, libs

    def after(self, pt):
        """Board after the mover places at pt, or None if illegal."""
        if pt in self.board:
            return None
        me = self.turn
        b = dict(self.board)
        b[pt] = me
        for t in self.neighbours(pt):
            if t in b and b[t] != me:
                stones, libs = self.group(b, t)
                if not libs:
                    for s in stones:
                        del b[s]
        _, libs = self.group(b, pt)
        if not libs:
            return None
        key = frozenset(b.items())
        if self.superko:
            if key in self.history:
                return None
        elif len(self.history) >= 2 and key == self.history[-2]:
            return None
        return b

    def name(self, pt):
        return "abcdefghijklmnopqrs"[pt[0]] + str(pt[1] + 1)

    def over(self):
        return self.passes >= 2 or (self.move_limit > 0 and self.plies >= self.move_limit)

    def legal(self):
        if self.over():
            return []
        out = ["pass"]
        for f in range(self.n):
            for r in range(self.n):
                if self.after((f, r)) is not None:
                    out.append("S@" + self.name((f, r)))
        return sorted(out)

    def play(self, move):
        if move == "pass":
            self.passes += 1
        else:
            f = "abcdefghijklmnopqrs".index(move[2])
            r = int(move[3:]) - 1
            b = self.after((f, r))
            assert b is not None, move
            self.board = b
            self.passes = 0
        self.history.append(frozenset(self.board.items()))
        self.turn = "W" if self.turn == "B" else "B"
        self.plies += 1

    def status(self):
        if not self.over():
            return "ongoing"
        score = {"B": 0, "W": self.komi}
        for colour in self.board.values():
            score[colour] += 1
        done = set()
        for f in range(self.n):
            for r in range(self.n):
                pt = (f, r)
                if pt in self.board or pt in done:
                    continue
                region = {pt}
                todo = [pt]
                touches = set()
                while todo:
                    q = todo.pop()
                    for t in self.neighbours(q):
                        if t in self.board:
                            touches.add(self.board[t])
                        elif t not in region:
                            region.add(t)
                            todo.append(t)
                done |= region
                if len(touches) == 1:
                    score[touches.pop()] += len(region)
        if score["B"] > score["W"]:
            return "win Black"
        if score["W"] > score["B"]:
            return "win White"
        return "draw"


# ---------------------------------------------------------- Morris ------

M_LINES = [l.split() for l in (
    "a1 d1 g1; b2 d2 f2; c3 d3 e3; a4 b4 c4; e4 f4 g4; c5 d5 e5; b6 d6 f6; a7 d7 g7; "
    "a1 a4 a7; b2 b4 b6; c3 c4 c5; d1 d2 d3; d5 d6 d7; e3 e4 e5; f2 f4 f6; g1 g4 g7").split(";")]
M_POINTS = sorted({p for l in M_LINES for p in l})


def m_adjacent(a, b):
    for l in M_LINES:
        for i in range(2):
            if {l[i], l[i + 1]} == {a, b}:
                return True
    return False


class NaiveMorris:
    def __init__(self, quiet_draw=0):
        self.at = {}                          # point -> "White"/"Black"
        self.hand = {"White": 9, "Black": 9}
        self.turn = "White"
        self.quiet_draw = quiet_draw
        self.quiet = 0
        self.loser = None

    def other(self, p):
        return "Black" if p == "White" else "White"

    def in_mill(self, at, pt):
        return any(pt in l and all(at.get(q) == at[pt] for q in l) for l in M_LINES)

    def moves_ignoring_end(self):
        me, opp = self.turn, self.other(self.turn)
        empty = [p for p in M_POINTS if p not in self.at]
        steps = []
        if self.hand[me]:
            steps = [(None, t) for t in empty]
        else:
            mine = [p for p, c in self.at.items() if c == me]
            for s in mine:
                for t in empty:
                    if len(mine) == 3 or m_adjacent(s, t):
                        steps.append((s, t))
        theirs = [p for p, c in self.at.items() if c == opp]
        free = [p for p in theirs if not self.in_mill(self.at, p)]
        removable = free if free else theirs
        out = []
        for s, t in steps:
            at = dict(self.at)
            if s:
                del at[s]
            at[t] = me
            text = ("M@" + t) if s is None else (s + "-" + t)
            if self.in_mill(at, t) and removable:
                out.extend(text + ",x" + r for r in removable)
            else:
                out.append(text)
        return out

    def status(self):
        if self.loser:
            return "win " + self.other(self.loser)
        if not self.moves_ignoring_end():
            return "win " + self.other(self.turn)
        if self.quiet_draw and self.quiet >= self.quiet_draw:
            return "draw"
        return "ongoing"

    def legal(self):
        return sorted(self.moves_ignoring_end()) if self.status() == "ongoing" else []

    def play(self, move):
        me, opp = self.turn, self.other(self.turn)
        main, _, rem = move.partition(",")
        if main.startswith("M@"):
            self.at[main[2:]] = me
            self.hand[me] -= 1
            self.quiet = 0
        else:
            s, t = main.split("-")
            del self.at[s]
            self.at[t] = me
            self.quiet += 1
        if rem:
            del self.at[rem[1:]]
            self.quiet = 0
        if sum(1 for c in self.at.values() if c == opp) + self.hand[opp] < 3:
            self.loser = opp
        self.turn = opp
