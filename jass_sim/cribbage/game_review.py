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

With both players' cards known (so the scores are), each decision is also rated by the chance to
win the game from the score at that moment (``win``, sampled, paired 95% intervals, its own
verdict): see :mod:`jass_sim.cribbage.review_win`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jass_sim.core.chunks import Tick
from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.core.verdicts import VERDICTS, verdict
from jass_sim.cribbage.cards import card_rank, format_card, format_cards
from jass_sim.cribbage.game_file import PLAYERS, HandRecord
from jass_sim.cribbage.verdicts import THRESHOLDS, TOL, WIN_THRESHOLDS

#: Decisions listed as the biggest mistakes.
BIGGEST = 3


def _win_sum(decisions) -> float | None:
    """The win probability lost by ``decisions`` together (None: none rated by it)."""
    rated = [d.win["loss"] for d in decisions if d.win is not None]
    return sum(rated) if rated else None


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
    win: dict | None = None   # rated by the chance to win the game (review_win), when the scores are known

    def sentence(self) -> str:
        what = "throw " + " ".join(self.played) if self.kind == "discard" else "peg " + " ".join(self.played)
        where = "" if self.kind == "discard" else f" on a count of {self.count}"
        if self.verdict == "forced":
            return f"Hand {self.hand}: {what}{where}: forced."
        if self.loss < 1e-9:
            return f"Hand {self.hand}: {what}{where}: best." + self._win_sentence()
        return (f"Hand {self.hand}: {what}{where}: {self.verdict}, {self.loss:.2f} points behind "
                f"{' '.join(self.best)}." + self._win_sentence())

    def _win_sentence(self) -> str:
        w = self.win
        if w is None:
            return ""
        at = f"at {w['score']['A']}:{w['score']['B']} (A:B)"
        if w["loss"] < 1e-9:
            return f" By the chance to win {at}: best, {100 * w['taken_win_prob']:.1f}%."
        return (f" By the chance to win {at}: {w['verdict']}, {100 * w['taken_win_prob']:.1f}% against "
                f"{100 * w['best_win_prob']:.1f}% for {' '.join(w['best'])}.")

    def to_json(self) -> dict:
        doc = {"kind": self.kind, "hand": self.hand, "player": PLAYERS[self.player], "played": self.played,
               "best": self.best, "loss": self.loss, "ci95_loss": None, "verdict": self.verdict,
               "options": self.options, "holding": self.holding, "values": self.values,
               "sentence": self.sentence(), "win": self.win}
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
                        [format_card(c) for c in best.discard], loss, verdict(loss, thresholds=THRESHOLDS, tol=TOL), len(options),
                        holding=[format_card(c) for c in hand.six[p]],
                        values={"taken_net_ev": taken.net_ev, "best_net_ev": best.net_ev})


def card_position(hand: HandRecord, p: int, i: int):
    """The pegging position of player ``p`` before ``hand.plays[i]`` (his card), checked by the rules."""
    from jass_sim.cribbage.pegposition import build_position

    card = hand.plays[i]
    try:
        pos = build_position(format_cards(hand.kept(p)), format_card(hand.starter), hand.dealer == p,
                             format_cards(hand.plays[:i]), format_cards(hand.thrown[p]), opponent_go=True)
    except InputError as exc:
        reason = str(exc).removeprefix("--played: ")
        raise InputError(f"hand {hand.number}, {format_card(card)}: {reason}", exc.token) from None
    if card not in pos.legal:
        raise InputError(f"hand {hand.number}: {format_card(card)} cannot be played on a count of {pos.count}",
                         format_card(card))
    return pos


def card_decision(hand: HandRecord, p: int, i: int) -> CribDecision:
    """The pegging card ``hand.plays[i]`` (player ``p``'s), rated by the adviser's exact ``mean_diff``."""
    from jass_sim.cribbage.pegging_advice import advise

    card = hand.plays[i]
    pos = card_position(hand, p, i)
    advice = advise(pos)
    figs = {f["card"]: f for f in (advice.figures(j) for j in range(len(advice.cards)))}
    best = advice.cards[advice.order[0]]
    if card_rank(best) == card_rank(card):  # equal ranks are the same play
        best = card
    taken = figs[format_card(card)]
    loss = max(0.0, figs[format_card(best)]["mean_diff"] - taken["mean_diff"])
    ranks = {card_rank(c) for c in advice.cards}
    return CribDecision("card", hand.number, p, [format_card(card)], [format_card(best)], loss,
                        "forced" if len(ranks) == 1 else verdict(loss, thresholds=THRESHOLDS, tol=TOL), len(ranks), pos.count,
                        [format_card(c) for c in pos.seq], [format_card(c) for c in pos.left],
                        {"taken_mean_diff": taken["mean_diff"],
                         "best_mean_diff": figs[format_card(best)]["mean_diff"]})


