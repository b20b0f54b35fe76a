"""The Differenzler's API and commands: advise (the issue's JSON keys, the best announcement from
the distribution, ties to the lower, the conditioned deals), replay, simulate and games (the game's
winner by the reference), in-process.

Budget: 2048 deals per advise call (a few tenths of a second once compiled; the assertions are
exact identities of one sample, not statistics), 1024 rounds for simulate, 64 games."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from jass_sim.core.errors import InputError
from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.cards import parse_card, parse_cards
from jass_sim.jass.differenzler._batch import BIDS, MADE, deal_known

from differenzler_reference import ref_game_winners, ref_penalty

HAND = "HJ H9 HA HK SA ST D6 C7 C8"
KEYS = ["trump", "trump_card", "seat", "dealer", "samples", "mean", "median", "best_bid", "expected_penalty",
        "ci95_penalty", "p_exact", "distribution", "penalty_by_bid", "sentence"]


@pytest.fixture(scope="module")
def answer():
    import jass_sim.differenzler as d

    return d.advise(HAND, "H6", dealer=3, seat=0, samples=2048, seed=5)


def test_advise_json_has_the_issue_keys(answer):
    doc = answer.to_json()
    assert list(doc)[:len(KEYS)] == KEYS
    assert doc["trump"] == "H" and doc["trump_card"] == "H6" and doc["samples"] == 2048
    assert len(doc["penalty_by_bid"]) == 158
    assert abs(sum(p["prob"] for p in doc["distribution"]) - 1) < 1e-9
    json.dumps(doc)


def test_advise_first_stage_curve_is_read_off_the_distribution(answer):
    # penalty_by_bid: the first stage, every announcement scored on the points made playing to play_number
    doc = answer.to_json()
    dist = {p["points"]: p["prob"] for p in doc["distribution"]}
    expected = [sum(q * ref_penalty(b, m, 0) for m, q in dist.items()) for b in range(158)]
    assert np.allclose([p["expected_penalty"] for p in doc["penalty_by_bid"]], expected)
    # the second stage replays the first stage's best four (ties to the lower) and the announcer's number
    first = sorted(range(158), key=lambda b: (round(expected[b], 9), b))[:4]
    assert set(first) | {doc["play_number"]} <= {r["bid"] for r in doc["played_to"]}


def _replay(hand, trump_card, bid, n, seed, dealer=3, seat=0, bonus=0):
    """My points and penalties in a direct replay of advise's deals, my seat playing to ``bid``."""
    from jass_sim.jass.differenzler.engine import run_rounds
    from jass_sim.jass.streams import STREAMS

    cards = parse_cards(hand)
    bids = [None] * 4
    bids[seat] = bid
    made = run_rounds(n, seed, "number", bids=bids, known=(seat, cards_to_mask(cards), dealer, parse_card(trump_card)),
                      stream=STREAMS["jass.differenzler-advise"])[:, MADE + seat]
    return made, np.array([ref_penalty(bid, int(m), bonus) for m in made], dtype=float)


def test_advise_best_bid_is_the_least_played_to_penalty(answer):
    # issue 52 item 1: the best number is valued while played to; every played_to row is a direct replay of
    # the same deals with my seat playing to that number (exact: the same seed, the same deals)
    from jass_sim.core.stats import Z95

    doc = answer.to_json()
    n = doc["samples"]
    pens = {}
    for row in doc["played_to"]:
        made, pens[row["bid"]] = _replay(HAND, "H6", row["bid"], n, 5)
        h = Z95 * pens[row["bid"]].std(ddof=1) / np.sqrt(n)
        assert row["expected_penalty"] == pytest.approx(pens[row["bid"]].mean())
        assert row["ci95"] == pytest.approx([pens[row["bid"]].mean() - h, pens[row["bid"]].mean() + h])
        if row["bid"] == doc["best_bid"]:
            best_made = made
    best = min(pens, key=lambda b: (round(pens[b].mean(), 9), b))  # ties to the lower
    assert doc["best_bid"] == best and doc["expected_penalty"] == pytest.approx(pens[best].mean())
    # the best is a local least of the played-to curve: its neighbours were replayed too
    assert {b for b in (best - 1, best + 1) if 0 <= b <= 157} <= set(pens)
    r = doc["runner_up"]
    second = min((b for b in pens if b != best), key=lambda b: (round(pens[b].mean(), 9), b))
    diff = pens[second] - pens[best]
    h = Z95 * diff.std(ddof=1) / np.sqrt(n)
    assert r["bid"] == second and r["difference"] == pytest.approx(diff.mean())
    assert r["ci95"] == pytest.approx([diff.mean() - h, diff.mean() + h])
    assert doc["p_exact"] == pytest.approx(float((best_made == best).mean()))
    lo, hi = doc["ci95_penalty"]
    assert lo < doc["expected_penalty"] < hi
    share = float((best_made <= best).mean())
    assert doc["sentence"] == (f"Announce {best}: expected penalty {doc['expected_penalty']:.1f} (95% CI {lo:.1f} to "
                               f"{hi:.1f}); you make {best} or less in {100 * share:.0f}% of the deals")


