"""Chibre's random streams: a feature's name -> its stream number (the first spawn key of
:func:`jass_sim.core.rng.block_states`). Every stream the package draws is read from this table
(checked by tests/core/test_streams.py); the descriptor hands it to the registry. The numbers are
part of every seeded result: changing one changes the output of its command for every seed.
"""

from __future__ import annotations

#: Every random stream of Chibre.
STREAMS: dict[str, int] = {
    "jass.deals": 0,           # simulate, batch and the deals of the report's human comparison
    "jass.replay": 0,          # replay: one round
    "jass.duel": 1,            # duel and the report's player table
    "jass.game": 3,            # one whole game to the target (engine.game.simulate_game)
    "jass.advise": 7,          # advise, and the report's mode-choice section
    "jass.selfplay": 7,        # training positions for the net player (scripts/train_net.py)
    "jass.games": 11,          # games: duplicate games to the target
    "jass.play-advice": 11,    # play-advice and review: the sampled worlds
    "jass.choose-card": 13,    # choose_card (the page's bots): the random and pimc players' choices
    "jass.report-hands": 11,   # report: the hands of the mode-choice section
    "jass.report-cards": 12,   # report: the deals of the card-value section
    "jass.report-positions": 14,  # report: the deals and seeds of the first-lead and smearing positions
    "jass.partner-data": 15,   # scripts/partner_data.py: the pushed deals a partner model is fitted on
    "jass.report-partner": 16,  # report: the pushed deals of section 2e (after the push)
    "jass.equity": 12,         # equity: the sampled rounds
    "jass.meld-hands": 0,      # melds (and the report) without --exact: sampled hands
    "jass.meld-deals": 1,      # melds (and the report): sampled deals
    "jass.coiffeur-values": 17,  # scripts/build_coiffeur_values.py: the random hands of the Coiffeur value table
    "jass.coiffeur-plan": 18,  # coiffeur advise: the simulated rest of the match (P(win) with --score)
    "jass.differenzler-deals": 21,    # differenzler simulate, games and the announcer's fit: the deals
    "jass.differenzler-play": 22,     # differenzler: the random player's draws (apart from the deals)
    "jass.differenzler-replay": 23,   # differenzler replay: one round
    "jass.differenzler-advise": 24,   # differenzler advise: the deals of the unseen cards
    "jass.differenzler-report": 26,   # differenzler report: the sampled hands, seats and trump cards
    "jass.coiffeur-match": 19,  # coiffeur replay/simulate/games: a match's deals and card play
    "jass.differenzler-play-advice": 25,  # differenzler play-advice: the sampled worlds and their play-outs
    "jass.coiffeur-report": 27,  # coiffeur report: its random hands
    "jass.coiffeur-report-misere": 28,  # coiffeur report: the card play of the Misère section
}

#: The numbers that several features share, and why each sharing is harmless (streams need to be
#: independent only within one computation: one command run, one API call). Known exception, kept
#: so that no output changes: ``jass-sim report`` draws both ``jass.duel`` (its player table) and
#: ``jass.meld-deals`` (its per-deal meld figures) from stream 1, and with ``--meld-hands`` both
#: ``jass.deals`` (the human comparison) and ``jass.meld-hands`` from stream 0, with the report's
#: one seed: those sections may see the same deals. Each section's figures are still right; only
#: their sampling errors are correlated between the two sections.
SHARED_STREAMS: dict[int, tuple[str, ...]] = {
    0: ("jass.deals", "jass.replay", "jass.meld-hands"),
    1: ("jass.duel", "jass.meld-deals"),
    7: ("jass.advise", "jass.selfplay"),        # self-play is a training run, never with advise
    11: ("jass.games", "jass.play-advice", "jass.report-hands"),  # three separate commands
    12: ("jass.report-cards", "jass.equity"),   # the report computes no equity table
}
