"""A whole Cribbage game at the page's table, one call per step, with no state on the server: the
page holds the game (the text format of :mod:`jass_sim.cribbage.game_file`, both players' cards
known) and asks

- :func:`game_state`: the game checked by the rules so far, every point with its reason (his heels,
  each pegging point: fifteen, pair, run, 31, go, last card; each counted hand and crib with its
  combinations), the scores, and whose turn it is with the cards he may play, or the winner;
  with ``choose``, the card the ``wide`` player (the strongest) would play for the player to play;
- :func:`bot_discard`: the two cards the ``wide`` player throws from six (``search``'s throw);
- :func:`rate_last`: the last decision of a player (a discard or a pegging card) rated exactly
  as ``jass-sim cribbage review`` rates it.

The rules are the hand's state (:class:`jass_sim.cribbage.state.CribbageState`, over the
compiled peg step the game kernel uses): the pone leads; a player who cannot play says go; when
neither can, the last player pegs 1 and the other starts a new count (31 pegs 2 and starts one);
the last card pegs 1; his heels (a jack turned) gives the dealer 2; the show counts the pone's
hand, the dealer's hand, then the crib; the game ends the moment a player reaches 121 (tested
against the kernel's traced games).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jass_sim.core.errors import InputError
from jass_sim.core.state import IllegalAction
from jass_sim.cribbage.cards import JACK, card_rank, format_card, format_cards
from jass_sim.cribbage.game_file import PLAYERS, HandRecord
from jass_sim.cribbage.state import GAME_POINTS, CribbageState


@dataclass
class Pegging:
    """The pegging of one hand so far: ``events`` (JSON-ready, in order), the cards each player
    still holds (in the order kept), the current count and its cards, the player to play (-1: the
    pegging is over or the game ended) and the cards he may play."""

    events: list[dict] = field(default_factory=list)
    left: list[list[int]] = field(default_factory=list)
    seq: list[int] = field(default_factory=list)
    count: int = 0
    to_play: int = -1
    legal: list[int] = field(default_factory=list)


def _fail(where: str, message: str, token: str) -> None:
    exc = InputError(f"{where}: {message}", token)
    exc.field = "game"
    raise exc


def hand_state(hand: HandRecord, scores: list[int]) -> CribbageState:
    """The hand as a :class:`~jass_sim.cribbage.state.CribbageState` (seat 0 the pone) from the
    game ``scores`` (per player) at its deal, its discards applied: the starter is turned (his
    heels), the pegging is to start."""
    pone = 1 - hand.dealer
    state = CribbageState([hand.six[pone], hand.six[hand.dealer]], hand.starter, (scores[pone], scores[hand.dealer]),
                          (f"player {PLAYERS[pone]}", f"player {PLAYERS[hand.dealer]}"))
    state.apply(format_cards(hand.thrown[pone]))
    state.apply(format_cards(hand.thrown[hand.dealer]))
    return state


def play_hand(hand: HandRecord, state: CribbageState, scores: list[int]) -> Pegging:
    """Walk the pegging of ``hand`` (both players' cards known) on ``state`` (:func:`hand_state`),
    adding every point to ``scores``; stops where the cards end or the moment a score reaches 121.
    An InputError (``field`` ``game``) names a card that breaks a rule (the state's refusal)."""
    where = f"hand {hand.number}"
    player = (1 - hand.dealer, hand.dealer)  # seat -> player
    seen = len(state.events)
    for c in hand.plays:
        try:
            state.apply(format_card(c))
        except IllegalAction as exc:
            _fail(where, str(exc), exc.token)
    peg = Pegging()
    for e in state.events[seen:]:
        if e["kind"] not in ("card", "go", "last card"):
            continue
        p = player[e["seat"]]
        peg.events.append({"player": PLAYERS[p], "card": e["card"], "kind": e["kind"], "count": e["count"],
                           "points": e["points"], "parts": e["parts"]})
        scores[p] += e["points"]
    held = [state.held(player.index(p)) for p in range(2)]
    peg.left = [[c for c in hand.kept(p) if c in held[p]] for p in range(2)]
    if state.phase == "pegging":
        peg.to_play = player[state.turn]
        peg.seq, peg.count = state.current_count(), state.count
        playable = state.playable()
        peg.legal = [c for c in peg.left[peg.to_play] if c in playable]
    return peg


def _show(hand: HandRecord, scores: list[int]) -> list[dict]:
    """The show of a hand whose pegging is over: the pone's hand, the dealer's hand, the crib, each
    with its combinations, until a score reaches 121."""
    from jass_sim.cribbage.scoring import combinations_of

    out = []
    crib = list(hand.thrown[1 - hand.dealer]) + list(hand.thrown[hand.dealer])
    for p, part, cards in ((1 - hand.dealer, "hand", hand.kept(1 - hand.dealer)),
                           (hand.dealer, "hand", hand.kept(hand.dealer)), (hand.dealer, "crib", crib)):
        combos = combinations_of(cards, hand.starter, part == "crib")
        pts = sum(c.points for c in combos)
        scores[p] += pts
        out.append({"player": PLAYERS[p], "part": part, "cards": [format_card(c) for c in cards],
                    "points": pts, "combinations": [c.to_json() for c in combos],
                    "score": {"A": scores[0], "B": scores[1]}})
        if scores[p] >= GAME_POINTS:
            break
    return out


def walk_game(hands: list[HandRecord]) -> tuple[dict, Pegging | None]:
    """The state of :func:`game_state` (without a choice) and the pegging of the last hand."""
    scores = [0, 0]
    docs = []
    peg = None
    winner = None
    for n, hand in enumerate(hands):
        if winner is not None:
            _fail(f"hand {hand.number}", "the game ended before this hand", "game")
        if n and hand.dealer == hands[n - 1].dealer:
            _fail(f"hand {hand.number}", f"player {PLAYERS[hand.dealer]} deals twice running (the deal alternates)",
                  PLAYERS[hand.dealer])
        if None in (hand.kept(0), hand.kept(1)):
            state = None
            heels = 2 if card_rank(hand.starter) == JACK else 0  # the page shows the heels of a hand it cannot walk
        else:
            state = hand_state(hand, scores)
            heels = state.heels
        scores[hand.dealer] += heels
        doc = {"hand": hand.number, "dealer": PLAYERS[hand.dealer], "starter": format_card(hand.starter),
               "heels": heels, "pegging": [], "show": []}
        docs.append(doc)
        if scores[hand.dealer] >= GAME_POINTS:
            if hand.plays:
                _fail(f"hand {hand.number}", "the game ended on his heels before the pegging",
                      format_card(hand.plays[0]))
            peg = Pegging(left=[[], []])
        else:
            if state is None:
                _fail(f"hand {hand.number}", "the table needs both players' cards", "game")
            peg = play_hand(hand, state, scores)
            doc["pegging"] = peg.events
            if peg.to_play < 0 and max(scores) < GAME_POINTS:
                doc["show"] = _show(hand, scores)
        doc["score"] = {"A": scores[0], "B": scores[1]}
        if max(scores) >= GAME_POINTS:
            winner = PLAYERS[0 if scores[0] >= GAME_POINTS else 1]
    state = {"hands": docs, "score": {"A": scores[0], "B": scores[1]}, "winner": winner,
             "to_play": None, "legal": [], "count": 0, "current_count": [], "phase": "over" if winner else "show"}
    if peg is not None and winner is None and peg.to_play >= 0:
        p = peg.to_play
        state.update(to_play=PLAYERS[p], phase="pegging", count=peg.count,
                     current_count=[format_card(c) for c in peg.seq],
                     legal=[format_card(c) for c in peg.legal],
                     cards_left={PLAYERS[q]: len(peg.left[q]) for q in range(2)})
    return state, peg


def search_card(hand: HandRecord, player: int, seed: int) -> int:
    """The card the ``wide`` player pegs as ``player`` (to play, with a card he can play) in
    ``hand``, from his own view: his cards, the starter, his discard, the cards played and the
    opponent's goes (:func:`jass_sim.cribbage._search.search_play` over ``WIDE_WORLDS`` sampled
    worlds, seeded by ``seed`` and the cards played so far)."""
    import numpy as np

    from jass_sim.core.batches import call
    from jass_sim.core.rng import block_states
    from jass_sim.cribbage._search import WIDE_WORLDS, search_play
    from jass_sim.cribbage.pegposition import build_position
    from jass_sim.cribbage.streams import STREAMS

    pos = build_position(format_cards(hand.kept(player)), format_card(hand.starter), hand.dealer == player,
                         format_cards(hand.plays), format_cards(hand.thrown[player]), opponent_go=True)
    left = np.array(pos.left, dtype=np.int64)
    seq = np.zeros(16, dtype=np.int64)
    seq[:len(pos.seq)] = pos.seq
    seen = 0
    for c in set(pos.hand) | {pos.starter} | set(pos.discard) | {c for _, c in pos.played}:
        seen |= 1 << c
    state = block_states(seed, hand.number * 16 + len(hand.plays), 1, STREAMS["cribbage.bot"])[0]
    idx = call(search_play, left, len(left), pos.opp_left, seq, len(pos.seq), pos.count, np.uint64(seen),
               pos.min_value, WIDE_WORLDS, state)
    return int(left[idx])


class TableState:
    """The answer of :func:`jass_sim.cribbage.game_state`: ``to_json()`` (see the module)."""

    def __init__(self, doc: dict):
        self._doc = doc

    def to_json(self) -> dict:
        import copy

        return copy.deepcopy(self._doc)


def _tick(progress, done: int) -> None:
    """``progress`` (if any) told that the input is checked (0) or the answer is there (1)."""
    if progress is not None:
        from jass_sim.core.chunks import Tick

        progress(Tick(done, 1))


def game_state(hands: list[HandRecord], choose: bool, seed: int, progress=None) -> TableState:
    """The game so far (see the module); with ``choose`` and a player to play, ``choice``: the
    card the ``wide`` player would peg for him. ``progress``: see :func:`_tick`."""
    state, _ = walk_game(hands)
    _tick(progress, 0)
    if choose and state["to_play"] is not None:
        p = PLAYERS.index(state["to_play"])
        state["choice"] = format_card(search_card(hands[-1], p, seed))
    _tick(progress, 1)
    return TableState(state)


def bot_discard(six: list[int], dealer: bool, seed: int, progress=None) -> TableState:
    """The two cards the ``wide`` player (``search``'s throw) throws from ``six`` (its pegging values sampled with a
    generator seeded by ``seed``)."""
    import numpy as np

    from jass_sim.core.batches import call
    from jass_sim.core.rng import block_states
    from jass_sim.cribbage._exact import discard_pair
    from jass_sim.cribbage._players import DISCARD_SEARCH, choose_discard
    from jass_sim.cribbage.discards import crib_rank_table
    from jass_sim.cribbage.streams import STREAMS

    _tick(progress, 0)
    hand6 = np.array(six, dtype=np.int64)
    state = block_states(seed, 0, 1, STREAMS["cribbage.bot"])[0]
    k = int(call(choose_discard, DISCARD_SEARCH, hand6, 1 if dealer else -1, crib_rank_table(), state,
                 np.empty(5, dtype=np.int64)))
    i, j = discard_pair(k)
    thrown = [six[i], six[j]]
    _tick(progress, 1)
    return TableState({"hand": [format_card(c) for c in six], "role": "dealer" if dealer else "pone",
                       "player": "wide", "discard": [format_card(c) for c in thrown],
                       "keep": [format_card(c) for c in six if c not in thrown]})
