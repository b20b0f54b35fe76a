"""The Differenzler's card players, compiled: each seat plays alone, to its own number.

The objective of a seat is its own penalty ``|announced - made|``, not a team's points. Two rule
players share one kernel, :func:`diff_card`, told by ``need`` (the seat's number less the points it
has made so far) whether to fight for tricks or to duck them:

``points`` (the points-maximising baseline, ``need`` ignored): always fights.
  Leading: the highest trump still out when it holds it and trumps are still out (pulling trumps
  keeps its other masters safe); else the plain master with the most points, unless another seat has
  shown a void in its suit while trumps are out; else the lowest card of its longest plain suit.
  Following: it takes the trick as cheaply as possible when it can, with a card that no later card
  can beat (or any winner when it plays last); a trump cuts a plain lead only for 10 points or more
  (or any points when it plays last). Otherwise it throws its cheapest card (fewest points, no trump,
  no master, weakest). Without partners it never smears.

``number`` (plays to its number): below its number (``need > 0``) it fights as ``points`` does, but
  declines a trick whose points would carry it further past its number than it is below it now
  (``points won > 2 * need``). At or above its number (``need <= 0``) it ducks and sheds points onto
  the others: following, it plays the card with the most points (then the strongest) among those that
  do not beat the trick's best card (a card that does not beat it now cannot take the trick); when
  every legal card beats it, the weakest one if a later seat may still take the trick, else the one
  with the fewest points. Leading, it leads the weakest card (fewest points) of a suit in which unseen
  cards rank above it, plain suits before trumps.

``number-open`` (plays to its number and reads the open announcements): ``number``, with one more
  thing known under open announcements (every seat's number and points, so every seat's ``need``).
  At or above its number, following a trick with no card that stays under it, when every seat still
  to play is at or above its own number: those seats duck as ``number`` does (they play a card that
  does not beat the trick when they have one), so the trick is as good as its own whatever it plays,
  and it keeps the fewest points in it (as ``number`` does when it plays last) rather than playing its
  weakest card for a later seat to overtake. Under secret announcements (the others' ``need``
  unknown, :data:`NO_NUMBER`) it is ``number``, card for card.

``random`` plays a uniformly random legal card.
"""

from __future__ import annotations

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit, lowest_bit, popcount
from jass_sim.jass.cards import FULL_DECK
from jass_sim.jass.players.heuristic import cheapest, is_master
from jass_sim.jass.players.random import random_card
from jass_sim.jass.rules._tricks import beats
from jass_sim.jass.rules.tables import POINTS, POWER, SUIT_MASK

#: The kernels' numbers of the players (``jass_sim.jass.differenzler.players.PLAYERS``).
RANDOM = 0
POINTS_PLAYER = 1
NUMBER = 2
#: The ``search`` player (:func:`~._search.search_card`, dispatched by the round kernel).
SEARCH = 3
#: ``number`` reading the open announcements (:func:`diff_card_open`).
NUMBER_OPEN = 4
#: ``need`` of a seat that ignores its number.
NO_NUMBER = 1 << 20

_BIG = 1 << 30


@jit
def _lead_fight(hand, trump, unseen, voids, seat):
    my_trumps = hand & SUIT_MASK[trump]
    out_trumps = unseen & SUIT_MASK[trump]
    if my_trumps and out_trumps:
        t = my_trumps
        while t:
            c = lowest_bit(t)
            t &= t - U64_ONE
            if is_master(c, trump, unseen):
                return c
    best = -1
    best_pts = -1
    longest = -1
    longest_len = 0
    for s in range(4):
        if s == trump:
            continue
        mine = hand & SUIT_MASK[s]
        if not mine:
            continue
        length = popcount(mine)
        if length > longest_len:
            longest_len = length
            longest = s
        cut = False
        if out_trumps != U64_ZERO:
            for other in range(4):
                if other != seat and (voids >> (4 * other + s)) & 1:
                    cut = True
        if cut:
            continue
        m = mine
        while m:
            c = lowest_bit(m)
            m &= m - U64_ONE
            if is_master(c, trump, unseen) and POINTS[trump, c] > best_pts:
                best_pts = POINTS[trump, c]
                best = c
    if best >= 0:
        return best
    if longest >= 0:
        return cheapest(hand & SUIT_MASK[longest], trump, trump, unseen)
    return cheapest(hand, trump, trump, unseen)  # only trumps left


@jit
def _lead_duck(hand, trump, unseen):
    best = -1
    best_cost = _BIG
    m = hand
    while m:
        c = lowest_bit(m)
        m &= m - U64_ONE
        cost = POWER[trump, c] * 16 + POINTS[trump, c]
        if c // 9 == trump:
            cost += 4000
        if is_master(c, trump, unseen):
            cost += 8000
        if cost < best_cost:
            best_cost = cost
            best = c
    return best


