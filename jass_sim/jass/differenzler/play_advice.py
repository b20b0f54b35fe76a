"""``differenzler play-advice``: which card now, by expected penalty (issue 52 item 4).

The position is checked by chibre's :func:`~jass_sim.jass.play.position.build_position` (the trick
rules are chibre's, the trump the bottom card's suit, the player after the dealer leading the first
trick), with the seat asking renumbered 0; the trump card is then held by the dealer until it is
played. In each sampled world (:func:`~jass_sim.jass.differenzler._search.sample_world`) every legal
card is played out by the rule players, each to its number, from the same random numbers; the value
of a card in a world is the seat's penalty at the end of the round. The cards are compared paired,
world by world: each one's expected penalty with its 95% CI and its paired difference to the best.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.core.stats import check_sampling, ci_hi, ci_lo, ci_pair, mean_ci, sample_until
from jass_sim.jass.arg_kinds import api_args
from jass_sim.jass.cards import MODE_NAMES, format_card, parse_cards
from jass_sim.jass.differenzler.advise import check_hand, parse_bids
from jass_sim.jass.differenzler.players import DEFAULT_PLAYER
from jass_sim.jass.differenzler.rules import check_bid, check_seat, get_rules
from jass_sim.jass.streams import STREAMS

#: Worlds sampled when neither ``samples`` nor ``ci`` is given.
DEFAULT_SAMPLES = 2000
#: The most worlds ``ci`` may sample.
MAX_SAMPLES = 200_000
#: Worlds per random-number block (fixed: the same worlds on any thread count and in any chunks).
BLOCK = 16
#: The first batch with ``ci``.
FIRST_BATCH = 16 * BLOCK


def _paired(values: np.ndarray, a: int, b: int) -> tuple[float, float, float]:
    """Mean of column ``a`` less column ``b``, world by world, with its 95% CI."""
    d = values[:, a] - values[:, b]
    return mean_ci(int(d.sum()), int((d ** 2).sum()), len(d))


def _order(values: np.ndarray) -> list[int]:
    return [int(j) for j in np.argsort(values.mean(axis=0), kind="stable")]


def _lead_half_width(values: np.ndarray) -> float:
    """Half-width of the 95% CI of the runner-up's paired extra penalty over the best card."""
    order = _order(values)
    rest = [j for j in order[1:] if not np.array_equal(values[:, j], values[:, order[0]])]
    if not rest:
        return 0.0
    _, lo, hi = _paired(values, rest[0], order[0])
    return 0.0 if math.isnan(lo) else (hi - lo) / 2


