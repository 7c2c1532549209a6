"""Who plays a battle, kept with its record: mode, human side(s), AI levels and seeds, standing orders.

A record's ``meta`` is untrusted (it comes from a save file): ``restore`` accepts only known modes,
sides of this scenario and known AI levels, and otherwise starts hot-seat with a one-line notice.

The AI re-seeds its own RNG from (its seed, the decision index) before every answer
(``SeededController``), so a resumed game's AI answers exactly as it would have without the break.
"""

from __future__ import annotations

import json
import time

from game.paths import autosave_dir

META_VERSION = 1
MODES = ("hotseat", "solo", "demo")
AI_LEVELS = ("easy", "normal", "hard", "random")
#: question kinds each standing order covers: "ask" me, or "auto" (the default)
ORDER_KINDS = {
    "reactions": ("reaction", "react", "react_move", "evict", "escape", "cornered", "dodge", "follow_up", "re_engage"),
    "shots": ("reactive_shot", "react_shoot", "opportune_shot"),
    "pushback": ("pushback", "fall", "bonus", "withdraw", "break_off"),
    "cards": ("card", "flashing_blades", "panache"),
}
ORDER_NAMES = {
    "reactions": "Reaction moves",
    "shots": "Reactive shots",
    "pushback": "Pushbacks and saves",
    "cards": "Card plays",
}
DEFAULT_ORDERS = {k: "auto" for k in ORDER_KINDS}


def order_for(kind: str) -> str | None:
    """The standing order that covers a question kind, if any."""
    for name, kinds in ORDER_KINDS.items():
        if kind in kinds:
            return name
    return None


def controller_seed(match_seed: int, index: int) -> int:
    return match_seed * 31 + index + 1


class SeededController:
    """An AI level whose RNG is re-seeded from (seed, decision index) before each answer."""

    def __init__(self, level: str, seed: int):
        from game.ai import make_controller

        self.level, self.seed = level, int(seed)
        try:
            self.inner = make_controller(level, self.seed)
        except ValueError:
            self.level, self.inner = "random", make_controller("random", self.seed)

    def decide(self, match):
        rng = getattr(self.inner, "rng", None)
        if rng is not None:
            rng.seed(self.seed * 1_000_003 + len(match.decisions))
        return self.inner.decide(match)


def make_meta(
    mode: str, humans, levels: dict, seeds: dict, orders: dict, *, turn: int | None = None, title: str = ""
) -> dict:
    """Who plays (restored by ``restore``), and what the Load list shows: the game turn, the
    scenario's title (for a scenario not installed where the save is opened) and when it was saved."""
    meta = {
        "app": "boarders-away",
        "meta_version": META_VERSION,
        "mode": mode,
        "humans": sorted(humans),
        "ai": {s: {"level": levels[s], "seed": int(seeds[s])} for s in sorted(levels)},
        "orders": {s: dict(o) for s, o in sorted(orders.items())},
        "saved": time.strftime("%Y-%m-%d %H:%M:%S"),
    }
    if turn is not None:
        meta["turn"] = int(turn)
    if title:
        meta["title"] = title[:200]
    return meta


def restore(meta, sides: list[str], match_seed: int) -> tuple[dict, str]:
    """(kwargs for BattleScene, notice) from a record's meta; a missing or unusable meta gives
    hot-seat and a one-line notice."""
    notice = ""
    if not isinstance(meta, dict) or meta.get("mode") not in MODES:
        notice = "This save does not say who played: it resumes as hot-seat (two players)."
        return {"mode": "hotseat"}, notice
    mode = meta["mode"]
    humans = (
        [s for s in meta.get("humans", []) if isinstance(s, str) and s in sides]
        if isinstance(meta.get("humans"), list)
        else []
    )
    ai = a if isinstance(a := meta.get("ai"), dict) else {}
    levels, seeds = {}, {}
    for i, s in enumerate(sides):
        if s in humans and mode != "demo":
            continue
        got = g if isinstance(g := ai.get(s), dict) else {}
        lv = got.get("level")
        sd = got.get("seed")
        levels[s] = lv if lv in AI_LEVELS else "normal"
        seeds[s] = (
            sd
            if isinstance(sd, int) and not isinstance(sd, bool) and abs(sd) < 2**62
            else controller_seed(match_seed, i)
        )
    if mode == "solo" and len(humans) != 1:
        return {"mode": "hotseat"}, "This save names no human side: it resumes as hot-seat (two players)."
    orders = {}
    raw = r if isinstance(r := meta.get("orders"), dict) else {}
    for s in sides:
        o = got_o if isinstance(got_o := raw.get(s), dict) else {}
        orders[s] = {k: (o.get(k) if o.get(k) in ("ask", "auto") else DEFAULT_ORDERS[k]) for k in ORDER_KINDS}
    return {
        "mode": mode,
        "human": humans[0] if humans else None,
        "ai_levels": levels,
        "ai_seeds": seeds,
        "orders": orders,
    }, notice


