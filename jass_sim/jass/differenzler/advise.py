"""``differenzler advise``: what to announce with these nine cards and this trump card.

The 27 unseen cards are dealt at random consistently with what the seat knows (its hand; the trump
card in the dealer's hand when the seat is not the dealer) and every deal is played out: the other
seats announce with the fast announcer (or ``bids``) and all seats play to their numbers.

Two stages on the same deals (paired). The first: the seat plays to the fast announcer's number
(``play_number``) in every deal, and every announcement 0..157 is scored on that one distribution
of its points (``distribution``, ``mean``, ``median``, ``penalty_by_bid``: exact from the
distribution, each with its 95% CI). A number far from the one played to is played differently,
so the first stage misjudges it; the second stage replays the same deals with the seat playing to
each of a few numbers (the first stage's best, then the best's neighbours; ``played_to``) and the
answer is the best of these played-to values (``best_bid``, ``expected_penalty``,
``ci95_penalty``, ``p_exact``, the sentence; ties to the lower), with the runner-up's paired
difference from the same replays.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from jass_sim.core.chunks import Tick
from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.core.stats import Z95, check_sampling, mean_ci, wilson_ci
from jass_sim.jass.arg_kinds import api_args
from jass_sim.jass.cards import MODE_NAMES, format_card, parse_card, parse_cards
from jass_sim.jass.differenzler.players import DEFAULT_PLAYER
from jass_sim.jass.differenzler.rules import MAX_BID, check_bid, check_seat, get_rules
from jass_sim.jass.streams import STREAMS

#: Deals played when neither ``samples`` nor ``ci`` is given (the first stage and up to
#: :data:`MAX_REPLAYS` replays: about 0.5 s warm on two cores, within the issue's 2 s).
DEFAULT_SAMPLES = 20_000
#: The most deals ``ci`` may play.
MAX_SAMPLES = 2_000_000
#: The first stage's best numbers replayed, each played to, in the second stage (the fast
#: announcer's number competes too; see ``advise``).
N_CANDIDATES = 4
#: The most replays of the second stage (each as long as the first stage).
MAX_REPLAYS = 8
_BIDS = np.arange(MAX_BID + 1)


def parse_bids(bids, seat: int) -> list[int | None]:
    """The four seats' numbers from ``bids``: the three other seats' numbers in seat order (text
    ``"B,B,B"`` or a sequence), ``None`` at ``seat``; None: every other seat announces with the
    fast announcer. An empty entry (``"45,,"``; ``None``, ``""`` or ``"-"`` in a sequence) is a seat
    whose number is not known yet (open announcements: the seats after me), which announces with
    the fast announcer."""
    out: list[int | None] = [None] * 4
    if bids is None:
        return out
    if not isinstance(bids, (str, list, tuple)):
        raise InputError(f"--bids must be the three other seats' numbers, \"B,B,B\" or a list, got {bids!r}", str(bids))
    items = [b.strip() for b in bids.split(",")] if isinstance(bids, str) else list(bids)
    if len(items) != 3:
        raise InputError(f"--bids needs the three other seats' numbers (in seat order), got {len(items)}: {bids!r}",
                         str(bids))
    others = [s for s in range(4) if s != seat]
    for s, b in zip(others, items):
        out[s] = None if b is None or str(b).strip() in ("", "-") else check_bid(b, "--bids")
    return out


def check_hand(hand, trump_card, seat: int, dealer: int) -> tuple[list[int], int]:
    """The hand (nine distinct cards) and the trump card, checked against the seat and dealer."""
    try:
        cards = parse_cards(hand, 9) if isinstance(hand, str) else [parse_card(c) if isinstance(c, str) else int(c)
                                                                     for c in hand]
    except InputError as e:
        raise InputError(f"HAND: {e}", e.token) from None
    if len(cards) != 9 or len(set(cards)) != 9:
        raise InputError(f"--hand needs nine distinct cards, got {len(set(cards))} distinct of {len(cards)}", str(hand))
    if trump_card is None or str(trump_card).strip() == "":
        raise InputError("--trump-card is missing: the bottom card of the deal, which gives the trump", "--trump-card")
    if isinstance(trump_card, str):
        card = parse_card(trump_card)
    elif isinstance(trump_card, int) and not isinstance(trump_card, bool) and 0 <= trump_card < 36:
        card = trump_card
    else:
        raise InputError(f"--trump-card must be a card such as H6, got {trump_card!r}", str(trump_card))
    if seat != dealer and card in cards:
        raise InputError(f"--trump-card {format_card(card)} is in your hand, but the dealer (seat {dealer}) holds it",
                         str(trump_card))
    if seat == dealer and card not in cards:
        raise InputError(f"--trump-card {format_card(card)} is not in your hand, and you are the dealer",
                         str(trump_card))
    return cards, card


def penalty_table(dist: np.ndarray, n: int, bonus: int) -> tuple[np.ndarray, np.ndarray]:
    """Expected penalty and its sampling variance (of the mean) for every announcement 0..157 from
    the points' empirical distribution ``dist`` over ``n`` deals."""
    pen = np.abs(_BIDS[:, None] - _BIDS[None, :]).astype(np.float64) - bonus * np.eye(len(_BIDS))
    mean = pen @ dist
    var = (pen ** 2) @ dist - mean ** 2
    return mean, np.maximum(var, 0.0) * n / max(n - 1, 1) / n


