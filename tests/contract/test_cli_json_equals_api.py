"""Every command with JSON output prints exactly ``to_json()`` of the API call with the same
arguments: the CLI is a thin wrapper, so the two cannot drift apart (issue 23)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import jass_sim
from jass_sim import basra, cribbage, differenzler
from jass_sim.jass.coiffeur.api import coiffeur_advise, coiffeur_games, coiffeur_replay, coiffeur_simulate

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"


def cli_json(*args) -> str:
    from jass_sim.cli import main

    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return _canonical(json.loads(result.output))


def _canonical(doc) -> str:
    """One text per document (NaN compares equal to NaN this way; key order ignored)."""
    return json.dumps(doc, sort_keys=True)


def api_json(doc) -> str:
    return _canonical(json.loads(json.dumps(doc)))


def _crib_game_file(tmp_path):
    """The game of ``cribbage replay --seed 1 --format json``, written where the review reads it."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(cribbage.replay(1).to_json()))
    return path


def _round_file(tmp_path):
    path = tmp_path / "round.json"
    path.write_text(json.dumps(jass_sim.replay(5, policy="heuristic").to_json()))
    return path


CASES = {
    "advise": (lambda tmp: ["advise", HAND, "--samples", 64, "--seed", 3, "--options", "H,S,chibre", "--format",
                            "json"],
               lambda tmp: jass_sim.advise(HAND, samples=64, seed=3, options="H,S,chibre").to_json()),
    "simulate": (lambda tmp: ["simulate", "--deals", 200, "--policy", "heuristic", "--seed", 2, "--format", "json"],
                 lambda tmp: jass_sim.simulate(200, policy="heuristic", seed=2).to_json()),
    "duel": (lambda tmp: ["duel", "--team-a", "heuristic", "--team-b", "random", "--deals", 64, "--format", "json"],
             lambda tmp: jass_sim.duel("heuristic", "random", 64).to_json()),
    "games": (lambda tmp: ["games", "--games", 40, "--team-a", "heuristic", "--team-b", "random", "--seed", 2,
                           "--target", 600, "--format", "json"],
              lambda tmp: jass_sim.games(40, "heuristic", "random", seed=2, target=600).to_json()),
    "melds": (lambda tmp: ["melds", "--hands", 500, "--deals", 300, "--seed", 4, "--mode", "S", "--format", "json"],
              lambda tmp: jass_sim.melds(hands=500, deals=300, seed=4, mode="S").to_json()),
    "solve": (lambda tmp: ["solve", "--mode", "OBE", "--leader", 1, "--hands", "H6,HA,DT;H7,HK,D6;D7,D8,S6;S7,S8,SA",
                           "--format", "json"],
              lambda tmp: jass_sim.solve("H6,HA,DT;H7,HK,D6;D7,D8,S6;S7,S8,SA", "OBE", 1).to_json()),
    "replay": (lambda tmp: ["replay", "--seed", 11, "--policy", "heuristic", "--mode", "UNE", "--format", "json"],
               lambda tmp: jass_sim.replay(11, policy="heuristic", mode="UNE").to_json()),
    "play-advice": (lambda tmp: ["play-advice", "--hand", HAND, "--mode", "H", "--played", "HJ H6 HK H7",
                                 "--leader", 0, "--samples", 40, "--format", "json"],
                    lambda tmp: jass_sim.play_advice(HAND, mode="H", played="HJ H6 HK H7", samples=40).to_json()),
    "review": (lambda tmp: ["review", _round_file(tmp), "--samples", 4, "--no-mode", "--format", "json"],
               lambda tmp: jass_sim.review(_round_file(tmp), samples=4, rate_mode=False).to_json()),
    "cribbage score": (lambda tmp: ["cribbage", "score", "5H 5D JS 6C", "--starter", "5C", "--format", "json"],
                       lambda tmp: cribbage.score("5H 5D JS 6C", "5C").to_json()),
    "cribbage discard": (lambda tmp: ["cribbage", "discard", "5H 5D JS 6C 4H KD", "--pone", "--format", "json"],
                         lambda tmp: cribbage.discard("5H 5D JS 6C 4H KD", dealer=False).to_json()),
    "cribbage stats": (lambda tmp: ["cribbage", "stats", "--hands", 2000, "--seed", 1, "--format", "json"],
                       lambda tmp: cribbage.stats(hands=2000, seed=1).to_json()),
    "cribbage simulate": (lambda tmp: ["cribbage", "simulate", "--games", 4, "--format", "json"],
                          lambda tmp: cribbage.simulate(4).to_json()),
    "cribbage replay": (lambda tmp: ["cribbage", "replay", "--seed", 3, "--format", "json"],
                        lambda tmp: cribbage.replay(3).to_json()),
    "cribbage play-advice": (lambda tmp: ["cribbage", "play-advice", "--hand", "QD 5H 2D 2S", "--starter", "5C",
                                          "--dealer", "--played", "KS QD AC", "--discard", "5S 5D", "--format", "json"],
                             lambda tmp: cribbage.play_advice("QD 5H 2D 2S", "5C", dealer=True, played="KS QD AC",
                                                              discard="5S 5D").to_json()),
    "cribbage review": (lambda tmp: ["cribbage", "review", _crib_game_file(tmp), "--player", 1, "--format", "json"],
                        lambda tmp: cribbage.review(str(_crib_game_file(tmp)), player=1).to_json()),
    "basra replay": (lambda tmp: ["basra", "replay", "--seed", 2, "--players", 4, "--format", "json"],
                     lambda tmp: basra.replay(2, players=4).to_json()),
    "basra simulate": (lambda tmp: ["basra", "simulate", "--deals", 200, "--games", 4, "--format", "json"],
                       lambda tmp: basra.simulate(deals=200, games=4).to_json()),
    "basra duel": (lambda tmp: ["basra", "duel", "--player-a", "greedy", "--player-b", "random", "--deals", 100,
                                "--games", 2, "--format", "json"],
                   lambda tmp: basra.duel("greedy", "random", deals=100, games=2).to_json()),
    "basra advise": (lambda tmp: ["basra", "advise", "--hand", "HJ D10 C5 S3 HK H7", "--table", "H5 C2 D7 S9",
                                  "--samples", 50, "--format", "json"],
                     lambda tmp: basra.advise("HJ D10 C5 S3 HK H7", table="H5 C2 D7 S9", samples=50).to_json()),
    "coiffeur advise": (lambda tmp: ["coiffeur", "advise", HAND, "--ours-open", "S,H,OBE,JOKER", "--theirs-open",
                                     "C,UNE,JOKER", "--samples", 64, "--seed", 2, "--format", "json"],
                        lambda tmp: coiffeur_advise(HAND, "S,H,OBE,JOKER", "C,UNE,JOKER", samples=64,
                                                    seed=2).to_json()),
    "differenzler advise": (lambda tmp: ["differenzler", "advise", "HJ H9 HA HK SA ST D6 C7 C8", "--trump-card", "H6",
                                         "--samples", 2048, "--format", "json"],
                            lambda tmp: differenzler.advise("HJ H9 HA HK SA ST D6 C7 C8", "H6", samples=2048).to_json()),
    "differenzler replay": (lambda tmp: ["differenzler", "replay", "--seed", 2, "--format", "json"],
                            lambda tmp: differenzler.replay(2).to_json()),
    "differenzler simulate": (lambda tmp: ["differenzler", "simulate", "--rounds", 1024, "--format", "json"],
                              lambda tmp: differenzler.simulate(1024).to_json()),
    "differenzler games": (lambda tmp: ["differenzler", "games", "--games", 20, "--format", "json"],
                           lambda tmp: differenzler.games(20).to_json()),
    "differenzler play-advice": (lambda tmp: ["differenzler", "play-advice", "--hand", "HJ H9 HA HK SA ST D6 C7 C8",
                                              "--trump-card", "H6", "--bid", 60, "--played", "SA S6 S7 S8",
                                              "--samples", 64, "--format", "json"],
                                 lambda tmp: differenzler.play_advice("HJ H9 HA HK SA ST D6 C7 C8", "H6", 60,
                                                                      "SA S6 S7 S8", samples=64).to_json()),
    "coiffeur replay": (lambda tmp: ["coiffeur", "replay", "--seed", 3, "--categories", "S:1,OBE:3,JOKER:5,JOKER:6", "--format", "json"],
                        lambda tmp: coiffeur_replay(3, categories="S:1,OBE:3,JOKER:5,JOKER:6").to_json()),
    "coiffeur simulate": (lambda tmp: ["coiffeur", "simulate", "--matches", 2, "--seed", 4, "--categories",
                                       "S:1,OBE:3,JOKER:5,JOKER:6", "--format", "json"],
                          lambda tmp: coiffeur_simulate(2, seed=4, categories="S:1,OBE:3,JOKER:5,JOKER:6").to_json()),
    "coiffeur games": (lambda tmp: ["coiffeur", "games", "--matches", 1, "--seed", 4, "--categories",
                                    "S:1,OBE:3,JOKER:5,JOKER:6", "--format", "json"],
                       lambda tmp: coiffeur_games(1, seed=4, categories="S:1,OBE:3,JOKER:5,JOKER:6").to_json()),
}


@pytest.mark.parametrize("command", list(CASES))
def test_cli_json_is_api_to_json(command, tmp_path):
    cli_args, api_call = CASES[command]
    printed = cli_json(*cli_args(tmp_path))
    assert printed == api_json(api_call(tmp_path))


def test_every_command_with_json_output_is_covered():
    """A new command with ``--format json`` must get a case here."""
    import click

    from jass_sim.cli import main

    found = set()

    def walk(group, prefix):
        for name, cmd in group.commands.items():
            if isinstance(cmd, click.Group):
                walk(cmd, prefix + [name])
                continue
            fmt = next((p for p in cmd.params if p.name == "fmt"), None)
            if fmt is not None and "json" in (fmt.help or ""):
                found.add(" ".join(prefix + [name]))

    walk(main, [])
    # batch-summary merges a batch directory: its JSON is simulate's (tests/cli/test_batch_cli.py);
    # history and practice list the saved reviews and positions, no API result (tests/jass/cli/test_history_cli.py,
    # tests/core/test_practice_cli.py).
    assert found - {"batch-summary", "history", "practice"} <= set(CASES), found - set(CASES)
