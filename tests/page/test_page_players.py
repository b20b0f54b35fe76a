"""What a player meets on the page (issue 43, B): Swiss-German labels that tell every suit apart, no
stale answer after an error, the table's set-up checked at once and its advice tied to its trick,
the keyboard and a screen reader, the phone layout, and Cribbage's exact answer in card labels."""

from __future__ import annotations

import json

import jass_sim

import browser_setup
from browser_setup import HAND

browser_setup.require_chromium()
expect = browser_setup.expect()
SYMBOLS = "♥♦♠♣"


def test_swiss_labels_tell_schilten_from_schellen_everywhere(ready):
    page = ready
    page.select_option("#suit-style", "swiss")
    page.click('nav [data-view="table"]')
    # the mode select and the coach's mode buttons name the Swiss suits
    assert "Schilten" in page.inner_text('#table-mode option[value="S"]')
    assert "Schellen" in page.inner_text('#table-mode option[value="C"]')
    assert "Rosen" in page.inner_text('#coach-choose [data-mode="H"]')
    page.fill("#table-hand", HAND)
    page.select_option("#table-leader", "1")
    page.dispatch_event("#table-hand", "change")
    for card in ("S7", "S8", "C9"):
        page.click(f'#table-play-picker [data-card="{card}"]')
    expect(page.locator("#table-result [data-testid=recommendation]")).to_be_visible()
    schilten = page.inner_text('#table-state .pcard[data-card="S7"]').split()[0]
    schellen = page.inner_text('#table-state .pcard[data-card="C9"]').split()[0]
    assert schilten != schellen, (schilten, schellen)
    # the server's sentence, said with the Swiss-German names too
    sentence = page.inner_text("#table-result [data-testid=recommendation]")
    assert not any(s in sentence for s in SYMBOLS), sentence
    assert any(word in sentence for word in ("Rosen", "Eichel", "Schilten", "Schellen")), sentence


def test_an_error_clears_the_previous_answer(ready):
    page = ready
    page.fill("#advise-hand", HAND)
    page.click("#view-advise summary")
    page.fill("#advise-samples", "128")
    page.click('[data-action="advise"]')
    expect(page.locator("#advise-result tr[data-option]")).to_have_count(7)
    page.fill("#advise-hand", "HJ H9 HA SK SQ D6 C7 C8 X9")
    page.click('[data-action="advise"]')
    expect(page.locator('#view-advise [data-error-for="hand"]')).to_contain_text("X9")
    expect(page.locator("#advise-result")).to_be_empty()

    page.click('nav [data-view="review"]')
    page.fill("#review-text", json.dumps(jass_sim.replay(3, policy="heuristic").to_json()))
    page.fill("#review-samples", "16")
    page.click('#view-review [data-action="review"]')
    expect(page.get_by_test_id("review-summary")).to_be_visible()
    page.fill("#review-text", "{not json")
    page.click('#view-review [data-action="review"]')
    expect(page.locator('#view-review [data-error-for="round"]')).to_contain_text("not valid JSON")
    expect(page.locator("#review-result")).to_be_empty()


def test_the_table_checks_its_set_up_at_once_and_ties_advice_to_its_trick(ready):
    page = ready
    page.click('nav [data-view="table"]')
    page.fill("#table-hand", HAND)
    page.dispatch_event("#table-hand", "change")
    page.select_option("#table-leader", "1")
    page.select_option("#table-chooser", "3")
    # refused before any card falls, next to the chooser, with the way out
    expect(page.locator('#view-table [data-error-for="chooser"]')).to_contain_text("the leader chibred")
    page.check("#table-chibred")
    expect(page.locator('#view-table [data-error-for="chooser"]')).to_be_empty()
    for card in ("D7", "DQ", "DA"):
        page.click(f'#table-play-picker [data-card="{card}"]')
    expect(page.locator("#table-result [data-testid=advice-for]")).to_contain_text("trick 1")
    expect(page.locator("#table-result [data-testid=recommendation]")).to_be_visible()
    page.click('#table-play-picker [data-card="D6"]')  # my card: play moves on to seat 3's lead
    expect(page.locator("#table-state")).to_contain_text("Seat 3 to play")
    expect(page.locator("#table-result [data-testid=recommendation]")).to_have_count(0)


