"""The server side of the page's coached Differenzler round (issue 52 item 6,
:mod:`jass_sim.jass.differenzler.coach`): the deal is ``differenzler replay``'s, a bot plays from its own
view exactly the card the compiled round's ``number`` player plays, the verdict on a card is
``play-advice``'s paired loss on the review's scale, and the whole round is checked, rated with the
seeds the page uses and turned into one History row.

Budget: one round of 36 bot decisions (no sampling), and verdicts at 32 worlds (the test compares the
verdicts with the same calls, not statistically); a few seconds once the kernels are compiled (the
``nojit`` run replays one round without sampling)."""

from __future__ import annotations

import pytest

from jass_sim.core.errors import InputError
from jass_sim.jass.differenzler import coach
from jass_sim.jass.differenzler.engine import replay_round

SEED = 5


@pytest.fixture(scope="module")
def replayed():
    """``differenzler replay --seed 5`` with the dealer the coach's deal gives (seed % 4)."""
    return replay_round(SEED, dealer=SEED % 4)


def _played(doc) -> list[str]:
    return [c for t in doc["tricks"] for c in t["cards"]]


@pytest.mark.nojit
def test_the_deal_is_the_replays_and_the_bots_numbers_are_the_announcers(replayed):
    d = coach.deal(SEED).to_json()
    assert d["dealer"] == SEED % 4 and d["leader"] == (d["dealer"] + 1) % 4
    assert d["hands"] == replayed["hands"] and d["trump_card"] == replayed["trump_card"]
    assert d["trump_card"] in d["hands"][d["dealer"]]
    # the bots (seats 1..3) announce with the fast announcer, as in replay; the player's own number is not given
    assert d["bids"][0] is None and d["bids"][1:] == replayed["bids"][1:]
    assert coach.deal(SEED, dealer=2).to_json()["dealer"] == 2
    assert 0 <= coach.deal().to_json()["seed"] < coach.DRAWN_SEEDS  # drawn, and returned to deal again


@pytest.mark.nojit
def test_a_bot_plays_the_compiled_rounds_card_from_its_own_view(replayed):
    played = _played(replayed)
    leader = replayed["leader"]
    seat_of = []
    for t in replayed["tricks"]:
        seat_of += [(t["leader"] + k) % 4 for k in range(4)]
    assert seat_of[0] == leader
    for i, card in enumerate(played):
        s = seat_of[i]
        got = coach.bot_card(" ".join(replayed["hands"][s]), replayed["trump_card"], replayed["bids"][s],
                             " ".join(played[:i]), dealer=replayed["dealer"], seat=s).to_json()
        assert got["card"] == card, (i, s, got)
        assert card in got["legal"]


@pytest.mark.parametrize("kwargs, token", [
    ({"played": ""}, "seat 2's turn"),  # seat 2 (after the dealer, seat 1) leads the first trick, not seat 1
    ({"seat": 4}, "4"),
    ({"bid": 158}, "158"),
    ({"hand": "HQ HA D7 D8 S7 C8 C9 CK"}, "expected 9 cards"),
])
def test_a_bots_bad_position_names_its_argument(replayed, kwargs, token):
    args = {"hand": " ".join(replayed["hands"][1]), "trump_card": replayed["trump_card"], "bid": 30,
            "dealer": replayed["dealer"], "seat": 1, "played": "CJ"}
    args.update(kwargs)
    with pytest.raises(InputError, match=token):
        coach.bot_card(**args)


