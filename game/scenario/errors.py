"""Errors for untrusted scenario files."""

from game.schema.text import one_line


class ScenarioError(ValueError):
    """A scenario file that cannot be used: the message names the file, the key and the fault.

    Always one line of at most ~300 characters, control characters escaped (game/schema/text.py).
    """

    def __init__(self, message: object = ""):
        super().__init__(one_line(message))
        self.problems: list[str] = [str(self)]
        """Every problem found, one line each (a bad map's lines, each naming the scenario too)."""
