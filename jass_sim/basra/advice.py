"""``basra advise``: which card to play, by sampling the unseen cards (pandas out).

The position is read from the cards: with ``h`` cards in our hand, ``P`` cards played (captured)
before and ``T`` on the table, ``m = P + T - 4`` moves have been made; they fix the deal, our place
in the playing order and the hand sizes of the others. Each sampled world deals the unseen cards
(neither in our hand, on the table nor played) to the others' hands and to the deals to come;
every card of our hand is played in the same worlds and the round is played out by greedy
players, so the cards are compared paired. The chance that the next player (an opponent) can
make a Basra is exact: the next player's cards are a uniform draw from the unseen cards.
"""

from __future__ import annotations

import math

import numpy as np

from jass_sim.basra.cards import HAND_SIZE, N_CARDS, TABLE_START, cards_to_mask, format_card, mask_to_cards
from jass_sim.basra.rules import BasraRules
from jass_sim.basra.streams import STREAMS
from jass_sim.core.errors import InputError
from jass_sim.core.report.text import plural
from jass_sim.core.rng import BLOCK_SIZE
from jass_sim.core.stats import mean_ci


def position(hand: list[int], table: list[int], played: list[int], n: int) -> dict:
    """Our seat (dealer = the last seat), the moves made, the other seats' hand sizes and the
    deal number implied by the card counts; ``InputError`` when the counts cannot happen."""
    from jass_sim.basra._play import n_deals

    h = len(hand)
    moves = len(played) + len(table) - TABLE_START
    per_deal = HAND_SIZE * n
    deal, r = divmod(moves, per_deal)
    counts = f"wrong count: {plural(h, 'card')} in hand with {len(table)} on the table and {len(played)} played"
    if not 1 <= h <= HAND_SIZE:
        raise InputError(f"{counts}: --hand holds 1 to {HAND_SIZE} cards (the rules deal {HAND_SIZE} to each player)",
                         "--hand")
    if moves < 0:
        raise InputError(f"{counts}: the table starts with {TABLE_START} cards, and each move adds one to the "
                         "table or to the captured cards (--played: every card captured this round, by anyone)",
                         "--table")
    if deal >= n_deals(n):
        raise InputError(f"{counts}: that is {moves} moves, more than a {n}-player round has "
                         f"({n_deals(n) * per_deal})", "--played")
    if r // n != HAND_SIZE - h:
        raise InputError(f"{counts}: after {plural(moves, 'move')} in a {n}-player round the player to move holds "
                         f"{HAND_SIZE - r // n} (the rules deal {HAND_SIZE} cards to each player, and each move plays "
                         "one)", "--hand")
    seat = r % n
    sizes = np.zeros(4, dtype=np.int64)
    for s in range(n):
        sizes[s] = h if s >= seat else h - 1
    return {"seat": seat, "moves": moves, "deal": deal, "sizes": sizes}


def basra_chance(card: int, hand: list[int], table: list[int], played: list[int], n: int, rules: BasraRules,
                 pos: dict) -> float:
    """Exact chance that the next player can make a Basra after we play ``card``."""
    from jass_sim.basra._play import n_deals
    from jass_sim.basra.rules import capture

    table_mask = cards_to_mask(table)
    got, _ = capture(card, table_mask, rules)
    after = (table_mask & ~got) if got else table_mask | np.uint64(1 << card)
    if not after:
        return 0.0
    t_next = pos["moves"] + 1
    nxt = (pos["seat"] + 1) % n
    if t_next % (HAND_SIZE * n) == 0:
        s = HAND_SIZE if t_next // (HAND_SIZE * n) < n_deals(n) else 0
    else:
        s = int(pos["sizes"][nxt])
    known = set(hand) | set(table) | set(played)
    unseen = [c for c in range(N_CARDS) if c not in known]
    good = sum(1 for c in unseen if capture(c, after, rules)[1])
    u = len(unseen)
    if s == 0 or good == 0:
        return 0.0
    return 1.0 - math.comb(u - good, s) / math.comb(u, s)