def test_a_verdict_is_the_paired_loss_of_play_advice(replayed):
    from jass_sim.differenzler import play_advice

    d = coach.deal(SEED).to_json()
    played = _played(replayed)
    first = next(i for i, _ in enumerate(played) if (replayed["tricks"][i // 4]["leader"] + i % 4) % 4 == 0)
    pos_args = dict(hand=" ".join(d["hands"][0]), trump_card=d["trump_card"], bid=40, played=" ".join(played[:first]),
                    dealer=d["dealer"])
    advice = play_advice(**pos_args, samples=32, seed=1).to_json()
    worst = advice["cards"][-1]
    rated = coach.rate_card(**pos_args, card=worst["card"], samples=32, seed=1).to_json()
    assert rated["best"] == advice["recommendation"] and rated["played"] == worst["card"]
    assert rated["loss"] == pytest.approx(worst["diff_to_best"]) and rated["ci95_loss"] == worst["ci95_diff"]
    assert rated["verdict"] in ("good", "inaccuracy", "mistake", "blunder", "unclear")
    best = coach.rate_card(**pos_args, card=advice["recommendation"], samples=32, seed=1).to_json()
    assert best["loss"] == 0 and best["verdict"] == "good"
    with pytest.raises(InputError, match="not a legal card") as bad:
        coach.rate_card(**pos_args, card=next(c for c in d["hands"][1]), samples=32)
    assert bad.value.field == "card"


def test_the_whole_round_is_checked_rated_as_played_and_saved_as_one_row(replayed):
    played = _played(replayed)
    bids = [44] + replayed["bids"][1:]
    rr = coach.coach_round(SEED, replayed["dealer"], bids, " ".join(played), samples=32)
    doc = rr.to_json()
    assert sum(doc["made"]) == 157 and doc["bids"] == bids
    assert doc["made"] == replayed["made"]  # the same cards: the same points
    assert doc["penalties"] == [abs(b - m) for b, m in zip(bids, doc["made"])]
    mine = [i for i in range(36) if (replayed["tricks"][i // 4]["leader"] + i % 4) % 4 == 0]
    assert [d["played"] for d in doc["decisions"]] == [played[i] for i in mine]
    # each verdict is the one the page got during play: rate_card with the cards before it and seed i + 1
    i = mine[0]
    again = coach.rate_card(" ".join(replayed["hands"][0]), replayed["trump_card"], 44, played[i],
                            " ".join(played[:i]), dealer=replayed["dealer"], samples=32, seed=i + 1).to_json()
    assert doc["decisions"][0] == again
    assert doc["summary"]["card_loss"] == pytest.approx(sum(d["loss"] for d in doc["decisions"]))
    assert sum(doc["summary"]["verdicts"].values()) == 9
    entry = coach.history_entry(rr, "coach")
    assert (entry.game, entry.source, entry.seat, entry.mode) == ("differenzler", "coach", "0", doc["trump"])
    assert entry.review["glance"]["score"] == {"bid": 44, "made": doc["made"][0], "penalty": doc["penalties"][0]}
    assert entry.positions == ()
    # a card the rules refuse, and a round not over, name "played"; four numbers are needed
    with pytest.raises(InputError) as bad:
        coach.coach_round(SEED, replayed["dealer"], bids, " ".join(played[:35]), samples=32)
    assert bad.value.field == "played"
    with pytest.raises(InputError) as bad:
        coach.coach_round(SEED, replayed["dealer"], bids, " ".join(played[1:] + played[:1]), samples=32)
    assert bad.value.field == "played"
    with pytest.raises(InputError) as bad:
        coach.coach_round(SEED, replayed["dealer"], bids[:3], " ".join(played), samples=32)
    assert bad.value.field == "bids"


def test_open_numbers_reach_the_verdicts_and_the_jw_bonus_the_penalty(replayed):
    played = _played(replayed)
    bids = [replayed["made"][0]] + replayed["bids"][1:]  # seat 0 hits its number exactly
    doc = coach.coach_round(SEED, replayed["dealer"], ",".join(map(str, bids)), played, rules="differenzler-jw",
                            open=True, samples=16).to_json()
    assert doc["open"] is True and doc["exact_bonus"] == 10
    assert doc["penalties"][0] == -10  # |B - M| less the bonus of an exact hit
    assert doc["penalties"][1:] == [abs(b - m) for b, m in zip(bids[1:], doc["made"][1:])]
    # with open numbers the coach's worlds know the others' numbers: the verdict is play-advice's with bids
    i = next(i for i in range(36) if (replayed["tricks"][i // 4]["leader"] + i % 4) % 4 == 0)
    known = coach.rate_card(" ".join(replayed["hands"][0]), replayed["trump_card"], bids[0], played[i],
                            " ".join(played[:i]), dealer=replayed["dealer"], bids=bids[1:], rules="differenzler-jw",
                            samples=16, seed=i + 1).to_json()
    assert doc["decisions"][0] == known
