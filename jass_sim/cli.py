"""The ``jass-sim`` command: thin click commands; heavy modules are imported inside them."""

from __future__ import annotations

import sys

import click

from .cards import InputError


class _Group(click.Group):
    """Reports every bad-input error as one line on stderr with exit code 2, no traceback."""

    def main(self, *args, **kwargs):
        kwargs["standalone_mode"] = False
        try:
            return super().main(*args, **kwargs)
        except click.exceptions.Exit as exc:
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            click.echo("jass-sim: aborted", err=True)
            sys.exit(130)
        except click.UsageError as exc:
            click.echo(f"jass-sim: error: {exc.format_message()}", err=True)
            sys.exit(2)
        except InputError as exc:
            click.echo(f"jass-sim: error: {exc}", err=True)
            sys.exit(2)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="jass-sim")
def main():
    """Simulate and analyse Chibre (Swiss Jass, Schieber) deals."""


def _mode_option(value: str | None, allow_auto: bool = True):
    from .cards import parse_mode

    if value is None or (allow_auto and value.strip().lower() == "auto"):
        return None
    return parse_mode(value)


@main.command()
@click.option("--seed", type=int, required=True, help="Seed of the deal.")
@click.option("--mode", default="auto", show_default=True,
              help="H, D, S, C, OBE or UNE; auto lets the chooser pick.")
@click.option("--rules", default="chibre", show_default=True, help="Rule preset: chibre, schieber, pique-double.")
@click.option("--policy", default="random", show_default=True, help="Card-play policy of every seat.")
@click.option("--format", "fmt", default="text", show_default=True, help="text or json.")
def replay(seed, mode, rules, policy, fmt):
    """Deal one round from SEED, play it out and show hands, melds, tricks and score."""
    from .engine.replay import replay_round
    from .output import check_choice, render_replay

    fmt = check_choice("--format", fmt, ("text", "json"))
    record = replay_round(seed, rules, _mode_option(mode), policy)
    click.echo(render_replay(record, fmt))


if __name__ == "__main__":  # pragma: no cover
    main()
