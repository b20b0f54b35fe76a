"""Option parsing shared by the commands (light: no heavy imports)."""

from __future__ import annotations

import click

from jass_sim.core.cli import player_option, seed_option

# The default card play and mode choice of every command: the players' own (a light module).
from jass_sim.jass.players import DEFAULT_CHOOSER, DEFAULT_POLICY, PLAYERS  # noqa: F401


def policy_option(what: str, *, default_set_by_command: bool = False):
    """``--policy``, the card play of a command (:func:`jass_sim.core.cli.player_option` over
    :data:`~jass_sim.jass.players.PLAYERS`): default ``DEFAULT_POLICY``, given by click or, with
    ``default_set_by_command``, stated in the help and set by the command (it tells a policy given
    from none)."""
    if default_set_by_command:
        return player_option("--policy", PLAYERS, what, default_text=DEFAULT_POLICY)
    return player_option("--policy", PLAYERS, what, default=DEFAULT_POLICY)


def job_options(func):
    """The options that define a simulation job, shared by ``simulate`` and ``batch``:
    ``--rules``, ``--policy``, ``--mode``, ``--chooser``, ``--seed``."""
    return _with_options(func, (
        click.option("--rules", default="chibre", show_default=True,
                     help="Rule preset: chibre, schieber, pique-double."),
        policy_option("Card-play policy of every seat"),
        click.option("--mode", default="auto", show_default=True,
                     help="auto (the chooser decides) or H, D, S, C, OBE, UNE."),
        click.option("--chooser", default=DEFAULT_CHOOSER, show_default=True,
                     help="Mode choice when --mode auto: fitted or evaluator (both may chibre), or random."),
        seed_option(),
    ))


#: ``--search-worlds``: the most worlds the ``search`` player draws per decision.
SEARCH_WORLDS_OPTION = click.option(
    "--search-worlds", type=int, default=None,
    help="search: the most worlds of the unseen cards drawn and played out per decision, in batches "
         "that double from a quarter of it while the choice is close [default: 64].")


def solver_player_options(func):
    """``--pimc-samples`` and ``--horizon``: the parameters of the ``dd`` and ``pimc`` players
    (every seat plays with the same ones)."""
    return _with_options(func, (
        click.option("--pimc-samples", type=int, default=None,
                     help="pimc: deals of the unseen cards sampled and solved per decision [default: 8]."),
        click.option("--horizon", default=None,
                     help="dd and pimc: tricks solved ahead (1-9), or 'full' for exact play to the end "
                          "of the round [default: 3]."),
        SEARCH_WORLDS_OPTION,
    ))


def _with_options(func, options):
    """``func`` decorated with ``options``, which then appear in this order in ``--help``."""
    for option in reversed(options):
        func = option(func)
    return func

