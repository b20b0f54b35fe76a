"""The ``search`` player (search over ``net`` with belief weighting): its belief weights against a
plain-Python reference, that it reads only its own view, plays legal cards, and plays the same on 1
and 2 threads (the kernel parts also run with NUMBA_DISABLE_JIT=1)."""

from __future__ import annotations

import math

import numba
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.core.errors import InputError
from jass_sim.core.rng import block_states
from jass_sim.jass.cards import mask_to_cards
from jass_sim.jass.engine.deal import new_deck
from jass_sim.jass.engine.round import first_round, new_work
from jass_sim.jass.modes.weights import default_mode_params
from jass_sim.jass.players import PLAYERS, policy_params
from jass_sim.jass.players.belief import belief_log_weight
from jass_sim.jass.players.dispatch import player_set
from jass_sim.jass.players.net import load_weights, net_card, new_net_scratch, quantize
from jass_sim.jass.players.net_search import (
    SETTLED_LOW,
    SETTLED_MARGIN,
    _solver_scratch,
    equivalent_cards,
    exact_differences,
    search_card,
    search_values,
)
from jass_sim.jass.players.search import sample_hands
from jass_sim.jass.rules import get_rules
from jass_sim.jass.train.selfplay import state_at

from net_reference import ref_quantized_forward, ref_view
from reference import ref_card_points, ref_card_strength, ref_legal_moves

PARAMS = policy_params(search_worlds=4)


def played_round(seed: int, policy: str = "net"):
    """A first round under chibre rules: ``(initial hands, trace, mode, declarer, shown)``."""
    rules = get_rules("chibre")
    runs, fours, mults = rules.arrays()
    hands, initial, work = np.zeros(4, np.uint64), np.zeros(4, np.uint64), new_work()
    _, declarer, mode, _ = first_round(
        player_set(PLAYERS.code(policy)), block_states(seed, 0, 1)[0], np.asarray(rules.modes, np.int64), -1, 1, True, default_mode_params(rules),
        np.full(4, PLAYERS.code(policy), np.int64), PARAMS, runs, fours, mults, new_deck(), hands, initial, work)
    return initial.copy(), work[2].copy(), int(mode), int(declarer), work[1].copy()


def decision(initial, trace, point, mode):
    """The state before card ``point`` (0..35): ``(t, i, seat, hands now, played, voids, legal)``."""
    t, i = divmod(point, 4)
    seat = (trace[t, 0] + i) & 3
    hands = np.zeros(4, np.uint64)
    played, voids, *_ = state_at(initial, trace, t, i, mode, hands)
    trick = [int(c) for c in trace[t, 1:1 + i]]
    legal = ref_legal_moves(set(mask_to_cards(hands[seat])), trick, mode)
    # a compiled kernel returns a uint64 as a Python int, which Numba would type int64: the kernels
    # called with ``played`` are then compiled once more, for the tests alone (issue 50 item 8:
    # ``search_card`` 13-21 CPU s); as uint64 they are the signatures the players compile anyway
    return t, i, seat, hands, np.uint64(played), voids, legal


def ref_log_weight(me, world, trace, t, n_in, mode, declarer, shown, temperature):
    """Plain-Python belief weight: the hands as dealt from ``world``, then each earlier decision of
    another seat with a choice scored by the log-softmax of the quantised net's values."""
    q = quantize(load_weights()[0])
    dealt = [set(mask_to_cards(h)) for h in world]
    for tt in range(t + 1):
        for k in range(4 if tt < t else n_in):
            dealt[(trace[tt, 0] + k) & 3].add(int(trace[tt, 1 + k]))
    tricks = [(int(trace[tt, 0]), [int(c) for c in trace[tt, 1:5]]) for tt in range(9)]
    shown_sets = [set(mask_to_cards(s)) for s in shown]
    from net_reference import canonical_card

    total = 0.0
    held = [set(h) for h in dealt]
    for tt in range(t + 1):
        for k in range(4 if tt < t else n_in):
            seat = (trace[tt, 0] + k) & 3
            card = int(trace[tt, 1 + k])
            legal = ref_legal_moves(held[seat], [int(c) for c in trace[tt, 1:1 + k]], mode)
            if seat != me and len(legal) > 1:
                values = ref_quantized_forward(q, ref_view(seat, dealt, tricks, tt, k, mode, declarer, shown_sets))
                v = {c: values[canonical_card(c, mode)] / temperature for c in legal}
                top = max(v.values())
                total += v[card] - top - math.log(sum(math.exp(x - top) for x in v.values()))
            held[seat].discard(card)
    return total


@pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 5_000), point=st.integers(1, 35), temperature=st.sampled_from([0.5, 4.0, 20.0]),
       true_world=st.booleans())
def test_belief_weight_equals_reference(seed, point, temperature, true_world):
    initial, trace, mode, declarer, shown = played_round(seed)
    t, i, seat, hands, played, voids, _ = decision(initial, trace, point, mode)
    world = hands.copy()
    if not true_world:  # a world drawn from the seat's view
        sample_hands(seat, hands, played, voids, shown, mode, block_states(seed, 0, 1, 99)[0].copy(), world,
                     np.zeros(36, np.int64), np.zeros(36, np.int64))
    got = belief_log_weight(seat, world, trace, t, i, mode, shown, declarer, PARAMS, temperature,
                            new_net_scratch(PARAMS))
    want = ref_log_weight(seat, world, trace, t, i, mode, declarer, shown, temperature)
    assert got == pytest.approx(want, rel=1e-4, abs=1e-3 / temperature)
    assert got <= 0.0


def test_true_world_is_likelier_than_drawn_ones_on_average():
    """net's model of the other players fits the world they really held better than a random one:
    the belief weighting has something to say (a regression guard, not a statistic)."""
    gaps = []
    for seed in range(12):
        initial, trace, mode, declarer, shown = played_round(seed)
        t, i, seat, hands, played, voids, _ = decision(initial, trace, 20, mode)
        scratch = new_net_scratch(PARAMS)
        true_w = belief_log_weight(seat, hands, trace, t, i, mode, shown, declarer, PARAMS, 4.0, scratch)
        rng = block_states(seed, 0, 1, 98)[0].copy()
        world = np.zeros(4, np.uint64)
        drawn = []
        for _ in range(8):
            sample_hands(seat, hands, played, voids, shown, mode, rng, world, np.zeros(36, np.int64),
                         np.zeros(36, np.int64))
            drawn.append(belief_log_weight(seat, world, trace, t, i, mode, shown, declarer, PARAMS, 4.0, scratch))
        gaps.append(true_w - np.mean(drawn))
    assert np.mean(gaps) > 0


def redealt(hands, seat, shown, played, rng):
    """Another deal of the cards ``seat`` has not seen (each seat keeps its count and the meld cards
    it showed), ignoring voids: what the seat cannot tell apart from ``hands`` except by voids."""
    out = hands.copy()
    fixed = [int(shown[s]) & ~int(played) & int(hands[s]) for s in range(4)]
    pool = [c for s in range(4) if s != seat for c in mask_to_cards(int(hands[s]) & ~fixed[s])]
    rng.shuffle(pool)
    for s in range(4):
        if s == seat:
            continue
        n = len(mask_to_cards(int(hands[s]) & ~fixed[s]))
        out[s] = np.uint64(fixed[s] | sum(1 << c for c in pool[:n]))
        pool = pool[n:]
    return out


@pytest.mark.parametrize("seed, temperature", [(0, None), (1, 1.0), (2, None), (3, 1.0)])
def test_search_reads_only_its_view(seed, temperature):
    """The same card whoever holds the cards the searcher has not seen (same seed), at decisions
    where no seat has shown a void (a re-deal keeping every void would need the rules' solver)."""
    initial, trace, mode, declarer, shown = played_round(seed)
    params = policy_params(search_worlds=4, belief_temperature=temperature)
    rng = np.random.default_rng(seed)
    checked = 0
    for point in range(1, 24):
        t, i, seat, hands, played, voids, legal = decision(initial, trace, point, mode)
        if voids or len(legal) < 2:
            continue
        legal_mask = np.uint64(sum(1 << c for c in legal))
        cards = []
        for world in (hands, redealt(hands, seat, shown, played, rng), redealt(hands, seat, shown, played, rng)):
            cards.append(search_card(seat, legal_mask, world, trace, t, i, mode, played, voids, shown, declarer,
                                     params, block_states(seed, 0, 1, 97)[0].copy()))
        assert len(set(cards)) == 1 and cards[0] in legal
        checked += 1
    assert checked >= 2


