"""``advise --policy dd``: each option's per-deal result is the double-dummy value of the deal
(``jass-sim solve``) plus melds, stöck and match scored by the plain-Python reference."""

from __future__ import annotations

import pytest

from jass_sim.core.errors import InputError
from jass_sim.core.notation import cards_to_mask
from jass_sim.jass.advise.advice import advise
from jass_sim.jass.advise.sampling import sample_deals
from jass_sim.jass.cards import mask_to_cards, parse_cards
from jass_sim.jass.rules import get_rules
from jass_sim.jass.solver import Solver

from reference import MATCH_BONUS, STOECK_POINTS, ref_announcement, ref_has_stoeck, ref_meld_winner

HAND = "H6 H7 H8 SA SK SQ DJ C9 CT"  # a run of three and a run of three: melds at stake
SEED = 5
SAMPLES = 3


def expected_totals(deal, mode, rules):
    """Both teams' round totals: card points from the solver, the rest from the reference."""
    hands = [mask_to_cards(int(h)) for h in deal]
    solved = Solver(log2_tt=18).solve(hands, mode, 0, match=True, moves=False)
    cards = [solved.team0, solved.team1]
    anns = [ref_announcement(set(h), rules, mode) for h in hands]
    meld_team = ref_meld_winner(anns, mode, 0)
    melds = [0, 0]
    if meld_team is not None:
        melds[meld_team] = sum(m.points for seat in (meld_team, meld_team + 2) for m in anns[seat])
    stoeck = [sum(STOECK_POINTS for s in (t, t + 2) if ref_has_stoeck(set(hands[s]), mode)) for t in (0, 1)]
    for team in (0, 1):
        if cards[team] == 157 + MATCH_BONUS:  # a match: the beaten team's melds and stöck are void
            melds[1 - team] = stoeck[1 - team] = 0
    return [(cards[t] + melds[t] + stoeck[t]) * rules.multipliers[mode] for t in (0, 1)]


@pytest.mark.parametrize("rules_name", ["chibre", "schieber"])
def test_dd_option_values_are_solver_values(rules_name):
    rules = get_rules(rules_name)
    result = advise(HAND, rules=rules_name, policy="dd", options="OBE,UNE", samples=SAMPLES, seed=SEED)
    deals = sample_deals(cards_to_mask(parse_cards(HAND)), SEED, 0, SAMPLES)
    assert result.samples.ours.shape == (SAMPLES, 2)
    for o, mode in enumerate(result.options):
        for s in range(SAMPLES):
            ours, theirs = expected_totals(deals[s], mode, rules)
            assert (result.samples.ours[s, o], result.samples.theirs[s, o]) == (ours, theirs)
    assert result.table["samples"].tolist() == [SAMPLES, SAMPLES]


def test_dd_deals_are_the_deals_of_the_other_policies():
    """The same seed samples the same deals whatever the policy (common random numbers across
    policies too): the heuristic run's meld points match the dd run's on every deal."""
    dd = advise(HAND, policy="dd", options="OBE", samples=SAMPLES, seed=SEED)
    heur = advise(HAND, policy="heuristic", options="OBE", samples=SAMPLES, seed=SEED)
    # melds counted for us depend only on the deal (and on a match, rare here): compare deal by deal
    same = (dd.samples.melds == heur.samples.melds) | (dd.samples.flags != 0) | (heur.samples.flags != 0)
    assert same.all()


def test_dd_refuses_the_search_partner_model():
    with pytest.raises(InputError, match="search"):
        advise(HAND, policy="dd", partner_model="search", samples=2)


def test_dd_fitted_partner_picks_by_the_partner_model(monkeypatch):
    """With the ``fitted`` partner, dd's partner picks by the partner model (not the chooser's
    weights). The card play is not what is tested here: the solver is replaced by a fixed answer."""
    import numpy as np

    import jass_sim.jass.solver as solver_module
    from jass_sim.jass.advise.dd import advise_dd_samples
    from jass_sim.jass.advise.sampling import CHIBRE
    from jass_sim.jass.modes.features import TRUMP_FEATURES, fitted_best, partner_params
    from jass_sim.jass.modes.weights import default_mode_params

    class Fixed:
        def __init__(self, **kwargs):
            pass

        def solve(self, hands, mode, leader, **kwargs):
            return type("Solved", (), {"team0": 80, "team1": 77})()

    monkeypatch.setattr(solver_module, "Solver", Fixed)
    rules = get_rules("chibre")
    hand = cards_to_mask(parse_cards(HAND))
    s = advise_dd_samples(hand, rules, [CHIBRE], leader=0, seed=SEED, first_sample=0, n_samples=64,
                          fitted_partner=True)
    params, modes, mults = default_mode_params(rules), np.asarray(rules.modes, dtype=np.int64), rules.arrays()[2]
    deals = sample_deals(hand, SEED, 0, 64)
    model = [fitted_best(d[2], modes, mults, partner_params(params), np.zeros(TRUMP_FEATURES))[0] for d in deals]
    chooser = [fitted_best(d[2], modes, mults, params, np.zeros(TRUMP_FEATURES))[0] for d in deals]
    assert s.partner_modes.tolist() == model and model != chooser
