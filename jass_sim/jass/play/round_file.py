"""Reading a played round for ``jass-sim review``: the plain-text round format, or the JSON of
``jass-sim replay --format json``.

Text format (one statement a line; ``#`` starts a comment; keywords are case-insensitive)::

    rules chibre            # optional (default chibre)
    mode H                  # H D S C OBE UNE
    leader 0                # the seat that led the first trick
    chooser 2               # optional: the leader, or its partner after a chibre
    chibred yes             # optional (default no)
    hand 0: HJ H9 HA SK SQ D6 C7 C8 CT   # one line per known hand: at least the reviewed seat's
    meld 1: D7 D8 D9        # meld cards shown (the melds that count), one line per seat
    trick HJ H6 HQ H7       # the tricks in order, cards in play order from the trick's leader

A malformed line is reported with its line number (``InputError``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from jass_sim.core.errors import InputError
from jass_sim.jass.cards import HAND_SIZE, parse_cards, parse_mode
from jass_sim.jass.play.position import check_shown_melds
from jass_sim.jass.rules import get_rules

__all__ = ["RoundInput", "read_round", "parse_round_text", "parse_round_json", "round_text"]


@dataclass
class RoundInput:
    """A played round as read from a file (seats as in the file)."""

    rules: str
    mode: int
    leader: int
    chooser: int | None
    chibred: bool
    hands: list[list[int] | None]
    shown: dict[int, list[int]] = field(default_factory=dict)
    played: list[int] = field(default_factory=list)

    @property
    def all_hands(self) -> bool:
        return all(h is not None for h in self.hands)


def read_round(path: str) -> RoundInput:
    """Read ``path`` (text format or replay JSON, told apart by a leading ``{``)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise InputError(f"cannot read round file {path!r}: {exc.strerror}", path) from None
    if text.lstrip().startswith("{"):
        return parse_round_json(text, path)
    return parse_round_text(text, path)


def _seat(text: str, where: str) -> int:
    t = text.strip()
    if t not in ("0", "1", "2", "3"):
        raise InputError(f"{where}: a seat is 0..3, got {t!r}", t)
    return int(t)


def parse_round_text(text: str, name: str = "round file") -> RoundInput:
    """Parse the text format (see the module docstring)."""
    values: dict[str, str] = {}
    lines: dict[str, int] = {}  # the line of each keyword and of each seat's last meld line
    hands: list[list[int] | None] = [None] * 4
    shown: dict[int, list[int]] = {}
    played: list[int] = []
    last_trick_short = None
    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{name} line {number}"
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        keyword, _, rest = line.partition(" ")
        keyword = keyword.lower().rstrip(":")
        rest = rest.strip()
        try:
            if keyword in ("rules", "mode", "leader", "chooser", "chibred"):
                if not rest or " " in rest:
                    raise InputError(f"{where}: '{keyword}' takes one value, got {rest!r}", rest or keyword)
                if keyword in values:
                    raise InputError(f"{where}: '{keyword}' is given twice", keyword)
                values[keyword] = rest
                lines[keyword] = number
            elif keyword in ("hand", "meld"):
                seat_text, sep, cards = rest.partition(":")
                if not sep:
                    raise InputError(f"{where}: write '{keyword} SEAT: CARDS'", rest)
                seat = _seat(seat_text, where)
                if keyword == "hand":
                    if hands[seat] is not None:
                        raise InputError(f"{where}: hand {seat} is given twice", seat_text.strip())
                    hands[seat] = parse_cards(cards, count=HAND_SIZE)
                else:
                    shown.setdefault(seat, []).extend(parse_cards(cards))
                    lines[f"meld {seat}"] = number
            elif keyword == "trick":
                if last_trick_short is not None:
                    raise InputError(f"{name} line {last_trick_short}: only the last trick may have fewer than "
                                     "4 cards", "trick")
                cards = parse_cards(rest, unique=False)
                if not 1 <= len(cards) <= 4:
                    raise InputError(f"{where}: a trick has 1 to 4 cards, got {len(cards)}", rest or "trick")
                if len(cards) < 4:
                    last_trick_short = number
                played.extend(cards)
            else:
                raise InputError(f"{where}: unknown keyword {keyword!r} (expected rules, mode, leader, chooser, "
                                 "chibred, hand, meld or trick)", keyword)
        except InputError as exc:
            if str(exc).startswith(name):
                raise
            raise InputError(f"{where}: {exc}", exc.token) from None
    for key in ("mode", "leader"):
        if key not in values:
            raise InputError(f"{name}: no '{key}' line", key)

    def at(key: str) -> str:
        return f"{name} line {lines[key]}" if key in lines else name

    try:
        mode = parse_mode(values["mode"])
    except InputError as exc:
        raise InputError(f"{at('mode')}: {exc}", exc.token) from None
    try:
        rules = get_rules(values.get("rules", "chibre"))
    except InputError as exc:
        raise InputError(f"{at('rules')}: {exc}", exc.token) from None
    leader = _seat(values["leader"], at("leader"))
    chooser = _seat(values["chooser"], at("chooser")) if "chooser" in values else None
    flag = values.get("chibred", "no").lower()
    if flag not in ("yes", "no", "true", "false", "1", "0"):
        raise InputError(f"{at('chibred')}: chibred is yes or no, got {flag!r}", flag)
    checked: dict[int, list[int]] = {}
    for seat in sorted(shown, key=lambda s: lines[f"meld {s}"]):
        checked[seat] = shown[seat]
        try:
            check_shown_melds(checked, rules.four_points)
        except InputError as exc:
            raise InputError(f"{at(f'meld {seat}')}: {exc}", exc.token) from None
    return RoundInput(rules.name, mode, leader, chooser, flag in ("yes", "true", "1"), hands, shown, played)


def parse_round_json(text: str, name: str = "round file") -> RoundInput:
    """Parse the document of ``jass-sim replay --format json`` (the melds that count are shown)."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{name} line {exc.lineno}: not valid JSON ({exc.msg})", text.splitlines()[exc.lineno - 1]
                         if exc.lineno <= len(text.splitlines()) else name) from None
    try:
        mode = parse_mode(str(doc["mode"]))
        rules = get_rules(str(doc.get("rules", "chibre"))).name
        hands = [parse_cards(h, count=HAND_SIZE) for h in doc["hands"]]
        if len(hands) != 4:
            raise InputError(f"{name}: 'hands' needs four hands, got {len(hands)}", "hands")
        winner = doc.get("meld_winner")
        shown: dict[int, list[int]] = {}
        for m in doc.get("melds", []):
            if winner is not None and int(m["seat"]) % 2 == int(winner):
                shown.setdefault(int(m["seat"]), []).extend(parse_cards(m["cards"]))
        played = [c for t in doc["tricks"] for c in parse_cards(t["cards"], unique=False)]
        leader, chooser = int(doc["leader"]), int(doc["chooser"])
    except KeyError as exc:
        raise InputError(f"{name}: missing key {exc.args[0]!r} of the replay JSON", str(exc.args[0])) from None
    except (TypeError, ValueError) as exc:
        if isinstance(exc, InputError):
            raise InputError(f"{name}: {exc}", exc.token) from None
        raise InputError(f"{name}: malformed replay JSON ({exc})", name) from None
    for key, seat in (("leader", leader), ("chooser", chooser)):
        if not 0 <= seat <= 3:
            raise InputError(f"{name}: '{key}' must be a seat 0..3, got {seat}", str(seat))
    return RoundInput(rules, mode, leader, chooser, chooser != leader, hands, shown, played)


def round_text(r: RoundInput) -> str:
    """``r`` in the text format (the module docstring), which :func:`parse_round_text` reads back:
    how the history keeps a round so that it can be reviewed again."""
    from jass_sim.jass.cards import format_cards, mode_name

    lines = [f"rules {r.rules}", f"mode {mode_name(r.mode)}", f"leader {r.leader}"]
    if r.chooser is not None:
        lines.append(f"chooser {r.chooser}")
    if r.chibred:
        lines.append("chibred yes")
    lines += [f"hand {seat}: {format_cards(hand)}" for seat, hand in enumerate(r.hands) if hand is not None]
    lines += [f"meld {seat}: {format_cards(cards)}" for seat, cards in sorted(r.shown.items()) if cards]
    lines += [f"trick {format_cards(r.played[i:i + 4])}" for i in range(0, len(r.played), 4)]
    return "\n".join(lines) + "\n"
