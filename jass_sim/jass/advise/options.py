"""The names of ``advise``'s options (a mode, or chibre), for the JSON outputs and for people."""

from __future__ import annotations

from jass_sim.jass.advise.sampling import CHIBRE
from jass_sim.jass.cards import MODE_NAMES, mode_name


def option_name(option: int) -> str:
    return "chibre" if option == CHIBRE else MODE_NAMES[option]


def option_label(option: int) -> str:
    """For people: suit symbols, ``obe-abe``, ``une-ufe``, ``chibre``."""
    return {CHIBRE: "chibre", 4: "obe-abe", 5: "une-ufe"}.get(option) or mode_name(option, symbols=True)
