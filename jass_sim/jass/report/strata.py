"""Rare hands sampled on purpose (issue 51): stratified sampling of the hand, with exact
hypergeometric stratum probabilities and the weights that take the sample back to the uniform
population.

A hand is seen from one *target* suit (the trump suit it is tested in). The deck falls into eight
groups of cards, :data:`GROUP_NAMES`: the target suit's Buur (J), Nell (9), ace and six, its five
other cards, the aces and the sixes of the three other suits, and the 21 cards left. A *cell* is a
count of held cards per group (summing to 9); there are :func:`cell_table`'s few hundred cells and
each has the exact number of hands ``prod_g C(size_g, k_g)`` out of ``C(36, 9)`` (the multivariate
hypergeometric law). Every feature the declare tables read (trumps, Buur/Nell, trump ace, side
aces, aces, sixes) is a function of the cell.

A :class:`Stratum` is a set of cells named by the decisive cards a hand holds (four aces, four
sixes, 5 or 6+ trumps, Buur-Nell-Ace, the cells that decide a rule of thumb); each cell belongs to
the first stratum of :data:`STRATA` that takes it, else to :data:`REST`, so the strata partition the
hands and their probabilities (sums of exact cell probabilities) add up to one. A stratum's hands
are drawn uniformly within it: a cell with probability proportional to its number of hands, then
in each group the cell's count of cards uniformly (:func:`draw`).

Estimates: with ``n_k`` sampled hands in stratum ``k`` of probability ``P_k``, each hand weighs
``P_k / n_k`` (the weights of a sample sum to one): a population mean is ``sum w_i y_i``, the mean
over a domain ``D`` (a table cell) the ratio ``sum_D w_i y_i / sum_D w_i``, each with its
linearised stratified variance (:func:`weighted_mean`). Uniform hands belong to the stratum of
their cell like drawn ones (post-stratification), so the report's uniform sample and the drawn
hands are pooled.

Cards: ``9 * suit + rank`` with suits ``H D S C`` and ranks ``6 7 8 9 10 J Q K A``.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from jass_sim.core.stats import Z95

HAND_SIZE, DECK_SIZE = 9, 36
SIX, NINE, JACK, ACE = 0, 3, 5, 8
#: The groups of cards a hand is counted in, seen from its target suit.
GROUP_NAMES = ("buur", "nell", "ace", "six", "other_trumps", "side_aces", "side_sixes", "rest")
GROUP_SIZES = (1, 1, 1, 1, 5, 3, 3, 21)
#: Hands of 9 cards from 36: 94,143,280.
ALL_HANDS = math.comb(DECK_SIZE, HAND_SIZE)
BUUR_NELL = ("neither", "Nell only", "Buur only", "Buur and Nell")
REST = "rest"


def group_masks(suit: int) -> tuple[int, ...]:
    """The card masks of :data:`GROUP_NAMES` for target ``suit`` (0-3, ``H D S C``): disjoint, their
    union the deck."""
    def card(s: int, r: int) -> int:
        return 1 << (9 * s + r)

    other = [s for s in range(4) if s != suit]
    trumps = sum(card(suit, r) for r in range(9))
    masks = [card(suit, JACK), card(suit, NINE), card(suit, ACE), card(suit, SIX)]
    masks.append(trumps - sum(masks))
    masks.append(sum(card(s, ACE) for s in other))
    masks.append(sum(card(s, SIX) for s in other))
    masks.append((1 << DECK_SIZE) - 1 - sum(masks))
    return tuple(masks)


def _features(counts: pd.DataFrame) -> pd.DataFrame:
    """The declare tables' features of each row of group counts (``side_aces`` is a group count
    itself)."""
    trumps = counts[["buur", "nell", "ace", "six", "other_trumps"]].sum(axis=1)
    return pd.DataFrame({
        "trumps": trumps.to_numpy(),
        "trumps_bin": np.where(trumps >= 6, "6+", trumps.astype(str)).astype(object),
        "buur_nell": np.asarray(BUUR_NELL, dtype=object)[(counts["nell"] + 2 * counts["buur"]).to_numpy()],
        "trump_ace": counts["ace"].to_numpy().astype(bool),
        "aces": (counts["ace"] + counts["side_aces"]).to_numpy(),
        "sixes": (counts["six"] + counts["side_sixes"]).to_numpy(),
    }, index=counts.index)


@dataclass(frozen=True)
class Stratum:
    """Hands with some decisive cards: ``key``, ``text`` (the cards, as the tables say how their
    hands were drawn), ``test`` (the cells it takes, from their features), ``rules`` (the rules of
    thumb, keys of :data:`jass_sim.jass.report.thumb.RULES`, whose cells it holds)."""

    key: str
    text: str
    test: Callable[[pd.DataFrame], pd.Series]
    rules: tuple[str, ...] = ()


#: The strata, in priority order: a cell belongs to the first that takes it.
STRATA: tuple[Stratum, ...] = (
    Stratum("four_aces", "all four aces", lambda f: f["aces"] == 4),
    Stratum("four_sixes", "all four sixes", lambda f: f["sixes"] == 4),
    Stratum("trumps_6plus", "six or more trumps", lambda f: f["trumps"] >= 6, ("buur_fourth",)),
    Stratum("trumps_5", "exactly five trumps", lambda f: f["trumps"] == 5, ("buur_fourth", "nell_ace_fifth")),
    Stratum("buur_nell_ace", "Buur, Nell and Ace of trumps (three or four trumps)",
            lambda f: (f["buur_nell"] == "Buur and Nell") & f["trump_ace"],
            ("buur_nell_ace_third", "jack_nine_plus")),
    Stratum("buur_fourth", "the Buur and exactly three more trumps",
            lambda f: (f["buur_nell"].isin(["Buur only", "Buur and Nell"])) & (f["trumps"] == 4), ("buur_fourth",)),
    Stratum("buur_third_boecke", "the Buur, exactly two more trumps and two or three side aces",
            lambda f: (f["buur_nell"].isin(["Buur only", "Buur and Nell"])) & (f["trumps"] == 3)
            & (f["side_aces"] >= 2), ("buur_third_boecke", "jack_nine_plus")),
    Stratum("nell_only_4", "the Nell without the Buur among exactly four trumps",
            lambda f: (f["buur_nell"] == "Nell only") & (f["trumps"] == 4)),
    Stratum("side_aces_3", "all three side aces (not the trump ace)", lambda f: f["side_aces"] == 3),
)
STRATUM_KEYS = tuple(s.key for s in STRATA) + (REST,)


def cell_table() -> pd.DataFrame:
    """Every cell: its group counts (:data:`GROUP_NAMES`), ``hands`` (the exact number of 9-card
    hands in it, ``prod C(size, count)``), ``probability`` (``hands`` / :data:`ALL_HANDS`), its
    features and its ``stratum``."""
    return _cells().copy()


@functools.lru_cache(maxsize=1)
def _cells() -> pd.DataFrame:
    rows = []
    for counts in itertools.product(*(range(min(s, HAND_SIZE) + 1) for s in GROUP_SIZES[:-1])):
        rest = HAND_SIZE - sum(counts)
        if 0 <= rest <= GROUP_SIZES[-1]:
            full = counts + (rest,)
            rows.append(full + (math.prod(math.comb(s, k) for s, k in zip(GROUP_SIZES, full)),))
    cells = pd.DataFrame(rows, columns=list(GROUP_NAMES) + ["hands"])
    cells["probability"] = cells["hands"] / ALL_HANDS
    cells = pd.concat([cells, _features(cells[list(GROUP_NAMES)])], axis=1)
    cells["stratum"] = assign(cells)
    return cells


def assign(features: pd.DataFrame) -> np.ndarray:
    """The stratum key of each row of ``features`` (cells or hands): the first of :data:`STRATA`
    that takes it, else :data:`REST`."""
    out = np.full(len(features), REST, dtype=object)
    free = np.ones(len(features), dtype=bool)
    for s in STRATA:
        take = free & s.test(features).to_numpy(dtype=bool)
        out[take] = s.key
        free &= ~take
    return out


def design(cells: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per stratum: ``stratum, drawn_as, hands, probability`` (exact: the sums over its
    cells)."""
    cells = cell_table() if cells is None else cells
    texts = {s.key: s.text for s in STRATA} | {REST: "every other hand"}
    rows = []
    for key in STRATUM_KEYS:
        c = cells[cells["stratum"] == key]
        rows.append({"stratum": key, "drawn_as": texts[key], "hands": int(c["hands"].sum()),
                     "probability": int(c["hands"].sum()) / ALL_HANDS})
    return pd.DataFrame(rows)