def ref_adaptive_card(seat, legal, hands, trace, t, i, mode, played, voids, shown, declarer, params, state, most,
                      first, z):
    """Plain-Python rule of the search player's batches: the first ``size`` worlds are those that
    :func:`search_values` draws from the same random state; after each batch, stop when the best
    other card's gain over net's own is at most ``SETTLED_LOW`` or at least ``z + SETTLED_MARGIN``
    standard errors,
    else double the worlds up to ``most``; play the best card when it beats net's by ``z`` standard
    errors."""
    legal_cards = sorted(legal)
    legal_mask = np.uint64(sum(1 << c for c in legal))
    own = int(net_card(seat, legal_mask, hands, trace, t, i, mode, played, voids, shown, declarer, params,
                       new_net_scratch(params)))
    own_j = legal_cards.index(own)
    size = first
    while True:
        values, weights = np.zeros((size, len(legal))), np.zeros(size)
        search_values(seat, legal_mask, hands, trace, t, i, mode, played, voids, shown, declarer, params,
                      state.copy(), values, weights)
        means = [sum(float(weights[w] * values[w, j]) for w in range(size)) for j in range(len(legal))]
        best_j = max(range(len(legal)), key=lambda j: (means[j], -j))
        rival_j = max((j for j in range(len(legal)) if j != own_j), key=lambda j: (means[j], -j))
        diffs = values[:, rival_j] - values[:, own_j]
        gain = float(weights @ diffs)
        error = math.sqrt(float(weights @ (diffs - gain) ** 2) * float(weights @ weights))
        if size >= most or gain <= SETTLED_LOW * error or gain >= (z + SETTLED_MARGIN) * error:
            break
        size = min(2 * size, most)
    return legal_cards[best_j] if best_j != own_j and gain > z * error else own


@pytest.mark.nojit
# 40 examples of up to 16 worlds compiled; 8 of up to 8 worlds in the nojit stage, where the
# play-outs run as plain Python (seconds an example)
@settings(max_examples=8 if numba.config.DISABLE_JIT else 40, deadline=None)
@given(seed=st.integers(0, 40), point=st.integers(1, 30), temperature=st.sampled_from([0.0, 2.0]),
       confidence=st.sampled_from([0.5, 1.0, 2.0]), first=st.sampled_from([1, 2, 3, 4]))
def test_adaptive_batches_match_reference(seed, point, temperature, confidence, first):
    """The card of :func:`search_card`, whose worlds come in doubling batches, equals the plain-Python
    rule built on :func:`search_values` (same random state, so the same worlds)."""
    initial, trace, mode, declarer, shown = played_round(seed)
    t, i, seat, hands, played, voids, legal = decision(initial, trace, point, mode)
    if len(legal) < 2:
        return
    most = 8 if numba.config.DISABLE_JIT else 16
    params = policy_params(search_worlds=most, belief_temperature=temperature, search_confidence=confidence,
                           search_first_worlds=first)
    state = block_states(seed, 0, 1, 95)[0]
    got = search_card(seat, np.uint64(sum(1 << c for c in legal)), hands, trace, t, i, mode, played, voids, shown,
                      declarer, params, state.copy())
    assert got == ref_adaptive_card(seat, legal, hands, trace, t, i, mode, played, voids, shown, declarer, params,
                                    state, most, first, confidence)


def ref_equivalent(legal, hand, gone, mode):
    """Plain-Python classes of equivalent legal cards: index of the first legal card of one suit and
    the same points whose cards between them in strength are all in ``gone`` (the hand and the
    cards of earlier tricks)."""
    cards = sorted(legal)
    rep = list(range(len(cards)))
    for j, c in enumerate(cards):
        for k in range(j):
            e = cards[k]
            lo, hi = sorted((ref_card_strength(c, mode), ref_card_strength(e, mode)))
            between = {x for x in range(36) if x // 9 == c // 9 and lo < ref_card_strength(x, mode) < hi}
            if e // 9 == c // 9 and ref_card_points(e, mode) == ref_card_points(c, mode) and between <= gone:
                rep[j] = rep[k]
                break
    return rep


@pytest.mark.nojit
@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2000), point=st.integers(0, 35))
def test_equivalent_cards_match_reference(seed, point):
    initial, trace, mode, _, _ = played_round(seed, "random")
    t, i, seat, hands, played, _, legal = decision(initial, trace, point, mode)
    gone = set(mask_to_cards(hands[seat])) | {int(c) for k in range(t) for c in trace[k, 1:5]}
    rep = np.zeros(len(legal), np.int64)
    equivalent_cards(np.uint64(sum(1 << c for c in legal)), hands[seat], played, trace, t, i, mode, rep)
    assert list(rep) == ref_equivalent(legal, set(mask_to_cards(hands[seat])), gone, mode)


