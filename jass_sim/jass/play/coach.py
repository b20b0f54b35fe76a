"""The table talk of a coached round (the page's "Play with a coach"): the mode a bot picks from its
hand, or its chibre (:func:`choose_mode`), and the melds (Weis) and stöck each seat declares, with the
team whose melds count (:func:`declare_melds`). The same rules as ``replay``: the fitted (or
evaluator) mode model, the announcement with the most points, the best single meld deciding."""

from __future__ import annotations

from dataclasses import dataclass

from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.jass.arg_kinds import api_args
from jass_sim.jass.cards import MODE_NAMES, format_card, mode_option, parse_hands


@dataclass(eq=False, repr=False)
class ChosenMode(Result):
    """The mode a model picks for one hand: ``mode`` (a mode number), or None for a chibre."""

    mode: int | None
    model: str

    formats = ("table", "json")

    def to_json(self) -> dict:
        return {"mode": "chibre" if self.mode is None else MODE_NAMES[self.mode], "chibre": self.mode is None,
                "model": self.model}

    def text(self) -> str:
        return f"{self.model}: {'chibre' if self.mode is None else MODE_NAMES[self.mode]}"


@api_args(hand="cards", may_chibre="flag", model="name")
def choose_mode(hand, *, may_chibre: bool = True, rules: str = "chibre", model: str = "fitted",
                progress=None) -> ChosenMode:
    """The mode ``model`` (``fitted`` or ``evaluator``) picks for the nine cards ``hand``, or a chibre
    (only when ``may_chibre``): how the page's bot partner chooses trump. Wraps
    :func:`jass_sim.jass.play.choose.choose_mode_for`.

    Parameters
    ----------
    hand : str or list
        The chooser's nine cards.
    may_chibre : bool
        Whether the chooser may pass the choice to its partner (not after a chibre).
    rules : str
        Rule preset (``chibre``, ``schieber``, ``pique-double``): the modes and their multipliers.
    model : str
        ``fitted`` (the linear model fitted under ``net`` card play) or ``evaluator``.
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick`: 0 once the arguments are checked (a server
        checks a job up to there), 1 at the end.

    Returns
    -------
    ChosenMode
        ``.mode`` (a mode number, None for a chibre); ``to_json()``: ``{"mode": "H" ... | "chibre", "chibre",
        "model"}``.

    Examples
    --------
    >>> import jass_sim.jass.play.coach as coach
    >>> coach.choose_mode("HJ H9 HA HK HQ D6 C7 C8 CT").to_json()["mode"]  # doctest: +SKIP
    'H'
    """
    from jass_sim.core.chunks import Tick
    from jass_sim.jass.cards import parse_cards
    from jass_sim.jass.play.choose import choose_mode_for
    from jass_sim.jass.rules import get_rules

    if not isinstance(may_chibre, bool):
        raise InputError(f"may_chibre must be true or false, got {may_chibre!r}", str(may_chibre))
    if model not in ("fitted", "evaluator"):
        raise InputError(f"model must be fitted or evaluator, got {model!r}", str(model))
    if progress is not None:  # the inputs the kernel reads, checked before the first tick
        parse_cards(hand, count=9)
        get_rules(rules)
        progress(Tick(0, 1, stage="the mode"))
    chosen = ChosenMode(choose_mode_for(hand, may_chibre=may_chibre, rules=rules, chooser=model), model)
    if progress is not None:
        progress(Tick(1, 1, stage="the mode"))
    return chosen


