"""A coached round inside a whole game (issue 54 item 4): the game's score after the round and its
winner, by the engine's own end of a game (:func:`jass_sim.jass.engine.game.game_after_round`, the one
``jass-sim games`` plays by: premier sorti crediting the melds, stöck and each trick in order, or plus
grand écart), so that the page's game and the simulated games end alike."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.result import Result
from jass_sim.jass.arg_kinds import api_args
from jass_sim.jass.cards import MODE_NAMES, format_card, parse_cards


@dataclass(eq=False, repr=False)
class GameRound(Result):
    """A round's place in its game: the scores before (``before``) and after it (``after``, team of
    seats 0 and 2 first), the round's own totals (``round_totals``), ``winner`` (the team that won
    the game, None while it goes on), ``mid_round`` (premier sorti ended it before the round's own
    totals were all counted), ``target`` and ``premier_sorti``."""

    before: tuple[int, int]
    after: tuple[int, int]
    round_totals: tuple[int, int]
    winner: int | None
    mid_round: bool
    target: int
    premier_sorti: bool

    formats = ("table", "json")

    def to_json(self) -> dict:
        loser = None if self.winner is None else self.after[1 - self.winner]
        return {"before": list(self.before), "after": list(self.after), "round_totals": list(self.round_totals),
                "winner": self.winner, "over": self.winner is not None, "mid_round": self.mid_round,
                "rubicon": None if loser is None else 2 * loser < self.target, "target": self.target,
                "ending": "premier-sorti" if self.premier_sorti else "plus-grand-ecart"}

    def text(self) -> str:
        end = "the game goes on" if self.winner is None else f"team {self.winner} wins the game"
        return (f"{self.before[0]}:{self.before[1]} -> {self.after[0]}:{self.after[1]} (target {self.target}); "
                f"{end}")


def _whole(name: str, value, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < low:
        exc = InputError(f"{name} must be a whole number of at least {low}, got {value!r}", str(value))
        exc.field = name
        raise exc
    return int(value)


@api_args(hands=None)  # the four hands, as declare_melds takes them
def game_round(hands, *, mode: str, leader: int = 0, chibred: bool = False, played: str = "",
               score0: int = 0, score1: int = 0, target: int | None = None, rules: str = "chibre",
               progress=None) -> GameRound:
    """The game after a whole round: ``hands`` (seats 0..3, dealt), ``mode``, ``leader`` (the seat that
    had the choice first and led), ``chibred`` (it handed the choice to its partner) and the 36 cards
    ``played`` in order, from the scores ``score0``, ``score1`` (team of seats 0 and 2 first). Wraps
    :func:`jass_sim.jass.engine.game.round_credits` and :func:`~jass_sim.jass.engine.game.game_after_round`.

    Parameters
    ----------
    hands : list of str
        The four dealt hands.
    mode : str
        ``H``, ``D``, ``S``, ``C``, ``OBE`` or ``UNE``.
    leader : int
        The chooser, who leads the first trick.
    chibred : bool
        The chooser said chibre (its partner chose ``mode``).
    played : str
        The round's 36 cards in the order played.
    score0, score1 : int
        The game's scores before the round, each below the target.
    target : int, optional
        The game's target (default the preset's; a smaller one for a short game).
    rules : str
        Rule preset: the points, multipliers and the ending (premier sorti or plus grand écart).
    progress : callable, optional
        Called with a :class:`~jass_sim.core.chunks.Tick`: 0 once the arguments are checked, 1 at the end.

    Returns
    -------
    GameRound
        ``to_json()``: ``before``, ``after``, ``round_totals``, ``winner`` (0, 1 or None), ``over``,
        ``mid_round``, ``rubicon``, ``target``, ``ending``.
    """
    from jass_sim.core.chunks import Tick
    from jass_sim.jass.engine.game import MAX_CREDITS, game_after_round, round_credits
    from jass_sim.jass.play.coach import checked_deal
    from jass_sim.jass.rules._melds import MAX_MELDS
    from jass_sim.jass.rules.state import JassState

    cards, mode_number = checked_deal(hands, mode, leader)
    if not isinstance(chibred, bool):
        raise InputError(f"chibred must be true or false, got {chibred!r}", str(chibred))
    state = JassState(cards, rules, chooser=leader, may_chibre=True)
    target = state.rules.target if target is None else _whole("target", target, 1)
    before = (_whole("score0", score0), _whole("score1", score1))
    for name, value in zip(("score0", "score1"), before):
        if value >= target:
            exc = InputError(f"{name} {value} has reached the target {target}: the game is over", str(value))
            exc.field = name
            raise exc
    if chibred:
        state.apply("chibre")
    state.apply(MODE_NAMES[mode_number])
    for card in parse_cards(played, count=None, unique=False):
        state.apply(format_card(card))  # the rules refuse a card that may not be played, naming it
    if not state.is_terminal():
        exc = InputError(f"the round is not over: {len(state.cards_played())} of 36 cards played", str(played))
        exc.field = "played"
        raise exc
    if progress is not None:
        progress(Tick(0, 1, stage="the game's score"))
    rs = state.rules
    runs, fours, mults = rs.arrays()
    events = np.zeros((MAX_CREDITS, 2), dtype=np.int64)
    n = round_credits(state._initial, mode_number, state.chooser, state.trace, runs, fours, mults[mode_number],
                      np.zeros((4, MAX_MELDS, 3), dtype=np.int64), events) if rs.premier_sorti else 0
    totals = [sc["total"] for sc in state.score]
    winner, after0, after1, mid = game_after_round(events, n, before[0], before[1], totals[0], totals[1],
                                                   int(state.trace[8, 5]) & 1, target, rs.premier_sorti)
    if progress is not None:
        progress(Tick(1, 1, stage="the game's score"))
    return GameRound(before, (int(after0), int(after1)), (int(totals[0]), int(totals[1])),
                     None if winner < 0 else int(winner), bool(mid), target, bool(rs.premier_sorti))
