"""Adapter between jass-sim's encoding and the outside reference jass-kit 2.0.5 (import name ``jass``).

Where jass-kit's rules differ from docs/rules.md (RULES.md; found by reading jass-kit's source,
``jass/game/rule_schieber.py``, ``const.py``, ``game_sim.py``, ``arena/arena.py``; each checked by running it)
=================================================================================================================

Trick level (what ``jk_legal_moves``, ``jk_trick_winner`` and ``jk_trick_points`` can disagree on)

D1  Undertrumping, 4th card, two trumps already in the trick (class ``JK_UNDERTRUMP_REFERENCE``).
    ``RuleSchieber.get_valid_cards``: when a plain suit is led, it measures "lower trump" against a
    reference trump picked from trick positions 1 and 2 by jass-kit card *index* (comment "lowest trump
    played": the larger index, i.e. the lower rank in *plain* order A K Q J 10 9 8 7 6), not against the
    highest trump in the trick.  With two trumps in the trick the reference is therefore the lower trump
    (e.g. H6 with HA), or, when J or 9 is involved, whichever has the lower plain rank (HJ with H9 or
    H10: reference H9/H10, not the Buur).  jass-kit then also allows the trumps ranking between the
    reference and the highest trump.  It is never stricter than RULES.md (the reference is one of the
    trumps, so never above the highest one): every disagreement is a card jass-kit allows and RULES.md
    forbids.  It needs a trick with two trumps, so only the 4th player is affected, and only when the
    4th player holds such an in-between trump and does not hold only trumps.
      Position (mode ♥ trump; seats 0..3 play S6, H6, HA; seat 3 holds H7 S7 D6):
        jass-kit legal {S7, H7}; RULES.md legal {S7}.
      Position (mode ♥; trick S6, HJ, H6 -- seat 2 held only trumps; seat 3 holds H9 S7 D6):
        jass-kit legal {S7, H9}; RULES.md legal {S7}.
      Position (mode ♥; trick S6, HJ, H10; seat 3 holds HA D6, no spade):
        jass-kit legal {HA, D6}; RULES.md legal {D6}.
    Decided by RULES.md, "Trick play": "no undertrumping: once a trump is in a trick led in another suit,
    a trump lower than the highest trump in the trick may not be played, unless the player holds only
    trumps (then any trump); this holds whether or not the player can follow suit".
    ``undertrump_reference_differs(trick, mode)`` tells whether a position is in this class.

    Everything else at trick level agrees with RULES.md (checked against a throwaway independent
    implementation of RULES.md: ~220,000 positions per mode reached by legal random play and 120,000
    arbitrary positions per mode; every legal-move disagreement was in class D1 with jass-kit allowing
    more, and trick winners and points never disagreed):
    - legal moves: leader plays anything; follow suit or trump; no suit -> anything except lower trumps;
      only trumps -> any trump; trump led -> must play trump unless the only trump is the Buur;
      obe-abe / une-ufe: follow suit if possible, else anything.
    - trick winner: highest trump (J 9 A K Q 10 8 7 6), else highest of the led suit; une-ufe 6 highest.
    - card points: table ``jass.game.const.card_values`` equals RULES.md in all six modes (plain A11 K4 Q3
      J2 10=10; trump J20 9=14; obe-abe 8=8; une-ufe 6=11, A=0, 8=8), 152 per mode, +5 last trick.

Round / game level (not reachable through the trick wrappers; matter for whole-round comparisons)

D2  No match bonus.  ``GameSim._end_trick`` only adds trick points: one team taking all 9 tricks scores
    157, RULES.md "Card points": "Match (one team takes all 9 tricks): +100, so 257".
D3  No melds (Weis) and no stöck at all (``GameSim``/``GameState`` have no such fields).  RULES.md
    "Melds (annonces, Weis)" and "Stöck: K and Q of trump in one hand, 20 points".  E.g. a hand with
    H6 H7 H8 scores 20 more for its team under RULES.md, nothing in jass-kit.
D4  No multipliers, no target, no game end: ``Arena`` plays a fixed number of rounds and records raw card
    points per round.  RULES.md "Scoring and game end" (multipliers, target 1000/1500/2500, premier sorti,
    rubicon).
D5  Choosing the mode: jass-kit is Schieber with a dealer; the forehand player (the one after the
    dealer) chooses or pushes, and ``Arena.play_all_games`` starts with dealer North, so in the first
    round West (jass-kit player 3) chooses whoever holds ♦7.  RULES.md "Choosing the mode (chibre)":
    "First round: the holder of ♦7 chooses and leads the first trick."  The later rotation (the next
    player chooses), the push ("chibre": partner chooses, may not pass back, chooser still leads) and
    push allowed in the first round agree with RULES.md.
D6  Modes: jass-kit has all six (D H S C trump, obe-abe, une-ufe); nothing missing.

Encodings (jass-kit ``jass.game.const``)
========================================
* Cards: jass-kit card = colour * 9 + offset, colours D H S C = 0..3, offsets A K Q J 10 9 8 7 6 = 0..8
  (DA = 0, D6 = 8, HA = 9, C6 = 35).  Ours: suit * 9 + rank, suits H D S C = 0..3, ranks 6..A = 0..8.
  So suit H <-> D are swapped and rank r <-> offset 8 - r.  Sets of cards are one-hot ``int32[36]``.
* Modes: jass-kit trump D H S C = 0..3, OBE_ABE 4, UNE_UFE 5, PUSH 10 (PUSH_ALT 6).  Ours: H D S C 0..3,
  4 obe-abe, 5 une-ufe.  Only the H/D swap differs; PUSH has no mode.
* Players: jass-kit numbers North East South West = 0..3 *clockwise* and plays *counterclockwise*:
  ``next_player = [3, 0, 1, 2]``, i.e. after player p comes p - 1 (mod 4): N, W, S, E.  Ours: seat
  s + 1 plays after seat s.  Hence ``jk = (jk_of_seat0 - seat) % 4``; with the default ``jk_of_seat0 = 0``
  seats 0 1 2 3 are North West South East.  Teams agree (jass-kit teams N+S = 0 and E+W = 1, ours seats
  0+2 and 1+3) for every ``jk_of_seat0``.  ``calc_winner`` returns a jass-kit *player*, computed as
  ``(first_player - position) % 4``; the wrappers here convert it back to a position in the trick.
"""

