"""What both adapters share: the policy name check, the legal cards under our rules, a log of the
cards a framework refused."""

from __future__ import annotations

from dataclasses import dataclass, field


def our_legal(held, trick, mode: int) -> list[int]:
    """The cards of ``held`` that ``docs/rules.md`` allows after ``trick`` (the current trick's
    cards so far, in order), in mode ``mode``."""
    from jass_sim.jass.rules import legal_moves

    return legal_moves(list(held), list(trick), mode)


def check_policy_name(policy: str) -> str:
    """``policy`` if it is one of :data:`jass_sim.jass.play.choose.FAIR_POLICIES` (else InputError)."""
    from jass_sim.jass.play.choose import check_policy

    return check_policy(policy)


@dataclass
class Disagreement:
    """A card one rule set allows and the other refuses: ``who`` played (or chose) ``card``; the
    legal cards by the framework (``theirs``) and by ``docs/rules.md`` (``ours``); ``played`` the
    card that was played instead (``None``: the card stood)."""

    who: str
    card: int
    theirs: list[int]
    ours: list[int]
    trick: list[int]
    mode: int
    played: int | None = None
    why: str = ""

    def to_json(self) -> dict:
        from jass_sim.jass.cards import format_card, mode_name

        return {"who": self.who, "card": format_card(self.card), "mode": mode_name(self.mode),
                "trick": [format_card(c) for c in self.trick],
                "legal_theirs": [format_card(c) for c in self.theirs], "legal_ours": [format_card(c) for c in self.ours],
                "played": None if self.played is None else format_card(self.played), "why": self.why}


@dataclass
class DecisionLog:
    """The decisions of an adapter's player: how many, and the disagreements."""

    decisions: int = 0
    disagreements: list[Disagreement] = field(default_factory=list)


def fallback_card(theirs, ours) -> int:
    """The deterministic replacement of a refused card: the lowest card number legal under both rule
    sets, else the framework's lowest legal card."""
    both = sorted(set(theirs) & set(ours))
    return both[0] if both else min(theirs)
