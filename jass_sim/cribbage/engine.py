"""Whole cribbage games: duplicate-dealt batches on all threads, and one traced game (replay).

Players are named ``random``, ``greedy``, ``expect`` or ``search`` (see
:data:`jass_sim.cribbage.players.PLAYERS`). Every block of
``PAIRS_PER_BLOCK`` game pairs draws its cards and its random choices from its own generators,
seeded from ``SeedSequence(seed, spawn_key=(stream, block))``: the same seed gives the same games
on any number of threads.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from jass_sim.core.batches import Slicer, call
from jass_sim.core.errors import InputError
from jass_sim.core.rng import block_states
from jass_sim.cribbage.players import PLAYERS
from jass_sim.cribbage.streams import STREAMS

DECK_STREAM, PLAY_STREAM = STREAMS["cribbage.deck"], STREAMS["cribbage.play"]


def side_flags() -> tuple[str, str]:
    """The flags that name players A and B in an error: ``--player-a``/``--player-b``, or the old
    ``--a``/``--b`` when the running command was given those."""
    from jass_sim.core.cli import typed_flag

    return typed_flag("player_a", "--player-a"), typed_flag("player_b", "--player-b")


def _codes(a: str, b: str) -> np.ndarray:
    """``int64[2, 2]`` (discard, pegging) codes of players A and B; an InputError names an unknown player."""
    flag_a, flag_b = side_flags()
    return np.array([PLAYERS.code(a, flag_a), PLAYERS.code(b, flag_b)], dtype=np.int64)


@dataclass
class Batch:
    """Raw results of :func:`play_batch`: ``results[g]`` = (winner, score A, score B, first
    dealer, hands, pegging events traced) of game ``g``; ``acc[p, role, source] = (sum, sum of squares)`` of the points
    per completed hand and ``acc_n[p, role]`` their number."""

    results: np.ndarray
    acc: np.ndarray
    acc_n: np.ndarray


def play_batch(n_pairs: int, a: str, b: str, seed: int, progress=None) -> Batch:
    """Play ``n_pairs`` duplicate-dealt pairs of games between players ``a`` and ``b``.

    Wraps the kernel ``_game.play_games``, called on a few whole blocks at a time
    (:class:`jass_sim.core.batches.Slicer`: the run can be interrupted, and ``progress`` is called
    with the games done after each call); a block's pairs do not depend on the cut.
    """
    from jass_sim.cribbage._game import PAIRS_PER_BLOCK, play_games
    from jass_sim.cribbage.discards import crib_rank_table

    if n_pairs < 1:
        raise InputError(f"the number of games must be positive, got {2 * n_pairs}", str(2 * n_pairs))
    policies = _codes(a, b)
    n_blocks = -(-n_pairs // PAIRS_PER_BLOCK)
    deck = block_states(seed, 0, n_blocks, DECK_STREAM)
    play = block_states(seed, 0, n_blocks, PLAY_STREAM)
    counts = np.full(n_blocks, PAIRS_PER_BLOCK, dtype=np.int64)
    counts[-1] = n_pairs - (n_blocks - 1) * PAIRS_PER_BLOCK
    table = crib_rank_table()
    parts = []
    slicer = Slicer(None if progress is None else (lambda pairs: progress(2 * pairs)))
    # The kernel numbers the pairs of the blocks it is given from 0, and every block but the run's
    # last is full: blocks lo .. hi - 1 alone give the rows of their pairs, in order.
    for lo, hi, _, steps in slicer.slices(counts):
        parts.append(call(play_games, deck[lo:hi], play[lo:hi], int(steps.sum()), policies, table, False,
                          *_trace_arrays(1, 1)))
    results = np.concatenate([r for r, _, _ in parts])
    acc = sum(a.sum(axis=0) for _, a, _ in parts)
    acc_n = sum(n.sum(axis=0) for _, _, n in parts)
    return Batch(results, acc, acc_n)


def _trace_arrays(n_hands: int, n_events: int):
    """Empty trace arrays of ``_game.play_game`` for ``n_hands`` hands and ``n_events`` events."""
    return (np.zeros((n_hands, 2, 6), dtype=np.int64), np.zeros((n_hands, 2, 2), dtype=np.int64),
            np.zeros((n_hands, 8), dtype=np.int64), np.zeros((n_events, 5), dtype=np.int64))


def replay_game(seed: int, a: str = "greedy", b: str = "greedy") -> dict:
    """The first game (A deals first) of ``simulate --seed SEED`` with the same players, with
    every deal, discard, starter, pegging point and count, as a JSON-ready dict.

    Wraps the kernel ``_game.play_games`` (tracing its first game).
    """
    from jass_sim.cribbage._game import (
        R_EVENTS,
        R_HANDS,
        R_SCORE0,
        R_SCORE1,
        R_WINNER,
        SKUNK_BELOW,
        T_CRIB,
        T_DEALER,
        T_DEALER_HAND,
        T_HEELS,
        T_PONE_HAND,
        T_SCORE0,
        T_SCORE1,
        T_STARTER,
        TRACE_EVENTS,
        TRACE_HANDS,
        play_games,
    )
    from jass_sim.cribbage.cards import format_card
    from jass_sim.cribbage.discards import crib_rank_table

    policies = _codes(a, b)
    deck = block_states(seed, 0, 1, DECK_STREAM)
    play = block_states(seed, 0, 1, PLAY_STREAM)
    t_deal, t_disc, t_hand, t_peg = _trace_arrays(TRACE_HANDS, TRACE_EVENTS)
    results, _, _ = play_games(deck, play, 1, policies, crib_rank_table(), True, t_deal, t_disc, t_hand, t_peg)
    winner, s0, s1 = results[0, R_WINNER], results[0, R_SCORE0], results[0, R_SCORE1]
    n_hands, n_ev = results[0, R_HANDS], results[0, R_EVENTS]
    names = ("A", "B")

    def cards(row):
        return [format_card(c) for c in row]

    hands = []
    for h in range(n_hands):
        row = t_hand[h]
        dealer = int(row[T_DEALER])
        pone = 1 - dealer
        counted = {"pone_hand": int(row[T_PONE_HAND]), "dealer_hand": int(row[T_DEALER_HAND]),
                   "crib": int(row[T_CRIB])}
        hands.append({
            "dealer": names[dealer],
            "deal": {names[p]: cards(t_deal[h, p]) for p in range(2)},
            "discards": {names[p]: cards(t_disc[h, p]) for p in range(2)},
            "kept": {names[p]: cards([c for c in t_deal[h, p] if c not in t_disc[h, p]]) for p in range(2)},
            "crib": cards(list(t_disc[h, pone]) + list(t_disc[h, dealer])),
            "starter": format_card(row[T_STARTER]),
            "heels": int(row[T_HEELS]),
            "pegging": [{"player": names[int(e[1])], "card": None if e[2] < 0 else format_card(e[2]),
                         "count": int(e[3]), "points": int(e[4])} for e in t_peg[:n_ev] if e[0] == h],
            "counts": {k: (None if v < 0 else v) for k, v in counted.items()},
            "score": {"A": int(row[T_SCORE0]), "B": int(row[T_SCORE1])},
        })
    loser = min(s0, s1)
    return {"seed": seed, "players": {"A": a, "B": b}, "first_dealer": "A", "hands": hands,
            "winner": names[winner], "final_score": {"A": int(s0), "B": int(s1)},
            "skunk": bool(loser < SKUNK_BELOW)}
