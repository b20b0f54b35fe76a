"""Our players inside jass-kit (the HSLU course framework, ``jass-kit==2.0.5``, import name ``jass``;
``pip install 'jass-sim[bots]'``).

:class:`JassSimAgent` is a ``jass.agents.agent.Agent``: ``action_trump(obs)`` by our mode chooser
(:func:`~jass_sim.jass.play.choose.choose_mode_for`; jass-kit's ``PUSH`` is our chibre) and
``action_play_card(obs)`` by :func:`jass_sim.choose_card`, from the ``GameObservation`` of the
player to act.

Encodings (jass-kit ``jass.game.const``; the differences of its rules are listed in
``tests/jasskit_adapter.py``):

- **Cards**: jass-kit card = colour * 9 + offset, colours D H S C = 0..3, offsets A K Q J 10 9 8 7 6
  = 0..8 (DA = 0, D6 = 8, HA = 9, C6 = 35). Ours: suit * 9 + rank, suits H D S C, ranks 6..A.
- **Trump**: D H S C = 0..3, ``OBE_ABE`` 4, ``UNE_UFE`` 5, ``PUSH`` 10 (``PUSH_ALT`` 6). Ours: H D S C
  0..3, 4 obe-abe, 5 une-ufe.
- **Players**: North East South West = 0..3, and play goes *counterclockwise*: after player p comes
  ``next_player[p] = p - 1 (mod 4)``. So the adapter numbers the seats from the player to act (our
  seat 0): jass-kit player ``p`` is our seat ``(me - p) % 4``. ``declared_trump`` is the chooser,
  ``forehand == 0`` means the forehand pushed (our ``chibred``), the forehand leads the first trick.
- **Rules**: jass-kit allows a 4th player more undertrumps than ``docs/rules.md`` (never fewer), so
  a card legal under our rules is always legal in jass-kit; no melds, no stöck, no match bonus.
"""

from __future__ import annotations

import numpy as np
from jass.agents.agent import Agent
from jass.game import const as jk
from jass.game.game_observation import GameObservation

from jass_sim.bots.common import DecisionLog, check_policy_name
from jass_sim.jass.players import DEFAULT_CHOOSER

__all__ = ["JassSimAgent", "card_to_jk", "card_from_jk", "mode_to_jk", "mode_from_jk", "seat_from_jk"]

_SUIT_TO_JK = (jk.HEARTS, jk.DIAMONDS, jk.SPADES, jk.CLUBS)  # ours H D S C -> jass-kit colour
_MODE_TO_JK = _SUIT_TO_JK + (jk.OBE_ABE, jk.UNE_UFE)
_CARD_TO_JK = tuple(_SUIT_TO_JK[c // 9] * 9 + (8 - c % 9) for c in range(36))
_CARD_FROM_JK = tuple(_CARD_TO_JK.index(j) for j in range(36))


def card_to_jk(card: int) -> int:
    """jass-kit card index of our card (our HJ = 5 -> jass-kit HJ = 12)."""
    return _CARD_TO_JK[int(card)]


def card_from_jk(jk_card: int) -> int:
    """Our card number of a jass-kit card index."""
    return _CARD_FROM_JK[int(jk_card)]


def mode_to_jk(mode: int) -> int:
    """jass-kit trump code of our mode."""
    return _MODE_TO_JK[int(mode)]


def mode_from_jk(trump: int) -> int:
    """Our mode of a jass-kit trump code (``PUSH`` is no mode: ValueError)."""
    if int(trump) not in _MODE_TO_JK:
        raise ValueError(f"jass-kit trump code {trump!r} is not a mode (PUSH or undeclared)")
    return _MODE_TO_JK.index(int(trump))


def seat_from_jk(player: int, me: int) -> int:
    """Our seat of jass-kit ``player``, seats numbered from jass-kit player ``me`` (seat 0) in
    playing order (jass-kit plays counterclockwise: N, W, S, E)."""
    return (int(me) - int(player)) % 4


class JassSimAgent(Agent):
    """A jass-kit agent that plays as jass-sim's ``policy`` (one of
    :data:`~jass_sim.jass.play.choose.FAIR_POLICIES`) and chooses trump by our ``chooser`` model
    (``fitted``, the default, or ``evaluator``) under ``rules``."""

    def __init__(self, policy: str = "net", chooser: str = DEFAULT_CHOOSER, rules: str = "chibre", seed: int = 0):
        super().__init__()
        self.policy = check_policy_name(policy)
        self.chooser = chooser
        self.rules = rules
        self.seed = int(seed)
        self.log = DecisionLog()

    def action_trump(self, obs: GameObservation) -> int:
        from jass_sim.jass.play.choose import choose_mode_for

        hand = [card_from_jk(j) for j in np.flatnonzero(obs.hand)]
        mode = choose_mode_for(hand, may_chibre=obs.forehand == -1, rules=self.rules, chooser=self.chooser)
        return jk.PUSH if mode is None else mode_to_jk(mode)

    def action_play_card(self, obs: GameObservation) -> int:
        import jass_sim
        from jass_sim.jass.cards import mode_name

        me = obs.player if obs.player >= 0 else obs.player_view
        pairs = []
        for t in range(obs.nr_tricks + 1):
            if t > 8 or obs.trick_first_player[t] < 0:
                break
            first = seat_from_jk(obs.trick_first_player[t], me)
            pairs += [((first + i) % 4, card_from_jk(j)) for i, j in enumerate(obs.tricks[t]) if j >= 0]
        held = [card_from_jk(j) for j in np.flatnonzero(obs.hand)]
        self.log.decisions += 1
        chosen = jass_sim.choose_card(self.policy, held, mode=mode_name(mode_from_jk(obs.trump)),
                                      chooser=seat_from_jk(obs.declared_trump, me), chibred=obs.forehand == 0,
                                      played=pairs, rules=self.rules, seed=self.seed * 64 + len(pairs))
        return card_to_jk(chosen.card)
