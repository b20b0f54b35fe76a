"""The public Python API under the arguments a notebook passes (issue 33 item 11).

Every argument of every public function has a checked kind (:mod:`jass_sim.core.api_args`); a
value of the wrong type raises :class:`jass_sim.InputError` naming the argument, never a
``TypeError``, ``AttributeError`` or a bare ``ValueError``; the unambiguous spellings (a list of
card strings, ``4000.0``, a list of options) are accepted and give the same answer as the text.
"""

from __future__ import annotations

import importlib
import inspect

import pytest

import jass_sim
from jass_sim.core.errors import InputError

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"
PACKAGES = {"jass_sim": jass_sim.__all__, "jass_sim.cribbage": None, "jass_sim.basra": None}


def public_functions():
    for package in PACKAGES:
        module = importlib.import_module(package)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj):
                yield f"{package}.{name}", obj


FUNCTIONS = dict(public_functions())
#: Arguments that need no check (callers pass them through to one that does), with the reason.
UNCHECKED: dict[str, str] = {}
#: Values of the wrong type for each kind (each must be refused).
BAD = {
    "whole": [object(), "100", 2.5, True, [1], float("nan")],
    "count": [object(), "100", 2.5, True, [1], float("nan")],
    "whole0": [object(), "100", 2.5, True, -1],
    "number": [object(), "1", True, [1.0]],
    "name": [object(), 3, ["H"], b"net"],
    "flag": [object(), "yes", 1, None.__class__],
    "cards": [object(), 7, [1, "HJ"], {"HJ"}],
    "cards_or_numbers": [object(), 7, [1, "HJ"], {"HJ"}],
    "plays": [object(), 7, [1, "HJ"], {"HJ"}, [(1, "HJ"), (2, None)], [(True, "HJ")]],
    "hands": [object(), 7, [1, 2, 3, 4]],
    "names": [object(), 7, ["H", 3]],
    "melds": [object(), 7, {"x": "D7 D8 D9"}, {5: "D7 D8 D9"}, {1: 7}],
    "path": [object(), 7],
    "callback": [object(), 7],
    "horizon": [object(), 2.5, [3]],
    "pair": [object(), 7, [1, 2, 3], ["a", "b"]],
    "score": [object(), 7, [1, 2, 3], ["a", "b"]],
    "round": [object(), 7],
}
#: Minimal valid required arguments (never run: a bad argument is refused before any work).
REQUIRED = {"policy": "net", "hand": HAND, "mode": "H", "hands": "HJ;HA;H9;HT", "leader": 0, "seed": 1, "deals": 10, "team_a": "random",
            "team_b": "random", "output": "out", "round": "round.txt", "n_games": 2, "starter": "5C", "dealer": True,
            "games": 2, "player_a": "random", "player_b": "greedy", "table": "DataFrame",
            "game": "game.json"}


def test_every_argument_of_every_public_function_is_checked():
    missing = []
    for name, func in FUNCTIONS.items():
        kinds = getattr(func, "api_kinds", None)
        assert kinds is not None, f"{name} is not decorated with jass_sim.core.api_args.api_args"
        for p in inspect.signature(func).parameters:
            if p not in kinds and f"{name}({p})" not in UNCHECKED:
                missing.append(f"{name}({p})")
    assert not missing, missing


CASES = [(fname, p, kind, i) for fname, func in FUNCTIONS.items() for p, kind in func.api_kinds.items()
         for i in range(len(BAD[kind]))]


@pytest.mark.parametrize("fname,param,kind,i", CASES, ids=[f"{f}-{p}-{i}" for f, p, _, i in CASES])
def test_a_wrong_type_is_an_input_error_naming_the_argument(fname, param, kind, i):
    func = FUNCTIONS[fname]
    sig = inspect.signature(func)
    kwargs = {}
    for p in sig.parameters.values():
        if p.default is inspect.Parameter.empty and p.name != param:
            kwargs[p.name] = REQUIRED[p.name]
    kwargs[param] = BAD[kind][i]
    with pytest.raises(InputError) as exc:
        func(**kwargs)
    assert param in str(exc.value), str(exc.value)


def test_dir_shows_the_public_names_only():
    for package, names in PACKAGES.items():
        module = importlib.import_module(package)
        public = [n for n in dir(module) if not n.startswith("_")]
        assert public == sorted(module.__all__), (package, public)


def test_unambiguous_spellings_are_accepted():
    a = jass_sim.advise(HAND, policy="heuristic", samples=64, seed=3, options="H,S")
    b = jass_sim.advise(HAND.split(), policy="heuristic", samples=64.0, seed=3.0, options=["H", "S"])
    assert a.to_json() == b.to_json()
    p = jass_sim.play_advice(HAND, mode="H", played="HJ H6 HK H7", melds="1: D7 D8 D9", samples=8,
                             policy="heuristic")
    q = jass_sim.play_advice(HAND.split(), mode="H", played=["HJ", "H6", "HK", "H7"], melds={"1": ["D7", "D8", "D9"]},
                             samples=8.0, policy="heuristic")
    assert p.to_json() == q.to_json()
    hands = [["HJ", "H6", "SA", "DT"], "HA S6 D6 C6", ["H9", "SK", "DK", "CA"], "HT ST DA CT"]
    assert jass_sim.solve(hands, "H", 1).to_json() == jass_sim.solve("HJ,H6,SA,DT;HA,S6,D6,C6;H9,SK,DK,CA;HT,ST,DA,CT",
                                                                      "H", 1).to_json()


@pytest.mark.parametrize("kwargs,named", [
    (dict(samples="100"), "samples"), (dict(samples=100.5), "samples"), (dict(options=["H", 5]), "options"),
    (dict(samples=0), "samples"), (dict(seed=-1), "seed"), (dict(threads=0.0), "threads"),
])
def test_the_issue_examples(kwargs, named):
    with pytest.raises(InputError, match=named):
        jass_sim.advise(HAND.split(), **kwargs)
