"""The Cribbage view in a real browser (pytest-playwright driving Debian's Chromium, as test_browser.py):
the pegging adviser's table and its errors next to the field, a whole coached game against the search
bot (discard, pegging card by card with the count, the show with its combinations, the coach's
verdicts) that opens in Review and is saved in the History, the review of a pasted game, and
axe-core's check of every panel at 390 and 1280 px."""

from __future__ import annotations

import json
import re

from test_accessibility import small_targets, violations

import jass_sim

import browser_setup

browser_setup.require_chromium()
expect = browser_setup.expect()

PANELS = ("discard", "peg", "game", "review")


def panel(page, name: str) -> None:
    page.click('nav [data-view="cribbage"]')
    page.click(f'[data-crib-panel="{name}"]')
    expect(page.locator(f'.crib-panel[data-panel="{name}"]')).to_be_visible()


def test_the_pegging_adviser_shows_the_table_of_play_advice(ready):
    page = ready
    panel(page, "peg")
    for card in ("5H", "4D", "KC", "QS"):
        page.click(f'#cribpeg-picker [data-card="{card}"]')
    expect(page.locator("#cribpeg-hand")).to_have_value("5H 4D KC QS")
    page.fill("#cribpeg-starter", "2C")
    page.fill("#cribpeg-played", "TS")
    page.click('[data-action="cribbage-peg"]')
    doc = jass_sim.cribbage.play_advice("5H 4D KC QS", "2C", dealer=True, played="TS").to_json()
    rows = page.locator("#cribbage-peg-result tr[data-card-row]")
    expect(rows).to_have_count(len(doc["cards"]))
    assert [rows.nth(i).get_attribute("data-card-row") for i in range(len(doc["cards"]))] == \
        [c["card"] for c in doc["cards"]]
    expect(page.get_by_test_id("recommendation")).to_contain_text("5♥")


def test_bad_pegging_input_is_one_line_next_to_its_field(ready):
    page = ready
    panel(page, "peg")
    page.fill("#cribpeg-hand", "5H 4D KC QS")
    page.fill("#cribpeg-starter", "2C")
    page.fill("#cribpeg-played", "TS TS")
    page.click('[data-action="cribbage-peg"]')
    error = page.locator('#view-cribbage-peg [data-error-for="played"]')
    expect(error).to_contain_text("TS is played twice")
    assert "\n" not in error.inner_text() and "--" not in error.inner_text()
    expect(page.locator("#cribpeg-played")).to_have_class(re.compile("bad"))
    page.fill("#cribpeg-played", "")
    page.fill("#cribpeg-starter", "5H")
    page.click('[data-action="cribbage-peg"]')
    expect(page.locator('#view-cribbage-peg [data-error-for="starter"]')).to_contain_text("5H")


def test_a_pasted_game_is_reviewed_as_the_command_line_reviews_it(ready):
    page = ready
    panel(page, "review")
    game = jass_sim.cribbage.replay(1, player_a="search", player_b="expect")
    page.fill("#cribreview-text", json.dumps(game.to_json()))
    page.select_option("#cribreview-player", "1")
    page.click('[data-action="cribbage-review"]')
    expect(page.get_by_test_id("crib-review-summary")).to_be_visible()
    expected = jass_sim.cribbage.review(game, player=1).to_json()
    expect(page.locator("#cribbage-review-result [data-decision]")).to_have_count(len(expected["decisions"]))
    verdicts = [page.locator(f'#crib-decision-{i} > [data-verdict]').get_attribute("data-verdict")
                for i in range(len(expected["decisions"]))]
    assert verdicts == [d["verdict"] for d in expected["decisions"]]
    expect(page.get_by_test_id("history-saved")).to_contain_text("Saved in the History")


