"""Taps by hand (PYR-ALLOC-2): click a tapper, then its targets, then the tapper again (or Enter).

Each click on a target steps its item through what the question offers for that target and the
pool still pays for — KD, W, Disarm, then the riders: a Main Gauche (PYR-MG-1) for a figure with an
off-hand weapon and a Sneaky Attack (PYR-CARD-5) for a side holding the card — and back to none.
Every change is checked against the rules (``pending.check``) at once, so an illegal tap shows the
rules' own reason before it is confirmed. The tap is an ordinary Decision("tap", figure, items);
items keep the order they were given in, which is the order the rules resolve them.
"""

from __future__ import annotations

import pygame

from game.rules.decisions import Decision, Item

from . import fonts
from .input_modes import BAD, OK, Mode, _label, _refusal_lines, line_step
from .table_labels import TableLabels, label_size

CYCLE = ("kd", "w", "disarm")
ITEM_TEXT = {"kd": "KD", "w": "W", "disarm": "Disarm"}
EXTRA_TEXT = {"mg": "Main Gauche", "sneaky": "Sneaky"}


def item_words(item: Item) -> str:
    """Item(kind "w", extras ("mg",)) → "W + Main Gauche": the words a player reads beside the target."""
    return " + ".join([ITEM_TEXT.get(item.kind, item.kind)] + [EXTRA_TEXT.get(e, e) for e in item.extras])


TAPPER = (255, 215, 90)


