"""The after-action report's pages in a player's words (pygame_gui's HTML): the decisive moments as
links the results page opens, each figure's part, each side's luck."""

from __future__ import annotations

from html import escape

from game.rules.counting import counted

from . import fonts


def _e(text: str) -> str:
    return escape(fonts.safe(text))


def moments_html(rep) -> str:
    """Numbered as on the chart; each with a link to the replay there and one to "What happens next?"."""
    if not rep.moments:
        return "No single moment swung the fight: strength ebbed evenly."
    out = ["<b>Decisive moments</b> (the numbers on the chart)<br>"]
    for i, mo in enumerate(rep.moments):
        out.append(
            f"<b>{i + 1}.</b> {_e(mo.sentence)} "
            f"<a href='replay:{i}'>Watch it</a> · <a href='whatif:{i}'>What if from here?</a><br>"
        )
    return "".join(out)


def figure_line(part) -> str:
    bits = [counted(part.blows, "blow struck", "blows struck")]
    if part.hurt:
        bits.append(f"hurt {counted(part.hurt, 'time')}")
    if part.saves_rolled:
        bits.append(f"{part.saves_made} of {counted(part.saves_rolled, 'save')} made")
    bits.append(f"moved {part.inches:g} in")
    return ", ".join(bits) + (f" — {part.fate}" if part.fate else "")


def figures_html(rep) -> str:
    out = []
    for sid, name in rep.sides:
        out.append(f"<b>{_e(name)}</b><br>")
        for part in (p for p in rep.figures if p.side == sid):
            out.append(f"&nbsp;&nbsp;<b>{_e(part.name)}</b>: {_e(figure_line(part))}<br>")
        out.append("<br>")
    return "".join(out)


def luck_sentence(rep, luck) -> str:
    pct = round(luck.mean * 100)
    if pct >= 55:
        verdict = "luckier than average"
    elif pct <= 45:
        verdict = "unluckier than average"
    else:
        verdict = "about average"
    return (
        f"{rep.side_name(luck.side)}: {counted(luck.rolls, 'roll')}, on average better than {pct} % of what "
        f"the same dice could have thrown ({luck.good} above the middle): {verdict}."
    )


def luck_html(rep) -> str:
    if not rep.luck:
        return "No roll of this battle is judged better or worse for one side."
    out = [
        "<b>Luck</b>: each roll is placed among every way its dice could have fallen "
        "(50 % is an average throw; a test's pass is the good way, a roll-off's high).<br><br>"
    ]
    out += [f"{_e(luck_sentence(rep, x))}<br>" for x in rep.luck]
    swing = {x.side: x.mean for x in rep.luck}
    if len(swing) >= 2:
        best = max(swing, key=lambda s: swing[s])
        out.append(
            f"<br>The dice favoured {_e(rep.side_name(best))}. Set this beside the strength chart: a side "
            "that lost with the better dice was outplayed; one that lost with the worse was out-rolled.<br>"
        )
    return "".join(out)
