"""The coached Coiffeur match (issue 53 item 6) in a real browser: start a match, take a category (the
first round is mine to choose), play the round at the card table by the first legal card, and see the
coach's verdict on the take and on my cards, the score sheet filled (the written points, x the
multiplier, in the category's cell and in the total, the same as the sheet job's row saved in the
History), a reload offering the match again and going on with it, the match listed in the History as
one Coiffeur entry and deleted there; axe clean at 390 and 1280 px.

Budget: one page load and one round (about 20 s on a warm cache: the bots' 27 cards, the coach's
ratings of my cards and of my take, the round's review), with the smallest samples the jobs allow
(window.jassSimCoiffeurSamples = 64: the test checks the flow, not the figures)."""

from __future__ import annotations

import re

from test_accessibility import small_targets, violations

import browser_setup

browser_setup.require_chromium()
expect = browser_setup.expect()


def check_axe(page, when: str) -> None:
    problems = violations(page) + small_targets(page)
    assert not problems, f"coached coiffeur, {when}: {problems}"


def play_my_cards(page) -> None:
    """My cards by the first legal one until the round is written on the sheet."""
    while True:
        page.wait_for_function("""() => document.querySelector('#cc-hand button:not([disabled])') !== null
            || !document.querySelector('[data-action="cc-next"]').hidden || !document.querySelector('#cc-result').hidden""",
                               timeout=900_000)  # a cold cache compiles the review's kernels at the round's end
        if page.locator('[data-action="cc-next"]').is_visible() or page.locator("#cc-result").is_visible():
            return
        page.locator("#cc-hand button:not([disabled])").first.click()


def test_a_coached_coiffeur_match_round_sheet_verdicts_history(ready, base):
    page = ready
    page.evaluate("window.jassSimCoiffeurSamples = 64")
    page.set_viewport_size({"width": 390, "height": 900})
    page.click('nav [data-view="coiffeur"]')
    page.click('[data-action="cc-start"]')
    # round 1: seat 0 chooses first; my open categories are the preset's eight (the two Jokers apart) and pass
    choices = page.locator("#cc-choices button")
    expect(choices.first).to_be_visible()
    assert choices.evaluate_all("bs => bs.map(b => b.dataset.category)") == \
        "S:1,C:2,D:3,H:4,OBE:5,UNE:6,JOKER:7,JOKER:8,pass".split(",")
    check_axe(page, "choosing at 390 px")
    page.click('#cc-choices [data-category="JOKER:8"]')  # a Joker: then its form
    page.click('#cc-choices [data-form="OBE"]')
    expect(page.get_by_test_id("cc-step").first).to_have_text("You take Joker ×8 as Obenabe.")
    verdict = page.get_by_test_id("cc-choice-verdict")
    expect(verdict).to_contain_text(re.compile(r"^Your choice: [✓~✗] Joker x8 as Obenabe: (good|inaccuracy|mistake|blunder|unclear)"), timeout=900_000)
    assert verdict.get_attribute("data-verdict") in ("good", "inaccuracy", "mistake", "blunder", "unclear")
    play_my_cards(page)
    # the coach's word on my cards (one line per card I played, a verdict each)
    lines = page.locator("#cc-verdicts li")
    expect(lines).to_have_count(9)
    assert all(v in ("good", "inaccuracy", "mistake", "blunder", "unclear", "forced")
               for v in lines.evaluate_all("ls => ls.map(l => l.dataset.verdict)"))
    # the sheet: Joker x8 of team 0 written with the round's points x 8, in the total too
    cell = page.locator('#cc-sheet td[data-team="0"][data-slot="7"]')
    expect(cell).to_contain_text("round 1, Obenabe")
    written = int(cell.inner_text().split()[0])
    assert written % 8 == 0 and 0 <= written <= 8 * 257
    expect(page.get_by_test_id("cc-total-us")).to_have_text(str(written))
    expect(page.get_by_test_id("cc-total-them")).to_have_text("0")
    expect(page.locator('#cc-sheet td[data-testid="cc-cell"]')).to_have_count(1)
    game = page.request.get(f"{base}api/history/games/open?game=coiffeur").json()
    row = game["sheet"][0]
    assert game["score"] == [written, 0] and row["category"] == "JOKER:8" and row["form"] == "OBE"
    assert row["written"] == [written, 0] and row["points"][0] * 8 == written and row["choice"]["answer"] == "JOKER:8@OBE"
    assert row["round_id"] is not None  # the round's review, saved and linked to the match
    page.set_viewport_size({"width": 1280, "height": 900})
    check_axe(page, "a round written, at 1280 px")
    # a reload between rounds: the match is offered again and goes on with round 2 (seat 1 chooses first)
    page.reload()
    expect(page.locator("#engine")).to_have_class(re.compile("ready"))
    page.click('nav [data-view="coiffeur"]')
    expect(page.locator("#cc-resume-text")).to_have_text(f"A coached Coiffeur match stands at {written}:0 after 1 round.")
    page.click('[data-action="cc-resume"]')
    expect(page.get_by_test_id("cc-status")).to_contain_text("Round 2 of 16")
    expect(page.locator('#cc-sheet td[data-team="0"][data-slot="7"]')).to_contain_text(str(written))
    # the History: one Coiffeur entry, deleted there
    page.click('nav [data-view="history"]')
    entry = page.locator(f'[data-testid="history-game"][data-game-id="{game["id"]}"]')
    expect(entry).to_contain_text(f"Coiffeur · a coached match · us {written} : them 0, not over · 1 round")
    entry.locator('[data-action="history-game-delete"]').click()
    expect(entry).to_have_count(0)
    assert page.request.get(f"{base}api/history/games/{game['id']}").status == 404
