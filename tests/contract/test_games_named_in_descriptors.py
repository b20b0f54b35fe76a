"""The descriptor is the only place a game is named (issue 50, item 4).

``jass_sim/core/`` and the page's server modules (``jass_sim/page/*.py``) know no game: they loop
over the registry's games (the page) or are given a game's data by its package (core). This test
reads every line of them, docstrings and comments included, for the games' names and the words
only one game uses (its argument kinds and terms); the package's own name (``jass-sim``,
``jass_sim``, ``JASS_SIM_...``) is not a game's. ``jass_sim.jass`` (a game's module path) is one.
"""

from __future__ import annotations

import re
from pathlib import Path

import jass_sim
from jass_sim.registry import GAMES

PACKAGE = Path(jass_sim.__file__).parent
#: The files that must name no game.
FILES = sorted((PACKAGE / "core").rglob("*.py")) + sorted((PACKAGE / "page").glob("*.py"))
#: Words of one game: the names of the registered games, and terms and argument kinds of one game
#: (Jass's variants, Differenzler and Coiffeur, are named in the jass package only).
GAME_WORDS = sorted({game.name for game in GAMES} | {"chibre", "chibred", "schieber", "cribbage", "basra",
                                                       "pegging", "crib", "crib_pairs", "pone", "last_capture",
                                                       "jass", "differenzler", "coiffeur"})
#: A game word as a word of its own (an identifier's ``_`` counts as a letter: ``crib_pairs`` is one
#: word, ``jass_sim`` is the package); ``jass-sim`` is the package's name too.
PATTERN = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(sorted(GAME_WORDS, key=len, reverse=True))
                     + r")(?![A-Za-z0-9_])(?!-sim)", re.IGNORECASE)


def _hits(text: str) -> list[str]:
    return [m.group(0) for m in PATTERN.finditer(text)]


def test_the_pattern_finds_game_words_and_not_the_package_name():
    assert _hits("from jass_sim.jass.cards import DECK") == ["jass"]
    assert _hits("jass-sim serve; $JASS_SIM_DATA_DIR; import jass_sim") == []
    assert _hits('STREAMS = {"cribbage.deck": 0}') == ["cribbage"]
    assert _hits("Jass, the page's first game") == ["Jass"]
    assert _hits("crib_pairs and crib and last_capture, chibred") == ["crib_pairs", "crib", "last_capture", "chibred"]
    assert _hits("a scribe describes the basrah") == []


def test_core_and_the_page_server_name_no_game():
    assert len(FILES) > 20
    found = []
    for path in FILES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            hits = _hits(line)
            if hits:
                found.append(f"{path.relative_to(PACKAGE)}:{number}: {', '.join(hits)}: {line.strip()}")
    assert not found, "game names outside the games' packages:\n" + "\n".join(found)


def test_every_game_is_named_by_its_descriptor():
    """The registry lists each game once, and each game's data the page reads is its own."""
    names = [game.name for game in GAMES]
    assert len(set(names)) == len(names)
    for game in GAMES:
        assert all(name.startswith(f"{game.name}.") for name in game.streams)
        assert game.notation is not None and game.warm_ups and game.report is not None
