"""Mode-choice kernels: how the chooser (and, after a chibre, the partner) picks the mode."""

from __future__ import annotations

from .._jit import jit
from .rng import below

#: Mode-choice policies by name.
MODE_POLICIES = {"random": 0}


@jit
def choose_mode(mode_policy, chooser_hand, partner_hand, modes_allowed, may_chibre, params, rng):
    """``(mode, chibred)`` chosen for ``chooser_hand``.

    ``random``: a mode drawn uniformly from ``modes_allowed``; never chibres.
    """
    return modes_allowed[below(rng, len(modes_allowed))], 0
