"""The ``heuristic`` card-play policy: a rule-based player in the manner of a good club player.

It sees only its own hand and what is public: the cards played (it remembers them all), the
current trick and the suits each player has shown to be void in. Its rules, in order:

Leading
  1. Trump pulling: in a trump mode, if it holds the highest trump still out and an opponent may
     still hold trumps, it leads that trump (the Buur first) to draw the opponents' trumps.
  2. Cashing: otherwise it leads a plain-suit master (a card no unseen card of its suit beats),
     the one with the most points, unless an opponent is known void in that suit while trumps
     are still out (it would be cut).
  3. Otherwise it leads low (fewest points, then weakest) from its longest plain suit, keeping its
     trumps to cut; it leads a trump only when it holds nothing else.

Following
  4. Partner is winning the trick safely (it plays last, or no unseen card can beat the partner's
     card): it "smears" (schmieren), giving the card with the most points, but never the Buur
     or the Nell and never a master it could win a trick with later... unless nothing else is legal.
  5. An opponent is winning and it can take the trick: it takes it as cheaply as possible with a
     card that cannot be beaten afterwards (a master, or any winner when it plays last). It cuts
     with a trump only when the trick holds 10 points or more (or it plays last and the trick
     holds points), with the lowest trump that wins.
  6. Otherwise it throws its least valuable card: fewest points, no trump if it can help it, no
     master if it can help it, weakest first.
"""

from __future__ import annotations

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit, lowest_bit, popcount
from jass_sim.jass.cards import FULL_DECK
from jass_sim.jass.rules._tricks import beats
from jass_sim.jass.rules.tables import HIGHER, POINTS, POWER, SUIT_MASK

_BIG = 1 << 30


@jit(inline="always")
def is_master(card, mode, unseen):
    """Whether ``card`` beats every card of its suit in ``unseen`` in ``mode`` (``heuristic``'s and
    the Differenzler players' "master")."""
    return (HIGHER[mode, card] & unseen) == U64_ZERO


@jit
def cheapest(cards, mode, trump, unseen):
    """The card of ``cards`` least valuable to keep: fewest points, then not a trump, then not a
    master, then weakest (``trump`` -1: no suit counts as trump). Shared with the Differenzler
    players (:mod:`jass_sim.jass.differenzler._players`, ``trump`` = ``mode``)."""
    best = -1
    best_cost = _BIG
    c_left = cards
    while c_left:
        c = lowest_bit(c_left)
        c_left &= c_left - U64_ONE
        cost = POINTS[mode, c] * 64 + POWER[mode, c]
        if c // 9 == trump:
            cost += 2000
        if is_master(c, mode, unseen):
            cost += 1000
        if cost < best_cost:
            best_cost = cost
            best = c
    return best


@jit
def _lead(hand, mode, unseen, voids, seat):
    trump = mode if mode < 4 else -1
    if trump >= 0:
        my_trumps = hand & SUIT_MASK[trump]
        out_trumps = unseen & SUIT_MASK[trump]
        if my_trumps and out_trumps:
            # the highest trump still in play: lead it if it is ours
            t = my_trumps
            while t:
                c = lowest_bit(t)
                t &= t - U64_ONE
                if is_master(c, mode, unseen):
                    return c
    else:
        out_trumps = U64_ZERO
    opp1 = (seat + 1) & 3
    opp2 = (seat + 3) & 3
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
        cut = out_trumps != U64_ZERO and ((voids >> (4 * opp1 + s)) & 1 or (voids >> (4 * opp2 + s)) & 1)
        if cut:
            continue
        m = mine
        while m:
            c = lowest_bit(m)
            m &= m - U64_ONE
            if is_master(c, mode, unseen) and POINTS[mode, c] > best_pts:
                best_pts = POINTS[mode, c]
                best = c
    if best >= 0:
        return best
    if longest >= 0:
        return cheapest(hand & SUIT_MASK[longest], mode, trump, unseen)
    return cheapest(hand, mode, -1, unseen)  # only trumps left


@jit
def heuristic_card(seat, legal, hands, trick, n_in_trick, mode, played, voids):
    """The heuristic player's card (see the module docstring for its rules)."""
    if popcount(legal) == 1:
        return lowest_bit(legal)
    hand = hands[seat]
    unseen = FULL_DECK & ~played & ~hand
    if n_in_trick == 0:
        return _lead(hand, mode, unseen, voids, seat)
    trump = mode if mode < 4 else -1
    best_pos = 0
    trick_pts = POINTS[mode, trick[0]]
    for i in range(1, n_in_trick):
        trick_pts += POINTS[mode, trick[i]]
        if beats(trick[i], trick[best_pos], mode):
            best_pos = i
    best_card = trick[best_pos]
    last = n_in_trick == 3
    led = trick[0] // 9
    # could an unseen card still beat `card` in this trick?
    if best_pos == n_in_trick - 2:  # partner is winning
        threat = HIGHER[mode, best_card] & unseen
        if trump >= 0 and best_card // 9 != trump:
            threat |= unseen & SUIT_MASK[trump]
        if last or threat == U64_ZERO:
            # smear: most points, but keep Buur, Nell and masters of other suits
            pick = -1
            pick_val = -_BIG
            m = legal
            while m:
                c = lowest_bit(m)
                m &= m - U64_ONE
                val = POINTS[mode, c] * 64 - POWER[mode, c]
                if c // 9 == trump and POWER[mode, c] >= POWER[mode, 9 * trump + 3]:
                    val -= 100000  # Buur or Nell
                elif c // 9 != led and is_master(c, mode, unseen) and POINTS[mode, c] > 0:
                    val -= 5000
                if val > pick_val:
                    pick_val = val
                    pick = c
            return pick
        return cheapest(legal, mode, trump, unseen)
    # an opponent is winning (or partner's lead can be beaten): try to take the trick
    pick = -1
    pick_cost = _BIG
    m = legal
    while m:
        c = lowest_bit(m)
        m &= m - U64_ONE
        if not beats(c, best_card, mode):
            continue
        is_trump = c // 9 == trump and led != trump
        if is_trump and trick_pts < 10 and not (last and trick_pts > 0):
            continue
        safe = last or is_master(c, mode, unseen & (SUIT_MASK[c // 9]))
        if not safe and not last:
            # a non-master may still win if nobody behind can beat it; only cut/overtake when it pays
            if trick_pts < 10:
                continue
        cost = POINTS[mode, c] * 8 + POWER[mode, c] + (200 if is_trump else 0) + (0 if safe else 50)
        if cost < pick_cost:
            pick_cost = cost
            pick = c
    if pick >= 0:
        return pick
    return cheapest(legal, mode, trump, unseen)

