"""The match plan's dynamic programme against a plain-Python reference that evaluates the same
pass model by direct nested expectations (no sorting, no prefix sums, no merged pointers), on small
cases: 1-3 category slots per team, 2-5 table hands. Also under NUMBA_DISABLE_JIT=1 (nojit)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.jass.coiffeur._plan_kernels import plan_values
from jass_sim.jass.coiffeur.plan import Round, current_round, pass_value
from jass_sim.jass.coiffeur.presets import get_coiffeur_rules

pytestmark = pytest.mark.nojit


def _opt(team):
    return max if team == 0 else min


def ref_plan(G0, G1, root0, root1, x_root, partner):
    """V[o][t] by the rules of the pass model written out as plain recursion over the chain."""
    K, n = G0.shape
    top = bin(root0).count("1") + bin(root1).count("1")

    @lru_cache(maxsize=None)
    def V(o, t):
        if o == 0 and t == 0:
            return 0.0
        x = x_root ^ ((top - bin(o).count("1") - bin(t).count("1")) & 1)
        a = [None, None]
        if o:
            a[0] = [max(G0[k, i] + V(o & ~(1 << i), t) for i in range(n) if o >> i & 1) for k in range(K)]
        if t:
            a[1] = [min(-G1[k, i] + V(o, t & ~(1 << i)) for i in range(n) if t >> i & 1) for k in range(K)]
        if o and t:
            chain, loop = ((x, x), False) if partner else ((x, 1 - x, x, 1 - x), True)
        else:
            z = 0 if o else 1
            chain, loop = (z, z), not partner
        L = len(chain)
        if loop:
            def R(j, tail):  # the chain from position j on; `tail` when everybody passed
                if j == L:
                    return tail
                c = chain[j]
                return sum(_opt(c)(a[c][h], R(j + 1, tail)) for h in range(K)) / K
            c0 = chain[0]
            return sum(_opt(c0)(a[c0][h], R(1, a[c0][h])) for h in range(K)) / K

        def F(j):  # no loop: the last player must take
            c = chain[j]
            if j == L - 1:
                return sum(a[c]) / K
            return sum(_opt(c)(a[c][h], F(j + 1)) for h in range(K)) / K
        return F(0)

    return V


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 3), st.integers(2, 5), st.integers(0, 1), st.booleans(), st.integers(0, 2**31 - 1))
def test_plan_values_equal_the_reference(n, k, x_root, partner, seed):
    rng = np.random.default_rng(seed)
    G0 = np.round(rng.uniform(0, 300, (k, n)))
    G1 = np.round(rng.uniform(0, 300, (k, n)))
    full = (1 << n) - 1
    for root0, root1 in ((full, full), (full, 0), (0, full), (full, 1)):
        V = plan_values(G0, G1, root0, root1, x_root, partner)
        ref = ref_plan(G0, G1, root0, root1, x_root, partner)
        for o in range(1 << n):
            for t in range(1 << n):
                if o & ~root0 or t & ~root1:
                    assert np.isnan(V[o, t])
                else:
                    assert V[o, t] == pytest.approx(ref(o, t), abs=1e-9), (o, t)


def test_plan_is_antisymmetric_between_the_teams():
    """With the same hands for both teams, swapping the open sets and who chooses first negates
    the margin: the model favours neither team."""
    rng = np.random.default_rng(1)
    G = np.round(rng.uniform(0, 300, (6, 3)))
    V = plan_values(G, G, 7, 5, 0, False)
    W = plan_values(G, G, 5, 7, 1, False)
    for o in range(8):
        for t in range(8):
            if not (o & ~7 or t & ~5):
                assert V[o, t] == pytest.approx(-W[t, o], abs=1e-9)


def test_one_category_left_and_a_single_hand_is_that_hand_times_the_multiplier():
    G = np.array([[240.0]])  # one hand that scores 80 x3: nothing to choose, nothing to pass to
    assert plan_values(G, G, 1, 0, 0, False)[1, 0] == 240.0
    assert plan_values(G, G, 0, 1, 0, False)[0, 1] == -240.0


def test_passing_first_with_a_weak_hand_is_worth_what_the_chain_brings_back():
    """pass_value at the first seat: the others' expected choices, back to my own take when all pass."""
    rng = np.random.default_rng(3)
    G = np.round(rng.uniform(0, 300, (5, 2)))
    V = plan_values(G, G, 3, 3, 0, False)
    rnd = Round((0, 1, 0, 1), 0, True, 0)
    ref = ref_plan(G, G, 3, 3, 0, False)
    a0 = [max(G[k, i] + ref(3 & ~(1 << i), 3) for i in range(2)) for k in range(5)]
    a1 = [min(-G[k, i] + ref(3, 3 & ~(1 << i)) for i in range(2)) for k in range(5)]
    my_take = 10.0
    r3 = np.mean([min(a, my_take) for a in a1])
    r2 = np.mean([max(a, r3) for a in a0])
    r1 = np.mean([min(a, r2) for a in a1])
    assert pass_value(G, V, rnd, 3, 3, my_take) == pytest.approx(r1)


