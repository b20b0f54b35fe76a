"""The fast announcer's coefficients (:mod:`._announce`), written by
``scripts/fit_differenzler_announcer.py`` (3 iterations of 60000 rounds, seed 52); see benchmarks/RESULTS.md."""

#: One coefficient per feature of ``_announce.FEATURES``: one, buur, nell, trump_ace, other_trumps, side_aces, side_tens, side_kings, side_queens, card_points, void_suits, second, third, dealer.
COEFFICIENTS = (-19.9057, 35.0458, 23.9158, 17.2153, 12.7495, 4.3412, -4.6738, 5.9299, 2.1321, 0.3170, 3.3282, 0.9053, 1.7757, 5.6663)
