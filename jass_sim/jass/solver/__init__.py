"""Double-dummy solver: the value of a Chibre position when all four hands are known.

The public entry point is :func:`solve`; it validates its input and wraps the MTD(f)
zero-window alpha-beta kernels of :mod:`jass_sim.jass.solver._search` (``mtd`` and
``move_values``). :class:`Solver` keeps a transposition table between calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.jass.cards import N_CARDS, format_card
from jass_sim.jass.rules.presets import LAST_TRICK_BONUS
from jass_sim.jass.solver._play import INF, MATCH_HALF
from jass_sim.jass.solver._search import move_values, mtd, new_scratch
from jass_sim.jass.solver._tables import TO_NATURAL, to_power_mask
from jass_sim.jass.solver._transposition import new_tt

__all__ = ["Solver", "solve", "SolveResult"]


@dataclass
class SolveResult:
    """Result of :meth:`Solver.solve`.

    Attributes
    ----------
    team0, team1 : int
        Points each team makes from the position with perfect play (the last trick's 5 and,
        when the match bonus is at stake, the 100 of a match included).
    moves : dict
        For each legal card (natural card number) of the leader: the leader's team's points
        after that card with perfect play.
    nodes : int
        Search nodes visited.
    """

    team0: int
    team1: int
    moves: dict[int, int] = field(default_factory=dict)
    nodes: int = 0

    def to_json(self) -> dict:
        """``{"team0": .., "team1": .., "moves": {"HA": .., ...}}`` (best card first)."""
        order = sorted(self.moves, key=lambda c: (-self.moves[c], c))
        return {"team0": self.team0, "team1": self.team1,
                "moves": {format_card(c): self.moves[c] for c in order}}


def _team_points(value: int, remaining: int, match: bool) -> tuple[int, int]:
    """Team 0 and team 1 points of a value (see :mod:`._search`) when ``remaining`` card points
    (last trick included) are left."""
    if match and value == remaining + MATCH_HALF:
        return remaining + 2 * MATCH_HALF, 0
    if match and value == -MATCH_HALF:
        return 0, remaining + 2 * MATCH_HALF
    return value, remaining - value


class Solver:
    """Double-dummy solver with a transposition table kept between calls.

    Parameters
    ----------
    log2_tt : int
        The table holds ``2 ** log2_tt`` entries of 32 bytes.

    Notes
    -----
    Table entries are keyed on the position's similarity class (mode included) and keep its
    live cards, so they stay valid from one call to the next; ``fresh=True`` in :meth:`solve`
    ignores them (a new generation), which makes node counts independent of earlier calls.
    """

    def __init__(self, log2_tt: int = 20):
        self.tt = new_tt(log2_tt)
        self.hs, self.st, self.fr, self.fu = new_scratch()

    def solve(self, hands, mode: int, leader: int, match: bool | None = None,
              moves: bool = True, fresh: bool = True, max_nodes: int = 0) -> SolveResult | None:
        """Solve a position at a trick boundary.

        Parameters
        ----------
        hands : sequence of 4 collections of int
            Natural card numbers of seats 0..3: equal sizes 1..9, no card twice; with 9 cards
            each, the 36 cards.
        mode : int
            0..3 trump H D S C, 4 obe-abe, 5 une-ufe.
        leader : int
            Seat (0..3) that leads.
        match : bool, optional
            Whether the 100 match bonus is at stake (a team taking every trick of the position
            gets it); by default only for a full round (9 cards each).
        moves : bool
            Also compute the value of every legal card of the leader.
        fresh : bool
            Start from an empty table (a new generation).
        max_nodes : int
            Give up after this many search nodes (0: no limit).

        Returns
        -------
        SolveResult or None
            None when the node budget ran out.

        Wraps the kernels :func:`._search.mtd` and :func:`._search.move_values`.
        """
        hand_lists = check_position(hands, mode, leader)
        if match is None:
            match = len(hand_lists[0]) == 9
        flag = 3 if match else 0
        for seat in range(4):
            self.hs[seat] = to_power_mask(sum(1 << c for c in hand_lists[seat]), mode)
        if fresh:
            self.st[1] += 1
            self.fr[38:] = 0
        self.st[0] = 0
        self.st[2:] = 0
        self.st[14] = max_nodes
        remaining = sum(_card_points(c, mode) for h in hand_lists for c in h) + LAST_TRICK_BONUS
        value = mtd(self.hs, self.tt, self.st, self.fr, self.fu, mode, leader, 0, -1, 0, 0, 0, np.uint64(0),
                    flag, remaining // 2)
        if self.st[15]:
            return None
        t0, t1 = _team_points(int(value), remaining, match)
        result = SolveResult(t0, t1)
        if moves:
            out = np.zeros(N_CARDS, dtype=np.int64)
            move_values(self.hs, self.tt, self.st, self.fr, self.fu, mode, leader, 0, -1, 0, 0, 0, np.uint64(0),
                        flag, int(value), out)
            if self.st[15]:
                return None
            for pc in range(N_CARDS):
                if out[pc] > -INF:
                    m0, m1 = _team_points(int(out[pc]), remaining, match)
                    result.moves[int(TO_NATURAL[mode, pc])] = m1 if leader & 1 else m0
        result.nodes = int(self.st[0])
        return result


def _card_points(card: int, mode: int) -> int:
    from jass_sim.jass.rules.tables import POINTS

    return int(POINTS[mode, card])


def check_position(hands, mode, leader) -> list[list[int]]:
    """Validate a position; raise :class:`~jass_sim.jass.cards.InputError` with one clear message."""
    if not isinstance(mode, (int, np.integer)) or not 0 <= int(mode) <= 5:
        raise InputError(f"unknown mode {mode!r} (expected 0..5)", str(mode))
    if not isinstance(leader, (int, np.integer)) or not 0 <= int(leader) <= 3:
        raise InputError(f"leader must be a seat 0..3, got {leader!r}", str(leader))
    hand_lists = [sorted(int(c) for c in h) for h in hands]
    if len(hand_lists) != 4:
        raise InputError(f"need four hands, got {len(hand_lists)}", str(len(hand_lists)))
    sizes = [len(h) for h in hand_lists]
    if len(set(sizes)) != 1 or not 1 <= sizes[0] <= 9:
        raise InputError(f"the four hands must have the same size, 1 to 9 cards; got sizes "
                         f"{'/'.join(map(str, sizes))}", "/".join(map(str, sizes)))
    seen: dict[int, int] = {}
    for seat, h in enumerate(hand_lists):
        for c in h:
            if not 0 <= c < N_CARDS:
                raise InputError(f"no card number {c}", str(c))
            if c in seen:
                raise InputError(f"card {format_card(c)!r} is held twice (seats {seen[c]} and {seat})",
                                 format_card(c))
            seen[c] = seat
    return hand_lists


_DEFAULT: Solver | None = None


def solve(hands, mode: int, leader: int, match: bool | None = None, moves: bool = True) -> dict:
    """Double-dummy value of a position (four hands of equal size, ``leader`` to lead).

    Parameters
    ----------
    hands : sequence of 4 collections of int
        Natural card numbers (``suit * 9 + rank``) of seats 0..3.
    mode : int
        0..3 trump H D S C, 4 obe-abe, 5 une-ufe.
    leader : int
        Seat to lead.
    match : bool, optional
        Whether the 100 match bonus is at stake; default: when 9 cards each.
    moves : bool
        Also give the value of every legal card of the leader.

    Returns
    -------
    dict
        ``{"team0": int, "team1": int, "moves": {card: leader's team points}, "nodes": int}``.

    Wraps the MTD(f) kernel :func:`jass_sim.jass.solver._search.mtd` (and
    :func:`~jass_sim.jass.solver._search.move_values`) through :class:`Solver`.
    """
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Solver()
    r = _DEFAULT.solve(hands, mode, leader, match=match, moves=moves, fresh=True)
    return {"team0": r.team0, "team1": r.team1, "moves": dict(r.moves), "nodes": r.nodes}
