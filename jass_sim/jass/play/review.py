"""``review``: rate every decision of a seat (or a team) in a played round.

The mode choice is rated through ``advise`` and every card through ``play-advice`` from that
seat's view at that moment (seats renumbered so that the reviewed seat is seat 0), with only what it
had seen then: the Weis shown after the first trick are not known to a card of the first trick
(:func:`~jass_sim.jass.play.position.melds_seen`, the coach's rule). Each decision
gets the best option, the loss of the one taken in points with its paired 95% CI, and a verdict:
good (loss below 1 point), inaccuracy (1 or more), mistake (4 or more), blunder (10 or more), or
unclear when the loss is not larger than its noise (its 95% CI reaches 0). With all four hands
known, each card also gets its double-dummy hindsight value (the best card with every hand seen).
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field

import numpy as np

from jass_sim.core.chunks import Tick
from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.core.verdicts import VERDICTS, verdict
from jass_sim.jass.cards import format_card, mode_name
from jass_sim.jass.play.advice import DEFAULT_PLAY_POLICY, DEFAULT_SAMPLES, card_label, paired, play_advice
from jass_sim.jass.play.position import Position, build_position, melds_seen, rotate_seat
from jass_sim.jass.play.round_file import RoundInput
from jass_sim.jass.play.worlds import known_world, run_play_advice
from jass_sim.jass.players import PLAYERS, policy_params
from jass_sim.jass.rules import get_rules
from jass_sim.jass.rules.view import JassView

#: Loss thresholds (points) of the verdicts, worst first.
THRESHOLDS = (("blunder", 10.0), ("mistake", 4.0), ("inaccuracy", 1.0))


@dataclass
class Decision:
    """One decision of a reviewed seat (seats as in the round file)."""

    kind: str                       # "mode" or "card"
    seat: int
    trick: int                      # 1..9 (0 for the mode choice)
    played: str                     # card (letter notation) or mode/option name
    best: str
    loss: float
    ci95: tuple[float, float] | None
    verdict: str
    options: int
    hand: list[int] = field(default_factory=list)
    trick_so_far: list[int] = field(default_factory=list)
    trick_leader: int = 0
    hindsight_best: str | None = None
    hindsight_loss: float | None = None
    hindsight_verdict: str | None = None
    sentence: str = ""
    alternatives: list[dict] = field(default_factory=list)  # the best cards but the one played, with their gaps
    # every option rated (the card played or the option taken included, at 0): ``choice``, ``value`` (its
    # paired gap over the one taken, in points) and ``ci95``; kept for practice positions, not in the JSON
    # (its ``alternatives`` show the best three)
    values: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        doc = {"kind": self.kind, "seat": self.seat, "trick": self.trick, "played": self.played,
               "best": self.best, "loss": self.loss, "ci95_loss": None if self.ci95 is None else list(self.ci95),
               "verdict": self.verdict, "options": self.options, "sentence": self.sentence}
        if self.kind == "card":
            doc.update(hand=[format_card(c) for c in self.hand], trick_so_far=[format_card(c) for c in self.trick_so_far],
                       trick_leader=self.trick_leader)
            doc["alternatives"] = self.alternatives
            doc["hindsight"] = None if self.hindsight_best is None else {
                "best": self.hindsight_best, "loss": self.hindsight_loss, "verdict": self.hindsight_verdict}
        return doc


@dataclass(eq=False, repr=False)
class Review(Result):
    """The answer of ``review`` (:func:`jass_sim.review`): ``decisions`` (one :class:`Decision`
    each), ``table`` with one row per decision (kind, seat, trick, played, best, loss with its
    95% CI, verdict, hindsight), ``summary``, ``to_json()``, and ``html()`` (a page with a row
    per decision and a plot)."""

    round: RoundInput
    seats: list[int]
    policy: str
    samples: int | None
    seed: int
    decisions: list[Decision]

    formats = ("table", "json")
    json_ascii = False

    @property
    def summary(self) -> dict:
        """Decisions, the card decisions' total loss, the count of each verdict (and the
        hindsight loss with all hands known)."""
        cards = [d for d in self.decisions if d.kind == "card"]
        out = {"decisions": len(self.decisions), "card_loss": sum(d.loss for d in cards),
               "verdicts": {v: sum(d.verdict == v for d in self.decisions) for v in VERDICTS}}
        if self.round.all_hands:
            out["hindsight_card_loss"] = sum(d.hindsight_loss for d in cards if d.hindsight_loss is not None)
        return out

    def to_json(self) -> dict:
        r = self.round
        return {"round": {"rules": r.rules, "mode": mode_name(r.mode), "leader": r.leader, "chooser": _chooser(r),
                          "chibred": r.chibred, "played": [format_card(c) for c in r.played],
                          "all_hands": r.all_hands, "tricks": self.tricks()},
                "seats": self.seats, "policy": self.policy, "samples": self.samples or DEFAULT_SAMPLES,
                "seed": self.seed,
                "decisions": [d.to_json() for d in self.decisions], "summary": self.summary}

    def tricks(self) -> list[dict]:
        """The finished tricks of the round: ``leader``, ``cards``, ``winner`` and ``points`` (seats as in
        the round file)."""
        me = self.seats[0]
        pos = _rotated(self.round, me, len(self.round.played), require_turn=False)
        return [{"leader": (t["leader"] + me) & 3, "cards": [format_card(c) for c in t["cards"]],
                 "winner": (t["winner"] + me) & 3, "points": t["points"]} for t in pos.tricks]

    @property
    def heading(self) -> str:
        s = self.summary
        return (f"{s['decisions']} decisions of seat(s) {', '.join(map(str, self.seats))}: card loss "
                f"{s['card_loss']:.1f} points")

    @functools.cached_property
    def table(self):
        """One row per decision (see the class)."""
        import pandas as pd

        rows = []
        for d in self.decisions:
            doc = d.to_json()
            ci = doc["ci95_loss"]
            hind = doc.get("hindsight") or {}
            rows.append({"kind": doc["kind"], "seat": doc["seat"], "trick": doc["trick"], "played": doc["played"],
                         "best": doc["best"], "loss": doc["loss"], "ci95_loss_lo": math.nan if ci is None else ci[0],
                         "ci95_loss_hi": math.nan if ci is None else ci[1], "verdict": doc["verdict"],
                         "hindsight_best": hind.get("best"), "hindsight_loss": hind.get("loss")})
        return pd.DataFrame(rows)

    def text(self) -> str:
        """Text table: one row per decision, then the totals."""
        import pandas as pd

        rows = []
        for d in self.decisions:
            row = {"trick": "mode" if d.kind == "mode" else str(d.trick), "seat": d.seat,
                   "trick so far": " ".join(format_card(c, True) for c in d.trick_so_far) if d.kind == "card" else "",
                   "played": _label(d.played), "best": _label(d.best),
                   "loss [95% CI]": f"{d.loss:.1f}" + (f" [{d.ci95[0]:+.1f}, {d.ci95[1]:+.1f}]" if d.ci95 else ""),
                   "verdict": d.verdict}
            if self.round.all_hands:
                row["hindsight"] = "" if d.kind == "mode" else \
                    f"{_label(d.hindsight_best)} {d.hindsight_loss:.0f} {d.hindsight_verdict}"
            rows.append(row)
        s = self.summary
        head = (f"review of seat{'s' if len(self.seats) > 1 else ''} {', '.join(map(str, self.seats))}: mode "
                f"{mode_name(self.round.mode, True)}, rules {self.round.rules}, policy {self.policy}, seed {self.seed}")
        counts = ", ".join(f"{k} {v}" for k, v in s["verdicts"].items() if v)
        tail = f"card decisions lose {s['card_loss']:.1f} points in all ({counts})"
        if "hindsight_card_loss" in s:
            tail += f"; double-dummy hindsight: {s['hindsight_card_loss']:.0f} points"
        note = ("losses: card decisions in our points to the end of the round; the mode choice in round points, "
                "ours minus theirs (advise); CIs cover the sampling of worlds, not the play model")
        return "\n".join([head, "", pd.DataFrame(rows).to_string(index=False), "", tail + ".", note])

    def html(self) -> str:
        """One page: a row per decision (hand, trick so far, card played, best, loss, verdict)
        and the plot of the points lost along the round, embedded."""
        import base64

        from jass_sim.core.report.render import render_html

        header = ["trick", "seat", "hand", "trick so far", "played", "best", "loss [95% CI]", "verdict"]
        if self.round.all_hands:
            header.append("hindsight (best, loss, verdict)")
        rows = []
        for d in self.decisions:
            row = ["mode" if d.kind == "mode" else str(d.trick), str(d.seat),
                   " ".join(format_card(c, True) for c in d.hand),
                   " ".join(format_card(c, True) for c in d.trick_so_far) + (f" (seat {d.trick_leader} led)"
                                                                              if d.trick_so_far else ""),
                   _label(d.played), _label(d.best),
                   f"{d.loss:.1f}" + (f" [{d.ci95[0]:+.1f}, {d.ci95[1]:+.1f}]" if d.ci95 else ""), f"**{d.verdict}**"]
            if self.round.all_hands:
                row.append("" if d.kind == "mode" else f"{_label(d.hindsight_best)}, {d.hindsight_loss:.0f}, "
                           f"{d.hindsight_verdict}")
            rows.append(row)
        text = self.text().splitlines()
        png = base64.b64encode(plot_losses(self)).decode()
        blocks = [("h1", text[0][:1].upper() + text[0][1:]), ("p", text[-2]), ("p", text[-1]),
                  ("table", header, rows, "decisions", "rrllllrl"), ("img", f"data:image/png;base64,{png}",
                                                                     "points lost along the round")]
        return render_html(blocks, "jass-sim review")


def _chooser(r: RoundInput) -> int:
    return r.chooser if r.chooser is not None else ((r.leader + 2) % 4 if r.chibred else r.leader)


_SEATS = re.compile(r"\b(seats?) (\d(?:(?:, | and )\d)*)")


def _file_seats(message: str, me: int) -> str:
    """``message`` of a position seen from seat ``me`` (renumbered 0) with the file's seat numbers."""
    def back(m):
        return m.group(1) + " " + re.sub(r"\d", lambda d: str((int(d.group()) + me) % 4), m.group(2))

    return _SEATS.sub(back, message)


