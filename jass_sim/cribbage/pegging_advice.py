"""The pegging adviser (``jass-sim cribbage play-advice``): which card to peg now.

Every legal card is valued over the opponent's possible hands (the unseen cards consistent with
what he played and with his goes, :class:`~jass_sim.cribbage.pegposition.PegPosition`): in each,
the rest of the hand is played out with all cards face up, both players maximising their own
pegging points minus the other's (the ``search`` player's evaluation,
:mod:`jass_sim.cribbage._advice`). Exact by default: pegging ignores suits, so his hands collapse
to rank classes (at most 1,820 for four cards), each weighted by its number of suit combinations;
``samples`` draws his hands instead (paired: every card meets the same hands). The figures are
exact or sampled over his hands only; they do not cover the play model (face-up play-outs).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from math import comb

import numpy as np

from jass_sim.core.chunks import Tick
from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.core.stats import mean_ci
from jass_sim.cribbage.cards import card_rank, format_card
from jass_sim.cribbage.pegposition import PegPosition

#: Sampled opponent hands per random block (``samples``): block ``b`` uses its own generator state.
SAMPLE_BLOCK = 256
#: Opponent hands per kernel call of the exact enumeration (a cancellable step of about 0.1 s).
EXACT_CHUNK = 256


def rank_classes(pool: list[int], n: int) -> tuple[np.ndarray, np.ndarray]:
    """The ``n``-card hands from ``pool`` up to suits: one hand per multiset of ranks (``int64[m,
    4]``, a rank ``r``'s copies written as cards ``r, r + 13, ...``) and its weight, the number of
    hands of ``pool`` with those ranks (``int64[m]``; the weights sum to ``C(len(pool), n)``)."""
    avail = [0] * 13
    for c in pool:
        avail[card_rank(c)] += 1
    hands, weights = [], []

    def walk(r: int, left: int, ranks: list[int], weight: int) -> None:
        if left == 0:
            hands.append(ranks + [0] * (4 - len(ranks)))
            weights.append(weight)
            return
        if r == 13:
            return
        for k in range(min(avail[r], left) + 1):
            walk(r + 1, left - k, ranks + [r + 13 * j for j in range(k)], weight * comb(avail[r], k))

    walk(0, n, [], 1)
    return np.array(hands, dtype=np.int64).reshape(-1, 4), np.array(weights, dtype=np.int64)


def card_values(pos: PegPosition, worlds: np.ndarray, progress=None) -> np.ndarray:
    """``int64[len(worlds), len(pos.left), 2]``: (ours, theirs) per opponent hand and card of
    ``pos.left`` (-1 for a card that cannot be played), in kernel calls of :data:`EXACT_CHUNK`
    hands; ``progress(done)`` after each."""
    from jass_sim.core.batches import call
    from jass_sim.cribbage._advice import card_values as kernel

    hand = np.array(pos.left, dtype=np.int64)
    seq = np.zeros(16, dtype=np.int64)
    seq[:len(pos.seq)] = pos.seq
    out = np.empty((len(worlds), len(hand), 2), dtype=np.int64)
    for lo in range(0, len(worlds), EXACT_CHUNK):
        hi = min(lo + EXACT_CHUNK, len(worlds))
        call(kernel, hand, len(hand), worlds[lo:hi], hi - lo, pos.opp_left, seq, len(pos.seq), pos.count,
             out[lo:hi])
        if progress is not None:
            progress(hi)
    return out


def sampled_worlds(pos: PegPosition, samples: int, seed: int) -> np.ndarray:
    """``samples`` opponent hands drawn uniformly from ``pos.unseen()`` (block ``b`` of
    :data:`SAMPLE_BLOCK` hands from its own generator state: the same hands on any machine)."""
    from jass_sim.core.rng import block_states
    from jass_sim.cribbage._advice import sample_worlds
    from jass_sim.cribbage.streams import STREAMS

    pool = np.array(pos.unseen(), dtype=np.int64)
    n_blocks = -(-samples // SAMPLE_BLOCK)
    states = block_states(seed, 0, n_blocks, STREAMS["cribbage.play-advice"])
    out = np.zeros((samples, 4), dtype=np.int64)
    for b in range(n_blocks):
        lo, hi = b * SAMPLE_BLOCK, min((b + 1) * SAMPLE_BLOCK, samples)
        sample_worlds(pool, len(pool), pos.opp_left, hi - lo, states[b].copy(), out[lo:hi])
    return out


@dataclass(eq=False, repr=False)
class PegAdvice(Result):
    """The answer of :func:`jass_sim.cribbage.play_advice`: per legal card both players' expected
    pegging points from now to the end of the hand.

    ``values[w, j] = (ours, theirs)`` in opponent hand ``w`` (weight ``weights[w]``) when the
    adviser plays ``cards[j]``.

    Attributes
    ----------
    recommendation : str
        The card to peg (``4D``).
    sentence : str
        A plain sentence with the lead over the runner-up.
    table : pandas.DataFrame
        One row per legal card, best first.
    """

    position: PegPosition
    cards: list[int]
    values: np.ndarray
    weights: np.ndarray
    exact: bool
    seed: int | None = None
    wins: list | None = None      # per card (p, lo, hi) with --score
    win_samples: int = 0
    order: list[int] = field(init=False)

    formats = ("table", "json")
    json_ascii = False

    def __post_init__(self):
        diff = self.values[:, :, 0] - self.values[:, :, 1]
        means = (diff * self.weights[:, None]).sum(axis=0) / self.weights.sum()
        key = [-(self.wins[j][0] if self.wins else means[j]) for j in range(len(self.cards))]
        self.order = sorted(range(len(self.cards)), key=lambda j: (key[j], -means[j], j))

    @property
    def n_hands(self) -> int:
        """Opponent hands: every possible one (exact) or the samples."""
        return int(self.weights.sum())

    def _mean(self, column: np.ndarray) -> tuple[float, float, float]:
        """Weighted mean of a per-hand column with its 95% CI ([mean, mean] when exact)."""
        if self.exact:
            m = float((column * self.weights).sum() / self.weights.sum())
            return m, m, m
        return mean_ci(int(column.sum()), int((column.astype(np.int64) ** 2).sum()), len(column))

    def figures(self, j: int) -> dict:
        ours, theirs = self.values[:, j, 0], self.values[:, j, 1]
        m_o = self._mean(ours)[0]
        m_t = self._mean(theirs)[0]
        d, lo, hi = self._mean(ours - theirs)
        best = self.order[0]
        to_best = (self.values[:, j, 0] - self.values[:, j, 1]) - (self.values[:, best, 0] - self.values[:, best, 1])
        b, blo, bhi = self._mean(to_best)
        doc = {"card": format_card(self.cards[j]), "mean_ours": m_o, "mean_theirs": m_t, "mean_diff": d,
               "ci95_diff": _pair(lo, hi), "diff_to_best": b, "ci95_to_best": _pair(blo, bhi)}
        if self.wins:
            p, wlo, whi = self.wins[j]
            doc.update(win_prob=p, ci95_win=[wlo, whi])
        return doc

    @property
    def recommendation(self) -> str:
        return format_card(self.cards[self.order[0]])

    def _how(self) -> str:
        if self.exact:
            return (f"exact over all {self.n_hands:,} opponent hands, {len(self.weights):,} rank classes"
                    if self.position.opp_left else "exact: the opponent holds no card")
        return f"{self.n_hands:,} sampled opponent hands, seed {self.seed}"

    @property
    def sentence(self) -> str:
        best = self.order[0]
        name = format_card(self.cards[best], True)
        same = [j for j in self.order[1:] if card_rank(self.cards[j]) == card_rank(self.cards[best])]
        rest = [j for j in self.order[1:] if j not in same]
        if not rest:
            return f"Peg {name}: the only legal {'rank' if same else 'card'} ({self._how()})."
        other = rest[0]
        f = self.figures(other)
        lead, lo, hi = -f["diff_to_best"], f["ci95_to_best"][1], f["ci95_to_best"][0]
        if self.wins:
            p, q = self.wins[best][0], self.wins[other][0]
            return (f"Peg {name}: win chance {p:.1%} against {q:.1%} for {format_card(self.cards[other], True)} "
                    f"({self.win_samples:,} sampled games, {self._how()} for the points).")
        ci = "" if self.exact else f", 95% CI {-lo:+.2f} to {-hi:+.2f}"
        if not self.exact and -lo <= 0 <= -hi or lead == 0:
            return (f"Too close to call between {name} and {format_card(self.cards[other], True)}: "
                    f"{lead:+.2f} points net{ci} ({self._how()}).")
        return (f"Peg {name}: {lead:+.2f} points net (yours minus the opponent's) over "
                f"{format_card(self.cards[other], True)}{ci} ({self._how()}).")

    def to_json(self) -> dict:
        """The ``play-advice --format json`` document (see docs/cribbage.md)."""
        doc = {"position": self.position.to_json(), "cards": [self.figures(j) for j in self.order],
               "recommendation": self.recommendation, "count": self.position.count, "exact": self.exact,
               "opponent_hands": self.n_hands, "rank_classes": len(self.weights) if self.exact else None,
               "samples": None if self.exact else self.n_hands, "seed": self.seed, "sentence": self.sentence}
        if self.wins:
            doc["win_samples"] = self.win_samples
        return doc

    @property
    def table(self):
        import pandas as pd

        rows = []
        for j in self.order:
            f = self.figures(j)
            row = {k: f[k] for k in ("card", "mean_ours", "mean_theirs", "mean_diff")}
            row["ci95_diff_lo"], row["ci95_diff_hi"] = f["ci95_diff"]
            row["diff_to_best"] = f["diff_to_best"]
            row["ci95_to_best_lo"], row["ci95_to_best_hi"] = f["ci95_to_best"]
            if self.wins:
                row["win_prob"] = f["win_prob"]
                row["ci95_win_lo"], row["ci95_win_hi"] = f["ci95_win"]
            rows.append(row)
        return pd.DataFrame(rows)

    @property
    def heading(self) -> str:
        return self.sentence

    def text(self) -> str:
        pos = self.position
        seq = " ".join(format_card(c, True) for c in pos.seq) or "new count"
        lines = [self.sentence, "",
                 f"{'dealer' if pos.dealer else 'pone'}; count {pos.count} ({seq}); pegged so far "
                 f"{pos.banked[0]}:{pos.banked[1]}; the opponent holds {pos.opp_left} card(s)"
                 + (f", none below {pos.min_value} (his goes)" if pos.min_value else ""),
                 f"points from here to the end of the hand, {self._how()}; the rest of the hand played "
                 "with all cards face up (the search player's evaluation); the intervals do not cover that "
                 "play model", ""]
        head = f"{'card':<5} {'ours':>6} {'theirs':>7} {'net':>6}  {'vs best [95% CI]':<22}"
        lines.append(head + ("  win [95% CI]" if self.wins else ""))
        for j in self.order:
            f = self.figures(j)
            lo, hi = f["ci95_to_best"]
            vs = f"{f['diff_to_best']:+.2f}" + ("" if self.exact else f" [{lo:+.2f}, {hi:+.2f}]")
            line = (f"{format_card(self.cards[j], True):<5} {f['mean_ours']:6.2f} {f['mean_theirs']:7.2f} "
                    f"{f['mean_diff']:+6.2f}  {vs:<22}")
            if self.wins:
                line += f"  {f['win_prob']:.3f} [{f['ci95_win'][0]:.3f}, {f['ci95_win'][1]:.3f}]"
            lines.append(line)
        return "\n".join(lines)


def _pair(lo: float, hi: float):
    return None if math.isnan(lo) else [lo, hi]


def advise(pos: PegPosition, samples: int | None = None, seed: int = 0, score: tuple[int, int] | None = None,
           win_samples: int = 2000, progress=None) -> PegAdvice:
    """Value every legal card of ``pos`` (see the module); ``samples``: sample the opponent's hands
    instead of enumerating them. ``progress`` gets a :class:`~jass_sim.core.chunks.Tick` (0 once
    the input is checked) and may raise :class:`~jass_sim.core.errors.Cancelled`."""
    pool = pos.unseen()
    if len(pool) < pos.opp_left:
        raise InputError(f"--played: the opponent holds {pos.opp_left} cards, but only {len(pool)} unseen cards "
                         f"are worth {pos.min_value} or more (his goes)", "--played")
    cards = list(pos.left)
    if samples is None:
        worlds, weights = rank_classes(pool, pos.opp_left)
    else:
        worlds, weights = sampled_worlds(pos, samples, seed), np.ones(samples, dtype=np.int64)
    target = len(worlds) + (win_samples if score is not None else 0)

    def tick(done, stage):
        if progress is not None:
            progress(Tick(done, target, stage=stage))

    tick(0, "opponent hands")
    values = card_values(pos, worlds, lambda done: tick(done, "opponent hands"))
    legal = [j for j, c in enumerate(cards) if values[0, j, 0] >= 0]
    wins = None
    if score is not None:
        from jass_sim.cribbage.pegwin import win_rates

        wins = win_rates(pos, [cards[j] for j in legal], score, win_samples, seed,
                         lambda done: tick(len(worlds) + done, "games to the end"))
    return PegAdvice(pos, [cards[j] for j in legal], values[:, legal, :], weights, samples is None,
                     None if samples is None else seed, wins, win_samples if score is not None else 0)
