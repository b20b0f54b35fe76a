"""The double-dummy search kernels (power layout, see :mod:`._tables`).

Value of a position: the card points team 0 takes from the current trick on (the cards already
in the trick included), 5 for the last trick, and, when the match bonus is live, +50 if team 0
takes every trick of the round, -50 if team 1 does. Maximising this is maximising the zero-sum
difference ``team0 - team1`` of the round's points (match +100 included): ``2 * value - 157``.

``flag`` (2 bits): bit 0 set while team 0 may still take every trick of the round (team 1 has
won none), bit 1 the same for team 1; 0 when no match bonus is at stake (endgames).

Search: fail-soft zero-window alpha-beta (``_search`` answers "is the value >= gamma?" with a
bound), driven by bisection (``mtd``; a match is tested for first on its side); a transposition
table at trick boundaries keyed on the position's similarity class (relative ranks and owners of
the live cards, whatever their points; :mod:`._transposition`), which stores a lower and an
upper bound, the best lead and the live cards: the bounds carry over to every position of the
class give or take the points that differ (``_probe``; payoff similarity, which took full-deal
nodes down by three quarters against a table keyed on the position itself), and an enhanced
transposition cutoff at a trick's last card (``_table_cut``); equivalent-card pruning; ordered
moves; bounds on the points still to be won (:mod:`._bounds`: sure points from a decided
trick, a team's top trumps and the cards the leader can cash); once the hands hold
three cards or fewer, plain nested loops take over (:mod:`._endgame`: no frames, ordering or
bounds, which cost more than they save there); the table still answers first at three cards.

Scratch arrays shared by the kernels:

``hs``  uint64[4]       hands in the power layout (modified and restored during a search).
``tt``  uint64[N, 4]    transposition table, ``N`` a power of two; rows ``(keyA, keyB, data,
                        live cards)``.
``st``  int64[16]       ``st[0]`` node counter (in the endgame loops: a node per card of the
                        first of three tricks), ``st[1]`` table generation (entries of other
                        generations count as empty), ``st[2]`` zero-window searches run,
                        ``st[3]`` horizon: 0 to search to the end, else the search stops at
                        trick boundaries where each hand has ``st[3]`` cards and counts 0 for
                        the rest (a truncated game; set ``flag`` 0), ``st[4 + k]`` nodes with
                        ``k`` cards in the trick, ``st[14]`` node budget (0: none),
                        ``st[15]`` set to 1 when a search gave up on the budget (its result
                        is then meaningless; the hands are restored).
``fr``  int64[42, 36]   search frames (one per card played; rows 38..41 history counts),
                        ``fu`` uint64[38, 3] their masks and table keys.
"""

from __future__ import annotations

import numpy as np

from jass_sim.core.jit import U64_ONE, U64_ZERO, jit, lowest_bit, popcount, prefetch, select_bit
from jass_sim.jass.rules.presets import LAST_TRICK_BONUS
from jass_sim.jass.solver._bounds import _can_beat, _ruffable, node_bounds, value_bounds
from jass_sim.jass.solver._endgame import three_tricks, two_tricks
from jass_sim.jass.solver._play import (
    _SUIT9,
    INF,
    MATCH_HALF,
    _bit,
    _first_cards,
    _last_trick,
    beats_p,
    legal_p,
    take_p,
    top_of_suit,
)
from jass_sim.jass.solver._tables import PPTS, SUITM
from jass_sim.jass.solver._transposition import _key, _probe, _slot, _store

# an int64 zero, not the literal 0: a literal argument compiles the callee once more for its type
_I0 = np.int64(0)

FU_COLS = 3


def new_scratch():
    """``(hs, st, fr, fu)`` scratch arrays for one search thread."""
    st = np.zeros(16, dtype=np.int64)
    st[1] = 1
    return (np.zeros(4, dtype=np.uint64), st, np.zeros((42, FRAME_COLS), dtype=np.int64),
            np.zeros((38, FU_COLS), dtype=np.uint64))


# frame fields (int64 rows of ``fr``)
_LEADER, _K, _LED, _BEST, _BSEAT, _TPTS, _FLAG, _GAMMA, _NM, _IDX, _BESTV, _BESTC, _GAIN, _CUR, \
    _SEAT = range(15)
