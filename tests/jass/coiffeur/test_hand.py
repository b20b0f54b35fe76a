"""A hand's Coiffeur points: the round engine's score with the Stöck taken out equals the
reference rules' Coiffeur score (card points with the last 5, Matsch 157 + 100, no Weis, no
Stöck) in every round mode (Misère: the opponents' points), and every sampled round shares out 157
points (257 after a Matsch) in the chibre modes; the new forms are evaluated on the same deals."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.jass.coiffeur.hand import ALL_MODES, MODES, NO_WEIS, coiffeur_points, hand_points
from jass_sim.jass.players import PLAYERS
from jass_sim.jass.rules.round_modes import N_ROUND_MODES

from reference import ref_legal_moves, ref_play_round, ref_score_round


def _ref_coiffeur(hands, tricks, mode):
    """Reference: only card points (last trick's 5 included) and the Matsch bonus."""
    s = ref_score_round(hands, tricks, mode, NO_WEIS, 0)
    return [s[t]["cards"] + s[t]["match"] for t in range(2)], s


@pytest.mark.nojit
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_stoeck_taken_out_gives_the_reference_coiffeur_points(seed):
    rnd = random.Random(seed)
    deck = list(range(36))
    rnd.shuffle(deck)
    hands = [set(deck[9 * s:9 * s + 9]) for s in range(4)]
    masks = np.array([[sum(1 << c for c in h) for h in hands]], dtype=np.uint64)
    ours = np.zeros((1, 6), dtype=np.int64)
    theirs = np.zeros((1, 6), dtype=np.int64)
    flags = np.zeros((1, 6), dtype=np.int64)
    want = np.zeros((2, 6), dtype=np.int64)
    for mode in range(6):
        tricks = ref_play_round(hands, mode, 0, lambda seat, legal, hand, trick: rnd.choice(sorted(legal)))
        (w0, w1), s = _ref_coiffeur(hands, tricks, mode)
        ours[0, mode], theirs[0, mode] = s[0]["total"], s[1]["total"]  # the engine's totals: with Stöck
        flags[0, mode] = (1 if s[0]["match"] else 0) | (2 if s[1]["match"] else 0)
        want[:, mode] = (w0, w1)
    o, t = coiffeur_points(ours, theirs, flags, masks)
    assert o[0].tolist() == want[0].tolist() and t[0].tolist() == want[1].tolist()
    assert ref_legal_moves  # the reference module is the spec


def test_sampled_rounds_share_out_157_or_257_points():
    """With ``net``, the player of the shipped table and of the advise tests (one compiled kernel)."""
    hand = sum(1 << c for c in (0, 5, 8, 7, 6, 20, 30, 31, 35))
    o, t = hand_points(hand, [PLAYERS.code("net")] * 4, seed=1, first_sample=0, n_samples=64)
    total = o + t
    assert set(np.unique(total)) <= {157, 257}
    assert (o >= 0).all() and (t >= 0).all()


@pytest.mark.nojit
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(st.integers(6, N_ROUND_MODES - 1), min_size=1, max_size=6),
       st.sampled_from([100, 50]))
def test_the_new_forms_give_the_reference_coiffeur_points_misere_the_opponents(seed, new_modes, bonus):
    """Slalom, Guschti, Misère, 3x3 (round modes 6..36): the engine's totals (Stöck of a 3x3's trump
    counted) with the Stöck taken out and the Matsch bonus set are the reference's card points and
    Matsch, each trick in its own mode; in Misère a team is credited with what the other made."""
    from reference import ref_is_misere

    rnd = random.Random(seed)
    deck = list(range(36))
    rnd.shuffle(deck)
    hands = [set(deck[9 * s:9 * s + 9]) for s in range(4)]
    masks = np.array([[sum(1 << c for c in h) for h in hands]], dtype=np.uint64)
    modes = tuple(new_modes) + (0,)
    n = len(modes)
    ours, theirs, flags = (np.zeros((1, n), dtype=np.int64) for _ in range(3))
    want = np.zeros((2, n), dtype=np.int64)
    for j, mode in enumerate(modes):
        tricks = ref_play_round(hands, mode, 0, lambda seat, legal, hand, trick: rnd.choice(sorted(legal)))
        s = ref_score_round(hands, tricks, mode, NO_WEIS, 0)
        ours[0, j], theirs[0, j] = s[0]["total"], s[1]["total"]
        flags[0, j] = (1 if s[0]["match"] else 0) | (2 if s[1]["match"] else 0)
        made = [s[t]["cards"] + (bonus if s[t]["match"] else 0) for t in range(2)]
        want[:, j] = made[::-1] if ref_is_misere(mode) else made
    o, t = coiffeur_points(ours, theirs, flags, masks, bonus, modes)
    assert o[0].tolist() == want[0].tolist() and t[0].tolist() == want[1].tolist()


def test_the_new_forms_are_played_on_the_same_deals_as_the_chibre_modes():
    """Every round mode of a sample starts from the same deal and random state: the chibre columns
    of an all-modes evaluation are those of a chibre-only one (the table's new columns were added
    to the old ones that way), and a Misère round's credit is the other side of the same deal."""
    hand = sum(1 << c for c in (0, 5, 8, 7, 6, 20, 30, 31, 35))
    net = [PLAYERS.code("net")] * 4
    o6, t6 = hand_points(hand, net, seed=1, first_sample=0, n_samples=64)
    o, t = hand_points(hand, net, seed=1, first_sample=0, n_samples=64, modes=ALL_MODES)
    assert o.shape == (64, N_ROUND_MODES)
    assert (o[:, :len(MODES)] == o6).all() and (t[:, :len(MODES)] == t6).all()
    sub_o, _ = hand_points(hand, net, seed=1, first_sample=0, n_samples=64, modes=(10, 6, 20))
    assert (sub_o == o[:, [10, 6, 20]]).all()  # a mode's points do not depend on the others evaluated
    for m in (10, 11):  # Misère Obenabe/Undenufe: one mode's card points all along, shared 157 (257)
        assert set(np.unique(o[:, m] + t[:, m])) <= {157, 257}
    assert (o >= 0).all() and (t >= 0).all()
