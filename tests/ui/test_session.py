"""On the real App: solo stays solo across save and resume, old records resume
hot-seat with a notice, hot-seat hides the other side's cards and refuses undo across a hand-over,
Menu and window close ask first, autosaves keep the last five, keys E / Tab / 1–9 / Enter."""

from __future__ import annotations

import pygame
import pytest

from game.match import load_record, record_of


def frame(app, events=(), n=1):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def press(app, el):
    import pygame_gui

    return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el)


@pytest.fixture
def boarding(app_factory):
    app = app_factory((1280, 720))
    return app, app.find_scenario("boarding_action")


def test_solo_save_resumes_as_solo_at_the_same_level(boarding, tmp_path):
    app, scen = boarding
    scene = app.start_battle(scen, mode="solo", seed=5, human=scen.sides[1].id, ai="hard")
    frame(app, n=3)
    path = scene.save()
    rec = load_record(path)
    assert rec.meta["mode"] == "solo" and rec.meta["humans"] == [scen.sides[1].id]
    assert rec.meta["ai"][scen.sides[0].id]["level"] == "hard"
    from game.ui.scenes.load import resume

    assert resume(app, rec) == ""
    back = app.top
    assert back.mode == "solo" and back.humans == {scen.sides[1].id}
    assert back.ai_levels == {scen.sides[0].id: "hard"}
    assert back.ai_seeds == scene.ai_seeds and back.controllers[scen.sides[0].id].level == "hard"


def test_resumed_ai_answers_as_it_would_have(boarding):
    """The AI's RNG is seeded from (its seed, the decision index): a resumed AI gives the same answers."""
    app, scen = boarding
    from game.match import Match, replay
    from game.ui.session import SeededController

    m = Match(scen, seed=9)
    a = SeededController("easy", 77)
    for _ in range(30):
        m.apply(a.decide(m))
    again = replay(record_of(m), verify=False, upto=20).match
    b = SeededController("easy", 77)  # a fresh controller, as after Resume
    for d in record_of(m).decisions[20:30]:
        assert b.decide(again) == d
        again.apply(d)


def test_an_old_record_resumes_hot_seat_with_a_notice(boarding, tmp_path):
    app, scen = boarding
    from game.match import Match

    rec = record_of(Match(scen, seed=2))
    assert rec.meta == {}
    from game.ui.scenes.load import resume

    assert resume(app, rec) == ""
    sc = app.top
    assert sc.mode == "hotseat" and sc.humans == {s.id for s in scen.sides}
    assert any("hot-seat" in t[0] for t in sc.toasts)


def test_results_play_again_keeps_solo_and_level(boarding):
    app, scen = boarding
    scene = app.start_battle(scen, mode="solo", seed=5, human=scen.sides[0].id, ai="easy")
    from game.ui.scenes.results import ResultsScene

    res = ResultsScene(app, scene.match, scene.session_meta())
    again = res.play_again()
    assert again.mode == "solo" and again.humans == {scen.sides[0].id}
    assert again.ai_levels == {scen.sides[1].id: "easy"} and again.match.seed == 6
    harder = ResultsScene(app, again.match, again.session_meta()).play_again(harder=True)
    assert harder.ai_levels == {scen.sides[1].id: "normal"}


def test_menu_keeps_the_last_mode_side_and_level(boarding):
    app, scen = boarding
    from game.ui.scenes.menu import MenuScene

    menu = MenuScene(app, preselect=scen.id)
    app.reset_to(menu)
    menu.mode, menu.level, menu.side_index = "solo", "hard", 1
    menu.start()
    again = MenuScene(app, preselect=scen.id)
    assert (again.mode, again.level, again.side_index) == ("solo", "hard", 1)


def drive_hotseat(app, scene, decisions: int, watch=None):
    """Pass hand-overs with Enter and answer each question with its default, as a person would."""
    done = 0
    for _ in range(decisions * 6):
        if scene.match.over or done >= decisions:
            break
        if type(app.top).__name__ == "HandoverScene":
            frame(app, [key(pygame.K_RETURN)], n=1)
            continue
        if watch is not None:
            watch()
        p = scene.match.pending
        if p is not None and scene.is_human_turn() and scene.may_see(p.side):
            scene.decide(p.default)
            done += 1
        frame(app, n=1)
    return done


