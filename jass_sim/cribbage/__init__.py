"""Cribbage (two players, 52 cards): exact hand and crib scoring, a discard adviser, pegging and
whole games, on the same kind of compiled bit kernels as the Jass engine.

Layers: :mod:`.cards` (notation, 52-card masks, rank counts) -> ``_scoring``/``_pegging``
(compiled rule kernels) with :mod:`.scoring` (the public checked wrappers) -> ``_exact``,
``_game`` (enumeration and game kernels) with :mod:`.discard` and :mod:`.engine` -> :mod:`.analysis`
(pandas tables, plots) -> ``jass_sim.cli.cribbage``. The rules implemented are in ``docs/cribbage.md``.
"""
