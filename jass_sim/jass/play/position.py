"""A position of a round as one player sees it, checked for legality: the input of ``play-advice``.

The player is seat 0. It knows the 9 cards it was dealt, the mode, who chose it and whether after
a chibre, who led the first trick, every card played in order and the meld cards shown. From
these :func:`build_position` derives the tricks, their winners and points, the current trick, the
voids each seat has shown by not following suit and the cards still unseen; it rejects a history
that breaks a rule or leaves no deal of the unseen cards possible (:class:`InputError` naming the
bad token).

The history is walked through the round's State as seat 0 sees it
(:class:`~jass_sim.jass.rules.view.JassView`: the other hands hidden unless given): each card's
refusal, the voids and the legal cards come from its step; the position checks here only its own
input (the hand, the seats, the shown melds) and whether it is seat 0's turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from jass_sim.core.errors import InputError
from jass_sim.core.notation import cards_to_mask
from jass_sim.core.report.text import plural
from jass_sim.jass.cards import HAND_SIZE, N_CARDS, format_card, mode_name
from jass_sim.jass.rules.view import JassView

__all__ = ["Position", "WEIS_SHOWN_AFTER", "build_position", "check_shown_melds", "melds_seen", "rotate_seat"]

#: Cards played before the Weis are shown: they are declared (their points) in the first trick and the
#: best team's cards shown once it is over (the coach's table and the review both follow this).
WEIS_SHOWN_AFTER = 4


def melds_seen(shown: dict, played: int) -> dict:
    """The shown Weis a player has seen when ``played`` cards have been played: none during the
    first trick (the Weis are shown once it is over, :data:`WEIS_SHOWN_AFTER`), all of them after.

    The one rule of what a decision may know of the melds: the review judges each card with it, and
    the page's position (``POST /api/position``, ``weis_shown``) tells the coach when to show them.

    Parameters
    ----------
    shown : dict
        The meld cards shown in the round, by seat.
    played : int
        Cards played before the decision.

    Returns
    -------
    dict
        ``shown`` from the end of the first trick on, else an empty dict.
    """
    return shown if played >= WEIS_SHOWN_AFTER else {}


@dataclass
class Position:
    """A checked position with seat 0 to play (see :func:`build_position`).

    Attributes
    ----------
    hand : list of int
        The 9 cards seat 0 was dealt.
    mode, leader, chooser : int
        Mode, first leader, the seat that chose the mode.
    chibred : bool
        The mode was chosen after a chibre.
    played : list of int
        Every card played, in order.
    shown : list of list of int
        Meld cards shown by each seat.
    tricks : list of dict
        Finished tricks: ``leader``, ``cards``, ``winner``, ``points`` (last-trick 5 included).
    trick_leader : int
        Leader of the current trick; ``trick`` its cards so far.
    voids : int
        Bit ``4 * seat + suit``: ``seat`` showed it holds no card of ``suit`` (trump: but the Buur).
    legal : list of int
        The legal cards of seat 0 now.
    hands : list of list of int, optional
        All four dealt hands when known (then every play was checked against them).
    """

    hand: list[int]
    mode: int
    leader: int
    chooser: int
    chibred: bool
    played: list[int]
    shown: list[list[int]]
    tricks: list[dict] = field(default_factory=list)
    trick_leader: int = 0
    trick: list[int] = field(default_factory=list)
    voids: int = 0
    legal: list[int] = field(default_factory=list)
    hands: list[list[int]] | None = None

    @classmethod
    def from_view(cls, view: JassView, hands=None) -> Position:
        """The position of ``view`` (seat 0's, :class:`~jass_sim.jass.rules.view.JassView`) as it
        stands: its tricks, the current trick, the voids the step recorded, seat 0's legal cards
        whenever it is to play; ``hands`` the four dealt hands when known."""
        tricks, trick = view.tricks, view.trick
        played = [c for t in tricks for c in t["cards"]] + trick
        return cls(list(view.known[0]), int(view.mode), int(view.chooser), int(view.declarer), bool(view.chibred),
                   played, [list(cs) for cs in view.shown], tricks=tricks, trick_leader=view.trick_leader,
                   trick=list(trick), voids=view.voids,
                   legal=view.legal_cards() if view.to_move() == 0 else [],
                   hands=[list(h) for h in hands] if hands is not None else None)

    @property
    def remaining(self) -> list[int]:
        """Seat 0's cards now."""
        gone = set(self.played)
        return [c for c in self.hand if c not in gone]

    def trace(self) -> np.ndarray:
        """The round so far as a trace (``int64[9, 6]``, see :mod:`jass_sim.jass.engine.round`): the
        finished tricks, then the current trick's leader and cards; the rest 0."""
        trace = np.zeros((9, 6), dtype=np.int64)
        for t, trick in enumerate(self.tricks):
            trace[t, 0] = trick["leader"]
            trace[t, 1:5] = trick["cards"]
            trace[t, 5] = trick["winner"]
        if len(self.tricks) < 9:
            trace[len(self.tricks), 0] = self.trick_leader
            trace[len(self.tricks), 1:1 + len(self.trick)] = self.trick
        return trace

    @property
    def banked(self) -> list[int]:
        """Card points of the finished tricks, team 0 and team 1."""
        pts = [0, 0]
        for t in self.tricks:
            pts[t["winner"] % 2] += t["points"]
        return pts

    @property
    def tricks_won(self) -> list[int]:
        won = [0, 0]
        for t in self.tricks:
            won[t["winner"] % 2] += 1
        return won

    def counts(self) -> list[int]:
        """Cards each seat holds now."""
        n = len(self.tricks)
        return [HAND_SIZE - n - (1 if ((s - self.trick_leader) & 3) < len(self.trick) else 0) for s in range(4)]

    def view_hands(self) -> np.ndarray:
        """``uint64[4]`` for :func:`jass_sim.jass.players.search.sample_hands`: seat 0's hand,
        and for each other seat its shown cards not yet played plus filler bits above card 35 (never
        dealt) up to its number of cards, since the sampler reads only those two things."""
        out = np.zeros(4, dtype=np.uint64)
        out[0] = cards_to_mask(self.remaining)
        played = set(self.played)
        counts = self.counts()
        for s in range(1, 4):
            fixed = [c for c in self.shown[s] if c not in played]
            filler = sum(1 << (N_CARDS + k) for k in range(counts[s] - len(fixed)))
            out[s] = np.uint64(int(cards_to_mask(fixed)) | filler)
        return out

    def to_json(self) -> dict:
        """The position echoed back: mode, seats, cards in letter notation."""
        return {"hand": [format_card(c) for c in self.hand], "mode": mode_name(self.mode),
                "chooser": self.chooser, "chibred": self.chibred, "leader": self.leader,
                "played": [format_card(c) for c in self.played],
                "melds": {str(s): [format_card(c) for c in cs] for s, cs in enumerate(self.shown) if cs},
                "trick": [format_card(c) for c in self.trick], "trick_leader": self.trick_leader,
                "tricks_played": len(self.tricks), "points_so_far": self.banked,
                "legal": [format_card(c) for c in self.legal]}


def _meld_problem(cards: list[int], four_points) -> tuple[str, int] | None:
    """``None`` when ``cards`` split into valid melds (runs of 3 or more cards of one suit, each
    announced whole, and fours of a kind that score under ``four_points``); else ``(why, card)``."""
    have = set(cards)
    fours = [r for r in range(9) if four_points[r] > 0 and all(s * 9 + r in have for s in range(4))]
    first_problem = None
    for pick in range(1 << len(fours)):  # which fours are melded (a card is in at most one meld)
        rest = have - {s * 9 + fours[i] for i in range(len(fours)) if pick >> i & 1 for s in range(4)}
        problem = None
        for c in sorted(rest):
            if c - 1 in rest and (c - 1) // 9 == c // 9:
                continue  # not the start of a run
            length = 1
            while c + length in rest and (c + length) // 9 == c // 9:
                length += 1
            if length < 3:
                problem = (c, length)
                break
        if problem is None:
            return None
        if first_problem is None or pick == (1 << len(fours)) - 1:
            first_problem = problem
    c, length = first_problem
    rank = c % 9
    if sum(1 for s in range(4) if s * 9 + rank in have) == 4 and four_points[rank] == 0:
        why = f"four {RANK_PLURAL[rank]} are not a meld under these rules"
    else:
        why = (f"{format_card(c)} is in no meld (a run of 3 or more cards of one suit, or four of a kind; "
               "stöck is not shown)")
    return why, c


RANK_PLURAL = ("6s", "7s", "8s", "9s", "10s", "Js", "Qs", "Ks", "As")


def check_shown_melds(shown, four_points=None) -> None:
    """Refuse meld cards that no announcement could have shown (:class:`InputError` naming a card).

    Each seat's cards must split into valid melds (see ``docs/rules.md``: runs of 3 or more cards of
    one suit, announced whole; four of a kind of a rank that scores under the rules); no card is
    shown twice; and only one team shows melds, since only the team with the best meld scores its
    melds.

    Parameters
    ----------
    shown : dict or list
        Meld cards by seat (``{seat: [card, ...]}`` or a list of four lists).
    four_points : sequence of 9 int, optional
        Points of four of a kind by rank 6..A (0: not a meld); default the ``chibre`` rules'.
    """
    from jass_sim.jass.rules.presets import FOUR_OF_KIND

    four_points = FOUR_OF_KIND if four_points is None else four_points
    items = [(int(s), [int(c) for c in cs]) for s, cs in (shown.items() if isinstance(shown, dict)
                                                          else enumerate(shown or []))]
    team = None
    for s, cards in items:
        if not cards:
            continue
        dup = [c for i, c in enumerate(cards) if c in cards[:i]]
        if dup:
            raise InputError(f"meld card {format_card(dup[0])} of seat {s} is shown twice", format_card(dup[0]))
        problem = _meld_problem(cards, four_points)
        if problem is not None:
            why, c = problem
            raise InputError(f"seat {s} shows {' '.join(format_card(x) for x in cards)}: {why}", format_card(c))
        if team is not None and s % 2 != team[0] % 2:
            raise InputError(f"seat {team[0]} shows {' '.join(format_card(x) for x in team[1])} and seat {s} "
                             f"{' '.join(format_card(x) for x in cards)}, but only the team with the best meld "
                             "scores (and shows) its melds", format_card(cards[0]))
        team = team or (s, cards)


def build_position(hand, mode: int, leader: int, played, shown=None, *, chooser: int | None = None,
                   chibred: bool = False, hands=None, require_turn: bool = True,
                   four_points=None) -> Position:
    """Check a history and derive the position; raise :class:`InputError` naming the bad token.

    Parameters
    ----------
    hand : list of int
        Seat 0's 9 dealt cards.
    mode : int
        0..5.
    leader : int
        Seat that led the first trick.
    played : list of int
        Cards played, in order (duplicates are reported).
    shown : dict or list, optional
        Meld cards shown, by seat.
    chooser : int, optional
        Who chose the mode: the leader, or its partner after a chibre (the default).
    chibred : bool
        The leader chibred and its partner chose.
    hands : list of 4 lists, optional
        All four dealt hands: every play is then checked against its seat's hand.
    require_turn : bool
        Require that seat 0 is to play (``legal`` is filled whenever it is, and empty otherwise).
    four_points : sequence of 9 int, optional
        The rules' four-of-a-kind points (which fours are melds); default ``chibre``'s.
    """
    if len(hand) != HAND_SIZE or len(set(hand)) != HAND_SIZE:
        raise InputError(f"seat 0's hand needs 9 different cards, got {len(hand)}", " ".join(map(format_card, hand)))
    if not 0 <= leader <= 3:
        raise InputError(f"--leader must be a seat 0..3, got {leader}", str(leader))
    expected = (leader + 2) % 4 if chibred else leader
    if chooser is None:
        chooser = expected
    if chooser != expected:
        why = "after a chibre the leader's partner chooses" if chibred else "the chooser leads the first trick"
        raise InputError(f"chooser {chooser} does not fit leader {leader}: {why}", str(chooser))
    shown_lists: list[list[int]] = [[], [], [], []]
    for s, cards in (shown.items() if isinstance(shown, dict) else enumerate(shown or [])):
        if not 0 <= int(s) <= 3:
            raise InputError(f"meld seat must be 0..3, got {s}", str(s))
        shown_lists[int(s)].extend(int(c) for c in cards)
    check_shown_melds(shown_lists, four_points)
    owner: dict[int, int] = {}
    for s, cards in enumerate(shown_lists):
        for c in cards:
            if c in owner and owner[c] != s:
                raise InputError(f"meld card {format_card(c)} is shown by seats {owner[c]} and {s}", format_card(c))
            owner[c] = s
            if (s == 0) != (c in hand):
                where = "is not in seat 0's hand" if s == 0 else "is in seat 0's hand"
                raise InputError(f"meld card {format_card(c)} of seat {s} {where}", format_card(c))
            if hands is not None and c not in hands[s]:
                raise InputError(f"meld card {format_card(c)} is not in seat {s}'s hand", format_card(c))
    view = JassView([list(hand)] + ([list(h) for h in hands[1:]] if hands is not None else [None] * 3), int(mode),
                    int(leader), chibred=bool(chibred), shown=shown_lists)
    for c in played:  # each card through the step, refused with the rule it breaks
        view.play(int(c))
    view.check_shown_cards()
    pos = Position.from_view(view, hands)
    if require_turn:
        over = view.is_terminal()
        if over:
            raise InputError("the round is over: all 36 cards are played", format_card(pos.played[-1]))
        if view.to_move() != 0:
            last = format_card(pos.played[-1]) if pos.played else "--leader"
            raise InputError(f"it is seat {view.to_move()}'s turn after {plural(len(pos.played), 'card')}, not seat "
                             f"0's (last card {last})", last)
    view.check_dealable()
    return pos


def rotate_seat(seat: int, me: int) -> int:
    """Seat number of ``seat`` when seat ``me`` is renumbered 0 (playing order kept)."""
    return (seat - me) & 3

