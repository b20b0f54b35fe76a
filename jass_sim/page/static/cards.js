// Cards for people: labels, pickers and small played cards, all from the server's notation
// (GET /api/notation: one definition of every deck, in jass_sim's notation modules).
import { $, $$, el, tokens } from "./dom.js";
import { getJSON } from "./api.js";

export const labels = { style: localStorage.getItem("jass-sim-style") || "french" };
let NOTATION = null;
const styleListeners = [];

export async function loadNotation() { NOTATION = await getJSON("/api/notation"); return NOTATION; }
export function deckOf(name = "jass") { return NOTATION[name]; }
export function onStyleChange(fn) { styleListeners.push(fn); }
export function setStyle(style) {
  labels.style = style;
  localStorage.setItem("jass-sim-style", style);
  for (const fn of styleListeners) fn(style);
}
const swiss = (deck) => labels.style === "swiss" && deck === "jass";

// {suit, rank} of a card code of a deck (rank: its character in the notation), or null
function parts(code, deck = "jass") {
  const d = deckOf(deck), i = d.cards.indexOf(code);
  if (i < 0) return null;
  return { suit: Math.floor(i / d.ranks.length), rank: d.ranks[i % d.ranks.length], index: i };
}
const rankText = (rank) => (rank === "T" ? "10" : rank);

export function isRed(code, deck = "jass") {
  const p = parts(code, deck);
  return p !== null && "HD".includes(deckOf(deck).suits[p.suit]);
}

// "♥J" (or "Rosen Under", short "Ro U", with the Swiss-German labels)
export function cardLabel(code, short = false, deck = "jass") {
  if (!code) return "";
  const p = parts(code, deck);
  if (p === null) return code;
  const d = deckOf(deck);
  if (swiss(deck)) {
    const s = d.swiss;
    return short ? `${s.suit_short[p.suit]} ${s.rank_short[p.rank] || p.rank}` : `${s.suits[p.suit]} ${s.ranks[p.rank] || p.rank}`;
  }
  return d.symbol_cards[p.index];
}

// "10 of hearts": what a screen reader says of a card
export function cardWords(code, deck = "jass") {
  const p = parts(code, deck);
  if (p === null) return code;
  if (swiss(deck)) return cardLabel(code, false, deck);
  return `${rankText(p.rank)} of ${deckOf(deck).suit_words[p.suit]}`;
}

// a suit's name for a picker row: "♥ hearts" (or "Rosen")
export function suitName(suit, deck = "jass") {
  const d = deckOf(deck);
  return swiss(deck) ? d.swiss.suits[suit] : `${d.suit_symbols[suit]} ${d.suit_words[suit]}`;
}

// a Chibre mode: "♥ trump", "Obenabe", "chibre" (or "Rosen trump")
export function modeLabel(mode) {
  const d = deckOf("jass"), i = d.modes.indexOf(mode);
  if (i >= 0 && i < d.suits.length) return `${swiss("jass") ? d.swiss.suits[i] : d.suit_symbols[i]} trump`;
  return d.mode_words[mode] || mode;
}

// the mode selects and buttons of the page in the chosen labels
export function relabelModes() {
  for (const node of $$("#table-mode option, [data-mode]")) node.textContent = modeLabel(node.value || node.dataset.mode);
}

// A sentence of the server (written with suit symbols: "Play ♠10: …", "Choose ♥ trump: …") in the
// labels chosen on the page: each card and suit symbol of the Chibre deck said by its Swiss-German name.
export function localize(text) {
  if (!text || !swiss("jass")) return text;
  const d = deckOf("jass");
  const symbols = d.suit_symbols.join("");
  const ranks = d.ranks.map(rankText).sort((a, b) => b.length - a.length).join("|");
  return text.replace(new RegExp(`([${symbols}])(${ranks})(?![0-9A-Za-z])`, "gu"), (all, s, r) => {
    const code = d.suits[d.suit_symbols.indexOf(s)] + (r === "10" ? "T" : r);
    return cardLabel(code);
  }).replace(new RegExp(`[${symbols}]`, "gu"), (s) => d.swiss.suits[d.suit_symbols.indexOf(s)])
    // and the letter codes of the rules' messages ("may not play C7 here")
    .replace(new RegExp(`\\b[${d.suits.join("")}][${d.ranks.join("")}]\\b`, "g"), (code) => cardLabel(code));
}

