"""Screenshots of every view of the page at phone (390 px) and desktop (1280 px) width.

    python scripts/screenshots.py [--url http://127.0.0.1:8765/] [--out docs/screenshots] [--only coach|game|coiffeur]

Starts its own server (on a free port) unless ``--url`` is given; drives Debian's Chromium
(``/usr/bin/chromium``) with Playwright. Each view is filled with a sample input and its answer.
"""

from __future__ import annotations

import argparse
import pathlib
import sys

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--no-first-run", "--disable-sync"]
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}


def fill_views(page, base: str, shoot, own_server: bool = True) -> None:
    """Drive each view to a typical answer and call ``shoot(name)`` (``own_server``: the history is
    this script's own, which Practice may reset)."""
    page.goto(base + "#advise")
    page.wait_for_selector("#engine.ready", timeout=600_000)
    for card in "HJ H9 HA SK SQ D6 C7 C8 CT".split():
        page.click(f'#advise-picker [data-card="{card}"]')
    page.click('[data-action="advise"]')
    page.wait_for_selector('[data-option="chibre"]', timeout=120_000)
    page.wait_for_selector('[data-action="advise"]:not([disabled])', timeout=120_000)
    shoot("advise")

    page.click('nav [data-view="table"]')
    page.fill("#table-hand", "HJ H9 HA SK SQ D6 C7 C8 CT")
    page.select_option("#table-leader", "1")
    page.dispatch_event("#table-hand", "change")
    for card in ("D7", "DQ", "DA"):
        page.click(f'#table-play-picker [data-card="{card}"]')
        page.wait_for_timeout(300)
    page.wait_for_selector("#table-result [data-testid=recommendation]", timeout=120_000)
    shoot("table")

    page.click('nav [data-view="review"]')
    import json

    import jass_sim

    page.fill("#review-text", json.dumps(jass_sim.replay(3, policy="net").to_json()))
    page.fill("#review-samples", "200")
    page.click('#view-review [data-action="review"]')
    page.wait_for_selector("#review-result [data-testid=review-summary]", timeout=300_000)
    shoot("review")

    page.click('nav [data-view="history"]')  # the review just run is saved there
    page.wait_for_selector("[data-testid=history-row]", timeout=60_000)
    shoot("history")

    fill_practice(page, shoot, own_server)

    fill_coach(page, shoot)

    page.click('nav [data-view="cribbage"]')
    page.fill("#cribbage-hand", "5H 5D JS 6C 4H KD")
    page.dispatch_event("#cribbage-hand", "input")
    page.click('[data-action="cribbage-discard"]')
    page.wait_for_selector("#cribbage-result [data-testid=recommendation]", timeout=120_000)
    shoot("cribbage")

    page.click('nav [data-view="basra"]')
    page.fill("#basra-hand", "HJ D10 C5 S3 HK H7")
    page.dispatch_event("#basra-hand", "input")
    page.fill("#basra-table", "H5 C2 D7 S9")
    page.fill("#basra-samples", "500")
    page.click('[data-action="basra-advise"]')
    page.wait_for_selector("#basra-result [data-testid=recommendation]", timeout=120_000)
    shoot("basra")
    fill_coiffeur(page, shoot)


def fill_coiffeur(page, shoot) -> None:
    """The Coiffeur view mid-match (docs/coiffeur.md's example): we have played ♣, ♦, Undenufe and a Joker,
    they ♠, ♦, ♥, Obenabe and a Joker; the score 1450:1320."""
    page.click('nav [data-view="coiffeur"]')
    for card in "HJ H9 HA HK SQ D6 C7 C8 CT".split():
        page.click(f'#coiffeur-picker [data-card="{card}"]')
    for team, slots in (("ours", (1, 2, 5, 7)), ("theirs", (0, 2, 3, 4, 7))):
        for slot in slots:
            page.click(f'#view-coiffeur .cat-toggles[data-team="{team}"] [data-slot="{slot}"]')
    page.fill("#coiffeur-score", "1450:1320")
    page.click('[data-action="coiffeur"]')
    page.wait_for_selector("#coiffeur-result [data-testid=recommendation]", timeout=300_000)
    shoot("coiffeur")

    page.click('nav [data-view="differenzler"]')
    page.fill("#diff-hand", "HJ H9 HA HK SA ST D6 C7 C8")
    page.dispatch_event("#diff-hand", "input")
    page.fill("#diff-trump", "H6")
    page.dispatch_event("#diff-trump", "input")
    page.click("#view-differenzler summary")
    page.fill("#diff-samples", "2000")
    page.click('[data-action="differenzler"]')
    page.wait_for_selector("#differenzler-result [data-testid=recommendation]", timeout=120_000)
    shoot("differenzler")


