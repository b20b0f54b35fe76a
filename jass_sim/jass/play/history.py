"""A Jass review as a row of the history (:mod:`jass_sim.core.history`)."""

from __future__ import annotations

from jass_sim.core.history import Entry
from jass_sim.jass.cards import format_card, mode_name
from jass_sim.jass.play.practice import practice_positions
from jass_sim.jass.play.review import Review
from jass_sim.jass.play.round_file import round_text


def history_entry(rv: Review, source: str, doc: dict | None = None) -> Entry:
    """The history's row of ``rv``: the mode, the reviewed seat(s), the points lost by card play,
    the verdict counts, the round in the text format (to review it again), the review's JSON
    (``doc`` when the caller has it already, else ``rv.to_json()``) and its mistakes and blunders
    as practice positions. The saved review gains ``glance`` (the History view's row: the points
    each team took, ``score.us``/``score.them`` from the first reviewed seat's side, and that seat's
    dealt ``hand``); the caller's ``doc`` is not changed."""
    doc = dict(doc if doc is not None else rv.to_json())
    me = rv.seats[0]
    score = [0, 0]
    for t in doc["round"]["tricks"]:
        score[t["winner"] % 2] += t["points"]
    doc["glance"] = {"score": {"us": score[me % 2], "them": score[1 - me % 2]},
                     "hand": [format_card(c) for c in rv.round.hands[me]]}
    summary = doc["summary"]
    return Entry(game="jass", source=source, mode=mode_name(rv.round.mode), seat=", ".join(map(str, rv.seats)),
                 card_loss=summary["card_loss"], verdicts=dict(summary["verdicts"]), round=round_text(rv.round),
                 review=doc, positions=practice_positions(rv, doc))
