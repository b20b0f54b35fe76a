"""Rendering and writing results: text for people, JSON/CSV for tools, atomic files."""

from __future__ import annotations

import json
import os
import tempfile

from .cards import InputError, format_card, format_cards, mode_name


def check_choice(option: str, value: str, choices: tuple[str, ...]) -> str:
    """``value`` lower-cased if it is one of ``choices``; else an InputError naming it."""
    v = value.strip().lower()
    if v not in choices:
        raise InputError(f"invalid value {value!r} for {option} (expected one of {', '.join(choices)})", value)
    return v


def write_atomic(path: str, data: str | bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename: never half written."""
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=os.path.basename(path))
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data.encode() if isinstance(data, str) else data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def render_replay(record, fmt: str) -> str:
    """A :class:`~jass_sim.engine.replay.RoundRecord` as ``text`` or ``json``."""
    if fmt == "json":
        return json.dumps(record.to_json(), ensure_ascii=False)
    lines = [f"rules {record.rules}, mode {mode_name(record.mode, True)} ({mode_name(record.mode)}), "
             f"multiplier x{record.multiplier}, chooser seat {record.chooser}, leader seat {record.leader}"]
    for seat, hand in enumerate(record.hands):
        lines.append(f"seat {seat} (team {seat % 2}): {format_cards(hand, symbols=True)}")
    if record.melds:
        for m in record.melds:
            lines.append(f"meld seat {m['seat']}: {m['kind']} {format_cards(m['cards'], symbols=True)} "
                         f"= {m['points']}")
    else:
        lines.append("melds: none")
    lines.append("melds count for: " + ("nobody" if record.meld_winner is None else f"team {record.meld_winner}"))
    for t, trick in enumerate(record.tricks, 1):
        cards = "  ".join(f"{format_card(c, True):>3}" for c in trick["cards"])
        lines.append(f"trick {t}: seat {trick['leader']} leads  {cards}  -> seat {trick['winner']} "
                     f"takes {trick['points']}")
    for team, s in enumerate(record.score):
        lines.append(f"team {team}: cards {s['cards']} + melds {s['melds']} + stoeck {s['stoeck']} "
                     f"+ match {s['match']} -> total {s['total']}")
    return "\n".join(lines)
