"""``play-advice``: which card should seat 0 play now? Paired Monte Carlo over consistent worlds.

Every legal card is played out in the same sampled worlds with the same random numbers (see
:mod:`jass_sim.jass.play._kernels`); the figures here come from the per-world values, and each
card's difference to the best card is measured paired, world by world, with its 95% CI.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import numpy as np

from jass_sim.core.chunks import ChunkedSampler
from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.core.stats import check_sampling, ci_hi, ci_lo, ci_pair, mean_ci, sample_until
from jass_sim.jass.cards import format_card, mode_name
from jass_sim.jass.play.position import Position
from jass_sim.jass.play.worlds import ENDGAME_TRICKS, PLAY_BLOCK, known_world, run_play_advice
from jass_sim.jass.players import DEFAULT_POLICY
from jass_sim.jass.rules import get_rules

#: The card-play policy of ``play-advice`` and ``review`` when ``--policy`` is not given.
DEFAULT_PLAY_POLICY = DEFAULT_POLICY
#: Worlds sampled when neither ``--samples`` nor ``--ci`` is given (1 when all hands are known).
DEFAULT_SAMPLES = 4000
#: First batch with ``--ci``.
FIRST_BATCH = 16 * PLAY_BLOCK


def card_label(card: int) -> str:
    return format_card(card, symbols=True)


def paired(values: np.ndarray, a: int, b: int) -> tuple[float, float, float]:
    """Mean of column ``a`` minus column ``b``, world by world, with its 95% CI."""
    d = (values[:, a] - values[:, b]).astype(np.int64)
    return mean_ci(int(d.sum()), int((d ** 2).sum()), len(d))


@dataclass(eq=False, repr=False)
class PlayAdvice(Result):
    """The answer of ``play-advice`` (:func:`jass_sim.play_advice`) for one position: per-card
    means and paired differences to the best card.

    ``values[s, j]``: our team's points from now to the end of the round (card points of the
    unfinished tricks, the last trick's 5, a match's 100, times the mode's multiplier) when seat
    0 plays ``position.legal[j]`` in world ``s``.

    Attributes
    ----------
    table : pandas.DataFrame
        One row per legal card, best first: ``card``, ``mean_points`` (our team's points from
        here) with its 95% CI, ``diff_to_best`` with its paired 95% CI (NaN when exact).
    recommendation : str
        The card to play (letter notation, e.g. ``HA``).
    sentence : str
        A plain sentence with the lead over the runner-up and its 95% CI.
    too_close : bool
        That CI includes zero.
    """

    position: Position
    rules: str
    policy: str
    seed: int
    values: np.ndarray
    exact: bool
    known_hands: bool
    ci: float | None = None  # the --ci target and its --max-samples (None without --ci), echoed
    max_samples: int | None = None
    best: int = field(init=False)
    order: list[int] = field(init=False)
    diffs: list[tuple[float, float, float]] = field(init=False)

    formats = ("table", "json")
    json_ascii = False

    def __post_init__(self):
        means = self.values.mean(axis=0)
        self.order = [int(j) for j in np.argsort(-means, kind="stable")]
        self.best = self.order[0]
        self.diffs = [paired(self.values, j, self.best) for j in range(self.values.shape[1])]

    @property
    def n(self) -> int:
        return int(self.values.shape[0])

    @property
    def cards(self) -> list[int]:
        return self.position.legal

    @property
    def equivalent(self) -> list[int]:
        """Other cards (columns) worth exactly as much as the best card in every world."""
        return [j for j in self.order[1:] if np.array_equal(self.values[:, j], self.values[:, self.best])]

    @property
    def runner_up(self) -> int | None:
        """The best card not equivalent to the best one (None if there is none)."""
        same = set(self.equivalent)
        rest = [j for j in self.order[1:] if j not in same]
        return rest[0] if rest else None

    def lead(self) -> tuple[float, float, float]:
        """The best card's paired lead over the runner-up."""
        if self.runner_up is None:
            return math.nan, math.nan, math.nan
        return paired(self.values, self.best, self.runner_up)

    @property
    def too_close(self) -> bool:
        """The lead's 95% CI includes zero (or cannot be computed from one world)."""
        if self.runner_up is None:
            return False
        mean, lo, hi = self.lead()
        if math.isnan(lo):
            return mean == 0
        return lo <= 0 <= hi

    def loss(self, card: int) -> tuple[float, float, float]:
        """Points ``card`` loses against the best card (mean, 95% CI), paired."""
        j = self.cards.index(card)
        mean, lo, hi = paired(self.values, self.best, j)
        return mean, lo, hi

    def _method(self) -> str:
        """What a single value per card is: exact play, or one play-out by the policy."""
        if self.exact:
            return "exact play"
        return f"one play-out by {self.policy}" + ("" if self.n == 1 else " per world")

    def _worlds(self) -> str:
        if self.known_hands:
            return "all hands known" + ("" if self.n == 1 else f", {self.n:,} plays")
        return f"{self.n:,} worlds"

    @property
    def recommendation(self) -> str:
        """The card to play, in letter notation (``HA``)."""
        return format_card(self.cards[self.best])

    @property
    def sentence(self) -> str:
        """A plain sentence a player can act on."""
        card = card_label(self.cards[self.best])
        best = card
        if self.equivalent:
            best += " (or " + ", ".join(card_label(self.cards[j]) for j in self.equivalent) + ", worth the same)"
        if self.runner_up is None:
            return f"Play {best}: the only legal card." if not self.equivalent else f"Play {best}."
        other = card_label(self.cards[self.runner_up])
        mean, lo, hi = self.lead()
        ci = self._method() if math.isnan(lo) else f"95% CI {lo:+.1f} to {hi:+.1f}"
        if self.too_close:
            return f"Too close to call between {best} and {other}: {card} leads by {mean:+.1f} points ({ci}, " \
                   f"{self._worlds()})."
        return f"Play {best}: {mean:+.1f} points over {other} ({ci}, {self._worlds()})."

    def to_json(self) -> dict:
        """The ``play-advice --format json`` document (see the README)."""
        cards = []
        for j in self.order:
            mean, lo, hi = mean_ci(int(self.values[:, j].sum()), int((self.values[:, j].astype(np.int64) ** 2).sum()),
                                   self.n)
            d, dlo, dhi = self.diffs[j]
            cards.append({"card": format_card(self.cards[j]), "mean_points": mean, "ci95_points": ci_pair(lo, hi),
                          "diff_to_best": d, "ci95_diff": ci_pair(dlo, dhi)})
        lead = None
        if self.runner_up is not None:
            m, lo, hi = self.lead()
            lead = {"card": format_card(self.cards[self.runner_up]), "mean": m, "ci95": ci_pair(lo, hi)}
        return {"position": self.position.to_json(), "rules": self.rules, "policy": self.policy,
                "samples": self.n, "seed": self.seed, "exact": self.exact, "known_hands": self.known_hands,
                "cards": cards, "recommendation": format_card(self.cards[self.best]),
                "equivalent": [format_card(self.cards[j]) for j in self.equivalent], "lead_over_next": lead,
                "too_close": self.too_close, "sentence": self.sentence} | self._ci_json()

    def _ci_json(self) -> dict:
        if self.ci is None:
            return {"ci": None, "max_samples": None}
        return {"ci": self.ci, "max_samples": self.max_samples, "ci_reached": _lead_half_width(self.values) <= self.ci}

    def _ci_note(self) -> list[str]:
        doc = self._ci_json()
        if doc.get("ci_reached", True):
            return []
        return [f"--ci {self.ci:g} was not reached: the lead's 95% CI half-width is "
                f"{_lead_half_width(self.values):.1f} points after --max-samples {self.n:,} worlds."]

    @property
    def heading(self) -> str:
        return self.sentence

    @functools.cached_property
    def table(self):
        """One row per legal card, best first (see the class)."""
        import pandas as pd

        rows = [{"card": c["card"], "mean_points": c["mean_points"],
                 "ci95_points_lo": ci_lo(c["ci95_points"]), "ci95_points_hi": ci_hi(c["ci95_points"]),
                 "diff_to_best": c["diff_to_best"], "ci95_diff_lo": ci_lo(c["ci95_diff"]),
                 "ci95_diff_hi": ci_hi(c["ci95_diff"])} for c in self.to_json()["cards"]]
        return pd.DataFrame(rows)

    def text(self) -> str:
        """Text for people: the sentence, the position, then the cards from best to worst."""
        import pandas as pd

        pos = self.position
        trick = (f"seat {pos.trick_leader} led: " + " ".join(card_label(c) for c in pos.trick)) if pos.trick \
            else "seat 0 leads"
        lines = [self.sentence] + self._ci_note() + ["",
                 f"mode {mode_name(pos.mode, True)}, trick {len(pos.tricks) + 1}, {trick}; points so far {pos.banked[0]}:{pos.banked[1]}; policy {self.policy}"
                 + (" (every world solved exactly)" if self.exact else
                    f" (solved exactly from {ENDGAME_TRICKS} tricks left)") + f"; seed {self.seed}", ""]
        rows = []
        for j in self.order:
            v = self.values[:, j]
            d, lo, hi = self.diffs[j]
            rows.append({"card": card_label(self.cards[j]), "points": f"{v.mean():.1f}",
                         "vs best [95% CI]": f"{d:+.1f}" + ("" if math.isnan(lo) else f" [{lo:+.1f}, {hi:+.1f}]")})
        lines.append(pd.DataFrame(rows).to_string(index=False))
        return "\n".join(lines)


