"""Coiffeur match presets as data: the categories with their multipliers and the rule switches.

A Coiffeur match (``docs/coiffeur.md``) gives each of two fixed teams the same list of categories;
each team plays every category once, and a round's points are the declaring team's card points
(157 in all, a Matsch 157 + 100) times the category's multiplier. A category is a *form* (how the
round is played) and a multiplier; a form is played as one of the round modes of the Jass play
step (:data:`FORM_MODES`, codes of :mod:`jass_sim.jass.rules.round_modes`), the declarer's choice
when it has several (a Joker's suit, Obenabe or Undenufe; Slalom or Guschti starting with Obenabe
or Undenufe; Misère as Obenabe, Undenufe or Slalom; a 3x3's trump suit and order of blocks).
Every category code is playable (issue 53); :data:`PENDING_FORMS` stays the seam for a form whose
modes the play step does not have yet (empty now).
"""

from __future__ import annotations

from dataclasses import dataclass

from jass_sim.core.errors import InputError
from jass_sim.jass.rules.round_modes import (
    GUSCHTI_OBE,
    GUSCHTI_UNE,
    MISERE_OBE,
    MISERE_SLALOM,
    MISERE_UNE,
    N_ROUND_MODES,
    SLALOM_OBE,
    SLALOM_UNE,
    TRICK_MODE,
    TRIO_AT,
)
from jass_sim.jass.rules.tables import POINTS

#: Every category code of ``--categories`` and ``--ours-open``, in the order of the issue.
CATEGORY_CODES = ("S", "C", "D", "H", "OBE", "UNE", "SLALOM", "GUSCHTI", "MISERE", "TRIO", "JOKER")
#: The round modes of the Jass play step (0..3 trump H D S C, 4 Obenabe, 5 Undenufe, 6..36 the
#: Coiffeur modes) each form may be played as: one mode, or the declarer's choice among several
#: when the category is taken (the declarer knows its hand; the plan and ``advise`` take its best).
FORM_MODES: dict[str, tuple[int, ...]] = {
    "H": (0,), "D": (1,), "S": (2,), "C": (3,), "OBE": (4,), "UNE": (5,),
    "JOKER": (0, 1, 2, 3, 4, 5),  # any suit, Obenabe or Undenufe, chosen when it is taken
    "SLALOM": (SLALOM_OBE, SLALOM_UNE),  # Obenabe and Undenufe alternating, starting with either
    "GUSCHTI": (GUSCHTI_OBE, GUSCHTI_UNE),  # 5 tricks of one, 4 of the other (Swisslos)
    "MISERE": (MISERE_OBE, MISERE_UNE, MISERE_SLALOM),  # give points away, played as one of three
    "TRIO": tuple(range(TRIO_AT, N_ROUND_MODES)),  # 3x3: trump suit and the order of the blocks
}
#: Forms whose modes the play step does not have yet: none since issue 53 (the seam stays: a
#: category named here is refused in one line by :meth:`CoiffeurRules.check_playable`).
PENDING_FORMS: tuple[str, ...] = ()
#: How people call each category (the docs' and the sentence's words).
CATEGORY_WORDS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "OBE": "Obenabe", "UNE": "Undenufe",
                  "SLALOM": "Slalom", "GUSCHTI": "Guschti", "MISERE": "Misère", "TRIO": "3x3", "JOKER": "Joker"}
#: The largest number of categories per team (the plan's state is 2^n open sets per team).
MAX_CATEGORIES = 10


@dataclass(frozen=True)
class Category:
    """One category of a team's list: its code (``S`` ... ``JOKER``) and multiplier."""

    code: str
    multiplier: int

    @property
    def modes(self) -> tuple[int, ...]:
        """The play-step modes the category may be played as."""
        return FORM_MODES[self.code]

    @property
    def word(self) -> str:
        return CATEGORY_WORDS[self.code]

    def max_points(self, match_bonus: int) -> int:
        """The most a team can be credited in one round of this category, before the multiplier:
        :func:`round_points_bound` of its richest form (257 for a suit, Obenabe, Undenufe or Joker)."""
        return max(round_points_bound(m, match_bonus) for m in self.modes)


