"""Exact card-duel odds (ESC-DUEL-2/3, ESC-RES-1): enumeration and a seeded Monte Carlo run of the deck."""

import itertools
from fractions import Fraction

import pytest

from game.cli import main
from game.rules.escarmouche import Deck, duel_odds, full_deck, odds_report_escarmouche, resolve_pair
from tests.montecarlo import assert_distribution, assert_matches, run


def brute_force(n_a, n_b):
    deck = full_deck()
    counts, total = {}, 0
    for a in itertools.combinations(deck, n_a):
        rest = [c for c in deck if c not in a]
        for b in itertools.combinations(rest, n_b):
            r = resolve_pair("a", a, "b", b)
            counts[(r.winner, r.effect.value)] = counts.get((r.winner, r.effect.value), 0) + 1
            total += 1
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize("n_a,n_b", [(1, 1), (2, 1)])
def test_ESC_DUEL_3_exact_odds_match_full_enumeration(n_a, n_b):
    exact = duel_odds(n_a, n_b)
    brute = brute_force(n_a, n_b)
    for k, v in exact.effects.items():
        assert brute.get(k, 0) == v, k


def test_ESC_DUEL_2_exact_odds_sum_to_one_and_mirror():
    for n_a, n_b in [(1, 1), (2, 1), (3, 2), (4, 1), (2, 5)]:
        o = duel_odds(n_a, n_b)
        assert o.a_wins + o.b_wins == 1 and sum(o.effects.values()) == 1
        m = duel_odds(n_b, n_a)
        assert all(o.effects[(s, e)] == m.effects[({"a": "b", "b": "a"}[s], e)] for s, e in o.effects)
    assert duel_odds(1, 1).a_wins == Fraction(1, 2)
    assert duel_odds(2, 1).a_wins == Fraction(2, 3)  # highest of 3 cards is a's with 2/3
    assert duel_odds(2, 1)[("a", "killed")] == Fraction(4, 17)


def test_ESC_DUEL_3_preference_changes_effects_not_winner():
    d, e = duel_odds(3, 1), duel_odds(3, 1, ("evicted", "wounded", "killed"))
    assert d.a_wins == e.a_wins and e[("a", "evicted")] > d[("a", "evicted")]
    with pytest.raises(ValueError):
        duel_odds(1, 1, ("killed",))
    with pytest.raises(ValueError):
        duel_odds(0, 1)


def test_ESC_DECK_1_exact_duel_odds_match_seeded_monte_carlo_of_the_real_deck():
    # draws come off one running deck with discards and reshuffles, as in a match (ESC-DECK-1)
    n = 20000
    for n_a, n_b in [(2, 1), (1, 3)]:
        exact = duel_odds(n_a, n_b)
        state = {}

        def duel(dice):
            if "deck" not in state:  # (setdefault would shuffle a fresh deck, with the dice, every duel)
                state["deck"] = Deck.shuffled(dice)
            deck = state["deck"]
            r = resolve_pair("a", deck.draw(n_a, dice), "b", deck.draw(n_b, dice))
            deck.discard()
            return (r.winner, r.effect.value)

        counts = run(99 + n_a * 10 + n_b, duel, n)
        assert state["deck"].reshuffles > 100
        assert_distribution(exact.effects, counts, n, f"duel {n_a} v {n_b}")
        assert_matches(exact.a_wins, sum(v for (w, _), v in counts.items() if w == "a"), n, "a wins")


def test_ESC_DUEL_2_odds_cli_prints_the_exact_table(capsys):
    # `python -m game odds escarmouche --draws 2 1`
    assert main(["odds", "escarmouche", "--draws", "2", "1"]) == 0
    out = capsys.readouterr().out
    assert out == odds_report_escarmouche(2, 1) + "\n"
    assert "A wins" in out and "2/3" in out and "4/17" in out and "B wins, A evicted" in out
    assert main(["odds", "escarmouche", "--draws", "0", "1"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_ESC_DUEL_2_odds_report_text():
    text = odds_report_escarmouche(2, 1)
    assert "A draws 2, B draws 1" in text and "2/3" in text and "66.67%" in text and "B wins, A killed" in text
