"""``games``, the equity tables and ``advise --score``: invariants and contracts."""

from __future__ import annotations

import numpy as np
import pytest
from player_sets import play_in

from jass_sim.core.errors import InputError
from jass_sim.core.stats import Z95, wilson_ci
from jass_sim.jass.engine.game import OUT_FIRST_CHOOSER, OUT_MID_ROUND, OUT_ROUNDS, OUT_SCORE0, OUT_SCORE1, OUT_WINNER
from jass_sim.jass.games.equity import build_equity, shipped_table
from jass_sim.jass.games.games import games, play_games
from jass_sim.jass.players import DEFAULT_CHOOSER
from jass_sim.jass.rules import PRESETS, get_rules


def test_identical_teams_win_half(monkeypatch):
    # the games kernel compiled for heuristic and random, the set of the tests below (a set only
    # prunes the other players' branches, jass_sim.jass.players.dispatch): one compiled for
    # heuristic alone would be this test's alone (issue 50 item 8)
    from jass_sim.jass.players import PLAYERS

    both = play_in(monkeypatch, ("heuristic", "random"))
    result, out, _ = games(600, "heuristic", "heuristic", seed=2)
    assert both.asked and all(asked == {PLAYERS.code("heuristic")} for asked in both.asked)
    # duplicate games with the same players: every deal sequence is won once by each side
    assert result["win_rate_a"]["mean"] == 0.5 and result["pairs_split"] == 600
    # and the seats' teams are symmetric: team A on seats 0/2 wins about half of its games
    _, lo, hi = wilson_ci(int((out[:, 0, OUT_WINNER] == 0).sum()), 600)
    assert lo <= 0.5 <= hi
    assert result["mean_final_score_a"]["mean"] == result["mean_final_score_b"]["mean"]


@pytest.mark.parametrize("rules,ending", [("chibre", None), ("schieber", None), ("pique-double", "plus-grand-ecart")])
def test_one_winner_and_scores_consistent(rules, ending):
    result, out, traj = games(120, "heuristic", "random", rules, ending=ending, seed=5)
    target = result["target"]
    winner, s0, s1 = out[:, :, OUT_WINNER], out[:, :, OUT_SCORE0], out[:, :, OUT_SCORE1]
    assert set(np.unique(winner)) <= {0, 1} and result["unfinished_games"] == 0
    scores = np.stack([s0, s1], axis=-1)
    won = np.take_along_axis(scores, winner[..., None], axis=-1)[..., 0]
    lost = np.take_along_axis(scores, 1 - winner[..., None], axis=-1)[..., 0]
    assert (won >= target).all()
    if ending is None:  # premier sorti: the loser never reached the target
        assert (lost < target).all()
    else:
        assert (won >= lost).all() and out[:, :, OUT_MID_ROUND].sum() == 0
    for g in range(traj.shape[0]):  # the trajectory ends on the final score and never goes down
        for play in range(2):
            n = out[g, play, OUT_ROUNDS]
            assert list(traj[g, play, n - 1]) == [s0[g, play], s1[g, play]]
            assert (np.diff(traj[g, play, :n], axis=0) >= 0).all()
    assert result["win_rate_a"]["ci95"][0] > 0.8  # heuristic beats random


def test_same_seed_same_games_on_any_threads():
    a, _ = play_games(300, "heuristic", "random", seed=9, threads=1)
    b, _ = play_games(300, "heuristic", "random", seed=9)
    c, _ = play_games(300, "heuristic", "random", seed=10)
    assert (a == b).all() and not (a == c).all()


def test_bad_input():
    with pytest.raises(InputError, match="got 0"):
        play_games(0, "heuristic", "random")
    with pytest.raises(InputError, match="'genius'"):
        play_games(5, "genius", "random")
    with pytest.raises(InputError, match="got 99"):
        games(5, "random", "random", target=99)


