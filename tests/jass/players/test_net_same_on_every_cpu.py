"""The network's float sums give the same bits on every x86-64 CPU (issue 42).

``net_values`` and the output layer were once compiled with ``fastmath``, which let LLVM reorder
the float sums by the vector width of the CPU it compiled for: docs/api.md's ``advise`` example
read -22.1 on an Intel host and -22.3 on AMD ones. Here the forward pass runs in two fresh
processes, one compiling for this machine's CPU and one for Numba's ``generic`` x86-64 target (no
AVX), each with an empty cache, and every output must be bit-identical.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"),
                                reason="nothing is compiled")

SCRIPT = r"""
import sys
import numpy as np
from jass_sim.core.jit import jit
from jass_sim.jass.players._net_features import N_FEATURES
from jass_sim.jass.players.net import NET_H1, NET_H2, _packed_shipped, net_output, net_values, output_sums, packed_offsets

fastmath = sys.argv[1] == "fastmath"
forward = net_values if not fastmath else __import__("numba").njit(fastmath=True)(net_values.py_func)

@jit(cache=False)
def outputs(params, h2, out):
    for cc in range(36):
        out[cc] = net_output(cc, params, h2)

@jit(cache=False)
def all_outputs(params, h2, out):  # the 36 at once, as net_card computes them
    _, _, _, _, w3, b3, _ = packed_offsets(np.int64(params[NET_H1]), np.int64(params[NET_H2]))
    output_sums(params.view(np.float32), w3, b3, h2, np.int64(params[NET_H2]), out)

params = _packed_shipped()
h1 = np.zeros(int(params[NET_H1]), dtype=np.int16)
x = np.zeros(int(params[NET_H1]), dtype=np.float32)
h2 = np.zeros(int(params[NET_H2]), dtype=np.float32)
out = np.zeros(36)
out32 = np.zeros(36, dtype=np.float32)
rng = np.random.default_rng(42)
lines = []
for _ in range(25):
    n = int(rng.integers(20, 60))
    feats = np.sort(rng.choice(N_FEATURES, size=n, replace=False)).astype(np.int64)
    forward(feats, n, params, h1, x, h2)
    outputs(params, h2, out)
    all_outputs(params, h2, out32)
    lines.append(h2.tobytes().hex() + out.tobytes().hex() + out32.tobytes().hex())
print("\n".join(lines))
"""


def _forward(tmp_path, cpu: str | None, kind: str = "plain") -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CPU_NAME", "NUMBA_CPU_FEATURES")}
    env["NUMBA_CACHE_DIR"] = str(tmp_path / f"cache-{cpu or 'host'}-{kind}")
    if cpu is not None:
        env["NUMBA_CPU_NAME"] = cpu
    done = subprocess.run([sys.executable, "-c", SCRIPT, kind], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.split()


def test_network_outputs_are_bit_identical_on_the_host_and_a_generic_cpu(tmp_path):
    host = _forward(tmp_path, None)
    generic = _forward(tmp_path, "generic")
    assert len(host) == 25 and host == generic
