"""Whole games to the target between two teams, on duplicate deal sequences (``jass-sim games``),
and their result, :class:`Games`.

Each game's deal sequence is played twice, team A first on seats 0 and 2, then on seats 1 and 3
(kernel :func:`jass_sim.jass.games._games_kernels.duplicate_game_blocks`). A *pair* (the two plays of one deal
sequence) is one sample: every figure is the mean over pairs of the per-pair average, with the
normal 95% CI of that mean (for rates, the Wilson interval at the pairs' effective size, which
stays inside [0, 1]); the two plays of a pair are not independent, so they are not
counted as two samples.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.core.stats import mean_ci, rate_ci, wilson_ci
from jass_sim.jass.players import DEFAULT_CHOOSER
from jass_sim.jass.rules import get_rules

#: Games whose score trajectories are kept for the plot.
TRAJECTORIES = 40


def _pair_ci(values: np.ndarray, rate: bool = False) -> tuple[float, float, float]:
    """Mean with 95% CI of per-pair values (``values[g, play]``, averaged over the two plays); for
    a ``rate`` (0/1 values) the Wilson interval at the pairs' effective size
    (:func:`jass_sim.core.stats.rate_ci`, at most the number of plays)."""
    x = values.astype(np.float64).mean(axis=1)
    if rate:
        return rate_ci(float(x.sum()), float((x * x).sum()), len(x), max_n=2 * len(x))
    return mean_ci(float(x.sum()), float((x * x).sum()), len(x))


def play_games(games: int, team_a: str = "heuristic", team_b: str = "heuristic", rules="chibre", seed: int = 0,
               threads: int | None = None, chooser_a: str = DEFAULT_CHOOSER, chooser_b: str = DEFAULT_CHOOSER,
               trajectories: int = TRAJECTORIES, progress=None) -> tuple[np.ndarray, np.ndarray]:
    """Play ``games`` duplicate games; ``(out, traj)``: ``out[g, play]`` the kernel's per-game
    results (see ``jass_sim.jass.engine.game.OUT_*``), ``traj[g, play, r]`` the scores after round
    ``r`` of the first games. Wraps :func:`jass_sim.jass.games._games_kernels.duplicate_game_blocks`,
    in short sub-batches (:class:`jass_sim.core.batches.Slicer`) after each of which ``progress``
    is called with the games done."""
    from jass_sim.core.batches import Slicer, call
    from jass_sim.core.resources import check_memory
    from jass_sim.core.rng import block_states
    from jass_sim.core.threads import numba_threads
    from jass_sim.jass.engine.game import MAX_ROUNDS, N_OUT
    from jass_sim.jass.games._games_kernels import GAMES_BLOCK, GAMES_STREAM, duplicate_game_blocks
    from jass_sim.jass.modes.choose import MODE_POLICIES
    from jass_sim.jass.modes.weights import default_mode_params
    from jass_sim.jass.players import PLAYERS, policy_params
    from jass_sim.jass.players.dispatch import player_set

    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games <= 0:
        raise InputError(f"the number of games must be a positive integer, got {games}", str(games))
    for c in (chooser_a, chooser_b):
        if c not in MODE_POLICIES:
            raise InputError(f"unknown chooser {c!r} (expected one of {', '.join(MODE_POLICIES)})", c)
    rules = get_rules(rules)
    pa, pb = PLAYERS.code(team_a), PLAYERS.code(team_b)
    runs, fours, mults = rules.arrays()
    check_memory(games * 2 * N_OUT * 8, f"--games {games}", str(games), per_unit=2 * N_OUT * 8)  # per-game records
    n_blocks = -(-games // GAMES_BLOCK)
    counts = np.full(n_blocks, GAMES_BLOCK, dtype=np.int64)
    counts[-1] = games - (n_blocks - 1) * GAMES_BLOCK
    out = np.zeros((games, 2, N_OUT), dtype=np.int64)
    traj = np.zeros((min(trajectories, games), 2, MAX_ROUNDS, 2), dtype=np.int64)
    states = block_states(seed, 0, n_blocks, GAMES_STREAM)
    offsets = np.arange(n_blocks, dtype=np.int64) * GAMES_BLOCK
    modes, mode_params = np.asarray(rules.modes, dtype=np.int64), default_mode_params(rules)
    with numba_threads(threads):
        # short sub-batches (a block resumes where the last call stopped): interruptible, same games
        for lo, hi, starts, steps in Slicer(progress).slices(counts, resumable=True):
            call(duplicate_game_blocks, player_set((pa, pb)), states[lo:hi], steps, offsets[lo:hi] + starts, rules.target,
                 rules.premier_sorti, rules.chibre_first_round, modes, MODE_POLICIES[chooser_a],
                 MODE_POLICIES[chooser_b], mode_params, pa, pb, policy_params(), runs, fours, mults, out, traj)
    return out, traj


def games_result(out: np.ndarray, rules, team_a: str, team_b: str) -> dict:
    """The ``games`` figures, each with its 95% CI over pairs (see the module)."""
    from jass_sim.jass.engine.game import (
        OUT_DECIDED_BY_ORDER,
        OUT_MID_ROUND,
        OUT_ROUNDS,
        OUT_SCORE0,
        OUT_SCORE1,
        OUT_WINNER,
    )

    rules = get_rules(rules)
    n = out.shape[0]
    a_team = np.array([0, 1])  # team A's seats' team in play 0 and play 1
    winner = out[:, :, OUT_WINNER]
    a_won = (winner == a_team).astype(np.int64)
    scores = out[:, :, [OUT_SCORE0, OUT_SCORE1]]
    score_a = np.where(a_team == 0, scores[:, :, 0], scores[:, :, 1])
    score_b = np.where(a_team == 0, scores[:, :, 1], scores[:, :, 0])
    loser = np.where(winner == 0, scores[:, :, 1], scores[:, :, 0])
    rubicon = (2 * loser < rules.target).astype(np.int64)
    split = int((a_won.sum(axis=1) == 1).sum())
    first = dict(zip(("mean", "lo", "hi"), wilson_ci(int((a_won[:, 0]).sum()), n)))

    def fig(values, rate=False):
        m, lo, hi = _pair_ci(values, rate)
        return {"mean": m, "ci95": [lo, hi]}

    result = {
        "team_a": team_a, "team_b": team_b, "rules": rules.name, "target": rules.target,
        "ending": "premier-sorti" if rules.premier_sorti else "plus-grand-ecart",
        "games": n, "plays": 2 * n,
        "win_rate_a": fig(a_won, rate=True),
        "pairs_split": split, "pairs_won_both_a": int((a_won.sum(axis=1) == 2).sum()),
        "pairs_lost_both_a": int((a_won.sum(axis=1) == 0).sum()),
        "win_rate_a_first_plays": {"mean": first["mean"], "ci95": [first["lo"], first["hi"]]},
        "rounds_per_game": fig(out[:, :, OUT_ROUNDS]),
        "rubicon_rate": fig(rubicon, rate=True),
        "ended_inside_last_round": fig(out[:, :, OUT_MID_ROUND], rate=True),
        "decided_by_premier_sorti": fig(out[:, :, OUT_DECIDED_BY_ORDER], rate=True),
        "mean_final_score_a": fig(score_a),
        "mean_final_score_b": fig(score_b),
        "unfinished_games": int((winner < 0).sum()),
    }
    return result


def games(games: int, team_a: str, team_b: str, rules="chibre", target: int | None = None,
          ending: str | None = None, seed: int = 0, threads: int | None = None, chooser_a: str = DEFAULT_CHOOSER,
          chooser_b: str = DEFAULT_CHOOSER, progress=None) -> tuple[dict, np.ndarray, np.ndarray]:
    """Team A against team B over ``games`` duplicate whole games; ``(result, out, traj)`` (see
    :func:`games_result` and :func:`play_games`). ``target`` and ``ending``
    (``premier-sorti`` / ``plus-grand-ecart``) override the preset's."""
    rules = game_rules(rules, target, ending)
    out, traj = play_games(games, team_a, team_b, rules, seed, threads, chooser_a, chooser_b, progress=progress)
    result = games_result(out, rules, team_a, team_b) | {"seed": seed, "chooser_a": chooser_a,
                                                          "chooser_b": chooser_b}
    return result, out, traj


