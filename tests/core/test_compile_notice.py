"""The first run says that the kernels are being compiled, once, and a warm run says nothing (issue 33)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import textwrap

import pytest

from jass_sim.core.progress import COMPILE_NOTICE, announce_compilation

NOTICE_START = COMPILE_NOTICE.split("{")[0]


def _listening(stream):
    from numba.core import event

    listener = announce_compilation(enabled=True, stream=stream)
    return listener, lambda: event.unregister("numba:compile", listener)


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"), reason="nothing is compiled")
def test_said_once_when_numba_compiles():
    import numba

    out = io.StringIO()
    _, stop = _listening(out)
    try:
        assert out.getvalue() == ""
        numba.njit(lambda x: x + 1)(1)            # a compilation: the notice
        numba.njit(lambda x: x * 2)(1)            # another one: not again
        numba.njit(lambda x: x - 1)(1.5)
    finally:
        stop()
    assert out.getvalue().count("\n") == 1 and out.getvalue().startswith(NOTICE_START)


def test_silent_when_not_on_a_terminal(monkeypatch):
    assert announce_compilation(enabled=False) is None
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # not a terminal: the default is off
    assert announce_compilation() is None


_SCRIPT = textwrap.dedent('''
    import sys
    sys.path.insert(0, sys.argv[1])
    from jass_sim.core.progress import announce_compilation
    announce_compilation(enabled=True)
    import kernel_mod
    print(kernel_mod.twice(21))
''')


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"), reason="nothing is compiled")
def test_said_on_a_cache_miss_only(tmp_path):
    """A cached kernel (``cache=True``, as every kernel of the package) compiles on the first run
    only: the notice then, and nothing on the run that loads it from the cache."""
    (tmp_path / "kernel_mod.py").write_text(textwrap.dedent('''
        import numba

        @numba.njit(cache=True)
        def twice(x):
            return 2 * x
    '''))
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", _SCRIPT, str(tmp_path)], capture_output=True, text=True, env=env,
                           timeout=300) for _ in range(2)]
    assert [r.stdout for r in runs] == ["42\n", "42\n"], [r.stderr for r in runs]
    assert runs[0].stderr.startswith(NOTICE_START) and runs[0].stderr.count("\n") == 1
    assert runs[1].stderr == ""


@pytest.mark.slow  # compiles the cribbage scoring kernels into an empty cache (half a minute)
def test_first_command_run_on_a_terminal_says_so(tmp_path):
    import pty
    import select

    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}

    def run_on_pty():
        master, slave = pty.openpty()
        proc = subprocess.Popen([sys.executable, "-m", "jass_sim.cli", "cribbage", "score", "5H 5D JS 6C",
                                 "--starter", "5C"], stdout=subprocess.DEVNULL, stderr=slave, env=env)
        os.close(slave)
        out = b""
        while True:
            ready, _, _ = select.select([master], [], [], 1.0)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            elif proc.poll() is not None:
                break
        proc.wait(timeout=600)
        os.close(master)
        return proc.returncode, out.decode()

    code, first = run_on_pty()
    assert code == 0 and first.startswith(NOTICE_START) and first.count("\n") == 1, first
    code, second = run_on_pty()
    assert code == 0 and second == "", second
