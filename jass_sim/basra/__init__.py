"""Basra, the fishing card game (52 cards, 2 players or 4 in two teams).

Layers, as for Chibre: :mod:`.cards` (52-card masks, notation) -> :mod:`.rules` (presets as data,
capture and scoring kernels in :mod:`._capture`) -> :mod:`.engine` (dealing, rounds, games,
players; kernels in :mod:`._play` and :mod:`._batch`) -> :mod:`.analysis` -> :mod:`.cli`.
The rules are written down in ``docs/basra.md``.
"""
