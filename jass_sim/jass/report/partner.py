"""Section 2e of the Jass report, after the push: what the partner should choose, and how much
chibre's value depends on the partner's mode choice (issue 44, section 2).

Uniform deals in which seat 0's ``fitted`` mode model pushes (rejection sampling: the pushers'
hands are those the model pushes) are each played once in every allowed mode with seat 2 (the
partner) declaring and seat 0 leading, by the report's card play at every seat, as
``scripts/partner_data.py`` does for the partner model's fit (with its own random stream, so the
report's deals are not the fit's). Every partner's pick is then read off the same deal (paired):
the shipped partner model, the chooser's weights (the partner before the partner model), the hand
evaluator, and the best single mode in hindsight (an upper bound no partner reaches, since each
mode is played once per deal). Tables:

``partner_models``
    Per partner: the mean difference of its pick (chibre's value with that partner), its paired
    difference from the partner model, and its share of deals where it picks the realised best.
``partner_choice``
    By the partner's hand type (the cards of its longest suit, the Buur and Nell held in it):
    the mean difference of the longest suit as trump, of a side suit as trump (the one of the
    other three the partner model rates best), of obe-abe and une-ufe, and the share of hands in
    which the partner model picks each.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from jass_sim.core.rng import block_states
from jass_sim.core.stats import mean_ci, wilson_ci
from jass_sim.jass.streams import STREAMS

REPORT_PARTNER_STREAM = STREAMS["jass.report-partner"]
#: Pushed deals of section 2e at most (the report's budget ``deals // PARTNER_DIVISOR`` below it).
PARTNER_DEALS = 200_000
PARTNER_DIVISOR = 4
MODEL_COLUMNS = ("partner", "n", "mean", "ci95_lo", "ci95_hi", "vs_model", "vs_lo", "vs_hi", "best", "share_best",
                 "best_lo", "best_hi")
CHOICE_COLUMNS = ("trumps", "jacks", "option", "n", "mean", "ci95_lo", "ci95_hi", "picked", "share_picked",
                  "picked_lo", "picked_hi")
#: The partners compared, in the table's order (the first is the reference of ``vs_model``).
PARTNERS = ("partner model", "chooser weights", "evaluator", "best mode in hindsight")
OPTIONS = ("long suit trump", "side suit trump", "obe-abe", "une-ufe")
JACKS = ("Buur and Nell", "Buur", "Nell", "neither")


def partner_deals(deals: int) -> int:
    """The pushed deals of section 2e for a report budget of ``deals``."""
    return max(1, min(PARTNER_DEALS, deals // PARTNER_DIVISOR))


def play_pushed(rules, n: int, seed: int, pid: int) -> dict:
    """``n`` pushed deals (see the module): ``partner``, ``pusher`` (uint64 masks) and ``diff``
    (``int64[n, len(rules.modes)]``, seats 0+2 minus 1+3, each deal in every mode)."""
    from jass_sim.core.notation import cards_to_mask
    from jass_sim.jass.engine.round import new_work, play_dealt_round
    from jass_sim.jass.modes.choose import MODE_POLICIES, choose_mode
    from jass_sim.jass.modes.weights import default_mode_params
    from jass_sim.jass.players import policy_params
    from jass_sim.jass.players.dispatch import player_set
    from jass_sim.jass.rules._scoring import TOTAL

    deal_rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(REPORT_PARTNER_STREAM, 0)))
    play_rng = block_states(seed, 1, 1, REPORT_PARTNER_STREAM)[0].copy()
    modes = np.asarray(rules.modes, dtype=np.int64)
    runs, fours, mults = rules.arrays()
    params = default_mode_params(rules)
    players, policies, pparams = player_set(pid), np.full(4, pid, dtype=np.int64), policy_params()
    work, initial = new_work(), np.zeros(4, dtype=np.uint64)
    partner, pusher = np.zeros(n, dtype=np.uint64), np.zeros(n, dtype=np.uint64)
    diff = np.zeros((n, len(modes)), dtype=np.int64)
    k = 0
    while k < n:
        deck = deal_rng.permutation(36)
        hands = np.array([cards_to_mask(int(c) for c in deck[9 * s: 9 * s + 9]) for s in range(4)], dtype=np.uint64)
        if not choose_mode(MODE_POLICIES["fitted"], hands[0], hands[2], modes, mults, True, params,
                           np.ones(4, dtype=np.uint64))[1]:
            continue
        for i, mode in enumerate(modes):
            play_dealt_round(players, hands.copy(), initial, 2, 0, int(mode), policies, pparams, runs, fours, mults,
                             play_rng, work)
            diff[k, i] = work[3][0, TOTAL] - work[3][1, TOTAL]
        partner[k], pusher[k] = hands[2], hands[0]
        k += 1
    return {"partner": partner, "pusher": pusher, "diff": diff}


def picks(hands: np.ndarray, rules, params: np.ndarray | None) -> np.ndarray:
    """The mode each partner hand picks: by :func:`~jass_sim.jass.modes.features.fitted_best`
    with ``params`` (a full ``mode_params``: pass its partner view for the partner model), or by
    the evaluator (:func:`~jass_sim.jass.modes.choose.best_mode`) when ``params`` is None."""
    from jass_sim.jass.modes.choose import best_mode
    from jass_sim.jass.modes.features import TRUMP_FEATURES, fitted_best

    modes = np.asarray(rules.modes, dtype=np.int64)
    mults = rules.arrays()[2]
    feats = np.zeros(TRUMP_FEATURES)
    out = np.zeros(len(hands), dtype=np.int64)
    for i, h in enumerate(np.asarray(hands, dtype=np.uint64)):
        out[i] = best_mode(h, modes, mults)[0] if params is None else fitted_best(h, modes, mults, params, feats)[0]
    return out


def partner_picks(data: dict, rules) -> dict:
    """Each partner's pick per deal (a column index of ``data["diff"]``), by :data:`PARTNERS`."""
    from jass_sim.jass.modes.features import partner_params
    from jass_sim.jass.modes.weights import default_mode_params

    params = default_mode_params(rules)
    col = {int(m): i for i, m in enumerate(rules.modes)}

    def cols(modes):
        return np.array([col[int(m)] for m in modes], dtype=np.int64)

    hands = data["partner"]
    return {"partner model": cols(picks(hands, rules, partner_params(params))),
            "chooser weights": cols(picks(hands, rules, params)),
            "evaluator": cols(picks(hands, rules, None)),
            "best mode in hindsight": data["diff"].argmax(axis=1)}