def round_points_bound(mode: int, match_bonus: int) -> int:
    """An upper bound of the points one team is credited in a round in the round mode ``mode``:
    every card at its highest value among the chibre modes of the round's tricks (a card counts
    what it counts in its trick's mode: an 8 in an Obenabe trick 8, a six in an Undenufe trick 11,
    a trump Jack 20), the last trick's 5 and the Matsch bonus. 157 + the bonus in a chibre mode;
    more in Slalom, Guschti and 3x3 (a Slalom Matsch of 168 + 100 happens), and in Misère the
    credit is the opponents' points, under the same bound. A score check must never refuse a total
    a match can reach, so a bound, not the exact maximum."""
    modes = sorted({int(m) for m in TRICK_MODE[mode]})
    return int(POINTS[modes].max(axis=0).sum()) + 5 + int(match_bonus)


@dataclass(frozen=True)
class CoiffeurRules:
    """One Coiffeur match preset (immutable).

    Attributes
    ----------
    name : str
        Preset name (``coiffeur``, ``coiffeur-10``).
    categories : tuple of Category
        Each team's categories, in the preset's order.
    pass_to_partner : bool
        False (default): the player to choose may pass to the next player in play order (an
        opponent); when all four have passed, the first must choose ("im Fass"). True: the first
        may pass to the partner only, who must choose.
    both_written : bool
        False (default): only the declaring team's points are written; True: both teams' points,
        each times the multiplier.
    match_bonus : int
        The Matsch bonus added to the 157 card points.
    source : str
        Where the preset's rules come from (``docs/coiffeur.md``).
    """

    name: str
    categories: tuple[Category, ...]
    pass_to_partner: bool = False
    both_written: bool = False
    match_bonus: int = 100
    source: str = ""

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(c.code for c in self.categories)

    @property
    def multipliers(self) -> tuple[int, ...]:
        return tuple(c.multiplier for c in self.categories)

    @property
    def form_modes(self) -> tuple[int, ...]:
        """Every round mode the categories may be played in, in code order (``coiffeur``: the six
        chibre modes; ``coiffeur-10`` adds Slalom's and Guschti's two each; a 3x3 its 24 forms)."""
        return tuple(sorted({m for c in self.categories for m in c.modes}))

    @property
    def rounds(self) -> int:
        """Rounds in a match: every team plays every category once."""
        return 2 * len(self.categories)

    def score_caps(self, ours_open: int, theirs_open: int) -> tuple[int, int]:
        """The largest totals (ours, theirs) the categories already played (not in the open masks)
        can have written: each played category's multiplier x :meth:`Category.max_points`; with
        ``both_written`` every played round counts for both teams."""
        full = (1 << len(self.categories)) - 1
        played = [sum(c.multiplier * c.max_points(self.match_bonus) for i, c in enumerate(self.categories)
                      if not (mask & full) >> i & 1) for mask in (ours_open, theirs_open)]
        if self.both_written:
            return sum(played), sum(played)
        return played[0], played[1]

    def pending(self, pending_forms: tuple[str, ...] | None = None) -> tuple[str, ...]:
        """The categories whose form the play step cannot play yet (among ``pending_forms``,
        default :data:`PENDING_FORMS`)."""
        pending_forms = PENDING_FORMS if pending_forms is None else pending_forms
        return tuple(dict.fromkeys(c.code for c in self.categories if c.code in pending_forms))

    def check_playable(self, option: str = "--rules", pending_forms: tuple[str, ...] | None = None) -> None:
        """Raise :class:`InputError` (one line) when a category's form is not playable yet."""
        pending = self.pending(pending_forms)
        if pending:
            raise InputError(f"{option}: the categories {', '.join(pending)} of {self.name!r} are not playable yet "
                             f"(their modes are not in the Jass play step); give --categories without them",
                             pending[0])

    def replace_categories(self, categories: tuple[Category, ...]) -> "CoiffeurRules":
        from dataclasses import replace
        return replace(self, categories=categories, name=f"{self.name}+categories")


def _cats(text: str) -> tuple[Category, ...]:
    return tuple(Category(c, int(m)) for c, m in (p.split(":") for p in text.split(",")))


