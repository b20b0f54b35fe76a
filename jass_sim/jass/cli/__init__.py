"""The Chibre commands of ``jass-sim`` (one module per command); :mod:`jass_sim.cli` registers
:data:`COMMANDS` on the root group."""

from __future__ import annotations

from jass_sim.jass.cli.advise import advise
from jass_sim.jass.cli.batch import batch, batch_summary
from jass_sim.jass.cli.coiffeur import coiffeur
from jass_sim.jass.cli.differenzler import differenzler
from jass_sim.jass.cli.duel import duel
from jass_sim.jass.cli.games import equity, games
from jass_sim.jass.cli.melds import melds
from jass_sim.jass.cli.play_advice import play_advice
from jass_sim.jass.cli.replay import replay
from jass_sim.jass.cli.report import report
from jass_sim.jass.cli.review import review
from jass_sim.jass.cli.simulate import simulate
from jass_sim.jass.cli.solve import solve

#: Every Chibre command, registered at the top level of ``jass-sim``.
COMMANDS = (advise, batch, batch_summary, coiffeur, differenzler, duel, equity, games, melds, play_advice, replay, report, review, simulate,
            solve)
