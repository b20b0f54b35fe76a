"""The coach's verdict on seat 0's take or pass in the coached Coiffeur match (issue 53 item 6; the
match's other steps: :mod:`jass_sim.jass.coiffeur.coach`): :func:`coiffeur_coach_verdict`, the plan
value lost against the best option of :func:`jass_sim.jass.coiffeur.advice.coiffeur_advise` on the
same sampled deals, with its 95% CI."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.jass.arg_kinds import api_args
from jass_sim.jass.cards import MODE_NAMES, parse_cards
from jass_sim.jass.coiffeur.coach import (
    COACH_RULES,
    advise_codes,
    coach_rules,
    open_pair,
    parse_answer,
    refused,
    slot_name,
)

#: The verdict's scale: match points of plan value lost (a category's points times its multiplier).
#: The Review's card thresholds (10, 4, 1 card points) times about 5, the mean multiplier of a
#: Coiffeur sheet (1..8): a choice that costs what a blundered card costs in a mid-valued category.
CHOICE_THRESHOLDS = (("blunder", 50.0), ("mistake", 20.0), ("inaccuracy", 5.0))
#: Sampled deals of a verdict by default: a few hundred keep the page's step within about a second.
VERDICT_SAMPLES = 512


def _ordered_rules(rules, ours: int, theirs: int):
    """The preset with each repeated code's slots reordered so that team 0's open ones come first,
    and the slot permutation (new index -> old): ``--ours-open`` names a repeated code by count
    (the first free slots), so that it then names exactly team 0's open Jokers. Returns
    ``(rules, perm, moved, exact)``: ``perm[new] = old``, ``moved(mask)`` a mask in the new
    order, ``exact`` False when team 1's open set cannot be named so as well (the advice's DP then
    reads its one open Joker as the other one)."""
    n = len(rules.categories)
    perm = list(range(n))
    for code in dict.fromkeys(c.code for c in rules.categories):
        group = [i for i in range(n) if rules.categories[i].code == code]
        if len(group) < 2:
            continue
        order = [i for i in group if ours >> i & 1] + [i for i in group if not ours >> i & 1]
        for pos, old in zip(group, order):
            perm[pos] = old
    new = replace(rules, categories=tuple(rules.categories[perm[i]] for i in range(n)))

    def moved(mask):
        return sum(1 << i for i in range(n) if mask >> perm[i] & 1)

    from jass_sim.jass.coiffeur.presets import parse_open

    exact = parse_open(advise_codes(moved(theirs), new), new, "--theirs-open") == moved(theirs)
    return new, perm, moved, exact


class CoachVerdict(Result):
    """The coach's verdict on seat 0's take or pass (``to_json()``: see :func:`coiffeur_coach_verdict`)."""

    formats = ("table", "json")

    def text(self) -> str:
        return self._doc["line"]


def _word(rules, slot: int | None, mode: int) -> str:
    from jass_sim.jass.coiffeur.presets import CATEGORY_WORDS

    if slot is None:
        return "pass"
    c = rules.categories[slot]
    form = CATEGORY_WORDS.get(MODE_NAMES[mode], MODE_NAMES[mode])
    return f"{c.word} x{c.multiplier}" + (f" as {form}" if len(c.modes) > 1 else "")


@api_args(ours_open="name", theirs_open="name", passed="whole0", forced="flag", answer="name")
def coiffeur_coach_verdict(hand, *, ours_open: str, theirs_open: str, answer: str, passed: int = 0,
                           forced: bool = False, score: str | None = None, rules: str = COACH_RULES,
                           samples: int | None = None, seed: int = 0, threads: int | None = None,
                           progress=None) -> CoachVerdict:
    """The coach's verdict on seat 0's ``answer`` (a take or a pass) with ``hand``: the plan value
    lost against the best option of :func:`jass_sim.jass.coiffeur.advice.coiffeur_advise` (run on
    the same ``samples`` deals of ``seed``), with its 95% CI.

    Parameters
    ----------
    hand : str
        Seat 0's nine cards.
    ours_open, theirs_open : str
        The open slots (``"S:1,JOKER:8"``) before the answer.
    answer : str
        ``pass`` or ``CODE:MULT`` with the form of a Joker (``JOKER:8@OBE``).
    passed, forced, score :
        As for ``coiffeur_advise`` (``score``: ``US:THEM``, the sheet's totals).
    samples : int, optional
        Sampled deals (default :data:`VERDICT_SAMPLES`).
    seed, threads, progress :
        As for ``coiffeur_advise``.

    Returns
    -------
    CoachVerdict
        ``to_json()``: ``answer``, ``best`` (``pass`` or ``CODE:MULT@FORM``), ``plan_value`` and
        ``ci95_plan`` of the answer, ``best_plan_value``, ``loss`` and ``ci95_loss`` (paired
        between two takes on the same deals; through the pass's model of the next players when a
        pass is involved, then conservative: the bounds added), ``verdict`` (``good``,
        ``inaccuracy``, ``mistake``, ``blunder``, ``unclear``), ``line``, ``exact_joker`` (false
        when the opponents' one open Joker is read as the other one by the advice's notation),
        and ``advice`` (the advice's JSON).
    """
    from jass_sim.core.notation import cards_to_mask
    from jass_sim.core.stats import mean_ci
    from jass_sim.core.verdicts import verdict as verdict_of
    from jass_sim.jass.coiffeur.advice import TABLE_POLICY, coiffeur_advise
    from jass_sim.jass.coiffeur.hand import hand_points
    from jass_sim.jass.coiffeur.plan import current_round, match_values, pass_value, plan_gains
    from jass_sim.jass.players import DEFAULT_POLICY, PLAYERS, policy_params

    preset = coach_rules(rules)
    ours, theirs = open_pair(preset, ours_open, theirs_open)
    if not ours:
        raise refused("ours_open: team 0 has no open category: it does not choose", ours_open, "ours_open")
    slot, mode = parse_answer(answer, preset, ours, "answer")
    try:
        allowed = current_round(preset, ours, theirs, passed, forced).pass_allowed
    except InputError as exc:
        exc.field = "forced" if "--forced" in str(exc) else "passed"
        raise
    if slot is None and not allowed:
        raise refused("answer: a pass is not allowed here (forced, or the last to choose)", answer, "answer")
    n = VERDICT_SAMPLES if samples is None else samples
    ordered, perm, moved, exact = _ordered_rules(preset, ours, theirs)
    advice = coiffeur_advise(hand, advise_codes(moved(ours), ordered), advise_codes(moved(theirs), ordered),
                             score=score, passed=passed, forced=forced, rules=ordered, samples=n, seed=seed,
                             threads=threads, progress=progress)
    doc = advice.to_json()
    # the same deals again, per sample (the advice keeps only the means): the paired difference of two
    # takes; and the plan on the true open sets (the advice's notation may read the opponents' Joker
    # as the other one: ``exact_joker``; with it, these values are the advice's)
    cards = parse_cards(hand, count=9)
    pid = PLAYERS.code(DEFAULT_POLICY)
    pts, _ = hand_points(cards_to_mask(cards), [pid] * 4, seed=seed, first_sample=0, n_samples=doc["samples"],
                         params=policy_params(), match_bonus=preset.match_bonus)
    mo, mt = moved(ours), moved(theirs)
    rnd = current_round(ordered, mo, mt, passed, forced)
    V = match_values(ordered, mo, mt, rnd.first_team, policy=TABLE_POLICY)
    margin0 = 0
    if score is not None:
        us, _, them = str(score).partition(":")
        margin0 = int(us) - int(them)
    inv = {old: new for new, old in enumerate(perm)}

    def take_samples(s: int, m: int) -> np.ndarray:
        """Per sampled deal: the take's plan value (points x multiplier + the match after it)."""
        after = float(V[mo & ~(1 << inv[s]), mt])
        return margin0 + pts[:, m].astype(np.float64) * preset.categories[s].multiplier + after

    def ci(a: np.ndarray):
        return mean_ci(float(a.sum()), float((a ** 2).sum()), len(a))

    options = []  # (slot, mode, samples) of each open slot in its best form
    for s in range(len(preset.categories)):
        if ours >> s & 1:
            modes = list(preset.categories[s].modes)
            m = modes[int(np.argmax(pts[:, modes].mean(axis=0)))]
            options.append((s, m, take_samples(s, m)))
    best_take = max(options, key=lambda o: o[2].mean())
    pass_doc = None
    if rnd.pass_allowed:  # as the advice: the pass's value at the best take and at its CI's bounds
        gains = plan_gains(ordered, policy=TABLE_POLICY)
        lo_take = max(ci(o[2])[1] for o in options) - margin0
        hi_take = max(ci(o[2])[2] for o in options) - margin0
        at = [margin0 + pass_value(gains, V, rnd, mo, mt, x) for x in (best_take[2].mean() - margin0, lo_take, hi_take)]
        pass_doc = dict(plan_value=at[0], ends=(lo_take + margin0 - at[1], hi_take + margin0 - at[2]),
                        ci95_plan=[min(at[1:]), max(at[1:])])
    take_wins = pass_doc is None or best_take[2].mean() >= pass_doc["plan_value"]

    def paired(a: np.ndarray, b: np.ndarray):
        return ci(a - b)

    def pass_gap():
        """best take - pass, its bounds the best take's CI's carried through the pass's model."""
        gap = best_take[2].mean() - pass_doc["plan_value"]
        return gap, min(pass_doc["ends"]), max(pass_doc["ends"])

    mine_samples = None if slot is None else take_samples(slot, mode)
    if slot is None:
        value, (vlo, vhi) = pass_doc["plan_value"], pass_doc["ci95_plan"]
    else:
        value, vlo, vhi = ci(mine_samples)
    if take_wins:
        best = (best_take[0], best_take[1])
        if slot is None:
            loss, lo, hi = pass_gap()
        else:
            loss, lo, hi = (0.0, 0.0, 0.0) if (slot, mode) == best else paired(best_take[2], mine_samples)
    else:
        best = (None, -1)
        if slot is None:
            loss, lo, hi = 0.0, 0.0, 0.0
        else:  # pass - mine = (pass - best take) + (best take - mine)
            g, glo, ghi = pass_gap()
            d, dlo, dhi = (0.0, 0.0, 0.0) if (slot, mode) == (best_take[0], best_take[1]) else paired(best_take[2], mine_samples)
            loss, lo, hi = d - g, dlo - ghi, dhi - glo
    exact_loss = lo == hi == 0.0 and loss == 0.0
    word = verdict_of(loss, math.nan if exact_loss else lo, thresholds=CHOICE_THRESHOLDS) if loss > 0 else "good"
    mine_word, best_word = _word(preset, slot, mode), _word(preset, *best)
    if (slot, mode) == best:
        line = f"✓ {mine_word}: good, the coach's choice too ({value:+.0f} expected on the match)."
    elif loss <= 0:
        line = f"✓ {mine_word}: good, worth as much as {best_word} on these deals ({value:+.0f} expected)."
    else:
        ci = f" (95% CI {lo:.0f} to {hi:.0f})"
        line = (f"{'~' if word == 'unclear' else '✓' if word == 'good' else '✗'} {mine_word}: {word}; "
                f"{best_word} was {loss:.0f} match points better{ci}" + (", within the noise" if word == "unclear" else "")
                + ".")

    def named(s, m):
        return "pass" if s is None else slot_name(preset, s) + (f"@{MODE_NAMES[m]}" if len(preset.categories[s].modes) > 1 else "")

    out = dict(answer=named(slot, mode), best=named(*best), plan_value=float(value), ci95_plan=[float(vlo), float(vhi)],
               best_plan_value=float(best_take[2].mean() if take_wins else pass_doc["plan_value"]),
               loss=float(max(loss, 0.0)), ci95_loss=[float(lo), float(hi)], verdict=word, line=line,
               exact_joker=exact, samples=doc["samples"], seed=seed, advice=doc)
    return CoachVerdict(out)
