"""The coached Coiffeur match on the page (issue 53 item 6): the server's side of each step.

The page deals, keeps the score sheet and plays the cards (the Jass coach's jobs: ``choose_card``,
``rate_card`` and the position check); these three jobs do what only the match knows:

- :func:`coiffeur_coach_choice`: who takes which category in a round. The choosers before seat 0
  (and after it, once it has answered) are the planning bot (:func:`.match_bots.plan_choice`, the
  adviser's plan); the chain of passes is the match's (:func:`.match._chain`). Seat 0's answers
  so far are given; the job stops where seat 0 is to answer, or at the taker.
- :func:`coiffeur_coach_verdict`: the coach's verdict on seat 0's take or pass, from
  :func:`.advice.coiffeur_advise` on the same sampled deals: the plan value lost against the best
  option, with its 95% CI.
- :func:`coiffeur_coach_round`: a played round checked card by card (the Jass state under the
  ``coiffeur`` round preset: no Weis, no Stöck, the Matsch 157 + 100) and written on the sheet:
  the declaring team's points times the multiplier, the totals and the open categories after it,
  and at the match's end the winner and the margin.

The page plays the ``coiffeur`` preset (8 categories a team, 16 rounds); seat 0 and its partner
(seat 2, a bot) are team 0. A category is named ``CODE:MULTIPLIER`` (``JOKER:8``): the two Jokers
are two slots; a bare code (``H``) names its first open slot, as ``--ours-open`` does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.jass.arg_kinds import api_args
from jass_sim.jass.cards import MODE_NAMES, format_card, parse_cards, parse_hands

#: The one preset the coached match plays (coiffeur-10's Slalom and Guschti are not playable yet).
COACH_RULES = "coiffeur"
#: The verdict's scale: match points of plan value lost (a category's points times its multiplier).
#: The Review's card thresholds (10, 4, 1 card points) times about 5, the mean multiplier of a
#: Coiffeur sheet (1..8): a choice that costs what a blundered card costs in a mid-valued category.
CHOICE_THRESHOLDS = (("blunder", 50.0), ("mistake", 20.0), ("inaccuracy", 5.0))
#: Sampled deals of a verdict by default: a few hundred keep the page's step within about a second.
VERDICT_SAMPLES = 512


def _refused(message: str, token, field: str) -> InputError:
    exc = InputError(message, str(token))
    exc.field = field
    return exc


def _rules(rules: str):
    from jass_sim.jass.coiffeur.presets import get_coiffeur_rules

    if not isinstance(rules, str) or rules.strip().lower() != COACH_RULES:
        raise _refused(f"rules: the coached match plays the {COACH_RULES!r} preset, got {rules!r}", rules, "rules")
    return get_coiffeur_rules(COACH_RULES)


def slot_name(rules, slot: int) -> str:
    """A category slot as the coach names it: ``CODE:MULTIPLIER`` (``JOKER:8``)."""
    c = rules.categories[slot]
    return f"{c.code}:{c.multiplier}"


def slots_text(mask: int, rules) -> str:
    """The open slots ``mask`` as ``"S:1,H:4,JOKER:8"`` (``-`` for none)."""
    return ",".join(slot_name(rules, i) for i in range(len(rules.categories)) if mask >> i & 1) or "-"


def _slot_of(token: str, rules, free: int, field: str) -> int:
    """The slot named by ``token`` (``CODE`` or ``CODE:MULTIPLIER``) among the slots of ``free``."""
    code, sep, mult = token.strip().upper().partition(":")
    slots = [i for i, c in enumerate(rules.categories) if c.code == code and (not sep or str(c.multiplier) == mult.strip())]
    if not slots:
        raise _refused(f"{field}: category {token.strip()!r} is not in the preset {rules.name!r} "
                       f"({', '.join(slot_name(rules, i) for i in range(len(rules.categories)))})", token, field)
    open_slots = [i for i in slots if free >> i & 1]
    if not open_slots:
        raise _refused(f"{field}: category {token.strip()!r} is not open (given twice, or played already)", token, field)
    return open_slots[0]


def parse_slots(text, rules, field: str) -> int:
    """``"S:1,H,JOKER:8"`` (or ``-``) as a bit set over the preset's slots; an InputError naming the token."""
    if not isinstance(text, str):
        raise _refused(f"{field} must be a string such as \"S:1,H:4,JOKER:8\", got {text!r}", text, field)
    if text.strip() in ("", "-"):
        return 0
    full = (1 << len(rules.categories)) - 1
    mask = 0
    for tok in text.split(","):
        mask |= 1 << _slot_of(tok, rules, full & ~mask, field)
    return mask


