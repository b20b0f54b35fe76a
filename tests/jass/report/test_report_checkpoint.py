"""``jass-sim report --checkpoint DIR``: a report stopped part way resumes from its saved sections
and first-lead positions and gives the same tables as one uninterrupted run; a directory of
another run is refused with one line."""

from __future__ import annotations

import json
import os

import pandas as pd
import pytest
from click.testing import CliRunner

from jass_sim.cli import main
from jass_sim.core.checkpoint import MANIFEST, Checkpoint
from jass_sim.core.errors import InputError
from jass_sim.jass.report import build as B
from jass_sim.jass.report import lead as L
from jass_sim.jass.report import sections as S

#: A small report: net play-outs (the search player's kernels are not compiled here).
PLAY = B.PlaySizes(endgame_hands=2, scores=(950,), lead_positions=2, rule_positions=0, smear_positions=2, worlds=8,
                   policy="net", strata_hands=4, play_positions=1, rule_play_positions=0, signal_deals=2,
                   lead_check_positions=0)
ARGS = dict(rules="chibre", deals=64 * 8, seed=5, samples_per_hand=64, meld_hands=500, players="random",
            play=PLAY)


def _tables(rep) -> dict[str, pd.DataFrame]:
    return {name: t.reset_index(drop=True) for name, t in rep.tables.items()}


def _same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for name in a:
        pd.testing.assert_frame_equal(a[name], b[name], obj=name)


def _refuse(*_args, **_kwargs):
    raise AssertionError("computed again instead of read from the checkpoint")


def test_a_stopped_report_resumes_to_the_same_tables(tmp_path, monkeypatch):
    whole = _tables(B.build_report(**ARGS, checkpoint=str(tmp_path / "whole")))

    # stopped in the card-value section: sections 1, 2c, 2d (position by position) and 2e are saved
    def stop(*_args, **_kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(S, "card_values", stop)
        with pytest.raises(KeyboardInterrupt):
            B.build_report(**ARGS, checkpoint=str(tmp_path / "stopped"))
    saved = {n[:-4] for n in os.listdir(tmp_path / "stopped") if n.endswith(".pkl")}
    assert {"option_values", "endgame", "partner", "first-lead-0", "first-lead-3", "smearing-1"} <= saved
    assert "card_values" not in saved

    # resumed: what was saved is read, not computed again, and the tables are those of the whole run
    with monkeypatch.context() as m:
        m.setattr(S, "option_values", _refuse)
        m.setattr(L, "_advice", _refuse)
        resumed = _tables(B.build_report(**ARGS, checkpoint=str(tmp_path / "stopped")))
    _same(resumed, whole)
    assert "card_values.pkl" in os.listdir(tmp_path / "stopped")


def test_a_checkpoint_of_another_run_is_refused(tmp_path):
    d = str(tmp_path / "ck")
    Checkpoint(d, {"deals": 512, "seed": 5}).step("a", lambda: 1)
    assert Checkpoint(d, {"deals": 512, "seed": 5}).step("a", _refuse) == 1  # the same run: resumed
    with pytest.raises(InputError, match=r"seed was 5") as err:
        Checkpoint(d, {"deals": 512, "seed": 6})
    assert err.value.token == d
    manifest = json.loads((tmp_path / "ck" / MANIFEST).read_text())
    manifest["code"] = "0" * 16
    (tmp_path / "ck" / MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(InputError, match="the code changed since"):
        Checkpoint(d, {"deals": 512, "seed": 5})
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("keep")
    with pytest.raises(InputError, match="holds no checkpoint"):
        Checkpoint(str(tmp_path / "other"), {})
    (tmp_path / "file").write_text("x")
    with pytest.raises(InputError, match="is a file"):
        Checkpoint(str(tmp_path / "file"), {})
    assert os.listdir(tmp_path / "other") == ["notes.txt"]


def test_bad_checkpoint_one_line_exit_2_nothing_written(tmp_path):
    (tmp_path / "file").write_text("x")
    result = CliRunner().invoke(main, ["report", "--deals", "512", "--samples-per-hand", "64", "--checkpoint",
                                       str(tmp_path / "file"), "-o", str(tmp_path / "rep")])
    assert result.exit_code == 2 and result.stdout == ""
    err = result.stderr.strip().splitlines()
    assert len(err) == 1 and str(tmp_path / "file") in err[0] and "Traceback" not in result.stderr
    assert sorted(os.listdir(tmp_path)) == ["file"]
