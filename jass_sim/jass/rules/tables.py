"""Rule tables by mode and card, built once from the rules (``docs/rules.md``) as numpy arrays.

Numba freezes these module-level arrays into the compiled kernels as constants.
Index ``[mode, card]`` with modes 0..3 (trump H D S C), 4 (obe-abe), 5 (une-ufe).
"""

from __future__ import annotations

import numpy as np

from jass_sim.jass.cards import N_CARDS, N_MODES, OBE, UNE

# Natural ranks: 6 7 8 9 T J Q K A -> 0..8.
R6, R7, R8, R9, RT, RJ, RQ, RK, RA = range(9)

PLAIN_POINTS = (0, 0, 0, 0, 10, 2, 3, 4, 11)          # plain suit: A 11, K 4, Q 3, J 2, 10 10
TRUMP_POINTS = (0, 0, 0, 14, 10, 20, 3, 4, 11)        # trump: J 20, 9 14
OBE_POINTS = (0, 0, 8, 0, 10, 2, 3, 4, 11)            # obe-abe: 8 counts 8
UNE_POINTS = (11, 0, 8, 0, 10, 2, 3, 4, 0)            # une-ufe: 6 counts 11, A 0, 8 counts 8

# Strength within a suit (higher beats lower), by natural rank.
PLAIN_ORDER = (0, 1, 2, 3, 4, 5, 6, 7, 8)             # A K Q J 10 9 8 7 6
UNE_ORDER = (8, 7, 6, 5, 4, 3, 2, 1, 0)               # 6 7 8 9 10 J Q K A (6 highest)
TRUMP_ORDER = (0, 1, 2, 7, 3, 8, 4, 5, 6)             # J 9 A K Q 10 8 7 6
TRUMP_BONUS = 16                                       # any trump beats any plain card

SUIT_MASK = np.array([0x1FF << (9 * s) for s in range(4)], dtype=np.uint64)
#: ``TRUMP_MASK[mode]``: mask of the trump suit (0 in obe-abe and une-ufe).
TRUMP_MASK = np.array([0x1FF << (9 * m) if m < 4 else 0 for m in range(N_MODES)], dtype=np.uint64)


def _build():
    points = np.zeros((N_MODES, N_CARDS), dtype=np.int64)
    power = np.zeros((N_MODES, N_CARDS), dtype=np.int64)
    lower_trumps = np.zeros((N_MODES, N_CARDS), dtype=np.uint64)
    for mode in range(N_MODES):
        for card in range(N_CARDS):
            suit, rank = divmod(card, 9)
            if mode == OBE:
                points[mode, card], power[mode, card] = OBE_POINTS[rank], PLAIN_ORDER[rank]
            elif mode == UNE:
                points[mode, card], power[mode, card] = UNE_POINTS[rank], UNE_ORDER[rank]
            elif suit == mode:
                points[mode, card] = TRUMP_POINTS[rank]
                power[mode, card] = TRUMP_BONUS + TRUMP_ORDER[rank]
                lower = 0
                for r in range(9):
                    if TRUMP_ORDER[r] < TRUMP_ORDER[rank]:
                        lower |= 1 << (9 * suit + r)
                lower_trumps[mode, card] = lower
            else:
                points[mode, card], power[mode, card] = PLAIN_POINTS[rank], PLAIN_ORDER[rank]
    return points, power, lower_trumps


#: Card points ``POINTS[mode, card]``.
POINTS, POWER, LOWER_TRUMPS = _build()
#: ``POWER[mode, card]``: strength against a card of the same suit; trumps are >= TRUMP_BONUS.
#: ``LOWER_TRUMPS[mode, card]``: mask of the trumps that rank below trump ``card``.
#: ``BUUR[mode]``: mask of the trump Jack (0 in obe-abe and une-ufe).
BUUR = np.array([1 << (9 * m + RJ) if m < 4 else 0 for m in range(N_MODES)], dtype=np.uint64)
#: ``STOECK[mode]``: mask of trump K and Q (0 without trump).
STOECK = np.array([(1 << (9 * m + RK)) | (1 << (9 * m + RQ)) if m < 4 else 0 for m in range(N_MODES)],
                  dtype=np.uint64)


def _build_higher():
    higher = np.zeros((N_MODES, N_CARDS), dtype=np.uint64)
    for mode in range(N_MODES):
        for card in range(N_CARDS):
            suit = card // 9
            mask = 0
            for other in range(9 * suit, 9 * suit + 9):
                if POWER[mode, other] > POWER[mode, card]:
                    mask |= 1 << other
            higher[mode, card] = mask
    return higher


#: ``HIGHER[mode, card]``: mask of the cards of the same suit that beat ``card`` in ``mode``.
HIGHER = _build_higher()