def _rotated(r: RoundInput, me: int, upto: int, require_turn: bool = True) -> Position:
    """The position after ``upto`` cards from seat ``me``'s view (renumbered seat 0), with the Weis
    shown by then only (:func:`~jass_sim.jass.play.position.melds_seen`: none in the first trick)."""
    hands = [r.hands[(s + me) % 4] for s in range(4)] if r.all_hands else None
    shown = {rotate_seat(s, me): cs for s, cs in melds_seen(r.shown, upto).items()}
    try:
        return build_position(r.hands[me], r.mode, rotate_seat(r.leader, me), r.played[:upto], shown,
                              chooser=rotate_seat(_chooser(r), me), chibred=r.chibred, hands=hands,
                              require_turn=require_turn, four_points=get_rules(r.rules).four_points)
    except InputError as exc:
        raise InputError("round file: " + _file_seats(str(exc), me), exc.token) from None


def _walk(r: RoundInput, me: int):
    """Seat ``me``'s view of the round (renumbered seat 0) before each card: ``(i, view)`` for every
    card ``i`` of the file, one walk of the cards through a :class:`~jass_sim.jass.rules.view.JassView`
    that holds the Weis shown by then (:func:`~jass_sim.jass.play.position.melds_seen`; a new walk
    when they show). The view moves on after each yield: read it before the next."""
    hands = [r.hands[(s + me) % 4] for s in range(4)] if r.all_hands else None
    view, seen = None, None
    try:
        for i, card in enumerate(r.played):
            shown = melds_seen(r.shown, i)
            if view is None or bool(shown) != seen:
                lists: list[list[int]] = [[], [], [], []]
                for s, cs in shown.items():
                    lists[rotate_seat(s, me)].extend(int(c) for c in cs)
                view = JassView([list(r.hands[me])] + ([list(h) for h in hands[1:]] if hands else [None] * 3), r.mode,
                                rotate_seat(r.leader, me), chibred=r.chibred, shown=lists)
                seen = bool(shown)
                for c in r.played[:i]:
                    view.play(int(c))
            yield i, view
            view.play(int(card))
    except InputError as exc:
        raise InputError("round file: " + _file_seats(str(exc), me), exc.token) from None


