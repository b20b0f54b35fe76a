"""Plain-Python reference rules of two-player cribbage: slow and obvious, written from the rules
(docs/cribbage.md) without the kernels' tricks. Cards are ``suit * 13 + rank`` (ace = 0)."""

from __future__ import annotations

from itertools import combinations


def rank(c):
    return c % 13


def suit(c):
    return c // 13


def value(c):
    return min(rank(c) + 1, 10)


def is_run(cards):
    ranks = sorted(rank(c) for c in cards)
    return all(b == a + 1 for a, b in zip(ranks, ranks[1:]))


def ref_fifteens(cards):
    return sum(2 for n in range(2, len(cards) + 1) for combo in combinations(cards, n)
               if sum(value(c) for c in combo) == 15)


def ref_pairs(cards):
    return sum(2 for a, b in combinations(cards, 2) if rank(a) == rank(b))


def ref_runs(cards):
    """The longest run length L present; L points for every L-card subset that is a run."""
    for n in range(len(cards), 2, -1):
        found = [combo for combo in combinations(cards, n) if is_run(combo)]
        if found:
            return n * len(found)
    return 0


def ref_flush(hand, starter, crib):
    if len({suit(c) for c in hand}) != 1:
        return 0
    if starter is not None and suit(starter) == suit(hand[0]):
        return 5
    return 0 if crib else 4


def ref_nobs(hand, starter):
    if starter is None:
        return 0
    return int(any(rank(c) == 10 and suit(c) == suit(starter) for c in hand))


def ref_score(hand, starter, crib=False):
    """Points of four cards ``hand`` and ``starter`` (None: the four alone), hand or crib rules."""
    cards = list(hand) + ([starter] if starter is not None else [])
    return (ref_fifteens(cards) + ref_pairs(cards) + ref_runs(cards) + ref_flush(hand, starter, crib)
            + ref_nobs(hand, starter))


def ref_peg_points(seq):
    """Points for the last card of ``seq`` (the cards of the current count, in play order)."""
    count = sum(value(c) for c in seq)
    pts = 2 * (count == 15) + 2 * (count == 31)
    same = 1
    while same < len(seq) and rank(seq[-1 - same]) == rank(seq[-1]):
        same += 1
    pts += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for n in range(len(seq), 2, -1):
        tail = seq[-n:]
        if len({rank(c) for c in tail}) == n and is_run(tail):
            pts += n
            break
    return pts


def ref_check_pegging(events, kept, pone):
    """Check a hand's pegging ``events`` (dicts: ``player``, ``card`` or None for a go or last-card
    point, ``count``, ``points``) against the rules, the players holding ``kept[p]`` (four cards
    each) and ``pone`` leading; return the pegging points per player. Raises AssertionError at
    the first event the rules forbid. (Allows the event list to stop early: the game may end.)"""
    others = {p: q for p, q in zip(kept, reversed(list(kept)))}
    left = {p: list(cards) for p, cards in kept.items()}
    points = {p: 0 for p in kept}
    seq, count, last, expected = [], 0, None, pone
    for e in events:
        if e["card"] is None:
            assert e["player"] == last and e["points"] == 1 and e["count"] == count > 0
            assert all(count + value(c) > 31 for p in left for c in left[p])   # nobody can play
            seq, count = [], 0
            expected = others[last]
        else:
            c, p = e["card"], e["player"]
            if p != expected:  # the expected player said go: he has nothing playable
                assert all(count + value(x) > 31 for x in left[expected])
            left[p].remove(c)
            seq.append(c)
            count += value(c)
            assert count <= 31 and e["count"] == count
            assert e["points"] == ref_peg_points(seq)
            last, expected = p, others[p]
            if count == 31:
                seq, count = [], 0
        points[e["player"]] += e["points"]
    return points, left


