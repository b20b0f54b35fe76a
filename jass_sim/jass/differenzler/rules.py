"""The Differenzler's rules as data: the presets, the bottom-card trump and the penalty.

Four players, each alone, 9 cards each with chibre's card order and card points (the trick rules
are chibre's, :mod:`jass_sim.jass.rules._tricks`); the last trick's 5, 157 points in all, a Matsch
counts 157 with no bonus; no Weis, no Stöck. The trump is the suit of the bottom card of the deal,
shown to everyone, which belongs to the dealer's hand; the player after the dealer announces first
and leads the first trick. A round's penalty is ``|announced - made|``, less ``exact_bonus`` for an
exact hit. A game is ``rounds`` rounds, the dealer moving on one seat each round; the lowest total
penalty wins. Sources: jasswelt.ch and jassverzeichnis.ch (``docs/differenzler.md``).

This module is read by the command line at start-up: it imports no numpy.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from jass_sim.core.errors import InputError

#: Card points of a round (152 in the cards, 5 for the last trick).
ROUND_POINTS = 157
#: The most a seat can announce (every point of the round).
MAX_BID = ROUND_POINTS
#: The largest exact-hit bonus the rules accept.
MAX_EXACT_BONUS = 157


@dataclass(frozen=True)
class DifferenzlerRules:
    """One set of Differenzler rules (immutable).

    Attributes
    ----------
    name : str
        Preset name.
    open : bool
        False (default): secret announcements, each player announces without seeing the others'.
        True: in turn from the player after the dealer, the dealer last, every earlier number known
        to the later ones and to all during play.
    exact_bonus : int
        Subtracted from the penalty of an exact hit (0 by default; 10 in ``differenzler-jw``).
    rounds : int
        Rounds of a game (12), the dealer moving on each round.
    """

    name: str = "differenzler"
    open: bool = False
    exact_bonus: int = 0
    rounds: int = 12

    def __post_init__(self):
        if not 0 <= self.exact_bonus <= MAX_EXACT_BONUS:
            raise InputError(f"--exact-bonus must be from 0 to {MAX_EXACT_BONUS}, got {self.exact_bonus}",
                             str(self.exact_bonus))
        if not 1 <= self.rounds <= 1000:
            raise InputError(f"--rounds must be from 1 to 1000, got {self.rounds}", str(self.rounds))

    def replace(self, **changes) -> DifferenzlerRules:
        """A copy with some fields changed."""
        return replace(self, **changes)


PRESETS: dict[str, DifferenzlerRules] = {
    "differenzler": DifferenzlerRules(),
    "differenzler-jw": DifferenzlerRules(name="differenzler-jw", exact_bonus=10),
}


def get_rules(name: str | DifferenzlerRules, exact_bonus: int | None = None,
              open: bool | None = None) -> DifferenzlerRules:
    """The preset called ``name`` (``differenzler``, ``differenzler-jw``), with ``exact_bonus`` and
    ``open`` if given; an unknown name is an InputError naming it."""
    if isinstance(name, DifferenzlerRules):
        rules = name
    else:
        try:
            rules = PRESETS[str(name).strip().lower()]
        except KeyError:
            raise InputError(f"unknown rules {name!r} (expected one of {', '.join(PRESETS)})", str(name)) from None
    if exact_bonus is not None:
        if isinstance(exact_bonus, bool) or not isinstance(exact_bonus, int):
            raise InputError(f"--exact-bonus must be an integer, got {exact_bonus!r}", str(exact_bonus))
        rules = rules.replace(exact_bonus=exact_bonus)
    if open is not None:
        rules = rules.replace(open=bool(open))
    return rules


def trump_of(trump_card: int) -> int:
    """The trump suit (0..3: H D S C, also the mode number) that the bottom card ``trump_card`` gives."""
    return trump_card // 9


def penalty(bid: int, made: int, exact_bonus: int = 0) -> int:
    """A round's penalty: ``|bid - made|``, less ``exact_bonus`` for an exact hit."""
    return abs(bid - made) - (exact_bonus if bid == made else 0)


def check_bid(bid, name: str = "--bid") -> int:
    """``bid`` as an int if it is an integer 0..157; else an InputError naming it."""
    if isinstance(bid, bool):
        raise InputError(f"{name} must be a number of points from 0 to {MAX_BID}, got {bid!r}", str(bid))
    try:
        value = int(str(bid).strip()) if not isinstance(bid, int) else bid
    except ValueError:
        raise InputError(f"{name} must be a number of points from 0 to {MAX_BID}, got {bid!r}", str(bid)) from None
    if not 0 <= value <= MAX_BID:
        raise InputError(f"{name} must be a number of points from 0 to {MAX_BID}, got {bid!r}", str(bid))
    return value


def check_seat(seat, name: str) -> int:
    """``seat`` as an int 0..3; else an InputError naming ``name``."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise InputError(f"{name} must be a seat from 0 to 3, got {seat!r}", str(seat))
    return seat


def bidding_order(dealer: int) -> list[int]:
    """The seats in announcing (and first-trick) order: the player after the dealer first, the dealer last."""
    return [(dealer + 1 + k) & 3 for k in range(4)]
