"""Arguments of the public Python API, checked and normalised before any work.

In a notebook people pass what looks natural: a list of card strings for a hand, ``1e4`` or
``4000.0`` for a count, ``["H", "S"]`` for a list of options. :func:`api_args` accepts what is
unambiguous and refuses the rest with an :class:`~jass_sim.core.errors.InputError` that names the
argument, the same one-line error the command line gives, instead of a ``TypeError`` or an
``AttributeError`` from deep inside. The rules (also in ``docs/api.md``):

- **whole numbers** (counts, seeds, seats, threads, targets): an ``int`` (or a numpy integer), or a
  ``float`` with an integral value (``4000.0``, ``1e4``: a float literal that names a whole
  number is not ambiguous); not ``True``/``False``, not ``2.5``, not a string (``"100"``);
- **numbers** (``ci``): an ``int`` or a ``float``;
- **names** (rules, policy, mode, format...): a string;
- **flags** (``exact``, ``per_deal``...): ``True`` or ``False``;
- **cards** (a hand, the cards played, a table): a string, or a list of card strings (joined by
  spaces), or of card numbers;
- **cards played** (``played`` of ``choose_card``): as cards, or a list of ``(seat, card)`` pairs;
- **four hands** (``hands=`` of ``solve`` and ``play_advice``): a string ``"...;...;...;..."`` or a
  list of four hands, each a string or a list of card strings;
- **lists of names** (``options``, ``players`` of ``report``): a comma-separated string or a list
  of strings;
- **a score** (``score``): ``"OURS:THEIRS"`` or a pair of whole numbers; ``piles``: ``"US,THEM"`` or
  a pair.
"""

from __future__ import annotations

import functools
import inspect
import numbers
import os

from jass_sim.core.errors import InputError

__all__ = ["api_args", "game_api_args"]


def _fail(name: str, value, what: str):
    shown = repr(value)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    exc = InputError(f"{name} must be {what}, got {shown} ({type(value).__name__})", shown)
    exc.field = name  # the argument (a server shows the line next to it)
    raise exc


#: Whole numbers that count something: at least 1 (as the command line's counts). A game's own
#: counts have the kind ``count`` in its :attr:`~jass_sim.core.game.Game.arg_kinds`.
COUNTS = frozenset({"samples", "max_samples", "deals", "games", "n_games", "threads", "hands"})
#: Seeds are integers 0 .. MAX_SEED (2**63 - 1): they fit every int64 column and JSON reader. The one
#: definition, for the API's arguments, the command line (:mod:`jass_sim.core.options`) and the
#: kernels' seeding (:mod:`jass_sim.core.rng`).
MAX_SEED = 2**63 - 1


