"""The discard adviser: the 15 ways to throw two of six cards, valued exactly.

``hand_ev`` is exact over the 46 starters the player cannot see; ``crib_ev`` is exact over the
opponent's two crib cards (uniform over the 46 unseen cards, ``--opponent random``) and the
starter (uniform over the other 44); ``net_ev = hand_ev + crib_ev`` for the dealer and
``hand_ev - crib_ev`` for the pone, with its exact distribution over the same
``1035 * 44 = 45,540`` equally likely cases.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.cribbage.cards import (
    FULL_DECK,
    N_RANKS,
    card_index,
    cards_to_mask,
    format_card,
    mask_to_cards,
    parse_cards,
)

N_CASES = 1035 * 44


@dataclass
class DiscardOption:
    """One discard and its values (``net_distribution``: probability of each net value)."""

    discard: tuple[int, int]
    hand_ev: float
    crib_ev: float
    net_ev: float
    net_distribution: dict[int, float] = field(repr=False)
    crib_ci: tuple[float, float] | None = None
    sign: int = 1
    peg_ev: float | None = None
    peg_ci: tuple[float, float] | None = None
    total_ev: float | None = None
    total_ci: tuple[float, float] | None = None
    win_prob: float | None = None
    win_ci: tuple[float, float] | None = None
    #: With ``block_wins``: the wins in each block of game samples (for paired intervals).
    win_blocks: np.ndarray | None = field(default=None, repr=False)

    def quantile(self, q: float) -> int:
        """The smallest net value whose cumulative probability reaches ``q``."""
        acc = 0.0
        for value in sorted(self.net_distribution):
            acc += self.net_distribution[value]
            if acc >= q - 1e-12:
                return value
        return max(self.net_distribution)

    @property
    def net_sd(self) -> float:
        return float(np.sqrt(sum(p * (v - self.net_ev) ** 2 for v, p in self.net_distribution.items())))

    def to_json(self) -> dict:
        return {"discard": [format_card(c) for c in self.discard], "hand_ev": self.hand_ev,
                "crib_ev": self.crib_ev, "net_ev": self.net_ev, "net_sd": self.net_sd,
                "net_quantiles": {"p10": self.quantile(0.1), "p50": self.quantile(0.5), "p90": self.quantile(0.9)},
                "net_distribution": {str(v): p for v, p in sorted(self.net_distribution.items())},
                **({"crib_ci": list(self.crib_ci), "net_ci": list(self.net_ci)} if self.crib_ci else {}),
                **({"peg_ev": self.peg_ev, "peg_ci": list(self.peg_ci), "total_ev": self.total_ev,
                    "total_ci": list(self.total_ci)} if self.peg_ci else {}),
                **({"win_prob": self.win_prob, "win_ci": list(self.win_ci)} if self.win_ci else {})}

    @property
    def net_ci(self) -> tuple[float, float] | None:
        """95% interval of ``net_ev`` (model opponent only: ``hand_ev`` is exact)."""
        if self.crib_ci is None:
            return None
        ends = sorted(self.hand_ev + self.sign * c for c in self.crib_ci)
        return ends[0], ends[1]


def parse_six(text: str) -> list[int]:
    """The six dealt cards (one line error on a wrong count, a duplicate or an unknown card)."""
    return parse_cards(text, 6)


def parse_score(text: str) -> tuple[int, int]:
    """``"100:110"`` -> ``(100, 110)``: your score and the opponent's before this hand, 0..120."""
    parts = text.strip().split(":")
    if len(parts) == 2 and all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        mine, theirs = (int(p) for p in parts)
        if mine < 121 and theirs < 121:
            return mine, theirs
    raise InputError(f"invalid --score {text!r} (expected YOURS:THEIRS, two scores 0..120, e.g. 100:110)", text)


