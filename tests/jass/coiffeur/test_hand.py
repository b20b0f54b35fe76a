"""A hand's Coiffeur points: the round engine's score with the Stöck taken out equals the
reference rules' Coiffeur score (card points with the last 5, Matsch 157 + 100, no Weis, no
Stöck), and every sampled round shares out 157 points (257 after a Matsch)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jass_sim.jass.coiffeur.hand import NO_WEIS, coiffeur_points, hand_points
from jass_sim.jass.players import PLAYERS

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
