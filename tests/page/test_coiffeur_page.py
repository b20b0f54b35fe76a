"""The Coiffeur view's server side (issue 53 item 6), without a browser: the presets coiffeur.js offers are
the Python presets with the same multipliers (and every preset the job accepts is offered), and the view's
bad input (passed, forced, score, rules, open categories) is a 400 (or the job's error event) whose
``field`` is the argument the view shows it next to.

Sizes: every request here is refused before it samples (a check, no play-out): well under a second warm."""

from __future__ import annotations

import pathlib
import re

import pytest

from jass_sim.core.errors import InputError
from jass_sim.jass.coiffeur.presets import PRESETS

from page_helpers import read_events

STATIC = pathlib.Path(__file__).resolve().parents[2] / "jass_sim" / "page" / "static"
ARGS = {"hand": "HJ H9 HA HK SQ D6 C7 C8 CT", "ours_open": "S,H,OBE,JOKER", "theirs_open": "C,UNE,JOKER",
        "samples": 64, "seed": 3}


def page_presets() -> dict[str, str]:
    """The PRESETS table of coiffeur.js: name -> its --categories text."""
    text = (STATIC / "coiffeur.js").read_text(encoding="utf-8")
    block = re.search(r"export const PRESETS = \{(.*?)\n\};", text, re.S).group(1)
    return dict(re.findall(r'"?([\w-]+)"?:\s*"([^"]+)"', block))


def test_the_page_offers_the_python_presets_with_their_multipliers():
    offered = page_presets()
    assert offered, "coiffeur.js has no PRESETS"
    for name, table in offered.items():
        rules = PRESETS[name]
        assert table == ",".join(f"{c.code}:{c.multiplier}" for c in rules.categories), name
    for name, rules in PRESETS.items():
        if name in offered:
            continue
        # a preset left out is one the job still refuses; when it plays, coiffeur.js must offer it
        with pytest.raises(InputError, match="not playable yet"):
            rules.check_playable()


@pytest.fixture(scope="module")
def client():
    from starlette.testclient import TestClient

    from jass_sim.page.app import create_app

    with TestClient(create_app()) as c:
        yield c


@pytest.mark.parametrize("field, extra", [
    ("passed", {"passed": 5}),
    ("forced", {"passed": 2, "forced": True}),  # a pass is still allowed after two passes
    ("score", {"score": "9999:0"}),  # more than the categories played can give
    ("score", {"score": "12-4"}),
    ("rules", {"rules": "coiffeur-12"}),  # no such preset
    ("ours_open", {"rules": "coiffeur-10", "ours_open": "S,MISERE"}),  # not a category of coiffeur-10
    ("ours_open", {"ours_open": "-"}),  # every category played: nothing to choose
    ("theirs_open", {"theirs_open": "JOKER,JOKER,JOKER"}),
])
def test_the_views_bad_input_is_a_400_with_its_field(client, field, extra):
    response = client.post("/api/jobs", json={"command": "coiffeur_advise", "args": ARGS | extra})
    if response.status_code == 202:  # a check queued beside the job: the error event names the field
        name, doc = read_events(client, response.json()["id"])[-1][:2]
        assert name == "error" and doc.get("field") == field, doc
        body = doc
    else:
        assert response.status_code == 400, response.text
        body = response.json()
        assert body["field"] == field, body
    assert "\n" not in body["error"] and "--" not in body["error"], body