def review(r: RoundInput, seats: list[int], policy: str | None = None, samples: int | None = None, seed: int = 0,
           threads: int | None = None, review_mode: bool = True, progress=None,
           search_worlds: int | None = None) -> Review:
    """Rate the decisions of ``seats`` in round ``r``.

    Parameters
    ----------
    r : RoundInput
        The round (see :mod:`jass_sim.jass.play.round_file`); the reviewed seats' hands are needed.
    seats : list of int
        The reviewed seats.
    policy : str, optional
        Card play of the play-outs (default ``DEFAULT_PLAY_POLICY`` of :mod:`.advice`); also the
        card play of ``advise`` for the mode choice.
    samples : int, optional
        Worlds per card decision and deals for the mode choice (defaults of ``play-advice`` and
        ``advise``).
    review_mode : bool
        Also rate the mode choice (or the chibre) when a reviewed seat made it.

    Wraps :func:`jass_sim.jass.play.advice.play_advice` and :func:`jass_sim.jass.advise.advice.advise`.
    """

    policy = DEFAULT_PLAY_POLICY if policy is None else policy.strip().lower()
    for me in seats:
        if r.hands[me] is None:
            raise InputError(f"the round file gives no hand for the reviewed seat {me}", str(me))
    rules = get_rules(r.rules)
    if r.mode not in rules.modes:
        raise InputError(f"round file: mode {mode_name(r.mode)!r} is not allowed by the {rules.name} rules",
                         mode_name(r.mode))
    mult = int(rules.multipliers[r.mode])
    # checks the whole history once from each reviewed seat's view
    for me in seats:
        _rotated(r, me, len(r.played), require_turn=False)
    decisions: list[Decision] = []
    # the reviewed seats' card decisions: (index in the round, seat to move in the file's numbering),
    # each with its position, from one walk of the round through each reviewed seat's view
    hands = {me: [r.hands[(s + me) % 4] for s in range(4)] if r.all_hands else None for me in seats}
    positions = {(i, me): Position.from_view(view, hands[me]) for me in seats for i, view in _walk(r, me)
                 if view.to_move() == 0}
    turns = sorted(positions)
    modes = _mode_seats(r, seats) if review_mode else []
    total = len(modes) + len(turns)
    step = _Steps(progress, total)
    step.start()
    if review_mode:
        decisions += _mode_decisions(r, modes, policy, samples, seed, threads, step, search_worlds)
    for i, seat in turns:
        card = r.played[i]
        pos = positions[i, seat]
        trick_no = len(pos.tricks) + 1
        d = card_decision(pos, card, seat, rules, policy, samples, seed, threads, step.inner(), search_worlds,
                          stage=f"decision {step.k + 1} of {total}: trick {trick_no}")
        if r.all_hands:
            if len(pos.legal) > 1:
                world = known_world(pos)[None, :]
                # the policy plays no card in an exact solve; passing play_advice's own makes the
                # kernel the one compiled for it (the same player set), not a second one
                exact = mult * run_play_advice(pos, PLAYERS.code(policy),
                                               policy_params(search_worlds=search_worlds), seed=0, first_sample=0,
                                               n_samples=1, exact=True, worlds=world)[0]
                j = int(np.argmax(exact))
                if exact[pos.legal.index(card)] == exact[j]:  # equal to the best: the card played is best too
                    j = pos.legal.index(card)
                d.hindsight_best = format_card(pos.legal[j])
                d.hindsight_loss = float(exact[j] - exact[pos.legal.index(card)])
            else:
                d.hindsight_best, d.hindsight_loss = format_card(card), 0.0
            d.hindsight_verdict = verdict(d.hindsight_loss, thresholds=THRESHOLDS)
        decisions.append(d)
        step.next()
    return Review(r, list(seats), policy, samples, seed, decisions)


