"""Chibre in the game registry (:mod:`jass_sim.registry`): :data:`GAME`."""

from __future__ import annotations

from jass_sim.core.game import Game, Golden, Job
from jass_sim.core.lazy import lazy_function
from jass_sim.jass import page_hooks
from jass_sim.jass.arg_kinds import ARG_KINDS
from jass_sim.jass.cli import COMMANDS
from jass_sim.jass.players import PLAYERS
from jass_sim.jass.streams import SHARED_STREAMS, STREAMS

#: Rounds of the small ``simulate`` run (three random blocks).
SMALL_DEALS = 3000

#: The job API's caps of the sampled analyses: the sample counts keep a job at a few minutes at
#: most on a small machine; ``search_worlds`` keeps one decision of the ``search`` player (one block
#: of ``advise``, one ``choose_card``) short.
SAMPLE_CAPS = (("samples", 1_000_000), ("max_samples", 1_000_000), ("search_worlds", 256))
#: The policies the job API refuses in the sampled analyses, and the ones it runs: a kernel call
#: plays whole blocks of samples (64 deals of ``advise``, 16 worlds of ``play_advice`` and of each
#: ``review`` decision) and cannot stop inside one; with ``pimc``, ``dd`` or ``search`` one block
#: takes from seconds to minutes (measured on a loaded two-core machine: 100 s for ``advise`` with
#: ``search``, 15 minutes with ``pimc``), so neither a tick every half second nor a stop within a
#: second could hold. The command line runs them (Ctrl-C stops it at once).
SLOW_POLICIES = (("pimc", "dd", "search"), ("net", "heuristic", "random"))


def replay(seed: int, player: str) -> dict:
    """``jass-sim replay --seed SEED --policy PLAYER --format json``: one round, chibre rules, the
    mode chosen."""
    from jass_sim.jass.api import replay as run

    return run(seed, policy=player).to_json()


def simulate(seed: int, player: str, threads: int | None = None) -> dict:
    """``jass-sim simulate 3000 --policy PLAYER --seed SEED --threads THREADS --format json``."""
    from jass_sim.jass.api import simulate as run

    return run(SMALL_DEALS, policy=player, seed=seed, threads=threads).to_json()


#: One option set per preset (the names of :data:`jass_sim.jass.rules.presets.ROUND_PRESETS`), and
#: each new round mode of issue 53 chosen under ``coiffeur``, and seat 1's view of a round in hearts (hidden hands,
#: :class:`~jass_sim.jass.rules.view.JassView`) (``jass_sim.jass.engine.replay.STATE_OPTIONS``),
#: written out so that the registry loads no numpy (tests/jass/rules/test_state.py checks they agree).
STATE_OPTIONS = ({"rules": "chibre"}, {"rules": "schieber"}, {"rules": "pique-double"}, {"rules": "coiffeur"},
                 {"rules": "coiffeur-10"},
                 *({"rules": "coiffeur", "mode": m} for m in ("SLALOM-OBE", "SLALOM-UNE", "GUSCHTI-OBE", "GUSCHTI-UNE",
                                                              "MISERE-OBE", "MISERE-UNE", "MISERE-SLALOM",
                                                              "TRIO-S-OBE-UNE")),
                 {"rules": "chibre", "mode": "H", "view": 1})


#: The game at its deal and a replay read as actions, from the module that holds them (imported on
#: the first call, so the registry loads no numpy).
_chibre_new_state = lazy_function("jass_sim.jass.engine.replay", "new_state")
_chibre_replay_actions = lazy_function("jass_sim.jass.engine.replay", "replay_actions")
_variant_new_state = lazy_function("jass_sim.jass.differenzler.engine", "new_state")
_variant_replay_actions = lazy_function("jass_sim.jass.differenzler.engine", "replay_actions")
_variant_replay_round = lazy_function("jass_sim.jass.differenzler.engine", "replay_round")
_variant_warm_up = lazy_function("jass_sim.jass.differenzler.api", "warm_up")
#: The Differenzler's players the job API refuses (``search``: one decision samples 16 worlds, a block of
#: ``advise`` with it at every seat lasts minutes and cannot stop), and the ones it runs.
DIFFERENZLER_SLOW = (("search",), ("number", "points", "random", "number-open"))

