"""Chibre rules: presets (data) and public wrappers around the compiled kernels.

The wrappers take and return card numbers (see :mod:`jass_sim.jass.cards`); the kernels they wrap
live in the private modules ``_tricks``, ``_melds`` and ``_scoring``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.cards import mask_to_cards
from jass_sim.jass.rules.presets import PRESETS, RuleSet, get_rules

__all__ = ["PRESETS", "RuleSet", "get_rules", "Meld", "legal_moves", "trick_winner",
           "trick_points", "current_trick", "trick_outcome", "card_points", "announcement", "has_stoeck"]


@dataclass(frozen=True)
class Meld:
    """One announced meld: ``kind`` is ``"run"`` or ``"four"``, ``cards`` sorted card numbers."""

    kind: str
    cards: tuple[int, ...]
    points: int


def _check_mode(mode: int) -> int:
    if mode not in range(6):
        raise InputError(f"unknown mode {mode!r}", str(mode))
    return int(mode)


def _trick_array(trick) -> np.ndarray:
    arr = np.zeros(4, dtype=np.int64)
    arr[:len(trick)] = list(trick)
    return arr


def legal_moves(hand, trick, mode: int) -> list[int]:
    """Legal cards of ``hand`` after the cards ``trick`` (play order) in ``mode``.

    Wraps the kernel :func:`jass_sim.jass.rules._tricks.legal_moves`.
    """
    from jass_sim.jass.rules._tricks import legal_moves as kernel

    if len(trick) > 3:
        raise InputError("a trick in progress has at most 3 cards", str(list(trick)))
    return mask_to_cards(kernel(cards_to_mask(hand), _trick_array(trick), len(trick), _check_mode(mode)))


def trick_winner(trick, mode: int) -> int:
    """Position 0..3 of the card that takes the full ``trick``. Wraps ``_tricks.trick_winner``."""
    from jass_sim.jass.rules._tricks import trick_winner as kernel

    if len(trick) != 4:
        raise InputError("a full trick has 4 cards", str(list(trick)))
    return int(kernel(_trick_array(trick), _check_mode(mode)))


def trick_points(trick, mode: int, last: bool = False) -> int:
    """Card points of a full ``trick`` (+5 if ``last``). Wraps ``_tricks.trick_points``."""
    from jass_sim.jass.rules._tricks import trick_points as kernel

    return int(kernel(_trick_array(trick), _check_mode(mode), bool(last)))


def current_trick(trick, mode: int) -> tuple[int, int]:
    """``(led_suit, best_card)`` of a trick in progress (its cards so far in play order, at least
    one): what the next card must follow. Wraps ``_tricks.trick_state``, the play step's trick
    state (``_tricks.trick_step``)."""
    from jass_sim.jass.rules._tricks import trick_state

    if not 1 <= len(trick) <= 3:
        raise InputError("a trick in progress has 1 to 3 cards", str(list(trick)))
    led, best = trick_state(_trick_array(trick), len(trick), _check_mode(mode))
    return int(led), int(trick[best])


def trick_outcome(leader: int, trick, index: int, mode: int) -> tuple[int, int]:
    """``(winner, points)`` of full trick number ``index`` (0..8) led by seat ``leader``: the seat
    that takes it and leads next, and its card points (+5 for the last). The rules of the play
    step (``_tricks.trick_result``) for a trick given as a list."""
    return (int(leader) + trick_winner(trick, mode)) & 3, trick_points(trick, mode, index == 8)


def card_points(card: int, mode: int) -> int:
    """Points of one card in ``mode``."""
    from jass_sim.jass.rules.tables import POINTS

    return int(POINTS[_check_mode(mode), card])


def announcement(hand, mode: int, rules: RuleSet | str = "chibre") -> list[Meld]:
    """The melds a player holding ``hand`` announces (most points). Wraps ``_melds.announce``."""
    from jass_sim.jass.rules._melds import MAX_MELDS, announce

    runs, fours, _ = get_rules(rules).arrays()
    out = np.zeros((MAX_MELDS, 3), dtype=np.int64)
    n, _, _ = announce(cards_to_mask(hand), _check_mode(mode), runs, fours, out)
    return [Meld("run" if out[k, 0] == 0 else "four", tuple(mask_to_cards(out[k, 1])), int(out[k, 2]))
            for k in range(n)]


def has_stoeck(hand, mode: int) -> bool:
    """Whether ``hand`` holds the stöck (K and Q of trump)."""
    from jass_sim.jass.rules._melds import has_stoeck as kernel

    return bool(kernel(cards_to_mask(hand), _check_mode(mode)))
