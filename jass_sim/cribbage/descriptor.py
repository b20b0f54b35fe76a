"""Cribbage in the game registry (:mod:`jass_sim.registry`): :data:`GAME`."""

from __future__ import annotations

from jass_sim.core.game import Game, Golden, Job
from jass_sim.core.lazy import lazy_function
from jass_sim.cribbage import page_hooks
from jass_sim.cribbage.arg_kinds import ARG_KINDS
from jass_sim.cribbage.cli import cribbage
from jass_sim.cribbage.players import PLAYERS
from jass_sim.cribbage.streams import SHARED_STREAMS, STREAMS

#: Games of the small ``simulate`` run (three random blocks of 64 duplicate pairs).
SMALL_GAMES = 300

#: A job that takes a ``game`` (its text or replay JSON, never a server file) and checks it.
GAME_TEXT = {"texts": ("game",), "check": page_hooks.check_game}


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


#: The game at its deal and a replay read as actions, from the module that holds them (imported on
#: the first call, so the registry loads no numpy).
new_state = lazy_function("jass_sim.cribbage.state", "new_state")
replay_actions = lazy_function("jass_sim.cribbage.state", "replay_actions")

#: Cribbage's descriptor: its players, replay and small run, its command group and golden replay.
GAME = Game(name="cribbage", players=PLAYERS, default_player="greedy", replay=replay, simulate=simulate,
            commands=(cribbage,), replay_command=("cribbage", "replay"), player_option="--player-a",
            golden=(Golden("cribbage_replay_seed1_expect_greedy.json", 1, "expect"),),
            jobs=(# the sampled opponent (``opponent: model`` or ``pegging``) runs in one kernel call that cannot be
                  # cut (about 0.25 s for 2,000 hands)
                  Job("cribbage_discard", "jass_sim.cribbage.api", "discard", progress=True, caps=(("samples", 4_000),)),
                  # 256 opponent hands per kernel call, the ``score`` games in sub-batches of 64: the caps only
                  # bound the job's length (about a minute at most)
                  Job("cribbage_play_advice", "jass_sim.cribbage.api", "play_advice", progress=True,
                      caps=(("samples", 200_000), ("win_samples", 4_000))),
                  Job("cribbage_review", "jass_sim.cribbage.api", "review", progress=True, **GAME_TEXT,
                      history="jass_sim.cribbage.game_review:history_entry"),
                  Job("cribbage_state", "jass_sim.cribbage.api", "game_state", progress=True, **GAME_TEXT),
                  Job("cribbage_bot_discard", "jass_sim.cribbage.api", "bot_discard", progress=True),
                  Job("cribbage_rate", "jass_sim.cribbage.api", "rate_decision", progress=True, **GAME_TEXT)),
            streams=STREAMS, shared_streams=SHARED_STREAMS, arg_kinds=ARG_KINDS,
            notation=page_hooks.notation, warm_ups=(("cribbage", page_hooks.warm_up),),
            report=("cribbage", "Cribbage"),
            hints={"dealer": "whose crib it is, true (yours, counted plus) or false (the opponent's, minus)",
                   "game": "the game's text or its cribbage replay JSON"},
            flag_arguments={"pone": "dealer"},
            new_state=new_state, replay_actions=replay_actions, state_options=({},))