#: The Differenzler's presets (issue 52): ``new_state`` with one of them deals a Differenzler round
#: (written out so that the registry loads nothing more; tests/jass/differenzler checks them).
DIFFERENZLER_PRESETS = ("differenzler", "differenzler-jw")
#: Its option sets for the playthrough suite: each preset, secret and open announcements.
VARIANT_OPTIONS = ({"rules": "differenzler"}, {"rules": "differenzler-jw"}, {"rules": "differenzler", "open": True})


def new_state(seed: int, rules="chibre", **options):
    """The round ``replay --seed SEED`` deals (a JassState), or with a Differenzler preset the one
    ``differenzler replay --seed SEED`` deals (a DifferenzlerState)."""
    if isinstance(rules, str) and rules.strip().lower() in DIFFERENZLER_PRESETS:
        return _variant_new_state(seed, rules, **options)
    return _chibre_new_state(seed, rules, **options)


def replay_actions(doc: dict):
    """A ``replay`` or ``differenzler replay`` document read as ``new_state`` options, actions and returns."""
    inner = doc.get("replay", doc)
    if str(inner.get("rules", "")).lower() in DIFFERENZLER_PRESETS:
        return _variant_replay_actions(inner)
    return _chibre_replay_actions(doc)


def differenzler_replay(seed: int) -> dict:
    """``jass-sim differenzler replay --seed SEED --format json``: one round, the ``number`` players."""
    return _variant_replay_round(seed)


def differenzler_open_replay(seed: int) -> dict:
    """One round under open announcements, the ``number-open`` players (they read the numbers)."""
    return _variant_replay_round(seed, policy="number-open", open=True)

