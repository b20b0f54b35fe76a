"""Regenerate the golden replay traces in tests/data/ (run after a deliberate rules change).

    python scripts/make_golden.py

``replay_*.json`` are traces of the round kernel (random play, as ``replay_round`` defaults);
``jass_replay_seed1_net.json`` is the default run of the command, ``jass-sim replay --seed 1
--format json`` (``net`` card play, the ``fitted`` mode choice), the conformance test's golden.
"""

from __future__ import annotations

import json
from pathlib import Path

from jass_sim.jass.engine.replay import replay_round

CASES = [(1, "chibre", None), (2, "chibre", 4), (3, "schieber", None), (4, "schieber", 5), (5, "chibre", 2)]


def main() -> None:
    out = Path(__file__).resolve().parent.parent / "tests" / "data"
    out.mkdir(parents=True, exist_ok=True)
    for seed, rules, mode in CASES:
        record = replay_round(seed, rules, mode).to_json()
        name = f"replay_seed{seed}_{rules}_{'auto' if mode is None else record['mode']}.json"
        (out / name).write_text(json.dumps({"seed": seed, "rules": rules, "mode": mode, "replay": record},
                                           indent=1) + "\n")
        print("wrote", out / name)
    from jass_sim.jass.api import replay

    name = "jass_replay_seed1_net.json"  # the command's default run
    (out / name).write_text(json.dumps({"seed": 1, "policy": "net", "replay": replay(1).to_json()}, indent=1,
                                       ensure_ascii=False) + "\n")
    print("wrote", out / name)


if __name__ == "__main__":
    main()
