"""The coached Coiffeur match on the page (issue 53 item 6): the server's side of each step.

The page deals, keeps the score sheet and plays the cards (the Jass coach's jobs: ``choose_card``,
``rate_card`` and the position check); these three jobs do what only the match knows:

- :func:`coiffeur_coach_choice`: who takes which category in a round. The choosers before seat 0
  (and after it, once it has answered) are the planning bot (:func:`.match_bots.plan_choice`, the
  adviser's plan); the chain of passes is the match's (:func:`.match._chain`). Seat 0's answers
  so far are given; the job stops where seat 0 is to answer, or at the taker.
- :func:`.coach_verdict.coiffeur_coach_verdict` (a module of its own): the coach's verdict on seat
  0's take or pass, from :func:`.advice.coiffeur_advise` on the same sampled deals: the plan value
  lost against the best option, with its 95% CI.
- :func:`coiffeur_coach_round`: a played round checked card by card (the Jass state under the
  ``coiffeur`` round preset: no Weis, no Stöck, the Matsch 157 + 100) and written on the sheet:
  the declaring team's points times the multiplier, the totals and the open categories after it,
  and at the match's end the winner and the margin.

The page plays the ``coiffeur`` preset (8 categories a team, 16 rounds); seat 0 and its partner
(seat 2, a bot) are team 0. A category is named ``CODE:MULTIPLIER`` (``JOKER:8``): the two Jokers
are two slots; a bare code (``H``) names its first open slot, as ``--ours-open`` does.
"""

from __future__ import annotations

from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.jass.arg_kinds import api_args
from jass_sim.jass.cards import MODE_NAMES, format_card, parse_cards, parse_hands

#: The one preset the coached match plays (coiffeur-10's Slalom and Guschti are not playable yet).
COACH_RULES = "coiffeur"


def refused(message: str, token, field: str) -> InputError:
    """An InputError of one line naming ``token``, shown next to the argument ``field``."""
    exc = InputError(message, str(token))
    exc.field = field
    return exc


def coach_rules(rules: str):
    """The preset the coached match plays (``coiffeur``); any other name is refused naming ``rules``."""
    from jass_sim.jass.coiffeur.presets import get_coiffeur_rules

    if not isinstance(rules, str) or rules.strip().lower() != COACH_RULES:
        raise refused(f"rules: the coached match plays the {COACH_RULES!r} preset, got {rules!r}", rules, "rules")
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
        raise refused(f"{field}: category {token.strip()!r} is not in the preset {rules.name!r} "
                       f"({', '.join(slot_name(rules, i) for i in range(len(rules.categories)))})", token, field)
    open_slots = [i for i in slots if free >> i & 1]
    if not open_slots:
        raise refused(f"{field}: category {token.strip()!r} is not open (given twice, or played already)", token, field)
    return open_slots[0]


def parse_slots(text, rules, field: str) -> int:
    """``"S:1,H,JOKER:8"`` (or ``-``) as a bit set over the preset's slots; an InputError naming the token."""
    if not isinstance(text, str):
        raise refused(f"{field} must be a string such as \"S:1,H:4,JOKER:8\", got {text!r}", text, field)
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
        raise refused(f"hands must be the four hands of seats 0..3, got {hands!r}", hands, "hands")
    try:
        return parse_hands(hands)
    except InputError as exc:
        exc.field = "hands"
        raise


def open_pair(rules, ours_open, theirs_open) -> list[int]:
    """Team 0's and team 1's open slots as bit sets; a match with none open is refused."""
    ours = parse_slots(ours_open, rules, "ours_open")
    theirs = parse_slots(theirs_open, rules, "theirs_open")
    if not ours and not theirs:
        raise refused("ours_open and theirs_open: no category is open, the match is over", "-", "ours_open")
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