class DiffPlayAdvice(Result):
    """The answer of ``differenzler play-advice``: ``to_json()``, ``table`` (one row per legal
    card, best first), ``text()``.

    ``values[s, j]``: the seat's penalty at the end of the round when it plays ``cards[j]`` now in
    world ``s``.
    """

    json_ascii = False

    def __init__(self, doc: dict, cards: list[int], values: np.ndarray):
        super().__init__(doc)
        self.cards = cards
        self.values = values
        order = _order(values)
        self.best = order[0]
        same = [j for j in order[1:] if np.array_equal(values[:, j], values[:, self.best])]
        rest = [j for j in order[1:] if j not in same]
        self.equivalent = same
        self.runner_up = rest[0] if rest else None
        n = len(values)
        rows = []
        for j in order:
            v = values[:, j]
            m, lo, hi = mean_ci(int(v.sum()), int((v ** 2).sum()), n)
            d, dlo, dhi = _paired(values, j, self.best)
            rows.append({"card": format_card(cards[j]), "expected_penalty": m, "ci95_penalty": ci_pair(lo, hi),
                         "diff_to_best": d, "ci95_diff": ci_pair(dlo, dhi)})
        lead = None
        if self.runner_up is not None:
            d, lo, hi = _paired(values, self.runner_up, self.best)
            lead = {"card": format_card(cards[self.runner_up]), "mean": d, "ci95": ci_pair(lo, hi)}
        self._doc |= {"samples": n, "cards": rows, "recommendation": format_card(cards[self.best]),
                      "equivalent": [format_card(cards[j]) for j in same], "lead_over_next": lead,
                      "too_close": self.too_close, "sentence": self.sentence}

    @property
    def too_close(self) -> bool:
        """The runner-up's paired 95% CI includes zero."""
        if self.runner_up is None:
            return False
        _, lo, hi = _paired(self.values, self.runner_up, self.best)
        return math.isnan(lo) or lo <= 0 <= hi

    @property
    def sentence(self) -> str:
        """A plain sentence a player can act on."""
        best = format_card(self.cards[self.best])
        if self.equivalent:
            best += " (or " + ", ".join(format_card(self.cards[j]) for j in self.equivalent) + ", the same)"
        n = len(self.values)
        v = self.values[:, self.best]
        m, lo, hi = mean_ci(int(v.sum()), int((v ** 2).sum()), n)
        own = f"expected penalty {m:.1f}" + ("" if math.isnan(lo) else f" (95% CI {lo:.1f} to {hi:.1f})")
        if self.runner_up is None:
            return f"Play {best}: {own}; no other card differs ({n:,} worlds)."
        other = format_card(self.cards[self.runner_up])
        d, dlo, dhi = _paired(self.values, self.runner_up, self.best)
        ci = "" if math.isnan(dlo) else f", paired 95% CI {dlo:+.2f} to {dhi:+.2f}"
        if self.too_close:
            return f"Too close to call between {best} and {other}: {other} costs {d:+.2f} penalty points{ci} " \
                   f"({own} for {format_card(self.cards[self.best])}, {n:,} worlds)."
        return f"Play {best}: {own}; {other} costs {d:+.2f} more{ci} ({n:,} worlds)."

    @property
    def heading(self) -> str:
        return self.sentence

    @functools.cached_property
    def table(self):
        """One row per legal card, best first."""
        import pandas as pd

        return pd.DataFrame([{"card": r["card"], "expected_penalty": r["expected_penalty"],
                              "ci95_penalty_lo": ci_lo(r["ci95_penalty"]), "ci95_penalty_hi": ci_hi(r["ci95_penalty"]),
                              "diff_to_best": r["diff_to_best"], "ci95_diff_lo": ci_lo(r["ci95_diff"]),
                              "ci95_diff_hi": ci_hi(r["ci95_diff"])} for r in self._doc["cards"]])

    def text(self) -> str:
        d = self._doc
        trick = (f"seat {d['trick_leader']} led: " + " ".join(d["trick"])) if d["trick"] else f"seat {d['seat']} leads"
        lines = [self.sentence, "",
                 f"seat {d['seat']}, dealer {d['dealer']}, trump {d['trump']} ({d['trump_card']}); number {d['bid']}, "
                 f"made {d['made'][d['seat']]} so far; trick {d['tricks_played'] + 1}, {trick}; "
                 f"players {d['policy']}; seed {d['seed']}", "", "card  expected penalty (95% CI)   vs best (paired 95% CI)"]
        for r in d["cards"]:
            ci = r["ci95_penalty"]
            dci = r["ci95_diff"]
            lines.append(f"{r['card']:4s}  {r['expected_penalty']:6.2f}" + ("" if ci is None else
                         f" ({ci[0]:.2f} to {ci[1]:.2f})").ljust(18)
                         + f"   {r['diff_to_best']:+.2f}" + ("" if dci is None else f" ({dci[0]:+.2f} to {dci[1]:+.2f})"))
        return "\n".join(lines)


def _check_dealable_with(cards: list[int], trump: int, leader: int, seq, holder: int, card: int) -> None:
    """InputError unless some deal of the unseen cards fits the history with ``card`` (the trump
    card) in seat ``holder``'s hand: the history walked again through the seat's view with that card
    known (the view's dealing check, Hall's condition over the hidden seats)."""
    from jass_sim.jass.rules.view import JassView

    shown = [[], [], [], []]
    shown[holder] = [card]
    view = JassView([list(cards), None, None, None], trump, leader, shown=shown)
    for c in seq:
        view.play(int(c))
    view.check_dealable()


