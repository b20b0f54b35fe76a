"""jass_sim.bots.schieber: our ``net`` player inside schieber, against its challenge player: a whole
game to 1,000 points (schieber's own tournament loop, its trumpf choice included), and fixed rounds of
the duplicate driver; every card we return is legal in schieber, every round ends."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("schieber")

from schieber.player.challenge_player.challenge_player import ChallengePlayer  # noqa: E402
from schieber.rules.stich_rules import card_allowed  # noqa: E402
from schieber.tournament import Tournament  # noqa: E402
from schieber.trumpf import Trumpf  # noqa: E402

from jass_sim.bots.schieber import (  # noqa: E402
    JassSimPlayer,
    card_from_schieber,
    card_to_schieber,
    mode_from_trumpf,
    mode_to_trumpf,
    play_round,
)


class Checked(JassSimPlayer):
    """Records whether schieber accepts each card we yield first (before any fallback)."""

    refused = 0
    tricks = 0

    def stich_over(self, state=None):
        Checked.tricks += 1

    def choose_card(self, state=None):
        inner = super().choose_card(state)
        card = next(inner)
        table = [card_to_schieber(card_from_schieber(e["card"])) for e in state["table"]]
        if not card_allowed(table, card, self.cards, Trumpf[state["trumpf"]]):
            Checked.refused += 1
        allowed = yield card
        while True:
            card = inner.send(allowed)
            if card is None:
                yield None
                return
            allowed = yield card


def test_encodings_round_trip():
    assert [card_from_schieber(card_to_schieber(c)) for c in range(36)] == list(range(36))
    assert str(card_to_schieber(5)) == "<ROSE:Under>" and card_from_schieber("<BELL:Ass>") == 35
    assert [mode_from_trumpf(mode_to_trumpf(m)) for m in range(6)] == list(range(6))


def test_a_whole_game_in_schieber_s_tournament():
    import random

    random.seed(3)
    tournament = Tournament(point_limit=1000, seed=3)
    ours = [Checked(name="net-0", seed=1), Checked(name="net-2", seed=2)]
    for player in (ours[0], ChallengePlayer(name="c-1", seed=1), ours[1], ChallengePlayer(name="c-3", seed=3)):
        tournament.register_player(player)
    tournament.play()
    assert max(team.points for team in tournament.teams) >= 1000  # the game ended at its target
    rounds = Checked.tricks / 2 / 9  # each of our two players hears of every trick
    assert rounds >= 5
    assert sum(o.log.decisions for o in ours) == Checked.tricks  # one card of each of ours per trick
    assert Checked.refused == sum(len(o.log.disagreements) for o in ours)


@pytest.mark.parametrize("deal", range(4))
def test_duplicate_rounds_end_with_157_points(deal):
    rng = np.random.default_rng(deal)
    perm = rng.permutation(36)
    hands = [list(perm[9 * s:9 * s + 9]) for s in range(4)]
    for ours_first in (True, False):
        a, b = JassSimPlayer(policy="net", seed=deal), JassSimPlayer(policy="net", seed=deal)
        c, d = ChallengePlayer(seed=deal), ChallengePlayer(seed=deal)
        players = [a, c, b, d] if ours_first else [c, a, d, b]
        out = play_round(players, hands, start=deal % 4, trumpf=mode_to_trumpf(deal % 6), geschoben=deal == 1)
        assert sum(out["points"]) == 157 and len(out["tricks"]) == 9
        assert out["trumpf"] == mode_to_trumpf(deal % 6)
        for t, trick in enumerate(out["tricks"]):  # schieber plays up the seat list, as our seats
            assert trick["seats"] == [(trick["leader"] + i) % 4 for i in range(4)]
            if t:
                assert trick["leader"] == out["tricks"][t - 1]["winner"]
        assert a.log.decisions + b.log.decisions == 18