def model_table(data: dict, chosen: dict) -> pd.DataFrame:
    """``partner_models`` (see the module): paired on the deals of ``data``."""
    diff = data["diff"]
    n = len(diff)
    rows_idx = np.arange(n)
    top = diff.max(axis=1)
    ref = diff[rows_idx, chosen[PARTNERS[0]]]
    rows = []
    for name in PARTNERS:
        v = diff[rows_idx, chosen[name]]
        m, lo, hi = mean_ci(int(v.sum()), int((v * v).sum()), n)
        d = v - ref
        dm, dlo, dhi = mean_ci(int(d.sum()), int((d * d).sum()), n)
        k = int((v == top).sum())
        p, plo, phi = wilson_ci(k, n)
        rows.append({"partner": name, "n": n, "mean": m, "ci95_lo": lo, "ci95_hi": hi, "vs_model": dm, "vs_lo": dlo,
                     "vs_hi": dhi, "best": k, "share_best": p, "best_lo": plo, "best_hi": phi})
    return pd.DataFrame(rows, columns=list(MODEL_COLUMNS))


def hand_type(hand: int) -> tuple[str, str, int]:
    """``(trumps, jacks, suit)`` of a partner's hand: its longest suit (ties: the one holding the
    Buur, then the Nell, then the first), its length (``3``, ``4``, ``5+``) and which of the Buur
    (J) and Nell (9) it holds."""
    best, key = 0, None
    for s in range(4):
        ranks = (int(hand) >> (9 * s)) & 0x1FF
        k = (bin(ranks).count("1"), (ranks >> 5) & 1, (ranks >> 3) & 1)
        if key is None or k > key:
            best, key = s, k
    n, buur, nell = key
    trumps = "5+" if n >= 5 else str(n)
    jacks = JACKS[0] if buur and nell else JACKS[1] if buur else JACKS[2] if nell else JACKS[3]
    return trumps, jacks, best