def test_advise_all_sixes_best_number_costs_what_playing_to_it_costs():
    # the audit's extreme hand: the first stage (playing to the announcer's number) put 0 at 1.6, but a seat
    # playing to 0 pays about 5.5; the answer's figure must be what playing to its number costs, within its CI.
    # 2048 deals: the first stage's 0 and the played-to figures are about 4 points apart, CIs about 0.3 wide
    import jass_sim.differenzler as d

    hand = "D6 D7 D8 S6 S7 C6 C7 H6 H7"
    doc = d.advise(hand, "SA", dealer=3, seat=0, samples=2048, seed=1).to_json()
    _, pen = _replay(hand, "SA", doc["best_bid"], 2048, 1)
    lo, hi = doc["ci95_penalty"]
    assert lo <= pen.mean() <= hi
    first = doc["penalty_by_bid"][doc["best_bid"]]["expected_penalty"]
    assert doc["expected_penalty"] > first + 2  # the first stage alone misjudged it


def test_advise_every_figure_has_its_95_ci(answer):
    # the house's honest statistics: the mean, the median and P(exact) of the sampled points, and every
    # announcement's expected penalty, each with its interval; the rate's inside [0,1] (Wilson)
    from jass_sim.core.stats import Z95, wilson_ci

    doc = answer.to_json()
    n = doc["samples"]
    dist = {p["points"]: p["prob"] for p in doc["distribution"]}
    made = np.repeat(list(dist), [round(q * n) for q in dist.values()])
    assert len(made) == n
    half = Z95 * made.std(ddof=1) / np.sqrt(n)
    assert doc["ci95_mean"] == pytest.approx([made.mean() - half, made.mean() + half])
    assert list(doc["ci95_p_exact"]) == pytest.approx(list(wilson_ci(round(doc["p_exact"] * n), n)[1:]))
    lo, hi = doc["ci95_median"]  # order statistics around the middle rank: integers holding the median
    assert lo <= doc["median"] <= hi and lo == int(lo) and hi == int(hi)
    srt = np.sort(made)
    k = Z95 * np.sqrt(n) / 2
    assert (lo, hi) == (int(srt[max(0, int(np.floor(n / 2 - k)) - 1)]), int(srt[min(n - 1, int(np.ceil(n / 2 + k)) - 1)]))
    for row in doc["penalty_by_bid"]:
        pen = np.abs(row["bid"] - made)
        h = Z95 * pen.std(ddof=1) / np.sqrt(n)
        assert row["ci95_penalty"] == pytest.approx([pen.mean() - h, pen.mean() + h], abs=1e-9)
    text = answer.text()
    assert (f"mean {doc['mean']:.1f} (95% CI {doc['ci95_mean'][0]:.1f} to {doc['ci95_mean'][1]:.1f})" in text
            and f"median {doc['median']} (95% CI {lo} to {hi})" in text
            and f"{100 * doc['p_exact']:.1f}% (95% CI {100 * doc['ci95_p_exact'][0]:.1f} to "
                f"{100 * doc['ci95_p_exact'][1]:.1f})" in text and f"{n} deals" in text.splitlines()[0])