def hand_counts(masks: np.ndarray, suits: np.ndarray) -> pd.DataFrame:
    """Per hand, its group counts seen from its target suit (``suits[i]``), its features and its
    stratum."""
    masks = np.asarray(masks).astype(np.uint64)
    suits = np.asarray(suits, dtype=np.int64)
    bits = ((masks[:, None] >> np.arange(DECK_SIZE, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    cols = {name: np.zeros(len(masks), dtype=np.int64) for name in GROUP_NAMES}
    for s in range(4):
        sel = suits == s
        if not sel.any():
            continue
        for name, g in zip(GROUP_NAMES, group_masks(s)):
            idx = [c for c in range(DECK_SIZE) if g >> c & 1]
            cols[name][sel] = bits[sel][:, idx].sum(axis=1)
    counts = pd.DataFrame(cols)
    out = pd.concat([counts, _features(counts)], axis=1)
    out["stratum"] = assign(out)
    return out


def draw(key: str, n: int, suits, rng: np.random.Generator, cells: pd.DataFrame | None = None) -> np.ndarray:
    """``n`` hands drawn uniformly from stratum ``key`` (``uint64`` masks); hand ``j`` is seen from
    target suit ``suits[j]``. A cell is drawn with probability proportional to its hands, then in
    each group the cell's count of cards, uniformly: every hand of the stratum is equally likely."""
    cells = cell_table() if cells is None else cells
    c = cells[cells["stratum"] == key]
    if not len(c):
        raise ValueError(f"stratum {key!r} has no cell")
    p = c["hands"].to_numpy(dtype=float)
    picks = rng.choice(len(c), size=n, p=p / p.sum())
    counts = c[list(GROUP_NAMES)].to_numpy()
    groups = {s: [np.array([x for x in range(DECK_SIZE) if g >> x & 1]) for g in group_masks(s)] for s in range(4)}
    out = np.zeros(n, dtype=np.uint64)
    for j in range(n):
        m = 0
        for cards, k in zip(groups[int(suits[j])], counts[picks[j]]):
            if k:
                for x in rng.choice(cards, size=int(k), replace=False):
                    m |= 1 << int(x)
        out[j] = m
    return out


def drawn_hands(seed: int, per_stratum: int, suits: tuple[int, ...], stream: int,
                cells: pd.DataFrame | None = None) -> pd.DataFrame:
    """``per_stratum`` hands of each stratum but :data:`REST` (the uniform sample covers it):
    ``hand`` (mask), ``suit`` (target: hand ``j`` of a stratum takes ``suits[j % len(suits)]``),
    ``stratum``. Stratum ``i`` draws from numpy's generator seeded by
    ``SeedSequence(seed, spawn_key=(stream, 1, i))`` (three keys: never a block of ``stream``)."""
    cells = cell_table() if cells is None else cells
    frames = []
    for i, s in enumerate(STRATA):
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(stream, 1, i)))
        target = np.asarray([suits[j % len(suits)] for j in range(per_stratum)], dtype=np.int64)
        frames.append(pd.DataFrame({"hand": draw(s.key, per_stratum, target, rng, cells).astype(np.int64),
                                    "suit": target, "stratum": s.key}))
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=["hand", "suit", "stratum"])


