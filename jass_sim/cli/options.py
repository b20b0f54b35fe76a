"""Option parsing shared by the commands (light: no heavy imports)."""

from __future__ import annotations

import click


def mode_option(value: str | None, allow_auto: bool = True) -> int | None:
    """Mode number of ``--mode``; None for ``auto``."""
    from ..cards import parse_mode

    if value is None or (allow_auto and value.strip().lower() == "auto"):
        return None
    return parse_mode(value)


def job_options(func):
    """The options that define a simulation job, shared by ``simulate`` and ``batch``:
    ``--rules``, ``--policy``, ``--mode``, ``--chooser``, ``--seed``."""
    return _with_options(func, (
        click.option("--rules", default="chibre", show_default=True,
                     help="Rule preset: chibre, schieber, pique-double."),
        click.option("--policy", default="random", show_default=True, help="Card-play policy of every seat."),
        click.option("--mode", default="auto", show_default=True,
                     help="auto (the chooser decides) or H, D, S, C, OBE, UNE."),
        click.option("--chooser", default="evaluator", show_default=True,
                     help="Mode choice when --mode auto: evaluator or fitted (both may chibre), or random."),
        click.option("--seed", type=int, default=0, show_default=True, help="Root seed."),
    ))


def solver_player_options(func):
    """``--pimc-samples`` and ``--horizon``: the parameters of the ``dd`` and ``pimc`` players
    (every seat plays with the same ones)."""
    return _with_options(func, (
        click.option("--pimc-samples", type=int, default=None,
                     help="pimc: deals of the unseen cards sampled and solved per decision [default: 8]."),
        click.option("--horizon", default=None,
                     help="dd and pimc: tricks solved ahead (1-9), or 'full' for exact play to the end "
                          "of the round [default: 3]."),
    ))


def _with_options(func, options):
    """``func`` decorated with ``options``, which then appear in this order in ``--help``."""
    for option in reversed(options):
        func = option(func)
    return func


def solver_player_json(params) -> dict:
    """``{"pimc_samples": n, "horizon": n | "full"}`` of a ``policy_params`` array for the JSON
    outputs (null where the player's default was used)."""
    samples, horizon = int(params[0]), int(params[1])
    return {"pimc_samples": samples or None, "horizon": "full" if horizon < 0 else (horizon or None)}



# --- checked integer options -------------------------------------------------------------------
# Every integer option named ``--seed``, ``--threads`` or one of COUNT_OPTIONS (declared with a plain
# ``type=int``) gets the matching type below from the command class of the ``jass-sim`` group
# (:func:`harden_params`, called by ``jass_sim.cli._Command``), so every command, including one added
# later, rejects a negative, huge or non-numeric value with one line naming it, before any work.

#: Seeds accepted by every command: 0 .. 2**63 - 1 (as :data:`jass_sim.engine.rng.MAX_SEED`).
MAX_SEED = 2**63 - 1
#: Integer options that count something (deals, samples, hands, games...): 1 .. MAX_COUNT.
COUNT_OPTIONS = frozenset({"deals", "samples", "hands", "games", "max_samples", "shard_size", "positions",
                           "search_deals", "pimc_samples", "meld_hands", "samples_per_hand", "stop_after_shards"})
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
    from ..engine.simulate import max_threads

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
