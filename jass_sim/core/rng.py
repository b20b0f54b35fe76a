"""Random numbers for the kernels: xoshiro256** streams seeded per fixed-size block.

Every block of deals gets its own generator state from ``SeedSequence(seed).spawn``-style
spawn keys, so a run gives the same numbers whatever the number of threads that play the
blocks. The kernels never touch numpy's or Python's global RNG.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.api_args import MAX_SEED
from jass_sim.core.jit import jit

#: Deals per RNG block: fixed, so results do not depend on threads or batch sizes.
BLOCK_SIZE = 1024

_MASK32 = np.uint64(0xFFFFFFFF)


#: Every random stream of the package: a feature's name -> its stream number, the first spawn key
#: of ``SeedSequence(seed, spawn_key=(stream, block))`` (:func:`block_states`). Every call of
#: :func:`block_states` and :func:`jass_sim.core.threads.block_chunks` in the package takes its
#: stream from here (checked by tests/core/test_streams.py). The numbers are part of every
#: seeded result: changing one changes the output of its command for every seed.
STREAMS = {
    # Jass
    "jass.deals": 0,           # simulate, batch and the deals of the report's human comparison
    "jass.replay": 0,          # replay: one round
    "jass.duel": 1,            # duel and the report's player table
    "jass.game": 3,            # one whole game to the target (engine.game.simulate_game)
    "jass.advise": 7,          # advise, and the report's mode-choice section
    "jass.selfplay": 7,        # training positions for the net player (scripts/train_net.py)
    "jass.games": 11,          # games: duplicate games to the target
    "jass.play-advice": 11,    # play-advice and review: the sampled worlds
    "jass.choose-card": 13,    # choose_card (the page's bots): the random and pimc players' choices
    "jass.report-hands": 11,   # report: the hands of the mode-choice section
    "jass.report-cards": 12,   # report: the deals of the card-value section
    "jass.report-positions": 14,  # report: the deals and seeds of the first-lead and smearing positions
    "jass.partner-data": 15,   # scripts/partner_data.py: the pushed deals a partner model is fitted on
    "jass.report-partner": 16,  # report: the pushed deals of section 2e (after the push)
    "jass.equity": 12,         # equity: the sampled rounds
    "jass.meld-hands": 0,      # melds (and the report) without --exact: sampled hands
    "jass.meld-deals": 1,      # melds (and the report): sampled deals
    # Cribbage
    "cribbage.deck": 0,        # simulate and replay: the cards
    "cribbage.play": 1,        # simulate and replay: the players' random choices
    "cribbage.stats": 0,       # stats: sampled hand-plus-starter combinations
    "cribbage.crib-pairs": 2,  # stats --crib-pairs: the model opponents
    "cribbage.discard": 0,     # discard --opponent model / --pegging: the sampled opponents
    "cribbage.win-deck": 3,    # discard --score: the cards of the games played out
    "cribbage.win-play": 4,    # discard --score: the players' random choices in them
    "cribbage.play-advice": 5,  # play-advice --samples: the sampled opponent hands
    "cribbage.play-advice-win": 6,  # play-advice --score: the opponent's and the crib's cards, the later deals
    "cribbage.play-advice-play": 8,  # play-advice --score: the players' random choices in the later deals
    "cribbage.report-hands": 5,  # cribbage report: the sampled six-card hands of the discard sections
    "cribbage.report-deals": 6,  # cribbage report: the deals of the pegging section
    "cribbage.bot": 9,         # the page's coached game: the search player's sampled discards and worlds
    # Basra
    "basra.deals": 20,         # simulate and duel: the decks of the deals
    "basra.deal-players": 21,  # ... and the players' random choices in them
    "basra.games": 22,         # simulate and duel: the decks of the games to 101
    "basra.game-players": 23,  # ... and the players' random choices in them
    "basra.replay-deck": 24,   # replay: the deck
    "basra.replay-players": 25,  # replay: the players' random choices
    "basra.advise": 30,        # advise: the sampled worlds
}

#: The numbers that several features share, and why each sharing is harmless. Streams need to be
#: independent only within one computation (one command run, one API call): two features may share
#: a number when no computation draws from both with the same seed. Each game's features are
#: separate commands; no computation spans two games, so sharing across games never matters.
#: Known exception, kept so that no output changes: ``jass-sim report`` draws both ``jass.duel``
#: (its player table) and ``jass.meld-deals`` (its per-deal meld figures) from stream 1, and with
#: ``--meld-hands`` both ``jass.deals`` (the human comparison) and ``jass.meld-hands`` from stream
#: 0, with the report's one seed: those sections may see the same deals. Each section's figures are
#: still right; only their sampling errors are correlated between the two sections.
SHARED_STREAMS = {
    0: ("jass.deals", "jass.replay", "jass.meld-hands", "cribbage.deck", "cribbage.stats", "cribbage.discard"),
    1: ("jass.duel", "jass.meld-deals", "cribbage.play"),
    3: ("jass.game", "cribbage.win-deck"),
    5: ("cribbage.play-advice", "cribbage.report-hands"),  # two separate commands
    6: ("cribbage.play-advice-win", "cribbage.report-deals"),  # two separate commands
    7: ("jass.advise", "jass.selfplay"),        # self-play is a training run, never with advise
    11: ("jass.games", "jass.play-advice", "jass.report-hands"),  # three separate commands
    12: ("jass.report-cards", "jass.equity"),   # the report computes no equity table
}


def check_seed(seed) -> int:
    """``seed`` as an int if it is an integer 0 .. :data:`MAX_SEED`; else an InputError naming it."""
    from jass_sim.core.errors import InputError

    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) <= MAX_SEED:
        raise InputError(f"invalid seed {seed!r} (a seed is an integer 0..2**63-1)", str(seed))
    return int(seed)


def block_states(seed: int, first_block: int, n_blocks: int, stream: int = 0) -> np.ndarray:
    """Generator states (``uint64[n_blocks, 4]``) of blocks ``first_block ...``.

    Block ``b`` of stream ``stream`` is seeded by ``SeedSequence(seed, spawn_key=(stream, b))``.
    """
    seed = check_seed(seed)
    if n_blocks > 1 << 20:  # the states of more than a billion samples: make sure they fit
        from jass_sim.core.resources import check_memory

        check_memory(n_blocks * 32, f"the random-number states of {n_blocks * BLOCK_SIZE} samples",
                     str(n_blocks * BLOCK_SIZE))
    states = np.empty((n_blocks, 4), dtype=np.uint64)
    for i in range(n_blocks):
        ss = np.random.SeedSequence(seed, spawn_key=(int(stream), first_block + i))
        states[i] = ss.generate_state(4, dtype=np.uint64)
        if not states[i].any():  # xoshiro's one forbidden state
            states[i, 0] = 1
    return states


@jit(inline="always")
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@jit(inline="always")
def next_u64(state):
    """Next 64 random bits of the xoshiro256** stream ``state`` (``uint64[4]``, updated)."""
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    return result


@jit(inline="always")
def below(state, n):
    """A random integer in ``[0, n)`` for ``1 <= n <= 2**32`` (multiply-shift on 32 bits;
    the bias, below n / 2**32, is far under any sampling error here)."""
    return np.int64(((next_u64(state) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


_LOW32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


@jit(inline="always")
def shuffle(state, cards, n):
    """Shuffle ``cards[:n]`` uniformly in place (Fisher-Yates, two 32-bit draws per 64 bits)."""
    i = n - 1
    while i > 0:
        r = next_u64(state)
        j = np.int64(((r & _LOW32) * np.uint64(i + 1)) >> _S32)
        cards[i], cards[j] = cards[j], cards[i]
        i -= 1
        if i > 0:
            j = np.int64(((r >> _S32) * np.uint64(i + 1)) >> _S32)
            cards[i], cards[j] = cards[j], cards[i]
            i -= 1
