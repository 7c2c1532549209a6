"""The replay viewer: any moment of a record, reached by decision, activation, player-turn or game
turn, bookmarks kept in the record, and "Play on from here" to start a new game from that moment.

Every position is rebuilt by the record's timeline (game/match/timeline.py): the nearest snapshot,
then the record's own decisions and dice, hash-checked. The same scene shows a game in progress
its own past (``live``: the battle it was opened from, left as it was), read-only, with the hidden
things of the side at the screen only (``seat``).
"""

from __future__ import annotations

import random

import pygame
import pygame_gui

from game.match.timeline import Timeline

from .. import fonts
from ..branch_panel import BranchPanel, sides_for
from ..replay_bar import ReplayBar
from ..session import AI_LEVELS
from ..theme import scene_metrics
from ..widgets import button
from .battle import BattleScene

#: the keys, as the help line under the map says them
HELP = (
    "Left/Right: a decision · Shift+Left/Right: an activation · PgUp/PgDn: a player-turn · "
    "[ ]: a game turn · B: bookmark this moment · Tab: next bookmark · P: play on from here · "
    "W: what happens next? · "
    "Space: play · Esc: back"
)


class ReplayScene(BattleScene):
    def __init__(
        self,
        app,
        record,
        *,
        at: int = 0,
        seat: str | None = None,
        live=None,
        timeline: Timeline | None = None,
        seeds: random.Random | None = None,
    ):
        """``at``: the position shown first (the game after its first ``at`` decisions); ``seat``:
        the side whose hidden things the view may show (None: nobody's); ``live``: the battle whose
        own past this is; ``seeds``: where a branch's fresh dice seed comes from."""
        self.source = record  # not `record`: that is the method Ctrl+S saves through
        self.timeline = timeline or Timeline(record, app.scenario_dirs())
        self.k = self.timeline.clamp(at)
        self.seat = seat
        self.live = live
        self.seeds = seeds or random.Random()
        self.playing = False
        self.timer = 0.0
        self.bookmark_path: str | None = record.source or None
        self.branch_panel: BranchPanel | None = None
        self.bar = ReplayBar()
        super().__init__(app, self.timeline.at(self.k), mode="demo", viewer=True)
        self.narration.clear()  # the caption above the time bar names the moment
        if self.timeline.fault:
            self.toast(
                f"This record stops replaying at decision {self.timeline.last + 1}: shown up to there.",
                (255, 140, 130),
                ttl=8.0,
            )

    # -- what the screen may show ------------------------------------------------------------------
    def card_viewer(self) -> str | None:
        """The side at the screen (a game looking at its own past): its own cards, and the
        other's only once played (``Ruleset.public_view``); nobody's in a replay."""
        return self.seat

    def shows_hand(self) -> bool:
        """The seat's hand has its line in the objective bar (its own cards, as they were)."""
        return self.seat is not None

    def who_played(self) -> dict[str, str]:
        """Each side's player so far, as the record's notes say: "human" or the AI's level."""
        meta = self.source.meta if isinstance(self.source.meta, dict) else {}
        humans = h if isinstance(h := meta.get("humans"), list) else []
        ai = a if isinstance(a := meta.get("ai"), dict) else {}
        out = {}
        for s in self.match.state.sides:
            got = ai.get(s.id)
            level = got.get("level") if isinstance(got, dict) else got
            out[s.id] = "human" if s.id in humans else level if isinstance(level, str) else ""
        return out

    def who_words(self, side: str) -> str:
        """Who played this side, as the record's notes say: a player, or the computer at its level."""
        meta = self.source.meta if isinstance(self.source.meta, dict) else {}
        humans = meta.get("humans")
        if isinstance(humans, list) and side in humans:
            return "player"
        ai = meta.get("ai")
        got = ai.get(side) if isinstance(ai, dict) else None
        level = got.get("level") if isinstance(got, dict) else got
        return f"AI ({level})" if level in AI_LEVELS else "AI"

    # -- widgets -------------------------------------------------------------------------------------
    def extra_buttons(self, add) -> None:
        add("first", "|<", 40, "The start")
        add("back", "<", 40, "One decision back (Left)")
        add("play", "Pause" if self.playing else "Play", 64, "Play or pause (Space)")
        add("fwd", ">", 40, "One decision forward (Right)")
        add("last", ">|", 40, "The end")

    def layout(self):
        super().layout()
        um = self.metrics
        rows = 6
        h = rows * (um.button_h + 4) + 8
        r = self.ask_rect
        self.controls_rect = pygame.Rect(r.x, r.bottom - h, r.w, h)
        self.ask_rect = pygame.Rect(r.x, r.y, r.w, r.h - h)
        strip_h = max(22, um.px(26))
        self.bar.rect = pygame.Rect(
            self.map_rect.x + 12, self.map_rect.y + 10 + self.caption_h(), self.map_rect.w - 24, strip_h
        )

    def build(self) -> None:
        self.branch_panel = None
        super().build()
        m = self.manager
        um = scene_metrics(self)
        r = self.controls_rect
        gap = 4
        w = (r.w - 16 - gap) // 2
        bh = um.button_h
        rows = [
            [("act_back", "< Activation", "Shift+Left"), ("act_fwd", "Activation >", "Shift+Right")],
            [("pt_back", "< Player-turn", "PgUp"), ("pt_fwd", "Player-turn >", "PgDn")],
            [
                ("mark", self.mark_label(), "B: bookmark this moment (again: remove it)"),
                ("next_mark", "Next bookmark", "Tab (Shift+Tab: the one before)"),
            ],
            [("branch", "Play on from here…", "P: a new game from this moment, with fresh dice")],
            [("whatif", "What happens next?", "W: play on from here many times by the AI and count who wins")],
        ]
        turns: list[str | tuple[str, str]] = [f"Turn {t}" for t in self.timeline.turns()] or ["Turn 1"]
        self.turn_menu = pygame_gui.elements.UIDropDownMenu(
            turns, self.turn_words(turns), pygame.Rect(r.x + 8, r.y + 6, r.w - 16, bh), m
        )
        y = r.y + 6 + bh + gap
        for row in rows:
            x = r.x + 8
            for key, text, tip in row:
                bw = w if len(row) == 2 else r.w - 16
                self.buttons[key] = button(m, (x, y, bw, bh), text, tool_tip=tip)
                x += bw + gap
            y += bh + gap
        if not self.may_branch():
            self.buttons["branch"].disable()
        if not self.what_if_sides() or self.match.over:
            self.buttons["whatif"].disable()
        self.sync_buttons()

    def rebuild_options(self) -> None:
        """The question of the moment shown; in a game's own past, another side's question is only
        named (what it was asked can tell its cards, which the person at the screen never saw)."""
        super().rebuild_options()
        p = self.match.pending
        box = getattr(self, "prompt_box", None)
        if p is None or not self.hides_question(p.side) or box is None or box not in self.option_widgets:
            return
        r = box.relative_rect
        box.kill()
        self.option_widgets.remove(box)
        name = fonts.safe(self.match.state.side(p.side).name)
        text = fonts.safe_html(f"<b>{name}</b> ({self.who_words(p.side)}) decides here.")
        self.prompt_box = pygame_gui.elements.UITextBox(
            text, pygame.Rect(r.x, r.y, r.w, -1), self.manager, object_id="#small"
        )
        self.option_widgets.append(self.prompt_box)

    def hides_question(self, side: str) -> bool:
        """Is ``side``'s question of the moment shown only by name? In a game's own past, every
        side's but the seat's; in the replay of a game people are still playing, every side's."""
        if self.seat is not None:
            return side != self.seat
        meta = self.source.meta if isinstance(self.source.meta, dict) else {}
        over = self.timeline.marks[self.timeline.last].side is None
        return not over and meta.get("mode") in ("hotseat", "solo")

    def turn_words(self, turns: list) -> str:
        now = f"Turn {self.timeline.marks[self.k].turn}"
        return now if now in turns else turns[0]

    # -- moving through the record --------------------------------------------------------------------
    def goto(self, k: int) -> None:
        """Show position ``k``: the game after its first ``k`` decisions (clamped to the record)."""
        k = self.timeline.clamp(k)
        if k == self.k:
            return
        if k == self.k + 1 and self.match.pending is not None:
            from game.match.replay import replay_onto  # one forward: on this very match, animated

            seen = len(self.match.log)
            if replay_onto(self.match, self.source, k).ok:
                self.k = k
                self.on_events(self.match.log[seen:])
                self.after_move()
                return
        cam = self.camera
        self.set_match(self.timeline.at(k))
        self.camera = cam
        self.anims.clear()
        self.narration.clear()  # what was said on the way is not this moment's news
        self.k = k
        self.after_move()

    def after_move(self) -> None:
        self.rebuild_options()
        self.sync_buttons()

    def sync_buttons(self) -> None:
        b = self.buttons.get("mark")
        if b is not None:
            b.set_text(self.mark_label())
        menu = getattr(self, "turn_menu", None)
        if menu is not None:  # the menu names the turn shown (a new menu: it has no setter)
            turns: list[str | tuple[str, str]] = [f"Turn {t}" for t in self.timeline.turns()] or ["Turn 1"]
            want = self.turn_words(turns)
            shown = menu.selected_option[0] if isinstance(menu.selected_option, tuple) else menu.selected_option
            if shown != want:
                rect = menu.relative_rect
                menu.kill()
                self.turn_menu = pygame_gui.elements.UIDropDownMenu(turns, want, rect, self.manager)

    def step(self, what: str, forward: bool) -> None:
        """One decision, activation, player-turn or game turn forward or back."""
        tl, k = self.timeline, self.k
        if what == "decision":
            self.goto(k + (1 if forward else -1))
            return
        if what == "turn":
            turn = tl.marks[k].turn
            start = tl.turn_start(turn)
            self.goto(tl.turn_start(turn + 1) if forward else (start if start < k else tl.turn_start(turn - 1)))
            return
        starts = tl.step_starts() if what == "activation" else tl.player_turn_starts()
        self.goto(tl.next_of(starts, k) if forward else tl.previous_of(starts, k))

    # -- bookmarks ---------------------------------------------------------------------------------
    def marked(self) -> list[dict]:
        """The record's bookmarks ({"at", "label"}), in order; anything malformed is passed over."""
        from .load import saved_bookmarks

        return saved_bookmarks(self.source.meta, self.timeline.last)

    def mark_label(self) -> str:
        return "Remove bookmark" if any(b["at"] == self.k for b in self.marked()) else "Bookmark (B)"

    def moment_words(self, k: int) -> str:
        mk = self.timeline.marks[k]
        st = self.match.state
        who = next((s.name for s in st.sides if s.id == mk.side), "")
        return f"Turn {mk.turn}" + (f", {who} to play" if who else ", the end")

    def toggle_bookmark(self) -> None:
        """Set a bookmark at this moment (or remove the one there) and save it in the record's file."""
        marks = self.marked()
        if any(b["at"] == self.k for b in marks):
            marks = [b for b in marks if b["at"] != self.k]
            said = "Bookmark removed"
        else:
            marks.append({"at": self.k, "label": self.moment_words(self.k)})
            said = "Bookmarked"
        self.source.meta = {**(self.source.meta if isinstance(self.source.meta, dict) else {}), "bookmarks": marks}
        if self.live is not None:  # kept with the game's own saves, the next one on
            self.live.bookmarks = [dict(b) for b in marks]
            self.toast(f"{said}: it is kept when this game is saved")
        else:
            where = self.save_bookmarks()
            if where:
                from pathlib import Path

                self.toast(f"{said}: saved in {Path(where).name}")
        self.sync_buttons()

    def save_bookmarks(self) -> str | None:
        """Write the record with its bookmarks, atomically: over the file it came from, or (a game
        just played) as a new file in the saves folder, then over that one."""
        import time

        from game.match import SaveError, save

        from ..paths import saves_dir

        path = self.bookmark_path
        if not path:
            path = str(saves_dir() / f"{self.source.scenario}-replay-{time.strftime('%Y%m%d-%H%M%S')}.json")
        try:
            save(self.source, path)
        except (OSError, SaveError) as e:
            self.toast(f"The bookmark could not be saved: {e}", (255, 140, 130))
            return None
        self.bookmark_path = path
        return path

    def next_bookmark(self, forward: bool = True) -> None:
        at = [b["at"] for b in self.marked()]
        if not at:
            self.toast("No bookmarks yet: B sets one at the moment shown.")
            return
        nxt = [a for a in at if a > self.k] if forward else [a for a in at if a < self.k]
        self.goto((nxt[0] if forward else nxt[-1]) if nxt else (at[0] if forward else at[-1]))

    # -- branching ---------------------------------------------------------------------------------
    def may_branch(self) -> bool:
        """Offered where it cannot be used to roll again: a finished game, the computer against
        itself, or (asked of both players) a hot-seat game's own past."""
        from game.match.branch import may_branch

        over = self.timeline.marks[self.timeline.last].side is None
        if self.live is not None:
            return self.live.mode in ("demo", "hotseat") or over
        return may_branch(self.source, over)

    def open_branch(self) -> None:
        if not self.may_branch():
            self.toast("A game in progress can be played on from its replay once it is over.")
            return
        if self.match.pending is None:
            self.toast("The game is over at this moment: step back to play on from earlier.")
            return
        self.playing = False
        if self.branch_panel is not None:
            self.branch_panel.close()
        agree = self.live is not None and self.live.mode == "hotseat" and not self.match.over
        self.branch_panel = BranchPanel(
            self.manager, self.size, sides_for(self.match), self.moment_words(self.k), agree, self.who_played()
        )

    def what_if_sides(self) -> list[str]:
        """The sides that may ask "What happens next?" here: any side of a finished game (or of a
        game no person plays); in a game's own past only the side at the screen; in a solo save's
        replay its player's side; nobody in the replay of a hot-seat game still being played (no side
        is known to be at the screen, and a continuation from a side's view turns on its real cards)."""
        sides = [s.id for s in self.match.state.sides]
        if self.live is not None:
            return [self.seat] if self.seat in sides else []
        if self.timeline.marks[self.timeline.last].side is None:
            return sides  # the game is over at the record's end
        meta = self.source.meta if isinstance(self.source.meta, dict) else {}
        humans = h if isinstance(h := meta.get("humans"), list) else []
        if meta.get("mode") == "hotseat":
            return []
        if meta.get("mode") == "solo":
            return [s for s in sides if s in humans]
        return sides

    def open_what_if(self) -> None:
        from .what_if import WhatIfScene

        allowed = self.what_if_sides()
        if not allowed or self.match.over:
            self.toast("What happens next? is asked from a finished game, or by the side at the screen.")
            return
        self.playing = False
        self.app.push(WhatIfScene(self.app, self.source, self.k, sides_allowed=allowed))

    def start_branch(self, players: dict[str, str]) -> BattleScene:
        """Begin the branch: ``players`` gives each side "human" or an AI level."""
        from game.match.branch import branch_from

        seed = self.seeds.randrange(2**31)
        m = branch_from(self.timeline, self.k, seed, scenario_title=self.match.scenario.title)
        title = (m.branch or {}).get("title", "")
        humans = [s for s, who in players.items() if who == "human"]
        mode = "hotseat" if len(humans) > 1 else "solo" if humans else "demo"
        levels = {s: who for s, who in players.items() if who != "human"}
        if self.live is not None and self.live.in_game():
            self.live.autosave()  # the game left behind can be resumed as it was
        scene = BattleScene(
            self.app,
            m,
            mode=mode,
            human=humans[0] if humans else None,
            ai_levels=levels,
            notice=f"A new game from {self.moment_words(self.k).lower()} of {title}, with fresh dice.",
        )
        self.app.reset_to(scene)
        return scene

    # -- input -------------------------------------------------------------------------------------
    def on_extra_button(self, key) -> None:
        if key == "first":
            self.goto(0)
        elif key == "back":
            self.goto(self.k - 1)
        elif key == "fwd":
            self.goto(self.k + 1)
        elif key == "last":
            self.goto(self.timeline.last)
        elif key == "whatif":
            self.open_what_if()
        elif key == "play":
            self.playing = not self.playing
            self.buttons["play"].set_text("Pause" if self.playing else "Play")
        elif key in ("act_back", "act_fwd"):
            self.step("activation", key.endswith("fwd"))
        elif key in ("pt_back", "pt_fwd"):
            self.step("player-turn", key.endswith("fwd"))
        elif key == "mark":
            self.toggle_bookmark()
        elif key == "next_mark":
            self.next_bookmark()
        elif key == "branch":
            self.open_branch()

    def handle(self, event, consumed: bool) -> None:
        if self.branch_panel is not None and event.type == pygame_gui.UI_BUTTON_PRESSED:
            got = self.branch_panel.press(event.ui_element)
            if got == "cancel":
                self.branch_panel.close()
                self.branch_panel = None
            elif got == "start":
                players = self.branch_panel.players
                self.branch_panel.close()
                self.branch_panel = None
                self.start_branch(players)
            if got is not None:
                return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is getattr(self, "turn_menu", None):
            try:
                turn = int(str(event.text).split()[-1])
            except ValueError:
                return
            self.goto(self.timeline.turn_start(turn))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
            at = self.bar.position_at(event.pos, self.timeline.last)
            if at is not None:
                self.goto(at)
                return
        super().handle(event, consumed)

    def on_key(self, event) -> None:
        k, mod = event.key, event.mod
        shift = mod & pygame.KMOD_SHIFT
        if self.branch_panel is not None:
            if k == pygame.K_ESCAPE:
                self.branch_panel.close()
                self.branch_panel = None
            return
        if k in (pygame.K_RIGHT, pygame.K_LEFT) and not self.playing:
            self.step("activation" if shift else "decision", k == pygame.K_RIGHT)
        elif k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and not self.playing:
            self.step("player-turn", k == pygame.K_PAGEDOWN)
        elif k in (pygame.K_RIGHTBRACKET, pygame.K_LEFTBRACKET) and not self.playing:
            self.step("turn", k == pygame.K_RIGHTBRACKET)
        elif k == pygame.K_END:
            self.goto(self.timeline.last)
        elif k == pygame.K_b:
            self.toggle_bookmark()
        elif k == pygame.K_TAB:
            self.next_bookmark(forward=not shift)
        elif k == pygame.K_p:
            self.open_branch()
        elif k == pygame.K_w:
            self.open_what_if()
        elif k == pygame.K_SPACE:
            self.on_extra_button("play")
        elif k == pygame.K_ESCAPE:
            self.app.pop()
        else:
            super().on_key(event)

    def on_button(self, el) -> None:
        if el is self.buttons.get("menu"):
            self.app.pop()
            return
        super().on_button(el)

    def update_viewer(self, dt: float) -> None:
        if self.playing and not self.anims:
            self.timer += dt
            if self.timer >= 0.5 / self.speed:
                self.timer = 0.0
                if self.k < self.timeline.last:
                    self.goto(self.k + 1)
                else:
                    self.playing = False
                    self.buttons["play"].set_text("Play")

    def leave(self) -> None:
        if self.branch_panel is not None:
            self.branch_panel.close()
            self.branch_panel = None
        super().leave()

    # -- drawing -----------------------------------------------------------------------------------
    def hint_lines(self) -> list[str]:
        hint = self.mode_obj.hint or HELP
        return fonts.wrap(hint, self.map_rect.w - 18, fonts.scaled(14, self.size), bold=True)

    def draw_overlays(self, surf) -> None:
        r = self.map_rect  # the banners go under the caption and the time bar
        drop = self.bar.rect.bottom + 6 - r.y
        self.map_rect = pygame.Rect(r.x, r.y + drop, r.w, r.h - drop)
        try:
            super().draw_overlays(surf)
        finally:
            self.map_rect = r

    def caption_lines(self) -> list[str]:
        """What the moment shown is, above the time bar, wrapped to the map's width."""
        head = "Your game so far" if self.live is not None else "Replay"
        line = f"{head}: {self.moment_words(self.k)} · decision {self.k} of {self.timeline.last}"
        here = [b["label"] for b in self.marked() if b["at"] == self.k]
        if here:
            line += " · bookmarked"
        return fonts.wrap(line, self.map_rect.w - 24, fonts.scaled(18, self.size), bold=True)[:2]

    def caption_h(self) -> int:
        size = fonts.scaled(18, self.size)
        return len(self.caption_lines()) * (fonts.font(size, bold=True).get_linesize() + 2)

    def draw_status(self, surf) -> None:
        super().draw_status(surf)
        y = self.map_rect.y + 6
        for line in self.caption_lines():
            t = fonts.outlined(line, fonts.scaled(18, self.size), (255, 236, 180))
            surf.blit(t, t.get_rect(midtop=(self.map_rect.centerx, y)))
            y += t.get_height()
        self.bar.rect.y = self.map_rect.y + 10 + self.caption_h()
        self.bar.draw(surf, self.k, self.timeline, [b["at"] for b in self.marked()], self.size)


def open_replay(app, record, *, at: int = 0, **kw) -> ReplayScene:
    """Open a record's replay at position ``at`` (the game after its first ``at`` decisions) over
    the scene shown now; ``kw``: ReplayScene's seat, live, timeline, seeds."""
    scene = ReplayScene(app, record, at=at, **kw)
    app.push(scene)
    return scene
