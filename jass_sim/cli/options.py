"""Option parsing shared by the commands (light: no heavy imports)."""

from __future__ import annotations


def mode_option(value: str | None, allow_auto: bool = True) -> int | None:
    """Mode number of ``--mode``; None for ``auto``."""
    from ..cards import parse_mode

    if value is None or (allow_auto and value.strip().lower() == "auto"):
        return None
    return parse_mode(value)
