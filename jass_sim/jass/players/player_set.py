"""``PlayerSet``: the players (and flags) a kernel is compiled for, as a compile-time argument.

Every kernel that plays cards takes a :class:`PlayerSet` as its first argument. Its Numba type,
``PlayerSet(mask)``, carries the set, so Numba compiles (and caches) one specialisation of the
kernel per set, and the dispatch written for a set (:mod:`.dispatch`, :mod:`.solver_units`) holds
no branch, and no compiled code, for the players outside it.

Before Numba looks a kernel up (and may load it from its cache), the type's ``typeof`` hook
publishes the compiled units the set can reach (:mod:`jass_sim.core.units`): a cached kernel's
external calls must resolve when it is loaded. The modules that write such calls register their
unit here (:func:`on_flag`) when they are imported, which every caller of theirs does first.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
from numba.core import types
from numba.extending import NativeValue, models, register_model, typeof_impl, unbox

from jass_sim.core.errors import InputError

#: The flag of the solver's exact endgames (:mod:`.solver_units`): bit 7, above the policy numbers.
SOLVER = 7
#: The flag of ``advise``'s ``search`` partner model (a Monte Carlo of its own per chibre, which
#: plays whole rounds: :func:`jass_sim.jass.advise.sampling.partner_search`): bit 8.
PARTNER_SEARCH = 8
#: An internal policy number, in no player table: ``net`` with the second network of ``params``
#: (:func:`~.net.pack_two`), so that two networks can play one duel (benchmarks and training).
SECOND_NET = 6
#: Every policy number (``PLAYERS`` codes 0..5 and :data:`SECOND_NET`).
POLICY_NUMBERS = (0, 1, 2, 3, 4, 5, SECOND_NET)

_HOOKS: dict[int, list[Callable[[], object]]] = {}


def on_flag(bit: int, ensure: Callable[[], object]) -> None:
    """Call ``ensure`` (once per process, it memoises) before a kernel compiled for a set with
    ``bit`` is looked up."""
    _HOOKS.setdefault(bit, []).append(ensure)


class PlayerSet:
    """The players (policy numbers) and flags a kernel is compiled for: pass it as a kernel's first
    argument. Build it with :func:`player_set`."""

    __slots__ = ("mask",)

    def __init__(self, mask: int):
        self.mask = int(mask)

    def __contains__(self, bit: int) -> bool:
        return bool(self.mask >> int(bit) & 1)

    def __eq__(self, other) -> bool:
        return isinstance(other, PlayerSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __repr__(self) -> str:
        return f"PlayerSet({[b for b in range(PARTNER_SEARCH + 1) if b in self]})"


class PlayerSetType(types.Type):
    """Numba type of a :class:`PlayerSet`: one type per mask; its value needs no storage."""

    def __init__(self, mask: int):
        self.mask = int(mask)
        super().__init__(name=f"PlayerSet({self.mask})")

    def __contains__(self, bit: int) -> bool:
        return bool(self.mask >> int(bit) & 1)


@typeof_impl.register(PlayerSet)
def _typeof_player_set(value, context):
    for bit, hooks in _HOOKS.items():
        if bit in value:
            for ensure in hooks:
                ensure()
    return PlayerSetType(value.mask)


register_model(PlayerSetType)(models.OpaqueModel)


@unbox(PlayerSetType)
def _unbox_player_set(typ, obj, c):
    return NativeValue(c.context.get_dummy_value())


def player_set(policies=(), *, solver: bool = False, partner_search: bool = False) -> PlayerSet:
    """The :class:`PlayerSet` of the policy numbers ``policies`` (an int or an iterable of ints, such
    as a kernel's ``policies`` array), with the :data:`SOLVER` flag when ``solver`` and the
    :data:`PARTNER_SEARCH` flag when ``partner_search``. Raises InputError on a number that is no
    policy."""
    codes = [int(policies)] if np.ndim(policies) == 0 else [int(p) for p in np.asarray(policies).ravel()]
    mask = (1 << SOLVER if solver else 0) | (1 << PARTNER_SEARCH if partner_search else 0)
    for code in codes:
        if code not in POLICY_NUMBERS:
            raise InputError(f"no card-play policy has the number {code}", str(code))
        mask |= 1 << code
    return PlayerSet(mask)


def is_player_set_type(ty) -> bool:
    """Whether ``ty`` (a Numba type, in an ``overload``) is a :class:`PlayerSetType`."""
    return isinstance(ty, PlayerSetType)
