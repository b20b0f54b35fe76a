"""One hand of two-player cribbage as a :class:`jass_sim.core.state.State`, over the compiled
rules: the deal of :mod:`jass_sim.cribbage._deck` (the engine's), the peg step of
:mod:`jass_sim.cribbage._pegrules` and the show's :func:`jass_sim.cribbage._scoring.score`.

Seats: 0 is the pone, 1 the dealer. The hand, in the engine's order:

1. **discard**: the pone, then the dealer, throws two of his six cards to the crib; the action
   is the two cards, ``"5H 6S"`` (any order and spelling :mod:`jass_sim.cribbage.cards` reads;
   :meth:`CribbageState.legal` writes them in the order of the six);
2. **cut**: a chance step without an action: after the second discard the starter dealt with the
   six (the engine's ``deck[12]``) is turned; a jack gives the dealer 2 (his heels);
3. **pegging**: the action is a card code (``"5H"``) of the player to play. The steps without a
   choice (a player who cannot play says go, the go point, the last card) follow at once, as in
   the engine, so the actions are exactly the cards the engine's trace lists, and
   :meth:`CribbageState.legal` is never empty before the end;
4. **the show**: the pone's hand, the dealer's hand, then the crib, counted when the pegging ends.

The hand ends there, or the moment a player's game score (``scores`` at the deal plus the hand's
points) reaches 121, as in the engine. :meth:`CribbageState.returns` gives each seat's points of
the hand (pone, dealer). :attr:`CribbageState.events` lists every point with its reason and every
go a player says, the page's table shows them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.state import IllegalAction, State
from jass_sim.cribbage._deck import deal_deck
from jass_sim.cribbage._pegrules import (
    END,
    GAME_POINTS,
    GO,
    LAST,
    PASS,
    PLAY,
    TARGET,
    peg_forced,
    peg_next,
    peg_parts,
    peg_play,
)
from jass_sim.cribbage._scoring import score
from jass_sim.cribbage.cards import DECK, JACK, card_rank, card_value, format_card, format_cards, parse_cards

PONE, DEALER = 0, 1
#: Names of the combinations of a pair, a pair royal and a double pair royal (``peg_parts``'s ``same``).
SAME_NAMES = ("pair", "pair royal", "double pair royal")


def peg_combinations(seq) -> list[tuple[str, int]]:
    """The points of the last card of ``seq`` (the cards of the current count, in order), each with
    its reason (``fifteen``, ``thirty-one``, ``pair`` / ``pair royal`` / ``double pair royal``,
    ``run of N``), from the compiled :func:`jass_sim.cribbage._pegrules.peg_parts`."""
    buf = np.asarray(seq, dtype=np.int64)
    count = sum(card_value(c) for c in seq)
    fifteen, thirty_one, same, run = peg_parts(buf, len(buf), count)
    parts = ([("fifteen", 2)] if fifteen else []) + ([("thirty-one", 2)] if thirty_one else [])
    if same:
        parts.append((SAME_NAMES[same - 1], int(same * (same + 1))))
    if run:
        parts.append((f"run of {int(run)}", int(run)))
    return parts


def deal_seed(seed: int) -> tuple[list[int], list[int], int]:
    """The first hand the engine deals for ``seed`` (``jass-sim cribbage replay --seed SEED``'s
    first hand): ``(pone's six, dealer's six, starter)``."""
    from jass_sim.core.rng import block_states
    from jass_sim.cribbage.streams import STREAMS

    state = block_states(seed, 0, 1, STREAMS["cribbage.deck"])[0].copy()
    deck = np.empty(52, dtype=np.int64)
    deal_deck(state, deck)
    return [int(c) for c in deck[:6]], [int(c) for c in deck[6:12]], int(deck[12])


class CribbageState(State):
    """One hand of cribbage (see the module).

    Parameters
    ----------
    six : sequence of two sequences of int
        The six cards dealt to the pone and to the dealer.
    starter : int
        The card the cut turns.
    scores : sequence of two int
        The pone's and the dealer's game scores at the deal (the hand stops at 121).
    names : sequence of two str
        How refusals name the pone and the dealer (the page says ``player A``).
    """

    game = "cribbage"

    def __init__(self, six, starter: int, scores=(0, 0), names=("the pone", "the dealer")):
        super().__init__()
        self.six = [[int(c) for c in six[0]], [int(c) for c in six[1]]]
        self.starter = int(starter)
        self.start = [int(scores[0]), int(scores[1])]
        self.names = [str(names[0]), str(names[1])]
        cards = self.six[0] + self.six[1] + [self.starter]
        if len(self.six[0]) != 6 or len(self.six[1]) != 6 or len(set(cards)) != 13 or not all(0 <= c < 52 for c in cards):
            raise ValueError("a cribbage hand is six cards each and a starter, thirteen different cards")
        self.thrown: list[list[int] | None] = [None, None]
        #: Each seat's points this hand.
        self.points = [0, 0]
        #: Every point with its reason, and every go said, in order (dicts, JSON-ready).
        self.events: list[dict] = []
        self.phase = "discard"
        self.heels = 0
        self.hands = np.zeros((2, 4), dtype=np.int64)
        self.n_left = np.zeros(2, dtype=np.int64)
        self.seq = np.zeros(16, dtype=np.int64)
        self.base = self.k = self.count = 0
        self.turn = PONE
        self.last = -1
        self._said_go: set[int] = set()

    # -- the protocol -------------------------------------------------------------------------

    def legal(self) -> list[str]:
        # in the deck's order (by card number), so that every list of every hand is in one order
        if self.phase == "discard":
            six = self.six[self.to_move()]
            pairs = sorted(((six[i], six[j]) for i in range(6) for j in range(i + 1, 6)), key=sorted)
            return [format_cards(pair) for pair in pairs]
        if self.phase == "pegging":
            return [format_card(c) for c in sorted(self.playable())]
        return []

    def to_move(self) -> int:
        if self.phase == "discard":
            return PONE if self.thrown[PONE] is None else DEALER
        if self.phase == "pegging":
            return self.turn
        return -1

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        """The pone's and the dealer's points this hand (heels, pegging, the show), as the engine
        scores them."""
        return [float(self.points[0]), float(self.points[1])]

    def normalise(self, action: str) -> str:
        try:
            return self._normalise(action)
        except IllegalAction:
            raise
        except InputError as exc:  # a bad card or count: refused like any illegal action
            raise IllegalAction(str(exc), exc.token) from None

    def _normalise(self, action: str) -> str:
        if self.phase == "discard":
            cards = parse_cards(action, 2)
            six = self.six[self.to_move()]
            for c in cards:
                if c not in six:
                    raise IllegalAction(f"{format_card(c)} is not one of {self.names[self.to_move()]}'s six cards "
                                        f"({format_cards(six)})", format_card(c))
            return format_cards(sorted(cards, key=six.index))
        if self.phase == "pegging":
            return format_card(parse_cards(action, 1)[0])
        return super().normalise(action)

    def verify(self, action: str) -> str:
        """The canonical action, or :class:`IllegalAction` naming the rule it breaks: a discard of
        cards not in the six, a card the player to play does not hold (the other's, or played
        already), a card over 31, an action after the end of the hand."""
        if self.phase == "over":
            if self.winner() >= 0 and not any(e["kind"] in ("hand", "crib") for e in self.events):
                raise IllegalAction(f"{action} is played after the game ended", action)
            raise IllegalAction(f"{action} is in neither player's kept cards (or played twice)", action)
        canonical = self.normalise(action)
        if self.phase == "pegging":
            c = DECK.parse_card(canonical)
            owner = self.holder(c)
            if owner < 0:
                raise IllegalAction(f"{canonical} is in neither player's kept cards (or played twice)", canonical)
            if owner != self.turn:
                raise IllegalAction(f"{canonical} is {self.names[owner]}'s, but {self.names[self.turn]} is to play "
                                    f"on a count of {self.count} (a player must play when he can)", canonical)
            if self.count + card_value(c) > TARGET:
                raise IllegalAction(f"{canonical} would make the count {self.count + card_value(c)}, over 31",
                                    canonical)
        return canonical

    def _do(self, action: str) -> None:
        if self.phase == "discard":
            p = self.to_move()
            self.thrown[p] = parse_cards(action, 2)
            if p == DEALER:
                self._cut()
            return
        c = DECK.parse_card(action)
        turn = self.turn
        idx = [int(x) for x in self.hands[turn, :self.n_left[turn]]].index(c)
        base, k = self.base, self.k
        card, pts, shown, self.base, self.k, self.count = peg_play(self.hands, self.n_left, self.seq, self.base,
                                                                   self.k, self.count, turn, idx)
        parts = peg_combinations(self.seq[base:base + k + 1])
        self.last, self.turn = turn, 1 - turn
        if self.count == 0:
            self._said_go.clear()
        self._event(turn, "card", card, shown, int(pts), parts)
        if self.phase == "pegging":
            self._settle()

    def cards_dealt(self) -> list[str]:
        """The twelve cards dealt, and the starter once it is cut."""
        cards = self.six[0] + self.six[1] + ([] if self.phase == "discard" else [self.starter])
        return [format_card(c) for c in cards]

    def cards_played(self) -> list[str]:
        """The cards pegged so far, in order."""
        return [e["card"] for e in self.events if e["kind"] == "card"]

    def fixed_totals(self) -> dict[str, tuple[float, float]]:
        """The points are the sum of the scored events; after the cut the eight kept cards are held
        or pegged; at the end of a hand that no 121 stopped, all eight were pegged and the show
        counted the pone's hand, the dealer's hand and the crib once each."""
        totals = {"points scored as events": (float(sum(e["points"] for e in self.events)),
                                              float(sum(self.points)))}
        if self.phase != "discard":
            held = len(self.held(PONE)) + len(self.held(DEALER))
            totals["kept cards held or pegged"] = (8.0, float(held + len(self.cards_played())))
        if self.is_terminal() and self.winner() < 0:
            totals["cards pegged"] = (8.0, float(len(self.cards_played())))
            totals["counts shown"] = (3.0, float(sum(e["kind"] in ("hand", "crib") for e in self.events)))
        return totals

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "six": [format_cards(self.six[0]), format_cards(self.six[1])],
                "starter": format_card(self.starter), "scores": list(self.start), "names": list(self.names),
                "history": list(self.history), "phase": self.phase, "points": list(self.points)}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> CribbageState:
        """The state :meth:`to_json` wrote: the deal, then its actions applied again."""
        state = cls([parse_cards(doc["six"][0], 6), parse_cards(doc["six"][1], 6)], DECK.parse_card(doc["starter"]),
                    doc.get("scores", (0, 0)), doc.get("names", ("the pone", "the dealer")))
        for action in doc.get("history", []):
            state.apply(action)
        return state

    # -- reading the hand ---------------------------------------------------------------------

    def kept(self, p: int) -> list[int]:
        """The four cards seat ``p`` kept (after his discard)."""
        return [c for c in self.six[p] if c not in (self.thrown[p] or [])]

    def held(self, p: int) -> list[int]:
        """The cards seat ``p`` still holds in the pegging, in the kernel's order."""
        return [int(c) for c in self.hands[p, :self.n_left[p]]]

    def holder(self, card: int) -> int:
        """The seat holding ``card`` in the pegging, or -1."""
        for p in (PONE, DEALER):
            if card in self.held(p):
                return p
        return -1

    def playable(self) -> list[int]:
        """The cards the player to play may play (in the kernel's order)."""
        if self.phase != "pegging":
            return []
        return [c for c in self.held(self.turn) if self.count + card_value(c) <= TARGET]

    def current_count(self) -> list[int]:
        """The cards of the current count, in order."""
        return [int(c) for c in self.seq[self.base:self.base + self.k]]

    def scores(self) -> list[int]:
        """The pone's and the dealer's game scores now."""
        return [self.start[0] + self.points[0], self.start[1] + self.points[1]]

    def winner(self) -> int:
        """The seat whose game score reached 121, or -1."""
        s = self.scores()
        return PONE if s[PONE] >= GAME_POINTS else DEALER if s[DEALER] >= GAME_POINTS else -1

    # -- the steps without a choice -----------------------------------------------------------

    def _event(self, p: int, kind: str, card: int, count: int, pts: int, parts) -> None:
        self.events.append({"seat": p, "card": None if card < 0 else format_card(card), "kind": kind,
                            "count": int(count), "points": pts,
                            "parts": [{"kind": name, "points": n} for name, n in parts]})
        self.points[p] += pts
        if self.winner() >= 0:
            self.phase = "over"

    def _cut(self) -> None:
        """The starter is turned (his heels), then the pegging starts (the pone leads)."""
        for p in (PONE, DEALER):
            kept = self.kept(p)
            self.hands[p, :] = kept
            self.n_left[p] = 4
        self.heels = 2 if card_rank(self.starter) == JACK else 0
        self.phase = "pegging"
        if self.heels:
            self._event(DEALER, "heels", self.starter, 0, self.heels, [("his heels", self.heels)])
        if self.phase == "pegging":
            self._settle()

    def _settle(self) -> None:
        """The steps without a choice (goes, the go point, the last card) up to a card to play or
        the show. A player who holds cards and cannot play says go once per count (an event of 0)."""
        while self.phase == "pegging":
            kind = peg_next(self.hands, self.n_left, self.count, self.turn)
            if kind == PLAY:
                return
            if kind == END:
                self._show()
                return
            if kind in (PASS, GO) and self.n_left[self.turn] > 0 and self.turn not in self._said_go:
                self._said_go.add(self.turn)
                self._event(self.turn, "go", -1, self.count, 0, [])
            shown = self.count
            who, pts, self.base, self.k, self.count, self.turn = peg_forced(kind, self.base, self.k, self.count,
                                                                            self.turn, self.last)
            if kind == GO:
                self._said_go.clear()
                self._event(who, "go", -1, shown, int(pts), [("go", int(pts))])
            elif kind == LAST:
                self._event(who, "last card", -1, shown, int(pts), [("last card", int(pts))])

    def _show(self) -> None:
        """The pone's hand, the dealer's hand, then the crib, until a score reaches 121."""
        crib = list(self.thrown[PONE]) + list(self.thrown[DEALER])
        buf = np.empty(5, dtype=np.int64)
        for p, kind, cards in ((PONE, "hand", self.kept(PONE)), (DEALER, "hand", self.kept(DEALER)),
                               (DEALER, "crib", crib)):
            buf[:4] = cards
            buf[4] = self.starter
            pts = int(score(buf, 5, kind == "crib"))
            self._event(p, kind, -1, 0, pts, [(kind, pts)] if pts else [])
            if self.phase == "over":
                return
        self.phase = "over"


