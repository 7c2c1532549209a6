"""Sound: every effect loads through pygame.mixer (dummy audio driver), events pick the effects,
volume and mute come from the settings, and no audio device means silence, not a failure."""

import importlib.util
import os
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.rules.events import DiceRolled, GameOver, Moved, PlayerTurnStarted, StatusChanged
from game.ui import sound
from game.ui.sound import SOUND_NAMES, Sounds, sounds_for

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def _tool():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_mixer_loads_every_sound():
    assert os.environ.get("SDL_AUDIODRIVER") == "dummy"
    s = Sounds(volume=0.5)
    assert s.load(), s.reason
    assert set(s.sounds) == set(SOUND_NAMES)
    for name, snd in s.sounds.items():
        assert 0.1 < snd.get_length() < 3.0, name
        assert snd.get_volume() == pytest.approx(0.5, abs=0.01)
    assert s.play("dice")


def test_the_tool_makes_every_sound_and_the_committed_files_are_its_output(tmp_path):
    tool = _tool()
    assert tuple(tool.EFFECTS) == SOUND_NAMES
    assert tool.main(["--out", str(tmp_path)]) == 0
    for name in SOUND_NAMES:
        assert (tmp_path / f"{name}.wav").read_bytes() == (ROOT / "assets" / "sounds" / f"{name}.wav").read_bytes()


def test_events_pick_the_effects_most_telling_first():
    from game.rules.pyrates.events import ShotResolved

    shot = ShotResolved.__new__(ShotResolved)  # only its class name matters here
    evs = [
        DiceRolled("PYR-MQ-1", faces=(3, 4)),
        shot,
        StatusChanged("PYR-RIG-2", figure="a", status="fled", cause="fell into the sea"),
        Moved("PYR-RIG-2", figure="b", how="fall"),
    ]
    assert sounds_for(evs) == ["splash", "fall", "shot"]
    assert sounds_for([DiceRolled("X")]) == ["dice"]
    assert sounds_for([PlayerTurnStarted("GEN-TURN-1", side="a")]) == ["chime"]
    assert sounds_for([GameOver("GEN-END", winner="a")], human_sides={"a", "b"}) == ["win"]
    assert sounds_for([GameOver("GEN-END", winner="b")], human_sides={"a"}) == ["loss"]  # solo: the AI won
    assert sounds_for([GameOver("GEN-END", winner=None)]) == ["loss"]
    assert sounds_for([Moved("RNG-MOVE-1", figure="c")]) == []


def test_mute_and_zero_volume_are_silent():
    s = Sounds(volume=0.7, muted=True)
    assert s.play_for([DiceRolled("X")]) == []
    s.apply_settings({"volume": 0.0, "mute": False})
    assert not s.play("dice")
    s.apply_settings({"volume": 0.9, "mute": False})
    assert s.play_for([DiceRolled("X")]) == ["dice"]
    assert all(v.get_volume() == pytest.approx(0.9, abs=0.01) for v in s.sounds.values())


def test_no_audio_device_means_silence(monkeypatch):
    def no_device(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(sound.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound.pygame.mixer, "init", no_device)
    s = Sounds()
    assert s.load() is False and "audio device" in s.reason
    assert s.play_for([GameOver("GEN-END", winner="a")]) == []


def test_settings_scene_has_volume_and_mute_that_drive_the_sounds(user_dirs):
    from game.settings import load_settings
    from game.ui.scenes.app import App
    from game.ui.scenes.settings import SettingsScene

    app = App((1280, 800))
    try:
        app.reset_to(SettingsScene(app))
        scene = app.top
        assert "volume" in scene.sliders and "mute" in scene.toggles
        pygame.event.post(
            pygame.event.Event(
                pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {"ui_element": scene.sliders["volume"], "value": 0.25}
            )
        )
        pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": scene.toggles["mute"]}))
        app.step(pygame.event.get(), 1 / 60)
        assert app.sounds.volume == pytest.approx(0.25) and app.sounds.muted
        saved = load_settings()
        assert saved["volume"] == pytest.approx(0.25) and saved["mute"] is True
    finally:
        app.quit()
