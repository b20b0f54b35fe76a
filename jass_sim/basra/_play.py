"""Round, game and player kernels (private; public entry points in :mod:`jass_sim.basra.engine`).

A round is ``deals`` (``uint64[D, 4]``: the 6-card hand of each seat in each of the D deals; D is
4 for 2 players, 2 for 4) and ``table0`` (the 4 face-up cards). Its state during play:

* ``st`` (``uint64[7]``): the hands of seats 0..3, the table, the piles of sides 0 and 1;
* ``ist`` (``int64[8]``): cards in the piles of sides 0 and 1, card points of sides 0 and 1,
  Basras of sides 0 and 1, the last seat to capture (-1: none yet), moves played ``t``.

Move ``t`` is played by seat ``(dealer + 1 + t) % n``; after every ``6 n`` moves the next deal is
given. Players (``policy`` numbers): 0 random, 1 greedy, 2 search, 3 search without memory of the
played cards.
"""

from __future__ import annotations

import numpy as np

from jass_sim.basra._capture import R_COMPULSORY, R_MAJORITY, capture_kernel
from jass_sim.basra.cards import CARD_POINTS, HAND_SIZE, JACK, N_CARDS, TABLE_START
from jass_sim.core.jit import U64_ONE, U64_ZERO, jit, popcount, select_bit
from jass_sim.core.rng import below, shuffle

RANDOM, GREEDY, SEARCH, SEARCH_NO_MEMORY = 0, 1, 2, 3
POLICY_NAMES = ("random", "greedy", "search", "search-nomem")
#: ``params`` of the players: samples per decision of the search players.
P_SAMPLES = 0

I_CNT, I_PTS, I_BAS, I_LAST, I_T = 0, 2, 4, 6, 7
S_TABLE, S_PILE = 4, 5
FULL = np.uint64((1 << N_CARDS) - 1)


_ACES_JACKS = np.uint64(sum(1 << (s * 13 + r) for s in range(4) for r in (0, JACK)))
_C2 = np.uint64(1 << 1)
_D10 = np.uint64(1 << (13 + 9))


@jit(inline="always")
def mask_points(mask):
    """Card points of a set of cards (each Ace and Jack 1, the ♣2 2, the ♦10 3)."""
    return (popcount(mask & _ACES_JACKS) + (2 if mask & _C2 else 0) + (3 if mask & _D10 else 0))


@jit(inline="always")
def n_deals(n):
    return (N_CARDS - TABLE_START) // (HAND_SIZE * n)


@jit(inline="always")
def seat_to_move(t, n, dealer):
    return (dealer + 1 + t) % n


@jit
def deal_round(rng, deck, n, deals):
    """Shuffle ``deck`` (``int64[52]``) and fill ``deals`` (``uint64[D, 4]``); return the table.
    Layout: ``deck[0:4]`` is the table, then deal ``k`` gives seat ``s`` ``deck[4 + 6 (k n + s):][:6]``."""
    shuffle(rng, deck, N_CARDS)
    table = U64_ZERO
    for i in range(TABLE_START):
        table |= U64_ONE << np.uint64(deck[i])
    pos = TABLE_START
    for k in range(n_deals(n)):
        for s in range(4):
            h = U64_ZERO
            if s < n:
                for _ in range(HAND_SIZE):
                    h |= U64_ONE << np.uint64(deck[pos])
                    pos += 1
            deals[k, s] = h
    return table


@jit
def start_round(deals, table0, st, ist):
    """Set ``st``/``ist`` to the start of a round."""
    for s in range(4):
        st[s] = deals[0, s]
    st[S_TABLE] = table0
    st[S_PILE] = U64_ZERO
    st[S_PILE + 1] = U64_ZERO
    for i in range(8):
        ist[i] = 0
    ist[I_LAST] = -1


