"""Validating plain data (parsed TOML or JSON) against a schema, with faults as (place, what).

The schemas are msgspec Structs: msgspec checks types strictly (no "1" for 1, no true for 1) and
every ``Meta`` range in one pass written in C; its message is turned into this project's wording:
the key path as the file writes it, then the fault.
"""

from __future__ import annotations

import re

import msgspec

_AT = re.compile(r"^(?P<what>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)
_UNKNOWN = re.compile(r"^Object contains unknown field `(?P<key>[^`]*)`$")
_MISSING = re.compile(r"^Object missing required field `(?P<key>[^`]*)`$")
_NAMES = {
    "int": "an integer",
    "float": "a number",
    "str": "a string",
    "bool": "true or false",
    "array": "an array",
    "object": "a table",
    "int | float": "a number",
    "null": "nothing",
}


def _plain(what: str) -> str:
    """msgspec's "Expected `int` >= 1, got `str`" in words a scenario author knows."""

    def name(m):
        t = m[1].replace(" | null", "")  # an optional key: absent is fine, a wrong value is not
        return _NAMES.get(t, t)

    what = re.sub(r"`([^`]*)`", name, what)
    e = re.match(r"^Invalid enum value (.*)$", what)
    if e:
        return f"{e[1]} is not an allowed value"
    return what[:1].lower() + what[1:]


def fault_of(err: msgspec.ValidationError, root: str = "") -> tuple[str, str]:
    """(key path, fault) of a msgspec validation error; ``root`` prefixes the path."""
    m = _AT.match(str(err))
    assert m is not None, "_AT matches any text (its path part is optional)"
    what, path = m["what"], (m["path"] or "")
    path = path.lstrip(".").replace("[...]", "")
    u = _UNKNOWN.match(what)
    if u:
        return _join(root, path, u["key"]), "unknown key"
    u = _MISSING.match(what)
    if u:
        return _join(root, path, u["key"]), "missing"
    return _join(root, path), _plain(what)


def _join(*parts: str) -> str:
    out = ""
    for p in parts:
        if not p:
            continue
        out = p if not out else out + p if p.startswith("[") else f"{out}.{p}"
    return out or "file"


def validate(data, schema, fail, root: str = ""):
    """``data`` converted to ``schema`` (strict: no coercion); ``fail(place, fault)`` otherwise."""
    try:
        return msgspec.convert(data, schema, strict=True)
    except msgspec.ValidationError as e:
        fail(*fault_of(e, root))
    except RecursionError:
        fail(root or "file", "nested too deeply")