@dataclass(eq=False, repr=False)
class DeclaredMelds(Result):
    """What each seat declares before play: ``melds[seat]`` (a list of :class:`jass_sim.jass.rules.Meld`),
    ``stoeck[seat]`` (it holds the trump K and Q), ``scoring_team`` (the team with the best meld, whose
    melds count; None without a meld) and ``meld_points`` per team (0 for the team whose melds do not count).
    Its JSON adds the points of the stöck and of a match (all nine tricks, after which the beaten team's
    melds and stöck are void), as the round's score counts them."""

    mode: int
    leader: int
    melds: list
    stoeck: list
    scoring_team: int | None
    meld_points: list

    formats = ("table", "json")

    def to_json(self) -> dict:
        from jass_sim.jass.rules.presets import MATCH_BONUS, STOECK_POINTS

        seats = [{"seat": s, "melds": [{"kind": m.kind, "cards": [format_card(c) for c in m.cards], "points": m.points}
                                       for m in self.melds[s]],
                  "points": sum(m.points for m in self.melds[s]), "stoeck": self.stoeck[s]} for s in range(4)]
        return {"mode": MODE_NAMES[self.mode], "leader": self.leader, "seats": seats, "scoring_team": self.scoring_team,
                "meld_points": list(self.meld_points), "stoeck_points": STOECK_POINTS, "match_points": MATCH_BONUS}

    def text(self) -> str:
        lines = []
        for s in range(4):
            said = ", ".join(f"{m.points} ({' '.join(format_card(c) for c in m.cards)})" for m in self.melds[s])
            lines.append(f"seat {s}: {said or 'no meld'}" + (" + stöck" if self.stoeck[s] else ""))
        return "\n".join(lines)


def checked_deal(hands, mode: str, leader: int):
    """The four dealt ``hands`` (seats 0..3; text or card lists), the chosen ``mode`` and the
    ``leader`` seat of a whole round, checked: ``(cards, mode number)``, or an :class:`InputError`
    naming the bad argument (shared by ``declare_melds`` and ``game_round``)."""
    if (isinstance(hands, str) or not isinstance(hands, (list, tuple)) or len(hands) != 4
            or not all(isinstance(h, (str, list, tuple)) for h in hands)):
        exc = InputError(f"hands must be the four hands of seats 0..3, got {hands!r}", str(hands))
        exc.field = "hands"
        raise exc
    cards = parse_hands([h if isinstance(h, str) else " ".join(map(str, h)) for h in hands])
    mode_number = mode_option(mode, allow_auto=False)
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader <= 3:
        raise InputError(f"leader must be a seat 0..3, got {leader!r}", str(leader))
    return cards, mode_number


@api_args(hands=None)  # a list of four hands, checked below (the "hands" kind would join them to a string)
def declare_melds(hands, *, mode: str, leader: int = 0, rules: str = "chibre", progress=None) -> DeclaredMelds:
    """The melds and stöck of a dealt round: ``hands`` are the four nine-card hands (seats 0..3, in
    playing order), ``mode`` the mode played, ``leader`` the seat that leads the first trick (it
    announces first, so it keeps a tie). Wraps :func:`jass_sim.jass.rules.announcement`,
    :func:`jass_sim.jass.rules.has_stoeck` and the round kernel's comparison of the melds.

    Parameters
    ----------
    hands : list of str
        The four hands, seats 0..3 (nine different cards each, no card in two hands).
    mode : str
        ``H``, ``D``, ``S``, ``C``, ``OBE`` or ``UNE``.
    leader : int
        The first leader 0..3.
    rules : str
        Rule preset: the points of runs and of four of a kind.
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick`: 0 once the arguments are checked (a server
        checks a job up to there), 1 at the end.

    Returns
    -------
    DeclaredMelds
        Each seat's melds and stöck, the team whose melds count and the points per team.
    """
    from jass_sim.core.chunks import Tick
    from jass_sim.jass.rules import announcement
    from jass_sim.jass.rules.state import JassState

    cards, mode_number = checked_deal(hands, mode, leader)
    # the round's state declares them as the engine does, once the mode is chosen (the leader chose it)
    state = JassState(cards, rules, chooser=leader)
    if progress is not None:
        progress(Tick(0, 1, stage="the melds"))
    state.apply(MODE_NAMES[mode_number])
    declared = DeclaredMelds(mode_number, leader, [announcement(h, mode_number, rules) for h in cards], state.stoeck,
                             state.meld_winner, state.meld_points)
    if progress is not None:
        progress(Tick(1, 1, stage="the melds"))
    return declared


