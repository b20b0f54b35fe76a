"""The worked examples of ``docs/api.md`` are doctests: each ``## `` section runs as one test;
sections marked ``<!-- slow -->`` run with ``-m slow`` only."""

from __future__ import annotations

import doctest
import os
import re

import pytest

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "api.md")


def _sections() -> list[tuple[str, str, int]]:
    with open(DOC, encoding="utf-8") as fh:
        text = fh.read()
    parts = re.split(r"^## ", text, flags=re.M)
    out, line = [], parts[0].count("\n") + 1
    for part in parts[1:]:
        title = part.split("\n", 1)[0].strip("` ")
        out.append((title, part, line))
        line += part.count("\n")
    return out


SECTIONS = _sections()


def test_every_public_function_has_an_example():
    import jass_sim
    from jass_sim import basra, cribbage, differenzler

    text = "".join(body for _, body, _ in SECTIONS)
    for name in jass_sim.__all__:
        if name not in ("InputError", "cribbage", "basra"):
            assert f"jass_sim.{name}(" in text, name
    for prefix, module in (("cribbage", cribbage), ("basra", basra), ("differenzler", differenzler)):
        for name in module.__all__:
            assert f"{prefix}.{name}(" in text, f"{prefix}.{name}"


@pytest.mark.parametrize("title,body,line", [
    pytest.param(t, b, n, id=t, marks=[pytest.mark.slow] if "<!-- slow -->" in b.split("\n", 2)[1] else [])
    for t, b, n in SECTIONS if ">>>" in b])
def test_section_examples(title, body, line):
    globs = {}
    if "import jass_sim" not in body.split(">>>", 1)[0]:
        import jass_sim

        globs["jass_sim"] = jass_sim
    test = doctest.DocTestParser().get_doctest(body, globs, title, DOC, line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert test.examples and result.failed == 0, f"{result.failed} example(s) of docs/api.md '{title}' failed"