def test_hot_seat_never_draws_the_other_sides_cards(boarding, monkeypatch):
    app, scen = boarding
    from game.ui import objective_bar

    drawn: list[list[str]] = []
    real = objective_bar.draw_objective_bar

    def spy(*a, cards=None, **k):  # "Your cards" is drawn in the objective bar
        if cards:
            drawn.append(list(cards))
        return real(*a, cards=cards, **k)

    monkeypatch.setattr(objective_bar, "draw_objective_bar", spy)
    orders = {s.id: {"reactions": "ask", "shots": "ask", "pushback": "ask", "cards": "ask"} for s in scen.sides}
    scene = app.start_battle(scen, mode="hotseat", seed=4, orders=orders)
    checked = {"n": 0, "other": 0}

    def shown(hand):
        return [c.replace("_", " ").title().replace("Dodge Duck", "Dodge/Duck") for c in hand]

    def watch():
        drawn.clear()
        frame(app, n=1)
        st = scene.match.state
        p = scene.match.pending
        hands = st.system.cards or {}
        for cards in drawn:
            checked["n"] += 1
            assert p is not None and scene.looking == p.side  # only after that side's hand-over
            if p.side != st.active:
                checked["other"] += 1  # a reaction/card question of the side not in its player-turn
            assert cards == shown(hands.get(p.side) or [])  # the deciding side's own hand, never another's

    drive_hotseat(app, scene, 120, watch)
    assert checked["n"] > 0
    assert checked["other"] > 0  # the side outside its player-turn decided too (the old leak)


def test_undo_is_refused_across_a_hand_over(boarding):
    app, scen = boarding
    scene = app.start_battle(scen, mode="hotseat", seed=4)
    frame(app, n=2)
    frame(app, [key(pygame.K_RETURN)], n=2)  # pass the first hand-over
    first = scene.looking
    # the first person decides until the other person must decide
    for _ in range(200):
        p = scene.match.pending
        if p.side != first:
            break
        scene.decide(p.default)
        frame(app, n=1)
    assert scene.match.pending.side != first
    n = len(scene.match.decisions)
    frame(app, n=2)
    assert type(app.top).__name__ == "HandoverScene"
    frame(app, [key(pygame.K_RETURN)], n=2)
    assert scene.looking != first
    frame(app, [key(pygame.K_z, pygame.KMOD_CTRL)], n=1)
    assert len(scene.match.decisions) == n  # the other person's decision stays
    assert "handed over" in scene.undo_refusal() or "nothing of yours" in scene.undo_refusal()


def test_undo_takes_back_the_deciders_own_move(boarding):
    app, scen = boarding
    scene = app.start_battle(scen, mode="hotseat", seed=4)
    frame(app, n=2)
    frame(app, [key(pygame.K_RETURN)], n=2)
    for _ in range(50):  # activate figures until one is asked for an action, then move it
        p = scene.match.pending
        if p.kind == "action" and any(d.kind == "move" for d in p.options):
            break
        scene.decide(p.default)
        frame(app, n=1)
        if type(app.top).__name__ == "HandoverScene":
            frame(app, [key(pygame.K_RETURN)], n=2)
    p = scene.match.pending
    mv = next(d for d in p.options if d.kind == "move")
    scene.decide(mv)
    n = len(scene.match.decisions)
    if scene.undo_refusal() == "":
        if scene.undo():
            assert len(scene.match.decisions) == n - 1


def test_menu_and_window_close_ask_first(boarding):
    app, scen = boarding
    scene = app.start_battle(scen, mode="hotseat", seed=4)
    frame(app, n=2)
    frame(app, [key(pygame.K_RETURN)], n=2)
    frame(app, [press(app, scene.buttons["menu"])], n=1)
    assert scene.leave_dialog is not None and app.top is scene
    cancel = next(b for b, a in scene.leave_dialog[1].items() if a == "cancel")
    frame(app, [press(app, cancel)], n=1)
    assert scene.leave_dialog is None and app.top is scene
    frame(app, [pygame.event.Event(pygame.QUIT)], n=1)
    assert app.running and scene.leave_dialog is not None
    save_b = next(b for b, a in scene.leave_dialog[1].items() if a == "save")
    frame(app, [press(app, save_b)], n=1)
    assert not app.running
    from game.ui.paths import saves_dir

    saved = list(saves_dir().glob("boarding_action-*.json"))
    assert saved and load_record(saved[0]).meta["mode"] == "hotseat"


def test_autosave_after_each_player_turn_keeps_five_and_menu_continues(boarding):
    app, scen = boarding
    scene = app.start_battle(scen, mode="solo", seed=3, human=scen.sides[0].id, ai="easy")
    from game.ui.session import autosave_dir, latest_autosave

    for _i in range(7):
        assert scene.autosave() is not None
    assert len(list(autosave_dir().glob("*.json"))) == 5
    from game.ui.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.reset_to(menu)
    frame(app, n=1)
    assert menu.continue_btn is not None and latest_autosave() is not None
    frame(app, [press(app, menu.continue_btn)], n=1)
    assert type(app.top).__name__ == "BattleScene" and app.top.mode == "solo"


