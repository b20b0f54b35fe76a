"""Checked integer options shared by every command (seeds, threads, counts).

Every integer option named ``--seed``, ``--threads`` or one of :data:`COUNT_OPTIONS` (declared with a
plain ``type=int``) gets the matching type below from the command class of the ``jass-sim`` group
(:func:`harden_params`, called by :class:`jass_sim.core.cli.Command`), so every command, including one
added later, rejects a negative, huge or non-numeric value with one line naming it, before any work.
"""

from __future__ import annotations

import click

from jass_sim.core.api_args import MAX_SEED

#: Integer options that count something (deals, samples, hands, games...): 1 .. MAX_COUNT.
COUNT_OPTIONS = frozenset({"deals", "samples", "hands", "games", "max_samples", "shard_size", "positions",
                           "search_deals", "pimc_samples", "search_worlds", "meld_hands", "samples_per_hand", "stop_after_shards"})


#: The largest count accepted (far beyond any run that could finish; int64 arithmetic stays exact).
MAX_COUNT = 2**53


class CheckedInt(click.ParamType):
    """A decimal integer in ``[lo, hi]``; ``hi`` may be a callable, read when a value is parsed."""

    def __init__(self, name: str, lo: int, hi, what: str):
        self.name, self.lo, self._hi, self.what = name, lo, hi, what

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            n = value
        else:
            try:
                n = int(str(value).strip(), 10)
            except ValueError:
                self.fail(f"{str(value)!r} is not an integer ({self.what})", param, ctx)
        hi = self._hi() if callable(self._hi) else self._hi
        if not self.lo <= n <= hi:
            self.fail(f"{n} is out of range ({self.what.format(hi=hi)})", param, ctx)
        return n


def _cores() -> int:
    from jass_sim.core.threads import max_threads

    return max_threads()


SEED = CheckedInt("seed", 0, MAX_SEED, "a seed is an integer 0..2**63-1")


THREADS = CheckedInt("threads", 1, _cores, "1..{hi}, the cores of this machine")


COUNT = CheckedInt("count", 1, MAX_COUNT, "a count is an integer 1..2**53")


def harden_params(params) -> None:
    """Give every plain-``int`` option named ``seed``, ``threads`` or in :data:`COUNT_OPTIONS`
    its checked type (:data:`SEED`, :data:`THREADS`, :data:`COUNT`), in place."""
    for p in params:
        if isinstance(p, click.Option) and type(p.type) is click.types.IntParamType:
            # by the option's name or its flag (``--games`` may be stored as ``n_games``)
            names = {p.name} | {o.lstrip("-").replace("-", "_") for o in p.opts if o.startswith("--")}
            p.type = SEED if "seed" in names else THREADS if "threads" in names else \
                COUNT if names & COUNT_OPTIONS else p.type
