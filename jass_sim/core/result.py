"""Result objects of the API: a JSON document, a table, a text view and an HTML view for Jupyter."""

from __future__ import annotations

import html


class Result:
    """A command's answer.

    Attributes
    ----------
    table : pandas.DataFrame or None
        The natural table of the result (shown by Jupyter).

    Methods
    -------
    to_json()
        The command's ``--format json`` document (a dict of plain Python values).
    """

    def __init__(self, doc: dict, table=None, text=None, heading: str = ""):
        self._doc = doc
        self.table = table
        self._text = text
        self._heading = heading

    def to_json(self) -> dict:
        """The JSON document the command line prints with ``--format json`` (a fresh copy)."""
        import copy

        return copy.deepcopy(self._doc)

    def formatted(self, fmt: str) -> str:
        """The command line's output in ``fmt``: ``json`` (:meth:`to_json`), ``csv`` (``table``)
        or anything else as text (``str``)."""
        import json

        if fmt == "json":
            return json.dumps(self.to_json(), ensure_ascii=False)
        if fmt == "csv":
            return self.table.to_csv(index=False, lineterminator="\n")
        return str(self)

    def __str__(self) -> str:
        """The text the command line prints (its default format)."""
        return self._text() if callable(self._text) else (self._text or self._heading)

    def __repr__(self) -> str:
        head = f"<{type(self).__name__}"
        return f"{head}: {self._heading}>" if self._heading else head + ">"

    def _repr_html_(self) -> str:
        parts = [f"<p><b>{html.escape(self._heading)}</b></p>"] if self._heading else []
        if self.table is not None:
            parts.append(self.table.to_html(index=False, float_format=lambda x: f"{x:.4g}"))
        return "\n".join(parts)


def save_figure(fig, path: str, formats: tuple[str, ...] = ("png", "svg")) -> None:
    """Write ``fig`` to ``path`` atomically, in the format of its extension (one of ``formats``)."""
    import io

    from jass_sim.core.errors import InputError
    from jass_sim.core.files import write_atomic

    ext = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    if ext not in formats:
        raise InputError(f"cannot write a plot to {path!r}: the file name must end in "
                         + " or ".join(f".{f}" for f in formats), path)
    buf = io.BytesIO()
    fig.savefig(buf, format=ext)
    write_atomic(path, buf.getvalue())
