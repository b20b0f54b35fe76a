"""The Chibre API, continued: ``jass_sim.play_advice`` and ``jass_sim.review``."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from jass_sim.core.result import Result
from jass_sim.jass.arg_kinds import api_args

if TYPE_CHECKING:  # the result classes, for the annotations only
    from jass_sim.jass.play.advice import PlayAdvice
    from jass_sim.jass.play.review import Review


def parse_melds(melds) -> dict[int, list[int]]:
    """``"1: D7 D8 D9; 3: HJ SJ DJ CJ"`` (or ``{1: "D7 D8 D9"}``) -> ``{1: [...], 3: [...]}``
    (seat, then the cards it showed)."""
    from jass_sim.core.errors import InputError
    from jass_sim.jass.cards import parse_cards

    if isinstance(melds, dict):
        return {int(seat): parse_cards(cards) if isinstance(cards, str) else list(cards)
                for seat, cards in melds.items()}
    shown: dict[int, list[int]] = {}
    for part in [p for p in (melds or "").split(";") if p.strip()]:
        seat_text, sep, cards = part.partition(":")
        if not sep or seat_text.strip() not in ("0", "1", "2", "3"):
            raise InputError(f"--melds entries look like '1: D7 D8 D9' (a seat 0..3, a colon, the cards), "
                             f"got {part.strip()!r}", part.strip())
        shown.setdefault(int(seat_text), []).extend(parse_cards(cards))
    return shown


@api_args(hands="hands", chooser="whole")
def play_advice(hand: str | None = None, *, mode: str, hands=None, rules: str = "chibre", leader: int = 0,
                chooser: int | None = None, chibred: bool = False, played: str = "", melds=None,
                policy: str | None = None, samples: int | None = None, ci: float | None = None,
                max_samples: int = 100_000, seed: int = 0, threads: int | None = None,
                progress=None, search_worlds: int | None = None) -> PlayAdvice:
    """Which card should seat 0 play now? (``jass-sim play-advice``)

    Every legal card is played out on the same sampled worlds consistent with what seat 0 has
    seen (paired), the last tricks solved exactly. Wraps the parallel kernel
    :func:`jass_sim.jass.play._kernels.play_advice_blocks` (through
    :func:`jass_sim.jass.play.advice.play_advice`).

    Parameters
    ----------
    hand : str
        The nine cards seat 0 was dealt.
    mode : str
        ``H``, ``D``, ``S``, ``C``, ``OBE`` or ``UNE``.
    hands : str, optional
        All four dealt hands instead (``"...;...;...;..."``, seat 0 first): the true deal, no sampling.
    leader, chooser, chibred :
        Who led the first trick, who chose the mode, and whether the leader chibred.
    played : str
        Every card played so far, in order.
    melds : str or dict, optional
        Meld cards shown, ``"1: D7 D8 D9; 2: HJ SJ DJ CJ"``.
    policy : str, optional
        Card play in the play-outs: ``net`` (the default), ``search`` (slow), ``heuristic``,
        ``random``, ``dd``, ``pimc``.
    samples, ci, max_samples, seed, threads, progress, search_worlds :
        As for :func:`jass_sim.advise` (default 4,000 worlds; 1 with ``hands``).
    """
    from jass_sim.core.errors import InputError
    from jass_sim.jass.cards import mode_option, parse_cards, parse_hands
    from jass_sim.jass.play.advice import play_advice as run
    from jass_sim.jass.play.position import build_position
    from jass_sim.jass.players import check_solver_options, policy_params
    from jass_sim.jass.rules import get_rules

    params = policy_params(search_worlds=search_worlds)
    check_solver_options([policy or "net"], search_worlds=search_worlds)
    four_points = get_rules(rules).four_points
    mode_number = mode_option(mode, allow_auto=False)
    all_hands = None
    if hands is not None:
        texts = hands.split(";")
        if len(texts) != 4:
            raise InputError(f'--hands needs four hands separated by ";", got {len(texts)}: {hands!r}', hands)
        all_hands = parse_hands(texts)
        if hand is not None and set(parse_cards(hand, count=9)) != set(all_hands[0]):
            raise InputError("--hand and seat 0 of --hands differ", hand)
        my_hand = all_hands[0]
    elif hand is None:
        raise InputError("give seat 0's cards with --hand (or all four hands with --hands)", "--hand")
    else:
        my_hand = parse_cards(hand, count=9)
    pos = build_position(my_hand, mode_number, leader, parse_cards(played, count=None, unique=False),
                         parse_melds(melds), chooser=chooser, chibred=chibred, hands=all_hands,
                         four_points=four_points)
    return run(pos, rules, policy, samples, ci, max_samples, seed, threads, known_hands=all_hands is not None,
               progress=progress, params=params)


@api_args()
def review(round, *, seat: int | None = None, team: int | None = None, policy: str | None = None,
           samples: int | None = None, rate_mode: bool = True, seed: int = 0, threads: int | None = None,
           progress=None, search_worlds: int | None = None) -> Review:
    """Rate every decision of a seat (or a team) in a played round (``jass-sim review``).

    Each card decision is valued like :func:`play_advice` on the seat's view at the time, the
    mode choice like :func:`jass_sim.advise`; with all hands known, also in hindsight (double
    dummy). Wraps the parallel kernels :func:`jass_sim.jass.play._kernels.play_advice_blocks`
    and :func:`jass_sim.jass.advise.sampling.advise_blocks` (through :func:`jass_sim.jass.play.review.review`).

    Parameters
    ----------
    round : str, os.PathLike, dict or Round
        A round file (the text round format or ``replay`` JSON), a :func:`jass_sim.replay` result,
        the ``replay --format json`` document as a dict, or the text of a round file (a string
        with a line break).
    seat, team : int, optional
        Review this seat (default 0), or both seats of team 0 (seats 0, 2) or 1 (seats 1, 3).
    samples : int, optional
        Worlds per card decision (and deals for the mode choice), at least 2.
    search_worlds : int, optional
        Worlds per decision of the ``search`` player, with ``policy="search"``.
    rate_mode : bool
        Also rate the mode choice.
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick` (``done`` and ``target`` count the
        decisions) at least every half second; raise :class:`~jass_sim.core.errors.Cancelled` in it
        to stop.
    """
    import json

    from jass_sim.core.errors import InputError
    from jass_sim.jass.play.review import review as run
    from jass_sim.jass.play.round_file import parse_round_json, parse_round_text, read_round

    if seat is not None and team is not None:
        raise InputError("give --seat or --team, not both", "--team")
    if team is not None and team not in (0, 1):
        raise InputError(f"--team must be 0 or 1, got {team}", str(team))
    if seat is not None and not 0 <= seat <= 3:
        raise InputError(f"--seat must be 0..3, got {seat}", str(seat))
    if samples is not None and samples < 2:
        raise InputError(f"--samples must be at least 2, got {samples}", str(samples))
    from jass_sim.jass.players import check_solver_options, policy_params

    policy_params(search_worlds=search_worlds)  # a bad value first, then one that does not apply
    check_solver_options([policy or "net"], search_worlds=search_worlds)
    seats = [team, team + 2] if team is not None else [seat or 0]
    try:
        if isinstance(round, Result):
            r = parse_round_json(json.dumps(round.to_json()), "the replayed round")
        elif isinstance(round, dict):
            r = parse_round_json(json.dumps(round), "the round")
        elif isinstance(round, str) and ("\n" in round or round.lstrip().startswith("{")):
            r = parse_round_text(round, "the round") if not round.lstrip().startswith("{") \
                else parse_round_json(round, "the round")
        else:
            r = read_round(os.fspath(round))
    except InputError as exc:
        exc.field = "round"  # a line of the round: a server shows the error next to the round
        raise
    return run(r, seats, policy, samples, seed, threads, review_mode=rate_mode, progress=progress,
               search_worlds=search_worlds)
