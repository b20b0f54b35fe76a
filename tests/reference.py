"""Plain-Python reference implementation of the Chibre rules of ``docs/rules.md`` (RULES.md).

This module is the slow, obvious oracle that the Numba kernels are tested against. It is written
from RULES.md alone: it imports nothing from ``jass_sim`` except the card encoding helpers of
``jass_sim/cards.py`` and :class:`~jass_sim.jass.rules.presets.RuleSet`, and it never uses Numba.
Cards, hands and tricks are plain ``int``, ``set`` and ``list`` objects.

Encoding (``jass_sim/cards.py``)
--------------------------------
* card = ``suit * 9 + rank``; suits ``H D S C`` = 0..3; ranks ``6 7 8 9 T J Q K A`` = 0..8.
* modes 0..3 = trump H D S C, 4 = obe-abe (top down), 5 = une-ufe (bottom up).
* round modes (issue 53, Coiffeur): 0..5 as the modes, then the names of
  ``jass_sim.jass.rules.round_modes.ROUND_MODE_NAMES`` (the command line's contract); this module
  reads each trick's mode from the *name* alone (:func:`ref_trick_mode`), not from the kernels' table.
* seats 0..3 in playing order, team = ``seat % 2``.

Each function quotes, in its docstring, the RULES.md line(s) it implements.

Decisions where RULES.md is silent (shared with the kernel implementation)
-------------------------------------------------------------------------
* Announcement: enumerate every subset of the held four-of-a-kinds worth > 0 points; the runs are
  the *maximal* sequences (length >= 3) of the cards left over. Keep the subset with the most
  points; ties: best single meld by :func:`ref_meld_key`, then more melds, then the
  lexicographically smallest sorted list of card tuples.
* "The player after the previous chooser": the previous chooser is the seat that had the choice
  first (the one who may have said chibre), not the partner who then picked the mode.
* Premier sorti: in *every* round, credits come in the order melds (the meld-winning team), stöck,
  then each trick as it is taken (its card points, +5 on the last trick), then +100 for a match;
  each credit is multiplied by the mode multiplier and the first team whose running score reaches
  the target wins at once (scores are those at that moment). If nobody reaches the target during
  the round, the round adds exactly :func:`ref_score_round` totals (so after a match the beaten
  team's melds and stöck, credited early, are taken back; they did not make it win).
* Plus grand écart tie rule: if, after the round in which a team reached the target, both totals
  are equal, the team that took the last trick of that round wins.
* Rubicon: the loser's score is strictly less than half the target (``2 * loser < target``).
"""

from __future__ import annotations

from itertools import combinations
from typing import Callable, NamedTuple

from jass_sim.jass.cards import card_index, card_rank, card_suit
from jass_sim.jass.rules.presets import RuleSet
from jass_sim.jass.rules.round_modes import ROUND_MODE_NAMES

# ---------------------------------------------------------------------------------------------
# Constants (RULES.md: "Cards and notation", "Modes")
# ---------------------------------------------------------------------------------------------

HEARTS, DIAMONDS, SPADES, CLUBS = 0, 1, 2, 3
OBE_ABE, UNE_UFE = 4, 5

# Natural ranks (RULES.md: "ranks 6 7 8 9 10 J Q K A").
SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(9)

DECK = frozenset(range(36))
DIAMOND_SEVEN = card_index(DIAMONDS, SEVEN)  # card 10: its holder chooses first in round 1

LAST_TRICK_BONUS = 5     # RULES.md: "Last trick: +5."
MATCH_BONUS = 100        # RULES.md: "Match (one team takes all 9 tricks): +100, so 257."
STOECK_POINTS = 20       # RULES.md: "Stöck: K and Q of trump in one hand, 20 points"

# RULES.md "Card order": "Trump suit: J (Buur/bourg) 9 (Nell) A K Q 10 8 7 6."
# Written high to low as in RULES.md; strength = position counted from the bottom.
_TRUMP_ORDER_HIGH_TO_LOW = (JACK, NINE, ACE, KING, QUEEN, TEN, EIGHT, SEVEN, SIX)
_TRUMP_STRENGTH = {rank: 8 - i for i, rank in enumerate(_TRUMP_ORDER_HIGH_TO_LOW)}

# RULES.md "Card points":
# "Plain: A 11, K 4, Q 3, J 2, 10 10, 9/8/7/6 0."
_PLAIN_POINTS = {SIX: 0, SEVEN: 0, EIGHT: 0, NINE: 0, TEN: 10, JACK: 2, QUEEN: 3, KING: 4, ACE: 11}
# "Trump: J 20, 9 14, A 11, K 4, Q 3, 10 10, 8/7/6 0."
_TRUMP_POINTS = {SIX: 0, SEVEN: 0, EIGHT: 0, NINE: 14, TEN: 10, JACK: 20, QUEEN: 3, KING: 4,
                 ACE: 11}
