"""The one base of every command's answer: its text, JSON and CSV output, files, plots and the
Jupyter view, and the one check of a file name given to ``--plot`` (or to ``-o`` by extension).

Each feature defines one subclass, in the feature's package, holding its rendering: the command
line parses its options, calls the API function and prints ``result.formatted(fmt)``, so
``str(result)`` is exactly the command's text output and ``to_json()`` its ``--format json``
document.
"""

from __future__ import annotations

import html
import os

#: The plot formats of most commands (the file name's extension).
PLOT_FORMATS = ("png", "svg")


def _extension(path: str) -> str:
    return os.path.splitext(str(path))[1][1:].lower()


def _names(formats) -> str:
    """``(png, svg, pdf)`` -> ``.png, .svg or .pdf``."""
    names = [f".{f}" for f in formats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def check_file_path(path: str | None, formats: tuple[str, ...], option: str) -> str | None:
    """Before any work: the format of the file ``path`` (its extension, one of ``formats``), which
    must also be writable (see :func:`jass_sim.core.files.check_output_path`); an InputError
    naming ``path`` otherwise. ``None`` (no file asked for) passes."""
    if path is None:
        return None
    from jass_sim.core.errors import InputError
    from jass_sim.core.files import check_output_path, parquet_module

    ext = _extension(path)
    if ext not in formats:
        raise InputError(f"{option} needs a {_names(formats)} file, got {str(path)!r}", str(path))
    check_output_path(path, option)
    if ext == "parquet":
        parquet_module()  # pyarrow missing: say so before the work
    return ext


def check_plot_path(path: str | None, formats: tuple[str, ...] = PLOT_FORMATS, option: str = "--plot") -> str | None:
    """The plot-path check of every command with ``--plot`` (and of ``plot(path)`` in the API):
    the extension names the format (one of ``formats``) and the file can be written. Returns
    the format, or None when ``path`` is None."""
    return check_file_path(path, formats, option)


def save_figure(fig, path: str, formats: tuple[str, ...] = PLOT_FORMATS) -> None:
    """Write the matplotlib Figure ``fig`` to ``path`` atomically, in the format of its extension
    (one of ``formats``; checked by :func:`check_plot_path`)."""
    import io

    from jass_sim.core.files import write_atomic

    ext = check_plot_path(path, formats)
    buf = io.BytesIO()
    fig.savefig(buf, format=ext)
    write_atomic(path, buf.getvalue())


class Result:
    """A command's answer: one subclass per feature.

    Attributes
    ----------
    table : pandas.DataFrame or None
        The natural table of the result (shown by Jupyter, written by ``--format csv``).
    formats : tuple of str
        The command's ``--format`` values (``table`` and ``text`` are both :meth:`text`).

    Subclasses define :meth:`text` and either pass the JSON document (and table) to this
    constructor or define :meth:`to_json` (and ``table``) themselves.
    """

    #: The text ``--format`` values of the command, its default first (parquet is written by the command).
    formats: tuple[str, ...] = ("table", "json", "csv")
    #: The plot formats of :meth:`plot` (none: the result has no plot).
    plot_formats: tuple[str, ...] = ()
    #: ``ensure_ascii`` of the command's JSON output (non-ASCII text escaped or not).
    json_ascii: bool = True

    def __init__(self, doc: dict | None = None, table=None):
        self._doc = doc
        self.table = table

    def to_json(self) -> dict:
        """The JSON document the command line prints with ``--format json`` (a fresh copy)."""
        import copy

        if getattr(self, "_doc", None) is None:
            raise NotImplementedError(f"{type(self).__name__} defines no JSON document")
        return copy.deepcopy(self._doc)

    def to_frame(self):
        """The result's table (a pandas DataFrame): ``table``."""
        table = getattr(self, "table", None)
        if table is None:
            raise TypeError(f"{type(self).__name__} has no table")
        return table

    def to_csv(self) -> str:
        """The command's ``--format csv`` output: :meth:`to_frame` as CSV."""
        return self.to_frame().to_csv(index=False, lineterminator="\n")

    def text(self) -> str:
        """The command's text output (its default format)."""
        raise NotImplementedError(f"{type(self).__name__} defines no text")

    @property
    def heading(self) -> str:
        """One line that sums the result up (``repr`` and the Jupyter view)."""
        return ""

    def formatted(self, fmt: str) -> str:
        """The command line's output in ``fmt``: ``table`` or ``text`` (:meth:`text`, every
        result has it), ``json`` (:meth:`to_json`) or ``csv`` (:meth:`to_csv`) when they are among
        :attr:`formats`; an InputError naming ``fmt`` otherwise."""
        import json

        from jass_sim.core.errors import check_choice

        if fmt.strip().lower() in ("table", "text"):
            return self.text()
        fmt = check_choice("--format", fmt, self.formats)
        if fmt == "json":
            return json.dumps(self.to_json(), ensure_ascii=self.json_ascii)
        return self.to_csv()  # the last text format (a binary one, such as parquet, is not in formats)

    def save(self, path) -> None:
        """Write the result to the file ``path`` (atomically), in the format of its extension:
        ``.txt`` the text, ``.json`` and ``.csv`` as the command's ``--format`` (when it has
        them; the bytes ``-o FILE`` writes), ``.parquet`` the table, or a plot format. An
        InputError naming ``path`` for any other extension or a file that cannot be written."""
        from jass_sim.core.errors import InputError
        from jass_sim.core.files import check_output_path, emit

        path = os.fspath(path)
        ext = _extension(path)
        texts = {"txt": "text"} | {f: f for f in ("json", "csv") if f in self.formats}
        has_table = getattr(self, "table", None) is not None
        allowed = list(texts) + (["parquet"] if has_table else []) + list(self.plot_formats)
        if ext not in allowed:
            raise InputError(f"cannot save {type(self).__name__} to {path!r}: the file name must end in "
                             f"{_names(allowed)}", path)
        if ext in self.plot_formats:
            self.plot(path)
            return
        check_output_path(path, "the file")
        if ext == "parquet":
            import io

            from jass_sim.core.files import parquet_module, write_atomic

            parquet_module()
            buf = io.BytesIO()
            self.to_frame().to_parquet(buf, index=False)
            write_atomic(path, buf.getvalue())
            return
        emit(self.text() if ext == "txt" else self.formatted(texts[ext]), path)

    def figure(self):
        """The result's plot as a matplotlib Figure (results with :attr:`plot_formats` only)."""
        raise TypeError(f"{type(self).__name__} has no plot")

    def plot(self, path: str | None = None):
        """:meth:`figure` (a matplotlib Figure, no pyplot state); also written to ``path`` when
        given, in the format of its extension (one of :attr:`plot_formats`, checked first)."""
        if not self.plot_formats:
            raise TypeError(f"{type(self).__name__} has no plot")
        if path is not None:
            check_plot_path(path, self.plot_formats)
        fig = self.figure()
        if path is not None:
            save_figure(fig, path, self.plot_formats)
        return fig

    def __str__(self) -> str:
        """The text the command line prints (its default format)."""
        return self.text()

    def __repr__(self) -> str:
        head = f"<{type(self).__name__}"
        return f"{head}: {self.heading}>" if self.heading else head + ">"

    def _repr_html_(self) -> str:
        heading = self.heading
        parts = [f"<p><b>{html.escape(heading)}</b></p>"] if heading else []
        table = getattr(self, "table", None)
        if table is not None:
            parts.append(table.to_html(index=False, float_format=lambda x: f"{x:.4g}"))
        return "\n".join(parts)
