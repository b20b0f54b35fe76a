"""The Differenzler view in a real browser (pytest-playwright driving Debian's Chromium, as test_browser.py;
issue 52 item 6): nine cards and the trump card picked, the ``differenzler_advise`` job run at a small
sample size, its answer (the sentence, the best number with its CI and P(exact), the histogram with the
best number marked and the penalty curve, each an SVG with its text alternative) equal to the API's on the
same arguments and seed, at phone and desktop width, in both card labels; and bad input next to its field.

Budget: 256 deals (the smallest size at which the histogram has a few dozen bars to see; the figures are
compared with the API's on the same seed, not judged statistically), one job: a few seconds once the
server's warm-up has compiled the kernels."""

from __future__ import annotations

import re

from test_accessibility import small_targets, violations

import jass_sim

import browser_setup

browser_setup.require_chromium()
expect = browser_setup.expect()

HAND = "HJ H9 HA HK SA ST D6 C7 C8"


def pick(page) -> None:
    page.click('nav [data-view="differenzler"]')
    for card in HAND.split():
        page.click(f'#diff-picker [data-card="{card}"]')
    expect(page.locator("#diff-hand")).to_have_value(HAND)
    # the trump card is one card: a second tap on another card replaces the first
    page.click('#diff-trump-picker [data-card="S6"]')
    page.click('#diff-trump-picker [data-card="H6"]')
    expect(page.locator("#diff-trump")).to_have_value("H6")
    expect(page.locator('#diff-trump-picker [aria-pressed="true"]')).to_have_count(1)


def test_a_hand_and_its_trump_card_give_the_histogram_the_curve_and_the_sentence(ready):
    page = ready
    page.set_viewport_size({"width": 390, "height": 900})
    pick(page)
    page.click("#view-differenzler summary")
    page.fill("#diff-samples", "256")
    page.click('[data-action="differenzler"]')
    doc = jass_sim.differenzler.advise(HAND, "H6", samples=256).to_json()
    expect(page.get_by_test_id("recommendation").locator("visible=true")).to_have_text(doc["sentence"])
    result = page.locator("#differenzler-result")
    expect(result.locator('[data-fact="best-bid"]')).to_have_text(str(doc["best_bid"]))
    lo, hi = doc["ci95_penalty"]
    expect(result.locator('[data-fact="penalty"]')).to_have_text(
        f"{doc['expected_penalty']:.1f} (95% CI {lo:.1f} to {hi:.1f})")
    elo, ehi = doc["ci95_p_exact"]  # every figure with its 95% CI
    expect(result.locator('[data-fact="p-exact"]')).to_have_text(
        f"{100 * doc['p_exact']:.1f}% (95% CI {100 * elo:.1f}% to {100 * ehi:.1f}%)")
    (mlo, mhi), (dlo, dhi) = doc["ci95_mean"], doc["ci95_median"]
    expect(result.locator('[data-fact="points"]')).to_have_text(
        f"mean {doc['mean']:.1f} (95% CI {mlo:.1f} to {mhi:.1f}), median {doc['median']} (95% CI {dlo} to {dhi})")
    # the answer's table: the numbers replayed, played to (issue 52 item 1), the best marked
    best = next(r for r in doc["played_to"] if r["bid"] == doc["best_bid"])
    expect(result.locator("table.diff-played tbody tr")).to_have_count(len(doc["played_to"]))
    expect(result.locator(f'table.diff-played tr.best[data-bid="{doc["best_bid"]}"] td').nth(1)).to_have_text(
        f"{best['expected_penalty']:.2f} ({best['ci95'][0]:.2f} to {best['ci95'][1]:.2f})")
    expect(result.locator("table.diff-bids:not(.diff-played) tbody tr")).to_have_count(5)  # the first stage's five
    # the histogram: a bar for each total made in some deal, the best number marked; the penalty curve
    hist = result.locator('svg[data-chart="diff-hist"]')
    made = [d for d in doc["distribution"] if d["prob"] > 0]
    expect(hist.locator("rect.bar")).to_have_count(len(made))
    assert hist.locator("line.best").get_attribute("data-best") == str(doc["best_bid"])
    assert f"best announcement, {doc['best_bid']}" in hist.locator("desc").text_content()
    curve = result.locator('svg[data-chart="diff-penalty"]')
    assert len(curve.locator("polyline.curve").get_attribute("points").split()) == len(doc["penalty_by_bid"]) == 158
    assert curve.get_attribute("role") == "img" and curve.locator("title").text_content()
    # at phone width the charts fit the screen (no sideways scrolling)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert hist.bounding_box()["width"] <= 390
    assert not violations(page) + small_targets(page)  # axe-core: no serious or critical, with the answer
    # the Swiss-German labels: the picker and the trump card of the answer in them, the answer kept
    page.select_option("#suit-style", "swiss")
    expect(page.locator('#diff-trump-picker [data-card="H6"]')).to_have_text("6")
    expect(result.locator('[data-fact="trump"]')).to_contain_text("Rosen 6")
    expect(result.locator('[data-fact="best-bid"]')).to_have_text(str(doc["best_bid"]))
    page.set_viewport_size({"width": 1280, "height": 900})
    expect(hist).to_be_visible()
    assert hist.bounding_box()["width"] > 600
    assert not violations(page) + small_targets(page)


def test_a_trump_card_in_my_hand_is_refused_next_to_its_field_unless_i_deal(ready):
    page = ready
    pick(page)
    page.fill("#diff-trump", "HJ")
    page.dispatch_event("#diff-trump", "input")
    expect(page.locator('#diff-trump-picker [data-card="HJ"]')).to_have_attribute("aria-pressed", "true")
    page.click('[data-action="differenzler"]')
    error = page.locator('#view-differenzler [data-error-for="trump_card"]')
    expect(error).to_contain_text("HJ is in your hand")
    assert "\n" not in error.inner_text() and "--" not in error.inner_text()
    expect(page.locator("#diff-trump")).to_have_class(re.compile("bad"))
    expect(page.locator("#differenzler-result")).to_be_empty()


def test_a_long_run_shows_its_progress_and_cancel_stops_it(ready):
    # 1,000,000 deals (the job API's cap) last far longer than the test: Cancel ends the job at its next tick
    page = ready
    pick(page)
    page.click("#view-differenzler summary")
    page.fill("#diff-samples", "1000000")
    page.click('[data-action="differenzler"]')
    # the target counts the deals of every pass: the first stage and its N_CANDIDATES replays (issue 52 item 1)
    from jass_sim.jass.differenzler.advise import N_CANDIDATES

    expect(page.locator("#differenzler-progress .progress-text")).to_contain_text(f"/ {1_000_000 * (1 + N_CANDIDATES):,}")
    expect(page.locator("#differenzler-progress .progress-text")).to_contain_text("first stage: playing to")
    cancel = page.locator('[data-action="cancel"][data-for="differenzler"]')
    cancel.click()
    expect(page.locator("#differenzler-progress")).to_be_hidden(timeout=10_000)
    expect(cancel).to_be_disabled()
    expect(page.locator("#differenzler-result")).to_be_empty()
    expect(page.locator('[data-action="differenzler"]')).to_be_enabled()
