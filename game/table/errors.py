"""The one error the table raises for an untrusted map file (DESIGN: untrusted files)."""

from __future__ import annotations


class MapError(ValueError):
    """A map file was refused: the message reads ``FILE: element: fault``, one line of at most
    ~300 characters with control characters escaped (whoever raises it).

    ``problems`` holds every problem found (the message shows the first).
    """

    def __init__(self, message: str, problems: list[str] | None = None):
        from .tmx_read import one_line

        message = one_line(message)
        super().__init__(message)
        self.problems: list[str] = [one_line(p) for p in problems] if problems else [message]