def _hands(hands) -> list[list[int]]:
    if (isinstance(hands, str) or not isinstance(hands, (list, tuple)) or len(hands) != 4
            or not all(isinstance(h, str) for h in hands)):
        raise _refused(f"hands must be the four hands of seats 0..3, got {hands!r}", hands, "hands")
    try:
        return parse_hands(hands)
    except InputError as exc:
        exc.field = "hands"
        raise


def _open_pair(rules, ours_open, theirs_open) -> list[int]:
    ours = parse_slots(ours_open, rules, "ours_open")
    theirs = parse_slots(theirs_open, rules, "theirs_open")
    if not ours and not theirs:
        raise _refused("ours_open and theirs_open: no category is open, the match is over", "-", "ours_open")
    return [ours, theirs]


def _situation(rules, idx: int, both: bool, must: bool) -> tuple[int, bool]:
    """``(passed, forced)`` of the ``idx``-th chooser of the chain, as the match's bots see it
    (:func:`jass_sim.jass.coiffeur.match._decide`): with both teams open every seat of the chain
    passed before; with one team open only its seats choose, each pass standing for two."""
    if rules.pass_to_partner:
        return idx, idx == 1
    if must:
        return 0, True
    return (idx if both else 2 * idx), False


def _answer(text: str, rules, ours: int, field: str) -> tuple[int | None, int]:
    """Seat 0's answer ``pass`` or ``CODE:MULT`` with an optional form (``JOKER:8@OBE``):
    ``(slot or None, mode)``; the form defaults to the category's only one."""
    from jass_sim.jass.cards import mode_option

    if not isinstance(text, str) or not text.strip():
        raise _refused(f"{field}: an answer is pass or a category such as H:4 or JOKER:8@OBE, got {text!r}",
                       text, field)
    token = text.strip()
    if token.lower() == "pass":
        return None, -1
    cat, at, form = token.partition("@")
    slot = _slot_of(cat, rules, ours, field)
    modes = rules.categories[slot].modes
    if not at:
        if len(modes) != 1:
            raise _refused(f"{field}: {cat} is played as a suit, OBE or UNE: say which ({cat}@OBE)", token, field)
        return slot, modes[0]
    try:
        mode = mode_option(form, allow_auto=False)
    except InputError:
        raise _refused(f"{field}: unknown form {form!r} (H, D, S, C, OBE or UNE)", form, field) from None
    if mode not in modes:
        raise _refused(f"{field}: {cat} is not played as {form}", token, field)
    return slot, mode


# -- the choice ----------------------------------------------------------------------------------------

@dataclass(eq=False, repr=False)
class CoachChoice(Result):
    """A round's choosing so far: ``steps`` (each seat's pass or take, in order), and either
    ``ask`` (seat 0 is to answer: what it knows) or the taker's category and form."""

    doc: dict

    formats = ("table", "json")

    def to_json(self) -> dict:
        return self.doc

    def text(self) -> str:
        lines = [f"seat {s['seat']}: {s['answer']}" + (f" ({s['form']})" if s.get("form") else "")
                 for s in self.doc["steps"]]
        lines.append("seat 0 to answer" if self.doc["ask"] else f"taker seat {self.doc['taker']}: "
                                                                  f"{self.doc['category']} as {self.doc['form']}")
        return "\n".join(lines)