def _position(cards: list[int], card: int, trump: int, dealer: int, seat: int, played):
    """The checked position, the seat asking renumbered 0 (InputError naming the bad token)."""
    from jass_sim.jass.play.position import build_position
    from jass_sim.jass.rules._tricks import may_hold

    text = " ".join(played) if isinstance(played, (list, tuple)) else str(played or "")
    try:
        seq = parse_cards(text, unique=False) if text.strip() else []
    except InputError as e:
        raise InputError(f"--played: {e}", e.token) from None
    rel_dealer = (dealer - seat) & 3
    pos = build_position(cards, trump, (dealer + 1 - seat) & 3, seq, require_turn=False)
    if seat != dealer:
        if card in pos.played:
            i = pos.played.index(card)
            who = ([t["leader"] for t in pos.tricks for _ in range(4)] + [pos.trick_leader] * 4)[i]
            who = (who + i % 4) & 3
            if who != rel_dealer:
                raise InputError(f"--played: seat {(who + seat) & 3} plays {format_card(card)}, the trump card, which "
                                 f"the dealer (seat {dealer}) holds", format_card(card))
        else:
            if not may_hold(pos.voids, rel_dealer, card, trump):
                raise InputError(f"--played: the dealer (seat {dealer}) has shown it holds no "
                                 f"{'trump' if card // 9 == trump else 'card of that suit'}, yet holds the trump "
                                 f"card {format_card(card)}", format_card(card))
            pos.shown[rel_dealer] = [card]
            _check_dealable_with(cards, trump, (dealer + 1 - seat) & 3, seq, rel_dealer, card)
    over = len(pos.tricks) == 9
    to_move = (pos.trick_leader + len(pos.trick)) & 3
    if over:
        raise InputError("--played: the round is over, all 36 cards are played", format_card(seq[-1]))
    if to_move != 0:
        last = format_card(seq[-1]) if seq else "--played"
        raise InputError(f"--played: it is seat {(to_move + seat) & 3}'s turn after {len(seq)} cards (the last "
                         f"{last}), not seat {seat}'s (--seat)", last)
    return pos


