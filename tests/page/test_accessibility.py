"""Accessibility of every view of the page: axe-core (``axe-playwright-python``) finds no serious or
critical WCAG 2.2 AA violation at 390 px and 1280 px, empty and with a result, and every button and
field is a tap target of at least 24x24 px."""

from __future__ import annotations

import json

import jass_sim

import browser_setup
from browser_setup import HAND

browser_setup.require_chromium()
expect = browser_setup.expect()

VIEWS = ("advise", "table", "review", "coach", "practice", "cribbage", "basra", "coiffeur", "differenzler")
WIDTHS = (390, 1280)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def violations(page) -> list[str]:
    """The serious and critical WCAG 2.2 AA violations axe-core finds on the page as it is shown."""
    from axe_playwright_python.base import AXE_SCRIPT

    # axe-core (570 kB of script) is put into the document once, not before each run as
    # ``Axe().run`` does: the views are switched in one document, and parsing the script again took
    # about a third as long as the run itself (0.42 s against 1.3 s a run, measured at load 10)
    if not page.evaluate("() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.evaluate(AXE_SCRIPT)
    response = page.evaluate("axe.run(%s).then(results => results)"
                             % json.dumps({"runOnly": {"type": "tag", "values": TAGS}}))
    assert response["testEngine"]["name"] == "axe-core"  # it ran, over the page as shown
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
            for v in response["violations"] if v["impact"] in ("serious", "critical")]


def small_targets(page) -> list:
    """Visible buttons, fields and links smaller than 24x24 px (WCAG 2.2 target size, minimum)."""
    return page.evaluate("""() => Array.from(document.querySelectorAll('button, input, select, summary, a[href]'))
      .filter(n => n.offsetParent !== null && !(n.type === 'radio' || n.type === 'checkbox'))
      .map(n => [n.outerHTML.slice(0, 80), n.getBoundingClientRect()])
      .filter(([_, r]) => r.width > 0 && (r.width < 24 || r.height < 24))
      .map(([html, r]) => `${html} ${Math.round(r.width)}x${Math.round(r.height)}`)""")


def check_every_view(page, when: str) -> None:
    found = {}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        for view in VIEWS:
            page.click(f'nav [data-view="{view}"]')
            problems = violations(page) + small_targets(page)
            if problems:
                found[f"{view} at {width} px, {when}"] = problems
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)


def test_every_view_empty_and_with_a_result(ready):
    page = ready
    check_every_view(page, "empty")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click('nav [data-view="advise"]')
    page.fill("#advise-hand", HAND)
    page.click("#view-advise summary")
    page.fill("#advise-samples", "128")
    page.click('[data-action="advise"]')
    expect(page.locator("#advise-result tr[data-option]")).to_have_count(7)

    page.click('nav [data-view="table"]')
    page.fill("#table-hand", HAND)
    page.select_option("#table-leader", "1")
    page.dispatch_event("#table-hand", "change")
    for card in ("D7", "DQ", "DA"):
        page.click(f'#table-play-picker [data-card="{card}"]')
    expect(page.locator("#table-result [data-testid=recommendation]")).to_be_visible()

    page.click('nav [data-view="review"]')
    page.fill("#review-text", json.dumps(jass_sim.replay(3, policy="heuristic").to_json()))
    page.fill("#review-samples", "16")
    page.click('#view-review [data-action="review"]')
    expect(page.get_by_test_id("review-summary")).to_be_visible()

    page.click('nav [data-view="coach"]')
    page.click('[data-action="deal"]')
    page.click('#coach-choose [data-mode="H"]')
    page.locator("#coach-hand button:not([disabled])").first.click()
    expect(page.get_by_test_id("coach-status")).to_be_visible()

    page.click('nav [data-view="cribbage"]')
    page.fill("#cribbage-hand", "5H 5D JS 6C 4H KD")
    page.dispatch_event("#cribbage-hand", "input")
    page.click('[data-action="cribbage-discard"]')
    expect(page.locator("#cribbage-result tr[data-discard]")).to_have_count(15)

    page.click('nav [data-view="basra"]')
    page.fill("#basra-hand", "HJ D10 C5 S3 HK H7")
    page.dispatch_event("#basra-hand", "input")
    page.fill("#basra-table", "H5 C2 D7 S9")
    page.fill("#basra-samples", "200")
    page.click('[data-action="basra-advise"]')
    expect(page.locator("#basra-result [data-testid=recommendation]")).to_be_visible()

    page.click('nav [data-view="differenzler"]')
    page.fill("#diff-hand", "HJ H9 HA HK SA ST D6 C7 C8")
    page.dispatch_event("#diff-hand", "input")
    page.fill("#diff-trump", "H6")
    page.click("#view-differenzler summary")
    page.fill("#diff-samples", "128")
    page.click('[data-action="differenzler"]')
    expect(page.locator('#differenzler-result svg[data-chart="diff-hist"]')).to_be_visible()
    check_every_view(page, "with a result")
