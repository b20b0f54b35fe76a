// jass-sim page: plain JavaScript, no build step, nothing from another host.
// Every analysis is a job of the server's API (POST /api/jobs, then its event stream); inputs are checked
// by the same parsers as the command line, and an error is shown next to its field.
"use strict";

const SUITS = ["H", "D", "S", "C"];
const JASS_RANKS = ["6", "7", "8", "9", "T", "J", "Q", "K", "A"];
const FULL_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const SYMBOL = { H: "♥", D: "♦", S: "♠", C: "♣" };
const FRENCH_SUIT = { H: "♥ hearts", D: "♦ diamonds", S: "♠ spades", C: "♣ clubs" };
// Swisslos mapping (as the command line): Rosen ♥, Eichel ♦, Schilten ♠, Schellen ♣
const SWISS_SUIT = { H: "Rosen", D: "Eichel", S: "Schilten", C: "Schellen" };
const SWISS_RANK = { "6": "6", "7": "7", "8": "8", "9": "9", T: "Banner", J: "Under", Q: "Ober", K: "König", A: "As" };
const SWISS_SHORT = { "6": "6", "7": "7", "8": "8", "9": "9", T: "B", J: "U", Q: "O", K: "K", A: "A" };
const MODE_LABEL = { H: "♥ trump", D: "♦ trump", S: "♠ trump", C: "♣ trump", OBE: "Obenabe", UNE: "Undenufe", chibre: "chibre" };
const SWISS_MODE = { H: "Rosen trump", D: "Eichel trump", S: "Schilten trump", C: "Schellen trump" };

const state = { style: localStorage.getItem("jass-sim-style") || "french", jobs: {} };

// ---------- small helpers ----------
const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}
const fmt = (x, d = 1) => (x === null || x === undefined || Number.isNaN(x)) ? "–" : Number(x).toFixed(d);
const signed = (x, d = 1) => (x === null || x === undefined) ? "–" : (x >= 0 ? "+" : "") + Number(x).toFixed(d);
const isRed = (code) => code && (code[0] === "H" || code[0] === "D");

function cardLabel(code, short = false) {
  if (!code) return "";
  const suit = code[0], rank = code.slice(1) === "10" ? "T" : code.slice(1);
  if (state.style === "swiss" && JASS_RANKS.includes(rank)) {
    return short ? `${SWISS_SUIT[suit].slice(0, 2)} ${SWISS_SHORT[rank]}` : `${SWISS_SUIT[suit]} ${SWISS_RANK[rank]}`;
  }
  return SYMBOL[suit] + (rank === "T" ? "10" : rank);
}
function modeLabel(m) { return (state.style === "swiss" && SWISS_MODE[m]) || MODE_LABEL[m] || m; }
function pcard(code, extra = {}) {
  return el("span", { class: "pcard" + (isRed(code) ? " red" : "") + (extra.winner ? " winner" : ""), "data-card": code,
                      title: extra.winner ? "won the trick" : null },
            cardLabel(code, true), extra.seat !== undefined ? el("span", { class: "seat", text: `seat ${extra.seat}` }) : null);
}
function tokens(text) { return (text || "").replace(/,/g, " ").split(/\s+/).filter(Boolean); }
// a card code as the pickers write it (Jass: HT; cribbage: 5H; basra: H10)
function norm(code) { return code.toUpperCase(); }

// ---------- the API ----------
async function submit(command, args) {
  const response = await fetch("/api/jobs", { method: "POST", headers: { "Content-Type": "application/json" },
                                              body: JSON.stringify({ command, args }) });
  const body = await response.json();
  if (response.status !== 202) throw Object.assign(new Error(body.error || `HTTP ${response.status}`), body);
  return body.id;
}

// Run a job; calls onProgress(data) for each progress event; resolves {kind: result|error|cancelled, data}.
function runJob(command, args, { onProgress, key } = {}) {
  return submit(command, args).then((id) => new Promise((resolve) => {
    const source = new EventSource(`/api/jobs/${id}/events`);
    if (key) state.jobs[key] = id;
    const finish = (kind, event) => {
      source.close();
      if (key && state.jobs[key] === id) delete state.jobs[key];
      resolve({ kind, data: event && event.data ? JSON.parse(event.data) : {} });
    };
    source.addEventListener("progress", (e) => onProgress && onProgress(JSON.parse(e.data)));
    source.addEventListener("result", (e) => finish("result", e));
    source.addEventListener("cancelled", (e) => finish("cancelled", e));
    // a job's "error" event carries data; the EventSource's own connection error does not
    source.addEventListener("error", (e) => { if (e.data !== undefined) finish("error", e); });
    source.onerror = (e) => { if (e.data === undefined && source.readyState === EventSource.CLOSED) finish("error", { data: JSON.stringify({ error: "the connection to the server was lost" }) }); };
  }));
}
async function cancelJob(key) {
  const id = state.jobs[key];
  if (id) await fetch(`/api/jobs/${id}`, { method: "DELETE" });
}