_MOVES = 16
_SCORES = 26
FRAME_COLS = 36
_HIST = 38  # rows 38..41 of ``fr``: history counts of cutoffs by seat and card
#: uint64 columns of ``fu``: trick mask, table key (two words)
_TM, _KA, _KB = range(FU_COLS)
_ENTER, _NEXT, _RETURN = 0, 1, 2


@jit
def search(hs, tt, st, fr, fu, mode, leader, k, led, best, bseat, tpts, tm, flag, gamma):
    """Fail-soft test of "value >= gamma": a lower bound of the value if the result is >= gamma,
    else an upper bound. The position: ``leader`` led the current trick, ``k`` cards of it are
    played (``tm`` their mask, ``tpts`` their points, ``led`` the led suit, ``best``/``bseat``
    the winning card and its seat); ``hs`` the hands.

    Iterative alpha-beta over an explicit stack of frames ``fr``/``fu`` (one per card played).
    """
    trump = mode if mode < 4 else -1
    gen = st[1]
    stop = st[3]
    # int64 from the start: a variable first bound to a literal is typed as that literal until the
    # loop unifies it, and a call in between compiles its callee once more for the literal
    d = _I0
    fr[d, _LEADER] = leader
    fr[d, _K] = k
    fr[d, _LED] = led
    fr[d, _BEST] = best
    fr[d, _BSEAT] = bseat
    fr[d, _TPTS] = tpts
    fr[d, _FLAG] = flag
    fr[d, _GAMMA] = gamma
    fu[0, _TM] = tm
    state = _ENTER
    v = 0
    while True:
        if state == _ENTER:
            st[0] += 1
            if st[0] > st[14] > 0:  # node budget exhausted: undo the path and give up
                st[15] = 1
                for j in range(d):
                    hs[fr[j, _SEAT]] ^= _bit(fr[j, _CUR])
                return 0
            leader = fr[d, _LEADER]
            k = fr[d, _K]
            flag = fr[d, _FLAG]
            gamma = fr[d, _GAMMA]
            tpts = fr[d, _TPTS]
            seat = (leader + k) & 3
            fr[d, _SEAT] = seat
            live = hs[0] | hs[1] | hs[2] | hs[3]
            hint = -1
            st[4 + k] += 1
            n = popcount(hs[seat])
            if k == 0:
                if n <= stop:
                    v = 0
                    state = _RETURN
                    continue
                flag = _live_flag(hs, live, trump, flag)
                fr[d, _FLAG] = flag
                if n >= 3:  # the table first: its bounds settle most revisits
                    ka, kb = _key(hs, live, mode, leader, flag, stop)
                    fu[d, _KA] = ka
                    fu[d, _KB] = kb
                    lb, ub, hint = _probe(tt, gen, ka, kb, live, hs[0] | hs[2], mode)
                    if lb >= gamma:
                        v = lb
                        state = _RETURN
                        continue
                    if ub < gamma:
                        v = ub
                        state = _RETURN
                        continue
            lo, hi = node_bounds(hs, live, fu[d, _TM], mode, trump, tpts, flag, stop, k, leader,
                                 fr[d, _LED], fr[d, _BEST], fr[d, _BSEAT])
            if lo >= gamma:
                v = lo
                state = _RETURN
                continue
            if hi < gamma:
                v = hi
                state = _RETURN
                continue
            if k == 0:
                if n <= 2:
                    v = two_tricks(hs, st, mode, trump, leader, flag, gamma) if n == 2 \
                        else _last_trick(hs, mode, trump, leader, flag)
                    state = _RETURN
                    continue
                if hint >= 0:
                    s = hint // 9
                    hint = 9 * s + select_bit((live >> np.uint64(9 * s)) & _SUIT9, hint % 9)
                if n == 3 and stop == 0:
                    v, bc3 = three_tricks(hs, st, mode, trump, leader, flag, gamma, hint)
                    fr[d, _BESTC] = bc3
                    _finish_boundary(tt, gen, hs, fr, fu, d, v)
                    state = _RETURN
                    continue
            led = fr[d, _LED]
            best = fr[d, _BEST]
            bseat = fr[d, _BSEAT]
            allin = live | fu[d, _TM]
            legal = legal_p(hs[seat], led, best, trump)
            nm = 0
            partner = k > 0 and (bseat & 1) == (seat & 1)
            x = _first_cards(legal, allin, mode)
            while x != U64_ZERO:
                c = lowest_bit(x)
                x &= x - U64_ONE
                bc = _bit(c)
                pts = PPTS[mode, c]
                above = allin & SUITM[c // 9] & ~((bc << U64_ONE) - U64_ONE)
                p = c % 9
                if k == 0:
                    cs = c // 9
                    if c == hint:
                        sc = 100000
                    elif trump >= 0 and cs == trump and (live & ~hs[seat] & ~hs[(seat + 2) & 3]
                                                         & SUITM[trump]) != U64_ZERO:
                        # the opponents hold trumps: draw them first, top trumps (highest
                        # first), then low towards partner's top trump, then other low trumps
                        if above == U64_ZERO:
                            sc = 60000 + 10 * pts + p
                        elif (hs[(seat + 2) & 3] >> np.uint64(top_of_suit(above, cs))) & U64_ONE:
                            sc = 57000 - 10 * pts - p
                        else:
                            sc = 55000 - 10 * pts - p
                    elif trump >= 0 and cs == trump:
                        sc = 7000 + 10 * pts + p  # the opponents hold no trump: lead it last
                    elif above == U64_ZERO:
                        sc = 50000 + 10 * pts + p
                        if trump >= 0 and cs != trump and _ruffable(hs, seat, cs, trump):
                            sc = 8000 + 10 * pts + p  # a top card an opponent can ruff
                    elif (hs[(seat + 2) & 3] >> np.uint64(top_of_suit(above, cs))) & U64_ONE:
                        sc = 40000 - 10 * pts - p
                    elif trump >= 0 and cs != trump and _ruffable(hs, seat, cs, trump):
                        sc = 5000 - 10 * pts - p  # a low card into an opponent's ruff
                    else:
                        sc = 10000 - 10 * pts - p
                else:
                    wins = beats_p(c, best, trump)
                    smear = False
                    low = False
                    if k == 3:
                        if partner:
                            sc = 30000 + 10 * pts - p
                            smear = True
                        elif wins:
                            if fr[d, _FLAG] == 0:
                                # no match at stake: the cheapest card that takes the trick
                                sc = 30000 - 10 * p + pts
                                if c // 9 != led:
                                    sc -= 200
                            else:
                                sc = 30000 + 10 * pts - p
                        else:
                            sc = 10000 - 10 * pts - p
                            low = True
                    elif partner:
                        # partner winning at third seat: smear if the fourth seat cannot beat
                        if not _can_beat(hs[(seat + 1) & 3], led, best, trump):
                            sc = 30000 + 10 * pts - p
                            smear = True
                        elif wins and not _can_beat(hs[(seat + 1) & 3], led, c, trump):
                            sc = 25000 + pts - p
                        else:
                            sc = 10000 - 10 * pts - p
                            low = True
                    elif wins:
                        if k == 1 and c // 9 == led and not _can_beat(hs[(seat + 1) & 3], led, c,
                                                                         trump):
                            sc = 30000 + 10 * pts - p  # second hand wins in the suit: sure
                        elif k == 2 and not _can_beat(hs[(seat + 1) & 3], led, c, trump):
                            sc = 30000 + 10 * pts - p
                        elif k == 1 and _can_beat(hs[(seat + 2) & 3], led, best, trump):
                            sc = 9000 - 10 * p + pts  # second hand low: partner can win
                        else:
                            sc = 20000 - 10 * p + pts
                            if c // 9 != led:  # ruffing: after every win in the suit
                                sc -= 200
                    else:
                        sc = 10000 - 10 * pts - p
                        low = True
                    if low and above == U64_ZERO:
                        sc -= 100  # a cheap card that does not take the trick: keep masters
                    if smear:
                        # smear points on partner's trick, but not a master or a trump
                        if above == U64_ZERO:
                            sc -= 400
                        if c // 9 == trump and led != trump:
                            sc -= 100
                sc *= 1024
                if popcount(hs[seat]) >= 9:
                    # history counts break ties in the first trick of a deal; deeper down
                    # they mislead more than they help (measured on the benchmark corpus)
                    sc += min(fr[_HIST + seat, c], 150000)
                i = nm
                while i > 0 and fr[d, _SCORES + i - 1] < sc:
                    fr[d, _MOVES + i] = fr[d, _MOVES + i - 1]
                    fr[d, _SCORES + i] = fr[d, _SCORES + i - 1]
                    i -= 1
                fr[d, _MOVES + i] = c
                fr[d, _SCORES + i] = sc
                nm += 1
            if k == 3 and stop == 0 and n >= 4:
                # the table slots of the positions after this trick: load them early
                for j in range(nm):
                    pa, pb, _, _ = _after_trick(hs, mode, trump, seat, fr[d, _MOVES + j], best,
                                                bseat, tpts, flag, stop)
                    sl = _slot(tt, pa, pb)
                    prefetch(tt, sl, 0)
                    prefetch(tt, sl + 2, 0)
            fr[d, _NM] = nm
            fr[d, _IDX] = 0
            fr[d, _BESTV] = -INF if (seat & 1) == 0 else INF
            fr[d, _BESTC] = -1
            state = _NEXT
        elif state == _NEXT:
            idx = fr[d, _IDX]
            if idx == fr[d, _NM]:
                v = fr[d, _BESTV]
                if fr[d, _K] == 0:
                    _finish_boundary(tt, gen, hs, fr, fu, d, v)
                state = _RETURN
                continue
            fr[d, _IDX] = idx + 1
            c = fr[d, _MOVES + idx]
            fr[d, _CUR] = c
            seat = fr[d, _SEAT]
            k = fr[d, _K]
            bc = _bit(c)
            hs[seat] ^= bc
            fu[d + 1, _TM] = fu[d, _TM] | bc
            fr[d + 1, _FLAG] = fr[d, _FLAG]
            fr[d + 1, _GAMMA] = fr[d, _GAMMA]
            fr[d, _GAIN] = 0
            if k == 0:
                fr[d + 1, _LEADER] = fr[d, _LEADER]
                fr[d + 1, _K] = 1
                fr[d + 1, _LED] = c // 9
                fr[d + 1, _BEST] = c
                fr[d + 1, _BSEAT] = seat
                fr[d + 1, _TPTS] = PPTS[mode, c]
                fu[d + 1, _TM] = bc
            else:
                nbest, nbseat = take_p(c, seat, fr[d, _BEST], fr[d, _BSEAT], trump)
                tp = fr[d, _TPTS] + PPTS[mode, c]
                if k < 3:
                    fr[d + 1, _LEADER] = fr[d, _LEADER]
                    fr[d + 1, _K] = k + 1
                    fr[d + 1, _LED] = fr[d, _LED]
                    fr[d + 1, _BEST] = nbest
                    fr[d + 1, _BSEAT] = nbseat
                    fr[d + 1, _TPTS] = tp
                else:
                    flag = fr[d, _FLAG]
                    if nbseat & 1:
                        nflag = flag & 2
                        gain = 0
                    else:
                        nflag = flag & 1
                        gain = tp
                    if hs[0] | hs[1] | hs[2] | hs[3] == U64_ZERO:  # that was the last trick
                        if nbseat & 1:
                            gain = -MATCH_HALF if nflag & 2 else 0
                        else:
                            gain += LAST_TRICK_BONUS + (MATCH_HALF if nflag & 1 else 0)
                    fr[d, _GAIN] = gain
                    fr[d + 1, _LEADER] = nbseat
                    fr[d + 1, _K] = 0
                    fr[d + 1, _LED] = -1
                    fr[d + 1, _BEST] = 0
                    fr[d + 1, _BSEAT] = 0
                    fr[d + 1, _TPTS] = 0
                    fr[d + 1, _FLAG] = nflag
                    fr[d + 1, _GAMMA] = fr[d, _GAMMA] - gain
                    fu[d + 1, _TM] = U64_ZERO
            d += 1
            state = _ENTER
        else:  # _RETURN: frame d's value is v
            if d == 0:
                return v
            d -= 1
            v += fr[d, _GAIN]
            c = fr[d, _CUR]
            hs[fr[d, _SEAT]] ^= _bit(c)
            gamma = fr[d, _GAMMA]
            cut = False
            if (fr[d, _SEAT] & 1) == 0:
                if v > fr[d, _BESTV]:
                    fr[d, _BESTV] = v
                    fr[d, _BESTC] = c
                    cut = v >= gamma
            else:
                if v < fr[d, _BESTV]:
                    fr[d, _BESTV] = v
                    fr[d, _BESTC] = c
                    cut = v < gamma
            if cut:
                n_left = popcount(hs[0] | hs[1] | hs[2] | hs[3])
                fr[_HIST + fr[d, _SEAT], c] += n_left * n_left
                v = fr[d, _BESTV]
                if fr[d, _K] == 0:
                    _finish_boundary(tt, gen, hs, fr, fu, d, v)
                # state stays _RETURN
            elif fr[d, _K] == 3 and fr[d, _IDX] == 1 and stop == 0 \
                    and popcount(hs[fr[d, _SEAT]]) >= 4 and _table_cut(tt, gen, hs, fr, d, mode):
                v = fr[d, _BESTV]  # state stays _RETURN
            else:
                state = _NEXT