def game_rules(rules, target: int | None, ending: str | None):
    """The preset with ``target`` and ``ending`` overridden (InputError naming a bad value)."""
    rules = get_rules(rules)
    if target is not None:
        if not 200 <= target <= 20_000:
            raise InputError(f"--target must be from 200 to 20000 points, got {target}", str(target))
        rules = rules.replace(target=target)
    if ending is not None:
        e = ending.strip().lower()
        if e not in ("premier-sorti", "plus-grand-ecart"):
            raise InputError(f"invalid value {ending!r} for --ending (expected premier-sorti or plus-grand-ecart)",
                             ending)
        rules = rules.replace(premier_sorti=e == "premier-sorti")
    return rules


FIGURES = (("win_rate_a", "win rate of team A (paired)", True), ("rounds_per_game", "rounds per game", False),
           ("rubicon_rate", "rubicon (loser below half the target)", True),
           ("ended_inside_last_round", "ended inside the last round (premier sorti)", True),
           ("decided_by_premier_sorti", "decided by premier sorti (loser ahead after the full round)", True),
           ("mean_final_score_a", "mean final score of team A", False),
           ("mean_final_score_b", "mean final score of team B", False))


class Games(Result):
    """The answer of ``games`` (:func:`jass_sim.games`): ``to_json()`` (``win_rate_a``,
    ``rounds_per_game``, ``rubicon_rate``, ... each ``{"mean", "ci95"}``), ``table`` (one row per
    figure, the CSV output), ``out`` (the per-game results of the kernel) and ``plot()``."""

    formats = ("table", "json", "csv")
    plot_formats = ("png", "svg")

    def __init__(self, doc: dict, out: np.ndarray, traj: np.ndarray):
        import pandas as pd

        rows = [{"figure": key, "mean": doc[key]["mean"], "ci95_lo": doc[key]["ci95"][0],
                 "ci95_hi": doc[key]["ci95"][1]} for key, _, _ in FIGURES]
        table = pd.DataFrame(rows)
        for k in ("team_a", "team_b", "rules", "target", "ending", "games", "seed"):
            table[k] = doc[k]
        super().__init__(doc, table)
        self.out, self._traj = out, traj

    @property
    def heading(self) -> str:
        r = self._doc
        return f"{r['team_a']} vs {r['team_b']}, {r['games']:,} duplicate games, {r['rules']}"

    def text(self) -> str:
        """Text for people."""
        r = self._doc
        lines = [f"team A {r['team_a']} vs team B {r['team_b']}: {r['games']:,} duplicate games "
                 f"({r['plays']:,} played), rules {r['rules']}, target {r['target']}, {r['ending']}, seed {r['seed']}",
                 ""]
        for key, label, pct in FIGURES:
            m, (lo, hi) = r[key]["mean"], r[key]["ci95"]
            if pct:
                lines.append(f"  {label:<62} {100 * m:6.1f}%  (95% CI {100 * lo:.1f} to {100 * hi:.1f})")
            else:
                lines.append(f"  {label:<62} {m:6.1f}   (95% CI {lo:.1f} to {hi:.1f})")
        lines.append("")
        lines.append(f"deal sequences won twice by A {r['pairs_won_both_a']:,}, split {r['pairs_split']:,}, "
                     f"lost twice {r['pairs_lost_both_a']:,}. CIs are over deal sequences (pairs); they cover "
                     "the deals, not the play model.")
        return "\n".join(lines)

    def figure(self):
        """Score trajectories of the first games (team A's score against B's, both plays) and the
        distribution of the number of rounds (a matplotlib Figure)."""
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib.figure import Figure

        from jass_sim.jass.engine.game import OUT_ROUNDS

        result, out, traj = self._doc, self.out, self._traj
        fig = Figure(figsize=(11, 4.6), layout="constrained")
        ax1, ax2 = fig.subplots(1, 2)
        for g in range(traj.shape[0]):
            for play, style in ((0, "-"), (1, ":")):
                n = out[g, play, OUT_ROUNDS]
                a, b = (0, 1) if play == 0 else (1, 0)
                xs = np.concatenate([[0], traj[g, play, :n, a]])
                ys = np.concatenate([[0], traj[g, play, :n, b]])
                ax1.plot(xs, ys, style, lw=0.8, alpha=0.6, color=f"C{g % 10}")
        t = result["target"]
        ax1.axvline(t, color="black", lw=0.8)
        ax1.axhline(t, color="black", lw=0.8)
        ax1.set_xlabel(f"score of team A ({result['team_a']})")
        ax1.set_ylabel(f"score of team B ({result['team_b']})")
        ax1.set_title(f"score after each round, first {traj.shape[0]} deal sequences\n(solid: A on seats 0/2, "
                      "dotted: the same deals, seats swapped)", fontsize=9)
        rounds = out[:, :, OUT_ROUNDS].ravel()
        bins = np.arange(rounds.min(), rounds.max() + 2) - 0.5
        ax2.hist(rounds, bins=bins, color="tab:blue", density=True)
        m, (lo, hi) = result["rounds_per_game"]["mean"], result["rounds_per_game"]["ci95"]
        ax2.set_xlabel("rounds per game")
        ax2.set_ylabel("share of games")
        ax2.set_title(f"rounds per game: mean {m:.2f} (95% CI {lo:.2f} to {hi:.2f}), {len(rounds):,} games",
                      fontsize=9)
        fig.suptitle(f"{result['rules']}, target {t}, {result['ending']}", fontsize=9)
        return fig


