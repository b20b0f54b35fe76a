"""``jass-sim cribbage review``: rate every discard and every pegging card of a player in a game.

Each decision is valued from the player's view at that moment, exactly:

- a **discard** by the 15 discards' ``net_ev`` (hand plus or minus crib, exact over the starter and
  the opponent's crib cards: :func:`jass_sim.cribbage.discards.discard_options`);
- a **pegging card** by the pegging adviser's ``mean_diff`` (his pegging points minus the
  opponent's for the rest of the hand, exact over the opponent's possible hands, face-up play-outs:
  :mod:`jass_sim.cribbage.pegging_advice`), his own discard known.

The loss of a decision is the best option's value minus the value of the one taken, in points.
Verdicts as in the Jass review, on Cribbage's scale (a Cribbage hand is worth about 10 to 16 points
to a player): good (loss below 0.25 point), inaccuracy (0.25 or more), mistake (1 or more),
blunder (2.5 or more), unclear (a sampled loss whose 95% CI reaches 0: never here, every figure is
exact), forced (one option: one rank playable). The figures do not cover the play model.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from jass_sim.core.chunks import Tick
from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.cribbage.cards import card_rank, format_card, format_cards
from jass_sim.cribbage.game_file import PLAYERS, HandRecord

#: Loss thresholds (points) of the verdicts, worst first.
THRESHOLDS = (("blunder", 2.5), ("mistake", 1.0), ("inaccuracy", 0.25))
VERDICTS = ("good", "inaccuracy", "mistake", "blunder", "unclear", "forced")
#: Decisions listed as the biggest mistakes.
BIGGEST = 3


def verdict(loss: float, lo: float = math.nan) -> str:
    """The verdict of a loss with 95% CI lower bound ``lo`` (NaN: exact)."""
    if loss < THRESHOLDS[-1][1] - 1e-9:
        return "good"
    if not math.isnan(lo) and lo <= 0:
        return "unclear"
    for name, limit in THRESHOLDS:
        if loss >= limit - 1e-9:
            return name
    return "good"


@dataclass
class CribDecision:
    """One decision: ``kind`` ``discard`` or ``card``, the hand number, what was played and the best
    option (card texts), the loss in points, the verdict, the number of distinct options."""

    kind: str
    hand: int
    player: int
    played: list[str]
    best: list[str]
    loss: float
    verdict: str
    options: int
    count: int | None = None
    current_count: list[str] = field(default_factory=list)
    holding: list[str] = field(default_factory=list)
    values: dict = field(default_factory=dict)   # the option taken and the best: their values

    def sentence(self) -> str:
        what = "throw " + " ".join(self.played) if self.kind == "discard" else "peg " + " ".join(self.played)
        where = "" if self.kind == "discard" else f" on a count of {self.count}"
        if self.verdict == "forced":
            return f"Hand {self.hand}: {what}{where}: forced."
        if self.loss < 1e-9:
            return f"Hand {self.hand}: {what}{where}: best."
        return (f"Hand {self.hand}: {what}{where}: {self.verdict}, {self.loss:.2f} points behind "
                f"{' '.join(self.best)}.")

    def to_json(self) -> dict:
        doc = {"kind": self.kind, "hand": self.hand, "player": PLAYERS[self.player], "played": self.played,
               "best": self.best, "loss": self.loss, "ci95_loss": None, "verdict": self.verdict,
               "options": self.options, "holding": self.holding, "values": self.values,
               "sentence": self.sentence()}
        if self.kind == "card":
            doc.update(count=self.count, current_count=self.current_count)
        return doc


def discard_decision(hand: HandRecord, p: int) -> CribDecision:
    """Player ``p``'s discard in ``hand``, rated by the 15 discards' exact ``net_ev``."""
    from jass_sim.cribbage.discards import discard_options

    options = discard_options(hand.six[p], hand.dealer == p)
    taken = next(o for o in options if set(o.discard) == set(hand.thrown[p]))
    best = options[0]
    loss = max(0.0, best.net_ev - taken.net_ev)
    return CribDecision("discard", hand.number, p, [format_card(c) for c in hand.thrown[p]],
                        [format_card(c) for c in best.discard], loss, verdict(loss), len(options),
                        holding=[format_card(c) for c in hand.six[p]],
                        values={"taken_net_ev": taken.net_ev, "best_net_ev": best.net_ev})


def card_decision(hand: HandRecord, p: int, i: int) -> CribDecision:
    """The pegging card ``hand.plays[i]`` (player ``p``'s), rated by the adviser's exact ``mean_diff``."""
    from jass_sim.cribbage.pegging_advice import advise
    from jass_sim.cribbage.pegposition import build_position

    kept = hand.kept(p)
    card = hand.plays[i]
    try:
        pos = build_position(format_cards(kept), format_card(hand.starter), hand.dealer == p,
                             format_cards(hand.plays[:i]), format_cards(hand.thrown[p]), opponent_go=True)
    except InputError as exc:
        reason = str(exc).removeprefix("--played: ")
        raise InputError(f"hand {hand.number}, {format_card(card)}: {reason}", exc.token) from None
    if card not in pos.legal:
        raise InputError(f"hand {hand.number}: {format_card(card)} cannot be played on a count of {pos.count}",
                         format_card(card))
    advice = advise(pos)
    figs = {f["card"]: f for f in (advice.figures(j) for j in range(len(advice.cards)))}
    best = advice.cards[advice.order[0]]
    if card_rank(best) == card_rank(card):  # equal ranks are the same play
        best = card
    taken = figs[format_card(card)]
    loss = max(0.0, figs[format_card(best)]["mean_diff"] - taken["mean_diff"])
    ranks = {card_rank(c) for c in advice.cards}
    return CribDecision("card", hand.number, p, [format_card(card)], [format_card(best)], loss,
                        "forced" if len(ranks) == 1 else verdict(loss), len(ranks), pos.count,
                        [format_card(c) for c in pos.seq], [format_card(c) for c in pos.left],
                        {"taken_mean_diff": taken["mean_diff"],
                         "best_mean_diff": figs[format_card(best)]["mean_diff"]})


def _card_decisions(hand: HandRecord, p: int, progress) -> list[CribDecision]:
    kept = hand.kept(p)
    out = []
    for i, card in enumerate(hand.plays):
        if card not in kept:
            continue
        out.append(card_decision(hand, p, i))
        if progress is not None:
            progress()
    return out


@dataclass(eq=False, repr=False)
class CribReview(Result):
    """The answer of :func:`jass_sim.cribbage.review`: ``decisions`` (one :class:`CribDecision`
    each), ``summary``, ``biggest`` (the worst decisions), ``to_json()``, ``table`` and ``html()``."""

    hands: list[HandRecord]
    player: int
    decisions: list[CribDecision]

    formats = ("table", "json")
    json_ascii = False

    @property
    def biggest(self) -> list[CribDecision]:
        """The :data:`BIGGEST` largest losses with a verdict worse than good, worst first."""
        bad = [d for d in self.decisions if d.verdict in ("inaccuracy", "mistake", "blunder")]
        return sorted(bad, key=lambda d: -d.loss)[:BIGGEST]

    @property
    def summary(self) -> dict:
        disc = [d for d in self.decisions if d.kind == "discard"]
        cards = [d for d in self.decisions if d.kind == "card"]
        return {"decisions": len(self.decisions), "discard_loss": sum(d.loss for d in disc),
                "card_loss": sum(d.loss for d in cards),
                "verdicts": {v: sum(d.verdict == v for d in self.decisions) for v in VERDICTS}}

    def to_json(self) -> dict:
        return {"player": PLAYERS[self.player], "hands": [h.to_json() for h in self.hands],
                "decisions": [d.to_json() for d in self.decisions], "summary": self.summary,
                "biggest_mistakes": [d.to_json() for d in self.biggest],
                "thresholds": {name: limit for name, limit in THRESHOLDS}}

    @property
    def table(self):
        import pandas as pd

        return pd.DataFrame([{"hand": d.hand, "kind": d.kind, "count": d.count, "played": " ".join(d.played),
                              "best": " ".join(d.best), "loss": d.loss, "verdict": d.verdict}
                             for d in self.decisions])

    @property
    def heading(self) -> str:
        s = self.summary
        return (f"{s['decisions']} decisions of player {PLAYERS[self.player]}: discards lose {s['discard_loss']:.2f}, "
                f"pegging {s['card_loss']:.2f} points")

    def _rows(self) -> list[list[str]]:
        rows = []
        for d in self.decisions:
            rows.append([str(d.hand), d.kind, "" if d.count is None else str(d.count),
                         " ".join(d.current_count) if d.kind == "card" else " ".join(d.holding),
                         " ".join(d.played), " ".join(d.best), f"{d.loss:.2f}", d.verdict])
        return rows

    def _lines(self) -> tuple[str, str, list[str]]:
        s = self.summary
        counts = ", ".join(f"{k} {v}" for k, v in s["verdicts"].items() if v)
        head = (f"review of player {PLAYERS[self.player]}: {len(self.hands)} hands, {s['decisions']} decisions "
                f"({counts}); discards lose {s['discard_loss']:.2f} points, pegging {s['card_loss']:.2f}")
        note = ("losses in points, exact: discards by net_ev (hand plus or minus crib, the opponent's crib cards "
                "uniform), pegging cards by the adviser's net points to the end of the hand (face-up play-outs "
                "over every opponent hand); the figures do not cover that play model")
        worst = [d.sentence() for d in self.biggest]
        return head, note, worst

    def text(self) -> str:
        import pandas as pd

        head, note, worst = self._lines()
        table = pd.DataFrame(self._rows(), columns=["hand", "kind", "count", "count so far / dealt", "played",
                                                    "best", "loss", "verdict"])
        lines = [head, "", table.to_string(index=False), ""]
        lines += ["biggest mistakes:"] + [f"  {w}" for w in worst] if worst else ["no mistakes"]
        return "\n".join(lines + [note])

    def html(self) -> str:
        """One page: the summary, the biggest mistakes and a row per decision."""
        from jass_sim.core.report.render import render_html

        head, note, worst = self._lines()
        rows = [r[:-1] + [f"**{r[-1]}**"] for r in self._rows()]
        blocks = [("h1", "Cribbage review: " + head), ("p", note), ("h2", "Biggest mistakes")]
        blocks += [("p", w) for w in worst] or [("p", "none")]
        blocks.append(("table", ["hand", "kind", "count", "count so far / dealt", "played", "best", "loss",
                                 "verdict"], rows, "decisions", "rlrllllrl"))
        return render_html(blocks, "jass-sim cribbage review")


def history_entry(rv: CribReview, source: str, doc: dict | None = None):
    """The history's row of ``rv`` (:class:`jass_sim.core.history.Entry`): game ``cribbage``, the
    hands played as its mode, the reviewed player as its seat, the points lost by the discards and
    the pegging together, the verdict counts, the game in the text format and the review's JSON."""
    from jass_sim.core.history import Entry
    from jass_sim.cribbage.game_file import game_text

    doc = doc if doc is not None else rv.to_json()
    s = doc["summary"]
    n = len(rv.hands)
    return Entry(game="cribbage", source=source, mode=f"{n} hand{'s' * (n != 1)}", seat=PLAYERS[rv.player],
                 card_loss=s["discard_loss"] + s["card_loss"], verdicts=dict(s["verdicts"]),
                 round=game_text(rv.hands), review=doc)


def review_game(hands: list[HandRecord], player: int, progress=None) -> CribReview:
    """Rate every decision of ``player`` (0 = A, 1 = B) in ``hands`` (see the module). ``progress``
    gets a :class:`~jass_sim.core.chunks.Tick` per decision (0 once the game is read) and may raise
    :class:`~jass_sim.core.errors.Cancelled`."""
    known = [h for h in hands if h.six[player] is not None]
    if not known:
        raise InputError(f"the game file gives no cards of player {PLAYERS[player]}", PLAYERS[player])
    target = sum(1 + sum(c in h.kept(player) for c in h.plays) for h in known)
    done = [0]

    def tick():
        if progress is not None:
            progress(Tick(done[0], target, stage=f"decision {done[0] + 1} of {target}"))

    tick()
    decisions = []
    for h in known:
        decisions.append(discard_decision(h, player))
        done[0] += 1
        tick()

        def step():
            done[0] += 1
            tick()

        decisions += _card_decisions(h, player, step)
    return CribReview(hands, player, decisions)