def test_equivalent_cards_have_the_same_double_dummy_value():
    """Cards the search plays out once for both (:func:`equivalent_cards`) are worth the same in
    exact play, in the true deal and in drawn worlds, at every decision of the last five tricks of
    whole rounds under every mode; and some are found."""
    merged = 0
    for seed in range(12):
        initial, trace, mode, declarer, shown = played_round(seed)
        rng = block_states(seed, 0, 1, 94)[0].copy()
        for point in range(16, 36):
            t, i, seat, hands, played, voids, legal = decision(initial, trace, point, mode)
            if len(legal) < 2:
                continue
            legal_mask = np.uint64(sum(1 << c for c in legal))
            rep = np.zeros(len(legal), np.int64)
            equivalent_cards(legal_mask, hands[seat], played, trace, t, i, mode, rep)
            assert all(rep[j] <= j and rep[rep[j]] == rep[j] for j in range(len(legal)))
            if (rep == np.arange(len(legal))).all():
                continue
            merged += int((rep != np.arange(len(legal))).sum())
            world, cards, types = np.zeros(4, np.uint64), np.zeros(36, np.int64), np.zeros(36, np.int64)
            for k in range(3):
                if k == 0:
                    world[:] = hands
                else:
                    sample_hands(seat, hands, played, voids, shown, mode, rng, world, cards, types)
                exact = np.zeros(36, np.int64)
                exact_differences(world, seat, trace, t, i, mode, _solver_scratch(), legal_mask, exact)
                for j in range(len(legal)):
                    assert exact[j] == exact[rep[j]], (seed, point, legal[j], legal[rep[j]])
    assert merged >= 10


def test_belief_weights_are_normalised_and_ablation_counts_worlds_the_same():
    initial, trace, mode, declarer, shown = played_round(7)
    t, i, seat, hands, played, voids, legal = decision(initial, trace, 22, mode)
    legal_mask = np.uint64(sum(1 << c for c in legal))
    for temperature, uniform in ((4.0, False), (0.0, True)):
        params = policy_params(search_worlds=6, belief_temperature=temperature)
        values, weights = np.zeros((6, len(legal))), np.zeros(6)
        search_values(seat, legal_mask, hands, trace, t, i, mode, played, voids, shown, declarer, params,
                      block_states(7, 0, 1, 96)[0].copy(), values, weights)
        assert weights.sum() == pytest.approx(1.0) and np.all(weights >= 0)
        assert np.allclose(weights, 1 / 6) == uniform


def test_same_play_on_one_and_two_threads(network_duels):
    """``search`` plays the same deals the same on one thread and on two, deal by deal: twelve blocks of
    one duplicate deal each, so that two threads really split them (a run's blocks hold 1,024 deals:
    12 deals of ``simulate`` were one block, played on one thread either way). Team A searches over
    the shipped network, team B plays it as the second network, in the duel kernel of the networks'
    duels (``network_duels``, tests/jass/players/conftest.py), which the next test compiles anyway (a
    ``simulate`` kernel for ``search`` alone was compiled for this test only, 13 CPU s: issue 50 item 8)."""
    from jass_sim.core.threads import numba_threads
    from jass_sim.jass.engine.batch import N_DUEL_STATS, new_decks, run_duel_blocks
    from jass_sim.jass.modes.choose import MODE_POLICIES
    from jass_sim.jass.players.dispatch import SEARCH, SECOND_NET
    from jass_sim.jass.players.net import NET_H1, pack_two
    from jass_sim.jass.streams import STREAMS

    rules = get_rules("chibre")
    runs, fours, mults = rules.arrays()
    params = pack_two(policy_params(search_worlds=4)[:NET_H1], None, None)
    blocks = 12
    states = block_states(3, 0, blocks, STREAMS["jass.duel"])
    results = []
    for threads in (1, 2, 1):
        acc = np.zeros((blocks, N_DUEL_STATS), np.int64)
        with numba_threads(threads):
            run_duel_blocks(network_duels.set, states.copy(), new_decks(blocks),
                            np.ones(blocks, np.int64), np.asarray(rules.modes, np.int64), MODE_POLICIES["evaluator"],
                            default_mode_params(rules), SEARCH, SECOND_NET, params, runs, fours, mults, acc)
        results.append(acc)
    np.testing.assert_array_equal(results[0], results[1])
    np.testing.assert_array_equal(results[0], results[2])
    assert (results[0][:, 0] == 1).all()  # one duplicate deal a block
    assert (results[0][:, 5] + results[0][:, 6] >= 2 * 157).all()  # both seatings' points of every deal


