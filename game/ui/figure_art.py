"""Top-down figure art, one picture per role (captain, officer, crew, marine, musketeer, pike, cabin
boy, civilian, rider, ranger, militia, warrior), drawn with pygame at ART px and kept as PNGs in
assets/figures (written by tools/make_figure_art.py; drawn here again if a file is missing).

The art is neutral: the side's colour stays on the base's rim and its emblem on a badge (colour and
shape, so sides differ for colour-blind players too). A figure's role comes from its roster facts
(rank, type, weapons, flags, name), never from a scenario's name.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

import pygame

ART = 96
ROLES = (
    "captain",
    "officer",
    "crew",
    "marine",
    "musketeer",
    "pike",
    "cabin_boy",
    "civilian",
    "rider",
    "ranger",
    "militia",
    "warrior",
)
ASSETS = Path(__file__).resolve().parents[2] / "assets" / "figures"

SKIN = (226, 182, 140)
DARK = (28, 24, 22)
GOLD = (222, 184, 80)
STEEL = (200, 204, 210)
WOOD = (130, 92, 52)
#: coat, hat/head colour per role
COATS = {
    "captain": (150, 34, 38),
    "officer": (34, 52, 110),
    "crew": (232, 228, 214),
    "marine": (178, 40, 36),
    "musketeer": (190, 160, 110),
    "pike": (120, 110, 96),
    "cabin_boy": (170, 140, 100),
    "civilian": (110, 96, 84),
    "rider": (90, 70, 50),
    "ranger": (52, 92, 52),
    "militia": (120, 104, 70),
    "warrior": (160, 110, 70),
}


def role_of(f) -> str:
    """The picture for a figure, from what the roster says it is."""
    rank = str(getattr(f.rank, "value", f.rank))
    name = f"{f.id} {f.name}".lower()
    flags = set(getattr(f, "flags", ()) or ())
    if getattr(f, "mounted", False) or "cavalry" in flags or "heavy_cavalry" in flags:
        return "rider"
    if rank == "captain":
        return "captain"
    if rank == "officer":
        return "officer"
    if rank == "noncombatant" or f.type == "civilian":
        return "cabin_boy" if ("boy" in name or "monkey" in name or "powder" in name) else "civilian"
    mclass = str(getattr(f.melee_class, "value", f.melee_class))
    if "pike" in flags or "pike" in name or (mclass == "reach" and not f.missile):
        return "pike"
    if "marine" in name:
        return "marine"
    if f.type == "native":
        return "warrior"
    if "ranger" in name:
        return "ranger"
    if f.type == "militia" or "milic" in name:
        return "militia"
    if f.missile and "musket" in str(f.missile):
        return "musketeer"
    return "crew"


def _circle(s, colour, c, r):
    pygame.draw.circle(s, colour, (int(c[0]), int(c[1])), int(r))


def _line(s, colour, a, b, w):
    pygame.draw.line(s, colour, a, b, w)


def _weapon(s, role: str) -> None:
    """Weapons held to the figure's right (the art faces up: north)."""
    if role == "pike":
        _line(s, WOOD, (64, 92), (64, 2), 5)
        pygame.draw.polygon(s, STEEL, [(64, 0), (59, 12), (69, 12)])
    elif role in ("marine", "musketeer", "ranger", "militia"):
        _line(s, WOOD, (66, 74), (66, 16), 6)
        _line(s, STEEL, (66, 26), (66, 10), 3)
        if role == "marine":
            _line(s, STEEL, (66, 12), (66, 0), 2)  # bayonet
    elif role in ("captain", "officer", "crew"):
        _line(s, STEEL, (70, 52), (82, 20), 4)
        _line(s, GOLD, (64, 54), (76, 58), 4)  # hilt guard
    elif role == "warrior":
        _line(s, WOOD, (70, 58), (80, 26), 4)
        pygame.draw.polygon(s, STEEL, [(78, 22), (88, 26), (80, 34)])
    elif role == "cabin_boy":
        _line(s, STEEL, (64, 54), (70, 42), 3)


