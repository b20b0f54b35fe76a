"""Batch simulation: determinism across threads, streamed rows, statistical sanity."""

from __future__ import annotations

import numba
import numpy as np
import pytest
from player_sets import play_in

from jass_sim.core.rng import BLOCK_SIZE
from jass_sim.jass.engine.batch import STATS
from jass_sim.jass.engine.simulate import BatchSpec, run_batch
from jass_sim.jass.simulate.duel import duel
from jass_sim.jass.simulate.tables import simulate, simulate_deals

DEALS = 3 * BLOCK_SIZE + 123  # several blocks and a partial one


def spec(seed, policy=1, deals=DEALS):
    from jass_sim.jass.rules import get_rules

    return BatchSpec(deals=deals, rules=get_rules("chibre"), policies=np.full(4, policy, np.int64),
                     mode_policy=1, seed=seed)


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="needs 2 threads")
@pytest.mark.parametrize("policy", [0, 1])
def test_same_seed_same_result_on_1_and_2_threads(policy):
    one = run_batch(spec(5, policy), threads=1)
    two = run_batch(spec(5, policy), threads=2)
    assert np.array_equal(one, two)
    assert one[:, 0].sum() == DEALS


def test_different_seeds_differ():
    assert not np.array_equal(run_batch(spec(1)), run_batch(spec(2)))


def test_per_deal_rows_match_aggregates_and_threads():
    frames = list(simulate_deals(DEALS, policy="heuristic", seed=9, threads=1))
    rows = np.concatenate([f.drop(columns="mode").to_numpy() for f in frames])
    assert len(rows) == DEALS and list(frames[0]["deal"][:3]) == [0, 1, 2]
    table = simulate(DEALS, policy="heuristic", seed=9, threads=2)
    all_row = table[table["mode"] == "all"].iloc[0]
    frame = np.concatenate([f["total_ours"].to_numpy() for f in frames])
    assert frame.mean() == pytest.approx(all_row["mean_ours"])
    assert all_row["deals"] == DEALS
    both = list(simulate_deals(DEALS, policy="heuristic", seed=9, threads=2))
    assert all(a.equals(b) for a, b in zip(frames, both))


def test_card_points_always_157_per_round():
    acc = run_batch(spec(3))
    s = {k: i for i, k in enumerate(STATS)}
    assert (acc[:, s["cards_ours"]] + acc[:, s["cards_theirs"]] == 157 * acc[:, s["deals"]]).all()


def test_trump_suits_are_exchangeable():
    """With a fixed trump, the suits are symmetric: hearts and clubs agree within their CIs."""
    h = simulate(20_000, policy="heuristic", mode=0, seed=4).iloc[0]
    c = simulate(20_000, policy="heuristic", mode=3, seed=4).iloc[0]
    half = lambda r: (r["ci95_ours_hi"] - r["ci95_ours_lo"]) / 2  # noqa: E731
    # independent samples: the difference's 95% half-width is sqrt(h1^2 + h2^2); allow 99.9% (x 3.29/1.96)
    assert abs(h["mean_ours"] - c["mean_ours"]) < 3.29 / 1.96 * np.hypot(half(h), half(c))


@pytest.mark.parametrize("chooser", ["fitted", "evaluator"])
def test_chooser_team_does_better_than_defenders(chooser):
    table = simulate(20_000, policy="heuristic", seed=6, chooser=chooser)
    row = table[table["mode"] == "all"].iloc[0]
    assert row["ci95_diff_lo"] > 0
    assert 0 < row["rate_chibre"] < 1


def test_heuristic_beats_random_by_a_wide_margin():
    result = duel("heuristic", "random", 5_000, seed=2)
    assert result["ci95_diff"][0] > 20
    assert result["win_rate"] > 0.8


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_a_policy_against_itself_ties_every_duplicate_deal(policy, monkeypatch):
    """Both plays of a duplicate deal use the same cards and random numbers: with the same
    policy on both sides the second play mirrors the first, so every deal is an exact tie.

    The duel kernel plays it compiled for ``random`` and ``heuristic`` together, the set of
    :func:`test_heuristic_beats_random_by_a_wide_margin` (a set only prunes the other players'
    branches, jass_sim.jass.players.dispatch): a kernel compiled for one player alone would be
    this test's only use of it (about 15 CPU s each on a cold cache, issue 50 item 8)."""
    from jass_sim.jass.players import PLAYERS

    both = play_in(monkeypatch, ("random", "heuristic"))
    result = duel(policy, policy, 2_000, seed=3)
    assert both.asked and all(asked == {PLAYERS.code(policy)} for asked in both.asked)
    assert result["mean_diff"] == 0 and result["ties"] == 2_000 and result["win_rate"] == 0.5
