"""Cribbage in the game registry (:mod:`jass_sim.registry`): :data:`GAME`."""

from __future__ import annotations

from jass_sim.core.game import Game, Golden, Job
from jass_sim.cribbage.cli import cribbage
from jass_sim.cribbage.players import PLAYERS

#: Games of the small ``simulate`` run (three random blocks of 64 duplicate pairs).
SMALL_GAMES = 300


def replay(seed: int, player: str) -> dict:
    """``jass-sim cribbage replay --seed SEED --player-a PLAYER --format json``: one whole game, B
    ``greedy``."""
    from jass_sim.cribbage.api import replay as run

    return run(seed, player_a=player).to_json()


def simulate(seed: int, player: str, threads: int | None = None) -> dict:
    """``jass-sim cribbage simulate --games 300 --player-a PLAYER --player-b PLAYER --seed SEED
    --threads THREADS --format json``."""
    from jass_sim.cribbage.api import simulate as run

    return run(SMALL_GAMES, player_a=player, player_b=player, seed=seed, threads=threads).to_json()


#: Cribbage's descriptor: its players, replay and small run, its command group and golden replay.
GAME = Game(name="cribbage", players=PLAYERS, default_player="greedy", replay=replay, simulate=simulate,
            commands=(cribbage,), replay_command=("cribbage", "replay"), player_option="--player-a",
            golden=(Golden("cribbage_replay_seed1_expect_greedy.json", 1, "expect"),),
            jobs=(Job("cribbage_discard", "jass_sim.cribbage.api", "discard", progress=True),
                  Job("cribbage_play_advice", "jass_sim.cribbage.api", "play_advice", progress=True),
                  Job("cribbage_review", "jass_sim.cribbage.api", "review", progress=True),
                  Job("cribbage_state", "jass_sim.cribbage.api", "game_state", progress=True),
                  Job("cribbage_bot_discard", "jass_sim.cribbage.api", "bot_discard", progress=True),
                  Job("cribbage_rate", "jass_sim.cribbage.api", "rate_decision", progress=True)))