class TapMode(Mode):
    name = "tap"

    def __init__(self):
        self.tapper: str | None = None
        self.items: dict[str, Item] = {}
        """Each target's item (kind and riders), in the order given."""
        self.error: str | None = None
        self.mouse = None
        self.chances: dict[tuple[str, ...], str] = {}
        """Each (tapper, target, *riders)'s "lands" chance as shown; one question's, so never stale."""

    # -- what the question offers ---------------------------------------------------------------
    @staticmethod
    def tappers(scene) -> list[str]:
        p = scene.match.pending
        info = p.info if p is not None and isinstance(p.info, dict) else {}
        return list(info.get("tappers", []))

    @staticmethod
    def pool(scene) -> tuple[int, int]:
        p = scene.match.pending
        pool = (p.info or {}).get("pool", {}) if p is not None else {}
        return int(pool.get("knockdowns", 0)), int(pool.get("wounds", 0))

    @staticmethod
    def targets(scene, tapper: str) -> list[str]:
        """Enemies the rules let this tapper strike: those named in its offered taps."""
        p = scene.match.pending
        out: list[str] = []
        for d in p.options if p is not None else ():
            if d.kind == "tap" and d.figure == tapper:
                out += [i.target for i in d.items if i.target not in out]
        return out

    @staticmethod
    def variants(scene, tapper: str, target: str) -> list[Item]:
        """What the question offers this tapper against ``target``: plain kinds first (KD, W,
        Disarm), then each with its riders (Main Gauche, Sneaky Attack)."""
        p = scene.match.pending
        seen: list[Item] = []
        for d in p.options if p is not None else ():
            if d.kind == "tap" and d.figure == tapper:
                seen += [i for i in d.items if i.target == target and i not in seen]
        order = {k: n for n, k in enumerate(CYCLE)}
        return sorted(seen, key=lambda i: (bool(i.extras), order.get(i.kind, len(CYCLE))))

    def left(self, scene) -> tuple[int, int]:
        kd, w = self.pool(scene)
        for it in self.items.values():
            if it.kind in ("kd", "disarm"):
                kd -= 1
            elif it.kind == "w":
                w -= 1
        return kd, w

    @property
    def hint(self) -> str:
        if self.tapper is None:
            return "Tap: click one of your figures ringed in gold, then the enemies it strikes"
        return (
            "Tap: click a target to give KD → W → Disarm → Main Gauche / Sneaky → none; click the tapper again "
            "or Enter to strike; right-click cancels"
        )

    def decision(self) -> Decision | None:
        if self.tapper is None or not self.items:
            return None
        return Decision("tap", figure=self.tapper, items=tuple(self.items.values()))

    def _check(self, scene) -> None:
        self.error = self.refusal(scene, self.decision())

    # -- input -------------------------------------------------------------------------------------
    def on_motion(self, scene, wx, wy) -> None:
        self.mouse = (wx, wy)

    def on_click(self, scene, wx, wy, fid) -> bool:
        if fid is None:
            return True
        if fid == self.tapper:
            self.confirm(scene)
            return True
        if fid in self.tappers(scene):
            self.tapper, self.items, self.error = fid, {}, None
            return True
        if self.tapper is not None and fid in self.targets(scene, self.tapper):
            self.step_item(scene, fid)
        return True

    def step_item(self, scene, target: str) -> None:
        """Next offered item for ``target`` (``variants``) that the pool can still pay for, or none."""
        cur = self.items.pop(target, None)
        kd, w = self.left(scene)
        cycle = self.variants(scene, self.tapper or "", target)
        start = cycle.index(cur) + 1 if cur in cycle else 0
        for it in cycle[start:]:
            if (it.kind in ("kd", "disarm") and kd > 0) or (it.kind == "w" and w > 0):
                self.items[target] = it
                break
        self._check(scene)

    def confirm(self, scene) -> bool:
        d = self.decision()
        if d is None:
            scene.toast("give the tapper's targets their items first (click them)")
            return False
        self._check(scene)
        return self.submit(scene, d, self.error)

    def chance(self, scene, target: str) -> str:
        """The ruleset's exact odds that the tapper's blow lands on ``target`` (its save fails,
        PYR-SAVE-1/2; a Main Gauche's blow is Close, PYR-MG-1), read from the deciding side's
        public view, as "lands 1/2"."""
        held = self.items.get(target)
        extras = held.extras if held is not None else ()
        key = (self.tapper or "", target, *extras)
        if key not in self.chances:
            m = scene.match
            side = m.pending.side if m.pending is not None else None
            view = m.ruleset.public_view(m.state, side) if side else m.state
            o = m.ruleset.attack_odds(view, m.table, key[0], target, "tap", extras=extras)
            p = o.success if o is not None and not o.error else None
            self.chances[key] = f"lands {p.numerator}/{p.denominator}" if p is not None else ""
        return self.chances[key]

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, scene, dst: pygame.Surface) -> None:
        if scene.match.pending is None or scene.match.pending.kind != "tap":
            return
        st, cam = scene.match.state, scene.camera
        for fid in self.tappers(scene):
            f = st.figures[fid]
            c = cam.to_screen(f.x, f.y)
            r = max(6, int(f.radius * cam.ppi) + (6 if fid == self.tapper else 4))
            pygame.draw.circle(dst, TAPPER, c, r, 3 if fid == self.tapper else 1)
        if self.tapper is None:
            return
        a = st.figures[self.tapper]
        pa = cam.to_screen(a.x, a.y)
        for t in self.targets(scene, self.tapper):
            f = st.figures[t]
            pt = cam.to_screen(f.x, f.y)
            item = self.items.get(t)
            if item is None:
                pygame.draw.circle(dst, (230, 230, 230), pt, max(6, int(f.radius * cam.ppi) + 4), 1)
                continue
            col = BAD if self.error else OK
            pygame.draw.line(dst, (0, 0, 0), pa, pt, 5)
            pygame.draw.line(dst, col, pa, pt, 3)
            text = f"{list(self.items).index(t) + 1}. {item_words(item)}"
            chance = self.chance(scene, t)
            lab = fonts.outlined(f"{text} · {chance}" if chance else text, label_size(dst.get_size()), col)
            labels = getattr(scene, "table_labels", None) or TableLabels(scene.map_rect)
            labels.blit(dst, lab, (pt[0], pt[1] - int(f.radius * cam.ppi) - 2))  # clear of the hovered name
        kd, w = self.left(scene)
        if self.mouse is not None:
            m = cam.to_screen(*self.mouse)
            _label(dst, f"{a.name} taps · pool left: {kd} KD, {w} W (PYR-ALLOC-2)", m, TAPPER)
            if self.error:
                _refusal_lines(dst, self.error, (m[0], m[1] + line_step(dst)))
