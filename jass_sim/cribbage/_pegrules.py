"""Compiled pegging rules: the one peg step (private; every walk of a hand's pegging uses it: the
engine's ``_pegging.play_pegging``, the searches ``_search`` / ``_advice`` / ``_pegwin`` and the
plain face :class:`jass_sim.cribbage.state.CribbageState` the page and the adviser's checks use).

The pegging of a hand is a small state machine. Its state: ``hands[p, :n_left[p]]`` the cards
player ``p`` still holds, ``seq`` every card played this hand since the start of the buffer with
the current count's cards ``seq[base:base + k]`` worth ``count``, ``turn`` the player to play or
to say go and ``last`` the last player who played (-1: none yet). :func:`peg_next` tells what
happens next (the rules' only choice point is a :data:`PLAY`) and :func:`peg_step` does it:

- ``PLAY``: ``turn`` can play (he must when he can); he plays ``hands[turn, idx]`` and pegs
  :func:`peg_points`; at 31 a new count starts;
- ``PASS``: ``turn`` cannot play but the other can: ``turn`` says go and the other plays on;
- ``GO``: neither can play: one for the go to ``last``, a new count led by the other player;
- ``LAST``: every card is played: one for the last card (none after 31, which pegs 2 itself);
- ``END``: the pegging is over.
"""

from __future__ import annotations

from jass_sim.core.jit import jit
from jass_sim.cribbage._scoring import _value

TARGET = 31
GAME_POINTS = 121

#: What :func:`peg_next` says happens next.
PLAY, PASS, GO, LAST, END = 0, 1, 2, 3, 4


@jit(inline="always")
def peg_parts(seq, k, count):
    """The combinations the card ``seq[k - 1]`` just played makes on the count ``seq[:k]`` worth
    ``count``: ``(fifteen, thirty_one, same, run)``, whether the count is 15 and 31, how many
    cards before it have its rank in a row (0..3: a pair, pair royal, double pair royal) and the
    length of the longest run of 3 or more formed by the last cards in any order (0: none)."""
    r = seq[k - 1] % 13
    m = 0
    i = k - 2
    while i >= 0 and seq[i] % 13 == r:
        m += 1
        i -= 1
    run = 0
    for length in range(k, 2, -1):
        seen = 0
        lo = 13
        hi = -1
        ok = True
        for i in range(k - length, k):
            rr = seq[i] % 13
            if (seen >> rr) & 1:
                ok = False
                break
            seen |= 1 << rr
            lo = min(lo, rr)
            hi = max(hi, rr)
        if ok and hi - lo == length - 1:
            run = length
            break
    return count == 15, count == TARGET, m, run


@jit
def peg_points(seq, k, count):
    """Points for the card ``seq[k - 1]`` just played (:func:`peg_parts`): 2 for a count of 15, 2
    for 31, 2/6/12 for a pair/three/four of a kind among the last cards, and the length of the
    longest run of 3 or more formed by the last cards (in any order)."""
    fifteen, thirty_one, m, run = peg_parts(seq, k, count)
    return 2 * fifteen + 2 * thirty_one + m * (m + 1) + run


@jit(inline="always")
def fits(card, count):
    """Whether ``card`` may be played on a count of ``count``: it keeps the count at 31 or below (the
    one rule of what may be played; a player who holds such a card must play one)."""
    return count + _value(card) <= TARGET


@jit
def can_play(hand, n, count):
    """Whether any of the ``n`` cards ``hand[:n]`` keeps the count at 31 or below (:func:`fits`)."""
    for i in range(n):
        if fits(hand[i], count):
            return True
    return False


@jit(inline="always")
def peg_next(hands, n_left, count, turn):
    """What happens next in the pegging (see the module): ``PLAY``, ``PASS``, ``GO``, ``LAST`` or
    ``END``."""
    if n_left[0] + n_left[1] == 0:
        return LAST if count > 0 else END
    if can_play(hands[turn], n_left[turn], count):
        return PLAY
    if can_play(hands[1 - turn], n_left[1 - turn], count):
        return PASS
    return GO


@jit(inline="always")
def peg_play(hands, n_left, seq, base, k, count, turn, idx):
    """The ``PLAY`` step: ``turn`` plays ``hands[turn, idx]`` (it must keep the count at 31 or below).

    The card leaves ``hands[turn, :n_left[turn]]``: the last held card takes its place and the
    card goes to position ``n_left[turn]`` (so that a search can take it back); it is written to
    ``seq[base + k]``. After it ``1 - turn`` is to play and ``turn`` is the last to have played.

    Returns ``(card, points, shown, base, k, count)``: ``shown`` the count with the card (31
    included), then the count after it (at 31 a new count starts at ``base + k``).
    """
    n = n_left[turn]
    c = hands[turn, idx]
    hands[turn, idx] = hands[turn, n - 1]
    hands[turn, n - 1] = c
    n_left[turn] = n - 1
    seq[base + k] = c
    k += 1
    count += _value(c)
    pts = peg_points(seq[base:], k, count)
    if count == TARGET:  # 31 pegs 2 (in peg_points) and starts a new count
        return c, pts, count, base + k, 0, 0
    return c, pts, count, base, k, count


@jit(inline="always")
def peg_forced(kind, base, k, count, turn, last):
    """A step without a choice (``PASS``, ``GO``, ``LAST`` or ``END``).

    Returns ``(who, points, base, k, count, turn)``: the player who says go (``PASS``) or pegs the
    go or last card (``GO``, ``LAST``; -1 at ``END``), his points, the state after it (the count
    before the step is the one the step is shown at).
    """
    if kind == PASS:
        return turn, 0, base, k, count, 1 - turn
    if kind == GO:  # one to the last player, a new count for the other
        return last, 1, base + k, 0, 0, 1 - last
    if kind == LAST:
        return last, 1, base + k, 0, 0, turn
    return -1, 0, base, k, count, turn


@jit(inline="always")
def peg_settle(hands, n_left, base, k, count, turn, last):
    """The steps without a choice from a state, up to a ``PLAY`` or the end of the pegging.

    Returns ``(done, points of player 0, points of player 1, base, k, count, turn)``: the go and
    last-card points on the way, and either the end of the pegging (``done``) or the state where
    ``turn`` has a card to play.
    """
    p0 = 0
    p1 = 0
    while True:
        kind = peg_next(hands, n_left, count, turn)
        if kind == PLAY:
            return False, p0, p1, base, k, count, turn
        if kind == END:
            return True, p0, p1, base, k, count, turn
        who, pts, base, k, count, turn = peg_forced(kind, base, k, count, turn, last)
        if who == 0:
            p0 += pts
        else:
            p1 += pts
