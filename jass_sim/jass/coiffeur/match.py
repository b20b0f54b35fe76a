"""Whole Coiffeur matches: the sheet of one match, round by round (``jass-sim coiffeur replay``).

A match (``docs/coiffeur.md``) has ``2 x categories`` rounds (16 for ``coiffeur``). Round ``r``'s
first chooser is seat ``r mod 4`` (the deal moves on a seat each round, in play order); it takes one
of its team's open categories or passes to the next seat (an opponent); when all four passed it
must take ("im Fass"). With ``pass_to_partner`` it may pass to its partner only, who must take. A
team with no open category left passes without a choice. The taker leads and plays the round in
the category's form, the round mode its chooser names (a Joker's suit, Slalom-Obe or -Une, ...:
:func:`~jass_sim.jass.coiffeur.match_bots.slot_gains_for`), through
:func:`~jass_sim.jass.coiffeur.match_round.play_coiffeur_round`; its team's
points x the multiplier are written (both teams' when ``both_written``).

Match ``m`` of a seed deals its rounds from block ``m`` of the ``jass.coiffeur-match`` stream
(all its deals first, then the card play's random numbers): a duplicate pair plays the same deals
with the teams' choosers swapped.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from jass_sim.core.rng import block_states
from jass_sim.jass.cards import format_card, mask_to_cards
from jass_sim.jass.coiffeur.match_bots import greedy_choice, plan_choice
from jass_sim.jass.coiffeur.match_round import play_coiffeur_round
from jass_sim.jass.coiffeur.presets import CoiffeurRules
from jass_sim.jass.rules.round_modes import ROUND_MODE_NAMES
from jass_sim.jass.streams import STREAMS

MATCH_STREAM = STREAMS["jass.coiffeur-match"]


@dataclass
class Table:
    """What every match of a run shares: the preset, the card players and their parameters."""

    rules: CoiffeurRules
    policies: np.ndarray
    players: object
    params: np.ndarray


@dataclass
class MatchResult:
    """A played match: the teams' totals and, when recorded, the sheet's rounds."""

    totals: list[int]
    rounds: list[dict] = field(default_factory=list)

    @property
    def margin(self) -> int:
        """Team 0's total minus team 1's."""
        return self.totals[0] - self.totals[1]


def _chain(rules: CoiffeurRules, first_seat: int, open_sets: list[int]) -> tuple[list[int], bool]:
    """The seats that may choose in this round, in order, and whether the last may pass back to
    the first (``True``: "im Fass" when all passed) or must take."""
    has = [open_sets[0] != 0, open_sets[1] != 0]
    if has[0] and has[1]:
        if rules.pass_to_partner:
            return [first_seat, (first_seat + 2) % 4], False
        return [(first_seat + j) % 4 for j in range(4)], True
    a = next((first_seat + j) % 4 for j in range(4) if has[(first_seat + j) % 2])
    return [a, (a + 2) % 4], not rules.pass_to_partner


def _decide(bot: str, hand: int, table: Table, team: int, open_sets: list[int], idx: int, loop: bool,
            forced: bool):
    ours, theirs = open_sets[team], open_sets[1 - team]
    if bot == "greedy":
        return greedy_choice(hand, table.rules, ours)
    both = open_sets[0] != 0 and open_sets[1] != 0
    if table.rules.pass_to_partner:
        passed, forced = idx, idx == 1
    elif forced:
        passed = 0
    else:
        passed = idx if both else 2 * idx
    return plan_choice(hand, table.rules, ours, theirs, passed, forced, first_team=team)


def deal_match(seed: int, index: int, rounds: int) -> tuple[np.ndarray, np.ndarray]:
    """``(hands uint64[rounds, 4], rng)``: the deals of match ``index`` and the card play's generator."""
    from jass_sim.jass.engine.deal import deal_uniform, new_deck

    rng = block_states(seed, index, 1, MATCH_STREAM)[0]
    deck = new_deck()
    hands = np.zeros((rounds, 4), dtype=np.uint64)
    for r in range(rounds):
        deal_uniform(rng, deck, hands[r])
    return hands, rng


def play_match(table: Table, bots: tuple[str, str], seed: int, index: int, record: bool = False) -> MatchResult:
    """Play match ``index`` of ``seed`` with chooser ``bots[0]`` for team 0 (seats 0, 2) and
    ``bots[1]`` for team 1; ``record``: keep the sheet's rounds (hands, passes, tricks)."""
    rules = table.rules
    n = len(rules.categories)
    deals, rng = deal_match(seed, index, rules.rounds)
    open_sets = [(1 << n) - 1, (1 << n) - 1]
    totals = [0, 0]
    out = []
    for r in range(rules.rounds):
        hands = deals[r]
        first = r % 4
        chain, loop = _chain(rules, first, open_sets)
        passes = []
        decision = None
        for idx, seat in enumerate(chain):
            must = not loop and idx == len(chain) - 1
            team = seat & 1
            d = _decide(bots[team], int(hands[seat]), table, team, open_sets, idx, loop, must)
            if d.slot is None and not must:
                passes.append(seat)
                continue
            decision, taker = d, seat
            break
        if decision is None:  # everybody passed: the first takes ("im Fass")
            taker = chain[0]
            team = taker & 1
            decision = _decide(bots[team], int(hands[taker]), table, team, open_sets, 0, loop, True)
        team = taker & 1
        slot, mode = decision.slot, decision.mode
        cat = rules.categories[slot]
        pts, trace = play_coiffeur_round(table.players, hands, mode, taker, table.policies, table.params, rng,
                                         rules.match_bonus)
        written = [0, 0]
        written[team] = pts[team] * cat.multiplier
        if rules.both_written:
            written[1 - team] = pts[1 - team] * cat.multiplier
        totals[0] += written[0]
        totals[1] += written[1]
        open_sets[team] &= ~(1 << slot)
        if record:
            out.append(dict(round=r + 1, first_seat=first, passed=passes, taker=taker, team=team,
                            category=cat.code, multiplier=cat.multiplier, form=ROUND_MODE_NAMES[mode],
                            forced=bool(len(passes) == len(chain) or (not loop and taker == chain[-1] and passes)),
                            points=list(pts), written=written, totals=list(totals),
                            hands=[" ".join(format_card(c) for c in mask_to_cards(int(h))) for h in hands],
                            tricks=[dict(leader=int(t[0]), cards=[format_card(int(c)) for c in t[1:5]],
                                         winner=int(t[5])) for t in trace]))
    return MatchResult(totals, out)
