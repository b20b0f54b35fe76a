"""The best discard of typical six-card hands, as dealer and as pone (report section 2b, issue 51
item 7): exact, with the opponent's two crib cards random (the values of
:func:`~jass_sim.cribbage.report_discard.discard_values`).

The hands are chosen to show the decisions players ask about: a 5 with tens, a pair of 5s, a
double run, a flush, a fifteen to keep or throw, a hand with nothing, and hands whose best discard
changes with the role. Each row gives the best discard, its value, the runner-up and the gap (all
exact: no CI), so a player can read "as pone with this hand, throw that".
"""

from __future__ import annotations

import numpy as np
import pandas as pd

#: The typical hands (``cribbage.cards`` notation) and what each shows.
TYPICAL = (
    ("5H 5D TC JS 2H 9C", "a pair of 5s with tens"),
    ("5H TD JC QS 3H 8C", "one 5 with three tens"),
    ("4H 5D 6C 6S KH 9C", "a double run with a pair"),
    ("2H 3D 4C 7S 8H 9C", "two runs of three"),
    ("7H 8D 8C 9S KH 2C", "a double run of three"),
    ("AH 2H 6H 9H KH 4C", "a five-card flush"),
    ("AH 4D 7C TS QH KC", "nothing: a balking hand"),
    ("3H 3D 9C 9S JH KC", "two pairs and a fifteen"),
    ("6H 7D 8C 9S AH AC", "a run of four and a pair of aces"),
    ("5H 6D 6C 7S 8H TC", "fifteens with a run"),
    ("JH QD KC 5S 5C 2H", "a run of faces and two 5s"),
    ("2H 4D 6C 8S TH QC", "every other rank: no run, few fifteens"),
)
#: Columns of :func:`typical_table`.
COLUMNS = ("hand", "shows", "role", "best", "best_net", "best_hand", "best_crib", "second", "second_net", "gap",
           "same_as_other_role")


def _discards(cards: list[int], sign: int) -> tuple[np.ndarray, np.ndarray]:
    """``(net, crib)`` of the 15 discards (pairs of positions in lexicographic order), exact."""
    from jass_sim.cribbage._exact import discard_exact
    from jass_sim.cribbage.report_discard import DISCARD_CASES

    h = np.asarray(cards, dtype=np.int64)
    unseen = np.array(sorted(set(range(52)) - set(cards)), dtype=np.int64)
    hand_sum, crib_sum, _ = discard_exact(h, unseen, sign)
    hand, crib = hand_sum / 46, crib_sum / DISCARD_CASES
    return hand + sign * crib, crib


def typical_table(typical=TYPICAL) -> pd.DataFrame:
    """Per hand of ``typical`` and role (:data:`COLUMNS`): the best discard (``best``, by net:
    the kept hand over the 46 starters plus the crib for the dealer, minus it for the pone), its
    ``best_net`` = ``best_hand`` ± ``best_crib``, the runner-up (the best discard of other ranks)
    and the ``gap`` between them, and
    whether the other role throws the same two cards. All exact."""
    from jass_sim.cribbage.cards import format_cards, parse_cards

    pairs = [(i, j) for i in range(6) for j in range(i + 1, 6)]
    rows = []
    for text, shows in typical:
        cards = parse_cards(text, 6)
        best = {}
        for role, sign in (("dealer", 1), ("pone", -1)):
            net, crib = _discards(cards, sign)
            order = [int(k) for k in np.argsort(-net, kind="stable")]
            b = order[0]
            # the runner-up throws other ranks: the same ranks in other suits are (nearly) the same discard
            ranks = sorted(cards[k] % 13 for k in pairs[b])
            s = next(k for k in order[1:] if sorted(cards[x] % 13 for x in pairs[k]) != ranks)
            best[role] = pairs[b]
            rows.append({"hand": format_cards(cards), "shows": shows, "role": role,
                         "best": format_cards([cards[k] for k in pairs[b]]), "best_net": float(net[b]),
                         "best_hand": float(net[b] - sign * crib[b]), "best_crib": float(crib[b]),
                         "second": format_cards([cards[k] for k in pairs[s]]), "second_net": float(net[s]),
                         "gap": float(net[b] - net[s])})
        for r in rows[-2:]:
            r["same_as_other_role"] = best["dealer"] == best["pone"]
    return pd.DataFrame(rows, columns=list(COLUMNS))


def blocks(table: pd.DataFrame) -> list[tuple]:
    """Section 2b of the report."""
    out: list[tuple] = [("h2", "2b. The best discard of typical hands, dealer and pone (exact)")]
    out.append(("p", "For each hand, the discard with the highest net (the kept four over the 46 starters one cannot "
                     "see, plus the crib as dealer, minus it as pone, the opponent's two crib cards random), the "
                     "runner-up (the best throw of other ranks) and the gap between them. Exact, so no CI; a gap under about 0.1 points means the "
                     "two are as good. *Same*: the dealer and the pone throw the same two cards."))
    rows = []
    for _, r in table.iterrows():
        rows.append([r["hand"], r["shows"], r["role"], f"**{r['best']}**", f"{r['best_net']:.2f}",
                     f"{r['best_hand']:.2f}", f"{r['best_crib']:.2f}", r["second"], f"{r['gap']:.2f}",
                     "same" if r["same_as_other_role"] else "differs"])
    out.append(("table", ["hand", "shows", "role", "throw", "net", "kept hand", "crib", "runner-up", "gap",
                          "dealer vs pone"], rows, "Best discards of typical hands (exact)", "lllrrrrlrl"))
    return out
