"""The ``progress`` callback of ``advise``, ``play_advice`` and ``review``: ticks at least every
half second, cancellation through it (keeping the estimate so far), and answers that do not depend
on it (the samples are computed in chunks of whole random-number blocks)."""

from __future__ import annotations

import time

import numpy as np
import pytest

import jass_sim
from jass_sim.core.chunks import CHUNK_SECONDS, ChunkedSampler, Tick
from jass_sim.core.errors import Cancelled
from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.advise.advice import PARTNER_MODELS, parse_options
from jass_sim.jass.advise.sampling import run_advise
from jass_sim.jass.cards import parse_cards
from jass_sim.jass.players import DEFAULT_CHOOSER, PLAYERS
from jass_sim.jass.rules import get_rules

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"


def test_advise_in_chunks_equals_one_kernel_call():
    """The chunked run gives exactly the samples of one kernel call over all blocks."""
    rules = get_rules("chibre")
    opts = parse_options(None, rules, False)
    one = run_advise(cards_to_mask(parse_cards(HAND)), rules, opts, [PLAYERS.code("heuristic")] * 4, leader=0, seed=5,
                     first_sample=0, n_samples=1000, partner_model=PARTNER_MODELS[DEFAULT_CHOOSER])
    ticks = []
    advice = jass_sim.advise(HAND, policy="heuristic", samples=1000, seed=5, progress=ticks.append)
    assert np.array_equal(advice.samples.ours, one.ours)
    assert np.array_equal(advice.samples.theirs, one.theirs)
    assert np.array_equal(advice.samples.partner_modes, one.partner_modes)
    assert ticks[0] == 0 and ticks[-1] == 1000 and all(t.target == 1000 for t in ticks)
    assert [int(t) for t in ticks] == sorted(int(t) for t in ticks)
    assert jass_sim.advise(HAND, policy="heuristic", samples=1000, seed=5).to_json() == advice.to_json()


def test_chunked_sampler_splits_and_merges_in_order():
    calls = []

    def run(first, n):
        calls.append((first, n))
        return list(range(first, first + n))

    sampler = ChunkedSampler(run, lambda parts: sum(parts, []), block=4)
    assert sampler(0, 10) == list(range(10))
    assert all(first % 4 == 0 for first, _ in calls)
    assert sampler(12, 6) == list(range(12, 18))


def test_tick_is_the_done_count_with_details():
    t = Tick(64, 128, half_width=1.5, ci_target=1.0, stage="x")
    assert t == 64 and t + 1 == 65
    assert t.to_json() == {"done": 64, "target": 128, "half_width": 1.5, "ci_target": 1.0, "stage": "x"}
    assert Tick(0, 5).partial() is None


def test_advise_ticks_every_half_second_and_cancels_with_the_estimate_so_far():
    jass_sim.advise(HAND, samples=128, seed=1)  # compiled
    times, ticks = [], []
    started = time.monotonic()

    def progress(tick):
        times.append(time.monotonic())
        ticks.append(tick)
        if time.monotonic() - started > 2.0:
            raise Cancelled()

    with pytest.raises(Cancelled) as caught:
        jass_sim.advise(HAND, ci=0.05, max_samples=10_000_000, seed=1, progress=progress)
    stopped = time.monotonic()
    assert stopped - started < 3.0
    gaps = np.diff([started] + times)
    assert gaps[1:].max() < 2 * CHUNK_SECONDS + 0.25  # after the first (compiled) chunk
    assert ticks[-1].half_width is not None and ticks[-1].half_width > 0.05
    partial = caught.value.partial
    assert type(partial).__name__ == "Advice"
    assert partial.n == ticks[-1].done > 0
    assert partial.to_json()["samples"] == partial.n


def test_play_advice_progress_and_same_answer():
    args = dict(hand=HAND, mode="H", played="D7 S6", leader=2, samples=600, seed=2)
    ticks = []
    with_progress = jass_sim.play_advice(**args, progress=ticks.append)
    assert with_progress.to_json() == jass_sim.play_advice(**args).to_json()
    assert ticks[0] == 0 and ticks[-1] == 600
    assert ticks[-1].partial().to_json() == with_progress.to_json()


def test_review_progress_counts_decisions():
    rnd = jass_sim.replay(3, policy="heuristic")
    ticks = []
    rv = jass_sim.review(rnd, samples=64, progress=ticks.append)
    assert ticks[0] == 0
    assert ticks[-1].done == ticks[-1].target == len(rv.decisions)
    assert rv.to_json() == jass_sim.review(rnd, samples=64).to_json()
    # the replay document and a round file's text are accepted as well
    assert jass_sim.review(rnd.to_json(), samples=64).to_json() == rv.to_json()


def test_review_cancel_stops():
    rnd = jass_sim.replay(3, policy="heuristic")

    def progress(tick):
        if tick.done >= 2:
            raise Cancelled()

    with pytest.raises(Cancelled):
        jass_sim.review(rnd, samples=64, progress=progress)