@jit(forceinline=True)
def _live_flag(hs, live, trump, flag):
    """``flag`` without the bonus of a team that cannot be matched any more: the top trump
    wins a trick for its team (one table entry for positions that differ only in a dead
    bonus)."""
    if flag != 0 and trump >= 0 and (live & SUITM[trump]) != U64_ZERO:
        if ((hs[0] | hs[2]) >> np.uint64(top_of_suit(live, trump))) & U64_ONE:
            return flag & 1
        return flag & 2
    return flag


@jit(forceinline=True)
def _after_trick(hs, mode, trump, seat, c, best, bseat, tpts, flag, stop):
    """``(ka, kb, live, gain)``: table key and live cards of the position after ``seat`` ends
    the trick with ``c`` (not the last trick), and the value the trick banks."""
    nl = take_p(c, seat, best, bseat, trump)[1]
    gain = 0 if nl & 1 else tpts + PPTS[mode, c]
    bc = _bit(c)
    hs[seat] ^= bc
    live = hs[0] | hs[1] | hs[2] | hs[3]
    nf = _live_flag(hs, live, trump, flag & 2 if nl & 1 else flag & 1)
    ka, kb = _key(hs, live, mode, nl, nf, stop)
    hs[seat] ^= bc
    return ka, kb, live, gain