@api_args(hand="cards_or_numbers")
def play_advice(hand, trump_card, bid, played="", dealer: int = 3, seat: int = 0, bids=None,
                rules: str = "differenzler", exact_bonus: int | None = None, policy: str = DEFAULT_PLAYER,
                samples: int | None = None, ci: float | None = None, seed: int = 0, threads: int | None = None,
                progress: Callable[[int], None] | None = None) -> DiffPlayAdvice:
    """Which card now: every legal card's expected penalty on the same sampled worlds.

    Parameters
    ----------
    hand : str or list
        The nine cards the seat was dealt (played ones included), e.g. ``"HJ H9 HA HK SA ST D6 C7 C8"``.
    trump_card : str or int
        The bottom card of the deal (in the dealer's hand until played); its suit is trump.
    bid : int
        The seat's number.
    played : str or list
        Every card played so far, in order, from the first trick (led by the player after the dealer).
    dealer, seat : int
        The dealer and the seat asking (0..3).
    bids : str or list, optional
        The three other seats' numbers in seat order; default: in each world the fast announcer's
        on that seat's dealt hand (secret numbers are not known).
    rules, exact_bonus : optional
        ``differenzler`` or ``differenzler-jw``; the exact-hit bonus (subtracted on an exact hit).
    policy : str
        The rule player of every seat in the play-outs (``number``, ``number-open``, ``points``,
        ``random``; ``number-open`` reads the others' numbers only when they were announced openly).
    samples, ci : optional
        Worlds (default 2,000), or the half-width of the runner-up's paired 95% CI to reach
        (at most 200,000 worlds).
    seed, threads : int
        Root seed; threads (the answer is the same on any number).
    progress : callable, optional
        Called with :class:`~jass_sim.core.chunks.Tick`\\ s (the worlds done).

    Returns
    -------
    DiffPlayAdvice

    Examples
    --------
    >>> a = play_advice("HJ H9 HA HK SA ST D6 C7 C8", "H6", 60, samples=64)
    >>> a.to_json()["recommendation"] in a.to_json()["legal"]
    True
    """
    from jass_sim.core.chunks import ChunkedSampler
    from jass_sim.core.rng import block_states, check_seed
    from jass_sim.core.threads import numba_threads
    from jass_sim.jass.differenzler._announce import model_coefficients
    from jass_sim.jass.differenzler._search import advice_blocks
    from jass_sim.jass.differenzler.players import PLAYERS

    seat = check_seat(seat, "--seat")
    dealer = check_seat(dealer, "--dealer")
    cards, card = check_hand(hand, trump_card, seat, dealer)
    bid = check_bid(bid, "--bid")
    fixed = parse_bids(bids, seat)
    the_rules = get_rules(rules, exact_bonus=exact_bonus)
    pid = PLAYERS.code(policy, "--policy")
    if pid == PLAYERS.code("search"):
        raise InputError("--policy search cannot play the play-outs (it samples worlds itself): give number, points "
                         "or random", str(policy))
    if pid == PLAYERS.code("number-open") and not the_rules.open:
        pid = PLAYERS.code("number")  # number-open under secret numbers: it knows only its own, as number does
    seed = check_seed(seed)
    if samples is None and ci is None:
        samples = DEFAULT_SAMPLES
    check_sampling(samples, ci, MAX_SAMPLES, samples_at_most=True)
    trump = card // 9
    pos = _position(cards, card, trump, dealer, seat, played)

    # the kernel's seats are the position's: the seat asking is 0
    counts = pos.counts()
    hands = np.zeros(4, dtype=np.uint64)
    hands[0] = sum(1 << c for c in pos.remaining)
    for s in range(1, 4):
        hands[s] = (1 << (36 + counts[s])) - (1 << 36)  # filler bits: the sampler reads the count only
    made = np.zeros(4, dtype=np.int64)
    for t in pos.tricks:
        made[t["winner"]] += t["points"]
    known = np.array([bid] + [-1 if fixed[(s + seat) & 3] is None else fixed[(s + seat) & 3] for s in range(1, 4)],
                     dtype=np.int64)
    policies = np.full(4, pid, dtype=np.int64)
    candidates = np.asarray(pos.legal, dtype=np.int64)
    trace = pos.trace()
    played_mask = np.uint64(sum(1 << c for c in pos.played))
    coef = model_coefficients()
    rel_dealer = (dealer - seat) & 3
    stream = STREAMS["jass.differenzler-play-advice"]
    real = [(s + seat) & 3 for s in range(4)]
    doc = {"hand": [format_card(c) for c in sorted(cards)], "trump": MODE_NAMES[trump], "trump_card": format_card(card),
           "seat": seat, "dealer": dealer, "bid": bid,
           "bids": [None if s == seat or fixed[s] is None else int(fixed[s]) for s in range(4)],
           "played": [format_card(c) for c in pos.played], "tricks_played": len(pos.tricks),
           "trick": [format_card(c) for c in pos.trick], "trick_leader": real[pos.trick_leader],
           "made": [int(made[(s - seat) & 3]) for s in range(4)],
           "legal": [format_card(c) for c in pos.legal], "rules": the_rules.name,
           "exact_bonus": the_rules.exact_bonus, "policy": policy, "seed": seed, "ci": ci}

    def runner(first: int, n: int) -> np.ndarray:
        n_blocks = -(-n // BLOCK)
        cnt = np.full(n_blocks, BLOCK, dtype=np.int64)
        cnt[-1] = n - (n_blocks - 1) * BLOCK
        out = np.zeros((n, len(candidates)), dtype=np.int64)
        advice_blocks(block_states(seed, first // BLOCK, n_blocks, stream), cnt,
                      np.arange(n_blocks, dtype=np.int64) * BLOCK, 0, hands, trace, len(pos.tricks), len(pos.trick),
                      played_mask, np.int64(pos.voids), made, known, rel_dealer, card, trump, coef, candidates,
                      policies, the_rules.exact_bonus, out)
        return out

    def make_result(values: np.ndarray) -> DiffPlayAdvice:
        return DiffPlayAdvice(dict(doc), list(pos.legal), values)

    sampler = ChunkedSampler(runner, np.concatenate, BLOCK, progress, half_width=_lead_half_width,
                             make_result=make_result, ci_target=ci, stage="")
    with numba_threads(threads):
        if ci is None:
            sampler.start(samples)
            values = sampler(0, samples)
        else:
            sampler.start(min(FIRST_BATCH, MAX_SAMPLES))
            values = sample_until(sampler, np.concatenate, _lead_half_width, ci, MAX_SAMPLES, BLOCK, FIRST_BATCH)
    return make_result(values)