PRESETS: dict[str, CoiffeurRules] = {
    "coiffeur": CoiffeurRules("coiffeur", _cats("S:1,C:2,D:3,H:4,OBE:5,UNE:6,JOKER:7,JOKER:8"),
                              source="the Jassreglement as jassverzeichnis.ch gives it [JV-C]; Swisslos's 8-round "
                                     "game [SL-C]"),
    "coiffeur-10": CoiffeurRules("coiffeur-10", _cats("S:1,C:2,D:3,H:4,OBE:5,UNE:6,SLALOM:7,GUSCHTI:8,JOKER:9,JOKER:10"),
                                 source="Swisslos's 10-round game [SL-C], multipliers in the order of jassen.ch [JCH]"),
}


def get_coiffeur_rules(name: str | CoiffeurRules) -> CoiffeurRules:
    """The preset called ``name`` (``coiffeur`` or ``coiffeur-10``); an unknown name is one line."""
    if isinstance(name, CoiffeurRules):
        return name
    key = str(name).strip().lower()
    if key not in PRESETS:
        raise InputError(f"--rules: unknown Coiffeur preset {name!r} (expected one of {', '.join(PRESETS)})", name)
    return PRESETS[key]


def parse_categories(text: str, option: str = "--categories") -> tuple[Category, ...]:
    """A multiplier table such as ``"S:1,C:2,D:3,H:4,OBE:5,UNE:6,JOKER:7,JOKER:8"``.

    Codes are those of :data:`CATEGORY_CODES` (case-insensitive); a code may repeat only as
    ``JOKER``; multipliers are integers 1..100. Raises :class:`InputError` naming the bad token.
    """
    parts = [p.strip() for p in str(text).split(",")]
    if not parts or parts == [""]:
        raise InputError(f"{option}: no categories given (e.g. \"S:1,C:2,OBE:5,JOKER:7\")", option)
    out = []
    seen = set()
    for p in parts:
        code, sep, mult = p.partition(":")
        code = code.strip().upper()
        if not sep:
            raise InputError(f"{option}: {p!r} needs a multiplier, as CODE:MULTIPLIER (e.g. \"OBE:5\")", p)
        if code not in CATEGORY_CODES:
            raise InputError(f"{option}: unknown category {code!r} (expected one of {', '.join(CATEGORY_CODES)})",
                             p)
        if code in seen and code != "JOKER":
            raise InputError(f"{option}: category {code!r} is given twice (only JOKER may repeat)", p)
        try:
            m = int(mult.strip())
        except ValueError:
            raise InputError(f"{option}: multiplier {mult.strip()!r} of {code} is not an integer", p) from None
        if not 1 <= m <= 100:
            raise InputError(f"{option}: multiplier {m} of {code} must be between 1 and 100", p)
        seen.add(code)
        out.append(Category(code, m))
    if len(out) > MAX_CATEGORIES:
        raise InputError(f"{option}: {len(out)} categories; at most {MAX_CATEGORIES}", option)
    return tuple(out)


def parse_open(text: str, rules: CoiffeurRules, option: str) -> int:
    """The open categories ``"S,C,OBE,JOKER"`` as a bit set over the preset's category slots.

    A repeated ``JOKER`` takes the preset's jokers in order (the lower multiplier first); ``-`` or
    an empty string is the empty set. Unknown, repeated or not-in-preset categories are one line.
    """
    text = str(text).strip()
    if text in ("", "-"):
        return 0
    mask = 0
    for tok in (t.strip().upper() for t in text.split(",")):
        if tok not in CATEGORY_CODES:
            raise InputError(f"{option}: unknown category {tok!r} (expected one of {', '.join(CATEGORY_CODES)})", tok)
        slots = [i for i, c in enumerate(rules.categories) if c.code == tok]
        if not slots:
            raise InputError(f"{option}: category {tok!r} is not in the preset {rules.name!r} "
                             f"({', '.join(rules.codes)})", tok)
        free = [i for i in slots if not mask >> i & 1]
        if not free:
            raise InputError(f"{option}: category {tok!r} is given more often than the preset has it", tok)
        mask |= 1 << free[0]
    return mask
