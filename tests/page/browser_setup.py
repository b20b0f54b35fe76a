"""The browser tests' helpers, shared by the modules that drive the page in Debian's Chromium
(``/usr/bin/chromium``): the check that Chromium is there, Playwright's ``expect``, a coached round.

The fixtures (Chromium's launch arguments, ``base``: one live server per test process, ``ready``: a
page once the engine is ready) are in tests/page/conftest.py, defined once: a fixture imported into
each module would be a fixture of each module, one server started per module. Without Chromium the
module is skipped, except when ``JASS_SIM_REQUIRE_BROWSER`` is set (CI), where a missing browser is an
error."""

from __future__ import annotations

import os

import pytest

CHROMIUM = "/usr/bin/chromium"
HAND = "HJ H9 HA SK SQ D6 C7 C8 CT"


def require_chromium() -> None:
    """Skip the calling module without Chromium (an error under ``JASS_SIM_REQUIRE_BROWSER``)."""
    if not os.path.exists(CHROMIUM):
        if os.environ.get("JASS_SIM_REQUIRE_BROWSER"):
            raise RuntimeError(f"browser tests need Chromium at {CHROMIUM} (apt-get install -y chromium)")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)", allow_module_level=True)


def expect():
    """Playwright's ``expect``, with a timeout for a job that may wait behind another on a busy machine."""
    if os.environ.get("JASS_SIM_REQUIRE_BROWSER"):
        from playwright.sync_api import expect as playwright_expect
    else:
        playwright_expect = pytest.importorskip("playwright.sync_api").expect
    playwright_expect.set_options(timeout=180_000)
    return playwright_expect


def play_coached_round(page) -> None:
    """Play my nine cards of the coached round (the first card I may play each time) and wait for
    the round's end. The end reviews the round: on a cold cache the review's kernels compile first
    (minutes on a loaded 2-core machine, past the page's default timeout)."""
    for _ in range(9):
        card = page.locator("#coach-hand button:not([disabled])").first
        card.wait_for()
        card.click()
    expect()(page.get_by_test_id("coach-feedback")).to_contain_text("The round is over", timeout=900_000)
