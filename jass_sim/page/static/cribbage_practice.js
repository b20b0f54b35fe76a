// Cribbage's positions in the Practice view (practice.js): a discard (the six cards, whose crib it is) or a
// pegging card (the count, the cards pegged on it, the starter, the cards still in hand).
import { el } from "./dom.js";
import { cardLabel, cardWords, pcard } from "./cards.js";

const DECK = "cribbage";
const label = (choice) => choice.split(" ").map((c) => cardLabel(c, true, DECK)).join(" ");
const words = (choice) => choice.split(" ").map((c) => cardWords(c, DECK)).join(" and ");

export function cribbagePractice() {
  return {
    label: "Cribbage",
    render(box, doc) {
      const p = doc.position;
      const crib = p.crib === "yours" ? "your crib (you deal)" : "your opponent's crib";
      const cards = (list) => list.map((c) => pcard(c, {}, DECK));
      if (doc.kind === "discard") {
        box.append(el("p", {}, `Hand ${p.hand_number}: throw two cards to ${crib}.`),
          el("p", { class: "hand-line" }, "Dealt: ", ...cards(p.holding)));
      } else {
        box.append(el("p", {}, `Hand ${p.hand_number}, ${crib}: the count is `, el("strong", { text: String(p.count) }), "; peg a card."),
          el("p", { class: "hand-line" }, "On the count: ", ...(p.current_count.length ? cards(p.current_count) : ["nothing yet"])),
          el("p", { class: "hand-line" }, "Starter: ", pcard(p.starter, {}, DECK), " · in your hand: ", ...cards(p.holding)));
      }
    },
    choiceLabel: label,
    choiceWords: words,
    valueNote: (kind) => (kind === "discard" ? "Expected net points of each throw (hand and crib, exact), as the review saved them."
      : "Mean point difference of the pegging from here (exact), as the review saved them."),
  };
}