def fill_coach(page, shoot) -> None:
    """A coached round into its second trick: the melds shown, the last trick on demand."""
    page.click('nav [data-view="coach"]')
    page.click('[data-action="deal"]')
    page.click('#coach-choose [data-mode="H"]')
    for _ in range(2):
        page.wait_for_selector("#coach-hand button:not([disabled])", timeout=60_000)
        page.click("#coach-hand button:not([disabled])")
    page.wait_for_function("document.querySelector('#coach-feedback').textContent.includes('point') || "
                           "document.querySelector('#coach-feedback').textContent.includes('✓') || "
                           "document.querySelector('#coach-feedback').textContent.includes('only')", timeout=60_000)
    shoot("coach")


def fill_game(page, shoot) -> None:
    """"Play a game" in the coach view to a short target (100: one to three rounds), played by the first
    legal card (♥ when the choice is mine); the finished game with its score sheet, then its History entry."""
    page.evaluate("window.jassSimTrickMs = 0")  # no 1.5 s pause after each trick (as the browser tests)
    page.click('nav [data-view="coach"]')
    page.fill("#game-target", "100")
    page.click('[data-action="game-start"]')
    while not page.locator("#game-result").is_visible():
        page.wait_for_function("""() => {
            const shown = (s) => { const e = document.querySelector(s); return e && !e.hidden && e.offsetParent !== null; };
            return shown('#coach-choose') || shown('[data-action="game-next"]') || shown('#game-result')
                || document.querySelector('#coach-hand button:not([disabled])') !== null; }""", timeout=600_000)
        if page.locator('[data-action="game-next"]').is_visible():
            page.click('[data-action="game-next"]')
        elif page.locator("#coach-choose").is_visible():
            page.click('#coach-choose [data-mode="H"]')
        elif not page.locator("#game-result").is_visible():
            page.locator("#coach-hand button:not([disabled])").first.click()
    page.wait_for_selector("#coach-verdicts li >> nth=0", timeout=60_000)
    shoot("game")
    page.click('nav [data-view="history"]')
    page.click('[data-testid="history-game"] >> nth=0 >> [data-action="history-game-rounds"]')
    page.wait_for_selector('.history-game-rounds li >> nth=0', timeout=60_000)
    shoot("history-game")


def fill_practice(page, shoot, own_server: bool = True) -> None:
    """Practice: a round played at random reviewed (seed 3's seat 0 errs at trick 7), its mistake solved,
    then the History view's Progress panel
    (in this script's own history, the positions the first width solved are made due again)."""
    import json

    import jass_sim
    from jass_sim.core.history import HistoryStore, history_path
    from jass_sim.core.practice import reset

    page.click('nav [data-view="review"]')
    page.fill("#review-text", json.dumps(jass_sim.replay(3, policy="random").to_json()))
    page.fill("#review-samples", "50")
    page.click('#view-review [data-action="review"]')
    page.wait_for_selector("[data-testid=history-saved]", timeout=300_000)
    if own_server:  # the second width's run: solved by the first, due again
        reset(HistoryStore(history_path()), "all")
    page.click('nav [data-view="practice"]')
    page.wait_for_selector("[data-testid=drill-card]", timeout=60_000)
    page.click("[data-testid=drill-card] >> nth=0")
    page.wait_for_selector("[data-testid=drill-result]:not([hidden])", timeout=60_000)
    shoot("practice")
    page.click('nav [data-view="history"]')  # its Progress panel: the round and the answer
    page.wait_for_selector("[data-testid=stats-practice]", timeout=60_000)
    shoot("progress")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running page (default: start one)")
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--only", choices=("coach", "game", "coiffeur"), help="only this view's screenshots (coach: a "
                        "coached round; game: a whole game with the coach and its History entry; coiffeur: the Coiffeur "
                        "view with an answer)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server = None
    base = args.url
    if base is None:
        sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "page"))
        import os
        import tempfile

        from live_server import LiveServer

        # the reviews it runs are saved in a history of its own, not the user's
        os.environ["JASS_SIM_DATA_DIR"] = tempfile.mkdtemp(prefix="jass-sim-screenshots-")
        server = LiveServer()
        base = server.start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            for label, (width, height) in WIDTHS.items():
                page = browser.new_page(viewport={"width": width, "height": height})
                def shoot(name, page=page, label=label):
                    # from the top: a sticky bar (the card table's) is drawn where it belongs
                    page.evaluate("window.scrollTo(0, 0)")
                    page.screenshot(path=str(out / f"{name}-{label}.png"), full_page=True)

                if args.only:
                    page.goto(base + "#coach")
                    page.wait_for_selector("#engine.ready", timeout=600_000)
                    {"game": fill_game, "coach": fill_coach, "coiffeur": fill_coiffeur}[args.only](page, shoot)
                else:
                    fill_views(page, base, shoot, own_server=server is not None)
                    fill_game(page, shoot)
                page.close()
            browser.close()
    finally:
        if server is not None:
            server.stop()
    print(f"screenshots in {out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