def _hat(s, role: str) -> None:
    c = (48, 46)
    if role == "captain":
        pts = [(48 + 22 * math.cos(math.radians(a)), 46 + 22 * math.sin(math.radians(a))) for a in (-90, 30, 150)]
        pygame.draw.polygon(s, DARK, pts)
        pygame.draw.polygon(s, GOLD, pts, 3)
        _line(s, (240, 240, 240), (48, 30), (62, 22), 4)  # feather
    elif role == "officer":
        pygame.draw.ellipse(s, DARK, (24, 36, 48, 20))
        pygame.draw.ellipse(s, GOLD, (24, 36, 48, 20), 2)
    elif role == "crew":
        _circle(s, (190, 40, 40), c, 12)  # bandana
        _line(s, (190, 40, 40), (54, 54), (62, 62), 4)
    elif role == "marine":
        _circle(s, DARK, c, 13)
        _circle(s, (230, 230, 230), c, 4)
    elif role == "musketeer":
        _circle(s, (92, 64, 40), c, 20)
        _circle(s, (70, 48, 30), c, 12)
        _line(s, (236, 236, 236), (36, 36), (30, 26), 4)  # plume
    elif role == "pike":
        pygame.draw.ellipse(s, STEEL, (30, 34, 36, 24))
        _line(s, (150, 154, 160), (48, 32), (48, 60), 3)  # morion ridge
    elif role == "ranger":
        _circle(s, (40, 60, 36), c, 16)
        _circle(s, (30, 46, 28), c, 10)
    elif role == "militia":
        _circle(s, (70, 60, 44), c, 15)
        _circle(s, (56, 48, 34), c, 10)
    elif role == "warrior":
        _circle(s, DARK, c, 10)
        for a in (-120, -90, -60):
            _line(s, (230, 230, 210), c, (48 + 18 * math.cos(math.radians(a)), 46 + 18 * math.sin(math.radians(a))), 3)
    elif role == "cabin_boy":
        _circle(s, (60, 80, 120), c, 10)
        _line(s, (60, 80, 120), (48, 36), (48, 28), 5)  # cap peak
    elif role == "civilian":
        _circle(s, (96, 70, 44), c, 10)  # bare head, hair
    elif role == "rider":
        _circle(s, DARK, c, 12)


def draw_role(role: str, size: int = ART) -> pygame.Surface:
    """The role's picture, facing up, on a transparent ``size`` square."""
    s = pygame.Surface((ART, ART), pygame.SRCALPHA)
    coat = COATS.get(role, COATS["crew"])
    if role == "rider":  # the horse under the rider, nose up
        pygame.draw.ellipse(s, (96, 66, 40), (30, 4, 36, 88))
        pygame.draw.ellipse(s, (70, 48, 30), (38, 0, 20, 22))
        _line(s, DARK, (48, 60), (48, 92), 6)  # tail
    small = role == "cabin_boy"
    sh = (22, 40, 52, 28) if not small else (28, 42, 40, 22)
    pygame.draw.ellipse(s, coat, sh)  # shoulders
    pygame.draw.ellipse(s, DARK, sh, 2)
    if role == "crew":  # striped shirt
        for y in range(sh[1] + 6, sh[1] + sh[3] - 2, 7):
            _line(s, (40, 70, 150), (sh[0] + 6, y), (sh[0] + sh[2] - 6, y), 3)
    if role == "marine":  # white cross-belts
        _line(s, (240, 240, 240), (28, 44), (64, 64), 4)
        _line(s, (240, 240, 240), (68, 44), (32, 64), 4)
    if role == "captain":
        _line(s, GOLD, (26, 52), (34, 46), 4)
        _line(s, GOLD, (70, 52), (62, 46), 4)  # epaulettes
    _circle(s, SKIN, (48, 46), 10 if not small else 8)  # head
    _hat(s, role)
    _weapon(s, role)
    return s if size == ART else pygame.transform.smoothscale(s, (size, size))