def ref_greedy_play(hand, seq):
    """The ``greedy`` pegging player's card: the most points now; among equals one that does not
    leave a count of 5 or 21, then the highest value, then a ten-card (J, Q, K) over a ten; first
    of equals."""
    count = sum(value(c) for c in seq)
    best, best_key = None, None
    for c in hand:
        new = count + value(c)
        if new > 31:
            continue
        key = (ref_peg_points(seq + [c]), new not in (5, 21), value(c), rank(c) >= 9)
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def ref_peg_hand(kept, pone, choose, scores=None):
    """Peg one hand: ``kept[p]`` the four cards of player ``p``, ``pone`` leads, player ``p`` plays
    ``choose(p, hand, seq, played)`` (``seq`` the current count, ``played`` every card played so
    far; ``hand`` in the kernels' order, which decides between equal cards). Returns the pegging
    points per player. With ``scores`` (the game's, updated) play stops when one reaches 121."""
    left = [list(kept[0]), list(kept[1])]
    points = [0, 0]
    seq, played, turn, last = [], [], pone, None
    while (left[0] or left[1]) and not (scores and max(scores[0] + points[0], scores[1] + points[1]) >= 121):
        count = sum(value(c) for c in seq)
        if any(count + value(c) <= 31 for c in left[turn]):
            c = choose(turn, left[turn], seq, played)
            i = left[turn].index(c)
            left[turn][i] = left[turn][-1]  # the kernels' order: the last card takes the played one's place
            left[turn].pop()
            seq.append(c)
            played.append(c)
            points[turn] += ref_peg_points(seq)
            last, turn = turn, 1 - turn
            if sum(value(x) for x in seq) == 31:
                seq = []
        elif any(count + value(c) <= 31 for c in left[1 - turn]):
            turn = 1 - turn
        else:
            points[last] += 1
            seq, turn = [], 1 - last
    if seq and not (scores and max(scores[0] + points[0], scores[1] + points[1]) >= 121):
        points[last] += 1
    if scores:
        scores[0] += points[0]
        scores[1] += points[1]
    return points


PAIRS = list(combinations(range(6), 2))


def ref_choose_discard(policy, six, sign, crib_table, below):
    """The pair of positions the ``random`` (0), ``greedy`` (1) or ``expect`` (2) player throws
    (first of equals; ``below(n)`` is the generator)."""
    if policy == 0:
        return PAIRS[below(15)]
    values = []
    for i, j in PAIRS:
        kept = [six[a] for a in range(6) if a not in (i, j)]
        if policy == 1:
            ri, rj = rank(six[i]), rank(six[j])
            values.append(float(ref_score(kept, None) + sign * (2 * (ri == rj) + 2 * (value(six[i]) + value(six[j]) == 15))))
        else:
            starters = [c for c in range(52) if c not in six]
            values.append(sum(ref_score(kept, s) for s in starters) / 46.0 + sign * crib_table[rank(six[i]), rank(six[j])])
    return PAIRS[values.index(max(values))]


def ref_play_game(first_dealer, players, crib_table, deck_below, play_below):
    """A whole game by the rules of docs/cribbage.md: each hand deals 13 cards by a partial
    shuffle (``deck_below(n)``; the pone's six, the dealer's six, the starter), the pone then the
    dealer throw by ``players[p]`` (0 random, 1 greedy, 2 expect: discard and pegging), his heels,
    the pegging (random or greedy play), the pone's hand, the dealer's hand, the crib; the game stops
    the moment a score reaches 121. Returns the final scores."""
    scores = [0, 0]
    dealer = first_dealer

    def peg_choice(p, hand, seq, played):
        count = sum(value(c) for c in seq)
        if players[p] == 0:
            playable = [c for c in hand if count + value(c) <= 31]
            return playable[play_below(len(playable))]
        return ref_greedy_play(hand, seq)

    while True:
        pone = 1 - dealer
        deck = list(range(52))
        for i in range(13):
            j = i + deck_below(52 - i)
            deck[i], deck[j] = deck[j], deck[i]
        six = {pone: deck[:6], dealer: deck[6:12]}
        starter = deck[12]
        crib, kept = [], {}
        for p in (pone, dealer):
            i, j = ref_choose_discard(players[p], six[p], 1 if p == dealer else -1, crib_table, play_below)
            crib += [six[p][i], six[p][j]]
            kept[p] = [six[p][a] for a in range(6) if a not in (i, j)]
        scores[dealer] += 2 if rank(starter) == 10 else 0
        if max(scores) >= 121:
            return scores
        ref_peg_hand([kept[0], kept[1]], pone, peg_choice, scores)
        for p, cards, is_crib in ((pone, kept[pone], False), (dealer, kept[dealer], False), (dealer, crib, True)):
            if max(scores) >= 121:
                return scores
            scores[p] += ref_score(cards, starter, is_crib)
        if max(scores) >= 121:
            return scores
        dealer = 1 - dealer


