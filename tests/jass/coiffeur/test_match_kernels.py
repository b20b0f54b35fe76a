"""The planning chooser's compiled pass value against its plain-Python reference
(:func:`jass_sim.jass.coiffeur.plan.pass_value`, what ``coiffeur advise`` uses), on random plans of
1-3 slots per team and 2-6 hands, every chain position and both pass rules. Also under
NUMBA_DISABLE_JIT=1 (nojit)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.jass.coiffeur._plan_kernels import plan_values
from jass_sim.jass.coiffeur.match_bots import fast_pass_value
from jass_sim.jass.coiffeur.plan import _e_opt, _takes, current_round, pass_value
from jass_sim.jass.coiffeur.presets import Category, get_coiffeur_rules

pytestmark = pytest.mark.nojit


def _knife_edge(G, V, rnd, ours, theirs) -> bool:
    """Whether a later chooser's take equals the chain's continuation to rounding (it then holds
    the first chooser's own hand, which the model allows): whether it "takes" there is decided by
    the last bit of two sums that the reference (numpy means) and the kernel (prefix sums) round
    differently. Such cases are left out; every other case must agree."""
    if not rnd.loop or rnd.index == 0:
        return False
    a = _takes(G, V, ours, theirs)
    chain = rnd.chain

    def cont(t, start):
        r = t
        for j in range(len(chain) - 1, start - 1, -1):
            r = _e_opt(a[chain[j]], r, chain[j])
        return r

    for t in a[chain[0]]:
        if abs(cont(t, 1) - t) < 1e-7:
            return True
        for j in range(1, rnd.index):
            if np.any(np.abs(a[chain[j]] - cont(t, j + 1)) < 1e-7):
                return True
    return False


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 3), st.integers(2, 6), st.integers(0, 1), st.booleans(), st.integers(0, 2**31 - 1))
def test_fast_pass_value_equals_the_reference(n, k, x_root, partner, seed):
    rng = np.random.default_rng(seed)
    G = rng.uniform(0, 300, (k, n))
    if seed % 3 == 0:  # ties between hands: the strict and non-strict comparisons must agree too
        G = np.round(G / 100) * 100
    full = (1 << n) - 1
    from dataclasses import replace

    rules = replace(get_coiffeur_rules("coiffeur"), categories=tuple(Category("S", 1) for _ in range(n)),
                    pass_to_partner=partner)
    V = plan_values(G, G, full, full, x_root, partner)
    checked = []
    for ours in range(1, 1 << n):
        for theirs in range(1 << n):
            for passed in range(4):
                for forced in (False, True):
                    try:
                        rnd = current_round(rules, ours, theirs, passed, forced)
                    except Exception:
                        continue
                    if not rnd.pass_allowed:
                        continue
                    my_take = float(rng.uniform(-300, 300))
                    if _knife_edge(G, V, rnd, ours, theirs):
                        continue
                    checked.append(1)
                    ref = pass_value(G, V, rnd, ours, theirs, my_take)
                    got = fast_pass_value(G, V, rnd, ours, theirs, my_take)
                    assert got == pytest.approx(ref, rel=1e-9, abs=1e-6), (ours, theirs, passed, forced)
    assert checked  # every example compares some positions
