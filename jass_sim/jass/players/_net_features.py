"""What the ``net`` player sees, as the indices of its active binary input features.

The view is that of one seat, with seats relative to it (0 itself, 1 the next seat, 2 its
partner, 3 the seat before it) and suits in canonical order: in a trump mode the trump suit is
suit 0 and the other suits follow in their natural order; obe-abe and une-ufe keep the natural
order. A card's canonical number is ``9 * canonical_suit + rank`` (see :data:`CANON_CARD`).

Feature blocks (offsets are module constants):

=============  ====  ===================================================================
block          size  active when
=============  ====  ===================================================================
HAND             36  the card is in the player's hand
PLAYED          144  relative seat ``r`` played the card in a completed trick
LED             144  relative seat ``r`` led the card in a completed trick
TRICK           108  relative seat ``r`` (1..3) played the card in the current trick
VOID             12  relative seat ``r`` (1..3) has shown it holds no card of the suit
SHOWN           108  relative seat ``r`` (1..3) showed the card in a meld and still holds it
MODE              3  trump, obe-abe, une-ufe
DECLARER          4  relative seat that chose the mode
PUSHED            1  the mode was chosen after a chibre (the declarer did not lead trick 1)
TRICK_NO          9  the current trick, 0..8
POSITION          4  cards already in the current trick, 0..3
WINNING           3  relative seat (1..3) whose card wins the current trick so far
MATCH             2  (after trick 1) our team has won every trick / theirs has
OUR_POINTS        8  our card points so far, in steps of 20 (the last step open)
THEIR_POINTS      8  theirs, likewise
TRICK_POINTS      4  points in the current trick: 0, 1-9, 10-19, 20 or more
MASTER           36  the card is in the player's hand and no card it has not seen beats it
UNSEEN           40  (suit, count): the player has not seen ``count`` (0..9) cards of the suit
WINS_NOW         36  the card is in the player's hand and would win the current trick now
SAFE              1  no card the player has not seen beats the current trick's winning card
=============  ====  ===================================================================

Only rows before ``t`` of the trace and the first ``i`` cards of row ``t`` are read: what the
player has seen.
"""

from __future__ import annotations

import numpy as np
from numba.extending import overload

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit, lowest_bit, popcount
from jass_sim.jass.rules._tricks import trick_power
from jass_sim.jass.rules.tables import HIGHER, POINTS, SUIT_MASK, TRUMP_MASK

F_HAND = 0
F_PLAYED = 36
F_LED = 180
F_TRICK = 324
F_VOID = 432
F_SHOWN = 444
F_MODE = 552
F_DECLARER = 555
F_PUSHED = 559
F_TRICK_NO = 560
F_POSITION = 569
F_WINNING = 573
F_MATCH = 576
F_OUR_POINTS = 578
F_THEIR_POINTS = 586
F_TRICK_POINTS = 594
F_MASTER = 598
F_UNSEEN = 634
F_WINS_NOW = 674
F_SAFE = 710
# int64 arguments, not literals (a literal compiles the callee once more for its type)
_I0 = np.int64(0)
_F_HAND = np.int64(F_HAND)
N_FEATURES = 711
#: Most features active at once (9 hand + 32 played + 8 led + 3 trick + 12 voids + shown + 11
#: + 9 masters + 4 counts + 9 winners + 1).
MAX_ACTIVE = 128
#: ``(first feature, end, most features of the block active at once)`` for every block: the bound
#: behind the network's int16 first layer (:func:`.net.quantize`). A seat shows at most 27 cards
#: in melds it still holds, and at most 32 cards lie in completed tricks.
BLOCK_LIMITS = ((F_HAND, F_PLAYED, 9), (F_PLAYED, F_LED, 32), (F_LED, F_TRICK, 8), (F_TRICK, F_VOID, 3),
                (F_VOID, F_SHOWN, 12), (F_SHOWN, F_MODE, 27), (F_MODE, F_DECLARER, 1),
                (F_DECLARER, F_PUSHED, 1), (F_PUSHED, F_TRICK_NO, 1), (F_TRICK_NO, F_POSITION, 1),
                (F_POSITION, F_WINNING, 1), (F_WINNING, F_MATCH, 1), (F_MATCH, F_OUR_POINTS, 1),
                (F_OUR_POINTS, F_THEIR_POINTS, 1), (F_THEIR_POINTS, F_TRICK_POINTS, 1),
                (F_TRICK_POINTS, F_MASTER, 1), (F_MASTER, F_UNSEEN, 9), (F_UNSEEN, F_WINS_NOW, 4),
                (F_WINS_NOW, F_SAFE, 9), (F_SAFE, N_FEATURES, 1))

FULL36 = np.uint64((1 << 36) - 1)


