"""The Differenzler over sampled worlds, compiled: the play-out from a position, the ``search``
player and the kernel behind ``differenzler play-advice`` (issue 52 items 2 and 4).

A *world* is a deal of the cards a seat has not seen to the other three seats, consistent with what
it has seen (:func:`sample_world`): its hand, the cards played, each seat's number of cards, the
voids shown by refusals to follow (a trump void leaves the Buur possible, as chibre's rules say) and
the trump card, which stays in the dealer's hand until it is played. The sampler is chibre's
(:func:`jass_sim.jass.players.search.sample_hands`), told the trump card as a shown card of the
dealer's.

The value of a card in a world is the seat's penalty at the end of the round (``|number - made|``
less the exact bonus on an exact hit) when it plays that card now and every seat then plays by the
rule players (:func:`play_out`); the numbers of the other seats are the ones it knows (given, or
announced openly) or else the fast announcer's on the world's hands as they were dealt (the cards
they hold in the world and the cards they have played). Every card of a world starts from the same
random numbers (common random numbers), so the cards are compared paired.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit, lowest_bit, popcount
from jass_sim.core.rng import next_u64
from jass_sim.core.threads import block_parallel
from jass_sim.jass.differenzler._announce import announce
from jass_sim.jass.differenzler._players import NUMBER, NUMBER_OPEN, diff_card, diff_card_open
from jass_sim.jass.players.search import sample_hands
from jass_sim.jass.rules._tricks import legal_follow, play_card, trick_step, trick_taken

#: Worlds the ``search`` player samples per decision (each legal card is played out in each).
SEARCH_WORLDS = 16
_N_CARDS = 36


@jit(inline="always")
def _penalty(bid, made, bonus):
    p = bid - made if bid >= made else made - bid
    if bid == made:
        p -= bonus
    return p


@jit
def played_by(trace, t, n_in, seat):
    """The cards ``seat`` has played in the tricks before ``t`` and the first ``n_in`` cards of
    trick ``t`` of ``trace`` (uint64 mask)."""
    m = U64_ZERO
    for tt in range(t + 1):
        n = 4 if tt < t else n_in
        for i in range(n):
            if (trace[tt, 0] + i) & 3 == seat:
                m |= U64_ONE << np.uint64(trace[tt, 1 + i])
    return m


@jit
def sample_world(seat, hands, played, voids, dealer, trump_card, trump, rng, world, cards, types):
    """Deal into ``world`` (uint64[4]) the cards ``seat`` has not seen, consistently with its view.

    Of the other seats' ``hands`` only the number of cards is read (their popcount), so a caller
    may pass filler bits above card 35 for them. ``seat`` holds ``hands[seat]``; the dealer holds
    ``trump_card`` while it is not in ``played`` (when ``seat`` is not the dealer).
    """
    view = np.zeros(4, dtype=np.uint64)
    shown = np.zeros(4, dtype=np.uint64)
    tc = U64_ONE << np.uint64(trump_card)
    for s in range(4):
        if s == seat:
            view[s] = hands[s]
            continue
        n = popcount(hands[s])
        v = U64_ZERO
        if s == dealer and played & tc == U64_ZERO:
            v = tc
            shown[s] = tc
            n -= 1
        for k in range(n):
            v |= U64_ONE << np.uint64(_N_CARDS + k)
        view[s] = v
    sample_hands(seat, view, played, voids, shown, trump, rng, world, cards, types)


@jit
def world_bids(world, trace, t, n_in, trump, dealer, known, coef, out):
    """The four numbers in a world: ``known[s]`` where it is >= 0, else the fast announcer's on
    seat ``s``'s dealt hand in the world (its cards now and the cards it has played)."""
    for s in range(4):
        if known[s] >= 0:
            out[s] = known[s]
        else:
            dealt = world[s] | played_by(trace, t, n_in, s)
            out[s] = announce(dealt, trump, (s - dealer - 1) & 3, coef)


@jit
def play_out(hands, trump, trace, t, n_in, played, voids, made, bids, first_card, policies, rng):
    """Play the round on from trick ``t`` with ``n_in`` cards in it: the seat to play plays
    ``first_card`` (if >= 0), then every seat by the rule player ``policies[seat]`` to its number
    ``bids[seat]`` (a ``number-open`` seat reads every seat's number in ``bids``). ``hands``
    (natural masks), ``trace`` (the round so far, as the round kernel's) and ``made`` (each seat's
    points so far) are modified; at the end ``made`` holds the points of the whole round."""
    led = -1
    best_card = 0
    best_power = 0
    best_pos = 0
    for i in range(n_in):
        led, best_card, best_power, best_pos = trick_step(trace[t, 1 + i], i, led, best_card, best_power, best_pos,
                                                          trump)
    forced = first_card
    needs = np.zeros(4, dtype=np.int64)
    while t < 9:
        seat = (trace[t, 0] + n_in) & 3
        hand = hands[seat]
        if forced >= 0:
            card = forced
            forced = -1
        else:
            legal = hand if n_in == 0 else legal_follow(hand, led, best_card, trump)
            if policies[seat] == NUMBER_OPEN:
                for s in range(4):
                    needs[s] = bids[s] - made[s]
                card = diff_card_open(np.int64(NUMBER_OPEN), seat, legal, hand, trace[t, 1:5], n_in, trump, played,
                                      voids, needs, rng)
            else:
                card = diff_card(policies[seat], seat, legal, hand, trace[t, 1:5], n_in, trump, played, voids,
                                 bids[seat] - made[seat], rng)
        trace[t, 1 + n_in] = card
        played, voids, led, best_card, best_power, best_pos = play_card(card, seat, n_in, hands, played, voids, led,
                                                                        best_card, best_power, best_pos, trump)
        n_in += 1
        if n_in == 4:
            winner, pts = trick_taken(trace, t, best_pos, trump)
            made[winner] += pts
            t += 1
            n_in = 0


