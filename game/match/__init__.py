"""The Match: one deterministic door into a running game."""

from game.rules.decisions import Decision, IllegalDecision, choose
from game.rules.flow import Ask

from .canon import canonical
from .match import Match
from .record import (
    FORMAT,
    VERSION,
    Record,
    SaveError,
    load_record,
    load_save,
    parse_record,
    record_of,
    save,
)
from .replay import ReplayResult, load_match, match_from_record, replay

__all__ = [
    "Match",
    "Decision",
    "IllegalDecision",
    "Ask",
    "choose",
    "Record",
    "SaveError",
    "record_of",
    "save",
    "load_record",
    "load_save",
    "parse_record",
    "replay",
    "ReplayResult",
    "load_match",
    "match_from_record",
    "canonical",
    "FORMAT",
    "VERSION",
]
