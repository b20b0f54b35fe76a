"""``jass-sim coiffeur advise``: take a category now, which one, or pass, planned over the match."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from jass_sim.core.chunks import ChunkedSampler
from jass_sim.core.errors import InputError
from jass_sim.core.notation import cards_to_mask
from jass_sim.core.result import Result
from jass_sim.core.stats import check_sampling, mean_ci, sample_until
from jass_sim.jass.cards import format_card, parse_cards
from jass_sim.jass.coiffeur.hand import ADVISE_BLOCK, hand_points
from jass_sim.jass.coiffeur.plan import (
    WIN_PATHS,
    current_round,
    match_values,
    pass_value,
    plan_gains,
    win_probabilities,
)
from jass_sim.jass.coiffeur.presets import (
    CoiffeurRules,
    get_coiffeur_rules,
    parse_categories,
    parse_open,
)
from jass_sim.jass.rules.round_modes import ROUND_MODE_NAMES

#: Sampled deals of the hand by default (``--samples``).
DEFAULT_SAMPLES = 2048
FIRST_BATCH = 1024
#: ``pass.ci95_note``: why the pass value's interval is as wide as it is.
PASS_EXACT_NOTE = ("exact given the plan: after this pass the hand is not played again (the next players "
                   "take, or the first chooser is forced), so this hand's sampled deals do not enter it")
PASS_HAND_NOTE = ("from this hand's sampled deals: when all pass back to it, it must take its best category; "
                  "the pass value at the ends of that take's 95% CI")
#: The match plan's future hands and the value table come from this player's table.
TABLE_POLICY = "net"


@dataclass
class HandSamples:
    """The hand's Coiffeur points per round mode on each sampled deal (``int64[n, len(modes)]``,
    the modes of the preset's categories, :attr:`CoiffeurRules.form_modes`)."""

    ours: np.ndarray
    theirs: np.ndarray

    @property
    def n(self) -> int:
        return len(self.ours)


def _concat(parts):
    return HandSamples(np.concatenate([p.ours for p in parts]), np.concatenate([p.theirs for p in parts]))


class CoiffeurAdvice(Result):
    """The options of a Coiffeur chooser: each open category's points for the hand (on the same
    sampled deals) and its plan value over the match, passing, and the recommendation."""

    def __init__(self, doc: dict):
        rows = [dict(category=o["category"], multiplier=o["multiplier"], form=o["form"], points=o["points"],
                     points_ci95_lo=o["ci95"][0], points_ci95_hi=o["ci95"][1], points_x=o["points_x"],
                     plan_value=o["plan_value"], plan_ci95_lo=o["ci95_plan"][0], plan_ci95_hi=o["ci95_plan"][1],
                     **_win_columns(o, doc))
                for o in doc["options"]]
        if doc["pass"] is not None:
            p = doc["pass"]
            rows.append(dict(category="pass", multiplier=None, form=None, points=None, points_ci95_lo=None,
                             points_ci95_hi=None, points_x=None, plan_value=p["plan_value"],
                             plan_ci95_lo=p["ci95_plan"][0], plan_ci95_hi=p["ci95_plan"][1], **_win_columns(p, doc)))
        table = pd.DataFrame(rows)
        # a whole number on every row but the pass row's blank (not 4.0 in the CSV)
        table["multiplier"] = table["multiplier"].astype("Int64")
        super().__init__(doc, table)

    @property
    def recommendation(self) -> str:
        return self._doc["recommendation"]

    @property
    def heading(self) -> str:
        return self._doc["sentence"]

    def text(self) -> str:
        d = self._doc
        fw = max([5] + [len(o["form"]) for o in d["options"]])  # a form's name: H ... TRIO-H-UNE-OBE
        lines = [f"Coiffeur ({d['rules']}), hand {d['hand']}: {d['samples']} sampled deals, policy {d['policy']}, "
                 f"seed {d['seed']}; plan over {d['plan_hands']} table hands ({d['table_policy']}, "
                 f"{d['table_hands']} hands x {d['table_deals']} deals)",
                 f"{'category':<9} {'x':>3} {'form':<{fw}} {'points':>7} {'95% CI':>15} {'x mult':>7} "
                 f"{'plan value':>11} {'95% CI':>19}"]
        for o in d["options"]:
            lines.append(f"{o['category']:<9} {o['multiplier']:>3} {o['form']:<{fw}} {o['points']:>7.1f} "
                         f"{'[%.1f, %.1f]' % tuple(o['ci95']):>15} {o['points_x']:>7.0f} {o['plan_value']:>+11.0f} "
                         f"{'[%+.0f, %+.0f]' % tuple(o['ci95_plan']):>19}")
        if d["pass"] is not None:
            p = d["pass"]
            lines.append(f"{'pass':<9} {'':>3} {'':<{fw}} {'':>7} {'':>15} {'':>7} {p['plan_value']:>+11.0f} "
                         f"{'[%+.0f, %+.0f]' % tuple(p['ci95_plan']):>19}"
                         + ("  (exact: the hand is not played after a pass)" if p.get("ci95_exact") else ""))
        if d.get("win_paths"):
            def win(row):
                lo, hi = row["ci95_win_probability"]
                return f"{100 * row['win_probability']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
            wins = [f"{o['category']} {win(o)}" for o in d["options"]]
            if d["pass"] is not None:
                wins.append(f"pass {win(d['pass'])}")
            lines.append(f"P(win the match), {d['win_paths']} simulated rests of the match each: " + "; ".join(wins))
        lines.append(d["sentence"])
        return "\n".join(lines)


