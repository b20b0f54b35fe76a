"""One Basra round as a :class:`jass_sim.core.state.State`, over the compiled step.

The rules live in the kernels only: :func:`jass_sim.basra._play.apply_move` plays a card (its
capture from :func:`jass_sim.basra._capture.capture_kernel`, the piles, the Basras, the next deal),
:func:`~jass_sim.basra._play.legal_cards` says which cards may be played (the ``compulsory``
variant), :func:`~jass_sim.basra._play.finish_round` gives the table to the last capturer and
:func:`~jass_sim.basra._play.side_total` scores a side. This module keeps their arrays and speaks
the game's notation.

Actions are card codes as :func:`jass_sim.basra.cards.format_card` writes them (``DT``, ``C2``,
``HJ``; :meth:`BasraState.normalise` also takes ``D10``, ``♦10``, ``dt``). A card alone fixes the
move: when the table numerals can be grouped in several ways the *engine* takes one capture by a
fixed rule (the most cards, then points, then higher values, then the lowest suits; docs/basra.md),
so the player never chooses among captures and the engine's trace replays card by card.

``returns()`` is per side (``[side 0, side 1]``; with 4 players seats 0+2 and 1+3), as the engine
scores a round: card points, 10 per Basra, and the majority as soon as a side holds more than 26
cards (it cannot lose it again). At the end the last capturer has taken the table, so the figures
are the ``score`` totals of ``jass-sim basra replay``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jass_sim.basra._play import (
    I_BAS,
    I_CNT,
    I_LAST,
    I_PTS,
    I_T,
    S_PILE,
    S_TABLE,
    apply_move,
    finish_round,
    legal_cards,
    mask_points,
    n_deals,
    seat_to_move,
    side_total,
    start_round,
)
from jass_sim.basra.cards import CARD_POINTS, HAND_SIZE, N_CARDS, cards_to_mask, format_card, mask_names, parse_card
from jass_sim.basra.rules import BasraRules, get_rules
from jass_sim.basra.streams import STREAMS
from jass_sim.core.errors import CardError, InputError
from jass_sim.core.rng import block_states
from jass_sim.core.state import IllegalAction, State

#: Card points in a deck (♦10 3, ♣2 2, each Jack and Ace 1): 13.
DECK_POINTS = int(CARD_POINTS.sum())


def check_players(n: int) -> int:
    """``n`` if it is 2 or 4 (else :class:`InputError` naming it)."""
    if n not in (2, 4):
        raise InputError(f"--players must be 2 or 4, got {n}", str(n))
    return n


def replay_deal(seed: int, n: int) -> tuple[np.uint64, np.ndarray]:
    """``(table, deals)`` of the round ``jass-sim basra replay --seed SEED --players N`` plays:
    the four table cards (a mask) and ``uint64[D, 4]``, the hands of each seat in each deal."""
    from jass_sim.basra._play import deal_round

    deck_rng = block_states(seed, 0, 1, STREAMS["basra.replay-deck"])[0]
    deals = np.zeros((n_deals(n), 4), dtype=np.uint64)
    table = np.uint64(deal_round(deck_rng, np.arange(N_CARDS, dtype=np.int64), n, deals))
    return table, deals


def new_state(seed: int, players: int = 2, rules: str = "leaflet", dealer: int | None = None) -> BasraState:
    """The round ``jass-sim basra replay --seed SEED`` deals, at its first move.

    Parameters
    ----------
    seed : int
        Seed of the deal (the replay command's deck stream: the same cards).
    players : int
        2, or 4 in two teams.
    rules : str
        ``leaflet``, or variants joined by ``+`` (as ``--rules``).
    dealer : int, optional
        Dealer seat (default the last seat, so seat 0 starts).
    """
    n = check_players(players)
    table, deals = replay_deal(seed, n)
    return BasraState(table, deals, n, get_rules(rules), n - 1 if dealer is None else dealer, seed=seed)


def replay_actions(doc: dict) -> tuple[dict, list[str], list[float]]:
    """From a ``jass-sim basra replay --format json`` document: the :func:`new_state` options that
    deal its cards, its cards played in order, and its score totals per side."""
    options = {"seed": doc["seed"], "players": doc["players"], "rules": doc["rules"], "dealer": doc["dealer"]}
    return options, [m["card"] for m in doc["moves"]], [float(s["total"]) for s in doc["score"]]


def _mask(names) -> np.uint64:
    return np.uint64(cards_to_mask([parse_card(c) for c in names]))


class BasraState(State):
    """A Basra round from its first move to the table taken by the last capturer.

    Parameters
    ----------
    table : np.uint64
        The four cards face up at the start.
    deals : np.ndarray
        ``uint64[D, 4]``: each seat's six cards in each deal (D = 4 with 2 players, 2 with 4).
    n : int
        Players, 2 or 4.
    rules : BasraRules
        The rule set.
    dealer : int
        The dealer seat; the seat after it plays first.
    seed : int, optional
        The seed that dealt the cards (recorded only).
    """

    game = "basra"

    def __init__(self, table, deals, n: int, rules: BasraRules, dealer: int, seed: int | None = None):
        super().__init__()
        self.n = check_players(int(n))
        if not 0 <= int(dealer) < self.n:
            raise InputError(f"--dealer must be 0..{self.n - 1}, got {dealer}", str(dealer))
        self.rules, self.dealer, self.seed = rules, int(dealer), seed
        self._rules = rules.array()
        self._table0 = np.uint64(table)
        self._deals = np.array(deals, dtype=np.uint64)
        if self._deals.shape != (n_deals(self.n), 4):
            raise InputError(f"a Basra round of {self.n} players has {n_deals(self.n)} deals, "
                             f"got {self._deals.shape[0]}", str(self._deals.shape[0]))
        # the deal never changes: its names are written once (to_json is called at every step of a check)
        self._dealt_names = (mask_names(self._table0),
                             [[mask_names(self._deals[k, s]) for s in range(4)] for k in range(n_deals(self.n))])
        self._st = np.zeros(7, dtype=np.uint64)
        self._ist = np.zeros(8, dtype=np.int64)
        start_round(self._deals, self._table0, self._st, self._ist)
        #: One record per card played, as the ``moves`` of ``jass-sim basra replay``.
        self.moves: list[dict] = []
        #: ``{"player", "cards"}`` of the table taken at the end (None before).
        self.last_capture: dict | None = None

    # --- the round ---------------------------------------------------------------------------------
    @property
    def total_moves(self) -> int:
        """Cards played in a round: 48."""
        return HAND_SIZE * self.n * n_deals(self.n)

    def is_terminal(self) -> bool:
        return int(self._ist[I_T]) >= self.total_moves

    def to_move(self) -> int:
        if self.is_terminal():
            return -1
        return int(seat_to_move(int(self._ist[I_T]), self.n, self.dealer))

    def hand(self, seat: int) -> list[str]:
        """The cards in ``seat``'s hand."""
        return mask_names(self._st[seat])

    def table(self) -> list[str]:
        """The cards face up on the table."""
        return mask_names(self._st[S_TABLE])

    def pile(self, side: int) -> list[str]:
        """The cards side ``side`` has captured."""
        return mask_names(self._st[S_PILE + side])

    def basras(self) -> list[int]:
        """Basras per side."""
        return [int(self._ist[I_BAS]), int(self._ist[I_BAS + 1])]

    def legal(self) -> list[str]:
        """The cards the player to move may play, in card order (suits C D H S, ranks A..K)."""
        if self.is_terminal():
            return []
        seat = self.to_move()
        return mask_names(legal_cards(self._st[seat], self._st[S_TABLE], self._rules))

    def normalise(self, action: str) -> str:
        """The card code of ``action`` (any spelling :func:`~jass_sim.basra.cards.parse_card` takes)."""
        try:
            return format_card(parse_card(action.strip()))
        except CardError as e:
            raise IllegalAction(f"{action!r} is not a Basra card ({e})", action) from None

    def verify(self, action: str) -> str:
        """The card code if it may be played; else :class:`IllegalAction` naming the rule."""
        if self.is_terminal():
            raise IllegalAction("the basra round is over: no more actions", action)
        card = self.normalise(action)
        seat = self.to_move()
        if card not in self.hand(seat):
            raise IllegalAction(f"{card} is not in the hand of seat {seat}", action)
        if card not in self.legal():
            raise IllegalAction(f"{card} captures nothing and seat {seat} holds a card that captures: "
                                f"a capture is compulsory ({self.rules.name})", action)
        return card

    def _do(self, action: str) -> None:
        seat = self.to_move()
        card = parse_card(action)
        got, basra = apply_move(self._st, self._ist, seat, card, self._rules, self._deals, self.n)
        self.moves.append({"player": seat, "card": format_card(card), "captured": mask_names(got),
                           "basra": bool(basra), "table_after": mask_names(self._st[S_TABLE])})
        if self.is_terminal():
            taker = int(self._ist[I_LAST]) if self._ist[I_LAST] >= 0 else self.dealer
            left = finish_round(self._st, self._ist, self.dealer)
            self.last_capture = {"player": taker, "cards": mask_names(left)}

    def returns(self) -> list[float]:
        """Points per side so far (card points, 10 per Basra, the majority once it is certain)."""
        return [float(side_total(self._ist, side, self._rules)) for side in (0, 1)]

    # --- what the conformance suite asks -----------------------------------------------------------
    def _deal_index(self) -> int:
        """The deal being played (the last one once the round is over)."""
        return min(int(self._ist[I_T]) // (HAND_SIZE * self.n), n_deals(self.n) - 1)

    def cards_dealt(self) -> list[str]:
        """The table's four cards, then each deal given so far, seat by seat."""
        out = list(self._dealt_names[0])
        for k in range(self._deal_index() + 1):
            for s in range(self.n):
                out += self._dealt_names[1][k][s]
        return out

    def cards_played(self) -> list[str]:
        """The cards played from the hands, in order."""
        return [m["card"] for m in self.moves]

    def fixed_totals(self) -> dict[str, tuple[float, float]]:
        """What the rules fix against what the kernels' counters hold: 52 cards and 13 card points
        between piles, table, hands and the deals to come; each pile's size as counted; at the end
        an empty table, and the returns less 10 per Basra equal to 13 plus the majority (none on
        26-26)."""
        st, ist = self._st, self._ist
        rest = st[S_TABLE]
        for s in range(self.n):
            rest |= st[s]
        for k in range(self._deal_index() + 1, n_deals(self.n)):
            for s in range(self.n):
                rest |= self._deals[k, s]
        out = {
            "cards": (float(N_CARDS), float(ist[I_CNT] + ist[I_CNT + 1] + int(rest).bit_count())),
            "card points": (float(DECK_POINTS), float(ist[I_PTS] + ist[I_PTS + 1] + mask_points(rest))),
        }
        for side in (0, 1):
            out[f"pile size of side {side}"] = (float(int(st[S_PILE + side]).bit_count()), float(ist[I_CNT + side]))
        if self.is_terminal():
            majority = self.rules.majority if ist[I_CNT] != ist[I_CNT + 1] else 0
            out["cards on the table at the end"] = (0.0, float(int(st[S_TABLE]).bit_count()))
            out["returns less 10 per Basra"] = (float(DECK_POINTS + majority),
                                                sum(self.returns()) - 10.0 * sum(self.basras()))
        return out

    # --- JSON ----------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.n, "rules": self.rules.name, "dealer": self.dealer, "seed": self.seed,
            "table0": list(self._dealt_names[0]), "deals": [[list(h) for h in deal] for deal in self._dealt_names[1]],
            "hands": [self.hand(s) for s in range(4)], "table": self.table(), "piles": [self.pile(0), self.pile(1)],
            "counters": [int(x) for x in self._ist],
            "moves": [dict(m) for m in self.moves], "last_capture": self.last_capture,
            "history": list(self.history),
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> BasraState:
        if doc.get("game") != "basra":
            raise InputError(f"not a basra state: game {doc.get('game')!r}", str(doc.get("game")))
        deals = np.array([[_mask(h) for h in deal] for deal in doc["deals"]], dtype=np.uint64)
        state = cls(_mask(doc["table0"]), deals, doc["players"], get_rules(doc["rules"]), doc["dealer"],
                    seed=doc["seed"])
        for s in range(4):
            state._st[s] = _mask(doc["hands"][s])
        state._st[S_TABLE] = _mask(doc["table"])
        state._st[S_PILE] = _mask(doc["piles"][0])
        state._st[S_PILE + 1] = _mask(doc["piles"][1])
        state._ist[:] = np.array(doc["counters"], dtype=np.int64)
        state.moves = [dict(m) for m in doc["moves"]]
        state.last_capture = None if doc["last_capture"] is None else dict(doc["last_capture"])
        state.history = list(doc["history"])
        return state
