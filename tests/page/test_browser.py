"""The page in a real browser (pytest-playwright driving Debian's Chromium, ``/usr/bin/chromium``):
pick a hand and get advice, enter a round at the table, import a replay and review it, play a
coached round to the end, and analyse a Cribbage discard.

``.ci/run`` installs Chromium with apt-get, and sets ``JASS_SIM_REQUIRE_BROWSER=1`` so that a missing
browser fails there instead of skipping."""

from __future__ import annotations

import json
import re

import jass_sim

import browser_setup
from browser_setup import HAND, play_coached_round

browser_setup.require_chromium()
expect = browser_setup.expect()


def test_pick_a_hand_and_get_advice(ready):
    page = ready
    for card in HAND.split():
        page.click(f'#advise-picker [data-card="{card}"]')
    expect(page.locator("#advise-hand")).to_have_value(HAND)
    page.click("#view-advise summary")
    page.fill("#advise-samples", "512")
    page.click('[data-action="advise"]')
    expect(page.locator('[data-option="chibre"]')).to_be_visible()
    expect(page.locator("#advise-result tr[data-option]")).to_have_count(7)
    expected = jass_sim.advise(HAND, samples=512)
    expect(page.get_by_test_id("recommendation")).to_have_text(expected.sentence)


def test_a_bad_card_is_shown_next_to_its_field(ready):
    page = ready
    page.fill("#advise-hand", "HJ H9 HA SK SQ D6 C7 C8 X9")
    page.click('[data-action="advise"]')
    expect(page.locator('#view-advise [data-error-for="hand"]')).to_contain_text("X9")


def test_enter_a_round_at_the_table_and_get_advice_at_seat_0s_turn(ready):
    page = ready
    page.click('nav [data-view="table"]')
    page.fill("#table-hand", HAND)
    page.select_option("#table-leader", "1")
    page.dispatch_event("#table-hand", "change")
    for card in ("D7", "DQ"):
        page.click(f'#table-play-picker [data-card="{card}"]')
    # a card in my own hand cannot be played by seat 3: refused with the reason, then undone
    page.click('#table-play-picker [data-card="HJ"]')
    # in the page's card labels (issue 54: "♥J", not the rules' code "HJ")
    expect(page.locator('#view-table [data-error-for="played"]')).to_contain_text("♥J")
    page.click('#table-play-picker [data-card="DA"]')
    expect(page.locator("#table-state")).to_contain_text("Your turn")
    expect(page.locator("#table-result [data-testid=recommendation]")).to_be_visible()
    rows = page.locator("#table-result [data-card-row]")
    expect(rows).to_have_count(4)  # HJ H9 HA D6: follow diamonds with D6 or trump
    page.click('[data-action="undo"]')
    expect(page.locator("#table-state")).to_contain_text("Seat 3 to play")


def test_import_a_replay_and_review_it(ready):
    page = ready
    page.click('nav [data-view="review"]')
    page.fill("#review-text", json.dumps(jass_sim.replay(3, policy="heuristic").to_json()))
    page.fill("#review-samples", "32")
    page.click('#view-review [data-action="review"]')
    expect(page.get_by_test_id("review-summary")).to_be_visible()
    expected = jass_sim.review(jass_sim.replay(3, policy="heuristic"), samples=32)
    expect(page.locator("#review-result [data-decision]")).to_have_count(len(expected.decisions))
    assert "[object" not in page.inner_text("#review-result")
    expect(page.locator("#review-result .alternatives").first).to_be_visible()
    # the verdict counts jump to their decisions
    first = page.locator("#review-result .counts a").first
    first.click()
    expect(page.locator("#review-result .decision.flash")).to_have_count(1)


def test_play_a_coached_round_to_the_end(ready):
    page = ready
    page.click('nav [data-view="review"]')
    page.fill("#review-samples", "32")  # the review the round opens in at the end
    page.click('nav [data-view="coach"]')
    page.click('[data-action="deal"]')
    page.click('#coach-choose [data-mode="H"]')
    play_coached_round(page)
    expect(page.locator("#view-review")).to_be_visible()
    expect(page.get_by_test_id("review-summary")).to_contain_text("10 decisions")  # the mode choice and 9 cards


def test_a_tapped_card_leaves_the_hand_at_once(ready):
    """A tap is one move: the hand goes quiet in the same event, so a quick second tap (or a test
    clicking the next enabled card) cannot hit a card already played while the table moves on."""
    page = ready
    page.click('nav [data-view="coach"]')
    page.click('[data-action="deal"]')
    page.click('#coach-choose [data-mode="H"]')
    page.locator("#coach-hand button:not([disabled])").first.wait_for()
    after = page.evaluate("""() => {
        const hand = document.querySelector('#coach-hand');
        const card = hand.querySelector('button:not([disabled])');
        card.click();
        return {played: card.dataset.card, enabled: hand.querySelectorAll('button:not([disabled])').length,
                still: hand.querySelectorAll(`[data-card="${card.dataset.card}"]`).length,
                left: hand.querySelectorAll('button').length};
    }""")
    assert after["enabled"] == 0 and after["still"] == 0 and after["left"] == 8, after


