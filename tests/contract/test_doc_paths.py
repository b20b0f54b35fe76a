"""The README and ``docs/*.md`` name only paths that exist: every ``jass_sim.x.y`` resolves
without a deprecation warning, every file or folder of the package, ``scripts/``, ``benchmarks/``
or ``docs/`` is there, and every relative link stays inside the repository and finds its target.

Paths with a placeholder (``<game>``) are recipes, not paths; the "Old paths" table of
``docs/architecture.md`` (between ``<!-- old paths -->`` markers) names old paths on purpose.
Paths under ``tests/`` are not checked here.
"""

from __future__ import annotations

import importlib
import re
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "docs" / "sources").glob("*.md"))]
OLD_PATHS = re.compile(r"<!-- old paths -->.*?<!-- /old paths -->", re.S)
CODE = re.compile(r"`([^`\n]+)`")
DOTTED = re.compile(r"(?<![\w/.])jass_sim(?:\.[A-Za-z_]\w*)+")
FILE = re.compile(r"(?<![\w/.])(?:jass_sim|scripts|benchmarks|docs)/[\w./*-]*")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _text(doc: Path) -> str:
    return OLD_PATHS.sub("", doc.read_text(encoding="utf-8"))


def _resolves(name: str) -> bool:
    """Whether the dotted ``name`` is a module, or an attribute of one, reached without one of the
    package's deprecation warnings (an old path that still works through a thin module)."""
    parts = name.split(".")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for i in range(len(parts), 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:i]))
            except ModuleNotFoundError:
                continue
            for attr in parts[i:]:
                try:
                    obj = getattr(obj, attr)
                except AttributeError:
                    return False
            break
        else:
            return False
    return not any(issubclass(w.category, DeprecationWarning) and str(w.message).startswith("jass_sim.")
                   for w in caught)


def _named(pattern: re.Pattern, doc: Path) -> set[str]:
    return {m.group(0).rstrip(".") for span in CODE.findall(_text(doc)) if "<" not in span
            for m in pattern.finditer(span)}


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_dotted_names_resolve(doc):
    missing = sorted(name for name in _named(DOTTED, doc) if not _resolves(name))
    assert not missing, f"{doc.name} names what does not exist (or only at an old path): {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_files_exist(doc):
    missing = sorted(path for path in _named(FILE, doc)
                     if not (any(ROOT.glob(path)) if "*" in path else (ROOT / path).exists()))
    assert not missing, f"{doc.name} names files that do not exist: {missing}"


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_relative_links_stay_in_the_repository(doc):
    bad = []
    for target in LINK.findall(_text(doc)):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path = (doc.parent / target.split("#")[0]).resolve()
        if not path.is_relative_to(ROOT) or not path.exists():
            bad.append(target)
    assert not bad, f"{doc.name} links outside the repository or to nothing: {bad}"


SEED = re.compile(r"\bseeds? (\d{3}(?:(?:, | and )\d{3})*)")


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_the_rule_texts_cited_ship_with_the_repository(doc):
    """Every seed a page cites ("seed 004", "seeds 000, 001 and 004") is a file of docs/sources/,
    and no page sends the reader to a folder outside the repository (issue 33 item 10)."""
    text = _text(doc)
    cited = {n for group in SEED.findall(text) for n in re.findall(r"\d{3}", group)}
    missing = sorted(n for n in cited if not list((ROOT / "docs" / "sources").glob(f"{n}-*.txt")))
    assert not missing, f"{doc.name} cites rule texts that are not in docs/sources/: {missing}"
    for outside in ("shared folder", "not part of this repository", "RULES.md", "/work/"):
        assert outside not in text, f"{doc.name} points outside the repository: {outside!r}"