@lru_cache(maxsize=32)
def role_art(role: str) -> pygame.Surface:
    """The role's picture from assets/figures, or drawn now when the file is missing."""
    p = ASSETS / f"{role}.png"
    if p.is_file():
        try:
            return pygame.image.load(str(p))
        except (pygame.error, OSError):
            pass
    return draw_role(role)


def _grey(s: pygame.Surface) -> pygame.Surface:
    g = pygame.transform.grayscale(s)
    g.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return g


def emblem_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if shape == "square":
        k = r * 0.8
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in (-90, 30, 150)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "star":
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.45
            a = math.radians(-90 + i * 36)
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    if shape == "cross":
        k, t = r, r * 0.35
        return [
            (cx - t, cy - k),
            (cx + t, cy - k),
            (cx + t, cy - t),
            (cx + k, cy - t),
            (cx + k, cy + t),
            (cx + t, cy + t),
            (cx + t, cy + k),
            (cx - t, cy + k),
            (cx - t, cy + t),
            (cx - k, cy + t),
            (cx - k, cy - t),
            (cx - t, cy - t),
        ]
    return []


@lru_cache(maxsize=512)
def figure_sprite(
    role: str, colour: tuple[int, int, int], emblem: str, diameter: int, status: str = "unwounded", dim: bool = False
) -> pygame.Surface:
    """A figure: a rim in the side's colour, the role's picture, the side's emblem on a badge at the
    base's lower right; wounded (a red bandage and a red rim), captive (grey, roped) and disarmed
    (no bright steel: greyed weapon hand) each look different."""
    d = max(8, diameter)
    s = pygame.Surface((d + 2, d + 2), pygame.SRCALPHA)
    c, r = d // 2 + 1, d // 2
    col = tuple(int(v * 0.55) for v in colour) if dim else tuple(colour)
    pygame.draw.circle(s, (20, 16, 12), (c, c), r)
    pygame.draw.circle(s, col, (c, c), r - max(1, d // 14))  # the rim, in the side's colour
    inner = max(2, r - max(2, d // 6))
    # the base's top in a light tint of the side's colour: the side reads at a glance, the art on it
    tint = tuple(min(255, int(v * 0.7 + 70)) for v in col)
    pygame.draw.circle(s, tint, (c, c), inner)
    art = role_art(role)
    k = int(inner * 3.3)  # the body fills the base; a pike's head or a horse may reach past it
    a = pygame.transform.smoothscale(art, (k, k))
    if status in ("captive", "disarmed"):
        a = _grey(a)
    if dim:
        a.fill((170, 170, 170, 255), special_flags=pygame.BLEND_RGBA_MULT)
    s.blit(a, a.get_rect(center=(c, c)))
    if status == "wounded":
        pygame.draw.circle(s, (200, 30, 30), (c, c), r, max(2, d // 10))
        w = max(2, d // 9)
        pygame.draw.line(s, (235, 235, 235), (c - inner // 2, c - inner // 3), (c + inner // 2, c - inner // 2), w)
        pygame.draw.line(
            s, (200, 30, 30), (c - inner // 4, c - inner // 3), (c + inner // 4, c - inner // 2 + 1), max(1, w // 2)
        )
    if status == "captive":
        for k2 in range(3):  # a rope wound round the figure
            y = c - inner // 2 + k2 * inner // 2
            pygame.draw.line(s, (176, 140, 80), (c - inner, y), (c + inner, y + 2), max(1, d // 14))
    # the side's emblem on a badge, so sides differ in shape as well as colour
    br = max(3, d // 6)
    bx, by = c - int(r * 0.6), c + int(r * 0.6)  # lower left: the weapons are held to the right
    pygame.draw.circle(s, (20, 16, 12), (bx, by), br + 1)
    pygame.draw.circle(s, col, (bx, by), br)
    light = (245, 240, 225) if sum(colour) < 520 else (30, 30, 30)
    if emblem == "circle":
        pygame.draw.circle(s, light, (bx, by), max(1, int(br * 0.55)))
    else:
        pygame.draw.polygon(s, light, emblem_points(emblem, bx, by, br * 0.7))
    return s
