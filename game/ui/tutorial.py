"""The lesson of "Learn to play" (maps/learn_to_play.toml): hints that follow the player's own game.

Each step is keyed to what the Match asks (the pending question's kind and its options) or to what
just happened (the events since the last frame), never to places on the screen, so the lesson
plays the same at every window size and whatever order the player does things in. A step is shown
once; a later step takes the place of an earlier one as the game moves on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

SHOW_FOR = 90.0


@dataclass(frozen=True)
class Step:
    key: str
    text: str
    points_at: str = ""
    """What on screen the hint speaks of (hint_pointer.target_rect), "" for nothing."""


STEPS = {
    "welcome": Step(
        "welcome",
        "Welcome aboard. You lead Flint's boarders, in red; take Lieutenant Harker, in blue, and his two "
        "marines will not stop you. Click a red figure with a white ring to activate it. Captain Flint "
        "is a leader: leaders never roll for motivation, they always act.",
        points_at="ready",
    ),
    "motivation_pass": Step(
        "motivation_pass",
        "{who} rolled {face} for motivation: 3 or less (2 or less when wounded) and a figure acts. A "
        "leader close by takes 1 off the roll.",
    ),
    "motivation_fail": Step(
        "motivation_fail",
        "{who} rolled {face} for motivation and holds: it needed 3 or less. It still defends if "
        "attacked. Try another figure; Captain Flint never rolls.",
        points_at="ready",
    ),
    "move": Step(
        "move",
        "Move the mouse over the deck: the line shows the route and how many inches it costs. Click to "
        "go there. The shrouds by the masts lead up into the rigging, the hatches down to the hold: "
        "point at one to climb.",
        points_at="actor",
    ),
    "charge": Step(
        "charge",
        "An enemy is within 3 inches: click him to charge into contact. Hover over him first: the odds "
        "panel gives your chance of winning the first round of the mêlée.",
        points_at="charge",
    ),
    "end_turn": Step(
        "end_turn",
        "When your figures have done what you want, press E (or End turn). The enemy then plays its "
        "player-turn; in a two-player game the screen would go to a hand-over page first, so that "
        "neither player sees the other's cards.",
        points_at="end_turn",
    ),
    "reaction": Step(
        "reaction",
        "A charge has started a fight: your figures that are not in it may move up to 2 inches, to join "
        "it, to stand beside a friend in it, or to get away. Enter takes the automatic answer.",
        points_at="options",
    ),
    "melee": Step(
        "melee",
        "A mêlée! Each side throws poker dice by how many fight: a pair is a wound, three of a kind a "
        "knockdown, a full house two. The dice panel on the right shows both sides' hands.",
        points_at="dice",
    ),
    "reroll": Step(
        "reroll",
        "You may throw one die of your hand again to better it: pick the die in the list, or take the "
        "automatic choice with Enter.",
        points_at="options",
    ),
    "tap": Step(
        "tap",
        "Your turn to tap: click one of your figures in the fight, then each enemy it strikes, to give "
        "him a wound or a knockdown from your dice. Enter strikes.",
        points_at="actor",
    ),
    "pushback": Step(
        "pushback",
        "A pushback: instead of rolling a save, a figure given a wound may jump back a base's depth and "
        "take none, or, unwounded and given a knockdown, be pushed back wounded instead. When it is "
        "yours to choose, the list offers it.",
        points_at="options",
    ),
    "save": Step(
        "save",
        "{who} rolled {face} to save: a 6 saves, or less with armour, a friend beside, a good position "
        "or rank (an officer needs a 5, a captain a 4).",
        points_at="dice",
    ),
    "won": Step("won", "Well fought: the lieutenant is taken. The results page shows who did what."),
}


def _figure_name(state, who: str) -> str:
    f = state.figures.get(who)
    return f.name if f is not None else "Your figure"


class Lesson:
    """The hint source of a "Learn to play" battle (first_hints.HintBox reads it)."""

    show_for = SHOW_FOR

    def __init__(self):
        self.done: set[str] = set()
        self.read = 0
        """How much of the match's log the lesson has read."""
        self.quiet = False
        self.acted = 0
        """Figures the player has activated."""
        self.waiting: list[tuple[str, dict]] = []
        """Steps called for by events, not yet shown (one a frame)."""
        self.shown_at = None
        """The question that was asked when the shown hint came: a hint keyed to a question waits
        for the next question rather than push the one on screen away."""

    def off(self, battle) -> None:
        self.quiet = True
        battle.toast("No more hints in this lesson")

    @staticmethod
    def points_at(key: str) -> str:
        step = STEPS.get(key)
        return step.points_at if step is not None else ""

    def next(self, battle, showing: str | None) -> tuple[str, str] | None:
        if self.quiet or battle.viewer:
            self.read = len(battle.match.log)
            return None
        pending = battle.match.pending
        self.waiting += list(self._events(battle))
        while self.waiting:
            key, fill = self.waiting.pop(0)
            if key not in self.done:
                self.done.add(key)
                self.shown_at = pending
                return key, STEPS[key].text.format(**fill)
        if showing is not None and pending is self.shown_at:
            return None
        for key in self._asked(battle):
            if key not in self.done:
                self.done.add(key)
                self.shown_at = pending
                return key, STEPS[key].text
        return None

    def _events(self, battle):
        """Steps called for by what happened since the last frame."""
        m = battle.match
        new = m.log[self.read :]
        self.read = len(m.log)
        st = m.state
        humans = battle.humans
        for ev in new:
            cls = type(ev).__name__
            who = getattr(ev, "who", "")
            mine = who in st.figures and st.figures[who].side in humans
            if cls == "DiceRolled" and ev.rule == "RNG-MOT-1" and mine:
                self.acted += 1
                fill = {"who": _figure_name(st, who), "face": ev.faces[0] if ev.faces else "?"}
                yield ("motivation_pass" if ev.success else "motivation_fail"), fill
            elif cls == "DiceRolled" and ev.rule == "PYR-SAVE-1" and who in st.figures:
                yield "save", {"who": _figure_name(st, who), "face": ev.faces[0] if ev.faces else "?"}
            elif cls == "Moved" and getattr(ev, "how", "") == "pushback":
                yield "pushback", {}
            elif cls == "MeleeRoundStarted":
                yield "melee", {}
            elif cls == "GameOver" and ev.winner in humans:
                yield "won", {}

    def _asked(self, battle) -> list[str]:
        """Steps called for by the question the player is asked now."""
        if not battle.is_human_turn():
            return []
        p = battle.match.pending
        if p is None:
            return []
        kinds = {d.kind for d in p.options}
        out = []
        if p.kind == "activate":
            out.append("welcome")
            if self.acted >= 2 or len(battle.ready_figures()) <= 1:
                out.append("end_turn")
        asked: dict[str, Callable[[], bool]] = {
            "charge": lambda: "charge" in kinds,
            "move": lambda: bool(battle.point_kinds()),
            "reaction": lambda: p.kind == "reaction",
            "reroll": lambda: p.kind == "reroll",
            "tap": lambda: p.kind == "tap",
            "pushback": lambda: p.kind == "pushback",
        }
        out += [k for k, when in asked.items() if when()]
        return out


def is_lesson(scenario) -> bool:
    return bool(getattr(scenario, "tutorial", False))
