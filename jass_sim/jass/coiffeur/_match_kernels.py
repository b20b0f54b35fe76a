"""Kernel of the ``planning`` chooser of simulated matches: the plan's pass value, compiled.

:func:`pass_value_kernel` computes what :func:`jass_sim.jass.coiffeur.plan.pass_value` (its
plain-Python reference, used by ``coiffeur advise``) computes, on the sorted take values with their
prefix sums (:func:`~jass_sim.jass.coiffeur._plan_kernels.e_opt`): a match's chooser asks it up to
four times a round, thousands of matches a run.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import jit
from jass_sim.jass.coiffeur._plan_kernels import e_opt


@jit
def _cont(s0, p0, s1, p1, chain, length, t, start):
    """``R_start(t)``: the chain from position ``start`` on, ``t`` when all pass back to the first."""
    r = t
    for j in range(length - 1, start - 1, -1):
        if chain[j] == 0:
            r = e_opt(s0, p0, r, 0)
        else:
            r = e_opt(s1, p1, r, 1)
    return r


@jit
def pass_value_kernel(a0, a1, chain, length, idx, loop, my_take):
    """Team 0's expected margin when the chooser at position ``idx`` of the chain passes (see
    :func:`jass_sim.jass.coiffeur.plan.pass_value`); ``a0``/``a1`` every plan hand's best take for
    team 0 / team 1 at this state, ``my_take`` the chooser's own best take."""
    k = a0.shape[0]
    s0 = np.sort(a0)
    s1 = np.sort(a1)
    p0 = np.zeros(k + 1)
    p1 = np.zeros(k + 1)
    for j in range(k):
        p0[j + 1] = p0[j] + s0[j]
        p1[j + 1] = p1[j] + s1[j]
    if not loop:
        last = chain[length - 1]
        r = p0[k] / k if last == 0 else p1[k] / k
        for j in range(length - 2, idx, -1):
            r = e_opt(s0, p0, r, 0) if chain[j] == 0 else e_opt(s1, p1, r, 1)
        return r
    if idx == 0:
        return _cont(s0, p0, s1, p1, chain, length, my_take, 1)
    first = chain[0]
    wsum = 0.0
    wv = 0.0
    vsum = 0.0
    for h in range(k):
        t = a0[h] if first == 0 else a1[h]
        r1 = _cont(s0, p0, s1, p1, chain, length, t, 1)
        passes = r1 > t if first == 0 else r1 < t
        w = 1.0 if passes else 0.0
        for j in range(1, idx):  # the players between the first and the chooser passed too
            r = _cont(s0, p0, s1, p1, chain, length, t, j + 1)
            if chain[j] == 0:
                w *= np.searchsorted(s0, r, side="right") / k
            else:
                w *= (k - np.searchsorted(s1, r, side="left")) / k
        v = _cont(s0, p0, s1, p1, chain, length, t, idx + 1)
        wsum += w
        wv += w * v
        vsum += v
    if wsum <= 0:  # no plan hand passes there: the passes said nothing about the first hand
        return vsum / k
    return wv / wsum