@jit(forceinline=True)
def _table_cut(tt, gen, hs, fr, d, mode):
    """Enhanced transposition cutoff at a trick's last card, once its first card failed to
    cut: whether the table's bounds of the position after another card already cut. Sets the
    frame's best value and card when they do."""
    trump = mode if mode < 4 else -1
    seat = fr[d, _SEAT]
    gamma = fr[d, _GAMMA]
    for j in range(fr[d, _IDX], fr[d, _NM]):
        c = fr[d, _MOVES + j]
        ka, kb, live, gain = _after_trick(hs, mode, trump, seat, c, fr[d, _BEST],
                                          fr[d, _BSEAT], fr[d, _TPTS], fr[d, _FLAG], _I0)
        lb, ub, _ = _probe(tt, gen, ka, kb, live, hs[0] | hs[2], mode)
        if (seat & 1) == 0 and gain + lb >= gamma:
            fr[d, _BESTV] = gain + lb
            fr[d, _BESTC] = c
            return True
        if (seat & 1) == 1 and gain + ub < gamma:
            fr[d, _BESTV] = gain + ub
            fr[d, _BESTC] = c
            return True
    return False


@jit(forceinline=True)
def _finish_boundary(tt, gen, hs, fr, fu, d, v):
    live = hs[0] | hs[1] | hs[2] | hs[3]
    bestc = fr[d, _BESTC]
    s = bestc // 9
    h = 9 * s + popcount(live & SUITM[s] & (_bit(bestc) - U64_ONE))
    lb, ub = (v, INF) if v >= fr[d, _GAMMA] else (-INF, v)
    work = popcount(hs[0])
    _store(tt, gen, fu[d, _KA], fu[d, _KB], live, lb, ub, h, work)