def test_the_round_chain_follows_the_pass_rule():
    rules = get_coiffeur_rules("coiffeur")
    assert current_round(rules, 3, 3, 0, False) == Round((0, 1, 0, 1), 0, True, 0)
    assert current_round(rules, 3, 3, 1, False) == Round((1, 0, 1, 0), 1, True, 1)
    assert current_round(rules, 3, 3, 3, True).index == 0  # im Fass: back at the first, who must take
    assert not current_round(rules, 3, 3, 3, True).pass_allowed
    assert current_round(rules, 3, 0, 2, False) == Round((0, 0), 1, True, 0)  # they have nothing open
    partner = rules.__class__(**{**rules.__dict__, "pass_to_partner": True})
    assert current_round(partner, 3, 3, 1, True) == Round((0, 0), 1, False, 0, True)
    assert not current_round(partner, 3, 3, 1, True).pass_allowed


def test_plan_values_do_not_depend_on_the_thread_count():
    from jass_sim.core.threads import numba_threads

    G = np.round(np.random.default_rng(5).uniform(0, 300, (16, 4)))
    with numba_threads(1):
        one = plan_values(G, G, 15, 15, 0, False)
    with numba_threads(2):
        two = plan_values(G, G, 15, 15, 0, False)
    assert np.array_equal(one, two)


def test_the_new_forms_plan_gains_are_the_declarers_best_form_times_the_multiplier():
    """Slalom, Guschti, Misère, 3x3 (issue 53): a future hand's gain in a category is the best of the
    category's forms in the shipped table (its mean over the hand's deals, column = round mode) times
    the multiplier; the DP over them equals the reference on a few of those hands."""
    from jass_sim.jass.coiffeur.plan import plan_gains
    from jass_sim.jass.coiffeur.presets import FORM_MODES, parse_categories
    from jass_sim.jass.coiffeur.values import shipped_values, slot_gains

    table = shipped_values("net")
    assert table.modes == tuple(range(37))  # every round mode a column: the new forms are in the table
    rules = get_coiffeur_rules("coiffeur").replace_categories(
        parse_categories("SLALOM:7,GUSCHTI:8,MISERE:3,TRIO:4"))
    G = plan_gains(rules)
    means = table.ours.astype(np.float64).mean(axis=1)[:G.shape[0]]
    for i, (code, mult) in enumerate((("SLALOM", 7), ("GUSCHTI", 8), ("MISERE", 3), ("TRIO", 4))):
        assert np.allclose(G[:, i], mult * means[:, list(FORM_MODES[code])].max(axis=1))
    _, forms = slot_gains(table, rules)
    assert set(np.unique(forms[:, 2])) <= set(FORM_MODES["MISERE"]) and len(np.unique(forms[:, 3])) > 4
    g = np.ascontiguousarray(G[:5, :3])
    V = plan_values(g, g, 7, 7, 0, False)
    ref = ref_plan(g, g, 7, 7, 0, False)
    assert V[7, 7] == pytest.approx(ref(7, 7), abs=1e-9) and V[3, 5] == pytest.approx(ref(3, 5), abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5), st.integers(1, 40), st.booleans(), st.integers(0, 2**31 - 1))
def test_the_takes_put_in_order_without_a_sort_are_np_sort(n, k, team0, seed):
    """sort_takes (issue 53 item 3: the plan without a sort per state) against np.sort, with ties:
    gains on a coarse grid, so hands tie within a slot and across slots."""
    from jass_sim.jass.coiffeur._plan_kernels import sort_takes, take_values, take_values_arg

    rng = np.random.default_rng(seed)
    G = rng.integers(0, 6, (k, n)).astype(np.float64) * 20.0
    V = rng.integers(-3, 4, (1 << n, 1 << n)).astype(np.float64) * 10.0
    sign = 1.0 if team0 else -1.0
    order = np.stack([np.argsort(sign * G[:, i]) for i in range(n)])
    for open_mask in range(1, 1 << n):
        other = int(rng.integers(0, 1 << n))
        a, arg, want = np.zeros(k), np.zeros(k, dtype=np.int64), np.zeros(k)
        take_values_arg(G, sign, open_mask, V, other, team0, a, arg)
        take_values(G, sign, open_mask, V, other, team0, want)
        assert np.array_equal(a, want) and all(open_mask >> int(i) & 1 for i in arg)
        s = np.zeros(k)
        sort_takes(a, arg, order, open_mask, s, np.zeros(k), np.zeros(n + 2, dtype=np.int64))
        assert s.tobytes() == np.sort(a).tobytes()
