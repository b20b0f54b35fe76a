"""Cribbage players by name: the discard and pegging policy codes the compiled kernels read."""

from __future__ import annotations

import numpy as np

from jass_sim.core.errors import InputError

#: Player name -> (discard policy, pegging policy) codes of ``_players`` and ``_pegging``.
PLAYERS = {"random": (0, 0), "greedy": (1, 1), "expect": (2, 1), "search": (3, 2)}


def player_codes(a: str, b: str) -> np.ndarray:
    """``int64[2, 2]`` policy codes of players A and B; an InputError names an unknown player."""
    rows = []
    for option, name in (("--a", a), ("--b", b)):
        key = name.strip().lower()
        if key not in PLAYERS:
            raise InputError(f"unknown player {name!r} for {option} (expected one of {', '.join(PLAYERS)})", name)
        rows.append(PLAYERS[key])
    return np.array(rows, dtype=np.int64)
