"""The Chibre API: ``jass_sim.advise``, ``simulate``, ``duel``, ``melds``, ``solve``, ``replay``,
``report``, ``play_advice``, ``review`` and ``choose_card``.

Every function checks its input (an :class:`~jass_sim.jass.cards.InputError`, a ``ValueError``,
whose message is the line the command line prints), calls the analysis function that wraps the
compiled kernel, and returns a result whose ``to_json()`` is the command's ``--format json``
document. The commands of :mod:`jass_sim.cli` call these functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jass_sim.core.lazy import lazy_exports
from jass_sim.jass.arg_kinds import api_args
from jass_sim.jass.players import DEFAULT_CHOOSER

if TYPE_CHECKING:  # the result classes, for the annotations only (imported on first use)
    from jass_sim.core.report.write import ReportFiles
    from jass_sim.jass.advise.advice import Advice
    from jass_sim.jass.engine.replay import Round
    from jass_sim.jass.melds.result import Melds
    from jass_sim.jass.simulate.duel import Duel
    from jass_sim.jass.simulate.tables import Simulation
    from jass_sim.jass.solver.solution import Solution

__all__ = ["advise", "simulate", "duel", "melds", "solve", "replay", "report", "play_advice", "review", "choose_card"]

# The result classes live with their features; importable from here too, loaded on first use.
__getattr__ = lazy_exports(__name__, {
    "ReportFiles": "jass_sim.core.report.write", "Advice": "jass_sim.jass.advise.advice", "Simulation": "jass_sim.jass.simulate.tables",
    "Duel": "jass_sim.jass.simulate.duel", "Melds": "jass_sim.jass.melds.result",
    "Solution": "jass_sim.jass.solver.solution", "Round": "jass_sim.jass.engine.replay",
    "PlayAdvice": "jass_sim.jass.play.advice", "Review": "jass_sim.jass.play.review"})


@api_args(hand="cards_or_numbers")
def advise(hand, *, rules: str = "chibre", policy: str | None = None, partner_model: str = DEFAULT_CHOOSER,
           samples: int | None = None, ci: float | None = None, max_samples: int = 200_000,
           chibred: bool = False, options: str | None = None, seed: int = 0, threads: int | None = None,
           progress=None, score: str | None = None, search_worlds: int | None = None) -> Advice:
    """Should the chooser (seat 0) choose trump, which one, or chibre? (``jass-sim advise``)

    Every option is played on the same sampled deals with the same random numbers (paired), so
    the 95% CIs of the differences between options are narrow. Wraps the parallel kernel
    :func:`jass_sim.jass.advise.sampling.advise_blocks` (through :func:`jass_sim.jass.advise.advice.advise`).

    Parameters
    ----------
    hand : str or list of int
        Nine cards, e.g. ``"HJ H9 HA SK SQ D6 C7 C8 CT"``.
    rules : str
        Rule preset: ``chibre``, ``schieber`` or ``pique-double``.
    policy : str, optional
        Card play of all four seats: ``net`` (the default,
        :data:`jass_sim.jass.players.DEFAULT_POLICY`), ``search`` (search over ``net``, slow: about
        50 deals a second), ``heuristic``, ``dd``, ``pimc`` or ``random``.
    partner_model : str
        How the partner chooses after chibre: ``fitted`` (the fitted mode model, the default,
        :data:`jass_sim.jass.players.DEFAULT_CHOOSER`), ``evaluator`` (the hand evaluator) or
        ``search`` (a small Monte Carlo of its own per mode).
    samples : int, optional
        Sampled deals (default 4,000); not with ``ci``.
    ci : float, optional
        Sample in batches until the paired 95% CI of the best option's lead over the runner-up
        has a half-width of at most ``ci`` points (or ``max_samples`` deals).
    chibred : bool
        The partner chibred: no chibre option, the partner leads.
    options : str, optional
        Compare only these options, e.g. ``"H,S,chibre"``.
    seed : int
        Root seed: the same answer on any number of ``threads``.
    progress : callable, optional
        Called at least every half second (one block of 64 deals permitting) with a
        :class:`~jass_sim.core.chunks.Tick`: an ``int``, the deals done, with ``target``,
        ``half_width`` (of the CI of the lead over the runner-up) and ``partial()`` (the
        :class:`Advice` so far); first with 0 once the input is checked. Raise
        :class:`~jass_sim.core.errors.Cancelled` in it to stop: its ``partial`` is then the advice
        from the deals already played. The answer for a seed does not depend on it.
    score : str, optional
        ``"OURS:THEIRS"`` before this round: also rank the options by the probability of winning
        the game (the ``win_probability`` block of ``to_json()``; see the README).
    search_worlds : int, optional
        The most worlds per decision of the ``search`` player (default 64); only with ``policy="search"``.

    Returns
    -------
    Advice
        ``.table``, ``.recommendation``, ``.sentence``, ``.to_json()``, ``.plot()``.

    Raises
    ------
    InputError
        A bad card, rule set, policy, option or sample count.
    """
    from jass_sim.jass.advise.advice import advise as run

    return run(hand, rules, _lower(policy), _lower(partner_model), samples, ci, max_samples, chibred, seed, threads,
               options, progress=progress, score=score, search_worlds=search_worlds)


def _lower(text):
    return text.strip().lower() if isinstance(text, str) else text


@api_args()
def simulate(deals: int, *, rules: str = "chibre", policy: str | None = None, mode: str | None = "auto",
             chooser: str = DEFAULT_CHOOSER, seed: int = 0, pimc_samples: int | None = None,
             horizon: int | str | None = None, search_worlds: int | None = None, threads: int | None = None,
             per_deal: bool = False, progress=None) -> Simulation:
    """Play ``deals`` rounds in parallel (``jass-sim simulate``).

    Seat 0 chooses the mode (``mode``, or by ``chooser`` when ``auto``; ``fitted`` and the evaluator
    may chibre to seat 2) and leads; every seat plays ``policy``. Wraps the parallel kernel
    :func:`jass_sim.jass.engine.batch.run_blocks` (through :func:`jass_sim.jass.simulate.tables.simulate`
    and ``simulate_deals``).

    Parameters
    ----------
    deals : int
        Number of rounds.
    rules, policy : str
        Rule preset and card-play policy (``net``, the default, ``heuristic``, ``random``, ``dd``,
        ``pimc``).
    mode : str
        ``auto``, or ``H``, ``D``, ``S``, ``C``, ``OBE``, ``UNE`` for every round.
    chooser : str
        ``fitted`` (the fitted mode model, the default, :data:`jass_sim.jass.players.DEFAULT_CHOOSER`;
        may chibre), ``evaluator`` (the hand evaluator; may chibre) or ``random``, with ``mode="auto"``.
    pimc_samples, horizon :
        Parameters of the ``pimc`` and ``dd`` players (``horizon`` 1-9 tricks or ``"full"``).
    search_worlds : int, optional
        The most worlds the ``search`` player draws and plays out per decision (default 64).
    seed : int
        Root seed: the same table on any number of ``threads``.
    per_deal : bool
        Return an iterator of DataFrame chunks, one row per deal, instead of the summary (the rows
        of a large run do not fit in memory at once).

    Returns
    -------
    Simulation or iterator of pandas.DataFrame
        A :class:`~jass_sim.jass.simulate.tables.Simulation`: ``table``, the table by chosen mode
        (one row per mode and ``all``, means with 95% CIs) whose ``attrs`` hold the run's
        parameters, ``to_json()`` the ``jass-sim simulate --format json`` document
        (``{**table.attrs, "modes": records}``) and ``str()`` its text. With ``per_deal``, the
        per-deal rows chunk by chunk (the input is checked before the first).
    """
    from jass_sim.jass.cards import mode_option
    from jass_sim.jass.players import (
        DEFAULT_POLICY,
        check_chooser_option,
        check_solver_options,
        policy_params,
        solver_player_json,
    )
    from jass_sim.jass.simulate.tables import Simulation, simulate_deals
    from jass_sim.jass.simulate.tables import simulate as run

    policy = DEFAULT_POLICY if policy is None else policy
    params = policy_params(pimc_samples, horizon, search_worlds)  # a bad value first, then one that does not apply
    check_solver_options([policy], pimc_samples, horizon, search_worlds)
    check_chooser_option(mode, chooser)
    mode_number = mode_option(mode)
    if per_deal:
        return simulate_deals(deals, rules, policy, mode_number, seed, threads, chooser, progress, params)
    table = run(deals, rules, policy, mode_number, seed, threads, chooser, progress, params)
    table.attrs.update({"deals": deals, "rules": rules, "policy": policy, "mode": "auto" if mode is None else mode,
                        "chooser": chooser, "seed": seed, **solver_player_json(params)})
    return Simulation(table)


@api_args()
def duel(team_a: str, team_b: str, deals: int, *, rules: str = "chibre", chooser: str = DEFAULT_CHOOSER,
         seed: int = 0, pimc_samples: int | None = None, horizon: int | str | None = None,
         search_worlds: int | None = None, threads: int | None = None, progress=None) -> Duel:
    """Policy ``team_a`` against ``team_b`` on duplicate deals (``jass-sim duel``).

    Each deal is played twice with the teams' seats swapped, so card luck cancels. Wraps the
    parallel kernel :func:`jass_sim.jass.engine.batch.run_blocks` (through
    :func:`jass_sim.jass.simulate.duel.duel`).

    Parameters
    ----------
    team_a, team_b : str
        Card-play policies (``random``, ``heuristic``, ``net``, ``dd``, ``pimc``).
    deals : int
        Duplicate deals (each played twice).
    rules, chooser, seed, pimc_samples, horizon, search_worlds, threads :
        As for :func:`simulate`.

    Returns
    -------
    Duel
        A's mean point difference per round with its 95% CI, and A's win rate.
    """
    from jass_sim.jass.players import check_solver_options, policy_params, solver_player_json
    from jass_sim.jass.simulate.duel import Duel
    from jass_sim.jass.simulate.duel import duel as run

    params = policy_params(pimc_samples, horizon, search_worlds)  # a bad value first, then one that does not apply
    check_solver_options([team_a, team_b], pimc_samples, horizon, search_worlds)
    return Duel(run(team_a, team_b, deals, rules, seed, threads, chooser, progress, params)
                | solver_player_json(params))


@api_args(hands="whole")
def melds(*, rules: str = "chibre", hands: int | None = None, exact: bool = False, deals: int = 1_000_000,
          seed: int = 0, mode: str = "H", threads: int | None = None) -> Melds:
    """How often each meld is announced per hand, and who wins the melds per deal (``jass-sim melds``).

    Wraps the kernels of :mod:`jass_sim.jass.melds._kernels` (``exact_hands`` or
    ``sampled_hands``, and ``sampled_deals``) through :func:`jass_sim.jass.melds.stats.meld_stats`.

    Parameters
    ----------
    rules : str
        ``chibre`` or ``schieber``.
    hands : int, optional
        Sampled hands for the per-hand figures (default 1,000,000); not with ``exact``.
    exact : bool
        Count all 94,143,280 hands instead.
    deals : int
        Sampled deals for the per-deal figures.
    seed : int
        Seed of the samples (the same figures on any number of threads).
    mode : str
        Trump of stöck and mode of the meld comparison.
    """
    from jass_sim.jass.melds.result import Melds
    from jass_sim.jass.melds.stats import meld_stats

    return Melds(meld_stats(rules=rules, hands=hands, exact=exact, deals=deals, seed=seed, mode=mode,
                            threads=threads))


@api_args(hands="hands")
def solve(hands, mode: str, leader: int = 0) -> Solution:
    """Double dummy: the points each team makes when all four hands are known and everyone plays
    perfectly, and the value of each legal lead (``jass-sim solve``).

    Wraps the alpha-beta search kernel of :mod:`jass_sim.jass.solver._search` through
    :class:`jass_sim.jass.solver.Solver`.

    Parameters
    ----------
    hands : str or sequence of four
        ``"H6,HA,DT;...;...;..."`` (seat 0 first), or four card texts or card lists, all the
        same size (1 to 9 cards; with 9 each the match bonus is at stake).
    mode : str
        ``H``, ``D``, ``S``, ``C``, ``OBE`` or ``UNE``.
    leader : int
        The seat (0..3) that leads.
    """
    from jass_sim.core.errors import InputError
    from jass_sim.jass.cards import HAND_SIZE, mode_option, parse_hands
    from jass_sim.jass.solver import Solver
    from jass_sim.jass.solver.solution import Solution

    mode_number = mode_option(mode, allow_auto=False)
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader <= 3:
        raise InputError(f"--leader must be a seat 0..3, got {leader}", str(leader))
    texts = hands.split(";") if isinstance(hands, str) else list(hands)
    if len(texts) != 4:
        raise InputError(f'--hands needs four hands separated by ";", got {len(texts)}: {str(hands)!r}', str(hands))
    hand_lists = parse_hands([t if isinstance(t, str) else " ".join(map(_card_text, t)) for t in texts], count=None)
    sizes = [len(h) for h in hand_lists]
    if len(set(sizes)) != 1 or not 1 <= sizes[0] <= HAND_SIZE:
        raise InputError(f"the four hands must have the same size, 1 to 9 cards; got "
                         f"{'/'.join(map(str, sizes))}", "/".join(map(str, sizes)))
    result = Solver(log2_tt=20).solve(hand_lists, mode_number, leader)
    return Solution(result, hand_lists, mode_number, leader)


def _card_text(card) -> str:
    from jass_sim.jass.cards import format_card

    return card if isinstance(card, str) else format_card(int(card))


@api_args()
def replay(seed: int, *, mode: str | None = "auto", rules: str = "chibre", policy: str | None = None,
           chooser: str = DEFAULT_CHOOSER, pimc_samples: int | None = None, horizon: int | str | None = None,
           search_worlds: int | None = None) -> Round:
    """Deal one round from ``seed``, play it out and record it (``jass-sim replay``).

    Wraps the round kernel :func:`jass_sim.jass.engine.round.first_round` (through
    :func:`jass_sim.jass.engine.replay.replay_round`).

    Parameters
    ----------
    seed : int
        Seed of the deal (and of the random players).
    mode : str
        ``auto`` (the chooser picks) or ``H``, ``D``, ``S``, ``C``, ``OBE``, ``UNE``; under
        ``rules="coiffeur"`` (or ``coiffeur-10``) also ``SLALOM-OBE``, ``SLALOM-UNE``,
        ``GUSCHTI-OBE``, ``GUSCHTI-UNE``, ``MISERE-OBE``, ``MISERE-UNE``, ``MISERE-SLALOM`` and the
        3x3 ``TRIO-<trump>-<order>`` (``TRIO-H-UNE-OBE``; :mod:`jass_sim.jass.rules.round_modes`).
    rules, policy, chooser, pimc_samples, horizon, search_worlds :
        As for :func:`simulate` (card play ``net`` and the ``fitted`` mode choice by default). The
        JSON echoes them (``policy``, ``mode_chooser``, ``seed``, ``pimc_samples``, ``horizon``,
        ``search_worlds``).
    """
    from jass_sim.jass.engine.replay import Round, replay_round
    from jass_sim.jass.players import (
        DEFAULT_POLICY,
        check_chooser_option,
        check_solver_options,
        policy_params,
        solver_player_json,
    )

    policy = DEFAULT_POLICY if policy is None else policy  # an unknown name is reported as given
    params = policy_params(pimc_samples, horizon, search_worlds)  # a bad value first, then one that does not apply
    check_solver_options([policy], pimc_samples, horizon, search_worlds)
    check_chooser_option(mode, chooser)
    record = replay_round(seed, rules, _round_mode_option(mode, rules), policy, params, chooser=chooser)
    record.settings = {"policy": _lower(policy), "mode_chooser": _lower(chooser), "seed": seed, **solver_player_json(params)}
    return Round(record)


@api_args(players="names", quick="flag", checkpoint="path")
def report(output: str, *, rules: str = "chibre", deals: int | None = None, seed: int = 0,
           samples_per_hand: int | None = None, policy: str | None = None, players=None,
           meld_hands: int | None = None, threads: int | None = None, progress=None,
           quick: bool = False, checkpoint: str | None = None) -> ReportFiles:
    """Write a strategy report (``index.md``, ``index.html``, PNG plots, CSV tables) to the
    directory ``output`` (``jass-sim report``).

    Wraps the kernels of every section through :func:`jass_sim.jass.report.write.report`: the batch
    runner :func:`jass_sim.jass.engine.batch.run_blocks`, the advise kernel
    :func:`jass_sim.jass.advise.sampling.advise_blocks` and the meld kernels.

    Parameters
    ----------
    output : str
        The report directory (created, or replaced whole if it holds a report).
    deals : int, optional
        The budget per section (see ``jass-sim report --help``; default 1,000,000, with ``quick``
        16,384).
    samples_per_hand : int, optional
        Deals per hand of the mode-choice sections (default 128, with ``quick`` 64).
    policy : str, optional
        Card play of every seat in sections 1-3 (default ``net``).
    players : str or list of str, optional
        Policies compared in the player-strength section (default: all).
    progress : callable, optional
        Called with the label of each section as it starts.
    quick : bool
        The same sections with smaller samples (``jass-sim report --quick``: a few minutes on two
        cores once the kernels are compiled); sizes given explicitly still apply.
    checkpoint : str, optional
        A directory where finished sections (and each first-lead and smearing position) are saved
        as they finish; the same call with the same directory resumes there and writes the same
        report (a directory of other parameters or other code is refused).
    """
    from jass_sim.core.report.write import ReportFiles
    from jass_sim.jass.report.write import report as run

    rep = run(output, rules=rules, deals=deals, seed=seed, samples_per_hand=samples_per_hand, policy=policy,
              players=players, meld_hands=meld_hands, threads=threads, progress=progress, quick=quick,
              checkpoint=checkpoint)
    return ReportFiles(output, rep)


from jass_sim.jass.play.api import play_advice, review  # noqa: E402, F401  (split for size)
from jass_sim.jass.play.choose import choose_card  # noqa: E402, F401


def _round_mode_option(value: str | None, rules) -> int | None:
    """``replay``'s ``--mode``: None for ``auto``, else a chibre mode, or under rules with new round
    modes (the Coiffeur presets) a round mode (:func:`~jass_sim.jass.rules.round_modes.parse_round_mode`,
    whose error line names them; the chibre presets keep ``--mode``'s line)."""
    from jass_sim.core.errors import InputError
    from jass_sim.jass.cards import mode_option
    from jass_sim.jass.rules.presets import ROUND_PRESETS, get_rules
    from jass_sim.jass.rules.round_modes import parse_round_mode

    try:
        round_modes = get_rules(rules, ROUND_PRESETS).round_modes
    except InputError:
        round_modes = ()  # the rules' own error line comes after the mode's, as before issue 53
    if not round_modes or value is None or value.strip().lower() == "auto":
        try:
            return mode_option(value)
        except InputError:
            if round_modes or not _is_round_mode(value):
                raise
        # a Coiffeur round mode under a chibre preset: say which rules play it, not just "unknown mode"
        raise InputError(f"--mode {value!r} is a Coiffeur round mode: it needs --rules coiffeur or coiffeur-10 "
                         f"(the chibre presets play H, D, S, C, OBE or UNE)", value) from None
    return parse_round_mode(value)


def _is_round_mode(value: str) -> bool:
    """Whether ``value`` names one of the Coiffeur presets' round modes (Slalom, Guschti, Misère, 3x3)."""
    from jass_sim.core.errors import InputError
    from jass_sim.jass.rules.round_modes import parse_round_mode

    try:
        parse_round_mode(value)
    except InputError:
        return False
    return True