def play_advice(pos: Position, rules="chibre", policy: str | None = None, samples: int | None = None,
                ci: float | None = None, max_samples: int = 100_000, seed: int = 0, threads: int | None = None,
                params=None, known_hands: bool = False, progress=None, stage: str = "") -> PlayAdvice:
    """Value every legal card of seat 0 in ``pos`` (see :func:`jass_sim.jass.play.position.build_position`).

    Parameters
    ----------
    pos : Position
        The checked position, seat 0 to play.
    rules : str or RuleSet
        Rule preset (the mode's multiplier scales the points).
    policy : str, optional
        Card play of every seat in the play-out (default :data:`DEFAULT_PLAY_POLICY`); ``dd`` solves
        every world exactly from the position.
    samples : int, optional
        Worlds (default :data:`DEFAULT_SAMPLES`; 1 with ``known_hands``).
    ci : float, optional
        Sample in batches until the paired 95% CI half-width of the best card's lead over the
        runner-up is at most ``ci`` points (or ``max_samples``).
    known_hands : bool
        ``pos.hands`` holds all four dealt hands: every world is the true one.

    Wraps the parallel kernel :func:`jass_sim.jass.play._kernels.play_advice_blocks`.
    """
    from jass_sim.core.threads import numba_threads
    from jass_sim.jass.players import PLAYERS, policy_params

    policy = DEFAULT_PLAY_POLICY if policy is None else policy.strip().lower()
    pid = PLAYERS.code(policy)
    check_sampling(samples, ci, max_samples, min_samples=1, bytes_per_sample=8 * max(1, len(pos.legal)))
    rules = get_rules(rules)
    if pos.mode not in rules.modes:
        raise InputError(f"mode {mode_name(pos.mode)!r} is not allowed by the {rules.name} rules", mode_name(pos.mode))
    mult = int(rules.multipliers[pos.mode])
    exact = pid == PLAYERS.code("dd") or len(pos.remaining) <= ENDGAME_TRICKS
    params = policy_params() if params is None else params
    world = known_world(pos) if known_hands else None

    def runner(first: int, n: int) -> np.ndarray:
        worlds = None if world is None else np.tile(world, (first + n, 1))
        return mult * run_play_advice(pos, pid, params, seed=seed, first_sample=first, n_samples=n, exact=exact,
                                      worlds=worlds)

    def make_result(values: np.ndarray) -> PlayAdvice:
        return PlayAdvice(pos, rules.name, policy, seed, values, exact, known_hands, ci,
                          None if ci is None else max_samples)

    # short kernel calls of whole blocks: the same worlds as one call, with progress and cancellation between
    sampler = ChunkedSampler(runner, np.concatenate, PLAY_BLOCK, progress, half_width=_lead_half_width,
                             make_result=make_result, ci_target=ci, stage=stage)
    with numba_threads(threads):
        if ci is None:
            n = samples or (1 if known_hands else DEFAULT_SAMPLES)
            sampler.start(n)
            values = sampler(0, n)
        else:
            sampler.start(min(FIRST_BATCH, max_samples))
            values = sample_until(sampler, np.concatenate, _lead_half_width, ci, max_samples, PLAY_BLOCK, FIRST_BATCH)
    return make_result(values)


def _lead_half_width(values: np.ndarray) -> float:
    """Half-width of the 95% CI of the best card's lead over the runner-up (equivalent cards skipped)."""
    order = [int(j) for j in np.argsort(-values.mean(axis=0), kind="stable")]
    rest = [j for j in order[1:] if not np.array_equal(values[:, j], values[:, order[0]])]
    if not rest:
        return 0.0
    _, lo, hi = paired(values, order[0], rest[0])
    return 0.0 if math.isnan(lo) else (hi - lo) / 2
