"""jass_sim.bots.jasskit: whole rounds inside jass-kit, our ``net`` agent (North and South) against
jass-kit's random agents: every card it returns is valid by jass-kit's rule, every round ends."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("jass")

from jass.agents.agent_random_schieber import AgentRandomSchieber  # noqa: E402
from jass.game import const as jk  # noqa: E402
from jass.game.game_sim import GameSim  # noqa: E402
from jass.game.rule_schieber import RuleSchieber  # noqa: E402

from jass_sim.bots.jasskit import JassSimAgent, card_from_jk, card_to_jk, mode_from_jk, mode_to_jk  # noqa: E402


def test_encodings_round_trip():
    assert [card_from_jk(card_to_jk(c)) for c in range(36)] == list(range(36))
    assert card_to_jk(5) == jk.HJ and card_to_jk(8) == jk.HA and card_to_jk(9) == jk.D6
    assert [mode_from_jk(mode_to_jk(m)) for m in range(6)] == list(range(6))
    with pytest.raises(ValueError):
        mode_from_jk(jk.PUSH)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_whole_rounds_with_valid_cards(seed):
    rule = RuleSchieber()
    rng = np.random.default_rng(seed)
    ours = JassSimAgent(policy="net", seed=seed)
    theirs = AgentRandomSchieber()
    theirs._rng = np.random.default_rng(seed + 100)  # jass-kit gives no way to seed it
    agents = [ours, theirs, ours, theirs]  # jass-kit N E S W: N and S are one team
    pushes = 0
    for dealer in range(4):
        hands = np.zeros((4, 36), dtype=np.int32)
        perm = rng.permutation(36)
        for p in range(4):
            hands[p, perm[9 * p:9 * p + 9]] = 1
        sim = GameSim(rule=rule)
        sim.init_from_cards(hands=hands, dealer=dealer)
        while sim.state.trump < 0:
            obs = sim.get_observation()
            action = agents[obs.player].action_trump(obs)
            assert action in (*range(6), jk.PUSH) and not (action == jk.PUSH and obs.forehand == 0)
            pushes += action == jk.PUSH
            sim.action_trump(action)
        while not sim.is_done():
            obs = sim.get_observation()
            card = agents[obs.player].action_play_card(obs)
            assert rule.get_valid_cards_from_obs(obs)[card] == 1, (obs.player, card)
            sim.action_play_card(card)
        assert sim.state.points.sum() == 157
    assert ours.log.decisions == 4 * 18
