"""Sound effects through pygame.mixer, chosen from the match's events.

The battle screen calls ``Sounds.play_for(events, human_sides)`` with each batch of events; the
effects (assets/sounds/*.wav, made by tools/make_sounds.py) are loaded once, when the first one
plays. Volume and mute come from the settings ("volume", "mute"). With no audio device the mixer
does not open and the game is silent; nothing else changes.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path

import pygame

from game.resources import asset_path

#: every effect, by the name of its file in assets/sounds
SOUND_NAMES = ("dice", "clash", "shot", "splash", "fall", "chime", "win", "loss")
#: at most this many effects start for one batch of events, the most telling first
MAX_PER_BATCH = 3
#: the same effect is not restarted within this many seconds (fast demo speeds)
MIN_GAP_S = 0.08

# events by class name: the UI reads events and never imports a ruleset's modules
_CLASH = {"MeleeRoundStarted", "RoundResult", "AttackResolved", "DuelWon", "PieceResolved"}
_DICE = {"DiceRolled", "DieRerolled", "CombatRolled", "CardsDrawn"}
_PRIORITY = ("win", "loss", "splash", "fall", "shot", "clash", "chime", "dice")


def sounds_for(events: Iterable, human_sides: Iterable[str] = ()) -> list[str]:
    """The effects a batch of events calls for, most telling first, at most MAX_PER_BATCH.

    GameOver: "win" unless a human side lost (solo: the AI won) or nobody won, then "loss".
    """
    humans = set(human_sides)
    wanted: set[str] = set()
    for ev in events:
        name = type(ev).__name__
        if name == "GameOver":
            winner = getattr(ev, "winner", None)
            wanted.add("win" if winner and (not humans or winner in humans) else "loss")
        elif name == "StatusChanged" and "sea" in str(getattr(ev, "cause", "")):
            wanted.add("splash")
        elif name == "Moved" and getattr(ev, "how", "") == "fall":
            wanted.add("fall")
        elif name == "ShotResolved":
            wanted.add("shot")
        elif name in _CLASH:
            wanted.add("clash")
        elif name == "PlayerTurnStarted":
            wanted.add("chime")
        elif name in _DICE:
            wanted.add("dice")
    return [s for s in _PRIORITY if s in wanted][:MAX_PER_BATCH]


class Sounds:
    """The game's effects on the mixer; silent (``available`` False, ``reason`` says why) without audio."""

    def __init__(self, volume: float = 0.7, muted: bool = False, folder: Path | None = None):
        self.volume = max(0.0, min(1.0, float(volume)))
        self.muted = bool(muted)
        self.folder = folder
        self.available: bool | None = None  # None: not tried yet
        self.reason = ""
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self._last: dict[str, float] = {}

    @classmethod
    def from_settings(cls, settings: dict) -> Sounds:
        return cls(settings.get("volume", 0.7), settings.get("mute", False))

    def apply_settings(self, settings: dict) -> None:
        self.set_volume(settings.get("volume", self.volume))
        self.muted = bool(settings.get("mute", self.muted))

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, float(volume)))
        for s in self.sounds.values():
            s.set_volume(self.volume)

    def load(self) -> bool:
        """Open the mixer and load every effect; False (and silent from then on) when there is no audio device."""
        if self.available is not None:
            return self.available
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            folder = self.folder or asset_path("sounds")
            for name in SOUND_NAMES:
                snd = pygame.mixer.Sound(str(folder / f"{name}.wav"))
                snd.set_volume(self.volume)
                self.sounds[name] = snd
            self.available = True
        except (pygame.error, OSError) as e:  # no audio device, or a missing file: play on in silence
            self.available, self.reason = False, " ".join(str(e).split())
            self.sounds.clear()
        return self.available

    def play(self, name: str) -> bool:
        """Start one effect; False when muted, silent, rate-limited or unknown."""
        if self.muted or self.volume <= 0 or not self.load() or name not in self.sounds:
            return False
        now = time.monotonic()
        if now - self._last.get(name, -1.0) < MIN_GAP_S:
            return False
        self._last[name] = now
        self.sounds[name].play()
        return True

    def play_for(self, events: Iterable, human_sides: Iterable[str] = ()) -> list[str]:
        """Play the effects these events call for (sounds_for); the names actually started."""
        if self.muted:
            return []
        return [n for n in sounds_for(events, human_sides) if self.play(n)]
