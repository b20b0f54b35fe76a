"""Each game's one table names every random stream of the game (``jass_sim.<game>.streams.STREAMS``,
handed to the registry by its descriptor, :attr:`jass_sim.core.game.Game.streams`).

Every ``block_states`` / ``block_chunks`` call in the package takes its stream from its game's
table (no literal, no arithmetic on a stream number), every module-level stream constant is read
from it, and the numbers that several features of a game share are exactly the ones the game
documents (:attr:`jass_sim.core.game.Game.shared_streams`).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import jass_sim
from jass_sim.registry import GAMES

#: Every game's streams, by name (names are ``{game}.{feature}``: no two games share one).
STREAMS = {name: number for game in GAMES for name, number in game.streams.items()}
PACKAGE = Path(jass_sim.__file__).parent
#: The functions that take a stream, and the position of their stream argument.
STREAM_ARG = {"block_states": 3, "block_chunks": 2}


def _modules():
    return sorted(PACKAGE.rglob("*.py"))


def _is_table_read(node) -> bool:
    """``STREAMS["name"]`` with a name of the table."""
    return (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "STREAMS"
            and isinstance(node.slice, ast.Constant) and node.slice.value in STREAMS)


def _stream_arg(call: ast.Call):
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)
    if name not in STREAM_ARG:
        return False, None
    for kw in call.keywords:
        if kw.arg == "stream":
            return True, kw.value
    pos = STREAM_ARG[name]
    return True, (call.args[pos] if len(call.args) > pos else None)


def test_every_stream_argument_comes_from_the_table():
    bad, calls = [], 0
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            is_call, arg = _stream_arg(node)
            if not is_call or path.name == "threads.py" and isinstance(arg, ast.Name) and arg.id == "stream":
                continue  # block_chunks passes its caller's stream on
            calls += 1
            # A table read, or a stream variable holding one (checked below where it is assigned).
            named = (isinstance(arg, ast.Name) and (arg.id == "stream" or arg.id.lower().endswith("_stream"))
                     or isinstance(arg, ast.Attribute) and arg.attr == "stream")
            if arg is None or not (_is_table_read(arg) or named):
                bad.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {ast.unparse(node)}")
    assert calls >= 20
    assert not bad, "stream arguments not taken from STREAMS:\n" + "\n".join(bad)


def test_every_stream_constant_and_default_is_read_from_the_table():
    bad = []
    for path in _modules():
        if path.name == "streams.py" or path.name == "rng.py" and path.parent.name == "core":
            continue  # the tables themselves, and block_states' own default
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            pairs = []
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    names = target.elts if isinstance(target, ast.Tuple) else [target]
                    values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value] * len(names)
                    pairs += [(n.id, v) for n, v in zip(names, values) if isinstance(n, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
                pairs.append((node.target.id, node.value))
            elif isinstance(node, ast.arguments):
                args = node.posonlyargs + node.args
                pairs += [(a.arg, d) for a, d in zip(args[len(args) - len(node.defaults):], node.defaults)]
                pairs += [(a.arg, d) for a, d in zip(node.kwonlyargs, node.kw_defaults) if d is not None]
            for name, value in pairs:
                number = not (isinstance(value, ast.Constant) and value.value is None)  # None: an output stream
                if (name == "stream" or name.endswith("_STREAM")) and number and not _is_table_read(value):
                    bad.append(f"{path.relative_to(PACKAGE)}:{value.lineno}: {name} = {ast.unparse(value)}")
    assert not bad, "stream numbers not read from STREAMS:\n" + "\n".join(bad)


def test_every_table_entry_is_used():
    # the package's modules, and the scripts that draw their own data (scripts/partner_data.py)
    scripts = sorted((PACKAGE.parent / "scripts").glob("*.py"))
    text = "\n".join(p.read_text(encoding="utf-8") for p in _modules() + scripts if p.name != "streams.py")
    assert [name for name in STREAMS if f'STREAMS["{name}"]' not in text] == []


def test_every_game_has_its_streams_and_no_two_games_share_a_name():
    assert all(game.streams for game in GAMES)
    assert len(STREAMS) == sum(len(game.streams) for game in GAMES)
    for game in GAMES:
        assert all(name.startswith(f"{game.name}.") for name in game.streams), game.name


def test_streams_are_read_from_their_own_games_table():
    """A module of a game package imports the streams of that game only."""
    bad = []
    for game in GAMES:
        for path in sorted((PACKAGE / game.name).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").endswith(".streams") \
                        and node.module != f"jass_sim.{game.name}.streams":
                    bad.append(f"{path.relative_to(PACKAGE)}: from {node.module}")
    assert not bad


def test_shared_numbers_are_exactly_the_documented_ones():
    for game in GAMES:
        by_number = defaultdict(list)
        for name, number in game.streams.items():
            by_number[number].append(name)
        shared = {number: tuple(names) for number, names in by_number.items() if len(names) > 1}
        assert shared == game.shared_streams, game.name
