"""Option parsing shared by the commands (light: no heavy imports)."""

from __future__ import annotations


def mode_option(value: str | None, allow_auto: bool = True) -> int | None:
    """Mode number of ``--mode``; None for ``auto``."""
    from ..cards import parse_mode

    if value is None or (allow_auto and value.strip().lower() == "auto"):
        return None
    return parse_mode(value)


def job_options(func):
    """The options that define a simulation job, shared by ``simulate`` and ``batch``:
    ``--rules``, ``--policy``, ``--mode``, ``--chooser``, ``--seed``."""
    import click

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
    import click

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
