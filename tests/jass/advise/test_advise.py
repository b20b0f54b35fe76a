"""``advise``: recommendations a player would agree with, honest paired CIs, reproducibility."""

from __future__ import annotations

import numba
import numpy as np
import pytest
from jit_mode import NO_JIT

from jass_sim.core.errors import InputError
from jass_sim.jass.advise.advice import advise, paired_lead
from jass_sim.jass.advise.sampling import CHIBRE

STRONG_HEARTS = "HJ H9 HA HK HQ SA DA CA C6"
JUNK = "H8 HT D9 DQ SJ S8 C9 CQ D7"


def test_obvious_trump_hand_recommends_that_suit_by_a_wide_margin():
    a = advise(STRONG_HEARTS, samples=2000, seed=1)
    assert a.best_option == 0 and a.recommendation == "H"
    assert a.lead[1] > 15  # the lead's 95% CI is far from zero (17.8 under stop 39's net: chibre with its better partner play comes nearer)
    assert a.sentence.startswith("Choose ♥: +")


def test_low_cards_without_trump_prospects_recommend_chibre():
    a = advise(JUNK, samples=2000, seed=1)
    assert a.best_option == CHIBRE and a.recommendation == "chibre" and a.lead[1] > 0
    assert a.sentence.startswith("Chibre: +")


def test_after_chibre_there_is_no_chibre_option_and_partner_leads():
    a = advise(JUNK, samples=500, seed=1, chibred=True)
    assert CHIBRE not in a.options and a.options == [0, 1, 2, 3, 4, 5]
    with pytest.raises(InputError, match="already chibred"):
        advise(JUNK, samples=500, options="H,chibre", chibred=True)


def test_same_seed_same_answer_on_any_thread_count():
    one = advise(STRONG_HEARTS, samples=700, seed=5, threads=1).to_json()
    two = advise(STRONG_HEARTS, samples=700, seed=5, threads=2).to_json()
    assert one == two
    assert advise(STRONG_HEARTS, samples=700, seed=6).to_json() != one


def test_json_contract():
    doc = advise(JUNK, samples=300, seed=2).to_json()
    assert {"hand", "rules", "policy", "samples", "seed", "options", "recommendation", "lead_over_next"} <= set(doc)
    assert [o["option"] for o in doc["options"]] == ["H", "D", "S", "C", "OBE", "UNE", "chibre"]
    for o in doc["options"]:
        assert {"option", "mean_ours", "mean_theirs", "mean_diff", "ci95_diff", "p_match_ours",
                "p_match_theirs", "mean_meld_points"} <= set(o)
        lo, hi = o["ci95_diff"]
        assert lo < o["mean_diff"] < hi
        assert o["mean_diff"] == pytest.approx(o["mean_ours"] - o["mean_theirs"])
    chibre = doc["options"][-1]
    assert sum(chibre["partner_choices"].values()) == pytest.approx(1)
    assert doc["lead_over_next"]["option"] in {o["option"] for o in doc["options"]}
    assert doc["samples"] == 300 and doc["hand"][0] == "H8"


def test_ci_mode_reaches_the_requested_half_width():
    a = advise(STRONG_HEARTS, ci=4.0, seed=3, max_samples=50_000)
    _, lo, hi = a.lead
    assert (hi - lo) / 2 <= 4.0 and a.n < 50_000
    capped = advise(JUNK, ci=0.01, seed=3, max_samples=2_000)
    assert capped.n == 2_000


def test_paired_comparison_is_tighter_than_unpaired():
    a = advise(STRONG_HEARTS, samples=2000, seed=4)
    i, j = 0, a.options.index(CHIBRE)
    _, lo, hi = paired_lead(a.samples, i, j)
    unpaired = np.hypot(*(a.table.loc[k, "ci95_diff_hi"] - a.table.loc[k, "mean_diff"] for k in (i, j)))
    assert (hi - lo) / 2 < unpaired


