"""The bit helpers of ``jass_sim._jit``, compiled, against plain Python."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from jass_sim._jit import FAST_PDEP, jit, select_bit, select_bit_fast


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
