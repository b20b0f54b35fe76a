"""The one player-registry API of every game (:mod:`jass_sim.core.players`)."""

from __future__ import annotations

import pytest

from jass_sim.basra.players import PLAYERS as BASRA
from jass_sim.core.errors import InputError
from jass_sim.core.players import Player, PlayerRegistry
from jass_sim.cribbage.players import PLAYERS as CRIBBAGE
from jass_sim.jass.players import PLAYERS as JASS


def test_names_codes_and_back():
    assert JASS.names == ("random", "heuristic", "dd", "pimc", "net", "search")
    assert [JASS.code(n) for n in JASS] == [0, 1, 2, 3, 4, 5]
    assert CRIBBAGE.code(" Expect ") == (2, 1)
    assert BASRA.code("SEARCH-NOMEM") == 3
    for registry in (JASS, CRIBBAGE, BASRA):
        assert [registry.name(registry.code(n)) for n in registry.names] == list(registry.names)
        assert len(registry) == len(registry.names)
        assert all(registry.description(n) for n in registry.names)
    assert "Heuristic " in JASS and "greedy" not in JASS and 3 not in JASS


# Each game's message as it was before the registry (byte-identical output).
@pytest.mark.parametrize("registry, option, message", [
    (JASS, None, "unknown policy 'Bogus' (expected one of random, heuristic, dd, pimc, net, search)"),
    (CRIBBAGE, "--b", "unknown player 'Bogus' for --b (expected one of random, greedy, expect, search, wide)"),
    (BASRA, None, "unknown player 'Bogus' (expected one of random, greedy, search, search-nomem)"),
])
def test_unknown_name_is_one_line_naming_the_token(registry, option, message):
    with pytest.raises(InputError) as err:
        registry.code("Bogus", option)
    assert str(err.value) == message and err.value.token == "Bogus"
    with pytest.raises(InputError):
        registry.description("Bogus")


def test_codes_agree_with_the_kernels():
    from jass_sim.basra import _play
    from jass_sim.cribbage import _pegging, _players
    from jass_sim.jass.players.dispatch import NET

    assert [BASRA.code(n) for n in BASRA] == [_play.RANDOM, _play.GREEDY, _play.SEARCH, _play.SEARCH_NO_MEMORY]
    assert [CRIBBAGE.code(n) for n in CRIBBAGE] == [
        (_players.DISCARD_RANDOM, _pegging.PEG_RANDOM), (_players.DISCARD_GREEDY, _pegging.PEG_GREEDY),
        (_players.DISCARD_EXPECT, _pegging.PEG_GREEDY), (_players.DISCARD_SEARCH, _pegging.PEG_SEARCH),
        (_players.DISCARD_SEARCH, _pegging.PEG_WIDE)]
    assert JASS.code("net") == NET


def test_bad_registries_are_refused():
    with pytest.raises(ValueError):
        PlayerRegistry("player", (Player("a", 0, ""), Player("a", 1, "")))
    with pytest.raises(ValueError):
        PlayerRegistry("player", (Player("a", 0, ""), Player("b", 0, "")))
    with pytest.raises(ValueError):
        PlayerRegistry("player", (Player("Big", 0, ""),))