# "Obe-abe: as plain, but 8 counts 8."
_OBE_POINTS = dict(_PLAIN_POINTS)
_OBE_POINTS[EIGHT] = 8
# "Une-ufe: 6 counts 11, A counts 0, 8 counts 8, others as plain."
_UNE_POINTS = dict(_PLAIN_POINTS)
_UNE_POINTS[SIX] = 11
_UNE_POINTS[ACE] = 0
_UNE_POINTS[EIGHT] = 8


def is_trump_mode(mode: int) -> bool:
    """True for the four trump modes.

    RULES.md "Modes": "Trump ♥, ♦, ♠ or ♣" are modes 0..3; obe-abe (4) and une-ufe (5) have no
    trump.
    """
    return 0 <= mode <= 3


def is_trump(card: int, mode: int) -> bool:
    """True when ``card`` is a trump in ``mode`` (its suit is the trump suit of a trump mode)."""
    return is_trump_mode(mode) and card_suit(card) == mode


# ---------------------------------------------------------------------------------------------
# Card points and card order
# ---------------------------------------------------------------------------------------------

def ref_card_points(card: int, mode: int) -> int:
    """Points of one card taken in a trick.

    RULES.md "Card points":
    "Plain: A 11, K 4, Q 3, J 2, 10 10, 9/8/7/6 0. Trump: J 20, 9 14, A 11, K 4, Q 3, 10 10,
    8/7/6 0. Obe-abe: as plain, but 8 counts 8. Une-ufe: 6 counts 11, A counts 0, 8 counts 8,
    others as plain."

    Parameters
    ----------
    card : int
        Card number 0..35.
    mode : int
        Mode 0..5.

    Returns
    -------
    int
    """
    rank = card_rank(card)
    if mode == OBE_ABE:
        return _OBE_POINTS[rank]
    if mode == UNE_UFE:
        return _UNE_POINTS[rank]
    if is_trump(card, mode):
        return _TRUMP_POINTS[rank]
    return _PLAIN_POINTS[rank]


def ref_card_strength(card: int, mode: int) -> int:
    """Strength 0..8 of ``card`` within its own suit (bigger beats smaller).

    RULES.md "Card order": "Plain suit (and obe-abe): A K Q J 10 9 8 7 6. Une-ufe:
    6 7 8 9 10 J Q K A (6 highest). Trump suit: J (Buur/bourg) 9 (Nell) A K Q 10 8 7 6."
    """
    rank = card_rank(card)
    if is_trump(card, mode):
        return _TRUMP_STRENGTH[rank]
    if mode == UNE_UFE:
        return 8 - rank
    return rank


# ---------------------------------------------------------------------------------------------
# Trick play
# ---------------------------------------------------------------------------------------------

def ref_legal_moves(hand: set[int], trick: list[int], mode: int) -> set[int]:
    """The cards of ``hand`` that may be played to the current trick.

    RULES.md "Trick play":
    "- The leader plays any card. Others must follow the led suit, or play a trump, with these
    exceptions:
      - a player without the led suit may play any card;
      - no undertrumping: once a trump is in a trick led in another suit, a trump lower than the
        highest trump in the trick may not be played, unless the player holds only trumps (then
        any trump); this holds whether or not the player can follow suit;
      - trump led: a player holding trumps must play a trump, except that a player whose only
        trump is the Buur may play any card.
    - Obe-abe and une-ufe: follow suit if possible, else any card."

    Parameters
    ----------
    hand : set of int
        The player's cards (non-empty).
    trick : list of int
        Cards already played to this trick, in play order (empty when leading).
    mode : int
        Mode 0..5.

    Returns
    -------
    set of int
        A non-empty subset of ``hand``.
    """
    hand = set(hand)
    # "The leader plays any card."
    if not trick:
        return hand

    led_suit = card_suit(trick[0])
    same_suit = {c for c in hand if card_suit(c) == led_suit}

    # "Obe-abe and une-ufe: follow suit if possible, else any card."
    if not is_trump_mode(mode):
        return same_suit if same_suit else hand

    trump_suit = mode
    trumps = {c for c in hand if card_suit(c) == trump_suit}

    # "trump led: a player holding trumps must play a trump, except that a player whose only
    # trump is the Buur may play any card."
    if led_suit == trump_suit:
        if not trumps:
            return hand  # "a player without the led suit may play any card"
        if trumps == {card_index(trump_suit, JACK)}:
            return hand  # the Buur exemption
        return trumps

    # A plain suit was led: "Others must follow the led suit, or play a trump";
    # "a player without the led suit may play any card".
    if same_suit:
        allowed = same_suit | trumps
    else:
        allowed = hand

    # "no undertrumping: once a trump is in a trick led in another suit, a trump lower than the
    # highest trump in the trick may not be played, unless the player holds only trumps
    # (then any trump); this holds whether or not the player can follow suit".
    trumps_in_trick = [c for c in trick if card_suit(c) == trump_suit]
    holds_only_trumps = trumps == hand
    if trumps_in_trick and not holds_only_trumps:
        highest = max(ref_card_strength(c, mode) for c in trumps_in_trick)
        allowed = {c for c in allowed
                   if not (card_suit(c) == trump_suit and ref_card_strength(c, mode) < highest)}
    return allowed


