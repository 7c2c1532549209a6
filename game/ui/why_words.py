"""The "Why?" of a roll in a player's words: the dice, each modifier with the rule that added it, the
target, the exact chance it had and where the throw fell, then the reference text of every rule
cited. Built from ``Ruleset.roll_parts`` (game/rules/roll_odds.py); pygame_gui's HTML."""

from __future__ import annotations

from fractions import Fraction
from html import escape

from . import fonts
from .log_words import Namer, say
from .rules_text import entry


def _e(text: str) -> str:
    return escape(fonts.safe(text))


def pct(f: Fraction) -> str:
    v = float(f) * 100
    return f"{v:.0f} %" if v >= 1 or v == 0 else f"{v:.1f} %"


def chance_words(f: Fraction) -> str:
    """ "1 in 2 (50 %)"; a long fraction as a percentage only."""
    if f.denominator <= 36:
        return f"{f.numerator} in {f.denominator} ({pct(f)})"
    return pct(f)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{abs(n)}"


def lines(ev, match) -> tuple[str, list[str], list[str]]:
    """(the log line, the arithmetic as HTML lines, the rule IDs cited in order)."""
    parts = match.ruleset.roll_parts(ev)
    n = Namer(match.state)
    head = say(ev, match.state)
    if parts is None:
        return head, ["This line rolls no dice."], [ev.rule]
    rules = [parts.rule]
    out = []
    faces = [f for _, f in parts.dice]
    sides = {s for s, _ in parts.dice}
    die = f"d{sides.pop()}" if len(sides) == 1 else "dice"
    if len(faces) == 1:
        out.append(f"<b>The die</b>: a {die} showing <b>{faces[0]}</b> ({parts.rule})")
    elif faces:
        out.append(
            f"<b>The dice</b>: {len(faces)}{die} showing <b>{', '.join(map(str, faces))}</b>"
            + (f" (natural sum {sum(faces)})" if parts.target is not None or parts.modifier else "")
            + f" ({parts.rule})"
        )
    listed = 0
    for rule, amount, reason in parts.parts:
        out.append(f"&nbsp;&nbsp;{signed(amount)} {_e(n.tidy(reason))} ({rule})")
        listed += amount
        if rule not in rules:
            rules.append(rule)
    rest = parts.modifier - listed if not parts.outcomes else 0
    if rest:
        out.append(
            f"&nbsp;&nbsp;{signed(rest)} in modifiers, as {parts.rule} counts them (this roll does not name them one by one)"
        )
    if parts.total is not None and (parts.modifier or parts.parts) and not parts.outcomes:
        out.append(f"<b>Total</b>: {parts.total}")
    if parts.target is not None:
        need = f"{parts.target} or {'less' if parts.roll_under else 'more'}"
        out.append(f"<b>Needed</b>: {need}")
        for rule, amount, reason in parts.target_parts:
            out.append(f"&nbsp;&nbsp;the target moved by {signed(-amount)}: {_e(n.tidy(reason))} ({rule})")
            if rule not in rules:
                rules.append(rule)
        if parts.natural_pass:
            out.append(f"&nbsp;&nbsp;a natural {' or '.join(map(str, parts.natural_pass))} always passes")
        if parts.natural_fail:
            out.append(f"&nbsp;&nbsp;a natural {' or '.join(map(str, parts.natural_fail))} always fails")
    if parts.success is not None:
        out.append(f"<b>Result</b>: {'passed' if parts.success else 'failed'}")
    if parts.chance is not None:
        out.append(f"<b>Its chance</b>: {chance_words(parts.chance)} to pass, before the dice were thrown")
    if parts.outcomes:
        out.append("<b>Every way it could have come out</b>:")
        for o in parts.outcomes:
            mark = " — this one" if o.happened else ""
            text = f"&nbsp;&nbsp;{_e(o.words)}: {chance_words(o.chance)}{mark}"
            out.append(f"<b>{text}</b>" if o.happened else text)
    for who, where in parts.luck:
        out.append(f"<b>Luck</b>: for {_e(n(who))}, better than {pct(where)} of the ways these dice fall")
    if ev.rule not in rules:
        rules.append(ev.rule)
    return head, out, rules


def why_html(ev, match) -> str:
    head, body, rules = lines(ev, match)
    out = [f"<b>{_e(head)}</b><br><br>", "<br>".join(body), "<br><br><b>The rules cited</b><br>"]
    for rid in rules:
        text = entry(rid)
        out.append(f"<font color='#e0b857'><b>{rid}</b></font> {_e(text) if text else 'no reference text'}<br>")
    return "".join(out)
