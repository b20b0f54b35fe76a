"""The kinds of the argument names only Basra's public functions take (:mod:`jass_sim.core.api_args`),
the ``api_args`` decorator of its public functions that checks them, and the caps they enforce
everywhere (:data:`MEMORY_CAPS`)."""

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

#: ``(command, argument, largest value)`` refused by the Python API, the CLI and the page alike
#: (the descriptor's ``memory_caps``). ``basra advise --samples``: every sampled world keeps 6 counts
#: for each card of the hand (up to 288 bytes a world), and the paired intervals need them all.
MEMORY_CAPS: tuple[tuple[str, str, int], ...] = (("basra advise", "samples", 1_000_000),)
#: The most worlds ``advise`` samples (:data:`MEMORY_CAPS`).
MAX_ADVISE_SAMPLES = MEMORY_CAPS[0][2]
