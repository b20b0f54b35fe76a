"""Rounds of the solver players in one round kernel (issue 50 item 8).

On a cold cache the compiled stage is mostly Numba compiling, and the round kernel
(:func:`jass_sim.jass.engine.round.first_round`) is compiled once per player set
(:class:`jass_sim.jass.players.player_set.PlayerSet`). ``replay --policy pimc``
(tests/jass/cli/test_replay_cli.py) and the review of a ``dd`` round
(tests/jass/play/test_review.py) would each compile one for a set no other test plays
(15.6 and 10.4 CPU s cold); played in the kernel for ``dd`` and ``pimc`` together, they
compile one. A set only prunes the other players' branches
(:mod:`jass_sim.jass.players.dispatch`), so the wider set plays the same cards.
"""

from __future__ import annotations

import numpy as np

SOLVER_ROUND_PLAYERS = ("dd", "pimc")


def solver_rounds(monkeypatch) -> None:
    """Swap ``dispatch.player_set`` for one returning the set of ``dd`` and ``pimc`` and refusing to
    be asked for any other player (or flag), for the duration of ``monkeypatch``."""
    from jass_sim.jass.players import PLAYERS, dispatch

    solver_players = {PLAYERS.code(p) for p in SOLVER_ROUND_PLAYERS}
    wide = dispatch.player_set(sorted(solver_players))

    def dd_and_pimc(policies, **flags):
        assert not flags and {int(p) for p in np.ravel(policies)} <= solver_players, (policies, flags)
        return wide

    monkeypatch.setattr(dispatch, "player_set", dd_and_pimc)