def record_duplicate_game(seed: int, game: int, play: int, team_a: str, team_b: str, rules="chibre",
                          chooser_a: str = DEFAULT_CHOOSER, chooser_b: str = DEFAULT_CHOOSER):
    """The :class:`~jass_sim.jass.engine.game.GameRecord` of play ``play`` of game ``game`` of a
    ``games`` run (the same random streams, replayed alone), for replay and tests."""
    from jass_sim.core.rng import block_states
    from jass_sim.jass.engine.game import recorded_game
    from jass_sim.jass.games._games_kernels import GAMES_BLOCK, GAMES_STREAM, _draw_state
    from jass_sim.jass.modes.choose import MODE_POLICIES
    from jass_sim.jass.players import PLAYERS

    rng = block_states(seed, game // GAMES_BLOCK, 1, GAMES_STREAM)[0]
    deal_rng = np.zeros(4, dtype=np.uint64)
    play_rng = np.zeros(4, dtype=np.uint64)
    for _ in range(game % GAMES_BLOCK + 1):
        _draw_state(rng, deal_rng)
        _draw_state(rng, play_rng)
    a_seats = [(s & 1) == play for s in range(4)]
    pol = np.array([PLAYERS.code(team_a) if a else PLAYERS.code(team_b) for a in a_seats], dtype=np.int64)
    modes = np.array([MODE_POLICIES[chooser_a] if a else MODE_POLICIES[chooser_b] for a in a_seats], dtype=np.int64)
    return recorded_game(deal_rng, play_rng, rules, modes, pol)