@dataclass(eq=False, repr=False)
class RatedCard(Result):
    """The coach's verdict on one card, as the review rates it: ``decision`` (a
    :class:`jass_sim.jass.play.review.Decision`); ``to_json()`` is that decision's review JSON."""

    decision: object

    formats = ("table", "json")

    def to_json(self) -> dict:
        return self.decision.to_json()

    def text(self) -> str:
        d = self.decision
        return f"{d.played}: {d.verdict}" + ("" if d.verdict in ("good", "forced") else f", best {d.best} "
                                                                                        f"({d.loss:.1f} points)")


@api_args(card="cards", chooser="whole")
def rate_card(hand, *, card, mode: str, leader: int = 0, chooser: int | None = None, chibred: bool = False,
              played: str = "", melds=None, rules: str = "chibre", policy: str | None = None,
              samples: int | None = None, seed: int = 0, threads: int | None = None, progress=None,
              search_worlds: int | None = None) -> RatedCard:
    """The coach's verdict on ``card``, played by seat 0 after ``played``: the review's rating of a
    card (:func:`jass_sim.jass.play.review.card_decision`: the same thresholds, words, loss and CI),
    so that the coach and the Review never disagree on the same card, worlds and seed.

    Parameters
    ----------
    hand : str
        Seat 0's nine dealt cards.
    card : str
        The card seat 0 played (one of its legal cards).
    mode, leader, chooser, chibred, played, melds, rules, policy, samples, seed, threads, search_worlds :
        The position before the card and the sampling, as for :func:`jass_sim.jass.play.api.play_advice`.
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick`: 0 once the arguments are checked, then as
        the advice samples.

    Returns
    -------
    RatedCard
        ``to_json()``: the review's decision document (``verdict``, ``best``, ``loss``, ``ci95_loss``,
        ``sentence``, ``alternatives``).

    Examples
    --------
    >>> import jass_sim.jass.play.coach as coach
    >>> coach.rate_card("HJ H9 HA SK SQ D6 C7 C8 CT", card="SK", mode="H", leader=1,
    ...                 played="S6 SA S7", samples=64).to_json()["verdict"]  # doctest: +SKIP
    'good'
    """
    from jass_sim.core.chunks import Tick
    from jass_sim.jass.cards import parse_cards
    from jass_sim.jass.play.advice import DEFAULT_PLAY_POLICY
    from jass_sim.jass.play.api import parse_melds
    from jass_sim.jass.play.position import build_position
    from jass_sim.jass.play.review import card_decision
    from jass_sim.jass.players import check_solver_options, policy_params
    from jass_sim.jass.rules import get_rules

    policy_params(search_worlds=search_worlds)
    check_solver_options([policy or DEFAULT_PLAY_POLICY], search_worlds=search_worlds)
    if samples is not None and samples < 2:
        raise InputError(f"samples must be at least 2, got {samples}", str(samples))
    preset = get_rules(rules)
    pos = build_position(parse_cards(hand, count=9), mode_option(mode, allow_auto=False), leader,
                         parse_cards(played, count=None, unique=False), parse_melds(melds), chooser=chooser,
                         chibred=chibred, four_points=preset.four_points)
    chosen = parse_cards(card, count=1)[0]
    if chosen not in pos.legal:
        exc = InputError(f"card {format_card(chosen)} is not one of seat 0's legal cards "
                         f"({' '.join(format_card(c) for c in pos.legal)})", format_card(chosen))
        exc.field = "card"
        raise exc
    if progress is not None:
        progress(Tick(0, 1, stage="the coach's verdict"))
    policy = DEFAULT_PLAY_POLICY if policy is None else policy.strip().lower()
    return RatedCard(card_decision(pos, chosen, 0, preset, policy, samples, seed, threads, progress, search_worlds,
                                   stage="the coach's verdict"))
