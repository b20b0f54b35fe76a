"""``basra advise``: the position read from the counts, the exact Basra chance, paired figures."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from jass_sim.basra.advice import advise, basra_chance, position
from jass_sim.basra.cards import parse_cards
from jass_sim.basra.rules import BasraRules
from jass_sim.core.errors import InputError

from basra_reference import ref_capture
from cli_helpers import assert_bad_input, run


def pc(text):
    return parse_cards(text, "t")


def test_position_from_the_counts():
    p = position(pc("HJ D10 C5 S3 HK H7"), pc("C2 D3 S4 HA"), [], 2)
    assert (p["seat"], p["moves"], p["deal"], list(p["sizes"][:2])) == (0, 0, 0, [6, 6])
    # 4 players, second to play in the second round of deal 2: 24 + 4 + 1 moves made
    played = list(range(32))  # 32 cards not in the hand nor on the table
    p = position(pc("HK HQ SK SQ H9"), pc("HJ"), played, 4)
    assert (p["seat"], p["moves"], p["deal"], list(p["sizes"])) == (1, 29, 1, [4, 5, 5, 5])
    with pytest.raises(InputError):
        position(pc("HJ D10 C5"), pc("C2"), [], 2)


def _brute_chance(card, hand, table, played, n, pos):
    """Enumerate every hand of the next player."""
    tb = set(table)
    got, _ = ref_capture(card, tb)
    after = (tb - got) if got else tb | {card}
    if not after:
        return 0.0
    unseen = [c for c in range(52) if c not in set(hand) | tb | set(played)]
    t_next = pos["moves"] + 1
    s = 6 if t_next % (6 * n) == 0 else int(pos["sizes"][(pos["seat"] + 1) % n])
    hands = list(combinations(unseen, s))
    hits = sum(any(ref_capture(c, after)[1] for c in h) for h in hands)
    return hits / len(hands)


def test_basra_chance_is_exact_against_enumeration():
    # deal 3 of a 2-player round, move 32: 14 unseen cards, the opponent holds 2
    hand = pc("H5 S2")
    table = pc("C3 D2")
    known = set(hand) | set(table)
    rest = [c for c in range(52) if c not in known]
    unseen = pc("CA C4 D5 HJ S3 H6 C9 DK D4 HA S6 SJ H2 CK")
    played = [c for c in rest if c not in unseen]
    pos = position(hand, table, played, 2)
    assert pos["sizes"][1] == 2 and pos["seat"] == 0
    for card in hand:
        exact = basra_chance(card, hand, table, played, 2, BasraRules(), pos)
        assert exact == pytest.approx(_brute_chance(card, hand, table, played, 2, pos))
    assert 0 < basra_chance(pc("S2")[0], hand, table, played, 2, BasraRules(), pos) < 1


def test_advise_figures_are_paired_and_add_up():
    r = advise(pc("HJ D10 C5 S3 HK H7"), pc("C2 D3 S4 HA"), [], 2, samples=300, seed=2)
    assert len(r["cards"]) == 6 and r["cards"][0]["vs_best"] == 0 and r["cards"][0]["card"] == "DT"
    for row in r["cards"]:
        assert row["points"] == pytest.approx(row["card_points"] + row["majority"] + row["basras"])
        assert row["vs_best"] <= 0 and row["net"] == pytest.approx(row["points"] - row["opponent_points"])
    assert r["sentence"].startswith("Play ♦10") and "not the play model" in r["sentence"]
    deal = advise(pc("HJ D10 C5 S3 HK H7"), pc("C2 D3 S4 HA"), [], 4, samples=200, horizon="deal")
    assert all(row["majority"] == 0 for row in deal["cards"])


def test_advise_same_seed_same_answer_and_compulsory_lists_capturing_cards():
    a = advise(pc("HJ D10 C5"), pc("C2 D3 S4 HA"), pc("CA C6 C7 DA DJ SK"), 2, samples=100, seed=5,
               piles=(4, 2), last_capture="us")
    b = advise(pc("HJ D10 C5"), pc("C2 D3 S4 HA"), pc("CA C6 C7 DA DJ SK"), 2, samples=100, seed=5,
               piles=(4, 2), last_capture="us")
    assert a == b and a["seat"] == 0 and a["deal"] == 1
    c = advise(pc("HK S3 C5"), pc("C2 D3 S4 HA"), pc("CA C6 C7 DA DJ SK"), 2, BasraRules(compulsory=True),
               samples=50, piles=(3, 3))
    assert sorted(r["card"] for r in c["cards"]) == ["C5", "S3"]


def test_advise_cli_json():
    result = run("advise", "--hand", "HJ D10 C5 S3 HK H7", "--table", "C2 D3 S4 HA", "--samples", "100",
                 "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert {"hand", "table", "cards", "sentence", "samples"} <= set(doc)
    assert {"card", "points", "card_points", "majority", "basras", "p_opponent_basra_next",
            "ci95_vs_best"} <= set(doc["cards"][0])


@pytest.mark.parametrize("args, token", [
    (["--hand", "HJ D10", "--table", "HJ C2"], "HJ"),          # in hand and on the table
    (["--hand", "HJ D10 C5", "--table", "C2"], "3"),           # a wrong count
    (["--hand", "HJ Z10", "--table", "C2 D3 S4 HA"], "Z10"),   # an unknown card
    (["--hand", "HJ D10 C5 S3 HK H7 C9", "--table", "C2 D3 S4 HA"], "C9"),  # 7 cards
    (["--hand", "HJ", "--table", "C2", "--piles", "a,b"], "a,b"),
])
def test_advise_bad_input_one_line_exit_2(args, token):
    assert_bad_input(["advise", *args], token)