def advise(hand: list[int], table: list[int], played: list[int], n: int = 2, rules: BasraRules | None = None,
           samples: int = 2000, seed: int = 0, piles: tuple[int, int] | None = None,
           last_capture: str | None = None, horizon: str = "round", threads: int | None = None,
           progress=None) -> dict:
    """Expected points of our side for each card of ``hand``, split into card points, majority
    and Basras, with paired 95% CIs against the best card.

    Wraps the parallel kernel :func:`jass_sim.basra._batch.advise_blocks`.

    Parameters
    ----------
    hand, table, played : list of int
        Our hand, the table, and the cards already captured (by anyone) in this round.
    piles : (int, int), optional
        Cards captured so far by our side and by the other; default: the played cards split evenly.
    last_capture : {"us", "them", None}
        Who captured last (takes the table at the end); default: ``them`` when cards were played.
    horizon : {"round", "deal"}
        Play out to the end of the round, or of the current deal (then no majority, no last capture).
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick` of the worlds done: 0 once the input is
        checked, then after each kernel call of whole blocks (see :func:`sample_outcomes`).
    """
    from jass_sim.basra.arg_kinds import MAX_ADVISE_SAMPLES
    from jass_sim.core.caps import check_cap

    rules = rules or BasraRules()
    if samples < 1:
        raise InputError(f"--samples must be positive, got {samples}", str(samples))
    check_cap("samples", samples, MAX_ADVISE_SAMPLES, "--samples")
    if horizon not in ("round", "deal"):
        raise InputError(f"--horizon must be round or deal, got {horizon!r}", horizon)
    pos = position(hand, table, played, n)
    assumed = []
    if piles is None:
        piles = ((len(played) + 1) // 2, len(played) // 2)
        assumed.append(f"piles {piles[0]} (us) and {piles[1]} (them)")
    if sum(piles) != len(played):
        raise InputError(f"--piles {piles[0]},{piles[1]} must add up to the {len(played)} played cards",
                         f"{piles[0]},{piles[1]}")
    if last_capture is None:
        last_capture = "them" if played else "none"
        if played:
            assumed.append("the other side captured last")
    if last_capture not in ("us", "them", "none") or (last_capture == "none" and played):
        raise InputError(f"--last-capture must be us or them (none only before any capture), got {last_capture!r}",
                         str(last_capture))
    if progress is not None:
        from jass_sim.core.chunks import Tick

        progress(Tick(0, samples))  # the input is checked (a server checks a job up to here)
    cands, out = sample_outcomes(hand, table, played, n, rules, samples, seed, piles, last_capture, horizon,
                                 threads, pos, progress)
    us = out[:, :, 0] + out[:, :, 1] + 10 * out[:, :, 2]
    them = out[:, :, 3] + out[:, :, 4] + 10 * out[:, :, 5]
    net = us - them
    best = int(np.argmax(net.mean(axis=0)))
    rows = []
    for c, card in enumerate(cands):
        m, lo, hi = mean_ci(int(us[:, c].sum()), int((us[:, c] ** 2).sum()), samples)
        d = net[:, c] - net[:, best]
        dm, dlo, dhi = mean_ci(int(d.sum()), int((d * d).sum()), samples)
        nm, nlo, nhi = mean_ci(int(net[:, c].sum()), int((net[:, c] ** 2).sum()), samples)
        rows.append({"card": format_card(card), "points": m, "ci95": [lo, hi],
                     "card_points": out[:, c, 0].mean(), "majority": out[:, c, 1].mean(),
                     "basras": 10 * out[:, c, 2].mean(), "opponent_points": them[:, c].mean(),
                     "net": nm, "ci95_net": [nlo, nhi], "vs_best": dm, "ci95_vs_best": [dlo, dhi],
                     "p_opponent_basra_next": basra_chance(int(card), hand, table, played, n, rules, pos)})
    rows.sort(key=lambda r: -r["net"])
    if rules.compulsory and len(cands) < len(hand):
        assumed.append("compulsory capture: only capturing cards are listed")
    return {"hand": [format_card(c) for c in hand], "table": [format_card(c) for c in table],
            "played": len(played), "players": n, "rules": rules.name, "horizon": horizon, "samples": samples,
            "seed": seed, "seat": pos["seat"], "deal": pos["deal"] + 1, "assumed": assumed, "cards": rows,
            "sentence": _sentence(rows, samples, horizon)}


def sample_outcomes(hand, table, played, n, rules, samples, seed, piles, last_capture, horizon, threads=None,
                    pos=None, progress=None):
    """``(candidate cards, int64[samples, cards, 6])``: the points gained from now on in each
    sampled world for each legal card (columns :data:`jass_sim.basra._batch.ADVISE_COLUMNS`).
    Checked arguments (see :func:`advise`); wraps :func:`jass_sim.basra._batch.advise_blocks`.

    The blocks of worlds are played in short kernel calls of whole blocks
    (:class:`jass_sim.core.batches.Slicer`), each block from its own random stream: the worlds are
    the same however the run is cut; ``progress`` gets a :class:`~jass_sim.core.chunks.Tick`
    after each call."""
    from jass_sim.basra._batch import advise_blocks
    from jass_sim.basra.engine import numba_threads
    from jass_sim.core.batches import Slicer, call
    from jass_sim.core.chunks import Tick
    from jass_sim.core.threads import block_chunks

    pos = pos or position(hand, table, played, n)
    seat, dealer = pos["seat"], n - 1
    st0 = np.zeros(7, dtype=np.uint64)
    st0[seat] = cards_to_mask(hand)
    st0[4] = cards_to_mask(table)
    ist0 = np.zeros(8, dtype=np.int64)
    side = seat % 2
    ist0[side], ist0[1 - side] = piles
    ist0[6] = {"us": seat, "them": (seat - 1) % n, "none": -1}[last_capture]
    ist0[7] = pos["moves"]
    legal = mask_to_cards(_legal(st0[seat], st0[4], rules))
    cands = np.array(legal, dtype=np.int64)
    stop = -1 if horizon == "round" else (pos["deal"] + 1) * HAND_SIZE * n
    gone = cards_to_mask(played)
    out = np.zeros((samples, len(cands), 6), dtype=np.int64)
    slicer = Slicer(None if progress is None else lambda done: progress(Tick(done, samples)))
    with numba_threads(threads):
        for first, _nb, states, counts in block_chunks(samples, seed, STREAMS["basra.advise"]):
            for lo, hi, _starts, steps in slicer.slices(counts):
                part = np.zeros(((hi - lo) * BLOCK_SIZE, len(cands), 6), dtype=np.int64)
                call(advise_blocks, states[lo:hi], steps, st0, ist0, seat, pos["sizes"], gone, n, dealer,
                     rules.array(), cands, stop, part)
                at, k = (first + lo) * BLOCK_SIZE, int(steps.sum())  # every block but a run's last is full
                out[at: at + k] = part[:k]
    return cands, out


def _legal(hand, table, rules):
    from jass_sim.basra._play import legal_cards

    return legal_cards(hand, table, rules.array())


def _sentence(rows: list[dict], samples: int, horizon: str) -> str:
    best = rows[0]
    text = (f"Play {format_card_sym(best['card'])}: {best['points']:.2f} points for our side to the end of the "
            f"{horizon} ({best['net']:+.2f} against the other side), with a {100 * best['p_opponent_basra_next']:.0f}% "
            f"chance that the next player can make a Basra.")
    if len(rows) > 1:
        second = rows[1]
        lo, hi = second["ci95_vs_best"]
        if hi >= 0:
            text += (f" {format_card_sym(second['card'])} is too close to call "
                     f"({second['vs_best']:+.2f}, 95% CI [{lo:+.2f}, {hi:+.2f}] over {samples} sampled worlds).")
        else:
            text += (f" The next best, {format_card_sym(second['card'])}, is worse by {-second['vs_best']:.2f} "
                     f"(95% CI [{-hi:.2f}, {-lo:.2f}] over {samples} sampled worlds).")
    return text + " The CIs cover the sampling of the unseen cards, not the play model (greedy players)."


def format_card_sym(name: str) -> str:
    from jass_sim.basra.cards import parse_card

    return format_card(parse_card(name), symbols=True)
