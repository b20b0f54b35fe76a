"""Random text into every parser of user input: the result is a parsed value or an InputError,
never another exception (issue 19). A later parser of cards, hands, rounds or options adds a
line to PARSERS."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jass_sim.basra import cards as basra_cards
from jass_sim.basra.rules import get_rules as basra_rules
from jass_sim.core.errors import InputError
from jass_sim.core.shards import parse_dask
from jass_sim.cribbage import cards as cribbage_cards
from jass_sim.cribbage.discards import parse_score, parse_six
from jass_sim.cribbage.scoring import parse_hand
from jass_sim.jass.advise.advice import parse_options
from jass_sim.jass.cards import parse_card, parse_cards, parse_hands, parse_mode
from jass_sim.jass.play.api import parse_melds
from jass_sim.jass.play.position import build_position
from jass_sim.jass.play.round_file import parse_round_json, parse_round_text
from jass_sim.jass.players import PLAYERS, policy_params
from jass_sim.jass.rules.presets import get_rules

# Text made of the pieces the parsers look for, mixed with arbitrary characters.
PIECES = ["H", "D", "S", "C", "♥", "♦", "♠", "♣", "6", "7", "8", "9", "10", "T", "J", "Q", "K", "A", "5", "2",
          "Rosen-", "Eichel-", "As", "Under", "-", ",", ";", ":", " ", "\n", "#", "{", "}", "[", "]", '"',
          "mode ", "leader ", "chooser ", "hand 0:", "meld 1:", "trick ", "rules ", "chibred yes", "OBE", "UNE",
          "chibre", "0", "1", "3", "-1", "99999999999999999999", "\x00", "é", "\t", "cards", "hands", "tricks"]
TEXT = st.one_of(st.text(max_size=40), st.lists(st.sampled_from(PIECES), max_size=30).map("".join))


def _hands4(text):
    return parse_hands(text.split(";"), count=None)


def _play_position(text):
    played = parse_cards(text, count=None, unique=False)
    return build_position(parse_cards("HJ H9 HA SK SQ D6 C7 C8 CT", count=9), 0, 0, played, {})


PARSERS = {
    "card": parse_card,
    "cards (advise hand)": lambda t: parse_cards(t, count=9),
    "hands (solve --hands)": _hands4,
    "hands (play-advice --hands)": lambda t: parse_hands(t.split(";")),
    "mode": parse_mode,
    "advise --options": lambda t: parse_options(t, get_rules("chibre"), False),
    "play-advice --played": _play_position,
    "play-advice --melds": parse_melds,
    "review round file (text)": parse_round_text,
    "review round file (json)": parse_round_json,
    "rules": get_rules,
    "policy": PLAYERS.code,
    "--horizon": lambda t: policy_params(None, t),
    "batch --dask": parse_dask,
    "cribbage card": cribbage_cards.parse_card,
    "cribbage hand and starter": lambda t: parse_hand(t, "5C"),
    "cribbage starter": lambda t: parse_hand("5H 5D 5S JC", t),
    "cribbage discard hand": parse_six,
    "cribbage --score": parse_score,
    "basra card": basra_cards.parse_card,
    "basra --hand": lambda t: basra_cards.parse_cards(t, "--hand", at_most=4),
    "basra --rules": basra_rules,
}


@pytest.mark.parametrize("name", list(PARSERS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT)
def test_random_text_parses_or_is_an_input_error(name, text):
    try:
        PARSERS[name](text)
    except InputError as exc:
        assert str(exc) and "\n" not in str(exc).strip(), str(exc)


_CARD_NAMES = st.sampled_from(["HJ", "H9", "SA", "DT", "C6", "ZZ", "", "Rosen-As"])
_JSON_VALUE = st.recursive(st.none() | st.booleans() | st.integers(-5, 40) | _CARD_NAMES | st.text(max_size=4),
                           lambda inner: st.lists(inner, max_size=5)
                           | st.dictionaries(st.sampled_from(["seat", "kind", "cards", "leader", "winner", "points"]),
                                             inner, max_size=4),
                           max_leaves=30)
_REPLAY_KEYS = ["rules", "mode", "multiplier", "chooser", "leader", "hands", "melds", "meld_winner", "tricks", "score"]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=st.dictionaries(st.sampled_from(_REPLAY_KEYS), _JSON_VALUE, max_size=10))
def test_random_replay_json_parses_or_is_an_input_error(doc):
    """Round files in the replay JSON shape with wrong types, sizes and cards."""
    import json

    try:
        parse_round_json(json.dumps(doc))
    except InputError:
        pass
