"""The replay scene driven as a player drives it (posted keys, clicks and button presses) on the
records of three presets: stepping by decision, activation, player-turn and game turn, jumping to a
turn and along the time bar, bookmarks saved in the record, "Play on from here" to a finished branch
that replays on its own, and a game in progress looking at its own past."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.match import load_record, parse_record, record_of, replay
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.replay import ReplayScene, open_replay

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
THREE = ["boarding_action_seed11.json", "farm_skirmish_seed5.json", "pike_and_shot_seed13.json"]


def frame(app, events=(), n=1):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def press(el):
    return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el)


def click(pos):
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos),
    ]


def at_recorded(sc) -> bool:
    """The scene shows exactly the recorded position it says it shows."""
    rec = sc.source
    return len(sc.match.decisions) == sc.k and (sc.k == 0 or sc.match.state_hash() == rec.hashes[sc.k - 1])


@pytest.fixture
def opened(app_factory, tmp_path):
    def make(name, at=0, size=(1280, 720)):
        app = app_factory(size)
        path = tmp_path / name
        shutil.copy(RECORDS / name, path)
        sc = open_replay(app, load_record(path), at=at)
        frame(app, n=2)
        return app, sc, path

    return make


@pytest.mark.parametrize("name", THREE)
def test_stepping_by_decision_activation_player_turn_and_turn(opened, name):
    app, sc, _ = opened(name, at=5)
    tl = sc.timeline
    frame(app, [key(pygame.K_RIGHT)], 2)
    assert sc.k == 6 and at_recorded(sc)
    frame(app, [key(pygame.K_LEFT)], 2)
    frame(app, [key(pygame.K_LEFT)], 2)
    assert sc.k == 4 and at_recorded(sc)
    frame(app, [key(pygame.K_RIGHT, pygame.KMOD_SHIFT)], 2)
    assert sc.k == tl.next_of(tl.step_starts(), 4) and at_recorded(sc)
    frame(app, [press(sc.buttons["act_back"])], 2)
    assert sc.k == tl.previous_of(tl.step_starts(), tl.next_of(tl.step_starts(), 4)) and at_recorded(sc)
    first = tl.next_of(tl.player_turn_starts(), sc.k)
    frame(app, [key(pygame.K_PAGEDOWN)], 2)
    assert sc.k == first and tl.marks[sc.k].player_turn_start and at_recorded(sc)
    frame(app, [press(sc.buttons["pt_fwd"])], 2)
    assert sc.k == tl.next_of(tl.player_turn_starts(), first) and at_recorded(sc)
    frame(app, [key(pygame.K_PAGEUP)], 2)
    assert sc.k == first
    turn = tl.marks[sc.k].turn
    frame(app, [key(pygame.K_RIGHTBRACKET)], 2)
    assert tl.marks[sc.k].turn == turn + 1 and sc.k == tl.turn_start(turn + 1) and at_recorded(sc)
    frame(app, [key(pygame.K_END)], 2)
    assert sc.k == tl.last and at_recorded(sc)
    frame(app, [press(sc.buttons["first"])], 2)
    assert sc.k == 0 and at_recorded(sc)


@pytest.mark.parametrize("name", THREE)
def test_jump_to_a_turn_from_the_menu_and_along_the_time_bar(opened, name):
    app, sc, _ = opened(name)
    tl = sc.timeline
    last_turn = tl.turns()[-1]
    ev = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=sc.turn_menu, text=f"Turn {last_turn}")
    frame(app, [ev], 2)
    assert sc.k == tl.turn_start(last_turn) and at_recorded(sc)
    shown = sc.turn_menu.selected_option
    assert (shown[0] if isinstance(shown, tuple) else shown) == f"Turn {last_turn}"
    bar = sc.bar.rect
    frame(app, click((bar.x + bar.w // 2, bar.centery)), 2)
    assert abs(sc.k - tl.last // 2) <= 1 and at_recorded(sc)
    frame(app, click((bar.right - 1, bar.centery)), 2)
    assert sc.k == tl.last and at_recorded(sc)


@pytest.mark.parametrize("name", THREE)
def test_bookmarks_are_saved_in_the_record_which_still_verifies(opened, name):
    app, sc, path = opened(name, at=3)
    frame(app, [key(pygame.K_b)], 2)
    frame(app, [key(pygame.K_RIGHTBRACKET)], 2)
    second = sc.k
    frame(app, [press(sc.buttons["mark"])], 2)
    saved = load_record(path)
    assert [b["at"] for b in saved.meta["bookmarks"]] == [3, second]
    said = [t[0] for t in sc.toasts]  # two bookmarks saved in the same file: the line shows once
    assert said.count(f"Bookmarked: saved in {path.name}") == 1, said
    assert all(b["label"].startswith("Turn ") for b in saved.meta["bookmarks"])
    assert replay(saved).ok  # a record with bookmarks replays with every hash
    assert saved.content_hash() == load_record(RECORDS / name).content_hash()
    frame(app, [key(pygame.K_HOME)], 2)
    frame(app, [press(sc.buttons["first"])], 2)
    frame(app, [key(pygame.K_TAB)], 2)
    assert sc.k == 3 and at_recorded(sc)
    frame(app, [press(sc.buttons["next_mark"])], 2)
    assert sc.k == second
    frame(app, [key(pygame.K_TAB, pygame.KMOD_SHIFT)], 2)
    assert sc.k == 3
    frame(app, [key(pygame.K_b)], 2)  # again: removed
    assert [b["at"] for b in load_record(path).meta["bookmarks"]] == [second]
    # opened again, the replay has them
    sc2 = open_replay(app, load_record(path))
    frame(app, n=2)
    assert [b["at"] for b in sc2.marked()] == [second]


def test_bookmarks_of_a_game_just_played_go_to_the_saves_folder(app_factory):
    from game.paths import saves_dir

    app = app_factory((1280, 720))
    rec = load_record(RECORDS / "pike_and_shot_seed13.json")
    rec.source = ""
    open_replay(app, rec, at=4)
    frame(app, [key(pygame.K_b)], 2)
    files = list(saves_dir().glob("*.json"))
    assert len(files) == 1 and [b["at"] for b in load_record(files[0]).meta["bookmarks"]] == [4]
    frame(app, [key(pygame.K_RIGHT)], 2)
    frame(app, [key(pygame.K_b)], 2)  # the same file, not a new one
    assert list(saves_dir().glob("*.json")) == files
    assert [b["at"] for b in load_record(files[0]).meta["bookmarks"]] == [4, 5]


@pytest.mark.parametrize(("name", "at"), [(THREE[0], 400), (THREE[1], 30), (THREE[2], 12)])
def test_play_on_from_here_to_the_end_gives_a_record_naming_its_parent(opened, name, at):
    app, sc, _ = opened(name, at=at)
    app.settings["ai_delay"] = 0.0
    sc.seeds = random.Random(3)
    parent = sc.source
    frame(app, [key(pygame.K_p)], 2)
    panel = sc.branch_panel
    assert panel is not None
    for sid in panel.players:  # a person -> easy -> normal -> hard -> a person…
        for _ in range(4):
            if panel.players[sid] == "easy":
                break
            frame(app, [press(panel.button_of(sid))])
    assert set(panel.players.values()) == {"easy"}
    frame(app, [press(panel.start)], 2)
    battle = app.top
    assert isinstance(battle, BattleScene) and not isinstance(battle, ReplayScene)
    assert battle.mode == "demo" and battle.ai_levels == dict.fromkeys(panel.players, "easy")
    m = battle.match
    assert m.branch["at"] == at and m.branch["parent"] == parent.content_hash()
    for _ in range(20000):
        if m.over:
            break
        frame(app)
    assert m.over
    rec = parse_record(record_of(m).dumps())
    assert rec.branch == m.branch and rec.reseeds == [(at, m.branch["seed"])]
    assert rec.decisions[:at] == parent.decisions[:at]
    res = replay(rec)
    assert res.ok, res.reason
    from game.ui.save_words import describe_record

    assert "played on from another game" in describe_record(rec, Path("x.json"), {}, {})  # the Load list
    assert "played on" not in describe_record(parent, Path("x.json"), {}, {})


def test_play_on_is_offered_only_where_no_roll_can_be_dodged(app_factory):
    app = app_factory((1280, 720))
    rec = load_record(RECORDS / "pike_and_shot_seed13.json")
    rec.decisions, rec.hashes = rec.decisions[:10], rec.hashes[:10]
    rec.meta = {"mode": "solo", "humans": ["red"]}
    sc = open_replay(app, rec, at=5)
    frame(app, n=2)
    assert not sc.buttons["branch"].is_enabled
    frame(app, [key(pygame.K_p)], 2)
    assert sc.branch_panel is None  # a solo game in progress: its roll cannot be taken again
    # nor do the questions of a game still being played show (a hand can be told from them)
    p = sc.match.pending
    assert p.prompt.split(":")[-1].strip() not in sc.prompt_box.html_text and "decides here" in sc.prompt_box.html_text


def _hotseat(app_factory):
    app = app_factory((1280, 720))
    app.start_battle(app.find_scenario("boarding_action"), mode="hotseat", seed=3, ai="random")
    frame(app, n=2)
    battle = next(s for s in app.scenes if isinstance(s, BattleScene))
    while app.top is not battle:
        app.pop()  # the hand-over
    for _ in range(30):  # a few decisions: the past has something in it
        p = battle.match.pending
        battle.looking = p.side
        battle.decide(battle.match.auto())
    battle.looking = battle.match.pending.side
    frame(app)
    return app, battle


def test_hotseat_past_shows_only_the_side_at_the_screens_cards(app_factory):
    app, battle = _hotseat(app_factory)
    me = battle.looking
    live_hash = battle.match.state_hash()
    frame(app, [key(pygame.K_h)], 2)
    past = app.top
    assert isinstance(past, ReplayScene) and past.live is battle and past.card_viewer() == me
    assert past.k == len(battle.match.decisions)
    hands, hidden = set(), 0
    while past.k > 0:
        frame(app, [key(pygame.K_LEFT)])
        assert at_recorded(past)
        m = past.match
        shown = past.shown_state()
        # the screen shows the past as the side at the screen saw it then, and nothing more
        assert shown == m.ruleset.public_view(m.state, me)
        hidden += shown != m.state  # the other side's hand (and the pile) held back
        p = m.pending
        if p is not None and p.side != me:  # another side's question: named, not shown
            assert p.prompt.split(":")[-1].strip() not in past.prompt_box.html_text
        hands.add(tuple(past.own_cards()))
    assert hidden and len(hands) >= 1 and any(hands)  # its own hand is there, as it was then
    assert past.buttons["branch"].is_enabled  # hot-seat: offered, to both players' agreement
    frame(app, [key(pygame.K_p)], 2)
    assert past.branch_panel is not None and "agree" in past.branch_panel.start.text
    assert set(past.branch_panel.players.values()) == {"human"}  # the two players, as they were
    frame(app, [key(pygame.K_ESCAPE)], 2)
    frame(app, [key(pygame.K_ESCAPE)], 2)
    assert app.top is battle and battle.match.state_hash() == live_hash  # the game as it stood


def test_hotseat_players_agree_and_play_on_from_their_past(app_factory):
    from game.paths import autosave_dir

    app, battle = _hotseat(app_factory)
    frame(app, [key(pygame.K_h)], 2)
    past = app.top
    past.seeds = random.Random(9)
    for _ in range(3):
        frame(app, [key(pygame.K_LEFT)])
    frame(app, [key(pygame.K_p)], 2)
    frame(app, [press(past.branch_panel.start)], 2)
    new = next(s for s in app.scenes if isinstance(s, BattleScene))
    assert new is not battle and new.mode == "hotseat" and len(new.humans) == 2
    assert new.match.branch["at"] == len(battle.match.decisions) - 3
    assert new.match.decisions == battle.match.decisions[:-3]
    saved = [load_record(p) for p in autosave_dir().glob("*.json")]
    assert any(len(r.decisions) == len(battle.match.decisions) for r in saved)  # the game left behind


def test_solo_past_keeps_its_bookmarks_for_the_save_and_offers_no_branch(app_factory):
    app = app_factory((1280, 720))
    app.settings["ai_delay"] = 0.0
    scen = app.find_scenario("pike_and_shot")
    battle = app.start_battle(scen, mode="solo", seed=4, human=scen.sides[0].id, ai="easy")
    for _ in range(40):
        p = battle.match.pending
        if p.side in battle.humans:
            battle.decide(battle.match.auto())
        frame(app)
    frame(app, [press(battle.buttons["past"])], 2)
    n = len(battle.match.decisions)
    past = app.top
    assert isinstance(past, ReplayScene) and past.card_viewer() == scen.sides[0].id
    assert not past.buttons["branch"].is_enabled
    frame(app, [key(pygame.K_LEFT)], 2)
    frame(app, [key(pygame.K_b)], 2)
    frame(app, [key(pygame.K_ESCAPE)], 2)
    assert app.top is battle
    assert [b["at"] for b in battle.record().meta["bookmarks"]] == [n - 1]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_controls_fit_the_panel(opened, size):
    app, sc, _ = opened(THREE[0], at=100, size=size)
    for key_ in ("act_back", "act_fwd", "pt_back", "pt_fwd", "mark", "next_mark", "branch"):
        assert sc.panel_rect.contains(sc.buttons[key_].rect), key_
    assert sc.panel_rect.contains(sc.turn_menu.rect)
    assert sc.map_rect.contains(sc.bar.rect)
    assert sc.prompt_box.rect.bottom <= sc.controls_rect.top


def test_a_turn_number_reads_whole_under_a_bookmark_and_the_moment_shown(opened):
    app, sc, _ = opened("boarding_action_seed11.json")
    bar, tl = sc.bar, sc.timeline
    start = tl.turn_start(10)
    x = bar.x_of(start, tl.last)
    # the number's rows, above the turn's tick and below the bookmark's flag
    rows = range(bar.rect.y + 6, bar.rect.bottom - 7)

    def drawn(k, marks):
        surf = pygame.Surface(app.screen.get_size())
        bar.draw(surf, k, tl, marks, sc.size)
        return surf

    plain = drawn(0, [])
    ink = [(px, py) for px in range(x + 1, x + 30) for py in rows if plain.get_at((px, py))[0] > 100]
    assert len(ink) > 5  # "10" is written there
    for k in range(start, start + 8):  # a bookmark and the moment shown anywhere over the number
        marked = drawn(k, [k])
        worst = max(max(abs(a - b) for a, b in zip(plain.get_at(p)[:3], marked.get_at(p)[:3])) for p in ink)
        assert worst < 40, (k, worst)