@pytest.mark.parametrize("policy", ["heuristic", "net"])
@pytest.mark.parametrize("name", list(PRESETS))
def test_shipped_tables(name, policy):
    t = shipped_table(name, policy)
    rules = get_rules(name)
    assert t.mode_chooser == DEFAULT_CHOOSER  # built with the default mode choice (equity --shipped's)
    assert t.target == rules.target and t.grid[-1] == rules.target - 1 and t.rounds >= 50_000
    z = Z95 * t.se
    # equity never decreases as our score rises, nor increases as theirs rises (within CI)
    assert (np.diff(t.p, axis=0) >= -(z[1:] + z[:-1])).all()
    assert (np.diff(t.p, axis=1) <= z[:, 1:] + z[:, :-1]).all()
    # at target minus 1, choosing next: close to 1 unless they are close too
    far = t.grid <= rules.target - 300
    # (0.969 at 2499:2200 under schieber with net: the score-blind fitted chooser picks the x3 modes,
    # in which their melds, counted first, can reach the target; 0.987 with the evaluator)
    assert (t.p[-1, far] > 0.96).all()
    assert t.win_probability(rules.target - 1, 0) > 0.99
    assert 0.45 < t.p[0, 0] < 0.65  # the chooser's edge from 0:0
    assert abs(t.win_probability(300, 200, False) - (1 - t.win_probability(200, 300, True))) < 1e-12


def test_table_agrees_with_whole_games():
    """From 0:0 the team that chooses first wins as often as the table says, within the games'
    CI, widened by the table's own CI and a small allowance for interpolation."""
    t = shipped_table("chibre")
    out, _ = play_games(1500, "heuristic", "heuristic", seed=11)
    first = out[:, 0, OUT_FIRST_CHOOSER] == out[:, 0, OUT_WINNER]
    p, lo, hi = wilson_ci(int(first.sum()), len(first))
    assert lo - 0.01 - Z95 * t.se[0, 0] <= t.p[0, 0] <= hi + 0.01 + Z95 * t.se[0, 0]


def test_build_is_reproducible_and_frame():
    a = build_equity(get_rules("chibre").replace(target=400), rounds=300, seed=3, step=25)
    b = build_equity(get_rules("chibre").replace(target=400), rounds=300, seed=3, step=25, threads=1)
    assert (a.p == b.p).all()
    f = a.frame()
    assert len(f) == 2 * len(a.grid) ** 2
    assert ((f["ci95_lo"] <= f["p_win"]) & (f["p_win"] <= f["ci95_hi"])).all()
    with pytest.raises(InputError, match="got 60"):
        build_equity("chibre", rounds=300, step=60)
    with pytest.raises(InputError, match="'pimc'"):
        shipped_table("chibre", "pimc")


HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"


def test_advise_score_zero_ranks_as_plain_advise():
    from jass_sim.jass.advise.advice import advise, paired_lead

    for hand in (HAND, "SA SK SQ SJ S9 H6 H7 DA C6"):
        plain = advise(hand, policy="heuristic", samples=1500, seed=1)
        scored = advise(hand, policy="heuristic", samples=1500, seed=1, score="0:0")
        assert (plain.samples.ours == scored.samples.ours).all()  # the same sampled deals and play
        win = scored.samples.win
        assert ((0 <= win) & (win <= 1)).all()
        means = win.mean(axis=0)
        n_opt = len(plain.options)
        for a in range(n_opt):
            for b in range(n_opt):
                _, lo, _ = paired_lead(plain.samples, a, b)
                if lo > 0:  # a beats b clearly on points: it does not lose on win probability
                    assert means[a] >= means[b], (hand, a, b)
        doc = scored.to_json()["win_probability"]
        assert doc["score"] == {"ours": 0, "theirs": 0} and doc["target"] == 1000
        assert doc["recommendation"] == doc["options"][int(np.argmax(means))]["option"]


def test_advise_score_near_the_end():
    from jass_sim.jass.advise.advice import advise

    sure = advise(HAND, policy="heuristic", samples=200, seed=2, score="999:0")
    assert (sure.samples.win.mean(axis=0) > 0.99).all()
    doc = advise(HAND, policy="heuristic", samples=400, seed=2, score="900:970").to_json()["win_probability"]
    assert {"options", "recommendation", "lead_over_next", "differs_from_points", "sentence",
            "equity_table"} <= set(doc)
    assert all(o["ci95"][0] <= o["p_win"] <= o["ci95"][1] for o in doc["options"])
    assert "P(win)" in str(advise(HAND, policy="heuristic", samples=200, seed=2, score="500:500"))
    with pytest.raises(InputError, match="got 1000"):
        advise(HAND, policy="heuristic", samples=200, score="1000:0")
    with pytest.raises(InputError, match="'10-20'"):
        advise(HAND, policy="heuristic", samples=200, score="10-20")