def test_keys_end_turn_tab_numbers_and_enter(boarding):
    app, scen = boarding
    scene = app.start_battle(scen, mode="hotseat", seed=4)
    frame(app, n=2)
    frame(app, [key(pygame.K_RETURN)], n=2)
    p = scene.match.pending
    assert p.kind == "activate"
    frame(app, [key(pygame.K_TAB)], n=1)
    assert scene.selected in scene.ready_figures()
    chosen = scene.selected
    frame(app, [key(pygame.K_RETURN)], n=1)  # Enter activates the figure Tab chose
    assert scene.match.decisions[-1].figure == chosen
    p = scene.match.pending
    if p.kind != "activate":
        rows = __import__("game.ui.spot_pick", fromlist=["x"]).listed_options(p, scene.match.state)
        frame(app, [key(pygame.K_1)], n=1)  # 1: the first listed option
        assert scene.match.decisions[-1] == rows[0][1]
    for _ in range(40):
        p = scene.match.pending
        if p.kind == "activate" and p.side == scene.looking:
            break
        if type(app.top).__name__ == "HandoverScene":
            frame(app, [key(pygame.K_RETURN)], n=1)
            continue
        scene.decide(p.default)
        frame(app, n=1)
    assert scene.match.pending.kind == "activate"
    side = scene.match.pending.side
    unused = len(scene.ready_figures())
    n = len(scene.match.decisions)
    frame(app, [key(pygame.K_e)], n=1)
    if unused:  # figures that could still act: E asks once, and E again ends the turn
        assert scene.modal is not None and len(scene.match.decisions) == n
        frame(app, [key(pygame.K_e)], n=1)
    assert scene.match.decisions[-1].kind == "pass"
    assert scene.match.state.active != side or scene.match.pending is None or scene.match.pending.side != side


def test_boarding_action_needs_a_median_of_at_most_4_hand_overs_a_game_turn():
    """AI standing in for both people, default standing orders (automatic answers)."""
    import statistics

    from game.ai import make_controller
    from game.match import Match
    from game.scenario import find_scenario
    from game.ui.session import ORDER_KINDS, hand_overs_per_turn

    s = find_scenario("boarding_action", [])
    auto, ask = [], []
    for seed in (1, 2):
        ctl = {sd.id: make_controller("easy", seed * 10 + i) for i, sd in enumerate(s.sides)}
        auto += hand_overs_per_turn(Match(s, seed=seed), ctl)
        ctl = {sd.id: make_controller("easy", seed * 10 + i) for i, sd in enumerate(s.sides)}
        ask += hand_overs_per_turn(Match(s, seed=seed), ctl, {sd.id: {k: "ask" for k in ORDER_KINDS} for sd in s.sides})
    assert statistics.median(auto) <= 4
    assert sum(auto) / len(auto) < sum(ask) / len(ask)  # the orders do save hand-overs


def test_standing_orders_panel_toggles_the_deciding_sides_order(boarding):
    app, scen = boarding
    scene = app.start_battle(scen, mode="hotseat", seed=4)
    frame(app, n=2)
    frame(app, [key(pygame.K_RETURN)], n=2)
    side = scene.looking
    frame(app, [key(pygame.K_o)], n=1)
    panel, btns, who = scene.orders_panel
    assert who == side
    b = next(b for b, k in btns.items() if k == "reactions")
    frame(app, [press(app, b)], n=1)
    assert scene.orders[side]["reactions"] == "ask"
    assert scene.session_meta()["orders"][side]["reactions"] == "ask"


def test_option_list_shows_at_least_six_rows_at_1280x720(boarding):
    app, scen = boarding
    app.settings["ai_delay"] = 0.0
    scene = app.start_battle(scen, mode="solo", seed=4, human=scen.sides[0].id, ai="easy")
    for _ in range(300):
        frame(app, n=1)
        if scene.is_human_turn() and getattr(scene, "options_list", None) is not None:
            break
    lst = scene.options_list
    row = lst.list_item_height if hasattr(lst, "list_item_height") else 20
    assert lst.rect.height // row >= 6


def test_menu_describes_levels_and_hides_random_results_offer_harder(boarding):
    """One line per AI level, no "random" in the menu; results of a solo game offer
    the same level and one level harder."""
    app, scen = boarding
    from game.ui.scenes.menu import LEVEL_TEXT, LEVELS, MenuScene

    assert "random" not in LEVELS and set(LEVEL_TEXT) == set(LEVELS)
    menu = MenuScene(app, preselect=scen.id)
    app.reset_to(menu)
    frame(app, n=1)
    assert menu.level_text.text == LEVEL_TEXT[menu.level]
    scene = app.start_battle(scen, mode="solo", seed=5, human=scen.sides[0].id, ai="easy")
    from game.ui.scenes.results import ResultsScene

    res = ResultsScene(app, scene.match, scene.session_meta())
    app.push(res)
    frame(app, n=1)
    assert res.harder_btn is not None and "same level" in res.again_btn.text
    frame(app, [press(app, res.harder_btn)], n=1)
    assert app.top.ai_levels == {scen.sides[1].id: "normal"}
