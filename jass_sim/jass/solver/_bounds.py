"""Bounds of a double-dummy position's value (power layout, see :mod:`._tables`; the value as in
:mod:`._search`): the points still to be won, and the points a team surely wins from the current
trick on (a decided trick, a team's top trumps, the cards the leader can cash). The search cuts
on them before it tries a card (:func:`node_bounds`), and ``mtd`` starts its bisection from them.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit, popcount
from jass_sim.jass.rules.presets import LAST_TRICK_BONUS
from jass_sim.jass.solver._play import _SUIT9, MATCH_HALF, _bit, legal_p, top_of_suit
from jass_sim.jass.solver._tables import KIND, KIND_POINTS, PPTS, PSUM, SUITM


def _low_sums():
    """``[kind, live9, j]``: points of the ``j`` cheapest cards of a suit's 9-bit mask."""
    out = np.zeros((4, 512, 10), dtype=np.int16)
    for kd in range(4):
        for m in range(512):
            pts = sorted(int(KIND_POINTS[kd, p]) for p in range(9) if m >> p & 1)
            for j in range(10):
                out[kd, m, j] = sum(pts[:j])
    return out


_LOWSUM = _low_sums()


@jit(inline="always")
def _can_beat(hand, led, best, trump):
    """Whether ``hand`` (the next seat) has a legal card that beats ``best``; checked against the
    step by ``tests/jass/solver/test_layout_vs_step.py::test_legal_p_is_the_step``."""
    legal = legal_p(hand, led, best, trump)
    s = best // 9
    beat = SUITM[s] & ~((_bit(best) << U64_ONE) - U64_ONE)
    if trump >= 0 and s != trump:
        beat |= SUITM[trump]
    return (legal & beat) != U64_ZERO


@jit(inline="always")
def points_of(mask, mode):
    """Card points of a power-layout mask; checked against the step's ``POINTS`` by
    ``tests/jass/solver/test_layout_vs_step.py::test_points_are_the_step``."""
    total = 0
    for s in range(4):
        total += PSUM[KIND[mode, s], np.int64((mask >> np.uint64(9 * s)) & _SUIT9)]
    return total


@jit(inline="always")
def _ruffable(hs, seat, s, trump):
    """Whether an opponent of ``seat`` is void in suit ``s`` and holds a trump."""
    for i in (1, 3):
        h = hs[(seat + i) & 3]
        if (h & SUITM[s]) == U64_ZERO and (h & SUITM[trump]) != U64_ZERO:
            return True
    return False


@jit(forceinline=True)
def _decided(hs, k, leader, led, best, bseat, trump):
    """Whether no opponent of ``bseat`` still to play in the current trick (``k`` >= 1 cards in
    it) can beat ``best``: the trick then goes to ``bseat``'s team (a partner who still plays
    may overtake, but with a card those opponents cannot beat either)."""
    for i in range(k, 4):
        s = (leader + i) & 3
        if (s ^ bseat) & 1 and _can_beat(hs[s], led, best, trump):
            return False
    return True


@jit(forceinline=True)
def _forced_points(hs, k, leader, led, best, bseat, mode, trump):
    """Points that the opponents of ``bseat`` still to play in the trick add at the least: each
    its cheapest legal card (a card that takes the lead later only narrows the legal cards).
    These are never among their team's top trumps (else they could beat ``best``)."""
    total = 0
    for i in range(k, 4):
        seat = (leader + i) & 3
        if (seat ^ bseat) & 1:
            legal = legal_p(hs[seat], led, best, trump)
            low = 1000
            for s in range(4):
                m = np.int64((legal >> np.uint64(9 * s)) & _SUIT9)
                if m != 0:
                    low = min(low, np.int64(_LOWSUM[KIND[mode, s], m, 1]))
            total += low
    return total


@jit(inline="always")
def _masters(own, others, s):
    """The cards of ``own`` in suit ``s`` above every card of ``others`` in that suit."""
    w = own & SUITM[s]
    o = others & SUITM[s]
    if o != U64_ZERO:
        w &= ~((_bit(top_of_suit(o, s)) << U64_ONE) - U64_ONE)
    return w


