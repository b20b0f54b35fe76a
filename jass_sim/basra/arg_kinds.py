"""The kinds of the argument names only Basra's public functions take (:mod:`jass_sim.core.api_args`),
and the ``api_args`` decorator of its public functions that checks them."""

from __future__ import annotations

from jass_sim.core.api_args import game_api_args

#: Basra's own argument names (the descriptor's ``arg_kinds``).
ARG_KINDS: dict[str, str] = {
    **dict.fromkeys(("positions", "search_deals"), "count"),
    "last_capture": "name",
    "piles": "pair",
}

#: :func:`jass_sim.core.api_args.api_args` with Basra's argument names.
api_args = game_api_args(ARG_KINDS)
