"""Card-play policies, selectable by name.

Each policy is a compiled function of the table as its player sees it; ``choose_card`` in
:mod:`.dispatch` calls the one selected by its number. To add a policy: write its kernel in a
module here, give it a number in ``POLICIES`` and a branch in ``dispatch.choose_card``.
"""

from __future__ import annotations

from ...cards import InputError

#: Policy names and their numbers in the kernels.
POLICIES = {"random": 0, "heuristic": 1, "dd": 2, "pimc": 3}


def policy_id(name: str) -> int:
    """Number of the policy called ``name``; raise InputError naming it when unknown."""
    try:
        return POLICIES[name.strip().lower()]
    except KeyError:
        raise InputError(f"unknown policy {name!r} (expected one of {', '.join(POLICIES)})", name) from None
