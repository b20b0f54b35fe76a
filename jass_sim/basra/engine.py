"""Basra engine from Python: dealing from seeds, one recorded round, batches of deals and games.

Seeds: every block of :data:`jass_sim.core.rng.BLOCK_SIZE` deals (or games) has its own
generator state from ``SeedSequence(seed, spawn_key=(stream, block))``, one stream for the decks
and another for the players' random choices, so results do not depend on the number of threads
and the deals do not depend on the players.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from jass_sim.basra.cards import N_CARDS, mask_names
from jass_sim.basra.players import PLAYERS
from jass_sim.basra.rules import BasraRules, score_piles
from jass_sim.basra.state import check_players, replay_deal
from jass_sim.basra.streams import STREAMS
from jass_sim.core.batches import Slicer, call
from jass_sim.core.errors import InputError
from jass_sim.core.rng import BLOCK_SIZE, block_states
from jass_sim.core.threads import block_chunks, numba_threads

#: Points a side needs to win a game.
TARGET = 101
#: Default samples per decision of the search players.
SEARCH_SAMPLES = 8


def player_params(samples: int | None) -> np.ndarray:
    samples = SEARCH_SAMPLES if samples is None else samples
    if samples < 1:
        raise InputError(f"--samples must be positive, got {samples}", str(samples))
    return np.array([samples], dtype=np.int64)


def replay_round(seed: int, n: int = 2, rules: BasraRules | None = None, policy: str = "greedy",
                 dealer: int | None = None, samples: int | None = None) -> dict:
    """Deal one round from ``seed``, play it with ``policy`` at every seat and record every move.

    Wraps :func:`jass_sim.basra._play.play_round`. Returns the ``basra replay`` JSON document
    (see the README): ``players``, ``rules``, ``dealer``, ``table``, ``deals``, ``moves``,
    ``last_capture``, ``score`` (and ``seed``, ``policy``).
    """
    from jass_sim.basra._play import n_deals, play_round

    rules = rules or BasraRules()
    check_players(n)
    dealer = n - 1 if dealer is None else dealer
    if not 0 <= dealer < n:
        raise InputError(f"--dealer must be 0..{n - 1}, got {dealer}", str(dealer))
    table0, deals = replay_deal(seed, n)  # the deal a BasraState of this seed starts from
    rng = block_states(seed, 0, 1, STREAMS["basra.replay-players"])[0]
    st = np.zeros(7, dtype=np.uint64)
    ist = np.zeros(8, dtype=np.int64)
    moves = N_CARDS - 4
    log_i = np.zeros((moves, 3), dtype=np.int64)
    log_u = np.zeros((moves, 2), dtype=np.uint64)
    pols = np.full(4, PLAYERS.code(policy), dtype=np.int64)
    left = play_round(deals, table0, n, dealer, rules.array(), pols, player_params(samples), rng, st, ist,
                      log_i, log_u)
    last = int(ist[6]) if ist[6] >= 0 else dealer
    from jass_sim.basra.cards import format_card

    return {
        "players": n, "rules": rules.name, "policy": policy, "seed": seed, "dealer": dealer,
        "table": mask_names(table0),
        "deals": [[mask_names(deals[k, s]) for s in range(n)] for k in range(n_deals(n))],
        "moves": [{"player": int(log_i[t, 0]), "card": format_card(log_i[t, 1]),
                   "captured": mask_names(log_u[t, 0]), "basra": bool(log_i[t, 2]),
                   "table_after": mask_names(log_u[t, 1])} for t in range(moves)],
        "last_capture": {"player": last, "cards": mask_names(left)},
        "score": [dict(s, basra_count=int(ist[4 + side]))
                  for side, s in enumerate(score_piles(st[5:7], ist[4:6], rules))],
    }


def _two_streams(count: int, seed: int, deck_stream: int, player_stream: int):
    """``(first_block, n_blocks, deck states, player states, counts)`` per chunk of a run."""
    for first, nb, states, counts in block_chunks(count, seed, deck_stream):
        yield first, nb, states, block_states(seed, first, nb, player_stream), counts


def _rows(kind: int, columns: int, count: int, streams: tuple[int, int], n: int, rules: BasraRules, policy_a: int,
          policy_b: int, duel: bool, seed: int, params: np.ndarray | None, slicer: Slicer | None):
    """The rows of :func:`iter_deal_rows` (``kind`` DEALS) or :func:`iter_game_rows` (GAMES)."""
    from jass_sim.basra._batch import run_blocks

    params = params if params is not None else player_params(None)
    dealer2 = n - 1 if duel else 0
    slicer = slicer if slicer is not None else Slicer()
    for first, nb, ds, ps, counts in _two_streams(count, seed, streams[0], streams[1]):
        rows = np.zeros((nb * BLOCK_SIZE * 2, columns), dtype=np.int64)
        # a few whole blocks a call (block b writes rows 2 * b * BLOCK_SIZE ..): same rows, interruptible
        for lo, hi, _, steps in slicer.slices(counts):
            call(run_blocks, kind, ds[lo:hi], ps[lo:hi], steps, n, rules.array(), policy_a, policy_b, dealer2,
                 int(duel), params, TARGET, rows[2 * lo * BLOCK_SIZE:])
        yield rows[: 2 * int(counts.sum())]


def iter_deal_rows(deals: int, n: int, rules: BasraRules, policy_a: int, policy_b: int, duel: bool,
                   seed: int = 0, params: np.ndarray | None = None,
                   slicer: Slicer | None = None) -> Iterator[np.ndarray]:
    """Rows (``int64[2 k, 8]``, columns :data:`jass_sim.basra._batch.DEAL_COLUMNS`) of ``deals``
    deals chunk by chunk, each deal played twice: with ``duel`` the second play swaps the players of
    the sides, else the other side starts. Wraps :func:`jass_sim.basra._batch.run_blocks`, called on
    a few whole blocks at a time by ``slicer`` (:class:`jass_sim.core.batches.Slicer`, which may
    report progress)."""
    from jass_sim.basra._batch import DEAL_COLUMNS, DEALS

    return _rows(DEALS, len(DEAL_COLUMNS), deals, (STREAMS["basra.deals"], STREAMS["basra.deal-players"]), n, rules, policy_a,
                 policy_b, duel, seed, params, slicer)


def iter_game_rows(games: int, n: int, rules: BasraRules, policy_a: int, policy_b: int, duel: bool,
                   seed: int = 0, params: np.ndarray | None = None,
                   slicer: Slicer | None = None) -> Iterator[np.ndarray]:
    """As :func:`iter_deal_rows` for games to 101 (columns ``GAME_COLUMNS``); wraps
    :func:`jass_sim.basra._batch.run_blocks`."""
    from jass_sim.basra._batch import GAME_COLUMNS, GAMES

    return _rows(GAMES, len(GAME_COLUMNS), games, (STREAMS["basra.games"], STREAMS["basra.game-players"]), n, rules, policy_a,
                 policy_b, duel, seed, params, slicer)


__all__ = ["replay_round", "iter_deal_rows", "iter_game_rows", "numba_threads"]
