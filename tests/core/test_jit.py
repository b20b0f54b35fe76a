"""The bit helpers of ``jass_sim.core.jit``, compiled, against plain Python."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from jass_sim.core.jit import FAST_PDEP, _extract_loop, extract_bits, jit, prefetch, select_bit, select_bit_fast

pytestmark = pytest.mark.nojit  # rerun with NUMBA_DISABLE_JIT=1 by scripts/test.sh

#: Checks of the source and of Numba's configuration, not of a kernel: the compiled run's answer is the
#: no-JIT stage's (two Python starts, every source file parsed: about 2 CPU s saved in that stage).
_SAME_IN_BOTH_STAGES = pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"),
                                          reason="checks no kernel: run in the compiled stage")


@jit
def _select_both(x, k):
    return select_bit(x, k), select_bit_fast(x, k)


@given(st.integers(1, 2**36 - 1), st.data())
def test_select_bit_fast_agrees_with_select_bit(x, data):
    bits = [i for i in range(36) if x >> i & 1]
    k = data.draw(st.integers(0, len(bits) - 1))
    assert _select_both(np.uint64(x), k) == (bits[k], bits[k])


def test_fast_pdep_is_a_bool():
    # which code select_bit_fast compiles to depends on the host CPU; both paths give the same bits
    assert isinstance(FAST_PDEP, bool)


@jit
def _extract(x, mask):
    return extract_bits(x, mask), _extract_loop(x, mask)


@given(st.integers(0, 2**36 - 1), st.integers(0, 2**36 - 1))
def test_extract_bits_agrees_with_plain_python(x, mask):
    # the compiled intrinsic (pext where it is fast) and the loop, against the Python definition
    want = extract_bits(np.uint64(x), np.uint64(mask))
    assert _extract(np.uint64(x), np.uint64(mask)) == (want, want)
    picked = [x >> i & 1 for i in range(36) if mask >> i & 1]
    assert int(want) == sum(b << i for i, b in enumerate(picked))


@jit
def _prefetched_sum(arr):
    total = 0
    for i in range(arr.shape[0]):
        prefetch(arr, i, 0)  # a cache hint: compiles to llvm.prefetch, changes nothing
        total += arr[i, 0] + arr[i, 1]
    return total


def test_prefetch_compiles_and_leaves_values_alone():
    arr = np.arange(12, dtype=np.uint64).reshape(6, 2)
    assert _prefetched_sum(arr) == int(arr.sum())


def test_source_cache_dir_follows_every_source_file(tmp_path):
    from jass_sim.core.jit import source_cache_dir

    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "a.py").write_text("x = 1\n")
    (package / "sub" / "b.py").write_text("y = 2\n")
    first = source_cache_dir(package, tmp_path / "cache")
    assert first.parent == tmp_path / "cache" and source_cache_dir(package, tmp_path / "cache") == first
    (package / "sub" / "b.py").write_text("y = 3\n")  # an edit in another file than the caller's
    second = source_cache_dir(package, tmp_path / "cache")
    assert second != first
    (package / "sub" / "b.py").rename(package / "c.py")  # the same bytes under another name
    assert source_cache_dir(package, tmp_path / "cache") not in (first, second)


@_SAME_IN_BOTH_STAGES
def test_numba_cache_dir_is_the_source_folder_unless_set(tmp_path):
    import subprocess
    import sys

    code = "import numba, jass_sim.core.jit as j; print(numba.config.CACHE_DIR); print(j.source_cache_dir())"
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg")
    used, expected = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                    check=True).stdout.split()
    assert used == expected and used.startswith(str(tmp_path / "xdg" / "jass-sim" / "numba"))
    env["NUMBA_CACHE_DIR"] = str(tmp_path / "mine")
    used, expected = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                    check=True).stdout.split()
    # a folder given is used with the same source-hash subfolder: never stale code there either
    assert Path(used).parent == tmp_path / "mine" and Path(used).name == Path(expected).name


@_SAME_IN_BOTH_STAGES
def test_no_kernel_is_compiled_with_fastmath():
    # fastmath lets LLVM reorder float sums by the CPU's vector width: the same seed then gave
    # other answers on other machines (docs/api.md's advise example, ♠ -22.1 vs -22.3)
    import ast
    from pathlib import Path

    import jass_sim

    with pytest.raises(TypeError):
        jit(fastmath=True)
    found = []
    for path in Path(jass_sim.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "fastmath" and not (
                    isinstance(node.value, ast.Constant) and node.value.value is False):
                found.append(f"{path.name}:{node.value.lineno}")
    assert not found, found


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"), reason="nothing is compiled")
def test_forceinline_is_set_on_every_kernel_so_no_callee_inherits_it():
    # Numba passes a caller's forceinline on to the callees it compiles unless they set it: a
    # helper would then be inlined or not depending on which kernel compiled it first
    import numpy as np

    plain = jit(lambda x: x + 1)
    forced = jit(forceinline=True)(lambda x: x + 2)
    assert plain.targetoptions["forceinline"] is False
    assert forced.targetoptions["forceinline"] is True
    assert forced(np.int64(1)) == 3 and plain(np.int64(1)) == 2
    cres = forced.overloads[forced.signatures[0]]
    assert "alwaysinline" in cres.library.get_llvm_str()
