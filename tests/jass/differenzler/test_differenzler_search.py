"""The Differenzler over sampled worlds (issue 52 items 2 and 4): the play-out kernel against the
State (the plain-Python rules: every card legal, each seat's points and penalty by the reference),
the sampled worlds against what the seat has seen, the others' numbers in a world, the ``search``
player's choice against a plain-Python argmin over the same worlds, and ``play-advice``.

Budget: the kernel tests are nojit (rerun with the JIT off): hypothesis at 15-25 examples (a
position is a random prefix of a random round; the checks are identities, and a few dozen positions
reach every trick and every count of cards in the trick), about 1 s compiled. ``play-advice`` calls
sample 64-160 worlds (the assertions are identities of the sample, not statistics); the one search
round plays 9 decisions of 16 worlds."""

from __future__ import annotations

import json

import numpy as np
import pytest
from dealt import dealt_state, play_random
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.core.errors import InputError
from jass_sim.core.rng import block_states
from jass_sim.jass.cards import format_card, parse_card
from jass_sim.jass.differenzler._announce import announce, model_coefficients
from jass_sim.jass.differenzler._players import NUMBER, POINTS_PLAYER, RANDOM
from jass_sim.jass.differenzler._search import (
    card_penalties,
    play_out,
    played_by,
    sample_world,
    search_card,
    world_bids,
)
from jass_sim.jass.differenzler.rules import get_rules
from jass_sim.jass.differenzler.state import DifferenzlerState
from jass_sim.jass.rules._tricks import may_hold

from differenzler_reference import ref_penalty, ref_round

HAND = "HJ H9 HA HK SA ST D6 C7 C8"


def _position(seed: int, dealer: int, bids: list[int], n_played: int):
    """A State after the four numbers and ``n_played`` random legal cards, with the kernel's view of
    it: hands, trace, trick number, cards in the trick, played mask, voids, made so far."""
    state, _, bottom, _ = dealt_state(seed, dealer, bids)
    play_random(state, seed, n_played)
    now = np.array([sum(1 << c for c in state.hand(s)) for s in range(4)], dtype=np.uint64)
    t = len(state.tricks)
    n_in = len(state.trick)
    played = np.uint64(sum(1 << parse_card(c) for c in state.cards_played()))
    return state, bottom, now, state.trace.copy(), t, n_in, played, np.int64(state._voids), \
        np.array(state.made, dtype=np.int64)


positions = st.tuples(st.integers(0, 2**40), st.integers(0, 3), st.lists(st.integers(0, 157), min_size=4, max_size=4),
                      st.integers(0, 35))