def _win_columns(row: dict, doc: dict) -> dict:
    """P(win the match) of an option or the pass row and its Wilson 95% interval, as the table's
    columns (``--score`` only: without it the plan gives no probability)."""
    if not doc.get("win_paths"):
        return {}
    lo, hi = row["ci95_win_probability"]
    return dict(win_probability=row["win_probability"], win_ci95_lo=lo, win_ci95_hi=hi)


def _sentence(options, pass_doc, best) -> str:
    if best is None:
        return (f"Pass: {pass_doc['plan_value']:+.0f} expected on the match against "
                f"{max(o['plan_value'] for o in options):+.0f} for the best category now.")
    o = best
    head = f"Take {o['word']} (x{o['multiplier']}): {o['plan_value']:+.0f} expected on the match"
    if pass_doc is not None:
        head += f" against {pass_doc['plan_value']:+.0f} for passing"
    else:
        head += " (no pass: you must take)"
    now = max(options, key=lambda x: x["points_x"])
    if now is not o:
        head += (f"; {now['word']} is better for this hand alone ({now['points_x']:+.0f} = {now['points']:.0f}"
                 f" x{now['multiplier']}) but worth more later")
    return head + "."


def coiffeur_advise(hand, ours_open: str, theirs_open: str, *, score: str | None = None, passed: int = 0,
                    forced: bool = False, rules: str | CoiffeurRules = "coiffeur", categories: str | None = None,
                    policy: str | None = None, samples: int | None = None, ci: float | None = None,
                    max_samples: int = 65536, seed: int = 0, threads: int | None = None,
                    progress=None) -> CoiffeurAdvice:
    """Take a Coiffeur category now, which one, or pass (see :func:`jass_sim.jass.coiffeur.api.coiffeur_advise`)."""
    from jass_sim.core.threads import numba_threads
    from jass_sim.jass.players import DEFAULT_POLICY, PLAYERS, policy_params

    policy = DEFAULT_POLICY if policy is None else str(policy).strip().lower()
    pid = PLAYERS.code(policy, "--policy")
    cards = parse_cards(hand, count=9) if isinstance(hand, str) else list(hand)
    if len(cards) != 9 or len(set(cards)) != 9:
        raise InputError(f"HAND: a hand has 9 different cards, got {len(cards)}", str(hand))
    rules = get_coiffeur_rules(rules)
    if categories is not None:
        rules = rules.replace_categories(parse_categories(categories))
    rules.check_playable("--categories" if categories is not None else "--rules")
    ours = parse_open(ours_open, rules, "--ours-open")
    theirs = parse_open(theirs_open, rules, "--theirs-open")
    margin0 = 0
    if score is not None:
        margin0 = _parse_score(score, rules, ours, theirs)
    rnd = current_round(rules, ours, theirs, passed, forced)
    modes_played = rules.form_modes  # only the forms this preset can take: speed
    col = {m: j for j, m in enumerate(modes_played)}
    check_sampling(samples, ci, max_samples, bytes_per_sample=2 * len(modes_played) * 8)
    mask = cards_to_mask(cards)
    params = policy_params()

    def run(first, n):
        o, t = hand_points(mask, [pid] * 4, seed=seed, first_sample=first, n_samples=n, params=params,
                           match_bonus=rules.match_bonus, modes=modes_played)
        return HandSamples(o, t)

    def half_width(s: HandSamples) -> float:
        if s.n < 2:
            return math.inf
        return float(1.96 * s.ours.std(axis=0, ddof=1).max() / math.sqrt(s.n))

    sampler = ChunkedSampler(run, _concat, ADVISE_BLOCK, progress, half_width=half_width, ci_target=ci)
    with numba_threads(threads):
        if ci is None:
            n = samples or DEFAULT_SAMPLES
            sampler.start(n)
            s = sampler(0, n)
        else:
            sampler.start(min(FIRST_BATCH, max_samples))
            s = sample_until(sampler, _concat, half_width, ci, max_samples, ADVISE_BLOCK, FIRST_BATCH)
    gains = plan_gains(rules, policy=TABLE_POLICY)
    V = match_values(rules, ours, theirs, rnd.first_team, policy=TABLE_POLICY)
    options = []
    option_gains = []
    for i, cat in enumerate(rules.categories):
        if not ours >> i & 1 or any(o["slot"] != i and o["category"] == cat.code and o["multiplier"] == cat.multiplier
                                    for o in options):
            continue
        cols = [col[m] for m in cat.modes]
        value = s.ours[:, cols] - (s.theirs[:, cols] if rules.both_written else 0)
        m = cat.modes[int(np.argmax(value.mean(axis=0)))]  # the declarer's best form for this hand
        c = col[m]
        gain = (s.ours[:, c] - (s.theirs[:, c] if rules.both_written else 0)) * cat.multiplier
        pts, plo, phi = mean_ci(int(s.ours[:, c].sum()), int((s.ours[:, c] ** 2).sum()), s.n)
        g, glo, ghi = mean_ci(int(gain.sum()), int((gain ** 2).sum()), s.n)
        after = float(V[ours & ~(1 << i), theirs])
        option_gains.append(gain)
        options.append(dict(slot=i, category=cat.code, word=cat.word, multiplier=cat.multiplier,
                            form=ROUND_MODE_NAMES[m], points=pts, ci95=[plo, phi], points_x=pts * cat.multiplier,
                            plan_value=margin0 + g + after, ci95_plan=[margin0 + glo + after, margin0 + ghi + after]))
    pass_doc = None
    if rnd.pass_allowed:
        best_take = max(o["plan_value"] for o in options) - margin0
        lo_take = max(o["ci95_plan"][0] for o in options) - margin0
        hi_take = max(o["ci95_plan"][1] for o in options) - margin0
        v = pass_value(gains, V, rnd, ours, theirs, best_take)
        lo = pass_value(gains, V, rnd, ours, theirs, lo_take)
        hi = pass_value(gains, V, rnd, ours, theirs, hi_take)
        # After a pass this hand is played again only when everybody passes back to it (the first
        # chooser, im Fass): only then does its sampling enter the pass value. Otherwise the value
        # is exact given the plan's model and table (whose sampling error no interval here holds).
        exact = not (rnd.loop and rnd.index == 0)
        pass_doc = dict(plan_value=margin0 + v, ci95_plan=[margin0 + min(lo, hi), margin0 + max(lo, hi)],
                        ci95_exact=exact, ci95_note=PASS_EXACT_NOTE if exact else PASS_HAND_NOTE)
    if score is not None:
        wins, win_pass = win_probabilities(rules, ours, theirs, rnd, options, np.stack(option_gains, axis=1),
                                           margin0, seed, policy=TABLE_POLICY)
        for o, (p, lo, hi) in zip(options, wins):
            o["win_probability"], o["ci95_win_probability"] = p, [lo, hi]
        if pass_doc is not None:
            pass_doc["win_probability"], pass_doc["ci95_win_probability"] = win_pass[0], [win_pass[1], win_pass[2]]
    best = max(options, key=lambda o: o["plan_value"])
    take = pass_doc is None or best["plan_value"] >= pass_doc["plan_value"]
    sentence = _sentence(options, pass_doc, best if take else None)
    table = plan_gains(rules, policy=TABLE_POLICY)
    from jass_sim.jass.coiffeur.values import shipped_values

    vt = shipped_values(TABLE_POLICY)
    doc = dict(hand=" ".join(format_card(c) for c in cards), rules=rules.name, policy=policy, seed=seed,
               samples=s.n, ours_open=_codes(ours, rules), theirs_open=_codes(theirs, rules), passed=passed,
               forced=bool(forced), score=score, table_policy=TABLE_POLICY, table_hands=vt.n_hands,
               table_deals=vt.n_deals, plan_hands=int(table.shape[0]),
               options=[{k: o[k] for k in ("category", "multiplier", "form", "points", "points_x", "ci95",
                                           "plan_value", "ci95_plan", "win_probability", "ci95_win_probability") if k in o}
                        for o in options], win_paths=WIN_PATHS if score is not None else None,
               recommendation=best["category"] if take else "pass", sentence=sentence)
    doc["pass"] = pass_doc
    return CoiffeurAdvice(doc)


def _codes(mask: int, rules: CoiffeurRules) -> str:
    return ",".join(c.code for i, c in enumerate(rules.categories) if mask >> i & 1)


def _parse_score(text: str, rules: CoiffeurRules, ours: int, theirs: int) -> int:
    """``US:THEM`` -> our lead. A total must be one the categories already played can reach: at
    most :meth:`CoiffeurRules.score_caps` (each played category's multiplier x the most a round of
    it can be credited: 157 + the Matsch bonus in a chibre form, more in Slalom, Guschti, 3x3)."""
    us, sep, them = str(text).partition(":")
    try:
        a, b = int(us), int(them)
    except ValueError:
        a = b = None
    if not sep or a is None:
        raise InputError(f"--score {text!r}: expected US:THEM, two whole numbers such as 1200:950", str(text))
    caps = rules.score_caps(ours, theirs)
    for v, cap, who in ((a, caps[0], "US"), (b, caps[1], "THEM")):
        if not 0 <= v <= cap:
            raise InputError(f"--score: {who} {v} cannot be: the categories played allow 0 to {cap}", str(v))
    return a - b
