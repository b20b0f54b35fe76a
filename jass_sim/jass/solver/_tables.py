"""Tables of the solver's card layout.

The solver works in a *power layout*: card ``suit * 9 + p`` where ``p`` (0..8) is the card's
strength within its suit in the mode (0 weakest, 8 strongest: the Buur in the trump suit, the ace
in obe-abe and plain suits, the 6 in une-ufe). In this layout "higher card of the suit" is
"higher bit", so beating, undertrumping and "no live card between" are plain bit ranges.

Tables (index ``[mode, card]`` unless said otherwise):

``TO_POWER`` / ``TO_NATURAL``
    Card number in the power layout of a natural card, and back.
``PPTS``
    Card points of a power-layout card.
``KIND[mode, suit]``
    Points pattern of a suit: 0 trump suit, 1 plain suit of a trump mode, 2 obe-abe, 3 une-ufe.
``PSUM[kind, live9]``
    Points of the cards of a suit whose 9-bit power-layout mask is ``live9``.
"""

from __future__ import annotations

import numpy as np

from jass_sim.jass.cards import N_CARDS, N_MODES, OBE, UNE
from jass_sim.jass.rules.tables import POINTS, POWER, TRUMP_BONUS

N_KINDS = 4


def _build():
    to_power = np.zeros((N_MODES, N_CARDS), dtype=np.int64)
    to_natural = np.zeros((N_MODES, N_CARDS), dtype=np.int64)
    ppts = np.zeros((N_MODES, N_CARDS), dtype=np.int64)
    kind = np.zeros((N_MODES, 4), dtype=np.int64)
    for mode in range(N_MODES):
        for card in range(N_CARDS):
            suit = card // 9
            p = POWER[mode, card] - (TRUMP_BONUS if POWER[mode, card] >= TRUMP_BONUS else 0)
            pc = suit * 9 + p
            to_power[mode, card] = pc
            to_natural[mode, pc] = card
            ppts[mode, pc] = POINTS[mode, card]
        for suit in range(4):
            if mode == OBE:
                kind[mode, suit] = 2
            elif mode == UNE:
                kind[mode, suit] = 3
            else:
                kind[mode, suit] = 0 if suit == mode else 1
    return to_power, to_natural, ppts, kind


TO_POWER, TO_NATURAL, PPTS, KIND = _build()


def _kind_points():
    """Points by power rank (0..8) of each kind."""
    pts = np.zeros((N_KINDS, 9), dtype=np.int64)
    for mode, suit, k in ((0, 0, 0), (0, 1, 1), (OBE, 0, 2), (UNE, 0, 3)):
        assert KIND[mode, suit] == k
        pts[k] = PPTS[mode, 9 * suit: 9 * suit + 9]
    return pts


KIND_POINTS = _kind_points()


def _suit_points():
    psum = np.zeros((N_KINDS, 512), dtype=np.int64)
    for k in range(N_KINDS):
        for live in range(512):
            psum[k, live] = sum(int(KIND_POINTS[k, p]) for p in range(9) if live >> p & 1)
    return psum


PSUM = _suit_points()
#: 9-bit mask of each suit in the layout.
SUITM = np.array([0x1FF << (9 * s) for s in range(4)], dtype=np.uint64)


def to_power_mask(mask, mode: int) -> np.uint64:
    """Power-layout mask of a natural card mask."""
    m = int(mask)
    out = 0
    for c in range(N_CARDS):
        if m >> c & 1:
            out |= 1 << int(TO_POWER[mode, c])
    return np.uint64(out)
