"""The replay viewer: any moment of a record, reached by decision, activation, player-turn or game
turn, bookmarks kept in the record, and "Play on from here" to start a new game from that moment.

Every position is rebuilt by the record's timeline (game/match/timeline.py): the nearest snapshot,
then the record's own decisions and dice, hash-checked. The same scene shows a game in progress
its own past (``live``: the battle it was opened from, left as it was), read-only, with the hidden
things of the side at the screen only (``seat``).
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pygame_gui

from game.match.timeline import Timeline

from .. import fonts
from ..record_notes import next_mark, people_playing, saved_bookmarks, toggled, who_played, who_words
from ..replay_bar import ReplayBar, caption, caption_height, draw_caption, turn_menu
from ..replay_keys import HELP, STEP_BUTTONS, STEP_KEYS
from ..theme import scene_metrics
from ..widgets import button
from .battle import BattleScene
from .branch_panel import BranchPanel, branch_battle, sides_for


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
        return who_played(self.source.meta, [s.id for s in self.match.state.sides])

    def who_words(self, side: str) -> str:
        return who_words(self.source.meta, side)

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
        rect = pygame.Rect(r.x + 8, r.y + 6, r.w - 16, bh)
        self.turn_menu = turn_menu(m, self.timeline.turns(), self.timeline.marks[self.k].turn, rect)
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
        return people_playing(self.source.meta, self.timeline.marks[self.timeline.last].side is None)

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
        if getattr(self, "turn_menu", None) is not None:
            self.turn_menu = turn_menu(
                self.manager, self.timeline.turns(), self.timeline.marks[self.k].turn, self.turn_menu
            )

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
        meta, marks, said = toggled(self.source.meta, self.timeline.last, self.k, self.moment_words(self.k))
        self.source.meta = meta
        if self.live is not None:  # kept with the game's own saves, the next one on
            self.live.bookmarks = [dict(b) for b in marks]
            self.toast(f"{said}: it is kept when this game is saved")
        elif where := self.save_bookmarks():
            self.toast(f"{said}: saved in {Path(where).name}")
        self.sync_buttons()

    def save_bookmarks(self) -> str | None:
        """Write the record with its bookmarks, atomically: over the file it came from, or (a game
        just played) as a new file in the saves folder, then over that one."""
        import time

        from game.match import SaveError, save
        from game.paths import saves_dir

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
        at = next_mark(self.marked(), self.k, forward)
        if at is None:
            self.toast("No bookmarks yet: B sets one at the moment shown.")
        else:
            self.goto(at)

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
        self.close_branch_panel()
        agree = self.live is not None and self.live.mode == "hotseat" and not self.match.over
        self.branch_panel = BranchPanel(
            self.manager, self.size, sides_for(self.match), self.moment_words(self.k), agree, self.who_played()
        )

    def what_if_sides(self) -> list[str]:
        """The sides that may ask "What happens next?" here (what_if.sides_that_may_ask)."""
        from .what_if import sides_that_may_ask

        return sides_that_may_ask(self)

    def open_what_if(self) -> None:
        from .what_if import open_what_if

        self.playing = not open_what_if(self) and self.playing

    def start_branch(self, players: dict[str, str]) -> BattleScene:
        """Begin the branch: ``players`` gives each side "human" or an AI level."""
        from game.match.branch import branch_from

        m = branch_from(self.timeline, self.k, self.seeds.randrange(2**31), scenario_title=self.match.scenario.title)
        if self.live is not None and self.live.in_game():
            self.live.autosave()  # the game left behind can be resumed as it was
        scene = branch_battle(self.app, m, players, self.moment_words(self.k))
        self.app.reset_to(scene)
        return scene

    # -- input -------------------------------------------------------------------------------------
    def on_extra_button(self, key) -> None:
        if key in STEP_BUTTONS:
            self.step(*STEP_BUTTONS[key])
        elif key in ("first", "last"):
            self.goto(0 if key == "first" else self.timeline.last)
        elif key == "play":
            self.playing = not self.playing
            self.buttons["play"].set_text("Pause" if self.playing else "Play")
        elif key == "mark":
            self.toggle_bookmark()
        elif key == "next_mark":
            self.next_bookmark()
        elif key == "branch":
            self.open_branch()
        elif key == "whatif":
            self.open_what_if()

    def close_branch_panel(self) -> dict[str, str]:
        """Close "Play on from here"; returns who was to play each side."""
        panel, self.branch_panel = self.branch_panel, None
        if panel is None:
            return {}
        panel.close()
        return panel.players

    def handle(self, event, consumed: bool) -> None:
        if self.branch_panel is not None and event.type == pygame_gui.UI_BUTTON_PRESSED:
            got = self.branch_panel.press(event.ui_element)
            if got in ("cancel", "start"):
                players = self.close_branch_panel()
                if got == "start":
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
                self.close_branch_panel()
            return
        if k in STEP_KEYS and not self.playing:
            what, forward = STEP_KEYS[k]
            self.step("activation" if shift and what == "decision" else what, forward)
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
        self.close_branch_panel()
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
        """What the moment shown is, above the time bar."""
        head = "Your game so far" if self.live is not None else "Replay"
        here = any(b["at"] == self.k for b in self.marked())
        return caption(
            f"{head}: {self.moment_words(self.k)}", self.k, self.timeline.last, here, self.map_rect, self.size
        )

    def caption_h(self) -> int:
        return caption_height(self.caption_lines(), self.size)

    def draw_status(self, surf) -> None:
        super().draw_status(surf)
        lines = self.caption_lines()
        draw_caption(surf, lines, self.map_rect, self.size)
        self.bar.rect.y = self.map_rect.y + 10 + caption_height(lines, self.size)
        self.bar.draw(surf, self.k, self.timeline, [b["at"] for b in self.marked()], self.size)


def open_replay(app, record, *, at: int = 0, **kw) -> ReplayScene:
    """Open a record's replay at position ``at`` (the game after its first ``at`` decisions) over
    the scene shown now; ``kw``: ReplayScene's seat, live, timeline, seeds."""
    scene = ReplayScene(app, record, at=at, **kw)
    app.push(scene)
    return scene
