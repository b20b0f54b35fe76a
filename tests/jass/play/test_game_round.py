"""Issue 54 item 4: a coached round inside a whole game. ``game_round`` ends a game as the engine's
games do: replaying every round of recorded engine games (short targets, so that premier sorti often
ends a game inside a round), it gives the engine's scores after each round, the winner at the last
round and no winner before; bad input names its argument. About 20 games of a few rounds each: the
engine's game kernel compiles once (tens of seconds cold), the replays take a second."""

from __future__ import annotations

import pytest

from jass_sim.core.errors import InputError
from jass_sim.jass.cards import MODE_NAMES, format_card, mask_to_cards
from jass_sim.jass.engine.game import R_CHOOSER, R_MODE, R_PICKER, R_SCORE0, R_SCORE1, simulate_game
from jass_sim.jass.play.game_round import game_round
from jass_sim.jass.rules import get_rules


def _round_args(record, r) -> dict:
    hands = [" ".join(format_card(c) for c in mask_to_cards(int(h))) for h in record.hands[r]]
    played = " ".join(format_card(int(c)) for t in range(9) for c in record.tricks[r, t, 1:5])
    chooser, picker = int(record.info[r, R_CHOOSER]), int(record.info[r, R_PICKER])
    return {"hands": hands, "mode": MODE_NAMES[int(record.info[r, R_MODE])], "leader": chooser,
            "chibred": picker != chooser, "played": played}


@pytest.mark.parametrize("preset,target", [("chibre", 400), ("schieber", 700), ("pique-double", 300)])
def test_game_round_ends_games_as_the_engine(preset, target):
    rules = get_rules(preset).replace(target=target)
    mid_round = 0
    for seed in range(7):
        record = simulate_game(seed, rules, policy="heuristic" if seed % 2 else "random")
        before = (0, 0)
        for r in range(record.rounds):
            out = game_round(**_round_args(record, r), score0=before[0], score1=before[1], rules=preset,
                             target=target).to_json()
            after = [int(record.info[r, R_SCORE0]), int(record.info[r, R_SCORE1])]
            assert out["before"] == list(before) and out["after"] == after, (preset, seed, r)
            last = r == record.rounds - 1
            assert out["over"] == last and out["winner"] == (record.winner if last else None), (preset, seed, r)
            if last:
                assert out["mid_round"] == record.ended_mid_round
                assert out["rubicon"] == (2 * after[1 - record.winner] < target)
                mid_round += record.ended_mid_round
            before = tuple(after)
    assert mid_round > 0  # some games ended inside a round (premier sorti), and game_round agreed


def test_game_round_refuses_bad_input():
    record = simulate_game(1, get_rules("chibre").replace(target=400))
    args = _round_args(record, 0)
    with pytest.raises(InputError) as exc:
        game_round(**args, score0=400, target=400)
    assert exc.value.field == "score0" and "reached the target" in str(exc.value)
    with pytest.raises(InputError) as exc:
        game_round(**dict(args, played=" ".join(args["played"].split()[:20])))
    assert exc.value.field == "played" and "20 of 36" in str(exc.value)
    with pytest.raises(InputError) as exc:
        game_round(**args, score1=-5)
    assert exc.value.field == "score1"
    with pytest.raises(InputError) as exc:
        game_round(**args, target=0)
    assert exc.value.field == "target"
