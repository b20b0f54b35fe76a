"""Match equity: the probability of winning the game from a score, and who chooses next.

:func:`build_equity` estimates it backwards from the end of the game (kernel
:func:`jass_sim.jass.games._equity_kernels.equity_table`): ``N`` rounds are simulated once with the chosen
card-play policy (seat 0 chooses the mode with the table's mode choice, by default the ``fitted``
model, and leads), and every cell of the grid
averages, over those same rounds, the outcome of playing one of them from that score: the game
won or lost inside the round (premier sorti: melds, stöck, then trick by trick; or plus grand
écart), or else the equity of the next state with the other team choosing, interpolated in the
table.

What a cell's 95% CI covers: the sampling of the ``N`` rounds at that cell, the later cells taken
as known. It does not cover the play model (the policy and the mode choice, which ignore the
score), the error carried in from later cells, or the interpolation between grid
points. The first round of a game (♦7 holder, chibre maybe forbidden) is not modelled: every
state is "a team is about to choose".
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

import numpy as np
import pandas as pd

from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.core.stats import wilson_se_ci
from jass_sim.jass.rules import RuleSet, get_rules

#: Grid step (points) of the tables.
DEFAULT_STEP = 10
#: Rounds sampled for a table by default.
DEFAULT_ROUNDS = 50_000
#: Policies whose tables are shipped, for every preset.
SHIPPED_POLICIES = ("heuristic", "net")
_QUANTUM = 1e-4  # shipped probabilities and standard errors are stored in units of 1e-4


@dataclass
class EquityTable:
    """``p[i, j]``: the probability that the team about to choose, with ``grid[i]`` points
    against ``grid[j]``, wins the game; ``se[i, j]`` its standard error (round sampling only)."""

    rules: str
    policy: str
    target: int
    premier_sorti: bool
    step: int
    rounds: int
    seed: int
    grid: np.ndarray
    p: np.ndarray
    se: np.ndarray
    #: The mode choice of the sampled rounds (``fitted``, ``evaluator`` or ``random``); tables
    #: written before it was recorded used the ``evaluator``.
    mode_chooser: str = "evaluator"

    def win_probability(self, ours: int, theirs: int, we_choose: bool = True) -> float:
        """Our probability of winning from ``ours:theirs`` (interpolated), choosing next or not."""
        from jass_sim.jass.games._equity_kernels import equity_at

        check_score(ours, theirs, self.target)
        if we_choose:
            return float(equity_at(self.p, self.grid, self.step, ours, theirs))
        return 1.0 - float(equity_at(self.p, self.grid, self.step, theirs, ours))

    def frame(self) -> pd.DataFrame:
        """One row per grid state and side choosing next: ``ours, theirs, chooser, p_win,
        ci95_lo, ci95_hi``."""
        i, j = np.meshgrid(np.arange(len(self.grid)), np.arange(len(self.grid)), indexing="ij")
        i, j = i.ravel(), j.ravel()
        p, se = self.p[i, j], self.se[i, j]
        # Wilson at the cell's effective sample size: inside [0, 1], never zero-width at 0 or 1
        ci = np.array([wilson_se_ci(float(x), float(e), self.rounds)[1:] for x, e in zip(p, se)]).reshape(-1, 2)
        ours = pd.DataFrame({"ours": self.grid[i], "theirs": self.grid[j], "chooser": "ours", "p_win": p})
        ours["ci95_lo"], ours["ci95_hi"] = ci[:, 0], ci[:, 1]
        theirs = pd.DataFrame({"ours": self.grid[j], "theirs": self.grid[i], "chooser": "theirs", "p_win": 1 - p})
        theirs["ci95_lo"], theirs["ci95_hi"] = 1 - ci[:, 1], 1 - ci[:, 0]
        out = pd.concat([ours, theirs], ignore_index=True)
        out.insert(0, "policy", self.policy)
        out.insert(0, "rules", self.rules)
        out["rounds"] = self.rounds
        return out.sort_values(["chooser", "ours", "theirs"], kind="stable", ignore_index=True)

    def save_npz(self, path) -> None:
        """The compact form the package ships (probabilities in units of 1e-4)."""
        import io

        from jass_sim.core.files import write_atomic

        buf = io.BytesIO()
        np.savez_compressed(buf, grid=self.grid.astype(np.int32),
                            p=np.rint(self.p / _QUANTUM).astype(np.uint16),
                            se=np.rint(self.se / _QUANTUM).astype(np.uint16),
                            meta=np.array([self.target, int(self.premier_sorti), self.step, self.rounds, self.seed]),
                            names=np.array([self.rules, self.policy, self.mode_chooser]))
        write_atomic(str(path), buf.getvalue())


def check_score(ours: int, theirs: int, target: int) -> None:
    for value in (ours, theirs):
        if not 0 <= value < target:
            raise InputError(f"a score must be from 0 to {target - 1} (the target is {target}), got {value}",
                             str(value))


def parse_score(text: str, target: int) -> tuple[int, int]:
    """``(ours, theirs)`` from ``OURS:THEIRS``; an InputError naming the bad token."""
    parts = text.strip().split(":")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise InputError(f"--score must be OURS:THEIRS, two whole numbers of points, got {text!r}", text)
    ours, theirs = int(parts[0]), int(parts[1])
    check_score(ours, theirs, target)
    return ours, theirs


def make_grid(target: int, step: int) -> np.ndarray:
    """Multiples of ``step`` below ``target - 1``, then ``target - 1``."""
    return np.append(np.arange(0, target - 1, step), target - 1).astype(np.int64)


def build_equity(rules="chibre", policy: str = "heuristic", rounds: int = DEFAULT_ROUNDS, seed: int = 0,
                 step: int = DEFAULT_STEP, threads: int | None = None, chooser: str | None = None,
                 progress=None) -> EquityTable:
    """Estimate the equity table of ``rules`` with card-play ``policy`` from ``rounds`` sampled
    rounds. Wraps the kernels :func:`jass_sim.jass.games._equity_kernels.sample_rounds` and
    :func:`jass_sim.jass.games._equity_kernels.equity_table`.

    Parameters
    ----------
    rules : str or RuleSet
    policy : str
        Card play of all four seats (``random``, ``heuristic``, ``net``, ...).
    rounds : int
        Rounds simulated; every cell averages over all of them (at least 100).
    seed : int
    step : int
        Grid step in points, 1 to 50 (a round adds at least 157 points, which the backward
        order needs).
    threads : int, optional
    chooser : str, optional
        The mode choice of the chooser (seat 0, who may chibre): ``fitted`` (the default,
        :data:`jass_sim.jass.players.DEFAULT_CHOOSER`), ``evaluator`` or ``random``.
    progress : callable, optional
        Called with the rounds sampled so far: 0 once the input is checked, then after each short
        sub-batch.
    """
    from jass_sim.core.batches import Slicer, call
    from jass_sim.core.resources import check_memory
    from jass_sim.core.rng import block_states
    from jass_sim.core.threads import numba_threads
    from jass_sim.jass.engine.batch import new_decks
    from jass_sim.jass.engine.game import MAX_CREDITS
    from jass_sim.jass.games._equity_kernels import empty_samples, equity_table, sample_rounds
    from jass_sim.jass.modes.choose import MODE_POLICIES
    from jass_sim.jass.modes.weights import default_mode_params
    from jass_sim.jass.players import DEFAULT_CHOOSER, PLAYERS, policy_params
    from jass_sim.jass.players.dispatch import player_set
    from jass_sim.jass.streams import STREAMS

    rules = get_rules(rules)
    pid = PLAYERS.code(policy)
    chooser = DEFAULT_CHOOSER if chooser is None else chooser.strip().lower()
    if rounds < 100:
        raise InputError(f"the number of sampled rounds must be at least 100, got {rounds}", str(rounds))
    if not 1 <= step <= 50:
        raise InputError(f"the grid step must be from 1 to 50 points, got {step}", str(step))
    if chooser not in MODE_POLICIES:
        raise InputError(f"unknown chooser {chooser!r} (expected one of {', '.join(MODE_POLICIES)})", chooser)
    check_memory(rounds * (2 * MAX_CREDITS + 4) * 8, f"--games {rounds}", str(rounds),  # empty_samples
                 per_unit=(2 * MAX_CREDITS + 4) * 8)
    if progress is not None:
        progress(0)  # the input is checked (a server checks a job up to here)
    runs, fours, mults = rules.arrays()
    block = 1024
    n_blocks = -(-rounds // block)
    counts = np.full(n_blocks, block, dtype=np.int64)
    counts[-1] = rounds - (n_blocks - 1) * block
    events, n_events, totals, last_team = empty_samples(rounds)
    grid = make_grid(rules.target, step)
    p = np.zeros((len(grid), len(grid)))
    se = np.zeros_like(p)
    states = block_states(seed, 0, n_blocks, STREAMS["jass.equity"])
    decks = new_decks(n_blocks)
    offsets = np.arange(n_blocks, dtype=np.int64) * block
    modes, mode_params, policies = np.asarray(rules.modes, dtype=np.int64), default_mode_params(rules), np.full(4, pid, dtype=np.int64)
    with numba_threads(threads):
        # short sub-batches (a block resumes where the last call stopped): interruptible, same rounds
        for lo, hi, starts, steps in Slicer(progress).slices(counts, resumable=True):
            call(sample_rounds, player_set(pid), states[lo:hi], decks[lo:hi], steps, offsets[lo:hi] + starts, modes,
                 MODE_POLICIES[chooser], mode_params, policies, policy_params(), runs, fours, mults, events, n_events,
                 totals, last_team)
        sums = np.zeros((rounds, 2), dtype=np.int64)
        for team in range(2):
            sums[:, team] = np.where(events[:, :, 0] == team, events[:, :, 1], 0).sum(axis=1)
        equity_table(events, n_events, totals, last_team, sums, rules.target, rules.premier_sorti, grid, step, p, se)
    return EquityTable(rules.name, policy.strip().lower(), rules.target, rules.premier_sorti, step, rounds, seed,
                       grid, p, se, chooser)


def shipped_path(rules: str, policy: str):
    return resources.files("jass_sim.jass.data").joinpath("equity", f"{rules}-{policy}.npz")


def load_npz(path) -> EquityTable:
    with np.load(path) as z:
        target, ps, step, rounds, seed = (int(x) for x in z["meta"])
        names = [str(x) for x in z["names"]]
        return EquityTable(names[0], names[1], target, bool(ps), step, rounds, seed, z["grid"].astype(np.int64),
                           z["p"].astype(np.float64) * _QUANTUM, z["se"].astype(np.float64) * _QUANTUM,
                           *names[2:3])


def shipped_table(rules: RuleSet | str, policy: str = "heuristic") -> EquityTable:
    """The table shipped with the package for a preset and a policy; an InputError when there is
    none (a rule set that is not a preset, or a policy without a table)."""
    from jass_sim.jass.rules import PRESETS

    rules = get_rules(rules)
    # a policy is a name of the list, never part of a path built from what a caller sent
    path = shipped_path(rules.name, policy) if policy in SHIPPED_POLICIES else None
    if PRESETS.get(rules.name) != rules or path is None or not path.is_file():
        raise InputError(f"no shipped equity table for rules {rules.name!r} with policy {policy!r} "
                         f"(shipped: the presets with {', '.join(SHIPPED_POLICIES)})", policy)
    return load_npz(path)


class Equity(Result):
    """The answer of ``equity`` (:func:`jass_sim.equity`): ``table`` (one row per state:
    ``rules, policy, ours, theirs, chooser, p_win, ci95_lo, ci95_hi, rounds``, the ``-o`` file of
    ``jass-sim equity``), ``win_probability(ours, theirs, we_choose)``, ``plot()``,
    ``equity_table`` (the :class:`EquityTable`) and ``score`` (``(ours, theirs)`` whose win
    probability the text shows instead of the grid, or None)."""

    formats = ("table", "json", "csv")
    plot_formats = ("png", "svg")

    def __init__(self, table: EquityTable, score: tuple[int, int] | None = None):
        frame = table.frame()
        doc = {"rules": table.rules, "policy": table.policy, "target": int(table.target),
               "premier_sorti": bool(table.premier_sorti), "rounds": int(table.rounds), "step": int(table.step),
               "seed": int(table.seed), "mode_chooser": table.mode_chooser, "cells": frame.to_dict(orient="records")}
        super().__init__(doc, frame)
        self.equity_table, self.score = table, score

    def win_probability(self, ours: int, theirs: int, we_choose: bool = True) -> float:
        """Our probability of winning the game from ``ours``:``theirs`` (interpolated on the grid)."""
        return self.equity_table.win_probability(ours, theirs, we_choose)

    @property
    def heading(self) -> str:
        t = self.equity_table
        return (f"match equity, rules {t.rules}, policy {t.policy}, mode choice {t.mode_chooser}, "
                f"{t.rounds:,} sampled rounds, grid step {t.step}")

    def text(self) -> str:
        """The table's settings, then our win probability at ``score`` (both sides choosing next)
        or on a few grid points."""
        table = self.equity_table
        lines = [f"match equity, rules {table.rules} (target {table.target}, "
                 f"{'premier sorti' if table.premier_sorti else 'plus grand écart'}), policy {table.policy}, "
                 f"mode choice {table.mode_chooser}, {table.rounds:,} sampled rounds, grid step {table.step}, "
                 f"seed {table.seed}"]
        if self.score is not None:
            ours, theirs = self.score
            for we in (True, False):
                lines.append(f"  {ours}:{theirs}, {'we' if we else 'they'} choose next: P(we win) "
                             f"{table.win_probability(ours, theirs, we):.1%}")
        else:
            picks = [0, table.target // 2, table.target - 200, table.target - 1]
            for ours in picks:
                row = "  ".join(f"{table.win_probability(ours, t, True):6.1%}" for t in picks)
                lines.append(f"  ours {ours:>5} vs theirs {' / '.join(str(p) for p in picks)} (we choose): {row}")
        lines.append("Each cell's 95% CI covers the round sampling at that cell (see the table's ci95 columns), "
                     "not the play model, the later cells' error or interpolation.")
        return "\n".join(lines)

    def figure(self):
        """The equity surface: heat maps of our win probability, we choose next / they do (a
        matplotlib Figure)."""
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib.figure import Figure

        table = self.equity_table
        fig = Figure(figsize=(11, 4.6), layout="constrained")
        axes = fig.subplots(1, 2)
        ext = [table.grid[0], table.grid[-1], table.grid[0], table.grid[-1]]
        for ax, data, title in ((axes[0], table.p.T, "we choose next"), (axes[1], 1 - table.p, "they choose next")):
            im = ax.imshow(data, origin="lower", extent=ext, vmin=0, vmax=1, cmap="RdYlGn", aspect="equal")
            ax.contour(table.grid, table.grid, data, levels=[0.1, 0.25, 0.5, 0.75, 0.9], colors="black",
                       linewidths=0.6)
            ax.set_xlabel("our score")
            ax.set_ylabel("their score")
            ax.set_title(title)
        fig.colorbar(im, ax=axes, label="probability that we win the game")
        fig.suptitle(f"Match equity, {table.rules} (target {table.target}, "
                     f"{'premier sorti' if table.premier_sorti else 'plus grand écart'}), policy {table.policy}, "
                     f"{table.rounds:,} sampled rounds per cell; contours 10/25/50/75/90%", fontsize=9)
        return fig
