"""Chibre in the game registry (:mod:`jass_sim.registry`): :data:`GAME`."""

from __future__ import annotations

from jass_sim.core.game import Game, Golden, Job
from jass_sim.jass.cli import COMMANDS
from jass_sim.jass.players import PLAYERS

#: Rounds of the small ``simulate`` run (three random blocks).
SMALL_DEALS = 3000


def replay(seed: int, player: str) -> dict:
    """``jass-sim replay --seed SEED --policy PLAYER --format json``: one round, chibre rules, the
    mode chosen."""
    from jass_sim.jass.api import replay as run

    return run(seed, policy=player).to_json()


def simulate(seed: int, player: str, threads: int | None = None) -> dict:
    """``jass-sim simulate 3000 --policy PLAYER --seed SEED --threads THREADS --format json``."""
    from jass_sim.jass.api import simulate as run

    return run(SMALL_DEALS, policy=player, seed=seed, threads=threads).to_json()


#: Chibre's descriptor: its policies, replay and small run, its commands and golden replay.
GAME = Game(name="jass", players=PLAYERS, default_player="random", replay=replay, simulate=simulate,
            commands=COMMANDS, replay_command=("replay",), player_option="--policy",
            golden=(Golden("jass_replay_seed1_net.json", 1, "net", key="replay"),),  # the default run
            jobs=(Job("advise", "jass_sim.jass.api", "advise", progress=True),
                  Job("play_advice", "jass_sim.jass.play.api", "play_advice", progress=True),
                  Job("review", "jass_sim.jass.play.api", "review", progress=True),
                  Job("equity", "jass_sim.jass.games.api", "equity", progress=True),
                  # the page's coached round: the card a policy plays from a seat's view (``jass_sim.choose_card``,
                  # whose first parameter ``policy`` the job's args may leave out: ``net``), the mode a bot
                  # partner picks (or its chibre), and the melds and stöck each seat declares
                  Job("choose_card", "jass_sim.jass.play.choose", "choose_card", progress=True, defaults=(("policy", "net"),)),
                  Job("choose_mode", "jass_sim.jass.play.coach", "choose_mode", progress=True),
                  Job("declare_melds", "jass_sim.jass.play.coach", "declare_melds", progress=True)))
