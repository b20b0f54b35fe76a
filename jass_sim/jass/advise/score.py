"""``advise --score OURS:THEIRS``: the options ranked by the probability of winning the game.

Every sampled deal's round is scored against the target from the given score (premier sorti
inside the round: melds, stöck, each trick as it is taken), and when the game goes on, the
shipped equity table (:mod:`jass_sim.jass.games.equity`) gives the probability of winning with the other team
choosing next. The options are compared on the same sampled deals: the lead of one option over
another is the mean of their per-deal difference, with its paired 95% CI.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.stats import mean_ci, rate_ci
from jass_sim.jass.advise.options import option_label, option_name


def equity_for(rules, policy: str):
    """The shipped table for ``policy`` when there is one, else the default policy's
    (``heuristic``); the answer names the table it used."""
    from jass_sim.jass.games.equity import SHIPPED_POLICIES, shipped_table

    return shipped_table(rules, policy if policy in SHIPPED_POLICIES else SHIPPED_POLICIES[0])


def _ci(values: np.ndarray) -> tuple[float, float, float]:
    return mean_ci(float(values.sum()), float((values * values).sum()), len(values))


def win_order(advice) -> list[int]:
    """Option indices from the highest mean win probability down."""
    return [int(i) for i in np.argsort(-advice.samples.win.mean(axis=0), kind="stable")]


def points_order(advice) -> list[int]:
    return [int(i) for i in advice.table.sort_values("mean_diff", ascending=False, kind="stable").index]


def win_block(advice) -> dict:
    """The ``win_probability`` block of the ``advise --format json`` document (see the README)."""
    win = advice.samples.win
    order = win_order(advice)
    best = order[0]
    options = []
    for o in range(len(advice.options)):
        p, lo, hi = rate_ci(float(win[:, o].sum()), float((win[:, o] ** 2).sum()), len(win))
        item = {"option": option_name(advice.options[o]), "p_win": p, "ci95": [lo, hi]}
        if o != best:
            d, dlo, dhi = _ci(win[:, best] - win[:, o])
            item["behind_best"] = {"mean": d, "ci95": [dlo, dhi]}
        options.append(item)
    lead = None
    if len(order) > 1:
        d, lo, hi = _ci(win[:, best] - win[:, order[1]])
        lead = {"option": option_name(advice.options[order[1]]), "mean": d, "ci95": [lo, hi]}
    differs = [advice.options[i] for i in order] != [advice.options[i] for i in points_order(advice)]
    too_close = lead is not None and lead["ci95"][0] <= 0 <= lead["ci95"][1]
    eq = advice.equity
    best_label = option_label(advice.options[best])
    if lead is None:
        sentence = f"Only one option: {best_label}, P(win) {options[best]['p_win']:.1%}."
    elif too_close:
        sentence = (f"By the probability of winning the game, too close to call between {best_label} and "
                    f"{option_label(advice.options[order[1]])}: {best_label} leads by {100 * lead['mean']:+.1f} "
                    f"percentage points (95% CI {100 * lead['ci95'][0]:+.1f} to {100 * lead['ci95'][1]:+.1f}).")
    else:
        sentence = (f"To win the game from {advice.score[0]}:{advice.score[1]}: {best_label}, P(win) "
                    f"{options[best]['p_win']:.1%}, {100 * lead['mean']:+.1f} percentage points over "
                    f"{option_label(advice.options[order[1]])} (95% CI {100 * lead['ci95'][0]:+.1f} to "
                    f"{100 * lead['ci95'][1]:+.1f}).")
    if differs:
        by_points = " > ".join(option_label(advice.options[i]) for i in points_order(advice))
        by_win = " > ".join(option_label(advice.options[i]) for i in order)
        sentence += (f" The ranking by win probability ({by_win}) differs from the ranking by points "
                     f"({by_points}).")
    return {"score": {"ours": advice.score[0], "theirs": advice.score[1]}, "target": eq.target,
            "ending": "premier-sorti" if eq.premier_sorti else "plus-grand-ecart",
            "equity_table": {"rules": eq.rules, "policy": eq.policy, "rounds": eq.rounds, "step": eq.step},
            "options": options, "recommendation": option_name(advice.options[best]), "lead_over_next": lead,
            "too_close": too_close, "differs_from_points": differs, "sentence": sentence}


def format_win(advice) -> str:
    """Text lines for people: win probabilities from best to worst."""
    block = win_block(advice)
    lines = [block["sentence"], ""]
    for o in win_order(advice):
        item = block["options"][o]
        behind = item.get("behind_best")
        tail = "" if behind is None else (f"   behind the best {100 * behind['mean']:+.1f} "
                                          f"[{100 * behind['ci95'][0]:+.1f}, {100 * behind['ci95'][1]:+.1f}]")
        lines.append(f"  {option_label(advice.options[o]):<8} P(win) {item['p_win']:6.1%} "
                     f"[{item['ci95'][0]:.1%}, {item['ci95'][1]:.1%}]{tail}")
    eq = block["equity_table"]
    lines.append("")
    lines.append(f"score {block['score']['ours']}:{block['score']['theirs']}, target {block['target']}, "
                 f"{block['ending']}; after the round: equity table {eq['rules']}/{eq['policy']} "
                 f"({eq['rounds']:,} sampled rounds, step {eq['step']}). The CIs cover the sampled deals, "
                 "not the play model or the table's own error.")
    return "\n".join(lines)
