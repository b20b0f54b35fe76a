"""Card-play policies built on the solver: ``dd`` (double dummy) and ``pimc``.

``params`` (float64 array of the policy call; missing entries take the defaults):

* ``params[0]``: PIMC samples per decision (default :data:`PIMC_SAMPLES`).
* ``params[1]``: horizon in tricks: 0 takes the default (:data:`DD_HORIZON`,
  :data:`PIMC_HORIZON`), a negative value solves to the end of the round (exact double dummy:
  seconds to minutes per decision in the first tricks, see benchmarks/RESULTS.md), ``H > 0``
  solves the current trick and the next ``H - 1`` tricks only (the points of later tricks count
  0) while more than ``H`` tricks remain, and to the end once ``H`` or fewer remain.
* ``params[2]``: search-node budget per solve (0: none); a solve that runs out counts every card
  as equal (the decision then falls to the lowest card of the best ones solved so far).

Both players optimise the card points of the remaining tricks and the 5 of the last trick; the
policy inputs do not say who won the earlier tricks, so the match bonus is left out.
Ties go to the lowest card number.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit, lowest_bit, popcount
from jass_sim.core.rng import below
from jass_sim.jass.rules._tricks import may_hold
from jass_sim.jass.rules.presets import LAST_TRICK_BONUS
from jass_sim.jass.solver._bounds import points_of
from jass_sim.jass.solver._play import INF, beats_p
from jass_sim.jass.solver._search import FRAME_COLS, FU_COLS, move_values, mtd
from jass_sim.jass.solver._tables import PPTS, TO_POWER
from jass_sim.jass.solver._transposition import TT_ROWS

#: Defaults: PIMC samples per decision; horizons in tricks. Full-deal solves take 0.1 s to
#: minutes each (benchmarks/RESULTS.md), so by default both players look 3 tricks ahead and
#: solve exactly once 3 tricks are left; ``params[1] = -1`` makes them exact from the first card.
PIMC_SAMPLES = 8
PIMC_HORIZON = 3
DD_HORIZON = 3
TT_LOG2 = 16


@jit(inline="always")
def _param(params, i, default):
    return params[i] if params.shape[0] > i and params[i] > 0 else default


@jit(inline="always")
def _horizon(params, default):
    h = params[1] if params.shape[0] > 1 else 0.0
    if h == 0:
        return np.int64(default)
    return np.int64(h) if h > 0 else np.int64(0)


@jit
def _to_power(mask, mode):
    out = U64_ZERO
    x = mask
    while x != U64_ZERO:
        c = lowest_bit(x)
        x &= x - U64_ONE
        out |= U64_ONE << np.uint64(TO_POWER[mode, c])
    return out


@jit
def _trick_state(seat, trick, n_in_trick, mode):
    """``(leader, led, best, bseat, tpts, tm)`` of the current trick in the power layout."""
    trump = mode if mode < 4 else -1
    leader = (seat - n_in_trick) & 3
    led = -1
    best = 0
    bseat = 0
    tpts = 0
    tm = U64_ZERO
    for i in range(n_in_trick):
        c = TO_POWER[mode, trick[i]]
        tm |= U64_ONE << np.uint64(c)
        tpts += PPTS[mode, c]
        if i == 0:
            led = c // 9
            best = c
            bseat = leader
        elif beats_p(c, best, trump):
            best = c
            bseat = (leader + i) & 3
    return leader, led, best, bseat, tpts, tm


#: int64 constants for the solver's arguments (see :func:`solve_rest`).
_I0 = np.int64(0)
_I_NONE = np.int64(-1)
_I78 = np.int64(78)


@jit(inline="always")
def _exact_search(st):
    """Reset the search counters of ``st`` for an exact search to the end of the round, no node
    budget (see :mod:`jass_sim.jass.solver._search`)."""
    st[0] = 0
    st[2] = 0
    st[3] = 0
    st[14] = 0
    st[15] = 0


@jit
def solve_rest(hands, mode, leader, won0, won1, hs, tt, st, fr, fu):
    """Solve the rest of the round exactly from a trick boundary (natural ``hands``, ``uint64[4]``;
    team 0 has won ``won0`` tricks so far, team 1 ``won1``). Returns ``(value, rem, flag)``: the
    solver's value (team 0's points, a match as +-``MATCH_HALF``, see
    :mod:`jass_sim.jass.solver._search`), the points left and the match flag."""
    for s in range(4):
        hs[s] = _to_power(hands[s], mode)
    flag = (1 if won1 == 0 else 0) | (2 if won0 == 0 else 0)
    rem = points_of(hs[0] | hs[1] | hs[2] | hs[3], mode) + LAST_TRICK_BONUS
    _exact_search(st)
    # the constants as int64, not literals: a literal argument compiles the solver once more (for
    # Literal[int](0)) beside the specialisation every other caller uses
    return mtd(hs, tt, st, fr, fu, mode, leader, _I0, _I_NONE, _I0, _I0, _I0, U64_ZERO, flag, rem // 2), rem, flag


@jit
def solve_moves(world, mode, seat, trick, n_in, won0, won1, hs, tt, st, fr, fu, pout):
    """Exact value of every legal card of ``seat`` in ``world`` (natural cards) with the first
    ``n_in`` cards of ``trick`` played: fills ``pout`` (power layout, as
    :func:`~jass_sim.jass.solver._search.move_values`) and returns ``(rem, flag)`` as
    :func:`solve_rest` (the points left include the cards already in the trick)."""
    for s in range(4):
        hs[s] = _to_power(world[s], mode)
    leader, led, best, bseat, tpts, tm = _trick_state(seat, trick, n_in, mode)
    flag = (1 if won1 == 0 else 0) | (2 if won0 == 0 else 0)
    rem = tpts + points_of(hs[0] | hs[1] | hs[2] | hs[3], mode) + LAST_TRICK_BONUS
    _exact_search(st)
    move_values(hs, tt, st, fr, fu, mode, leader, n_in, led, best, bseat, tpts, tm, flag, rem // 2, pout)
    return rem, flag


@jit
def _stop(hs, leader, n_in_trick, horizon):
    n_start = popcount(hs[leader]) + (1 if n_in_trick > 0 else 0)
    return max(0, n_start - horizon) if horizon > 0 else 0


@jit
def _solve_moves(hs, mode, leader, n_in_trick, led, best, bseat, tpts, tm, horizon, budget, tt, st,
                 fr, fu, out):
    st[0] = 0
    st[2] = 0
    st[3] = _stop(hs, leader, n_in_trick, horizon)
    st[14] = budget
    st[15] = 0
    return move_values(hs, tt, st, fr, fu, mode, leader, n_in_trick, led, best, bseat, tpts, tm,
                       _I0, _I78, out)


@jit
def _scratch():
    """A fresh table and search scratch for one decision: ``(tt, st, fr, fu, out)``."""
    st = np.zeros(16, dtype=np.int64)
    st[1] = 1
    return (np.zeros((1 << TT_LOG2, TT_ROWS), dtype=np.uint64), st, np.zeros((42, FRAME_COLS), dtype=np.int64),
            np.zeros((38, FU_COLS), dtype=np.uint64), np.zeros(36, dtype=np.int64))


@jit
def dd_card(seat, legal, hands, trick, n_in_trick, mode, params):
    """The ``dd`` policy: the legal card of best double-dummy value (all hands seen), within the
    horizon ``params[1]`` (default :data:`DD_HORIZON` tricks; -1: to the end of the round)."""
    horizon = _horizon(params, DD_HORIZON)
    budget = np.int64(_param(params, 2, 0))
    hs = np.zeros(4, dtype=np.uint64)
    for s in range(4):
        hs[s] = _to_power(hands[s], mode)
    leader, led, best, bseat, tpts, tm = _trick_state(seat, trick, n_in_trick, mode)
    tt, st, fr, fu, out = _scratch()
    _solve_moves(hs, mode, leader, n_in_trick, led, best, bseat, tpts, tm, horizon, budget, tt, st,
                 fr, fu, out)
    return _pick(legal, out, seat, mode)


@jit
def _pick(legal, score, seat, mode):
    """Lowest natural card of ``legal`` with the best ``score`` (power layout, team 0's value)."""
    best_card = -1
    best_v = 0
    for c in range(36):
        if (legal >> np.uint64(c)) & U64_ONE:
            v = score[TO_POWER[mode, c]]
            if v <= -INF:
                v = 0
            if seat & 1:
                v = -v
            if best_card < 0 or v > best_v:
                best_card = c
                best_v = v
    return best_card


@jit
def _feasible(cnt, cap):
    """Hall's condition: the cards left (``cnt[t]`` of allowed-seat set ``t``, 3 bits) fit the
    capacities ``cap`` of the three unseen seats."""
    for sub in range(1, 8):
        need = 0
        for t in range(1, 8):
            if (t & ~sub) == 0:
                need += cnt[t]
        room = 0
        for j in range(3):
            if sub >> j & 1:
                room += cap[j]
        if need > room:
            return False
    return True


@jit
def sample_hands(seat, hands, played, voids, shown, mode, rng, out, cards, types):
    """Deal the cards ``seat`` has not seen to the other three seats, consistently with what it
    has seen: its own hand, the cards played, each seat's number of cards, the voids shown by
    not following suit (a trump void leaves the Buur possible), and the meld cards shown and not
    yet played. ``out`` (uint64[4], natural cards) receives the deal. Cards are taken in random
    order; each goes to an allowed seat drawn in proportion to its free places among the seats
    that keep the rest of the deal possible (Hall's condition).
    """
    others = np.zeros(3, dtype=np.int64)
    cap = np.zeros(3, dtype=np.int64)
    cnt = np.zeros(8, dtype=np.int64)
    known = hands[seat] | played
    for j in range(3):
        s = (seat + 1 + j) & 3
        others[j] = s
        fixed = shown[s] & ~played & hands[s]
        out[s] = fixed
        known |= fixed
        cap[j] = popcount(hands[s]) - popcount(fixed)
    out[seat] = hands[seat]
    unknown = ~known & np.uint64((1 << 36) - 1)
    n = 0
    x = unknown
    while x != U64_ZERO:
        c = lowest_bit(x)
        x &= x - U64_ONE
        t = 0
        for j in range(3):
            s = others[j]
            if may_hold(voids, s, c, mode):
                t |= 1 << j
        cards[n] = c
        types[n] = t
        cnt[t] += 1
        n += 1
    # random order (Fisher-Yates)
    for i in range(n - 1, 0, -1):
        j = below(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
        types[i], types[j] = types[j], types[i]
    w = np.zeros(3, dtype=np.int64)
    for i in range(n):
        c = cards[i]
        t = types[i]
        cnt[t] -= 1
        total = 0
        for j in range(3):
            w[j] = cap[j] if (t >> j) & 1 else 0
            total += w[j]
        while True:
            if total == 0:  # cannot happen with consistent information
                for j in range(3):
                    if cap[j] > 0:
                        w[j] = 1
                        total = 1
                        break
            r = below(rng, total)
            j = 0
            while r >= w[j]:
                r -= w[j]
                j += 1
            cap[j] -= 1
            if _feasible(cnt, cap) or total == w[j]:
                break
            cap[j] += 1
            total -= w[j]
            w[j] = 0
        out[others[j]] |= U64_ONE << np.uint64(c)


@jit
def pimc_card(seat, legal, hands, trick, n_in_trick, mode, played, voids, shown, params, rng):
    """The ``pimc`` policy: the legal card with the best mean double-dummy value over
    ``params[0]`` deals of the unseen cards sampled by :func:`sample_hands`."""
    if popcount(legal) == 1:
        return lowest_bit(legal)
    samples = np.int64(_param(params, 0, PIMC_SAMPLES))
    horizon = _horizon(params, PIMC_HORIZON)
    budget = np.int64(_param(params, 2, 0))
    leader, led, best, bseat, tpts, tm = _trick_state(seat, trick, n_in_trick, mode)
    tt, st, fr, fu, out = _scratch()
    total = np.zeros(36, dtype=np.int64)
    deal = np.zeros(4, dtype=np.uint64)
    hs = np.zeros(4, dtype=np.uint64)
    cards = np.zeros(36, dtype=np.int64)
    types = np.zeros(36, dtype=np.int64)
    for _ in range(samples):
        sample_hands(seat, hands, played, voids, shown, mode, rng, deal, cards, types)
        for s in range(4):
            hs[s] = _to_power(deal[s], mode)
        _solve_moves(hs, mode, leader, n_in_trick, led, best, bseat, tpts, tm, horizon, budget, tt,
                     st, fr, fu, out)
        if st[15] == 0:
            for c in range(36):
                if out[c] > -INF:
                    total[c] += out[c]
    return _pick(legal, total, seat, mode)
