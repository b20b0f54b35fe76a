"""The kinds of the argument names only Chibre's public functions take (:mod:`jass_sim.core.api_args`),
and the ``api_args`` decorator of its public functions that checks them."""

from __future__ import annotations

from jass_sim.core.api_args import game_api_args

#: Chibre's own argument names (the descriptor's ``arg_kinds``).
ARG_KINDS: dict[str, str] = {
    **dict.fromkeys(("pimc_samples", "search_worlds", "meld_hands", "samples_per_hand"), "count"),
    **dict.fromkeys(("partner_model", "ending", "chooser", "chooser_a", "chooser_b"), "name"),
    **dict.fromkeys(("chibred", "shipped", "rate_mode"), "flag"),
    "melds": "melds",
}

#: :func:`jass_sim.core.api_args.api_args` with Chibre's argument names.
api_args = game_api_args(ARG_KINDS)