#: Chibre's descriptor: its policies, replay and small run, its commands and golden replay.
GAME = Game(name="jass", players=PLAYERS, default_player="random", replay=replay, simulate=simulate,
            commands=COMMANDS, replay_command=("replay",), player_option="--policy",
            new_state=new_state, replay_actions=replay_actions, state_options=STATE_OPTIONS,
            variant_options=VARIANT_OPTIONS, variant_replays=(differenzler_replay, differenzler_open_replay),
            golden=(Golden("jass_replay_seed1_net.json", 1, "net", key="replay"),),  # the default run
            jobs=(Job("advise", "jass_sim.jass.api", "advise", progress=True, caps=SAMPLE_CAPS, policies=SLOW_POLICIES,
                      compile_seconds=35),
                  Job("play_advice", "jass_sim.jass.play.api", "play_advice", progress=True, caps=SAMPLE_CAPS,
                      policies=SLOW_POLICIES, warm_up="jass-play", compile_seconds=80),
                  Job("review", "jass_sim.jass.play.api", "review", progress=True,
                      caps=(("samples", 100_000), ("search_worlds", 256)), policies=SLOW_POLICIES, texts=("round",),
                      check=page_hooks.check_review, history="jass_sim.jass.play.history:history_entry",
                      warm_up="jass-play", compile_seconds=85),
                  # equity's last kernel (every cell of the grid against every sampled round, level by level)
                  # cannot be cut: with the largest step and at most 4,000 rounds it lasts about half a second on
                  # a loaded two-core machine (the default 50,000 rounds at step 10 take a minute); bigger tables
                  # are built with the command line or read with ``shipped``
                  Job("equity", "jass_sim.jass.games.api", "equity", progress=True, caps=(("games", 4_000),),
                      minimums=(("step", 50),), check=page_hooks.check_equity),
                  # the page's coached round: the card a policy plays from a seat's view (``jass_sim.choose_card``,
                  # whose first parameter ``policy`` the job's args may leave out: ``net``), the mode a bot
                  # partner picks (or its chibre), and the melds and stöck each seat declares
                  Job("choose_card", "jass_sim.jass.play.choose", "choose_card", progress=True, defaults=(("policy", "net"),),
                      caps=(("search_worlds", 256),), warm_up="jass-play", compile_seconds=80),
                  Job("choose_mode", "jass_sim.jass.play.coach", "choose_mode", progress=True, compile_seconds=10),
                  Job("declare_melds", "jass_sim.jass.play.coach", "declare_melds", progress=True, compile_seconds=10),
                  # a coached round inside a whole game: the game's score after it and its winner (the engine's end)
                  Job("game_round", "jass_sim.jass.play.game_round", "game_round", progress=True, compile_seconds=10),
                  # the coach's verdict on the player's card: the review's rating of it (one verdict scale)
                  Job("rate_card", "jass_sim.jass.play.coach", "rate_card", progress=True,
                      caps=tuple(c for c in SAMPLE_CAPS if c[0] != "max_samples"),
                      policies=SLOW_POLICIES, warm_up="jass-play", compile_seconds=80),
                  Job("coiffeur_advise", "jass_sim.jass.coiffeur.api", "coiffeur_advise", progress=True,
                      caps=(("samples", 1_000_000),),
                      policies=SLOW_POLICIES, warm_up="coiffeur", compile_seconds=60),
                  # the Differenzler (issue 52 item 5): what to announce, and which card now by expected penalty
                  Job("differenzler_advise", "jass_sim.differenzler", "advise", progress=True,
                      caps=(("samples", 1_000_000),), policies=DIFFERENZLER_SLOW, warm_up="differenzler",
                      compile_seconds=60),
                  Job("differenzler_play_advice", "jass_sim.differenzler", "play_advice", progress=True,
                      caps=(("samples", 100_000),), policies=DIFFERENZLER_SLOW, warm_up="differenzler",
                      compile_seconds=60),
                  # the page's coached Differenzler round (issue 52 item 6): the deal and the bots' numbers, a
                  # bot's card from its own view, the verdict on my card, and the whole round rated and saved
                  # (each card of the round rated again: a smaller cap keeps one card under a second)
                  Job("differenzler_deal", "jass_sim.jass.differenzler.coach", "deal", progress=True,
                      warm_up="differenzler", compile_seconds=60),
                  Job("differenzler_bot_card", "jass_sim.jass.differenzler.coach", "bot_card", progress=True,
                      warm_up="differenzler", compile_seconds=60),
                  Job("differenzler_rate_card", "jass_sim.jass.differenzler.coach", "rate_card", progress=True,
                      caps=(("samples", 100_000),), warm_up="differenzler", compile_seconds=60),
                  Job("differenzler_coach_round", "jass_sim.jass.differenzler.coach", "coach_round", progress=True,
                      caps=(("samples", 10_000),), history="jass_sim.jass.differenzler.coach:history_entry",
                      warm_up="differenzler", compile_seconds=60),
                  # the coached Coiffeur match (issue 53 item 6): who takes which category (the planning bot),
                  # the coach's verdict on my take or pass (coiffeur_advise's plan values), a round on the sheet
                  Job("coiffeur_coach_choice", "jass_sim.jass.coiffeur.coach", "coiffeur_coach_choice", progress=True,
                      warm_up="coiffeur", compile_seconds=20),
                  Job("coiffeur_coach_verdict", "jass_sim.jass.coiffeur.coach_verdict", "coiffeur_coach_verdict",
                      progress=True, caps=(("samples", 65_536),), warm_up="coiffeur", compile_seconds=60),
                  Job("coiffeur_coach_round", "jass_sim.jass.coiffeur.coach", "coiffeur_coach_round", progress=True,
                      warm_up="coiffeur", compile_seconds=10)),
            streams=STREAMS, shared_streams=SHARED_STREAMS, arg_kinds=ARG_KINDS,
            notation=page_hooks.notation,
            warm_ups=(("jass", page_hooks.warm_up_advise), ("jass-play", page_hooks.warm_up_play),
                      ("differenzler", _variant_warm_up), ("coiffeur", page_hooks.warm_up_coiffeur)),
            report=("chibre", "Jass (chibre)"), position=page_hooks.position,
            hints={"mode": "the trump or mode (H, D, S, C, OBE, UNE)", "round": "the round's text or its replay JSON"},
            page_games=("coiffeur",))
