"""Fonts and pre-rendered text: one Font per (size, bold), one Surface per (text, size, colour).

Noto Sans (shipped with pygame_gui) covers the symbols the log uses (≤ ≥ → — ê), which pygame's
default font does not. Text that does not change every frame is rendered once and cached.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import pygame


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


#: symbols Noto Sans (as shipped with pygame_gui) lacks, and what to draw instead
SUBSTITUTES = {"≤": "<=", "≥": ">=", "→": "->", "▼": "v", "★": "*", "◀": "<", "▶": ">", "−": "-"}
_TABLE = str.maketrans(SUBSTITUTES)


def safe(s: str) -> str:
    """Text with the symbols the font cannot draw replaced."""
    return s.translate(_TABLE)


@lru_cache(maxsize=4096)
def text(s: str, size: int = 16, colour=(235, 230, 215), bold: bool = False) -> pygame.Surface:
    """Rendered text, cached (anti-aliased, transparent background)."""
    return font(size, bold).render(safe(s), True, colour)


def outlined(s: str, size: int = 14, colour=(255, 255, 255), outline=(0, 0, 0), bold: bool = True) -> pygame.Surface:
    return _outlined(s, size, tuple(colour), tuple(outline), bold)


# 256: what one frame draws (names, aims, hints) with room to spare; one-off lines (a replay's
# "decision k / N", toasts) filled 1,024 entries of up to ~30 KB each over a long session
@lru_cache(maxsize=256)
def _outlined(s, size, colour, outline, bold) -> pygame.Surface:
    s = safe(s)
    fg = font(size, bold).render(s, True, colour)
    bg = font(size, bold).render(s, True, outline)
    out = pygame.Surface((fg.get_width() + 2, fg.get_height() + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
        out.blit(bg, (dx, dy))
    out.blit(fg, (1, 1))
    return out


def wrap(s: str, width: int, size: int = 14, bold: bool = False) -> list[str]:
    """Split text into lines that fit ``width`` pixels."""
    f = font(size, bold)
    out: list[str] = []
    for para in safe(s).split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            cand = w if not line else line + " " + w
            if f.size(cand)[0] <= width or not line:
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
