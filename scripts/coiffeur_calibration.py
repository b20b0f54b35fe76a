"""Per-round calibration of the Coiffeur plan (issue 53 item 4, benchmarks/RESULTS.md "Coiffeur matches").

Planning vs planning, 1,000 whole matches (seed 7): at the start of rounds 1, 5, 9 and 13 the DP's
value of the open sets (team 0's expected margin of the rest of the match) against the margin the
rest of the match brought. Run: ``PYTHONPATH=. python scripts/coiffeur_calibration.py``.
"""
import math

import numpy as np

from jass_sim.jass.coiffeur.match import play_match
from jass_sim.jass.coiffeur.match_bots import _root_values
from jass_sim.jass.coiffeur.match_run import _table

table, _ = _table("coiffeur", None, None)
rules = table.rules
V = _root_values(rules, 0)
N = 1000
pred = {k: [] for k in (0, 4, 8, 12)}
real = {k: [] for k in (0, 4, 8, 12)}
for m in range(N):
    res = play_match(table, ("planning", "planning"), 7, m, record=True)
    o = t = (1 << 8) - 1
    before = [0, 0]
    for r, row in enumerate(res.rounds):
        if r in pred:
            pred[r].append(V[o, t])
            real[r].append(res.margin - (before[0] - before[1]))
        # remove the slot taken: the first open slot of that category and multiplier
        team = row["team"]
        idx = next(i for i, c in enumerate(rules.categories) if c.code == row["category"] and c.multiplier == row["multiplier"]
                   and ((o if team == 0 else t) >> i & 1))
        if team == 0:
            o &= ~(1 << idx)
        else:
            t &= ~(1 << idx)
        before = row["totals"]
for k in pred:
    p = np.array(pred[k])
    y = np.array(real[k])
    d = y - p
    h = 1.96 * d.std(ddof=1) / math.sqrt(len(d))
    if p.std() < 1e-6:  # round 1: one state, one prediction: no slope
        slope = se = float("nan")
    else:  # least-squares slope of realised on predicted, its normal 95% CI
        fit = np.polyfit(p, y, 1)
        slope = fit[0]
        res_ = y - np.polyval(fit, p)
        se = math.sqrt((res_ ** 2).sum() / (len(y) - 2) / ((p - p.mean()) ** 2).sum())
    print(f"round {k+1:>2}: n={len(d)} mean predicted {p.mean():+.1f}, mean realised {y.mean():+.1f}, "
          f"realised - predicted {d.mean():+.1f} [{d.mean()-h:+.1f}, {d.mean()+h:+.1f}], slope {slope:.2f} [{slope-1.96*se:.2f}, {slope+1.96*se:.2f}]")
