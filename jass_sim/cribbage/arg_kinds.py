"""The kinds of the argument names only Cribbage's public functions take (:mod:`jass_sim.core.api_args`),
and the ``api_args`` decorator of its public functions that checks them."""

from __future__ import annotations

from jass_sim.core.api_args import game_api_args

#: Cribbage's own argument names (the descriptor's ``arg_kinds``).
ARG_KINDS: dict[str, str] = {
    "opponent": "name",
    **dict.fromkeys(("pegging", "crib", "crib_pairs"), "flag"),
    "starter": "cards",
}

#: :func:`jass_sim.core.api_args.api_args` with Cribbage's argument names.
api_args = game_api_args(ARG_KINDS)