@api_args(hands=None, round_no="whole0", ours_open="name", theirs_open="name", answers="names")
def coiffeur_coach_choice(hands, *, round_no: int, ours_open: str, theirs_open: str, answers: str = "",
                          rules: str = COACH_RULES, progress=None) -> CoachChoice:
    """Who takes which category in round ``round_no`` (0-based; its first chooser is seat
    ``round_no % 4``) of the coached match: the planning bot for seats 1, 2, 3, seat 0's
    ``answers`` so far for seat 0.

    Parameters
    ----------
    hands : list of str
        The four dealt hands, seats 0..3 (seat 0 the player; seats 0 and 2 are team 0).
    round_no : int
        The round, 0..15.
    ours_open, theirs_open : str
        Team 0's and team 1's open categories, ``"S:1,C:2,JOKER:8"`` (``-``: none).
    answers : str
        Seat 0's answers in this round so far, comma-separated: ``pass`` or a category with its
        form for a Joker (``H:4``, ``JOKER:8@OBE``).
    rules : str
        ``coiffeur`` (the only preset the coach plays).
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick` at 0 once the arguments are checked and at 1.

    Returns
    -------
    CoachChoice
        ``to_json()``: ``steps`` (``seat``, ``answer`` (``pass`` or ``CODE:MULT``), ``form``,
        ``forced``), ``ask`` (null, or ``{"passed", "forced", "pass_allowed", "ours_open",
        "theirs_open"}`` in ``--ours-open`` notation for ``coiffeur_advise``, with ``slots_ours``
        and ``slots_theirs`` in this module's), and when a seat took: ``taker``, ``team``,
        ``category`` (``CODE:MULT``), ``code``, ``multiplier``, ``form``, ``forced``.
    """
    from jass_sim.core.chunks import Tick
    from jass_sim.core.notation import cards_to_mask
    from jass_sim.jass.coiffeur.match import _chain
    from jass_sim.jass.coiffeur.match_bots import plan_choice

    preset = _rules(rules)
    cards = _hands(hands)
    if round_no >= preset.rounds:
        raise _refused(f"round_no must be 0..{preset.rounds - 1}, got {round_no}", round_no, "round_no")
    open_sets = _open_pair(preset, ours_open, theirs_open)
    mine = [a for a in (answers.split(",") if answers.strip() else [])]
    if progress is not None:
        progress(Tick(0, 1, stage="the choice"))
    first = round_no % 4
    chain, loop = _chain(preset, first, open_sets)
    both = open_sets[0] != 0 and open_sets[1] != 0
    steps: list[dict] = []
    given = list(mine)
    taker = slot = mode = None
    forced_take = False

    def decide(seat: int, idx: int, must: bool):
        """(slot, mode) or None for a pass; None with ``ask`` set when seat 0 has not answered."""
        team = seat & 1
        passed, forced = _situation(preset, idx, both, must)
        if seat == 0:
            if not given:
                rnd_pass = not forced
                return "ask", dict(passed=passed, forced=forced, pass_allowed=rnd_pass,
                                   ours_open=_advise_codes(open_sets[0], preset), theirs_open=_advise_codes(open_sets[1], preset),
                                   slots_ours=slots_text(open_sets[0], preset), slots_theirs=slots_text(open_sets[1], preset))
            s, m = _answer(given.pop(0), preset, open_sets[0], "answers")
            if s is None and forced:
                raise _refused("answers: seat 0 may not pass here: it must take (im Fass, or the last to choose)",
                               "pass", "answers")
            return "answer", (s, m)
        d = plan_choice(cards_to_mask(cards[seat]), preset, open_sets[team], open_sets[1 - team], passed, forced,
                        first_team=team)
        return "answer", (d.slot, d.mode)

    ask = None
    for idx, seat in enumerate(chain):
        must = not loop and idx == len(chain) - 1
        kind, out = decide(seat, idx, must)
        if kind == "ask":
            ask = out
            break
        s, m = out
        if s is None:
            steps.append(dict(seat=seat, answer="pass", form=None, forced=False))
            continue
        taker, slot, mode, forced_take = seat, s, m, must
        break
    if ask is None and taker is None:  # every seat passed: the first takes ("im Fass")
        kind, out = decide(chain[0], 0, True)
        if kind == "ask":
            ask = out
        else:
            taker, (slot, mode), forced_take = chain[0], out, True
    if ask is None:
        steps.append(dict(seat=taker, answer=slot_name(preset, slot), form=MODE_NAMES[mode], forced=forced_take))
    if given:
        raise _refused(f"answers: {len(given)} answer(s) of seat 0 too many ({', '.join(given)})", given[0], "answers")
    doc = dict(rules=preset.name, round_no=round_no, first_seat=first, steps=steps, ask=ask)
    if ask is None:
        cat = preset.categories[slot]
        doc.update(taker=taker, team=taker & 1, category=slot_name(preset, slot), code=cat.code,
                   multiplier=cat.multiplier, form=MODE_NAMES[mode], forced=forced_take)
    if progress is not None:
        progress(Tick(1, 1, stage="the choice"))
    return CoachChoice(doc)


