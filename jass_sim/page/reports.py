"""The committed strategy reports (``reports/<directory>/`` of the repository, each game's
descriptor's ``report``), linked from the page and served read-only under ``/reports/`` by the page's own
server: nothing comes from another host. An install without the repository (a wheel) has none;
the page then shows no link and ``/reports/`` answers 404.
"""

from __future__ import annotations

import html
import re
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


#: What the page adds to a report it serves (phones, keyboards): the report as committed stays as it is.
PAGE_CSS = """
.report-nav { position: sticky; top: 0; background: #fff; padding: .4rem 0; border-bottom: 1px solid #d0d7de;
              z-index: 1; }
.report-toc ol { columns: 2 16rem; padding-left: 1.4rem; margin: .3rem 0; }
.wide:focus, .fig:focus { outline: 2px solid #1f6f4a; outline-offset: 2px; }
@media (max-width: 40rem) { .fig { overflow-x: auto; } .fig img { max-width: none; width: 46rem; } }
"""

_H2 = re.compile(r"<h2>(.*?)</h2>", re.S)
_WIDE = re.compile(r'<div class="wide"><table>(\s*(?:<caption>(.*?)</caption>)?)', re.S)
_IMG = re.compile(r'<img src="([^"]+)" alt="([^"]*)">')
_TAGS = re.compile(r"<[^>]+>")


def for_the_page(text: str) -> str:
    """A committed report's HTML as the page serves it: a way back to the page and a table of contents
    at the top (its ``h2`` sections), every scrolling table and code block a keyboard stop with a name (``tabindex=0``,
    ``role=region``, its caption), and each figure full size on a phone, scrolling sideways (the
    card-value heat map stays readable at 390 px) and opening alone when tapped."""
    sections = []

    def heading(m: re.Match) -> str:
        sections.append(m.group(1))
        return f'<h2 id="section-{len(sections)}">{m.group(1)}</h2>'

    text = _H2.sub(heading, text)
    count = iter(range(1, 10_000))

    def table(m: re.Match) -> str:
        name = html.unescape(_TAGS.sub("", m.group(2) or "")).strip() or f"table {next(count)}"
        return (f'<div class="wide" tabindex="0" role="region" aria-label="{html.escape(name)} (scrolls sideways)">'
                f"<table>{m.group(1)}")

    text = _WIDE.sub(table, text)
    text = text.replace("<pre>", '<pre tabindex="0" aria-label="code (scrolls sideways)">')
    text = _IMG.sub(lambda m: f'<div class="fig" tabindex="0" role="region" aria-label="{m.group(2)} (figure)">'
                              f'<a href="{m.group(1)}">{m.group(0)}</a></div>', text)
    toc = "".join(f'<li><a href="#section-{i}">{title}</a></li>' for i, title in enumerate(sections, 1))
    nav = ('<nav class="report-nav" aria-label="Report"><a href="/" data-testid="report-back">← back to the '
           "jass-sim page</a></nav>")
    if toc:
        nav += f'<nav class="report-toc" aria-label="Contents"><details open><summary>Contents</summary><ol>{toc}</ol>' \
               "</details></nav>"
    text = text.replace("</style>", PAGE_CSS + "</style>", 1)
    return text.replace("<body>", "<body>\n" + nav, 1)


def report_route(request):
    """``GET /reports/{game}/`` and ``/reports/{game}/index.html``: the committed report's page as
    :func:`for_the_page` serves it (its other files come from the read-only mount)."""
    from starlette.responses import HTMLResponse, JSONResponse

    game = request.path_params["game"]
    base = reports_dir()
    known = {g for g, _ in REPORTS}
    path = base / game / "index.html" if base is not None and game in known else None
    if path is None or not path.is_file():
        return JSONResponse({"error": f"no report {game!r}"}, status_code=404)
    return HTMLResponse(for_the_page(path.read_text(encoding="utf-8")), headers={"Cache-Control": "no-cache"})
