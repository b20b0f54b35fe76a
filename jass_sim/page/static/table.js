// View "At the table": set up a round, tap each card as it falls; at my turn, which card to play.
import { $, el, fmt, signed, tokens, clearErrors, showError, showView } from "./dom.js";
import { viewJob, cancelJob, checkPosition, clearResult } from "./api.js";
import { linkField, onStyleChange } from "./cards.js";
import { buildPicker, cardLabel, localize, pcard, renderHand, renderTricks } from "./jass.js";
import { renderCardTable } from "./cardtable.js";

const table = { played: [], lastPosition: null };

function tableArgs() {
  const chooser = $("#table-chooser").value;
  const args = { hand: $("#table-hand").value, mode: $("#table-mode").value, leader: Number($("#table-leader").value),
                 chibred: $("#table-chibred").checked, played: table.played.join(" ") };
  if (chooser !== "") args.chooser = Number(chooser);
  if ($("#table-melds").value.trim()) args.melds = $("#table-melds").value.trim();
  return args;
}

export function setupTable() {
  const root = $("#view-table");
  table.handPicker = buildPicker($("#table-hand-picker"), { max: 9 });
  linkField($("#table-hand"), table.handPicker);
  table.playPicker = buildPicker($("#table-play-picker"), { max: 36, sequence: true, onChange: (codes, code) => play(code) });
  // a card falls (from the picker, or from my hand at the table); refused by the rules, it is taken back
  async function play(code) {
    table.played.push(code);
    table.showLast = false;
    table.playPicker.set(table.played);
    if (!(await refresh())) { table.played.pop(); table.playPicker.set(table.played); }
  }
  async function refresh() {
    const version = table.version = (table.version || 0) + 1;
    const args = tableArgs();
    try {
      const pos = await checkPosition(args);
      if (table.version !== version) return true;  // a later check answers for the page
      clearErrors(root);  // only now: the page does not jump under a click while the check is on its way
      table.lastPosition = pos;
      draw();
      if (pos.to_play === 0 && !pos.finished) advisePlay(args);
      else { cancelJob("table"); clearResult("table"); }  // the advice was for a card that has been played
      return true;
    } catch (err) {
      if (table.version !== version) return true;
      clearErrors(root);
      const field = err.field === "played" || !err.field ? "played" : err.field;
      showError(root, field, localize(err.message) + hint(field), "played");
      // on a phone the refusal's line is below the picker: bring it into view
      const line = $(`[data-error-for="${field}"]`, root) || $('[data-error-for="played"]', root);
      if (line && line.scrollIntoView) line.scrollIntoView({ block: "nearest" });
      return false;
    }
  }
  // the card table, my hand as large cards, and every trick so far on demand
  function draw() {
    const pos = table.lastPosition;
    const box = $("#table-state");
    const turn = pos.finished ? "The round is over." : pos.to_play === 0 ? "Your turn." : `Seat ${pos.to_play} to play.`;
    const felt = el("div", { class: "card-table", "data-testid": "card-table" });
    const melds = {};
    for (const [seat, cards] of Object.entries(pos.melds || {})) melds[seat] = [`Weis ${cards.map((c) => cardLabel(c, true)).join(" ")}`];
    renderCardTable(felt, pos, { showLast: table.showLast, melds, onToggleLast: (on) => { table.showLast = on; draw(); },
                                 status: `${turn} Points so far: us ${pos.points_so_far[0]}, them ${pos.points_so_far[1]}.` });
    const list = el("div");
    renderTricks(list, pos);
    box.textContent = "";
    box.append(felt);
    if ((pos.tricks || []).length) box.append(el("details", { class: "all-tricks" }, el("summary", { text: "Every trick so far" }), list));
    const left = pos.hand.filter((c) => !pos.played.includes(c));
    renderHand($("#table-my-hand"), left, { legal: pos.to_play === 0 && !pos.finished ? pos.legal : [], onPlay: play });
  }
  // the set-up is checked as soon as it is complete, not at the first card
  function hint(field) {
    if (field !== "chooser" || $("#table-chibred").checked) return "";
    const leader = Number($("#table-leader").value);
    return ` If seat ${leader} chibred and seat ${(leader + 2) % 4} chose, tick “the leader chibred”.`;
  }
  // the advice for the position just checked (`args`: its set-up and cards, not the form as it is now)
  async function advisePlay(args = tableArgs()) {
    const pos = table.lastPosition, version = table.version;
    await cancelJob("table");
    if (table.version !== version) return;  // play moved on meanwhile
    clearErrors(root);
    args = Object.assign({}, args, { policy: $("#table-policy").value, samples: 1000 });
    await viewJob("table", "play_advice", args, { focus: false, stillWanted: () => table.version === version,
      render: (doc) => renderPlayAdvice($("#table-result"), doc, pos) });
  }
  onStyleChange(() => { if (table.lastPosition) draw(); });
  $('[data-action="play-advice"]', root).addEventListener("click", () => advisePlay());
  $('[data-action="cancel"][data-for="table"]', root).addEventListener("click", () => cancelJob("table"));
  $('[data-action="undo"]', root).addEventListener("click", () => { table.played.pop(); table.showLast = false; table.playPicker.set(table.played); refresh(); });
  $('[data-action="table-clear"]', root).addEventListener("click", () => { table.played = []; table.playPicker.set([]); $("#table-result").textContent = ""; refresh(); });
  $('[data-action="table-review"]', root).addEventListener("click", () => {
    $("#review-text").value = roundText({ hands: { 0: tokens($("#table-hand").value) }, mode: $("#table-mode").value,
      leader: Number($("#table-leader").value), chooser: $("#table-chooser").value, chibred: $("#table-chibred").checked,
      played: table.played, melds: $("#table-melds").value });
    showView("review");
    $('[data-action="review"]').click();
  });
  for (const id of ["#table-mode", "#table-leader", "#table-chooser", "#table-chibred", "#table-melds", "#table-hand"]) {
    $(id).addEventListener("change", () => { if (tokens($("#table-hand").value).length === 9) refresh(); });
  }
}

