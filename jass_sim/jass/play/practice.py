"""A Jass review's mistakes and blunders as practice positions (:mod:`jass_sim.core.practice`),
built from the review itself when it is saved (nothing is recomputed when they are answered).

A card decision becomes a position: what the seat knew then (its hand, the trick so far, the
earlier tricks, the mode, the points each team has taken), its legal cards, and the values the
review saved (``Decision.values``): the card played is the reference (value 0), and every other
legal card carries its paired gap to it (our points to the end of the round) with its 95% CI.
A mode choice (or chibre) becomes a position too: the hand, the rules, the seat and whether the
partner chooses after a chibre; the choices are the options ``advise`` rated (the mode names and
``chibre`` where allowed), each valued by its paired lead over the option taken (round points,
ours minus theirs) with its 95% CI.
"""

from __future__ import annotations

from jass_sim.core.history import PracticePosition
from jass_sim.jass.cards import format_card, mode_name
from jass_sim.jass.play.review import THRESHOLDS, Review
from jass_sim.jass.rules import legal_moves

#: The verdicts that make a decision a practice position.
PRACTISED = ("mistake", "blunder")


def practice_positions(rv: Review, doc: dict) -> tuple[PracticePosition, ...]:
    """The practice positions of ``rv`` (its JSON ``doc``): one per decision (a card, the mode
    choice or the chibre) judged a mistake or a blunder."""
    r = rv.round
    tricks = doc["round"]["tricks"]
    out = []
    for d in rv.decisions:
        if d.verdict not in PRACTISED:
            continue
        if d.kind == "mode":
            position = {"rules": r.rules, "seat": d.seat, "hand": [format_card(c) for c in d.hand],
                        "chibred": d.played != "chibre" and bool(r.chibred)}
            choices = [v["choice"] for v in d.values]
            out.append(PracticePosition("mode", d.verdict, position, choices, list(d.values), d.best, d.played,
                                        tolerance=THRESHOLDS[-1][1]))
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
        rated = {v["choice"]: v for v in d.values}
        values = [{"choice": c, "value": rated[c]["value"], "ci95": rated[c]["ci95"]} for c in legal]
        out.append(PracticePosition("card", d.verdict, position, legal, values, d.best, d.played,
                                    tolerance=THRESHOLDS[-1][1]))
    return tuple(out)