def test_a_review_with_the_chance_to_win_shows_each_decisions_win_verdict(ready):
    page = ready
    panel(page, "review")
    game = "hand dealer A starter 3C\nA JH AH QS 5C 8H KS throws AH 8H\nB QH QC 9H 8S QD AD throws 9H AD\n" \
           "play QH 5C QD JH QC KS 8S QS\n"
    page.fill("#cribreview-text", game)
    page.select_option("#cribreview-player", "0")
    page.fill("#cribreview-win", "128")
    page.click('[data-action="cribbage-review"]')
    expect(page.get_by_test_id("crib-review-win-note")).to_contain_text("128 games per decision")
    expected = jass_sim.cribbage.review(game, player=0, win_samples=128).to_json()
    rated = [d["win"]["verdict"] for d in expected["decisions"] if d["win"] is not None]
    shown = page.locator("#cribbage-review-result [data-win-verdict]")
    expect(shown).to_have_count(len(rated))
    assert [shown.nth(i).get_attribute("data-win-verdict") for i in range(len(rated))] == rated
    page.fill("#cribreview-win", "")


def test_a_whole_coached_game_opens_in_review_and_is_saved(ready):
    page = ready
    panel(page, "game")
    page.click('[data-action="crib-deal"]')
    seen_show = seen_count = seen_verdict = False
    for _ in range(40):  # hands; a game is over in about ten
        cards = page.locator("#crib-hand .card-btn")
        expect(cards).to_have_count(6)
        expect(page.locator('[data-action="crib-throw"]')).to_be_disabled()
        cards.nth(0).click()
        cards.nth(1).click()
        page.click('[data-action="crib-throw"]')
        while True:
            page.wait_for_function("""() => document.querySelector('#crib-hand .card-btn:not([disabled])')
              || !document.querySelector('[data-action="crib-next-hand"]').hidden
              || /game is over/.test(document.querySelector('#crib-talk').textContent)
              || document.querySelector('[data-error-for="crib-job"]').textContent""")
            assert page.inner_text('[data-error-for="crib-job"]') == ""
            if "game is over" in page.inner_text("#crib-talk") or page.locator('[data-action="crib-next-hand"]').is_visible():
                break
            count = page.get_by_test_id("crib-count").inner_text()
            assert re.fullmatch(r"count \d+", count) and int(count.split()[1]) <= 31
            seen_count = True
            page.locator("#crib-hand .card-btn:not([disabled])").first.click()
        verdicts = page.locator("#crib-feedback [data-verdict]")
        if verdicts.count():
            assert verdicts.first.get_attribute("data-verdict") in ("good", "inaccuracy", "mistake", "blunder", "forced")
            seen_verdict = True
        if page.locator("#crib-show [data-show-part]").count():
            parts = page.locator("#crib-show [data-show-part]")
            assert parts.first.locator("li").count() >= 1  # its combinations, or "nothing"
            seen_show = True
        if "game is over" in page.inner_text("#crib-talk"):
            break
        page.click('[data-action="crib-next-hand"]')
    assert seen_count and seen_verdict and seen_show
    expect(page.locator('.crib-panel[data-panel="review"]')).to_be_visible()
    expect(page.get_by_test_id("crib-review-summary")).to_be_visible(timeout=600_000)
    expect(page.get_by_test_id("history-saved")).to_contain_text("Saved in the History")
    page.click('nav [data-view="history"]')
    row = page.locator('[data-testid="history-row"]').first
    expect(row).to_contain_text("Cribbage")
    expect(row).to_contain_text("coached round")
    row.locator('[data-action="history-open"]').click()
    expect(page.locator('.crib-panel[data-panel="review"]')).to_be_visible()
    expect(page.get_by_test_id("crib-review-summary")).to_be_visible()
    assert page.input_value("#cribreview-text").startswith("hand dealer ")


def test_every_cribbage_panel_passes_axe(ready):
    page = ready
    found = {}
    page.click('nav [data-view="cribbage"]')
    page.click('[data-crib-panel="game"]')
    page.click('[data-action="crib-deal"]')
    expect(page.locator("#crib-hand .card-btn")).to_have_count(6)
    page.click('[data-crib-panel="peg"]')
    page.fill("#cribpeg-hand", "5H 4D KC QS")
    page.fill("#cribpeg-starter", "2C")
    page.fill("#cribpeg-played", "TS")
    page.click('[data-action="cribbage-peg"]')
    expect(page.locator("#cribbage-peg-result tr[data-card-row]")).to_have_count(4)
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        for name in PANELS:
            page.click(f'[data-crib-panel="{name}"]')
            problems = violations(page) + small_targets(page)
            if problems:
                found[f"{name} at {width} px"] = problems
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)