def new_state(seed: int = 0, **options) -> CribbageState:
    """The first hand of ``jass-sim cribbage replay --seed SEED`` at its deal (player A deals it).

    ``options``: ``scores`` (the pone's and the dealer's game scores at the deal, default 0 and 0)."""
    unknown = set(options) - {"scores"}
    if unknown:
        raise ValueError(f"cribbage: unknown state option {sorted(unknown)[0]!r}")
    pone, dealer, starter = deal_seed(int(seed))
    return CribbageState([pone, dealer], starter, options.get("scores", (0, 0)))


def replay_actions(doc: dict) -> tuple[dict, list[str], list[float]]:
    """From ``jass-sim cribbage replay --format json``: the first hand's ``new_state`` options, its
    actions (the pone's and the dealer's discards, then every card pegged) and its returns (pone,
    dealer: heels, pegging and the show as the trace counts them)."""
    hand = doc["hands"][0]
    dealer = hand["dealer"]
    pone = "B" if dealer == "A" else "A"
    actions = [" ".join(hand["discards"][pone]), " ".join(hand["discards"][dealer])]
    actions += [e["card"] for e in hand["pegging"] if e["card"] is not None]
    pegged = {p: sum(e["points"] for e in hand["pegging"] if e["player"] == p) for p in (pone, dealer)}
    counts = hand["counts"]
    returns = [float(pegged[pone] + (counts["pone_hand"] or 0)),
               float(hand["heels"] + pegged[dealer] + (counts["dealer_hand"] or 0) + (counts["crib"] or 0))]
    return {"seed": doc["seed"]}, actions, returns