def test_advise_exact_bonus_moves_the_penalty_of_an_exact_hit():
    import jass_sim.differenzler as d

    plain = d.advise(HAND, "H6", dealer=3, samples=2048, seed=5).to_json()
    jw = d.advise(HAND, "H6", dealer=3, samples=2048, seed=5, rules="differenzler-jw").to_json()
    dist = {p["points"]: p["prob"] for p in plain["distribution"]}
    for b in (plain["play_number"], 60, 120):
        assert jw["penalty_by_bid"][b]["expected_penalty"] == pytest.approx(
            plain["penalty_by_bid"][b]["expected_penalty"] - 10 * dist.get(b, 0.0))


@pytest.mark.nojit
def test_advise_deals_respect_what_the_seat_knows():
    hand = parse_cards(HAND)
    trump_card = parse_card("H6")
    pool = np.array([c for c in range(36) if c not in hand and c != trump_card], dtype=np.int64)
    rng = np.array([1, 2, 3, 4], dtype=np.uint64)
    hands = np.zeros(4, dtype=np.uint64)
    for _ in range(20):
        deal_known(rng, pool, len(pool), hands, 0, np.uint64(cards_to_mask(hand)), 3, trump_card)
        assert int(hands[0]) == cards_to_mask(hand)
        assert (int(hands[3]) >> trump_card) & 1
        assert sum(bin(int(h)).count("1") for h in hands) == 36
        assert int(hands[0] | hands[1] | hands[2] | hands[3]) == (1 << 36) - 1


def test_advise_given_bids_reach_the_other_seats():
    import jass_sim.differenzler as d

    doc = d.advise(HAND, "H6", dealer=3, samples=2048, bids="10,20,30").to_json()
    assert doc["bids"] == [None, 10, 20, 30]
    # open announcements: only the earlier seats' numbers are known; an empty entry is a seat that has not
    # announced yet, left to the fast announcer as when no --bids is given (the same deals, the same answer)
    assert d.advise(HAND, "H6", dealer=3, samples=2048, bids=",,").to_json() == d.advise(
        HAND, "H6", dealer=3, samples=2048).to_json()
    part = d.advise(HAND, "H6", dealer=3, samples=2048, bids="10,,").to_json()
    assert part["bids"] == [None, 10, None, None] and part == d.advise(
        HAND, "H6", dealer=3, samples=2048, bids=[10, None, "-"]).to_json()
    assert part["distribution"] != d.advise(HAND, "H6", dealer=3, samples=2048).to_json()["distribution"]
    with pytest.raises(InputError, match="'x'"):
        d.advise(HAND, "H6", dealer=3, samples=2048, bids="10,,x")


def test_replay_document_and_cli_json():
    import jass_sim.differenzler as d
    from jass_sim.cli import main

    doc = d.replay(3).to_json()
    for key in ("trump_card", "dealer", "bids", "made", "penalties", "tricks", "hands"):
        assert key in doc
    assert sum(doc["made"]) == 157 and doc["hands"][doc["dealer"]].count(doc["trump_card"]) == 1
    assert doc["penalties"] == [ref_penalty(b, m, 0) for b, m in zip(doc["bids"], doc["made"])]
    out = CliRunner().invoke(main, ["differenzler", "replay", "--seed", "3", "--format", "json"])
    assert out.exit_code == 0 and json.loads(out.output) == doc


def test_simulate_and_games_follow_the_rows():
    import jass_sim.differenzler as d
    from jass_sim.jass.differenzler.engine import run_rounds

    sim = d.simulate(1024, seed=2).to_json()
    rows = run_rounds(1024, 2, "number")
    pen = [[ref_penalty(int(r[BIDS + s]), int(r[MADE + s]), 0) for s in range(4)] for r in rows]
    for s in range(4):
        assert sim["seats"][s]["mean_penalty"] == pytest.approx(np.mean([p[s] for p in pen]))
    g = d.games(64, seed=2).to_json()
    rows = run_rounds(64 * 12, 2, "number")
    wins = [0] * 4
    for k in range(64):
        game = [[ref_penalty(int(r[BIDS + s]), int(r[MADE + s]), 0) for s in range(4)] for r in rows[12 * k:12 * k + 12]]
        assert [int(r[0]) for r in rows[12 * k:12 * k + 12]] == [(i % 4) for i in range(12)]  # the dealer moves on
        w = ref_game_winners(game)
        if len(w) == 1:
            wins[w[0]] += 1
    assert [s["wins"] for s in g["seats"]] == wins