// ---------- errors next to their fields ----------
function clearErrors(root) {
  $$(".error", root).forEach((e) => { e.textContent = ""; });
  $$(".bad", root).forEach((e) => e.classList.remove("bad"));
}
function showError(root, field, message, fallback) {
  let box = field ? $(`[data-error-for="${field}"]`, root) : null;
  if (!box) box = $(`[data-error-for="${fallback}"]`, root);
  box.textContent = message;
  const input = field ? $(`[name="${field}"]`, root) : null;
  if (input) input.classList.add("bad");
}

// ---------- progress ----------
function progressUI(id) {
  const root = document.getElementById(id);
  const bar = $(".bar span", root), text = $(".progress-text", root);
  return {
    start() { root.hidden = false; bar.style.width = "0%"; text.textContent = "queued…"; },
    update(p) {
      const frac = p.target ? Math.min(1, p.done / p.target) : 0;
      bar.style.width = `${(100 * frac).toFixed(1)}%`;
      let line;
      if (p.state === "queued") line = p.stage || (p.ahead ? `waiting for ${p.ahead} job(s)` : "starting…");
      else line = `${Number(p.done).toLocaleString()} / ${Number(p.target).toLocaleString()}`;
      if (p.half_width !== undefined) line += ` · lead ±${fmt(p.half_width, 2)} points (95% CI half-width)`;
      if (p.ci_target) line += ` → target ±${p.ci_target}`;
      if (p.stage && p.state !== "queued") line += ` · ${p.stage}`;
      text.textContent = line;
    },
    done() { root.hidden = true; },
  };
}

// Run the job of view `name`: its progress bar, its Cancel button enabled meanwhile, `render(result)`,
// `onPartial(estimate, cancelled)` for the estimate so far, an error next to its field (else under the view).
async function viewJob(name, command, args, { render, onPartial } = {}) {
  const root = $(`#view-${name}`);
  const progress = progressUI(`${name}-progress`);
  const cancel = $(`[data-action="cancel"][data-for="${name}"]`, root);
  if (cancel) cancel.disabled = false;
  progress.start();
  try {
    const out = await runJob(command, args, { key: name, onProgress: (p) => {
      progress.update(p);
      if (p.partial && onPartial) onPartial(p.partial, false);
    } });
    if (out.kind === "result") render(out.data);
    else if (out.kind === "error") showError(root, out.data.field, out.data.error, `${name}-job`);
    else if (out.data.partial && onPartial) onPartial(out.data.partial, true);
  } catch (err) {
    showError(root, err.field, err.message, `${name}-job`);
  } finally {
    if (cancel) cancel.disabled = true;
    progress.done();
  }
}

