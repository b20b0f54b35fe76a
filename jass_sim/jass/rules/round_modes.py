"""Round modes: the chibre modes and Coiffeur's Slalom, Guschti, 3x3 (Trio) and Misère (issue 53).

A round is played in one *round mode*; each trick in one *trick mode*, the chibre modes 0..5
(trump H D S C, Obenabe, Undenufe) that the play step (:mod:`._tricks`) and the rule tables
(:mod:`.tables`) know. The chibre modes are their own round modes; the new ones map trick by
trick onto them (:data:`TRICK_MODE`), so the step stays the one place of follow, undertrump,
winner and points. Codes and names live here, once (the match planner imports them):

==========  ================  =====================================================================
code        name              tricks 1..9
==========  ================  =====================================================================
0..5        H D S C OBE UNE   the chibre modes, every trick
6           SLALOM-OBE        Obenabe, Undenufe, Obenabe, ... (alternating, Obenabe first)
7           SLALOM-UNE        Undenufe, Obenabe, ... (alternating, Undenufe first)
8           GUSCHTI-OBE       5 Obenabe then 4 Undenufe (Swisslos [SL-C])
9           GUSCHTI-UNE       5 Undenufe then 4 Obenabe
10          MISERE-OBE        Obenabe; scored as Misère (:data:`MISERE`)
11          MISERE-UNE        Undenufe; scored as Misère
12          MISERE-SLALOM     Slalom starting with Obenabe; scored as Misère
13..36      TRIO-x-y-z        3x3: three blocks of 3 tricks, one trump suit, Undenufe and Obenabe,
                              in the declarer's order: the name lists the blocks in play order, the
                              trump block as its suit letter (``TRIO-H-UNE-OBE``: 3 tricks hearts
                              trump, 3 Undenufe, 3 Obenabe); 4 suits x 6 orders
==========  ================  =====================================================================

Misère (Coiffeur sense, quoi-faire.ch): each team is credited with the points its opponents
make (:func:`~._scoring.score_round`), so the declaring team gets 157 - its own card points, and
the Matsch rule applies to the points made: the opponents taking all nine tricks make 257, which
the declaring team is credited; the declaring team taking all nine is credited 0.
"""

from __future__ import annotations

from itertools import permutations

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.jass.cards import MODE_NAMES, N_MODES, OBE, UNE, parse_mode

SLALOM_OBE, SLALOM_UNE, GUSCHTI_OBE, GUSCHTI_UNE, MISERE_OBE, MISERE_UNE, MISERE_SLALOM = range(6, 13)
#: The first Trio code; ``TRIO_AT + 6 * suit + order`` with ``order`` an index of :data:`TRIO_ORDERS`.
TRIO_AT = 13
#: The six orders of the blocks (``T`` the trump block, ``UNE``, ``OBE``), in code order.
TRIO_ORDERS = tuple(permutations(("T", "UNE", "OBE")))
#: The order named by the rules text (3 tricks trump, 3 Undenufe, 3 Obenabe): ``TRIO-H`` is ``TRIO-H-UNE-OBE``.
TRIO_DEFAULT_ORDER = TRIO_ORDERS.index(("T", "UNE", "OBE"))
N_ROUND_MODES = TRIO_AT + 4 * len(TRIO_ORDERS)


def _slalom(first: int) -> list[int]:
    other = UNE if first == OBE else OBE
    return [first if t % 2 == 0 else other for t in range(9)]


def _build():
    names = list(MODE_NAMES)
    tricks = [[m] * 9 for m in range(N_MODES)]
    names += ["SLALOM-OBE", "SLALOM-UNE", "GUSCHTI-OBE", "GUSCHTI-UNE", "MISERE-OBE", "MISERE-UNE", "MISERE-SLALOM"]
    tricks += [_slalom(OBE), _slalom(UNE), [OBE] * 5 + [UNE] * 4, [UNE] * 5 + [OBE] * 4, [OBE] * 9, [UNE] * 9,
               _slalom(OBE)]
    for suit in range(4):
        for order in TRIO_ORDERS:
            names.append("TRIO-" + "-".join(MODE_NAMES[suit] if b == "T" else b for b in order))
            block = {"T": suit, "UNE": UNE, "OBE": OBE}
            tricks.append([block[b] for b in order for _ in range(3)])
    assert len(names) == N_ROUND_MODES
    return tuple(names), np.array(tricks, dtype=np.int64)


#: ``ROUND_MODE_NAMES[code]``: the command line's name of each round mode (0..5: ``MODE_NAMES``).
#: ``TRICK_MODE[code, t]``: the chibre mode (0..5) in which trick ``t`` (0..8) of a round in
#: mode ``code`` is played.
ROUND_MODE_NAMES, TRICK_MODE = _build()
#: ``MISERE[code]``: 1 when the round is scored as Misère (each team credited with the opponents' points).
MISERE = np.array([1 if n.startswith("MISERE") else 0 for n in ROUND_MODE_NAMES], dtype=np.int64)
#: ``MELD_MODE[code]``: the chibre mode that names the trump for Weis and Stöck (the Trio's trump
#: suit; else the first trick's mode, without trump); the Coiffeur presets count neither.
MELD_MODE = np.array([next((m for m in row if m < 4), row[0]) for row in TRICK_MODE], dtype=np.int64)
#: The new round modes (codes 6..36), the ones the Coiffeur presets add to the chibre modes.
NEW_MODES = tuple(range(N_MODES, N_ROUND_MODES))
#: Words for people.
ROUND_MODE_WORDS = {"SLALOM-OBE": "Slalom (Obenabe first)", "SLALOM-UNE": "Slalom (Undenufe first)",
                    "GUSCHTI-OBE": "Guschti (5 Obenabe, 4 Undenufe)", "GUSCHTI-UNE": "Guschti (5 Undenufe, 4 Obenabe)",
                    "MISERE-OBE": "Misère Obenabe", "MISERE-UNE": "Misère Undenufe",
                    "MISERE-SLALOM": "Misère Slalom (Obenabe first)"}


def parse_round_mode(text: str) -> int:
    """Round mode code of ``text``: a chibre mode (:func:`~jass_sim.jass.cards.parse_mode`'s
    spellings), one of :data:`ROUND_MODE_NAMES` (case-insensitive, ``_`` or a space for ``-``,
    ``MISÈRE`` for ``MISERE``, ``3X3`` for ``TRIO``), or ``TRIO-<suit>`` for the rules text's order
    (trump, Undenufe, Obenabe); :class:`InputError` naming ``text`` otherwise."""
    t = "-".join(text.strip().upper().replace("_", " ").replace("-", " ").split()).replace("MISÈRE", "MISERE")
    if t.startswith("3X3"):
        t = "TRIO" + t[3:]
    if t in ROUND_MODE_NAMES:
        return ROUND_MODE_NAMES.index(t)
    if t.startswith("TRIO-") and t.count("-") == 1:
        try:
            suit = parse_mode(t[5:])
        except InputError:
            suit = -1
        if 0 <= suit < 4:
            return TRIO_AT + 6 * suit + TRIO_DEFAULT_ORDER
    try:
        return parse_mode(text)
    except InputError:
        raise InputError(f"unknown mode {text!r} (expected H, D, S, C, OBE, UNE, SLALOM-OBE, SLALOM-UNE, "
                         f"GUSCHTI-OBE, GUSCHTI-UNE, MISERE-OBE, MISERE-UNE, MISERE-SLALOM or TRIO-<trump>-<order> "
                         f"such as TRIO-H-UNE-OBE)", text) from None
