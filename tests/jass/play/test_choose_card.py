"""``jass_sim.choose_card``: one decision of one seat, from what that seat sees. It plays exactly as
the round kernel (``replay``) card for card, from any seat, in either notation of the cards played;
bad input is one line naming the bad token."""

from __future__ import annotations

import pytest

import jass_sim
from jass_sim.jass.cards import format_card, parse_cards

HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"


def _shown(doc) -> dict:
    """The meld cards the engine shows: those of the team whose melds count."""
    shown: dict[int, list[str]] = {}
    for m in doc["melds"]:
        if doc["meld_winner"] is not None and m["seat"] % 2 == doc["meld_winner"]:
            shown.setdefault(m["seat"], []).extend(m["cards"])
    return {s: " ".join(cs) for s, cs in shown.items()}


def _decisions(doc):
    """Every decision of the replayed round: (seat, the (seat, card) pairs before it, its card)."""
    pairs = []
    for trick in doc["tricks"]:
        for i, card in enumerate(trick["cards"]):
            seat = (trick["leader"] + i) % 4
            yield seat, list(pairs), card
            pairs.append((seat, card))


@pytest.mark.parametrize("seed,policy,rules", [(1, "net", "chibre"), (5, "net", "chibre"), (8, "net", "schieber"),
                                               (3, "heuristic", "chibre")])
def test_equals_replay_card_for_card_from_every_seat(seed, policy, rules):
    doc = jass_sim.replay(seed, policy=policy, rules=rules).to_json()
    if doc["melds"] and doc["meld_winner"] is None:
        pytest.skip("melds shown but void after a match: the shown cards are not in the JSON")
    chibred = doc["chooser"] != doc["leader"]
    shown = _shown(doc)
    n = 0
    for seat, pairs, card in _decisions(doc):
        got = jass_sim.choose_card(policy, doc["hands"][seat], mode=doc["mode"], chooser=doc["chooser"],
                                   chibred=chibred, played=pairs, melds=shown, rules=rules, seat=seat)
        assert format_card(got.card) == card, (seat, pairs)
        n += 1
    assert n == 36


def test_seat_rotation_gives_the_seat_0_card():
    doc = jass_sim.replay(5, policy="net").to_json()
    chibred = doc["chooser"] != doc["leader"]
    shown = _shown(doc)
    for seat, pairs, card in list(_decisions(doc))[::3]:
        absolute = jass_sim.choose_card("net", doc["hands"][seat], mode=doc["mode"], chooser=doc["chooser"],
                                        chibred=chibred, played=pairs, melds=shown, seat=seat)
        # the same position numbered from the seat: a plain string of cards from the rotated leader
        rotated = jass_sim.choose_card("net", doc["hands"][seat], mode=doc["mode"],
                                       leader=(doc["leader"] - seat) % 4, chooser=(doc["chooser"] - seat) % 4,
                                       chibred=chibred, played=" ".join(c for _, c in pairs),
                                       melds={(s - seat) % 4: cs for s, cs in shown.items()})
        assert absolute.card == rotated.card
        assert absolute.to_json()["legal"] == rotated.to_json()["legal"]


def test_the_cards_still_held_are_enough():
    doc = jass_sim.replay(1, policy="net").to_json()
    chibred = doc["chooser"] != doc["leader"]
    for seat, pairs, card in list(_decisions(doc))[10::7]:
        mine = {c for s, c in pairs if s == seat}
        held = [c for c in doc["hands"][seat] if c not in mine]
        a = jass_sim.choose_card("net", held, mode=doc["mode"], chooser=doc["chooser"], chibred=chibred,
                                 played=pairs, melds=_shown(doc), seat=seat)
        assert format_card(a.card) == card


def test_keyword_use_and_json():
    out = jass_sim.choose_card(policy="heuristic", hand=HAND, mode="H", leader=2, played="D7 S6")
    doc = out.to_json()
    assert doc["card"] in doc["legal"] and doc["policy"] == "heuristic" and doc["seat"] == 0
    assert out.card in parse_cards(HAND)


@pytest.mark.parametrize("kwargs,token", [
    (dict(policy="dd"), "dd"),
    (dict(policy="nope"), "nope"),
    (dict(hand="HJ H9 HA SK SQ D6 C7 C8 XX"), "XX"),
    (dict(mode="Z"), "Z"),
    (dict(rules="poker"), "poker"),
    (dict(seat=4), "4"),
    (dict(played=[(1, "D7"), (3, "S6")]), "S6"),
    (dict(played=[(1, "D7")], leader=2), "2"),
    (dict(played=[(7, "D7")]), "7"),
    (dict(hand="HJ H9 HA"), "HJ H9 HA"),
    (dict(played="D7 HJ", leader=2), "HJ"),
    (dict(played="D7", leader=1), "D7"),
])
def test_bad_input_is_one_line_naming_the_token(kwargs, token):
    args = dict(policy="net", hand=HAND, mode="H")
    args.update(kwargs)
    policy = args.pop("policy")
    with pytest.raises(jass_sim.InputError) as err:
        jass_sim.choose_card(policy, **args)
    assert err.value.token == token, str(err.value)
    assert "\n" not in str(err.value)


def test_a_chooser_that_does_not_fit_is_named_in_the_callers_numbering():
    with pytest.raises(jass_sim.InputError, match="chooser 1 does not fit leader 2") as err:
        jass_sim.choose_card("net", "H6 H7 HQ HA DK SJ SA C8 CJ", mode="UNE", chooser=1, played=[(2, "D8")], seat=3)
    assert err.value.token == "1"