def best_side_suits(hands: np.ndarray, rules) -> np.ndarray:
    """Per partner hand, the side suit (a trump mode other than the hand's long suit, see
    :func:`hand_type`) the partner model rates best, or -1 when the rules allow none."""
    from jass_sim.jass.modes.features import TRUMP_FEATURES, fitted_best, partner_params
    from jass_sim.jass.modes.weights import default_mode_params

    params = partner_params(default_mode_params(rules))
    mults = rules.arrays()[2]
    feats = np.zeros(TRUMP_FEATURES)
    out = np.full(len(hands), -1, dtype=np.int64)
    for i, h in enumerate(np.asarray(hands, dtype=np.uint64)):
        side = np.array([m for m in rules.modes if m < 4 and m != hand_type(int(h))[2]], dtype=np.int64)
        if len(side):
            out[i] = fitted_best(h, side, mults, params, feats)[0]
    return out


def choice_table(data: dict, chosen: np.ndarray, rules, side: np.ndarray, min_cell: int = 1) -> pd.DataFrame:
    """``partner_choice`` (see the module) for the partner model's picks ``chosen`` (columns of
    ``data["diff"]``) and its best side suits ``side`` (:func:`best_side_suits`); cells of fewer
    than ``min_cell`` hands are left out."""
    modes = list(rules.modes)
    diff = data["diff"].astype(np.int64)
    types = [hand_type(h) for h in data["partner"]]
    suit = np.array([t[2] for t in types])
    trumps = np.array([t[0] for t in types])
    jacks = np.array([t[1] for t in types])
    idx = np.arange(len(diff))
    trump_cols = [modes.index(s) for s in range(4) if s in modes]
    has_long = np.array([s in modes for s in suit])
    long_col = np.array([modes.index(s) if s in modes else -1 for s in suit])
    picked_mode = np.array(modes)[chosen]
    values, picked = {}, {}
    if trump_cols and has_long.all():
        values["long suit trump"] = diff[idx, long_col]
        picked["long suit trump"] = picked_mode == suit
        if (side >= 0).all():
            values["side suit trump"] = diff[idx, [modes.index(int(m)) for m in side]]
            picked["side suit trump"] = (picked_mode < 4) & (picked_mode != suit)
    for name, m in (("obe-abe", 4), ("une-ufe", 5)):
        if m in modes:
            values[name] = diff[:, modes.index(m)]
            picked[name] = picked_mode == m
    rows = []
    for t in ("3", "4", "5+"):
        for j in JACKS:
            cell = (trumps == t) & (jacks == j)
            n = int(cell.sum())
            if n < min_cell:
                continue
            for name in OPTIONS:
                if name not in values:
                    continue
                v = values[name][cell].astype(np.float64)
                m, lo, hi = mean_ci(float(v.sum()), float((v * v).sum()), n)
                k = int(picked[name][cell].sum())
                p, plo, phi = wilson_ci(k, n)
                rows.append({"trumps": t, "jacks": j, "option": name, "n": n, "mean": m, "ci95_lo": lo,
                             "ci95_hi": hi, "picked": k, "share_picked": p, "picked_lo": plo, "picked_hi": phi})
    return pd.DataFrame(rows, columns=list(CHOICE_COLUMNS))