from __future__ import annotations

import numpy as np
from jass.game import const as jk_const
from jass.game.game_state import GameState
from jass.game.rule_schieber import RuleSchieber

__all__ = [
    "JK_RULE", "KNOWN_DIFFERENCES", "JK_UNDERTRUMP_REFERENCE",
    "card_to_jk", "card_from_jk", "cards_to_jk_onehot", "cards_from_jk_onehot",
    "suit_to_jk", "suit_from_jk", "mode_to_jk", "mode_from_jk",
    "seat_to_jk", "seat_from_jk",
    "jk_legal_moves", "jk_trick_winner", "jk_trick_winner_seat", "jk_trick_points",
    "undertrump_reference_differs", "round_from_jk_state",
]

#: The jass-kit rule object all wrappers call (stateless, shared).
JK_RULE = RuleSchieber()

JK_UNDERTRUMP_REFERENCE = "JK_UNDERTRUMP_REFERENCE"

#: Disagreement classes the differential test may meet, with the RULES.md text that decides them.
KNOWN_DIFFERENCES = {
    JK_UNDERTRUMP_REFERENCE: (
        "jass-kit measures undertrumping against the trump of trick positions 1-2 with the larger "
        "jass-kit card index (lower plain rank), not the highest trump in the trick; it allows the 4th "
        "player trumps between the two. RULES.md, Trick play: 'no undertrumping: once a trump is in a "
        "trick led in another suit, a trump lower than the highest trump in the trick may not be played, "
        "unless the player holds only trumps (then any trump); this holds whether or not the player can "
        "follow suit'."),
    "JK_NO_MATCH_BONUS": "RULES.md, Card points: 'Match (one team takes all 9 tricks): +100, so 257'.",
    "JK_NO_MELDS_NO_STOECK": "RULES.md, Melds (annonces, Weis) and 'Stöck: K and Q of trump in one hand, 20 points'.",
    "JK_FIRST_CHOOSER": "RULES.md, Choosing the mode: 'First round: the holder of ♦7 chooses and leads the first trick.'",
}

# ---------------------------------------------------------------------------------------------------------------
# Encodings
# ---------------------------------------------------------------------------------------------------------------

