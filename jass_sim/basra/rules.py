"""Basra rule presets (data) and the public capture and scoring functions.

A rule set is the leaflet's rules plus any of three variants: ``seven-diamonds`` (the Egyptian
7♦ sweeps the table), ``majority-30`` (the majority is worth 30 instead of 3) and ``compulsory``
(a player who can capture must). ``--rules`` takes ``leaflet`` or variant names joined by ``+``,
e.g. ``seven-diamonds+majority-30``. The rules are written down in ``docs/basra.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from jass_sim.basra.cards import CARD_POINTS, N_CARDS
from jass_sim.core.errors import InputError

#: Variant names in canonical order.
VARIANTS = ("seven-diamonds", "majority-30", "compulsory")


@dataclass(frozen=True)
class BasraRules:
    """One rule set.

    Attributes
    ----------
    seven_diamonds : bool
        The 7♦ takes the whole table (a Basra when its capture as a 7 would also have emptied it).
    majority : int
        Points for the side holding more than 26 cards (3, or 30 with ``majority-30``).
    compulsory : bool
        A player holding a card that captures must play a card that captures.
    """

    seven_diamonds: bool = False
    majority: int = 3
    compulsory: bool = False

    @property
    def name(self) -> str:
        on = [v for v, flag in zip(VARIANTS, (self.seven_diamonds, self.majority == 30, self.compulsory)) if flag]
        return "+".join(on) if on else "leaflet"

    @property
    def deal_points(self) -> int:
        """Card points plus majority of one deal of 52 cards (16 by the leaflet)."""
        return int(CARD_POINTS.sum()) + self.majority

    def array(self) -> np.ndarray:
        """The ``int64[3]`` array the kernels read (indexes ``R_SEVEN``, ``R_MAJORITY``, ``R_COMPULSORY``
        of :mod:`jass_sim.basra._capture`)."""
        return np.array([int(self.seven_diamonds), self.majority, int(self.compulsory)], dtype=np.int64)


def get_rules(text: str) -> BasraRules:
    """The rule set of ``--rules``: ``leaflet`` or variants joined by ``+`` (``InputError`` if unknown)."""
    parts = [p.strip().lower() for p in text.split("+") if p.strip()]
    if not parts:
        raise InputError(f"empty --rules {text!r}", text)
    flags = dict.fromkeys(VARIANTS, False)
    for p in parts:
        if p == "leaflet":
            continue
        if p not in flags:
            raise InputError(f"unknown rules {p!r} (expected leaflet or variants "
                             f"{', '.join(VARIANTS)} joined by +)", p)
        flags[p] = True
    return BasraRules(flags["seven-diamonds"], 30 if flags["majority-30"] else 3, flags["compulsory"])


def capture(card: int, table, rules: BasraRules | None = None) -> tuple[np.uint64, bool]:
    """The table cards that ``card`` captures and whether the capture is a Basra.

    Wraps the kernel :func:`jass_sim.basra._capture.capture_kernel`.

    Parameters
    ----------
    card : int
        The card played (0..51, not on the table).
    table : np.uint64
        Mask of the cards on the table.
    rules : BasraRules, optional
        Default: the leaflet.

    Returns
    -------
    (np.uint64, bool)
        The captured table cards (the played card then joins them in the capturer's pile when this
        is not empty) and the Basra flag.
    """
    from jass_sim.basra._capture import capture_kernel

    table = np.uint64(table)
    if not 0 <= int(card) < N_CARDS or int(table) >> N_CARDS or int(table) >> int(card) & 1:
        raise InputError(f"bad capture query: card {card} on table {int(table):#x}", str(card))
    rules = rules or BasraRules()
    captured, basra = capture_kernel(np.int64(card), table, rules.array())
    return np.uint64(captured), bool(basra)


def score_piles(piles, basras, rules: BasraRules | None = None) -> list[dict]:
    """Score of each side from its pile (``uint64`` masks) and its Basra count.

    Returns ``[{"cards", "majority", "basras", "total"}, ...]`` with ``basras`` in points (10 each).
    """
    rules = rules or BasraRules()
    counts = [int(p).bit_count() for p in piles]
    out = []
    for side, pile in enumerate(piles):
        cards = int(sum(CARD_POINTS[c] for c in range(N_CARDS) if int(pile) >> c & 1))
        majority = rules.majority if counts[side] > N_CARDS // 2 else 0
        out.append({"cards": cards, "majority": majority, "basras": 10 * int(basras[side]),
                    "total": cards + majority + 10 * int(basras[side])})
    return out