class Announcement(Result):
    """The answer of ``differenzler advise``: ``to_json()`` (the issue's keys), ``table`` (one row
    per announcement), ``text()``, ``plot()``."""

    plot_formats = ("png", "svg")

    def __init__(self, doc: dict, dist: np.ndarray, mean: np.ndarray, half: np.ndarray):
        import pandas as pd

        super().__init__(doc, pd.DataFrame({"bid": _BIDS, "expected_penalty": mean, "ci95_lo": mean - half,
                                            "ci95_hi": mean + half, "prob_points": dist}))
        self.dist = dist

    @property
    def heading(self) -> str:
        d = self._doc
        return (f"Differenzler: seat {d['seat']}, dealer {d['dealer']}, trump {d['trump']} ({d['trump_card']}), "
                f"{d['samples']} deals")

    def text(self) -> str:
        d = self._doc
        r = d["runner_up"]
        lines = [self.heading, "", d["sentence"],
                 f"points: mean {d['mean']:.1f} (95% CI {d['ci95_mean'][0]:.1f} to {d['ci95_mean'][1]:.1f}), "
                 f"median {d['median']} (95% CI {d['ci95_median'][0]} to {d['ci95_median'][1]})",
                 f"P(exact) at {d['best_bid']}: {100 * d['p_exact']:.1f}% (95% CI {100 * d['ci95_p_exact'][0]:.1f} "
                 f"to {100 * d['ci95_p_exact'][1]:.1f})",
                 f"runner-up {r['bid']}: {r['difference']:+.2f} penalty (paired 95% CI {r['ci95'][0]:+.2f} to "
                 f"{r['ci95'][1]:+.2f})", "", "  played to: bid  expected penalty (95% CI)"]
        for row in d["played_to"]:
            mark = "*" if row["bid"] == d["best_bid"] else " "
            lines.append(f"          {mark} {row['bid']:3d}  {row['expected_penalty']:6.2f} ({row['ci95'][0]:.2f} to "
                         f"{row['ci95'][1]:.2f})")
        lines += ["", f"  first stage (playing to {d['play_number']}): bid  expected penalty (95% CI)"]
        order = np.argsort(self.table["expected_penalty"].to_numpy(), kind="stable")[:5]
        for b in sorted(order):
            row = self.table.iloc[b]
            lines.append(f"  {int(row.bid):3d}  {row.expected_penalty:6.2f} ({row.ci95_lo:.2f} to {row.ci95_hi:.2f})")
        return "\n".join(lines)

    def figure(self):
        from jass_sim.core.report.figures import new_figure

        d = self._doc
        fig = new_figure(8, 5)
        top, bottom = fig.subplots(2, 1, sharex=True)
        top.bar(_BIDS, self.dist, width=1.0, color="#7a9cc6")
        top.axvline(d["best_bid"], color="#c0392b", label=f"best announcement {d['best_bid']}")
        top.set_ylabel("probability")
        top.set_title(f"Your points ({d['samples']} deals)")
        top.legend()
        t = self.table
        bottom.plot(t["bid"], t["expected_penalty"], color="#333")
        bottom.fill_between(t["bid"], t["ci95_lo"], t["ci95_hi"], color="#bbb")
        bottom.axvline(d["best_bid"], color="#c0392b")
        bottom.set_xlabel("announcement (points)")
        bottom.set_ylabel("expected penalty")
        return fig


