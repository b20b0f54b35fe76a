"""The old module paths the docs named before the new layout (issue 31) keep working, with a warning.

Each thin module at an old path forwards every name to its new home and warns with a
``DeprecationWarning`` that names the new module; the object is the new module's own. Nothing in
the package imports an old path, so only users' code ever warns. The table below is the whole
list: a module added at an old path without a row here fails :func:`test_the_table_lists_every_shim`.
"""

from __future__ import annotations

import ast
import importlib
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import jass_sim

PACKAGE = Path(jass_sim.__file__).parent

#: old module -> (new module, the names the docs named from it, plus one more each where there is one)
SHIMS = {
    "jass_sim._jit": ("jass_sim.core.jit", ("jit", "popcount")),
    "jass_sim.api.jass": ("jass_sim.jass.api", ("simulation_json",)),
    "jass_sim.rules._melds": ("jass_sim.jass.rules._melds", ("announce",)),
    "jass_sim.analysis.melds": ("jass_sim.jass.melds.stats", ("meld_stats", "MeldStats", "exact_hand_counts",
                                                              "sampled_hand_counts", "sampled_deal_counts")),
    "jass_sim.engine.batch": ("jass_sim.jass.engine.batch", ("STATS", "ROW_COLUMNS")),
}

#: The old packages that only hold shims: empty, silent, importing nothing.
SHIM_PACKAGES = ("jass_sim.api", "jass_sim.rules", "jass_sim.analysis", "jass_sim.engine")

CASES = [(old, new, name) for old, (new, names) in SHIMS.items() for name in names]


def _module_file(module: str) -> Path:
    path = PACKAGE.parent.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


@pytest.mark.parametrize("old,new,name", CASES, ids=[f"{o}.{n}" for o, _, n in CASES])
def test_old_path_warns_and_gives_the_new_object(old, new, name):
    expected = getattr(importlib.import_module(new), name)
    module = importlib.import_module(old)
    message = re.escape(f"{old}.{name} is deprecated: import {name} from {new}")
    with pytest.warns(DeprecationWarning, match=message) as record:
        value = getattr(module, name)
    assert value is expected
    # attributed to the line that used the old path, so a script's __main__ shows it by default
    assert record[0].filename == __file__
    namespace: dict = {}
    with pytest.warns(DeprecationWarning, match=message):
        exec(f"from {old} import {name}", namespace)
    assert namespace[name] is expected


@pytest.mark.parametrize("old", sorted(SHIMS))
def test_unknown_name_is_an_attribute_error_without_warning(old):
    module = importlib.import_module(old)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError, match=re.escape(f"module {old!r} has no attribute 'no_such_name'")):
            module.no_such_name
        assert not hasattr(module, "__path__")   # dunder lookups are not forwarded (and do not warn)


def test_importing_old_paths_alone_warns_nothing_and_loads_no_game():
    """The old packages and modules are empty until a name is used: importing them (as tools that
    walk the package do) neither warns nor imports a game or numpy."""
    code = ("import sys, warnings; warnings.simplefilter('error'); "
            f"import {', '.join((*SHIM_PACKAGES, *SHIMS))}; "
            "loaded = [m for m in sys.modules if m.startswith(('jass_sim.jass', 'jass_sim.cribbage', "
            "'jass_sim.basra', 'numpy'))]; assert not loaded, loaded")
    env = dict(os.environ, PYTHONPATH=str(PACKAGE.parent) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    subprocess.run([sys.executable, "-c", code], check=True, env=env)


def test_the_table_lists_every_shim():
    """Every module at an old path is a row of SHIMS (or one of SHIM_PACKAGES), and each is the thin
    forwarder to the module its row names."""
    found = {"jass_sim._jit"} if (PACKAGE / "_jit.py").exists() else set()
    for package in SHIM_PACKAGES:
        directory = PACKAGE.parent.joinpath(*package.split("."))
        found |= {f"{package}.{p.stem}" for p in directory.glob("*.py") if p.name != "__init__.py"}
    assert found == set(SHIMS)
    for old, (new, _) in SHIMS.items():
        source = _module_file(old).read_text(encoding="utf-8")
        assert f'moved_exports(__name__, "{new}")' in source, old
    for package in SHIM_PACKAGES:
        tree = ast.parse(_module_file(package).read_text(encoding="utf-8"))
        assert len(tree.body) == 1 and isinstance(tree.body[0], ast.Expr), f"{package} is more than a docstring"


def _imported_modules(path: Path) -> set[str]:
    """Every module an import statement of ``path`` may load (``from a import b`` counts ``a`` and
    ``a.b``), with relative imports resolved, and every string constant that names a module of the
    package (``importlib.import_module`` and the lazy export tables take such strings)."""
    module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([base] if base else [])])
            names.add(base)
            names |= {f"{base}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"jass_sim(\.\w+)+",
                                                                                             node.value):
            names.add(node.value)
    return names


def test_no_module_of_the_package_imports_an_old_path():
    old_paths = (*SHIMS, *SHIM_PACKAGES)
    shim_files = {_module_file(m) for m in old_paths}
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in shim_files:
            continue
        for name in _imported_modules(path):
            if any(name == old or name.startswith(old + ".") for old in old_paths):
                offenders.append(f"{path.relative_to(PACKAGE.parent)}: {name}")
    assert not offenders, offenders