def parse_answer(text: str, rules, ours: int, field: str) -> tuple[int | None, int]:
    """Seat 0's answer ``pass`` or ``CODE:MULT`` with an optional form (``JOKER:8@OBE``):
    ``(slot or None, mode)``; the form defaults to the category's only one."""
    from jass_sim.jass.cards import mode_option

    if not isinstance(text, str) or not text.strip():
        raise refused(f"{field}: an answer is pass or a category such as H:4 or JOKER:8@OBE, got {text!r}",
                       text, field)
    token = text.strip()
    if token.lower() == "pass":
        return None, -1
    cat, at, form = token.partition("@")
    slot = _slot_of(cat, rules, ours, field)
    modes = rules.categories[slot].modes
    if not at:
        if len(modes) != 1:
            raise refused(f"{field}: {cat} is played as a suit, OBE or UNE: say which ({cat}@OBE)", token, field)
        return slot, modes[0]
    try:
        mode = mode_option(form, allow_auto=False)
    except InputError:
        raise refused(f"{field}: unknown form {form!r} (H, D, S, C, OBE or UNE)", form, field) from None
    if mode not in modes:
        raise refused(f"{field}: {cat} is not played as {form}", token, field)
    return slot, mode


# -- the choice ----------------------------------------------------------------------------------------

class CoachChoice(Result):
    """A round's choosing so far: ``steps`` (each seat's pass or take, in order), and either
    ``ask`` (seat 0 is to answer: what it knows) or the taker's category and form."""

    formats = ("table", "json")

    def text(self) -> str:
        d = self._doc
        lines = [f"seat {s['seat']}: {s['answer']}" + (f" ({s['form']})" if s.get("form") else "")
                 for s in d["steps"]]
        lines.append("seat 0 to answer" if d["ask"] else f"taker seat {d['taker']}: {d['category']} as {d['form']}")
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

    preset = coach_rules(rules)
    cards = _hands(hands)
    if round_no >= preset.rounds:
        raise refused(f"round_no must be 0..{preset.rounds - 1}, got {round_no}", round_no, "round_no")
    open_sets = open_pair(preset, ours_open, theirs_open)
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
                                   ours_open=advise_codes(open_sets[0], preset), theirs_open=advise_codes(open_sets[1], preset),
                                   slots_ours=slots_text(open_sets[0], preset), slots_theirs=slots_text(open_sets[1], preset))
            s, m = parse_answer(given.pop(0), preset, open_sets[0], "answers")
            if s is None and forced:
                raise refused("answers: seat 0 may not pass here: it must take (im Fass, or the last to choose)",
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
        raise refused(f"answers: {len(given)} answer(s) of seat 0 too many ({', '.join(given)})", given[0], "answers")
    doc = dict(rules=preset.name, round_no=round_no, first_seat=first, steps=steps, ask=ask)
    if ask is None:
        cat = preset.categories[slot]
        doc.update(taker=taker, team=taker & 1, category=slot_name(preset, slot), code=cat.code,
                   multiplier=cat.multiplier, form=MODE_NAMES[mode], forced=forced_take)
    if progress is not None:
        progress(Tick(1, 1, stage="the choice"))
    return CoachChoice(doc)


def advise_codes(mask: int, rules) -> str:
    """The open slots in ``--ours-open`` notation (codes only: a Joker is ``JOKER``)."""
    return ",".join(c.code for i, c in enumerate(rules.categories) if mask >> i & 1) or "-"


# -- the round on the sheet -----------------------------------------------------------------------------

class CoachRound(Result):
    """A played round written on the sheet (``to_json()``: see :func:`coiffeur_coach_round`)."""

    formats = ("table", "json")

    def text(self) -> str:
        d = self._doc
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

    preset = coach_rules(rules)
    cards = _hands(hands)
    if taker > 3:
        raise refused(f"taker must be a seat 0..3, got {taker}", taker, "taker")
    open_sets = open_pair(preset, ours_open, theirs_open)
    team = taker & 1
    slot = _slot_of(category, preset, open_sets[team], "category")
    cat = preset.categories[slot]
    _, mode = parse_answer(f"{slot_name(preset, slot)}@{form}", preset, open_sets[team], "form")
    before = _totals(totals, preset, open_sets)
    seq = parse_cards(played, count=None, unique=False)
    if len(seq) != 36:
        raise refused(f"played must be all 36 cards of the round, got {len(seq)}", len(seq), "played")
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
        raise refused(f"totals {text!r}: expected US:THEM, two whole numbers such as 1200:950", text, "totals")
    caps = rules.score_caps(open_sets[0], open_sets[1])
    for k, who in ((0, "US"), (1, "THEM")):
        cap = caps[k]
        if not 0 <= pair[k] <= cap:
            raise refused(f"totals: {who} {pair[k]} cannot be: the categories played allow 0 to {cap}", pair[k],
                           "totals")
    return pair

