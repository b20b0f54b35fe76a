// Cribbage, "Play with a coach": a whole game to 121 against the wide bot. The page holds the game
// (the text format of `jass-sim cribbage review`, both players' cards) and the server holds nothing:
// each step asks the rules for the state (job cribbage_state: every point with its reason, whose turn,
// the cards that may be played, the bot's card), the bot's throw (cribbage_bot_discard), and the coach's
// verdict on each of your decisions (cribbage_rate, rated as the review rates it). The finished game
// opens in Review, which saves it in the History.
import { $, el, fmt } from "./dom.js";
import { runJob } from "./api.js";
import { cardLabel, cardWords, deckOf, pcard, renderHand } from "./cards.js";
import { coachKit, shuffle } from "./coachkit.js";
import { showCribPanel } from "./cribbage_panel.js";
import { runReview } from "./cribbage_review.js";

const DECK = "cribbage";
const C = (c) => cardLabel(c, false, DECK);
const CS = (cards) => cards.map(C).join(" ");
const WHO = { A: "you", B: "the bot" };
const game = { gen: 0, hands: [] };
const rank = (c) => c.slice(0, -1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const { talk, job, failed } = coachKit({ talkBox: "#crib-talk", keep: 3, view: "#view-cribbage-game", errorFor: "crib-job",
                                        generation: () => game.gen });

export function setupCribGame() {
  const root = $("#view-cribbage-game");
  $('[data-action="crib-deal"]', root).addEventListener("click", newGame);
  $('[data-action="crib-throw"]', root).addEventListener("click", throwCards);
  $('[data-action="crib-next-hand"]', root).addEventListener("click", () => dealHand(game.hands[game.hands.length - 1].dealer === "A" ? "B" : "A"));
}

// the game so far in the text format (the hands whose two discards are known)
export function gameText(hands = game.hands) {
  const lines = [];
  for (const h of hands) {
    if (!h.thrown.A || !h.thrown.B) continue;
    lines.push(`hand dealer ${h.dealer} starter ${h.starter}`);
    for (const p of ["A", "B"]) lines.push(`${p} ${h.six[p].join(" ")} throws ${h.thrown[p].join(" ")}`);
    if (h.plays.length) lines.push(`play ${h.plays.join(" ")}`);
  }
  return lines.join("\n") + "\n";
}

function newGame() {
  game.gen += 1;
  game.hands = [];
  game.score = { A: 0, B: 0 };
  $("#crib-talk").textContent = ""; $("#crib-feedback").textContent = ""; $("#crib-show").textContent = "";
  $('[data-error-for="crib-job"]').textContent = "";
  const cut = new Uint32Array(1);
  crypto.getRandomValues(cut);
  const dealer = cut[0] % 2 ? "A" : "B";
  talk(`The cut: ${dealer === "A" ? "you deal" : "the bot deals"} first.`);
  dealHand(dealer);
}

function dealHand(dealer) {
  const cards = deckOf(DECK).cards;
  const order = (c) => cards.indexOf(c) % 13 * 4 + Math.floor(cards.indexOf(c) / 13);  // by rank, then suit
  const deck = shuffle(cards);
  const sorted = (cs) => cs.sort((a, b) => order(a) - order(b));
  const hand = { dealer, six: { A: sorted(deck.slice(0, 6)), B: sorted(deck.slice(6, 12)) }, starter: deck[12],
                 thrown: { A: null, B: null }, plays: [] };
  game.hands.push(hand);
  game.selected = [];
  game.legal = [];
  game.botThrow = job("cribbage_bot_discard", { hand: hand.six.B.join(" "), dealer: dealer === "B", seed: game.hands.length });
  game.botThrow.catch(() => {});  // awaited (and its error shown) when you have thrown
  $("#crib-show").textContent = "";
  $('[data-action="crib-next-hand"]').hidden = true;
  drawBar(null);
  $("#crib-board").textContent = "";
  talk(`Hand ${game.hands.length}: ${dealer === "A" ? "your crib" : "the bot's crib"}. Choose two cards to throw.`);
  drawDiscard();
}

function drawDiscard() {
  const hand = current();
  renderHand($("#crib-hand"), hand.six.A, { legal: hand.six.A, deck: DECK, selected: game.selected, onPlay: (c) => {
    game.selected = game.selected.includes(c) ? game.selected.filter((x) => x !== c) : game.selected.length < 2 ? [...game.selected, c] : game.selected;
    drawDiscard();
    const again = $(`#crib-hand [data-card="${c}"]`);
    if (again) again.focus();
  } });
  const button = $('[data-action="crib-throw"]');
  button.hidden = false;
  button.disabled = game.selected.length !== 2;
}

const current = () => game.hands[game.hands.length - 1];

async function throwCards() {
  const hand = current();
  if (game.selected.length !== 2 || hand.thrown.A) return;
  hand.thrown.A = game.selected.slice();
  $('[data-action="crib-throw"]').hidden = true;
  renderHand($("#crib-hand"), hand.six.A.filter((c) => !hand.thrown.A.includes(c)), { deck: DECK });
  try { hand.thrown.B = (await game.botThrow).discard; } catch (err) { failed(err); return; }
  talk(`The bot throws two cards; the starter is ${C(hand.starter)}.`);
  coach(gameText(), `Your throw ${CS(hand.thrown.A)}`);
  await step();
}

// the coach's verdict on your last decision, as the review gives it: the newest line on top of the
// last three (each with its verdict in data-verdict)
function note(text, verdict) {
  const box = $("#crib-feedback");
  const line = el("p", { "data-verdict": verdict || null, class: verdict ? `verdict-line verdict-${verdict}` : "verdict-line" }, text);
  box.prepend(line);
  while (box.children.length > 3) box.lastElementChild.remove();
  return line;
}
function coach(text, what, forced = false) {
  const gen = game.gen;
  if (forced) { note(`${what}: forced (one rank could be played).`, "forced"); return; }
  const line = note(`${what}: the coach is thinking…`);
  runJob("cribbage_rate", { game: text, player: 0 }).then((out) => {
    if (gen !== game.gen) return;
    if (out.kind !== "result") { line.textContent = `${what}: the coach could not rate it (${out.data.error || out.kind}).`; return; }
    const d = out.data;
    line.textContent = d.verdict === "forced" ? `${what}: forced.`
      : d.loss < 1e-9 ? `✓ ${what} was best.`
      : `${d.verdict === "good" ? "✓" : "✗"} ${what}: ${d.verdict}; ${CS(d.best)} was ${fmt(d.loss, 2)} points better (exact, ${d.kind === "discard" ? "hand and crib" : "pegging to the end of the hand"}).`;
    line.dataset.verdict = d.verdict;
    line.className = `verdict-line verdict-${d.verdict}`;
  });
}

async function step() {
  const gen = game.gen;
  while (true) {
    let st;
    try { st = await job("cribbage_state", { game: gameText(), choose: true, seed: 1 }); } catch (err) { failed(err); return; }
    if (gen !== game.gen) return;
    game.score = st.score;
    drawBar(st);
    drawBoard(st);
    const hand = current();
    const left = hand.six.A.filter((c) => !hand.thrown.A.includes(c) && !hand.plays.includes(c));
    if (st.winner) { renderHand($("#crib-hand"), left, { deck: DECK }); showShow(st); end(st); return; }
    if (st.to_play === "A") {
      game.legal = st.legal;
      renderHand($("#crib-hand"), left, { legal: st.legal, deck: DECK, onPlay: play });
      return;
    }
    renderHand($("#crib-hand"), left, { deck: DECK });
    if (st.to_play === "B") {
      await sleep(300);
      if (gen !== game.gen) return;
      hand.plays.push(st.choice);
      continue;
    }
    showShow(st);
    $('[data-action="crib-next-hand"]').hidden = false;
    return;
  }
}

async function play(card) {
  const legal = game.legal || [];
  if (!legal.includes(card)) return;  // a second tap before the table has moved on
  game.legal = [];
  const hand = current();
  hand.plays.push(card);
  // the card leaves the hand at once; the others wait, disabled, for your next turn
  renderHand($("#crib-hand"), hand.six.A.filter((c) => !hand.thrown.A.includes(c) && !hand.plays.includes(c)), { deck: DECK });
  coach(gameText(), `Your ${C(card)}`, new Set(legal.map(rank)).size === 1);
  await step();
}

function drawBar(st) {
  const bar = $("#crib-bar"), hand = current(), score = st ? st.score : game.score;
  bar.hidden = false;
  bar.textContent = "";
  bar.append(el("span", { "data-testid": "crib-score" }, `you ${score.A} · bot ${score.B}`),
    el("span", {}, `hand ${game.hands.length} · ${hand.dealer === "A" ? "your crib" : "the bot's crib"}`));
  if (hand.thrown.A && hand.thrown.B) bar.append(el("span", {}, "starter ", pcard(hand.starter, {}, DECK)));
}

function eventText(e) {
  const who = WHO[e.player];
  if (e.kind === "go") return e.points ? `${who}: 1 for the go` : `${who}: go`;
  if (e.kind === "last card") return `${who}: last card, 1 point`;
  const parts = e.parts.map((p) => `${p.kind} ${p.points}`).join(", ");
  return `${who}: ${C(e.card)} (${e.count})${parts ? ` · ${parts}` : ""}`;
}

function drawBoard(st) {
  const box = $("#crib-board"), doc = st.hands[st.hands.length - 1];
  box.textContent = "";
  const hand = current();
  const botLeft = st.cards_left ? st.cards_left.B : 4 - hand.plays.filter((c) => !hand.six.A.includes(c)).length;
  box.append(el("div", { class: "crib-count" },
    el("span", { class: "count-label", "data-testid": "crib-count", "aria-label": `count ${st.count}` }, `count ${st.count}`),
    el("span", { class: "count-cards", role: "group", "aria-label": "the cards of this count" },
      st.current_count.length ? st.current_count.map((c) => pcard(c, {}, DECK)) : el("span", { class: "note", text: "a new count" })),
    el("span", { class: "note" }, st.to_play ? `the bot holds ${botLeft} card${botLeft === 1 ? "" : "s"} · ${st.to_play === "A" ? "your turn" : "the bot plays"}` : "")));
  const log = el("ol", { class: "peg-log", "aria-label": "the pegging of this hand" });
  if (doc.heels) log.append(el("li", { "data-peg-event": "heels" }, `his heels: the starter is a jack, 2 points to ${WHO[doc.dealer]}`));
  for (const e of doc.pegging) {
    log.append(el("li", { "data-peg-event": e.kind, class: e.points ? "points" : "", title: e.card ? cardWords(e.card, DECK) : null }, eventText(e)));
  }
  box.append(log);
}

// the show of the last hand: each hand and the crib with every combination
function showShow(st) {
  const box = $("#crib-show"), doc = st.hands[st.hands.length - 1];
  box.textContent = "";
  if (!doc.show.length) return;
  box.append(el("h3", { text: `The show, hand ${doc.hand} (starter ${C(doc.starter)})` }));
  for (const part of doc.show) {
    const title = `${part.player === "A" ? "Your" : "The bot's"} ${part.part}: ${CS(part.cards)} — ${part.points} point${part.points === 1 ? "" : "s"}`;
    const list = el("ul", { class: "combos" });
    for (const c of part.combinations) list.append(el("li", { "data-combo": c.kind }, `${c.kind} ${CS(c.cards)}: ${c.points}`));
    if (!part.combinations.length) list.append(el("li", { class: "note" }, "nothing"));
    box.append(el("div", { class: "show-part", "data-show-part": `${part.player}-${part.part}` }, el("strong", { text: title }), list));
  }
}

function end(st) {
  const won = st.winner === "A";
  talk(`The game is over: ${won ? "you win" : "the bot wins"}, ${st.score.A} to ${st.score.B}. Opening it in Review…`);
  $("#cribreview-text").value = gameText();
  $("#cribreview-player").value = "0";
  setTimeout(() => { showCribPanel("review"); runReview("coach"); }, 800);
}