def ref_rest_value(hands, seq, turn, last):
    """Minimax of the rest of a pegging hand with all cards face up: player 0's points minus
    player 1's from here, ``hands[p]`` the cards player ``p`` holds, ``seq`` the current count,
    ``turn`` to play, ``last`` the last player who played."""
    count = sum(value(c) for c in seq)
    if not hands[0] and not hands[1]:
        return (1 if last == 0 else -1) if seq else 0

    def playable(p):
        return [c for c in hands[p] if count + value(c) <= 31]

    if not playable(turn):
        if playable(1 - turn):
            return ref_rest_value(hands, seq, 1 - turn, last)
        return (1 if last == 0 else -1) + ref_rest_value(hands, [], 1 - last, last)
    values = []
    for c in playable(turn):
        after = [list(h) for h in hands]
        after[turn].remove(c)
        nxt = seq + [c]
        pts = ref_peg_points(nxt)
        values.append((1 if turn == 0 else -1) * pts
                      + ref_rest_value(after, [] if count + value(c) == 31 else nxt, 1 - turn, turn))
    return max(values) if turn == 0 else min(values)


def ref_search_values(hand, worlds, seq):
    """Per card of ``hand``: None if it cannot be played or an earlier card has its rank, else the
    sum over the opponent hands ``worlds`` of its points now plus :func:`ref_rest_value` after it
    (the opponent to play)."""
    count = sum(value(c) for c in seq)
    out = []
    for i, c in enumerate(hand):
        if count + value(c) > 31 or any(rank(x) == rank(c) for x in hand[:i]):
            out.append(None)
            continue
        nxt = seq + [c]
        rest = [x for x in hand if x != c]
        after = [] if count + value(c) == 31 else nxt
        out.append(sum(ref_peg_points(nxt) + ref_rest_value([rest, list(w)], after, 1, 0) for w in worlds))
    return out


def ref_rest_split(hands, seq, turn, last):
    """(player 0's points, player 1's points) from here to the end of the hand along the minimax
    line of :func:`ref_rest_value` (all cards face up); among lines of equal difference the player
    to move takes the one with more points for himself."""
    count = sum(value(c) for c in seq)
    if not hands[0] and not hands[1]:
        if not seq:
            return 0, 0
        return (1, 0) if last == 0 else (0, 1)

    def playable(p):
        return [c for c in hands[p] if count + value(c) <= 31]

    if not playable(turn):
        if playable(1 - turn):
            return ref_rest_split(hands, seq, 1 - turn, last)
        o, t = ref_rest_split(hands, [], 1 - last, last)
        return (o + 1, t) if last == 0 else (o, t + 1)
    best = None
    for c in playable(turn):
        after = [list(h) for h in hands]
        after[turn].remove(c)
        nxt = seq + [c]
        pts = ref_peg_points(nxt)
        o, t = ref_rest_split(after, [] if count + value(c) == 31 else nxt, 1 - turn, turn)
        o, t = (o + pts, t) if turn == 0 else (o, t + pts)
        key = (o - t, o) if turn == 0 else (t - o, t)
        if best is None or key > best[0]:
            best = (key, (o, t))
    return best[1]


def ref_advice_sums(left, seq, opp_n, pool):
    """Per card of ``left`` (None if it cannot be played on ``seq``): the sums over every
    ``opp_n``-card hand of the opponent from ``pool`` (each subset once) of both players' points
    from now to the end of the hand when player 0 plays it (its own points included), and the
    number of hands: ``(sum_ours, sum_theirs, hands)``."""
    count = sum(value(c) for c in seq)
    hands = list(combinations(pool, opp_n))
    out = []
    for c in left:
        if count + value(c) > 31:
            out.append(None)
            continue
        nxt = seq + [c]
        pts = ref_peg_points(nxt)
        rest = [x for x in left if x != c]
        so = st = 0
        for opp in hands:
            o, t = ref_rest_split([rest, list(opp)], [] if count + value(c) == 31 else nxt, 1, 0)
            so += pts + o
            st += t
        out.append((so, st, len(hands)))
    return out