def test_confidence_intervals_cover_the_long_run_value():
    """Coverage: many small runs' 95% intervals contain the long-run mean about 95% of the time
    (a property of the sampler, checked under the fast heuristic play)."""
    long = advise(JUNK, samples=60_000, seed=999, options="H,chibre", policy="heuristic").table
    truth = long["mean_diff"].to_numpy()
    hits = total = 0
    for seed in range(150):
        t = advise(JUNK, samples=150, seed=seed, options="H,chibre", policy="heuristic").table
        hits += int(((t["ci95_diff_lo"] <= truth) & (truth <= t["ci95_diff_hi"])).sum())
        total += len(t)
    assert 0.90 <= hits / total <= 0.985, hits / total


@pytest.mark.parametrize("hand,token", [
    ("HJ H9 HA SK SQ D6 C7 C8", "expected 9 cards, got 8"),
    ("HJ H9 HA SK SQ D6 C7 C8 CT CA", "expected 9 cards, got 10"),
    ("HJ H9 HA SK SQ D6 C7 C8 HJ", "duplicate card 'HJ'"),
    ("HJ H9 HA SK SQ D6 C7 C8 Z9", "unknown card 'Z9'"),
])
def test_bad_hands(hand, token):
    with pytest.raises(InputError, match=token):
        advise(hand, samples=10)


def test_forbidden_option_and_bad_numbers():
    from jass_sim.jass.rules import get_rules

    trumps_only = get_rules("chibre").replace(modes=(0, 1, 2, 3))
    with pytest.raises(InputError, match="'OBE' is not available"):
        advise(JUNK, rules=trumps_only, options="OBE", samples=10)
    with pytest.raises(InputError, match="--samples or --ci"):
        advise(JUNK, samples=10, ci=1.0)
    with pytest.raises(InputError, match="unknown policy 'clever'"):
        advise(JUNK, policy="clever", samples=10)


@pytest.mark.skipif(NO_JIT, reason="counts the compiled kernel's specialisations")
def test_one_kernel_per_player_set_with_or_without_a_score_or_fitted_partner():
    """advise with and without a score, with the evaluator or the fitted partner model, runs one
    compiled kernel for its player set (issue 50 item 8: each combination of ``None`` arguments was a
    compile of about 10-15 CPU s, in the suite and in a page session). Heuristic play: a set the
    suite compiles anyway; 64 samples (one block) are enough to run each path once."""
    from jass_sim.core.notation import cards_to_mask
    from jass_sim.jass.advise.sampling import PARTNER_EVALUATOR, PARTNER_FITTED, _advise_blocks_range, run_advise
    from jass_sim.jass.advise.score import equity_for
    from jass_sim.jass.cards import parse_cards
    from jass_sim.jass.players import PLAYERS
    from jass_sim.jass.players.player_set import player_set
    from jass_sim.jass.rules import get_rules

    rules = get_rules("chibre")
    policies = [PLAYERS.code("heuristic")] * 4
    hand = cards_to_mask(parse_cards(JUNK, count=9))
    table = equity_for(rules, "heuristic")
    runs = {}
    for partner in (PARTNER_EVALUATOR, PARTNER_FITTED):
        for game in (None, (0, 0, table)):
            runs[partner, game is None] = run_advise(hand, rules, [0, CHIBRE], policies, leader=0, seed=3,
                                                     first_sample=0, n_samples=64, partner_model=partner, game=game)
    assert all((s.win is None) == plain for (_, plain), s in runs.items())
    plain = runs[PARTNER_FITTED, True]
    assert (plain.ours == runs[PARTNER_FITTED, False].ours).all()  # the score changes nothing else
    assert (runs[PARTNER_EVALUATOR, True].ours[:, 0] == plain.ours[:, 0]).all()  # nor the partner, but chibre
    players = numba.typeof(player_set(policies))
    assert len([sig for sig in _advise_blocks_range.signatures if sig[2] == players]) == 1