# ---------------------------------------------------------------------------------------------
# Estimates
# ---------------------------------------------------------------------------------------------

def weights(strata: np.ndarray, probability: dict[str, float]) -> np.ndarray:
    """Each hand's weight ``P_k / n_k`` (``strata``: the hands' stratum keys). The weights sum to
    one when every stratum of positive probability has a hand (else to the strata covered)."""
    strata = np.asarray(strata, dtype=object)
    w = np.zeros(len(strata))
    for key in set(strata):
        sel = strata == key
        w[sel] = probability[key] / sel.sum()
    return w


def weighted_mean(y: np.ndarray, strata: np.ndarray, probability: dict[str, float],
                  domain: np.ndarray | None = None, z: float = Z95) -> tuple[float, float, float]:
    """``(mean, lo, hi)``: the population mean of ``y`` over ``domain`` (a boolean per hand;
    default every hand) from a stratified sample, ``sum_D w y / sum_D w`` with the weights of
    :func:`weights`, and its 95% interval from the linearised stratified variance
    ``sum_k P_k^2 s_k^2(u) / n_k`` of ``u = 1_D (y - mean) / sum_D w`` (``s_k^2`` the sample
    variance over stratum ``k``'s hands, with ``n_k - 1``). With one stratum and the whole sample
    as the domain this is the plain mean and its interval. NaN without a hand in the domain, and
    for the population (no ``domain``) when a stratum of positive probability has no hand; no
    interval when a stratum with hands in the domain has only one hand."""
    y = np.asarray(y, dtype=float)
    strata = np.asarray(strata, dtype=object)
    if domain is None and any(p > 0 and k not in set(strata) for k, p in probability.items()):
        return math.nan, math.nan, math.nan  # a stratum without a hand: no population figure
    d = np.ones(len(y), dtype=bool) if domain is None else np.asarray(domain, dtype=bool)
    w = weights(strata, probability)
    wd = float(w[d].sum())
    if not d.any() or wd <= 0:
        return math.nan, math.nan, math.nan
    mean = float((w[d] * y[d]).sum() / wd)
    u = np.where(d, y - mean, 0.0) / wd
    var = 0.0
    for key in set(strata):
        sel = strata == key
        n = int(sel.sum())
        if not (d & sel).any():
            continue
        if n < 2:
            return mean, math.nan, math.nan
        var += probability[key] ** 2 * float(u[sel].var(ddof=1)) / n
    half = z * math.sqrt(var)
    return mean, mean - half, mean + half


def domain_probability(cells: pd.DataFrame, by: list[str]) -> pd.Series:
    """The exact population share of each combination of the features ``by`` (sums of cell
    probabilities)."""
    return cells.groupby(by)["probability"].sum()
