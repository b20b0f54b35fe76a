"""What Basra gives the page (``jass-sim serve``) through its descriptor: its notation and the
warm-up of its kernels. Light at import (the descriptor imports it): every game module is imported
inside the function that needs it.
"""

from __future__ import annotations


def notation() -> dict:
    """Basra's deck (:meth:`jass_sim.core.notation.Deck.to_json`)."""
    from jass_sim.basra.cards import DECK

    return DECK.to_json()


def warm_up() -> None:
    """The Basra view's kernels (after the first game's, in the background)."""
    from jass_sim import basra

    basra.advise("HJ D10 C5 S3 HK H7", table="C2 D3 S4 HA", samples=64, seed=0)