@jit
def mtd(hs, tt, st, fr, fu, mode, leader, k, led, best, bseat, tpts, tm, flag, guess):
    """Exact value of a position by zero-window tests: the first test at ``guess``, then
    bisection of the interval the fail-soft bounds leave. A match (the extreme values, far from
    the others) is tested for as soon as the value is known to lie on its side: that test is
    cheap (every trick must be taken), while bisecting towards it costs many searches."""
    trump = mode if mode < 4 else -1
    lo, hi = node_bounds(hs, hs[0] | hs[1] | hs[2] | hs[3], tm, mode, trump, tpts, flag, st[3],
                         k, leader, led, best, bseat)
    vlo, vhi = value_bounds(hs, mode, tpts, flag)
    top = hi if flag & 1 and hi == vhi else INF  # team 0's match value
    bottom = lo if flag & 2 and lo == vlo else -INF  # team 1's match value
    g = min(max(guess, lo + 1), hi)
    while lo < hi:
        r = search(hs, tt, st, fr, fu, mode, leader, k, led, best, bseat, tpts, tm, flag, g)
        st[2] += 1
        if st[15]:
            return 0  # aborted (node budget): meaningless
        if r >= g:
            lo = r
        else:
            hi = r
        g = (lo + hi + 1) // 2
        if hi == top and lo > bottom:
            g = hi
        elif lo == bottom and hi < top:
            g = lo + 1
    return lo


