"""The page's ES modules in Chromium: they load, link (every imported name found) and run in every view
and every Cribbage panel, in both card-label styles, without one script error. The static reading of
their imports is tests/page/test_static_imports.py; this is the browser's own word on them."""

from __future__ import annotations

import re

import browser_setup

browser_setup.require_chromium()
expect = browser_setup.expect()


def test_every_view_and_panel_runs_without_a_script_error(page, base):
    errors = []
    page.on("pageerror", lambda err: errors.append(f"uncaught: {err}"))
    page.on("console", lambda msg: errors.append(f"console.{msg.type}: {msg.text}") if msg.type == "error" else None)
    page.set_default_timeout(180_000)
    page.goto(base)
    # app.js ran (its first act replaces "connecting…"): the modules linked; then the engine's warm-up
    try:
        expect(page.locator("#engine")).not_to_have_text("connecting…", timeout=60_000)
    finally:
        assert errors == []  # (a module that fails to link says why here)
    expect(page.locator("#engine")).to_have_class(re.compile("ready"), timeout=900_000)
    for style in ("swiss", "french"):
        page.select_option("#suit-style", style)
        for view in page.locator("nav [data-view]").all():
            view.click()
            expect(page.locator(f"#view-{view.get_attribute('data-view')}")).to_be_visible()
        page.click('nav [data-view="cribbage"]')
        for panel in page.locator("[data-crib-panel]").all():
            panel.click()
            expect(page.locator(f".crib-panel[data-panel=\"{panel.get_attribute('data-crib-panel')}\"]")).to_be_visible()
    page.click('nav [data-view="coach"]')
    page.click('#view-coach [data-action="deal"]')  # the coach kit's shuffle, the Chibre bindings of cards.js
    expect(page.locator("#coach-hand button")).to_have_count(9)
    page.click('nav [data-view="cribbage"]')
    page.click('[data-crib-panel="game"]')
    page.click('[data-action="crib-deal"]')  # the same kit for Cribbage, its deck named
    expect(page.locator("#crib-hand button")).to_have_count(6)
    assert errors == []
