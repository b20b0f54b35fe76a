"""The facade ``jass_sim.coiffeur`` (issue 53 item 5: ``advise``, ``replay``, ``simulate``, ``games``
as ``jass_sim.differenzler``'s; the job command is tested in tests/page/test_coiffeur_jobs.py).

Sizes: one advice at 64 sampled deals (the smallest block) and one small match run (4 deal sets):
the tests check that the names are the same functions and that they run, not the figures (those
are tests/jass/coiffeur/test_coiffeur_advise.py's and test_match.py's). A few seconds warm."""

from __future__ import annotations

import pytest

import jass_sim.coiffeur as coiffeur
from jass_sim.core.errors import InputError
from jass_sim.jass.coiffeur import api

HAND = "HJ H9 HA HK SQ D6 C7 C8 CT"
ARGS = {"hand": HAND, "ours_open": "S,H,OBE,JOKER", "theirs_open": "C,UNE,JOKER", "samples": 64, "seed": 3}


def test_the_facade_names_the_coiffeur_api():
    assert coiffeur.__all__ == ["advise", "replay", "simulate", "games", "report"]
    assert coiffeur.advise is api.coiffeur_advise and coiffeur.replay is api.coiffeur_replay
    assert coiffeur.simulate is api.coiffeur_simulate and coiffeur.games is api.coiffeur_games
    assert coiffeur.report is api.coiffeur_report  # as jass_sim.differenzler.report, basra's, cribbage's
    assert set(dir(coiffeur)) >= set(coiffeur.__all__)
    for name in coiffeur.__all__:
        assert getattr(coiffeur, name).__doc__
    with pytest.raises(AttributeError):
        coiffeur.nothing  # noqa: B018


def test_the_report_refuses_bad_input_before_any_play_out(tmp_path):
    # the report itself is tests/jass/coiffeur/test_coiffeur_report.py's: here only the facade's checks (no work)
    out = str(tmp_path / "rep")
    for bad, name in (({"hands": 0}, "hands"), ({"matches": True}, "matches"), ({"quick": "yes"}, "quick"),
                      ({"seed": -1}, "seed")):  # (a bad --rules: the bad-input table, after the imports)
        with pytest.raises(InputError, match=name):
            coiffeur.report(out, **bad)
    assert not (tmp_path / "rep").exists()


def test_the_facade_runs():
    a = coiffeur.advise(HAND, "S,H,OBE,JOKER", "C,UNE,JOKER", samples=64, seed=3)
    assert a.to_json()["recommendation"] in ("S", "H", "OBE", "JOKER", "pass")
    m = coiffeur.replay(1)
    assert len(m.to_json()["rounds"]) == 16
    g = coiffeur.games(4, seed=1)
    assert len(g.table) == 4 * 4  # planning vs greedy twice, and each against itself