def card_decision(pos: Position, card: int, seat: int, rules, policy: str, samples: int | None, seed: int,
                  threads: int | None = None, progress=None, search_worlds: int | None = None,
                  stage: str = "") -> Decision:
    """The review's rating of ``card`` played by ``seat`` (the file's numbering) in ``pos`` (its view,
    renumbered seat 0): the best card, the loss with its paired 95% CI and the verdict on
    :data:`THRESHOLDS`, the advice's sentence and the best other cards. The one rating of a card:
    the review's every card and the coach's (``rate_card``, :mod:`jass_sim.jass.play.coach`).

    Parameters
    ----------
    pos : Position
        The position before the card, seat 0 to play.
    card : int
        The card played (one of ``pos.legal``).
    seat : int
        The seat that played it, as the round numbers it (``trick_leader`` is given in that numbering).
    rules, policy, samples, seed, threads, progress, search_worlds, stage :
        As for :func:`jass_sim.jass.play.advice.play_advice`.

    Returns
    -------
    Decision
        ``forced`` with one legal card (no sampling).
    """
    trick_no = len(pos.tricks) + 1
    d = Decision("card", seat, trick_no, format_card(card), format_card(card), 0.0, None, "forced",
                 len(pos.legal), hand=pos.remaining, trick_so_far=list(pos.trick),
                 trick_leader=(pos.trick_leader + seat) & 3)
    if len(pos.legal) == 1:
        d.sentence = f"Play {card_label(card)}: the only legal card."
        return d
    advice = play_advice(pos, rules, policy, samples, seed=seed, threads=threads, progress=progress,
                         params=policy_params(search_worlds=search_worlds), stage=stage)
    loss, lo, hi = advice.loss(card)
    d.best = format_card(advice.cards[advice.best])
    if card in [advice.cards[j] for j in advice.equivalent]:
        loss, lo, hi = 0.0, 0.0, 0.0
    if loss == 0 and (math.isnan(lo) or lo == hi == 0):  # worth as much as the best: name the card played
        d.best = format_card(card)
    d.loss = float(loss)
    d.ci95 = None if math.isnan(lo) else (float(lo), float(hi))
    d.verdict = verdict(d.loss, lo, thresholds=THRESHOLDS)
    d.sentence = advice.sentence
    # the best other cards (up to 3), each with its gap to the card played (paired, 95% CI)
    for j in [j for j in advice.order if advice.cards[j] != card][:3]:
        gap, glo, ghi = paired(advice.values, j, advice.cards.index(card))
        d.alternatives.append({"card": format_card(advice.cards[j]), "gap": gap,
                               "ci95_gap": None if math.isnan(glo) else [glo, ghi]})
    mine = advice.cards.index(card)
    for j, c in enumerate(advice.cards):
        gap, glo, ghi = (0.0, math.nan, math.nan) if j == mine else paired(advice.values, j, mine)
        d.values.append({"choice": format_card(c), "value": float(gap),
                         "ci95": None if math.isnan(glo) else [float(glo), float(ghi)]})
    return d


