"""``jass-sim play-advice``: which card should I play now?"""

from __future__ import annotations

import click

from . import main


def parse_melds(text: str | None) -> dict[int, list[int]]:
    """``"1: D7 D8 D9; 3: HJ SJ DJ CJ"`` -> ``{1: [...], 3: [...]}`` (seat, then the cards it showed)."""
    from ..cards import InputError, parse_cards

    shown: dict[int, list[int]] = {}
    for part in [p for p in (text or "").split(";") if p.strip()]:
        seat_text, sep, cards = part.partition(":")
        if not sep or seat_text.strip() not in ("0", "1", "2", "3"):
            raise InputError(f"--melds entries look like '1: D7 D8 D9' (a seat 0..3, a colon, the cards), "
                             f"got {part.strip()!r}", part.strip())
        shown.setdefault(int(seat_text), []).extend(parse_cards(cards))
    return shown


@main.command("play-advice")
@click.option("--hand", default=None, help='The 9 cards seat 0 was dealt, e.g. "HJ H9 HA SK SQ D6 C7 C8 CT".')
@click.option("--hands", default=None,
              help='All four dealt hands instead, separated by ";", seat 0 first: no sampling, the true deal.')
@click.option("--mode", required=True, help="H, D, S, C, OBE or UNE.")
@click.option("--rules", default="chibre", show_default=True, help="Rule preset: chibre, schieber, pique-double.")
@click.option("--chooser", type=int, default=None, help="Seat that chose the mode [default: the leader, or its "
              "partner with --chibred].")
@click.option("--chibred", is_flag=True, help="The leader chibred and its partner chose the mode.")
@click.option("--leader", type=int, default=0, show_default=True, help="Seat that led the first trick.")
@click.option("--played", default="", help="Every card played so far, in order.")
@click.option("--melds", default=None, help='Meld cards shown, e.g. "1: D7 D8 D9; 2: HJ SJ DJ CJ".')
@click.option("--policy", default=None, help="Card play in the play-outs: random, heuristic, dd, pimc "
              "[default: the default card play, named in the output].")
@click.option("--samples", type=int, default=None, help="Sampled worlds [default: 4000; 1 with --hands].")
@click.option("--ci", type=float, default=None, help="Sample until the best card's lead has a 95%% CI "
              "half-width of at most X points.")
@click.option("--max-samples", type=int, default=100_000, show_default=True, help="Upper bound with --ci.")
@click.option("--seed", type=int, default=0, show_default=True, help="Root seed.")
@click.option("--threads", type=int, default=None, help="Threads (default: all cores).")
@click.option("--format", "fmt", default="table", show_default=True, help="table or json.")
@click.option("-o", "--output", default=None, help="Write to FILE (atomically) instead of stdout.")
def play_advice(hand, hands, mode, rules, chooser, chibred, leader, played, melds, policy, samples, ci,
                max_samples, seed, threads, fmt, output):
    """Value every legal card of seat 0 in the round so far, on worlds consistent with its view."""
    import json

    from ..analysis.play_advice import format_play_advice, play_advice as run
    from ..cards import InputError, parse_cards, parse_hands
    from ..engine.position import build_position
    from ..output import Progress, check_choice, check_output_path, emit
    from .options import mode_option

    fmt = check_choice("--format", fmt, ("table", "json"))
    check_output_path(output)
    mode_number = mode_option(mode, allow_auto=False)
    all_hands = None
    if hands is not None:
        texts = hands.split(";")
        if len(texts) != 4:
            raise InputError(f'--hands needs four hands separated by ";", got {len(texts)}: {hands!r}', hands)
        all_hands = parse_hands(texts)
        if hand is not None and set(parse_cards(hand, count=9)) != set(all_hands[0]):
            raise InputError("--hand and seat 0 of --hands differ", hand)
        my_hand = all_hands[0]
    elif hand is None:
        raise InputError("give seat 0's cards with --hand (or all four hands with --hands)", "--hand")
    else:
        my_hand = parse_cards(hand, count=9)
    pos = build_position(my_hand, mode_number, leader, parse_cards(played, count=None, unique=False),
                         parse_melds(melds), chooser=chooser, chibred=chibred, hands=all_hands)
    progress = Progress(max_samples, "play-advice") if ci is not None else None
    advice = run(pos, rules, policy, samples, ci, max_samples, seed, threads, known_hands=all_hands is not None,
                 progress=progress)
    text = json.dumps(advice.to_json(), ensure_ascii=False) if fmt == "json" else format_play_advice(advice)
    emit(text, output)