@dataclass(eq=False, repr=False)
class CribReview(Result):
    """The answer of :func:`jass_sim.cribbage.review`: ``decisions`` (one :class:`CribDecision`
    each), ``summary``, ``biggest`` (the worst decisions), ``to_json()``, ``table`` and ``html()``."""

    hands: list[HandRecord]
    player: int
    decisions: list[CribDecision]
    win_samples: int = 0    # game samples per decision of the win ratings (0: none)
    seed: int | None = None

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
                "verdicts": {v: sum(d.verdict == v for d in self.decisions) for v in VERDICTS},
                "discard_win_loss": _win_sum(disc), "card_win_loss": _win_sum(cards),
                "win_verdicts": {v: sum(d.win is not None and d.win["verdict"] == v for d in self.decisions)
                                 for v in VERDICTS}}

    def to_json(self) -> dict:
        return {"player": PLAYERS[self.player], "hands": [h.to_json() for h in self.hands],
                "decisions": [d.to_json() for d in self.decisions], "summary": self.summary,
                "biggest_mistakes": [d.to_json() for d in self.biggest],
                "thresholds": {name: limit for name, limit in THRESHOLDS},
                "win_thresholds": {name: limit for name, limit in WIN_THRESHOLDS},
                "win_samples": self.win_samples, "seed": self.seed}

    @property
    def table(self):
        import pandas as pd

        return pd.DataFrame([{"hand": d.hand, "kind": d.kind, "count": d.count, "played": " ".join(d.played),
                              "best": " ".join(d.best), "loss": d.loss, "verdict": d.verdict,
                              "win_loss": None if d.win is None else d.win["loss"],
                              "win_verdict": None if d.win is None else d.win["verdict"]}
                             for d in self.decisions])

    @property
    def heading(self) -> str:
        s = self.summary
        return (f"{s['decisions']} decisions of player {PLAYERS[self.player]}: discards lose {s['discard_loss']:.2f}, "
                f"pegging {s['card_loss']:.2f} points")

    def _rows(self) -> list[list[str]]:
        rows = []
        for d in self.decisions:
            row = [str(d.hand), d.kind, "" if d.count is None else str(d.count),
                   " ".join(d.current_count) if d.kind == "card" else " ".join(d.holding),
                   " ".join(d.played), " ".join(d.best), f"{d.loss:.2f}", d.verdict]
            if self.win_samples:
                w = d.win
                row += ["" if w is None else f"{100 * w['taken_win_prob']:.1f}%",
                        "" if w is None else f"{100 * w['loss']:.1f}", "" if w is None else w["verdict"]]
            rows.append(row)
        return rows

    def _columns(self) -> list[str]:
        cols = ["hand", "kind", "count", "count so far / dealt", "played", "best", "loss", "verdict"]
        return cols + (["win", "win loss (pp)", "win verdict"] if self.win_samples else [])

    def _lines(self) -> tuple[str, str, list[str]]:
        s = self.summary
        counts = ", ".join(f"{k} {v}" for k, v in s["verdicts"].items() if v)
        head = (f"review of player {PLAYERS[self.player]}: {len(self.hands)} hands, {s['decisions']} decisions "
                f"({counts}); discards lose {s['discard_loss']:.2f} points, pegging {s['card_loss']:.2f}")
        note = ("losses in points, exact: discards by net_ev (hand plus or minus crib, the opponent's crib cards "
                "uniform), pegging cards by the adviser's net points to the end of the hand (face-up play-outs "
                "over every opponent hand); the figures do not cover that play model")
        if self.win_samples:
            wins = ", ".join(f"{k} {v}" for k, v in s["win_verdicts"].items() if v)
            head += (f"; by the chance to win ({wins}): discards lose {100 * (s['discard_win_loss'] or 0):.1f}, "
                     f"pegging {100 * (s['card_win_loss'] or 0):.1f} percentage points")
            note += ("; win: the chance to win the game from the score at the decision, the option taken and the "
                     f"loss against the best, {self.win_samples} sampled games per decision (seed {self.seed}, the "
                     "rest of the game by expect players, the same games for every option; unclear: the loss's "
                     "paired 95% CI reaches 0; not rated when forced)")
        else:
            note += "; no win chances (they need both players' cards, and --win-samples above 0)"
        worst = [d.sentence() for d in self.biggest]
        return head, note, worst

    def text(self) -> str:
        import pandas as pd

        head, note, worst = self._lines()
        table = pd.DataFrame(self._rows(), columns=self._columns())
        lines = [head, "", table.to_string(index=False), ""]
        lines += ["biggest mistakes:"] + [f"  {w}" for w in worst] if worst else ["no mistakes"]
        return "\n".join(lines + [note])

    def html(self) -> str:
        """One page: the summary, the biggest mistakes and a row per decision."""
        from jass_sim.core.report.render import render_html

        head, note, worst = self._lines()
        rows = [r[:7] + [f"**{r[7]}**"] + r[8:] for r in self._rows()]
        blocks = [("h1", "Cribbage review: " + head), ("p", note), ("h2", "Biggest mistakes")]
        blocks += [("p", w) for w in worst] or [("p", "none")]
        blocks.append(("table", self._columns(), rows, "decisions",
                       "rlrlllrl" + ("rrl" if self.win_samples else "")))
        return render_html(blocks, "jass-sim cribbage review")


