"""The browser tests' setup, shared by the modules that drive the page in Debian's Chromium
(``/usr/bin/chromium``): the launch arguments, a live server, a page once the engine is ready.

Import the fixtures into a test module (``from browser_setup import base, browser_type_launch_args,
ready``). Without Chromium the module is skipped, except when ``JASS_SIM_REQUIRE_BROWSER`` is set
(CI), where a missing browser is an error."""

from __future__ import annotations

import os
import re

import pytest

from live_server import LiveServer

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


@pytest.fixture(scope="session")
def browser_type_launch_args():
    return {"executable_path": CHROMIUM, "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                                  "--disable-component-update", "--no-first-run", "--disable-sync"]}


@pytest.fixture(scope="session")
def base():
    server = LiveServer()
    url = server.start()
    yield url
    server.stop()


@pytest.fixture
def ready(page, base):
    page.set_default_timeout(180_000)
    page.add_init_script("window.jassSimTrickMs = 0")  # the coach shows each won trick at once (no 1.5 s pauses)
    page.goto(base)
    # a cold Numba cache (a fresh clone) compiles the kernels first: minutes on a busy 2-core machine
    expect()(page.locator("#engine")).to_have_class(re.compile("ready"), timeout=900_000)
    return page


def play_coached_round(page) -> None:
    """Play my nine cards of the coached round (the first card I may play each time) and wait for
    the round's end. The end reviews the round: on a cold cache the review's kernels compile first
    (minutes on a loaded 2-core machine, past the page's default timeout)."""
    for _ in range(9):
        card = page.locator("#coach-hand button:not([disabled])").first
        card.wait_for()
        card.click()
    expect()(page.get_by_test_id("coach-feedback")).to_contain_text("The round is over", timeout=900_000)