def test_simulate_and_games_give_every_figure_its_95_ci():
    # the house's honest statistics: each seat's mean points and mean number (simulate) and mean total
    # penalty (games) with their intervals in the JSON, the CSV and the text; 1,024 rounds, 64 games
    import jass_sim.differenzler as d
    from jass_sim.core.stats import Z95
    from jass_sim.jass.differenzler.engine import run_rounds

    sim = d.simulate(1024, seed=2)
    rows = run_rounds(1024, 2, "number")
    csv = sim.formatted("csv")
    for s, seat in enumerate(sim.to_json()["seats"]):
        for key, col in (("ci95_points", rows[:, MADE + s]), ("ci95_bid", rows[:, BIDS + s])):
            h = Z95 * col.std(ddof=1) / np.sqrt(len(col))
            assert seat[key] == pytest.approx([col.mean() - h, col.mean() + h])
        assert (f"{seat['mean_points']:.2f} ({seat['ci95_points'][0]:.2f} to {seat['ci95_points'][1]:.2f})"
                in sim.text().splitlines()[3 + s])
        assert (f"{seat['mean_bid']:.2f} ({seat['ci95_bid'][0]:.2f} to {seat['ci95_bid'][1]:.2f})"
                in sim.text().splitlines()[3 + s])
    header = csv.splitlines()[0].split(",")
    assert {"ci95_points_lo", "ci95_points_hi", "ci95_bid_lo", "ci95_bid_hi", "ci95_exact_lo", "ci95_exact_hi"} <= set(header)
    g = d.games(64, seed=2)
    header = g.formatted("csv").splitlines()[0].split(",")
    assert {"ci95_total_lo", "ci95_total_hi"} <= set(header)
    row = g.formatted("csv").splitlines()[1].split(",")
    assert float(row[header.index("ci95_total_lo")]) == pytest.approx(g.to_json()["seats"][0]["ci95_total"][0])


def test_open_announcements_reach_replay_simulate_and_games_from_the_command_line():
    # the issue's "preset or option `open`": --open plays the rows run_rounds plays with open_=True
    import jass_sim.differenzler as d
    from jass_sim.cli import main
    from jass_sim.jass.differenzler.engine import replay_round, run_rounds
    from jass_sim.jass.differenzler.rules import get_rules

    out = CliRunner().invoke(main, ["differenzler", "replay", "--seed", "3", "--open", "--policy", "number-open",
                                    "--format", "json"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert doc["open"] is True and doc == replay_round(3, get_rules("differenzler", open=True), 0, ["number-open"] * 4, None)
    assert d.replay(3).to_json()["open"] is False
    # open play differs from secret for number-open somewhere in 1,024 rounds (it reads the numbers)
    rows_open = run_rounds(1024, 2, "number-open", open_=True)
    assert not (rows_open == run_rounds(1024, 2, "number-open")).all()
    sim = d.simulate(1024, seed=2, policy="number-open", open=True).to_json()
    assert sim["open"] is True and d.simulate(1024, seed=2).to_json()["open"] is False
    pen = np.abs(rows_open[:, BIDS:BIDS + 4] - rows_open[:, MADE:MADE + 4])
    assert [s["mean_penalty"] for s in sim["seats"]] == pytest.approx(list(pen.mean(axis=0)))
    out = CliRunner().invoke(main, ["differenzler", "games", "--games", "16", "--seed", "2", "--open",
                                    "--format", "json"])
    assert out.exit_code == 0 and json.loads(out.output)["open"] is True


def test_advise_ci_stops_on_the_played_to_best_numbers_interval():
    # --ci watches the answer's own CI (the played-to stage) and grows both stages on the same seed: the
    # answer is the fixed-size answer at the size reached. 0.2 points: a few thousand deals for this hand
    import jass_sim.differenzler as d

    doc = d.advise(HAND, "H6", dealer=3, ci=0.2, seed=2).to_json()
    lo, hi = doc["ci95_penalty"]
    assert (hi - lo) / 2 <= 0.2 and doc["samples"] >= 4096
    assert doc == d.advise(HAND, "H6", dealer=3, samples=doc["samples"], seed=2).to_json()
