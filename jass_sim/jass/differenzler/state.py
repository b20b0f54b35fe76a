"""A Differenzler round as a :class:`~jass_sim.core.state.State`: four announcements, nine tricks.

Actions (:meth:`DifferenzlerState.legal`):

* the four numbers, ``"0"`` .. ``"157"``, in turn from the player after the dealer, the dealer last
  (with secret announcements the state still takes them in this order; what a seat may see of the
  others' numbers is the players' business, not the rules');
* then the 36 cards, one card code each (``HJ``, ``DT``, ...) by the seat to play; the player after
  the dealer leads the first trick.

Every card goes through chibre's one play step (:func:`~jass_sim.jass.rules._tricks.legal_follow`,
:func:`~jass_sim.jass.rules._tricks.play_card`, :func:`~jass_sim.jass.rules._tricks.trick_taken`) with
the bottom card's suit as the mode, as the compiled round (:mod:`._kernels`) plays it. No Weis, no
Stöck, no Matsch bonus.

``returns()``: minus each seat's penalty once the round is over (0 before: a penalty exists only
when the points are all made), per seat 0..3.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.notation import cards_to_mask
from jass_sim.core.state import IllegalAction, State
from jass_sim.jass.cards import MODE_NAMES, format_card, mask_to_cards, parse_card
from jass_sim.jass.differenzler.rules import (
    MAX_BID,
    PRESETS,
    ROUND_POINTS,
    DifferenzlerRules,
    bidding_order,
    get_rules,
    penalty,
    trump_of,
)
from jass_sim.jass.rules.state import TrickWalk, checked_card, legal_card_mask

__all__ = ["DifferenzlerState"]

_BIDS = [str(b) for b in range(MAX_BID + 1)]


def _check_deal(hands, dealer, trump_card) -> list[list[int]]:
    if len(hands) != 4 or any(len(h) != 9 for h in hands):
        raise InputError("a Differenzler deal is four hands of nine cards", str([len(h) for h in hands]))
    cards = [int(c) for h in hands for c in h]
    if sorted(cards) != list(range(36)):
        raise InputError("a Differenzler deal holds each of the 36 cards once", str(cards))
    if dealer not in range(4):
        raise InputError(f"the dealer must be a seat 0..3, got {dealer!r}", str(dealer))
    if trump_card not in hands[dealer]:
        raise InputError(f"the trump card {format_card(trump_card)} is not in the dealer's hand",
                         format_card(trump_card))
    return [sorted(int(c) for c in h) for h in hands]


class DifferenzlerState(TrickWalk, State):
    """A Differenzler round from the deal: the announcements, then nine tricks.

    Parameters
    ----------
    hands : list of 4 lists of int
        The deal, seat 0 first.
    dealer : int
        The dealer (0..3).
    trump_card : int
        The bottom card, in the dealer's hand; its suit is trump.
    rules : str or DifferenzlerRules
        A preset (``differenzler``, ``differenzler-jw``) or the preset with ``open`` set.
    """

    game = "jass"

    def __init__(self, hands, dealer: int, trump_card: int, rules: str | DifferenzlerRules = "differenzler"):
        super().__init__()
        self.rules = get_rules(rules)
        if PRESETS.get(self.rules.name, None) not in (self.rules, self.rules.replace(open=False)):
            raise InputError(f"a Differenzler state takes a preset ({', '.join(PRESETS)}) with open or secret "
                             f"announcements, not changed rules", self.rules.name)
        self.dealt = _check_deal(hands, int(dealer), int(trump_card))
        self.dealer = int(dealer)
        self.trump_card = int(trump_card)
        #: The trump suit (0..3), also the mode of the play step.
        self.trump = trump_of(self.trump_card)
        self.order = bidding_order(self.dealer)
        #: The numbers announced so far, by seat (None: not yet).
        self.bids: list[int | None] = [None] * 4
        self._initial = np.array([cards_to_mask(h) for h in self.dealt], dtype=np.uint64)
        self._start_tricks(self._initial.copy(), self.order[0])
        #: Each seat's card points so far (the last trick's 5 included).
        self.made = [0, 0, 0, 0]

    # -- the round so far ------------------------------------------------------------------------------

    @property
    def announcing(self) -> bool:
        """Whether numbers are still to be announced."""
        return any(b is None for b in self.bids)

    def penalties(self) -> list[int]:
        """Each seat's penalty (the round must be over)."""
        if not self.is_terminal():
            raise InputError("the round is not over: no penalty yet", str(len(self.history)))
        return [penalty(self.bids[s], self.made[s], self.rules.exact_bonus) for s in range(4)]

    # -- the protocol -----------------------------------------------------------------------------------

    def to_move(self) -> int:
        if self.is_terminal():
            return -1
        if self.announcing:
            return next(s for s in self.order if self.bids[s] is None)
        return int(self.trace[self._t, 0] + self._n_in) & 3

    def is_terminal(self) -> bool:
        return self._t == 9

    def legal(self) -> list[str]:
        if self.is_terminal():
            return []
        if self.announcing:
            return list(_BIDS)
        return [format_card(c) for c in mask_to_cards(self._legal_mask(self.to_move()))]

    def _legal_mask(self, seat: int):
        return legal_card_mask(self._hands[seat], self._trick, self._n_in, self.trump)

    def normalise(self, action: str) -> str:
        """A number without leading zeros, or a card code (``HJ``, also ``h10``, ``♠A``)."""
        text = " ".join(str(action).split())
        if text.isascii() and text.isdigit():
            return str(int(text))
        try:
            return format_card(parse_card(text))
        except InputError:
            raise IllegalAction(f"{text!r} is neither a number nor a card", text) from None

    def verify(self, action: str) -> str:
        """The canonical action if it is legal here; else :class:`IllegalAction` naming the rule."""
        canonical = self.normalise(action)
        if self.is_terminal():
            raise IllegalAction(f"the round is over after 36 cards; {canonical} is one too many", canonical)
        seat = self.to_move()
        if canonical.isdigit():
            if not self.announcing:
                raise IllegalAction(f"the numbers are announced: seat {seat} plays a card", canonical)
            if int(canonical) > MAX_BID:
                raise IllegalAction(f"a number is 0 to {MAX_BID} points, not {canonical}", canonical)
            return canonical
        if self.announcing:
            raise IllegalAction(f"seat {seat} announces its number (0 to {MAX_BID}) first, not a card", canonical)
        checked_card(seat, canonical, self._played, self._hands[seat], self._trick, self._n_in, self.trump)
        return canonical

    def _do(self, action: str) -> None:
        if action.isdigit():
            self.bids[self.to_move()] = int(action)
        else:
            self._play(parse_card(action))

    def _play(self, card: int) -> None:
        taken = self._step(card, self.trump)
        if taken is not None:
            winner, points = taken
            self.made[winner] += points

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0, 0.0, 0.0]
        return [float(-p) for p in self.penalties()]

    def cards_dealt(self) -> list[str]:
        """All 36 cards: the whole deck is dealt before the announcements."""
        return [format_card(c) for h in self.dealt for c in h]

    def fixed_totals(self) -> dict[str, tuple[float, float]]:
        """Every card held or played (36) at every step; the trump card in the dealer's hand at the
        deal; at the end the 157 card points (the last trick's 5 included, a Matsch no more), nine
        tricks, and each seat's penalty ``|number - made|`` less the exact bonus."""
        held = sum(len(mask_to_cards(h)) for h in self._hands)
        totals = {"cards held or played": (36.0, float(held + len(self.cards_played()))),
                  "trump card dealt to the dealer": (1.0, float(self.trump_card in self.dealt[self.dealer]))}
        if self.is_terminal():
            totals["card points"] = (float(ROUND_POINTS), float(sum(self.made)))
            totals["tricks"] = (9.0, float(len(self.tricks)))
            bonus = self.rules.exact_bonus
            for s in range(4):
                b, m = self.bids[s], self.made[s]
                totals[f"seat {s} penalty"] = (float(abs(b - m) - (bonus if b == m else 0)), float(self.penalties()[s]))
        return totals

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "variant": "differenzler", "rules": self.rules.name, "open": self.rules.open,
                "hands": [[format_card(c) for c in h] for h in self.dealt], "dealer": self.dealer,
                "trump_card": format_card(self.trump_card), "trump": MODE_NAMES[self.trump],
                "history": list(self.history)}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> DifferenzlerState:
        rules = get_rules(doc["rules"], open=bool(doc.get("open", False)))
        state = cls([[parse_card(c) for c in h] for h in doc["hands"]], doc["dealer"], parse_card(doc["trump_card"]),
                    rules)
        for action in doc["history"]:
            state.apply(action)
        return state