def discard_options(hand: list[int], dealer: bool, opponent: str = "random", samples: int = 2000,
                    seed: int = 0, pegging: bool = False, score: tuple[int, int] | None = None,
                    progress=None, block_wins: bool = False) -> list[DiscardOption]:
    """All 15 discards of the six cards ``hand``, best first (ties: input order): by ``net_ev``,
    with ``pegging`` by ``total_ev = net_ev + peg_ev``, with ``score`` by ``win_prob``.

    Parameters
    ----------
    hand : list of int
        Six distinct cards.
    dealer : bool
        True if the crib is the player's (``net = hand + crib``), False for the pone (``hand - crib``).
    opponent : {"random", "model"}
        ``random``: the opponent's two crib cards uniform over the 46 unseen cards, everything
        exact (kernel ``_exact.discard_exact``). ``model``: the opponent's six cards uniform over
        the unseen cards and his discard by the ``expect`` player; ``samples`` sampled opponent
        hands (the same for every discard), the starter exact over the 40 other cards; ``crib_ci``
        is the 95% interval of ``crib_ev`` (kernel ``_model.discard_samples``).
    samples, seed : int
        Sampled opponent hands (``model`` or ``pegging``) and their seed.
    pegging : bool
        Add ``peg_ev``: the adviser's pegging points minus the opponent's, the kept four played
        against the opponent's four (his six sampled, his discard uniform or by the model), both
        players greedy; with its 95% interval and ``total_ev`` (``total_ci``).
    score : (int, int), optional
        Your score and the opponent's before this hand: add ``win_prob`` (Wilson 95% ``win_ci``),
        the chance to win the game throwing each pair. ``samples`` sampled opponent hands and
        starters (his discard uniform or by the model), the hand and the rest of the game played
        by ``expect`` players on both sides (kernel ``_game.win_samples``); every discard meets
        the same samples and later deals.
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick` once the input is checked (0), after the
        exact figures and the sampled opponent (one step each), and after each short call of the
        game samples (``score``: blocks of them, the same wins however they are cut); raise
        :class:`~jass_sim.core.errors.Cancelled` in it to stop.
    block_wins : bool
        With ``score``: also keep each option's wins per block of game samples (``win_blocks``,
        one kernel call per block: the same wins), for paired intervals between discards.
    """
    from jass_sim.core.chunks import Tick
    from jass_sim.cribbage._exact import NET_OFFSET, discard_exact, discard_pair

    cards = np.array(hand, dtype=np.int64)
    if cards.shape != (6,) or len(set(hand)) != 6:
        raise ValueError("a hand to discard from is six distinct cards")
    if opponent not in ("random", "model"):
        raise InputError(f"invalid value {opponent!r} for --opponent (expected random or model)", opponent)
    sampled = opponent == "model" or pegging
    if (sampled or score is not None) and samples < 2:
        raise InputError(f"--samples must be at least 2, got {samples}", str(samples))
    # the steps of the run: the exact figures, the sampled opponent, the game samples
    target = 1 + int(sampled) + (samples if score is not None else 0)

    def tick(done: int, stage: str) -> None:
        if progress is not None:
            progress(Tick(done, target, stage=stage))

    tick(0, "exact figures")  # the input is checked (a server checks a job up to here)
    unseen = np.array(mask_to_cards(FULL_DECK & ~cards_to_mask(hand)), dtype=np.int64)
    sign = 1 if dealer else -1
    hand_sum, crib_sum, hist = discard_exact(cards, unseen, sign)
    hand_ev = hand_sum / 46
    cases = np.full(15, N_CASES)
    crib_mean = crib_sum / N_CASES
    crib_ci = [None] * 15
    peg = [(None, None, None, None)] * 15
    tick(1, "sampled opponent hands" if sampled else "exact figures")
    if sampled:
        from jass_sim.core.rng import block_states
        from jass_sim.core.stats import mean_ci
        from jass_sim.cribbage._model import discard_samples
        from jass_sim.cribbage._players import DISCARD_EXPECT, DISCARD_RANDOM
        from jass_sim.cribbage.streams import STREAMS

        state = block_states(seed, 0, 1, STREAMS["cribbage.discard"])[0]
        model = opponent == "model"
        sums, hist_model = discard_samples(cards, sign, samples, state, crib_rank_table(),
                                           DISCARD_EXPECT if model else DISCARD_RANDOM, model, pegging)

        def ci(k, q, scale):
            m, lo, hi = mean_ci(int(sums[k, q, 0]), int(sums[k, q, 1]), samples)
            return m / scale, (lo / scale, hi / scale)

        for k in range(15):
            if model:
                crib_mean[k], crib_ci[k] = ci(k, 0, 40)
            if pegging:
                peg_ev, peg_ci = ci(k, 1, 1)
                net = hand_ev[k] + sign * crib_mean[k]
                if model:  # crib and pegging from the same samples: one interval for their sum
                    both, both_ci = ci(k, 2, 40)
                    total_ci = (hand_ev[k] + both_ci[0], hand_ev[k] + both_ci[1])
                else:
                    total_ci = (net + peg_ci[0], net + peg_ci[1])
                peg[k] = (peg_ev, peg_ci, float(net + peg_ev), (float(total_ci[0]), float(total_ci[1])))
        if model:
            hist = hist_model
            cases = hist.sum(axis=1)
        tick(2, "games to the end" if score is not None else "sampled opponent hands")
    options = []
    for k in range(15):
        i, j = discard_pair(k)
        dist = {int(v) - NET_OFFSET: int(n) / int(cases[k]) for v, n in enumerate(hist[k]) if n}
        options.append(DiscardOption((hand[i], hand[j]), float(hand_ev[k]), float(crib_mean[k]),
                                     float(hand_ev[k] + sign * crib_mean[k]), dist, crib_ci[k], sign, *peg[k]))
    if score is not None:
        from jass_sim.core.batches import Slicer, call
        from jass_sim.core.resources import check_memory
        from jass_sim.core.rng import block_states
        from jass_sim.core.stats import wilson_ci
        from jass_sim.cribbage._game import PAIRS_PER_BLOCK, win_samples
        from jass_sim.cribbage.players import PLAYERS
        from jass_sim.cribbage.streams import STREAMS

        n_blocks = -(-samples // PAIRS_PER_BLOCK)
        # two random-number states (32 bytes each) per block of game samples
        check_memory(n_blocks * 64, f"--samples {samples}", str(samples), per_unit=64 / PAIRS_PER_BLOCK)
        deck_states = block_states(seed, 0, n_blocks, STREAMS["cribbage.win-deck"])
        play_states = block_states(seed, 0, n_blocks, STREAMS["cribbage.win-play"])
        counts = np.full(n_blocks, PAIRS_PER_BLOCK, dtype=np.int64)
        counts[-1] = samples - (n_blocks - 1) * PAIRS_PER_BLOCK
        blocks = np.zeros((n_blocks, 15), dtype=np.int64)
        before = 1 + int(sampled)

        def run(lo, hi):
            return call(win_samples, cards, dealer, -1 if opponent == "model" else -2,
                        np.array(score, dtype=np.int64), samples - lo * PAIRS_PER_BLOCK, deck_states[lo:hi],
                        play_states[lo:hi], np.array([PLAYERS.code("expect")] * 2, dtype=np.int64),
                        crib_rank_table())

        # short calls of whole blocks (block b plays samples b*64.. from its own states): the same wins
        for lo, hi, _starts, _steps in Slicer(lambda done: tick(before + done, "games to the end")).slices(counts):
            if block_wins:
                for b in range(lo, hi):
                    blocks[b] = run(b, b + 1)
            else:
                blocks[lo] += run(lo, hi)
        wins = blocks.sum(axis=0)
        by_pair = {}
        for k in range(15):
            i, j = discard_pair(k)
            by_pair[(hand[i], hand[j])] = wilson_ci(int(wins[k]), samples), k
        for o in options:
            (p, lo, hi), k = by_pair[o.discard]
            o.win_prob, o.win_ci = p, (lo, hi)
            if block_wins:
                o.win_blocks = blocks[:, k].copy()
    options.sort(key=lambda o: -(o.total_ev if pegging else o.net_ev))
    if score is not None:
        options.sort(key=lambda o: -o.win_prob)  # stable: equal chances keep the order above
    return options


@functools.lru_cache(maxsize=1)
def crib_rank_table() -> np.ndarray:
    """``float64[13, 13]``: the exact crib expectation of a thrown rank pair (ace = 0) against
    two random other crib cards and a random starter from the other 50 cards, the suits of the
    thrown pair averaged (same suit 1 in 4 for different ranks).

    Wraps the kernel ``_exact.crib_pair_table``.
    """
    from jass_sim.cribbage._exact import crib_pair_table

    first, second, where = [], [], []
    for r1 in range(N_RANKS):
        for r2 in range(r1, N_RANKS):
            if r1 != r2:
                first.append(card_index(0, r1))       # same suit
                second.append(card_index(0, r2))
                where.append((r1, r2, 0.25))
            first.append(card_index(0, r1))           # different suits
            second.append(card_index(1, r2))
            where.append((r1, r2, 1.0 if r1 == r2 else 0.75))
    sums = crib_pair_table(np.array(first, dtype=np.int64), np.array(second, dtype=np.int64))
    table = np.zeros((N_RANKS, N_RANKS))
    for (r1, r2, w), s in zip(where, sums):
        table[r1, r2] += w * s / (1225 * 48)
    table = table + np.triu(table, 1).T
    return table