// ---------- card pickers ----------
function buildPicker(container, { deck = "jass", max = 9, onChange, sequence = false } = {}) {
  const ranks = deck === "jass" ? JASS_RANKS : FULL_RANKS;
  const picker = { selected: [], container, onChange, sequence, deck };
  const codeOf = (suit, rank) => deck === "cribbage" ? rank + suit : deck === "basra" ? suit + (rank === "T" ? "10" : rank) : suit + rank;
  function render() {
    container.textContent = "";
    for (const suit of SUITS) {
      const name = state.style === "swiss" && deck === "jass" ? SWISS_SUIT[suit] : (deck === "jass" ? FRENCH_SUIT[suit] : SYMBOL[suit]);
      const row = el("div", { class: "suit-row", role: "group", "aria-label": name });
      row.append(el("span", { class: "suit-name" + (isRed(suit) ? " red" : ""), text: name }));
      for (const rank of ranks) {
        const code = codeOf(suit, rank);
        const label = deck === "jass" && state.style === "swiss" ? SWISS_SHORT[rank] : (rank === "T" ? "10" : rank);
        const on = picker.selected.includes(code);
        row.append(el("button", { type: "button", class: "card-btn" + (isRed(suit) ? " red" : "") + (sequence && on ? " played" : ""),
                                  "data-card": code, "aria-pressed": sequence ? null : String(on),
                                  "aria-label": deck === "jass" ? cardLabel(code) : `${rank} of ${suit}`,
                                  disabled: sequence && on ? true : null,
                                  onclick: () => toggle(code) }, label));
      }
      container.append(row);
    }
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
  render();
  return picker;
}
// keep a text field and a picker in step: typed tokens select the cards the picker knows
function linkField(input, picker) {
  picker.onChange = (codes) => { input.value = codes.join(" "); input.classList.remove("bad"); };
  input.addEventListener("input", () => {
    const known = new Set($$(".card-btn", picker.container).map((b) => b.dataset.card));
    picker.set(tokens(input.value).map(norm).filter((t) => known.has(t)));
  });
}

// ---------- views ----------
function showView(name) {
  for (const tab of $$("nav [data-view]")) tab.setAttribute("aria-selected", String(tab.dataset.view === name));
  for (const view of $$(".view")) view.hidden = view.id !== `view-${name}`;
  history.replaceState(null, "", `#${name}`);
}
$$("nav [data-view]").forEach((tab) => tab.addEventListener("click", () => showView(tab.dataset.view)));
// the tab list by keyboard: Left/Right (and Home/End) move between the views
$("nav").addEventListener("keydown", (e) => {
  const tabs = $$("nav [data-view]");
  const at = tabs.indexOf(document.activeElement);
  if (at < 0) return;
  const to = { ArrowRight: (at + 1) % tabs.length, ArrowLeft: (at - 1 + tabs.length) % tabs.length, Home: 0, End: tabs.length - 1 }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  tabs[to].focus();
  showView(tabs[to].dataset.view);
});

function numberOrNull(input) { const v = input.value.trim(); return v === "" ? null : Number(v); }

// ===== 1. Trump or chibre =====
const advise = {};
function setupAdvise() {
  const root = $("#view-advise");
  advise.picker = buildPicker($("#advise-picker"), { max: 9 });
  linkField($("#advise-hand"), advise.picker);
  const run = async () => {
    clearErrors(root);
    const args = { hand: $("#advise-hand").value, rules: $("#advise-rules").value, policy: $("#advise-policy").value,
                   partner_model: $("#advise-partner").value, chibred: $("#advise-chibred").checked };
    const samples = numberOrNull($("#advise-samples")), ci = numberOrNull($("#advise-ci"));
    if (samples !== null) args.samples = samples;
    if (ci !== null) args.ci = ci;
    if ($("#advise-score").value.trim()) args.score = $("#advise-score").value.trim();
    const go = $('[data-action="advise"]', root);
    go.disabled = true;
    try {
      await viewJob("advise", "advise", args, { render: (doc) => renderAdvice(doc, false),
                                                onPartial: (doc, cancelled) => renderAdvice(doc, true, cancelled) });
    } finally { go.disabled = false; }
  };
  $('[data-action="advise"]', root).addEventListener("click", run);
  $("#advise-hand").addEventListener("keydown", (e) => { if (e.key === "Enter") run(); });
  $('[data-action="cancel"][data-for="advise"]', root).addEventListener("click", () => cancelJob("advise"));
}

function ciBar(mean, lo, hi, scale) {
  // the best option sits at 0 on the right; every other option's gap to it extends to the left
  const pos = (x) => `${Math.max(0, Math.min(100, 92 + 90 * x / scale)).toFixed(2)}%`;
  return el("div", { class: "ci-bar", title: `${signed(mean)} (95% CI ${signed(lo)} to ${signed(hi)})` },
            el("span", { class: "zero", style: `left:${pos(0)}` }),
            el("span", { class: "range", style: `left:${pos(lo)};width:${(90 * (hi - lo) / scale).toFixed(2)}%` }),
            el("span", { class: "mean", style: `left:calc(${pos(mean)} - 1px)` }));
}

function renderAdvice(doc, partial, cancelled = false) {
  const box = $("#advise-result");
  box.textContent = "";
  const rows = doc.options.slice().sort((a, b) => b.mean_diff - a.mean_diff);
  const scale = Math.max(1, ...rows.map((o) => Math.max(Math.abs(o.versus_best.ci95[0] || 0), Math.abs(o.versus_best.ci95[1] || 0))));
  box.append(el("p", { class: "sentence", "data-testid": "recommendation" }, doc.sentence));
  if (partial) box.append(el("p", { class: "note", text: cancelled ? `Cancelled: the estimate from the ${doc.samples.toLocaleString()} deals played so far.` : `Sampling… (${doc.samples.toLocaleString()} deals so far)` }));
  const table = el("table", { class: "options" },
    el("thead", {}, el("tr", {}, el("th", { text: "option" }), el("th", { class: "num", text: "ours − theirs" }),
                            el("th", { text: "against the best (paired 95% CI)" }), el("th", { class: "num col-match", text: "match" }))));
  const body = el("tbody");
  for (const o of rows) {
    const [lo, hi] = o.versus_best.ci95;
    const best = o.option === doc.recommendation;
    const noise = !best && lo !== null && hi !== null && lo <= 0 && hi >= 0;
    let note = best ? "best" : `${signed(o.versus_best.mean)} [${signed(lo)}, ${signed(hi)}]`;
    if (noise) note += " · within the noise";
    let label = modeLabel(o.option);
    if (o.partner_choices) label += " (partner: " + Object.entries(o.partner_choices).sort((a, b) => b[1] - a[1]).slice(0, 2).map(([m, p]) => `${modeLabel(m)} ${Math.round(100 * p)}%`).join(", ") + ")";
    body.append(el("tr", { "data-option": o.option, class: (best ? "best" : "") + (noise ? " noise" : "") },
      el("td", { text: label }),
      el("td", { class: "num", text: `${signed(o.mean_diff)} [${signed(o.ci95_diff[0])}, ${signed(o.ci95_diff[1])}]` }),
      el("td", {}, ciBar(o.versus_best.mean, lo ?? 0, hi ?? 0, scale), el("span", { class: "note", text: note })),
      el("td", { class: "num col-match", text: `${(100 * o.p_match_ours).toFixed(1)}%` })));
  }
  table.append(body);
  box.append(table);
  if (doc.win_probability) {
    box.append(el("p", { class: "note", text: "With the score, the game's win probability: " +
      Object.entries(doc.win_probability.options || {}).map(([k, v]) => `${modeLabel(k)} ${(100 * (v.p ?? v)).toFixed(1)}%`).join(", ") }));
  }
  box.append(el("p", { class: "note", text: `${doc.samples.toLocaleString()} sampled deals, rules ${doc.rules}, card play ${doc.policy}, seed ${doc.seed}. The CIs cover the sampling of the deals, not the error of the simulated play.` }));
}

// ===== 2. At the table =====
const table = { played: [], lastPosition: null };
function tableArgs() {
  const chooser = $("#table-chooser").value;
  const args = { hand: $("#table-hand").value, mode: $("#table-mode").value, leader: Number($("#table-leader").value),
                 chibred: $("#table-chibred").checked, played: table.played.join(" ") };
  if (chooser !== "") args.chooser = Number(chooser);
  if ($("#table-melds").value.trim()) args.melds = $("#table-melds").value.trim();
  return args;
}
async function checkPosition(args) {
  const response = await fetch("/api/position", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(args) });
  const body = await response.json();
  if (!response.ok) throw Object.assign(new Error(body.error), body);
  return body;
}
function renderTricks(box, pos, { showSeats = true } = {}) {
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
function setupTable() {
  const root = $("#view-table");
  table.handPicker = buildPicker($("#table-hand-picker"), { max: 9 });
  linkField($("#table-hand"), table.handPicker);
  table.playPicker = buildPicker($("#table-play-picker"), { max: 36, sequence: true, onChange: async (codes, code) => {
    table.played.push(code);
    if (!(await refresh())) { table.played.pop(); table.playPicker.set(table.played); }
  } });
  async function refresh() {
    clearErrors(root);
    try {
      const pos = await checkPosition(tableArgs());
      table.lastPosition = pos;
      renderTricks($("#table-state"), pos);
      const turn = pos.finished ? "The round is over." : pos.to_play === 0 ? "Your turn." : `Seat ${pos.to_play} to play.`;
      $("#table-state").append(el("p", { class: "note", text: `${turn} Points so far: us ${pos.points_so_far[0]}, them ${pos.points_so_far[1]}.` }));
      if (pos.to_play === 0 && !pos.finished) advisePlay();
      return true;
    } catch (err) {
      showError(root, err.field === "played" || !err.field ? "played" : err.field, err.message, "played");
      return false;
    }
  }
  table.refresh = refresh;
  async function advisePlay() {
    clearErrors(root);
    await cancelJob("table");
    $("#table-result").textContent = "";
    const args = Object.assign(tableArgs(), { policy: $("#table-policy").value, samples: 1000 });
    await viewJob("table", "play_advice", args, { render: (doc) => renderPlayAdvice($("#table-result"), doc) });
  }
  $('[data-action="play-advice"]', root).addEventListener("click", advisePlay);
  $('[data-action="cancel"][data-for="table"]', root).addEventListener("click", () => cancelJob("table"));
  $('[data-action="undo"]', root).addEventListener("click", () => { table.played.pop(); table.playPicker.set(table.played); refresh(); });
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
function renderPlayAdvice(box, doc) {
  box.textContent = "";
  box.append(el("p", { class: "sentence", "data-testid": "recommendation" }, doc.sentence));
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
function roundText({ hands, mode, leader, chooser, chibred, played, melds }) {
  const lines = [`mode ${mode}`, `leader ${leader}`];
  if (chooser !== "" && chooser !== undefined && chooser !== null) lines.push(`chooser ${chooser}`);
  if (chibred) lines.push("chibred yes");
  for (const [seat, cards] of Object.entries(hands)) if (cards && cards.length) lines.push(`hand ${seat}: ${cards.join(" ")}`);
  for (const part of (melds || "").split(";").map((s) => s.trim()).filter(Boolean)) lines.push(`meld ${part}`);
  for (let i = 0; i + 4 <= played.length; i += 4) lines.push(`trick ${played.slice(i, i + 4).join(" ")}`);
  return lines.join("\n") + "\n";
}

// ===== 3. Review =====
function setupReview() {
  const root = $("#view-review");
  $("#review-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) $("#review-text").value = await file.text();
  });
  $('[data-action="review"]', root).addEventListener("click", async () => {
    clearErrors(root);
    const text = $("#review-text").value;
    let round = text;
    if (text.trim().startsWith("{")) {
      try { round = JSON.parse(text); } catch (err) { showError(root, "round", `the round is not valid JSON: ${err.message}`, "review-job"); return; }
    }
    const args = { round, seat: Number($("#review-seat").value) };
    const samples = numberOrNull($("#review-samples"));
    if (samples !== null) args.samples = samples;
    if (root.dataset.source) { args.source = root.dataset.source; delete root.dataset.source; }  // the coach's round
    await viewJob("review", "review", args, { render: (doc) => { renderReview($("#review-result"), doc); savedNote($("#review-result"), doc); } });
  });
  $('[data-action="cancel"][data-for="review"]', root).addEventListener("click", () => cancelJob("review"));
}

const VERDICTS = ["good", "inaccuracy", "mistake", "blunder", "unclear", "forced"];
function renderReview(box, doc) {
  box.textContent = "";
  const s = doc.summary;
  box.append(el("p", { class: "sentence", "data-testid": "review-summary" },
    `Seat ${doc.seats.join(" and ")}: ${s.decisions} decisions, ${fmt(s.card_loss)} points lost by card play` +
    (s.hindsight_card_loss !== undefined && s.hindsight_card_loss !== null ? ` (${fmt(s.hindsight_card_loss)} in hindsight, all hands known)` : "") + "."));
  const counts = el("div", { class: "counts" });
  for (const v of VERDICTS) {
    const first = doc.decisions.findIndex((d) => d.verdict === v);
    if (!s.verdicts[v]) continue;
    counts.append(el("a", { href: `#decision-${first}`, class: `verdict-${v}`, "data-verdict": v,
      onclick: (e) => { e.preventDefault(); jumpTo(first); } }, `${s.verdicts[v]} ${v}`));
  }
  box.append(counts);
  const worst = doc.decisions.map((d, i) => ({ d, i })).filter((x) => x.d.loss > 0).sort((a, b) => b.d.loss - a.d.loss).slice(0, 3);
  if (worst.length) {
    const list = el("ol");
    for (const { d, i } of worst) {
      list.append(el("li", {}, el("a", { href: `#decision-${i}`, onclick: (e) => { e.preventDefault(); jumpTo(i); } },
        d.kind === "mode" ? `mode: ${modeLabel(d.played)}` : `trick ${d.trick}: ${cardLabel(d.played)}`),
        ` lost ${fmt(d.loss)} points` + (d.ci95_loss ? ` (95% CI ${fmt(d.ci95_loss[0])} to ${fmt(d.ci95_loss[1])})` : "") +
        `; ${d.kind === "mode" ? modeLabel(d.best) : cardLabel(d.best)} was best`));
    }
    box.append(el("div", { class: "mistakes", "data-testid": "biggest-mistakes" }, el("h3", { text: `The ${worst.length === 1 ? "biggest mistake" : worst.length + " biggest mistakes"}` }), list));
  }
  box.append(lossChart(doc.decisions));
  doc.decisions.forEach((d, i) => {
    const head = d.kind === "mode" ? `Mode choice: ${modeLabel(d.played)}` : `Trick ${d.trick}, seat ${d.seat} played ${cardLabel(d.played)}`;
    const lines = [el("strong", { text: head }), " ", el("span", { class: `verdict-${d.verdict}`, "data-verdict": d.verdict, text: d.verdict })];
    const detail = el("div");
    const whole = d.kind === "card" && doc.round.tricks ? doc.round.tricks[d.trick - 1] : null;
    if (whole) {  // the four cards, the trick's winner marked, the reviewed card in bold
      detail.append(el("div", { class: "trick" }, el("span", { class: "no", text: "trick" }),
        whole.cards.map((c, k) => {
          const node = pcard(c, { seat: (whole.leader + k) % 4, winner: (whole.leader + k) % 4 === whole.winner });
          if (c === d.played) node.classList.add("mine");
          return node;
        }), el("span", { class: "note", text: ` won by seat ${whole.winner}, ${whole.points} pts` })));
    } else if (d.kind === "card" && d.trick_so_far) {
      detail.append(el("div", { class: "trick" }, el("span", { class: "no", text: "trick" }),
        d.trick_so_far.map((c, k) => pcard(c, { seat: (d.trick_leader + k) % 4 })), pcard(d.played, { seat: d.seat })));
    }
    if (d.verdict !== "forced") {
      const best = d.kind === "mode" ? modeLabel(d.best) : cardLabel(d.best);
      detail.append(el("p", { text: d.loss > 0 ? `Lost ${fmt(d.loss)} points` + (d.ci95_loss ? ` (95% CI ${fmt(d.ci95_loss[0])} to ${fmt(d.ci95_loss[1])})` : "") + `; best: ${best}.` : `Best or as good as best (${best}).` }));
    }
    if (d.alternatives && d.alternatives.length && d.verdict !== "forced") {
      detail.append(el("p", { class: "alternatives" }, "Alternatives: ", d.alternatives.map((a, k) => [k ? "; " : "",
        pcard(a.card), ` ${signed(a.gap)}` + (a.ci95_gap ? ` [${signed(a.ci95_gap[0])}, ${signed(a.ci95_gap[1])}]` : "")])));
    }
    if (d.sentence) detail.append(el("p", { class: "note", text: d.sentence }));
    if (d.hindsight) detail.append(el("p", { class: "note", text: `Hindsight (all hands known, exact): best ${cardLabel(d.hindsight.best)}, lost ${fmt(d.hindsight.loss, 0)} (${d.hindsight.verdict}).` }));
    box.append(el("div", { class: `decision ${d.verdict}`, id: `decision-${i}`, "data-decision": i }, ...lines, detail));
  });
  box.append(el("p", { class: "note", text: `${doc.samples || "default"} worlds per decision, card play ${doc.policy}, seed ${doc.seed}. Verdicts: good < 1 point, inaccuracy ≥ 1, mistake ≥ 4, blunder ≥ 10, counted only when the CI excludes 0.` }));
}
function jumpTo(i) {
  const node = document.getElementById(`decision-${i}`);
  if (!node) return;
  node.scrollIntoView({ behavior: "smooth", block: "center" });
  node.classList.add("flash");
  setTimeout(() => node.classList.remove("flash"), 1500);
}
function lossChart(decisions) {
  const w = 600, h = 160, pad = 28;
  const n = decisions.length, max = Math.max(5, ...decisions.map((d) => d.ci95_loss ? d.ci95_loss[1] : d.loss || 0));
  const svgNS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`); svg.setAttribute("class", "chart"); svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "points lost per decision, with 95% CI");
  const add = (tag, attrs, text) => { const node = document.createElementNS(svgNS, tag); for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v); if (text) node.textContent = text; svg.append(node); return node; };
  const x = (i) => pad + (i + 0.5) * (w - 2 * pad) / Math.max(1, n), y = (v) => h - pad - (h - 2 * pad) * Math.max(0, v) / max;
  add("line", { x1: pad, x2: w - pad, y1: y(0), y2: y(0), stroke: "#555" });
  add("text", { x: 4, y: 14, "font-size": 11, fill: "#555" }, "points lost");
  add("text", { x: 4, y: y(0) + 4, "font-size": 10, fill: "#555" }, "0");
  add("text", { x: 4, y: y(max) + 4, "font-size": 10, fill: "#555" }, fmt(max, 0));
  const colors = { good: "#1f7a3f", inaccuracy: "#b08900", mistake: "#d2691e", blunder: "#b3261e", forced: "#8a8a8a", unclear: "#6a5acd" };
  decisions.forEach((d, i) => {
    if (d.ci95_loss) add("line", { x1: x(i), x2: x(i), y1: y(d.ci95_loss[0]), y2: y(d.ci95_loss[1]), stroke: "#999", "stroke-width": 2 });
    add("circle", { cx: x(i), cy: y(d.loss || 0), r: 5, fill: colors[d.verdict] || "#333" });
    add("text", { x: x(i) - 6, y: h - 8, "font-size": 10, fill: "#555" }, d.kind === "mode" ? "M" : String(d.trick));
  });
  let lx = pad + 60;
  for (const v of VERDICTS) { add("circle", { cx: lx, cy: 10, r: 4, fill: colors[v] }); add("text", { x: lx + 7, y: 14, "font-size": 10, fill: "#333" }, v); lx += 78; }
  return svg;
}

// ===== 4. Play with a coach =====
const coach = {};
function rotateSeat(seat, me) { return (seat - me + 4) % 4; }
function shuffle(cards) {
  const a = cards.slice();
  const buf = new Uint32Array(a.length);
  crypto.getRandomValues(buf);  // available over plain HTTP too (unlike crypto.randomUUID)
  for (let i = a.length - 1; i > 0; i--) { const j = buf[i] % (i + 1); [a[i], a[j]] = [a[j], a[i]]; }
  return a;
}
const jassOrder = (c) => SUITS.indexOf(c[0]) * 9 + JASS_RANKS.indexOf(c[1]);
function setupCoach() {
  const root = $("#view-coach");
  $('[data-action="deal"]', root).addEventListener("click", () => {
    const deck = shuffle(SUITS.flatMap((s) => JASS_RANKS.map((r) => s + r)));
    coach.hands = [0, 1, 2, 3].map((s) => deck.slice(9 * s, 9 * s + 9).sort((a, b) => jassOrder(a) - jassOrder(b)));
    coach.played = []; coach.mode = null; coach.notes = [];
    $("#coach-choose").hidden = false; $("#coach-table").textContent = ""; $("#coach-feedback").textContent = "";
    renderCoachHand([]);
  });
  $$("#coach-choose [data-mode]").forEach((b) => b.addEventListener("click", () => {
    coach.mode = b.dataset.mode; $("#coach-choose").hidden = true; coachStep();
  }));
}
function renderCoachHand(legal) {
  const box = $("#coach-hand");
  box.textContent = "";
  const mine = coach.hands[0].filter((c) => !coach.played.includes(c));
  for (const c of mine) {
    box.append(el("button", { type: "button", class: "card-btn" + (isRed(c) ? " red" : ""), "data-card": c, "aria-label": cardLabel(c),
      disabled: legal.includes(c) ? null : true, onclick: () => coachPlay(c) }, cardLabel(c, true)));
  }
}
function coachArgs(seat) {
  const mine = coach.hands[seat];
  return { hand: mine.join(" "), mode: coach.mode, leader: rotateSeat(0, seat), chooser: rotateSeat(0, seat), played: coach.played.join(" ") };
}
async function coachStep() {
  const root = $("#view-coach");
  while (true) {
    const pos = await checkPosition(coachArgs(0));
    renderTricks($("#coach-table"), pos);
    const who = pos.finished ? "" : pos.to_play === 0 ? " · your turn" : ` · seat ${pos.to_play} to play`;
    $("#coach-table").prepend(el("p", { class: "note", "data-testid": "coach-status",
      text: `${modeLabel(coach.mode)} · trick ${Math.min(9, pos.tricks.length + 1)} of 9 · card points: us ${pos.points_so_far[0]}, them ${pos.points_so_far[1]}${who}` }));
    if (pos.finished) { coachEnd(pos); return; }
    if (pos.to_play === 0) { renderCoachHand(pos.legal); coach.legalNow = pos.legal; return; }
    renderCoachHand([]);
    const seat = pos.to_play;
    const out = await runJob("choose_card", Object.assign(coachArgs(seat), { seed: coach.played.length }));
    if (out.kind !== "result") { showError(root, null, out.data.error || "a bot could not play", "coach-job"); return; }
    coach.played.push(out.data.card);
  }
}
async function coachPlay(card) {
  const before = coach.played.join(" ");
  const legal = coach.legalNow || [];
  coach.played.push(card);
  const feedback = $("#coach-feedback");
  if (legal.length > 1) {
    feedback.textContent = `You played ${cardLabel(card)}; the coach is thinking…`;
    const args = { hand: coach.hands[0].join(" "), mode: coach.mode, leader: 0, chooser: 0, played: before, samples: 400, seed: coach.played.length };
    runJob("play_advice", args).then((out) => {
      if (out.kind !== "result") return;
      const doc = out.data, mineRow = doc.cards.find((c) => c.card === card);
      const best = doc.recommendation;
      let line;
      if (card === best || (doc.equivalent || []).includes(card)) line = `✓ ${cardLabel(card)} was the best card.`;
      else {
        const [lo, hi] = mineRow.ci95_diff || [null, null];
        const gap = -mineRow.diff_to_best;
        line = lo !== null && hi !== null && lo <= 0 && hi >= 0
          ? `~ ${cardLabel(card)}: ${cardLabel(best)} was ${fmt(gap)} points better, within the noise (95% CI ${fmt(-hi)} to ${fmt(-lo)}).`
          : `✗ ${cardLabel(best)} was ${fmt(gap)} points better than ${cardLabel(card)} (95% CI ${fmt(-hi)} to ${fmt(-lo)}).`;
      }
      coach.notes.push(line);
      feedback.textContent = line;
    });
  } else feedback.textContent = `${cardLabel(card)} was your only legal card.`;
  await coachStep();
}
function coachEnd(pos) {
  $("#coach-feedback").textContent += ` The round is over: us ${pos.points_so_far[0]}, them ${pos.points_so_far[1]} card points. Opening it in Review…`;
  $("#review-text").value = roundText({ hands: Object.fromEntries(coach.hands.map((h, s) => [s, h])), mode: coach.mode, leader: 0,
                                        chooser: 0, chibred: false, played: coach.played, melds: "" });
  $("#review-seat").value = "0";
  $("#view-review").dataset.source = "coach";  // the review job saves it in the history as a coached round
  setTimeout(() => { showView("review"); $('#view-review [data-action="review"]').click(); }, 600);
}

// ===== 5. Cribbage and Basra =====
function setupCribbage() {
  const root = $("#view-cribbage");
  const picker = buildPicker($("#cribbage-picker"), { deck: "cribbage", max: 6 });
  linkField($("#cribbage-hand"), picker);
  $('[data-action="cribbage-discard"]', root).addEventListener("click", async () => {
    clearErrors(root);
    const dealer = $('input[name="cribbage-role"]:checked', root).value === "dealer";
    await viewJob("cribbage", "cribbage_discard", { hand: $("#cribbage-hand").value, dealer },
                  { render: (doc) => renderDiscards($("#cribbage-result"), doc) });
  });
}
function renderDiscards(box, doc) {
  box.textContent = "";
  const best = doc.discards[0];
  box.append(el("p", { class: "sentence", "data-testid": "recommendation" },
    `Put ${best.discard.join(" ")} in ${doc.role === "dealer" ? "your" : "your opponent's"} crib: ${fmt(best.net_ev, 2)} points expected (hand ${fmt(best.hand_ev, 2)} ${doc.role === "dealer" ? "+" : "−"} crib ${fmt(Math.abs(best.crib_ev), 2)}).`));
  const t = el("table", { class: "options" }, el("thead", {}, el("tr", {}, el("th", { text: "discard" }), el("th", { class: "num", text: "hand" }),
    el("th", { class: "num", text: "crib" }), el("th", { class: "num", text: "net" }), el("th", { class: "num", text: "net 10–90%" }))));
  const body = el("tbody");
  for (const d of doc.discards) {
    body.append(el("tr", { "data-discard": d.discard.join(" ") }, el("td", { text: d.discard.join(" ") }), el("td", { class: "num", text: fmt(d.hand_ev, 2) }),
      el("td", { class: "num", text: fmt(d.crib_ev, 2) }), el("td", { class: "num", text: fmt(d.net_ev, 2) }),
      el("td", { class: "num", text: d.net_quantiles ? `${d.net_quantiles.p10}–${d.net_quantiles.p90}` : "" })));
  }
  t.append(body);
  box.append(t, el("p", { class: "note", text: `Exact over every starter card and the opponent's crib cards (opponent model: ${doc.opponent}).` }));
}
function setupBasra() {
  const root = $("#view-basra");
  const picker = buildPicker($("#basra-picker"), { deck: "basra", max: 8 });
  linkField($("#basra-hand"), picker);
  $('[data-action="basra-advise"]', root).addEventListener("click", async () => {
    clearErrors(root);
    const args = { hand: $("#basra-hand").value, table: $("#basra-table").value, played: $("#basra-played").value,
                   players: Number($("#basra-players").value) };
    const samples = numberOrNull($("#basra-samples"));
    if (samples !== null) args.samples = samples;
    await viewJob("basra", "basra_advise", args, { render: (doc) => renderBasra($("#basra-result"), doc) });
  });
}
function renderBasra(box, doc) {
  box.textContent = "";
  box.append(el("p", { class: "sentence", "data-testid": "recommendation" }, doc.sentence || `Play ${doc.cards[0].card}.`));
  // the cards are ranked by net points (ours minus theirs) and "against the best" is a net difference:
  // show the net next to it (our points alone may rise while the net falls), the difference of the shown nets
  const t = el("table", { class: "options" }, el("thead", {}, el("tr", {}, el("th", { text: "card" }), el("th", { class: "num", text: "our points" }),
    el("th", { class: "num", text: "net: ours − theirs [95% CI]" }), el("th", { class: "num", text: "net against the best" }),
    el("th", { class: "num", text: "opponent Basra next" }))));
  const body = el("tbody");
  const best = doc.cards[0];
  for (const c of doc.cards) {
    const [lo, hi] = c.ci95_vs_best || [0, 0];
    const noise = c.vs_best !== 0 && lo <= 0 && hi >= 0;
    const [nlo, nhi] = c.ci95_net || [c.net, c.net];
    body.append(el("tr", { "data-card-row": c.card, class: noise ? "noise" : "" }, el("td", { text: c.card }),
      el("td", { class: "num", text: fmt(c.points) }),
      el("td", { class: "num", "data-net": "", text: `${signed(c.net)} [${signed(nlo)}, ${signed(nhi)}]` }),
      el("td", { class: "num", "data-vs-best": "", text: c === best ? "best" : `${signed(Number(fmt(c.net)) - Number(fmt(best.net)))} [${signed(lo)}, ${signed(hi)}]` }),
      el("td", { class: "num", text: `${(100 * c.p_opponent_basra_next).toFixed(1)}%` })));
  }
  t.append(body);
  box.append(t, el("p", { class: "note", text: `${doc.samples.toLocaleString()} sampled worlds, seed ${doc.seed}; rules ${doc.rules}.` }));
}

// ---------- engine status, labels, start ----------
async function pollHealth() {
  const badge = $("#engine");
  try {
    const body = await (await fetch("/api/health")).json();
    if (body.status === "ready") { badge.textContent = `ready · v${body.version}`; badge.classList.add("ready"); return; }
    badge.textContent = "preparing the engine (the first start after an install compiles the kernels: a few minutes)…";
  } catch (err) { badge.textContent = "the server does not answer"; }
  setTimeout(pollHealth, 1000);
}
function applyStyle() {
  $("#suit-style").value = state.style;
  for (const p of [advise.picker, table.handPicker, table.playPicker]) if (p) p.render();
}
$("#suit-style").addEventListener("change", (e) => { state.style = e.target.value; localStorage.setItem("jass-sim-style", state.style); applyStyle(); });

setupAdvise(); setupTable(); setupReview(); setupCoach(); setupCribbage(); setupBasra();
applyStyle();
pollHealth();
// the History view (its own ES module): a saved round reopens in Review with its saved review
function savedNote(box, doc) {
  if (doc.history_error) box.append(el("p", { class: "error", "data-testid": "history-saved", text: `Not saved in the history: ${doc.history_error}` }));
  else if (doc.history_id) box.append(el("p", { class: "note", "data-testid": "history-saved", text: `Saved in the History (round ${doc.history_id}).` }));
}
import("/static/history.js").then(({ mountHistory }) => mountHistory($("#view-history"), {
  modeLabel,
  openInReview(entry) {
    clearErrors($("#view-review"));
    $("#review-text").value = entry.round;
    $("#review-seat").value = String(parseInt(entry.seat, 10) || 0);
    renderReview($("#review-result"), entry.review);
    showView("review");
  },
}));
const VIEWS = ["advise", "table", "review", "coach", "history", "cribbage", "basra"];
const wanted = location.hash.slice(1);
showView(VIEWS.includes(wanted) ? wanted : "advise");
