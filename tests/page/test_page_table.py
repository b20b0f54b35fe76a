"""The card table (issue 43, C) and the whole coached round (D) in a real browser: four seats around
the table, the trick in the middle with who played what, my hand as large cards I tap, the mode,
score and trick count in view, the last trick on demand; choosing or chibring (the partner then
chooses by the fitted model), or the partner first; Weis and Stöck declared, shown and counted."""

from __future__ import annotations

import re

from jass_sim.jass.cards import parse_cards, parse_mode
from jass_sim.jass.play.coach import choose_mode, declare_melds
from jass_sim.jass.rules import trick_winner

import browser_setup
from browser_setup import HAND, play_coached_round

browser_setup.require_chromium()
expect = browser_setup.expect()


def test_at_the_table_the_trick_lies_in_the_middle_and_my_hand_is_tapped(ready):
    page = ready
    page.set_viewport_size({"width": 390, "height": 844})
    page.click('nav [data-view="table"]')
    page.fill("#table-hand", HAND)
    page.select_option("#table-leader", "1")
    page.dispatch_event("#table-hand", "change")
    for card in ("D7", "DQ", "DA"):
        page.click(f'#table-play-picker [data-card="{card}"]')
    table = page.get_by_test_id("card-table")
    expect(table.locator(".seat.bottom")).to_contain_text("you")
    expect(table.locator(".seat.top")).to_contain_text("partner")
    expect(table.locator(".seat.bottom")).to_contain_text("to play")
    # who played what: seat 1 on my right, 2 opposite, 3 on my left
    for card, seat, place in (("D7", 1, "right"), ("DQ", 2, "top"), ("DA", 3, "left")):
        expect(table.locator(f'.middle .slot.{place} [data-card="{card}"][data-seat="{seat}"]')).to_have_count(1)
    expect(page.get_by_test_id("table-mode")).to_have_text("♥ trump")
    expect(page.get_by_test_id("table-trick")).to_have_text("trick 1 of 9")
    expect(page.get_by_test_id("table-score")).to_have_text("us 0 · them 0")
    hand = page.locator("#table-my-hand button")
    expect(hand).to_have_count(9)
    expect(page.locator("#table-my-hand button:not([disabled])")).to_have_count(4)  # D6 or a trump
    for box in hand.evaluate_all("bs => bs.map(b => b.getBoundingClientRect().toJSON())"):
        assert box["height"] >= 60 and box["width"] >= 44, box
    page.click('#table-my-hand [data-card="D6"]')
    expect(page.get_by_test_id("table-trick")).to_have_text("trick 2 of 9")
    expect(page.get_by_test_id("table-score")).to_have_text("us 0 · them 14")  # DA 11 + DQ 3
    expect(page.locator("#table-my-hand button")).to_have_count(8)
    page.click('[data-action="last-trick"]')
    expect(table.locator(".middle .tcard")).to_have_count(4)
    expect(table.locator('.middle .tcard.winner[data-card="DA"]')).to_have_count(1)
    expect(table.locator(".middle")).to_contain_text("last trick")
    page.click('[data-action="last-trick"]')
    expect(table.locator(".middle .tcard")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def round_lines(page) -> dict:
    text = page.input_value("#review-text")
    lines = dict(line.split(" ", 1) for line in text.splitlines() if line and not line.startswith(("hand", "trick",
                                                                                                  "meld")))
    hands = [line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith("hand")]
    melds = [line for line in text.splitlines() if line.startswith("meld")]
    return {"lines": lines, "hands": hands, "melds": melds, "text": text}


def final_score(page) -> tuple[int, int, int, int]:
    text = page.inner_text('[data-testid="coach-feedback"]')
    m = re.search(r"us (\d+), them (\d+) \(card points (\d+) to (\d+)", text)
    assert m, text
    return tuple(int(x) for x in m.groups())


def check_melds_counted(page, round_doc) -> None:
    us, them, cards_us, cards_them = final_score(page)
    mode, leader = round_doc["lines"]["mode"], int(round_doc["lines"]["leader"])
    declared = declare_melds(round_doc["hands"], mode=mode, leader=leader).to_json()
    melds = [0, 0]
    if declared["scoring_team"] is not None:
        melds[declared["scoring_team"]] = declared["meld_points"][declared["scoring_team"]]
    stoeck = [0, 0]
    for s in declared["seats"]:
        if s["stoeck"]:
            stoeck[s["seat"] % 2] += declared["stoeck_points"]
    # a match (all nine tricks): 100 more, and the beaten team's melds and stöck are void
    taken, first = [0, 0], leader
    for line in round_doc["text"].splitlines():
        if line.startswith("trick "):
            first = (first + trick_winner(parse_cards(line[len("trick "):]), parse_mode(mode))) % 4
            taken[first % 2] += 1
    match = [0, 0]
    for team in (0, 1):
        if taken[team] == 9:
            match[team] = declared["match_points"]
            melds[1 - team] = stoeck[1 - team] = 0
    assert (us, them) == (cards_us + melds[0] + stoeck[0] + match[0], cards_them + melds[1] + stoeck[1] + match[1])
    assert cards_us + cards_them == 157
    # the shown melds are in the round the review reads
    shown = [s for s in declared["seats"] if s["melds"] and s["seat"] % 2 == declared["scoring_team"]]
    assert len(round_doc["melds"]) == len(shown), (round_doc["melds"], shown)


def test_i_chibre_and_my_partner_chooses_by_the_fitted_model(ready):
    page = ready
    page.click('nav [data-view="review"]')
    page.fill("#review-samples", "16")
    page.click('nav [data-view="coach"]')
    page.click('[data-action="deal"]')
    page.click('#coach-choose [data-action="chibre"]')
    expect(page.get_by_test_id("coach-talk")).to_contain_text("Your partner chooses ")
    expect(page.get_by_test_id("coach-status")).to_contain_text("after a chibre")
    play_coached_round(page)
    round_doc = round_lines(page)
    assert round_doc["lines"]["chooser"] == "2" and round_doc["lines"]["chibred"] == "yes"
    assert round_doc["lines"]["mode"] == choose_mode(round_doc["hands"][2], may_chibre=False).to_json()["mode"]
    check_melds_counted(page, round_doc)
    expect(page.get_by_test_id("review-summary")).to_contain_text("10 decisions")  # my chibre and my nine cards


def test_my_partner_chooses_first_or_chibres_to_me(ready):
    page = ready
    page.click('nav [data-view="review"]')
    page.fill("#review-samples", "16")
    page.click('nav [data-view="coach"]')
    page.select_option("#coach-first", "partner")
    page.click('[data-action="deal"]')
    talk = page.get_by_test_id("coach-talk")
    expect(talk).to_contain_text(re.compile("Your partner (chooses|chibres)"))
    if "chibres" in talk.inner_text():
        expect(page.locator('#coach-choose [data-action="chibre"]')).to_be_hidden()
        page.click('#coach-choose [data-mode="OBE"]')
    play_coached_round(page)
    round_doc = round_lines(page)
    assert round_doc["lines"]["leader"] == "2"
    chosen = choose_mode(round_doc["hands"][2], may_chibre=True).to_json()
    if chosen["chibre"]:
        assert round_doc["lines"]["chooser"] == "0" and round_doc["lines"]["mode"] == "OBE"
    else:
        assert round_doc["lines"]["chooser"] == "2" and round_doc["lines"]["mode"] == chosen["mode"]
    check_melds_counted(page, round_doc)
