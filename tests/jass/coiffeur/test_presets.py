"""Coiffeur presets: the categories and multipliers of the sources, the table parser, the open sets."""

from __future__ import annotations

import pytest

from jass_sim.core.errors import InputError
from jass_sim.jass.coiffeur.presets import (
    CATEGORY_CODES,
    FORM_MODES,
    PENDING_FORMS,
    get_coiffeur_rules,
    parse_categories,
    parse_open,
)


def test_the_presets_are_the_sources_tables():
    c8 = get_coiffeur_rules("coiffeur")
    assert c8.codes == ("S", "C", "D", "H", "OBE", "UNE", "JOKER", "JOKER")
    assert c8.multipliers == (1, 2, 3, 4, 5, 6, 7, 8) and c8.rounds == 16 and c8.match_bonus == 100
    assert not c8.pass_to_partner and not c8.both_written
    c10 = get_coiffeur_rules("coiffeur-10")
    assert c10.codes == ("S", "C", "D", "H", "OBE", "UNE", "SLALOM", "GUSCHTI", "JOKER", "JOKER")
    assert c10.multipliers == tuple(range(1, 11)) and c10.rounds == 20


def test_every_category_is_playable_in_its_forms_and_the_seam_still_refuses_in_one_line():
    """Issue 53: Slalom, Guschti, Misère and 3x3 are played in their round modes (the declarer's
    choice among them); the seam (:data:`PENDING_FORMS`) is empty and still refuses a form named there."""
    from jass_sim.jass.rules.round_modes import ROUND_MODE_NAMES

    assert PENDING_FORMS == ()
    c10 = get_coiffeur_rules("coiffeur-10")
    assert c10.pending() == ()
    c10.check_playable()
    get_coiffeur_rules("coiffeur").check_playable()
    assert set(FORM_MODES) == set(CATEGORY_CODES)
    names = {code: [ROUND_MODE_NAMES[m] for m in FORM_MODES[code]] for code in FORM_MODES}
    assert names["SLALOM"] == ["SLALOM-OBE", "SLALOM-UNE"] and names["GUSCHTI"] == ["GUSCHTI-OBE", "GUSCHTI-UNE"]
    assert names["MISERE"] == ["MISERE-OBE", "MISERE-UNE", "MISERE-SLALOM"]
    assert len(names["TRIO"]) == 24 and all(n.startswith("TRIO-") for n in names["TRIO"])
    assert names["JOKER"] == ["H", "D", "S", "C", "OBE", "UNE"]
    with pytest.raises(InputError, match="SLALOM, GUSCHTI .* not playable yet"):
        c10.check_playable(pending_forms=("SLALOM", "GUSCHTI"))


def test_the_categories_table_parses_and_names_a_bad_token():
    cats = parse_categories("s:1, C:2,OBE:5,JOKER:7,JOKER:9")
    assert [(c.code, c.multiplier) for c in cats] == [("S", 1), ("C", 2), ("OBE", 5), ("JOKER", 7), ("JOKER", 9)]
    assert cats[3].modes == (0, 1, 2, 3, 4, 5)
    for text, token in (("S:1,X:2", "'X'"), ("S:1,S:2", "twice"), ("S", "multiplier"), ("S:x", "'x'"),
                        ("S:0", "between 1 and 100"), ("", "no categories"),
                        (",".join(["JOKER:1"] * 11), "at most 10")):
        with pytest.raises(InputError, match=token):
            parse_categories(text)


def test_open_sets_take_the_jokers_in_order_and_refuse_what_the_preset_lacks():
    rules = get_coiffeur_rules("coiffeur")
    assert parse_open("S,C", rules, "--ours-open") == 0b11
    assert parse_open("JOKER", rules, "--ours-open") == 1 << 6
    assert parse_open("JOKER,joker", rules, "--ours-open") == 3 << 6
    assert parse_open("-", rules, "--ours-open") == 0
    for text, token in (("S,S", "more often"), ("JOKER,JOKER,JOKER", "more often"), ("SLALOM", "not in the preset"),
                        ("ZZ", "unknown category 'ZZ'"), ("MISERE", "'MISERE' is not in the preset")):
        with pytest.raises(InputError, match=token):
            parse_open(text, rules, "--ours-open")
    c10 = get_coiffeur_rules("coiffeur-10")
    assert parse_open("SLALOM,GUSCHTI", c10, "--ours-open") == 0b11 << 6
    with pytest.raises(InputError, match="'TRIO' is not in the preset 'coiffeur-10'"):
        parse_open("S,TRIO", c10, "--theirs-open")


def test_unknown_preset_is_one_line():
    with pytest.raises(InputError, match="unknown Coiffeur preset 'chibre'"):
        get_coiffeur_rules("chibre")
