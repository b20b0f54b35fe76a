"""``choose_card``: the card a policy plays from one seat's view of a round (the bots of the page's
coached round; a per-decision entry point for other frameworks)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.jit import jit
from jass_sim.core.notation import cards_to_mask
from jass_sim.core.result import Result
from jass_sim.core.rng import STREAMS, block_states
from jass_sim.jass.cards import format_card, mode_option, parse_cards
from jass_sim.jass.play.position import Position, build_position
from jass_sim.jass.players import DEFAULT_POLICY, PLAYERS, policy_params
from jass_sim.jass.players.dispatch import choose_card as dispatch_card
from jass_sim.jass.players.dispatch import policy_scratch

#: RNG stream of the random and pimc players' choices here.
CHOOSE_STREAM = STREAMS["jass.choose-card"]
#: Policies that play from the seat's own view (``dd`` sees every hand).
FAIR_POLICIES = ("net", "heuristic", "pimc", "random")


@jit
def _policy_card(policy, view, legal, trace, t, n_in, mode, played, voids, shown, declarer, params, rng):
    """The card ``policy`` plays for seat 0 (a thin wrapper of the engine's ``choose_card``, the
    same function the round kernel calls, so a bot here plays as in ``simulate``)."""
    scratch = policy_scratch(policy == 4, params)
    return dispatch_card(policy, 0, legal, view, trace, t, n_in, mode, played, voids, shown, declarer, params, rng,
                         scratch)


@dataclass(eq=False, repr=False)
class ChosenCard(Result):
    """The card a policy plays (:func:`choose_card`): ``card`` (a card number), the ``position``."""

    card: int
    policy: str
    position: Position

    formats = ("table", "json")

    def to_json(self) -> dict:
        return {"card": format_card(self.card), "policy": self.policy,
                "legal": [format_card(c) for c in self.position.legal], "position": self.position.to_json()}

    def text(self) -> str:
        return f"{self.policy} plays {format_card(self.card)}"


def policy_card(pos: Position, policy: str = DEFAULT_POLICY, seed: int = 0) -> int:
    """The card ``policy`` plays for seat 0 of the checked position ``pos``."""
    if policy not in FAIR_POLICIES:
        raise InputError(f"policy {policy!r} cannot choose from one seat's view (expected one of "
                         f"{', '.join(FAIR_POLICIES)}; dd sees every hand)", policy)
    if len(pos.legal) == 1:
        return pos.legal[0]
    shown = np.array([cards_to_mask(s) for s in pos.shown], dtype=np.uint64)
    rng = block_states(seed, 0, 1, CHOOSE_STREAM)[0].copy()
    return int(_policy_card(PLAYERS.code(policy), pos.view_hands(), np.uint64(cards_to_mask(pos.legal)), pos.trace(),
                            len(pos.tricks), len(pos.trick), pos.mode, np.uint64(cards_to_mask(pos.played)),
                            np.int64(pos.voids), shown, pos.chooser, policy_params(), rng))


def choose_card(hand: str, *, mode: str, leader: int = 0, chooser: int | None = None, chibred: bool = False,
                played: str = "", melds=None, policy: str = DEFAULT_POLICY, seed: int = 0) -> ChosenCard:
    """The card ``policy`` plays as seat 0 now, from what seat 0 sees.

    Parameters
    ----------
    hand : str
        The nine cards seat 0 was dealt.
    mode : str
        ``H``, ``D``, ``S``, ``C``, ``OBE`` or ``UNE``.
    leader, chooser, chibred :
        Who led the first trick, who chose the mode (default: the leader, or its partner after a
        chibre), and whether the leader chibred.
    played : str
        Every card played so far, in order (it must be seat 0's turn).
    melds : str or dict, optional
        Meld cards shown, as for :func:`jass_sim.play_advice`.
    policy : str
        ``net`` (default), ``heuristic``, ``pimc`` or ``random``.
    seed : int
        Seed of the random and ``pimc`` players.

    Returns
    -------
    ChosenCard
        ``.card`` and ``to_json()["card"]`` (letter notation).
    """
    from jass_sim.jass.play.api import parse_melds

    policy = policy.strip().lower() if isinstance(policy, str) else policy
    pos = build_position(parse_cards(hand, count=9), mode_option(mode, allow_auto=False), leader,
                         parse_cards(played, count=None, unique=False), parse_melds(melds), chooser=chooser,
                         chibred=chibred)
    return ChosenCard(policy_card(pos, policy, seed), policy, pos)
