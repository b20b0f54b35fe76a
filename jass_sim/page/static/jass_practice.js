// Chibre's positions in the Practice view (practice.js): the table as the player saw it (seats turned so
// that the player is at the bottom), the earlier tricks behind "Last trick", the hand, and the choices as cards;
// a mode choice: the hand and the options (the modes, chibre) as buttons.
import { el } from "./dom.js";
import { renderCardTable } from "./cardtable.js";
import { cardLabel, cardWords, modeLabel, pcard } from "./jass.js";

// a mode choice's options are the mode names and chibre (cards are two letters, modes one or three)
const OPTIONS = ["H", "D", "S", "C", "OBE", "UNE", "chibre"];
const isOption = (c) => OPTIONS.includes(c);

export function jassPractice() {
  return {
    label: "Jass",
    render(box, doc) {
      const p = doc.position, me = p.seat;
      if (doc.kind === "mode") {
        box.append(el("p", { class: "note" }, p.chibred ? "Your partner chibred: choose the mode." : "You choose the mode (or chibre)."),
                   el("p", { class: "note hand-line" }, "Your hand: ", ...p.hand.map((c) => pcard(c))));
        return;
      }
      const turn = (s) => (s - me + 4) % 4;
      const pos = { mode: p.mode, chibred: p.chibred, to_play: 0, finished: false, trick: p.trick_so_far, trick_leader: turn(p.trick_leader),
                    tricks: p.earlier_tricks.map((t) => ({ ...t, leader: turn(t.leader), winner: turn(t.winner) })),
                    points_so_far: [p.score.us, p.score.them] };
      let showLast = false;
      const table = el("div", { class: "card-table" });
      const draw = () => renderCardTable(table, pos, { showLast, onToggleLast: (on) => { showLast = on; draw(); },
                                                       status: `Trick ${p.trick}: your turn (${modeLabel(p.mode)}).` });
      draw();
      box.append(table, el("p", { class: "note hand-line" }, "Your hand: ", ...p.hand.map((c) => pcard(c))));
    },
    choiceLabel: (c) => (isOption(c) ? modeLabel(c) : cardLabel(c, true)),
    choiceWords: (c) => (isOption(c) ? modeLabel(c) : cardWords(c)),
    valueNote: (kind) => (kind === "mode"
      ? "Round points (ours minus theirs) gained over the option taken in the round (0: the reference), per option, " +
        "with the review's paired 95% CI."
      : "Points gained over the card played in the round (0: the reference), per card, with the review's paired 95% CI."),
  };
}
