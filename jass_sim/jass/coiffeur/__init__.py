"""Coiffeur (issue 53): the match presets (:mod:`.presets`), a hand's points per form on sampled
deals (:mod:`.hand`), the shipped category value table (:mod:`.values`), the match plan by dynamic
programming over both teams' open categories (:mod:`.plan`, kernels in :mod:`._plan_kernels`) and
``jass-sim coiffeur advise`` (:mod:`.advice`, API :func:`jass_sim.jass.coiffeur.api.coiffeur_advise`).
See ``docs/coiffeur.md``."""
