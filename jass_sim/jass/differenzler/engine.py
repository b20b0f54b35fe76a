"""The Differenzler from Python: one seeded round (``replay``), the deal as a State, many rounds
(rows of :mod:`._batch`) in short interruptible sub-batches."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from jass_sim.core.batches import Slicer, call
from jass_sim.core.rng import BLOCK_SIZE, block_states
from jass_sim.core.threads import block_chunks, numba_threads
from jass_sim.jass.cards import MODE_NAMES, format_card, mask_to_cards
from jass_sim.jass.differenzler.players import PLAYERS
from jass_sim.jass.differenzler.rules import DifferenzlerRules, get_rules, penalty
from jass_sim.jass.streams import STREAMS


def _policies(policy) -> np.ndarray:
    """``int64[4]`` player numbers from one name or four names."""
    names = [policy] * 4 if isinstance(policy, str) else list(policy)
    if len(names) != 4:
        from jass_sim.core.errors import InputError

        raise InputError(f"four players are needed, got {len(names)}", str(policy))
    return np.array([PLAYERS.code(n) for n in names], dtype=np.int64)


def _fixed_bids(bids) -> np.ndarray:
    out = np.full(4, -1, dtype=np.int64)
    if bids is not None:
        out[:] = [(-1 if b is None else int(b)) for b in bids]
    return out


def replay_deal(seed: int, dealer: int = 0) -> tuple[list[list[int]], int]:
    """The four hands and the bottom card that ``differenzler replay --seed SEED`` deals."""
    from jass_sim.jass.differenzler._kernels import deal_bottom

    rng = block_states(seed, 0, 1, STREAMS["jass.differenzler-replay"])[0]
    hands = np.zeros(4, dtype=np.uint64)
    trump_card = deal_bottom(rng, np.arange(36, dtype=np.int64), hands, dealer)
    return [mask_to_cards(h) for h in hands], int(trump_card)


def new_state(seed: int, rules: str | DifferenzlerRules = "differenzler", open: bool | None = None, dealer: int = 0):
    """The round ``differenzler replay --seed SEED`` deals, as a
    :class:`~jass_sim.jass.differenzler.state.DifferenzlerState` before the announcements."""
    from jass_sim.jass.differenzler.state import DifferenzlerState

    hands, trump_card = replay_deal(seed, dealer)
    return DifferenzlerState(hands, dealer, trump_card, get_rules(rules, open=open))


def replay_round(seed: int, rules: str | DifferenzlerRules = "differenzler", dealer: int = 0,
                 policy: str | list[str] = "number", bids=None, open: bool | None = None) -> dict:
    """Deal one round from ``seed`` (the dealer ``dealer``), announce (``bids``: four numbers, None
    for a seat that announces with the fast announcer) and play it out with ``policy`` (one name or
    four); the ``replay --format json`` document. ``open``: announce openly (default: the rules')."""
    from jass_sim.jass.differenzler._announce import announce, model_coefficients
    from jass_sim.jass.differenzler._kernels import deal_bottom, play_diff_round

    rules = get_rules(rules, open=open)
    policies = _policies(policy)
    rng = block_states(seed, 0, 1, STREAMS["jass.differenzler-replay"])[0]
    hands = np.zeros(4, dtype=np.uint64)
    trump_card = int(deal_bottom(rng, np.arange(36, dtype=np.int64), hands, dealer))
    trump = trump_card // 9
    initial = hands.copy()
    fixed = _fixed_bids(bids)
    coef = model_coefficients()
    numbers = np.array([fixed[s] if fixed[s] >= 0 else announce(hands[s], trump, (s - dealer - 1) & 3, coef)
                        for s in range(4)], dtype=np.int64)
    trace = np.zeros((9, 6), dtype=np.int64)
    made = np.zeros(4, dtype=np.int64)
    play_diff_round(hands, trump, (dealer + 1) & 3, numbers, policies, rng, trace, made, trump_card, rules.open,
                    rules.exact_bonus, coef)
    from jass_sim.jass.rules._tricks import trick_points

    tricks = [{"leader": int(row[0]), "cards": [format_card(int(c)) for c in row[1:5]], "winner": int(row[5]),
               "points": int(trick_points(row[1:5], trump, t == 8))} for t, row in enumerate(trace)]
    made_list = [int(m) for m in made]
    bid_list = [int(b) for b in numbers]
    return {"seed": int(seed), "rules": rules.name, "open": rules.open, "exact_bonus": rules.exact_bonus,
            "mode": MODE_NAMES[trump], "trump_card": format_card(trump_card), "dealer": int(dealer),
            "leader": (int(dealer) + 1) & 3, "multiplier": 1, "chooser": int(dealer),
            "hands": [[format_card(c) for c in mask_to_cards(h)] for h in initial],
            "melds": [], "meld_winner": None, "tricks": tricks,
            "bids": bid_list, "made": made_list,
            "penalties": [penalty(b, m, rules.exact_bonus) for b, m in zip(bid_list, made_list)],
            "policy": policy if isinstance(policy, str) else list(policy)}


def replay_actions(doc: dict) -> tuple[dict, list[str], list[float]]:
    """From a ``differenzler replay --format json`` document: the :func:`new_state` options, the
    actions (the numbers in announcing order, then the 36 cards) and the returns (minus the penalties)."""
    from jass_sim.jass.differenzler.rules import bidding_order

    dealer = int(doc["dealer"])
    actions = [str(doc["bids"][s]) for s in bidding_order(dealer)]
    actions += [card for trick in doc["tricks"] for card in trick["cards"]]
    return ({"seed": int(doc["seed"]), "rules": doc["rules"], "open": bool(doc.get("open", False)), "dealer": dealer},
            actions, [float(-p) for p in doc["penalties"]])


def run_rounds(rounds: int, seed: int = 0, policy: str | list[str] = "number", bids=None, known=None,
               stream: int = STREAMS["jass.differenzler-deals"], threads: int | None = None,
               progress: Callable[[int], None] | None = None, open_: bool = False, bonus: int = 0) -> np.ndarray:
    """Rows (``int64[rounds, N_ROW]``, see :mod:`._batch`) of ``rounds`` rounds.

    ``known``: ``(seat, hand mask, dealer, trump card)`` for deals conditioned on one seat's view
    (``advise``), else uniform deals with the dealer moving on. Played in whole RNG blocks, in
    sub-batches of about 0.3 s (Ctrl-C lands between them), the same on any thread count.
    ``open_`` (open announcements) and ``bonus`` (the exact-hit bonus) reach the ``search`` player.
    """
    from jass_sim.jass.differenzler._announce import model_coefficients
    from jass_sim.jass.differenzler._batch import N_ROW, play_blocks

    policies = _policies(policy)
    fixed = _fixed_bids(bids)
    coef = model_coefficients()
    seat, hand, dealer, trump_card = known if known is not None else (-1, 0, 0, 0)
    out = np.zeros((rounds, N_ROW), dtype=np.int64)
    slicer = Slicer(progress)
    with numba_threads(threads):
        for first, nb, states, counts in block_chunks(rounds, seed, stream):
            play = block_states(seed, first, nb, STREAMS["jass.differenzler-play"])
            rows = np.zeros((nb * BLOCK_SIZE, N_ROW), dtype=np.int64)
            for lo, hi, _, _ in slicer.slices(counts):
                call(play_blocks, states[lo:hi], play[lo:hi], counts[lo:hi], (first + lo) * BLOCK_SIZE, fixed,
                     policies, coef, int(seat), np.uint64(hand), int(dealer), int(trump_card),
                     bool(open_), int(bonus), rows[lo * BLOCK_SIZE:])
            n = int(counts.sum())
            out[first * BLOCK_SIZE:first * BLOCK_SIZE + n] = rows[:n]
    return out


def dealt_hands(rounds: int, seed: int = 0, stream: int = STREAMS["jass.differenzler-deals"]) -> np.ndarray:
    """The hands (``uint64[rounds, 4]``) of the uniform deals of :func:`run_rounds` with the same
    ``seed`` and ``stream``."""
    from jass_sim.jass.differenzler._batch import deal_hands

    out = np.zeros((rounds, 4), dtype=np.uint64)
    for first, nb, states, counts in block_chunks(rounds, seed, stream):
        hands = np.zeros((nb * BLOCK_SIZE, 4), dtype=np.uint64)
        deal_hands(states, counts, first * BLOCK_SIZE, hands)
        n = int(counts.sum())
        out[first * BLOCK_SIZE:first * BLOCK_SIZE + n] = hands[:n]
    return out


def features(hands: np.ndarray, dealers: np.ndarray, trump_cards: np.ndarray) -> np.ndarray:
    """The announcer's features (``float64[rounds, 4, N_FEATURES]``) of every seat's hand."""
    from jass_sim.jass.differenzler._announce import N_FEATURES, hand_features

    out = np.zeros((len(hands), 4, N_FEATURES), dtype=np.float64)
    for i in range(len(hands)):
        trump = int(trump_cards[i]) // 9
        for s in range(4):
            hand_features(hands[i, s], trump, (s - int(dealers[i]) - 1) & 3, out[i, s])
    return out