// `pos`: the position the advice is for (its trick and the cards played to it so far)
export function renderPlayAdvice(box, doc, pos = null) {
  box.textContent = "";
  if (pos) {
    const sofar = (pos.trick || []).map((c) => cardLabel(c)).join(" ");
    box.append(el("p", { class: "note", "data-testid": "advice-for" },
      `Your card in trick ${pos.tricks.length + 1}` + (sofar ? `, after ${sofar}:` : ", you lead:")));
  }
  box.append(el("p", { class: "sentence", "data-testid": "recommendation" }, localize(doc.sentence)));
  const t = el("table", { class: "options" }, el("thead", {}, el("tr", {}, el("th", { text: "card" }),
    el("th", { class: "num", text: "points from now [95% CI]" }), el("th", { class: "num", text: "against the best" }))));
  const body = el("tbody");
  for (const c of doc.cards) {
    const best = c.card === doc.recommendation || (doc.equivalent || []).includes(c.card);
    const lo = c.ci95_diff ? c.ci95_diff[0] : null, hi = c.ci95_diff ? c.ci95_diff[1] : null;
    const noise = !best && lo !== null && hi !== null && lo <= 0 && hi >= 0;
    body.append(el("tr", { "data-card-row": c.card, class: (best ? "best" : "") + (noise ? " noise" : "") },
      el("td", {}, pcard(c.card)),
      el("td", { class: "num", text: c.ci95_points ? `${fmt(c.mean_points)} [${fmt(c.ci95_points[0])}, ${fmt(c.ci95_points[1])}]` : fmt(c.mean_points) }),
      el("td", { class: "num", text: best ? "best" : `${signed(c.diff_to_best)}${lo !== null ? ` [${signed(lo)}, ${signed(hi)}]` : ""}` })));
  }
  t.append(body);
  box.append(t, el("p", { class: "note", text: `${doc.samples.toLocaleString()} worlds, card play ${doc.policy}${doc.exact ? ", solved exactly" : ""}.` }));
}

// a round in the text round format (the review's input)
export function roundText({ hands, mode, leader, chooser, chibred, played, melds }) {
  const lines = [`mode ${mode}`, `leader ${leader}`];
  if (chooser !== "" && chooser !== undefined && chooser !== null) lines.push(`chooser ${chooser}`);
  if (chibred) lines.push("chibred yes");
  for (const [seat, cards] of Object.entries(hands)) if (cards && cards.length) lines.push(`hand ${seat}: ${cards.join(" ")}`);
  for (const part of (melds || "").split(";").map((s) => s.trim()).filter(Boolean)) lines.push(`meld ${part}`);
  for (let i = 0; i + 4 <= played.length; i += 4) lines.push(`trick ${played.slice(i, i + 4).join(" ")}`);
  return lines.join("\n") + "\n";
}
