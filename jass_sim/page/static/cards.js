// Cards for people: labels, pickers, small played cards and a hand of large ones, all from the server's
// notation (GET /api/notation: one definition of every deck, in jass_sim's notation modules). Game-neutral:
// every function takes the deck's name (the Chibre-only helpers and the Chibre bindings are in jass.js).
import { $, $$, el, tokens } from "./dom.js";
import { getJSON } from "./api.js";

export const labels = { style: localStorage.getItem("jass-sim-style") || "french" };
let NOTATION = null;
const styleListeners = [];

export async function loadNotation() { NOTATION = await getJSON("/api/notation"); return NOTATION; }
export function deckOf(name) {
  const deck = NOTATION[name];
  if (!deck) throw new Error(`no deck named ${name} in the notation`);
  return deck;
}
export function onStyleChange(fn) { styleListeners.push(fn); }
export function setStyle(style) {
  labels.style = style;
  localStorage.setItem("jass-sim-style", style);
  for (const fn of styleListeners) fn(style);
}
// whether a deck's cards are shown by their Swiss-German names (chosen, and the deck has them)
export const swissLabels = (deck) => labels.style === "swiss" && Boolean(deckOf(deck).swiss);

// {suit, rank} of a card code of a deck (rank: its character in the notation), or null
function parts(code, deck) {
  const d = deckOf(deck), i = d.cards.indexOf(code);
  if (i < 0) return null;
  return { suit: Math.floor(i / d.ranks.length), rank: d.ranks[i % d.ranks.length], index: i };
}
// a rank as printed: "10" for the notation's "T"
export const rankText = (rank) => (rank === "T" ? "10" : rank);

export function isRed(code, deck) {
  const p = parts(code, deck);
  return p !== null && "HD".includes(deckOf(deck).suits[p.suit]);
}

// "♥J" (or "Rosen Under", short "Ro U", with the Swiss-German labels)
export function cardLabel(code, short = false, deck) {
  if (!code) return "";
  const p = parts(code, deck);
  if (p === null) return code;
  const d = deckOf(deck);
  if (swissLabels(deck)) {
    const s = d.swiss;
    return short ? `${s.suit_short[p.suit]} ${s.rank_short[p.rank] || p.rank}` : `${s.suits[p.suit]} ${s.ranks[p.rank] || p.rank}`;
  }
  return d.symbol_cards[p.index];
}

// "10 of hearts": what a screen reader says of a card
export function cardWords(code, deck) {
  const p = parts(code, deck);
  if (p === null) return code;
  if (swissLabels(deck)) return cardLabel(code, false, deck);
  return `${rankText(p.rank)} of ${deckOf(deck).suit_words[p.suit]}`;
}

// a suit's name for a picker row: "♥ hearts" (or "Rosen")
export function suitName(suit, deck) {
  const d = deckOf(deck);
  return swissLabels(deck) ? d.swiss.suits[suit] : `${d.suit_symbols[suit]} ${d.suit_words[suit]}`;
}

// a typed card token in the deck's own code ("h10" -> "HT", "♥j" -> "HJ", "5♥" -> "5H"), or null
export function canonical(token, deck) {
  const d = deckOf(deck);
  const text = token.trim().toUpperCase();
  if (d.aliases && text.includes("-")) {  // a Swiss-German name, as the parser reads it: "Rosen-Under", "Eichel-9"
    const [suitWord, rankWord] = token.trim().toLowerCase().split("-", 2);
    const suit = d.aliases.suits[suitWord];
    const rank = d.aliases.ranks[rankWord] || d.ranks[d.ranks.indexOf(rankWord === "10" ? "T" : rankWord.toUpperCase())];
    if (suit !== undefined && rank) return d.cards[suit * d.ranks.length + d.ranks.indexOf(rank)];
    return null;
  }
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
export function pcard(code, extra = {}, deck) {
  return el("span", { class: "pcard" + (isRed(code, deck) ? " red" : "") + (extra.winner ? " winner" : ""), "data-card": code,
                      title: extra.winner ? "won the trick" : null },
            cardLabel(code, true, deck), extra.seat !== undefined ? el("span", { class: "seat", text: `seat ${extra.seat}` }) : null);
}

// the hand as large cards: a tap plays a legal card (the others are shown, disabled); `deck`: the
// notation's deck of the codes (Cribbage's "5H" is not a Chibre card); `selected`: cards shown pressed
// The keyboard focus stays in the hand across a redraw: on the first playable card, else on the hand itself
// (its cards are all greyed out while the others play), and back on a card when one is playable again.
export function renderHand(box, cards, { legal = [], onPlay, deck, selected = null } = {}) {
  const active = document.activeElement;
  const keep = box.contains(active) || (box.dataset.focusHand === "1" && (!active || active === document.body));
  const was = active && box.contains(active) ? active.dataset.card : null;
  box.textContent = "";
  for (const c of cards) {
    box.append(el("button", { type: "button", class: "card-btn big" + (isRed(c, deck) ? " red" : ""), "data-card": c, "aria-label": cardWords(c, deck),
      "aria-pressed": selected ? String(selected.includes(c)) : null,
      disabled: legal.includes(c) ? null : true, onclick: () => onPlay && onPlay(c) }, cardLabel(c, true, deck)));
  }
  box.dataset.focusHand = keep ? "1" : "0";
  if (!keep) return;
  const target = $(`.card-btn[data-card="${was}"]:not([disabled])`, box) || $(".card-btn:not([disabled])", box);
  if (target) target.focus();
  else { box.tabIndex = -1; box.focus(); }
}

// ---------- card pickers: a row per suit ----------
export function buildPicker(container, { deck, max = 9, onChange, sequence = false } = {}) {
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
        const label = swissLabels(deck) ? (d.swiss.rank_short[rank] || rank) : rankText(rank);
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
