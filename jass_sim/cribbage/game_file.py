"""A played Cribbage game for ``jass-sim cribbage review``: the JSON of ``cribbage replay --format
json``, or the text format below (told apart by a leading ``{``).

Text format: one block per hand, in order; ``#`` starts a comment; blank lines are ignored::

    hand dealer A starter 3C
    A JH AH QS 5C 8H KS throws AH 8H
    B QH QC 9H 8S QD AD throws 9H AD
    play QH 5C QD JH QC KS 8S QS

Players are ``A`` and ``B`` (``0`` and ``1``). ``hand`` starts a block: who deals and the starter.
A player's line gives his six dealt cards and the two he threw; a player whose cards are not known
may be left out (his decisions are then not reviewed, and the other player's pegging positions
treat his cards as unseen). ``play`` lists every card pegged in the hand, in order, from the
pone's lead (whose each card is, and the goes, follow from the rules, as in ``play-advice``); a hand
cut short (the game ended) lists the cards played.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from jass_sim.core.errors import InputError
from jass_sim.cribbage.cards import format_card, parse_card, parse_cards

PLAYERS = ("A", "B")


@dataclass
class HandRecord:
    """One hand of a game: ``dealer`` (0 or 1), ``starter``, each player's six dealt cards and two
    thrown cards (None when unknown), and the cards pegged in order."""

    number: int
    dealer: int
    starter: int
    six: list = field(default_factory=lambda: [None, None])
    thrown: list = field(default_factory=lambda: [None, None])
    plays: list[int] = field(default_factory=list)

    def kept(self, p: int) -> list[int] | None:
        if self.six[p] is None:
            return None
        return [c for c in self.six[p] if c not in self.thrown[p]]

    def to_json(self) -> dict:
        def cards(cs):
            return None if cs is None else [format_card(c) for c in cs]

        return {"hand": self.number, "dealer": PLAYERS[self.dealer], "starter": format_card(self.starter),
                "deal": {PLAYERS[p]: cards(self.six[p]) for p in range(2)},
                "discards": {PLAYERS[p]: cards(self.thrown[p]) for p in range(2)},
                "play": [format_card(c) for c in self.plays]}


def _player(token: str, where: str) -> int:
    t = token.strip().upper()
    if t in ("A", "0"):
        return 0
    if t in ("B", "1"):
        return 1
    raise InputError(f"{where}: a player is A or B (0 or 1), got {token!r}", token)


def _fail(where: str, exc: InputError) -> InputError:
    out = InputError(f"{where}: {exc}", exc.token)
    out.field = "game"
    return out


def _check(hand: HandRecord, where: str) -> HandRecord:
    seen: dict[int, str] = {hand.starter: "the starter"}
    for p in range(2):
        if hand.six[p] is None:
            continue
        if len(hand.thrown[p]) != 2 or any(c not in hand.six[p] for c in hand.thrown[p]):
            raise InputError(f"{where}: player {PLAYERS[p]} throws two of his six cards, got "
                             f"{' '.join(format_card(c) for c in hand.thrown[p])}",
                             format_card(hand.thrown[p][0]) if hand.thrown[p] else PLAYERS[p])
        for c in hand.six[p]:
            if c in seen:
                raise InputError(f"{where}: {format_card(c)} is dealt twice (also {seen[c]})", format_card(c))
            seen[c] = f"player {PLAYERS[p]}'s"
    return hand


def parse_game_json(doc: dict, name: str = "game") -> list[HandRecord]:
    """The hands of a ``cribbage replay --format json`` document."""
    if not isinstance(doc, dict) or not isinstance(doc.get("hands"), list):
        raise InputError(f"{name}: not a cribbage replay document (no \"hands\" list)", name)
    hands = []
    for i, h in enumerate(doc["hands"], 1):
        where = f"{name}, hand {i}"
        try:
            hand = HandRecord(i, _player(str(h["dealer"]), where), parse_card(str(h["starter"])))
            for p, key in enumerate(PLAYERS):
                hand.six[p] = parse_cards(h["deal"][key], 6)
                hand.thrown[p] = parse_cards(h["discards"][key], 2)
            hand.plays = [parse_card(e["card"]) for e in h["pegging"] if e.get("card")]
        except (KeyError, TypeError, AttributeError):
            raise InputError(f"{where}: not a cribbage replay hand (dealer, starter, deal, discards, pegging)",
                             name) from None
        except InputError as exc:
            raise _fail(where, exc) from None
        hands.append(_check(hand, where))
    return hands


def parse_game_text(text: str, name: str = "game file") -> list[HandRecord]:
    """The hands of the text format (see the module)."""
    hands: list[HandRecord] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{name}, line {n}"
        words = line.split()
        key = words[0].lower()
        try:
            if key == "hand":
                if len(words) != 5 or words[1].lower() != "dealer" or words[3].lower() != "starter":
                    raise InputError(f"{where}: expected 'hand dealer A|B starter CARD', got {line!r}", words[0])
                if hands:
                    _check(hands[-1], where)
                hands.append(HandRecord(len(hands) + 1, _player(words[2], where), parse_card(words[4])))
                continue
            if not hands:
                raise InputError(f"{where}: a game file starts with a 'hand dealer ... starter ...' line", words[0])
            hand = hands[-1]
            if key == "play":
                hand.plays = parse_cards(" ".join(words[1:]))
            elif key.upper() in ("A", "B", "0", "1"):
                p = _player(words[0], where)
                rest = " ".join(words[1:]).lower().split("throws")
                if len(rest) != 2:
                    raise InputError(f"{where}: expected '{PLAYERS[p]} SIX CARDS throws TWO CARDS'", words[0])
                hand.six[p] = parse_cards(rest[0], 6)
                hand.thrown[p] = parse_cards(rest[1], 2)
            else:
                raise InputError(f"{where}: unknown line {words[0]!r} (expected hand, A, B or play)", words[0])
        except InputError as exc:
            if str(exc).startswith(where):
                raise
            raise _fail(where, exc) from None
    if not hands:
        raise InputError(f"{name}: no hands (expected 'hand dealer A starter 3C' lines)", name)
    _check(hands[-1], f"{name}, hand {len(hands)}")
    return hands


def game_text(hands: list[HandRecord]) -> str:
    """``hands`` in the text format (see the module): :func:`parse_game_text` reads them back."""
    lines = []
    for h in hands:
        lines.append(f"hand dealer {PLAYERS[h.dealer]} starter {format_card(h.starter)}")
        for p in range(2):
            if h.six[p] is not None:
                lines.append(f"{PLAYERS[p]} {' '.join(map(format_card, h.six[p]))} throws "
                             f"{' '.join(map(format_card, h.thrown[p]))}")
        if h.plays:
            lines.append("play " + " ".join(map(format_card, h.plays)))
    return "\n".join(lines) + "\n"


def read_game(game) -> list[HandRecord]:
    """The hands of ``game``: a replay document (a dict, or a result with ``to_json()``), JSON or
    text-format text, or the path of a file holding either."""
    if hasattr(game, "to_json"):
        game = game.to_json()
    if isinstance(game, dict):
        return parse_game_json(game)
    if not isinstance(game, str):
        raise InputError(f"game must be a file name, the text of a game or a replay document, got "
                         f"{type(game).__name__}", str(game)[:40])
    name = "game"
    text = game
    if "\n" not in game and not game.lstrip().startswith("{"):
        name = game
        try:
            with open(game, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            raise InputError(f"cannot read game file {game!r}: {exc.strerror}", game) from None
    if text.lstrip().startswith("{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"{name}: invalid JSON ({exc.msg}, line {exc.lineno})", name) from None
        return parse_game_json(doc, name)
    return parse_game_text(text, name)
