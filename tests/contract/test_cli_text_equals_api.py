"""Every command's default (text) output is exactly ``str()`` of the API result for the same
arguments: the text is rendered once, by the result class (issue 31), not by the command line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import jass_sim
from jass_sim import basra, cribbage, differenzler
from jass_sim.jass.coiffeur.api import coiffeur_advise, coiffeur_games, coiffeur_replay, coiffeur_simulate

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"


def cli_text(*args) -> str:
    from jass_sim.cli import main

    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


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
    "advise": (lambda tmp: ["advise", HAND, "--samples", 64, "--seed", 3, "--options", "H,S,chibre"],
               lambda tmp: jass_sim.advise(HAND, samples=64, seed=3, options="H,S,chibre")),
    "simulate": (lambda tmp: ["simulate", "--deals", 200, "--policy", "heuristic", "--seed", 2],
                 lambda tmp: jass_sim.simulate(200, policy="heuristic", seed=2)),
    "duel": (lambda tmp: ["duel", "--team-a", "heuristic", "--team-b", "random", "--deals", 64],
             lambda tmp: jass_sim.duel("heuristic", "random", 64)),
    "games": (lambda tmp: ["games", "--games", 40, "--team-a", "heuristic", "--team-b", "random", "--seed", 2,
                           "--target", 600],
              lambda tmp: jass_sim.games(40, "heuristic", "random", seed=2, target=600)),
    "equity": (lambda tmp: ["equity", "--shipped", "--policy", "net"],
               lambda tmp: jass_sim.equity(shipped=True, policy="net")),
    "equity --score": (lambda tmp: ["equity", "--shipped", "--rules", "schieber", "--score", "1200:900"],
                       lambda tmp: jass_sim.equity(shipped=True, rules="schieber", score="1200:900")),
    "melds": (lambda tmp: ["melds", "--hands", 500, "--deals", 300, "--seed", 4, "--mode", "S"],
              lambda tmp: jass_sim.melds(hands=500, deals=300, seed=4, mode="S")),
    "solve": (lambda tmp: ["solve", "--mode", "OBE", "--leader", 1, "--hands", "H6,HA,DT;H7,HK,D6;D7,D8,S6;S7,S8,SA"],
              lambda tmp: jass_sim.solve("H6,HA,DT;H7,HK,D6;D7,D8,S6;S7,S8,SA", "OBE", 1)),
    "replay": (lambda tmp: ["replay", "--seed", 11, "--policy", "heuristic", "--mode", "UNE"],
               lambda tmp: jass_sim.replay(11, policy="heuristic", mode="UNE")),
    "play-advice": (lambda tmp: ["play-advice", "--hand", HAND, "--mode", "H", "--played", "HJ H6 HK H7",
                                 "--samples", 40],
                    lambda tmp: jass_sim.play_advice(HAND, mode="H", played="HJ H6 HK H7", samples=40)),
    "review": (lambda tmp: ["review", _round_file(tmp), "--samples", 4, "--no-mode"],
               lambda tmp: jass_sim.review(_round_file(tmp), samples=4, rate_mode=False)),
    "cribbage score": (lambda tmp: ["cribbage", "score", "5H 5D JS 6C", "--starter", "5C"],
                       lambda tmp: cribbage.score("5H 5D JS 6C", "5C")),
    "cribbage discard": (lambda tmp: ["cribbage", "discard", "5H 5D JS 6C 4H KD", "--pone"],
                         lambda tmp: cribbage.discard("5H 5D JS 6C 4H KD", dealer=False)),
    "cribbage stats": (lambda tmp: ["cribbage", "stats", "--hands", 2000, "--seed", 1],
                       lambda tmp: cribbage.stats(hands=2000, seed=1)),
    "cribbage simulate": (lambda tmp: ["cribbage", "simulate", "--games", 4],
                          lambda tmp: cribbage.simulate(4)),
    "cribbage replay": (lambda tmp: ["cribbage", "replay", "--seed", 3],
                        lambda tmp: cribbage.replay(3)),
    "cribbage play-advice": (lambda tmp: ["cribbage", "play-advice", "--hand", "QD 5H 2D 2S", "--starter", "5C",
                                          "--dealer", "--played", "KS QD AC", "--discard", "5S 5D"],
                             lambda tmp: cribbage.play_advice("QD 5H 2D 2S", "5C", dealer=True, played="KS QD AC",
                                                              discard="5S 5D")),
    "cribbage review": (lambda tmp: ["cribbage", "review", _crib_game_file(tmp), "--player", 1],
                        lambda tmp: cribbage.review(str(_crib_game_file(tmp)), player=1)),
    "basra replay": (lambda tmp: ["basra", "replay", "--seed", 2, "--players", 4],
                     lambda tmp: basra.replay(2, players=4)),
    "basra simulate": (lambda tmp: ["basra", "simulate", "--deals", 200, "--games", 4],
                       lambda tmp: basra.simulate(deals=200, games=4)),
    "basra duel": (lambda tmp: ["basra", "duel", "--player-a", "greedy", "--player-b", "random", "--deals", 100,
                                "--games", 2],
                   lambda tmp: basra.duel("greedy", "random", deals=100, games=2)),
    "basra advise": (lambda tmp: ["basra", "advise", "--hand", "HJ D10 C5 S3 HK H7", "--table", "H5 C2 D7 S9",
                                  "--samples", 50],
                     lambda tmp: basra.advise("HJ D10 C5 S3 HK H7", table="H5 C2 D7 S9", samples=50)),
    "coiffeur advise": (lambda tmp: ["coiffeur", "advise", HAND, "--ours-open", "S,H,OBE,JOKER", "--theirs-open",
                                     "C,UNE,JOKER", "--samples", 64, "--seed", 2],
                        lambda tmp: coiffeur_advise(HAND, "S,H,OBE,JOKER", "C,UNE,JOKER", samples=64, seed=2)),
    "differenzler advise": (lambda tmp: ["differenzler", "advise", "HJ H9 HA HK SA ST D6 C7 C8", "--trump-card", "H6",
                                         "--samples", 2048],
                            lambda tmp: differenzler.advise("HJ H9 HA HK SA ST D6 C7 C8", "H6", samples=2048)),
    "differenzler replay": (lambda tmp: ["differenzler", "replay", "--seed", 2],
                            lambda tmp: differenzler.replay(2)),
    "differenzler simulate": (lambda tmp: ["differenzler", "simulate", "--rounds", 1024],
                              lambda tmp: differenzler.simulate(1024)),
    "differenzler games": (lambda tmp: ["differenzler", "games", "--games", 20],
                           lambda tmp: differenzler.games(20)),
    "differenzler play-advice": (lambda tmp: ["differenzler", "play-advice", "--hand", "HJ H9 HA HK SA ST D6 C7 C8",
                                              "--trump-card", "H6", "--bid", 60, "--played", "SA S6 S7 S8",
                                              "--samples", 64],
                                 lambda tmp: differenzler.play_advice("HJ H9 HA HK SA ST D6 C7 C8", "H6", 60,
                                                                      "SA S6 S7 S8", samples=64)),
    "coiffeur replay": (lambda tmp: ["coiffeur", "replay", "--seed", 3, "--categories", "S:1,OBE:3,JOKER:5,JOKER:6"],
                        lambda tmp: coiffeur_replay(3, categories="S:1,OBE:3,JOKER:5,JOKER:6")),
    "coiffeur simulate": (lambda tmp: ["coiffeur", "simulate", "--matches", 2, "--seed", 4, "--categories",
                                       "S:1,OBE:3,JOKER:5,JOKER:6"],
                          lambda tmp: coiffeur_simulate(2, seed=4, categories="S:1,OBE:3,JOKER:5,JOKER:6")),
    "coiffeur games": (lambda tmp: ["coiffeur", "games", "--matches", 1, "--seed", 4, "--categories",
                                    "S:1,OBE:3,JOKER:5,JOKER:6"],
                       lambda tmp: coiffeur_games(1, seed=4, categories="S:1,OBE:3,JOKER:5,JOKER:6")),
}


@pytest.mark.parametrize("command", list(CASES))
def test_cli_text_is_str_of_the_api_result(command, tmp_path):
    cli_args, api_call = CASES[command]
    printed = cli_text(*cli_args(tmp_path))
    result = api_call(tmp_path)
    assert printed == str(result) + "\n"
    assert str(result) == result.formatted(result.formats[0]) and repr(result).startswith("<")


def test_every_command_with_text_output_is_covered():
    """A new command printing a result must get a case here: those with ``--format``, and
    ``equity`` (text on stdout, its table with ``-o``)."""
    import click

    from jass_sim.cli import main

    found = set()

    def walk(group, prefix):
        for name, cmd in group.commands.items():
            if isinstance(cmd, click.Group):
                walk(cmd, prefix + [name])
            elif any(p.name == "fmt" for p in cmd.params) or name == "equity":
                found.add(" ".join(prefix + [name]))

    walk(main, [])
    # batch-summary merges a batch directory: its text is simulate's (tests/cli/test_batch_cli.py);
    # history and practice list the saved reviews and positions, no API result (tests/jass/cli/test_history_cli.py,
    # tests/core/test_practice_cli.py).
    assert found - {"batch-summary", "history", "practice"} <= {c.split(" --")[0] for c in CASES}, found - set(CASES)


def test_equity_output_file_is_the_table_and_the_text_goes_to_stderr(tmp_path):
    """With ``-o`` the table goes to the file (by its extension) and the same text to stderr."""
    from jass_sim.cli import main

    out = tmp_path / "eq.csv"
    try:
        runner = CliRunner(mix_stderr=False)  # click 8.1
    except TypeError:
        runner = CliRunner()
    r = runner.invoke(main, ["equity", "--shipped", "--score", "500:500", "-o", str(out)])
    assert r.exit_code == 0, r.output
    e = jass_sim.equity(shipped=True, score="500:500")
    assert r.stdout == "" and r.stderr == str(e) + "\n"
    assert out.read_text() == e.formatted("csv")