def ref_trick_winner(trick: list[int], mode: int) -> int:
    """Index (0..len-1, in play order) of the card that wins ``trick``.

    RULES.md "Trick play": "The highest trump wins; without a trump, the highest card of the led
    suit (in that mode's order)."
    """
    if is_trump_mode(mode):
        trump_positions = [i for i, c in enumerate(trick) if card_suit(c) == mode]
        if trump_positions:
            return max(trump_positions, key=lambda i: ref_card_strength(trick[i], mode))
    led_suit = card_suit(trick[0])
    led_positions = [i for i, c in enumerate(trick) if card_suit(c) == led_suit]
    return max(led_positions, key=lambda i: ref_card_strength(trick[i], mode))


def ref_trick_points(trick: list[int], mode: int, last: bool) -> int:
    """Card points of a trick, plus 5 when it is the last trick of the round.

    RULES.md "Card points": card values by mode, and "Last trick: +5."
    """
    points = sum(ref_card_points(c, mode) for c in trick)
    if last:
        points += LAST_TRICK_BONUS
    return points


def ref_void_shown(card: int, trick: list[int], mode: int) -> int | None:
    """The suit in which playing ``card`` after the cards ``trick`` (at least one) shows a void, or
    None: what the players (and the samplers of unseen hands) infer.

    RULES.md "Trick play": "Others must follow the led suit, or play a trump", and "trump led: a
    player holding trumps must play a trump, except that a player whose only trump is the Buur may
    play any card". So a card of another suit that is not a trump on a plain lead (trumping is
    always allowed) shows that the player holds no card of the led suit, but the Buur on a trump
    lead. (An undertrump, allowed only to a player holding nothing but trumps, would show more;
    that inference is not drawn.)
    """
    led = card_suit(trick[0])
    if card_suit(card) == led:
        return None
    if is_trump_mode(mode) and card_suit(card) == mode and led != mode:
        return None
    return led


def ref_may_hold(card: int, void_suits: set[int], mode: int) -> bool:
    """Whether a player who has shown voids in ``void_suits`` (:func:`ref_void_shown`) may still
    hold ``card``: not in a void suit, except the Buur after a trump void."""
    suit = card_suit(card)
    return suit not in void_suits or (is_trump_mode(mode) and suit == mode and card == card_index(mode, JACK))


# ---------------------------------------------------------------------------------------------
# Melds
# ---------------------------------------------------------------------------------------------

class Meld(NamedTuple):
    """One meld (annonce, Weis).

    Attributes
    ----------
    kind : str
        ``'run'`` or ``'four'``.
    cards : tuple of int
        The meld's cards, sorted increasingly.
    points : int
        Its value under the rule set.
    """

    kind: str
    cards: tuple[int, ...]
    points: int


def ref_run_points(length: int, rules: RuleSet) -> int:
    """Points of a run of ``length`` cards (0 below 3).

    RULES.md "Melds": "3 cards 20, 4 cards 50, 5 cards 100. Longer runs: (option) chibre: 100 for
    5 or more; schieber: 6 → 150, 7 → 200, 8 → 250, 9 → 300." (``rules.run_points[length - 3]``)
    """
    if length < 3:
        return 0
    return rules.run_points[length - 3]


def ref_four_points(rank: int, rules: RuleSet) -> int:
    """Points of four of a kind of natural ``rank`` (0 = not a meld).

    RULES.md "Melds": "Four of a kind: four 10s, Qs, Ks or As 100; four 9s 150; four Js 200. Four
    6s, 7s or 8s: nothing (option: 100 each)." (``rules.four_points[rank]``)
    """
    return rules.four_points[rank]


def _run_meld(cards: list[int], rules: RuleSet) -> Meld:
    cards = tuple(sorted(cards))
    return Meld("run", cards, ref_run_points(len(cards), rules))


def _four_meld(rank: int, rules: RuleSet) -> Meld:
    cards = tuple(card_index(suit, rank) for suit in range(4))
    return Meld("four", cards, ref_four_points(rank, rules))


