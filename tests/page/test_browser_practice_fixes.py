"""Issue 54 item 0, the page's defects, in a real browser (one page load per test; about 25 s in all on
a warm cache): a won trick stays on the coach's table with its winner marked, the coach's verdicts in
the Review's words in a list that scrolls, the rule named for a greyed-out card, the focus kept on the
cards, a warning before a reload loses the round, the end-of-round line naming only what happened;
"Trump or chibre" dropping the old answer when the hand changes, typed Swiss names selecting in the
picker, the table's refusal in view and in card labels, "Undenufe" in sentences, the Review's biggest
mistakes only mistakes, with plurals."""

from __future__ import annotations

import re

import browser_setup
from browser_setup import HAND

browser_setup.require_chromium()
expect = browser_setup.expect()

#: A card code of the rules' messages, as the page must not show it ("DQ", "H6").
CODE = re.compile(r"\b[HDSC][6-9TJQKA]\b")


def test_the_coach_shows_the_won_trick_its_verdicts_the_rule_and_keeps_the_focus(ready, tmp_path):
    page = ready
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("window.jassSimTrickMs = 1500")  # as a player sees it: each won trick stays 1.5 s
    page.click('nav [data-view="coach"]')
    page.click('[data-action="deal"]')
    # every moment a won trick lies in the middle: its winner marked, its four cards
    page.evaluate("""() => { window.wonSeen = [];
        new MutationObserver(() => {
            const caption = document.querySelector('#coach-table [data-testid=trick-won]');
            if (caption) window.wonSeen.push({text: caption.textContent,
                winners: document.querySelectorAll('#coach-table .middle .tcard.winner').length,
                cards: document.querySelectorAll('#coach-table .middle .tcard').length});
        }).observe(document.querySelector('#coach-table'), {childList: true, subtree: true}); }""")
    page.click('#coach-choose [data-mode="UNE"]')
    hand = page.locator("#coach-hand")
    for k in range(3):  # three of my cards: a verdict each, a won trick, a turn with cards greyed out
        card = page.locator("#coach-hand button:not([disabled])").first
        card.wait_for()
        if page.locator("#coach-hand button[disabled]").count():
            expect(page.get_by_test_id("coach-rule")).to_contain_text("Greyed out")
            assert not CODE.search(page.inner_text('[data-testid="coach-rule"]'))
        card.focus()
        page.keyboard.press("Enter")  # played by keyboard: the focus stays in the hand, not on the body
        assert page.evaluate("document.querySelector('#coach-hand').contains(document.activeElement)")
        # the first verdict may wait for the card-play kernels on a cold cache (minutes on a busy machine)
        expect(page.locator("#coach-verdicts li")).to_have_count(k + 1, timeout=900_000)
    expect(page.locator("#coach-hand button:not([disabled])").first).to_be_visible()
    seen = page.evaluate("window.wonSeen")  # my three cards: two tricks at least were won meanwhile
    assert seen and all(w["winners"] == 1 and w["cards"] == 4 and "won the trick" in w["text"] for w in seen), seen
    assert page.evaluate("document.querySelector('#coach-hand').contains(document.activeElement)")
    lines = page.locator("#coach-verdicts li").all_inner_texts()
    words = ("good", "inaccuracy", "mistake", "blunder", "unclear", "only legal card")
    assert all(line.startswith("Trick ") and any(w in line for w in words) for line in lines), lines
    box = page.locator("#coach-verdicts")
    assert box.get_attribute("tabindex") == "0" and box.get_attribute("aria-label")
    assert page.evaluate("getComputedStyle(document.querySelector('#coach-verdicts')).overflowY") == "auto"
    page.screenshot(path=str(tmp_path / "coach-390.png"), full_page=True)
    # a reload now would lose the round: the page asks first
    assert page.evaluate("""() => { const e = new Event('beforeunload', {cancelable: true});
                                    window.dispatchEvent(e); return e.defaultPrevented; }""")
    if hand.locator("button[disabled]").count():  # the turn now shown greys cards out: it says why
        expect(page.get_by_test_id("coach-rule")).to_contain_text("Greyed out")
    # the end-of-round line names only what happened; the coach's words are the Review's
    out = page.evaluate("""async () => {
        const c = await import('/static/coach.js');
        const none = {scoring_team: null}, weis = {scoring_team: 0};
        return [c.endExtras(none, {}, {}, [0, 1, 2, 3, 0, 1, 2, 3, 0]), c.endExtras(weis, {2: ['ST']}, {0: true}, [1]),
                c.endExtras(none, {}, {}, [0, 2, 0, 2, 0, 2, 0, 2, 0]),
                c.verdictLine({played: 'SA', best: 'S6', verdict: 'mistake', loss: 5.7, ci95_loss: [2.1, 9.3]}),
                c.verdictLine({played: 'SA', best: 'S6', verdict: 'good', loss: 0.4, ci95_loss: [0.1, 0.7]})];
    }""")
    assert out[0] == "" and out[1] == ", with the Weis and the Stöck" and out[2] == ", with a match"
    assert out[3].startswith("✗ ") and "mistake" in out[3] and "5.7 points better" in out[3]
    assert out[4].startswith("✓ ") and "good" in out[4]


