"""The Practice view in a real browser (Debian's Chromium, issue 54 item 2): a reviewed round with a
mistake gives a position; solving it moves it up a box and it is not due again the same day; missing
it (when it is due again) sends it back to box 1; the History view's Progress panel shows the round
and the answers; keyboard, 390 and 1280 px, axe clean.

Budget: one page load and one review of a randomly played round at 8 samples per decision (seed 3's
seat 0 makes a mistake at trick 7; the review's kernels are those the other browser tests use). The
positions other tests saved in the session's history are parked (due in 2999) so that this one is next."""

from __future__ import annotations

import json

from test_accessibility import violations

import jass_sim
from jass_sim.core.history import HistoryStore, history_path

import browser_setup

browser_setup.require_chromium()
expect = browser_setup.expect()


def park_positions(due: str = "2999-01-01T00:00:00Z", where: str = "") -> None:
    """Set the due date of the saved positions (all, or those ``where`` says) directly in the file: the
    other tests' out of the way, or one made due again as if its days had passed."""
    HistoryStore(history_path()).transaction(
        lambda conn: conn.execute(f"UPDATE positions SET due = ? {where}", (due,)), write=True)


def test_a_reviewed_mistake_is_practised_solved_then_missed(ready, base):
    page = ready
    park_positions()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click('nav [data-view="review"]')
    page.fill("#review-text", json.dumps(jass_sim.replay(3, policy="random").to_json()))
    page.fill("#review-samples", "8")
    page.click('#view-review [data-action="review"]')
    saved = page.get_by_test_id("history-saved")
    expect(saved).to_contain_text("Saved in the History (round ")
    rid = int(saved.inner_text().split("round ")[1].split(")")[0])
    review = page.request.get(f"{base}api/history/{rid}").json()["review"]
    bad = [d for d in review["decisions"] if d["verdict"] in ("mistake", "blunder")]
    assert bad, "seed 3's random round should hold a mistake"
    first = bad[0]

    page.click('nav [data-view="practice"]')
    expect(page.get_by_test_id("drill-counts")).to_contain_text(f"Jass: {len(bad)} due")
    expect(page.get_by_test_id("drill-position")).to_contain_text(f"Trick {first['trick']}")
    nxt = page.request.get(f"{base}api/practice/next?game=jass").json()
    cards = page.get_by_test_id("drill-card")
    expect(cards).to_have_count(len(nxt["choices"]))
    # keyboard: the best card is reached with Tab and played with Enter
    page.locator(f'[data-testid="drill-card"][data-choice="{first["best"]}"]').focus()
    page.keyboard.press("Enter")
    result = page.get_by_test_id("drill-result")
    expect(result).to_be_visible()
    expect(result).to_be_focused()
    expect(page.get_by_test_id("drill-verdict")).to_have_attribute("data-correct", "true")
    expect(page.get_by_test_id("drill-box")).to_have_attribute("data-box", "2")
    expect(result.locator("tbody tr")).to_have_count(len(nxt["choices"]))
    expect(result.locator(f'tr[data-choice="{first["best"]}"]')).to_contain_text("(best)")
    assert violations(page) == []
    # not due again today: the next one is another position, or none
    later = page.request.get(f"{base}api/practice/next?game=jass")
    assert later.status == 204 or later.json()["id"] != nxt["id"]

    # three days on, it is due again: on a phone, missed -> box 1
    park_positions()
    park_positions("2000-01-01T00:00:00Z", f"WHERE id = {int(nxt['id'])}")
    page.set_viewport_size({"width": 390, "height": 844})
    page.click('[data-action="drill-next"]')
    wrong = page.locator(f'[data-testid="drill-card"][data-choice="{first["played"]}"]')
    wrong.click()
    expect(page.get_by_test_id("drill-verdict")).to_have_attribute("data-correct", "false")
    expect(page.get_by_test_id("drill-box")).to_have_attribute("data-box", "1")
    expect(page.get_by_test_id("drill-verdict")).to_contain_text("Missed")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the Practice view scrolls sideways at 390 px ({width} px)"
    assert violations(page) == []
    page.click('[data-action="drill-next"]')
    expect(page.get_by_test_id("drill-heading")).to_contain_text("Nothing to practise")  # the others are parked

    # the History view's Progress panel counts the round and the two answers (at 390 px, axe clean)
    page.click('nav [data-view="history"]')
    jass = page.locator('[data-testid="history-stats"] [data-stats-game="jass"]')
    expect(jass.get_by_test_id("stats-loss")).to_contain_text("points lost per round")
    stats = page.request.get(f"{base}api/history/stats").json()
    expect(jass.get_by_test_id("stats-loss")).to_contain_text(f"{stats['games']['jass']['rounds']} round")
    solved = stats["practice"]["jass"]
    expect(jass.get_by_test_id("stats-practice")).to_contain_text(f"{solved['solved']} of {solved['answers']} answers solved")
    assert violations(page) == []


def test_a_mode_choice_position_shows_the_hand_and_the_options(ready, base):
    """Issue 54 item 2: a mistaken mode choice is practised with the options as buttons in the chosen
    labels and every option's saved value. The position is saved directly (no review: its building
    is tested in tests/jass/play/test_jass_practice.py), so this costs one view switch and an answer."""
    from jass_sim.core.history import Entry, PracticePosition

    page = ready
    park_positions()
    options = ["H", "D", "S", "C", "OBE", "UNE", "chibre"]
    values = [{"choice": o, "value": v, "ci95": None if o == "C" else [v - 30.0, v + 30.0]}
              for o, v in zip(options, [200.0, -16.5, 10.75, 0.0, 152.6, 188.3, 106.6])]
    hand = ["HJ", "H9", "HA", "HK", "HQ", "HT", "D6", "S6", "C6"]
    p = PracticePosition("mode", "blunder", {"rules": "chibre", "seat": 0, "hand": hand, "chibred": False},
                         options, values, "H", "C", 1.0)
    HistoryStore(history_path()).add(Entry("jass", "cli", "C", "0", 0.0, {"blunder": 1}, "mode C\nleader 0\n", {},
                                           positions=(p,)))
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click('nav [data-view="practice"]')
    if page.locator('[data-action="drill-next"]').is_visible():  # an earlier test's answer still shown
        page.click('[data-action="drill-next"]')
    position = page.get_by_test_id("drill-position")
    expect(position).to_contain_text("You choose the mode")
    expect(position.locator(".hand-line")).to_be_visible()
    expect(page.get_by_test_id("drill-card")).to_have_count(len(options))
    labels = page.evaluate("(o) => import('/static/jass.js').then((m) => o.map((x) => m.modeLabel(x)))", options)
    expect(page.get_by_test_id("drill-card")).to_have_text(labels)
    page.locator('[data-testid="drill-card"][data-choice="H"]').click()
    expect(page.get_by_test_id("drill-verdict")).to_have_attribute("data-correct", "true")
    result = page.get_by_test_id("drill-result")
    expect(result.locator("tbody tr")).to_have_count(len(options))
    expect(result).to_contain_text("over the option taken")
    assert violations(page) == []
