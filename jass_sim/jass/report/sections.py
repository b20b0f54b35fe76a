"""The computations behind ``jass-sim report``: one function per section, pandas out.

Every function returns plain DataFrames (tidy: one row per estimate, with its sample size and
95% interval); :mod:`jass_sim.jass.report.prose` turns them into text and tables,
:mod:`jass_sim.jass.report.plots` into plots. The sentences of the report are built from these
tables only.

Conventions: seat 0 holds the hand, chooses and leads the first trick; "ours" is its team
(seats 0+2); the *difference* of a round is our total minus theirs (cards, melds, stöck,
match, times the multiplier).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from jass_sim.core.batches import Slicer, call
from jass_sim.core.rng import block_states
from jass_sim.core.stats import Z95, mean_ci, wilson_ci
from jass_sim.jass.advise.advice import PARTNER_MODELS, paired_lead
from jass_sim.jass.advise.options import option_name
from jass_sim.jass.advise.sampling import CHIBRE, run_advise
from jass_sim.jass.cards import MODE_NAMES, N_CARDS, RANKS, SUITS, format_card
from jass_sim.jass.modes.choose import CHIBRE_BELOW, best_mode
from jass_sim.jass.modes.fit import fitted_options
from jass_sim.jass.modes.weights import default_mode_params
from jass_sim.jass.players import DEFAULT_CHOOSER
from jass_sim.jass.rules import RuleSet
from jass_sim.jass.streams import STREAMS

#: RNG streams of the report's own sampling (``SeedSequence(seed, spawn_key=(stream, block))``;
#: every stream is in :data:`jass_sim.jass.streams.STREAMS`).
HAND_STREAM, CARD_STREAM = STREAMS["jass.report-hands"], STREAMS["jass.report-cards"]
#: Buur/Nell categories of a trump suit, in display order.
BUUR_NELL = ("neither", "Nell only", "Buur only", "Buur and Nell")
TRUMP_BINS = ("0", "1", "2", "3", "4", "5", "6+")
COUNT_BINS = ("0", "1", "2", "3", "4")
#: Score bins of the chibre section are this wide (evaluator points).
SCORE_BIN_WIDTH = 5.0
#: Table cells with fewer hands than this are left blank in the report (kept in the CSV).
MIN_CELL = 10


# ---------------------------------------------------------------------------------------------
# Sampling
# ---------------------------------------------------------------------------------------------

def sample_hands(n: int, seed: int) -> np.ndarray:
    """``n`` uniformly random 9-card hands (``uint64``), seat 0's hand of ``n`` uniform deals in
    blocks of :data:`~jass_sim.jass.report._kernels.REPORT_BLOCK` of stream
    :data:`HAND_STREAM`."""
    from jass_sim.jass.report._kernels import REPORT_BLOCK
    from jass_sim.jass.report._kernels import sample_hands as kernel

    n_blocks = -(-n // REPORT_BLOCK)
    counts = np.full(n_blocks, REPORT_BLOCK, dtype=np.int64)
    counts[-1] = n - (n_blocks - 1) * REPORT_BLOCK
    out = np.zeros(n_blocks * REPORT_BLOCK, dtype=np.uint64)
    call(kernel, block_states(seed, 0, n_blocks, HAND_STREAM), counts, out)
    return out[:n]


def hand_features(masks: np.ndarray) -> pd.DataFrame:
    """Per hand: ``trumps_S``, ``buur_nell_S`` for each suit letter ``S``, ``aces``, ``sixes``."""
    bits = ((masks.astype(np.uint64)[:, None] >> np.arange(N_CARDS, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    cols = {}
    for s, letter in enumerate(SUITS):
        cols[f"trumps_{letter}"] = bits[:, 9 * s: 9 * s + 9].sum(axis=1)
        buur, nell = bits[:, 9 * s + RANKS.index("J")], bits[:, 9 * s + RANKS.index("9")]
        cols[f"buur_nell_{letter}"] = np.asarray(BUUR_NELL, dtype=object)[nell * 1 + buur * 2]
    cols["aces"] = bits[:, [9 * s + 8 for s in range(4)]].sum(axis=1)
    cols["sixes"] = bits[:, [9 * s for s in range(4)]].sum(axis=1)
    return pd.DataFrame(cols)


# ---------------------------------------------------------------------------------------------
# 1 + 2: every option on sampled hands
# ---------------------------------------------------------------------------------------------

def option_values(rules: RuleSet, hands: int, samples_per_hand: int, seed: int, policy: int,
                  progress=None, partner_model: str = DEFAULT_CHOOSER, mode_params=None) -> pd.DataFrame:
    """Every option (each allowed mode and chibre) on ``hands`` random hands, ``samples_per_hand``
    deals each, the same deals for every option (:func:`~jass_sim.jass.advise.sampling.run_advise`).
    After a chibre the partner picks its mode by ``partner_model`` (``fitted``, the default mode
    choice, with ``mode_params`` or the shipped weights; or ``evaluator``).

    Hand ``h`` uses the advise samples ``h * samples_per_hand ...`` of ``seed``. One row per
    hand: ``hand`` (mask), ``value_O`` (mean difference of option ``O``), ``best`` (the option
    with the highest mean), ``clear`` (its paired 95% CI lead over the runner-up excludes 0),
    ``eval_mode``/``eval_score`` (the hand evaluator's best mode and its score),
    ``eval_option`` (the evaluator's choice: chibre below ``CHIBRE_BELOW``), ``fitted_option``
    (the ``fitted`` mode policy's choice, :func:`~jass_sim.jass.modes.fit.fitted_options`),
    ``chibre_adv`` (chibre minus the best mode, cross-fitted: the best mode is picked on one half
    of the deals and compared on the other, both ways, averaged, so the pick's luck does not
    count), ``chibre_wins`` (``chibre_adv > 0``), then :func:`hand_features`.
    """
    return values_of(sample_hands(hands, seed), rules, samples_per_hand, seed, policy, 0, progress, partner_model,
                     mode_params)


def values_of(masks: np.ndarray, rules: RuleSet, samples_per_hand: int, seed: int, policy: int, first_hand: int = 0,
              progress=None, partner_model: str = DEFAULT_CHOOSER, mode_params=None) -> pd.DataFrame:
    """:func:`option_values` on the given hands ``masks``: hand ``h`` uses the advise samples
    ``(first_hand + h) * samples_per_hand ...`` of ``seed`` (the stratified hands of
    :mod:`jass_sim.jass.report.strata` start after the uniform ones, so no two hands share deals)."""
    options = list(rules.modes) + [CHIBRE]
    names = [option_name(o) for o in options]
    mode_idx = np.arange(len(rules.modes))
    c_idx = len(options) - 1
    masks = np.asarray(masks).astype(np.uint64)
    hands = len(masks)
    modes_arr = np.asarray(rules.modes, dtype=np.int64)
    mults = rules.arrays()[2]
    pol = [policy] * 4
    values = np.zeros((hands, len(options)))
    best = np.zeros(hands, dtype=np.int64)
    clear = np.zeros(hands, dtype=bool)
    adv = np.zeros(hands)
    eval_mode = np.zeros(hands, dtype=np.int64)
    eval_score = np.zeros(hands)
    half = samples_per_hand // 2
    for h in range(hands):
        s = run_advise(masks[h], rules, options, pol, leader=0, seed=seed,
                       first_sample=(first_hand + h) * samples_per_hand,
                       n_samples=samples_per_hand, partner_model=PARTNER_MODELS[partner_model],
                       mode_params=mode_params)
        d = (s.ours - s.theirs).astype(np.float64)
        means = d.mean(axis=0)
        values[h] = means
        order = np.argsort(-means, kind="stable")
        best[h] = order[0]
        clear[h] = paired_lead(s, int(order[0]), int(order[1]))[1] > 0
        a, b = d[:half], d[half:]
        m_a = mode_idx[int(np.argmax(a[:, mode_idx].mean(axis=0)))]
        m_b = mode_idx[int(np.argmax(b[:, mode_idx].mean(axis=0)))]
        adv[h] = ((b[:, c_idx] - b[:, m_a]).mean() + (a[:, c_idx] - a[:, m_b]).mean()) / 2
        eval_mode[h], eval_score[h] = best_mode(masks[h], modes_arr, mults)
        if progress is not None and (h + 1) % 256 == 0:
            progress(h + 1)
    if progress is not None:
        progress(hands)
    df = pd.DataFrame({"hand": masks.astype(np.int64)})
    for i, name in enumerate(names):
        df[f"value_{name}"] = values[:, i]
    df["best"] = np.asarray(names, dtype=object)[best]
    df["clear"] = clear
    df["eval_mode"] = [MODE_NAMES[m] for m in eval_mode]
    df["eval_score"] = eval_score
    df["eval_option"] = np.where(eval_score < CHIBRE_BELOW, "chibre", df["eval_mode"])
    df["fitted_option"] = [option_name(int(o)) for o in fitted_options(masks, rules, default_mode_params(rules))]
    df["chibre_adv"] = adv
    df["chibre_wins"] = adv > 0
    return pd.concat([df, hand_features(masks)], axis=1)


def _mean_row(x: np.ndarray) -> dict:
    m, lo, hi = mean_ci(float(x.sum()), float((x * x).sum()), len(x))
    return {"n": len(x), "mean": m, "ci95_lo": lo, "ci95_hi": hi}


def _feature_bins(feature: str, values: pd.Series) -> pd.Series:
    if feature == "trumps":
        return values.clip(upper=6).astype(int).astype(str).replace("6", "6+")
    return values.astype(int).astype(str)


def feature_tables(per_hand: pd.DataFrame, rules: RuleSet) -> pd.DataFrame:
    """Mean value of each option by hand feature, per-hand means as the units.

    Tidy: ``feature, bin, group, option, n, mean, ci95_lo, ci95_hi``. Features: ``trumps``
    (trumps in the mode's suit, trump modes), ``trumps_buur_nell`` (the same, split by the Buur
    and Nell of that suit in ``group``), ``aces`` and ``sixes`` (every option); ``group`` is
    ``all`` except for ``trumps_buur_nell``.
    """
    rows = []
    trump_opts = [MODE_NAMES[m] for m in rules.modes if m < 4]
    all_options = [option_name(m) for m in rules.modes] + ["chibre"]

    def add(feature, bins, groups, opt, vals, order, group_order):
        for b in order:
            for g in group_order:
                sel = (bins == b) & (groups == g)
                x = vals[sel]
                if len(x):
                    rows.append({"feature": feature, "bin": b, "group": g, "option": opt, **_mean_row(x)})

    everything = np.full(len(per_hand), "all", dtype=object)
    for opt in trump_opts:
        vals = per_hand[f"value_{opt}"].to_numpy()
        bins = _feature_bins("trumps", per_hand[f"trumps_{opt}"]).to_numpy()
        add("trumps", bins, everything, opt, vals, TRUMP_BINS, ("all",))
    for opt in trump_opts:
        vals = per_hand[f"value_{opt}"].to_numpy()
        bins = _feature_bins("trumps", per_hand[f"trumps_{opt}"]).to_numpy()
        add("trumps_buur_nell", bins, per_hand[f"buur_nell_{opt}"].to_numpy(), opt, vals, TRUMP_BINS, BUUR_NELL)
    for feature in ("aces", "sixes"):
        bins = _feature_bins(feature, per_hand[feature]).to_numpy()
        for opt in all_options:
            add(feature, bins, everything, opt, per_hand[f"value_{opt}"].to_numpy(), COUNT_BINS, ("all",))
    return pd.DataFrame(rows, columns=["feature", "bin", "group", "option", "n", "mean", "ci95_lo", "ci95_hi"])


def best_choice_table(per_hand: pd.DataFrame, rules: RuleSet) -> pd.DataFrame:
    """How often each option has the best mean: ``option, hands, best, share, ci95_lo, ci95_hi,
    clear, share_clear, clear_lo, clear_hi`` (Wilson intervals; ``clear``: best with a paired
    95% CI lead over the runner-up that excludes zero); a last row ``all`` sums the options."""
    n = len(per_hand)
    rows = []
    for opt in [option_name(m) for m in rules.modes] + ["chibre"]:
        is_best = (per_hand["best"] == opt).to_numpy()
        k = int(is_best.sum())
        kc = int((is_best & per_hand["clear"].to_numpy()).sum())
        p, lo, hi = wilson_ci(k, n)
        pc, clo, chi = wilson_ci(kc, n)
        rows.append({"option": opt, "hands": n, "best": k, "share": p, "ci95_lo": lo, "ci95_hi": hi,
                     "clear": kc, "share_clear": pc, "clear_lo": clo, "clear_hi": chi})
    kc = int(per_hand["clear"].sum())
    pc, clo, chi = wilson_ci(kc, n)
    rows.append({"option": "all", "hands": n, "best": n, "share": 1.0, "ci95_lo": 1.0, "ci95_hi": 1.0,
                 "clear": kc, "share_clear": pc, "clear_lo": clo, "clear_hi": chi})
    return pd.DataFrame(rows)


#: The mode choosers the report measures, and the ``per_hand`` column holding each one's option.
CHOOSER_COLUMNS = {"evaluator": "eval_option", "fitted": "fitted_option"}


def evaluator_table(per_hand: pd.DataFrame) -> pd.DataFrame:
    """How the hand evaluator's choice (best score, chibre below the threshold) and the ``fitted``
    model's choice fare: ``chooser, statistic, k, n, estimate, ci95_lo, ci95_hi`` with rows
    ``agrees_with_best`` (it picks the option with the best simulated mean), ``chibres`` (it
    chibres) and ``regret`` (mean value of the best option minus its option, in points per round;
    biased upward because the best mean is picked with its luck) for each chooser of
    :data:`CHOOSER_COLUMNS`."""
    n = len(per_hand)
    value_cols = {c[len("value_"):]: c for c in per_hand.columns if c.startswith("value_")}
    top = per_hand[list(value_cols.values())].max(axis=1).to_numpy()
    rows = []
    for chooser, column in CHOOSER_COLUMNS.items():
        agree = int((per_hand[column] == per_hand["best"]).sum())
        chib = int((per_hand[column] == "chibre").sum())
        chosen = np.array([per_hand.at[i, value_cols[o]] for i, o in zip(per_hand.index, per_hand[column])])
        regret = _mean_row(top - chosen)
        rows += [{"chooser": chooser, "statistic": "agrees_with_best", "k": agree, "n": n,
                  **dict(zip(("estimate", "ci95_lo", "ci95_hi"), wilson_ci(agree, n)))},
                 {"chooser": chooser, "statistic": "chibres", "k": chib, "n": n,
                  **dict(zip(("estimate", "ci95_lo", "ci95_hi"), wilson_ci(chib, n)))},
                 {"chooser": chooser, "statistic": "regret", "k": n, "n": n, "estimate": regret["mean"],
                  "ci95_lo": regret["ci95_lo"], "ci95_hi": regret["ci95_hi"]}]
    return pd.DataFrame(rows)


def score_bins(scores: np.ndarray, width: float = SCORE_BIN_WIDTH) -> np.ndarray:
    """Inner bin edges of the evaluator score: multiples of ``width`` between the 2nd and 98th
    percentiles (the two outer bins are open)."""
    lo = math.floor(np.percentile(scores, 2) / width) * width
    hi = math.ceil(np.percentile(scores, 98) / width) * width
    return np.arange(lo, hi + width / 2, width)


def chibre_table(per_hand: pd.DataFrame) -> pd.DataFrame:
    """Chibre against the best mode by the evaluator's score of the hand's best mode.

    One row per score bin: ``bin, score_lo, score_hi`` (``[lo, hi)``, open ends infinite),
    ``hands``, ``mean_score``, ``wins`` (hands where chibre beats the best mode, cross-fitted,
    see :func:`option_values`), ``share`` with its Wilson ``ci95_lo``/``ci95_hi``, and the mean
    advantage of chibre ``mean_adv`` with ``adv_lo``/``adv_hi`` (points per round).
    """
    scores = per_hand["eval_score"].to_numpy()
    edges = score_bins(scores)
    full = np.concatenate([[-np.inf], edges, [np.inf]])
    idx = np.searchsorted(edges, scores, side="right")
    rows = []
    for b in range(len(full) - 1):
        sel = idx == b
        n = int(sel.sum())
        if n == 0:
            continue
        lo_e, hi_e = full[b], full[b + 1]
        label = f"< {hi_e:g}" if lo_e == -np.inf else (f">= {lo_e:g}" if hi_e == np.inf else f"{lo_e:g}-{hi_e:g}")
        k = int(per_hand["chibre_wins"].to_numpy()[sel].sum())
        p, plo, phi = wilson_ci(k, n)
        a = _mean_row(per_hand["chibre_adv"].to_numpy()[sel])
        rows.append({"bin": label, "score_lo": lo_e, "score_hi": hi_e, "hands": n,
                     "mean_score": float(scores[sel].mean()), "wins": k, "share": p, "ci95_lo": plo,
                     "ci95_hi": phi, "mean_adv": a["mean"], "adv_lo": a["ci95_lo"], "adv_hi": a["ci95_hi"]})
    return pd.DataFrame(rows)


def crossing(x: np.ndarray, y: np.ndarray, level: float) -> float:
    """First ``x`` (linearly interpolated) where ``y`` falls from ``>= level`` to ``< level``;
    NaN when it never does (``y`` entirely on one side, or NaN)."""
    for i in range(len(x) - 1):
        if y[i] >= level > y[i + 1]:
            return float(x[i] + (y[i] - level) / (y[i] - y[i + 1]) * (x[i + 1] - x[i]))
    return math.nan


def chibre_summary(per_hand: pd.DataFrame, table: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The crossover and the shares on both sides of it.

    Returns ``(crossover, sides)``: ``crossover`` has rows ``share_50`` (the score at which the
    share of hands where chibre wins falls through 50%, interpolated between bin mean scores),
    ``band_lo``/``band_hi`` (the same for the lower / upper 95% bounds: where the interval
    crosses 50%), ``adv_0`` (where the mean advantage falls through 0) and ``evaluator``
    (the evaluator's chibre threshold); column ``score``. ``sides`` has rows ``below`` and
    ``above`` (hands scored below / at or above the crossover): ``hands, wins, share, ci95_lo,
    ci95_hi, mean_adv, adv_lo, adv_hi``.
    """
    x = table["mean_score"].to_numpy()
    cross = crossing(x, table["share"].to_numpy(), 0.5)
    crossover = pd.DataFrame({"score": [cross, crossing(x, table["ci95_lo"].to_numpy(), 0.5),
                                        crossing(x, table["ci95_hi"].to_numpy(), 0.5),
                                        crossing(x, table["mean_adv"].to_numpy(), 0.0), CHIBRE_BELOW]},
                             index=pd.Index(["share_50", "band_lo", "band_hi", "adv_0", "evaluator"],
                                            name="statistic"))
    rows = {}
    cut = cross if not math.isnan(cross) else CHIBRE_BELOW
    scores = per_hand["eval_score"].to_numpy()
    for side, sel in (("below", scores < cut), ("above", scores >= cut)):
        n = int(sel.sum())
        k = int(per_hand["chibre_wins"].to_numpy()[sel].sum())
        p, lo, hi = wilson_ci(k, n)
        a = _mean_row(per_hand["chibre_adv"].to_numpy()[sel])
        rows[side] = {"hands": n, "wins": k, "share": p, "ci95_lo": lo, "ci95_hi": hi,
                      "mean_adv": a["mean"], "adv_lo": a["ci95_lo"], "adv_hi": a["ci95_hi"]}
    sides = pd.DataFrame.from_dict(rows, orient="index")
    sides.index.name = "side"
    return crossover, sides


# ---------------------------------------------------------------------------------------------
# 3: card values
# ---------------------------------------------------------------------------------------------

def card_values(rules: RuleSet, deals: int, seed: int, policy: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The value of holding each card in each mode, by least squares over ``deals`` deals per mode.

    In each allowed mode (fixed: seat 0 chooses it whatever its hand, and leads) the round
    difference ``y`` is regressed on the 36 indicators of seat 0's cards, without intercept
    (a hand always has 9 cards, so the intercept is their sum): ``E[y] = sum of beta_c over the
    hand``. The reported ``value`` of a card is ``beta_c`` minus the mean of the 36 betas: the
    points per round gained by holding it instead of an average card; its 95% interval comes
    from the OLS standard errors (``sigma^2 (X'X)^-1``). The deals are the same in every mode
    (stream :data:`CARD_STREAM`), so modes are compared on the same cards.

    Returns ``(values, fits)``: ``values`` tidy ``mode, card, value, ci95_lo, ci95_hi, beta``;
    ``fits`` per mode ``deals, mean_diff, sigma, r2, stoeck_ours, stoeck_theirs`` (rounds with
    stöck per team) and Wilson bounds ``stoeck_ours_lo/hi``, ``stoeck_theirs_lo/hi``.
    """
    from jass_sim.jass.players import policy_params
    from jass_sim.jass.players.dispatch import player_set
    from jass_sim.jass.report._kernels import REPORT_BLOCK, card_value_blocks

    runs, fours, mults = rules.arrays()
    n_blocks = -(-deals // REPORT_BLOCK)
    counts = np.full(n_blocks, REPORT_BLOCK, dtype=np.int64)
    counts[-1] = deals - (n_blocks - 1) * REPORT_BLOCK
    states = block_states(seed, 0, n_blocks, CARD_STREAM)
    policies = np.full(4, policy, dtype=np.int64)
    value_rows, fit_rows = [], []
    centre = np.eye(N_CARDS) - 1.0 / N_CARDS
    for mode in rules.modes:
        xtx = np.zeros((n_blocks, N_CARDS, N_CARDS), dtype=np.int64)
        xty = np.zeros((n_blocks, N_CARDS), dtype=np.int64)
        yy = np.zeros(n_blocks, dtype=np.int64)
        stoeck = np.zeros((n_blocks, 2), dtype=np.int64)
        # whole blocks a few at a time: each call short, so the report can be interrupted
        for lo, hi, _, steps in Slicer().slices(counts):
            call(card_value_blocks, player_set(policies), states[lo:hi], steps, mode, policies, policy_params(), runs, fours, mults,
                 xtx[lo:hi], xty[lo:hi], yy[lo:hi], stoeck[lo:hi])
        a = xtx.sum(axis=0).astype(np.float64)
        g = xty.sum(axis=0).astype(np.float64)
        syy = float(yy.sum())
        sy = g.sum() / 9  # every deal adds y to nine entries
        inv = np.linalg.pinv(a)
        beta = inv @ g
        rss = max(syy - float(beta @ g), 0.0)
        sigma2 = rss / max(deals - N_CARDS, 1)
        cov = sigma2 * centre @ inv @ centre.T
        value = centre @ beta
        half = Z95 * np.sqrt(np.clip(np.diag(cov), 0, None))
        for c in range(N_CARDS):
            value_rows.append({"mode": MODE_NAMES[mode], "card": format_card(c), "value": value[c],
                               "ci95_lo": value[c] - half[c], "ci95_hi": value[c] + half[c], "beta": beta[c]})
        mean_y = sy / deals
        tss = syy - deals * mean_y ** 2
        s_tot = stoeck.sum(axis=0)
        so, so_lo, so_hi = wilson_ci(int(s_tot[0]), deals)
        st, st_lo, st_hi = wilson_ci(int(s_tot[1]), deals)
        fit_rows.append({"mode": MODE_NAMES[mode], "deals": deals, "mean_diff": mean_y, "sigma": math.sqrt(sigma2),
                         "r2": 1 - rss / tss if tss > 0 else math.nan,
                         "stoeck_ours": so, "stoeck_ours_lo": so_lo, "stoeck_ours_hi": so_hi,
                         "stoeck_theirs": st, "stoeck_theirs_lo": st_lo, "stoeck_theirs_hi": st_hi})
    return pd.DataFrame(value_rows), pd.DataFrame(fit_rows)


# ---------------------------------------------------------------------------------------------
# 5: player strength
# ---------------------------------------------------------------------------------------------

#: Policies fast enough for the full number of duplicate deals; others get ``SLOW_PLAYER_DEALS``.
FAST_PLAYERS = ("random", "heuristic", "net")
SLOW_PLAYER_DEALS = 500


def player_pairs(players: list[str]) -> list[tuple[str, str]]:
    """Every pair of ``players``, the later one (in registry order: usually the stronger) first."""
    return [(players[j], players[i]) for i in range(len(players)) for j in range(i + 1, len(players))]


def player_table(rules: RuleSet, players: list[str], deals: int, seed: int) -> pd.DataFrame:
    """``duel`` of every pair of ``players`` on duplicate deals (the default ``fitted`` mode choice):
    ``team_a, team_b, deals, mean_diff, ci95_lo, ci95_hi, win_rate, wins, ties, losses,
    p_win_strict, win_lo, win_hi``. Pairs with a player outside :data:`FAST_PLAYERS` play
    ``min(deals, SLOW_PLAYER_DEALS)`` deals."""
    from jass_sim.jass.simulate.duel import duel

    rows = []
    for a, b in player_pairs(players):
        n = deals if a in FAST_PLAYERS and b in FAST_PLAYERS else min(deals, SLOW_PLAYER_DEALS)
        r = duel(a, b, n, rules, seed)
        rows.append({"team_a": a, "team_b": b, "deals": r["deals"], "mean_diff": r["mean_diff"],
                     "ci95_lo": r["ci95_diff"][0], "ci95_hi": r["ci95_diff"][1], "win_rate": r["win_rate"],
                     "wins": r["wins"], "ties": r["ties"], "losses": r["losses"],
                     "p_win_strict": r["p_win_strict"], "win_lo": r["ci95_win_rate_strict"][0],
                     "win_hi": r["ci95_win_rate_strict"][1]})
    return pd.DataFrame(rows)


