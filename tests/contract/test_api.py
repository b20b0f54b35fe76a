"""The public API (issue 23): lazy import, errors, result objects, Jupyter views."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

import jass_sim
from jass_sim import basra, cribbage

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"


def test_import_is_lazy():
    """``import jass_sim`` loads neither the API modules nor numpy, numba or pandas."""
    code = ("import sys, jass_sim, jass_sim.cribbage, jass_sim.basra; "
            "print(sorted(m for m in ('numpy', 'numba', 'pandas', 'jass_sim.jass.api', 'jass_sim.jass.cards') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_command_line_start_up_is_light():
    """Building the ``jass-sim`` command tree (what ``jass-sim --help`` does) loads neither numpy,
    numba nor pandas: every command imports its heavy modules when it runs."""
    code = ("import sys, jass_sim.cli; "
            "print(sorted(m for m in ('numpy', 'numba', 'pandas') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_public_names():
    assert set(jass_sim.__all__) <= set(dir(jass_sim))
    for name in jass_sim.__all__:
        assert getattr(jass_sim, name) is not None
    assert jass_sim.cribbage is cribbage and callable(cribbage.discard) and callable(basra.advise)
    assert callable(basra.report)
    with pytest.raises(AttributeError):
        jass_sim.no_such_function  # noqa: B018
    with pytest.raises(AttributeError):
        cribbage.no_such_function  # noqa: B018


def test_namespace_functions_survive_importing_the_modules():
    """The modules that share a name with nothing: importing every sub-module keeps the functions."""
    import importlib
    import pkgutil

    for pkg in (jass_sim, cribbage, basra):
        for info in pkgutil.iter_modules(pkg.__path__):
            if info.name != "__main__":
                importlib.import_module(f"{pkg.__name__}.{info.name}")
        for name in pkg.__all__:
            if name in ("cribbage", "basra"):  # the two game sub-packages are modules by design
                continue
            assert callable(getattr(pkg, name)) and not isinstance(getattr(pkg, name), type(pkg)), name


def test_input_error_is_a_value_error_with_the_cli_line():
    from jass_sim.cli import main

    assert issubclass(jass_sim.InputError, ValueError)
    with pytest.raises(jass_sim.InputError) as err:
        jass_sim.advise("HJ H9 HA SK SQ D6 C7 C8 XX", samples=10)
    assert err.value.token == "XX"
    result = CliRunner().invoke(main, ["advise", "HJ H9 HA SK SQ D6 C7 C8 XX", "--samples", "10"])
    assert result.exit_code == 2
    assert result.output.strip() == f"jass-sim: error: {err.value}"


@pytest.mark.parametrize("call", [
    lambda: jass_sim.simulate(10, policy="nobody"),
    lambda: jass_sim.simulate(10, policy="nobody", per_deal=True),
    lambda: jass_sim.duel("heuristic", "nobody", 10),
    lambda: jass_sim.melds(hands=0),
    lambda: jass_sim.solve("H6;H7;H8", "H"),
    lambda: jass_sim.replay(1, mode="XYZ"),
    lambda: jass_sim.play_advice(HAND, mode="Q"),
    lambda: jass_sim.review("/no/such/round.txt"),
    lambda: jass_sim.review("/no/such/round.txt", seat=0, team=1),
    lambda: cribbage.score("5H 5D JS", "5C"),
    lambda: cribbage.discard("5H 5D JS 6C 4H KD", dealer=True, seed=3),
    lambda: cribbage.stats(exact=True, hands=10),
    lambda: cribbage.simulate(3),
    lambda: basra.replay(1, players=3),
    lambda: basra.simulate(deals=0),
    lambda: basra.advise("HJ D10", table="HJ C2"),
], ids=["simulate", "simulate-per-deal", "duel", "melds", "solve", "replay", "play_advice", "review-file",
        "review-seat-team", "cribbage-score", "cribbage-discard", "cribbage-stats", "cribbage-simulate",
        "basra-replay", "basra-simulate", "basra-advise"])
def test_bad_input_raises_input_error_at_the_call(call):
    """Also for ``per_deal=True``: the error comes at the call, not at the first chunk."""
    with pytest.raises(jass_sim.InputError):
        call()


def test_advise_result():
    a = jass_sim.advise(HAND, samples=64, seed=5, options="H,S,chibre")
    assert a.recommendation in {"H", "S", "chibre"}
    assert a.recommendation == a.to_json()["recommendation"] and a.sentence == a.to_json()["sentence"]
    assert list(a.table["option"]) == ["H", "S", "chibre"] and (a.table["samples"] == 64).all()
    best = a.table.loc[a.table["mean_diff"].idxmax(), "option"]
    assert best == a.recommendation
    html = a._repr_html_()
    assert "<table" in html and a.sentence.split(":")[0] in html
    assert str(a).startswith(a.sentence)
    fig = a.plot()
    assert len(fig.axes) == 2


def test_advise_plot_file(tmp_path):
    a = jass_sim.advise(HAND, samples=32, seed=1, options="H,S")
    a.plot(str(tmp_path / "a.png"))
    assert (tmp_path / "a.png").read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(jass_sim.InputError):
        a.plot(str(tmp_path / "a.gif"))
    assert not (tmp_path / "a.gif").exists()


def test_simulate_table_and_per_deal_chunks_agree():
    table = jass_sim.simulate(300, policy="heuristic", seed=9).table
    assert table.attrs["deals"] == 300 and table.attrs["seed"] == 9
    chunks = list(jass_sim.simulate(300, policy="heuristic", seed=9, per_deal=True))
    rows = __import__("pandas").concat(chunks)
    assert len(rows) == 300
    total = table.loc[table["mode"] == "all"].iloc[0]
    assert total["deals"] == 300
    assert total["mean_ours"] == pytest.approx(rows["total_ours"].mean())


def test_results_are_copies_and_views():
    r = jass_sim.replay(3, policy="heuristic")
    doc = r.to_json()
    doc["tricks"].clear()
    assert len(r.to_json()["tricks"]) == 9
    assert list(r.table["trick"]) == list(range(1, 10)) and r.table["points"].sum() == 157
    assert "<table" in r._repr_html_() and "trick 9" in str(r)
    s = jass_sim.solve("H6 HA;H7 HK;D6 D7;S6 S7", "H")
    assert (s.team0, s.team1) == (16, 4) and list(s.table["card"]) == ["H6", "HA"]


def test_review_of_a_replayed_round_equals_review_of_its_file(tmp_path):
    r = jass_sim.replay(8, policy="heuristic")
    path = tmp_path / "r.json"
    path.write_text(json.dumps(r.to_json()))
    a = jass_sim.review(r, samples=4, rate_mode=False)
    b = jass_sim.review(path, samples=4, rate_mode=False)
    assert a.to_json() == b.to_json()
    assert len(a.table) == 9 and "<html" in a.html().lower()


def test_play_advice_melds_as_dict_or_text():
    a = jass_sim.play_advice(HAND, mode="H", played="HJ H6 HK H7", melds="1: D7 D8 D9", samples=30)
    b = jass_sim.play_advice(HAND, mode="H", played="HJ H6 HK H7", melds={1: "D7 D8 D9"}, samples=30)
    assert a.to_json() == b.to_json()
    assert a.recommendation == a.table["card"].iloc[0]


def test_cribbage_and_basra_results():
    s = cribbage.score("5H 5D JS 6C", "5C")
    assert s.points == s.table["points"].sum() == s.to_json()["points"]
    d = cribbage.discard("5H 5D JS 6C 4H KD", dealer=True)
    assert len(d.table) == 15 and d.recommendation == d.table["discard"].iloc[0].split()
    st = cribbage.stats(hands=1000, seed=2)
    assert st.table["hand_probability"].sum() == pytest.approx(1)
    b = basra.advise("HJ D10 C5 S3 HK H7", table="H5 C2 D7 S9", samples=40)
    assert b.recommendation == b.table["card"].iloc[0] and "<table" in b._repr_html_()
    g = cribbage.simulate(20, seed=4)
    doc = g.to_json()
    row = g.table.set_index("figure").loc["a_win"]
    assert row["estimate"] == doc["a_win"]["rate"] and [row["ci95_lo"], row["ci95_hi"]] == doc["a_win"]["ci"]
    assert (g.table["ci95_lo"] <= g.table["estimate"]).all() and (g.table["estimate"] <= g.table["ci95_hi"]).all()
    f = basra.simulate(deals=100, games=0)
    assert f.to_json()["figures"] == f.table.to_dict(orient="records")


def _public_functions():
    from jass_sim.basra import api as b
    from jass_sim.cribbage import api as c
    from jass_sim.jass import api as j

    return [(f"{m.__name__}.{name}", getattr(m, name)) for m in (j, c, b) for name in m.__all__]


@pytest.mark.parametrize("name,func", _public_functions(), ids=lambda x: x if isinstance(x, str) else "")
def test_docstring_names_the_kernel_it_wraps_and_the_references_exist(name, func):
    """numpydoc docstrings: a summary, the parameters, and 'Wraps ...' naming existing kernels."""
    import importlib
    import re

    doc = func.__doc__ or ""
    assert "Wraps" in doc, name
    assert "Parameters\n    ----------" in doc or "Parameters as for" in doc, name
    wraps = doc[doc.index("Wraps"):]
    refs = re.findall(r":(?:func|mod|class):`([\w.]+)`", wraps.split("\n\n")[0])
    assert refs, name
    for ref in refs:
        parts = ref.split(".")
        for cut in range(len(parts), 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
            break
        else:
            raise AssertionError(f"{name}: {ref} does not exist")


def test_equity_api_equals_the_command_table(tmp_path):
    """jass_sim.equity builds the table `jass-sim equity -o FILE.csv` writes (same arguments)."""
    import pandas as pd
    from click.testing import CliRunner

    from jass_sim.cli import main

    e = jass_sim.equity(rules="chibre", games=500, step=50, seed=4)
    out = tmp_path / "eq.csv"
    r = CliRunner().invoke(main, ["equity", "--games", "500", "--step", "50", "--seed", "4", "-o", str(out)])
    assert r.exit_code == 0, r.output
    pd.testing.assert_frame_equal(pd.read_csv(out), e.table.reset_index(drop=True), check_dtype=False)
    assert e.to_json()["rounds"] == 500 and len(e.to_json()["cells"]) == len(e.table)
    with pytest.raises(jass_sim.InputError, match="--shipped"):
        jass_sim.equity(shipped=True, games=500)