def _whole(name, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        _fail(name, value, "a whole number")
    if not isinstance(value, numbers.Integral) and (
            value != value or value in (float("inf"), float("-inf")) or not float(value).is_integer()):
        _fail(name, value, "a whole number")
    n = int(value)
    if name == "seed" and not 0 <= n <= MAX_SEED:
        raise InputError(f"seed must be an integer 0..2**63-1, got {n}", str(n))
    if name in COUNTS and n < 1:
        raise InputError(f"{name} must be at least 1, got {n}", str(n))
    return n


def _count(name, value):
    """A whole number that counts something: at least 1 (as :data:`COUNTS`, for any name)."""
    n = _whole(name, value)
    if n < 1:
        raise InputError(f"{name} must be at least 1, got {n}", str(n))
    return n


def _whole0(name, value):
    """A whole number, 0 allowed (``games=0``: no games)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        _fail(name, value, "a whole number")
    if not isinstance(value, numbers.Integral) and (value != value or not float(value).is_integer()):
        _fail(name, value, "a whole number")
    n = int(value)
    if n < 0:
        raise InputError(f"{name} must be 0 or more, got {n}", str(n))
    return n


def _number(name, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        _fail(name, value, "a number")
    return float(value)


def _name(name, value):
    if not isinstance(value, str):
        _fail(name, value, "a string")
    return value


def _flag(name, value):
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    _fail(name, value, "True or False")


def _is_card_list(value) -> bool:
    return isinstance(value, (list, tuple)) or type(value).__name__ == "ndarray"


def _cards(name, value):
    if isinstance(value, str):
        return value
    if _is_card_list(value) and all(isinstance(c, str) for c in value):
        return " ".join(value)
    _fail(name, value, "cards as a string or a list of card strings")


def _cards_or_numbers(name, value):
    """Cards, or a list of card numbers (the function reads them)."""
    if _is_card_list(value) and len(value) and all(isinstance(c, numbers.Integral) and not isinstance(c, bool)
                                                   for c in value):
        return [int(c) for c in value]
    return _cards(name, value)


def _plays(name, value):
    """Cards played: a string, a list of card strings or numbers, or a list of ``(seat, card)`` pairs."""
    if isinstance(value, str):
        return value
    if _is_card_list(value):
        items = list(value)
        if all(isinstance(c, str) for c in items):
            return " ".join(items)
        if all(isinstance(c, numbers.Integral) and not isinstance(c, bool) for c in items):
            return [int(c) for c in items]
        if all(_is_card_list(p) and len(p) == 2 and isinstance(p[0], numbers.Integral) and not isinstance(p[0], bool)
               and (isinstance(p[1], str) or isinstance(p[1], numbers.Integral) and not isinstance(p[1], bool))
               for p in items):
            return [(int(s), c if isinstance(c, str) else int(c)) for s, c in items]
    _fail(name, value, "cards as a string, a list of cards or a list of (seat, card) pairs")


def _hands(name, value):
    if isinstance(value, str):
        return value
    if _is_card_list(value) and all(isinstance(h, str) or _is_card_list(h) for h in value):
        return ";".join(_cards(name, h) for h in value)
    _fail(name, value, 'four hands as "...;...;...;..." or a list of four hands')


def _names(name, value):
    if isinstance(value, str):
        return value
    if _is_card_list(value) and all(isinstance(v, str) for v in value):
        return ",".join(value)
    _fail(name, value, "a comma-separated string or a list of strings")


def _melds(name, value):
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        out = {}
        for seat, cards in value.items():
            if isinstance(seat, str) and seat.strip() in ("0", "1", "2", "3"):
                seat = int(seat)
            if isinstance(seat, bool) or not isinstance(seat, numbers.Integral) or not 0 <= seat <= 3:
                _fail(name, seat, "a dict keyed by seats 0..3")
            out[int(seat)] = _cards(name, cards)
        return out
    _fail(name, value, 'meld cards as "1: D7 D8 D9; 3: ..." or {seat: cards}')


def _path(name, value):
    if isinstance(value, (str, os.PathLike)):
        return value
    _fail(name, value, "a path (a string or a pathlib.Path)")


def _round(name, value):
    """A round file's path or text, the ``replay --format json`` document (a dict), or a result with
    ``to_json()`` (a replayed round)."""
    if isinstance(value, (str, os.PathLike, dict)) or callable(getattr(value, "to_json", None)):
        return value
    _fail(name, value, "a round file's path or text, a replay document (dict) or a jass_sim.replay result")


def _callback(name, value):
    if callable(value):
        return value
    _fail(name, value, "a function (or None)")


def _horizon(name, value):
    if isinstance(value, str):
        return value
    return _whole(name, value)


def _text_or_pair(name, value):
    """A score ``"OURS:THEIRS"`` or ``"US,THEM"``, or a pair of whole numbers."""
    if isinstance(value, str):
        return value
    if _is_card_list(value) and len(value) == 2:
        return tuple(_whole(name, v) for v in value)
    _fail(name, value, "a string or a pair of whole numbers")


def _score(name, value):
    """``"OURS:THEIRS"``, or a pair of whole numbers (written ``OURS:THEIRS``)."""
    pair = _text_or_pair(name, value)
    return pair if isinstance(pair, str) else f"{pair[0]}:{pair[1]}"


KINDS = {"whole": _whole, "count": _count, "number": _number, "name": _name, "flag": _flag, "cards": _cards,
         "cards_or_numbers": _cards_or_numbers, "plays": _plays, "whole0": _whole0, "hands": _hands,
         "names": _names, "melds": _melds, "path": _path, "callback": _callback, "horizon": _horizon,
         "pair": _text_or_pair, "score": _score, "round": _round}

#: The kind of every argument name the games share (a game adds its own names,
#: :attr:`jass_sim.core.game.Game.arg_kinds`, through :func:`game_api_args`; a function may
#: override one).
DEFAULT_KINDS = {
    **dict.fromkeys(("seed", "threads", "samples", "max_samples", "deals", "games", "n_games", "leader", "seat",
                     "team", "target", "step", "dealer", "players"), "whole"),
    "ci": "number",
    **dict.fromkeys(("rules", "policy", "mode", "team_a", "team_b", "a", "b", "player_a", "player_b", "command"),
                    "name"),
    **dict.fromkeys(("per_deal", "exact"), "flag"),
    **dict.fromkeys(("hand", "played", "table"), "cards"),
    "options": "names", "output": "path", "progress": "callback", "horizon": "horizon",
    "score": "score", "round": "round",
}


def game_api_args(kinds: dict[str, str]):
    """The :func:`api_args` of a game whose own argument names have ``kinds`` (``{name: kind}``, its
    descriptor's :attr:`~jass_sim.core.game.Game.arg_kinds`), on top of :data:`DEFAULT_KINDS`."""

    def game_args(**overrides):
        return api_args(**{**kinds, **overrides})

    return game_args


def api_args(**overrides):
    """Decorate a public function: each argument named in :data:`DEFAULT_KINDS` (or ``overrides``,
    ``name="kind"``, ``None`` to leave one alone) is checked and normalised (see the module); ``None``
    passes through wherever the function allows it."""

    def decorate(func):
        sig = inspect.signature(func)
        names = {}
        for pname in sig.parameters:
            kind = overrides.get(pname, DEFAULT_KINDS.get(pname))
            if kind is not None:
                names[pname] = kind
        kinds = {pname: KINDS[kind] for pname, kind in names.items()}

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            try:
                bound = sig.bind(*args, **kwargs)
            except TypeError as exc:
                raise InputError(f"{func.__name__}(): {exc}", str(exc)) from None
            for pname, value in bound.arguments.items():
                check = kinds.get(pname)
                if check is not None and value is not None:
                    bound.arguments[pname] = check(pname, value)
            return func(*bound.args, **bound.kwargs)

        wrapper.api_kinds = names  # the kind of every checked argument (tests read it)
        return wrapper

    return decorate
