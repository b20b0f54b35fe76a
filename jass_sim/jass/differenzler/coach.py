"""The server side of the page's coached Differenzler round (issue 52 item 6): the deal, a bot's card
from its own view, the coach's verdict on the player's card, and the whole round checked, rated and
saved in the History.

The player sits at seat 0; the three bots play with the fast ``number`` player
(:func:`~jass_sim.jass.differenzler._players.diff_card`, the card the compiled round plays) and
announce with the fast announcer. Every function here takes only what its seat knows: a bot's card
is computed from its own dealt hand, the cards played so far, the trump card (held by the dealer until
played) and its number, never from the other hands.

- :func:`deal`: the deal of ``differenzler replay --seed SEED --dealer D`` (the same random stream),
  the four hands, the trump card and the bots' numbers.
- :func:`bot_card`: the card the ``number`` player plays from one seat's view.
- :func:`rate_card`: the verdict on a card by expected penalty (``differenzler play-advice``'s paired
  values, the Jass review's thresholds: a penalty point is a card point).
- :func:`coach_round`: the whole round replayed through the rules (:class:`~.state.DifferenzlerState`),
  made against announced for all four, the penalties, and every card of the player's rated again with
  the coach's samples and seeds (so the saved verdicts are the ones shown during play).
"""

from __future__ import annotations

import json
import math
import secrets
from dataclasses import dataclass

import numpy as np

from jass_sim.core.chunks import Tick
from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.core.verdicts import VERDICTS, verdict
from jass_sim.jass.arg_kinds import api_args
from jass_sim.jass.cards import MODE_NAMES, format_card, parse_card, parse_cards
from jass_sim.jass.differenzler.advise import check_hand
from jass_sim.jass.differenzler.rules import bidding_order, check_bid, check_seat, get_rules, penalty

__all__ = ["BotCard", "CoachDeal", "CoachRound", "RatedDiffCard", "bot_card", "coach_round", "deal", "rate_card"]

#: The player's seat at the coached table.
ME = 0
#: Worlds per verdict when the page gives none (about 0.1 s warm per card).
RATE_SAMPLES = 400
#: The largest seed :func:`deal` draws when none is given (a number a player can note and type again).
DRAWN_SEEDS = 1 << 31


def _tick(progress, done: int, target: int, stage: str) -> None:
    if progress is not None:
        progress(Tick(done, target, stage=stage))


def _field(exc: InputError, name: str) -> InputError:
    exc.field = name
    return exc


def _one_card(card) -> int:
    """A card (``"HJ"``, or its number 0..35), or an InputError for ``card``."""
    if isinstance(card, str):
        try:
            return parse_card(card)
        except InputError as e:
            raise _field(InputError(f"card: {e}", e.token), "card") from None
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 36:
        return int(card)
    raise _field(InputError(f"card must be a card such as HJ, got {card!r}", str(card)), "card")


def _card_list(played) -> list[int]:
    """The cards of ``played`` (text, or a list of card codes), or an InputError for ``played``."""
    try:
        if isinstance(played, str):
            return parse_cards(played, count=None, unique=False)
        if isinstance(played, (list, tuple)) and all(isinstance(c, str) for c in played):
            return parse_cards(" ".join(played), count=None, unique=False)
    except InputError as e:
        raise _field(InputError(f"played: {e}", e.token), "played") from None
    raise _field(InputError(f"played must be the cards played, e.g. \"HJ H6 HQ H7\", got {played!r}", str(played)),
                 "played")


# -- the deal ----------------------------------------------------------------------------------------

class CoachDeal(Result):
    """A coached round's deal: ``to_json()`` has ``seed``, ``dealer``, ``rules``, ``open``,
    ``exact_bonus``, ``trump_card``, ``trump``, ``leader``, ``order`` (the announcing order), ``hands``
    (seats 0..3) and ``bids`` (the bots' numbers by the fast announcer, None at seat 0)."""

    formats = ("table", "json")

    def text(self) -> str:
        d = self._doc
        return (f"seed {d['seed']}, dealer {d['dealer']}, trump card {d['trump_card']}; your hand "
                f"{' '.join(d['hands'][ME])}")