def _advise_codes(mask: int, rules) -> str:
    """The open slots in ``--ours-open`` notation (codes only: a Joker is ``JOKER``)."""
    return ",".join(c.code for i, c in enumerate(rules.categories) if mask >> i & 1) or "-"


# -- the verdict on a take or pass -----------------------------------------------------------------------

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

    exact = parse_open(_advise_codes(moved(theirs), new), new, "--theirs-open") == moved(theirs)
    return new, perm, moved, exact


@dataclass(eq=False, repr=False)
class CoachVerdict(Result):
    """The coach's verdict on seat 0's take or pass (``to_json()``: see :func:`coiffeur_coach_verdict`)."""

    doc: dict

    formats = ("table", "json")

    def to_json(self) -> dict:
        return self.doc

    def text(self) -> str:
        return self.doc["line"]


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

    preset = _rules(rules)
    ours, theirs = _open_pair(preset, ours_open, theirs_open)
    if not ours:
        raise _refused("ours_open: team 0 has no open category: it does not choose", ours_open, "ours_open")
    slot, mode = _answer(answer, preset, ours, "answer")
    try:
        allowed = current_round(preset, ours, theirs, passed, forced).pass_allowed
    except InputError as exc:
        exc.field = "forced" if "--forced" in str(exc) else "passed"
        raise
    if slot is None and not allowed:
        raise _refused("answer: a pass is not allowed here (forced, or the last to choose)", answer, "answer")
    n = VERDICT_SAMPLES if samples is None else samples
    ordered, perm, moved, exact = _ordered_rules(preset, ours, theirs)
    advice = coiffeur_advise(hand, _advise_codes(moved(ours), ordered), _advise_codes(moved(theirs), ordered),
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


# -- the round on the sheet -----------------------------------------------------------------------------

@dataclass(eq=False, repr=False)
class CoachRound(Result):
    """A played round written on the sheet (``to_json()``: see :func:`coiffeur_coach_round`)."""

    doc: dict

    formats = ("table", "json")

    def to_json(self) -> dict:
        return self.doc

    def text(self) -> str:
        d = self.doc
        return (f"{d['category']} as {d['form']}: points {d['points'][0]}:{d['points'][1]}, written "
                f"{d['written'][0]}:{d['written'][1]}, totals {d['totals'][0]}:{d['totals'][1]}")


@api_args(hands=None, taker="whole0", category="name", form="name", played="cards", ours_open="name",
          theirs_open="name", totals="score")
def coiffeur_coach_round(hands, *, taker: int, category: str, form: str, played, ours_open: str, theirs_open: str,
                         totals: str = "0:0", rules: str = COACH_RULES, progress=None) -> CoachRound:
    """Write a played round of the coached match on its sheet: the 36 cards ``played`` from the
    ``taker`` (who leads) in ``form`` are checked by the rules; the declaring team's points (card
    points with the last trick's 5, a Matsch 157 + 100) times the category's multiplier are added
    to its total.

    Parameters
    ----------
    hands : list of str
        The four dealt hands, seats 0..3.
    taker : int
        The seat that took the category (0..3).
    category : str
        The slot taken, ``CODE:MULT`` (``JOKER:8``); it must be open for the taker's team.
    form : str
        The mode it was played in (``H D S C OBE UNE``), one the category allows.
    played : str
        The 36 cards in the order played.
    ours_open, theirs_open : str
        Team 0's and team 1's open slots before the round.
    totals : str
        ``US:THEM``, the totals before the round.
    rules : str
        ``coiffeur``.

    Returns
    -------
    CoachRound
        ``to_json()``: ``points`` (per team), ``tricks`` (per team), ``matsch``, ``written`` (per
        team), ``totals`` after, ``ours_open`` and ``theirs_open`` after, ``over``, and when over
        ``winner`` (0, 1, or null for a tie) and ``margin`` (team 0's total minus team 1's); with
        ``team``, ``category``, ``code``, ``multiplier`` and ``form`` of the round.
    """
    from jass_sim.core.chunks import Tick
    from jass_sim.jass.rules.state import JassState

    preset = _rules(rules)
    cards = _hands(hands)
    if taker > 3:
        raise _refused(f"taker must be a seat 0..3, got {taker}", taker, "taker")
    open_sets = _open_pair(preset, ours_open, theirs_open)
    team = taker & 1
    slot = _slot_of(category, preset, open_sets[team], "category")
    cat = preset.categories[slot]
    _, mode = _answer(f"{slot_name(preset, slot)}@{form}", preset, open_sets[team], "form")
    before = _totals(totals, preset, open_sets)
    seq = parse_cards(played, count=None, unique=False)
    if len(seq) != 36:
        raise _refused(f"played must be all 36 cards of the round, got {len(seq)}", len(seq), "played")
    if progress is not None:
        progress(Tick(0, 1, stage="the round"))
    state = JassState(cards, preset.name, chooser=taker, may_chibre=False)
    state.apply(MODE_NAMES[mode])
    for c in seq:
        try:
            state.apply(format_card(c))
        except InputError as exc:
            exc.field = "played"
            raise
    score = state.score
    points = [score[0]["total"], score[1]["total"]]
    taken = [sum(1 for t in state.tricks if t["winner"] & 1 == k) for k in (0, 1)]
    written = [0, 0]
    written[team] = points[team] * cat.multiplier
    if preset.both_written:
        written[1 - team] = points[1 - team] * cat.multiplier
    after = [before[0] + written[0], before[1] + written[1]]
    open_sets[team] &= ~(1 << slot)
    over = open_sets == [0, 0]
    doc = dict(rules=preset.name, taker=taker, team=team, category=slot_name(preset, slot), code=cat.code,
               multiplier=cat.multiplier, form=MODE_NAMES[mode], points=points, tricks=taken,
               matsch=max(taken) == 9, written=written, totals=after,
               ours_open=slots_text(open_sets[0], preset), theirs_open=slots_text(open_sets[1], preset), over=over,
               winner=None, margin=after[0] - after[1])
    if over:
        doc["winner"] = None if after[0] == after[1] else (0 if after[0] > after[1] else 1)
    if progress is not None:
        progress(Tick(1, 1, stage="the round"))
    return CoachRound(doc)


def _totals(text: str, rules, open_sets: list[int]) -> list[int]:
    """``US:THEM`` before the round: whole numbers the categories played so far can reach."""
    us, sep, them = str(text).partition(":")
    try:
        pair = [int(us), int(them)]
    except ValueError:
        pair = None
    if not sep or pair is None:
        raise _refused(f"totals {text!r}: expected US:THEM, two whole numbers such as 1200:950", text, "totals")
    full = (1 << len(rules.categories)) - 1
    top = 157 + rules.match_bonus
    for k, who in ((0, "US"), (1, "THEM")):
        cap = top * sum(c.multiplier for i, c in enumerate(rules.categories) if not (open_sets[k] & full) >> i & 1)
        if not 0 <= pair[k] <= cap:
            raise _refused(f"totals: {who} {pair[k]} cannot be: the categories played allow 0 to {cap}", pair[k],
                           "totals")
    return pair