@api_args(hand="cards_or_numbers")
def advise(hand, trump_card, dealer: int = 3, seat: int = 0, bids=None, rules: str = "differenzler",
           exact_bonus: int | None = None, policy: str = DEFAULT_PLAYER, samples: int | None = None,
           ci: float | None = None, seed: int = 0, threads: int | None = None,
           progress: Callable[[int], None] | None = None) -> Announcement:
    """What to announce: the distribution of the seat's points and the expected penalty of every
    announcement (see the module docstring).

    Parameters
    ----------
    hand : str or list
        The seat's nine cards (``"HJ H9 HA SK SQ D6 C7 C8 CT"``).
    trump_card : str or int
        The bottom card of the deal (in the dealer's hand); its suit is trump.
    dealer, seat : int
        The dealer and the seat asking (0..3); the player after the dealer announces first and leads.
    bids : str or list, optional
        The three other seats' numbers in seat order (``"40,35,50"``); default: the fast announcer's.
        An empty entry (``"40,,"``) leaves that seat to the fast announcer (a number not known yet).
    rules : str
        ``differenzler`` or ``differenzler-jw``; ``exact_bonus`` overrides its exact-hit bonus.
    policy : str
        The players of all four seats (``number``, ``points``, ``random``).
    samples, ci : optional
        Deals to play (default 20,000), or the 95% CI half-width of the best announcement's expected
        penalty to reach (at most 2,000,000 deals).
    seed, threads : int
        Root seed; threads (the answer is the same on any number).
    progress : callable, optional
        Called with the deals done.

    Returns
    -------
    Announcement

    Examples
    --------
    >>> r = advise("HJ H9 HA HK SA ST D6 C7 C8", "H6", dealer=3, seat=0, samples=2048)
    >>> 0 <= r.to_json()["best_bid"] <= 157
    True
    """
    from jass_sim.core.rng import check_seed
    from jass_sim.core.threads import max_threads  # noqa: F401  (threads are checked by numba_threads)
    from jass_sim.jass.differenzler._announce import announce, model_coefficients
    from jass_sim.jass.differenzler._batch import MADE
    from jass_sim.jass.differenzler.engine import run_rounds
    from jass_sim.jass.differenzler.players import PLAYERS

    seat = check_seat(seat, "--seat")
    dealer = check_seat(dealer, "--dealer")
    cards, card = check_hand(hand, trump_card, seat, dealer)
    fixed = parse_bids(bids, seat)
    the_rules = get_rules(rules, exact_bonus=exact_bonus)
    PLAYERS.code(policy, "--policy")
    seed = check_seed(seed)
    if samples is None and ci is None:
        samples = DEFAULT_SAMPLES
    check_sampling(samples, ci, MAX_SAMPLES, samples_at_most=True)
    if progress is not None:
        progress(0)  # the input is checked (the page's job API checks a job up to its first tick)
    trump = card // 9
    mask = sum(1 << c for c in cards)
    own = int(announce(np.uint64(mask), trump, (seat - dealer - 1) & 3, model_coefficients()))
    known = (seat, mask, dealer, card)
    stream = STREAMS["jass.differenzler-advise"]
    bonus = the_rules.exact_bonus

    def play(n: int, number: int, index: int, planned: int) -> np.ndarray:
        """My points in the ``n`` deals of ``seed`` (the same deals for every ``number``: the deal
        stream draws nothing else), my seat playing to ``number``; the ``index``-th of ``planned``
        passes over the deals (the progress counts deals played in all passes)."""
        bids_ = list(fixed)
        bids_[seat] = number
        stage = f"first stage: playing to {number}" if index == 0 else f"replay {index}: playing to {number}"
        tick = None if progress is None else (  # noqa: E731
            lambda k: progress(Tick(index * n + k, planned * n, stage=stage)))
        rows = run_rounds(n, seed, policy, bids=bids_, known=known, stream=stream, threads=threads, progress=tick,
                          open_=the_rules.open, bonus=bonus)
        return rows[:, MADE + seat]

    def scores(mades):
        return {b: np.abs(b - m).astype(np.float64) - bonus * (m == b) for b, m in mades.items()}

    def best_of(pens):
        means = {b: float(p.mean()) for b, p in pens.items()}
        return min(means, key=lambda b: (means[b], b)), means

    def half_of(p: np.ndarray) -> float:
        return Z95 * float(p.std(ddof=1)) / math.sqrt(len(p)) if len(p) > 1 else math.nan

    def evaluate(n: int):
        made = play(n, own, 0, 1 + N_CANDIDATES)
        n = len(made)
        dist = np.bincount(made, minlength=MAX_BID + 1)[:MAX_BID + 1] / n
        mean, var = penalty_table(dist, n, bonus)
        # the second stage: the first stage scores every number on points made playing to `own`, but
        # a number far from `own` is played to differently (an all-sixes hand playing to 0 makes
        # more than playing to the announcer's number), so numbers are replayed on the same deals,
        # my seat playing to each: the first stage's best N_CANDIDATES (the numbers the replays
        # can still reorder), then, while the best so far has a neighbour not replayed, that
        # neighbour (the played-to curve's minimum can lie beyond the first stage's best few), at
        # most MAX_REPLAYS replays in all (each costs one first stage: the default answers within
        # 2 s warm). `own` competes without a replay (its first stage is played to it), so the
        # answer is never worse than the fast announcer's number on these deals.
        mades = {own: made}
        first = sorted({int(b) for b in np.argsort(mean, kind="stable")[:N_CANDIDATES]} - {own})
        for b in first:
            mades[b] = play(n, b, len(mades), 1 + len(first))
        while len(mades) <= MAX_REPLAYS:
            top = best_of(scores(mades))[0]
            step = [b for b in (top - 1, top + 1) if 0 <= b <= MAX_BID and b not in mades]
            if not step:
                break
            mades[step[0]] = play(n, step[0], len(mades), len(mades) + 1)
        pens = scores(mades)
        return n, made, dist, mean, var, pens, mades

    n = samples if samples is not None else 4096
    n, made, dist, mean, var, pens, mades = evaluate(n)
    if ci is not None:
        while half_of(pens[best_of(pens)[0]]) > ci and n < MAX_SAMPLES:
            h = half_of(pens[best_of(pens)[0]])
            n = min(MAX_SAMPLES, max(2 * n, int(n * (h / ci) ** 2 * 1.1) + 1))
            # the same seed: the first deals are the ones already played
            n, made, dist, mean, var, pens, mades = evaluate(n)
    best, means = best_of(pens)
    runner = min((b for b in pens if b != best), key=lambda b: (means[b], b))  # N_CANDIDATES >= 2: one exists
    e, h_best = means[best], half_of(pens[best])
    lo, hi = e - h_best, e + h_best
    diff = pens[runner] - pens[best]
    d_mean, d_half = float(diff.mean()), half_of(diff)
    runner_doc = {"bid": runner, "difference": d_mean, "ci95": [d_mean - d_half, d_mean + d_half]}
    half = Z95 * np.sqrt(var)
    cdf = np.cumsum(dist)
    median = int(np.searchsorted(cdf, 0.5))
    # the median's 95% CI: the order statistics at ranks n/2 -+ 1.96 sqrt(n)/2 (distribution-free)
    counts = np.cumsum(np.bincount(made, minlength=MAX_BID + 1))
    k = Z95 * math.sqrt(n) / 2
    med_lo = int(np.searchsorted(counts, max(1, math.floor(n / 2 - k))))
    med_hi = int(np.searchsorted(counts, min(n, math.ceil(n / 2 + k))))
    _, mean_lo, mean_hi = mean_ci(int(made.sum()), int((made.astype(np.int64) ** 2).sum()), n)
    hits = int((mades[best] == best).sum())
    _, exact_lo, exact_hi = wilson_ci(hits, n)
    at_most = float((mades[best] <= best).mean())
    sentence = (f"Announce {best}: expected penalty {e:.1f} (95% CI {lo:.1f} to {hi:.1f}); you make {best} or less "
                f"in {100 * at_most:.0f}% of the deals")
    played_to = [{"bid": b, "expected_penalty": means[b], "ci95": [means[b] - half_of(pens[b]),
                                                                   means[b] + half_of(pens[b])]} for b in sorted(pens)]
    doc = {"trump": MODE_NAMES[trump], "trump_card": format_card(card), "seat": seat, "dealer": dealer,
           "samples": int(n), "mean": float(made.mean()), "median": median, "best_bid": best,
           "expected_penalty": e, "ci95_penalty": [lo, hi], "p_exact": hits / n,
           "distribution": [{"points": int(p), "prob": float(dist[p])} for p in np.nonzero(dist)[0]],
           "penalty_by_bid": [{"bid": int(b), "expected_penalty": float(mean[b]),
                               "ci95_penalty": [float(mean[b] - half[b]), float(mean[b] + half[b])]} for b in _BIDS],
           "sentence": sentence,
           "ci95_mean": [mean_lo, mean_hi], "ci95_median": [med_lo, med_hi], "ci95_p_exact": [exact_lo, exact_hi],
           "runner_up": runner_doc, "played_to": played_to,
           "hand": [format_card(c) for c in sorted(cards)], "bids": [None if b is None else int(b) for b in fixed],
           "play_number": own, "rules": the_rules.name, "exact_bonus": the_rules.exact_bonus, "policy": policy,
           "seed": seed}
    return Announcement(doc, dist, mean, half)