@pytest.mark.nojit
@settings(max_examples=25, deadline=None)
@given(positions, st.lists(st.sampled_from([RANDOM, POINTS_PLAYER, NUMBER]), min_size=4, max_size=4))
def test_play_out_finishes_the_round_by_the_rules(pos, pols):
    seed, dealer, bids, k = pos
    state, bottom, hands, trace, t, n_in, played, voids, made = _position(seed, dealer, bids, k)
    seat = state.to_move()
    first = parse_card(state.legal()[0])
    play_out(hands, bottom // 9, trace, t, n_in, played, voids, made, np.array(bids, dtype=np.int64), first,
             np.array(pols, dtype=np.int64), np.ones(4, dtype=np.uint64))
    cards = [int(c) for row in trace for c in row[1:5]]
    assert cards[len(state.cards_played())] == first and (trace[t, 0] + n_in) & 3 == seat
    for c in cards[len(state.cards_played()):]:
        state.apply(format_card(c))  # the State refuses an illegal card
    assert state.is_terminal() and not hands.any()
    assert [int(m) for m in made] == state.made == ref_round([set(h) for h in state.dealt], bottom // 9, dealer, cards)
    assert state.penalties() == [ref_penalty(bids[s], state.made[s], 0) for s in range(4)]


@pytest.mark.nojit
@settings(max_examples=25, deadline=None)
@given(positions, st.integers(0, 2**32))
def test_sampled_worlds_fit_what_the_seat_has_seen(pos, wseed):
    seed, dealer, bids, k = pos
    state, bottom, hands, trace, t, n_in, played, voids, made = _position(seed, dealer, bids, k)
    seat = state.to_move()
    # the other seats' cards are hidden: filler bits above card 35, as many as each holds
    view = np.array([hands[s] if s == seat else np.uint64(((1 << int(hands[s]).bit_count()) - 1) << 36)
                     for s in range(4)], dtype=np.uint64)
    world = np.zeros(4, dtype=np.uint64)
    rng = block_states(wseed, 0, 1, 0)[0]
    sample_world(seat, view, played, voids, dealer, bottom, bottom // 9, rng, world, np.zeros(36, dtype=np.int64),
                 np.zeros(36, dtype=np.int64))
    assert world[seat] == hands[seat]
    assert [int(w).bit_count() for w in world] == [int(h).bit_count() for h in hands]
    assert int(np.bitwise_or.reduce(world)) | int(played) == (1 << 36) - 1
    assert not any(int(world[a]) & int(world[b]) for a in range(4) for b in range(a + 1, 4))
    if seat != dealer and not int(played) >> bottom & 1:
        assert int(world[dealer]) >> bottom & 1, "the trump card stays in the dealer's hand until played"
    for s in range(4):
        if s != seat:
            assert all(may_hold(int(voids), s, c, bottom // 9) for c in range(36) if int(world[s]) >> c & 1)


@pytest.mark.nojit
@settings(max_examples=15, deadline=None)
@given(positions)
def test_world_numbers_are_the_known_ones_or_the_announcers_on_the_dealt_hand(pos):
    seed, dealer, bids, k = pos
    state, bottom, hands, trace, t, n_in, played, voids, made = _position(seed, dealer, bids, k)
    known = np.array([bids[0], -1, bids[2], -1], dtype=np.int64)
    out = np.zeros(4, dtype=np.int64)
    world_bids(hands, trace, t, n_in, bottom // 9, dealer, known, model_coefficients(), out)
    for s in range(4):
        dealt = sum(1 << c for c in state.dealt[s])
        assert int(hands[s]) | int(played_by(trace, t, n_in, s)) == dealt
        want = bids[s] if s in (0, 2) else announce(np.uint64(dealt), bottom // 9, (s - dealer - 1) & 3,
                                                      model_coefficients())
        assert out[s] == want


@pytest.mark.nojit
@settings(max_examples=6, deadline=None)
@given(positions.filter(lambda p: p[3] <= 30))
def test_search_picks_the_least_total_penalty_over_the_same_worlds(pos):
    seed, dealer, bids, k = pos
    state, bottom, hands, trace, t, n_in, played, voids, made = _position(seed, dealer, bids, k)
    seat = state.to_move()
    legal = [parse_card(c) for c in state.legal()]
    legal_mask = np.uint64(sum(1 << c for c in legal))
    known = np.full(4, -1, dtype=np.int64)
    known[seat] = bids[seat]
    coef = model_coefficients()
    rng = block_states(seed, 0, 1, 5)[0]
    got = search_card(seat, legal_mask, hands.copy(), trace.copy(), t, n_in, bottom // 9, played, voids, made.copy(),
                      known, dealer, bottom, coef, 0, 4, rng.copy())
    # the reference: the same worlds and play-outs, summed in Python, the first least total wins
    if len(legal) == 1:
        assert got == legal[0]
        return
    totals = np.zeros(len(legal), dtype=np.int64)
    world, bids_w, vals = np.zeros(4, dtype=np.uint64), np.zeros(4, dtype=np.int64), np.zeros(len(legal), np.int64)
    for _ in range(4):
        sample_world(seat, hands, played, voids, dealer, bottom, bottom // 9, rng, world, np.zeros(36, np.int64),
                     np.zeros(36, np.int64))
        world_bids(world, trace, t, n_in, bottom // 9, dealer, known, coef, bids_w)
        card_penalties(seat, world, bottom // 9, trace, t, n_in, played, voids, made, bids_w,
                       np.array(legal, dtype=np.int64), np.full(4, NUMBER, dtype=np.int64), 0, rng, vals)
        totals += vals
    assert got == legal[int(np.argmin(totals))]


def test_a_search_seat_plays_a_legal_round():
    from jass_sim.jass.differenzler.api import replay

    doc = replay(3, players="search,number,number,number").to_json()
    assert sum(doc["made"]) == 157
    state = DifferenzlerState([[parse_card(c) for c in h] for h in doc["hands"]], doc["dealer"],
                              parse_card(doc["trump_card"]), get_rules("differenzler"))
    for s in state.order:
        state.apply(str(doc["bids"][s]))
    for trick in doc["tricks"]:
        for c in trick["cards"]:
            state.apply(c)
    assert state.made == doc["made"]


# -- play-advice --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def advice():
    import jass_sim.differenzler as d

    return d.play_advice(HAND, "H6", 90, "SA S6 S7 S8 ST D7 S9 SQ C6", samples=160, seed=2)


def test_play_advice_values_and_paired_cis(advice):
    doc = advice.to_json()
    assert doc["legal"] == ["H9", "HJ", "HK", "HA", "C7", "C8"]  # clubs led: clubs or a trump
    assert doc["made"] == [11, 0, 0, 13] and doc["samples"] == 160 and doc["trick_leader"] == 3
    means = advice.values.mean(axis=0)
    assert doc["recommendation"] == format_card(advice.cards[int(np.argmin(means))])
    rows = {r["card"]: r for r in doc["cards"]}
    for j, c in enumerate(advice.cards):
        r = rows[format_card(c)]
        assert r["expected_penalty"] == pytest.approx(means[j])
        d = advice.values[:, j] - advice.values[:, advice.best]
        assert r["diff_to_best"] == pytest.approx(d.mean())
        half = 1.959963984540054 * d.std(ddof=1) / np.sqrt(len(d))
        assert r["ci95_diff"] == pytest.approx([d.mean() - half, d.mean() + half])
    assert doc["sentence"].startswith(("Play " + doc["recommendation"], "Too close to call between "
                                       + doc["recommendation"]))
    json.dumps(doc)


def test_play_advice_is_the_same_on_any_thread_count_and_in_the_cli(advice):
    from click.testing import CliRunner

    import jass_sim.differenzler as d
    from jass_sim.cli import main

    again = d.play_advice(HAND, "H6", 90, "SA S6 S7 S8 ST D7 S9 SQ C6", samples=160, seed=2, threads=2)
    assert np.array_equal(again.values, advice.values)
    res = CliRunner().invoke(main, ["differenzler", "play-advice", "--hand", HAND, "--trump-card", "H6", "--bid", "90",
                                    "--played", "SA S6 S7 S8 ST D7 S9 SQ C6", "--samples", "160", "--seed", "2",
                                    "--format", "json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output) == json.loads(json.dumps(advice.to_json()))


def test_play_advice_exact_bonus_and_given_numbers():
    import jass_sim.differenzler as d

    plain = d.play_advice(HAND, "H6", 40, samples=64, seed=1, bids="30,35,40")
    jw = d.play_advice(HAND, "H6", 40, samples=64, seed=1, bids="30,35,40", rules="differenzler-jw")
    # the same worlds and play: the bonus moves exactly the exact hits, by 10
    assert np.array_equal(jw.values, plain.values - 10 * (plain.values == 0))
    assert plain.to_json()["bids"] == [None, 30, 35, 40]


def test_play_advice_the_dealer_holds_the_trump_card():
    import jass_sim.differenzler as d

    # seat 3 deals and holds HJ, the trump card; spades are led: it must follow or trump
    doc = d.play_advice(HAND, "HJ", 40, "SK SQ SJ", seat=3, dealer=3, samples=32).to_json()
    assert set(doc["legal"]) == {"HJ", "H9", "HK", "HA", "ST", "SA"}


@pytest.mark.parametrize("kwargs, token", [
    (dict(played="SA S6 H6 S8"), "H6"),            # the trump card played by a seat that is not the dealer
    (dict(played="SA S6"), "S6"),                  # not my turn
    (dict(played="SA ZZ"), "ZZ"),
    (dict(played="SA SA"), "SA"),
    (dict(bid=158), "158"),
    (dict(policy="search"), "search"),
    (dict(trump_card="HJ"), "HJ"),                 # in my hand, but the dealer holds it
    (dict(seat=4), "4"),
])
def test_play_advice_bad_input_names_the_argument(kwargs, token):
    import jass_sim.differenzler as d

    args = dict(hand=HAND, trump_card="H6", bid=60, played="", samples=16) | kwargs
    with pytest.raises(InputError) as e:
        d.play_advice(**args)
    assert e.value.token == token


def test_the_page_runs_both_differenzler_jobs():
    """The job API's ``differenzler_advise`` and ``differenzler_play_advice`` (issue 52 item 5) answer
    what the Python API answers (64 deals, 32 worlds: the check is equality, not statistics)."""
    import time

    from starlette.testclient import TestClient

    import jass_sim.differenzler as d
    from jass_sim.page.app import create_app
    from jass_sim.page.commands import clean_json

    jobs = {"differenzler_advise": ({"hand": HAND, "trump_card": "H6", "samples": 64, "seed": 3},
                                    lambda: d.advise(HAND, "H6", samples=64, seed=3)),
            "differenzler_play_advice": ({"hand": HAND, "trump_card": "H6", "bid": 90, "played": "SA S6 S7 S8",
                                          "samples": 32, "seed": 3},
                                         lambda: d.play_advice(HAND, "H6", 90, "SA S6 S7 S8", samples=32, seed=3))}
    with TestClient(create_app()) as client:
        for name, (args, api) in jobs.items():
            response = client.post("/api/jobs", json={"command": name, "args": args})
            assert response.status_code == 202, response.text
            job = response.json()["id"]
            deadline = time.monotonic() + 600
            while (state := client.get(f"/api/jobs/{job}").json())["state"] not in ("result", "error", "cancelled"):
                assert time.monotonic() < deadline
                time.sleep(0.2)
            assert state["state"] == "result", state
            assert state["result"] == clean_json(json.loads(json.dumps(api().to_json())))
        refused = client.post("/api/jobs", json={"command": "differenzler_play_advice",
                                                 "args": jobs["differenzler_play_advice"][0] | {"policy": "search"}})
        assert refused.status_code == 400 and refused.json()["field"] == "policy"


def test_search_beats_number_in_duplicate_rounds():
    """Issue 52 item 2: over the same deals and numbers, a ``search`` seat pays less penalty than a
    ``number`` seat. 64 rounds x 4 seats (about a second compiled): the effect, 5.0 points a seat and
    round at 1,000 rounds (benchmarks/RESULTS.md), is some 7 standard errors at this size."""
    from jass_sim.jass.differenzler.duplicate import duplicate

    d = duplicate(64, "number", "search", seed=3)
    assert d["ci95"][1] < 0, d  # search's penalty less number's: negative
