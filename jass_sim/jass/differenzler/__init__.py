"""The Differenzler (issue 52): four players, each alone, announce how many points they will make
and pay the difference. Chibre's cards, card order and trick rules (the one play step of
:mod:`jass_sim.jass.rules._tricks`); the trump is the suit of the dealer's bottom card.

Layers inside: ``rules`` (presets, penalty), ``_players``/``_kernels``/``_announce``/``_batch`` (the
compiled round, players, announcer and batch), ``state`` (the State), ``engine`` (replay, runs),
then the features, ``api`` and ``cli``.
"""
