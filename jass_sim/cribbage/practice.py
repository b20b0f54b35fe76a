"""A Cribbage game review's mistakes and blunders as practice positions
(:mod:`jass_sim.core.practice`), built from the review when it is saved.

- A discard: the six cards dealt and whether the crib is the player's (the dealer's); the choices
  are the 15 pairs to throw; the values are the exact expected net points the review saved, of the
  pair thrown and of the best (the others are not rated).
- A pegging card: the cards still in hand, the starter, the count and the cards pegged on it, the
  crib's owner; the choices are the cards that fit on the count; the values are the exact mean
  point differences the review saved of the card pegged and of the best (a card of the same rank
  is the same play and gets the same value; the others are not rated).
"""

from __future__ import annotations

from itertools import combinations

from jass_sim.core.history import PracticePosition
from jass_sim.cribbage.cards import card_value, format_card, parse_cards
from jass_sim.cribbage.game_file import PLAYERS
from jass_sim.cribbage.verdicts import THRESHOLDS

#: The verdicts that make a decision a practice position.
PRACTISED = ("mistake", "blunder")


def practice_positions(rv) -> tuple[PracticePosition, ...]:
    """The practice positions of the review ``rv`` (:class:`jass_sim.cribbage.game_review.CribReview`)."""
    hands = {h.number: h for h in rv.hands}
    out = []
    for d in rv.decisions:
        if d.verdict not in PRACTISED:
            continue
        h = hands[d.hand]
        base = {"hand_number": d.hand, "player": PLAYERS[d.player], "dealer": PLAYERS[h.dealer],
                "crib": "yours" if h.dealer == d.player else "theirs"}
        played, best = " ".join(d.played), " ".join(d.best)
        if d.kind == "discard":
            choices = [f"{a} {b}" for a, b in combinations(d.holding, 2)]
            played, best = _named(played, choices), _named(best, choices)
            known = {played: d.values["taken_net_ev"], best: d.values["best_net_ev"]}
            position = base | {"holding": list(d.holding)}
        else:
            cards = parse_cards(d.holding)
            choices = [format_card(c) for c in cards if card_value(c) + d.count <= 31]
            rank = {format_card(c): format_card(c)[:-1] for c in cards}
            taken, top = rank[played], rank[best]
            known = {c: (d.values["best_mean_diff"] if rank[c] == top else d.values["taken_mean_diff"])
                     for c in choices if rank[c] in (taken, top)}
            position = base | {"holding": list(d.holding), "starter": format_card(h.starter), "count": d.count,
                               "current_count": list(d.current_count)}
        values = [{"choice": c, "value": known.get(c), "ci95": None} for c in choices]
        out.append(PracticePosition(d.kind, d.verdict, position, choices, values, best, played,
                                    tolerance=THRESHOLDS[-1][1]))
    return tuple(out)


def _named(pair: str, choices: list[str]) -> str:
    """``pair`` as it is written among ``choices`` (the order of its two cards aside)."""
    key = sorted(pair.split())
    return next(c for c in choices if sorted(c.split()) == key)
