"""Short headlines of the key events of a battle, for the demo's on-screen narration and the
headless demo log: boarders getting aboard (the grapple), charges into mêlée, falls from the
rigging, colours struck, the alarm, the fire, figures cut down or taken, the end.

Pure: reads events and match state, keeps what it has already said in a small memo dict so that
repeated events (every wound, every spread of the fire) do not flood the screen.
"""

from __future__ import annotations


def _name(state, fid: str) -> str:
    f = state.figures.get(fid)
    return f.name if f is not None else fid


def _side_name(state, sid: str) -> str:
    try:
        return state.side(sid).name
    except KeyError:
        return sid


def headline(ev, match, memo: dict) -> str | None:
    """One line for a key event, or None."""
    st = match.state
    kind = type(ev).__name__
    rule = getattr(ev, "rule", "")
    if kind == "TurnStarted":
        return f"Turn {ev.turn} — first to move: {_side_name(st, ev.first)}"
    if kind == "GameOver":
        who = _side_name(st, ev.winner) if ev.winner else "Nobody"
        return f"{who} {'win' if ev.winner else 'wins: a draw'} — {ev.reason}"
    if kind == "Moved":
        f = st.figures.get(ev.figure)
        if f is None:
            return None
        if ev.how == "fall":
            return f"{f.name} falls from the rigging!"
        if ev.how == "charge":  # the first two charges of each turn: more would flood the screen
            key = f"charges:{st.turn}"
            memo[key] = memo.get(key, 0) + 1
            return f"{f.name} charges!" if memo[key] <= 2 else None
        side = _side(st, f.side)
        if side is not None and side.boarder and "aboard" not in memo:
            z = _zone(match, f)
            foe_ships = {s.ship for s in st.sides if s.id != f.side and s.ship}
            if z is not None and z.ship in foe_ships and z.ship != side.ship:
                memo["aboard"] = True
                return f"Boarders away! {f.name} is first aboard"
        return None
    if kind == "StatusChanged":
        name = _name(st, ev.figure)
        if ev.status == "knocked_down":
            return f"{name} is cut down" + (
                f" ({_tidy(st, ev.cause)})" if ev.cause and ev.cause != "failed save" else ""
            )
        if ev.status == "captive" and ev.cause != "colours struck":
            return f"{name} is taken prisoner"
        if ev.status == "fled":
            return f"{name} flees" + (f" ({_tidy(st, ev.cause)})" if ev.cause else "")
        if ev.status == "wounded" and ev.cause == "fire":
            return f"{name} is scorched by the flames"
        return None
    if kind == "RoundResult":
        if ev.choice == "strike_colours":
            return f"{_side_name(st, ev.loser)} strike their colours!"
        if ev.choice == "abandon_ship":
            return f"{_side_name(st, ev.loser)} abandon ship!"
        return None
    if kind == "Note":
        if (
            rule == "SCN-ALARM-2"
            or (rule == "SCN-FIRE-1" and "spreads" in ev.message)
            or rule in ("PYR-DUEL-1", "PYR-DUEL-3", "PYR-MOR-3")
        ):
            from .log_words import Namer, strip_rule

            return Namer(st).tidy(strip_rule(ev.message))  # names, not ids, as in the log
    return None


def _tidy(state, text: str) -> str:
    from .log_words import Namer

    return Namer(state).tidy(text)


def _side(state, sid: str):
    try:
        return state.side(sid)
    except KeyError:
        return None


def _zone(match, f):
    try:
        return match.table.zone_at(f.x, f.y, f.level)
    except Exception:  # noqa: BLE001 - a table that cannot say: no headline
        return None
