"""The one error the table raises for an untrusted map file (DESIGN: untrusted files)."""
from __future__ import annotations


class MapError(ValueError):
    """A map file was refused: the message reads ``FILE: element: fault``.

    ``problems`` holds every problem found (the message shows the first).
    """

    def __init__(self, message: str, problems: list[str] | None = None):
        super().__init__(message)
        self.problems: list[str] = list(problems) if problems else [message]
