"""The choosers of a simulated Coiffeur match: ``planning`` (the adviser's plan) and ``greedy``.

Both see only their own hand. Its expected points per form come from :class:`HandModel`, a fast
table lookup: a least-squares fit, per form, of the shipped value table's per-hand means (1,024
hands x 64 deals, ``values-net.npz``) on the 36 cards held - cheap enough for thousands of
matches (one matrix product per decision), where ``coiffeur advise`` samples 2,048 deals.

* ``planning`` takes the open category of the best plan value (the hand's expected points x
  multiplier + the DP's value of the match after it, :func:`~jass_sim.jass.coiffeur.plan.match_values`)
  or passes when the plan's pass value (:func:`~jass_sim.jass.coiffeur.plan.pass_value`) is higher.
* ``greedy`` never passes: it takes the open category of the best multiplier x expected points now.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.jass.coiffeur._match_kernels import pass_value_kernel
from jass_sim.jass.coiffeur._plan_kernels import take_values
from jass_sim.jass.coiffeur.plan import current_round, match_values, plan_gains
from jass_sim.jass.coiffeur.presets import CoiffeurRules
from jass_sim.jass.coiffeur.values import shipped_values

#: The choosers a match may seat (``--bots``).
BOTS = ("planning", "greedy")
TABLE_POLICY = "net"


def _bits(masks: np.ndarray) -> np.ndarray:
    """``float64[n, 37]``: a constant and the 36 card bits of each hand."""
    masks = np.asarray(masks, dtype=np.uint64)
    cards = (masks[:, None] >> np.arange(36, dtype=np.uint64)[None, :]) & np.uint64(1)
    return np.concatenate([np.ones((len(masks), 1)), cards.astype(np.float64)], axis=1)


@lru_cache(maxsize=2)
def hand_model(policy: str = TABLE_POLICY) -> tuple[np.ndarray, np.ndarray]:
    """``(B_ours, B_theirs)``, ``float64[37, M]``: the least-squares coefficients of the table's
    per-hand mean points (declaring team, opponents) in each of its ``M`` round modes (the shipped
    table: all 37, a column per mode code) on the hand's cards."""
    t = shipped_values(policy)
    X = _bits(t.hands)
    ours, theirs = t.hand_means()
    return np.linalg.lstsq(X, ours, rcond=None)[0], np.linalg.lstsq(X, theirs, rcond=None)[0]


def hand_estimate(hand: int, policy: str = TABLE_POLICY) -> tuple[np.ndarray, np.ndarray]:
    """``(ours, theirs)``, ``float64[M]``: a hand's expected Coiffeur points in each of the table's
    round modes (the shipped table: indexed by mode code, H D S C OBE UNE, SLALOM-OBE, ...)."""
    bo, bt = hand_model(policy)
    x = _bits(np.array([hand], dtype=np.uint64))[0]
    return x @ bo, x @ bt


def slot_gains_for(hand: int, rules: CoiffeurRules) -> tuple[np.ndarray, np.ndarray]:
    """``(gain[n], mode[n])``: the hand's expected margin in each category slot (points x
    multiplier; minus the opponents' when both are written) and the form it plays there."""
    ours, theirs = hand_estimate(hand)
    score = ours - theirs if rules.both_written else ours
    gains = np.zeros(len(rules.categories))
    modes = np.zeros(len(rules.categories), dtype=np.int64)
    columns = shipped_values(TABLE_POLICY).columns
    for i, cat in enumerate(rules.categories):
        cols = columns(cat.modes)
        m, c = max(zip(cat.modes, cols), key=lambda mc: score[mc[1]])  # the declarer's best form
        modes[i] = m
        gains[i] = score[c] * cat.multiplier
    return gains, modes


@dataclass(frozen=True)
class Decision:
    """A chooser's answer: the slot taken (None: pass) and the form it is played as."""

    slot: int | None
    mode: int = -1
    value: float = float("nan")  # planning: the plan value of the answer (margin to the match's end)


def greedy_choice(hand: int, rules: CoiffeurRules, ours: int) -> Decision:
    """The open slot of the best multiplier x expected points now (never a pass)."""
    gains, modes = slot_gains_for(hand, rules)
    slots = [i for i in range(len(gains)) if ours >> i & 1]
    best = max(slots, key=lambda i: gains[i])
    return Decision(best, int(modes[best]), float(gains[best]))


@lru_cache(maxsize=4)
def _root_values(rules: CoiffeurRules, first_team: int) -> np.ndarray:
    full = (1 << len(rules.categories)) - 1
    return match_values(rules, full, full, first_team, policy=TABLE_POLICY)


def plan_choice(hand: int, rules: CoiffeurRules, ours: int, theirs: int, passed: int, forced: bool,
                first_team: int) -> Decision:
    """The planning chooser: ``ours``/``theirs`` its team's and the opponents' open slots,
    ``passed`` the players who passed before it in this round, ``forced`` im Fass, and
    ``first_team`` (0: its team) the team that chose first in the match's first round."""
    V = _root_values(rules, first_team)
    gains, modes = slot_gains_for(hand, rules)
    takes = {i: gains[i] + float(V[ours & ~(1 << i), theirs]) for i in range(len(gains)) if ours >> i & 1}
    best = max(takes, key=takes.get)
    rnd = current_round(rules, ours, theirs, passed, forced)
    if rnd.pass_allowed:
        pv = fast_pass_value(plan_gains(rules, policy=TABLE_POLICY), V, rnd, ours, theirs, takes[best])
        if pv > takes[best]:
            return Decision(None, -1, pv)
    return Decision(best, int(modes[best]), takes[best])


def fast_pass_value(gains: np.ndarray, V: np.ndarray, rnd, ours: int, theirs: int, my_take: float) -> float:
    """:func:`~jass_sim.jass.coiffeur.plan.pass_value` (its reference) by the compiled kernel."""
    k = gains.shape[0]
    a0 = np.zeros(k)
    a1 = np.zeros(k)
    take_values(gains, 1.0, ours, V, theirs, True, a0)
    if theirs:
        take_values(gains, -1.0, theirs, V, ours, False, a1)
    chain = np.asarray(rnd.chain, dtype=np.int64)
    return float(pass_value_kernel(a0, a1, chain, len(chain), rnd.index, rnd.loop, float(my_take)))


def check_bot(name: str, option: str = "--bots") -> str:
    key = str(name).strip().lower()
    if key not in BOTS:
        raise InputError(f"{option}: unknown chooser {name!r} (expected one of {', '.join(BOTS)})", str(name))
    return key
