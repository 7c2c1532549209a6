"""Shared builders for the OD6 tests: the source's lines of six 2" x 1" pieces."""

from __future__ import annotations

from game.rules.close_combat import Piece, penetration


def lines_of_six(red_x: float = -0.5, blue_x: float = 0.5) -> tuple[list[Piece], list[Piece]]:
    """Red on the left facing +x, Blue on the right facing -x, one pair per row (rows top to bottom).

    Pieces are 2" wide (along y) and 1" deep (along x); pikes (CV 5) in rows 3 and 4, muskets CV 3.
    """
    red, blue = [], []
    for i in range(6):
        cv = 5 if i in (2, 3) else 3
        y = 1.0 + 2.0 * i
        red.append(Piece(f"R{i + 1}", "red", red_x, y, 0.0, 2.0, 1.0, cv, 4, "red_regiment"))
        blue.append(Piece(f"B{i + 1}", "blue", blue_x, y, 180.0, 2.0, 1.0, cv, 4, "blue_regiment"))
    return red, blue


class MiniTable:
    """A tiny stand-in for the table: a move-back is clear unless the piece would end overlapping
    another piece by more than 0.01" (GEO-SWEEP-1 end check), or it is listed as blocked."""

    def __init__(self, pieces, blocked=()):
        self.pieces = {p.id: p for p in pieces}
        self.blocked = set(blocked)
        self.calls: list[str] = []

    def remove(self, pid):
        self.pieces.pop(pid, None)

    def can_move_back(self, pid, dx, dy):
        self.calls.append(pid)
        if pid in self.blocked:
            return False
        moved = self.pieces[pid].moved(dx, dy)
        return all(penetration(moved, q) <= 0.01 for k, q in self.pieces.items() if k != pid)

    def on_move(self, pid, dx, dy):
        self.pieces[pid] = self.pieces[pid].moved(dx, dy)