def _canon_tables():
    suit = np.zeros((6, 4), dtype=np.int64)
    for mode in range(6):
        if mode < 4:
            order = [mode] + [s for s in range(4) if s != mode]
        else:
            order = [0, 1, 2, 3]
        for k, s in enumerate(order):
            suit[mode, s] = k
    card = np.zeros((6, 36), dtype=np.int64)
    for mode in range(6):
        for c in range(36):
            card[mode, c] = 9 * suit[mode, c // 9] + c % 9
    return suit, card


#: ``CANON_SUIT[mode, suit]`` and ``CANON_CARD[mode, card]``: canonical suit and card numbers.
CANON_SUIT, CANON_CARD = _canon_tables()


@jit(inline="always")
def _add(out, n, f):
    out[n] = f
    return n + 1


@jit(inline="always")
def _add_cards(out, n, cards, offset, mode):
    x = cards
    while x != U64_ZERO:
        c = lowest_bit(x)
        x &= x - U64_ONE
        out[n] = offset + CANON_CARD[mode, c]
        n += 1
    return n


def _encode_view(seat, hand, trace, t, i, mode, voids, shown, played, declarer, out):
    """Write the active features of ``seat``'s view into ``out`` (int64, at least
    :data:`MAX_ACTIVE` long) and return how many there are.

    ``hand`` is the seat's hand; ``trace`` the round's trace (:mod:`jass_sim.jass.engine.round`),
    of which rows before ``t`` and the first ``i`` cards of row ``t`` are read; ``voids`` and
    ``shown`` as in :func:`~.dispatch.choose_card`; ``played`` every card played so far;
    ``declarer`` the seat that chose the mode.
    """
    n = _add_cards(out, _I0, hand, _F_HAND, mode)
    team = seat & 1
    ours = 0
    theirs = 0
    won_ours = 0
    for tt in range(t):
        leader = trace[tt, 0]
        for k in range(4):
            r = (leader + k - seat) & 3
            c = trace[tt, 1 + k]
            n = _add(out, n, F_PLAYED + 36 * r + CANON_CARD[mode, c])
            if k == 0:
                n = _add(out, n, F_LED + 36 * r + CANON_CARD[mode, c])
        pts = POINTS[mode, trace[tt, 1]] + POINTS[mode, trace[tt, 2]] + POINTS[mode, trace[tt, 3]] \
            + POINTS[mode, trace[tt, 4]]
        if (trace[tt, 5] & 1) == team:
            ours += pts
            won_ours += 1
        else:
            theirs += pts
    # the current trick
    leader = (seat - i) & 3
    trick_pts = 0
    best_power = 0
    best_pos = 0
    best_card = 0
    led = -1
    for k in range(i):
        c = trace[t, 1 + k]
        r = (leader + k - seat) & 3
        n = _add(out, n, F_TRICK + 36 * (r - 1) + CANON_CARD[mode, c])
        trick_pts += POINTS[mode, c]
        if k == 0:
            led = c // 9
            best_power = trick_power(c, led, mode)
            best_card = c
        else:
            p = trick_power(c, led, mode)
            if p > best_power:
                best_power = p
                best_pos = k
                best_card = c
    for r in range(1, 4):
        s = (seat + r) & 3
        for suit in range(4):
            if (voids >> (4 * s + suit)) & 1:
                n = _add(out, n, F_VOID + 4 * (r - 1) + CANON_SUIT[mode, suit])
        n = _add_cards(out, n, shown[s] & ~played & FULL36, F_SHOWN + 36 * (r - 1), mode)
    n = _add(out, n, F_MODE + (0 if mode < 4 else mode - 3))
    n = _add(out, n, F_DECLARER + ((declarer - seat) & 3))
    first_leader = trace[0, 0] if t > 0 else (seat - i) & 3
    if declarer != first_leader:
        n = _add(out, n, F_PUSHED)
    n = _add(out, n, F_TRICK_NO + t)
    n = _add(out, n, F_POSITION + i)
    if i > 0:
        n = _add(out, n, F_WINNING + ((leader + best_pos - seat) & 3) - 1)
    if t > 0:
        if won_ours == t:
            n = _add(out, n, F_MATCH)
        elif won_ours == 0:
            n = _add(out, n, F_MATCH + 1)
    n = _add(out, n, F_OUR_POINTS + min(ours // 20, 7))
    n = _add(out, n, F_THEIR_POINTS + min(theirs // 20, 7))
    bucket = 0 if trick_pts == 0 else (1 if trick_pts < 10 else (2 if trick_pts < 20 else 3))
    n = _add(out, n, F_TRICK_POINTS + bucket)
    unseen = FULL36 & ~hand & ~played
    x = hand
    while x != U64_ZERO:
        c = lowest_bit(x)
        x &= x - U64_ONE
        if (HIGHER[mode, c] & unseen) == U64_ZERO:
            n = _add(out, n, F_MASTER + CANON_CARD[mode, c])
    for suit in range(4):
        n = _add(out, n, F_UNSEEN + 10 * CANON_SUIT[mode, suit] + popcount(unseen & SUIT_MASK[suit]))
    if i > 0:
        # the cards that beat the trick's best card (a trump or of the led suit): those of its suit
        # ranked higher, and every trump when it is no trump; exactly the cards with a greater
        # trick_power (one mask for the hand's and the unseen cards, instead of a loop over each)
        beats = HIGHER[mode, best_card] | (TRUMP_MASK[mode] & ~SUIT_MASK[best_card // 9])
        n = _add_cards(out, n, hand & beats, F_WINS_NOW, mode)
        if (unseen & beats) == U64_ZERO:
            n = _add(out, n, F_SAFE)
    return n


encode_view = jit(_encode_view)


def encode_view_here(seat, hand, trace, t, i, mode, voids, shown, played, declarer, out):
    """:func:`encode_view`; compiled, its code inlined into the caller (Numba IR inlining), as the
    ``net`` player's hot path wants: no call, whose array arguments Numba would count references of."""
    return encode_view(seat, hand, trace, t, i, mode, voids, shown, played, declarer, out)


@overload(encode_view_here, inline="always")
def _encode_view_here_overload(seat, hand, trace, t, i, mode, voids, shown, played, declarer, out):
    return _encode_view
