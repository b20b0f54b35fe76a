"""Rare hands sampled on purpose (issue 51): the strata partition the hands with their exact
hypergeometric probabilities (checked against a count over the deck card by card, and against
uniform hands), drawn hands are uniform within their stratum, the weights sum to one, and a
population figure from the strata agrees with uniform sampling; the report's tables on made-up
option values keep declare - push equal to its columns. No Jass simulation."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pandas as pd
import pytest

from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.jass.report import rare as R
from jass_sim.jass.report import strata as St
from jass_sim.jass.report import thumb as T
from jass_sim.jass.rules import get_rules


def uniform_hands(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([sum(1 << int(c) for c in rng.choice(36, 9, replace=False)) for _ in range(n)], dtype=np.uint64)


def counts_card_by_card(suit: int) -> Counter:
    """The number of 9-card hands per cell, counted by adding the deck's cards one at a time (no
    binomial coefficient): an independent count of the multivariate hypergeometric law."""
    masks = St.group_masks(suit)
    group_of = [next(i for i, m in enumerate(masks) if m >> c & 1) for c in range(36)]
    ways = Counter({(0,) * len(masks): 1})
    for c in range(36):
        new = Counter(ways)  # the card not taken
        for state, w in ways.items():
            if sum(state) < 9:
                s = list(state)
                s[group_of[c]] += 1
                new[tuple(s)] += w
        ways = new
    return Counter({k: w for k, w in ways.items() if sum(k) == 9})


@pytest.fixture(scope="module")
def cells():
    return St.cell_table()


def test_groups_partition_the_deck():
    for suit in range(4):
        masks = St.group_masks(suit)
        assert sum(masks) == (1 << 36) - 1 and all(a & b == 0 for i, a in enumerate(masks) for b in masks[i + 1:])
        assert tuple(bin(m).count("1") for m in masks) == St.GROUP_SIZES


def test_cell_probabilities_are_the_hypergeometric_counts(cells):
    assert cells["hands"].sum() == St.ALL_HANDS == math.comb(36, 9)
    brute = counts_card_by_card(2)
    got = {tuple(r): h for r, h in zip(cells[list(St.GROUP_NAMES)].itertuples(index=False, name=None), cells["hands"])}
    assert got == dict(brute)
    # marginals with their textbook (univariate hypergeometric) values
    by = cells.groupby("aces")["hands"].sum()
    assert by[4] == math.comb(32, 5)
    trumps = cells.groupby("trumps")["hands"].sum()
    for k in range(10):
        assert trumps[k] == math.comb(9, k) * math.comb(27, 9 - k)
    d = St.design(cells)
    assert math.isclose(d["probability"].sum(), 1.0, rel_tol=0, abs_tol=1e-12)
    assert d["hands"].sum() == St.ALL_HANDS
    assert d.set_index("stratum").loc["four_aces", "hands"] == math.comb(32, 5)  # first: every four-ace hand


def test_strata_frequencies_of_uniform_hands(cells):
    """Uniform hands fall in each stratum at its exact rate (within a 99.9% Wilson interval)."""
    n = 40_000
    masks = uniform_hands(n, 11)
    h = St.hand_counts(masks, np.arange(n) % 4)
    seen = h["stratum"].value_counts()
    for _, r in St.design(cells).iterrows():
        _, lo, hi = wilson_ci(int(seen.get(r["stratum"], 0)), n, z=3.29)
        assert lo <= r["probability"] <= hi, r["stratum"]


def test_hand_counts_agree_with_the_rules_features(cells):
    masks = uniform_hands(300, 4)
    for suit in range(4):
        h = St.hand_counts(masks, np.full(len(masks), suit))
        for m, (_, r) in zip(masks, h.iterrows()):
            x = T.Hand(int(m))
            assert r["trumps"] == x.count(suit) and r["side_aces"] == x.side_aces(suit)
            assert r["trump_ace"] == x.has(suit, T.ACE)
            assert r["buur_nell"] == St.BUUR_NELL[x.has(suit, T.NINE) + 2 * x.has(suit, T.JACK)]
            assert r["aces"] == sum(x.has(s, T.ACE) for s in range(4))
            assert r["sixes"] == sum(x.has(s, T.SIX) for s in range(4))


@pytest.mark.parametrize("key", [s.key for s in St.STRATA])
def test_drawn_hands_are_in_their_stratum(key, cells):
    rng = np.random.default_rng(3)
    suits = np.arange(40) % 4
    masks = St.draw(key, 40, suits, rng, cells)
    assert all(bin(int(m)).count("1") == 9 for m in masks)
    assert (St.hand_counts(masks, suits)["stratum"] == key).all()


def test_drawn_hands_are_uniform_within_the_stratum(cells):
    """Four aces: the five other cards are uniform over the 32 others (each held at 5/32); Buur-Nell-
    Ace: the trump counts follow the stratum's exact conditional law."""
    n = 3000
    rng = np.random.default_rng(8)
    masks = St.draw("four_aces", n, np.zeros(n, dtype=np.int64), rng, cells)
    bits = ((masks[:, None] >> np.arange(36, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    aces = [9 * s + 8 for s in range(4)]
    assert bits[:, aces].all()
    others = np.delete(bits, aces, axis=1).mean(axis=0)
    se = math.sqrt(5 / 32 * 27 / 32 / n)
    assert np.abs(others - 5 / 32).max() < 4.5 * se
    masks = St.draw("buur_nell_ace", n, np.ones(n, dtype=np.int64), rng, cells)
    h = St.hand_counts(masks, np.ones(n, dtype=np.int64))
    c = cells[cells["stratum"] == "buur_nell_ace"]
    exact = c.groupby("trumps")["hands"].sum() / c["hands"].sum()
    for k, p in exact.items():
        _, lo, hi = wilson_ci(int((h["trumps"] == k).sum()), n, z=3.29)
        assert lo <= p <= hi, k


def test_drawn_hands_depend_on_the_seed_only(cells):
    a = St.drawn_hands(5, 6, (0, 1, 2, 3), 11, cells)
    b = St.drawn_hands(5, 6, (0, 1, 2, 3), 11, cells)
    c = St.drawn_hands(6, 6, (0, 1, 2, 3), 11, cells)
    pd.testing.assert_frame_equal(a, b)
    assert not a["hand"].equals(c["hand"])
    assert len(a) == 6 * len(St.STRATA) and list(a["suit"][:6]) == [0, 1, 2, 3, 0, 1]


def test_weights_sum_to_one_and_plain_means():
    p = {k: v for k, v in zip(St.design()["stratum"], St.design()["probability"])}
    strata = np.array(list(p) * 3 + ["rest"] * 7, dtype=object)
    w = St.weights(strata, p)
    assert math.isclose(w.sum(), 1.0, abs_tol=1e-12)
    assert np.allclose(w[strata == "four_aces"], p["four_aces"] / 3)
    # one stratum, the whole sample: the plain mean and its interval
    y = np.random.default_rng(1).normal(5, 2, 50)
    got = St.weighted_mean(y, np.full(50, "all", dtype=object), {"all": 1.0})
    assert np.allclose(got, mean_ci(float(y.sum()), float((y * y).sum()), 50))
    # a stratum without a hand: no population figure (never a silent mean over the strata covered)
    assert all(math.isnan(x) for x in St.weighted_mean(np.ones(5), np.full(5, "rest", dtype=object), p))
    # a domain equal to one stratum: that stratum's mean
    y = np.arange(len(strata), dtype=float)
    m, lo, hi = St.weighted_mean(y, strata, p, strata == "rest")
    assert math.isclose(m, y[strata == "rest"].mean()) and lo < m < hi


def test_an_indicator_of_a_stratum_is_estimated_exactly(cells):
    """Every hand of the four-ace stratum has four aces and no other hand has: the strata give the
    exact share with a zero-width interval."""
    meta = St.drawn_hands(2, 8, (0, 1, 2, 3), 11, cells)
    masks = np.concatenate([meta["hand"].to_numpy().astype(np.uint64), uniform_hands(500, 2)])
    suits = np.concatenate([meta["suit"].to_numpy(), np.arange(500) % 4])
    h = St.hand_counts(masks, suits)
    p = dict(zip(St.design(cells)["stratum"], St.design(cells)["probability"]))
    m, lo, hi = St.weighted_mean((h["aces"] == 4).to_numpy(dtype=float), h["stratum"].to_numpy(), p)
    assert math.isclose(m, math.comb(32, 5) / math.comb(36, 9)) and math.isclose(lo, hi)


def test_population_figure_from_strata_agrees_with_uniform_sampling(cells):
    """Graf's trump score of the target suit (a figure that rare cards move): its mean from
    stratified hands weighted back agrees with its mean over many uniform hands within their 95%
    intervals, and its interval is narrower than the unweighted mean over the same hands is wrong."""
    def graf(masks, suits):
        out = []
        for m, s in zip(masks, suits):
            x = T.Hand(int(m))
            out.append(sum((T.GRAF_TRUMP if t == s else T.GRAF_SIDE)[r] for t in range(4) for r in x.suits[t]))
        return np.asarray(out, dtype=float)

    meta = St.drawn_hands(9, 60, (0, 1, 2, 3), 11, cells)
    uni = uniform_hands(1500, 21)
    masks = np.concatenate([meta["hand"].to_numpy().astype(np.uint64), uni])
    suits = np.concatenate([meta["suit"].to_numpy(), np.arange(len(uni)) % 4])
    h = St.hand_counts(masks, suits)
    p = dict(zip(St.design(cells)["stratum"], St.design(cells)["probability"]))
    y = graf(masks, suits)
    m, lo, hi = St.weighted_mean(y, h["stratum"].to_numpy(), p)
    big = uniform_hands(20_000, 22)
    yu = graf(big, np.arange(len(big)) % 4)
    mu, ulo, uhi = mean_ci(float(yu.sum()), float((yu * yu).sum()), len(yu))
    assert abs(m - mu) <= math.hypot((hi - lo) / 2, (uhi - ulo) / 2)
    assert abs(y.mean() - mu) > math.hypot((hi - lo) / 2, (uhi - ulo) / 2)  # unweighted: biased by the rare hands


def made_up_values(masks: np.ndarray, seed: int) -> pd.DataFrame:
    """Option values of a made-up game: a suit is worth 25 per trump, +30 with the Buur, +15 with the
    Nell, +10 per side ace, +40 with four aces, minus 90; chibre 40 + 5 per ace; noise."""
    rng = np.random.default_rng(seed)
    rows = []
    for m in masks:
        x = T.Hand(int(m))
        aces = sum(x.has(s, T.ACE) for s in range(4))
        row = {"hand": int(m), "value_chibre": 40 + 5 * aces + rng.normal(0, 3)}
        for s, name in enumerate("HDSC"):
            row[f"value_{name}"] = (25 * x.count(s) + 30 * x.has(s, T.JACK) + 15 * x.has(s, T.NINE)
                                    + 10 * x.side_aces(s) + 40 * (aces == 4) - 90 + rng.normal(0, 3))
        rows.append(row)
    return pd.DataFrame(rows)


@pytest.mark.parametrize("rules", ["chibre", "schieber"])
def test_report_tables_on_made_up_values(rules, cells):
    r = get_rules(rules)
    uniform = made_up_values(uniform_hands(1200, 31), 1)
    meta = St.drawn_hands(4, 40, R.trump_suits(r), 11, cells)
    drawn = made_up_values(meta["hand"].to_numpy().astype(np.uint64), 2)
    t = R.tables(uniform, drawn, meta, r)
    for name, cols in (("strata", R.STRATA_COLUMNS), ("declare_strata", R.CELL_COLUMNS),
                       ("strata_population", R.POPULATION_COLUMNS)):
        assert tuple(t[name].columns) == cols
    st, c, pop = t["strata"], t["declare_strata"], t["strata_population"]
    mults = sorted(set(r.multipliers[s] for s in R.trump_suits(r)))
    assert sorted(set(st["multiplier"])) == mults
    for m in mults:
        s = st[st["multiplier"] == m]
        assert math.isclose((s["weight"] * (s["uniform_hands"] + s["drawn_hands"])).sum(), 1.0, abs_tol=1e-12)
        assert (s.set_index("stratum").drop(index="rest")["drawn_hands"] > 0).all()
        cm = c[c["multiplier"] == m]
        assert cm["n"].sum() == s["uniform_hands"].sum() + s["drawn_hands"].sum()
    # declare - push equals its columns, in every cell and in the population figures
    assert np.allclose(c["diff"], c["declare"] - c["push"], equal_nan=True)
    p = pop.set_index(["multiplier", "figure"])["strata"]
    for m in mults:
        assert math.isclose(p[(m, "diff")], p[(m, "declare")] - p[(m, "push")], abs_tol=1e-9)
    assert pop["agree"].all()
    d = c.dropna(subset=["diff_lo"])
    assert len(d) and ((d["diff_lo"] <= d["diff"]) & (d["diff"] <= d["diff_hi"])).all()
    # the trump-ace split takes the four-ace meld apart: 3 side aces with the trump ace carry the +40
    four = c[(c["side_aces"] == 3) & c["trump_ace"] & (c["n"] >= 5)]
    three = c[(c["side_aces"] == 3) & ~c["trump_ace"] & (c["n"] >= 5)]
    assert len(four) and len(three)
    # all cells' exact shares add up to one
    share = St.domain_probability(cells, ["trumps_bin", "buur_nell", "trump_ace", "side_aces"])
    assert math.isclose(share.sum(), 1.0, abs_tol=1e-12)
    assert (c["share"] > 0).all()


def test_blocks_say_how_the_hands_were_drawn(cells):
    r = get_rules("chibre")
    uniform = made_up_values(uniform_hands(800, 41), 3)
    meta = St.drawn_hands(1, 24, R.trump_suits(r), 11, cells)
    t = R.tables(uniform, made_up_values(meta["hand"].to_numpy().astype(np.uint64), 4), meta, r)
    b = R.blocks(t)
    text = " ".join(str(x) for x in b)
    assert "Rare hands, sampled on purpose" in text and "all four aces" in text and "hypergeometric" in text
    assert any(x[0] == "table" and "weight per hand" in x[1] for x in b)
    assert R.blocks({}) == []