@jit
def card_penalties(seat, world, trump, trace, t, n_in, played, voids, made, bids, candidates, policies, bonus, rng,
                   out):
    """``out[j]``: ``seat``'s penalty when it plays ``candidates[j]`` now in ``world`` and every
    seat then plays by ``policies`` (:func:`play_out`); every candidate from the same random numbers."""
    hands = np.zeros(4, dtype=np.uint64)
    tr = np.zeros((9, 6), dtype=np.int64)
    mm = np.zeros(4, dtype=np.int64)
    seed = np.zeros(4, dtype=np.uint64)
    prng = np.zeros(4, dtype=np.uint64)
    for k in range(4):
        seed[k] = next_u64(rng)
    for j in range(len(candidates)):
        for s in range(4):
            hands[s] = world[s]
            mm[s] = made[s]
            prng[s] = seed[s]
        tr[:, :] = trace
        play_out(hands, trump, tr, t, n_in, played, voids, mm, bids, candidates[j], policies, prng)
        out[j] = _penalty(bids[seat], mm[seat], bonus)


@jit
def search_card(seat, legal, hands, trace, t, n_in, trump, played, voids, made, known, dealer, trump_card, coef,
                bonus, n_worlds, rng):
    """The ``search`` player: the legal card of ``seat`` with the least total penalty over
    ``n_worlds`` worlds sampled from its view, each card played out by the ``number`` players
    (ties to the lower card number). ``known``: the numbers it knows (its own; the others' when
    announced openly), -1 for a number it does not know (then the fast announcer's in each world)."""
    n = popcount(legal)
    if n == 1:
        return lowest_bit(legal)
    candidates = np.zeros(n, dtype=np.int64)
    m = legal
    for j in range(n):
        candidates[j] = lowest_bit(m)
        m &= m - U64_ONE
    policies = np.full(4, NUMBER, dtype=np.int64)
    world = np.zeros(4, dtype=np.uint64)
    cards = np.zeros(_N_CARDS, dtype=np.int64)
    types = np.zeros(_N_CARDS, dtype=np.int64)
    bids = np.zeros(4, dtype=np.int64)
    vals = np.zeros(n, dtype=np.int64)
    total = np.zeros(n, dtype=np.int64)
    for _ in range(n_worlds):
        sample_world(seat, hands, played, voids, dealer, trump_card, trump, rng, world, cards, types)
        world_bids(world, trace, t, n_in, trump, dealer, known, coef, bids)
        card_penalties(seat, world, trump, trace, t, n_in, played, voids, made, bids, candidates, policies, bonus, rng,
                       vals)
        for j in range(n):
            total[j] += vals[j]
    best = 0
    for j in range(1, n):
        if total[j] < total[best]:
            best = j
    return candidates[best]


@jit
def _advice_range(lo, hi, states, counts, offsets, seat, hands, trace, t, n_in, played, voids, made, known, dealer,
                  trump_card, trump, coef, candidates, policies, bonus, out):
    """``out[s, j]``: the penalty of ``seat`` when it plays ``candidates[j]`` in world
    ``s = offsets[b] + i`` of block ``b`` (``counts[b]`` worlds from random stream ``states[b]``)."""
    world = np.zeros(4, dtype=np.uint64)
    cards = np.zeros(_N_CARDS, dtype=np.int64)
    types = np.zeros(_N_CARDS, dtype=np.int64)
    bids = np.zeros(4, dtype=np.int64)
    vals = np.zeros(len(candidates), dtype=np.int64)
    for b in range(lo, hi):
        rng = states[b].copy()
        for i in range(counts[b]):
            s = offsets[b] + i
            sample_world(seat, hands, played, voids, dealer, trump_card, trump, rng, world, cards, types)
            world_bids(world, trace, t, n_in, trump, dealer, known, coef, bids)
            card_penalties(seat, world, trump, trace, t, n_in, played, voids, made, bids, candidates, policies, bonus,
                           rng, vals)
            for j in range(len(candidates)):
                out[s, j] = vals[j]


#: The parallel form of :func:`_advice_range` over the blocks of its ``states`` argument.
advice_blocks = block_parallel(_advice_range, 0)