def _maximal_runs(cards: set[int], rules: RuleSet) -> list[Meld]:
    """The maximal runs of 3 or more consecutive cards of one suit among ``cards``.

    RULES.md "Melds": "Runs in one suit, natural order 6 7 8 9 10 J Q K A (the trump J and 9 count
    as plain ranks here)". A held sequence is announced whole (it is not split into two runs).
    """
    runs = []
    for suit in range(4):
        sequence: list[int] = []
        for rank in range(9):  # natural order, whatever the mode
            card = card_index(suit, rank)
            if card in cards:
                sequence.append(card)
            else:
                if len(sequence) >= 3:
                    runs.append(_run_meld(sequence, rules))
                sequence = []
        if len(sequence) >= 3:
            runs.append(_run_meld(sequence, rules))
    return runs


def _held_fours(hand: set[int], rules: RuleSet) -> list[Meld]:
    """Four-of-a-kinds held in ``hand`` that are worth more than 0 points."""
    fours = []
    for rank in range(9):
        meld = _four_meld(rank, rules)
        if meld.points > 0 and set(meld.cards) <= set(hand):
            fours.append(meld)
    return fours


def ref_all_melds(hand: set[int], rules: RuleSet) -> list[Meld]:
    """Every candidate meld in ``hand``.

    RULES.md "Melds": runs of 3 or more consecutive cards in one suit, natural order; four of a
    kind (only those worth > 0 points under ``rules.four_points``).

    Every run means every window of 3 or more consecutive held cards of one suit (so a held
    7-8-9-10 gives 7-8-9, 8-9-10 and 7-8-9-10), since removing a four-of-a-kind card can leave
    any such window as a maximal run.

    Returns
    -------
    list of Meld
        Sorted by ``(kind, cards)``.
    """
    hand = set(hand)
    melds = []
    for suit in range(4):
        for low in range(9):
            for high in range(low + 2, 9):
                cards = [card_index(suit, r) for r in range(low, high + 1)]
                if all(c in hand for c in cards):
                    melds.append(_run_meld(cards, rules))
    melds.extend(_held_fours(hand, rules))
    return sorted(melds, key=lambda m: (m.kind, m.cards))


def ref_meld_key(meld: Meld, mode: int) -> tuple[int, int, int, int]:
    """Comparison key of a meld, without the seat order (bigger is better).

    RULES.md "Melds": "Best = more points; then more cards; then higher top card (natural order;
    for four of a kind, its rank; in une-ufe the order is reversed, so 6-7-8 beats 7-8-9); then a
    meld in the trump suit".

    Returns
    -------
    tuple
        ``(points, number of cards, top-card value, in-trump-suit flag)``; top-card value is the
        natural rank of the run's highest card or the four's rank, and in une-ufe ``8 - lowest
        rank`` (run) or ``8 - rank`` (four); the flag is 1 for a run in the trump suit.
    """
    ranks = [card_rank(c) for c in meld.cards]
    if meld.kind == "four":
        rank = ranks[0]
        top = 8 - rank if mode == UNE_UFE else rank
        in_trump = 0
    else:
        top = 8 - min(ranks) if mode == UNE_UFE else max(ranks)
        suit = card_suit(meld.cards[0])
        in_trump = 1 if is_trump_mode(mode) and suit == mode else 0
    return (meld.points, len(meld.cards), top, in_trump)


def ref_announcement(hand: set[int], rules: RuleSet, mode: int) -> list[Meld]:
    """The melds a player announces: the disjoint set of melds with the most points.

    RULES.md "Melds": "A card belongs to at most one meld; a player announces the set of melds with
    the most points."

    Shared decision (RULES.md is silent): for every subset of the held four-of-a-kinds (worth > 0),
    the runs are the maximal sequences of 3+ cards left after removing that subset's cards. Keep
    the subset with the most total points; on a tie prefer the best single meld by
    :func:`ref_meld_key`, then more melds, then the lexicographically smallest sorted list of
    card tuples.

    Returns
    -------
    list of Meld
        Sorted by ``cards``; empty when the hand has no meld.
    """
    hand = set(hand)
    fours = _held_fours(hand, rules)
    best_melds: list[Meld] = []
    best_rank = None
    for size in range(len(fours) + 1):
        for chosen in combinations(fours, size):
            used = set()
            for four in chosen:
                used |= set(four.cards)
            melds = list(chosen) + _maximal_runs(hand - used, rules)
            if not melds:
                continue
            total = sum(m.points for m in melds)
            best_key = max(ref_meld_key(m, mode) for m in melds)
            rank = (total, best_key, len(melds))  # bigger is better
            card_lists = sorted(m.cards for m in melds)  # smaller is better (last resort)
            if (best_rank is None or rank > best_rank
                    or (rank == best_rank and card_lists < sorted(m.cards for m in best_melds))):
                best_rank = rank
                best_melds = melds
    return sorted(best_melds, key=lambda m: m.cards)


