"""Card play in the solver's power layout (see :mod:`._tables`): the rules of a trick as bit
operations, shared by the general search (:mod:`._search`), its bounds (:mod:`._bounds`) and the
endgame loops (:mod:`._endgame`).

The rules themselves live in the Jass step, :mod:`jass_sim.jass.rules._tricks`; the functions here
restate them for the power layout, where beating and undertrumping are bit ranges, for speed. Each
is checked against the step exhaustively (every mode x led suit x winning card x card or hand
pattern that matters) by ``tests/jass/solver/test_layout_vs_step.py``.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit, lowest_bit
from jass_sim.core.jit import bit as _bit
from jass_sim.jass.rules.presets import LAST_TRICK_BONUS
from jass_sim.jass.solver._tables import PPTS, SUITM

INF = 1 << 20
MATCH_HALF = 50          # the 100 match bonus, in the value's half-difference units
_SUIT9 = np.uint64(511)


@jit(inline="always")
def beats_p(card, best, trump):
    """Whether power-layout ``card`` takes the trick from ``best`` (``trump`` -1: none).

    The step's ``trick_step`` in this layout: checked exhaustively by
    ``tests/jass/solver/test_layout_vs_step.py::test_beats_p_is_the_step``."""
    cs = card // 9
    bs = best // 9
    if cs == bs:
        return card > best
    return cs == trump


@jit(inline="always")
def legal_p(hand, led, best, trump):
    """Legal cards of ``hand`` (power layout); ``led`` -1 on the lead, ``best`` the winning card.

    The step's ``legal_cards`` in this layout: checked exhaustively by
    ``tests/jass/solver/test_layout_vs_step.py::test_legal_p_is_the_step``."""
    if led < 0:
        return hand
    follow = hand & SUITM[led]
    if trump < 0:
        return follow if follow != U64_ZERO else hand
    trumps = hand & SUITM[trump]
    if led == trump:
        if trumps == U64_ZERO or trumps == _bit(trump * 9 + 8):
            return hand
        return trumps
    allowed = (follow | trumps) if follow != U64_ZERO else hand
    if trumps != hand and best // 9 == trump:
        allowed &= ~(SUITM[trump] & (_bit(best) - U64_ONE))
    return allowed


@jit(inline="always")
def take_p(card, seat, best, bseat, trump):
    """``(best, bseat)``, the winning card of a trick and its seat, after ``seat`` plays ``card``
    (not the lead): the one winner chain of the solver, the step's ``trick_step`` in this layout
    (checked by ``tests/jass/solver/test_layout_vs_step.py::test_take_p_is_the_step``)."""
    if beats_p(card, best, trump):
        return card, seat
    return best, bseat


_HIGH9 = np.array([max((b for b in range(9) if x >> b & 1), default=-1) for x in range(512)],
                  dtype=np.int64)


@jit(inline="always")
def top_of_suit(mask, s):
    """Highest card of suit ``s`` in ``mask`` (-1 if none)."""
    h = _HIGH9[np.int64((mask >> np.uint64(9 * s)) & _SUIT9)]
    return h + 9 * s if h >= 0 else -1


@jit(inline="always")
def _top_card(x):
    """Highest card of a non-empty mask."""
    for s in range(3, -1, -1):
        h = _HIGH9[np.int64((x >> np.uint64(9 * s)) & _SUIT9)]
        if h >= 0:
            return 9 * s + h
    return -1


@jit(inline="always")
def _first_cards(legal, allin, mode):
    """``legal`` without the cards equivalent to the next higher card of their suit (no card of
    ``allin`` between them, same points, also legal): one card of each equivalence class."""
    out = legal
    x = legal
    while x != U64_ZERO:
        c = lowest_bit(x)
        x &= x - U64_ONE
        above = allin & SUITM[c // 9] & ~((_bit(c) << U64_ONE) - U64_ONE)
        if above != U64_ZERO:
            nh = lowest_bit(above)
            if (legal >> np.uint64(nh)) & U64_ONE and PPTS[mode, nh] == PPTS[mode, c]:
                out ^= _bit(c)
    return out


@jit(inline="always")
def _last_trick(hs, mode, trump, leader, flag):
    """Value of the forced last trick (one card in each hand); checked against the step's
    ``trick_winner`` and ``trick_points`` by
    ``tests/jass/solver/test_layout_vs_step.py::test_last_trick_is_the_step``."""
    b = lowest_bit(hs[leader])
    bs = leader
    pts = PPTS[mode, b] + LAST_TRICK_BONUS
    for i in range(1, 4):
        s = (leader + i) & 3
        c = lowest_bit(hs[s])
        pts += PPTS[mode, c]
        b, bs = take_p(c, s, b, bs, trump)
    if bs & 1:
        return -MATCH_HALF if flag & 2 else 0
    return pts + MATCH_HALF if flag & 1 else pts


@jit(inline="always")
def _better(v, w, seat):
    """The value ``seat`` prefers (team 0 maximises)."""
    if seat & 1:
        return min(v, w)
    return max(v, w)


@jit(inline="always")
def _settled(v, seat, gamma):
    """Whether ``seat``'s best value so far answers the test "value >= gamma" for its node."""
    if seat & 1:
        return v < gamma
    return v >= gamma
