"""A pegging position of the adviser (``jass-sim cribbage play-advice``): the hand, the starter,
who deals, the cards pegged so far in order, checked against the rules.

Whose card each pegged card is follows from the hand (a card of ours is ours, any other card the
opponent's); the goes follow from the rules: a player must play when he can, so when the same
player plays twice running the other said go, and a card that would pass 31 starts a new count,
which happens only when neither player can play (the last player pegs 1 for the go). Every go of
the opponent's tells what he does not hold: on a count of ``c`` he holds no card worth ``31 - c`` or
less. When the last card played is ours and the opponent still holds cards, asking for advice
means he said go.

The cards are pegged through the one peg step (:mod:`jass_sim.cribbage._pegrules`): ``peg_play``
plays each card (the count, 31, the points), ``peg_forced`` pegs the go of a new count and ``fits``
says what may be played; only what the opponent's goes tell is read here (his hand is hidden).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from jass_sim.core.errors import CardError
from jass_sim.cribbage._pegrules import GO, TARGET, fits, peg_forced, peg_play
from jass_sim.cribbage.cards import card_value, format_card, parse_card, parse_cards


def _fail(message: str, token: str, fld: str) -> None:
    exc = CardError(message, token)
    exc.field = fld  # the argument the page shows the line next to
    raise exc


@dataclass
class PegPosition:
    """A checked pegging position with the adviser (player 0) to play.

    Attributes
    ----------
    hand : list of int
        The four cards kept after the discard.
    starter : int
    dealer : bool
        Whether the adviser deals (the opponent, the pone, led).
    played : list of (int, int)
        ``(player, card)`` of every card pegged this hand, in order (0 the adviser, 1 the opponent).
    discard : list of int
        The adviser's two crib cards, if given (empty otherwise).
    left : list of int
        The adviser's cards not played yet.
    opp_left : int
        How many cards the opponent still holds.
    seq : list of int
        The cards of the current count (since the last 31 or go).
    count : int
        Their total.
    last : int
        The player of the last card of the current count (-1: the count is new).
    min_value : int
        Every card the opponent holds is worth at least this (his goes; 0 without any).
    banked : list of int
        Pegging points of each player so far this hand, including a go point still owed (a go
        both players' cards force at the position itself).
    """

    hand: list[int]
    starter: int
    dealer: bool
    played: list[tuple[int, int]]
    discard: list[int] = field(default_factory=list)
    left: list[int] = field(default_factory=list)
    opp_left: int = 4
    seq: list[int] = field(default_factory=list)
    count: int = 0
    last: int = -1
    min_value: int = 0
    banked: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def legal(self) -> list[int]:
        """The adviser's cards that keep the count at 31 or below, in hand order."""
        return [c for c in self.left if fits(c, self.count)]

    def unseen(self) -> list[int]:
        """The cards the opponent may hold: not ours, not the starter, not our discard, not played,
        and worth at least :attr:`min_value`."""
        seen = set(self.hand) | {self.starter} | set(self.discard) | {c for _, c in self.played}
        return [c for c in range(52) if c not in seen and card_value(c) >= self.min_value]

    def to_json(self) -> dict:
        return {"hand": [format_card(c) for c in self.hand], "starter": format_card(self.starter),
                "role": "dealer" if self.dealer else "pone",
                "played": [{"player": "us" if p == 0 else "them", "card": format_card(c)} for p, c in self.played],
                "discard": [format_card(c) for c in self.discard], "count": self.count,
                "current_count": [format_card(c) for c in self.seq], "opponent_cards": self.opp_left,
                "opponent_min_value": self.min_value, "pegged_so_far": {"us": self.banked[0], "them": self.banked[1]}}


def build_position(hand, starter, dealer: bool, played="", discard=None, opponent_go: bool = False) -> PegPosition:
    """Parse and check a pegging position (see the module); the adviser is to play.

    ``opponent_go``: when the adviser cannot play on the count at the end of ``played``, the
    opponent could not either (a review knows it: the adviser's next card starts a new count).

    Raises
    ------
    InputError
        One line naming the bad card (or option) and the rule it breaks, with ``field`` the
        argument (``hand``, ``starter``, ``played``, ``discard``).
    """
    cards = parse_cards(hand, 4)
    start = parse_card(starter.strip()) if isinstance(starter, str) else int(starter)
    if start in cards:
        _fail(f"starter {format_card(start)} is also in --hand", format_card(start), "starter")
    thrown = parse_cards(discard, 2) if discard else []
    for c in thrown:
        if c in cards or c == start:
            _fail(f"--discard card {format_card(c)} is also in --hand or the starter", format_card(c), "discard")
    tokens = played.replace(",", " ").split() if isinstance(played, str) else [str(t) for t in played or []]
    pos = PegPosition(cards, start, bool(dealer), [], thrown, list(cards))
    step = _Step(cards)
    seen: set[int] = set()
    turn = 1 if dealer else 0  # the pone leads
    for tok in tokens:
        c = parse_card(tok)
        name = format_card(c)
        if c in seen:
            _fail(f"--played: {name} is played twice", tok, "played")
        if c == start:
            _fail(f"--played: {name} is the starter; the starter is not pegged", tok, "played")
        if c in thrown:
            _fail(f"--played: {name} is in your --discard (the crib is not pegged)", tok, "played")
        seen.add(c)
        owner = 0 if c in cards else 1
        if owner == 1 and pos.opp_left == 0:
            _fail(f"--played: {name} would be the opponent's fifth card (he holds four)", tok, "played")
        v = card_value(c)
        ours_now = pos.legal
        if not fits(c, pos.count):
            # only a new count can take it: neither player could play on this one
            if ours_now:
                _fail(f"--played: {name} would make the count {pos.count + v}, over 31, and a new count starts "
                      f"only when neither player can play (you could play {format_card(ours_now[0])} on "
                      f"{pos.count})", tok, "played")
            if pos.opp_left > 0:
                _opp_go(pos, tok)
            turn = _new_count(pos, step)
        if owner != turn:
            if turn == 0 and pos.left:
                can = pos.legal
                if can:
                    _fail(f"--played: {name} is not in your --hand, so it is the opponent's, but it was your turn "
                          f"on a count of {pos.count} and you could play {format_card(can[0])} (a player must play "
                          "when he can)", tok, "played")
            elif turn == 1 and pos.opp_left > 0:
                if pos.count == 0:
                    _fail(f"--played: {name} is yours, but the opponent leads this count (he holds cards)",
                          tok, "played")
                _opp_go(pos, tok)
        if owner == 1 and v < pos.min_value:
            _fail(f"--played: {name} is the opponent's, but his go earlier means he held no card worth less "
                  f"than {pos.min_value}", tok, "played")
        pos.played.append((owner, c))
        if owner == 0:
            pos.left.remove(c)
        else:
            pos.opp_left -= 1
        turn = step.play(pos, owner, c)
    return _to_play(pos, step, turn, tokens, opponent_go)


class _Step:
    """The peg step's state over a position: ``hands[0]`` the adviser's four cards, ``hands[1]`` the
    opponent's, each written in as he plays it (the others are hidden), and the cards pegged
    (``seq[base:base + k]`` the current count's, worth ``count``)."""

    def __init__(self, hand):
        self.hands = np.zeros((2, 4), dtype=np.int64)
        self.hands[0, :len(hand)] = hand
        self.n_left = np.array([len(hand), 4], dtype=np.int64)
        self.seq = np.zeros(16, dtype=np.int64)
        self.base = self.k = self.count = 0

    def play(self, pos: PegPosition, owner: int, card: int) -> int:
        """``owner`` plays ``card`` (``peg_play``: the count, 31, the points pegged into
        ``pos.banked``); ``pos``'s count follows. Returns the player to play next."""
        n = int(self.n_left[owner])
        if owner == 0:
            idx = [int(x) for x in self.hands[0, :n]].index(card)
        else:  # the opponent's card: one of his hidden cards shows
            idx = n - 1
            self.hands[1, idx] = card
        _, pts, _, self.base, self.k, self.count = peg_play(self.hands, self.n_left, self.seq, self.base, self.k,
                                                            self.count, owner, idx)
        pos.banked[owner] += int(pts)
        self._show(pos, owner)
        return 1 - owner

    def go(self, pos: PegPosition) -> int:
        """Neither player can play on the count: ``peg_forced``'s go (one to the last player) and a
        new count; returns the player who leads it."""
        who, pts, self.base, self.k, self.count, leader = peg_forced(GO, self.base, self.k, self.count,
                                                                     1 - pos.last, pos.last)
        pos.banked[int(who)] += int(pts)
        self._show(pos, -1)
        return int(leader)

    def _show(self, pos: PegPosition, last: int) -> None:
        pos.seq = [int(c) for c in self.seq[self.base:self.base + self.k]]
        pos.count = int(self.count)
        pos.last = last if self.k > 0 else -1  # a new count (after 31 or a go) has no last player yet


def _new_count(pos: PegPosition, step: _Step) -> int:
    """Neither player can play on ``pos.count``: the go and a new count (:meth:`_Step.go`); returns
    the player who leads it."""
    if pos.last < 0:  # no card on this count (it cannot be: a count of 0 takes any card)
        return 0
    return step.go(pos)


def _opp_go(pos: PegPosition, tok: str) -> None:
    """The opponent said go on ``pos.count``: he holds no card worth ``31 - count`` or less."""
    need = TARGET + 1 - pos.count
    if need > 10:
        _fail(f"--played: {tok} means the opponent said go on a count of {pos.count}, but any card can be "
              f"played on it (he holds {pos.opp_left})", tok, "played")
    pos.min_value = max(pos.min_value, need)


def _to_play(pos: PegPosition, step: _Step, turn: int, tokens: list[str], opponent_go: bool = False) -> PegPosition:
    """Settle the goes at the end of ``--played`` so that the adviser is to play, or refuse."""
    where = f"after {tokens[-1]}" if tokens else "at the start"
    if not pos.left:
        _fail(f"--played: you have played all four cards ({where}); nothing left to advise", tokens[-1] if tokens
              else "--played", "played")
    if turn == 1 and pos.opp_left > 0:
        if pos.count == 0:
            _fail(f"--played: the opponent is to lead {where}: enter his card", tokens[-1] if tokens else "--played",
                  "played")
        _opp_go(pos, tokens[-1])  # he is to play and we are asked: he said go
    if not pos.legal:
        if opponent_go and pos.opp_left > 0 and pos.min_value < TARGET + 1 - pos.count:
            _opp_go(pos, tokens[-1])
        opp_stuck = pos.opp_left == 0 or pos.min_value >= TARGET + 1 - pos.count
        if not opp_stuck:
            _fail(f"--played: you cannot play on a count of {pos.count} ({where}): you say go and the opponent "
                  "plays next", tokens[-1], "played")
        leader = _new_count(pos, step)
        if leader == 1 and pos.opp_left > 0:
            _fail(f"--played: neither player can play {where}; the go point is yours and the opponent leads "
                  "the new count: enter his card", tokens[-1], "played")
    return pos
