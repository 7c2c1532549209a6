"""Fonts and pre-rendered text: one Font per (size, bold), one Surface per (text, size, colour).

Noto Sans (shipped with pygame_gui) draws the game's text; its copy lacks arrows, card suits and a
few signs (→ ♥ ≤ ▼). Text drawn here takes each such character from DejaVu Sans (assets/fonts,
from Debian's fonts-dejavu-core, its licence beside it). pygame_gui widgets draw with Noto alone,
so their text goes through ``safe`` (``safe_html`` for text boxes), which spells those characters
out. Text that does not change every frame is rendered once and cached.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import pygame
import pygame.freetype

from ..resources import data_dir


def _font_path(bold: bool) -> str | None:
    try:
        p = resources.files("pygame_gui.data") / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
        return str(p)
    except (ModuleNotFoundError, FileNotFoundError):  # pragma: no cover - pygame_gui ships them
        return None


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = _font_path(bold)
    try:
        return pygame.font.Font(path, max(6, int(size)))
    except (OSError, FileNotFoundError):  # pragma: no cover
        return pygame.font.Font(None, max(6, int(size * 1.3)))


def fallback_path(bold: bool = False) -> str:
    """DejaVu Sans, shipped in assets/fonts: the arrows, suits and signs the main font lacks."""
    return str(data_dir("assets") / "fonts" / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"))


@lru_cache(maxsize=64)
def fallback(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(fallback_path(bold), max(6, int(size)))


@lru_cache(maxsize=4)
def _glyph_table(path: str | None) -> pygame.freetype.Font:
    # pygame.font answers a missing glyph with the font's empty box; freetype answers None
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(path, 16)


@lru_cache(maxsize=1024)
def has_glyph(path: str | None, ch: str) -> bool:
    """Whether the font file at ``path`` has a glyph for ``ch`` (a space or a line break always
    counts as drawn)."""
    return ch in " \n" or _glyph_table(path).get_metrics(ch)[0] is not None


#: characters known to be in the main font (regular, bold): a set test answers most text at once
_DRAWN: dict[bool, set[str]] = {False: set(), True: set()}


def lacks(s: str, bold: bool = False) -> bool:
    """Whether the main font lacks a glyph of ``s`` (most text: no, and one font draws it all)."""
    known, chars = _DRAWN[bold], set(s)
    if chars <= known:
        return False
    main = _font_path(bold)
    for ch in chars - known:
        if not has_glyph(main, ch):
            return True
        known.add(ch)
    return False


def runs(s: str, bold: bool = False) -> list[tuple[bool, str]]:
    """``s`` cut into (from the fallback font, text) runs: a character the main font lacks is
    drawn from DejaVu Sans."""
    main = _font_path(bold)
    if not lacks(s, bold):
        return [(False, s)] if s else []
    out: list[tuple[bool, str]] = []
    for ch in s:
        fb = not has_glyph(main, ch)
        if out and out[-1][0] == fb:
            out[-1] = (fb, out[-1][1] + ch)
        else:
            out.append((fb, ch))
    return out


def render(s: str, size: int, colour, bold: bool = False) -> pygame.Surface:
    """``s`` rendered (anti-aliased, transparent), each character from a font that has it."""
    parts = runs(s, bold)
    main = font(size, bold)
    if len(parts) <= 1 and not (parts and parts[0][0]):
        return main.render(s, True, colour)
    alt = fallback(size, bold)
    surfs = [((alt if fb else main).render(t, True, colour), alt if fb else main) for fb, t in parts]
    out = pygame.Surface((sum(p.get_width() for p, _ in surfs), main.get_height()), pygame.SRCALPHA)
    x = 0
    for surf, f in surfs:
        out.blit(surf, (x, main.get_ascent() - f.get_ascent()))  # one baseline for both fonts
        x += surf.get_width()
    return out


def measure(s: str, size: int, bold: bool = False) -> int:
    """The width ``render`` gives ``s``."""
    main = font(size, bold)
    alt = fallback(size, bold)
    return sum((alt if fb else main).size(t)[0] for fb, t in runs(s, bold))


#: symbols Noto Sans (as shipped with pygame_gui) lacks, and what pygame_gui widgets show instead
SUBSTITUTES = {
    "≤": "<=",
    "≥": ">=",
    "→": "->",
    "←": "<-",
    "▼": "v",
    "★": "*",
    "◀": "<",
    "▶": ">",
    "♥": " hearts",
    "♦": " diamonds",
    "♣": " clubs",
    "♠": " spades",
}
_TABLE = str.maketrans(SUBSTITUTES)
_HTML_TABLE = str.maketrans({**SUBSTITUTES, "≤": "&lt;=", "≥": "&gt;=", "←": "&lt;-", "◀": "&lt;", "▶": "&gt;"})


def safe(s: str) -> str:
    """Text for a pygame_gui widget (which draws with the main font only): the symbols that font
    lacks spelled out."""
    return s.translate(_TABLE)


def safe_html(s: str) -> str:
    """``safe`` for a pygame_gui text box's HTML."""
    return s.translate(_HTML_TABLE)


@lru_cache(maxsize=4096)
def text(s: str, size: int = 16, colour=(235, 230, 215), bold: bool = False) -> pygame.Surface:
    """Rendered text, cached (anti-aliased, transparent background)."""
    return render(s, size, colour, bold)


def outlined(s: str, size: int = 14, colour=(255, 255, 255), outline=(0, 0, 0), bold: bool = True) -> pygame.Surface:
    return _outlined(s, size, tuple(colour), tuple(outline), bold)


# 256: what one frame draws (names, aims, hints) with room to spare; one-off lines (a replay's
# "decision k / N", toasts) filled 1,024 entries of up to ~30 KB each over a long session
@lru_cache(maxsize=256)
def _outlined(s, size, colour, outline, bold) -> pygame.Surface:
    fg = render(s, size, colour, bold)
    bg = render(s, size, outline, bold)
    out = pygame.Surface((fg.get_width() + 2, fg.get_height() + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
        out.blit(bg, (dx, dy))
    out.blit(fg, (1, 1))
    return out


def wrap(s: str, width: int, size: int = 14, bold: bool = False) -> list[str]:
    """Split text into lines that fit ``width`` pixels."""
    out: list[str] = []
    f = font(size, bold)
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        mixed = lacks(para, bold)
        for w in words:
            cand = w if not line else line + " " + w
            if (measure(cand, size, bold) if mixed else f.size(cand)[0]) <= width or not line:
                line = cand
            else:
                out.append(line)
                line = w
        out.append(line)
    return out


def ui_scale(window: tuple[int, int]) -> float:
    """How much larger text is in this window than at 1280×800: the window's height over 800,
    capped (0.8–1.8). Our drawn text and the pygame_gui theme (theme.py) both use it."""
    h = window[1] if window else 800
    return min(1.8, max(0.8, h / 800))


def scaled(size: int, window: tuple[int, int]) -> int:
    """A font size for this window: ``size`` at 1280×800, growing with the window's height (capped),
    so text stays readable at 2560×1440 and fits at 800×560."""
    return max(9, int(round(size * ui_scale(window))))