def ref_meld_winner(announcements: list[list[Meld]], mode: int, first_leader: int) -> int | None:
    """Team (0 or 1) holding the single best meld, or None when nobody melds.

    RULES.md "Melds": "Comparison: the team holding the single best meld scores all melds of both
    its players; the other team scores no meld. Best = more points; then more cards; then higher
    top card ...; then a meld in the trump suit; then the meld announced first in playing order
    from the first leader."

    Parameters
    ----------
    announcements : list of 4 lists of Meld
        Announcement of seats 0..3.
    mode : int
    first_leader : int
        Seat that leads the first trick of the round.
    """
    best = None  # (key, seat)
    for i in range(4):  # playing order from the first leader: an earlier seat wins ties
        seat = (first_leader + i) % 4
        for meld in announcements[seat]:
            key = ref_meld_key(meld, mode)
            if best is None or key > best[0]:
                best = (key, seat)
    if best is None:
        return None
    return best[1] % 2


def ref_has_stoeck(hand: set[int], mode: int) -> bool:
    """True when ``hand`` holds the K and Q of trump.

    RULES.md "Melds": "Stöck: K and Q of trump in one hand, 20 points, scored whatever the
    comparison; there is no stöck in obe-abe or une-ufe."
    """
    if not is_trump_mode(mode):
        return False
    return card_index(mode, KING) in hand and card_index(mode, QUEEN) in hand


# ---------------------------------------------------------------------------------------------
# Round modes (issue 53; docs/rules.md "Coiffeur modes")
# ---------------------------------------------------------------------------------------------

_WORD_MODE = {"H": HEARTS, "D": DIAMONDS, "S": SPADES, "C": CLUBS, "OBE": OBE_ABE, "UNE": UNE_UFE}