def history_entry(rv: CribReview, source: str, doc: dict | None = None):
    """The history's row of ``rv`` (:class:`jass_sim.core.history.Entry`): game ``cribbage``, the
    hands played as its mode, the reviewed player as its seat, the points lost by the discards and
    the pegging together, the verdict counts, the game in the text format, the review's JSON and its
    mistakes and blunders as practice positions (:mod:`jass_sim.cribbage.practice`)."""
    from jass_sim.core.history import Entry
    from jass_sim.cribbage.game_file import game_text
    from jass_sim.cribbage.practice import practice_positions

    doc = doc if doc is not None else rv.to_json()
    s = doc["summary"]
    n = len(rv.hands)
    return Entry(game="cribbage", source=source, mode=f"{n} hand{'s' * (n != 1)}", seat=PLAYERS[rv.player],
                 card_loss=s["discard_loss"] + s["card_loss"], verdicts=dict(s["verdicts"]),
                 round=game_text(rv.hands), review=doc, positions=practice_positions(rv))


def review_game(hands: list[HandRecord], player: int, progress=None, win_samples: int = 0,
                seed: int = 0) -> CribReview:
    """Rate every decision of ``player`` (0 = A, 1 = B) in ``hands`` (see the module); with
    ``win_samples`` (and both players' cards known) also by the chance to win the game, each
    decision over that many game samples seeded by ``seed``. ``progress`` gets a
    :class:`~jass_sim.core.chunks.Tick` per decision (0 once the game is read; during a decision's
    game samples too) and may raise :class:`~jass_sim.core.errors.Cancelled`."""
    from jass_sim.cribbage.review_win import card_win, decision_scores, discard_win

    known = [h for h in hands if h.six[player] is not None]
    if not known:
        raise InputError(f"the game file gives no cards of player {PLAYERS[player]}", PLAYERS[player])
    scores = decision_scores(hands) if win_samples else None
    target = sum(1 + sum(c in h.kept(player) for c in h.plays) for h in known)
    done = [0]

    def tick(_=None):
        if progress is not None:
            progress(Tick(done[0], target, stage=f"decision {done[0] + 1} of {target}"))

    tick()
    decisions = []
    for h in known:
        d = discard_decision(h, player)
        if scores is not None:
            d.win = discard_win(h, player, scores[h.number - 1]["discard"], win_samples, seed, tick)
        decisions.append(d)
        done[0] += 1
        tick()
        kept = h.kept(player)
        for i, card in enumerate(h.plays):
            if card not in kept:
                continue
            d = card_decision(h, player, i)
            if scores is not None and d.verdict != "forced":
                d.win = card_win(card_position(h, player, i), card, scores[h.number - 1]["cards"][i], player,
                                 win_samples, seed, tick)
            decisions.append(d)
            done[0] += 1
            tick()
    return CribReview(hands, player, decisions, win_samples if scores is not None else 0,
                      seed if scores is not None else None)


def rate_last(hands: list[HandRecord], player: int, progress=None):
    """The last decision of ``player`` in ``hands`` rated as the review rates it: the JSON of one
    :class:`CribDecision` (a :class:`~jass_sim.cribbage.table_game.TableState`)."""
    from jass_sim.cribbage.table_game import TableState, _tick, walk_game

    if not hands or hands[-1].six[player] is None:
        raise InputError(f"the game gives no cards of player {PLAYERS[player]} in its last hand", PLAYERS[player])
    hand = hands[-1]
    kept = hand.kept(player)
    mine = [i for i, c in enumerate(hand.plays) if c in kept]
    walk_game(hands)  # the game breaks no rule
    _tick(progress, 0)
    decision = card_decision(hand, player, mine[-1]) if mine else discard_decision(hand, player)
    _tick(progress, 1)
    return TableState(decision.to_json())