@jit
def after_move(hs, mode, leader, k, led, best, bseat, tpts, tm, flag, c):
    """Play ``c`` for the seat to move (``hs`` updated). Returns the child position
    ``(leader, k, led, best, bseat, tpts, tm, flag, gain, over)``: ``gain`` is the value already
    banked by a finished trick, ``over`` True when the hands are empty."""
    trump = mode if mode < 4 else -1
    seat = (leader + k) & 3
    bc = _bit(c)
    hs[seat] ^= bc
    if k == 0:
        return leader, 1, c // 9, c, seat, PPTS[mode, c], bc, flag, 0, False
    best, bseat = take_p(c, seat, best, bseat, trump)
    tpts += PPTS[mode, c]
    if k < 3:
        return leader, k + 1, led, best, bseat, tpts, tm | bc, flag, 0, False
    if bseat & 1:
        nflag = flag & 2
        gain = 0
    else:
        nflag = flag & 1
        gain = tpts
    if hs[0] | hs[1] | hs[2] | hs[3] == U64_ZERO:
        if bseat & 1:
            gain = -MATCH_HALF if nflag & 2 else 0
        else:
            gain += LAST_TRICK_BONUS + (MATCH_HALF if nflag & 1 else 0)
        return bseat, 0, -1, 0, 0, 0, U64_ZERO, nflag, gain, True
    return bseat, 0, -1, 0, 0, 0, U64_ZERO, nflag, gain, False


@jit
def move_values(hs, tt, st, fr, fu, mode, leader, k, led, best, bseat, tpts, tm, flag, guess, out):
    """Exact value of every legal card of the seat to move: ``out[c]`` (power layout) for each
    legal ``c``, ``-INF`` elsewhere. Equivalent cards are solved once. Returns the legal mask."""
    trump = mode if mode < 4 else -1
    seat = (leader + k) & 3
    legal = legal_p(hs[seat], led, best, trump)
    allin = hs[0] | hs[1] | hs[2] | hs[3] | tm
    for c in range(36):
        out[c] = -INF
    g = guess
    c = np.int64(35)  # not the literal 35: see ``d`` in :func:`search`
    while c >= 0:
        if (legal >> np.uint64(c)) & U64_ONE:
            above = allin & SUITM[c // 9] & ~((_bit(c) << U64_ONE) - U64_ONE)
            nh = lowest_bit(above) if above != U64_ZERO else -1
            if nh >= 0 and (legal >> np.uint64(nh)) & U64_ONE and PPTS[mode, nh] == PPTS[mode, c]:
                out[c] = out[nh]
            else:
                cl, ck, cled, cb, cbs, ctp, ctm, cf, gain, over = after_move(
                    hs, mode, leader, k, led, best, bseat, tpts, tm, flag, c)
                if over:
                    v = gain
                else:
                    v = gain + mtd(hs, tt, st, fr, fu, mode, cl, ck, cled, cb, cbs, ctp, ctm, cf,
                                   g - gain)
                hs[seat] ^= _bit(c)
                if st[15]:
                    return legal
                out[c] = v
                g = v
        c -= 1
    return legal