def ref_trick_mode(mode: int, t: int) -> int:
    """The mode (0..5) in which trick ``t`` (0..8) of a round in round mode ``mode`` is played.

    docs/rules.md "Coiffeur modes": "Slalom: Obenabe and Undenufe alternate trick by trick;
    Slalom-Obe starts with Obenabe, Slalom-Une with Undenufe." "Guschti-Obe: 5 tricks Obenabe then
    4 Undenufe (Guschti-Une the reverse)." "3x3 (Trio): 3 tricks trump, 3 Undenufe, 3 Obenabe in the
    declarer's order", named by its blocks in play order (TRIO-H-UNE-OBE). "Misère is played as
    Obenabe, Undenufe or Slalom (Obenabe first)."
    """
    if mode < 6:
        return mode
    words = ROUND_MODE_NAMES[mode].split("-")
    kind, rest = words[0], words[1:]
    if kind == "MISERE":
        kind, rest = ("SLALOM", ["OBE"]) if rest == ["SLALOM"] else ("PLAIN", rest)
    first = _WORD_MODE[rest[0]]
    other = UNE_UFE if first == OBE_ABE else OBE_ABE
    if kind == "PLAIN":
        return first
    if kind == "SLALOM":
        return first if t % 2 == 0 else other
    if kind == "GUSCHTI":
        return first if t < 5 else other
    assert kind == "TRIO" and len(rest) == 3, ROUND_MODE_NAMES[mode]
    return _WORD_MODE[rest[t // 3]]


def ref_is_misere(mode: int) -> bool:
    """docs/rules.md: "Misère: each team is credited with the points its opponents make"."""
    return ROUND_MODE_NAMES[mode].startswith("MISERE")


def ref_meld_mode(mode: int) -> int:
    """The mode naming the trump for Weis and Stöck: the Trio's trump suit, else the first trick's mode."""
    modes = [ref_trick_mode(mode, t) for t in range(9)]
    return next((m for m in modes if is_trump_mode(m)), modes[0])


# ---------------------------------------------------------------------------------------------
# A round
# ---------------------------------------------------------------------------------------------

def _check_hands(hands: list[set[int]]) -> None:
    """Reject anything but four disjoint 9-card hands covering the deck (RULES.md "Cards")."""
    if len(hands) != 4 or any(len(h) != 9 for h in hands):
        raise ValueError(f"need four hands of 9 cards, got sizes {[len(h) for h in hands]}")
    if set().union(*hands) != DECK:
        raise ValueError("the four hands must hold the 36 cards, each once")


def ref_play_round(hands: list[set[int]], mode: int, leader: int,
                   choose: Callable[[int, set[int], set[int], list[int]], int]
                   ) -> list[tuple[int, list[int]]]:
    """Play the 9 tricks of a round.

    RULES.md "Cards and notation": "Seats 0..3 in playing order (seat i+1 plays after seat i)."
    RULES.md "Trick play": legal cards (:func:`ref_legal_moves`), the winner
    (:func:`ref_trick_winner`), and "The winner leads the next trick."

    Parameters
    ----------
    hands : list of 4 sets of int
        Hands before play (not modified).
    mode : int
    leader : int
        Seat that leads the first trick.
    choose : callable
        ``choose(seat, legal, hand, trick) -> card``; gets copies of the legal set, the hand and
        the cards already in the trick. Must return a card of ``legal``.

    Returns
    -------
    list of (int, list of int)
        For each trick, its leader and its cards in play order.
    """
    hands = [set(h) for h in hands]
    tricks = []
    round_mode = mode
    for t in range(9):
        mode = ref_trick_mode(round_mode, t)  # each trick in its own mode (issue 53)
        trick: list[int] = []
        for i in range(4):
            seat = (leader + i) % 4
            legal = ref_legal_moves(hands[seat], trick, mode)
            card = choose(seat, set(legal), set(hands[seat]), list(trick))
            if card not in legal:
                raise ValueError(f"seat {seat} chose card {card}, "
                                 f"not one of the legal cards {sorted(legal)}")
            hands[seat].remove(card)
            trick.append(card)
        tricks.append((leader, trick))
        leader = (leader + ref_trick_winner(trick, mode)) % 4
    return tricks


def ref_trick_taker(trick_leader: int, cards: list[int], mode: int) -> int:
    """Seat that takes a trick led by ``trick_leader`` (cards in play order)."""
    return (trick_leader + ref_trick_winner(cards, mode)) % 4


def ref_score_round(hands: list[set[int]], tricks: list[tuple[int, list[int]]], mode: int,
                    rules: RuleSet, first_leader: int) -> list[dict]:
    """Score one round for both teams.

    RULES.md "Scoring and game end": "Round points for a team: card points + melds + stöck (+100
    match), times the mode multiplier." RULES.md "Melds": the meld-winning team scores the melds of
    both its players, stöck is scored whatever the comparison, and "After a match, the beaten
    team's melds and stöck do not count." RULES.md "Card points": "Match (one team takes all 9
    tricks): +100".

    Parameters
    ----------
    hands : list of 4 sets of int
        The 9-card hands before play.
    tricks : list of (leader, cards)
        As returned by :func:`ref_play_round`.
    mode : int
    rules : RuleSet
    first_leader : int

    Returns
    -------
    list of 2 dict
        For teams 0 and 1: ``cards``, ``melds``, ``stoeck``, ``match`` (unmultiplied) and
        ``total`` (multiplied).
    """
    teams = [dict(cards=0, melds=0, stoeck=0, match=0, total=0) for _ in range(2)]
    tricks_taken = [0, 0]
    for i, (leader, cards) in enumerate(tricks):
        trick_mode = ref_trick_mode(mode, i)
        team = ref_trick_taker(leader, cards, trick_mode) % 2
        teams[team]["cards"] += ref_trick_points(cards, trick_mode, last=(i == len(tricks) - 1))
        tricks_taken[team] += 1

    meld_mode = ref_meld_mode(mode)
    if rules.weis:  # docs/rules.md "Coiffeur": no Weis, no Stöck
        announcements = [ref_announcement(h, rules, meld_mode) for h in hands]
        meld_team = ref_meld_winner(announcements, meld_mode, first_leader)
        if meld_team is not None:
            teams[meld_team]["melds"] = sum(m.points for seat in (meld_team, meld_team + 2)
                                            for m in announcements[seat])

    for seat in range(4):
        if rules.stoeck and ref_has_stoeck(hands[seat], meld_mode):
            teams[seat % 2]["stoeck"] += STOECK_POINTS

    for team in range(2):
        if tricks_taken[team] == 9:
            teams[team]["match"] = MATCH_BONUS
            beaten = teams[1 - team]
            beaten["melds"] = 0
            beaten["stoeck"] = 0

    mult = rules.multipliers[mode] if mode < 6 else 1  # a Coiffeur category's multiplier is the match's
    for t in teams:
        t["total"] = (t["cards"] + t["melds"] + t["stoeck"] + t["match"]) * mult
    if ref_is_misere(mode):  # each team is credited with what its opponents made
        teams[0]["total"], teams[1]["total"] = teams[1]["total"], teams[0]["total"]
    return teams


def ref_round_credits(hands: list[set[int]], tricks: list[tuple[int, list[int]]], mode: int,
                      rules: RuleSet, first_leader: int) -> list[tuple[int, int]]:
    """The round's points as a list of ``(team, points)`` credits, in the order they count.

    RULES.md "Scoring and game end": "'Premier sorti' (default): in the deciding round points count
    in this order — melds, then stöck, then each trick as it is taken — and the first team to reach
    the target wins at once." The match bonus (+100) comes after the last trick. Each credit is
    already multiplied by the mode multiplier. Credits of 0 points are omitted.

    These are the credits *as the round unfolds*: a team that is later beaten by a match still
    has its melds and stöck credited here (the match voids them only at the end of the round;
    see :func:`ref_score_round`).
    """
    mult = rules.multipliers[mode]
    credits = []
    announcements = [ref_announcement(h, rules, mode) for h in hands]
    meld_team = ref_meld_winner(announcements, mode, first_leader)
    if meld_team is not None:
        points = sum(m.points for seat in (meld_team, meld_team + 2) for m in announcements[seat])
        credits.append((meld_team, points * mult))
    for seat in range(4):
        if ref_has_stoeck(hands[seat], mode):
            credits.append((seat % 2, STOECK_POINTS * mult))
    tricks_taken = [0, 0]
    for i, (leader, cards) in enumerate(tricks):
        team = ref_trick_taker(leader, cards, mode) % 2
        tricks_taken[team] += 1
        credits.append((team, ref_trick_points(cards, mode, last=(i == len(tricks) - 1)) * mult))
    for team in range(2):
        if tricks_taken[team] == 9:
            credits.append((team, MATCH_BONUS * mult))
    return [(team, points) for team, points in credits if points > 0]


# ---------------------------------------------------------------------------------------------
# A game
# ---------------------------------------------------------------------------------------------

def ref_first_chooser(hands: list[set[int]]) -> int:
    """Seat holding the ♦7.

    RULES.md "Choosing the mode": "First round: the holder of ♦7 chooses and leads the first trick."
    """
    for seat, hand in enumerate(hands):
        if DIAMOND_SEVEN in hand:
            return seat
    raise ValueError("nobody holds the ♦7")


def ref_choose_mode(chooser: int, hands: list[set[int]], rules: RuleSet, may_chibre: bool,
                    choose_mode: Callable[[int, set[int], bool], object]) -> tuple[int, int]:
    """Ask the chooser (and after "chibre" the partner) for the mode.

    RULES.md "Choosing the mode": "The chooser may say 'chibre': the partner must then choose; the
    chooser still leads the first trick. The partner may not pass back." RULES.md "Modes": the
    mode must be one the rule set allows (``rules.modes``).

    Returns
    -------
    (mode, seat that picked it)
    """
    answer = choose_mode(chooser, set(hands[chooser]), may_chibre)
    picker = chooser
    if answer == "chibre":
        if not may_chibre:
            raise ValueError(f"seat {chooser} may not chibre in this round")
        picker = (chooser + 2) % 4
        answer = choose_mode(picker, set(hands[picker]), False)
        if answer == "chibre":
            raise ValueError(f"seat {picker} may not pass the choice back")
    if answer not in rules.modes:
        raise ValueError(f"seat {picker} chose mode {answer!r}, not one of {rules.modes}")
    return int(answer), picker


def ref_game(rules: RuleSet, deal_hands: Callable[[int], list[set[int]]],
             choose_mode: Callable[[int, set[int], bool], object],
             choose: Callable[[int, set[int], set[int], list[int]], int]) -> dict:
    """Play a whole game.

    RULES.md "Choosing the mode": "First round: the holder of ♦7 chooses and leads the first trick.
    Later rounds: the player after the previous chooser." Chibre as in :func:`ref_choose_mode`;
    chibre is allowed in the first round only when ``rules.chibre_first_round``.
    RULES.md "Scoring and game end": round points (:func:`ref_score_round`); target
    (``rules.target``); "'Premier sorti' (default): in the deciding round points count in this
    order — melds, then stöck, then each trick as it is taken — and the first team to reach the
    target wins at once. (option: 'plus grand écart': play the round out, the higher total
    wins.)"; "Rubicon: the losing team has less than half the target."

    Decisions (RULES.md is silent):

    * the previous chooser is the seat that had the choice first (who may have said chibre);
    * premier sorti: every round is credited in the order of :func:`ref_round_credits`; the first
      team whose score reaches ``rules.target`` wins with the scores of that moment; a round in
      which nobody reaches it adds the :func:`ref_score_round` totals;
    * plus grand écart: after each full round, if a team has reached the target the higher total
      wins; equal totals: the team that took the last trick of that round wins;
    * rubicon: ``2 * loser_score < rules.target``.

    Parameters
    ----------
    rules : RuleSet
    deal_hands : callable
        ``deal_hands(round_index) -> list of 4 sets`` (round_index from 0).
    choose_mode : callable
        ``choose_mode(seat, hand, may_chibre) -> mode or 'chibre'``.
    choose : callable
        Card chooser, as in :func:`ref_play_round`.

    Returns
    -------
    dict
        ``winner`` (team), ``scores`` ([team 0, team 1]), ``rounds`` (rounds played, the last one
        possibly unfinished under premier sorti), ``rubicon`` (bool).
    """
    scores = [0, 0]
    chooser = None
    round_index = 0
    while True:
        hands = [set(h) for h in deal_hands(round_index)]
        _check_hands(hands)
        if round_index == 0:
            chooser = ref_first_chooser(hands)
            may_chibre = rules.chibre_first_round
        else:
            chooser = (chooser + 1) % 4
            may_chibre = True
        mode, _picker = ref_choose_mode(chooser, hands, rules, may_chibre, choose_mode)
        leader = chooser  # "the chooser still leads the first trick"
        tricks = ref_play_round(hands, mode, leader, choose)
        round_index += 1

        round_scores = ref_score_round(hands, tricks, mode, rules, leader)
        if rules.premier_sorti:
            running = list(scores)
            for team, points in ref_round_credits(hands, tricks, mode, rules, leader):
                running[team] += points
                if running[team] >= rules.target:
                    return _game_result(team, running, round_index, rules)
            # nobody went out: the round adds its normal totals (match voiding included)
            scores = [s + r["total"] for s, r in zip(scores, round_scores)]
        else:
            scores = [s + r["total"] for s, r in zip(scores, round_scores)]
            if max(scores) >= rules.target:
                if scores[0] != scores[1]:
                    winner = 0 if scores[0] > scores[1] else 1
                else:
                    last_leader, last_cards = tricks[-1]
                    winner = ref_trick_taker(last_leader, last_cards, mode) % 2
                return _game_result(winner, scores, round_index, rules)


def _game_result(winner: int, scores: list[int], rounds: int, rules: RuleSet) -> dict:
    """Result dict; RULES.md: "Rubicon: the losing team has less than half the target."."""
    loser_score = scores[1 - winner]
    return {"winner": winner, "scores": list(scores), "rounds": rounds,
            "rubicon": 2 * loser_score < rules.target}


# ---------------------------------------------------------------------------------------------
# Double dummy: brute-force minimax
# ---------------------------------------------------------------------------------------------

def ref_solve(hands: list[set[int]], mode: int, leader: int, full_round: bool
              ) -> tuple[int, int, dict[int, int]]:
    """Points each team makes when all four players see all hands and play perfectly.

    Plain minimax over every legal card (no pruning). Each team maximises its points minus the
    other team's: card points of the remaining tricks (:func:`ref_trick_points`, 5 for the last
    trick), and, when ``full_round``, RULES.md "Match (one team takes all 9 tricks): +100" for the
    team that takes every trick of the position. Memoised on the trick-boundary state only.

    Parameters
    ----------
    hands : list of 4 sets of int
        Cards of seats 0..3, all the same size.
    mode : int
    leader : int
        Seat that leads the first trick of the position.
    full_round : bool
        Whether the match bonus counts (a full round of 9 tricks).

    Returns
    -------
    (int, int, dict)
        Team 0 points, team 1 points, and for each legal card of the leader the leader's team's
        points after that card with perfect play.
    """
    memo: dict = {}

    def boundary(hands_t, lead, won):
        """Best (team0, team1) future points from a trick boundary; ``won[t]``: team t has won a
        trick already."""
        if not hands_t[0]:
            return (0, 0)
        key = (hands_t, lead, won)
        if key not in memo:
            memo[key] = in_trick([set(h) for h in hands_t], lead, [], won)
        return memo[key]

    def in_trick(hs, lead, trick, won):
        seat = (lead + len(trick)) % 4
        team = seat % 2
        best = None
        for card in sorted(ref_legal_moves(hs[seat], trick, mode)):
            outcome = after(hs, lead, trick, won, seat, card)
            if best is None or (outcome[team] - outcome[1 - team]) > (best[team] - best[1 - team]):
                best = outcome
        return best

    def after(hs, lead, trick, won, seat, card):
        hs = [set(h) for h in hs]
        hs[seat].remove(card)
        trick = trick + [card]
        if len(trick) < 4:
            return in_trick(hs, lead, trick, won)
        winner = (lead + ref_trick_winner(trick, mode)) % 4
        last = not hs[0]
        points = ref_trick_points(trick, mode, last)
        won_now = tuple(w or (t == winner % 2) for t, w in enumerate(won))
        future = list(boundary(tuple(frozenset(h) for h in hs), winner, won_now))
        future[winner % 2] += points
        if last and full_round and not won_now[1 - winner % 2]:
            future[winner % 2] += MATCH_BONUS
        return tuple(future)

    hands = [set(h) for h in hands]
    start = (False, False)
    team0, team1 = boundary(tuple(frozenset(h) for h in hands), leader, start)
    moves = {}
    for card in sorted(ref_legal_moves(hands[leader], [], mode)):
        outcome = after(hands, leader, [], start, leader, card)
        moves[card] = outcome[leader % 2]
    return team0, team1, moves