def test_the_keyboard_reaches_advise_in_a_few_tabs_and_hears_the_answer(ready):
    page = ready
    page.evaluate("document.querySelector('#advise-samples').value = '128'")
    page.keyboard.press("Tab")
    expect(page.get_by_test_id("skip-link")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#advise-hand")).to_be_focused()
    page.keyboard.type(HAND)
    for tabs in range(1, 4):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.action") == "advise":
            break
    expect(page.locator('[data-action="advise"]')).to_be_focused()
    page.keyboard.press("Enter")
    sentence = jass_sim.advise(HAND, samples=128).sentence
    expect(page.get_by_test_id("recommendation")).to_be_focused()
    expect(page.get_by_test_id("announce")).to_have_text(sentence)


def test_the_phone_layout(ready):
    page = ready
    page.set_viewport_size({"width": 390, "height": 844})
    # every tab on screen (the tab bar wraps), every suit name whole, card buttons big enough to tap
    for box in page.locator("nav [data-view]").evaluate_all("ts => ts.map(t => t.getBoundingClientRect().toJSON())"):
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    for view in ("advise", "cribbage", "basra"):
        page.click(f'nav [data-view="{view}"]')
        names = page.locator(f"#view-{view} .suit-name:visible").evaluate_all(
            "ns => ns.map(n => [n.textContent, n.scrollWidth <= n.clientWidth])")
        assert names and all(whole for _, whole in names), names
        sizes = page.locator(f"#view-{view} .card-btn:visible").evaluate_all(
            "bs => bs.map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height, "
            "parseFloat(getComputedStyle(b).fontSize)])")
        for width, height, font in sizes:
            assert height >= 44 and font >= 14, (view, width, height, font)
            assert width >= (44 if view != "advise" else 32), (view, width, height)
    page.click('nav [data-view="advise"]')
    page.fill("#advise-hand", HAND)
    page.click("#view-advise summary")
    page.fill("#advise-samples", "256")
    page.click('[data-action="advise"]')
    expect(page.locator("#advise-result tr[data-option]")).to_have_count(7)
    # the final answer, not an estimate while it samples (the rows are redrawn when the result comes)
    expect(page.locator("#advise-result")).not_to_contain_text("Sampling")
    expect(page.locator("#advise-result .col-match").first).to_be_visible()
    # no interval breaks inside its brackets
    broken = page.evaluate("""() => {
      const out = [];
      const walker = document.createTreeWalker(document.querySelector('#advise-result table'), NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent;
        for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) {
          const j = text.indexOf(']', i);
          const range = document.createRange(); range.setStart(node, i); range.setEnd(node, j + 1);
          const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
          if (tops.size > 1) out.push(text.slice(i, j + 1));
        }
      }
      return out;
    }""")
    assert broken == [], broken
    # the runner-up, the close call, takes a visible part of its bar
    rows = page.locator("#advise-result tr[data-option]")
    ratio = rows.nth(1).locator(".ci-bar").evaluate(
        "b => b.querySelector('.range').getBoundingClientRect().width / b.getBoundingClientRect().width")
    assert ratio >= 0.25, ratio


def test_the_review_chart_is_readable_on_a_phone(ready):
    page = ready
    page.set_viewport_size({"width": 390, "height": 844})
    page.click('nav [data-view="review"]')
    page.fill("#review-text", json.dumps(jass_sim.replay(3, policy="heuristic").to_json()))
    page.fill("#review-samples", "16")
    page.click('#view-review [data-action="review"]')
    expect(page.get_by_test_id("review-summary")).to_be_visible()
    heights = page.locator("#review-result .chart text").evaluate_all(
        "ts => ts.map(t => t.getBoundingClientRect().height)")
    assert heights and min(heights) >= 11, heights


def test_cribbage_shows_cards_and_says_it_is_exact(ready):
    page = ready
    responses = []
    page.on("response", lambda r: responses.append((r.status, r.url)))
    page.reload()
    page.click('nav [data-view="cribbage"]')
    page.fill("#cribbage-hand", "5H 5D JS 6C 4H KD")
    page.dispatch_event("#cribbage-hand", "input")
    page.click('[data-action="cribbage-discard"]')
    from jass_sim.cribbage.cards import DECK

    recommendation = page.get_by_test_id("recommendation").filter(visible=True)
    best = jass_sim.cribbage.discard("5H 5D JS 6C 4H KD", dealer=True).to_json()["discards"][0]["discard"]
    expect(recommendation).to_contain_text(" ".join(DECK.format_card(DECK.parse_card(c), symbols=True) for c in best))
    assert not any(code in recommendation.inner_text() for code in best), recommendation.inner_text()
    footer = page.inner_text("footer")
    assert "Monte Carlo" not in footer and "exact" in footer, footer
    # a favicon, and no request of the page answered 404
    assert page.locator('link[rel="icon"]').count() == 1
    assert not [u for s, u in responses if s == 404], responses


def test_the_labels_change_on_what_is_already_on_screen(ready):
    page = ready
    page.fill("#advise-hand", HAND)
    page.click("#view-advise summary")
    page.fill("#advise-samples", "64")
    page.click('[data-action="advise"]')
    expect(page.locator("#advise-result tr[data-option]")).to_have_count(7)
    page.click('nav [data-view="table"]')
    page.fill("#table-hand", HAND)
    page.select_option("#table-leader", "1")
    page.dispatch_event("#table-hand", "change")
    for card in ("D7", "DQ", "DA"):
        page.click(f'#table-play-picker [data-card="{card}"]')
    expect(page.locator('#table-state .tcard[data-card="DA"]')).to_contain_text("♦A")
    page.select_option("#suit-style", "swiss")
    expect(page.locator('#table-state .tcard[data-card="DA"]')).to_contain_text("Ei A")
    expect(page.locator('#table-my-hand [data-card="HJ"]')).to_have_text("Ro U")
    expect(page.locator('#advise-result tr[data-option="H"] td').first).to_have_text("Rosen trump")
