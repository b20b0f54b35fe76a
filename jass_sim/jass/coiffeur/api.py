"""The Coiffeur API: :func:`coiffeur_advise` (and the value table, :func:`category_values`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jass_sim.jass.coiffeur.advice import CoiffeurAdvice


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
