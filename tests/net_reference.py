"""Plain-Python reference of what the ``net`` player sees, and of its forward pass.

Written from the feature table in ``jass_sim/jass/players/_net_features.py``'s docstring,
with the rules of ``reference.py``; nothing here is compiled or shared with the kernels except
the block offsets (the numbering of the inputs).
"""

from __future__ import annotations

import numpy as np

from jass_sim.jass.players import _net_features as F

from reference import is_trump_mode, ref_card_points, ref_card_strength, ref_trick_winner


def canonical_suit(suit: int, mode: int) -> int:
    if not is_trump_mode(mode):
        return suit
    if suit == mode:
        return 0
    others = [s for s in range(4) if s != mode]
    return 1 + others.index(suit)


def canonical_card(card: int, mode: int) -> int:
    return 9 * canonical_suit(card // 9, mode) + card % 9


def ref_view(seat, initial, tricks, t, i, mode, declarer, shown):
    """Active features (a set) of ``seat`` before card ``i`` of trick ``t``.

    ``initial``: the four dealt hands (sets); ``tricks``: the whole round as ``(leader, cards)``;
    ``shown``: the meld cards each seat showed (sets).
    """
    rel = lambda s: (s - seat) % 4  # noqa: E731
    feats = set()
    seen_cards = [(tricks[k][0], tricks[k][1]) for k in range(t)]
    current_leader, current_all = tricks[t]
    current = current_all[:i]
    played = set()
    for leader, cards in seen_cards + [(current_leader, current)]:
        played |= set(cards)
    hand = initial[seat] - played
    feats |= {F.F_HAND + canonical_card(c, mode) for c in hand}
    ours = theirs = won = 0
    for leader, cards in seen_cards:
        for k, c in enumerate(cards):
            s = (leader + k) % 4
            feats.add(F.F_PLAYED + 36 * rel(s) + canonical_card(c, mode))
            if k == 0:
                feats.add(F.F_LED + 36 * rel(s) + canonical_card(c, mode))
        winner = (leader + ref_trick_winner(cards, mode)) % 4
        pts = sum(ref_card_points(c, mode) for c in cards)
        if winner % 2 == seat % 2:
            ours += pts
            won += 1
        else:
            theirs += pts
    for k, c in enumerate(current):
        feats.add(F.F_TRICK + 36 * (rel(current_leader + k) - 1) + canonical_card(c, mode))
    # voids: a seat that did not follow the led suit (a trump played to a trump lead is following,
    # a trump played to a plain lead says nothing)
    for leader, cards in seen_cards + [(current_leader, current)]:
        if not cards:
            continue
        led = cards[0] // 9
        for k, c in enumerate(cards[1:], start=1):
            s = (leader + k) % 4
            if c // 9 != led and not (is_trump_mode(mode) and c // 9 == mode and led != mode) and s != seat:
                feats.add(F.F_VOID + 4 * (rel(s) - 1) + canonical_suit(led, mode))
    for s in range(4):
        if s != seat:
            for c in shown[s] - played:
                feats.add(F.F_SHOWN + 36 * (rel(s) - 1) + canonical_card(c, mode))
    feats.add(F.F_MODE + (0 if is_trump_mode(mode) else mode - 3))
    feats.add(F.F_DECLARER + rel(declarer))
    if declarer != tricks[0][0]:
        feats.add(F.F_PUSHED)
    feats.add(F.F_TRICK_NO + t)
    feats.add(F.F_POSITION + i)
    if i > 0:
        feats.add(F.F_WINNING + rel(current_leader + ref_trick_winner(current, mode)) - 1)
    if t > 0 and won == t:
        feats.add(F.F_MATCH)
    if t > 0 and won == 0:
        feats.add(F.F_MATCH + 1)
    feats.add(F.F_OUR_POINTS + min(ours // 20, 7))
    feats.add(F.F_THEIR_POINTS + min(theirs // 20, 7))
    tp = sum(ref_card_points(c, mode) for c in current)
    feats.add(F.F_TRICK_POINTS + (0 if tp == 0 else 1 if tp < 10 else 2 if tp < 20 else 3))
    unseen = set(range(36)) - hand - played
    for c in hand:
        beaten_by = [o for o in unseen if o // 9 == c // 9 and ref_card_strength(o, mode) > ref_card_strength(c, mode)]
        if not beaten_by:
            feats.add(F.F_MASTER + canonical_card(c, mode))
    for suit in range(4):
        feats.add(F.F_UNSEEN + 10 * canonical_suit(suit, mode) + sum(1 for c in unseen if c // 9 == suit))
    if current:
        winning = current[ref_trick_winner(current, mode)]

        def takes(c):  # c played now beats the winning card
            return ref_trick_winner([winning, c], mode) == 1 if c // 9 == winning // 9 or (
                is_trump_mode(mode) and c // 9 == mode) else False

        for c in hand:
            if takes(c):
                feats.add(F.F_WINS_NOW + canonical_card(c, mode))
        if not any(takes(c) for c in unseen):
            feats.add(F.F_SAFE)
    return feats


def ref_forward(layers: dict, feats: set[int]) -> np.ndarray:
    """The network's 36 outputs (canonical cards) for the active features, in float64."""
    x = np.zeros(F.N_FEATURES)
    x[sorted(feats)] = 1.0
    h1 = np.maximum(x @ layers["W1"].astype(np.float64) + layers["b1"], 0)
    h2 = np.maximum(h1 @ layers["W2"].astype(np.float64) + layers["b2"], 0)
    return h2 @ layers["W3"].astype(np.float64).T + layers["b3"]


def ref_quantized_forward(q: dict, feats: set[int]) -> np.ndarray:
    """The 36 outputs of the network as the kernels run it (:func:`~jass_sim.jass.players.net.quantize`):
    the int16 first layer summed exactly in Python integers, the rest in float64."""
    z1 = [int(b) for b in q["b1q"]]
    for f in sorted(feats):
        z1 = [a + int(b) for a, b in zip(z1, q["W1q"][f])]
    assert all(abs(a) <= 32767 for a in z1)  # the scales leave no room for an overflow
    h1 = np.maximum(np.array(z1, dtype=np.float64), 0)
    h2 = np.maximum(h1 @ q["W2s"].astype(np.float64) + q["b2"], 0)
    return h2 @ q["W3"].astype(np.float64).T + q["b3"]