class _Steps:
    """The progress of a review: ``done`` and ``target`` count decisions; the ticks of the analysis of
    the current decision are passed on (every chunk) with their CI half-width and a ``stage``."""

    def __init__(self, progress, total: int):
        self.progress = progress
        self.total = total
        self.k = 0

    def start(self) -> None:
        if self.progress is not None:
            self.progress(Tick(0, self.total, stage="checked"))

    def next(self) -> None:
        self.k += 1
        if self.progress is not None:
            self.progress(Tick(self.k, self.total, stage=f"decision {self.k} of {self.total} done"))

    def inner(self):
        if self.progress is None:
            return None

        def tick(t: Tick) -> None:
            if t.done > 0:  # the inner start tick carries nothing new
                self.progress(Tick(self.k, self.total, half_width=t.half_width, stage=t.stage))
        return tick


def _mode_seats(r: RoundInput, seats) -> list[tuple[int, int, bool]]:
    """``(seat, option taken, chibred)`` for each reviewed seat that chose the mode or chibred."""
    from jass_sim.jass.advise.sampling import CHIBRE

    out = []
    chooser = _chooser(r)
    for me in seats:
        if r.chibred and me == r.leader:
            out.append((me, CHIBRE, False))
        elif me == chooser:
            out.append((me, r.mode, r.chibred))
    return out


