// Small DOM helpers shared by every view: element building, number formatting, errors next to
// their fields, the progress bar, and switching views.

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

export function el(tag, attrs = {}, ...children) {
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

export const fmt = (x, d = 1) => (x === null || x === undefined || Number.isNaN(x)) ? "–" : Number(x).toFixed(d);
export const signed = (x, d = 1) => (x === null || x === undefined) ? "–" : (x >= 0 ? "+" : "") + Number(x).toFixed(d);
export function tokens(text) { return (text || "").replace(/,/g, " ").split(/\s+/).filter(Boolean); }
export function numberOrNull(input) { const v = input.value.trim(); return v === "" ? null : Number(v); }

// ---------- errors next to their fields ----------
export function clearErrors(root) {
  $$(".error", root).forEach((e) => { e.textContent = ""; });
  $$(".bad", root).forEach((e) => e.classList.remove("bad"));
}
export function showError(root, field, message, fallback) {
  let box = field ? $(`[data-error-for="${field}"]`, root) : null;
  if (!box) box = $(`[data-error-for="${fallback}"]`, root);
  box.textContent = message;
  const input = field ? $(`[name="${field}"]`, root) : null;
  if (input) input.classList.add("bad");
}

// ---------- progress ----------
export function progressUI(id) {
  const root = document.getElementById(id);
  const bar = $(".bar span", root), text = $(".progress-text", root);
  return {
    start() { root.hidden = false; bar.style.width = "0%"; text.textContent = "queued…"; },
    update(p) {
      const frac = p.target ? Math.min(1, p.done / p.target) : 0;
      bar.style.width = `${(100 * frac).toFixed(1)}%`;
      let line;
      if (p.warming) line = p.stage;  // its kernels still compile (a first run): what it waits for, the time left
      else if (p.state === "queued") line = p.stage || (p.ahead ? `waiting for ${p.ahead} job(s)` : "starting…");
      else line = `${Number(p.done).toLocaleString()} / ${Number(p.target).toLocaleString()}`;
      if (p.half_width !== undefined) line += ` · lead ±${fmt(p.half_width, 2)} points (95% CI half-width)`;
      if (p.ci_target) line += ` → target ±${p.ci_target}`;
      if (p.stage && p.state !== "queued" && !p.warming) line += ` · ${p.stage}`;
      text.textContent = line;
    },
    done() { root.hidden = true; },
  };
}

// ---------- views ----------
const viewListeners = [];
let defaultFooter = null;
export function onViewShown(fn) { viewListeners.push(fn); }
export function showView(name) {
  for (const tab of $$("nav [data-view]")) {
    const on = tab.dataset.view === name;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;  // one Tab stop for the tab list; the arrow keys move inside it
  }
  for (const view of $$(".view")) view.hidden = view.id !== `view-${name}`;
  // the footer says how the view's figures are made (Cribbage's are exact, not Monte Carlo)
  const note = $("#footer-note"), view = $(`#view-${name}`);
  if (defaultFooter === null) defaultFooter = note.textContent;
  note.textContent = (view && view.dataset.footer) || defaultFooter;
  history.replaceState(null, "", `#${name}`);
  for (const fn of viewListeners) fn(name);
}
export function currentView() { const view = $$(".view").find((v) => !v.hidden); return view ? view.id.slice(5) : null; }

// the screen reader's line: an answer is announced when it arrives
export function announce(text) {
  const region = $("#announce");
  region.textContent = "";
  // a change the live region notices even when the same text comes twice
  setTimeout(() => { region.textContent = text; }, 30);
}

// the skip link jumps over the header, the tabs and the card picker, to the view's first field
export function setupSkipLink() {
  $(".skip").addEventListener("click", (e) => {
    e.preventDefault();
    const view = $(`#view-${currentView()}`);
    const field = view && $("input:not([type=hidden]):not([type=file]), textarea, select", view);
    (field || view).focus();
  });
}