@jit(forceinline=True)
def _cashable(hs, live, seat, mode, trump):
    """``(points, count, trump_points)`` of the cards ``seat`` can cash from the top on the
    lead: in each suit its cards above every other live card of the suit (``trump_points``: the
    points of its own trumps among them). In trump modes a plain suit counts only when the
    opponents cannot ruff: they hold no trump once the leader has drawn them with its top trumps
    (they must follow trump; neither can keep the Buur back, it is not theirs)."""
    own = hs[seat]
    others = live & ~own
    ruff = False
    if trump >= 0:
        draws = popcount(_masters(own, others, trump))
        ruff = popcount(hs[(seat + 1) & 3] & SUITM[trump]) > draws \
            or popcount(hs[(seat + 3) & 3] & SUITM[trump]) > draws
    pts = 0
    n = 0
    trump_pts = 0
    for s in range(4):
        if ruff and s != trump:
            continue
        w = _masters(own, others, s)
        if w != U64_ZERO:
            kd = KIND[mode, s]
            sh = np.uint64(9 * s)
            own_pts = PSUM[kd, np.int64((w >> sh) & _SUIT9)]
            pts += own_pts
            if s == trump:
                trump_pts = own_pts
            m = popcount(w)
            n += m
            # the others follow suit while they can: at least their cheapest cards of the suit
            # (the opponents must; partner's trumps may be among the team's top trumps)
            for i in range(1, 4):
                if i != 2 or s != trump:
                    x = np.int64((hs[(seat + i) & 3] >> sh) & _SUIT9)
                    pts += _LOWSUM[kd, x, min(m, popcount(np.uint64(x)))]
    return pts, n, trump_pts


@jit(forceinline=True)
def node_bounds(hs, live, tm, mode, trump, tpts, flag, stop, k, leader, led, best, bseat):
    """``(lo, hi)`` bounds of the value: nothing is lost below 0 and nothing beyond all the
    points left. Sure points of a team (when searching to the end): the current trick when no
    seat still to play can beat it; in trump modes the top trumps held by one team (above the
    trumps in the trick, unless that team takes the trick anyway); at a trick boundary the cards
    the leader can cash from the top (all the rest if they are all its cards). A team with a sure
    trick cannot be matched."""
    total = tpts + points_of(live, mode) + LAST_TRICK_BONUS
    pts0 = 0
    pts1 = 0
    sure0 = False
    sure1 = False
    if stop == 0:
        win = -1  # team that surely takes the current trick
        if k > 0 and _decided(hs, k, leader, led, best, bseat, trump):
            win = bseat & 1
            won = tpts + _forced_points(hs, k, leader, led, best, bseat, mode, trump)
            if win == 0:
                pts0 = won
                sure0 = True
            else:
                pts1 = won
                sure1 = True
        if trump >= 0:
            tr = live & SUITM[trump]
            if tr != U64_ZERO:
                # a top trump below a trump of the trick may have to be thrown into it
                ttop = top_of_suit(tm, trump)
                team0 = hs[0] | hs[2]
                top = top_of_suit(tr, trump)
                x = 1 - np.int64((team0 >> np.uint64(top)) & U64_ONE)
                while tr != U64_ZERO:
                    top = top_of_suit(tr, trump)
                    if 1 - np.int64((team0 >> np.uint64(top)) & U64_ONE) != x:
                        break
                    if top < ttop and win != x:
                        break
                    if x == 0:
                        pts0 += PPTS[trump, top]
                        sure0 = True
                    else:
                        pts1 += PPTS[trump, top]
                        sure1 = True
                    tr ^= _bit(top)
        if k == 0 and hs[leader] != U64_ZERO:
            x = leader & 1
            cp, cn, own_trumps = _cashable(hs, live, leader, mode, trump)
            if cn == popcount(hs[leader]):  # the leader takes every trick
                if x == 0:
                    return total + (MATCH_HALF if flag & 1 else 0), \
                        total + (MATCH_HALF if flag & 1 else 0)
                return -MATCH_HALF if flag & 2 else 0, -MATCH_HALF if flag & 2 else 0
            if cn > 0:
                # cashed plain winners and the team's top trumps are different cards (the
                # leader's top trumps are among the latter)
                cp -= own_trumps
                if x == 0:
                    pts0 += cp
                    sure0 = True
                else:
                    pts1 += cp
                    sure1 = True
    lo = pts0 if sure0 else (-MATCH_HALF if flag & 2 else 0)
    hi = total - pts1 if sure1 else total + (MATCH_HALF if flag & 1 else 0)
    return lo, hi


@jit
def value_bounds(hs, mode, tpts, flag):
    """Static ``(lo, hi)`` bounds of a position's value (no trick cards needed: they only
    tighten the bounds through :func:`node_bounds`)."""
    live = hs[0] | hs[1] | hs[2] | hs[3]
    lo = -MATCH_HALF if flag & 2 else 0
    hi = tpts + points_of(live, mode) + LAST_TRICK_BONUS + (MATCH_HALF if flag & 1 else 0)
    return lo, hi
