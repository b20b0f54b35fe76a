"""The report document model: links render in Markdown and HTML; the HTML page is sized for a
phone (viewport meta tag, narrower margins on small screens)."""

from __future__ import annotations

from jass_sim.core.report.render import render_html, render_markdown

DOC = [("h1", "T"), ("p", "See [the rules](https://example.org/a_b?x=1) and [the Jass report](../chibre/index.html), "
                           "not [this](javascript:alert(1)); `code` **bold** *it*.")]


def test_links_render_in_both_forms():
    md = render_markdown(DOC)
    assert "[the rules](https://example.org/a_b?x=1)" in md
    page = render_html(DOC, "t")
    assert '<a href="https://example.org/a_b?x=1">the rules</a>' in page
    assert '<a href="../chibre/index.html">the Jass report</a>' in page
    assert 'href="javascript' not in page  # only web and relative links
    assert "<code>code</code>" in page and "<strong>bold</strong>" in page and "<em>it</em>" in page


def test_page_is_sized_for_a_phone():
    page = render_html(DOC, "t")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "@media (max-width: 40rem)" in page
