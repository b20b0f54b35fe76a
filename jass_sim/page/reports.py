"""The committed strategy reports (``reports/<directory>/`` of the repository, each game's
descriptor's ``report``), linked from the page and served read-only under ``/reports/`` by the page's own
server: nothing comes from another host. An install without the repository (a wheel) has none;
the page then shows no link and ``/reports/`` answers 404.
"""

from __future__ import annotations

from pathlib import Path

from jass_sim.registry import GAMES

#: (directory under reports/, the link's text), in the page's order (the registry's).
REPORTS = tuple(game.report for game in GAMES if game.report is not None)


def reports_dir() -> Path | None:
    """The repository's ``reports/`` next to the package (an editable install or a checkout), if any."""
    import jass_sim

    path = Path(jass_sim.__file__).resolve().parent.parent / "reports"
    return path if path.is_dir() else None


def available() -> list[dict]:
    """``[{"game", "title", "href"}]``: the committed reports that have an ``index.html``."""
    base = reports_dir()
    if base is None:
        return []
    return [{"game": game, "title": title, "href": f"/reports/{game}/index.html"}
            for game, title in REPORTS if (base / game / "index.html").is_file()]