# -- autosaves and the last game's choices ----------------------------------------------------------
KEEP_AUTOSAVES = 5


def _earlier_autosaves():
    """Where versions up to 0.1 put the autosaves (saves/autosave): still looked at by Continue."""
    from game.paths import save_dir

    return save_dir(create=False) / "autosave"


def autosave(record, stamp: str | None = None):
    """Write the record as the newest autosave; keep the last five. Returns the path (or None)."""
    from game.match import SaveError, save

    try:
        d = autosave_dir()
        stamp = stamp or time.strftime("%Y%m%d-%H%M%S") + f"{time.time_ns() % 1_000_000_000:09d}"
        n = len(record.decisions)
        path = d / f"{record.scenario}-{stamp}-{n:06d}.json"
        save(record, path)
        old = sorted(d.glob("*.json"), key=lambda p: (p.stat().st_mtime_ns, p.name))
        for p in old[:-KEEP_AUTOSAVES]:
            p.unlink(missing_ok=True)
        return path
    except (OSError, SaveError):
        return None


def autosaves() -> list:
    """The autosaves, newest first (today's folder and the one earlier versions wrote)."""
    files = []
    for d in (autosave_dir(create=False), _earlier_autosaves()):
        try:
            files += [(p.stat().st_mtime_ns, p.name, p) for p in d.glob("*.json")]
        except OSError:
            continue
    return [p for _, _, p in sorted(files, reverse=True)]


def latest_autosave():
    files = autosaves()
    return files[0] if files else None


def last_game_file():
    from game.paths import config_dir

    return config_dir() / "last_game.json"


def load_last_game() -> dict:
    """The menu's last mode, side and level (bad or missing file: empty)."""
    try:
        data = json.loads(last_game_file().read_text(encoding="utf-8-sig"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    out = {}
    if data.get("mode") in MODES:
        out["mode"] = data["mode"]
    if data.get("level") in AI_LEVELS:
        out["level"] = data["level"]
    if isinstance(data.get("side"), str) and len(data["side"]) <= 64:
        out["side"] = data["side"]
    return out


def save_last_game(mode: str, side: str | None, level: str) -> None:
    from game.atomic_write import write_atomic

    p = last_game_file()
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(p, json.dumps({"mode": mode, "side": side, "level": level}))
    except OSError:
        pass


def answers_itself(orders: dict, looking: str | None, ask, mode: str = "hotseat") -> bool:
    """Does a standing order answer this question (its stated default) without the person? The
    battle scene's rule (BattleScene.standing_order): an "auto" order covers the question's kind and
    the screen is not already with that side."""
    name = order_for(ask.kind)
    if name is None or ask.default is None or orders.get(ask.side, {}).get(name, "auto") != "auto":
        return False
    return not (mode == "hotseat" and looking == ask.side)


def hand_overs_per_turn(match, controllers: dict, orders: dict | None = None, max_decisions: int = 20_000) -> list[int]:
    """Hot-seat hand-overs in each game turn of a match played by ``controllers`` standing in for
    both people, with the standing ``orders`` (default: every order "auto")."""
    orders = orders or {s.id: dict(DEFAULT_ORDERS) for s in match.state.sides}
    looking = None
    per_turn: dict[int, int] = {}
    n = 0
    while not match.over and n < max_decisions:
        p = match.pending
        if answers_itself(orders, looking, p):
            match.apply(p.default)
        else:
            if looking != p.side:
                looking = p.side
                per_turn[match.state.turn] = per_turn.get(match.state.turn, 0) + 1
            match.apply(controllers[p.side].decide(match))
        n += 1
    return [per_turn.get(t, 0) for t in range(1, match.state.turn + 1)]
