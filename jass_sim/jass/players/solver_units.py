"""The double-dummy solver as its own compiled unit, for the kernels that finish a play-out
exactly (``play-advice``'s endgames and exact values, and through them ``review``).

:func:`endgame_points` and :func:`exact_card_values` are compiled once, on their own
(:class:`~jass_sim.core.units.CompiledUnit`); a kernel reaches them through :func:`endgame_value`
and :func:`exact_values_of`, which compile to an external call when the kernel's
:class:`~jass_sim.jass.players.player_set.PlayerSet` has the ``SOLVER`` flag, and to nothing of the
solver otherwise. Under ``NUMBA_DISABLE_JIT=1`` they call the functions directly.
"""

from __future__ import annotations

from numba.core import types
from numba.extending import overload

from jass_sim.core.jit import jit
from jass_sim.core.units import CompiledUnit
from jass_sim.jass.players.player_set import SOLVER, is_player_set_type, on_flag
from jass_sim.jass.players.search import _scratch, solve_moves, solve_rest
from jass_sim.jass.rules.presets import MATCH_BONUS
from jass_sim.jass.solver._play import MATCH_HALF
from jass_sim.jass.solver._tables import TO_POWER


@jit(inline="always")
def _ours(v, rem, flag):
    """Team 0's points of a solver value ``v`` (see :mod:`jass_sim.jass.solver._search`) when ``rem`` points are
    left: a match is ``rem + 100`` for team 0, 0 when team 1 takes every trick."""
    if flag & 1 and v == rem + MATCH_HALF:
        return rem + MATCH_BONUS
    if flag & 2 and v == -MATCH_HALF:
        return 0
    return v


@jit
def exact_card_values(world, mode, seat, trick, n_in, won0, won1, hs, scratch, out):
    """Exact double-dummy value (team 0's points, see :func:`_ours`) of every legal card of
    ``seat`` in ``world`` (natural cards, ``uint64[4]``): ``out[c]`` for natural card ``c``,
    -1 for the others."""
    tt, st, fr, fu, pout = scratch
    rem, flag = solve_moves(world, mode, seat, trick, n_in, won0, won1, hs, tt, st, fr, fu, pout)
    for c in range(36):
        v = pout[TO_POWER[mode, c]]
        out[c] = _ours(v, rem, flag) if v > -(1 << 19) else -1


@jit
def endgame_points(hands, mode, leader, won0, won1, hs, scratch):
    """Team 0's points of the rest of the round from a trick boundary, double dummy."""
    tt, st, fr, fu, _ = scratch
    v, rem, flag = solve_rest(hands, mode, leader, won0, won1, hs, tt, st, fr, fu)
    return _ours(v, rem, flag)


def _u64(ndim=1):
    return types.Array(types.uint64, ndim, "C")


def _i64(ndim=1):
    return types.Array(types.int64, ndim, "C")


def _scratch_type():
    from numba import typeof

    return typeof(_scratch())


ENDGAME_UNIT = CompiledUnit("endgame_points", lambda: endgame_points, lambda: (
    _u64(), types.int64, types.int64, types.int64, types.int64, _u64(), _scratch_type()))
EXACT_UNIT = CompiledUnit("exact_card_values", lambda: exact_card_values, lambda: (
    _u64(), types.int64, types.int64, _i64(), types.int64, types.int64, types.int64, _u64(), _scratch_type(),
    _i64()))
_ENDGAME = ENDGAME_UNIT.caller()
_EXACT = EXACT_UNIT.caller()


def ensure_solver() -> None:
    """Compile (or load) the solver's units and publish them: before a kernel with the ``SOLVER``
    flag is loaded from the cache."""
    ENDGAME_UNIT.ensure()
    EXACT_UNIT.ensure()


on_flag(SOLVER, ensure_solver)


def _solver_flag(players) -> bool:
    return SOLVER in players


def endgame_value(players, hands, mode, leader, won0, won1, hs, scratch):
    """:func:`endgame_points` in a kernel compiled with the solver (``SOLVER`` in ``players``);
    a kernel compiled without it compiles none of the solver, and raises if it gets here (its
    caller asked for no endgame)."""
    if not _solver_flag(players):
        raise ValueError("this kernel was compiled without the solver")
    return endgame_points(hands, mode, leader, won0, won1, hs, scratch)


def exact_values_of(players, world, mode, seat, trick, n_in, won0, won1, hs, scratch, out):
    """:func:`exact_card_values` in a kernel compiled with the solver (see :func:`endgame_value`)."""
    if not _solver_flag(players):
        raise ValueError("this kernel was compiled without the solver")
    exact_card_values(world, mode, seat, trick, n_in, won0, won1, hs, scratch, out)


@overload(endgame_value)
def _endgame_value_for(players, hands, mode, leader, won0, won1, hs, scratch):
    if not is_player_set_type(players):
        return None
    if _solver_flag(players):
        def impl(players, hands, mode, leader, won0, won1, hs, scratch):
            return _ENDGAME((hands, mode, leader, won0, won1, hs, scratch))
    else:
        def impl(players, hands, mode, leader, won0, won1, hs, scratch):
            if leader >= 0:  # always: a bare raise would type the result as optional
                raise ValueError("this kernel was compiled without the solver")
            return 0
    return impl


@overload(exact_values_of)
def _exact_values_for(players, world, mode, seat, trick, n_in, won0, won1, hs, scratch, out):
    if not is_player_set_type(players):
        return None
    if _solver_flag(players):
        def impl(players, world, mode, seat, trick, n_in, won0, won1, hs, scratch, out):
            _EXACT((world, mode, seat, trick, n_in, won0, won1, hs, scratch, out))
    else:
        def impl(players, world, mode, seat, trick, n_in, won0, won1, hs, scratch, out):
            raise ValueError("this kernel was compiled without the solver")
    return impl