@api_args(open="flag")
def deal(seed: int | None = None, dealer: int | None = None, rules: str = "differenzler", open: bool = False,
         progress=None) -> CoachDeal:
    """The deal of a coached round: the one ``jass-sim differenzler replay --seed SEED --dealer DEALER``
    deals, and the bots' numbers (seats 1..3, each by the fast announcer from its own hand, trump and
    place in the announcing order).

    Parameters
    ----------
    seed : int, optional
        The deal's seed; None: one drawn at random (returned, so that the round can be dealt again).
    dealer : int, optional
        The dealer 0..3; None: ``seed % 4``.
    rules : str
        ``differenzler`` or ``differenzler-jw``.
    open : bool
        Open announcements (in turn, known to all during play) rather than secret ones.
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick`: 0 once the arguments are checked, 1 at the end.

    Returns
    -------
    CoachDeal
    """
    from jass_sim.core.notation import cards_to_mask
    from jass_sim.core.rng import check_seed
    from jass_sim.jass.differenzler._announce import announce, model_coefficients
    from jass_sim.jass.differenzler.engine import replay_deal

    seed = secrets.randbelow(DRAWN_SEEDS) if seed is None else check_seed(seed)
    dealer = seed % 4 if dealer is None else check_seat(dealer, "--dealer")
    if not isinstance(open, bool):
        raise _field(InputError(f"open must be true or false, got {open!r}", str(open)), "open")
    the_rules = get_rules(rules, open=open)
    _tick(progress, 0, 1, "the deal")
    hands, trump_card = replay_deal(seed, dealer)
    trump = trump_card // 9
    coef = model_coefficients()
    bids = [None] + [int(announce(np.uint64(cards_to_mask(hands[s])), trump, (s - dealer - 1) & 3, coef))
                     for s in range(1, 4)]
    _tick(progress, 1, 1, "the deal")
    return CoachDeal({"seed": seed, "dealer": dealer, "rules": the_rules.name, "open": the_rules.open,
                      "exact_bonus": the_rules.exact_bonus, "trump_card": format_card(trump_card),
                      "trump": MODE_NAMES[trump], "leader": (dealer + 1) & 3, "order": bidding_order(dealer),
                      "hands": [[format_card(c) for c in sorted(h)] for h in hands], "bids": bids})


# -- a bot's card ------------------------------------------------------------------------------------

@dataclass(eq=False, repr=False)
class BotCard(Result):
    """The card a bot plays: ``card`` (a card number), ``seat``, ``legal``."""

    card: int
    seat: int
    legal: list

    formats = ("table", "json")

    def to_json(self) -> dict:
        return {"card": format_card(self.card), "seat": self.seat, "policy": "number",
                "legal": [format_card(c) for c in self.legal]}

    def text(self) -> str:
        return f"seat {self.seat} plays {format_card(self.card)}"


@api_args(hand="cards_or_numbers", bid="whole")
def bot_card(hand, trump_card, bid, played="", dealer: int = 3, seat: int = 1, progress=None) -> BotCard:
    """The card the fast ``number`` player plays for ``seat`` from its own view: its nine dealt cards
    ``hand`` (those it played included), the ``trump_card``, its number ``bid`` and the cards
    ``played`` so far in order (from the first trick, led by the player after the dealer). The other
    hands are not an argument: the card cannot depend on them.

    Parameters
    ----------
    hand : str or list
        The seat's nine dealt cards.
    trump_card : str
        The bottom card of the deal (the dealer's until played).
    bid : int
        The seat's number (0..157).
    played : str
        Every card played so far, in order.
    dealer, seat : int
        The dealer and the bot's seat (0..3).
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick`: 0 once the position is checked, 1 at the end.

    Returns
    -------
    BotCard
        The card, the same one the compiled round (``differenzler replay``) plays for a ``number`` seat.

    Examples
    --------
    >>> bot_card("HJ H9 HA HK SA ST D6 C7 C8", "H6", 60, seat=0).to_json()["card"] in "HJ H9 HA HK SA ST D6 C7 C8"
    True
    """
    from jass_sim.core.notation import cards_to_mask
    from jass_sim.jass.differenzler._players import NUMBER, diff_card
    from jass_sim.jass.differenzler.play_advice import _position

    seat = check_seat(seat, "--seat")
    dealer = check_seat(dealer, "--dealer")
    cards, card = check_hand(hand, trump_card, seat, dealer)
    bid = check_bid(bid, "--bid")
    trump = card // 9
    pos = _position(cards, card, trump, dealer, seat, played)
    _tick(progress, 0, 1, "the bot's card")
    made = sum(t["points"] for t in pos.tricks if t["winner"] == 0)
    if len(pos.legal) == 1:
        chosen = pos.legal[0]
    else:
        trace = pos.trace()
        t = len(pos.tricks)
        # the number player reads no random numbers; the kernel's argument is a fixed state
        chosen = int(diff_card(NUMBER, 0, np.uint64(cards_to_mask(pos.legal)), np.uint64(cards_to_mask(pos.remaining)),
                               trace[t, 1:5], len(pos.trick), trump, np.uint64(cards_to_mask(pos.played)),
                               np.int64(pos.voids), bid - made, np.zeros(4, dtype=np.uint64)))
    _tick(progress, 1, 1, "the bot's card")
    return BotCard(chosen, seat, list(pos.legal))


