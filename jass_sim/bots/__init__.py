"""Our card players inside other Jass frameworks (the optional extra ``pip install 'jass-sim[bots]'``).

- :mod:`jass_sim.bots.jasskit`: :class:`~jass_sim.bots.jasskit.JassSimAgent`, an ``Agent`` of
  jass-kit (the HSLU course framework, package ``jass``).
- :mod:`jass_sim.bots.schieber`: :class:`~jass_sim.bots.schieber.JassSimPlayer`, a ``BasePlayer``
  of the ``schieber`` package (PyPI), and a duplicate-round driver for benchmarks.

Each converts its framework's view of the round (hand, trump, who declared it and whether after a
push, the tricks with their first players, the current trick) into our notation and asks
:func:`jass_sim.choose_card` for the card and :func:`jass_sim.jass.play.choose.choose_mode_for`
for the trump. Each module imports its framework at the top, so only that module needs it; nothing
else in ``jass_sim`` imports this package (an import-linter contract). See ``docs/bots.md``.
"""

from __future__ import annotations

__all__: list[str] = []
