"""Text a user reads (issue 33 item 13): plurals, no e-notation, the Swiss card and mode names,
a hint for a card written rank first, figures whose colours and legends can be read."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import jass_sim
from jass_sim.cli import main
from jass_sim.core.report.text import plural
from jass_sim.jass.cards import format_card, parse_card, parse_mode


def run(*args, code=0):
    try:
        runner = CliRunner(mix_stderr=False)
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(main, [str(a) for a in args])
    assert result.exit_code == code, (result.output, result.stderr)
    return result


@pytest.mark.parametrize("n,one,many,text", [(1, "trick", None, "1 trick"), (2, "trick", None, "2 tricks"),
                                             ("1", "six", "sixes", "1 six"), ("6+", "six", "sixes", "6+ sixes"),
                                             (0, "card", None, "0 cards")])
def test_plural(n, one, many, text):
    assert plural(n, one, many) == text


def test_one_trick_and_one_card_are_singular():
    solved = run("solve", "--mode", "H", "--leader", 0, "--hands", "HJ;HA;H9;HT").stdout
    assert "1 trick" in solved and "1 tricks" not in solved
    err = run("play-advice", "--hand", "HJ H9 HA SK SQ D6 C7 C8 CT", "--mode", "H", "--leader", 2, "--played", "D7",
              code=2).stderr
    assert "after 1 card," in err


def test_meld_tables_have_no_e_notation():
    out = run("melds", "--hands", 1000, "--deals", 300_000).stdout
    assert "e-0" not in out and "0.0000" in out  # small frequencies are written out


def test_percentage_points_not_points_of_percentage():
    a = jass_sim.advise("HJ H9 HA SK SQ D6 C7 C8 CT", policy="heuristic", samples=200, score="900:950")
    assert "points of percentage" not in str(a) and "percentage points" in str(a)


@pytest.mark.parametrize("name,card", [("Eicheln-Ass", "DA"), ("Eichel-As", "DA"), ("Rosen-Buur", "HJ"),
                                       ("Schellen-Nell", "C9"), ("Schilten-Under", "SJ"), ("rose-10", "HT")])
def test_swiss_card_names(name, card):
    assert format_card(parse_card(name)) == card


def test_swiss_mode_names_and_the_mode_error():
    assert parse_mode("Eicheln") == parse_mode("Eichel") == parse_mode("D")
    err = run("replay", "--seed", 1, "--mode", "Herz", code=2).stderr
    assert "Rosen" in err and "Schellen" in err and "'Herz'" in err


def test_a_card_written_rank_first_gets_a_hint():
    err = run("advise", "10H H9 HA SK SQ D6 C7 C8 CT", code=2).stderr
    assert "'10H'" in err and "'HT'" in err


def test_cribbage_heat_maps_share_one_labelled_colour_scale():
    stats = jass_sim.cribbage.stats(hands=1000, crib_pairs=True, samples=20)
    fig = stats.figure() if hasattr(stats, "figure") else None
    if fig is None:
        from jass_sim.cribbage.analysis import stats_figure

        fig = stats_figure(stats.table, stats.cribs)
    images = [im for ax in fig.axes for im in ax.get_images()]
    assert len(images) == 2 and images[0].get_clim() == images[1].get_clim()
    bars = [ax for ax in fig.axes if ax.get_ylabel() and not ax.get_images() and ax.get_ylabel() != "probability"]
    assert len(bars) == 2 and all("crib" in ax.get_ylabel() for ax in bars)
