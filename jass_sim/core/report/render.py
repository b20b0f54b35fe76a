"""A tiny document model for ``jass-sim report``, rendered to Markdown and to self-contained HTML.

A document is a list of blocks, each a tuple:

``("h1" | "h2" | "h3", text)``, ``("p", text)``, ``("code", text)``,
``("table", header, rows, caption[, align])`` (cells are strings; ``align`` is one letter ``l``
or ``r`` per column, the last letter repeating; default ``lr``: the first column left-aligned,
the others right-aligned), ``("img", file, alt)``.

Text may use four inline Markdown forms, rendered in HTML too: ```code```, ``**bold**``,
``*italics*`` and links ``[text](https://...)`` (or a relative ``../`` or ``./`` path).
No dependency beyond the standard library (pandas' ``to_markdown`` would need ``tabulate``).
"""

from __future__ import annotations

import html
import re

_INLINE = re.compile(r"`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\(((?:https?://|\.\./|\./)[^)\s]+)\)")

CSS = """
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; max-width: 72rem;
       margin: 2rem auto; padding: 0 1rem; color: #1f2328; line-height: 1.5; }
h1, h2 { border-bottom: 1px solid #d0d7de; padding-bottom: .3rem; }
table { border-collapse: collapse; margin: .5rem 0 1.2rem; font-size: .88rem; }
caption { caption-side: top; text-align: left; font-weight: 600; padding: .3rem 0; }
th, td { border: 1px solid #d0d7de; padding: .25rem .6rem; text-align: right; white-space: nowrap; }
th.l, td.l { text-align: left; white-space: normal; }
th { background: #f6f8fa; }
tr:nth-child(even) td { background: #fbfcfd; }
code, pre { font-family: ui-monospace, Menlo, Consolas, monospace; background: #f6f8fa; border-radius: 4px; }
code { padding: .1rem .3rem; }
pre { padding: .8rem; overflow-x: auto; }
img { max-width: 100%; border: 1px solid #d0d7de; margin: .5rem 0 1.2rem; }
.wide { overflow-x: auto; }
@media (max-width: 40rem) { body { margin: 1rem auto; padding: 0 .6rem; } table { font-size: .8rem; }
  th, td { padding: .2rem .4rem; } }
"""


def _aligns(block: tuple, n: int) -> str:
    spec = block[4] if len(block) > 4 else "lr"
    return "".join(spec[min(i, len(spec) - 1)] for i in range(n))


def _md_cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def render_markdown(blocks: list[tuple]) -> str:
    """The document as GitHub-flavoured Markdown."""
    out = []
    for block in blocks:
        kind = block[0]
        if kind in ("h1", "h2", "h3"):
            out.append("#" * int(kind[1]) + " " + block[1])
        elif kind == "p":
            out.append(block[1])
        elif kind == "code":
            out.append("```\n" + block[1] + "\n```")
        elif kind == "table":
            header, rows, caption = block[1:4]
            aligns = _aligns(block, len(header))
            lines = []
            if caption:
                lines += [f"*{caption}*", ""]
            lines.append("| " + " | ".join(_md_cell(h) for h in header) + " |")
            lines.append("| " + " | ".join("---:" if a == "r" else "---" for a in aligns) + " |")
            lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
            out.append("\n".join(lines))
        elif kind == "img":
            out.append(f"![{block[2]}]({block[1]})")
        else:
            raise ValueError(f"unknown block {kind!r}")
    return "\n\n".join(out) + "\n"


def _inline_html(text: str) -> str:
    parts = []
    pos = 0
    for m in _INLINE.finditer(text):
        parts.append(html.escape(text[pos:m.start()]))
        if m.group(1) is not None:
            parts.append(f"<code>{html.escape(m.group(1))}</code>")
        elif m.group(2) is not None:
            parts.append(f"<strong>{html.escape(m.group(2))}</strong>")
        elif m.group(3) is not None:
            parts.append(f"<em>{html.escape(m.group(3))}</em>")
        else:
            parts.append(f'<a href="{html.escape(m.group(5))}">{html.escape(m.group(4))}</a>')
        pos = m.end()
    parts.append(html.escape(text[pos:]))
    return "".join(parts)


def render_html(blocks: list[tuple], title: str) -> str:
    """The document as one HTML page with inline CSS; images are referenced by relative path."""
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{html.escape(title)}</title>", f"<style>{CSS}</style>", "</head>", "<body>"]
    for block in blocks:
        kind = block[0]
        if kind in ("h1", "h2", "h3"):
            out.append(f"<{kind}>{_inline_html(block[1])}</{kind}>")
        elif kind == "p":
            out.append(f"<p>{_inline_html(block[1])}</p>")
        elif kind == "code":
            out.append(f"<pre><code>{html.escape(block[1])}</code></pre>")
        elif kind == "table":
            header, rows, caption = block[1:4]
            aligns = _aligns(block, len(header))
            t = ['<div class="wide"><table>']
            if caption:
                t.append(f"<caption>{_inline_html(caption)}</caption>")
            style = [' class="l"' if a == "l" else "" for a in aligns]
            t.append("<thead><tr>" + "".join(f"<th{st}>{_inline_html(str(h))}</th>" for st, h in zip(style, header))
                     + "</tr></thead>")
            t.append("<tbody>")
            t += ["<tr>" + "".join(f"<td{st}>{_inline_html(str(c))}</td>" for st, c in zip(style, row)) + "</tr>"
                  for row in rows]
            t.append("</tbody></table></div>")
            out.append("\n".join(t))
        elif kind == "img":
            out.append(f'<img src="{html.escape(block[1])}" alt="{html.escape(block[2])}">')
        else:
            raise ValueError(f"unknown block {kind!r}")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def images(blocks: list[tuple]) -> list[str]:
    """The image files a document references."""
    return [b[1] for b in blocks if b[0] == "img"]
