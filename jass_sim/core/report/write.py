"""The one writer of report directories: a report appears whole, or the old one stays.

Every report (each game's ``report`` command) is a directory of ``index.md``,
``index.html``, PNG figures and ``tables/*.csv``. :func:`write_report_dir` writes all of it into
a temporary directory beside the target and swaps it in with two renames at the end, so an
interruption or an error at any point leaves the previous report as it was (and no temporary
directory behind). Files written one by one into the target instead could leave old and new
files mixed.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Mapping

from jass_sim.core.errors import InputError
from jass_sim.core.report.render import images, render_html, render_markdown


def check_report_dir(path: str, option: str = "-o") -> str:
    """The absolute report directory; an InputError if it cannot be written
    (:func:`jass_sim.core.files.check_output_dir`) or exists and is not a directory that holds a
    report (``index.md``) or is empty — nothing else is ever replaced."""
    from jass_sim.core.files import check_output_dir as check_writable

    target = check_writable(path, option)
    if os.path.isdir(target) and os.listdir(target) and not os.path.exists(os.path.join(target, "index.md")):
        raise InputError(f"output directory {path!r} is not empty and holds no report (index.md): "
                         "not replacing it", path)
    return target


def write_report_dir(path: str, blocks: list[tuple], title: str, tables: Mapping[str, object],
                     figures: Callable[[str], None]) -> list[str]:
    """Render a report into directory ``path`` (created, or replaced whole).

    Parameters
    ----------
    path : str
        The report directory; checked by :func:`check_report_dir`.
    blocks : list of tuple
        The document (see :mod:`jass_sim.core.report.render`), written as ``index.md`` and
        ``index.html``.
    title : str
        The HTML page title.
    tables : mapping of str to DataFrame
        Written as ``tables/NAME.csv``.
    figures : callable
        Called with the temporary directory; writes the figures the document shows into it.

    Returns
    -------
    list of str
        The files of the report, relative to ``path``, sorted.
    """
    from jass_sim.core import files  # its test hook is looked up at call time (monkeypatched by tests)

    target = check_report_dir(path)
    parent = os.path.dirname(target)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(dir=parent, prefix=f".tmp-{os.path.basename(target)}-")
    old = None
    try:
        with open(os.path.join(tmp, "index.md"), "w", encoding="utf-8") as fh:
            fh.write(render_markdown(blocks))
        with open(os.path.join(tmp, "index.html"), "w", encoding="utf-8") as fh:
            fh.write(render_html(blocks, title))
        figures(tmp)
        os.makedirs(os.path.join(tmp, "tables"))
        for name, df in tables.items():
            df.to_csv(os.path.join(tmp, "tables", f"{name}.csv"), index=False, float_format="%.10g",
                      lineterminator="\n")
        missing = [f for f in images(blocks) if not os.path.exists(os.path.join(tmp, f))]
        if missing:  # pragma: no cover - a programming error
            raise RuntimeError(f"report references missing figures: {missing}")
        os.chmod(tmp, 0o755)
        for d, _, fs in os.walk(tmp):
            for f in fs:
                os.chmod(os.path.join(d, f), 0o644)
        files.pause_before_rename(target)
        if os.path.exists(target):
            old = tempfile.mkdtemp(dir=parent, prefix=f".old-{os.path.basename(target)}-")
            os.rmdir(old)
            os.replace(target, old)
        os.replace(tmp, target)
        tmp = None
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    return sorted(os.path.relpath(os.path.join(d, f), target) for d, _, fs in os.walk(target) for f in fs)


def write_figures(directory: str, figures: Mapping[str, bytes]) -> None:
    """Write figures rendered in memory (``{file name: PNG bytes}``) into ``directory``."""
    for name, data in figures.items():
        with open(os.path.join(directory, name), "wb") as fh:
            fh.write(data)


class ReportFiles:
    """The report a game's ``report()`` wrote (every game's one return type).

    Attributes
    ----------
    path : pathlib.Path
        The report directory.
    index : pathlib.Path
        Its ``index.md`` (``index.html`` beside it).
    files : list of str
        The files written, relative to ``path`` (read from the directory when not given).
    report : object
        The analysis object with its tables.
    """

    def __init__(self, path: str, rep, files: list[str] | None = None):
        import pathlib

        self.path = pathlib.Path(path)
        self.index = self.path / "index.md"
        self.report = rep
        if files is None:  # the writer did not list them: what the directory holds now
            files = sorted(p.relative_to(self.path).as_posix() for p in self.path.rglob("*") if p.is_file())
        self.files = list(files)

    def __repr__(self) -> str:
        return f"<ReportFiles {len(self.files)} files in {self.path}>"

    def _repr_html_(self) -> str:
        import html

        return f'<a href="{html.escape(str(self.path / "index.html"))}">{html.escape(str(self.path))}/index.html</a>'
