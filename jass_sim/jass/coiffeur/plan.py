"""The match plan: what taking a category now, or passing, is worth over the rest of the match.

The plan values every pair of open category sets (ours, theirs) by dynamic programming
(:func:`~jass_sim.jass.coiffeur._plan_kernels.plan_values`): a future round's chooser holds a
random hand of the value table (:data:`PLAN_HANDS` of its hands), knows what that hand is expected
to score in each open category, and takes the category that maximises its team's expected final
margin, or passes when the next players are worth more to its team (the pass model, written out in
``docs/coiffeur.md``). At the current round the adviser's own hand replaces the random one: its
points per category come from sampled deals (:func:`~jass_sim.jass.coiffeur.hand.hand_points`).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.jass.coiffeur._plan_kernels import plan_values
from jass_sim.jass.coiffeur.presets import CoiffeurRules
from jass_sim.jass.coiffeur.values import ValueTable, shipped_values, slot_gains

#: The table hands a future round's chooser may hold in the plan (the plan's cost grows with it:
#: 2^n x 2^n states, each with a sort of these hands' takes).
PLAN_HANDS = 256


@dataclass(frozen=True)
class Round:
    """Who chooses in the current round: the teams of the chain of choosers (0: us), the
    adviser's place in it, whether the first chooser must take when all passed (``loop``), and
    the team that chose first (the next round's first chooser is the other team)."""

    chain: tuple[int, ...]
    index: int
    loop: bool
    first_team: int
    forced: bool = False

    @property
    def pass_allowed(self) -> bool:
        return not self.forced and (self.loop or self.index < len(self.chain) - 1)


def current_round(rules: CoiffeurRules, ours: int, theirs: int, passed: int, forced: bool) -> Round:
    """The current round's chain from the open sets and ``--passed``/``--forced``; an InputError
    for a position the rules do not allow."""
    if not ours:
        raise InputError("--ours-open: no open category: the team has played them all", "--ours-open")
    if not 0 <= passed <= 3:
        raise InputError(f"--passed must be from 0 to 3, got {passed}", str(passed))
    if rules.pass_to_partner:
        if passed > 1:
            raise InputError(f"--passed {passed}: with passing to the partner only the first chooser may pass "
                             "(0 or 1)", str(passed))
        if passed == 1 and not forced:
            raise InputError("--forced: the partner who was passed to must choose; give --forced", "--forced")
        if passed == 0 and forced:
            raise InputError("--forced: a pass is still allowed (nobody passed to you)", "--forced")
        return Round((0, 0), passed, False, 0, forced)
    first = 0 if passed % 2 == 0 else 1
    if forced and passed not in (0, 3):
        raise InputError(f"--forced: a pass is still allowed after {passed} passes (forced is the first chooser "
                         "after all four passed: --passed 0 or 3)", "--forced")
    if forced:
        first = 0
    if theirs:
        chain = (first, 1 - first, first, 1 - first)
        index = 0 if forced else passed
    else:
        chain = (0, 0)
        index = 0 if forced else passed // 2
    return Round(chain, index, True, first, forced)


@lru_cache(maxsize=8)
def _gains(rules: CoiffeurRules, policy: str) -> tuple[np.ndarray, np.ndarray]:
    table = shipped_values(policy)
    g, forms = slot_gains(table, rules)
    return np.ascontiguousarray(g[:PLAN_HANDS]), forms[:PLAN_HANDS]


def plan_gains(rules: CoiffeurRules, table: ValueTable | None = None, policy: str = "net") -> np.ndarray:
    """``G[k, i]``: the plan's future hands' expected margin per category slot (points x multiplier)."""
    if table is None:
        return _gains(rules, policy)[0]
    return np.ascontiguousarray(slot_gains(table, rules)[0][:PLAN_HANDS])


#: Full tables (every category open) in this process, by (rules, policy, first team); the lock
#: keeps the dict sound when the page's jobs (threads) fill it at once.
_FULL: dict = {}
_FULL_LOCK = threading.Lock()


def _full(rules: CoiffeurRules, policy: str, first_team: int, *, compute: bool) -> np.ndarray | None:
    """The table with every category open for both teams: from this process, else from the disk
    cache (:mod:`~jass_sim.jass.coiffeur.plan_cache`), else computed and cached when ``compute``
    (else None)."""
    from jass_sim.core.batches import call
    from jass_sim.jass.coiffeur import plan_cache

    key = (rules, policy, first_team)
    with _FULL_LOCK:
        V = _FULL.get(key)
    if V is None:
        g = plan_gains(rules, policy=policy)
        full = (1 << g.shape[1]) - 1
        if compute:
            # one kernel call of up to tens of seconds: `call` lets Ctrl-C end the command at once
            V = plan_cache.full_table(g, rules.pass_to_partner, first_team,
                                      lambda: call(plan_values, g, g, full, full, first_team, rules.pass_to_partner))
        else:
            V = plan_cache.cached_full_table(g, rules.pass_to_partner, first_team)
            if V is None:
                return None
        with _FULL_LOCK:
            while len(_FULL) >= 4:
                del _FULL[next(iter(_FULL))]
            _FULL[key] = V
    return V


@lru_cache(maxsize=16)
def _values(rules: CoiffeurRules, policy: str, ours: int, theirs: int, first_team: int) -> np.ndarray:
    from jass_sim.core.batches import call
    from jass_sim.jass.coiffeur.plan_cache import sub_table

    g = plan_gains(rules, policy=policy)
    full = (1 << g.shape[1]) - 1
    if ours == full and theirs == full:
        return _full(rules, policy, first_team, compute=True)
    # the full table whose first chooser is the same at every shared state (plan_cache's docstring)
    whole = _full(rules, policy, first_team ^ ((bin(ours).count("1") + bin(theirs).count("1")) & 1), compute=False)
    if whole is not None:
        return sub_table(whole, ours, theirs)
    # one kernel call of up to a few seconds: `call` lets Ctrl-C end the command at once
    return call(plan_values, g, g, ours, theirs, first_team, rules.pass_to_partner)


def match_values(rules: CoiffeurRules, ours: int, theirs: int, first_team: int, *, policy: str = "net",
                 gains: np.ndarray | None = None) -> np.ndarray:
    """``V[O, T]``: our expected margin from the start of a round with open sets ``O``, ``T``
    (subsets of ``ours``, ``theirs``) to the end of the match, team ``first_team`` choosing first
    in the round with sets ``ours``, ``theirs`` (then alternating)."""
    if gains is None:
        return _values(rules, policy, ours, theirs, first_team)
    return plan_values(gains, gains, ours, theirs, first_team, rules.pass_to_partner)


def _takes(gains, V, ours, theirs):
    """The best take of every plan hand for us (``a0``) and for them (``a1``) at ``(ours, theirs)``."""
    k = gains.shape[0]
    a0 = np.full(k, -np.inf)
    a1 = np.full(k, np.inf)
    for i in range(gains.shape[1]):
        if ours >> i & 1:
            a0 = np.maximum(a0, gains[:, i] + V[ours & ~(1 << i), theirs])
        if theirs >> i & 1:
            a1 = np.minimum(a1, -gains[:, i] + V[ours, theirs & ~(1 << i)])
    return a0, a1


def _e_opt(a, t, team):
    """``mean(max(a, t))`` (team 0) or ``mean(min(a, t))`` (team 1)."""
    return float(np.maximum(a, t).mean() if team == 0 else np.minimum(a, t).mean())


def pass_value(gains, V, rnd: Round, ours: int, theirs: int, my_take: float) -> float:
    """Our expected margin when the adviser passes: the next players in the chain take or pass as
    the plan's choosers do, each with a random hand; when all pass, the first chooser takes with
    the hand it passed with (``my_take`` when that is the adviser, otherwise a table hand
    weighted by how likely its holder and the players after it were to pass)."""
    a0, a1 = _takes(gains, V, ours, theirs)
    a = (a0, a1)
    chain, idx = rnd.chain, rnd.index

    def cont(t, start):  # R_start(t): the chain from position `start`, t when all pass back to the first
        r = t
        for j in range(len(chain) - 1, start - 1, -1):
            r = _e_opt(a[chain[j]], r, chain[j])
        return r

    if not rnd.loop:
        last = chain[-1]
        r = float(a[last].mean())
        for j in range(len(chain) - 2, idx, -1):
            r = _e_opt(a[chain[j]], r, chain[j])
        return r
    if idx == 0:
        return cont(my_take, 1)
    first = chain[0]
    weights = np.zeros(len(a[first]))
    values = np.zeros(len(a[first]))
    for h, t in enumerate(a[first]):
        r1 = cont(t, 1)
        passes = r1 > t if first == 0 else r1 < t
        w = 1.0 if passes else 0.0
        for j in range(1, idx):  # the players between the first and the adviser passed too
            r = cont(t, j + 1)
            aj = a[chain[j]]
            w *= float(np.mean(aj <= r) if chain[j] == 0 else np.mean(aj >= r))
        weights[h] = w
        values[h] = cont(t, idx + 1)
    if weights.sum() <= 0:  # no table hand passes there: the passes said nothing about the first hand
        return float(values.mean())
    return float((weights * values).sum() / weights.sum())


#: Simulated rests of the match per option for P(win) (``--score``).
WIN_PATHS = 1000


def _win_rate(margins: np.ndarray, lead: int):
    from jass_sim.core.stats import wilson_ci

    final = lead + margins
    k = float((final > 0).sum() + 0.5 * (final == 0).sum())
    p, lo, hi = wilson_ci(k, len(final))
    return p, lo, hi


def win_probabilities(rules: CoiffeurRules, ours: int, theirs: int, rnd: Round, options: list[dict],
                      my_gain: np.ndarray, lead: int, seed: int, *, policy: str = "net",
                      paths: int = WIN_PATHS) -> tuple[list[tuple[float, float, float]], tuple | None]:
    """P(we win the match) after each option and after passing, with Wilson 95% intervals: the
    rest of the match is played ``paths`` times by the plan's choosers (their hands, and the
    rounds' points, drawn from the value table), on the same random numbers for every option;
    this round's points are the hand's own sampled deals (path ``j`` uses deal ``j`` mod n)."""
    from jass_sim.core.rng import below, block_states
    from jass_sim.jass.coiffeur._plan_kernels import rest_margins
    from jass_sim.jass.streams import STREAMS

    stream = STREAMS["jass.coiffeur-plan"]
    table = shipped_values(policy)
    gains, forms = _gains(rules, policy)
    k = gains.shape[0]
    samp_o = np.ascontiguousarray(table.ours[:k].astype(np.int64))
    samp_t = np.ascontiguousarray(table.theirs[:k].astype(np.int64))
    mults = np.asarray(rules.multipliers, dtype=np.float64)
    V = match_values(rules, ours, theirs, rnd.first_team, policy=policy)
    nxt = 1 - rnd.first_team
    n = my_gain.shape[0]

    def rest(starts, first_block):
        from jass_sim.core.batches import call

        out = np.zeros(len(starts))
        call(rest_margins, gains, forms, samp_o, samp_t, mults, rules.both_written, V,
             np.asarray(starts, dtype=np.int64), block_states(seed, first_block, len(starts), stream),
             rules.pass_to_partner, out)
        return out

    wins = []
    for idx, o in enumerate(options):
        slot = o["slot"]
        m = rest([(ours & ~(1 << slot), theirs, nxt)] * paths, 0)
        wins.append(_win_rate(m + my_gain[np.arange(paths) % n, idx], lead))
    if not rnd.pass_allowed:
        return wins, None
    # passing: the rest of this round's chain, then the rest of the match
    a0, a1 = _takes(gains, V, ours, theirs)
    a = (a0, a1)
    chain, me = rnd.chain, rnd.index
    best_idx = int(np.argmax([o["plan_value"] for o in options]))
    my_take = options[best_idx]["plan_value"] - lead

    def cont(t0, start):
        r = t0
        for j in range(len(chain) - 1, start - 1, -1):
            r = _e_opt(a[chain[j]], r, chain[j])
        return r

    weights = None
    if rnd.loop and me > 0:  # the first chooser's hand, given that it and the players before me passed
        first = chain[0]
        weights = np.zeros(k)
        for h, t0 in enumerate(a[first]):
            r1 = cont(t0, 1)
            w = 1.0 if (r1 > t0 if first == 0 else r1 < t0) else 0.0
            for j in range(1, me):
                r = cont(t0, j + 1)
                w *= float(np.mean(a[chain[j]] <= r) if chain[j] == 0 else np.mean(a[chain[j]] >= r))
            weights[h] = w
        weights = np.cumsum(weights / weights.sum()) if weights.sum() > 0 else np.cumsum(np.full(k, 1.0 / k))
    states = block_states(seed, paths, paths, stream)
    starts, now = [], np.zeros(paths)
    for p in range(paths):
        rng = states[p]
        h0 = -1
        if weights is not None:
            h0 = min(int(np.searchsorted(weights, below(rng, 1 << 30) / float(1 << 30), side="right")), k - 1)
            t0 = a[chain[0]][h0]
        else:
            t0 = my_take
        taker, team, hand = None, None, None
        for q in range(me + 1, len(chain)):
            c = chain[q]
            h = int(below(rng, k))
            if not rnd.loop and q == len(chain) - 1:
                taker, team, hand = q, c, h
                break
            if rnd.loop:
                r = cont(t0, q + 1)
            else:
                r = float(a[chain[-1]].mean())
                for j in range(len(chain) - 2, q, -1):
                    r = _e_opt(a[chain[j]], r, chain[j])
            if (a[c][h] >= r) if c == 0 else (a[c][h] <= r):
                taker, team, hand = q, c, h
                break
        if taker is None:  # all passed: back to the first chooser
            if me == 0:
                o = options[best_idx]
                now[p] = my_gain[p % n, best_idx]
                starts.append((ours & ~(1 << o["slot"]), theirs, nxt))
                continue
            team, hand = chain[0], h0
        sign = 1.0 if team == 0 else -1.0
        own, other = (ours, theirs) if team == 0 else (theirs, ours)
        vals = [(sign * gains[hand, i] + (V[own & ~(1 << i), other] if team == 0 else V[other, own & ~(1 << i)]), i)
                for i in range(gains.shape[1]) if own >> i & 1]
        slot = (max if team == 0 else min)(vals)[1]
        d = int(below(rng, samp_o.shape[1]))
        f = forms[hand, slot]
        g = mults[slot] * (samp_o[hand, d, f] - (samp_t[hand, d, f] if rules.both_written else 0))
        now[p] = sign * g
        starts.append((ours & ~(1 << slot), theirs, nxt) if team == 0 else (ours, theirs & ~(1 << slot), nxt))
    m = rest(starts, 2 * paths)
    return wins, _win_rate(now + m, lead)