// a typed card token in the deck's own code ("h10" -> "HT", "♥j" -> "HJ", "5♥" -> "5H"), or null
export function canonical(token, deck = "jass") {
  const d = deckOf(deck);
  const text = token.trim().toUpperCase();
  const suitOf = (c) => { const i = d.suits.indexOf(c); return i >= 0 ? i : d.suit_symbols.indexOf(c); };
  const rankOf = (r) => d.ranks.indexOf(r === "10" ? "T" : r);
  const tries = [[text.slice(0, 1), text.slice(1)], [text.slice(-1), text.slice(0, -1)]];
  for (const [s, r] of d.rank_first ? tries : tries.slice(0, 1)) {
    const suit = suitOf(s), rank = rankOf(r);
    if (s && r && suit >= 0 && rank >= 0) return d.cards[suit * d.ranks.length + rank];
  }
  return null;
}

// a small played card, with its seat and whether it won the trick
export function pcard(code, extra = {}, deck = "jass") {
  return el("span", { class: "pcard" + (isRed(code, deck) ? " red" : "") + (extra.winner ? " winner" : ""), "data-card": code,
                      title: extra.winner ? "won the trick" : null },
            cardLabel(code, true, deck), extra.seat !== undefined ? el("span", { class: "seat", text: `seat ${extra.seat}` }) : null);
}

// ---------- card pickers: a row per suit ----------
export function buildPicker(container, { deck = "jass", max = 9, onChange, sequence = false } = {}) {
  const picker = { selected: [], container, onChange, sequence, deck };
  function render() {
    const d = deckOf(deck), n = d.ranks.length;
    container.textContent = "";
    d.suits.forEach((letter, suit) => {
      const name = suitName(suit, deck);
      const red = "HD".includes(letter);
      const row = el("div", { class: "suit-row", role: "group", "aria-label": name });
      row.append(el("span", { class: "suit-name" + (red ? " red" : ""), text: name }));
      for (let r = 0; r < n; r++) {
        const code = d.cards[suit * n + r], rank = d.ranks[r];
        const label = swiss(deck) ? (d.swiss.rank_short[rank] || rank) : rankText(rank);
        const on = picker.selected.includes(code);
        row.append(el("button", { type: "button", class: "card-btn" + (red ? " red" : "") + (sequence && on ? " played" : ""),
                                  "data-card": code, "aria-pressed": sequence ? null : String(on),
                                  "aria-label": cardWords(code, deck),
                                  disabled: sequence && on ? true : null,
                                  onclick: () => toggle(code) }, label));
      }
      container.append(row);
    });
  }
  function toggle(code) {
    if (sequence) { if (!picker.selected.includes(code)) { picker.selected.push(code); } }
    else if (picker.selected.includes(code)) picker.selected = picker.selected.filter((c) => c !== code);
    else if (picker.selected.length < max) picker.selected.push(code);
    render();
    if (picker.onChange) picker.onChange(picker.selected.slice(), code);
    const again = $(`[data-card="${code}"]`, container);
    if (again && !again.disabled) again.focus();
  }
  picker.set = (codes) => { picker.selected = codes.slice(); render(); };
  picker.render = render;
  onStyleChange(render);
  render();
  return picker;
}

// keep a text field and a picker in step: typed tokens select the cards the picker knows
export function linkField(input, picker) {
  picker.onChange = (codes) => { input.value = codes.join(" "); input.classList.remove("bad"); };
  input.addEventListener("input", () => {
    const known = new Set($$(".card-btn", picker.container).map((b) => b.dataset.card));
    picker.set(tokens(input.value).map((t) => canonical(t, picker.deck)).filter((t) => t && known.has(t)));
  });
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
