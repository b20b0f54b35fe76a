"""``choose_card``: the card a policy plays from one seat's view of a round (``jass_sim.choose_card``:
the per-decision entry point of the page's coached round and of the adapters in :mod:`jass_sim.bots`)."""

from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.jit import jit
from jass_sim.core.notation import cards_to_mask
from jass_sim.core.result import Result
from jass_sim.core.rng import block_states
from jass_sim.jass.arg_kinds import api_args
from jass_sim.jass.cards import HAND_SIZE, format_card, mode_option, parse_card, parse_cards
from jass_sim.jass.play.position import Position, build_position, rotate_seat
from jass_sim.jass.players import DEFAULT_POLICY, PLAYERS, policy_params
from jass_sim.jass.players.dispatch import NET, player_set, policy_scratch
from jass_sim.jass.players.dispatch import choose_card as dispatch_card
from jass_sim.jass.rules import trick_winner
from jass_sim.jass.streams import STREAMS

__all__ = ["FAIR_POLICIES", "ChosenCard", "choose_card", "choose_mode_for", "policy_card", "seats_of_plays"]

#: RNG stream of the random and pimc players' choices here.
CHOOSE_STREAM = STREAMS["jass.choose-card"]
#: Policies that play from the seat's own view (``dd`` sees every hand). Everything built on
#: :func:`choose_card` (the page's bots, :mod:`jass_sim.bots`, ``benchmarks/bench_external.py``)
#: takes its policy names from here.
FAIR_POLICIES = ("net", "search", "heuristic", "pimc", "random")


@jit
def _policy_card(players, policy, view, legal, trace, t, n_in, mode, played, voids, shown, declarer, params, rng):
    """The card ``policy`` plays for seat 0 (a thin wrapper of the engine's ``choose_card``, the
    same function the round kernel calls, so a bot here plays as in ``simulate``)."""
    scratch = policy_scratch(players, policy == NET, params)
    return dispatch_card(players, policy, 0, legal, view, trace, t, n_in, mode, played, voids, shown, declarer, params, rng,
                         scratch)


@dataclass(eq=False, repr=False)
class ChosenCard(Result):
    """The card a policy plays (:func:`choose_card`): ``card`` (a card number), the ``position``
    (in the seat's own numbering, where it is seat 0) and ``seat`` (its seat in the caller's numbering)."""

    card: int
    policy: str
    position: Position
    seat: int = 0

    formats = ("table", "json")

    def to_json(self) -> dict:
        return {"card": format_card(self.card), "policy": self.policy, "seat": self.seat,
                "legal": [format_card(c) for c in self.position.legal], "position": self.position.to_json()}

    def text(self) -> str:
        return f"{self.policy} plays {format_card(self.card)}"


def check_policy(policy) -> str:
    """``policy`` normalised, or an InputError when it cannot play from one seat's view."""
    name = policy.strip().lower() if isinstance(policy, str) else policy
    if name not in FAIR_POLICIES:
        raise InputError(f"policy {policy!r} cannot choose from one seat's view (expected one of "
                         f"{', '.join(FAIR_POLICIES)}; dd sees every hand)", str(policy))
    return name


def policy_card(pos: Position, policy: str = DEFAULT_POLICY, seed: int = 0, search_worlds: int | None = None) -> int:
    """The card ``policy`` plays for seat 0 of the checked position ``pos`` (``search_worlds``:
    worlds per decision of the ``search`` player)."""
    policy = check_policy(policy)
    if len(pos.legal) == 1:
        return pos.legal[0]
    shown = np.array([cards_to_mask(s) for s in pos.shown], dtype=np.uint64)
    rng = block_states(seed, 0, 1, CHOOSE_STREAM)[0].copy()
    code = PLAYERS.code(policy)
    return int(_policy_card(player_set(code), code, pos.view_hands(), np.uint64(cards_to_mask(pos.legal)), pos.trace(),
                            len(pos.tricks), len(pos.trick), pos.mode, np.uint64(cards_to_mask(pos.played)),
                            np.int64(pos.voids), shown, pos.chooser, policy_params(search_worlds=search_worlds), rng))