@jit
def diff_card(policy, seat, legal, hand, trick, n_in_trick, trump, played, voids, need, rng):
    """The card (a member of ``legal``) that player number ``policy`` plays for ``seat``.

    Parameters
    ----------
    policy : int
        ``RANDOM``, ``POINTS_PLAYER`` or ``NUMBER``.
    seat : int
        The seat to play.
    legal : uint64
        Mask of its legal cards.
    hand : uint64
        Its cards.
    trick : int64[4]
        The current trick's cards in play order (the first ``n_in_trick`` are set).
    n_in_trick : int
        Cards already in the trick.
    trump : int
        The trump suit (0..3, the mode).
    played : uint64
        Every card played so far.
    voids : int64
        Shown voids, bit ``4 * seat + suit`` (:func:`~jass_sim.jass.rules._tricks.void_shown`).
    need : int
        The seat's number less the points it has made (``NO_NUMBER`` for ``points``).
    rng : uint64[4]
        The random stream (``random`` only).
    """
    return _choose(policy, seat, legal, hand, trick, n_in_trick, trump, played, voids, need, False, rng)


@jit
def diff_card_open(policy, seat, legal, hand, trick, n_in_trick, trump, played, voids, needs, rng):
    """The card :func:`diff_card` plays, told every seat's ``need`` (``needs``, ``int64[4]``:
    number less points made, :data:`NO_NUMBER` for a number not known).

    ``NUMBER_OPEN`` reads the others' needs (module docstring): ducking into a trick that every card
    of its takes, when every seat still to play is at or above its number, it keeps the fewest points
    as ``number`` does when it plays the trick's last card.
    Any other ``policy``, or ``NUMBER_OPEN`` without the others' numbers, is :func:`diff_card`.
    """
    later_duck = False
    if policy == NUMBER_OPEN:
        policy = NUMBER
        if 0 < n_in_trick < 3:
            later_duck = True
            for i in range(n_in_trick + 1, 4):
                later = (seat + i - n_in_trick) & 3
                if needs[later] == NO_NUMBER or needs[later] > 0:
                    later_duck = False
    return _choose(policy, seat, legal, hand, trick, n_in_trick, trump, played, voids, needs[seat], later_duck, rng)


@jit(inline="always")
def _choose(policy, seat, legal, hand, trick, n_in_trick, trump, played, voids, need, later_duck, rng):
    """:func:`diff_card`'s choice; ``later_duck``: every seat still to play in the trick is known to
    be at or above its number (ducking into a trick it takes, it then keeps the fewest points)."""
    if policy == RANDOM:
        return random_card(legal, rng)
    if popcount(legal) == 1:
        return lowest_bit(legal)
    unseen = FULL_DECK & ~played & ~hand
    fight = policy == POINTS_PLAYER or need > 0
    if n_in_trick == 0:
        if fight:
            return _lead_fight(hand, trump, unseen, voids, seat)
        return _lead_duck(hand, trump, unseen)
    best_pos = 0
    trick_pts = POINTS[trump, trick[0]]
    for i in range(1, n_in_trick):
        trick_pts += POINTS[trump, trick[i]]
        if beats(trick[i], trick[best_pos], trump):
            best_pos = i
    best_card = trick[best_pos]
    last = n_in_trick == 3
    led = trick[0] // 9
    if not fight:
        pick = -1
        pick_val = -_BIG
        m = legal
        while m:
            c = lowest_bit(m)
            m &= m - U64_ONE
            if beats(c, best_card, trump):
                continue
            val = POINTS[trump, c] * 64 + POWER[trump, c]
            if val > pick_val:
                pick_val = val
                pick = c
        if pick >= 0:
            return pick
        m = legal  # every card takes the trick for now
        pick_cost = _BIG
        while m:
            c = lowest_bit(m)
            m &= m - U64_ONE
            mine = last or later_duck  # no later seat takes it: keep the fewest points, else the weakest card
            cost = POINTS[trump, c] * 64 + POWER[trump, c] if mine else POWER[trump, c] * 64 + POINTS[trump, c]
            if cost < pick_cost:
                pick_cost = cost
                pick = c
        return pick
    limit = 2 * need if policy == NUMBER else _BIG
    pick = -1
    pick_cost = _BIG
    m = legal
    while m:
        c = lowest_bit(m)
        m &= m - U64_ONE
        if not beats(c, best_card, trump):
            continue
        if trick_pts + POINTS[trump, c] > limit:
            continue
        is_cut = c // 9 == trump and led != trump
        if is_cut and trick_pts < 10 and not (last and trick_pts > 0):
            continue
        safe = last or is_master(c, trump, unseen & SUIT_MASK[c // 9])
        if not safe and trick_pts < 10:
            continue
        cost = POINTS[trump, c] * 8 + POWER[trump, c] + (200 if is_cut else 0) + (0 if safe else 50)
        if cost < pick_cost:
            pick_cost = cost
            pick = c
    if pick >= 0:
        return pick
    return cheapest(legal, trump, trump, unseen)
