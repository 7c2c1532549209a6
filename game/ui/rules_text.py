"""The F1 rules reference: a player-facing entry, in plain words, for every rule ID the log can cite
(shared/RULES.md's catalog plus the scenario rules of maps/README.md), the chance cards and the duel
terms; and a search. The scene (scenes/rules_ref.py) draws it.

The texts are the rules' own: the shared pages of ``game.rules.texts`` and each
registered ruleset's ``rule_texts()``, every system in the registry's order (add-ons last), so the
reference covers whatever a player may pick in the menu. Here they are only grouped for the screen:
pages citing a rule ID into sections by title, pages citing none into the terms."""

from __future__ import annotations

import html
from functools import lru_cache

from game.rules.presets import UnknownPreset, get_ruleset, preset_names
from game.rules.ruleset import RuleText
from game.rules.texts import GENERAL_PAGES, SHARED_PAGES

Section = tuple[str, list[tuple[str, str]]]


def _all_pages() -> list[RuleText]:
    out = list(GENERAL_PAGES)
    for name in preset_names():
        try:
            out += get_ruleset(name).rule_texts()
        except UnknownPreset:  # a broken add-on: the menu says so when it is picked
            continue
    return out + list(SHARED_PAGES)


@lru_cache(maxsize=1)
def _reference() -> tuple[list[Section], list[tuple[str, str]]]:
    """(sections, terms), built once: the first page for a rule ID or term wins (an add-on cannot
    reword a built-in entry)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    terms: dict[str, str] = {}
    seen: set[str] = set()
    for page in _all_pages():
        if not page.rules:
            terms.setdefault(page.title, page.text)
            continue
        rid = page.rules[0]
        if rid not in seen:
            seen.add(rid)
            sections.setdefault(page.title, []).append((rid, page.text))
    return list(sections.items()), list(terms.items())


def sections() -> list[Section]:
    """(title, [(rule ID, text), …]) in reading order."""
    return _reference()[0]


def terms() -> list[tuple[str, str]]:
    """(term, text): the chance cards and the words of the duels."""
    return _reference()[1]


def __getattr__(name: str):
    # SECTIONS and TERMS as module constants, built on first use: building them imports every system
    if name == "SECTIONS":
        return sections()
    if name == "TERMS":
        return terms()
    raise AttributeError(name)


def entry(rule_id: str) -> str | None:
    """The player-facing text for a rule ID, or None."""
    return _index().get(rule_id)


@lru_cache(maxsize=1)
def _index() -> dict[str, str]:
    return {rid: text for _, items in sections() for rid, text in items}


def rule_ids() -> set[str]:
    return set(_index())


def search(query: str) -> tuple[list[Section], list[tuple[str, str]]]:
    """Sections and terms whose ID, title or text holds every word of ``query`` (case-blind)."""
    words = query.lower().split()
    if not words:
        return sections(), terms()

    def hit(*texts: str) -> bool:
        blob = " ".join(texts).lower()
        return all(w in blob for w in words)

    secs = [(t, [(r, x) for r, x in items if hit(r, x)]) for t, items in sections()]
    return [(t, items) for t, items in secs if items], [(k, x) for k, x in terms() if hit(k, x)]


def as_html(query: str = "") -> str:
    secs, found = search(query)
    parts = []
    if found:
        parts.append("<font size=5><b>Terms and cards</b></font><br>")
        parts += [f"<font color='#e0b857'><b>{html.escape(k)}</b></font> {html.escape(x)}<br>" for k, x in found]
        parts.append("<br>")
    for title, items in secs:
        parts.append(f"<font size=5><b>{html.escape(title)}</b></font><br>")
        for rid, text in items:
            parts.append(f"<font color='#e0b857'><b>{rid}</b></font> {html.escape(text)}<br>")
        parts.append("<br>")
    return "".join(parts) or "Nothing matches."
