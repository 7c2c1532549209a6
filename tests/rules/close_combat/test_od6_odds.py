"""Exact OD6 odds: combat_odds against enumeration facts and a seeded Monte Carlo run of roll_pair."""

from fractions import Fraction

from game.cli import main
from game.rules.close_combat import OUTCOMES, combat_odds, odds_report_close_combat, roll_pair
from tests.montecarlo import assert_distribution, run


def test_OD6_ROLL_1_exact_odds_sum_to_one_and_are_symmetric():
    for cv_a, cv_b in [(3, 3), (5, 3), (3, 5), (10, 1)]:
        o = combat_odds(cv_a, cv_b)
        assert set(o) == set(OUTCOMES) and sum(o.values()) == 1
        mirror = combat_odds(cv_b, cv_a)
        for (w, k), v in o.items():
            assert mirror[({"a": "b", "b": "a"}.get(w), k)] == v


def test_OD6_RES_1_equal_cv_exact_table():
    o = combat_odds(3, 3)
    assert o[(None, "tie")] == Fraction(1, 6)
    # a wins triple with (3,1),(4,1),(5,1),(6,1),(6,2)
    assert o[("a", "triple")] == Fraction(5, 36)
    assert o[("a", "double")] == Fraction(4, 36)  # (2,1),(4,2),(5,2),(6,3)
    assert o[("a", "simple")] == Fraction(6, 36)
    assert o[("a", "double")] == o[("a", "double")]


def test_OD6_ROLL_1_mods_net_like_cv():
    assert combat_odds(3, 3, mods_a=2) == combat_odds(5, 3)
    assert combat_odds(4, 4, mods_a=1, mods_b=1) == combat_odds(1, 1)


def test_OD6_ROLL_1_exact_odds_match_seeded_monte_carlo():
    n = 30000
    for cv_a, cv_b in [(5, 3), (3, 3)]:
        exact = combat_odds(cv_a, cv_b)

        def pair(dice):
            r = roll_pair(dice, "a", "b", cv_a, cv_b).result
            return (r.winner, r.kind.value)

        assert_distribution(exact, run(20240607 + cv_a, pair, n), n, f"CV {cv_a} v {cv_b}")


def test_OD6_RES_1_odds_cli_prints_the_exact_table(capsys):
    # `python -m game odds close-combat --cv 5 3`
    assert main(["odds", "close-combat", "--cv", "5", "3"]) == 0
    out = capsys.readouterr().out
    assert out == odds_report_close_combat(5, 3) + "\n"
    assert "A d6+2 v B d6" in out and "A triple victory (B eliminated)" in out and "1/4" in out
    assert "13/18" in out  # A wins overall
    assert main(["odds", "close-combat", "--cv", "5", "x"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_OD6_RES_1_odds_report_lists_fractions_and_percentages():
    text = odds_report_close_combat(5, 3)
    assert "A d6+2 v B d6" in text and "1/4" in text and "25.00%" in text and "Tie" in text


def _pike_match_at_contact():
    """Pike and Shot with Red walked up to charge distance and Blue standing: Red's engage options."""
    from game.match.match import Match
    from game.scenario.registry import find_scenario

    m = Match(find_scenario("pike_and_shot"), seed=5)
    for _ in range(40):
        ask = m.pending
        engages = [d for d in ask.options if d.kind == "engage"]
        if engages:
            return m, engages
        if ask.kind == "activate":
            act = [d for d in ask.options if d.kind != "pass"]
            m.apply(act[0] if ask.side == "red" and act else next(d for d in ask.options if d.kind == "pass"))
        elif ask.kind == "action":
            fwd = [d for d in ask.options if d.kind == "move" and d.label == "advance"]
            m.apply(fwd[0] if fwd else ask.default)
        else:
            m.apply(ask.default)
    raise AssertionError("no engage offered")


def test_OD6_ENG_2_engage_odds_count_every_pair_the_engage_makes():
    from game.rules.close_combat.chances import pair_odds

    m, engages = _pike_match_at_contact()
    view = m.ruleset.public_view(m.state, "red")
    d = engages[0]
    odds = m.ruleset.odds(view, m.table, m.pending, d)
    paired = {e.figure for e in odds.effects}
    assert len(paired) > 2  # a line engages a line: more than the lead piece's pair
    # the lead pair's headline chance, as the round will roll it with its flank support
    lead = pair_odds(view, d.figure, d.target)
    assert odds.success == lead.success
    # the pairs the rules then match are the pairs the odds counted
    events = m.apply(d)
    while not any(getattr(e, "rule", "") == "OD6-ENG-2" for e in events):
        events = m.apply(m.pending.default)
    note = next(e for e in events if getattr(e, "rule", "") == "OD6-ENG-2")
    fought = {x.strip() for pr in note.message.removeprefix("pairs: ").split(",") for x in pr.split(" v ")}
    assert fought == paired
