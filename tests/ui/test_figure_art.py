"""Figures that read — per-role art made by tools/make_figure_art.py and committed; side
colour and emblem kept; wounded, captive and knocked-down figures look different."""

from __future__ import annotations

import glob
import os

import pygame

from game.scenario import load_scenario
from game.ui.figure_art import ASSETS, ROLES, draw_role, figure_sprite, role_of

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")


def test_every_role_has_committed_art_that_matches_the_drawing_code():
    pygame.init()
    for role in ROLES:
        p = ASSETS / f"{role}.png"
        assert p.is_file(), f"{p}: run tools/make_figure_art.py"
        img = pygame.image.load(str(p))
        fresh = draw_role(role)
        assert img.get_size() == fresh.get_size()
        assert pygame.image.tobytes(img, "RGBA") == pygame.image.tobytes(fresh, "RGBA"), f"{role}: art is stale"


def test_shipped_rosters_use_many_roles():
    roles = set()
    for path in glob.glob(os.path.join(MAPS, "*.toml")):
        for f in load_scenario(path).figures:
            roles.add(role_of(f))
    assert {"captain", "officer", "crew", "marine", "cabin_boy"} <= roles
    assert len(roles) >= 8


def _px(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(s, "RGBA")


def test_statuses_and_sides_look_different():
    pygame.init()
    base = figure_sprite("crew", (40, 60, 140), "square", 40)
    for status in ("wounded", "captive", "disarmed"):
        assert _px(figure_sprite("crew", (40, 60, 140), "square", 40, status)) != _px(base), status
    assert _px(figure_sprite("crew", (200, 40, 40), "square", 40)) != _px(base)  # colour
    assert _px(figure_sprite("crew", (40, 60, 140), "circle", 40)) != _px(base)  # emblem (colour-blind safe)
    assert _px(figure_sprite("pike", (40, 60, 140), "square", 40)) != _px(base)  # role
