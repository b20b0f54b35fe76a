// Chibre (Jass) on the page: what only its views need (the seats' names, the mode labels, the server's
// sentences in the chosen card labels, the tricks so far) and cards.js bound to the Chibre deck: the
// Jass views show Chibre cards only, so they do not name the deck at each call.
import { $$, el } from "./dom.js";
import * as cards from "./cards.js";

const DECK = "jass";
export const deck = () => cards.deckOf(DECK);
export const cardLabel = (code, short = false) => cards.cardLabel(code, short, DECK);
export const cardWords = (code) => cards.cardWords(code, DECK);
export const isRed = (code) => cards.isRed(code, DECK);
export const pcard = (code, extra = {}) => cards.pcard(code, extra, DECK);
export const buildPicker = (container, options = {}) => cards.buildPicker(container, { ...options, deck: DECK });
export const renderHand = (box, codes, options = {}) => cards.renderHand(box, codes, { ...options, deck: DECK });

// the seats as the page names them: 0 is you, 1 plays after you, 2 (your partner) sits opposite; the
// card table, where room is short, labels seat 2 "partner"
export const WHO = ["you", "seat 1", "your partner", "seat 3"];
export const seatLabel = (seat) => WHO[seat].replace(/^your /, "");

// a Chibre mode: "♥ trump", "Obenabe", "chibre" (or "Rosen trump")
export function modeLabel(mode) {
  const d = deck(), i = d.modes.indexOf(mode);
  if (i >= 0 && i < d.suits.length) return `${cards.swissLabels(DECK) ? d.swiss.suits[i] : d.suit_symbols[i]} trump`;
  return d.mode_words[mode] || mode;
}

// the mode selects and buttons of the page in the chosen labels
export function relabelModes() {
  for (const node of $$("#table-mode option, [data-mode]")) node.textContent = modeLabel(node.value || node.dataset.mode);
}

// A sentence of the server (written with suit symbols: "Play ♠10: …", "Choose ♥ trump: …", and the rules'
// letter codes: "may not play C7 here") in the labels chosen on the page: each card by its label (French:
// "♣7", Swiss-German: "Eichle 7"), and the modes by the words of the buttons ("une-ufe" is "Undenufe").
export function localize(text) {
  if (!text) return text;
  const d = deck();
  const words = { "obe-abe": d.mode_words.OBE || "Obenabe", "une-ufe": d.mode_words.UNE || "Undenufe" };
  text = text.replace(/\b(obe-abe|une-ufe)\b/gi, (m) => words[m.toLowerCase()]);
  // the letter codes of the rules' messages ("seat 2 plays DQ although ...")
  const codes = (t) => t.replace(new RegExp(`\\b[${d.suits.join("")}][${d.ranks.join("")}]\\b`, "g"), (code) => cardLabel(code));
  if (!cards.swissLabels(DECK)) return codes(text);
  const symbols = d.suit_symbols.join("");
  const ranks = d.ranks.map(cards.rankText).sort((a, b) => b.length - a.length).join("|");
  return codes(text.replace(new RegExp(`([${symbols}])(${ranks})(?![0-9A-Za-z])`, "gu"), (all, s, r) => {
    const code = d.suits[d.suit_symbols.indexOf(s)] + (r === "10" ? "T" : r);
    return cardLabel(code);
  }).replace(new RegExp(`[${symbols}]`, "gu"), (s) => d.swiss.suits[d.suit_symbols.indexOf(s)]));
}

// the tricks of a position so far, each card with its seat, the winner marked
export function renderTricks(box, pos, { showSeats = true } = {}) {
  box.textContent = "";
  (pos.tricks || []).forEach((t, i) => {
    box.append(el("div", { class: "trick" }, el("span", { class: "no", text: `trick ${i + 1}` }),
      t.cards.map((c, k) => pcard(c, { seat: showSeats ? (t.leader + k) % 4 : undefined, winner: (t.leader + k) % 4 === t.winner })),
      el("span", { class: "note", text: ` ${t.points} pts to ${t.winner % 2 === 0 ? "us" : "them"}` })));
  });
  if (pos.trick && pos.trick.length) {
    box.append(el("div", { class: "trick" }, el("span", { class: "no", text: `trick ${pos.tricks.length + 1}` }),
      pos.trick.map((c, k) => pcard(c, { seat: (pos.trick_leader + k) % 4 }))));
  }
}
