"""A Jass review's mistakes and blunders as practice positions (:mod:`jass_sim.core.practice`),
built from the review itself when it is saved (nothing is recomputed when they are answered).

A card decision becomes a position: what the seat knew then (its hand, the trick so far, the
earlier tricks, the mode, the points each team has taken), its legal cards, and the values the
review saved: the card played is the reference (value 0), and the best other cards (up to three)
carry their paired gap to it with its 95% CI; a legal card the review did not rate has no value
(it was worse than those). Mode choices are not practised (the review keeps no value of each
option).
"""

from __future__ import annotations

from jass_sim.core.history import PracticePosition
from jass_sim.jass.cards import format_card, mode_name
from jass_sim.jass.play.review import THRESHOLDS, Review
from jass_sim.jass.rules import legal_moves

#: The verdicts that make a decision a practice position.
PRACTISED = ("mistake", "blunder")


def practice_positions(rv: Review, doc: dict) -> tuple[PracticePosition, ...]:
    """The practice positions of ``rv`` (its JSON ``doc``): one per card decision judged a mistake
    or a blunder."""
    r = rv.round
    tricks = doc["round"]["tricks"]
    out = []
    for d in rv.decisions:
        if d.kind != "card" or d.verdict not in PRACTISED:
            continue
        legal = [format_card(c) for c in legal_moves(d.hand, d.trick_so_far, r.mode)]
        earlier = tricks[:d.trick - 1]
        score = [0, 0]
        for t in earlier:
            score[t["winner"] % 2] += t["points"]
        position = {"rules": r.rules, "mode": mode_name(r.mode), "chibred": bool(r.chibred), "seat": d.seat,
                    "trick": d.trick, "hand": [format_card(c) for c in d.hand],
                    "trick_so_far": [format_card(c) for c in d.trick_so_far], "trick_leader": d.trick_leader,
                    "earlier_tricks": earlier, "score": {"us": score[d.seat % 2], "them": score[1 - d.seat % 2]}}
        rated = {d.played: (0.0, None)} | {a["card"]: (float(a["gap"]), a["ci95_gap"]) for a in d.alternatives}
        values = [{"choice": c, "value": rated[c][0] if c in rated else None,
                   "ci95": rated[c][1] if c in rated else None} for c in legal]
        out.append(PracticePosition("card", d.verdict, position, legal, values, d.best, d.played,
                                    tolerance=THRESHOLDS[-1][1]))
    return tuple(out)
