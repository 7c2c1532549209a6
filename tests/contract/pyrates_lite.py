"""An example add-on preset, "Pyrates, light crews": a variant of the Pyrates rules made of two
values and one hook, with no rule rewritten (docs/ARCHITECTURE.md, "How to add a preset").

- **Values**: saves are easier (PYR-SAVE-1 needs 5+ before modifiers, not 6+) and parties are
  shakier (a PYR-MOR-2 test passes on 3 or less, not 4). Both are fields of ``PyratesConfig``,
  read by the one function that implements each rule.
- **Hook**: light crews move 1 inch farther than their profile (``move_allowance``, the turn
  sequence's hook every move, charge and reach preview asks).

An add-on package would register it in its ``pyproject.toml``::

    [project.entry-points."boarders_away.presets"]
    pyrates-lite = "pyrates_lite:PyratesLiteRuleset"

and a scenario then names ``preset = "pyrates-lite"``. The tests register it by adding it to the
registry's ``PRESETS`` for the length of a test.
"""

from __future__ import annotations

from dataclasses import replace

from game.rules.flow import Ctx
from game.rules.pyrates.config import PYRATES, PyratesConfig
from game.rules.pyrates.preset import PyratesPreset
from game.rules.pyrates.ruleset import PyratesRuleset

#: the rules as written, with an easier save and a harder morale test
LITE: PyratesConfig = replace(PYRATES, base_save=5, morale_target=3)
#: how much farther a light crew's figure moves, in inches
LIGHT_FOOT = 1.0


class LitePreset(PyratesPreset):
    """The Pyrates flow with one hook overridden."""

    name = "pyrates-lite"

    def move_allowance(self, ctx: Ctx, fid: str) -> float:
        """Light crews: every figure moves ``LIGHT_FOOT`` inches farther than its profile says."""
        return super().move_allowance(ctx, fid) + LIGHT_FOOT


class PyratesLiteRuleset(PyratesRuleset):
    """What the match, the screen and the AI ask of the variant: the Pyrates answers, its numbers."""

    name = "pyrates-lite"
    title = "Pyrates mêlée, light crews"
    config = LITE

    def flow(self) -> LitePreset:
        return LitePreset()