@jit
def apply_move(st, ist, seat, card, rules, deals, n):
    """Play ``card`` from ``seat``'s hand; return ``(captured table cards, basra 0/1)``. Gives
    the next deal when the hands are empty; does not close the round (see :func:`finish_round`)."""
    b = U64_ONE << np.uint64(card)
    st[seat] &= ~b
    table = st[S_TABLE]
    got, basra = capture_kernel(card, table, rules)
    side = seat % 2
    if got != U64_ZERO:
        taken = got | b
        st[S_TABLE] = table & ~got
        st[S_PILE + side] |= taken
        ist[I_CNT + side] += popcount(taken)
        ist[I_PTS + side] += mask_points(taken)
        ist[I_BAS + side] += basra
        ist[I_LAST] = seat
    else:
        st[S_TABLE] = table | b
    ist[I_T] += 1
    t = ist[I_T]
    per_deal = HAND_SIZE * n
    if t % per_deal == 0 and t // per_deal < n_deals(n):
        for s in range(n):
            st[s] = deals[t // per_deal, s]
    return got, basra


@jit
def finish_round(st, ist, dealer):
    """The last capturer (the dealer if nobody captured) takes the table (no Basra); return the
    cards taken."""
    left = st[S_TABLE]
    taker = ist[I_LAST] if ist[I_LAST] >= 0 else dealer
    side = taker % 2
    st[S_PILE + side] |= left
    ist[I_CNT + side] += popcount(left)
    ist[I_PTS + side] += mask_points(left)
    st[S_TABLE] = U64_ZERO
    return left


@jit(inline="always")
def majority_points(ist, side, rules):
    return rules[R_MAJORITY] if 2 * ist[I_CNT + side] > N_CARDS else 0


@jit(inline="always")
def side_total(ist, side, rules):
    return ist[I_PTS + side] + majority_points(ist, side, rules) + 10 * ist[I_BAS + side]


@jit
def legal_cards(hand, table, rules):
    """The cards of ``hand`` that may be played (all, or with ``compulsory`` the capturing ones
    when there are any)."""
    if not rules[R_COMPULSORY] or table == U64_ZERO:
        return hand
    caps = U64_ZERO
    x = hand
    while x:
        low = x & (~x + U64_ONE)
        got, _ = capture_kernel(np.int64(popcount(low - U64_ONE)), table, rules)
        if got != U64_ZERO:
            caps |= low
        x ^= low
    return caps if caps != U64_ZERO else hand


@jit
def greedy_card(hand, table, rules):
    """The greedy player: the most immediate points (10 per Basra plus the card points taken,
    the played card included), then the most cards taken; a card that takes nothing is the one
    least worth keeping (not a Jack, not a point card, then the lowest rank), then the lowest card."""
    legal = legal_cards(hand, table, rules)
    best = -1
    best_key = -1
    x = legal
    while x:
        low = x & (~x + U64_ONE)
        card = np.int64(popcount(low - U64_ONE))
        got, basra = capture_kernel(card, table, rules)
        rank = card % 13
        if got != U64_ZERO:
            taken = got | low
            key = 1_000_000 + (10 * basra + mask_points(taken)) * 1000 + popcount(taken) * 10
        else:
            keep = 100 if rank == JACK else (50 + CARD_POINTS[card] if CARD_POINTS[card] else rank)
            key = 200 - keep
        if key > best_key:
            best_key = key
            best = card
        x ^= low
    return best


@jit
def random_card(hand, table, rules, rng):
    legal = legal_cards(hand, table, rules)
    return np.int64(select_bit(legal, below(rng, popcount(legal))))


@jit
def rollout_greedy(st, ist, deals, n, dealer, rules, stop=-1):
    """Play on with every seat greedy (deterministic) to the end of the round and close it, or,
    when ``0 <= stop`` is before the end, until ``stop`` moves have been played (not closed)."""
    total = HAND_SIZE * n * n_deals(n)
    end = total if stop < 0 or stop >= total else stop
    while ist[I_T] < end:
        seat = seat_to_move(ist[I_T], n, dealer)
        card = greedy_card(st[seat], st[S_TABLE], rules)
        apply_move(st, ist, seat, card, rules, deals, n)
    if end == total:
        finish_round(st, ist, dealer)


@jit(inline="always")
def mask_cards(mask, out):
    """Write the card numbers of ``mask`` into ``out`` in increasing order; return how many."""
    m = 0
    x = mask
    while x:
        low = x & (~x + U64_ONE)
        out[m] = popcount(low - U64_ONE)
        m += 1
        x ^= low
    return m


@jit
def sample_world(st, seat, sizes, gone, deals, wdeals, n, t, rng, pool):
    """A world consistent with what ``seat`` has seen: the other seats' hands (``sizes`` cards
    each) and the deals to come, dealt uniformly from the cards neither in ``seat``'s hand, on the
    table, nor in ``gone``. Writes the hands into ``st`` and the deals into ``wdeals``."""
    m = mask_cards(FULL & ~(st[seat] | st[S_TABLE] | gone), pool)
    shuffle(rng, pool, m)
    pos = 0
    for s in range(n):
        if s != seat:
            h = U64_ZERO
            for _ in range(sizes[s]):
                h |= U64_ONE << np.uint64(pool[pos])
                pos += 1
            st[s] = h
    cur = t // (HAND_SIZE * n)
    for k in range(n_deals(n)):
        for s in range(4):
            if k <= cur or s >= n:
                wdeals[k, s] = deals[k, s] if k <= cur else U64_ZERO
            else:
                h = U64_ZERO
                for _ in range(HAND_SIZE):
                    h |= U64_ONE << np.uint64(pool[pos])
                    pos += 1
                wdeals[k, s] = h


@jit
def search_card(st, ist, seat, deals, n, dealer, rules, samples, memory, rng):
    """The search player: ``samples`` worlds consistent with what it has seen (the played cards
    too when ``memory``), each legal card played in every world and the round rolled out greedily;
    the card with the best mean lead of its side (paired: same worlds for every card)."""
    hand = st[seat]
    legal = legal_cards(hand, st[S_TABLE], rules)
    if popcount(legal) == 1:
        return np.int64(popcount(legal - U64_ONE))
    gone = (st[S_PILE] | st[S_PILE + 1]) if memory else U64_ZERO
    sizes = np.zeros(4, dtype=np.int64)
    for s in range(n):
        sizes[s] = popcount(st[s])
    cands = np.zeros(HAND_SIZE, dtype=np.int64)
    nc = mask_cards(legal, cands)
    sums = np.zeros(HAND_SIZE, dtype=np.int64)
    world = st.copy()
    wdeals = deals.copy()
    pool = np.empty(N_CARDS, dtype=np.int64)
    ws = st.copy()
    wi = ist.copy()
    side = seat % 2
    for _ in range(samples):
        sample_world(world, seat, sizes, gone, deals, wdeals, n, ist[I_T], rng, pool)
        for c in range(nc):
            ws[:] = world
            wi[:] = ist
            apply_move(ws, wi, seat, cands[c], rules, wdeals, n)
            rollout_greedy(ws, wi, wdeals, n, dealer, rules)
            sums[c] += side_total(wi, side, rules) - side_total(wi, 1 - side, rules)
    best = 0
    for c in range(1, nc):
        if sums[c] > sums[best]:
            best = c
    return cands[best]


@jit
def choose_card(policy, st, ist, seat, deals, n, dealer, rules, params, rng):
    if policy == RANDOM:
        return random_card(st[seat], st[S_TABLE], rules, rng)
    if policy == GREEDY:
        return greedy_card(st[seat], st[S_TABLE], rules)
    return search_card(st, ist, seat, deals, n, dealer, rules, params[P_SAMPLES], policy == SEARCH, rng)


@jit
def play_round(deals, table0, n, dealer, rules, policies, params, rng, st, ist, log_i, log_u):
    """Play a whole round (``policies``: ``int64[4]`` by seat); ``st``/``ist`` hold the end state.
    When ``log_i`` has rows, move ``t`` is logged: ``log_i[t] = (seat, card, basra)``,
    ``log_u[t] = (captured, table after)``; returns the cards taken at the end."""
    start_round(deals, table0, st, ist)
    total = HAND_SIZE * n * n_deals(n)
    log = log_i.shape[0] > 0
    while ist[I_T] < total:
        t = ist[I_T]
        seat = seat_to_move(t, n, dealer)
        card = choose_card(policies[seat], st, ist, seat, deals, n, dealer, rules, params, rng)
        got, basra = apply_move(st, ist, seat, card, rules, deals, n)
        if log:
            log_i[t, 0] = seat
            log_i[t, 1] = card
            log_i[t, 2] = basra
            log_u[t, 0] = got
            log_u[t, 1] = st[S_TABLE]
    return finish_round(st, ist, dealer)


@jit
def play_game(deck_rng, rng, n, first_dealer, rules, policies, params, target, max_rounds, deck, out):
    """Rounds until a side has ``target`` points or more at the end of a round and the scores
    differ; the dealer rotates. ``out`` = (winning side, rounds, score side 0, score side 1)."""
    deals = np.zeros((n_deals(n), 4), dtype=np.uint64)
    st = np.zeros(7, dtype=np.uint64)
    ist = np.zeros(8, dtype=np.int64)
    no_i = np.zeros((0, 3), dtype=np.int64)
    no_u = np.zeros((0, 2), dtype=np.uint64)
    score0 = 0
    score1 = 0
    dealer = first_dealer
    rounds = 0
    while rounds < max_rounds:
        table0 = deal_round(deck_rng, deck, n, deals)
        play_round(deals, table0, n, dealer, rules, policies, params, rng, st, ist, no_i, no_u)
        score0 += side_total(ist, 0, rules)
        score1 += side_total(ist, 1, rules)
        rounds += 1
        dealer = (dealer + 1) % n
        if max(score0, score1) >= target and score0 != score1:
            break
    out[0] = 0 if score0 > score1 else 1
    out[1] = rounds
    out[2] = score0
    out[3] = score1