def tables(rules, deals: int, seed: int, pid: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(partner_models, partner_choice)`` of section 2e on :func:`partner_deals` pushed deals."""
    data = play_pushed(rules, partner_deals(deals), seed, pid)
    chosen = partner_picks(data, rules)
    return model_table(data, chosen), choice_table(data, chosen["partner model"], rules,
                                                   best_side_suits(data["partner"], rules))


def blocks(tables: dict[str, pd.DataFrame], section: str) -> list[tuple]:
    """Section 2e (see :mod:`jass_sim.core.report.render`) from ``partner_models`` and
    ``partner_choice``."""
    from jass_sim.core.report.text import n_fmt, pct_ci, pm

    if "partner_models" not in tables:
        return []
    models, choice = tables["partner_models"], tables["partner_choice"]
    out: list[tuple] = [("h2", f"{section}. After the push: what the partner should choose")]
    if not len(models):
        return out + [("p", "No pushed deal was played in this run.")]
    n = int(models["n"].iloc[0])
    out.append(("p", f"{n_fmt(n)} uniform deals in which the chooser's fitted model pushes are each played once in "
                     "every mode with the partner declaring and the pusher leading. Each partner picks a mode from "
                     "its own hand, and its pick's difference is read off the same deal (paired): the **partner "
                     "model** (fitted for this position on pushed deals, `scripts/fit_partner.py`, and shipped: "
                     "the `fitted` partner of `advise` and `simulate`), the **chooser's weights** (the partner "
                     "before the partner model: fitted for a chooser who leads), the **hand evaluator**, and the "
                     "best mode in hindsight (an upper bound: each mode is played once per deal, so its luck "
                     "counts). These deals are not the ones the model was fitted on. The partner's own search "
                     "(`advise --partner-model search`) is not measured here: it searches sampled deals for every "
                     "pushed deal, far beyond this section's budget. The CIs cover the sampled deals, not the play "
                     "model."))
    m = models.set_index("partner")
    pm_row, cw, ev = m.loc["partner model"], m.loc["chooser weights"], m.loc["evaluator"]
    out.append(("p", f"Chibre is worth {pm(pm_row['mean'], pm_row['ci95_lo'], pm_row['ci95_hi'])} points per round "
                     "with the partner model choosing, the chooser's weights "
                     f"{pm(cw['vs_model'], cw['vs_lo'], cw['vs_hi'])} from that and the hand evaluator "
                     f"{pm(ev['vs_model'], ev['vs_lo'], ev['vs_hi'])} (paired differences)."))
    out.append(("table", ["partner", "deals", "chibre's value", "minus the partner model's", "picks the best mode"],
                [[r["partner"], n_fmt(r["n"]), pm(r["mean"], r["ci95_lo"], r["ci95_hi"]),
                  pm(r["vs_model"], r["vs_lo"], r["vs_hi"]), pct_ci(r["share_best"], r["best_lo"], r["best_hi"])]
                 for _, r in models.iterrows()], "Chibre's value by the partner's mode choice", "lrrrr"))
    if len(choice):
        out.append(("p", "By the partner's hand: its longest suit (the *long suit*; ties go to the suit with the "
                         "Buur, then the Nell), how many cards it has and whether it holds the Buur and the Nell. "
                         "Each cell gives the mean difference of each choice on those deals (a *side suit* as trump: "
                         "the one of the other three the partner model rates best) and how often the partner model "
                         "picks it."))
        out.append(("p", agreement_sentence(choice)))
        out.append(("table", ["long suit", "Buur/Nell in it", "choice", "hands", "mean difference",
                              "the partner model picks it"],
                    [[r["trumps"], r["jacks"], r["option"], n_fmt(r["n"]), pm(r["mean"], r["ci95_lo"], r["ci95_hi"]),
                      pct_ci(r["share_picked"], r["picked_lo"], r["picked_hi"])] for _, r in choice.iterrows()],
                    "After the push, by the partner's hand", "lllrrr"))
    return out


def agreement_sentence(choice: pd.DataFrame) -> str:
    """How often, by hand type, the partner model's most frequent choice is the choice with the
    best mean difference (a point estimate: the means' CIs are in the table), and where not."""
    cells, misses = 0, []
    for (t, j), g in choice.groupby(["trumps", "jacks"], sort=False):
        cells += 1
        best = g.loc[g["mean"].idxmax(), "option"]
        top = g.loc[g["share_picked"].idxmax(), "option"]
        if best != top:
            misses.append(f"{t} cards, {j}: mostly {top}, best mean {best}")
    text = (f"In {cells - len(misses)} of {cells} hand types the partner model's most frequent choice is the one "
            "with the highest mean difference on these deals")
    return text + (" (the means are single estimates: see their CIs)." if not misses else
                   "; elsewhere (" + "; ".join(misses) + ") compare the CIs before reading it as a mistake.")