def _seat_arg(name: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 0 <= int(value) <= 3:
        raise InputError(f"{name} must be a seat 0..3, got {value!r}", str(value))
    return int(value)


def _parse_plays(played) -> tuple[list[int], list[int] | None]:
    """``(cards, seats)`` of ``played``: a string of cards (``seats`` None), a list of cards, or a
    list of ``(seat, card)`` pairs (absolute seats)."""
    if isinstance(played, str):
        return parse_cards(played, count=None, unique=False), None
    items = list(played)
    if not items:
        return [], None
    if all(isinstance(p, (list, tuple)) and len(p) == 2 for p in items):
        seats = [_seat_arg("the seat of a played card", s) for s, _ in items]
        cards = [int(c) if isinstance(c, numbers.Integral) and not isinstance(c, bool) else parse_card(str(c))
                 for _, c in items]
        return cards, seats
    if all(isinstance(c, numbers.Integral) and not isinstance(c, bool) for c in items):
        return [int(c) for c in items], None
    return parse_cards(" ".join(str(c) for c in items), count=None, unique=False), None


def _hand_cards(hand) -> list[int]:
    if isinstance(hand, str):
        return parse_cards(hand, count=None)
    held = [int(c) for c in hand]
    bad = [c for c in held if not 0 <= c < 36]
    if bad:
        raise InputError(f"card number {bad[0]} is not a card (0..35)", str(bad[0]))
    return held


def seats_of_plays(cards, leader: int, mode: int) -> list[int]:
    """The seat of each card of ``cards`` (every card played, in order; seat ``leader`` leads the
    first trick; the winner of a trick leads the next)."""
    seats, trick, lead = [], [], leader
    for c in cards:
        seats.append((lead + len(trick)) & 3)
        trick.append(int(c))
        if len(trick) == 4:
            lead, trick = (lead + trick_winner(trick, mode)) & 3, []
    return seats


@api_args(policy="name", played="plays", chooser="whole", hand="cards_or_numbers")
def choose_card(policy: str, hand, *, mode: str, chooser: int | None = None, chibred: bool = False,
                leader: int | None = None, played="", melds=None, rules: str = "chibre", seat: int = 0,
                seed: int = 0, search_worlds: int | None = None, progress=None) -> ChosenCard:
    """The card ``policy`` plays now for ``seat``, from what that seat sees (``jass_sim.choose_card``).

    One decision of one player: its hand, the mode and who chose it, the cards played so far and
    the melds shown; nothing of the other hands. The position is checked by the rules (a history
    that breaks one is an :class:`InputError` naming the card), renumbered so that ``seat`` is
    seat 0, and the policy's kernel gives the card, the same function the round kernel calls, so a
    player here plays exactly as in ``replay`` and ``simulate``. Wraps the compiled
    :func:`jass_sim.jass.players.dispatch.choose_card` (through
    :func:`jass_sim.jass.play.choose.policy_card`).

    Parameters
    ----------
    policy : str
        ``net``, ``search`` (search over ``net``, a few milliseconds a decision), ``heuristic``,
        ``pimc`` or ``random`` (:data:`FAIR_POLICIES`; ``dd`` sees every hand).
    hand : str or list
        The nine cards ``seat`` was dealt, or the cards it still holds (the cards it played, read
        from ``played``, are added back).
    mode : str
        ``H``, ``D``, ``S``, ``C``, ``OBE`` or ``UNE``.
    chooser : int, optional
        The seat that chose the mode (default: the first leader, or its partner after a chibre).
    chibred : bool
        The first leader chibred and its partner chose.
    leader : int, optional
        The seat that led the first trick (default: the first seat of ``played`` pairs, else the
        chooser, or its partner after a chibre, else seat 0).
    played : str or list
        Every card played so far, in order: a string (``"HJ H6 HA H7 S6"``, from ``leader``), a
        list of cards, or a list of ``(seat, card)`` pairs with the seats 0..3 (checked against the
        order of play). It must be ``seat``'s turn.
    melds : str or dict, optional
        Meld cards shown, by seat: ``"1: D7 D8 D9"`` or ``{1: "D7 D8 D9"}``.
    rules : str
        Rule preset (``chibre``, ``schieber``, ``pique-double``): which melds may be shown; the
        legal cards are the same under every preset.
    seat : int
        The player's seat 0..3; every seat above is in the same numbering (playing order).
    seed : int
        Seed of the ``random``, ``pimc`` and ``search`` players.
    search_worlds : int, optional
        The most worlds per decision of the ``search`` player (default 64).
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick`: 0 once the position is checked (before
        the policy's kernel: one decision, a few milliseconds with the default settings), 1 when
        the card is chosen.

    Returns
    -------
    ChosenCard
        ``.card`` (a card number), ``to_json()["card"]`` (letter notation) and the legal cards.

    Examples
    --------
    >>> import jass_sim
    >>> jass_sim.choose_card("net", "HJ H9 HA SK SQ D6 C7 C8 CT", mode="H").to_json()["card"]  # doctest: +SKIP
    'HJ'
    """
    from jass_sim.jass.play.api import parse_melds
    from jass_sim.jass.rules import get_rules

    policy = check_policy(policy)
    from jass_sim.jass.players import check_solver_options, policy_params

    policy_params(search_worlds=search_worlds)  # a bad value first, then one that does not apply
    check_solver_options([policy], search_worlds=search_worlds)
    four_points = get_rules(rules).four_points
    mode_number = mode_option(mode, allow_auto=False)
    seat = _seat_arg("seat", seat)
    chooser = None if chooser is None else _seat_arg("chooser", chooser)
    cards, seats = _parse_plays(played)
    if leader is not None:
        leader = _seat_arg("leader", leader)
    if seats:
        if leader is not None and leader != seats[0]:
            raise InputError(f"leader {leader} does not fit the first card played, {format_card(cards[0])} by seat "
                             f"{seats[0]}", str(leader))
        leader = seats[0]
    if leader is None:
        leader = 0 if chooser is None else (chooser + 2) % 4 if chibred else chooser
    expected = (leader + 2) % 4 if chibred else leader
    if chooser is not None and chooser != expected:
        why = "after a chibre the leader's partner chooses" if chibred else "the chooser leads the first trick"
        raise InputError(f"chooser {chooser} does not fit leader {leader}: {why}", str(chooser))
    order = seats_of_plays(cards, leader, mode_number)
    if seats:
        for c, s, turn in zip(cards, seats, order):
            if s != turn:
                raise InputError(f"{format_card(c)} is given to seat {s}, but seat {turn} plays it (in playing "
                                 "order, the winner of a trick leading the next)", format_card(c))
    held = _hand_cards(hand)
    if len(held) != HAND_SIZE:
        mine = [c for c, s in zip(cards, order) if s == seat]
        dealt = held + [c for c in mine if c not in held]
        if len(dealt) != HAND_SIZE or len(set(dealt)) != HAND_SIZE:
            raise InputError(f"seat {seat}'s hand needs its 9 dealt cards, or the cards it holds now: "
                             f"{len(held)} held and {len(mine)} played make {len(set(dealt))}",
                             " ".join(map(format_card, held)))
        held = dealt
    shown = {rotate_seat(s, seat): cs for s, cs in parse_melds(melds).items()}
    try:
        pos = build_position(held, mode_number, rotate_seat(leader, seat), cards, shown,
                             chooser=rotate_seat(expected, seat), chibred=chibred, four_points=four_points)
    except InputError as exc:
        if seat == 0:
            raise
        # the checks number the seats from the player: say so
        raise InputError(f"{exc} (seats counted from seat {seat}, which is seat 0 here)", exc.token) from None
    if progress is not None:
        from jass_sim.core.chunks import Tick

        progress(Tick(0, 1, stage="one decision"))  # the input is checked (a server checks a job up to here)
    chosen = ChosenCard(policy_card(pos, policy, seed, search_worlds), policy, pos, seat)
    if progress is not None:
        progress(Tick(1, 1, stage="one decision"))
    return chosen


def choose_mode_for(hand, *, may_chibre: bool = True, rules: str = "chibre", chooser: str = "evaluator") -> int | None:
    """The mode the ``chooser`` model picks for ``hand`` (a mode number), or None for chibre (only
    when ``may_chibre``): the mode choice of ``replay`` and ``simulate`` (``--chooser evaluator``
    or ``fitted``) from one hand, as the bots of :mod:`jass_sim.bots` choose trump."""
    from jass_sim.jass.modes.choose import MODE_POLICIES, choose_mode
    from jass_sim.jass.modes.weights import default_mode_params
    from jass_sim.jass.rules import get_rules

    if chooser not in ("evaluator", "fitted"):
        raise InputError(f"unknown chooser {chooser!r} (expected evaluator or fitted)", str(chooser))
    ruleset = get_rules(rules)
    cards = _hand_cards(hand)
    if len(cards) != HAND_SIZE or len(set(cards)) != HAND_SIZE:
        raise InputError(f"the chooser's hand needs 9 different cards, got {len(cards)}",
                         " ".join(map(format_card, cards)))
    mask = np.uint64(cards_to_mask(cards))
    rng = block_states(0, 0, 1, CHOOSE_STREAM)[0].copy()
    mode, chibred = choose_mode(MODE_POLICIES[chooser], mask, mask, np.asarray(ruleset.modes, dtype=np.int64),
                                np.asarray(ruleset.multipliers, dtype=np.int64), bool(may_chibre),
                                default_mode_params(ruleset), rng)
    return None if chibred else int(mode)
