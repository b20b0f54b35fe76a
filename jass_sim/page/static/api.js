// The server's API: jobs (POST /api/jobs and their event streams), cancelling, the rules' check of
// a round entered at the table, and running a view's job with its progress bar and Cancel button.
import { $, announce, progressUI, showError } from "./dom.js";

const running = {};  // view key -> the id of its job

export async function getJSON(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

// A JSON request to the page's own routes (history, games, practice): the parsed answer, null for a
// 204, or an Error whose message is the server's one line, carrying the answer's fields (`field`)
// and the HTTP `status` (a 409: another tab was first).
export async function callJSON(method, url, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) { init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
  const response = await fetch(url, init);
  if (response.status === 204) return null;
  let doc = {};
  try { doc = await response.json(); } catch (err) { doc = { error: `HTTP ${response.status}` }; }
  if (!response.ok) throw Object.assign(new Error(doc.error || `HTTP ${response.status}`), doc, { status: response.status });
  return doc;
}

export async function submit(command, args) {
  const response = await fetch("/api/jobs", { method: "POST", headers: { "Content-Type": "application/json" },
                                              body: JSON.stringify({ command, args }) });
  const body = await response.json();
  if (response.status !== 202) throw Object.assign(new Error(body.error || `HTTP ${response.status}`), body);
  return body.id;
}

// Run a job; calls onProgress(data) for each progress event; resolves {kind: result|error|cancelled, data}.
export function runJob(command, args, { onProgress, key } = {}) {
  return submit(command, args).then((id) => new Promise((resolve) => {
    const source = new EventSource(`/api/jobs/${id}/events`);
    if (key) running[key] = id;
    const finish = (kind, event) => {
      source.close();
      if (key && running[key] === id) delete running[key];
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

export async function cancelJob(key) {
  const id = running[key];
  if (id) await fetch(`/api/jobs/${id}`, { method: "DELETE" });
}

export async function checkPosition(args) {
  const response = await fetch("/api/position", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(args) });
  const body = await response.json();
  if (!response.ok) throw Object.assign(new Error(body.error), body);
  return body;
}

// Run the job of view `name`: its progress bar, its Cancel button enabled meanwhile, `render(result)`,
// `onPartial(estimate, cancelled)` for the estimate so far, an error next to its field (else under the view).
// The view's previous answer goes as the job starts (an error never stands above a stale answer); the new
// answer is announced, and with `focus` its sentence takes the focus.
export async function viewJob(name, command, args, { render, onPartial, focus = true, stillWanted } = {}) {
  const root = $(`#view-${name}`);
  const progress = progressUI(`${name}-progress`);
  const cancel = $(`[data-action="cancel"][data-for="${name}"]`, root);
  const box = $(`#${name}-result`);
  if (box) box.textContent = "";
  if (cancel) cancel.disabled = false;
  progress.start();
  const wanted = () => !stillWanted || stillWanted();
  try {
    const out = await runJob(command, args, { key: name, onProgress: (p) => {
      progress.update(p);
      if (p.partial && onPartial && wanted()) onPartial(p.partial, false);
    } });
    if (!wanted()) return;
    if (out.kind === "result") {
      render(out.data);
      const sentence = box && $(".sentence", box);
      if (sentence) {
        announce(sentence.textContent);
        if (focus) { sentence.tabIndex = -1; sentence.focus(); }
      }
    } else if (out.kind === "error") {
      if (box) box.textContent = "";
      showError(root, out.data.field, out.data.error, `${name}-job`);
      announce(out.data.error);
    } else if (out.data.partial && onPartial) onPartial(out.data.partial, true);
    else if (box) box.textContent = "";
  } catch (err) {
    if (!wanted()) return;
    if (box) box.textContent = "";
    showError(root, err.field, err.message, `${name}-job`);
    announce(err.message);
  } finally {
    if (cancel) cancel.disabled = true;
    progress.done();
  }
}

// the answer of a view is gone (its input changed, or play moved on)
export function clearResult(name) { const box = $(`#${name}-result`); if (box) box.textContent = ""; }
