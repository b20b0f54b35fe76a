"""The Differenzler view's coached round in a real browser (issue 52 item 6; pytest-playwright driving
Debian's Chromium, as test_browser_differenzler.py): a seeded deal, a bad number refused next to its field,
my number announced (the adviser's word only after it), the round played against the three bots to its
end, a verdict for each of my nine cards, made against announced and the penalties of all four, and the
round found in the History, reopened with its verdicts, and deleted; at phone and desktop width, axe clean.

Budget: verdicts at 16 worlds and the adviser at 256 deals (the test checks the flow and the figures'
consistency, not the statistics); 36 cards through one job each: about 15 s once the server's warm-up has
compiled the kernels."""

from __future__ import annotations

from test_accessibility import small_targets, violations

import browser_setup

browser_setup.require_chromium()
expect = browser_setup.expect()

SEED = 5


def test_a_coached_round_is_announced_played_rated_and_saved_in_the_history(ready):
    page = ready
    page.evaluate("window.jassSimDiffSamples = {rate: 16, advise: 256}")
    page.set_viewport_size({"width": 390, "height": 900})
    page.click('nav [data-view="differenzler"]')
    coach = page.locator("#diff-coach")
    page.fill("#diff-coach-seed", str(SEED))
    coach.locator('[data-action="diff-coach-deal"]').click()
    expect(page.locator("#diff-coach-hand button")).to_have_count(9)
    # seed 5 deals seat 1 (seed % 4): its trump card is ♠A, and seat 2 leads; the numbers are secret
    expect(page.get_by_test_id("diff-coach-talk")).to_contain_text("seat 1 deals")
    expect(coach.locator('[data-seat="1"] [data-testid="diff-seat-number"]')).to_have_text("number secret")
    expect(page.get_by_test_id("diff-coach-advice")).to_be_hidden()  # no adviser before I announce
    page.fill("#diff-coach-bid", "158")
    coach.locator('[data-action="diff-coach-bid"]').click()
    expect(coach.locator('[data-error-for="bid"]')).to_contain_text("0 to 157")
    page.fill("#diff-coach-bid", "30")
    coach.locator('[data-action="diff-coach-bid"]').click()
    expect(coach.locator('[data-error-for="bid"]')).to_be_empty()
    expect(page.locator("#diff-coach-announce")).to_be_hidden()  # one number per round
    expect(page.get_by_test_id("diff-coach-advice")).to_contain_text("You announced 30")
    expect(page.get_by_test_id("diff-coach-advice")).to_contain_text("the adviser says Announce")
    expect(coach.locator('[data-seat="0"] [data-testid="diff-seat-number"]')).to_have_text("number 30")
    for _ in range(9):  # my nine cards: the first I may play each time
        card = page.locator("#diff-coach-hand button:not([disabled])").first
        card.wait_for()
        card.click()
    expect(page.get_by_test_id("diff-coach-saved")).to_have_text("Saved in the History.")
    # a verdict for each of my cards, by expected penalty
    verdicts = page.get_by_test_id("diff-coach-verdicts").locator("li")
    expect(verdicts).to_have_count(9)
    assert "could not rate" not in page.get_by_test_id("diff-coach-verdicts").inner_text()
    assert all(("penalty points better" in t) or ("good, the best card" in t) or ("only legal card" in t)
               for t in verdicts.all_inner_texts())
    # made against announced for all four (the bots' secret numbers now shown), the penalties |number - made|
    rows = page.get_by_test_id("diff-coach-penalties").locator("tbody tr")
    expect(rows).to_have_count(4)
    table = [r.locator("td").all_inner_texts() for r in rows.all()]
    assert [int(r[1]) for r in table][0] == 30 and sum(int(r[2]) for r in table) == 157
    assert all(int(r[3]) == abs(int(r[1]) - int(r[2])) for r in table)
    expect(coach.locator('[data-seat="1"] [data-testid="diff-seat-number"]')).to_have_text(f"number {table[1][1]}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not violations(page) + small_targets(page)
    # the History lists it with my penalty, reopens it with the verdicts, and deletes it
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click('nav [data-view="history"]')
    row = page.get_by_test_id("history-row").filter(has_text="Differenzler").first
    expect(row.get_by_test_id("history-score")).to_have_text(f"announced 30, made {table[0][2]}, penalty {table[0][3]}")
    expect(row).to_contain_text("penalty points lost by card play")
    row.locator('[data-action="history-open"]').click()
    end = page.locator("#diff-coach-end")
    expect(end.locator("li[data-verdict]")).to_have_count(9)
    expect(end.get_by_test_id("diff-coach-result")).to_contain_text(f"You announced 30 and made {table[0][2]}")
    assert not violations(page) + small_targets(page)
    page.click('nav [data-view="history"]')
    n = page.get_by_test_id("history-row").filter(has_text="Differenzler").count()
    page.get_by_test_id("history-row").filter(has_text="Differenzler").first.locator('[data-action="history-delete"]').click()
    expect(page.get_by_test_id("history-row").filter(has_text="Differenzler")).to_have_count(n - 1)
