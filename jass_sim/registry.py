"""The registered games: one :class:`jass_sim.core.game.Game` descriptor per game package.

The root command (:mod:`jass_sim.cli`) registers every game's commands from :data:`GAMES`, and the
conformance test runs over them. Reading the registry loads the games' players and command
definitions only (click, no numpy), so ``jass-sim --help`` stays fast.
"""

from __future__ import annotations

from jass_sim.basra.descriptor import GAME as BASRA
from jass_sim.core.game import Game
from jass_sim.cribbage.descriptor import GAME as CRIBBAGE
from jass_sim.jass.descriptor import GAME as JASS

#: Every game, Chibre first.
GAMES: tuple[Game, ...] = (JASS, CRIBBAGE, BASRA)


def get_game(name: str) -> Game:
    """The registered game called ``name`` (KeyError if none)."""
    return {g.name: g for g in GAMES}[name]
