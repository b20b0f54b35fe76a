"""Solving many positions at once: one transposition table and scratch set per thread."""

from __future__ import annotations

import numba
import numpy as np

from jass_sim.core.jit import jit
from jass_sim.jass.rules.presets import LAST_TRICK_BONUS
from jass_sim.jass.solver._bounds import points_of
from jass_sim.jass.solver._search import FRAME_COLS, FU_COLS, mtd


@jit(parallel=True)
def solve_many(hands, modes, leaders, flags, tts, budget, values, nodes):
    """Solve position ``i`` (``hands[i]`` uint64[4] in the power layout, trick boundary) for
    every ``i``: ``values[i]`` its value, ``nodes[i]`` the nodes searched (-1: the ``budget``
    ran out). Thread ``t`` of ``tts.shape[0]`` solves positions ``t, t + T, ...`` with table
    ``tts[t]``, each with a fresh table generation, so results do not depend on timing."""
    n_tables = tts.shape[0]
    n = hands.shape[0]
    for t in numba.prange(n_tables):
        tt = tts[t]
        hs = np.zeros(4, dtype=np.uint64)
        st = np.zeros(16, dtype=np.int64)
        fr = np.zeros((42, FRAME_COLS), dtype=np.int64)
        fu = np.zeros((38, FU_COLS), dtype=np.uint64)
        gen = 0
        for i in range(t, n, n_tables):
            for s in range(4):
                hs[s] = hands[i, s]
            gen += 1
            st.fill(0)
            st[1] = gen
            st[14] = budget
            fr[38:] = 0
            mode = modes[i]
            total = points_of(hs[0] | hs[1] | hs[2] | hs[3], mode) + LAST_TRICK_BONUS
            v = mtd(hs, tt, st, fr, fu, mode, leaders[i], np.int64(0), np.int64(-1), np.int64(0), np.int64(0),
                    np.int64(0), np.uint64(0), flags[i],
                    total // 2)
            values[i] = v
            nodes[i] = -1 if st[15] else st[0]
