"""Hovering an enemy while a figure is acting: what a click on it would do, and the odds first.

``options_on`` lists the pending options that name a figure as their target (a charge comes with
its offered contact point, so clicking the target itself charges). ``TargetHover`` turns the
hovered figure into previews (``previews.Previews``) and draws them as cards beside the cursor with
a line from the actor, BEFORE any click; an enemy with no option shows why, from the rules' own
typed refusal (``why_not``), and outlines what stands in the way.
"""

from __future__ import annotations

import math

import pygame

from game.rules.decisions import Decision, IllegalDecision

from . import fonts
from .input_modes import label_px, line_step
from .odds_chart import CardCache
from .previews import Previews
from .refusal_marks import outline_things

PREVIEW_KINDS = ("charge", "shoot")
CHARGE_COL = (255, 120, 90)
SHOT_COL = (255, 220, 120)


def options_on(pending, actor: str | None, fid: str) -> list[Decision]:
    """Options of the pending question that target ``fid`` (by ``actor`` when one is acting)."""
    if pending is None:
        return []
    return [d for d in pending.options if d.target == fid and (actor is None or d.figure in (None, actor))]


class TargetHover:
    def __init__(self):
        self.previews = Previews()
        self.cards = CardCache()
        self.target: str | None = None
        self.actor: str | None = None
        self.shown: list = []  # previews for the hovered target
        self.why: str = ""  # the rules' reason when the hovered enemy is no legal target
        self._why_key = None
        self._why = ""
        self.refusals: list = []  # the rules' typed reasons (refusals.Refusal), charge first
        self._refusals: list = []

    def update(self, scene, fid: str | None) -> None:
        m = scene.match
        p = m.pending
        self.shown, self.why, self.target, self.actor, self.refusals = [], "", None, None, []
        if fid is None or p is None or not scene.is_human_turn():
            return
        actor = scene.acting_figure()
        if actor is None or actor == fid:
            return
        st = m.state
        if fid not in st.figures or st.figures[fid].side not in st.enemies_of(st.figures[actor].side):
            return
        self.target, self.actor = fid, actor
        for d in options_on(p, actor, fid):
            if d.kind == "charge":
                self.shown.append(self.previews.charge(m, d))
            elif d.kind == "shoot":
                self.shown.append(self.previews.shot(m, d))
        if not self.shown and p.validate is not None:
            key = (id(m), len(m.decisions), actor, fid)  # checking plans a path: once per hover, not per frame
            if self._why_key != key:
                self._why_key = key
                self._refusals = why_not(p, actor, fid, st)
                self._why = " · ".join(dict.fromkeys(r.words() for r in self._refusals))
            self.why, self.refusals = self._why, self._refusals

    def draw(self, scene, dst: pygame.Surface) -> None:
        if self.target is None:
            return
        st = scene.match.state
        cam = scene.camera
        a, t = st.figures[self.actor], st.figures[self.target]
        pa, pt = cam.to_screen(a.x, a.y), cam.to_screen(t.x, t.y)
        names = {f.id: f.name for f in st.figures.values()}
        mx, my = scene.mouse
        y = my + line_step(dst)
        if self.why:
            pygame.draw.line(dst, (255, 110, 100), pa, pt, 1)
            for r in self.refusals:
                outline_things(dst, cam, scene.match, r.blockers)
            size = fonts.scaled(14, dst.get_size())
            for line in fonts.wrap(self.why, label_px(dst, 420), size)[:3]:
                t_s = fonts.outlined(line, size, (255, 120, 110))
                r = t_s.get_rect(topleft=(mx + label_px(dst, 14), y))
                r.clamp_ip(scene.map_rect)
                dst.blit(t_s, r)
                y += line_step(dst)
            return
        for pv in self.shown:
            col = CHARGE_COL if type(pv).__name__ == "ChargePreview" else SHOT_COL
            for fid in getattr(pv, "stake", ()):  # who a lost round sends back: dotted rings
                g = st.figures.get(fid)
                if g is not None and fid not in getattr(pv, "fighting", ()):
                    c = cam.to_screen(g.x, g.y)
                    rr = max(6, int((g.radius + 0.2) * cam.ppi))
                    for k in range(12):
                        ang = k * math.pi / 6
                        pygame.draw.circle(
                            dst, (255, 200, 120), (int(c[0] + rr * math.cos(ang)), int(c[1] + rr * math.sin(ang))), 2
                        )
            pygame.draw.line(dst, (0, 0, 0), pa, pt, 4)
            pygame.draw.line(dst, col, pa, pt, 2)
        from .odds_chart import stack_cards  # the cards never overlap each other

        cards = [self.cards.get(pv, names, fonts.ui_scale(dst.get_size())) for pv in self.shown]
        room = scene.above_hint()  # the hint lines run along the map's foot: a card keeps clear of them
        for card, r in zip(cards, stack_cards([c.get_size() for c in cards], (mx, my), room)):
            dst.blit(card, r)


def why_not(p, actor: str, fid: str, st) -> list:
    """The rules' typed refusals (``refusals.Refusal``) of a charge at and a shot at that enemy:
    each question is asked without a destination, so the rules say why they offer none."""
    out = []
    f = st.figures[actor]
    for d in (
        Decision("charge", figure=actor, target=fid),
        Decision("shoot", figure=actor, target=fid, option=f.missile),
    ):
        try:
            p.check(d)
        except IllegalDecision as e:
            out.append(e.refusal)
        except Exception:  # noqa: BLE001 - a preview must never crash the screen
            continue
    return out