def test_whole_rounds_with_search_at_every_seat_are_legal():
    """Four searchers play whole rounds: every card legal under the reference rules."""
    for seed in range(2):
        initial, trace, mode, _, _ = played_round(seed, "search")
        held = [set(mask_to_cards(h)) for h in initial]
        for t in range(9):
            for k in range(4):
                seat = (trace[t, 0] + k) & 3
                card = int(trace[t, 1 + k])
                assert card in ref_legal_moves(held[seat], [int(c) for c in trace[t, 1:1 + k]], mode)
                held[seat].discard(card)
        assert not any(held)


@pytest.mark.parametrize("bad", [{"search_worlds": 0}, {"search_worlds": 5000}, {"belief_temperature": -1.0},
                                 {"search_confidence": -1.0}, {"search_first_worlds": -1},
                                 {"belief_temperature": float("nan")}])
def test_bad_search_settings_are_refused(bad):
    with pytest.raises(InputError):
        policy_params(**bad)


def test_a_bad_belief_temperature_is_named_as_the_argument_it_is():
    """Belief weighting is a Python setting (no CLI flag): the error names the keyword argument."""
    with pytest.raises(InputError, match="^belief_temperature must be 0 \\(off\\) or positive, got -2.0$"):
        policy_params(belief_temperature=-2.0)


def test_help_states_the_default_worlds():
    """``--search-worlds``'s help names the player's own default (the most worlds per decision)."""
    from jass_sim.cli import main
    from jass_sim.jass.players.net_search import SEARCH_WORLDS

    for name in ("advise", "play-advice", "review", "simulate", "duel", "replay"):
        option = next(p for p in main.commands[name].params if "--search-worlds" in p.opts)
        assert f"[default: {SEARCH_WORLDS}]" in option.help, name


def test_search_over_a_network_meets_another_network(network_duels):
    """``duel_networks(..., first_policy="search")`` (bench_search.py --previous): team A searches over
    the first network. The same network on both sides is level to the point on duplicate deals;
    search over it is not."""
    from jass_sim.jass.players.dispatch import NET, SEARCH, SECOND_NET
    from jass_sim.jass.simulate.duel import duel_networks

    level = duel_networks(None, None, 30, seed=3)
    searched = duel_networks(None, None, 30, seed=3, first_policy="search")
    assert level["mean_diff"] == 0 and searched["deals"] == 30 and searched["mean_diff"] != 0
    assert network_duels.asked == [{NET, SECOND_NET}, {SEARCH, SECOND_NET}]  # the pairs it stood in for
    assert (level["team_a"], searched["team_a"], searched["team_b"]) == ("net (first)", "search (first)",
                                                                         "net (second)")
    with pytest.raises(ValueError, match="first_policy"):
        duel_networks(None, None, 30, first_policy="heuristic")


def test_bench_search_reads_its_temperature_tokens(monkeypatch):
    """``bench_search.py --temperatures default,off,1``: every token gives a temperature that
    ``policy_params`` takes (the player's default is off, kept as a negative number inside)."""
    from pathlib import Path

    from jass_sim.jass.players import policy_params
    from jass_sim.jass.players.net_search import BELIEF_TEMPERATURE, TEMPERATURE_PARAM

    monkeypatch.syspath_prepend(str(Path(__file__).parents[3] / "benchmarks"))
    from bench_search import temperature_value

    assert [temperature_value(t) for t in ("off", " 1", "2.5")] == [0.0, 1.0, 2.5]
    default = policy_params(belief_temperature=temperature_value("default"))
    assert default[TEMPERATURE_PARAM] == (BELIEF_TEMPERATURE if BELIEF_TEMPERATURE > 0 else -1.0)
