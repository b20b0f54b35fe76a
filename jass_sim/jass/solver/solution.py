"""The ``solve`` result: a double-dummy :class:`~jass_sim.jass.solver.SolveResult` with the
position it solved, as the command prints it."""

from __future__ import annotations

from jass_sim.core.report.text import plural
from jass_sim.core.result import Result
from jass_sim.jass.cards import HAND_SIZE, format_card, mode_name


class Solution(Result):
    """The answer of ``solve`` (:func:`jass_sim.solve`): ``team0``, ``team1`` (points with
    perfect play), ``nodes``, and ``table`` with the leader's team's points after each legal
    lead (best first)."""

    formats = ("text", "json")

    def __init__(self, result, hands: list[list[int]], mode: int, leader: int):
        import pandas as pd

        doc = result.to_json()
        self.team0, self.team1, self.nodes = result.team0, result.team1, result.nodes
        self.hands, self.mode, self.leader = hands, mode, leader
        table = pd.DataFrame({"card": list(doc["moves"]), f"team{leader % 2}_points": list(doc["moves"].values())})
        super().__init__(doc, table)

    def text(self) -> str:
        size = len(self.hands[0])
        lines = [f"mode {mode_name(self.mode)}, seat {self.leader} leads, {plural(size, 'trick')}"
                 f"{' (match bonus at stake)' if size == HAND_SIZE else ''}"]
        lines += [f"seat {seat}: {' '.join(format_card(c) for c in h)}" for seat, h in enumerate(self.hands)]
        lines.append(f"team 0: {self.team0}  team 1: {self.team1}  ({self.nodes} nodes)")
        lines.append(f"leads (team {self.leader % 2} points): "
                     + "  ".join(f"{card} {value}" for card, value in self._doc["moves"].items()))
        return "\n".join(lines)

    @property
    def heading(self) -> str:
        return f"team 0: {self.team0}, team 1: {self.team1}"
