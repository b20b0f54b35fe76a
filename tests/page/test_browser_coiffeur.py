"""The Coiffeur view (issue 53 item 6) in a real browser (pytest-playwright driving Debian's Chromium, as
test_browser.py): the hand picked in the picker (and typed in Swiss-German names), both teams' open
categories as toggles with the preset's multipliers, the score and passed; the ``coiffeur_advise`` job's
table (one row per open category, the pass row, plan values with CI bars) and sentence, the same as the
Python function's on the same arguments; bad input next to its field; at 390 and 1280 px, axe clean
(empty and with a result), in both card labels.

Sizes: 64 sampled deals (the job's smallest block) per run: the test checks the view, not the figures.
Two runs of a few seconds each on a warm cache (the one with a score also plays 1000 rests of the match) (the advice's kernels are the ones
tests/jass/coiffeur compiles)."""

from __future__ import annotations

import re

from test_accessibility import small_targets, violations

import browser_setup

browser_setup.require_chromium()
expect = browser_setup.expect()

HAND = "HJ H9 HA HK SQ D6 C7 C8 CT"


def open_view(page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.click('nav [data-view="coiffeur"]')
    expect(page.locator("#view-coiffeur")).to_be_visible()


def toggle(page, team: str, slot: int) -> None:
    page.click(f'#view-coiffeur .cat-toggles[data-team="{team}"] [data-slot="{slot}"]')


def pressed(page, team: str) -> list[bool]:
    return [b == "true" for b in page.locator(f'#view-coiffeur .cat-toggles[data-team="{team}"] button')
            .evaluate_all("bs => bs.map(b => b.getAttribute('aria-pressed'))")]


def check_axe(page, when: str) -> None:
    problems = violations(page) + small_targets(page)
    assert not problems, f"coiffeur, {when}: {problems}"


def test_coiffeur_view_toggles_table_sentence_and_errors(ready, tmp_path):
    from jass_sim.jass.coiffeur.api import coiffeur_advise

    page = ready
    for width in (390, 1280):
        open_view(page, width)
        check_axe(page, f"empty at {width} px")
    # the toggles: the preset's categories with their multipliers, all open at the start
    ours = page.locator('#view-coiffeur .cat-toggles[data-team="ours"] button')
    expect(ours).to_have_count(8)
    assert ours.evaluate_all("bs => bs.map(b => b.dataset.cat + ':' + b.textContent.match(/\\d+$/)[0])") == \
        "S:1,C:2,D:3,H:4,OBE:5,UNE:6,JOKER:7,JOKER:8".split(",")
    assert pressed(page, "ours") == [True] * 8
    # the hand typed in Swiss-German names selects in the picker; then picked card by card
    page.type("#coiffeur-hand", "Rosen-Under")
    expect(page.locator('#coiffeur-picker [data-card="HJ"]')).to_have_attribute("aria-pressed", "true")
    page.fill("#coiffeur-hand", "")
    page.dispatch_event("#coiffeur-hand", "input")
    for card in HAND.split():
        page.click(f'#coiffeur-picker [data-card="{card}"]')
    expect(page.locator("#coiffeur-hand")).to_have_value(HAND)
    # mid-match (docs/coiffeur.md's example): we have played C, D, UNE and one Joker; they S, D, H, OBE, one Joker
    for slot in (1, 2, 5, 7):
        toggle(page, "ours", slot)
    # a Joker's toggle counts the Jokers: the one left open is the lower multiplier (as --ours-open)
    assert pressed(page, "ours") == [True, False, False, True, True, False, True, False]
    for slot in (0, 2, 3, 4, 6):
        toggle(page, "theirs", slot)
    assert pressed(page, "theirs") == [False, True, False, False, False, True, True, False]
    page.select_option("#coiffeur-passed", "1")
    page.click("#view-coiffeur summary")
    page.fill("#coiffeur-samples", "64")
    page.fill("#coiffeur-seed", "3")
    page.click('[data-action="coiffeur"]')
    expect(page.get_by_test_id("recommendation")).to_be_visible()
    doc = coiffeur_advise(HAND, "S,H,OBE,JOKER", "C,UNE,JOKER", passed=1, samples=64, seed=3).to_json()
    rows = page.locator("#coiffeur-result tbody tr")
    expect(rows).to_have_count(len(doc["options"]) + 1)
    ranked = sorted(doc["options"], key=lambda o: -o["plan_value"])
    assert rows.evaluate_all("rs => rs.map(r => r.dataset.category)") == [o["category"] for o in ranked] + ["pass"]
    best = ranked[0]
    assert f"{best['plan_value']:+.0f}" in rows.nth(0).inner_text()
    assert page.locator("#coiffeur-result .plan-bar").count() == len(doc["options"]) + 1
    sentence = page.get_by_test_id("recommendation").inner_text()
    assert sentence == doc["sentence"]  # French labels: the server's sentence as it is
    check_axe(page, "with a result at 1280 px")
    page.set_viewport_size({"width": 390, "height": 900})
    check_axe(page, "with a result at 390 px")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(tmp_path / "coiffeur-390-french.png"), full_page=True)
    # Swiss-German labels: the toggles, the table and the sentence relabelled, no suit symbol left
    page.select_option("#suit-style", "swiss")
    expect(page.locator('#view-coiffeur .cat-toggles[data-team="ours"] [data-slot="0"]')).to_contain_text("Schilte")
    assert not re.search("[\u2660\u2663\u2665\u2666]", page.locator("#coiffeur-result").inner_text())
    page.screenshot(path=str(tmp_path / "coiffeur-390-swiss.png"), full_page=True)
    page.select_option("#suit-style", "french")
    # with the score: P(win the match) per option, with its Wilson interval (docs/coiffeur.md's example score)
    page.fill("#coiffeur-score", "1450:1320")
    page.click('[data-action="coiffeur"]')
    expect(page.locator("#coiffeur-result thead th").last).to_have_text("P(win the match)")
    won = coiffeur_advise(HAND, "S,H,OBE,JOKER", "C,UNE,JOKER", passed=1, samples=64, seed=3,
                          score="1450:1320").to_json()
    p = won["pass"]["win_probability"]
    expect(page.locator('#coiffeur-result tr[data-category="pass"] td').last).to_contain_text(f"{100 * p:.1f}%")
    # at 390 px the table with P(win) fits: the multiplier's column folds under the points
    assert page.locator("#coiffeur-result .scroll-x").evaluate("n => n.scrollWidth <= n.clientWidth")
    page.screenshot(path=str(tmp_path / "coiffeur-390-score.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(tmp_path / "coiffeur-1280-score.png"), full_page=True)
    page.fill("#coiffeur-score", "")
    # a change of the question drops the old answer
    toggle(page, "theirs", 0)
    expect(page.locator("#coiffeur-result")).to_be_empty()
    # bad input, one line next to its field: forced while a pass is still allowed
    page.check("#coiffeur-forced")
    page.click('[data-action="coiffeur"]')
    error = page.locator('#view-coiffeur [data-error-for="forced"]')
    expect(error).not_to_be_empty()
    assert "\n" not in error.inner_text() and "--" not in error.inner_text()
    expect(page.locator("#coiffeur-result")).to_be_empty()
    # a score that cannot be, next to the score
    page.uncheck("#coiffeur-forced")
    page.fill("#coiffeur-score", "99999:0")
    page.click('[data-action="coiffeur"]')
    expect(page.locator('#view-coiffeur [data-error-for="score"]')).not_to_be_empty()
    expect(page.locator("#coiffeur-score")).to_have_class(re.compile("bad"))
