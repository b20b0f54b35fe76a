"""Basra in the game registry (:mod:`jass_sim.registry`): :data:`GAME`."""

from __future__ import annotations

from jass_sim.basra import page_hooks
from jass_sim.basra.arg_kinds import ARG_KINDS, MEMORY_CAPS
from jass_sim.basra.cli import basra
from jass_sim.basra.players import PLAYERS
from jass_sim.basra.streams import SHARED_STREAMS, STREAMS
from jass_sim.core.game import Game, Golden, Job
from jass_sim.core.lazy import lazy_function

#: Deals and games to 101 of the small ``simulate`` run (three random blocks of deals, two of games).
SMALL_DEALS, SMALL_GAMES = 3000, 1100


def replay(seed: int, player: str) -> dict:
    """``jass-sim basra replay --seed SEED --policy PLAYER --format json``: one round, two players,
    leaflet rules."""
    from jass_sim.basra.api import replay as run

    return run(seed, policy=player).to_json()


def simulate(seed: int, player: str, threads: int | None = None) -> dict:
    """``jass-sim basra simulate --policy PLAYER --deals 3000 --games 1100 --seed SEED --threads
    THREADS --format json``."""
    from jass_sim.basra.api import simulate as run

    return run(policy=player, deals=SMALL_DEALS, games=SMALL_GAMES, seed=seed, threads=threads).to_json()


#: The option sets that play or score differently: 2 and 4 players, each variant alone, all three.
STATE_OPTIONS = (
    {"players": 2, "rules": "leaflet"},
    {"players": 4, "rules": "leaflet"},
    {"players": 2, "rules": "seven-diamonds"},
    {"players": 2, "rules": "majority-30"},
    {"players": 2, "rules": "compulsory"},
    {"players": 4, "rules": "seven-diamonds+majority-30+compulsory", "dealer": 0},
)

#: The game at its deal and a replay read as actions, from the module that holds them (imported on
#: the first call, so the registry loads no numpy).
new_state = lazy_function("jass_sim.basra.state", "new_state")
replay_actions = lazy_function("jass_sim.basra.state", "replay_actions")

#: Basra's descriptor: its players, replay and small run, its command group and golden replay.
GAME = Game(name="basra", players=PLAYERS, default_player="random", replay=replay, simulate=simulate,
            commands=(basra,), replay_command=("basra", "replay"), player_option="--policy",
            golden=(Golden("basra_replay_seed1_2p_greedy.json", 1, "greedy"),),
            jobs=(Job("basra_advise", "jass_sim.basra.api", "advise", progress=True, caps=(("samples", 500_000),)),),
            streams=STREAMS, shared_streams=SHARED_STREAMS, arg_kinds=ARG_KINDS,
            memory_caps=MEMORY_CAPS, notation=page_hooks.notation, warm_ups=(("basra", page_hooks.warm_up),),
            report=("basra", "Basra"),
            new_state=new_state, replay_actions=replay_actions, state_options=STATE_OPTIONS)
