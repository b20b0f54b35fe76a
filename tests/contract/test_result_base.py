"""The one Result base (jass_sim.core.result, issue 31): formats, files by extension, and the one
plot-path check that every command with ``--plot`` uses."""

from __future__ import annotations

import os

import pandas as pd
import pytest
from click.testing import CliRunner

from jass_sim.core.errors import InputError
from jass_sim.core.result import Result, check_file_path, check_plot_path


class _Answer(Result):
    """A result as a feature defines one: a document, a table, a text."""

    formats = ("table", "json")
    json_ascii = False

    def __init__(self):
        super().__init__({"card": "♥A", "points": [11, 10]}, pd.DataFrame({"card": ["HA", "HT"], "points": [11, 10]}))

    def text(self) -> str:
        return "play ♥A\n11 points"

    @property
    def heading(self) -> str:
        return "play ♥A"


def test_str_formatted_and_views():
    a = _Answer()
    assert str(a) == a.formatted("table") == a.formatted("TEXT".lower()) == "play ♥A\n11 points"
    assert a.formatted("json") == '{"card": "♥A", "points": [11, 10]}'  # json_ascii False: no escapes
    with pytest.raises(InputError, match="csv") as err:
        a.formatted("csv")  # not a format of this command
    assert err.value.token == "csv"
    doc = a.to_json()
    doc["points"].clear()
    assert a.to_json()["points"] == [11, 10]  # a fresh copy each time
    assert repr(a) == "<_Answer: play ♥A>" and "<table" in a._repr_html_()
    with pytest.raises(TypeError):
        a.plot()  # no plot formats: no plot


def test_save_by_extension(tmp_path):
    a = _Answer()
    a.save(tmp_path / "a.txt")
    a.save(str(tmp_path / "a.json"))
    assert (tmp_path / "a.txt").read_text() == str(a) + "\n"
    assert (tmp_path / "a.json").read_text() == a.formatted("json") + "\n"
    for bad in ("a.csv", "a.png", "a"):  # no csv format, no plot, no extension
        with pytest.raises(InputError, match="must end in .txt, .json or .parquet") as err:
            a.save(tmp_path / bad)
        assert err.value.token == str(tmp_path / bad)
    with pytest.raises(InputError, match="does not exist"):
        a.save(tmp_path / "missing" / "a.json")
    assert sorted(os.listdir(tmp_path)) == ["a.json", "a.txt"]


@pytest.mark.parametrize("path,message", [
    ("figure.gif", "--plot needs a .png or .svg file, got 'figure.gif'"),
    ("figure", "--plot needs a .png or .svg file, got 'figure'"),
    ("", "--plot needs a .png or .svg file, got ''"),
    ("missing/figure.png", "cannot write --plot 'missing/figure.png'"),
    ("adir", "--plot needs a .png or .svg file, got 'adir'"),
])
def test_plot_path_check_refuses_before_any_work(tmp_path, monkeypatch, path, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "adir").mkdir()
    with pytest.raises(InputError) as err:
        check_plot_path(path)
    assert str(err.value).startswith(message) and err.value.token == path
    assert sorted(os.listdir(tmp_path)) == ["adir"]


def test_plot_path_check_accepts_and_names_the_format(tmp_path):
    assert check_plot_path(None) is None
    assert check_plot_path(str(tmp_path / "f.PNG")) == "png"
    assert check_plot_path(str(tmp_path / "f.svg")) == "svg"
    assert check_plot_path(str(tmp_path / "f.pdf"), ("png", "svg", "pdf")) == "pdf"
    with pytest.raises(InputError, match=r"needs a \.png, \.svg or \.pdf file"):
        check_plot_path(str(tmp_path / "f.gif"), ("png", "svg", "pdf"))
    assert check_file_path(str(tmp_path / "t.csv"), ("parquet", "csv"), "-o") == "csv"
    with pytest.raises(InputError, match=r"^-o needs a \.parquet or \.csv file"):
        check_file_path(str(tmp_path / "t.json"), ("parquet", "csv"), "-o")
    assert os.listdir(tmp_path) == []


def _plot_commands():
    """Every command with a --plot option, with the arguments it needs besides --plot."""
    import click

    from jass_sim.cli import main

    needs = {("advise",): ["HJ H9 HA SK SQ D6 C7 C8 CT"], ("equity",): ["--shipped"],
             ("games",): ["--games", "2", "--team-a", "random", "--team-b", "random"],
             ("melds",): [], ("cribbage", "stats"): [], ("history",): ["--stats"],
             ("differenzler", "advise"): ["HJ H9 HA HK SA ST D6 C7 C8", "--trump-card", "H6", "--samples", "2048"]}
    found = []

    def walk(group, prefix):
        for name, cmd in group.commands.items():
            if isinstance(cmd, click.Group):
                walk(cmd, prefix + (name,))
            elif any("--plot" in getattr(p, "opts", ()) for p in cmd.params):
                found.append(prefix + (name,))

    walk(main, ())
    assert set(found) == set(needs), set(found) ^ set(needs)
    return [list(c) + needs[c] for c in found]


@pytest.mark.parametrize("args", _plot_commands(), ids=lambda a: " ".join(a[:2]))
def test_every_plot_option_uses_the_one_check(tmp_path, monkeypatch, args):
    """The same line for a bad plot file from every command, before any work."""
    from jass_sim.cli import main

    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, args + ["--plot", "figure.gif"])
    assert r.exit_code == 2
    exts = ".png, .svg or .pdf" if args[0] == "cribbage" else ".png or .svg"
    assert r.output == f"jass-sim: error: --plot needs a {exts} file, got 'figure.gif'\n"
    assert os.listdir(tmp_path) == []