def test_advice_picker_table_refusal_and_review_words(ready, tmp_path):
    page = ready
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 844})
        page.click('nav [data-view="advise"]')
        page.fill("#advise-hand", "")
        page.type("#advise-hand", "Rosen-Under Eichel-9")  # typed Swiss names select in the picker
        expect(page.locator('#advise-picker [data-card="HJ"]')).to_have_attribute("aria-pressed", "true")
        expect(page.locator('#advise-picker [data-card="D9"]')).to_have_attribute("aria-pressed", "true")  # Eichel: ♦
    page.fill("#advise-hand", HAND)
    page.click("#view-advise summary")  # the settings
    page.fill("#advise-samples", "64")
    page.click('[data-action="advise"]')
    expect(page.locator("#advise-result .sentence")).to_be_visible()
    page.screenshot(path=str(tmp_path / "advise-390.png"), full_page=True)
    page.fill("#advise-hand", HAND.replace("CT", "C9"))  # another hand: the old answer goes
    expect(page.locator("#advise-result")).to_be_empty()
    # the table's refusal at 390 px: in view, and in the page's card labels (French here, then Swiss-German)
    page.click('nav [data-view="table"]')
    page.fill("#table-hand", HAND)
    page.select_option("#table-leader", "1")
    page.dispatch_event("#table-hand", "change")
    page.click('#table-play-picker [data-card="D7"]')
    page.click('#table-play-picker [data-card="H6"]')  # seat 2 trumps: fine; then I must follow or trump
    page.click('#table-play-picker [data-card="DQ"]')
    page.click('#table-play-picker [data-card="SK"]')  # I hold D6: SK breaks the rule
    error = page.locator('#view-table [data-error-for="played"]')
    expect(error).not_to_be_empty()
    assert not CODE.search(error.inner_text()), error.inner_text()
    expect(error).to_be_in_viewport()
    page.screenshot(path=str(tmp_path / "table-refusal-390.png"))
    # the Review's biggest mistakes are mistakes only, counted with plurals; Undenufe in sentences
    out = page.evaluate("""async () => {
        const r = await import('/static/review.js'), j = await import('/static/jass.js');
        const d = (trick, played, verdict, loss) => ({kind: 'card', seat: 0, trick, played, best: 'HA', loss, verdict,
                                                       ci95_loss: [loss / 2, loss * 1.5], trick_so_far: [], options: 3});
        const doc = {seats: [0], samples: 32, policy: 'net', seed: 1, round: {},
                     decisions: [d(1, 'H9', 'good', 0.1), d(2, 'SK', 'mistake', 5), d(3, 'SQ', 'mistake', 6),
                                 d(4, 'D6', 'blunder', 12)],
                     summary: {decisions: 4, card_loss: 23.1, verdicts: {good: 1, inaccuracy: 0, mistake: 2, blunder: 1,
                                                                         unclear: 0, forced: 0}}};
        const box = document.createElement('div');
        document.body.append(box);
        r.renderReview(box, doc);
        const out = {counts: box.querySelector('.counts').innerText,
                     worst: [...box.querySelectorAll('[data-testid=biggest-mistakes] li')].map((li) => li.innerText),
                     note: box.lastElementChild.innerText, une: j.localize('Choose une-ufe: 3.1 points better than obe-abe.')};
        box.remove();
        return out;
    }""")
    assert "2 mistakes" in out["counts"] and "1 blunder" in out["counts"] and "1 good" in out["counts"], out
    assert len(out["worst"]) == 3 and not any("trick 1" in w for w in out["worst"]), out
    assert "mistake ≥ 4" in out["note"] and "blunder ≥ 10" in out["note"], out
    assert out["une"] == "Choose Undenufe: 3.1 points better than Obenabe.", out


