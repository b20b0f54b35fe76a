"""``scripts/partner_data.py`` (issue 44, section 2): the fitting data of a partner model after a
push is written chunk by chunk, a rerun resumes where the last run stopped and gives the same
chunks, and a directory made with other parameters is refused."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np

from jass_sim.jass.modes.choose import MODE_POLICIES, choose_mode
from jass_sim.jass.modes.weights import default_mode_params
from jass_sim.jass.rules import get_rules

ROOT = Path(__file__).resolve().parents[3]


def load():
    spec = importlib.util.spec_from_file_location("partner_data_script", ROOT / "scripts" / "partner_data.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_chunks_resume_and_agree(tmp_path, capsys):
    script = load()
    out = tmp_path / "pd"
    args = ["--chunk", "24", "--chunks", "2", "--seed", "3", "--out", str(out)]
    assert script.main(args[:3] + ["1"] + args[4:]) == 0  # one chunk first
    assert sorted(p.name for p in out.iterdir()) == ["chunk_00000.npz", "manifest.json"]
    first = dict(np.load(out / "chunk_00000.npz"))
    assert script.main(args) == 0  # resumes: chunk 0 is kept, chunk 1 written
    assert "(1 written now)" in capsys.readouterr().out
    again = dict(np.load(out / "chunk_00000.npz"))
    for k in first:
        assert np.array_equal(first[k], again[k])
    rules = get_rules("chibre")
    for name in ("chunk_00000.npz", "chunk_00001.npz"):
        d = dict(np.load(out / name))
        assert d["diff"].shape == (len(d["partner"]), len(rules.modes)) and list(d["modes"]) == list(rules.modes)
        assert 0 < len(d["partner"]) < 24  # only the deals the fitted model pushes
        for pusher, partner in zip(d["pusher"], d["partner"]):
            assert int(pusher) & int(partner) == 0 and bin(int(partner)).count("1") == 9
            _, pushed = choose_mode(MODE_POLICIES["fitted"], np.uint64(pusher), np.uint64(partner),
                                    np.asarray(rules.modes, dtype=np.int64), rules.arrays()[2], True,
                                    default_mode_params(rules), np.ones(4, dtype=np.uint64))
            assert pushed
        assert (np.abs(d["diff"]) <= 2 * 257 + 1000).all()
    # a fresh directory gives the same chunk 1 in one go (a chunk does not depend on the runs)
    script.main(args[:-1] + [str(tmp_path / "other")])
    a, b = dict(np.load(out / "chunk_00001.npz")), dict(np.load(tmp_path / "other" / "chunk_00001.npz"))
    assert all(np.array_equal(a[k], b[k]) for k in a)
    assert json.loads((out / "manifest.json").read_text())["seed"] == 3
    # other parameters in the same directory: refused
    assert script.main(["--chunk", "24", "--chunks", "2", "--seed", "4", "--out", str(out)]) == 2
