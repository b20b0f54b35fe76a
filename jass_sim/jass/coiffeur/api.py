"""The Coiffeur API: :func:`coiffeur_advise`; whole matches: :func:`coiffeur_replay`,
:func:`coiffeur_simulate` and :func:`coiffeur_games`; the report: :func:`coiffeur_report`; the facade
:mod:`jass_sim.coiffeur` names them ``advise``, ``replay``, ``simulate``, ``games`` and ``report``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jass_sim.jass.arg_kinds import api_args

if TYPE_CHECKING:
    from jass_sim.core.report.write import ReportFiles
    from jass_sim.jass.coiffeur.advice import CoiffeurAdvice
    from jass_sim.jass.coiffeur.match_run import CoiffeurGames, CoiffeurMatch, CoiffeurMatches


@api_args(ours_open="name", theirs_open="name", passed="whole0", forced="flag", categories="name")
def coiffeur_advise(hand, ours_open: str, theirs_open: str, *, score: str | None = None, passed: int = 0,
                    forced: bool = False, rules: str = "coiffeur", categories: str | None = None,
                    policy: str | None = None, samples: int | None = None, ci: float | None = None,
                    seed: int = 0, threads: int | None = None, progress=None) -> "CoiffeurAdvice":
    """Take a Coiffeur category now, which one, or pass: each open category's points for ``hand``
    on the same sampled deals, and its plan value over the rest of the match.

    Parameters
    ----------
    hand : str or list of int
        Nine distinct cards, e.g. ``"HJ H9 HA SK SQ D6 C7 C8 CT"``.
    ours_open, theirs_open : str
        The teams' open categories, e.g. ``"S,C,OBE,JOKER"`` (``"-"``: none).
    score : str, optional
        ``US:THEM``, the totals so far: the plan values then include the current lead.
    passed : int
        How many players passed before the adviser in this round (0-3).
    forced : bool
        The adviser must take ("im Fass"): all passed and it came back, or the partner passed to it.
    rules : str
        ``coiffeur`` (default) or ``coiffeur-10``.
    categories : str, optional
        Replace the preset's multiplier table, e.g. ``"S:1,C:2,D:3,H:4,OBE:5,UNE:6,JOKER:7,JOKER:8"``.
    policy : str, optional
        The card player of the sampled rounds (default ``net``).
    samples : int, optional
        Sampled deals (default 2048); or ``ci``: until every category's half-width is at most ``ci`` points.
    seed : int
        Root seed: the same answer on any number of ``threads``.
    progress : callable, optional
        Called with :class:`~jass_sim.core.chunks.Tick` between kernel calls.

    Returns
    -------
    CoiffeurAdvice
        ``to_json()``: ``options`` (category, multiplier, form, points, points_x, ci95, plan_value,
        ci95_plan), ``pass`` (or None), ``recommendation`` and ``sentence``.

    Examples
    --------
    >>> from jass_sim.jass.coiffeur.api import coiffeur_advise
    >>> a = coiffeur_advise("HJ H9 HA HK SQ D6 C7 C8 CT", "S,H,OBE,JOKER", "S,C,D,H,OBE,UNE,JOKER,JOKER",
    ...                     samples=256)
    >>> a.recommendation in ("S", "H", "OBE", "JOKER", "pass")
    True
    """
    from jass_sim.jass.coiffeur.advice import coiffeur_advise as run

    return run(hand, ours_open, theirs_open, score=score, passed=passed, forced=forced, rules=rules,
               categories=categories, policy=policy, samples=samples, ci=ci, seed=seed, threads=threads,
               progress=progress)


@api_args(bots="name", categories="name")
def coiffeur_replay(seed: int = 0, *, bots: str = "planning,greedy", rules: str = "coiffeur",
                    categories: str | None = None, policy: str | None = None) -> "CoiffeurMatch":
    """One whole Coiffeur match (match 0 of ``seed``), its sheet round by round.

    Parameters
    ----------
    seed : int
        Root seed of the deals and the card play.
    bots : str
        Team 0's and team 1's choosers, ``"planning,greedy"`` (``planning`` or ``greedy`` each).
    rules, categories, policy
        As :func:`coiffeur_advise` (``policy``: the card play of all four seats, default ``net``).

    Returns
    -------
    CoiffeurMatch
        ``to_json()``: ``rounds`` (first_seat, passed, taker, team, category, multiplier, form,
        forced, points, written, totals, hands, tricks), ``totals``, ``margin``, ``winner`` and
        ``predicted_margin`` (the plan's expected margin of team 0 at the start).
    """
    from jass_sim.jass.coiffeur.match_run import coiffeur_replay as run

    return run(seed=seed, bots=bots, rules=rules, categories=categories, policy=policy)


@api_args(matches="count", categories="name")
def coiffeur_simulate(matches: int = 200, *, seed: int = 0, rules: str = "coiffeur", categories: str | None = None,
                      policy: str | None = None, progress=None) -> "CoiffeurMatches":
    """P(win) of the ``planning`` chooser against ``greedy`` (duplicate pairs: each deal set twice,
    choosers swapped) and of each against itself, on ``matches`` deal sets.

    Parameters
    ----------
    matches : int
        Deal sets (each a whole match's deals); planning vs greedy plays each twice.
    seed : int
        Root seed: the same answer on any machine.
    rules, categories, policy
        As :func:`coiffeur_replay`.
    progress : callable, optional
        Called with the deal sets done.

    Returns
    -------
    CoiffeurMatches
        ``to_json()``: ``matchups`` (matches, wins, win_probability, ci95_win_probability
        (Wilson), mean_margin, ci95_mean_margin) and ``calibration`` (the plan's predicted margin
        against planning vs planning's simulated mean margin).
    """
    from jass_sim.jass.coiffeur.match_run import coiffeur_simulate as run

    return run(matches=matches, seed=seed, rules=rules, categories=categories, policy=policy, progress=progress)


@api_args(matches="count", categories="name")
def coiffeur_games(matches: int = 200, *, seed: int = 0, rules: str = "coiffeur", categories: str | None = None,
                   policy: str | None = None, progress=None) -> "CoiffeurGames":
    """Every match of :func:`coiffeur_simulate` (same arguments), one row each: match-up, deal
    set, team 0's and team 1's chooser, totals and margin."""
    from jass_sim.jass.coiffeur.match_run import coiffeur_games as run

    return run(matches=matches, seed=seed, rules=rules, categories=categories, policy=policy, progress=progress)


@api_args(hands="count", deals="count", matches="count", quick="flag")
def coiffeur_report(output: str, *, hands: int | None = None, deals: int | None = None, matches: int | None = None,
                    seed: int = 0, quick: bool = False, rules: str = "coiffeur", policy: str | None = None,
                    threads: int | None = None, command: str | None = None, progress=None) -> "ReportFiles":
    """Write the Coiffeur report to the directory ``output`` (``jass-sim coiffeur report``): each
    category's value for a random hand, what a hand must hold to take a category early, the order in
    which a planning team fills its categories, how often a team ends "im Fass", Misère hand types
    (``index.md``, ``index.html``, ``tables/*.csv``).

    Parameters
    ----------
    output : str
        The report directory (created, or replaced whole if it holds a report).
    hands, deals, matches : int, optional
        Play-out hands and deals per hand (a multiple of 64) of sections 1 and 5, and whole matches
        of sections 3 and 4 (defaults 512, 64, 2000; with ``quick`` 32, 64, 100).
    seed : int
        Root seed: the same report on any number of threads.
    quick : bool
        The small sizes for any size not given (a look, with wide intervals).
    rules, policy
        As :func:`coiffeur_replay`.
    threads : int, optional
        Threads of the play-outs.
    command : str, optional
        The command line printed in the report.
    progress : callable, optional
        Called with a short message as each section starts.

    Returns
    -------
    jass_sim.core.report.write.ReportFiles
        ``files``: the files written.
    """
    from jass_sim.jass.coiffeur.report_write import coiffeur_report as run

    return run(output, hands=hands, deals=deals, matches=matches, seed=seed, quick=quick, rules=rules,
               policy=policy, threads=threads, command=command, progress=progress)


#: The facade's names (``jass_sim.coiffeur.advise`` etc., as ``jass_sim.differenzler``'s): the same
#: functions, the same docstrings.
advise = coiffeur_advise
replay = coiffeur_replay
simulate = coiffeur_simulate
games = coiffeur_games
report = coiffeur_report