def test_analyse_a_cribbage_discard(ready):
    page = ready
    page.click('nav [data-view="cribbage"]')
    for card in "5H 5D JS 6C 4H KD".split():
        page.click(f'#cribbage-picker [data-card="{card}"]')
    page.check('input[name="cribbage-role"][value="pone"]')
    page.click('[data-action="cribbage-discard"]')
    expect(page.locator("#cribbage-result tr[data-discard]")).to_have_count(15)
    best = jass_sim.cribbage.discard("5H 5D JS 6C 4H KD", dealer=False).to_json()["discards"][0]["discard"]
    # said with the suit symbols (5♥), as every card on the page, not in letter codes
    from jass_sim.cribbage.cards import DECK

    labels = " ".join(DECK.format_card(DECK.parse_card(card), symbols=True) for card in best)
    expect(page.get_by_test_id("recommendation").filter(visible=True)).to_contain_text(labels)


def test_phone_width_has_no_horizontal_scroll(ready):
    page = ready
    page.set_viewport_size({"width": 390, "height": 844})
    page.fill("#advise-hand", HAND)
    page.click("#view-advise summary")
    page.fill("#advise-samples", "128")
    page.click('[data-action="advise"]')
    expect(page.locator("#advise-result tr[data-option]")).to_have_count(7)
    for view in ("advise", "table", "review", "coach", "cribbage", "basra"):
        page.click(f'nav [data-view="{view}"]')
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, view


def test_the_keyboard_alone_picks_cards_and_asks(ready):
    page = ready
    page.focus('#advise-picker [data-card="HJ"]')
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # the next button in the row: HQ
    page.keyboard.press("Space")
    expect(page.locator("#advise-hand")).to_have_value("HJ HQ")
    page.focus("#advise-hand")
    page.keyboard.press("Enter")  # asks: a hand of two cards is refused next to the field
    expect(page.locator('#view-advise [data-error-for="hand"]')).to_contain_text("9")


def test_the_views_are_reached_with_the_arrow_keys(ready):
    page = ready
    page.focus('nav [data-view="advise"]')
    page.keyboard.press("ArrowRight")
    expect(page.locator("#view-table")).to_be_visible()
    page.keyboard.press("End")
    last = page.locator("nav [role=tab]").last.get_attribute("data-view")  # the last tab, whichever it is
    expect(page.locator(f"#view-{last}")).to_be_visible()
    page.keyboard.press("ArrowRight")  # wraps around
    expect(page.locator("#view-advise")).to_be_visible()


def test_cancel_keeps_the_estimate_so_far(ready):
    page = ready
    page.fill("#advise-hand", HAND)
    page.click("#view-advise summary")
    page.fill("#advise-ci", "0.01")
    page.click('[data-action="advise"]')
    expect(page.locator("#advise-result tr[data-option]")).to_have_count(7)  # the estimate while it samples
    page.click('#view-advise [data-action="cancel"]')
    expect(page.locator("#advise-result")).to_contain_text("Cancelled: the estimate from the")
    expect(page.locator('#view-advise [data-action="cancel"]')).to_be_disabled()
    expect(page.locator('#view-advise [data-action="advise"]')).to_be_enabled()


def test_basra_columns_agree(ready):
    """The cards are ranked by net points (ours minus theirs), and "against the best" is a net difference:
    the table shows the net next to it, and each difference is that of the nets shown (issue 43: "our
    points" 26.6 against the best's 26.7 read as -3.8)."""
    page = ready
    page.click('nav [data-view="basra"]')
    page.fill("#basra-hand", "HJ D10 C5 S3 HK H7")
    page.fill("#basra-table", "H5 C2 D7 S9")
    page.click('[data-action="basra-advise"]')
    rows = page.locator("#basra-result tr[data-card-row]")
    expect(rows).to_have_count(6)
    doc = jass_sim.basra.advise("HJ D10 C5 S3 HK H7", table="H5 C2 D7 S9").to_json()
    nets = [float(t.split()[0]) for t in page.locator("#basra-result td[data-net]").all_text_contents()]
    against = page.locator("#basra-result td[data-vs-best]").all_text_contents()
    assert all(abs(shown - c["net"]) <= 0.05 + 1e-9 for shown, c in zip(nets, doc["cards"]))
    assert nets == sorted(nets, reverse=True) and against[0] == "best"
    for net, text in zip(nets[1:], against[1:]):
        assert abs(float(text.split()[0]) - (net - nets[0])) < 1e-9


def test_the_footer_links_the_committed_reports(ready):
    """Issue 44, item 8: the page links the strategy reports, served by its own server."""
    page = ready
    links = page.locator("[data-reports] a[data-report]")
    expect(links).to_have_count(3)
    assert [links.nth(i).get_attribute("data-report") for i in range(3)] == ["chibre", "cribbage", "basra"]
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    with page.expect_popup() as opened:  # issue 54: beside the page, which keeps its round
        links.first.click()
    report = opened.value
    expect(report).to_have_url(re.compile(r"/reports/chibre/index\.html$"))
    expect(report.locator("h1").first).to_be_visible()
    report.close()
