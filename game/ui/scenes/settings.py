"""Settings: screen-edge panning, grid, zones overlay, animation speed, AI pace, demo speed; sound
volume and mute (in a column of their own, game/ui/sound.py plays the effects)."""

from __future__ import annotations

import pygame
import pygame_gui

from game.settings import DEFAULTS, save_settings

from ..theme import ui_metrics
from ..widgets import button, label
from .base import Scene

TOGGLES = [
    ("edge_pan", "Pan at the screen edge"),
    ("show_grid", "One-inch grid on open ground"),
    ("show_overlay", "Show zones and obstacles at start"),
    ("ask_end_turn", "Ask before ending a turn with figures unused"),
    ("first_hints", "First-time hints in battle"),
]
SLIDERS = [("anim_speed", "Animation speed", 0.25, 4.0), ("ai_delay", "AI pause between decisions", 0.0, 2.0)]
#: the unit a slider's value is read in, after the number ("0.50 s")
UNITS = {"ai_delay": " s"}
SOUND_TOGGLES = [("mute", "Mute sound")]
SOUND_SLIDERS = [("volume", "Sound volume", 0.0, 1.0)]


def slider_text(key: str, text: str, value: float) -> str:
    return f"{text}: {value:.2f}{UNITS.get(key, '')}"


class SettingsScene(Scene):
    def build(self) -> None:
        m = self.manager
        w, h = self.size
        s = self.app.settings
        p = ui_metrics(m).px  # lengths laid out for 1280×800, grown with the theme's fonts
        label(m, (p(30), p(12), p(600), p(50)), "Settings", object_id="#title")
        self.toggles = {}
        y = p(90)
        for key, text in TOGGLES:
            self.toggles[key] = button(m, (p(30), y, p(420), p(36)), f"{text}: {'on' if s[key] else 'off'}")
            y += p(44)
        self.sliders = {}
        self.slider_labels = {}
        for key, text, lo, hi in SLIDERS:
            self.slider_labels[key] = label(
                m, (p(30), y, p(420), p(22)), slider_text(key, text, s[key]), object_id="#small"
            )
            self.sliders[key] = pygame_gui.elements.UIHorizontalSlider(
                pygame.Rect(p(30), y + p(24), p(420), p(28)), float(s[key]), (lo, hi), m
            )
            y += p(64)
        self._build_sound(m, w)
        self.full = button(m, (p(30), y, p(420), p(36)), "Full screen (F11)")
        self.reset = button(m, (p(30), y + p(44), p(200), p(36)), "Defaults")
        self.back = button(m, (p(30), h - p(60), p(160), p(44)), "Back")
        self.problem = label(
            m, (p(200), h - p(56), w - p(230), p(36)), getattr(self, "_problem", ""), object_id="#error"
        )

    def _build_sound(self, m, w: int) -> None:
        s = self.app.settings
        p = ui_metrics(m).px
        x = max(p(470), min(p(500), w - p(330)))
        label(m, (x, p(62), p(300), p(24)), "Sound", object_id="#small")
        y = p(90)
        for key, text in SOUND_TOGGLES:
            self.toggles[key] = button(m, (x, y, p(300), p(36)), f"{text}: {'on' if s[key] else 'off'}")
            y += p(44)
        for key, text, lo, hi in SOUND_SLIDERS:
            self.slider_labels[key] = label(
                m, (x, y, p(300), p(22)), slider_text(key, text, s[key]), object_id="#small"
            )
            self.sliders[key] = pygame_gui.elements.UIHorizontalSlider(
                pygame.Rect(x, y + p(24), p(300), p(28)), float(s[key]), (lo, hi), m
            )
            y += p(64)
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None and not sounds.load():
            label(m, (x, y, p(300), p(22)), "No audio device: the game is silent", object_id="#small")

    def _save(self) -> None:
        """Write the settings; a failure (a read-only folder, a full disk) shows on the screen."""
        self._problem = save_settings(self.app.settings) or ""
        self.problem.set_text(self._problem)

    def _sound_changed(self) -> None:
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None:
            sounds.apply_settings(self.app.settings)
            sounds.play("dice")  # a sample at the new level

    def handle(self, event, consumed: bool) -> None:
        s = self.app.settings
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            for key, b in self.toggles.items():
                if el is b:
                    s[key] = not s[key]
                    if key == "first_hints" and s[key]:
                        s["hints_seen"] = []  # turned back on: each hint once more
                    b.set_text(f"{dict(TOGGLES + SOUND_TOGGLES)[key]}: {'on' if s[key] else 'off'}")
                    self._save()
                    if key in dict(SOUND_TOGGLES):
                        self._sound_changed()
            if el is self.full:
                self.app.toggle_fullscreen()
            elif el is self.reset:
                s.clear()
                s.update(DEFAULTS)
                s["fullscreen"] = self.app.fullscreen  # the window stays as it is; F11 changes it
                self._save()
                self._sound_changed()
                self.app._rebuild()
            elif el is self.back:
                self.app.pop()
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            for key, text, _lo, _hi in SLIDERS + SOUND_SLIDERS:
                if event.ui_element is self.sliders[key]:
                    s[key] = float(event.value)
                    self.slider_labels[key].set_text(slider_text(key, text, s[key]))
                    self._save()
                    if key in {k for k, *_ in SOUND_SLIDERS}:
                        self._sound_changed()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