def _mode_decisions(r: RoundInput, modes, policy, samples, seed, threads, step, search_worlds=None) -> list[Decision]:
    """The mode choice (or chibre) of a reviewed seat, rated by ``advise`` (paired lead of the best
    option over the one taken, in round points ours minus theirs)."""
    from jass_sim.jass.advise.advice import advise, paired_lead
    from jass_sim.jass.advise.options import option_label, option_name
    from jass_sim.jass.advise.sampling import CHIBRE

    out = []
    for me, taken, chibred in modes:
        a = advise(r.hands[me], r.rules, policy, samples=samples, seed=seed, threads=threads, chibred=chibred,
                   search_worlds=search_worlds,
                   progress=step.inner())
        best = a.options.index(a.best_option)
        j = a.options.index(taken)
        if j == best:
            loss, lo, hi = 0.0, 0.0, 0.0
        else:
            loss, lo, hi = paired_lead(a.samples, best, j)
        d = Decision("mode", me, 0, option_name(taken), a.recommendation, float(loss),
                     (float(lo), float(hi)), verdict(float(loss), lo, thresholds=THRESHOLDS), len(a.options), hand=list(r.hands[me]),
                     sentence=a.sentence + f" Taken: {option_label(taken)}.")
        for k, opt in enumerate(a.options):  # every option's paired lead over the one taken (practice positions)
            lead, llo, lhi = (0.0, math.nan, math.nan) if k == j else paired_lead(a.samples, k, j)
            d.values.append({"choice": option_name(opt), "value": float(lead),
                             "ci95": None if math.isnan(llo) else [float(llo), float(lhi)]})
        out.append(d)
        step.next()
    return sorted(out, key=lambda d: d.played != option_name(CHIBRE))  # the chibre came before the partner's choice


def _label(text: str | None) -> str:
    if text is None:
        return ""
    if len(text) == 2 and text[0] in "HDSC":
        from jass_sim.jass.cards import parse_card

        return format_card(parse_card(text), True)
    return {"OBE": "obe-abe", "UNE": "une-ufe"}.get(text, mode_name(["H", "D", "S", "C"].index(text), True)
                                                     if text in ("H", "D", "S", "C") else text)


def plot_losses(rv: Review) -> bytes:
    """PNG: the points lost along the round (cumulative, card decisions), with hindsight if known."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cards = [d for d in rv.decisions if d.kind == "card"]
    x = np.arange(1, len(cards) + 1)
    fig, ax = plt.subplots(figsize=(10, 3.6))
    ax.plot(x, np.cumsum([d.loss for d in cards]), marker="o", label=f"sampled worlds ({rv.policy} play-outs)")
    colors = {"good": "tab:green", "inaccuracy": "gold", "mistake": "tab:orange", "blunder": "tab:red",
              "unclear": "tab:gray", "forced": "lightgray"}
    ax.scatter(x, np.cumsum([d.loss for d in cards]), c=[colors[d.verdict] for d in cards], zorder=3, s=50)
    for v in VERDICTS:  # a legend entry per verdict shown (the marker colours)
        if any(d.verdict == v for d in cards):
            ax.scatter([], [], c=colors[v], s=50, label=f"verdict: {v}")
    if rv.round.all_hands:
        ax.plot(x, np.cumsum([d.hindsight_loss or 0.0 for d in cards]), ls="--", marker=".",
                label="double-dummy hindsight")
    ax.set_xticks(x, [f"{d.trick}" + ("" if len(rv.seats) == 1 else f"/s{d.seat}") for d in cards])
    ax.set_xlabel("trick" + ("" if len(rv.seats) == 1 else " / seat"))
    ax.set_ylabel("points lost, cumulative")
    ax.set_title("points lost along the round")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)  # beside, not on, the line
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110)
    plt.close(fig)
    return buf.getvalue()
