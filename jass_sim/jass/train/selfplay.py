"""Labelled positions for training the ``net`` policy: self-play with rollout values per card.

Each deal is played out by the self-play policy at all four seats (in a tenth of the deals one
seat, drawn at random, plays random cards instead, for a wider spread of positions). The mode is
drawn uniformly from the allowed ones in half the deals and chosen by the evaluator (which may
chibre) in the other half. Up to ``per_deal`` decisions with more than one legal card are then
drawn from the round, and each legal card of such a decision gets a value: the round is played
on from there with that card and then the rollout policy at every seat, and the value is the
difference between the points the deciding team and the other team make from this trick on
(card points, last trick, and 100 for a match), averaged over ``worlds`` deals: the true deal and
``worlds - 1`` deals of the cards the player has not seen, drawn consistently with its view.

This is perfect-information Monte Carlo with rollouts instead of double-dummy solves: the
rollouts play fair (no seat sees another's cards), so the values carry no "strategy fusion".
The true deal is a sample from the deals the player cannot tell apart with their real
frequencies under the self-play policy (what the other players' cards told it included); the
drawn deals are uniform among those consistent with its view. A regression on many labelled
positions estimates the expected value of each card given the view. All cards of a decision are
valued in the same deals with the same random numbers, so their differences are paired.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, bit, copy_into, jit, lowest_bit, popcount
from jass_sim.core.rng import BLOCK_SIZE, below, block_states
from jass_sim.core.threads import block_parallel
from jass_sim.jass.engine.deal import deal_uniform
from jass_sim.jass.engine.round import play_round, play_tricks, reveal_melds
from jass_sim.jass.modes.choose import choose_mode
from jass_sim.jass.players._net_features import CANON_CARD, MAX_ACTIVE, encode_view
from jass_sim.jass.players.dispatch import RANDOM, player_set
from jass_sim.jass.players.net_search import search_settings, search_values, weighted_means
from jass_sim.jass.players.search import sample_hands
from jass_sim.jass.rules._melds import MAX_MELDS, team_melds
from jass_sim.jass.rules._tricks import legal_follow, play_card, trick_result, void_shown
from jass_sim.jass.streams import STREAMS

#: The rollout policy number that asks for the ``search`` player's values as labels.
SEARCH_TEACHER = 5

#: Columns of the ``info`` output: mode, trick, position in the trick, seat, number of legal
#: cards, 1 for a written row (0: the deal had fewer decisions to draw), and the canonical card
#: the self-play policy played there (-1 where the seat played random cards).
INFO_COLUMNS = ("mode", "trick", "position", "seat", "n_legal", "valid", "played")
MATCH_BONUS = 100


@jit
def state_at(initial, trace, t, i, mode, hands):
    """The state of a round just before card ``i`` of trick ``t``: fills ``hands`` with the
    cards still held and returns ``(played, voids, p0, p1, tricks0, led, best_card)`` (the led suit,
    -1 before the lead, and the card winning trick ``t`` so far)."""
    for s in range(4):
        hands[s] = initial[s]
    played = U64_ZERO
    voids = 0
    p0 = 0
    p1 = 0
    tricks0 = 0
    led = -1
    best_card = 0
    for tt in range(t + 1):
        leader = trace[tt, 0]
        n = 4 if tt < t else i
        led = -1  # before the lead of trick tt
        best_card = 0
        best_power = 0
        best_pos = 0
        for k in range(n):
            played, voids, led, best_card, best_power, best_pos = play_card(trace[tt, 1 + k], (leader + k) & 3, k,
                                                                            hands, played, voids, led, best_card,
                                                                            best_power, best_pos, mode)
        if tt < t:
            winner, pts = trick_result(trace, tt, best_pos, mode)
            if winner & 1:
                p1 += pts
            else:
                p0 += pts
                tricks0 += 1
    return played, voids, p0, p1, tricks0, led, best_card


@jit
def card_values(players, initial, trace, t, i, mode, declarer, shown, policies, params, rng, legal, worlds, values,
                scratch):
    """``values[c]`` (natural card numbers) for each card ``c`` of ``legal`` at card ``i`` of trick
    ``t`` of the round in ``trace`` dealt from ``initial``: the deciding team's points minus the
    other team's from trick ``t`` on, with ``c`` played and the round played on by ``policies``,
    averaged over ``worlds`` deals: the true one, then deals of the cards the player has not seen
    drawn consistently with its view (:func:`~jass_sim.jass.players.search.sample_hands`). Every card is
    played in the same deals with the same random numbers. ``scratch``: see :func:`value_scratch`.
    """
    hands, world, now, work_trace, cards, types = scratch
    seat = (trace[t, 0] + i) & 3
    team = seat & 1
    played, voids, p0, p1, tricks0, led, best_card = state_at(initial, trace, t, i, mode, hands)
    x = legal
    while x:
        values[lowest_bit(x)] = 0.0
        x &= x - U64_ONE
    saved = rng.copy()
    for w in range(worlds):
        if w == 0:
            copy_into(world, hands)
        else:
            sample_hands(seat, hands, played, voids, shown, mode, rng, world, cards, types)
        copy_into(saved, rng)
        x = legal
        while x:
            c = lowest_bit(x)
            x &= x - U64_ONE
            copy_into(now, world)
            for r in range(9):
                for k in range(6):
                    work_trace[r, k] = trace[r, k]
            work_trace[t, 1 + i] = c
            now[seat] ^= bit(c)
            v = void_shown(voids, c, seat, led, mode) if i > 0 else voids
            copy_into(rng, saved)
            q0, q1, w0 = play_tricks(players, now, mode, declarer, policies, params, rng, shown, work_trace, t, i + 1,
                                     played | bit(c), v, p0, p1, tricks0)
            diff = (q0 - p0) - (q1 - p1)
            if w0 == 9:
                diff += MATCH_BONUS
            elif w0 == 0:
                diff -= MATCH_BONUS
            values[c] += (diff if team == 0 else -diff) / worlds


@jit
def search_targets(initial, trace, t, i, mode, declarer, shown, params, rng, legal, values):
    """``values[c]`` for each card ``c`` of ``legal`` at card ``i`` of trick ``t``: the ``search``
    player's belief-weighted mean value (its team's points minus the other team's from trick ``t``
    on, over ``params``' worlds drawn from the deciding seat's view; :mod:`~jass_sim.jass.players.net_search`),
    the labels of a distillation from search."""
    hands = np.zeros(4, dtype=np.uint64)
    seat = (trace[t, 0] + i) & 3
    played, voids, _, _, _, _, _ = state_at(initial, trace, t, i, mode, hands)
    n_worlds, _ = search_settings(params)
    n_legal = popcount(legal)
    table = np.zeros((n_worlds, n_legal))
    weights = np.zeros(n_worlds)
    search_values(seat, legal, hands, trace, t, i, mode, played, voids, shown, declarer, params, rng, table, weights)
    means = weighted_means(table, weights)
    x = legal
    j = 0
    while x:
        values[lowest_bit(x)] = means[j]
        x &= x - U64_ONE
        j += 1


@jit
def value_scratch():
    """Scratch arrays for :func:`card_values`."""
    return (np.zeros(4, dtype=np.uint64), np.zeros(4, dtype=np.uint64), np.zeros(4, dtype=np.uint64),
            np.zeros((9, 6), dtype=np.int64), np.zeros(36, dtype=np.int64), np.zeros(36, dtype=np.int64))


@jit
def _selfplay_block(players, rng, count, first_row, per_deal, worlds, modes_allowed, policy, rollout_policy, params,
                    run_points, four_points, multipliers, mode_params, feats, targets, info):
    deck = np.arange(36)
    dealt = np.zeros(4, dtype=np.uint64)
    hands = np.zeros(4, dtype=np.uint64)
    now = np.zeros(4, dtype=np.uint64)
    scratch = value_scratch()
    meld_buf = np.zeros((4, MAX_MELDS, 3), dtype=np.int64)
    shown = np.zeros(4, dtype=np.uint64)
    trace = np.zeros((9, 6), dtype=np.int64)
    policies = np.zeros(4, dtype=np.int64)
    rollout = np.full(4, rollout_policy, dtype=np.int64)
    cand = np.zeros(36, dtype=np.int64)
    values = np.zeros(36)
    view = np.zeros(MAX_ACTIVE, dtype=np.int64)
    for d in range(count):
        deal_uniform(rng, deck, dealt)
        if below(rng, 2) == 0:
            mode = modes_allowed[below(rng, len(modes_allowed))]
            declarer = 0
        else:
            mode, chibred = choose_mode(1, dealt[0], dealt[2], modes_allowed, multipliers, True,
                                        mode_params, rng)
            declarer = 2 if chibred else 0
        for s in range(4):
            policies[s] = policy
        if below(rng, 10) == 0:
            policies[below(rng, 4)] = 0
        for s in range(4):
            for k in range(MAX_MELDS):
                meld_buf[s, k, 2] = 0
        meld_winner, m0, m1 = team_melds(dealt, mode, 0, run_points, four_points, meld_buf)
        reveal_melds(meld_winner, meld_buf, shown)
        copy_into(hands, dealt)
        play_round(players, hands, mode, 0, declarer, policies, params, rng, shown, trace)
        # the decisions with a choice
        n_cand = 0
        for t in range(9):
            for k in range(4):
                _, _, _, _, _, led, best_card = state_at(dealt, trace, t, k, mode, now)
                seat = (trace[t, 0] + k) & 3
                legal = now[seat] if k == 0 else legal_follow(now[seat], led, best_card, mode)
                if popcount(legal) > 1:
                    cand[n_cand] = 4 * t + k
                    n_cand += 1
        take = min(per_deal, n_cand)
        for j in range(take):  # a random draw without replacement
            r = j + below(rng, n_cand - j)
            cand[j], cand[r] = cand[r], cand[j]
        for j in range(per_deal):
            row = first_row + d * per_deal + j
            if j >= take:
                info[row, 5] = 0
                continue
            t = cand[j] // 4
            i = cand[j] % 4
            seat = (trace[t, 0] + i) & 3
            played, voids, p0, p1, tricks0, led, best_card = state_at(dealt, trace, t, i, mode, now)
            legal = now[seat] if i == 0 else legal_follow(now[seat], led, best_card, mode)
            n = encode_view(seat, now[seat], trace, t, i, mode, voids, shown, played, declarer, view)
            for a in range(MAX_ACTIVE):
                feats[row, a] = view[a] if a < n else -1
            for c in range(36):
                targets[row, c] = np.nan
            if rollout_policy == SEARCH_TEACHER:
                search_targets(dealt, trace, t, i, mode, declarer, shown, params, rng, legal, values)
            else:
                card_values(players, dealt, trace, t, i, mode, declarer, shown, rollout, params, rng, legal, worlds, values,
                            scratch)
            x = legal
            for c in range(36):
                if (x >> np.uint64(c)) & U64_ONE:
                    targets[row, CANON_CARD[mode, c]] = values[c]
            info[row, 0] = mode
            info[row, 1] = t
            info[row, 2] = i
            info[row, 3] = seat
            info[row, 4] = popcount(legal)
            info[row, 5] = 1
            info[row, 6] = CANON_CARD[mode, trace[t, 1 + i]] if policies[seat] == policy else -1


@jit
def _selfplay_blocks_range(lo, hi, players, states, counts, per_deal, worlds, modes_allowed, policy, rollout_policy, params, run_points,
                           four_points, multipliers, mode_params, feats, targets, info):
    """Play ``counts[b]`` deals in block ``b`` from RNG state ``states[b]`` and write ``per_deal``
    labelled decisions per deal from row ``b * BLOCK_SIZE * per_deal`` (see the module doc).

    ``feats[row]``: the active features (:mod:`jass_sim.jass.players._net_features`), -1 after the last;
    ``targets[row, cc]``: the value of canonical card ``cc`` (NaN for an illegal card);
    ``info[row]``: see :data:`INFO_COLUMNS`.
    """
    for b in range(lo, hi):
        _selfplay_block(players, states[b].copy(), counts[b], b * BLOCK_SIZE * per_deal, per_deal, worlds, modes_allowed,
                        policy, rollout_policy, params, run_points, four_points, multipliers, mode_params,
                        feats, targets, info)


selfplay_blocks = block_parallel(_selfplay_blocks_range, 1)

def generate_positions(deals: int, rules, policy: int, rollout_policy: int, params: np.ndarray,
                       seed: int = 0, per_deal: int = 8, worlds: int = 1, stream: int = STREAMS["jass.selfplay"]):
    """Labelled positions from ``deals`` self-play deals (see the module doc). Wraps
    :func:`selfplay_blocks`.

    Returns
    -------
    feats : numpy.ndarray
        ``int16[n, MAX_ACTIVE]`` active feature indices, -1 padded.
    targets : numpy.ndarray
        ``float32[n, 36]`` card values by canonical card, NaN for illegal cards.
    info : numpy.ndarray
        ``int8[n, 7]`` (see :data:`INFO_COLUMNS`); only rows with a decision are returned.
    """
    from jass_sim.jass.modes.weights import default_mode_params

    runs, fours, mults = rules.arrays()
    modes = np.asarray(rules.modes, dtype=np.int64)
    n_blocks = -(-deals // BLOCK_SIZE)
    counts = np.full(n_blocks, BLOCK_SIZE, dtype=np.int64)
    counts[-1] = deals - (n_blocks - 1) * BLOCK_SIZE
    states = block_states(seed, 0, n_blocks, stream)
    rows = n_blocks * BLOCK_SIZE * per_deal
    feats = np.full((rows, MAX_ACTIVE), -1, dtype=np.int16)
    targets = np.full((rows, 36), np.nan, dtype=np.float32)
    info = np.zeros((rows, len(INFO_COLUMNS)), dtype=np.int8)
    players = player_set([policy, RANDOM] + ([] if rollout_policy == SEARCH_TEACHER else [rollout_policy]))
    selfplay_blocks(players, states, counts, per_deal, worlds, modes, policy, rollout_policy, params, runs, fours, mults,
                    default_mode_params(rules), feats, targets, info)
    keep = info[:, 5] == 1
    return feats[keep], targets[keep], info[keep]