# -- the coach's verdict -----------------------------------------------------------------------------

class RatedDiffCard(Result):
    """The coach's verdict on one card by expected penalty: ``doc`` (see :func:`rate_card`)."""

    formats = ("table", "json")

    def text(self) -> str:
        d = self._doc
        if d["verdict"] in ("good", "forced"):
            return f"{d['played']}: {d['verdict']}"
        return f"{d['played']}: {d['verdict']}, best {d['best']} ({d['loss']:.1f} penalty points)"


@api_args(hand="cards_or_numbers", card="cards", bid="whole")
def rate_card(hand, trump_card, bid, card, played="", dealer: int = 3, seat: int = 0, bids=None,
              rules: str = "differenzler", exact_bonus: int | None = None, samples: int | None = None,
              seed: int = 0, threads: int | None = None, progress=None) -> RatedDiffCard:
    """The coach's verdict on ``card``, played by ``seat`` after the cards ``played``: its expected
    penalty against the best card's, paired world by world (``differenzler play-advice`` on the same
    arguments), and the verdict on the Jass review's scale (:data:`jass_sim.jass.play.review.THRESHOLDS`,
    a penalty point being a card point): good, inaccuracy, mistake, blunder, unclear (the paired CI
    reaches 0), forced (the only legal card, nothing sampled).

    Parameters
    ----------
    hand, trump_card, bid, played, dealer, seat, bids, rules, exact_bonus, seed, threads :
        As for :func:`jass_sim.jass.differenzler.play_advice.play_advice`.
    card : str
        The card played, one of the legal cards.
    samples : int, optional
        Worlds (default :data:`RATE_SAMPLES`).
    progress : callable, optional
        The sampler's ticks.

    Returns
    -------
    RatedDiffCard
        ``to_json()``: ``played``, ``best``, ``loss`` (expected penalty points lost against the best
        card), ``ci95_loss`` (None when exact), ``verdict``, ``expected_penalty`` (of the card played,
        with ``ci95_penalty``), ``best_expected_penalty``, ``legal``, ``trick`` (1..9), ``samples``,
        ``seed``, ``sentence``.
    """
    from jass_sim.jass.differenzler.play_advice import _position, play_advice
    from jass_sim.jass.play.review import THRESHOLDS

    seat = check_seat(seat, "--seat")
    dealer = check_seat(dealer, "--dealer")
    cards, tc = check_hand(hand, trump_card, seat, dealer)
    check_bid(bid, "--bid")
    pos = _position(cards, tc, tc // 9, dealer, seat, played)
    mine = _one_card(card)
    if mine not in pos.legal:
        raise _field(InputError(f"card {format_card(mine)} is not a legal card here (legal: "
                                f"{' '.join(format_card(c) for c in pos.legal)})", format_card(mine)), "card")
    doc = {"played": format_card(mine), "legal": [format_card(c) for c in pos.legal], "trick": len(pos.tricks) + 1,
           "seed": seed, "samples": 0}
    if len(pos.legal) == 1:
        _tick(progress, 1, 1, "the only card")
        return RatedDiffCard(doc | {"best": doc["played"], "loss": 0.0, "ci95_loss": None, "verdict": "forced",
                                    "expected_penalty": None, "ci95_penalty": None, "best_expected_penalty": None,
                                    "sentence": f"Play {doc['played']}: the only legal card."})
    advice = play_advice(cards, tc, bid, played, dealer=dealer, seat=seat, bids=bids, rules=rules,
                         exact_bonus=exact_bonus, samples=RATE_SAMPLES if samples is None else samples, seed=seed,
                         threads=threads, progress=progress).to_json()
    rows = {r["card"]: r for r in advice["cards"]}
    best = advice["recommendation"]
    row = rows[doc["played"]]
    if doc["played"] == best or doc["played"] in advice["equivalent"]:
        loss, ci = 0.0, None
        best = doc["played"]
    else:
        loss, ci = float(row["diff_to_best"]), row["ci95_diff"]
    lo = math.nan if ci is None else float(ci[0])
    return RatedDiffCard(doc | {"best": best, "loss": loss, "ci95_loss": ci, "verdict": verdict(loss, lo, thresholds=THRESHOLDS),
                                "expected_penalty": row["expected_penalty"], "ci95_penalty": row["ci95_penalty"],
                                "best_expected_penalty": rows[best]["expected_penalty"], "samples": advice["samples"],
                                "sentence": advice["sentence"]})


# -- the whole round ---------------------------------------------------------------------------------

class CoachRound(Result):
    """A coached round, checked and rated: ``doc`` (see :func:`coach_round`); ``args`` the arguments
    that play it again (the History's ``round``)."""

    formats = ("table", "json")

    def __init__(self, doc: dict, args: dict):
        super().__init__(doc)
        self.args = args

    def text(self) -> str:
        d = self._doc
        lines = [f"Differenzler, seed {d['seed']}, dealer {d['dealer']}, trump card {d['trump_card']}",
                 "seat  number  made  penalty"]
        for s in range(4):
            lines.append(f"{s:4d}  {d['bids'][s]:6d}  {d['made'][s]:4d}  {d['penalties'][s]:7d}")
        lines.append(f"your cards: {d['summary']['card_loss']:.1f} penalty points lost by card play")
        return "\n".join(lines)


def _four_bids(bids) -> list[int]:
    items = [b.strip() for b in bids.split(",")] if isinstance(bids, str) else bids
    if not isinstance(items, (list, tuple)) or len(items) != 4:
        raise _field(InputError(f"bids must be the four seats' numbers (seat 0 to 3), got {bids!r}", str(bids)), "bids")
    try:
        return [check_bid(b, "bids") for b in items]
    except InputError as e:
        raise _field(e, "bids") from None


@api_args(open="flag")
def coach_round(seed: int, dealer: int, bids, played, rules: str = "differenzler", open: bool = False,
                samples: int | None = None, threads: int | None = None, progress=None) -> CoachRound:
    """A whole coached round (the player at seat 0), checked and rated: the deal of :func:`deal`
    with ``seed`` and ``dealer``, the four numbers ``bids`` (seat order), the 36 cards ``played``
    replayed through the rules (:class:`~jass_sim.jass.differenzler.state.DifferenzlerState`), each
    seat's points made and penalty, and every card of seat 0's rated by :func:`rate_card` with
    ``samples`` worlds and the seed the page uses for it (the cards played before it, plus one), so the
    verdicts are the ones shown during play.

    Parameters
    ----------
    seed, dealer : int
        The deal (:func:`deal`).
    bids : str or list
        The four numbers, seat 0 to 3 (``"B,B,B,B"`` or a list).
    played : str or list
        The 36 cards in play order.
    rules, open :
        As for :func:`deal`.
    samples : int, optional
        Worlds per rated card (default :data:`RATE_SAMPLES`).
    threads : int, optional
        Threads (the answer is the same on any number).
    progress : callable, optional
        Called with :class:`~jass_sim.core.chunks.Tick`\\ s: the player's cards rated so far.

    Returns
    -------
    CoachRound
        ``to_json()``: ``seed``, ``dealer``, ``rules``, ``open``, ``exact_bonus``, ``trump_card``,
        ``trump``, ``hands``, ``bids``, ``made``, ``penalties``, ``tricks`` (``leader``, ``cards``,
        ``winner``, ``points``), ``decisions`` (one :func:`rate_card` answer per card of seat 0's),
        ``summary`` (``card_loss``: the expected penalty points lost by card play, ``verdicts``: their
        counts), ``samples``.
    """
    from jass_sim.core.rng import check_seed
    from jass_sim.core.state import IllegalAction
    from jass_sim.jass.differenzler.engine import replay_deal
    from jass_sim.jass.differenzler.play_advice import MAX_SAMPLES
    from jass_sim.jass.differenzler.state import DifferenzlerState

    seed = check_seed(seed)
    dealer = check_seat(dealer, "--dealer")
    if not isinstance(open, bool):
        raise _field(InputError(f"open must be true or false, got {open!r}", str(open)), "open")
    the_rules = get_rules(rules, open=open)
    numbers = _four_bids(bids)
    cards = _card_list(played)
    n = RATE_SAMPLES if samples is None else samples
    if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= MAX_SAMPLES:
        raise _field(InputError(f"samples must be from 2 to {MAX_SAMPLES:,}, got {samples!r}", str(samples)), "samples")
    hands, trump_card = replay_deal(seed, dealer)
    state = DifferenzlerState(hands, dealer, trump_card, the_rules)
    for s in state.order:
        state.apply(str(numbers[s]))
    seats = []
    for c in cards:
        seats.append(state.to_move())
        try:
            state.apply(format_card(c))
        except IllegalAction as e:
            raise _field(InputError(f"played: {e}", e.token), "played") from None
    if not state.is_terminal():
        raise _field(InputError(f"played: the round is not over, {len(cards)} of 36 cards played",
                                str(len(cards))), "played")
    mine = [i for i, s in enumerate(seats) if s == ME]
    others = None if not the_rules.open else [numbers[s] for s in range(4) if s != ME]
    hand = " ".join(format_card(c) for c in state.dealt[ME])
    text = [format_card(c) for c in cards]
    _tick(progress, 0, len(mine), "your cards")
    decisions = []
    for k, i in enumerate(mine):
        decisions.append(rate_card(hand, format_card(trump_card), numbers[ME], text[i], " ".join(text[:i]),
                                   dealer=dealer, seat=ME, bids=others, rules=the_rules.name,
                                   exact_bonus=the_rules.exact_bonus, samples=n, seed=i + 1, threads=threads).to_json())
        _tick(progress, k + 1, len(mine), "your cards")
    counts = {v: sum(d["verdict"] == v for d in decisions) for v in VERDICTS}
    made = list(state.made)
    doc = {"seed": seed, "dealer": dealer, "rules": the_rules.name, "open": the_rules.open,
           "exact_bonus": the_rules.exact_bonus, "trump_card": format_card(trump_card),
           "trump": MODE_NAMES[trump_card // 9], "hands": [[format_card(c) for c in h] for h in state.dealt],
           "bids": numbers, "made": made,
           "penalties": [penalty(numbers[s], made[s], the_rules.exact_bonus) for s in range(4)],
           "tricks": [t | {"cards": [format_card(c) for c in t["cards"]]} for t in state.tricks],
           "decisions": decisions, "samples": n,
           "summary": {"card_loss": float(sum(d["loss"] for d in decisions)),
                       "verdicts": {v: k for v, k in counts.items() if k}}}
    args = {"seed": seed, "dealer": dealer, "bids": numbers, "played": " ".join(text), "rules": the_rules.name,
            "open": the_rules.open, "samples": n}
    return CoachRound(doc, args)


def history_entry(rr: CoachRound, source: str, doc: dict | None = None):
    """The History's row of a coached round (:mod:`jass_sim.core.history`): game ``differenzler``,
    the trump as its mode, seat 0, the penalty points lost by card play and the verdict counts; its
    ``round`` is the JSON of :func:`coach_round`'s arguments (to play it through again), its review the
    round's JSON with ``glance``: the player's ``score`` (``bid``, ``made``, ``penalty``) and dealt
    ``hand``. No practice positions: Practice draws Jass and Cribbage decisions only (a Differenzler
    card is judged by penalty against a number, which its Jass drawer would misread)."""
    from jass_sim.core.history import Entry

    doc = dict(doc if doc is not None else rr.to_json())
    doc["glance"] = {"score": {"bid": doc["bids"][ME], "made": doc["made"][ME], "penalty": doc["penalties"][ME]},
                     "hand": list(doc["hands"][ME])}
    summary = doc["summary"]
    return Entry(game="differenzler", source=source, mode=doc["trump"], seat=str(ME), card_loss=summary["card_loss"],
                 verdicts=dict(summary["verdicts"]), round=json.dumps(rr.args), review=doc)