_SUIT_TO_JK = (jk_const.HEARTS, jk_const.DIAMONDS, jk_const.SPADES, jk_const.CLUBS)  # ours H D S C -> jk
_SUIT_FROM_JK = tuple(_SUIT_TO_JK.index(j) for j in range(4))
_MODE_TO_JK = _SUIT_TO_JK + (jk_const.OBE_ABE, jk_const.UNE_UFE)
_MODE_FROM_JK = {j: m for m, j in enumerate(_MODE_TO_JK)}
_CARD_TO_JK = tuple(_SUIT_TO_JK[c // 9] * 9 + (8 - c % 9) for c in range(36))
_CARD_FROM_JK = tuple(_CARD_TO_JK.index(j) for j in range(36))


def suit_to_jk(suit: int) -> int:
    """jass-kit colour (D H S C = 0..3) of our suit (H D S C = 0..3)."""
    return _SUIT_TO_JK[suit]


def suit_from_jk(colour: int) -> int:
    return _SUIT_FROM_JK[colour]


def mode_to_jk(mode: int) -> int:
    """jass-kit trump code of our mode (0..3 trump H D S C, 4 obe-abe, 5 une-ufe)."""
    return _MODE_TO_JK[int(mode)]


def mode_from_jk(trump: int) -> int:
    """Our mode of a jass-kit trump code; ``PUSH`` (10 or 6) is not a mode and raises ``ValueError``."""
    try:
        return _MODE_FROM_JK[int(trump)]
    except KeyError:
        raise ValueError(f"jass-kit trump code {trump!r} is not a mode (PUSH or undeclared)") from None


def card_to_jk(card: int) -> int:
    """jass-kit card index of our card (e.g. our HJ = 5 -> jass-kit HJ = 12)."""
    return _CARD_TO_JK[int(card)]


def card_from_jk(jk_card: int) -> int:
    return _CARD_FROM_JK[int(jk_card)]


def _as_cards(cards) -> list[int]:
    """Card numbers of a collection of cards or of a bit mask (int / np.uint64)."""
    if isinstance(cards, (int, np.integer)):
        m = int(cards)
        return [c for c in range(36) if m >> c & 1]
    return [int(c) for c in cards]


def cards_to_jk_onehot(cards) -> np.ndarray:
    """jass-kit one-hot ``int32[36]`` of our cards (an iterable of card numbers or a bit mask)."""
    onehot = np.zeros(36, dtype=np.int32)
    for c in _as_cards(cards):
        onehot[_CARD_TO_JK[c]] = 1
    return onehot


def cards_from_jk_onehot(onehot: np.ndarray) -> set[int]:
    """Our card numbers of a jass-kit one-hot array."""
    return {_CARD_FROM_JK[j] for j in np.flatnonzero(onehot)}


def seat_to_jk(seat: int, jk_of_seat0: int = 0) -> int:
    """jass-kit player of our seat: jass-kit plays N(0) W(3) S(2) E(1), i.e. seat s -> (jk_of_seat0 - s) % 4."""
    return (jk_of_seat0 - int(seat)) % 4


def seat_from_jk(player: int, jk_of_seat0: int = 0) -> int:
    return (jk_of_seat0 - int(player)) % 4


# ---------------------------------------------------------------------------------------------------------------
# Wrappers around jass-kit's rule object
# ---------------------------------------------------------------------------------------------------------------

def jk_legal_moves(hand, trick: list[int], mode: int) -> set[int]:
    """Cards of ``hand`` that jass-kit's ``RuleSchieber.get_valid_cards`` allows after ``trick``.

    ``hand``: our card numbers (set / iterable) or a bit mask; ``trick``: our cards already played in this
    trick, in play order (0..3 cards); ``mode``: our mode 0..5.
    """
    trick_jk = [_CARD_TO_JK[int(c)] for c in trick]
    valid = JK_RULE.get_valid_cards(cards_to_jk_onehot(hand), trick_jk, len(trick_jk), mode_to_jk(mode))
    return cards_from_jk_onehot(valid)


def jk_trick_winner(trick: list[int], mode: int) -> int:
    """Position (0..3) in the full ``trick`` of the winning card, by ``RuleSchieber.calc_winner``."""
    if len(trick) != 4:
        raise ValueError(f"a full trick has 4 cards, got {len(trick)}")
    trick_jk = np.array([_CARD_TO_JK[int(c)] for c in trick], dtype=np.int32)
    winner_player = JK_RULE.calc_winner(trick_jk, first_player=0, trump=mode_to_jk(mode))
    # jass-kit: winner player = (first_player - position) % 4, leader = player 0 here
    return seat_from_jk(winner_player, jk_of_seat0=0)


def jk_trick_winner_seat(trick: list[int], leader: int, mode: int) -> int:
    """Our seat winning the full ``trick`` led by our seat ``leader``."""
    return (leader + jk_trick_winner(trick, mode)) % 4


def jk_trick_points(trick: list[int], mode: int, last: bool) -> int:
    """Card points of the full ``trick`` (plus 5 if ``last``), by ``RuleSchieber.calc_points``."""
    trick_jk = np.array([_CARD_TO_JK[int(c)] for c in trick], dtype=np.int32)
    return JK_RULE.calc_points(trick_jk, bool(last), mode_to_jk(mode))


# ---------------------------------------------------------------------------------------------------------------
# Classifying disagreements
# ---------------------------------------------------------------------------------------------------------------

# RULES.md trump order J 9 A K Q 10 8 7 6, as strength by our natural rank 6 7 8 9 T J Q K A.
_TRUMP_STRENGTH = (0, 1, 2, 7, 3, 8, 4, 5, 6)


def undertrump_reference_differs(trick: list[int], mode: int) -> bool:
    """Whether ``trick`` (cards played so far) is in class ``JK_UNDERTRUMP_REFERENCE`` (D1).

    True when a plain suit was led in a trump mode, the cards at positions 1 and 2 are both trumps, and
    the one jass-kit takes as reference (larger jass-kit index) is not the higher trump by RULES.md.
    A legal-move disagreement in such a position additionally needs the player to hold a trump between
    the two and not hold only trumps.
    """
    mode = int(mode)
    if mode >= 4 or len(trick) < 3 or trick[0] // 9 == mode:
        return False
    t1, t2 = int(trick[1]), int(trick[2])
    if t1 // 9 != mode or t2 // 9 != mode:
        return False
    reference = t1 if _CARD_TO_JK[t1] > _CARD_TO_JK[t2] else t2
    highest = t1 if _TRUMP_STRENGTH[t1 % 9] > _TRUMP_STRENGTH[t2 % 9] else t2
    return reference != highest


# ---------------------------------------------------------------------------------------------------------------
# Whole rounds played by jass-kit
# ---------------------------------------------------------------------------------------------------------------

def round_from_jk_state(state: GameState, jk_of_seat0: int | None = None) -> dict:
    """A finished (or partly played) jass-kit round in our encoding, for replaying it through our kernels.

    By default seat 0 is the leader of the first trick.  Returns a dict with ``mode``, ``jk_of_seat0``,
    ``hands`` (list of 4 ``np.uint64`` masks per seat, before the first card), ``leaders``, ``tricks``
    (our cards in play order), ``winners`` (seats), ``points`` (per trick) and ``team_points``
    (jass-kit's totals: index 0 = seats 0+2, 1 = seats 1+3).
    """
    first = int(state.trick_first_player[0])
    if jk_of_seat0 is None:
        jk_of_seat0 = first if first >= 0 else jk_const.next_player[state.dealer]
    hands = [0, 0, 0, 0]
    for p in range(4):
        for j in np.flatnonzero(state.hands[p]):
            hands[seat_from_jk(p, jk_of_seat0)] |= 1 << _CARD_FROM_JK[j]
    leaders, tricks, winners, points = [], [], [], []
    for t in range(9):
        cards = [int(j) for j in state.tricks[t] if j >= 0]
        if not cards:
            break
        leader = seat_from_jk(state.trick_first_player[t], jk_of_seat0)
        for i, j in enumerate(cards):  # put played cards back into the hands
            hands[(leader + i) % 4] |= 1 << _CARD_FROM_JK[j]
        leaders.append(leader)
        tricks.append([_CARD_FROM_JK[j] for j in cards])
        if len(cards) == 4:
            winners.append(seat_from_jk(state.trick_winner[t], jk_of_seat0))
            points.append(int(state.trick_points[t]))
    team_points = [int(state.points[0]), int(state.points[1])]
    if jk_of_seat0 % 2:  # jass-kit team 0 (N+S) is then our team 1
        team_points.reverse()
    return {
        "mode": mode_from_jk(state.trump) if state.trump >= 0 else None,
        "jk_of_seat0": jk_of_seat0,
        "hands": [np.uint64(h) for h in hands],
        "leaders": leaders,
        "tricks": tricks,
        "winners": winners,
        "points": points,
        "team_points": team_points,
    }
