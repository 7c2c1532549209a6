"""One schema per untrusted file kind, declared once and used by every reader.

* ``scenario.ScenarioFile`` — a scenario .toml; ``options.Options`` / ``options.Cards`` /
  ``options.Order`` — its ``[options]``, ``[cards]`` and ``[[orders]]`` (a record's ``options`` too);
* ``record.RecordFile`` — a record or save (JSON), with ``meta``.

The library is msgspec: strict types (no "1" for 1, no true for 1) and ranges (``Meta(ge=, le=)``,
lengths, patterns) in one declaration per field, checked in C. ``text`` holds the helpers every
reader shares: one-line messages and bounded reads of regular files only.
"""

from .convert import fault_of, validate
from .text import MAX_MESSAGE, one_line, read_bounded

__all__ = ["validate", "fault_of", "one_line", "read_bounded", "MAX_MESSAGE"]
