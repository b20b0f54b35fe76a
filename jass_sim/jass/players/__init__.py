"""Card-play policies, selectable by name.

Each policy is a compiled function of the table as its player sees it; ``choose_card`` in
:mod:`.dispatch` calls the one selected by its number. To add a policy: write its kernel in a
module here, give it a row (name, number, description) in :data:`PLAYERS` and a branch in
``dispatch.choose_card``.

This module is read when ``jass-sim`` starts (the game's registry, :mod:`jass_sim.jass.descriptor`),
so it imports numpy only inside :func:`policy_params`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jass_sim.core.errors import InputError
from jass_sim.core.players import Player, PlayerRegistry

if TYPE_CHECKING:
    import numpy as np

#: The card-play policies and their numbers in the kernels (``PLAYERS.code("net")`` is 4).
PLAYERS = PlayerRegistry("policy", (
    Player("random", 0, "a uniformly random legal card"),
    Player("heuristic", 1, "rule-based: pulls trumps, cashes masters, smears points to a winning partner"),
    Player("dd", 2, "sees all four hands and plays a card of best double-dummy value"),
    Player("pimc", 3, "perfect-information Monte Carlo: solves sampled deals of the unseen cards"),
    Player("net", 4, "a small neural network distilled from search"),
    Player("search", 5, "searches sampled worlds, weighted by how likely net finds the cards played, with net play-outs"),
))

#: The card play of ``advise``, ``play-advice``, ``review`` and ``report`` when no policy is given:
#: the learned ``net`` player (stronger than ``pimc`` and ~6x slower than ``heuristic``; see
#: benchmarks/RESULTS.md). ``simulate``, ``duel`` and ``batch`` still default to ``heuristic``.
DEFAULT_POLICY = "net"

#: The mode choice wherever a chooser is implied (``--chooser``, ``--chooser-a``/``-b``, ``advise
#: --partner-model``, the equity tables): the ``fitted`` mode model (``jass_sim.jass.modes``), which
#: picks the hand's best option far more often than the hand ``evaluator`` (benchmarks/RESULTS.md).
DEFAULT_CHOOSER = "fitted"


#: Most tricks a horizon can look ahead (a round has 9).
MAX_HORIZON = 9
#: Most worlds the ``search`` player may draw per decision.
MAX_SEARCH_WORLDS = 4096


def check_solver_options(policies, pimc_samples=None, horizon=None, search_worlds=None) -> None:
    """Refuse ``--pimc-samples`` when no seat plays ``pimc``, ``--horizon`` when none plays ``dd``
    or ``pimc`` and ``--search-worlds`` when none plays ``search`` (InputError): the option would
    be dropped without a word."""
    from jass_sim.core.errors import InputError

    names = {str(p).strip().lower() for p in policies}
    if pimc_samples is not None and "pimc" not in names:
        raise InputError(f"--pimc-samples {pimc_samples} applies only to the pimc player, and no seat plays pimc "
                         f"({', '.join(sorted(names))})", "--pimc-samples")
    if horizon is not None and not names & {"dd", "pimc"}:
        raise InputError(f"--horizon {horizon} applies only to the dd and pimc players, and no seat plays them "
                         f"({', '.join(sorted(names))})", "--horizon")
    if search_worlds is not None and "search" not in names:
        raise InputError(f"--search-worlds {search_worlds} applies only to the search player, and no seat plays "
                         f"search ({', '.join(sorted(names))})", "--search-worlds")


def check_chooser_option(mode, chooser: str, default: str = DEFAULT_CHOOSER) -> None:
    """Refuse a mode choice (``--chooser``) other than the default with a fixed ``--mode``: nobody
    chooses, so it would be dropped without a word."""
    from jass_sim.core.errors import InputError

    fixed = mode is not None and str(mode).strip().lower() != "auto"
    if fixed and chooser is not None and str(chooser).strip().lower() != default:
        raise InputError(f"--chooser {chooser} applies only with --mode auto (the mode is fixed to {mode})",
                         "--chooser")


def policy_params(pimc_samples: int | None = None, horizon: int | str | None = None,
                  search_worlds: int | None = None, belief_temperature: float | None = None,
                  search_confidence: float | None = None, search_first_worlds: int | None = None) -> np.ndarray:
    """The ``params`` array the kernels pass to every seat's policy (read by ``dd`` and ``pimc``).

    Parameters
    ----------
    pimc_samples : int, optional
        Deals of the unseen cards that ``pimc`` samples and solves per decision (default 8).
    horizon : int or "full", optional
        Tricks that ``dd`` and ``pimc`` solve ahead before the last ones (default 3); ``"full"``
        solves every decision to the end of the round (exact, and slow in the first tricks).
    search_worlds : int, optional
        The most worlds the ``search`` player draws and plays out per decision (default 64;
        fewer when its choice is settled early, see ``search_first_worlds``).
    belief_temperature : float, optional
        The ``search`` player's belief temperature in points (default: no belief weighting,
        every world counts the same; 1, the temperature that played best, turns it on; 0 or
        ``inf`` is off). See :mod:`.belief` and :mod:`.net_search`.
    search_confidence : float, optional
        Standard errors by which the ``search`` player's best card must beat net's own card to be
        played instead (default 1; 0 plays the best mean whatever its margin). See :mod:`.net_search`.
    search_first_worlds : int, optional
        Worlds of the ``search`` player's first batch at a decision (default: a quarter of
        ``search_worlds``); it draws more, doubling, up to ``search_worlds`` while its choice is
        not settled. 0 draws all ``search_worlds`` at once. See :mod:`.net_search`.

    Returns
    -------
    numpy.ndarray
        ``float64``: ``(samples, horizon, 0, worlds, temperature, confidence, first worlds)``, 0
        for a default, -1 for a full horizon (see :mod:`jass_sim.jass.players.search`), a negative
        temperature for no belief weighting, a negative confidence for none and negative first
        worlds for all at once (:mod:`.net_search`), the rest of the header, then the ``net``
        policy's weights (see :func:`jass_sim.jass.players.net.pack_params`). Raises
        InputError naming a bad value.
    """
    import numpy as np

    from jass_sim.jass.players.net import pack_params

    samples = 0
    if pimc_samples is not None:
        if not 1 <= pimc_samples <= 10_000:
            raise InputError(f"--pimc-samples must be from 1 to 10000, got {pimc_samples}", str(pimc_samples))
        samples = pimc_samples
    depth = 0
    if horizon is not None:
        token = str(horizon).strip().lower()
        if token == "full":
            depth = -1
        elif token.isascii() and token.isdigit() and 1 <= int(token) <= MAX_HORIZON:
            depth = int(token)
        else:
            raise InputError(f"--horizon must be a number of tricks from 1 to {MAX_HORIZON} or 'full', "
                             f"got {horizon!r}", str(horizon))
    worlds = 0
    if search_worlds is not None:
        if not 1 <= search_worlds <= MAX_SEARCH_WORLDS:
            raise InputError(f"--search-worlds must be from 1 to {MAX_SEARCH_WORLDS}, got {search_worlds}",
                             str(search_worlds))
        worlds = search_worlds
    temperature = 0.0
    if belief_temperature is not None:
        if not belief_temperature >= 0:  # also refuses NaN
            raise InputError(f"belief_temperature must be 0 (off) or positive, got {belief_temperature}",
                             str(belief_temperature))
        temperature = -1.0 if belief_temperature == 0 or np.isinf(belief_temperature) else float(belief_temperature)
    confidence = 0.0
    if search_confidence is not None:
        if not search_confidence >= 0:
            raise InputError(f"the search confidence must be 0 or positive, got {search_confidence}",
                             str(search_confidence))
        confidence = -1.0 if search_confidence == 0 else float(search_confidence)
    first = 0
    if search_first_worlds is not None:
        if not 0 <= search_first_worlds <= MAX_SEARCH_WORLDS:
            raise InputError(f"the search's first worlds must be from 0 to {MAX_SEARCH_WORLDS}, "
                             f"got {search_first_worlds}", str(search_first_worlds))
        first = -1 if search_first_worlds == 0 else search_first_worlds
    return pack_params(np.array([samples, depth, 0, worlds, temperature, confidence, first], dtype=np.float64))


def solver_player_json(params) -> dict:
    """``{"pimc_samples": n, "horizon": n | "full", "search_worlds": n}`` of a ``policy_params``
    array for the JSON outputs (null where the player's default was used)."""
    samples, horizon, worlds = int(params[0]), int(params[1]), int(params[3])
    return {"pimc_samples": samples or None, "horizon": "full" if horizon < 0 else (horizon or None),
            "search_worlds": worlds or None}
