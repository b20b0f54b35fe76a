"""The ``nojit`` marker: the tests ``scripts/test.sh`` runs a second time with NUMBA_DISABLE_JIT=1.

That second run executes the kernels as plain Python, which is what keeps them runnable without
Numba (and lets coverage and tracebacks reach them). Which modules are worth the slow pure-Python
run is a choice, but a module named ``test_*reference*.py`` compares kernels with a plain-Python
reference by name, so it must carry the marker: a new one without it would silently miss the run.
"""

from __future__ import annotations

import ast
import os

import pytest

TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(TESTS)


def _test_modules():
    for folder, dirs, files in os.walk(TESTS):
        dirs[:] = sorted(d for d in dirs if d not in ("data", "__pycache__"))
        for name in sorted(files):
            if name.startswith("test_") and name.endswith(".py"):
                yield os.path.join(folder, name)


def _marks(path):
    """Source text of the module-level ``pytestmark`` value of the module at ``path`` ('' if none)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark"
                                                for t in node.targets):
            return ast.unparse(node.value)
    return ""


REFERENCE_MODULES = [p for p in _test_modules() if "reference" in os.path.basename(p)]


def test_reference_modules_are_found():
    # guards the walk itself: with no module found the test below would pass on nothing
    assert len(REFERENCE_MODULES) >= 8


@pytest.mark.parametrize("path", REFERENCE_MODULES, ids=[os.path.relpath(p, TESTS) for p in REFERENCE_MODULES])
def test_reference_module_is_marked_nojit(path):
    assert "pytest.mark.nojit" in _marks(path), f"{os.path.relpath(path, ROOT)} lacks pytestmark = pytest.mark.nojit"


def test_marker_is_registered_and_run_without_jit(pytestconfig):
    assert any(line.startswith("nojit:") for line in pytestconfig.getini("markers"))
    with open(os.path.join(ROOT, "scripts", "test.sh"), encoding="utf-8") as f:
        script = f.read()
    assert any(line.startswith("NUMBA_DISABLE_JIT=1 ") and '-m "nojit and not slow"' in line
               for line in script.splitlines())
