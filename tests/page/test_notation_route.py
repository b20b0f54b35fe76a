"""``GET /api/notation``: the decks the page shows cards from, built from the games' notation modules
(one definition: the page re-encodes none of it)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def client():
    from starlette.testclient import TestClient

    from jass_sim.page.app import create_app

    with TestClient(create_app()) as c:
        yield c


def test_every_deck_is_its_notation_module(client):
    from jass_sim.basra.cards import DECK as BASRA
    from jass_sim.cribbage.cards import DECK as CRIBBAGE
    from jass_sim.jass.cards import DECK as JASS
    from jass_sim.jass.cards import MODE_NAMES

    body = client.get("/api/notation").json()
    assert set(body) == {"jass", "cribbage", "basra"}
    for name, deck in (("jass", JASS), ("cribbage", CRIBBAGE), ("basra", BASRA)):
        doc = body[name]
        assert doc["cards"] == [deck.format_card(c) for c in range(deck.n_cards)]
        assert doc["symbol_cards"] == [deck.format_card(c, symbols=True) for c in range(deck.n_cards)]
        assert "".join(doc["suits"]) == deck.suits and "".join(doc["ranks"]) == deck.ranks
        assert doc["rank_first"] == deck.rank_first
        # every card code the page sends back parses to the same card
        assert [deck.parse_card(code) for code in doc["cards"]] == list(range(deck.n_cards))
    assert body["jass"]["modes"] == list(MODE_NAMES)
    assert body["cribbage"]["cards"][:2] == ["AH", "2H"] and body["basra"]["cards"][0] == "CA"


def test_the_swiss_labels_tell_every_suit_apart(client):
    swiss = client.get("/api/notation").json()["jass"]["swiss"]
    assert swiss["suits"] == ["Rosen", "Eichel", "Schilten", "Schellen"]
    assert len(set(swiss["suit_short"])) == 4  # Schilten and Schellen both begin with "Sc"
    assert swiss["ranks"]["J"] == "Under" and swiss["rank_short"]["J"] == "U"