def test_a_report_at_390_px_has_a_way_back_contents_and_no_serious_axe_finding(ready, base):
    """Issue 54: the Chibre report (about 47,000 px tall on a phone) opens from the page in a new tab,
    with a way back and its contents; axe finds no serious or critical WCAG 2.2 AA violation (its
    25 scrolling tables were keyboard-unreachable); the heat map is full size, scrolling sideways."""
    from axe_playwright_python.sync_playwright import Axe

    page = ready
    link = page.locator('[data-report="chibre"]')
    if not link.count():
        import pytest

        pytest.skip("no committed reports next to the package")
    assert link.get_attribute("target") == "_blank"
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base + "reports/chibre/index.html")
    expect(page.get_by_test_id("report-back")).to_be_visible()
    expect(page.locator('nav[aria-label="Contents"] a').first).to_be_visible()
    heat = page.locator('img[src="card_values.png"]')
    assert heat.evaluate("i => i.getBoundingClientRect().width") > 600  # full size, in a figure that scrolls
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a",
                                                                              "wcag21aa", "wcag22aa"]}})
    found = [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
             for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not found, found


def test_a_coached_job_waiting_for_its_kernels_says_so_in_the_talk(ready):
    """Issue 54 item 1: where a player would otherwise wait (a coached round's bots and coach), a job
    whose kernels still compile says so, once, until it runs. The job's events are routed here (the
    suite's cache is warm: no first run to wait for); the server's side is tests/page/test_first_post.py.
    One deal; about a second."""
    import json

    page = ready
    stage = "compiling the choose mode's kernels, about 9 s"
    event = {"done": 1.0, "target": 10, "state": "queued", "stage": stage, "warming": "jass"}

    def jobs(route):
        if route.request.method == "POST":
            route.fulfill(status=202, content_type="application/json", body=json.dumps({"id": "w1"}))
        else:
            route.continue_()

    page.route("**/api/jobs", jobs)
    page.route("**/api/jobs/w1/events", lambda route: route.fulfill(  # retry: reconnect after 0.1 s
        status=200, content_type="text/event-stream", body=f"retry: 100\n\nevent: progress\ndata: {json.dumps(event)}\n\n"))
    page.click('nav [data-view="coach"]')
    page.select_option("#coach-first", "partner")  # my partner chooses first: a choose_mode job at once
    page.click('[data-action="deal"]')
    line = page.get_by_test_id("coach-waiting")
    expect(line).to_have_text(f"{stage} (a first run: it goes on by itself)")
    # the stream ends and the browser reconnects: the same events again, the line still once. Two
    # reconnects seen (not a fixed 0.6 s): the first one's events are handled before the second starts
    for _ in range(2):
        with page.expect_request("**/api/jobs/w1/events"):
            pass
    expect(line).to_have_count(1)
    page.unroute("**/api/jobs/w1/events")  # the job ends (here: the server knows no job w1, an error)
    expect(line).to_have_count(0)


def test_the_progress_panel_names_a_ci_only_where_there_is_one(ready):
    """The History's Progress panel, as `history --stats`: one round has no interval, so its mean is not
    labelled "95% CI" (documents made here; one import, well under a second)."""
    page = ready
    said = page.evaluate("""async () => {
        const { gameBlock } = await import('/static/history_stats.js');
        const g = (ci) => ({ rounds: ci ? 2 : 1, card_loss: { rounds: ci ? 2 : 1, mean: 23.6, ci95: ci }, trend: null,
                             best: { best: 0, decisions: 0, share: null, ci95: null }, weeks: [] });
        const text = (doc) => gameBlock('jass', doc, null).querySelector('[data-testid="stats-loss"]').textContent;
        return [text(g(null)), text(g([20.1, 27.1]))];
    }""")
    assert said == ["1 round: 23.6 points lost per round (one round: no CI yet)",
                    "2 rounds: 23.6 points lost per round [20.1, 27.1] (mean, 95% CI)"]


def test_the_coachs_verdict_waiting_for_its_kernels_says_so(ready):
    """Issue 54 item 1: after my card the coach's rating (rate_card) may wait for its kernels on a first
    run; the line that awaits the verdict says so. Only rate_card's events are routed (warming); the
    deal's other jobs run. One deal, a mode and one card: a few seconds warm."""
    import json

    page = ready
    stage = "compiling the rate card's kernels, about 70 s"
    event = {"done": 10.0, "target": 80, "state": "running", "stage": stage, "warming": "jass-play"}

    def jobs(route):
        body = route.request.post_data or ""
        if route.request.method == "POST" and '"rate_card"' in body:
            route.fulfill(status=202, content_type="application/json", body=json.dumps({"id": "r1"}))
        else:
            route.continue_()

    page.route("**/api/jobs", jobs)
    page.route("**/api/jobs/r1/events", lambda route: route.fulfill(
        status=200, content_type="text/event-stream", body=f"event: progress\ndata: {json.dumps(event)}\n\n"))
    page.click('nav [data-view="coach"]')
    page.click('[data-action="deal"]')
    page.click('#coach-choose [data-mode="H"]')
    card = page.locator("#coach-hand button:not([disabled])").first
    card.wait_for()
    card.click()
    expect(page.get_by_test_id("coach-feedback")).to_contain_text(f"the coach is thinking… ({stage}: a first run)")
